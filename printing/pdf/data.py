"""The printed documents' plain data, read from the database.

Each function takes a drive (its club already loaded, as get_drive_for_user
gives it) and returns the frozen dataclasses a drawing module prints, in a
fixed number of queries whatever the number of pairs. Words are translated
here, in the active language; dates and times are written out in the local
time zone.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from django.db.models import Max
from django.utils import formats, timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from drives.interface import game_tables, pair_card_url
from drives.models import Drive, TableGame, TableLink
from prizes import interface as report_service
from prizes.interface import dollars

from .cards import FinalCard, FinalCards, PunchCard, PunchCards
from .common import DocInfo
from .pack import PaperPack, ResultSheet, SheetTable
from .prize_report import Block, CashRow, Line, PairLine, PrizeReport, Section
from .seating import Seating, SeatRow, TableRow
from .standings import StandingLine, StandingsSheet
from .tables import TableCard, TableCards

MAX_COPIES = 200


def doc_info(drive: Drive, *, now: datetime | None = None) -> DocInfo:
    """The drive's name, club, date and venue, and when the document is made (local time)."""
    club = drive.club
    made = timezone.localtime(now or timezone.now())
    return DocInfo(
        drive_name=drive.name,
        club_name=club.name,
        date_text=formats.date_format(drive.date, "DATE_FORMAT"),
        venue=drive.venue,
        generated_at=formats.date_format(made, "DATETIME_FORMAT"),
        paper=club.paper_size,
        gettext=_,
    )


def file_name(drive: Drive, what: str) -> str:
    """ "drive-2026-11-29-friday-45s-punch-cards.pdf": the date and the drive's name, so two
    drives of one day do not save over each other's papers."""
    return f"drive-{drive.date.isoformat()}-{slugify(drive.name) or 'drive'}-{what}.pdf"


def table_count(drive: Drive) -> int:
    """The drive's tables: the highest table seated so far, or enough for its pairs."""
    top = TableGame.objects.filter(drive=drive).aggregate(m=Max("table"))["m"]
    if top:
        return top
    return max(1, (drive.pairs.count() + 1) // 2)


# ---------------------------------------------------------------- cards


def punch_cards(
    drive: Drive, *, now: datetime | None = None, number: int | None = None
) -> PunchCards:
    """A card for every pair (or only pair `number`), names filled in, in pair order, each
    with the QR code of the pair's own page: one query."""
    fields = ("drive", "number", "player1", "player2", "code", "card_token")
    pairs = drive.pairs.order_by("number").only(*fields)
    if number is not None:
        pairs = pairs.filter(number=number)
    # The code is printed only when the other pair confirms with it.
    coded = drive.confirm_by_code
    return PunchCards(
        info=doc_info(drive, now=now),
        games=drive.games,
        cards=tuple(
            PunchCard(p.number, p.player1, p.player2, p.code if coded else "", url=pair_card_url(p))
            for p in pairs
        ),
    )


def blank_cards(drive: Drive, count: int, *, now: datetime | None = None) -> PunchCards:
    """`count` cards with no pair number and empty name lines, for walk-ins."""
    count = max(1, min(int(count), MAX_COPIES))
    return PunchCards(
        info=doc_info(drive, now=now), games=drive.games, cards=(PunchCard(),) * count
    )


def table_cards(
    drive: Drive,
    links: list[TableLink],
    url_of: Callable[[TableLink], str],
    *,
    now: datetime | None = None,
) -> TableCards:
    return TableCards(
        info=doc_info(drive, now=now),
        cards=tuple(TableCard(link.table, url_of(link)) for link in links),
    )


# ---------------------------------------------------------------- seating


def _game_tables(drive: Drive, game: int) -> list[TableGame]:
    return [t for t in game_tables(drive, game) if t.seat_list]


def _is_sitout(tg: TableGame) -> bool:
    return tg.is_sitout or len(tg.seat_list) == 1


def seating(drive: Drive, game: int | None = None, *, now: datetime | None = None) -> Seating:
    """Who sits where in a game (the current one by default): two queries."""
    game = game or drive.current_game
    tables = _game_tables(drive, game)
    return _seating(drive, game, tables, doc_info(drive, now=now))


def _seating(drive: Drive, game: int, tables: list[TableGame], info: DocInfo) -> Seating:
    rows, by_table = [], []
    for tg in tables:
        numbers = {s.pair_id: s.pair.number for s in tg.seat_list}
        sitout = _is_sitout(tg)
        by_table.append(
            TableRow(
                table=tg.table,
                pairs=tuple(numbers.values()),
                deal_first=numbers.get(tg.deal_first_id),
                sitout=sitout,
            )
        )
        rows += [SeatRow(pair=n, table=tg.table, sitout=sitout) for n in numbers.values()]
    rows.sort(key=lambda r: r.pair)
    return Seating(
        info=info, game=game, games=drive.games, pairs=tuple(rows), tables=tuple(by_table)
    )


# ---------------------------------------------------------------- standings


def _status(drive: Drive) -> str:
    played = drive.current_game
    if drive.is_finished:
        return ngettext("Final, after %(n)s game.", "Final, after %(n)s games.", played) % {
            "n": played
        }
    if played:
        return _("During game %(n)s.") % {"n": played}
    return _("The drive has not started.")


def _played(drive: Drive) -> int:
    """Games whose circles count as played: the current game only once finished."""
    if drive.is_finished:
        return drive.current_game
    return max(0, drive.current_game - 1)


def standings(drive: Drive, *, now: datetime | None = None) -> StandingsSheet:
    """Every pair by games won with its punched games: two queries."""
    rows = tuple(
        StandingLine(
            rank=r.place,
            number=r.pair.number,
            player1=r.pair.player1,
            player2=r.pair.player2,
            won=r.won,
            punched=r.punched,
            missed=r.missed,
            words=r.words,
        )
        for r in report_service.pair_places(drive)
    )
    return StandingsSheet(
        info=doc_info(drive, now=now),
        games=drive.games,
        played=_played(drive),
        status=_status(drive),
        rows=rows,
    )


def paper_pack(drive: Drive, *, now: datetime | None = None) -> PaperPack:
    """Standings, the current seating, and a result sheet for every game left."""
    info = doc_info(drive, now=now)
    sheet = standings(drive, now=now)
    count = table_count(drive)
    team_match = drive.movement == Drive.Movement.TEAM_MATCH
    seated = None
    sheets: list[ResultSheet] = []
    if drive.current_game:
        tables = _game_tables(drive, drive.current_game)
        seated = _seating(drive, drive.current_game, tables, info)
        if drive.is_running:
            numbers = {s.pair_id: s.pair.number for t in tables for s in t.seat_list}
            sheets.append(
                ResultSheet(
                    game=drive.current_game,
                    tables=tuple(
                        SheetTable(
                            table=tg.table,
                            pairs=tuple(s.pair.number for s in tg.seat_list),
                            deal_first=numbers.get(tg.deal_first_id),
                            sitout=_is_sitout(tg),
                            winner=numbers.get(tg.winner_id)
                            if tg.status == TableGame.Status.CONFIRMED
                            else None,
                        )
                        for tg in tables
                    ),
                    team_match=team_match,
                )
            )
    if not drive.is_finished:
        sheets += [
            ResultSheet(game=g, blank_tables=count, team_match=team_match)
            for g in range(drive.current_game + 1, drive.games + 1)
        ]
    return PaperPack(info=info, standings=sheet, seating=seated, sheets=tuple(sheets))


# ---------------------------------------------------------------- final cards


def _side_prizes_by_pair(report: dict) -> dict[int, list[str]]:
    """pair number -> the prizes it won besides the places and the booby (pair_places says
    those), from the report's data."""
    out: dict[int, list[str]] = {}

    def add(number: int, text: str) -> None:
        out.setdefault(number, []).append(text)

    jar = report["sections"]["jar"]
    for w in jar.get("winners") or ():
        add(w["number"], _("Cookie jar"))
    side = report["sections"]["side"]
    jackpot = side.get("jackpot")
    if jackpot:
        for p in jackpot["pairs"]:
            add(p["number"], _("Jackpot"))
    travelling = side.get("travelling")
    if travelling and travelling.get("holder"):
        add(travelling["holder"], _("Travelling prize"))
    door = side.get("door")
    if door and door.get("draw"):
        for p in door["pairs"]:
            add(p["number"], _("Door prize"))
    return out


def final_cards(drive: Drive, *, now: datetime | None = None) -> FinalCards:
    """Each pair's card as it ended: punched games, total, prize won or place by score level."""
    rows = report_service.pair_places(drive)
    prizes = _side_prizes_by_pair(report_service.prize_report(drive))
    cards = []
    for r in sorted(rows, key=lambda r: r.pair.number):
        standing = " · ".join([r.text, *prizes.get(r.pair.number, ())])
        cards.append(
            FinalCard(
                number=r.pair.number,
                player1=r.pair.player1,
                player2=r.pair.player2,
                punched=r.punched,
                won=r.won,
                standing=standing,
                missed=r.missed,
            )
        )
    games = drive.current_game if drive.is_finished else drive.games
    return FinalCards(info=doc_info(drive, now=now), games=max(1, games), cards=tuple(cards))


# ---------------------------------------------------------------- prize report

_TAGS = re.compile(r"</?strong>")


def _games_played(n: int) -> str:
    return ngettext("%(n)s game played", "%(n)s games played", n) % {"n": n}


def _pair_lines(pairs, winners=(), places=None) -> tuple[PairLine, ...]:
    def note(p) -> str:
        mark = "\u2713" if p.number in winners else ""
        place = (places or {}).get(p.number)
        return " ".join(x for x in (mark, place.text if place else "") if x)

    return tuple(
        PairLine(number=p.number, names=p.names, note=note(p), won=p.number in winners)
        for p in pairs
    )


def _prize_block(g, places=None) -> Block:
    title = f"{g.label}: {g.level_text}"
    if g.is_money:
        title += f" · {dollars(g.cents)}"
    elif g.item:
        title += f" · {g.item}"
    winners = g.winners if g.is_tie else ()
    lines: list = list(_pair_lines(g.pairs, winners, places))
    if not g.is_tie:
        lines.append(Line(_("Wins outright: no tie.")))
    elif g.is_decided:
        lines.append(Line(g.how, "strong"))
    elif g.stale:
        lines.append(
            Line(
                _(
                    "This was decided for pairs %(pairs)s, but a result has changed since: "
                    "reopen the decision and settle the tie again."
                )
                % {"pairs": ", ".join(str(n) for n in g.stale.pairs)},
                "warn",
            )
        )
    else:
        lines.append(Line(_("Tie: not settled yet."), "strong"))
    return Block(title=title, lines=tuple(lines))


def _prize_value(cents, item) -> str:
    if cents is not None:
        return dollars(cents)
    return item or _("no prize set yet")


def _places_section(s: dict) -> Section:
    if not s.get("played", True):
        lines: list = [
            Line(_("Nothing to settle until games are played: places go by games won."), "note")
        ]
        lines += [
            Line(_("Place %(n)d") % {"n": p.place} + ": " + _prize_value(p.cents, p.item))
            for p in s["place_prizes"]
        ]
        if s["booby_prize"]:
            lines.append(Line(_("Booby prize") + ": " + _prize_value(*s["booby_prize"])))
        return Section(title=_("Places"), items=tuple(lines))
    items: list = [_prize_block(g, s.get("pair_places")) for g in s["places"]]
    if not s["places"] and not s["unawarded_note"]:
        items.append(Line(_("This drive has no place prizes."), "note"))
    if s["unawarded_note"]:
        items.append(Line(s["unawarded_note"]))
    if s["booby_on"]:
        if s["booby"]:
            items.append(_prize_block(s["booby"], s.get("pair_places")))
        else:
            items.append(Line(s["booby_note"]))
    return Section(title=_("Places"), items=tuple(items))


def _jar_result(s: dict, drive: Drive) -> list:
    numbers = s["numbers"]
    out: list = [
        Line(
            ngettext("The game drawn:", "The %(n)s games drawn:", len(numbers))
            % {"n": len(numbers)},
            "lead",
        ),
        Line(", ".join(str(n) for n in numbers), "strong"),
        Line(
            _("Drawn by hand; the organizer typed the numbers in.")
            if s["by_hand"]
            else _("Drawn by the site with seed %(seed)s: the same seed draws the same games.")
            % {"seed": s["seed"]},
            "note",
        ),
    ]
    total = dollars(s["total"])
    if s["winners"]:
        out.append(
            Line(
                ngettext(
                    "One pair won every game drawn and wins the jar of %(total)s.",
                    "%(n)s pairs won every game drawn and split the jar of %(total)s.",
                    len(s["winners"]),
                )
                % {"n": len(s["winners"]), "total": total},
                "strong",
            )
        )
        share = dollars(s["share"])
        out += [PairLine(w["number"], w["names"], share, True) for w in s["winners"]]
        if s["kept_by_hall"]:
            out.append(
                Line(
                    _("Each share is rounded down to %(unit)s: the hall keeps %(kept)s.")
                    % {"unit": dollars(drive.club.cash_unit), "kept": dollars(s["kept_by_hall"])}
                )
            )
    elif s["carried_to"]:
        to = s["carried_to"]
        out.append(
            Line(
                _("No winner: %(total)s carries over to %(name)s on %(date)s.")
                % {
                    "total": total,
                    "name": to.name,
                    "date": formats.date_format(to.date, "DATE_FORMAT"),
                },
                "strong",
            )
        )
    elif s["held"]:
        out.append(
            Line(
                _("No winner: %(total)s is kept for the club's next drive.") % {"total": total},
                "strong",
            )
        )
        if not s.get("next_drive"):
            out.append(
                Line(
                    _("There is no drive to carry it to yet: it will go to the club's next drive.")
                )
            )
    else:
        out.append(Line(_("No winner, and the jar was empty."), "lead"))
    return out


def _jar_section(s: dict, drive: Drive) -> Section | None:
    if not (s["on"] or s["carried_in"]):
        return None
    items: list = []
    if not s["on"]:
        items.append(
            Line(
                _(
                    "%(amount)s was carried into this drive's cookie jar, "
                    "but the cookie jar is off at this drive."
                )
                % {"amount": dollars(s["carried_in"])},
                "warn",
            )
        )
        return Section(title=_("Cookie jar"), items=tuple(items))
    price = dollars(s["price"])
    items.append(
        Line(
            ngettext("%(n)s pair in at %(price)s.", "%(n)s pairs in at %(price)s each.", s["count"])
            % {"n": s["count"], "price": price}
            + " "
            + s["games_text"]
        )
    )
    if s["carried_in"]:
        text = _("Carried in from an earlier drive with no winner: %(amount)s") % {
            "amount": dollars(s["carried_in"])
        }
        if s["carried_from"]:
            text += (
                " ("
                + "; ".join(
                    f"{d.name}, {formats.date_format(d.date, 'DATE_FORMAT')}"
                    for d in s["carried_from"]
                )
                + ")"
            )
        items.append(Line(text + "."))
    # The page's sentence, bold tags and all: one translation for both.
    in_jar = _TAGS.sub("", _("In the jar: <strong>%(total)s</strong>"))
    items.append(Line(in_jar % {"total": dollars(s["total"])}, "lead"))
    if s["entries"]:
        items.append(
            Line(_("Pairs in the jar:") + " " + ", ".join(str(p.number) for p in s["entries"]))
        )
    if s["draw"]:
        items += _jar_result(s, drive)
    elif drive.is_finished:
        items.append(Line(_("Not drawn yet."), "note"))
    else:
        items.append(Line(_("The games are drawn after the last game."), "note"))
    return Section(title=_("Cookie jar"), items=tuple(items))


def _side_section(s: dict) -> Section | None:
    if not s["any"]:
        return None
    items: list = []
    j = s["jackpot"]
    if j:
        lines: list = [
            Line(
                ngettext(
                    "Shared by every pair that won at least %(n)s game.",
                    "Shared by every pair that won at least %(n)s games.",
                    j["threshold"],
                )
                % {"n": j["threshold"]}
            )
        ]
        if not j["ready"]:
            lines.append(Line(s["blocked"], "note"))
        elif j["error"]:
            lines.append(Line(j["error"], "warn"))
        elif j["pairs"]:
            share = dollars(j["share"])
            lines += [
                PairLine(
                    p["number"],
                    p["names"],
                    ngettext("%(n)s game won", "%(n)s games won", p["games"]) % {"n": p["games"]}
                    + f" · {share}",
                    True,
                )
                for p in j["pairs"]
            ]
            if j["kept_by_hall"]:
                lines.append(
                    Line(
                        _(
                            "Shares are rounded down to the smallest cash unit: "
                            "the hall keeps %(kept)s."
                        )
                        % {"kept": dollars(j["kept_by_hall"])},
                        "note",
                    )
                )
        else:
            lines.append(
                Line(
                    ngettext(
                        "No pair won %(n)s game: the jackpot is not won tonight.",
                        "No pair won %(n)s games: the jackpot is not won tonight.",
                        j["threshold"],
                    )
                    % {"n": j["threshold"]},
                    "lead",
                )
            )
        title = _("Jackpot: %(amount)s") % {"amount": dollars(j["amount"])}
        items.append(Block(title=title, lines=tuple(lines)))
    f = s["fifty_fifty"]
    if f:
        if f["draw"]:
            lines = [
                Line(_("The winning ticket") + f": {f['ticket']}", "strong"),
                Line(
                    _("Wins %(share)s: half of the %(takings)s taken.")
                    % {"share": dollars(f["share"]), "takings": dollars(f["takings"])}
                    + " "
                    + _("The hall keeps %(kept)s.") % {"kept": dollars(f["kept_by_hall"])}
                ),
                Line(
                    ngettext(
                        "%(n)s ticket sold (%(ranges)s).",
                        "%(n)s tickets sold (%(ranges)s).",
                        f["tickets_sold"],
                    )
                    % {"n": f["tickets_sold"], "ranges": f["ranges"]}
                    + " "
                    + _("Seed %(seed)s: the same seed draws the same ticket.")
                    % {"seed": f["seed"]},
                    "note",
                ),
            ]
        else:
            lines = [Line(_("Not drawn."), "note")]
        items.append(Block(title=_("50/50 draw"), lines=tuple(lines)))
    t = s["travelling"]
    if t:
        title = (
            _("Travelling prize: %(item)s") % {"item": t["item"]}
            if t["item"]
            else _("Travelling prize")
        )
        if t["draw"]:
            lines = [
                Line(_("The card") + f": {t['card']}", "strong"),
                Line(
                    _("Seed %(seed)s: the same seed draws the same card.") % {"seed": t["seed"]},
                    "note",
                ),
            ]
            if t["holder"]:
                lines += [
                    Line(_("Won by")),
                    PairLine(t["holder"], t["holder_names"], "", True),
                ]
            else:
                lines.append(Line(_("Who held the card was not recorded."), "note"))
        else:
            lines = [Line(_("Not drawn."), "note")]
        items.append(Block(title=title, lines=tuple(lines)))
    d = s["door"]
    if d:
        if d["draw"]:
            lines = [PairLine(p["number"], p["names"], "", True) for p in d["pairs"]]
            lines.append(
                Line(
                    ngettext(
                        "Drawn among the %(n)s pair present at the end.",
                        "Drawn among the %(n)s pairs present at the end.",
                        d["present"],
                    )
                    % {"n": d["present"]}
                    + " "
                    + _("Seed %(seed)s: the same seed draws the same pairs.") % {"seed": d["seed"]},
                    "note",
                )
            )
        else:
            lines = [Line(_("Not drawn."), "note")]
        items.append(Block(title=_("Door prizes"), lines=tuple(lines)))
    return Section(title=_("Side prizes"), items=tuple(items))


def _cash_rows(cash) -> tuple[CashRow, ...]:
    rows = [CashRow(label, dollars(amount)) for label, amount in cash.money_in]
    rows.append(CashRow(_("Takings"), dollars(cash.takings), True))
    rows += [CashRow(label, dollars(amount)) for label, amount in cash.money_out]
    rows.append(CashRow(_("Paid out"), dollars(cash.paid_out), True))
    rows.append(CashRow(_("Carried over"), dollars(cash.carried_over)))
    remaining = _("Added by the hall") if cash.remaining < 0 else _("Remaining for the hall")
    rows.append(CashRow(remaining, dollars(cash.remaining), True))
    return tuple(rows)


def prize_report(drive: Drive, *, now: datetime | None = None) -> PrizeReport:
    """The prize report page's data (prizes.services.report.prize_report), as print."""
    report = report_service.prize_report(drive)
    sections = report["sections"]
    lead = [formats.date_format(drive.date, "DATE_FORMAT")]
    if drive.venue:
        lead.append(drive.venue)
    lead.append(_games_played(drive.current_game))
    if not drive.is_finished:
        lead.append(_("not finished yet"))
    parts = [
        _places_section(sections["ties"]),
        _jar_section(sections["jar"], drive),
        _side_section(sections["side"]),
    ]
    return PrizeReport(
        info=doc_info(drive, now=now),
        lead=" · ".join(lead),
        warning=_("Results in conflict: these prizes are not final.")
        if report["conflicts"]
        else "",
        sections=tuple(p for p in parts if p is not None),
        cash=_cash_rows(report["cash"]),
        unpaid=unpaid_words(report["unpaid"]),
    )


def unpaid_words(unpaid: list[tuple[int, str]]) -> str:
    """ "Not paid: pair 3 (Mary & John), pair 8 (Ann & Joe)", or "" when every pair paid."""
    if not unpaid:
        return ""
    who = ", ".join(_("pair %(n)d (%(names)s)") % {"n": n, "names": names} for n, names in unpaid)
    return _("Not paid: %(pairs)s") % {"pairs": who}
