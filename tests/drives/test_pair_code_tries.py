"""Pair codes cannot be guessed (issue 24): a table takes pair_codes.TRIES wrong codes in a
game, then no more; the right code then gets the wrong one's answer, the front table enters
the result, and the refusals leave one audit entry a table and game, not one a try.

drives/services/results.py: table_confirm (its code check under the table's row lock) and
result_enter (the front's entry sets the count back).
"""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from clubs.interface import DriveError, Origin
from clubs.models import AuditEntry
from drives import pair_codes, services
from drives.models import TableGame
from tests.builders import NOW, play_game, started_drive

pytestmark = pytest.mark.django_db

TABLE = Origin(source="table 1: phone-b", device="10.0.0.7 test phone")
LOCKED = "Too many wrong codes at this table: ask the front table."


@pytest.fixture
def running(club, organizer):
    return started_drive(club, organizer, pairs=8, confirm_by_code=True)


def pairs_at(drive, table=1):
    tg = TableGame.objects.get(drive=drive, game=drive.current_game, table=table)
    return tuple(s.pair.number for s in tg.seats.order_by("slot").select_related("pair"))


def code_of(drive, number):
    return drive.pairs.get(number=number).code


def a_wrong_code(drive):
    """A code no pair of the drive has (so it is wrong at every table)."""
    taken = set(drive.pairs.values_list("code", flat=True))
    return next(c for c in ("CCCC", "FFFF", "HHHH", "JJJJ") if c not in taken)


_keys = iter(range(10**6))


def report(drive, winner, table=1):
    return services.table_report(
        drive=drive, game=drive.current_game, table=table, winner_number=winner,
        key=f"report-{next(_keys):06d}", device="phone-a", now=NOW, origin=TABLE,
    )  # fmt: skip


def agree(drive, winner, code, table=1, device="phone-b"):
    return services.table_confirm(
        drive=drive, game=drive.current_game, table=table, winner_number=winner, code=code,
        key=f"agree-{next(_keys):06d}", device=device, now=NOW, origin=TABLE,
    )  # fmt: skip


def refusal(call) -> DriveError:
    with pytest.raises(DriveError) as caught:
        call()
    return caught.value


def table_row(drive, table=1):
    return TableGame.objects.get(drive=drive, game=drive.current_game, table=table)


def test_five_wrong_codes_then_the_right_one_is_refused_as_a_wrong_one(running):
    a, b = pairs_at(running)
    report(running, a)
    wrong = a_wrong_code(running)
    answers = [refusal(lambda: agree(running, a, wrong)) for _ in range(pair_codes.TRIES - 1)]
    assert [e.message for e in answers] == [
        f"That is not pair {b}'s code: check the code on pair {b}'s card. "
        f"{left} more wrong {'code' if left == 1 else 'codes'} and the front table enters the "
        "result."
        for left in (4, 3, 2, 1)
    ]
    assert {e.status for e in answers} == {400}
    assert table_row(running).wrong_codes == 4 and not table_row(running).codes_locked
    fifth = refusal(lambda: agree(running, a, wrong))
    assert (fifth.status, fifth.message) == (429, LOCKED)
    right = refusal(lambda: agree(running, a, code_of(running, b)))
    again = refusal(lambda: agree(running, a, wrong))
    winners = refusal(lambda: agree(running, a, code_of(running, a)))
    empty = refusal(lambda: agree(running, a, ""))
    for answer in (right, again, winners, empty):
        assert (type(answer), answer.status, answer.message) == (type(fifth), 429, LOCKED)
    tg = table_row(running)
    assert (tg.status, tg.winner.number, tg.wrong_codes) == ("reported", a, pair_codes.TRIES)


def test_the_right_code_before_the_fifth_wrong_one_still_counts(running):
    a, b = pairs_at(running)
    report(running, a)
    for typed in (code_of(running, a), a_wrong_code(running), "", "K-M", code_of(running, a)):
        refusal(lambda typed=typed: agree(running, a, typed))
    assert table_row(running).wrong_codes == 4  # typing nothing is no wrong code
    assert agree(running, a, code_of(running, b)).message.startswith("Counted")
    assert table_row(running).status == "confirmed"


def test_the_front_table_enters_the_result_and_the_table_takes_codes_again(running, organizer):
    a, b = pairs_at(running)
    report(running, a)
    for _ in range(pair_codes.TRIES):
        refusal(lambda: agree(running, a, a_wrong_code(running)))
    assert table_row(running).needs_the_front
    tg = services.result_record(
        drive=running, game=1, table=1, winner_number=a, actor=organizer, now=NOW
    )
    assert (tg.status, tg.wrong_codes) == ("confirmed", 0)
    row = table_row(running)
    assert (row.status, row.winner.number, row.wrong_codes) == ("confirmed", a, 0)
    assert not row.needs_the_front
    entry = AuditEntry.objects.filter(drive=running).order_by("-id").first()
    assert entry.action == "result_record"
    assert entry.old["wrong_codes"] == pair_codes.TRIES and "wrong_codes" not in entry.new
    # Taken back, the report waits again and the other pair may type its code.
    services.result_undo(drive=running, actor=organizer, now=NOW)
    assert table_row(running).status == "reported"
    assert agree(running, a, code_of(running, b)).message.startswith("Counted")


def test_a_front_tap_for_the_other_pair_puts_it_in_conflict_and_sets_codes_back(running, organizer):
    a, b = pairs_at(running)
    report(running, a)
    for _ in range(pair_codes.TRIES):
        refusal(lambda: agree(running, a, a_wrong_code(running)))
    services.result_record(
        drive=running, game=1, table=1, winner_number=b, actor=organizer, now=NOW
    )
    assert (table_row(running).status, table_row(running).wrong_codes) == ("conflict", 0)
    services.result_record(
        drive=running, game=1, table=1, winner_number=b, actor=organizer, now=NOW
    )
    assert (table_row(running).status, table_row(running).winner.number) == ("confirmed", b)


def test_thirty_wrong_codes_add_two_audit_entries(running):
    a, _b = pairs_at(running)
    report(running, a)
    before = AuditEntry.objects.count()
    for _ in range(30):
        refusal(lambda: agree(running, a, a_wrong_code(running)))
    assert AuditEntry.objects.count() - before <= 2
    counted = AuditEntry.objects.get(action="table_codes_refused")
    assert counted.new == {"game": 1, "table": 1, "wrong": 5, "after_lock": 25}
    assert counted.text == (
        "Game 1, table 1: 5 wrong pair codes, then 25 more codes refused: the table takes no "
        "more codes"
    )
    assert counted.source == TABLE.source and counted.device == TABLE.device
    locked = AuditEntry.objects.get(action="table_codes_locked")
    assert locked.text == (
        "Game 1, table 1: 5 wrong pair codes: the table takes no more codes in this game, the "
        "front table enters its result"
    )
    assert locked.new == {"game": 1, "table": 1, "wrong_codes": 5}


def test_the_entry_counts_up_in_words(running):
    a, _b = pairs_at(running)
    report(running, a)
    refusal(lambda: agree(running, a, a_wrong_code(running)))
    entry = AuditEntry.objects.get(action="table_codes_refused")
    assert entry.text == "Game 1, table 1: 1 wrong pair code typed"
    refusal(lambda: agree(running, a, a_wrong_code(running)))
    entry.refresh_from_db()
    assert entry.text == "Game 1, table 1: 2 wrong pair codes typed"


def test_other_refusals_are_one_entry_a_reason_with_a_count(running):
    a, _b = pairs_at(running)
    report(running, a)
    before = AuditEntry.objects.count()
    for _ in range(12):
        refusal(lambda: agree(running, a, ""))
    refusal(lambda: agree(running, 999, ""))
    assert AuditEntry.objects.count() - before == 2
    entry = AuditEntry.objects.get(action="table_confirm_refused", new__count=12)
    other = pairs_at(running)[1]
    assert entry.text == (
        "Game 1, table 1: an agreement was refused 12 times: Type your pair code (on your "
        f"punch card) to agree: pair {other}'s code."
    )
    assert table_row(running).wrong_codes == 0


def test_the_count_is_per_table_and_game(running, organizer):
    a, b = pairs_at(running)
    c, d = pairs_at(running, table=2)
    report(running, a)
    report(running, c, table=2)
    for _ in range(pair_codes.TRIES):
        refusal(lambda: agree(running, a, a_wrong_code(running)))
    assert agree(running, c, code_of(running, d), table=2).message.startswith("Counted")
    play_game(running, organizer)
    services.game_advance(drive=running, from_game=1, actor=organizer, now=NOW)
    running.refresh_from_db()
    assert {t.wrong_codes for t in TableGame.objects.filter(drive=running, game=2)} == {0}


def test_the_count_never_passes_the_tries(running):
    tg = table_row(running)
    with pytest.raises(IntegrityError), transaction.atomic():
        TableGame.objects.filter(pk=tg.pk).update(wrong_codes=pair_codes.TRIES + 1)
    TableGame.objects.filter(pk=tg.pk).update(wrong_codes=pair_codes.TRIES)
    a, b = pairs_at(running)
    report(running, a)
    # Read under the table's lock with the table: a locked table counts no further.
    assert refusal(lambda: agree(running, a, a_wrong_code(running))).message == LOCKED
    assert table_row(running).wrong_codes == pair_codes.TRIES


def test_the_tap_and_number_modes_count_no_codes(running, organizer):
    services.drive_screens_set(drive=running, actor=organizer, now=NOW, confirm_by_code=False)
    running.refresh_from_db()
    a, b = pairs_at(running)
    report(running, a)
    for _ in range(8):
        refusal(
            lambda: services.table_confirm(
                drive=running,
                game=1,
                table=1,
                winner_number=a,
                confirmer_number=a,
                key=f"agree-{next(_keys):06d}",
                device="phone-b",
                now=NOW,
                origin=TABLE,
            )  # fmt: skip
        )
    assert table_row(running).wrong_codes == 0
    assert not AuditEntry.objects.filter(action="table_codes_refused").exists()
