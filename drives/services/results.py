"""Results of the current game: the front's tap, table reports, confirmations and withdrawals,
and undo.

The rules of which status follows which live in drives.results (pure); these functions lock,
check and write.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, replace
from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.interface import FRONT, DriveError, Origin, StaleError, audit_row, record_audit
from clubs.models import AuditEntry
from scoring.words import gettext_noop

from .. import results as rules
from .. import sql
from ..models import Drive, Pair, Submission, TableGame
from . import refusals
from .common import check_current_game, locked_drive, locked_table, refuse_missing_table

# --- Results ----------------------------------------------------------------


def _lean_locked(drive: Drive, game: int, table: int, key: str | None) -> sql.Locked | None:
    """The table's row for a result write, locked, with its seats, its drive and the key's
    first submission, in one statement (drives.sql.locked_table); None if the game has no
    such table."""
    return sql.locked_table(drive_id=drive.pk, game=game, table=table, key=key)


KEY_RE = re.compile(r"^[A-Za-z0-9_.:-]{8,64}$")


def _check_key(key: str | None) -> str:
    if not key or not KEY_RE.match(key):
        raise DriveError(_("This submission has no valid key: reload the page and tap again."), 400)
    return key


@dataclass(frozen=True)
class Answer:
    """What a result submission did, in the table's words. A retry gets the same answer.

    ``was``: the pair whose counted result the front's tap met (None if none counted).
    ``asked``: the tap would change that counted result and was not confirmed, so nothing
    was written: the screen asks first (its table_game is the table as shown)."""

    status: int
    message: str
    table_game: TableGame
    replayed: bool = False
    was: int | None = None
    asked: bool = False


def key_source(*, actor=None, device: str = "") -> str:
    """Who sends a key: the person (the front, the API) or else the table device."""
    if getattr(actor, "is_authenticated", False):
        return f"user:{actor.pk}"
    return f"device:{device}"[:80]


def _key_taken() -> DriveError:
    return DriveError(
        _(
            "This key was already used by another device or person: nothing was saved. "
            "Reload the page and tap again."
        ),
        409,
    )


def _replayed(drive: Drive, key: str | None, table: int, source: str) -> Answer | None:
    """The first answer to a submission with this key, or None if it is new.

    Only the source that sent the key first gets that answer back; a key reused by another
    device or person is refused (409), so nobody is answered with someone else's result and
    nobody's entry silently vanishes as a "retry"."""
    if not key:
        return None
    first = next(
        iter(
            Submission.objects.select_related("table_game")
            .filter(drive_id=drive.pk, key=key)
            .order_by()
        ),
        None,
    )
    if first is None:
        return None
    if first.source != source:
        raise _key_taken()
    if first.table_game.table != table:
        raise DriveError(_("This key was already used for another table."), 409)
    return Answer(first.answer_status, first.answer, first.table_game, replayed=True)


def _first_answer(submitted: sql.Submitted | None, table: int, source: str) -> Answer | None:
    """_replayed, from the key's submission read with the table (see _replayed)."""
    if submitted is None:
        return None
    if submitted.source != source:
        raise _key_taken()
    if submitted.table_game.table != table:
        raise DriveError(_("This key was already used for another table."), 409)
    return Answer(submitted.answer_status, submitted.answer, submitted.table_game, replayed=True)


def _number_of(tg: TableGame, pair_id: int | None) -> int | None:
    return next((s.pair.number for s in tg.seat_list if s.pair_id == pair_id), None)


def _result_state(tg: TableGame) -> dict:
    state = {"winner": _number_of(tg, tg.winner_id), "status": tg.status}
    if tg.reported_device:
        state["device"] = tg.reported_device
    if tg.wrong_codes:
        state["wrong_codes"] = tg.wrong_codes
    return state


def _set_result(
    tg: TableGame,
    *,
    winner: Pair | None,
    status: str,
    source: str,
    actor,
    now: datetime,
    device: str = "",
    clear_codes: bool = False,
) -> None:
    tg.winner = winner
    tg.status = status
    tg.source = source
    tg.reported_device = device if status == TableGame.Status.REPORTED else ""
    tg.entered_by_id = actor.pk if getattr(actor, "is_authenticated", False) else None
    tg.entered_at = now
    tg.version += 1
    if clear_codes:
        tg.wrong_codes = 0
    sql.result_set(
        table_game_id=tg.pk,
        winner_id=tg.winner_id,
        status=tg.status,
        source=tg.source,
        device=tg.reported_device,
        actor_id=tg.entered_by_id,
        at=now,
        clear_codes=clear_codes,
    )


def _submission(
    tg: TableGame,
    *,
    key: str | None,
    kind: str,
    winner: Pair | None,
    device: str,
    origin: Origin,
    actor,
    now: datetime,
    answer: str,
    status: int = 200,
) -> bool:
    """Write the submission and the answer a retry gets back; False, with nothing written,
    if its key was used meanwhile (a retry racing its first try, or another device: the
    key's unique index decides, without an error that would end the transaction)."""
    source = key_source(actor=actor, device=device)
    return sql.submission_add(
        drive_id=tg.drive_id,
        table_game_id=tg.pk,
        key=key or f"auto-{secrets.token_hex(12)}",
        kind=kind,
        winner_id=winner.pk if winner is not None else None,
        device=device[:64],
        agent=origin.device[:200],
        actor_id=actor.pk if getattr(actor, "is_authenticated", False) else None,
        source=source,
        at=now,
        answer_status=status,
        answer=answer[:300],
    )


def _seated_pair(tg: TableGame, number: int, game: int) -> Pair:
    seated = {s.pair.number: s.pair for s in tg.seat_list}
    if tg.is_sitout:
        raise DriveError(
            _("Table %(table)d is a sit-out: it has no game to win.") % {"table": tg.table}
        )
    if number not in seated:
        raise DriveError(
            _("Pair %(pair)d is not seated at table %(table)d in game %(game)d.")
            % {"pair": number, "table": tg.table, "game": game}
        )
    return seated[number]


def _other_number(tg: TableGame, number: int) -> int:
    return next(s.pair.number for s in tg.seat_list if s.pair.number != number)


def _result_audit(tg, *, actor, now, origin, action, summary, old, extra=None) -> None:
    new = {**_result_state(tg), "game": tg.game, "table": tg.table, **(extra or {})}
    sql.audit_add(
        audit_row(
            club_id=tg.drive.club_id,
            drive_id=tg.drive_id,
            actor=actor,
            now=now,
            action=action,
            summary=summary,
            origin=origin,
            old=old,
            new=new,
        )
    )


def _rules_table(tg: TableGame) -> rules.Table:
    """The table as the pure result rules see it."""
    return rules.Table(rules.Status(tg.status), _number_of(tg, tg.winner_id), tg.reported_device)


def _ask(event, *args, words: dict, **kwargs) -> rules.Step:
    """Ask the result rules; a refusal becomes a DriveError (StaleError if the screen was
    out of date) in the organizer's words."""
    try:
        return event(*args, **kwargs)
    except rules.Refused as refused:
        error = StaleError if refused.stale else DriveError
        raise error(_(refused.message) % words, refused.http) from None


def _result_change(
    tg: TableGame,
    step: rules.Step,
    *,
    source: str,
    kind: str,
    claimed: Pair | None,
    key: str | None,
    device: str,
    origin: Origin,
    actor,
    now: datetime,
    old: dict,
    words: dict,
) -> Answer:
    """One result submission written whole, as the rules' step says: the table's new
    state, its Submission row (the key and the answer a retry gets back) and its audit
    entry. A step that changes nothing writes nothing and answers."""
    answer = _(step.answer) % words
    if not step.changes:
        return Answer(200, answer, tg)
    # The submission first: a key taken meanwhile leaves nothing written.
    if not _submission(
        tg,
        key=key,
        kind=kind,
        winner=claimed,
        device=device,
        origin=origin,
        actor=actor,
        now=now,
        answer=answer,
    ):
        first = _replayed(tg.drive, key, tg.table, key_source(actor=actor, device=device))
        if first is None:  # the key's row is gone again: a refusal, never a silent loss
            raise _key_taken()
        return first
    _set_result(
        tg,
        winner=_pair_of(tg, step.winner),
        status=step.status,
        source=source,
        actor=actor,
        now=now,
        device=step.device,
        # The front's entry settles a table that took too many wrong codes: it takes codes
        # again (in the same statement).
        clear_codes=source == TableGame.Source.FRONT,
    )
    _result_audit(
        tg,
        actor=actor,
        now=now,
        origin=origin,
        action=step.action,
        summary=gettext_noop(step.summary) % words,
        old=old,
    )
    return Answer(200, answer, tg)


def _pair_of(tg: TableGame, number: int | None) -> Pair | None:
    return next((s.pair for s in tg.seat_list if s.pair.number == number), None)


def result_record(
    *,
    drive: Drive,
    game: int,
    table: int,
    winner_number: int,
    actor,
    now: datetime,
    origin: Origin = FRONT,
    key: str | None = None,
) -> TableGame:
    """The front's result for a table (organizer or scorer): counts at once.

    Tapping the other pair later changes it. A table report waiting for the
    other pair's agreement is confirmed by the same winner, and put in conflict
    by a different one. A result in conflict is settled by this tap.

    Returns the table's row with its seats attached (tg.seat_list).
    """
    return result_enter(
        drive=drive,
        game=game,
        table=table,
        winner_number=winner_number,
        actor=actor,
        now=now,
        origin=origin,
        key=key,
    ).table_game


def result_enter(
    *,
    drive: Drive,
    game: int,
    table: int,
    winner_number: int,
    actor,
    now: datetime,
    origin: Origin = FRONT,
    key: str | None = None,
    confirmed: bool = True,
) -> Answer:
    """result_record with its answer (for callers that pass a device key).

    Unless ``confirmed``, a tap that would change a result that counts for the other pair
    writes nothing and answers ``asked``: one stray tap must not flip it silently."""
    if key is not None:
        _check_key(key)
    if not confirmed and (asked := _change_asked(drive, game, table, winner_number)):
        return asked
    source = key_source(actor=actor, device="front")
    with transaction.atomic():
        locked = _lean_locked(drive, game, table, key)
        if locked is None:
            if (first := _replayed(drive, key, table, source)) is not None:
                return first
            refuse_missing_table(drive, game, table)
        if (first := _first_answer(locked.submitted, table, source)) is not None:
            return first
        tg = locked.table_game
        check_current_game(tg.drive, game)
        winner = _seated_pair(tg, winner_number, game)
        old = _result_state(tg)
        words = {"game": game, "table": table, "pair": winner_number, "old": old["winner"] or 0}
        step = _ask(rules.front, _rules_table(tg), pair=winner_number, words=words)
        answer = _result_change(
            tg,
            step,
            source=TableGame.Source.FRONT,
            kind=Submission.Kind.FRONT,
            claimed=winner,
            key=key,
            device="front",
            origin=origin,
            actor=actor,
            now=now,
            old=old,
            words=words,
        )
        counted = old["status"] == TableGame.Status.CONFIRMED
        return replace(answer, was=old["winner"] if counted else None)


def _change_asked(drive: Drive, game: int, table: int, winner_number: int) -> Answer | None:
    """The answer "change a counted result?" when the table counts for another pair than
    ``winner_number`` (one statement, and the table as shown when it asks); else None. A
    game that is not open is left to the write, which refuses it."""
    if not (drive.is_running and game == drive.current_game):
        return None
    was = sql.counted_winner(drive_id=drive.pk, game=game, table=table)
    if was is None or was == winner_number:
        return None
    shown = sql.locked_table(drive_id=drive.pk, game=game, table=table, key=None, lock=False)
    if shown is None:
        refuse_missing_table(drive, game, table)
    return Answer(200, "", shown.table_game, was=was, asked=True)


def _table_locked(drive: Drive, game: int, table: int, key: str, source: str) -> TableGame | Answer:
    """The table's row for a table submission, locked: only the current game of a running
    drive. A retry of a submission already answered gets that answer instead (an Answer),
    even once the game has moved on."""
    locked = _lean_locked(drive, game, table, key)
    if locked is not None and (first := _first_answer(locked.submitted, table, source)):
        return first
    try:
        if locked is None:
            if (first := _replayed(drive, key, table, source)) is not None:
                return first
            refuse_missing_table(drive, game, table)
        check_current_game(locked.drive, game)
    except DriveError:
        fresh = locked.drive if locked is not None else Drive.objects.get(pk=drive.pk)
        if fresh.is_running and game != fresh.current_game:
            raise StaleError(
                _(
                    "That was game %(game)d: the drive is at game %(current)d now. "
                    "Nothing was saved."
                )
                % {"game": game, "current": fresh.current_game}
            ) from None
        raise
    return locked.table_game


def table_report(
    *,
    drive: Drive,
    game: int,
    table: int,
    winner_number: int,
    key: str,
    device: str,
    now: datetime,
    origin: Origin,
    actor=None,
) -> Answer:
    """A player at the table taps the pair that won. It counts once the other pair agrees.

    The same device may change its own report; another device reporting a
    different winner, or a report that disagrees with a counted result, puts
    the table in conflict for the organizer to settle.
    """
    _check_key(key)
    with transaction.atomic():
        tg = _table_locked(drive, game, table, key, key_source(actor=actor, device=device))
        if isinstance(tg, Answer):
            return tg
        winner = _seated_pair(tg, winner_number, game)
        old = _result_state(tg)
        other = _other_number(tg, winner_number)
        words = {
            "game": game,
            "table": table,
            "pair": winner_number,
            "other": other,
            "old": old["winner"] or 0,
        }
        step = _ask(rules.report, _rules_table(tg), pair=winner_number, device=device, words=words)
        return _result_change(
            tg,
            step,
            source=TableGame.Source.TABLE,
            kind=Submission.Kind.REPORT,
            claimed=winner,
            key=key,
            device=device,
            origin=origin,
            actor=actor,
            now=now,
            old=old,
            words=words,
        )


def _confirmer(
    tg: TableGame, winner: int, number: int | None, code: str | None, *, origin: Origin, now
) -> int:
    """The pair that agrees, as the drive's way of confirming asks for it: its pair number
    (tapped or typed), or its pair code, typed from its punch card."""
    if tg.drive.confirm_by_code:
        return refusals.code_confirmer(
            tg, winner, _other_number(tg, winner), code, origin=origin, now=now
        )
    if number is None:
        raise DriveError(_("Type your pair number to agree."))
    _seated_pair(tg, number, tg.game)
    return number


def table_confirm(
    *,
    drive: Drive,
    game: int,
    table: int,
    winner_number: int,
    key: str,
    device: str,
    now: datetime,
    origin: Origin,
    confirmer_number: int | None = None,
    code: str | None = None,
    actor=None,
) -> Answer:
    """The other pair agrees with the reported winner, from another device: the result counts.

    winner_number is the winner the page showed (a changed report is refused). The pair that
    agrees is confirmer_number (tapped or typed), or, when the drive confirms by pair code,
    the pair whose code was typed. The device that sent the report cannot agree to it.

    A refusal changes nothing at the table and is written to the audit trail, with its reason,
    once per table, game and reason with a count. A wrong pair code is counted at the table
    (pair_codes.TRIES of them and the table takes no more codes in this game: the front table
    enters the result).
    """
    _check_key(key)
    try:
        with transaction.atomic():
            tg = _table_locked(drive, game, table, key, key_source(actor=actor, device=device))
            if isinstance(tg, Answer):
                return tg
            winner = _seated_pair(tg, winner_number, game)
            try:
                confirmer = _confirmer(
                    tg, winner_number, confirmer_number, code, origin=origin, now=now
                )
            except refusals.CodeRefused as refused:
                counted = refused  # its count and entry are written: the transaction commits
            else:
                old = _result_state(tg)
                words = {"game": game, "table": table, "pair": winner_number, "other": confirmer}
                step = _ask(
                    rules.confirm,
                    _rules_table(tg),
                    pair=winner_number,
                    confirmer=confirmer,
                    device=device,
                    words=words,
                )
                return _result_change(
                    tg,
                    step,
                    source=TableGame.Source.TABLE,
                    kind=Submission.Kind.CONFIRM,
                    claimed=winner,
                    key=key,
                    device=device,
                    origin=origin,
                    actor=actor,
                    now=now,
                    old=old,
                    words=words,
                )
    except DriveError as refused:
        refusals.confirm_refused_audit(
            drive=drive, game=game, table=table, device=device, origin=origin, now=now, why=refused
        )
        raise
    raise counted


def table_withdraw(
    *,
    drive: Drive,
    game: int,
    table: int,
    key: str,
    device: str,
    now: datetime,
    origin: Origin,
    actor=None,
) -> Answer:
    """The reporting device takes back its own report before the other pair agreed."""
    _check_key(key)
    with transaction.atomic():
        tg = _table_locked(drive, game, table, key, key_source(actor=actor, device=device))
        if isinstance(tg, Answer):
            return tg
        old = _result_state(tg)
        words = {"game": game, "table": table, "pair": old["winner"] or 0}
        step = _ask(rules.withdraw, _rules_table(tg), device=device, words=words)
        return _result_change(
            tg,
            step,
            source=TableGame.Source.TABLE,
            kind=Submission.Kind.WITHDRAW,
            claimed=None,
            key=key,
            device=device,
            origin=origin,
            actor=actor,
            now=now,
            old=old,
            words=words,
        )


RESULT_ACTIONS = rules.RESULT_ACTIONS
# Entries that take a result back: the front's undo, and undoing the hand that won.
RESULT_UNDOS = (rules.UNDO_ACTION, "hand_undo")


def _last_undoable_result(drive: Drive) -> AuditEntry | None:
    """The newest result entry of the current game that has not been taken back."""
    entries = list(
        AuditEntry.objects.filter(
            drive=drive, action__in=(*RESULT_ACTIONS, *RESULT_UNDOS), new__game=drive.current_game
        ).order_by("-at", "-id")
    )
    undone = {e.new.get("undoes") for e in entries if e.action in RESULT_UNDOS}
    return next((e for e in entries if e.action in RESULT_ACTIONS and e.pk not in undone), None)


def result_undo(*, drive: Drive, actor, now: datetime, origin: Origin = FRONT) -> TableGame:
    """Take back the last result entered for the current game: the table goes back to
    what it showed before that tap (no result, or the earlier winner)."""
    with transaction.atomic():
        drive = locked_drive(drive)
        check_current_game(drive, drive.current_game)
        entry = _last_undoable_result(drive)
        if entry is None:
            raise DriveError(_("There is no result of this game to undo."), 409)
        table = entry.new["table"]
        tg = locked_table(drive, drive.current_game, table)
        old = _result_state(tg)
        before = entry.old.get("status")
        step = _ask(
            rules.undo,
            _rules_table(tg),
            done_winner=entry.new["winner"],
            done_status=rules.Status(entry.new["status"]) if "status" in entry.new else None,
            before=rules.Table(
                rules.Status(before) if before else rules.Status.PENDING,
                entry.old.get("winner"),
                entry.old.get("device", ""),
            ),
            words={"table": table},
        )
        _set_result(
            tg,
            winner=_pair_of(tg, step.winner),
            status=step.status,
            source=tg.source,
            actor=actor,
            now=now,
            device=step.device,
        )
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action=step.action,
            summary=gettext_noop(step.summary) % {"entry": entry.sentence},
            old=old,
            new={
                **_result_state(tg),
                "game": drive.current_game,
                "table": table,
                "undoes": entry.pk,
            },
        )
    return tg
