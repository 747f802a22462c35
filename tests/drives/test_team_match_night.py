"""A team match night through drives' services: teams set before the start, seated by the
schedule (drives.team_match), played to the end, corrected; what it refuses."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from clubs.interface import DriveError
from clubs.models import AuditEntry
from drives import interface, movement, queries, services
from drives.models import Drive, Pair, Seat, TableGame
from drives.team_match import TeamMatch
from tests.builders import NOW, add_pairs, make_drive, play_game, row_counts, started_drive
from tests.builders.team_match import next_game, seated, team_match

pytestmark = pytest.mark.django_db

SCHEDULE = TeamMatch(side1=(1, 2, 3), side2=(4, 5, 6, 7))


def refused(call, match: str) -> DriveError:
    """Run a call that must be refused; check its words and that nothing was written."""
    before = row_counts()
    with pytest.raises(DriveError, match=match) as caught:
        call()
    assert row_counts() == before
    return caught.value


def entries(drive, action):
    return list(AuditEntry.objects.filter(drive=drive, action=action).order_by("id"))


# --- Setting up the teams ----------------------------------------------------------------


def test_a_drive_is_made_a_team_match_and_says_so(club, organizer):
    drive = make_drive(club, organizer, movement="team_match")
    assert drive.movement == Drive.Movement.TEAM_MATCH == "team_match"
    [entry] = entries(drive, "drive_create")
    assert entry.new["movement"] == "team_match"
    assert make_drive(club, organizer).movement == "winners_move"


def test_a_movement_the_site_does_not_have_is_refused(club, organizer):
    refused(
        lambda: make_drive(club, organizer, movement="head_table"),
        "A drive's pairs move as winners move, or as a team match.",
    )


def test_pairs_are_added_with_their_team_and_the_entry_says_which(club, organizer):
    drive = make_drive(club, organizer, movement="team_match")
    pair = services.pair_add(
        drive=drive, actor=organizer, now=NOW, player1="Ann Ryan", player2="Bob Ryan", side=2
    )
    assert Pair.objects.get(pk=pair.pk).side == 2
    assert entries(drive, "pair_add")[-1].new["side"] == 2
    many = services.pairs_add_many(
        drive=drive,
        actor=organizer,
        now=NOW,
        entries=[(None, "C D", "E F"), (7, "G H", "I J")],
        side=1,
    )
    assert [(p.number, p.side) for p in many] == [(2, 1), (7, 1)]
    assert [p["side"] for p in entries(drive, "pairs_bulk_add")[-1].new] == [1, 1]
    plain = services.pair_add(drive=drive, actor=organizer, now=NOW, player1="K", player2="L")
    assert plain.side is None and "side" not in entries(drive, "pair_add")[-1].new


@pytest.mark.parametrize("side", [0, -1, 10000, True, "1"])
def test_a_team_that_is_not_a_number_from_1_is_refused(club, organizer, side):
    drive = make_drive(club, organizer, movement="team_match")
    words = "A team is numbered from 1 to 9999."
    refused(
        lambda: services.pair_add(
            drive=drive, actor=organizer, now=NOW, player1="A", player2="B", side=side
        ),
        words,
    )
    refused(
        lambda: services.pairs_add_many(
            drive=drive, actor=organizer, now=NOW, entries=[(None, "A", "B")], side=side
        ),
        words,
    )


def test_the_database_keeps_a_team_from_1_up(club, organizer):
    drive = make_drive(club, organizer)
    add_pairs(drive, organizer, 1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Pair.objects.filter(drive=drive).update(side=0)


def test_a_pairs_team_changes_before_the_start_in_one_entry(club, organizer):
    drive = team_match(club, organizer, one=2, two=2, start=False)
    pair = drive.pairs.get(number=1)
    changed = interface.pair_side_set(drive=drive, pair=pair, side=2, actor=organizer, now=NOW)
    assert changed.side == 2 == Pair.objects.get(pk=pair.pk).side
    [entry] = entries(drive, "pair_side")
    assert (entry.old, entry.new) == ({"number": 1, "side": 1}, {"number": 1, "side": 2})
    assert entry.summary == "Pair 1 plays for team 2"
    services.pair_side_set(drive=drive, pair=pair, side=None, actor=organizer, now=NOW)
    assert entries(drive, "pair_side")[-1].summary == "Pair 1 plays for no team"
    before = row_counts()
    services.pair_side_set(drive=drive, pair=pair, side=None, actor=organizer, now=NOW)
    assert row_counts() == before  # the same team again: nothing to write


def test_a_pairs_team_is_checked_and_fixed_once_the_drive_starts(club, organizer):
    drive = team_match(club, organizer, one=2, two=2, start=False)
    pair = drive.pairs.get(number=1)
    refused(
        lambda: services.pair_side_set(drive=drive, pair=pair, side=0, actor=organizer, now=NOW),
        "A team is numbered from 1 to 9999.",
    )
    other = team_match(club, organizer, one=1, two=1, start=False, name="Other")
    stranger = other.pairs.get(number=1)
    refused(
        lambda: services.pair_side_set(
            drive=drive, pair=stranger, side=2, actor=organizer, now=NOW
        ),
        "That pair is not in this drive.",
    )
    services.drive_start(drive=drive, actor=organizer, now=NOW, seed=1, alongside=True)
    refused(
        lambda: services.pair_side_set(drive=drive, pair=pair, side=2, actor=organizer, now=NOW),
        "The drive has started: a pair's team can no longer change.",
    )


# --- The start ---------------------------------------------------------------------------


def test_a_team_match_starts_by_its_schedule_with_its_games(club, organizer):
    drive = team_match(club, organizer, one=3, two=4, games=25)
    assert drive.is_running and drive.current_game == 1
    assert drive.games == 4  # one game for each pair of the larger team
    assert drive.sitout_wins is False
    assert seated(drive, 1) == [(1, (1, 4)), (2, (2, 5)), (3, (3, 6)), (4, (7,))]
    statuses = dict(TableGame.objects.filter(drive=drive, game=1).values_list("table", "status"))
    assert statuses == {1: "pending", 2: "pending", 3: "pending", 4: "sitout"}
    assert TableGame.objects.get(drive=drive, game=1, table=4).winner is None
    assert not TableGame.objects.filter(drive=drive, deal_first__isnull=False).exists()
    [entry] = entries(drive, "drive_start")
    assert entry.summary == (
        "Team match started: 3 pairs of team 1 against 4 of team 2, 4 games; "
        "a sit-out counts as no game won"
    )
    assert entry.old == {"games": 25, "sitout_wins": True}
    assert {k: entry.new[k] for k in ("movement", "team1", "team2", "games", "sitout_wins")} == {
        "movement": "team_match",
        "team1": [1, 2, 3],
        "team2": [4, 5, 6, 7],
        "games": 4,
        "sitout_wins": False,
    }
    assert [t["pairs"] for t in entry.new["seating"]] == [[1, 4], [2, 5], [3, 6], [7]]


def test_four_pairs_against_four_is_four_games(club, organizer):
    drive = team_match(club, organizer, one=4, two=4)
    assert drive.games == 4
    assert seated(drive, 1) == [(1, (1, 5)), (2, (2, 6)), (3, (3, 7)), (4, (4, 8))]


def test_the_start_is_refused_naming_the_pairs_without_a_team(club, organizer):
    drive = make_drive(club, organizer, movement="team_match")
    add_pairs(drive, organizer, 5)
    for number, side in ((1, 1), (2, 1), (4, 2)):
        pair = drive.pairs.get(number=number)
        services.pair_side_set(drive=drive, pair=pair, side=side, actor=organizer, now=NOW)
    refused(
        lambda: services.drive_start(drive=drive, actor=organizer, now=NOW, alongside=True),
        "Every pair of a team match plays for one of its two teams: pairs 3 and 5 have none.",
    )
    assert Drive.objects.get(pk=drive.pk).is_setup


@pytest.mark.parametrize(
    ("one", "two", "words"),
    [
        (3, 0, "A team match needs pairs on both teams: team 2 has none."),
        (0, 3, "A team match needs pairs on both teams: team 1 has none."),
    ],
)
def test_the_start_is_refused_with_a_team_without_pairs(club, organizer, one, two, words):
    drive = team_match(club, organizer, one=one, two=two, start=False)
    refused(lambda: services.drive_start(drive=drive, actor=organizer, now=NOW), words)


def test_the_start_is_refused_for_a_third_team(club, organizer):
    drive = team_match(club, organizer, one=2, two=2, start=False)
    Pair.objects.filter(drive=drive, number=4).update(side=3)
    refused(
        lambda: services.drive_start(drive=drive, actor=organizer, now=NOW),
        "A team match is between team 1 and team 2: pair 4 plays for team 3.",
    )


# --- Playing it through ------------------------------------------------------------------


def test_a_team_match_of_3_against_4_is_played_to_the_end_by_its_schedule(club, organizer):
    drive = team_match(club, organizer, one=3, two=4)
    for game in range(1, 5):
        want = [(t.number, t.pairs) for t in SCHEDULE.seating(game)]
        assert seated(drive, game) == want
        came = dict(
            Seat.objects.filter(drive=drive, game=game).values_list("pair__number", "from_table")
        )
        was = {} if game == 1 else dict(movement.table_of(SCHEDULE.seating(game - 1)))
        assert came == {p: was.get(p) for p in came}
        plan = services.advance_plan(drive)
        assert plan.missing_tables == (1, 2, 3)  # the sit-out needs no result
        play_game(drive, organizer, pick=game)  # the two teams' pairs win by turns
        if game < 4:
            plan = services.advance_plan(drive)
            assert plan.sitting_out == SCHEDULE.schedule()[game].sitting_out
            drive = next_game(drive, organizer)
    refused(
        lambda: services.game_advance(drive=drive, from_game=4, actor=organizer, now=NOW),
        "That was the last game: finish the drive instead.",
    )
    services.drive_finish(drive=drive, from_game=4, actor=organizer, now=NOW)
    drive.refresh_from_db()
    assert drive.is_finished
    won = {row.pair.number: row.won for row in queries.standings(drive)}
    assert sum(won.values()) == 12  # 3 games a game, 4 games; no sit-out counts
    # Pairs 1..3 play every game; pairs 4..7 sit out one each and are never punched for it.
    sitouts = TableGame.objects.filter(drive=drive, status="sitout")
    assert sitouts.count() == 4 and not sitouts.filter(winner__isnull=False).exists()
    punched = {
        drive.pairs.get(pk=pk).number: games for pk, games in queries.punched_games(drive).items()
    }
    for r in SCHEDULE.schedule():
        for pair in r.sitting_out:
            assert r.game not in punched.get(pair, [])


def test_each_pairs_team_and_its_games_lost_are_read_for_a_league(club, organizer):
    drive = team_match(club, organizer, one=2, two=3)
    play_game(drive, organizer, pick=0)  # team 1 wins both tables
    drive = next_game(drive, organizer)
    play_game(drive, organizer, pick=1)  # team 2 wins both tables
    rows = {r.number: r for r in interface.pairs_won([drive.pk])}
    assert {n: r.side for n, r in rows.items()} == {1: 1, 2: 1, 3: 2, 4: 2, 5: 2}
    assert {n: (r.won, r.lost) for n, r in rows.items()} == {
        1: (1, 1),  # beat 3, lost to 5
        2: (1, 1),  # beat 4, lost to 3
        3: (1, 1),  # lost to 1, beat 2
        4: (0, 1),  # lost to 2, sat out
        5: (1, 0),  # sat out, beat 1
    }


def test_next_seats_say_where_each_pair_goes_next(club, organizer):
    drive = team_match(club, organizer, one=2, two=3)
    after = services.next_seats(drive, 1)
    assert after == {
        1: services.NextSeat(pair=1, table=1, stays=True, sits_out=False),
        2: services.NextSeat(pair=2, table=2, stays=True, sits_out=False),
        5: services.NextSeat(pair=5, table=1, stays=False, sits_out=False),
        3: services.NextSeat(pair=3, table=2, stays=False, sits_out=False),
        4: services.NextSeat(pair=4, table=3, stays=False, sits_out=True),
    }
    assert services.next_seats(drive, 3) == {}  # the last game
    ordinary = started_drive(club, organizer, pairs=4, games=3, name="Plain night")
    assert services.next_seats(ordinary, 1) == {}


def test_taking_back_next_game_seats_the_same_game_again(club, organizer):
    drive = team_match(club, organizer, one=2, two=3)
    play_game(drive, organizer)
    drive = next_game(drive, organizer)
    services.game_undo(drive=drive, from_game=2, actor=organizer, now=NOW)
    drive = next_game(drive, organizer)
    assert seated(drive, 2) == [(t.number, t.pairs) for t in SCHEDULE_2V3.seating(2)]


SCHEDULE_2V3 = TeamMatch(side1=(1, 2), side2=(3, 4, 5))


# --- Corrections -------------------------------------------------------------------------


def seat_rows(drive, game):
    return list(
        Seat.objects.filter(drive=drive, game=game)
        .order_by("id")
        .values_list("id", "pair_id", "from_table", "table_game_id")
    )


def test_a_correction_of_game_1_changes_no_seat_and_only_its_games_won(club, organizer):
    drive = team_match(club, organizer, one=3, two=4)
    play_game(drive, organizer, pick=0)  # pairs 1, 2, 3 win game 1
    drive = next_game(drive, organizer)
    before = seat_rows(drive, 2)
    won = {r.pair.number: r.won for r in queries.standings(drive)}
    plan = services.correction_plan(drive, 1, 2, 5)  # pair 5, not 2, won at table 2
    assert plan.reseat is not None and plan.reseat.moves == []
    assert plan.differing == []
    assert plan.tallies == [
        {"pair": 2, "before": 1, "after": 0},
        {"pair": 5, "before": 0, "after": 1},
    ]
    services.result_correct(
        drive=drive, game=1, table=2, winner_number=5, from_game=2, actor=organizer, now=NOW
    )
    assert seat_rows(drive, 2) == before  # the very same rows: nothing reseated
    after = {r.pair.number: r.won for r in queries.standings(drive)}
    assert after == {**won, 2: 0, 5: 1}
    [entry] = entries(drive, "result_correct")
    assert entry.new["reseated"] == [] and entry.new["differing"] == []


def test_a_correction_after_later_games_were_played_changes_no_seat_either(club, organizer):
    drive = team_match(club, organizer, one=2, two=3)
    play_game(drive, organizer)
    drive = next_game(drive, organizer)
    play_game(drive, organizer)
    drive = next_game(drive, organizer)
    seats = {g: seat_rows(drive, g) for g in (1, 2, 3)}
    plan = services.correction_plan(drive, 1, 1, 3)
    assert plan.reseat is None and plan.differing == []
    services.result_correct(
        drive=drive, game=1, table=1, winner_number=3, from_game=3, actor=organizer, now=NOW
    )
    assert {g: seat_rows(drive, g) for g in (1, 2, 3)} == seats


# --- Seats follow the schedule -----------------------------------------------------------

FOLLOWS = "A team match's seats follow its schedule: no pair can join, leave or change seats"


@pytest.mark.parametrize(
    "change",
    [
        lambda d, a: services.pair_arrive(
            drive=d, from_game=1, player1="Late", player2="Comer", actor=a, now=NOW
        ),
        lambda d, a: services.pair_leave(drive=d, from_game=1, number=4, actor=a, now=NOW),
        lambda d, a: services.seat_swap(drive=d, from_game=1, a=4, b=5, actor=a, now=NOW),
        lambda d, a: services.seat_move(drive=d, from_game=1, number=7, table=3, actor=a, now=NOW),
        lambda d, a: services.seat_change_plan(d, "leave", number=4),
    ],
    ids=["late pair", "leaving pair", "swap", "move", "the preview"],
)
def test_late_and_leaving_pairs_and_seat_edits_are_refused(club, organizer, change):
    drive = team_match(club, organizer, one=3, two=4)
    error = refused(lambda: change(drive, organizer), FOLLOWS)
    assert error.status == 409


def test_a_seat_edit_is_refused_with_results_in_too(club, organizer):
    drive = team_match(club, organizer, one=2, two=2)
    play_game(drive, organizer)
    drive.refresh_from_db()
    refused(lambda: services.seat_change_plan(drive, "swap", a=1, b=2), FOLLOWS)


# --- The movement of a drive -------------------------------------------------------------


def test_the_movement_of_a_drive(club, organizer, django_assert_num_queries):
    drive = team_match(club, organizer, one=2, two=3)
    match = services.movement_of(drive)
    assert match == SCHEDULE_2V3 == services.team_match_of(drive)
    ordinary = started_drive(club, organizer, pairs=4, games=3, name="Plain night")
    with django_assert_num_queries(0):
        assert services.movement_of(ordinary) is movement.WINNERS_MOVE
        assert services.team_match_of(ordinary) is None
    with django_assert_num_queries(0):
        services.movement_of(drive, {1: 1, 2: 2})
