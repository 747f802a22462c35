"""The cookie jar: pairs buy in at registration; after the last game some games are
drawn and every pair in the jar that won all of them shares it. No winner: the jar
carries over to the club's next drive that has not started.

The rules (who may buy in, the draw, the winners, the split, where it carries over)
are the pure functions of prizes/rules/; this module loads the drive, calls
them and writes the result.
"""

from __future__ import annotations

import secrets
from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.interface import FRONT
from drives.interface import punched_games
from drives.models import Drive, JarEntry, Pair
from prizes import rules as prizes
from prizes.models import JarDraw
from prizes.services.common import (
    DriveError,
    Origin,
    PrizeError,
    as_drive_error,
    audit_dollars,
    prize_settings,
    record_audit,
    require_finished,
)
from prizes.templatetags.money import cents as dollars
from scoring.words import gettext_noop

__all__ = [
    "cash",
    "jar_carry_over",
    "jar_draw",
    "jar_opt_in",
    "jar_opt_out",
    "next_drive",
    "section",
]

SEED_LIMIT = 2**62  # the same range drive_start accepts; fits a BigIntegerField


def _locked(drive: Drive) -> Drive:
    return Drive.objects.select_for_update().select_related("club").get(pk=drive.pk)


def _check_can_change_entries(drive: Drive, pair: Pair, joining: bool) -> None:
    """Entries change only while pairs register and the jar is on."""
    jar_on = prize_settings(drive).jar
    if joining or not jar_on:
        try:
            prizes.cookie_jar_opt_in(
                pair.number, jar_on=jar_on, first_game_started=not drive.is_setup
            )
        except PrizeError as e:
            raise as_drive_error(e, 409) from None
    elif not drive.is_setup:
        raise DriveError(
            _("Pair %(n)d cannot leave the cookie jar: the first game has started.")
            % {"n": pair.number},
            409,
        )


def _locked_pair(drive: Drive, pair: Pair) -> Pair:
    found = Pair.objects.select_for_update().filter(pk=pair.pk, drive=drive).first()
    if found is None:
        raise DriveError(_("That pair is not registered at this drive."), 404)
    return found


def jar_opt_in(*, pair: Pair, actor, now: datetime, origin: Origin = FRONT) -> JarEntry:
    """Put a pair in the cookie jar (it pays the jar price at registration).

    Refused once the first game has started, so nobody buys in knowing their card.
    A pair already in stays in, and nothing is written.
    """
    with transaction.atomic():
        drive = _locked(pair.drive)
        pair = _locked_pair(drive, pair)
        _check_can_change_entries(drive, pair, joining=True)
        entry = JarEntry.objects.filter(pair=pair).first()
        if entry is not None:
            return entry
        entry = JarEntry.objects.create(pair=pair, drive=drive, created_at=now)
        price = prize_settings(drive).jar_price
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="jar_opt_in",
            summary=gettext_noop("Pair %(n)d is in the cookie jar") % {"n": pair.number},
            old={"pair": pair.number, "jar": False},
            new={"pair": pair.number, "jar": True, "price": price},
        )
    return entry


def jar_opt_out(*, pair: Pair, actor, now: datetime, origin: Origin = FRONT) -> None:
    """Take a pair out of the cookie jar (a wrong tap at registration).

    Refused once the first game has started. A pair not in the jar: nothing is written.
    """
    with transaction.atomic():
        drive = _locked(pair.drive)
        pair = _locked_pair(drive, pair)
        _check_can_change_entries(drive, pair, joining=False)
        entry = JarEntry.objects.filter(pair=pair).first()
        if entry is None:
            return
        entry.delete()
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="jar_opt_out",
            summary=gettext_noop("Pair %(n)d is out of the cookie jar") % {"n": pair.number},
            old={"pair": pair.number, "jar": True},
            new={"pair": pair.number, "jar": False},
        )


def next_drive(drive: Drive, *, lock: bool = False) -> Drive | None:
    """The club's next drive that has not started, where a jar with no winner goes.

    lock=True (inside a transaction) locks the candidates, so none starts meanwhile.
    """
    rows = Drive.objects.filter(club_id=drive.club_id, status=Drive.Status.SETUP)
    others = list(rows.select_for_update() if lock else rows)
    current = prizes.ClubDrive(drive.pk, drive.date, not drive.is_setup)
    found = prizes.carry_over_drive(
        current, [prizes.ClubDrive(d.pk, d.date, not d.is_setup) for d in others]
    )
    return next((d for d in others if d.pk == found), None) if found else None


def _carry(drive: Drive, amount: int) -> tuple[dict | None, dict | None]:
    """Add `amount` to the next drive's jar: (its jar before, after) for the audit,
    or (None, None) when the club has no drive to carry it to."""
    target = next_drive(drive, lock=True)
    if target is None:
        return None, None
    before = target.jar_carried_in
    target.jar_carried_in = before + amount
    target.save(update_fields=["jar_carried_in"])
    key = {"drive": target.pk, "name": target.name}
    return {**key, "jar_carried_in": before}, {**key, "jar_carried_in": before + amount}


def _entries(drive: Drive) -> list[Pair]:
    return list(Pair.objects.filter(drive=drive, jar_entry__isnull=False).order_by("number"))


def _parse_seed(seed) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise DriveError(_("The seed must be a whole number from 0 up."), 400)
    return seed


def jar_draw(
    *,
    drive: Drive,
    seed: int | None = None,
    numbers: list[int] | None = None,
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> JarDraw:
    """Draw the cookie jar once, after the last game.

    numbers=None: the site draws min(jar games, games played) games from a recorded
    seed (a fresh one when seed is None). numbers=[...]: the games the organizer
    drew by hand. The pairs in the jar that won every drawn game share the jar
    (rounded down to the club's cash unit; the rest stays with the hall); with no
    winner the jar carries over to the club's next drive that has not started.
    """
    if seed is not None and numbers is not None:
        raise DriveError(
            _("Either let the site draw or type the numbers drawn by hand, not both."), 400
        )
    with transaction.atomic():
        drive = _locked(drive)
        settings = prize_settings(drive)
        if not settings.jar:
            raise DriveError(_("This drive has no cookie jar."), 409)
        require_finished(drive)
        done = JarDraw.objects.filter(drive=drive).first()
        if done is not None:
            raise DriveError(
                _("The cookie jar has already been drawn: games %(games)s.")
                % {"games": ", ".join(str(n) for n in done.numbers)},
                409,
            )
        played = drive.current_game
        try:
            if numbers is None:
                seed = secrets.randbelow(10**9) if seed is None else _parse_seed(seed)
                draw = prizes.cookie_jar_draw(played, settings.jar_games, seed=seed)
            else:
                draw = prizes.cookie_jar_manual(list(numbers), played, settings.jar_games)
            entries = _entries(drive)
            punched = punched_games(drive)
            by_number = {p.number: punched.get(p.pk, ()) for p in entries}
            winners = prizes.cookie_jar_winners(by_number, by_number, draw)
            total = settings.jar_price * len(entries) + drive.jar_carried_in
            pay = prizes.cookie_jar_payout(total, winners, unit=drive.club.cash_unit)
        except PrizeError as e:
            raise as_drive_error(e) from None
        before, after = (None, None)
        if pay.carried_over:
            before, after = _carry(drive, pay.carried_over)
        row = JarDraw.objects.create(
            drive=drive,
            numbers=list(draw.numbers),
            seed=draw.seed,
            winners=list(pay.recipients),
            total=total,
            share=pay.share,
            kept_by_hall=pay.kept_by_hall,
            carried_to_id=after and after["drive"],
            drawn_at=now,
        )
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="jar_draw",
            summary=_draw_summary(row, after),
            old={"drawn": False, "carried_to": before},
            new={
                "drawn": True,
                "numbers": row.numbers,
                "seed": row.seed,
                "entries": len(entries),
                "winners": row.winners,
                "total": total,
                "share": row.share,
                "kept_by_hall": row.kept_by_hall,
                "carried_over": pay.carried_over,
                "carried_to": after,
            },
        )
    return row


def _draw_summary(row: JarDraw, carried: dict | None) -> str:
    games = ", ".join(str(n) for n in row.numbers)
    if row.winners:
        who = ", ".join(str(n) for n in row.winners)
        return gettext_noop("Cookie jar drawn (games %(games)s): pairs %(who)s, %(share)s each") % {
            "games": games,
            "who": who,
            "share": audit_dollars(row.share),
        }
    if carried is not None:
        return gettext_noop(
            "Cookie jar drawn (games %(games)s): no winner, carried over to %(to)s"
        ) % {
            "games": games,
            "to": carried["name"],
        }
    return gettext_noop("Cookie jar drawn (games %(games)s): no winner") % {"games": games}


def jar_carry_over(*, drive: Drive, actor, now: datetime, origin: Origin = FRONT) -> JarDraw:
    """Carry a jar with no winner to the club's next drive, when the draw found none
    to carry it to (the next drive was created afterwards)."""
    with transaction.atomic():
        drive = _locked(drive)
        row = JarDraw.objects.select_for_update().filter(drive=drive).first()
        if row is None:
            raise DriveError(_("The cookie jar has not been drawn yet."), 409)
        if row.winners:
            raise DriveError(_("The cookie jar was won: there is nothing to carry over."), 409)
        if row.carried_to_id is not None:
            raise DriveError(
                _("The cookie jar has already been carried over to %(to)s.")
                % {"to": row.carried_to.name},
                409,
            )
        if not row.total:
            raise DriveError(_("The cookie jar was empty: there is nothing to carry over."), 409)
        before, after = _carry(drive, row.total)
        if after is None:
            raise DriveError(
                _(
                    "The club has no drive that has not started yet: "
                    "create the next drive, then carry the jar over."
                ),
                409,
            )
        row.carried_to_id = after["drive"]
        row.save(update_fields=["carried_to"])
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="jar_carry_over",
            summary=gettext_noop("Cookie jar carried over to %(to)s") % {"to": after["name"]},
            old={"carried_to": before},
            new={"carried_to": after},
        )
    return row


# ---------------------------------------------------------------- reading


def jar_games_text(count: int, of: int, *, finished: bool) -> str:
    """How many games the jar draws from how many: the same words on every screen and paper.

    A drive finished early draws from the games played (5 of 5, not the 8 of its setting)."""
    if finished:
        return ngettext(
            "%(n)d game is drawn from the %(of)d played.",
            "%(n)d games are drawn from the %(of)d played.",
            count,
        ) % {"n": count, "of": of}
    return ngettext(
        "After the last game, %(n)d game is drawn from the %(of)d of the night.",
        "After the last game, %(n)d games are drawn from the %(of)d of the night.",
        count,
    ) % {"n": count, "of": of}


def section(drive: Drive) -> dict:
    """Everything the jar shows on the prizes page, the jar screen and the report."""
    settings = prize_settings(drive)
    draw_from = drive.current_game if drive.is_finished else drive.games
    draw_count = min(settings.jar_games, draw_from)
    carried_from = list(
        JarDraw.objects.filter(carried_to=drive).select_related("drive").order_by("drive__date")
    )
    out = {
        "on": settings.jar,
        "price": settings.jar_price,
        "games": draw_count,
        "draw_from": draw_from,
        "games_text": jar_games_text(draw_count, draw_from, finished=drive.is_finished),
        "carried_in": drive.jar_carried_in,
        "carried_from": [d.drive for d in carried_from],
        "entries": [],
        "count": 0,
        "takings": 0,
        "total": drive.jar_carried_in,
        "draw": None,
    }
    if not settings.jar:
        return out
    entries = _entries(drive)
    takings = settings.jar_price * len(entries)
    out.update(
        entries=entries,
        count=len(entries),
        takings=takings,
        total=takings + drive.jar_carried_in,
        draw_count=draw_count if drive.is_finished else 0,
    )
    row = JarDraw.objects.filter(drive=drive).select_related("carried_to").first()
    if row is None:
        out["can_draw"] = drive.is_finished
        return out
    by_number = {p.number: p for p in entries}
    carried_over = row.total if not row.winners else 0
    out.update(
        can_draw=False,
        draw=row,
        numbers=row.numbers,
        seed=row.seed,
        by_hand=row.seed is None,
        total=row.total,
        winners=[
            {"number": n, "names": by_number[n].names if n in by_number else ""}
            for n in row.winners
        ],
        share=row.share,
        paid_out=row.share * len(row.winners),
        kept_by_hall=row.kept_by_hall,
        carried_over=carried_over,
        carried_to=row.carried_to,
        # Drawn with no drive to carry to: the money waits for the club's next drive.
        held=bool(carried_over and row.carried_to_id is None),
    )
    if out["held"]:
        out["next_drive"] = next_drive(drive)
    return out


def cash(drive: Drive) -> dict:
    """The jar's part of the cash summary (all cents); zeros when the jar is off.

    Jar money carried into a drive whose jar is off is still shown: it came in
    and is carried over again, so the summary never loses it.
    """
    out = {"takings": 0, "paid_out": 0, "carried_over": 0, "kept_by_hall": 0, "lines": []}
    settings = prize_settings(drive)
    if not settings.jar:
        if drive.jar_carried_in:
            out.update(
                takings=drive.jar_carried_in,
                carried_over=drive.jar_carried_in,
                lines=[(_carried_in_label(drive), drive.jar_carried_in, "in")],
            )
        return out
    count = JarEntry.objects.filter(drive=drive).count()
    takings = settings.jar_price * count
    lines = []
    if count:
        lines.append(
            (
                ngettext(
                    "Cookie jar: %(n)d pair at %(price)s",
                    "Cookie jar: %(n)d pairs at %(price)s",
                    count,
                )
                % {"n": count, "price": dollars(settings.jar_price)},
                takings,
                "in",
            )
        )
    if drive.jar_carried_in:
        lines.append((_carried_in_label(drive), drive.jar_carried_in, "in"))
    out.update(takings=takings + drive.jar_carried_in, lines=lines)
    row = JarDraw.objects.filter(drive=drive).first()
    if row is not None:
        paid = row.share * len(row.winners)
        if row.winners:
            lines.append(
                (
                    _("Cookie jar: won by pair(s) %(list)s")
                    % {"list": ", ".join(str(n) for n in row.winners)},
                    paid,
                    "out",
                )
            )
        out.update(
            paid_out=paid,
            kept_by_hall=row.kept_by_hall,
            carried_over=0 if row.winners else row.total,
        )
    return out


def _carried_in_label(drive: Drive) -> str:
    sources = JarDraw.objects.filter(carried_to=drive).select_related("drive")
    names = ", ".join(f"{d.drive.name} ({d.drive.date:%Y-%m-%d})" for d in sources)
    if not names:
        return _("Cookie jar carried in from an earlier drive")
    return _("Cookie jar carried in from %(names)s") % {"names": names}
