"""The words of the result rules (drives/results.py): every audit entry, answer and refusal.

tests/drives/test_results_rules.py says where each event takes a table; this file says what each
one writes and answers, word for word, and why a refusal refuses: its msgid, the values the
service fills in, its HTTP status and whether the screen was out of date. The rules hand
back gettext templates; the service fills them with its words (game, table, pair, ...), so
each example fills them as the service does and reads the sentence an organizer sees.
"""

import pytest

from drives import results as rules
from drives.results import Refused, Status, Table
from scoring.words import Msg, Said

A, B = 7, 12  # the two pairs at the table
PENDING = Table(Status.PENDING)
REPORTED = Table(Status.REPORTED, A, "phone-a")  # phone-a said pair 7 won
CONFIRMED = Table(Status.CONFIRMED, A)
CONFLICT = Table(Status.CONFLICT)
SITOUT = Table(Status.SITOUT)

# What the service fills the templates with (drives/services/results.py): game 3, table 2.
WORDS = {"game": 3, "table": 2, "pair": B, "other": A, "old": A}


def said(template: str) -> Said:
    """The template filled as the service fills it, remembering its msgid and values."""
    assert isinstance(template, Msg), "a rule's words are marked for translation"
    return template % WORDS


# --- changes: the audit entry and the answer ----------------------------------


@pytest.mark.parametrize(
    ("event", "action", "summary", "answer"),
    [
        pytest.param(
            lambda: rules.front(PENDING, pair=B),
            "result_record",
            "Game 3, table 2: pair 12 won",
            "Counted: pair 12 won.",
            id="front counts a table still playing",
        ),
        pytest.param(
            lambda: rules.front(Table(Status.REPORTED, B, "phone-a"), pair=B),
            "result_record",
            "Game 3, table 2: pair 12 won (table report confirmed)",
            "Counted: pair 12 won.",
            id="front agrees with the table's report",
        ),
        pytest.param(
            lambda: rules.front(REPORTED, pair=B),
            "result_conflict",
            "Game 3, table 2: the front says pair 12 won, the table said pair 7: in conflict",
            "In conflict: the table said pair 7 won. Tap the winner to settle.",
            id="front disagrees with the table's report",
        ),
        pytest.param(
            lambda: rules.front(CONFLICT, pair=B),
            "result_settle",
            "Game 3, table 2: conflict settled, pair 12 won",
            "Settled: pair 12 won.",
            id="front settles a conflict",
        ),
        pytest.param(
            lambda: rules.front(CONFIRMED, pair=B),
            "result_change",
            "Game 3, table 2: pair 12 won (was pair 7)",
            "Changed: pair 12 won.",
            id="front changes a counted result",
        ),
        pytest.param(
            lambda: rules.report(PENDING, pair=B, device="phone-b"),
            "table_report",
            "Game 3, table 2: the table reports pair 12 won",
            "Pair 12 won: waiting for pair 7 to agree.",
            id="a table reports",
        ),
        pytest.param(
            lambda: rules.report(REPORTED, pair=B, device="phone-a"),
            "table_report_change",
            "Game 3, table 2: the table reports pair 12 won",
            "Pair 12 won: waiting for pair 7 to agree.",
            id="the reporting phone changes its report",
        ),
        pytest.param(
            lambda: rules.report(REPORTED, pair=B, device="phone-b"),
            "result_conflict",
            "Game 3, table 2: the table reports pair 12 won, but pair 7 was reported: in conflict",
            "In conflict with another report: the front table will settle it.",
            id="another phone disagrees with a report",
        ),
        pytest.param(
            lambda: rules.report(CONFIRMED, pair=B, device="phone-b"),
            "result_conflict",
            "Game 3, table 2: the table reports pair 12 won, but pair 7 was reported: in conflict",
            "In conflict with another report: the front table will settle it.",
            id="a phone disagrees with a counted result",
        ),
        pytest.param(
            lambda: rules.confirm(
                Table(Status.REPORTED, B, "phone-b"), pair=B, confirmer=A, device="phone-a"
            ),
            "table_confirm",
            "Game 3, table 2: pair 7 agrees pair 12 won",
            "Counted: pair 12 won, pair 7 agreed.",
            id="the other pair agrees",
        ),
        pytest.param(
            lambda: rules.withdraw(Table(Status.REPORTED, B, "phone-b"), device="phone-b"),
            "table_withdraw",
            "Game 3, table 2: the table took back its report (pair 12)",
            "Report taken back: tap the pair that won.",
            id="the reporting phone takes its report back",
        ),
    ],
)
def test_each_change_writes_its_entry_and_answers_in_these_words(event, action, summary, answer):
    step = event()
    assert step.changes and step.action == action
    assert (said(step.summary), said(step.answer)) == (summary, answer)


def test_the_words_keep_their_msgid_and_the_values_the_service_filled_in():
    step = rules.front(CONFLICT, pair=B)
    summary, answer = said(step.summary), said(step.answer)
    assert summary.msgid == "Game %(game)d, table %(table)d: conflict settled, pair %(pair)d won"
    assert answer.msgid == "Settled: pair %(pair)d won."
    assert summary.params == answer.params == WORDS


def test_undo_writes_and_answers_the_entry_it_takes_back():
    step = rules.undo(CONFIRMED, done_winner=A, done_status=Status.CONFIRMED, before=PENDING)
    entry = "Game 3, table 2: pair 7 won"
    assert step.summary == step.answer == "Undone: %(entry)s"
    assert isinstance(step.summary, Msg) and isinstance(step.answer, Msg)
    assert step.summary % {"entry": entry} == "Undone: Game 3, table 2: pair 7 won"


# --- repeats: nothing written, the same answer again --------------------------


@pytest.mark.parametrize(
    ("event", "answer"),
    [
        pytest.param(
            lambda: rules.front(Table(Status.CONFIRMED, B), pair=B),
            "Counted: pair 12 won.",
            id="front again",
        ),
        pytest.param(
            lambda: rules.report(Table(Status.REPORTED, B, "phone-b"), pair=B, device="phone-b"),
            "Pair 12 won: waiting for pair 7 to agree.",
            id="the same report again",
        ),
        pytest.param(
            lambda: rules.report(Table(Status.REPORTED, B, "phone-b"), pair=B, device="phone-a"),
            "Pair 12 won: waiting for pair 7 to agree.",
            id="the same report from another phone",
        ),
        pytest.param(
            lambda: rules.report(Table(Status.CONFIRMED, B), pair=B, device="phone-b"),
            "Counted: pair 12 won.",
            id="a report of the counted winner",
        ),
        pytest.param(
            lambda: rules.confirm(
                Table(Status.CONFIRMED, B), pair=B, confirmer=A, device="phone-a"
            ),
            "Counted: pair 12 won.",
            id="agreeing again",
        ),
    ],
)
def test_a_repeat_writes_nothing_and_answers_as_before(event, answer):
    step = event()
    assert step.action is None and not step.changes
    assert step.summary == ""  # no audit entry, so no words for one
    assert said(step.answer) == answer


def test_a_repeat_keeps_the_waiting_reports_device():
    step = rules.report(REPORTED, pair=A, device="phone-b")
    assert (step.status, step.winner, step.device) == (Status.REPORTED, A, "phone-a")


# --- refusals: the reason, its values, the status ------------------------------

IN_CONFLICT = "This table's result is in conflict: the front table will settle it."
STALE_REPORT = "The report has changed since this page was shown: check it and tap again."
NOTHING_TO_TAKE_BACK = "There is no report from this device waiting for agreement to take back."


@pytest.mark.parametrize(
    ("event", "msgid", "http", "stale", "sentence"),
    [
        pytest.param(
            lambda: rules.front(SITOUT, pair=A),
            "Table %(table)d is a sit-out: it has no game to win.",
            400,
            False,
            "Table 2 is a sit-out: it has no game to win.",
            id="front at a sit-out",
        ),
        pytest.param(
            lambda: rules.report(SITOUT, pair=A, device="phone-a"),
            "Table %(table)d is a sit-out: it has no game to win.",
            400,
            False,
            "Table 2 is a sit-out: it has no game to win.",
            id="report at a sit-out",
        ),
        pytest.param(
            lambda: rules.confirm(SITOUT, pair=A, confirmer=B, device="phone-b"),
            "Table %(table)d is a sit-out: it has no game to win.",
            400,
            False,
            "Table 2 is a sit-out: it has no game to win.",
            id="confirm at a sit-out",
        ),
        pytest.param(
            lambda: rules.report(CONFLICT, pair=A, device="phone-a"),
            IN_CONFLICT,
            409,
            False,
            IN_CONFLICT,
            id="report in conflict",
        ),
        pytest.param(
            lambda: rules.confirm(CONFLICT, pair=A, confirmer=B, device="phone-b"),
            IN_CONFLICT,
            409,
            False,
            IN_CONFLICT,
            id="confirm in conflict",
        ),
        pytest.param(
            lambda: rules.confirm(PENDING, pair=A, confirmer=B, device="phone-b"),
            STALE_REPORT,
            409,
            True,
            STALE_REPORT,
            id="confirm after the report was taken back",
        ),
        pytest.param(
            lambda: rules.confirm(REPORTED, pair=B, confirmer=A, device="phone-b"),
            STALE_REPORT,
            409,
            True,
            STALE_REPORT,
            id="confirm a winner that is no longer reported",
        ),
        pytest.param(
            lambda: rules.confirm(
                Table(Status.REPORTED, B, "phone-a"), pair=B, confirmer=B, device="phone-b"
            ),
            "Pair %(pair)d won: the other pair agrees, not the winner.",
            400,
            False,
            "Pair 12 won: the other pair agrees, not the winner.",
            id="the winner agrees to its own win",
        ),
        pytest.param(
            lambda: rules.confirm(
                Table(Status.REPORTED, B, "phone-b"), pair=B, confirmer=A, device="phone-b"
            ),
            "This phone sent the report, so it cannot agree to it too. Pair %(other)d agrees "
            "on another phone, or the front table enters the result.",
            403,
            False,
            "This phone sent the report, so it cannot agree to it too. Pair 7 agrees "
            "on another phone, or the front table enters the result.",
            id="the reporting phone agrees",
        ),
        pytest.param(
            lambda: rules.withdraw(REPORTED, device="phone-b"),
            NOTHING_TO_TAKE_BACK,
            409,
            False,
            NOTHING_TO_TAKE_BACK,
            id="another phone takes back",
        ),
        pytest.param(
            lambda: rules.withdraw(CONFIRMED, device="phone-a"),
            NOTHING_TO_TAKE_BACK,
            409,
            False,
            NOTHING_TO_TAKE_BACK,
            id="take back a counted result",
        ),
        pytest.param(
            lambda: rules.undo(
                CONFIRMED, done_winner=B, done_status=Status.CONFIRMED, before=PENDING
            ),
            "Table %(table)d has changed since: undo it by tapping.",
            409,
            True,
            "Table 2 has changed since: undo it by tapping.",
            id="undo after the table changed",
        ),
    ],
)
def test_each_refusal_says_why_with_its_status(event, msgid, http, stale, sentence):
    with pytest.raises(Refused) as refused:
        event()
    message = refused.value.message
    assert (message, refused.value.http, refused.value.stale) == (msgid, http, stale)
    assert str(refused.value) == msgid  # the exception says its reason too
    filled = said(message)
    assert (filled, filled.msgid) == (sentence, msgid)


def test_a_refusal_without_a_status_is_a_conflict_and_not_stale():
    refused = Refused(rules.IN_CONFLICT)
    assert (refused.message, refused.http, refused.stale) == (IN_CONFLICT, 409, False)
    assert refused.args == (IN_CONFLICT,)


# --- undo: only a waiting report keeps a device --------------------------------


def test_undo_to_a_report_without_a_winner_plays_on_and_drops_its_device():
    """An old entry kept a reported status and its device but no winner: the table goes
    back to playing, and a table that is playing has no waiting report's device."""
    before = Table(Status.REPORTED, None, "phone-a")
    step = rules.undo(CONFIRMED, done_winner=A, done_status=Status.CONFIRMED, before=before)
    assert (step.status, step.winner, step.device) == (Status.PENDING, None, "")


def test_undo_to_a_counted_result_keeps_no_device():
    before = Table(Status.CONFIRMED, B, "phone-a")
    step = rules.undo(CONFIRMED, done_winner=A, done_status=Status.CONFIRMED, before=before)
    assert (step.status, step.winner, step.device) == (Status.CONFIRMED, B, "")
