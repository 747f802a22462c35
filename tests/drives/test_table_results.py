"""Results reported at the tables: confirmation by the other pair, conflicts, retries.

drives/services.py: table_report, table_confirm, table_withdraw and the front's
result_record when a table has reported.
"""

from __future__ import annotations

import pytest

from clubs.interface import DriveError, Origin, StaleError
from clubs.models import AuditEntry
from drives import services
from drives.models import Submission, TableGame
from tests.builders import NOW, row_counts, started_drive

pytestmark = pytest.mark.django_db

TABLE = Origin(source="table", device="test phone")


@pytest.fixture
def running(club, organizer):
    return started_drive(club, organizer, pairs=8)


def pairs_at(drive, table, game=None):
    tg = TableGame.objects.get(drive=drive, game=game or drive.current_game, table=table)
    return tuple(s.pair.number for s in tg.seats.order_by("slot").select_related("pair"))


def state(drive, table=1):
    tg = TableGame.objects.get(drive=drive, game=drive.current_game, table=table)
    return (tg.status, tg.winner.number if tg.winner else None)


_keys = iter(range(10**6))


def key():
    return f"key-{next(_keys):08d}"


def report(drive, winner, device="dev-a", table=1, k=None, game=None):
    return services.table_report(
        drive=drive,
        game=game or drive.current_game,
        table=table,
        winner_number=winner,
        key=key() if k is None else k,
        device=device,
        now=NOW,
        origin=TABLE,
    )


def confirm(drive, winner, confirmer, device="dev-b", table=1, k=None):
    return services.table_confirm(
        drive=drive,
        game=drive.current_game,
        table=table,
        winner_number=winner,
        confirmer_number=confirmer,
        key=k or key(),
        device=device,
        now=NOW,
        origin=TABLE,
    )


def front(drive, winner, actor, table=1):
    return services.result_record(
        drive=drive,
        game=drive.current_game,
        table=table,
        winner_number=winner,
        actor=actor,
        now=NOW,
    )


def refused(call, match, error=DriveError, status=None, audited=False):
    """The call is refused and writes nothing; a refused confirmation writes only its
    audit entry (audited=True), with the reason, or the entry that counts a table's wrong
    pair codes (audited="table_codes_refused")."""
    before = row_counts()
    states = list(TableGame.objects.values_list("status", "winner_id", "version"))
    with pytest.raises(error, match=match) as caught:
        call()
    if audited:
        before["AuditEntry"] += 1
        entry = AuditEntry.objects.order_by("-id").first()
        assert entry.action == ("table_confirm_refused" if audited is True else audited)
        if audited is True:
            assert caught.value.message in entry.summary
    assert row_counts() == before
    assert list(TableGame.objects.values_list("status", "winner_id", "version")) == states
    if status:
        assert caught.value.status == status
    return caught.value


def actions(drive):
    return list(
        AuditEntry.objects.filter(drive=drive)
        .exclude(action__in=("drive_create", "pairs_bulk_add", "drive_start"))
        .order_by("id")
        .values_list("action", flat=True)
    )


def test_a_table_report_waits_for_the_other_pair_then_counts(running):
    a, b = pairs_at(running, 1)
    answer = report(running, a)
    assert answer.message == f"Pair {a} won: waiting for pair {b} to agree."
    assert state(running) == ("reported", a)
    assert 1 in services.missing_tables(running, 1)  # does not count yet
    answer = confirm(running, a, b)
    assert answer.message == f"Counted: pair {a} won, pair {b} agreed."
    assert state(running) == ("confirmed", a)
    assert 1 not in services.missing_tables(running, 1)
    assert actions(running) == ["table_report", "table_confirm"]
    tg = TableGame.objects.get(drive=running, game=1, table=1)
    assert tg.source == "table"


def test_the_same_submission_five_times_is_one_result_and_one_audit_entry(running):
    a, b = pairs_at(running, 1)
    answers = [report(running, a, k="same-key-123") for _ in range(5)]
    assert {x.message for x in answers} == {answers[0].message}
    assert [x.replayed for x in answers] == [False, True, True, True, True]
    assert Submission.objects.filter(drive=running).count() == 1
    assert actions(running) == ["table_report"]
    confirms = [confirm(running, a, b, k="agree-key-1") for _ in range(5)]
    assert {x.message for x in confirms} == {f"Counted: pair {a} won, pair {b} agreed."}
    assert Submission.objects.filter(drive=running).count() == 2
    assert actions(running) == ["table_report", "table_confirm"]


def test_a_retry_after_the_game_moved_on_gets_its_first_answer(running, organizer):
    a, b = pairs_at(running, 1)
    first = report(running, a, k="late-retry-1")
    confirm(running, a, b)
    from tests.builders import play_game

    play_game(running, organizer)
    services.game_advance(drive=running, from_game=1, actor=organizer, now=NOW)
    running.refresh_from_db()
    again = report(running, a, k="late-retry-1", game=1)
    assert again.replayed and again.message == first.message
    refused(lambda: report(running, a, game=1), "That was game 1", StaleError, 409)


def test_the_reporting_device_may_change_its_own_report(running):
    a, b = pairs_at(running, 1)
    report(running, a, device="dev-a")
    report(running, b, device="dev-a")
    assert state(running) == ("reported", b)
    assert actions(running) == ["table_report", "table_report_change"]


def test_another_device_reporting_the_other_winner_is_a_conflict(running, organizer):
    a, b = pairs_at(running, 1)
    report(running, a, device="dev-a")
    answer = report(running, b, device="dev-b")
    assert "conflict" in answer.message
    assert state(running) == ("conflict", None)
    kinds = Submission.objects.filter(drive=running).values_list("device", "winner__number")
    assert sorted(kinds) == sorted([("dev-a", a), ("dev-b", b)])
    # It blocks the next game and the prizes until the front settles it.
    assert 1 in services.missing_tables(running, 1)
    refused(lambda: confirm(running, a, b), "conflict", status=409, audited=True)
    refused(lambda: report(running, a, device="dev-c"), "conflict", status=409)
    front(running, b, organizer)
    assert state(running) == ("confirmed", b)
    assert actions(running)[-1] == "result_settle"


def test_another_device_reporting_the_same_winner_changes_nothing(running):
    a, _b = pairs_at(running, 1)
    report(running, a, device="dev-a")
    answer = report(running, a, device="dev-b")
    assert state(running) == ("reported", a)
    assert "waiting" in answer.message
    assert actions(running) == ["table_report"]


def test_a_table_report_against_the_front_result_is_a_conflict(running, organizer):
    a, b = pairs_at(running, 1)
    front(running, a, organizer)
    report(running, a)  # agrees: nothing happens
    assert state(running) == ("confirmed", a)
    report(running, b)
    assert state(running) == ("conflict", None)


def test_the_front_confirms_an_agreeing_report_and_conflicts_a_different_one(running, organizer):
    a, b = pairs_at(running, 1)
    report(running, a)
    front(running, a, organizer)
    assert state(running) == ("confirmed", a)
    c, d = pairs_at(running, 2)
    report(running, c, table=2)
    front(running, d, organizer, table=2)
    assert state(running, 2) == ("conflict", None)
    front(running, d, organizer, table=2)
    assert state(running, 2) == ("confirmed", d)
    tg = TableGame.objects.get(drive=running, game=1, table=2)
    assert tg.source == "front"


def test_the_winner_cannot_confirm_its_own_win(running):
    a, _b = pairs_at(running, 1)
    report(running, a)
    refused(lambda: confirm(running, a, a), "the other pair agrees", status=400, audited=True)


def test_a_confirmation_of_a_changed_report_is_refused(running):
    a, b = pairs_at(running, 1)
    report(running, a, device="dev-a")
    report(running, b, device="dev-a")
    refused(lambda: confirm(running, a, b), "has changed", StaleError, 409, audited=True)


def test_a_confirmation_without_a_report_is_refused(running):
    a, b = pairs_at(running, 1)
    refused(lambda: confirm(running, a, b), "has changed", StaleError, 409, audited=True)


def test_pair_numbers_not_at_the_table_are_refused(running):
    a, b = pairs_at(running, 1)
    c, _d = pairs_at(running, 2)
    refused(lambda: report(running, c), f"Pair {c} is not seated at table 1", status=400)
    report(running, a)
    refused(lambda: confirm(running, a, c), f"Pair {c} is not seated", status=400, audited=True)
    refused(lambda: report(running, 999), "Pair 999 is not seated", status=400)


def test_the_reporting_device_cannot_confirm_its_own_report(running):
    a, b = pairs_at(running, 1)
    report(running, a, device="dev-a")
    refused(
        lambda: confirm(running, a, b, device="dev-a"),
        "This phone sent the report",
        status=403,
        audited=True,
    )
    assert state(running) == ("reported", a)
    entry = AuditEntry.objects.get(action="table_confirm_refused")
    assert entry.new == {
        "game": 1,
        "table": 1,
        "device": "dev-a",
        "status": 403,
        "why": entry.summary.split(": an agreement was refused: ")[1],
        "count": 1,
    }
    assert entry.new["why"].startswith("This phone sent the report")
    assert entry.source == TABLE.source and entry.actor is None
    assert confirm(running, a, b, device="dev-b").message.startswith("Counted")


def test_in_pair_code_mode_only_the_other_pairs_code_agrees(running, organizer):
    services.drive_screens_set(drive=running, actor=organizer, now=NOW, confirm_by_code=True)
    running.refresh_from_db()
    a, b = pairs_at(running, 1)
    codes = dict(running.pairs.values_list("number", "code"))
    report(running, a, device="dev-a")

    def by_code(code):
        return services.table_confirm(
            drive=running,
            game=1,
            table=1,
            winner_number=a,
            code=code,
            key=key(),
            device="dev-b",
            now=NOW,
            origin=TABLE,
        )

    counted = "table_codes_refused"
    refused(lambda: by_code(codes[a]), f"That is pair {a}'s code", status=400, audited=counted)
    refused(lambda: by_code(None), "Type your pair code", status=400, audited=True)
    wrong = next(c for n, c in codes.items() if n not in (a, b))
    # The second wrong code counts up the first one's entry, the same refusal again its own.
    refused(lambda: by_code(wrong), f"not pair {b}'s code", status=400)
    refused(lambda: confirm(running, a, b), "Type your pair code", status=400)
    assert AuditEntry.objects.get(action=counted).new == {
        "game": 1,
        "table": 1,
        "wrong": 2,
        "after_lock": 0,
    }
    assert AuditEntry.objects.get(action="table_confirm_refused").new["count"] == 2
    assert by_code(codes[b].lower()).message == f"Counted: pair {a} won, pair {b} agreed."
    assert state(running) == ("confirmed", a)


def test_every_pair_gets_a_code_unique_in_its_drive_without_look_alikes(running, organizer):
    from django.db import IntegrityError, transaction

    from drives import pair_codes
    from tests.builders import make_drive

    other = make_drive(running.club, organizer, name="Next Friday")
    one = services.pair_add(drive=other, actor=organizer, now=NOW, player1="A", player2="B")
    codes = list(running.pairs.values_list("code", flat=True)) + [one.code]
    assert len(set(codes[:-1])) == 8
    assert all(pair_codes.is_code(c) for c in codes)
    assert not set("".join(codes)) & set("OQDILSZBGUVAE0125678")
    # The database holds it: two pairs of one drive never share a code.
    first, second = running.pairs.all()[:2]
    second.code = first.code
    with pytest.raises(IntegrityError), transaction.atomic():
        second.save(update_fields=["code"])


@pytest.mark.parametrize("bad", ["", "short", "x" * 65, "has space!", None])
def test_a_missing_or_malformed_key_is_refused(running, bad):
    a, _b = pairs_at(running, 1)
    refused(lambda: report(running, a, k=bad or ""), "no valid key", status=400)


def test_a_key_used_at_another_table_is_refused(running):
    a, _b = pairs_at(running, 1)
    c, _d = pairs_at(running, 2)
    report(running, a, k="shared-key-1")
    refused(lambda: report(running, c, table=2, k="shared-key-1"), "another table", status=409)


def test_the_reporting_device_can_take_its_report_back(running):
    a, _b = pairs_at(running, 1)
    report(running, a, device="dev-a")
    refused(
        lambda: services.table_withdraw(
            drive=running, game=1, table=1, key=key(), device="dev-b", now=NOW, origin=TABLE
        ),
        "no report from this device",
        status=409,
    )
    services.table_withdraw(
        drive=running, game=1, table=1, key=key(), device="dev-a", now=NOW, origin=TABLE
    )
    assert state(running) == ("pending", None)


def test_undo_at_the_front_takes_back_table_submissions_in_order(running, organizer):
    a, b = pairs_at(running, 1)
    report(running, a, device="dev-a")
    report(running, b, device="dev-b")
    assert state(running) == ("conflict", None)
    services.result_undo(drive=running, actor=organizer, now=NOW)
    assert state(running) == ("reported", a)
    tg = TableGame.objects.get(drive=running, game=1, table=1)
    assert tg.reported_device == "dev-a"  # that device may still change its own report
    services.result_undo(drive=running, actor=organizer, now=NOW)
    assert state(running) == ("pending", None)


def test_a_sitout_table_takes_no_report(club, organizer):
    drive = started_drive(club, organizer, pairs=7)
    sitout = TableGame.objects.get(drive=drive, game=1, status="sitout")
    [number] = pairs_at(drive, sitout.table)
    refused(lambda: report(drive, number, table=sitout.table), "sit-out")


def test_a_finished_or_unstarted_drive_takes_no_report(club, organizer):
    from tests.builders import add_pairs, make_drive

    drive = make_drive(club, organizer)
    add_pairs(drive, organizer, 4)
    refused(lambda: report(drive, 1, game=1), "not started", status=409)


def test_a_report_waiting_for_agreement_is_not_punched(running):
    from drives import queries

    a, b = pairs_at(running, 1)
    report(running, a)
    punched = queries.punched_games(running)
    winner_pk = running.pairs.get(number=a).pk
    assert 1 not in punched.get(winner_pk, [])
    confirm(running, a, b)
    assert 1 in queries.punched_games(running)[winner_pk]
