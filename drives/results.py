"""The result rules of one table in the current game: a pure state machine, no Django.

For every status of the table and every event (the front's tap, a table report from a
device, a confirmation, a withdrawal, undo) it says the next status and winner, the
audit action and the words of the audit entry and of the answer; or it refuses, with the
reason. The services in drives/services/results.py lock the table, check who is seated
there, ask this module, and write what it says.

Winners are pair numbers. Messages are templates for gettext (``%(pair)d``, ``%(other)d``,
``%(old)d``, ``%(game)d``, ``%(table)d``, ``%(entry)s``), filled in by the caller; each is a
``scoring.words.Msg``, so ``message % words`` remembers its msgid and values and
``scoring.speak.say`` says it in the reader's language.

>>> step = report(Table(Status.PENDING), pair=7, device="phone-a")
>>> step.status, step.winner, step.action
(<Status.REPORTED: 'reported'>, 7, 'table_report')
>>> confirm(Table(Status.REPORTED, 7, "phone-a"), pair=7, confirmer=12, device="phone-b").status
<Status.CONFIRMED: 'confirmed'>
>>> front(Table(Status.REPORTED, 7, "phone-a"), pair=12).status
<Status.CONFLICT: 'conflict'>
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scoring.words import gettext_noop


class Status(StrEnum):
    """A table's result, as TableGame.status stores it."""

    PENDING = "pending"  # playing: no result yet
    REPORTED = "reported"  # a table device reported a winner; the other pair has not agreed
    CONFIRMED = "confirmed"  # counted
    CONFLICT = "conflict"  # two different winners reported: the front settles it
    SITOUT = "sitout"  # a pair sitting out: no game to win


@dataclass(frozen=True)
class Table:
    """What the rules need to know of a table: its status, its winner (a pair number, or
    None) and the device whose report waits for the other pair (status reported)."""

    status: Status
    winner: int | None = None
    device: str = ""


@dataclass(frozen=True)
class Step:
    """What an event does. ``action`` None means nothing changes (a repeat): the caller
    answers with ``answer`` and writes nothing."""

    status: Status
    winner: int | None
    action: str | None
    summary: str
    answer: str
    device: str = ""

    @property
    def changes(self) -> bool:
        return self.action is not None


class Refused(Exception):
    """The event is refused; ``message`` says why (a template, see the module's doc).

    ``http`` is the answer's status; ``stale`` means the screen was out of date."""

    def __init__(self, message: str, http: int = 409, *, stale: bool = False):
        super().__init__(message)
        self.message = message
        self.http = http
        self.stale = stale


COUNTED = gettext_noop("Counted: pair %(pair)d won.")
WAITING = gettext_noop("Pair %(pair)d won: waiting for pair %(other)d to agree.")
IN_CONFLICT = gettext_noop("This table's result is in conflict: the front table will settle it.")
SITOUT = gettext_noop("Table %(table)d is a sit-out: it has no game to win.")

# Every audit action a result event writes; undo takes back the newest of these.
RESULT_ACTIONS = (
    "result_record",
    "result_change",
    "result_conflict",
    "result_settle",
    "table_report",
    "table_report_change",
    "table_confirm",
    "table_withdraw",
)
UNDO_ACTION = "result_undo"


def _unchanged(table: Table, answer: str) -> Step:
    return Step(table.status, table.winner, None, "", answer, table.device)


def _no_sitout(table: Table) -> None:
    if table.status == Status.SITOUT:
        raise Refused(SITOUT, 400)


def front(table: Table, *, pair: int) -> Step:
    """The front table (organizer or scorer) taps the winner: it counts at once.

    A table report of the same winner is confirmed by it, a different one is put in
    conflict; a conflict is settled by it; a counted result is changed by it.
    """
    _no_sitout(table)
    if table.status == Status.CONFIRMED and table.winner == pair:
        return _unchanged(table, COUNTED)
    if table.status == Status.REPORTED and table.winner != pair:
        return Step(
            Status.CONFLICT,
            None,
            "result_conflict",
            gettext_noop(
                "Game %(game)d, table %(table)d: the front says pair %(pair)d won, "
                "the table said pair %(old)d: in conflict"
            ),
            gettext_noop("In conflict: the table said pair %(old)d won. Tap the winner to settle."),
        )
    if table.status == Status.CONFLICT:
        return Step(
            Status.CONFIRMED,
            pair,
            "result_settle",
            gettext_noop("Game %(game)d, table %(table)d: conflict settled, pair %(pair)d won"),
            gettext_noop("Settled: pair %(pair)d won."),
        )
    if table.status == Status.REPORTED:
        return Step(
            Status.CONFIRMED,
            pair,
            "result_record",
            gettext_noop(
                "Game %(game)d, table %(table)d: pair %(pair)d won (table report confirmed)"
            ),
            COUNTED,
        )
    if table.winner is not None:
        return Step(
            Status.CONFIRMED,
            pair,
            "result_change",
            gettext_noop("Game %(game)d, table %(table)d: pair %(pair)d won (was pair %(old)d)"),
            gettext_noop("Changed: pair %(pair)d won."),
        )
    return Step(
        Status.CONFIRMED,
        pair,
        "result_record",
        gettext_noop("Game %(game)d, table %(table)d: pair %(pair)d won"),
        COUNTED,
    )


def report(table: Table, *, pair: int, device: str) -> Step:
    """A device at the table reports the winner; it counts once the other pair agrees.

    The same winner again changes nothing, from any device. The reporting device may
    change its own report; another device disagreeing, or a report against a counted
    result, puts the table in conflict.
    """
    _no_sitout(table)
    if table.status == Status.CONFLICT:
        raise Refused(IN_CONFLICT, 409)
    if table.winner == pair:
        return _unchanged(table, COUNTED if table.status == Status.CONFIRMED else WAITING)
    if table.status == Status.PENDING or (
        table.status == Status.REPORTED and table.device == device
    ):
        return Step(
            Status.REPORTED,
            pair,
            "table_report" if table.status == Status.PENDING else "table_report_change",
            gettext_noop("Game %(game)d, table %(table)d: the table reports pair %(pair)d won"),
            WAITING,
            device,
        )
    return Step(
        Status.CONFLICT,
        None,
        "result_conflict",
        gettext_noop(
            "Game %(game)d, table %(table)d: the table reports pair %(pair)d won, "
            "but pair %(old)d was reported: in conflict"
        ),
        gettext_noop("In conflict with another report: the front table will settle it."),
    )


SAME_DEVICE = gettext_noop(
    "This phone sent the report, so it cannot agree to it too. Pair %(other)d agrees on "
    "another phone, or the front table enters the result."
)


def confirm(table: Table, *, pair: int, confirmer: int, device: str) -> Step:
    """The other pair agrees that ``pair`` won (the winner the page showed), from ``device``:
    it counts. The device that sent the report cannot agree to it: a second device shows that
    someone else at the table saw the result."""
    _no_sitout(table)
    if table.status == Status.CONFIRMED and table.winner == pair:
        return _unchanged(table, COUNTED)
    if table.status == Status.CONFLICT:
        raise Refused(IN_CONFLICT, 409)
    if table.status != Status.REPORTED or table.winner != pair:
        raise Refused(
            gettext_noop(
                "The report has changed since this page was shown: check it and tap again."
            ),
            409,
            stale=True,
        )
    if confirmer == pair:
        raise Refused(
            gettext_noop("Pair %(pair)d won: the other pair agrees, not the winner."), 400
        )
    if device == table.device:
        raise Refused(SAME_DEVICE, 403)
    return Step(
        Status.CONFIRMED,
        pair,
        "table_confirm",
        gettext_noop("Game %(game)d, table %(table)d: pair %(other)d agrees pair %(pair)d won"),
        gettext_noop("Counted: pair %(pair)d won, pair %(other)d agreed."),
    )


def withdraw(table: Table, *, device: str) -> Step:
    """The reporting device takes back its own report before the other pair agreed."""
    if table.status != Status.REPORTED or table.device != device:
        raise Refused(
            gettext_noop("There is no report from this device waiting for agreement to take back."),
            409,
        )
    return Step(
        Status.PENDING,
        None,
        "table_withdraw",
        gettext_noop(
            "Game %(game)d, table %(table)d: the table took back its report (pair %(pair)d)"
        ),
        gettext_noop("Report taken back: tap the pair that won."),
    )


def undo(
    table: Table, *, done_winner: int | None, done_status: Status | None, before: Table
) -> Step:
    """Take back one result event: the table goes back to ``before``, what it showed
    before that event. ``done_winner`` and ``done_status`` are what the event left (the
    status is None for entries that did not keep it); if the table has changed since,
    the undo is refused and the organizer taps instead."""
    if table.winner != done_winner or (done_status is not None and table.status != done_status):
        raise Refused(
            gettext_noop("Table %(table)d has changed since: undo it by tapping."), 409, stale=True
        )
    status = before.status or Status.PENDING
    if before.winner is None and status in (Status.CONFIRMED, Status.REPORTED):
        status = Status.PENDING
    return Step(
        status,
        before.winner,
        UNDO_ACTION,
        gettext_noop("Undone: %(entry)s"),
        gettext_noop("Undone: %(entry)s"),
        before.device if status == Status.REPORTED else "",
    )
