"""Side prizes: the jackpot, the 50/50 draw, the travelling prize and door prizes.

Each is off by default (PrizeSettings). The jackpot needs no draw: it goes to
every pair that reached its number of games. The three draws are stored as one
SideDraw each (the database refuses a second draw of the same kind) and keep
their seed, so prizes.rules can repeat them in front of anyone who doubts.
"""

from __future__ import annotations

import re
import secrets
from datetime import datetime

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.interface import FRONT
from drives.interface import locked_drive
from drives.models import CENTS_MAX, Drive, Pair
from prizes import rules as prizes
from prizes.models import SideDraw
from prizes.services.common import (
    DriveError,
    Origin,
    PrizeError,
    as_drive_error,
    audit_dollars,
    prize_settings,
    record_audit,
    require_finished,
    tallies,
)
from scoring.speak import say
from scoring.words import gettext_noop, ngettext_noop

__all__ = [
    "TICKET_MAX",
    "cash",
    "door_draw",
    "fifty_fifty_draw",
    "parse_ticket_ranges",
    "section",
    "travelling_draw",
    "travelling_holder",
]

TICKET_MAX = 999_999  # the numbers printed on a roll of tickets
SEED_MAX = 2**62
Kind = SideDraw.Kind


# ---------------------------------------------------------------- input


_RANGE = re.compile(r"^(\d{1,12})\s*(?:-|–|—|\bto\b)\s*(\d{1,12})$", re.IGNORECASE)
_SINGLE = re.compile(r"^\d{1,12}$")


def parse_ticket_ranges(text: str) -> list[tuple[int, int]]:
    """The ticket ranges sold, typed like "1-100, 201-250" (a lone number is one ticket).

    Refuses anything else with a sentence for the organizer: a range written
    backwards, ranges that overlap, a ticket 0, words that are not numbers.
    """
    parts = [p.strip() for p in re.split(r"[,;\n]+", text or "") if p.strip()]
    if not parts:
        raise DriveError(_("Enter the ticket numbers sold, like 1-100, 201-250."))
    ranges = []
    for part in parts:
        m = _RANGE.match(part)
        if m:
            first, last = int(m.group(1)), int(m.group(2))
        elif _SINGLE.match(part):
            first = last = int(part)
        else:
            raise DriveError(
                _("“%(part)s” is not a range of ticket numbers: write it like 1-100.")
                % {"part": part[:30]}
            )
        if first < 1:
            raise DriveError(_("Ticket numbers start at 1."))
        if last > TICKET_MAX:
            raise DriveError(
                _("Ticket %(n)s is too large: ticket numbers go up to %(max)s.")
                % {"n": last, "max": f"{TICKET_MAX:,}"}
            )
        if last < first:
            raise DriveError(
                _("Tickets %(a)d to %(b)d run backwards: write the smaller number first.")
                % {"a": first, "b": last}
            )
        ranges.append((first, last))
    ordered = sorted(ranges)
    for (a1, a2), (b1, b2) in zip(ordered, ordered[1:], strict=False):
        if b1 <= a2:
            raise DriveError(
                _("Tickets %(a1)d to %(a2)d and %(b1)d to %(b2)d overlap: a ticket is sold once.")
                % {"a1": a1, "a2": a2, "b1": b1, "b2": b2}
            )
    return ranges


def ranges_text(ranges) -> str:
    """[(1, 100), (201, 250)] -> "1-100, 201-250" (what the organizer typed, tidied)."""
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in ranges)


# ---------------------------------------------------------------- helpers


def _seed(seed: int | None) -> int:
    if seed is None:
        return secrets.randbelow(10**9)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_MAX:
        raise DriveError(_("The seed must be a whole number from 0 up."))
    return seed


def _names(drive: Drive) -> dict[int, str]:
    return {p.number: p.names for p in drive.pairs.all()}


def side_draw_of(drive: Drive, kind: str) -> SideDraw | None:
    """The drive's side draw of that kind, None while it is not drawn."""
    return SideDraw.objects.filter(drive=drive, kind=kind).first()


def _already(kind: str, draw: SideDraw) -> str:
    if kind == Kind.FIFTY_FIFTY:
        return _("The 50/50 has already been drawn: ticket %(t)d won.") % {
            "t": draw.result["ticket"]
        }
    if kind == Kind.TRAVELLING:
        return _("The travelling prize's card has already been drawn: %(card)s.") % {
            "card": draw.result["label"]
        }
    return _("The door prizes have already been drawn: %(pairs)s.") % {
        "pairs": _pair_words(draw.result["pairs"])
    }


def _pair_words(numbers) -> str:
    return say(_pair_list(numbers))


def _pair_list(numbers) -> str:
    """_pair_words as marked words (scoring.words), for the audit trail."""
    return ngettext_noop("pair %(list)s", "pairs %(list)s", len(numbers)) % {
        "list": ", ".join(str(n) for n in numbers)
    }


def _create(drive: Drive, kind: str, **values) -> SideDraw:
    """Write the draw; a second one of its kind (another screen, same moment) is refused."""
    try:
        with transaction.atomic():
            return SideDraw.objects.create(drive=drive, kind=kind, **values)
    except IntegrityError:
        raise DriveError(
            _("%(prize)s: drawn on another screen a moment ago. Reload this page to see it.")
            % {"prize": Kind(kind).label},
            409,
        ) from None


def _start(drive: Drive, kind: str, *, on: bool, off_message: str) -> Drive:
    """Lock the drive and refuse a prize that is off or already drawn."""
    drive = locked_drive(drive)
    if not on:
        raise DriveError(off_message, 409)
    done = side_draw_of(drive, kind)
    if done is not None:
        raise DriveError(_already(kind, done), 409)
    return drive


def _audit(drive, *, actor, now, origin, action, summary, old=None, new=None) -> None:
    record_audit(
        club=drive.club,
        drive=drive,
        actor=actor,
        now=now,
        origin=origin,
        action=action,
        summary=summary,
        old=old,
        new=new,
    )


# ---------------------------------------------------------------- 50/50


def fifty_fifty_draw(
    *,
    drive: Drive,
    ranges: list[tuple[int, int]],
    takings_cents: int,
    seed: int | None = None,
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> SideDraw:
    """Draw the winning 50/50 ticket from the ranges sold; it wins half the takings.

    The half is rounded down to the club's cash unit; the other half and any
    rounding stay with the hall.
    """
    with transaction.atomic():
        settings = prize_settings(drive)
        drive = _start(
            drive,
            Kind.FIFTY_FIFTY,
            on=settings.fifty_fifty,
            off_message=_("This drive has no 50/50 draw: turn it on in the prize settings."),
        )
        require_finished(drive)
        money = isinstance(takings_cents, int) and not isinstance(takings_cents, bool)
        if not money or takings_cents < 1:
            raise DriveError(_("Enter the money taken for the 50/50 tickets."))
        if takings_cents > CENTS_MAX:
            raise DriveError(_("That amount is too large."))
        seed = _seed(seed)
        try:
            draw = prizes.fifty_fifty_draw(
                [tuple(r) for r in ranges],
                takings=takings_cents,
                seed=seed,
                unit=drive.club.cash_unit,
            )
        except PrizeError as e:
            raise as_drive_error(e) from None
        result = {
            "ranges": [list(r) for r in sorted(tuple(r) for r in ranges)],
            "tickets_sold": draw.tickets_sold,
            "ticket": draw.ticket,
            "seed": seed,
            "takings": takings_cents,
            "share": draw.payout.share,
            "kept_by_hall": takings_cents - draw.payout.share,
        }
        row = _create(
            drive, Kind.FIFTY_FIFTY, seed=seed, result=result, cents=draw.payout.share, drawn_at=now
        )
        _audit(
            drive,
            actor=actor,
            now=now,
            origin=origin,
            action="side_fifty_fifty",
            summary=gettext_noop(
                "50/50 drawn: ticket %(t)d of %(n)d sold wins %(cents)s (seed %(seed)d)"
            )
            % {
                "t": draw.ticket,
                "n": draw.tickets_sold,
                "cents": audit_dollars(draw.payout.share),
                "seed": seed,
            },
            new=result,
        )
    return row


# ---------------------------------------------------------------- travelling prize


def travelling_draw(
    *, drive: Drive, seed: int | None = None, actor, now: datetime, origin: Origin = FRONT
) -> SideDraw:
    """Draw the travelling prize's card to announce it: any time once the drive has started."""
    with transaction.atomic():
        settings = prize_settings(drive)
        drive = _start(
            drive,
            Kind.TRAVELLING,
            on=settings.travelling,
            off_message=_("This drive has no travelling prize: turn it on in the prize settings."),
        )
        if drive.is_setup:
            raise DriveError(
                _("The travelling prize's card is drawn once the drive has started."), 409
            )
        seed = _seed(seed)
        card = prizes.travelling_prize_draw(seed).card
        result = {
            "card": list(card),
            "label": prizes.card_label(card),
            "seed": seed,
            "holder": None,
        }
        row = _create(drive, Kind.TRAVELLING, seed=seed, result=result, drawn_at=now)
        _audit(
            drive,
            actor=actor,
            now=now,
            origin=origin,
            action="side_travelling_draw",
            summary=gettext_noop("Travelling prize card drawn: %(card)s (seed %(seed)d)")
            % {"card": result["label"], "seed": seed},
            new=result,
        )
    return row


def travelling_holder(
    *, drive: Drive, pair_number: int, actor, now: datetime, origin: Origin = FRONT
) -> SideDraw:
    """Record the pair holding the travelling card when the last hand ended.

    Recording it again corrects it (the old holder stays in the audit trail).
    """
    with transaction.atomic():
        settings = prize_settings(drive)
        drive = locked_drive(drive)
        draw = side_draw_of(drive, Kind.TRAVELLING)
        if draw is None:
            if not settings.travelling:
                raise DriveError(
                    _("This drive has no travelling prize: turn it on in the prize settings."), 409
                )
            raise DriveError(_("Draw the travelling prize's card first."), 409)
        require_finished(drive)
        if isinstance(pair_number, bool) or not isinstance(pair_number, int):
            raise DriveError(_("Tap the pair that held the card."))
        pair = Pair.objects.filter(drive=drive, number=pair_number).first()
        if pair is None:
            raise DriveError(_("There is no pair %(n)s in this drive.") % {"n": pair_number})
        if pair.left_after_game is not None and pair.left_after_game < drive.current_game:
            raise DriveError(
                _("Pair %(n)d left early, so it was not holding a card when the last hand ended.")
                % {"n": pair_number}
            )
        old = draw.result.get("holder")
        if old == pair_number:
            return draw
        draw.result = {**draw.result, "holder": pair_number}
        draw.save(update_fields=["result"])
        _audit(
            drive,
            actor=actor,
            now=now,
            origin=origin,
            action="side_travelling_holder",
            summary=gettext_noop("Travelling prize (%(card)s) won by pair %(n)d")
            % {"card": draw.result["label"], "n": pair_number},
            old={"holder": old},
            new={"holder": pair_number},
        )
    return draw


# ---------------------------------------------------------------- door prizes


def door_draw(
    *,
    drive: Drive,
    count: int | None = None,
    seed: int | None = None,
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> SideDraw:
    """Draw the door prizes among the pairs present (not those who left early).

    count defaults to the drive's setting; no pair is drawn twice.
    """
    with transaction.atomic():
        settings = prize_settings(drive)
        drive = _start(
            drive,
            Kind.DOOR,
            on=settings.door_prizes > 0,
            off_message=_("This drive has no door prizes: set how many in the prize settings."),
        )
        require_finished(drive)
        if count is None:
            count = settings.door_prizes
        if isinstance(count, bool) or not isinstance(count, int):
            raise DriveError(_("Enter how many door prizes to draw."))
        present = list(
            drive.pairs.filter(left_after_game__isnull=True).values_list("number", flat=True)
        )
        if not present:
            raise DriveError(_("No pair stayed to the end: there is nobody to draw from."), 409)
        seed = _seed(seed)
        try:
            drawn = prizes.door_prize_draw(present, seed=seed, count=count)
        except PrizeError as e:
            raise as_drive_error(e) from None
        result = {"pairs": list(drawn), "count": count, "present": sorted(present), "seed": seed}
        row = _create(drive, Kind.DOOR, seed=seed, result=result, drawn_at=now)
        _audit(
            drive,
            actor=actor,
            now=now,
            origin=origin,
            action="side_door_draw",
            summary=gettext_noop("Door prizes drawn: %(pairs)s (seed %(seed)d)")
            % {"pairs": _pair_list(drawn), "seed": seed},
            new=result,
        )
    return row


# ---------------------------------------------------------------- jackpot


def _jackpot(drive: Drive, settings, ready: bool) -> dict | None:
    if not settings.jackpot:
        return None
    out = {
        "threshold": settings.jackpot_threshold,
        "amount": settings.jackpot_cents,
        "ready": ready,
        "pairs": [],
        "share": 0,
        "paid": 0,
        "kept_by_hall": 0,
        "error": "",
    }
    if not ready:
        return out
    games = tallies(drive)
    try:
        pay = prizes.jackpot(
            games,
            threshold=settings.jackpot_threshold,
            amount=settings.jackpot_cents,
            unit=drive.club.cash_unit,
        )
    except PrizeError as e:
        out["error"] = say(e.args[0]) if e.args else str(e)
        return out
    if pay is not None:
        names = _names(drive)
        out["pairs"] = [
            {"number": n, "names": names.get(n, ""), "games": games[n]} for n in pay.recipients
        ]
        out.update(share=pay.share, paid=pay.paid, kept_by_hall=pay.kept_by_hall)
    return out


# ---------------------------------------------------------------- read


def _blocked(drive: Drive) -> str:
    """Why the end-of-night prizes cannot be settled yet ("" when they can)."""
    try:
        require_finished(drive)
    except DriveError as e:
        return e.message
    return ""


def section(drive: Drive) -> dict:
    """Everything the side prizes show on the prizes page, their screen and the report.

    A prize appears when it is on, or when it was drawn before being turned off
    (a draw that happened stays on the record).
    """
    settings = prize_settings(drive)
    draws = {d.kind: d for d in SideDraw.objects.filter(drive=drive)}
    blocked = _blocked(drive)
    ready = not blocked
    names = _names(drive)

    fifty = None
    d = draws.get(Kind.FIFTY_FIFTY)
    if settings.fifty_fifty or d:
        fifty = {"draw": d, "ready": ready}
        if d:
            r = d.result
            fifty.update(
                ticket=r["ticket"],
                tickets_sold=r["tickets_sold"],
                ranges=ranges_text(r["ranges"]),
                takings=r["takings"],
                share=d.cents,
                kept_by_hall=r["takings"] - d.cents,
                seed=d.seed,
            )

    travelling = None
    d = draws.get(Kind.TRAVELLING)
    if settings.travelling or d:
        travelling = {
            "item": settings.travelling_item,
            "draw": d,
            "can_draw": not drive.is_setup,
            "ready": ready,
            "candidates": [],
        }
        if d:
            holder = d.result.get("holder")
            travelling.update(
                card=d.result["label"],
                red=d.result["card"][1] in ("D", "H"),
                seed=d.seed,
                holder=holder,
                holder_names=names.get(holder, "") if holder else "",
            )
            if ready:
                travelling["candidates"] = [
                    {"number": p.number, "names": p.names, "held": p.number == holder}
                    for p in drive.pairs.all()
                    if p.left_after_game is None or p.left_after_game >= drive.current_game
                ]

    door = None
    d = draws.get(Kind.DOOR)
    if settings.door_prizes or d:
        door = {"count": settings.door_prizes, "draw": d, "ready": ready}
        if d:
            door.update(
                count=d.result["count"],
                pairs=[{"number": n, "names": names.get(n, "")} for n in d.result["pairs"]],
                present=len(d.result["present"]),
                seed=d.seed,
            )

    jackpot = _jackpot(drive, settings, ready)
    return {
        "any": any(x is not None for x in (jackpot, fifty, travelling, door)),
        "blocked": blocked,
        "jackpot": jackpot,
        "fifty_fifty": fifty,
        "travelling": travelling,
        "door": door,
    }


def cash(drive: Drive) -> dict:
    """The side prizes' money for the report's cash summary (cents; zeros when off).

    takings: the 50/50 tickets; paid out: the 50/50 winner's half and the
    jackpot shares; kept by the hall: the 50/50's other half and the rounding.
    """
    out = {"takings": 0, "paid_out": 0, "carried_over": 0, "kept_by_hall": 0, "lines": []}
    lines = out["lines"]
    d = side_draw_of(drive, Kind.FIFTY_FIFTY)
    if d:
        takings, share = d.result["takings"], d.cents
        out["takings"] += takings
        out["paid_out"] += share
        out["kept_by_hall"] += takings - share
        lines += [
            (_("50/50 draw: tickets sold"), takings, "in"),
            (_("50/50 draw: half to ticket %(t)d") % {"t": d.result["ticket"]}, share, "out"),
        ]
    settings = prize_settings(drive)
    jp = _jackpot(drive, settings, not _blocked(drive))
    if jp and jp["pairs"]:
        n = len(jp["pairs"])
        out["paid_out"] += jp["paid"]
        out["kept_by_hall"] += jp["kept_by_hall"]
        lines.append(
            (
                ngettext(
                    "Jackpot: pair %(list)s",
                    "Jackpot: %(n)d pairs share it (%(list)s)",
                    n,
                )
                % {"n": n, "list": ", ".join(str(p["number"]) for p in jp["pairs"])},
                jp["paid"],
                "out",
            )
        )
    return out
