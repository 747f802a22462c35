"""drives.queries.game_fingerprint: the fingerprint live screens poll with; and the board's
top pairs (board/contents.py)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from board import contents
from clubs.interface import Origin
from drives import queries, services
from drives.models import Pair, TableGame
from drives.queries import StandingRow
from tests.builders import NOW, make_drive, play_game, started_drive

pytestmark = pytest.mark.django_db

TABLE = Origin(source="table", device="tablet at the table")


def two_pair_tables(drive):
    """[(table, [pair numbers by slot])] of the current game's tables with two pairs."""
    out = []
    tables = TableGame.objects.filter(drive=drive, game=drive.current_game).order_by("table")
    for tg in tables.prefetch_related("seats__pair"):
        numbers = [s.pair.number for s in sorted(tg.seats.all(), key=lambda s: s.slot)]
        if len(numbers) == 2:
            out.append((tg.table, numbers))
    return out


@pytest.fixture
def drive(club, organizer):
    """9 pairs (four tables and a sit-out), 5 games, game 1 under way."""
    return started_drive(club, organizer, pairs=9, games=5, seed=7)


class Watch:
    """Takes the fingerprint and says whether it moved since the last look."""

    def __init__(self, drive):
        self.drive = drive
        self.last = queries.game_fingerprint(drive)

    def changed(self) -> bool:
        now = queries.game_fingerprint(self.drive)
        moved, self.last = now != self.last, now
        return moved


def test_nothing_changed_means_the_same_fingerprint(drive, organizer, client):
    watch = Watch(drive)
    # Reading is not changing: screens and read models leave it alone.
    services.advance_plan(drive)
    services.seating_of(drive, 1)
    contents.board(drive)
    assert not watch.changed()
    assert not watch.changed()


def test_a_front_result_its_change_and_its_undo_each_change_it(drive, organizer):
    watch = Watch(drive)
    [(table, (a, b)), *_] = two_pair_tables(drive)
    services.result_record(
        drive=drive, game=1, table=table, winner_number=a, actor=organizer, now=NOW
    )
    assert watch.changed()
    services.result_record(
        drive=drive, game=1, table=table, winner_number=b, actor=organizer, now=NOW
    )
    assert watch.changed()
    # Undo goes back to what the table showed before: pair a won.
    services.result_undo(drive=drive, actor=organizer, now=NOW)
    assert watch.changed()
    assert TableGame.objects.get(drive=drive, game=1, table=table).winner.number == a
    # The same winner tapped again writes nothing, and the fingerprint stays.
    services.result_record(
        drive=drive, game=1, table=table, winner_number=a, actor=organizer, now=NOW
    )
    assert not watch.changed()


def test_a_table_report_its_confirmation_and_a_conflict_each_change_it(drive, organizer):
    watch = Watch(drive)
    [(table, (a, b)), (other, (c, d)), *_] = two_pair_tables(drive)
    report = {"drive": drive, "game": 1, "table": table, "now": NOW, "origin": TABLE}
    services.table_report(**report, winner_number=a, key="k-report-1", device="phone-a")
    assert watch.changed()
    assert TableGame.objects.get(drive=drive, game=1, table=table).status == "reported"
    services.table_confirm(
        **report, winner_number=a, confirmer_number=b, key="k-confirm-1", device="phone-b"
    )
    assert watch.changed()

    report["table"] = other
    services.table_report(**report, winner_number=c, key="k-report-2", device="phone-c")
    assert watch.changed()
    services.table_report(**report, winner_number=d, key="k-report-3", device="phone-d")
    assert TableGame.objects.get(drive=drive, game=1, table=other).status == "conflict"
    assert watch.changed()
    services.result_record(
        drive=drive, game=1, table=other, winner_number=c, actor=organizer, now=NOW
    )
    assert watch.changed()


def test_the_next_game_and_its_undo_each_change_it(drive, organizer):
    play_game(drive, organizer)
    watch = Watch(drive)
    services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW)
    assert watch.changed()
    services.game_undo(drive=drive, from_game=2, actor=organizer, now=NOW)
    assert watch.changed()


def test_seat_changes_change_it_even_when_every_count_stays_the_same(drive, organizer):
    play_game(drive, organizer)
    services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW)
    watch = Watch(drive)
    [(_, (a, b)), (_, (c, _d)), *_] = two_pair_tables(drive)
    # A swap keeps the tables, the seats and the statuses: only the rebuilt rows tell.
    services.seat_swap(drive=drive, from_game=2, a=a, b=c, actor=organizer, now=NOW)
    assert watch.changed()
    services.pair_arrive(
        drive=drive, from_game=2, player1="Late", player2="Comer", actor=organizer, now=NOW
    )
    assert watch.changed()
    services.pair_leave(drive=drive, from_game=2, number=b, actor=organizer, now=NOW)
    assert watch.changed()


def test_a_corrected_name_and_a_finished_drive_change_it(club, organizer):
    drive = started_drive(club, organizer, pairs=4, games=1, seed=3)
    watch = Watch(drive)
    pair = Pair.objects.get(drive=drive, number=1)
    services.pair_update(pair=pair, actor=organizer, now=NOW, player1="Máire", player2="Seán")
    assert watch.changed()
    play_game(drive, organizer)
    assert watch.changed()
    services.drive_finish(drive=drive, from_game=1, actor=organizer, now=NOW)
    assert watch.changed()


def test_a_pair_registered_before_the_start_changes_it(club, organizer):
    drive = make_drive(club, organizer)
    watch = Watch(drive)
    services.pair_add(drive=drive, actor=organizer, now=NOW, player1="Rita", player2="Joe")
    assert watch.changed()


@pytest.mark.parametrize("n", [20, 120])
def test_it_takes_one_query_at_20_and_at_120_pairs(club, organizer, n):
    drive = started_drive(club, organizer, pairs=n, games=5, seed=n)
    play_game(drive, organizer)
    services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW)
    with CaptureQueriesContext(connection) as ctx:
        queries.game_fingerprint(drive)
    assert len(ctx.captured_queries) == 1


def test_it_reads_the_drive_afresh_not_the_object_it_is_given(drive, organizer):
    stale = type(drive).objects.get(pk=drive.pk)
    before = queries.game_fingerprint(stale)
    play_game(drive, organizer)
    services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW)
    assert stale.current_game == 1
    assert queries.game_fingerprint(stale) != before
    assert queries.game_fingerprint(stale) == queries.game_fingerprint(drive)


# --- the board's top pairs -------------------------------------------------------


def rows_of(tallies: dict[int, int]) -> list[StandingRow]:
    pairs = {n: Pair(number=n, player1=f"P{n}a", player2=f"P{n}b") for n in tallies}
    order = sorted(tallies, key=lambda n: (-tallies[n], n))
    return [StandingRow(rank=0, pair=pairs[n], won=tallies[n], punched=frozenset()) for n in order]


def shown(levels):
    return [(lv.won, [p.number for p in lv.pairs], lv.more) for lv in levels]


def test_top_pairs_go_by_score_level_and_stop_at_ten_pairs():
    tallies = {1: 18, 2: 18, 3: 16, 4: 15, 5: 15, 6: 12, 7: 12, 8: 12, 9: 12, 10: 12, 11: 12, 12: 9}
    assert shown(contents.top_levels(rows_of(tallies))) == [
        (18, [1, 2], 0),
        (16, [3], 0),
        (15, [4, 5], 0),
        # Five of the six pairs on 12 fit; the board says one more is on that level.
        (12, [6, 7, 8, 9, 10], 1),
    ]


def test_pairs_that_have_won_nothing_are_not_top_pairs():
    assert shown(contents.top_levels(rows_of({1: 0, 2: 1, 3: 0}))) == [(1, [2], 0)]
    assert contents.top_levels(rows_of({1: 0, 2: 0})) == []
