"""A series' printed documents' plain data, read from the database (as data.py is a
drive's): the series standings sheet and the series prize report.

Each reads the series' standings once (seasons.interface, a fixed number of statements
whatever the number of nights) and writes its words in the active language.
"""

from __future__ import annotations

from datetime import datetime

from django.utils import formats, timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from prizes.interface import dollars
from seasons.interface import series_prize_groups, series_standings
from seasons.models import Series

from .common import DocInfo
from .prize_report import Block, CashRow, Line, PairLine, PrizeReport, Section
from .series import NightBox, SeriesLine, SeriesSheet


def series_info(series: Series, table, *, now: datetime | None = None) -> DocInfo:
    """The series' name and club, the dates of its nights, and when the document is made."""
    made = timezone.localtime(now or timezone.now())
    dates = [n.drive.date for n in table.nights]
    if not dates:
        when = ""
    elif min(dates) == max(dates):
        when = formats.date_format(dates[0], "DATE_FORMAT")
    else:
        when = _("%(first)s to %(last)s") % {
            "first": formats.date_format(min(dates), "DATE_FORMAT"),
            "last": formats.date_format(max(dates), "DATE_FORMAT"),
        }
    return DocInfo(
        drive_name=series.name,
        club_name=series.club.name,
        date_text=when,
        generated_at=formats.date_format(made, "DATETIME_FORMAT"),
        paper=series.club.paper_size,
        gettext=_,
    )


def file_name(series: Series, what: str) -> str:
    """ "series-fall-45s-2026-standings.pdf"."""
    return f"series-{slugify(series.name) or 'series'}-{what}.pdf"


def rules_words(series: Series, nights: int) -> str:
    """The series' rules in one line: what counts, how many nights, to qualify."""
    what = (
        _("Points by place each night")
        if series.counts == Series.Counts.POINTS
        else _("Games won each night")
    )
    if series.best_nights:
        count = ngettext(
            "the best %(n)d night counts", "the best %(n)d nights count", series.best_nights
        ) % {"n": series.best_nights}
    else:
        count = _("every night counts")
    qualify = ngettext("%(n)d night to qualify", "%(n)d nights to qualify", series.min_nights) % {
        "n": series.min_nights
    }
    played = ngettext("after %(n)d night", "after %(n)d nights", nights) % {"n": nights}
    return f"{what}; {count}; {qualify} · {played}."


def _prize_words(state) -> dict[tuple[str, ...], str]:
    """Each entry's key -> what it wins or how its tie stands, for the standings' rows."""
    out: dict[tuple[str, ...], str] = {}
    for g in state.places:
        for e in g.pairs:
            if not g.is_tie or e.number in g.winners:
                if g.payout is not None and len(g.payout.recipients) > 1:
                    out[e.key] = _("%(prize)s, split") % {"prize": g.label}
                else:
                    out[e.key] = g.label
            elif g.is_decided:
                out[e.key] = _("tied for %(prize)s") % {"prize": g.label.lower()}
            else:
                out[e.key] = _("tied for %(prize)s: to settle") % {"prize": g.label.lower()}
    return out


def series_sheet(series: Series, *, now: datetime | None = None) -> SeriesSheet:
    """Every person (or pair) of the series by place, each night a box."""
    table = series_standings(series)
    words = _prize_words(series_prize_groups(series, table))
    played = [n for n in table.nights if n.played]
    rows = []
    for e in table.entries:
        by_night = {n.night: n for n in e.nights}
        boxes = tuple(
            NightBox(by_night[n.number].score, by_night[n.number].counts)
            if n.number in by_night
            else NightBox(played=False)
            for n in table.nights
        )
        if e.qualified:
            said = words.get(e.key, "")
        else:
            said = ngettext(
                "not qualified: %(played)d of %(n)d night",
                "not qualified: %(played)d of %(n)d nights",
                series.min_nights,
            ) % {"played": e.played, "n": series.min_nights}
        rows.append(
            SeriesLine(
                place=e.place,
                name=" & ".join(e.names),
                nights_played=e.played,
                total=e.total,
                nights=boxes,
                qualified=e.qualified,
                words=said,
            )
        )
    return SeriesSheet(
        info=series_info(series, table, now=now),
        night_labels=tuple(str(n.number) for n in table.nights),
        status=rules_words(series, len(played)),
        rows=tuple(rows),
        by_pairs=series.by == Series.By.PAIRS,
    )


def series_prize_report(series: Series, *, now: datetime | None = None) -> PrizeReport:
    """The series' prizes on paper: each place, its people, how a tie was settled, the
    money paid, and the organizer's signature."""
    table = series_standings(series)
    state = series_prize_groups(series, table)
    blocks = []
    for g in state.places:
        head = f"{g.label}: {g.level_text}"
        if g.is_money:
            head += f" · {dollars(g.cents)}"
        elif g.item:
            head += f" · {g.item}"
        lines: list = []
        tag = _("Place %(n)d") % {"n": g.place}
        payout = g.payout
        for e in g.pairs:
            won = not g.is_tie or e.number in g.winners
            if payout is not None and won:
                note = dollars(payout.share)
            elif won and g.is_tie:
                note = _("✓ wins")
            elif won:
                note = g.item
            elif g.is_decided:
                note = _("lost the tie")
            else:
                note = _("tied")
            lines.append(PairLine(0, e.names, note, won and (g.is_decided or not g.is_tie), tag))
        if g.is_decided:
            lines.append(Line(g.how))
        elif g.is_tie:
            lines.append(Line(_("Tie: not settled yet."), "strong"))
        blocks.append(Block(head, tuple(lines)))
    items: list = list(blocks)
    if state.unawarded_note:
        items.append(Line(state.unawarded_note, "note"))
    if not items:
        items.append(Line(_("This series has no prizes awarded yet."), "note"))
    cash = ()
    if state.paid_out:
        cash = (CashRow(_("Paid out"), dollars(state.paid_out), True),)
        if state.kept_by_hall:
            cash += (CashRow(_("Kept by the hall from splits"), dollars(state.kept_by_hall)),)
    return PrizeReport(
        info=series_info(series, table, now=now),
        lead=rules_words(series, len([n for n in table.nights if n.played])),
        warning=state.blocked,
        sections=(Section(_("Places"), tuple(items)),),
        cash=cash,
    )
