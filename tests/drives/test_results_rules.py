"""The result rules of a table (drives/results.py): every status x every event, pure."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drives import results as rules
from drives.results import Refused, Status, Table

A, B = 7, 12  # the two pairs at the table
PENDING = Table(Status.PENDING)
REPORTED = Table(Status.REPORTED, A, "phone-a")  # phone-a said pair 7 won
CONFIRMED = Table(Status.CONFIRMED, A)
CONFLICT = Table(Status.CONFLICT)
SITOUT = Table(Status.SITOUT)
TABLES = {
    "pending": PENDING,
    "reported": REPORTED,
    "confirmed": CONFIRMED,
    "conflict": CONFLICT,
    "sitout": SITOUT,
}

EVENTS = {
    "front A": lambda t: rules.front(t, pair=A),
    "front B": lambda t: rules.front(t, pair=B),
    "report A from phone-a": lambda t: rules.report(t, pair=A, device="phone-a"),
    "report B from phone-a": lambda t: rules.report(t, pair=B, device="phone-a"),
    "report A from phone-b": lambda t: rules.report(t, pair=A, device="phone-b"),
    "report B from phone-b": lambda t: rules.report(t, pair=B, device="phone-b"),
    "confirm A by B": lambda t: rules.confirm(t, pair=A, confirmer=B, device="phone-b"),
    "confirm A by B from phone-a": lambda t: rules.confirm(
        t, pair=A, confirmer=B, device="phone-a"
    ),
    "confirm A by A": lambda t: rules.confirm(t, pair=A, confirmer=A, device="phone-b"),
    "confirm B by A": lambda t: rules.confirm(t, pair=B, confirmer=A, device="phone-b"),
    "withdraw from phone-a": lambda t: rules.withdraw(t, device="phone-a"),
    "withdraw from phone-b": lambda t: rules.withdraw(t, device="phone-b"),
}

NO_CHANGE = "no change"
CONFLICT_409 = ("refused", 409, False)
STALE = ("refused", 409, True)
SITOUT_400 = ("refused", 400, False)
NOTHING_TO_TAKE_BACK = ("refused", 409, False)
SAME_DEVICE_403 = ("refused", 403, False)

# (table, event) -> (next status, next winner, audit action) or a refusal or NO_CHANGE.
EXPECTED = {
    ("pending", "front A"): ("confirmed", A, "result_record"),
    ("pending", "front B"): ("confirmed", B, "result_record"),
    ("pending", "report A from phone-a"): ("reported", A, "table_report"),
    ("pending", "report B from phone-a"): ("reported", B, "table_report"),
    ("pending", "report A from phone-b"): ("reported", A, "table_report"),
    ("pending", "report B from phone-b"): ("reported", B, "table_report"),
    ("pending", "confirm A by B"): STALE,
    ("pending", "confirm A by B from phone-a"): STALE,
    ("pending", "confirm A by A"): STALE,
    ("pending", "confirm B by A"): STALE,
    ("pending", "withdraw from phone-a"): NOTHING_TO_TAKE_BACK,
    ("pending", "withdraw from phone-b"): NOTHING_TO_TAKE_BACK,
    ("reported", "front A"): ("confirmed", A, "result_record"),
    ("reported", "front B"): ("conflict", None, "result_conflict"),
    ("reported", "report A from phone-a"): NO_CHANGE,
    ("reported", "report B from phone-a"): ("reported", B, "table_report_change"),
    ("reported", "report A from phone-b"): NO_CHANGE,
    ("reported", "report B from phone-b"): ("conflict", None, "result_conflict"),
    ("reported", "confirm A by B"): ("confirmed", A, "table_confirm"),
    # The phone that reported cannot also agree: a second device must.
    ("reported", "confirm A by B from phone-a"): SAME_DEVICE_403,
    ("reported", "confirm A by A"): ("refused", 400, False),
    ("reported", "confirm B by A"): STALE,
    ("reported", "withdraw from phone-a"): ("pending", None, "table_withdraw"),
    ("reported", "withdraw from phone-b"): NOTHING_TO_TAKE_BACK,
    ("confirmed", "front A"): NO_CHANGE,
    ("confirmed", "front B"): ("confirmed", B, "result_change"),
    ("confirmed", "report A from phone-a"): NO_CHANGE,
    ("confirmed", "report B from phone-a"): ("conflict", None, "result_conflict"),
    ("confirmed", "report A from phone-b"): NO_CHANGE,
    ("confirmed", "report B from phone-b"): ("conflict", None, "result_conflict"),
    ("confirmed", "confirm A by B"): NO_CHANGE,
    ("confirmed", "confirm A by B from phone-a"): NO_CHANGE,
    ("confirmed", "confirm A by A"): NO_CHANGE,
    ("confirmed", "confirm B by A"): STALE,
    ("confirmed", "withdraw from phone-a"): NOTHING_TO_TAKE_BACK,
    ("confirmed", "withdraw from phone-b"): NOTHING_TO_TAKE_BACK,
    ("conflict", "front A"): ("confirmed", A, "result_settle"),
    ("conflict", "front B"): ("confirmed", B, "result_settle"),
    ("conflict", "report A from phone-a"): CONFLICT_409,
    ("conflict", "report B from phone-a"): CONFLICT_409,
    ("conflict", "report A from phone-b"): CONFLICT_409,
    ("conflict", "report B from phone-b"): CONFLICT_409,
    ("conflict", "confirm A by B"): CONFLICT_409,
    ("conflict", "confirm A by B from phone-a"): CONFLICT_409,
    ("conflict", "confirm A by A"): CONFLICT_409,
    ("conflict", "confirm B by A"): CONFLICT_409,
    ("conflict", "withdraw from phone-a"): NOTHING_TO_TAKE_BACK,
    ("conflict", "withdraw from phone-b"): NOTHING_TO_TAKE_BACK,
    **{("sitout", e): SITOUT_400 for e in EVENTS if not e.startswith("withdraw")},
    ("sitout", "withdraw from phone-a"): NOTHING_TO_TAKE_BACK,
    ("sitout", "withdraw from phone-b"): NOTHING_TO_TAKE_BACK,
}


def test_every_status_and_event_has_an_expected_outcome():
    assert set(EXPECTED) == {(t, e) for t in TABLES for e in EVENTS}


@pytest.mark.parametrize(("table", "event"), sorted(EXPECTED))
def test_each_status_and_event(table, event):
    expected = EXPECTED[(table, event)]
    before = TABLES[table]
    if isinstance(expected, tuple) and expected[0] == "refused":
        with pytest.raises(Refused) as refused:
            EVENTS[event](before)
        assert (refused.value.http, refused.value.stale) == expected[1:]
        assert refused.value.message
        return
    step = EVENTS[event](before)
    if expected == NO_CHANGE:
        assert not step.changes
        assert (step.status, step.winner) == (before.status, before.winner)
    else:
        assert step.changes
        assert (step.status, step.winner, step.action) == expected
        assert step.action in rules.RESULT_ACTIONS
        assert step.summary
    assert step.answer


@pytest.mark.parametrize(
    ("event", "summary", "answer"),
    [
        (
            lambda: rules.front(REPORTED, pair=B),
            "Game %(game)d, table %(table)d: the front says pair %(pair)d won, "
            "the table said pair %(old)d: in conflict",
            "In conflict: the table said pair %(old)d won. Tap the winner to settle.",
        ),
        (
            lambda: rules.front(CONFIRMED, pair=B),
            "Game %(game)d, table %(table)d: pair %(pair)d won (was pair %(old)d)",
            "Changed: pair %(pair)d won.",
        ),
        (
            lambda: rules.report(PENDING, pair=A, device="phone-a"),
            "Game %(game)d, table %(table)d: the table reports pair %(pair)d won",
            "Pair %(pair)d won: waiting for pair %(other)d to agree.",
        ),
        (
            lambda: rules.confirm(REPORTED, pair=A, confirmer=B, device="phone-b"),
            "Game %(game)d, table %(table)d: pair %(other)d agrees pair %(pair)d won",
            "Counted: pair %(pair)d won, pair %(other)d agreed.",
        ),
    ],
)
def test_the_words_of_the_audit_entry_and_the_answer(event, summary, answer):
    step = event()
    assert (step.summary, step.answer) == (summary, answer)


def test_a_report_keeps_the_reporting_device_and_nothing_else_does():
    assert rules.report(PENDING, pair=A, device="phone-a").device == "phone-a"
    assert rules.front(PENDING, pair=A).device == ""
    assert rules.confirm(REPORTED, pair=A, confirmer=B, device="phone-b").device == ""
    assert rules.front(REPORTED, pair=B).device == ""


# --- undo ---------------------------------------------------------------------


def test_undo_goes_back_to_what_the_table_showed_before():
    step = rules.undo(CONFIRMED, done_winner=A, done_status=Status.CONFIRMED, before=PENDING)
    assert (step.status, step.winner, step.action) == (Status.PENDING, None, "result_undo")


def test_undo_of_a_change_gives_back_the_earlier_winner():
    before = Table(Status.CONFIRMED, B)
    step = rules.undo(CONFIRMED, done_winner=A, done_status=Status.CONFIRMED, before=before)
    assert (step.status, step.winner) == (Status.CONFIRMED, B)


def test_undo_of_a_confirmation_gives_back_the_waiting_report_with_its_device():
    step = rules.undo(CONFIRMED, done_winner=A, done_status=Status.CONFIRMED, before=REPORTED)
    assert (step.status, step.winner, step.device) == (Status.REPORTED, A, "phone-a")


def test_undo_of_a_conflict_gives_back_the_report():
    step = rules.undo(CONFLICT, done_winner=None, done_status=Status.CONFLICT, before=REPORTED)
    assert (step.status, step.winner) == (Status.REPORTED, A)


def test_undo_of_an_old_entry_without_a_status_checks_only_the_winner():
    step = rules.undo(CONFIRMED, done_winner=A, done_status=None, before=PENDING)
    assert step.status == Status.PENDING
    with pytest.raises(Refused):
        rules.undo(CONFIRMED, done_winner=B, done_status=None, before=PENDING)


@pytest.mark.parametrize(
    ("table", "done_winner", "done_status"),
    [
        (CONFIRMED, B, Status.CONFIRMED),  # changed to another winner since
        (REPORTED, A, Status.CONFIRMED),  # same winner, other status
        (PENDING, A, Status.CONFIRMED),  # taken back since
    ],
)
def test_undo_is_refused_when_the_table_has_changed_since(table, done_winner, done_status):
    with pytest.raises(Refused) as refused:
        rules.undo(table, done_winner=done_winner, done_status=done_status, before=PENDING)
    assert refused.value.stale and refused.value.http == 409


def test_an_old_entry_with_a_counted_status_but_no_winner_goes_back_to_playing():
    for status in (Status.CONFIRMED, Status.REPORTED):
        step = rules.undo(
            CONFIRMED, done_winner=A, done_status=Status.CONFIRMED, before=Table(status, None)
        )
        assert (step.status, step.winner, step.device) == (Status.PENDING, None, "")


# --- invariants over any sequence of events ------------------------------------

event = st.one_of(
    st.builds(lambda p: ("front", p), st.sampled_from([A, B])),
    st.builds(lambda p, d: ("report", p, d), st.sampled_from([A, B]), st.sampled_from(["x", "y"])),
    st.builds(
        lambda p, c, d: ("confirm", p, c, d),
        st.sampled_from([A, B]),
        st.sampled_from([A, B]),
        st.sampled_from(["x", "y"]),
    ),
    st.builds(lambda d: ("withdraw", d), st.sampled_from(["x", "y"])),
)


def _apply(table: Table, e) -> Table:
    kind, *args = e
    if kind == "front":
        step = rules.front(table, pair=args[0])
    elif kind == "report":
        step = rules.report(table, pair=args[0], device=args[1])
    elif kind == "confirm":
        step = rules.confirm(table, pair=args[0], confirmer=args[1], device=args[2])
    else:
        step = rules.withdraw(table, device=args[0])
    return Table(step.status, step.winner, step.device if step.status == Status.REPORTED else "")


@given(st.lists(event, max_size=12))
def test_any_sequence_keeps_the_tables_invariants(events):
    """The database's check constraint holds (a winner exactly when reported or counted),
    only a waiting report has a device, and only the front counts a table in conflict."""
    table = PENDING
    for e in events:
        before = table
        try:
            table = _apply(table, e)
        except Refused:
            continue
        assert (table.winner is None) == (table.status in (Status.PENDING, Status.CONFLICT))
        assert bool(table.device) == (table.status == Status.REPORTED)
        if before.status == Status.CONFLICT:
            assert e[0] in ("front",)
        if table.status == Status.CONFIRMED and before.status != Status.CONFIRMED:
            assert e[0] in ("front", "confirm")
        if e[0] == "confirm" and table.status != before.status:
            # A table report is never agreed to by the device that sent it.
            assert e[3] != before.device


def test_the_reporting_device_is_refused_with_a_plain_reason():
    with pytest.raises(Refused) as refused:
        rules.confirm(REPORTED, pair=A, confirmer=B, device="phone-a")
    assert refused.value.http == 403 and not refused.value.stale
    assert refused.value.message.startswith("This phone sent the report")
