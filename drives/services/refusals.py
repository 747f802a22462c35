"""Refused agreements at a table: the pair-code tries and their audit entries.

A wrong pair code is counted at the table's game row, under the row lock the
confirmation already holds (drives.sql.locked_table); at pair_codes.TRIES the table
takes no more codes in that game and the front table enters the result. Refusals are
audited once per table and game (codes) or per table, game and reason (any other
refusal), with a count, not one row a try. drives.services.results calls these.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.interface import DriveError, Origin, audit_row, record_audit
from clubs.models import AuditEntry
from scoring.words import gettext_noop, ngettext_noop

from .. import pair_codes, sql
from ..models import TableGame


class CodeRefused(DriveError):
    """A wrong pair code, or any code at a table that has had its tries: refused once its
    count and audit entry are written, in the confirmation's own transaction (they are kept,
    while any other refusal is rolled back)."""


CODES_REFUSED = "table_codes_refused"
CODES_LOCKED = "table_codes_locked"


def codes_locked_words() -> str:
    """What a table that takes no more pair codes answers every code, in the active language."""
    return _("Too many wrong codes at this table: ask the front table.")


def codes_locked() -> CodeRefused:
    return CodeRefused(codes_locked_words(), 429)


def code_confirmer(
    tg: TableGame, winner: int, other: int, code: str | None, *, origin: Origin, now
) -> int:
    """The other pair (``other``, against ``winner``), when the code typed is its own. A
    wrong code is counted (the table's row is locked: drives.sql.locked_table) and refused
    with the tries left; at pair_codes.TRIES the table takes no more codes in this game.
    From then on every code, the right one too, gets the same answer (429), and the front
    table enters the result."""
    if tg.codes_locked:
        codes_refused_audit(tg, origin=origin, now=now, after_lock=True)
        raise codes_locked()
    typed = pair_codes.normalize(code or "")
    if not typed:
        raise DriveError(
            _("Type your pair code (on your punch card) to agree: pair %(other)d's code.")
            % {"other": other}
        )
    codes = {s.pair.code: s.pair.number for s in tg.seat_list}
    if codes.get(typed) == other:
        return other
    if sql.wrong_code_add(table_game_id=tg.pk, tries=pair_codes.TRIES):
        tg.wrong_codes += 1
    codes_refused_audit(tg, origin=origin, now=now, after_lock=False)
    if tg.codes_locked:
        codes_locked_audit(tg, origin=origin, now=now)
        raise codes_locked()
    said = {"pair": winner, "other": other}
    if codes.get(typed) == winner:
        wrong = _("That is pair %(pair)d's code: pair %(other)d types its own code to agree.")
    else:
        wrong = _("That is not pair %(other)d's code: check the code on pair %(other)d's card.")
    left = pair_codes.TRIES - tg.wrong_codes
    tries = ngettext(
        "%(left)d more wrong code and the front table enters the result.",
        "%(left)d more wrong codes and the front table enters the result.",
        left,
    ) % {"left": left}
    raise CodeRefused(f"{wrong % said} {tries}")


def codes_refused_audit(tg: TableGame, *, origin: Origin, now, after_lock: bool) -> None:
    """One audit entry per table and game counts the codes refused there: the first wrong
    code writes it, every later one (and every code typed once the table takes no more)
    counts it up, so a phone trying codes over and over leaves one entry, not one a try."""
    game, table = tg.game, tg.table
    entry = (
        AuditEntry.objects.filter(
            drive_id=tg.drive_id, action=CODES_REFUSED, new__game=game, new__table=table
        )
        .only("pk", "new")
        .first()
    )
    counts = dict(entry.new) if entry is not None else {"wrong": 0, "after_lock": 0}
    counts["after_lock" if after_lock else "wrong"] += 1
    wrong, later = counts["wrong"], counts["after_lock"]
    words = {"game": game, "table": table, "wrong": wrong, "count": later or wrong}
    if later:
        summary = ngettext_noop(
            "Game %(game)d, table %(table)d: %(wrong)d wrong pair codes, then %(count)d more "
            "code refused: the table takes no more codes",
            "Game %(game)d, table %(table)d: %(wrong)d wrong pair codes, then %(count)d more "
            "codes refused: the table takes no more codes",
            later,
        )
    else:
        summary = ngettext_noop(
            "Game %(game)d, table %(table)d: %(count)d wrong pair code typed",
            "Game %(game)d, table %(table)d: %(count)d wrong pair codes typed",
            wrong,
        )
    row = audit_row(
        club_id=tg.drive.club_id,
        drive_id=tg.drive_id,
        actor=None,
        now=now,
        action=CODES_REFUSED,
        summary=summary % words,
        origin=origin,
        new={"game": game, "table": table, "wrong": wrong, "after_lock": later},
    )
    if entry is None:
        sql.audit_add(row)
    else:  # the entry keeps when and where the first wrong code came from
        AuditEntry.objects.filter(pk=entry.pk).update(
            summary=row["summary"], words=row["words"], new=row["new"]
        )


def codes_locked_audit(tg: TableGame, *, origin: Origin, now) -> None:
    """The entry of the moment a table stops taking codes: one per table and game."""
    words = {"game": tg.game, "table": tg.table, "count": pair_codes.TRIES}
    sql.audit_add(
        audit_row(
            club_id=tg.drive.club_id,
            drive_id=tg.drive_id,
            actor=None,
            now=now,
            action=CODES_LOCKED,
            summary=gettext_noop(
                "Game %(game)d, table %(table)d: %(count)d wrong pair codes: the table takes "
                "no more codes in this game, the front table enters its result"
            )
            % words,
            origin=origin,
            new={"game": tg.game, "table": tg.table, "wrong_codes": tg.wrong_codes},
        )
    )


def confirm_refused_audit(*, drive, game, table, device, origin, now, why: DriveError) -> None:
    """The audit entry of a refused confirmation, after its transaction was rolled back: who
    tried first, from which device, why it was refused and how many times. One entry per
    table, game and reason, counted up under the table's row lock: a phone sending the same
    refused agreement over and over leaves one entry. Nothing else is written."""
    reason = str(why.message)[:200]
    with transaction.atomic():
        # The table's row locked (PostgreSQL; SQLite's writers queue anyway), so two refusals
        # at once count up one entry.
        list(
            TableGame.objects.select_for_update()
            .filter(drive_id=drive.pk, game=game, table=table)
            .values_list("pk", flat=True)
        )
        entry = (
            AuditEntry.objects.filter(
                drive_id=drive.pk,
                action="table_confirm_refused",
                new__game=game,
                new__table=table,
                new__why=reason,
            )
            .only("pk", "new")
            .first()
        )
        count = entry.new.get("count", 1) + 1 if entry is not None else 1
        words = {"game": game, "table": table, "why": why.message, "count": count}
        if count == 1:
            # The reason as the refusal said it: its words are kept when it was marked.
            summary = gettext_noop(
                "Game %(game)d, table %(table)d: an agreement was refused: %(why)s"
            )
        else:
            summary = ngettext_noop(
                "Game %(game)d, table %(table)d: an agreement was refused %(count)d time: %(why)s",
                "Game %(game)d, table %(table)d: an agreement was refused %(count)d times: %(why)s",
                count,
            )
        new = {"game": game, "table": table, "device": device, "status": why.status}
        new |= {"why": reason, "count": count}
        if entry is None:
            record_audit(
                club=drive.club,
                drive=drive,
                actor=None,
                now=now,
                origin=origin,
                action="table_confirm_refused",
                summary=summary % words,
                new=new,
            )
            return
        row = audit_row(
            club_id=drive.club_id,
            drive_id=drive.pk,
            actor=None,
            now=now,
            action="table_confirm_refused",
            summary=summary % words,
            origin=origin,
            new={**new, "device": entry.new.get("device", device)},
        )
        AuditEntry.objects.filter(pk=entry.pk).update(
            summary=row["summary"], words=row["words"], new=row["new"]
        )
