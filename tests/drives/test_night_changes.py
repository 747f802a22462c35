"""When the night does not go to plan (drives/services.py): late pairs, leavers,
seat edits, corrections of earlier results, undo and finishing early.

Every night here starts from a recorded seed that happens to seat the pairs
in order (six pairs: table 1 = pairs 1 & 2, table 2 = 3 & 4, table 3 = 5 & 6;
seven pairs: the same and pair 7 sitting out at table 4), and the pair in the
first seat wins each table, so each expected seating below can be worked out
by hand (winners move up a table, losers stay). Seatings are read back from
the database.
"""

from __future__ import annotations

import pytest

from clubs.interface import DriveError, StaleError
from drives import queries, services
from drives.models import Drive, Seat, TableGame
from tests.builders import NOW, play_game, row_counts
from tests.builders.night_changes import (
    GAME_1_OF_SEVEN,
    GAME_1_OF_SIX,
    GAME_2_OF_SEVEN,
    GAME_2_OF_SIX,
    change,
    correct,
    dealers,
    entries,
    every_seat,
    finish_early,
    fresh,
    next_game,
    night,
    pair,
    punched,
    record,
    refused,
    seating,
    seven_at_game_2,
    six_at_game_2,
    six_at_game_3,
    tallies,
    winner_at,
)

# --- helpers ------------------------------------------------------------------------


# --- the worked nights -------------------------------------------------------------


@pytest.fixture
def six(club, organizer) -> Drive:
    """Six pairs, game 1 won by pairs 1, 3 and 5, game 2 seated with no result yet."""
    return six_at_game_2(club, organizer)


@pytest.fixture
def seven(club, organizer) -> Drive:
    """Seven pairs, game 1 won by 1, 3 and 5 (7 sat out), game 2 seated, no result yet."""
    return seven_at_game_2(club, organizer)


def test_the_worked_nights_are_what_the_seed_and_the_results_give(six, seven):
    assert seating(six, 1) == GAME_1_OF_SIX
    assert seating(six) == GAME_2_OF_SIX
    assert dealers(six) == {1: 5, 2: 1, 3: 3}
    assert seating(seven, 1) == GAME_1_OF_SEVEN
    assert seating(seven) == GAME_2_OF_SEVEN
    assert punched(seven) == {1: (1,), 2: (), 3: (1,), 4: (), 5: (1, 2), 6: (), 7: (1,)}


# --- late pairs, leavers, seat edits: the moves, then the seating -------------------

SEAT_CHANGES = [
    pytest.param(
        "six",
        [],
        ("leave", {"number": 4}),
        [(1, (5, 2)), (2, (1,)), (3, (3, 6))],
        [(4, 2, None)],
        1,
        id="a leaver: its seat is left empty and the pair it would have met sits out",
    ),
    pytest.param(
        "six",
        [("leave", {"number": 4})],
        ("leave", {"number": 6}),
        [(1, (5, 2)), (2, (1, 3))],
        [(3, 3, 2), (6, 3, None)],
        None,
        id="two leavers: the pair at the higher table joins the lower one",
    ),
    pytest.param(
        "seven",
        [],
        ("leave", {"number": 2}),
        [(1, (7, 5)), (2, (1, 4)), (3, (3, 6))],
        [(2, 1, None), (5, 4, 1)],
        None,
        id="a leaver while a pair sits out: the sit-out pair joins its table",
    ),
    pytest.param(
        "seven",
        [],
        ("leave", {"number": 5}),
        [(1, (7, 2)), (2, (1, 4)), (3, (3, 6))],
        [(5, 4, None)],
        None,
        id="the sit-out pair leaves: its table is no longer in use",
    ),
    pytest.param(
        "seven",
        [],
        ("arrive", {}),
        [(1, (7, 2)), (2, (1, 4)), (3, (3, 6)), (4, (5, 8))],
        [(8, None, 4)],
        None,
        id="a late pair fills the empty seat",
    ),
    pytest.param(
        "six",
        [],
        ("arrive", {}),
        [*GAME_2_OF_SIX, (4, (7,))],
        [(7, None, 4)],
        7,
        id="a late pair opens a table after the last and sits out",
    ),
    pytest.param(
        "six",
        [("leave", {"number": 4})],
        ("arrive", {"number": 12}),
        [(1, (5, 2)), (2, (1, 12)), (3, (3, 6))],
        [(12, None, 2)],
        None,
        id="a late pair with its own number takes a leaver's seat",
    ),
    pytest.param(
        "six",
        [],
        ("swap", {"a": 2, "b": 6}),
        [(1, (5, 6)), (2, (1, 4)), (3, (3, 2))],
        [(2, 1, 3), (6, 3, 1)],
        None,
        id="a swap of two pairs",
    ),
    pytest.param(
        "seven",
        [],
        ("move", {"number": 2, "table": 4}),
        [(1, (7,)), (2, (1, 4)), (3, (3, 6)), (4, (5, 2))],
        [(2, 1, 4)],
        7,
        id="a move to the table with the empty seat",
    ),
]


@pytest.mark.parametrize("start,earlier,change_,seated,moved,sits_out", SEAT_CHANGES)
def test_a_change_shows_its_moves_first_then_seats_the_coming_game_that_way(
    request, organizer, start, earlier, change_, seated, moved, sits_out
):
    drive = request.getfixturevalue(start)
    for kind, params in earlier:
        change(drive, organizer, kind, **params)
    kind, params = change_
    counts = row_counts()
    plan = services.seat_change_plan(fresh(drive), kind, **params)
    assert row_counts() == counts, "the preview wrote nothing"
    assert [(m["pair"], m["from_table"], m["to_table"]) for m in plan.moves] == moved
    assert [(t.number, t.pairs) for t in plan.after] == seated
    assert plan.sitting_out == sits_out
    assert plan.game == 2

    change(drive, organizer, kind, **params)

    assert seating(drive) == seated
    assert drive.current_game == 2
    [entry] = entries(drive)[:1]
    assert entry.action == {"arrive": "pair_arrive", "leave": "pair_leave"}.get(
        kind, f"seat_{kind}"
    )
    assert entry.new["moves"] == plan.moves


def test_a_leavers_opponent_sits_out_then_moves_on_like_a_winner(six, organizer):
    change(six, organizer, "leave", number=4)
    assert pair(six, 4).left_after_game == 1
    assert pair(six, 4).arrived_game == 1
    tg = TableGame.objects.get(drive=six, game=2, table=2)
    assert (tg.status, tg.winner.number, tg.deal_first_id) == ("sitout", 1, None)

    play_game(six, organizer)  # pair 5 wins table 1, pair 3 table 3
    next_game(six, organizer)

    # 3 moves to table 1, 5 arrives at table 2 with nobody staying there and
    # sits out in turn, 1 (the sit-out) moves on to table 3; pair 4 is gone.
    assert seating(six) == [(1, (3, 2)), (2, (5,)), (3, (1, 6))]
    assert punched(six)[1] == (1, 2)
    assert punched(six)[4] == ()


def test_two_leavers_merge_two_tables_and_movement_skips_the_empty_one(six, organizer):
    change(six, organizer, "leave", number=4)
    change(six, organizer, "leave", number=6)
    assert seating(six) == [(1, (5, 2)), (2, (1, 3))]
    assert dealers(six) == {1: 5, 2: None}, "the merged table cuts for the deal"
    assert [pair(six, n).left_after_game for n in (4, 6)] == [1, 1]

    play_game(six, organizer)  # pairs 5 and 1 win
    next_game(six, organizer)

    assert seating(six) == [(1, (1, 2)), (2, (5, 3))]
    assert dealers(six) == {1: 1, 2: 5}


def test_a_late_pair_filling_a_seat_plays_at_once_and_has_won_nothing_before(seven, organizer):
    late = change(seven, organizer, "arrive", player1="Kenny MacLeod", player2="Jo Aucoin")
    assert (late.number, late.names, late.arrived_game, late.left_after_game) == (
        8,
        "Kenny MacLeod & Jo Aucoin",
        2,
        None,
    )
    # Pair 5 came up from table 3 as the winner: it still deals first.
    assert dealers(seven)[4] == 5
    assert TableGame.objects.get(drive=seven, game=2, table=4).status == "pending"
    assert punched(seven)[8] == ()
    assert punched(seven)[5] == (1,), "pair 5 no longer sits out game 2"

    play_game(seven, organizer, pick=1)  # the second seat wins: pair 8 at table 4

    assert punched(seven)[8] == (2,)
    [line] = queries.pair_card(seven, late)
    assert (line.game, line.table, line.opponent.number, line.won) == (2, 4, 5, True)


@pytest.mark.parametrize("sitout_wins,cards", [(True, (2,)), (False, ())])
def test_a_late_pair_opening_a_table_sits_out_its_first_game(club, organizer, sitout_wins, cards):
    drive = six_at_game_2(club, organizer, sitout_wins=sitout_wins)
    late = change(drive, organizer, "arrive")
    assert (late.number, late.arrived_game) == (7, 2)
    tg = TableGame.objects.get(drive=drive, game=2, table=4)
    assert tg.status == "sitout"
    assert punched(drive)[7] == cards, "no win before it arrived; a sit-out win when they count"
    [line] = queries.pair_card(drive, late)
    assert (line.game, line.sitout, line.opponent, line.punched) == (2, True, None, sitout_wins)

    play_game(drive, organizer)
    next_game(drive, organizer)
    # Pair 7 moves on like a winner, from table 4 round to table 1.
    assert seating(drive) == [(1, (7, 2)), (2, (5, 4)), (3, (1, 6)), (4, (3,))]


def test_movement_continues_from_the_edited_seating(six, organizer):
    change(six, organizer, "swap", a=2, b=6)
    assert dealers(six) == {1: None, 2: 1, 3: None}, "the two edited tables cut"
    play_game(six, organizer)  # pairs 5, 1 and 3 win
    next_game(six, organizer)
    assert seating(six) == [(1, (3, 6)), (2, (5, 4)), (3, (1, 2))]


def test_a_late_pair_before_the_first_game_is_seated_in_it(club, organizer):
    drive = night(club, organizer, pairs=7)
    late = change(drive, organizer, "arrive")
    assert seating(drive) == [(1, (1, 2)), (2, (3, 4)), (3, (5, 6)), (4, (7, 8))]
    assert late.arrived_game == 1


# --- seat changes refused ------------------------------------------------------------


def left_4(drive, actor):
    change(drive, actor, "leave", number=4)


def results_in(drive, actor):
    record(drive, actor, 1, 5)


def finished(drive, actor):
    play_game(drive, actor)
    finish_early(drive, actor)


BAD_SEAT_CHANGES = [
    pytest.param(
        None,
        ("move", {"number": 1, "table": 3}),
        "table 3 already has two pairs; swap pair 1 with one of them instead",
        id="a move that would put three pairs at a table",
    ),
    pytest.param(
        None,
        ("move", {"number": 1, "table": 4}),
        "that would leave tables 2 and 4 half-empty, and only one table may be",
        id="a move that would leave a pair alone at a second table",
    ),
    pytest.param(
        left_4,
        ("swap", {"a": 4, "b": 2}),
        "pair 4 is not seated, so it cannot swap places with pair 2",
        id="a swap with a pair that has left",
    ),
    pytest.param(
        left_4,
        ("move", {"number": 4, "table": 2}),
        "pair 4 is not seated, so it cannot move to table 2",
        id="a move of a pair that has left",
    ),
    pytest.param(
        None,
        ("swap", {"a": 1, "b": 4}),
        "pairs 1 and 4 already sit together at table 2",
        id="a swap at one table",
    ),
    pytest.param(
        None,
        ("swap", {"a": 3, "b": 3}),
        "pair 3 cannot swap places with itself",
        id="a swap of a pair with itself",
    ),
    pytest.param(
        None,
        ("swap", {"a": 1, "b": 99}),
        "There is no pair 99 in this drive.",
        id="a swap with a pair not in the drive",
    ),
    pytest.param(
        None,
        ("move", {"number": 1, "table": 2}),
        "pair 1 already sits at table 2",
        id="a move to the pair's own table",
    ),
    pytest.param(
        None,
        ("move", {"number": 1, "table": 0}),
        "there is no table 0",
        id="a move to table 0",
    ),
    pytest.param(
        None,
        ("leave", {"number": 99}),
        "There is no pair 99 in this drive.",
        id="a leaver that is not in the drive",
    ),
    pytest.param(
        left_4,
        ("leave", {"number": 4}),
        "pair 4 is not seated, so it cannot leave",
        id="a leaver that has already left",
    ),
    pytest.param(
        None,
        ("arrive", {"number": 3}),
        "Pair 3 already exists in this drive.",
        id="a late pair with a number already taken",
    ),
    pytest.param(
        None,
        ("arrive", {"player1": "   "}),
        "A player's name is blank.",
        id="a late pair without a name",
    ),
    pytest.param(
        None,
        ("arrive", {"player2": "x" * 61}),
        "longer than 60 characters",
        id="a late pair with a name too long",
    ),
    pytest.param(
        results_in,
        ("arrive", {}),
        "Game 2 already has results. Seats change between games",
        id="a late pair once the game has a result",
    ),
    pytest.param(
        results_in,
        ("swap", {"a": 2, "b": 6}),
        "Game 2 already has results.",
        id="a seat edit once the game has a result",
    ),
    pytest.param(
        finished,
        ("arrive", {}),
        "The drive is finished",
        id="a late pair after the last game: the drive is finished",
    ),
    pytest.param(
        finished,
        ("leave", {"number": 1}),
        "The drive is finished",
        id="a leaver once the drive is finished",
    ),
]


@pytest.mark.parametrize("setup,change_,message", BAD_SEAT_CHANGES)
def test_a_bad_seat_change_is_refused_with_a_clear_message_and_writes_nothing(
    six, organizer, setup, change_, message
):
    if setup:
        setup(six, organizer)
    kind, params = change_
    before = (seating(six), every_seat(six), punched(six))
    refused(lambda: change(six, organizer, kind, **params), message)
    assert (seating(six), every_seat(six), punched(six)) == before
    if not {"player1", "player2"} & set(params):
        # The preview, shown before the change, gives the same refusal.
        refused(lambda: services.seat_change_plan(fresh(six), kind, **params), message)


def test_the_preview_names_the_same_refusal(six, organizer):
    refused(
        lambda: services.seat_change_plan(six, "move", number=1, table=3),
        "table 3 already has two pairs",
    )
    refused(lambda: services.seat_change_plan(six, "shuffle"), "Unknown change of seating.")


def test_the_last_pair_seated_cannot_leave(club, organizer):
    drive = night(club, organizer, pairs=2)
    change(drive, organizer, "leave", number=1)
    assert seating(drive) == [(1, (2,))]
    refused(
        lambda: change(drive, organizer, "leave", number=2),
        "pair 2 is the last pair seated; finish the night instead",
    )


@pytest.mark.parametrize("kind", ["arrive", "leave", "swap", "move"])
def test_a_change_from_a_stale_page_is_refused(six, organizer, kind):
    common = {"drive": six, "from_game": 1, "actor": organizer, "now": NOW}
    act = {
        "arrive": lambda: services.pair_arrive(player1="A", player2="B", **common),
        "leave": lambda: services.pair_leave(number=4, **common),
        "swap": lambda: services.seat_swap(a=2, b=6, **common),
        "move": lambda: services.seat_move(number=4, table=4, **common),
    }[kind]
    error = refused(act, "this page was out of date")
    assert isinstance(error, StaleError)
    assert error.status == 409


# --- corrections of earlier results ---------------------------------------------------


def six_at_game_2_with_a_result(club, organizer):
    drive = six_at_game_2(club, organizer)
    record(drive, organizer, 3, 3)
    return drive


def six_finished_after_2(club, organizer):
    drive = six_at_game_2(club, organizer, games=2)
    play_game(drive, organizer)
    services.drive_finish(drive=drive, from_game=2, actor=organizer, now=NOW)
    return fresh(drive)


# With pair 2 the real winner of game 1 at table 1, pair 2 would have moved up to
# table 2 and pair 1 stayed to meet pair 5 at table 1.
WOULD_HAVE_DIFFERED = [
    {"game": 2, "table": 1, "sat": [2, 5], "would_have": [1, 5]},
    {"game": 2, "table": 2, "sat": [1, 4], "would_have": [2, 4]},
]

CORRECTIONS = [
    pytest.param(
        six_at_game_3,
        (1, 1, 2),
        [{"pair": 1, "before": 2, "after": 1}, {"pair": 2, "before": 0, "after": 1}],
        None,
        WOULD_HAVE_DIFFERED,
        id="game 1 after game 2 was played: seats stay, the tables to check are listed",
    ),
    pytest.param(
        six_at_game_2_with_a_result,
        (1, 1, 2),
        [{"pair": 1, "before": 1, "after": 0}, {"pair": 2, "before": 0, "after": 1}],
        None,
        WOULD_HAVE_DIFFERED,
        id="the last game played once the next has a result: seats stay",
    ),
    pytest.param(
        six_at_game_2,
        (1, 1, 2),
        [{"pair": 1, "before": 1, "after": 0}, {"pair": 2, "before": 0, "after": 1}],
        [(1, 2, 1), (2, 1, 2)],
        [],
        id="the last game played before the next has results: the next is re-seated",
    ),
    pytest.param(
        six_finished_after_2,
        (2, 1, 2),
        [{"pair": 5, "before": 2, "after": 1}, {"pair": 2, "before": 0, "after": 1}],
        None,
        [],
        id="the last game of a finished night: nothing to re-seat or check",
    ),
    pytest.param(
        six_finished_after_2,
        (1, 1, 2),
        [{"pair": 1, "before": 2, "after": 1}, {"pair": 2, "before": 0, "after": 1}],
        None,
        WOULD_HAVE_DIFFERED,
        id="an earlier game of a finished night: the tables to check are listed",
    ),
]


@pytest.mark.parametrize("build,target,changed,reseated,differing", CORRECTIONS)
def test_a_correction_shows_every_consequence_then_makes_exactly_those(
    club, organizer, build, target, changed, reseated, differing
):
    drive = build(club, organizer)
    game, table, winner = target
    old_winner = winner_at(drive, game, table)
    seats, counts, before = every_seat(drive), row_counts(), tallies(drive)

    plan = services.correction_plan(fresh(drive), game, table, winner)

    assert row_counts() == counts, "the consequences screen wrote nothing"
    assert (plan.old_winner, plan.new_winner) == (old_winner, winner)
    assert plan.tallies == changed
    assert plan.differing == differing
    if reseated is None:
        assert plan.reseat is None
    else:
        assert [(m["pair"], m["from_table"], m["to_table"]) for m in plan.reseat.moves] == reseated

    done = correct(drive, organizer, game, table, winner)

    assert done == plan
    assert winner_at(drive, game, table) == winner
    after = tallies(drive)
    assert {n: (before[n], after[n]) for n in before if before[n] != after[n]} == {
        c["pair"]: (c["before"], c["after"]) for c in changed
    }
    if reseated is None:
        assert every_seat(drive) == seats, "seats of played games are facts"
    else:
        assert {s for s in every_seat(drive) if s[0] < drive.current_game} == {
            s for s in seats if s[0] < drive.current_game
        }
    [entry] = entries(drive, "result_correct")
    assert entry.old == {"game": game, "table": table, "winner": old_winner}
    assert entry.new["winner"] == winner
    assert entry.new["tallies"] == changed
    assert entry.new["differing"] == differing


def test_a_correction_of_the_last_game_re_seats_the_next_from_the_real_result(six, organizer):
    tg = TableGame.objects.get(drive=six, game=1, table=1)
    correct(six, organizer, 1, 1, 2)
    # Pair 2 moves up to table 2 and deals first there; pair 1 stayed and meets
    # pair 5, who still arrives from table 3.
    assert seating(six) == [(1, (5, 1)), (2, (2, 4)), (3, (3, 6))]
    assert dealers(six) == {1: 5, 2: 2, 3: 3}
    assert seating(six, 1) == GAME_1_OF_SIX
    tg2 = TableGame.objects.get(pk=tg.pk)
    assert (tg2.status, tg2.entered_by, tg2.entered_at) == ("confirmed", organizer, NOW)
    assert tg2.version == tg.version + 1
    [entry] = entries(six, "result_correct")
    assert entry.new["reseated"] == [
        {"pair": 1, "from_table": 2, "to_table": 1},
        {"pair": 2, "from_table": 1, "to_table": 2},
    ]
    # The night goes on from the re-derived seating.
    play_game(six, organizer)  # pairs 5, 2 and 3 win
    next_game(six, organizer)
    assert seating(six) == [(1, (3, 1)), (2, (5, 4)), (3, (2, 6))]


def test_a_correction_keeps_a_late_pair_and_a_leaver_when_it_re_seats(six, organizer):
    change(six, organizer, "leave", number=4)
    change(six, organizer, "arrive")  # pair 7 takes pair 4's seat at table 2
    assert seating(six) == [(1, (5, 2)), (2, (1, 7)), (3, (3, 6))]
    correct(six, organizer, 1, 1, 2)
    assert seating(six) == [(1, (5, 1)), (2, (2, 7)), (3, (3, 6))]


BAD_CORRECTIONS = [
    pytest.param(
        six_at_game_3,
        (1, 1, 3),
        "Pair 3 did not play at table 1 in game 1.",
        400,
        {},
        id="a pair that was not at that table",
    ),
    pytest.param(
        six_at_game_3,
        (1, 1, 99),
        "Pair 99 did not play at table 1 in game 1.",
        400,
        {},
        id="a pair not in the drive",
    ),
    pytest.param(
        six_at_game_3,
        (1, 1, 1),
        "Pair 1 is already the winner there.",
        409,
        {},
        id="the winner already recorded",
    ),
    pytest.param(
        six_at_game_3,
        (1, 9, 1),
        "There is no table 9 in game 1.",
        404,
        {},
        id="a table that was not in use",
    ),
    pytest.param(
        six_at_game_3,
        (3, 1, 3),
        "Game 3 is being played: tap the winner on the results screen.",
        409,
        {},
        id="the game being played",
    ),
    pytest.param(
        six_at_game_3,
        (4, 1, 3),
        "Game 4 has not been played.",
        404,
        {},
        id="a game not played yet",
    ),
    pytest.param(
        seven_at_game_2,
        (1, 4, 7),
        "Table 4 was a sit-out: it had no game to win.",
        400,
        {},
        id="a sit-out table",
    ),
    pytest.param(
        six_at_game_3,
        (1, 1, 2),
        "The drive has moved on since: check the correction again.",
        409,
        {"from_game": 2},
        id="a page from before the drive moved on",
    ),
]


@pytest.mark.parametrize("build,target,message,status,kw", BAD_CORRECTIONS)
def test_a_bad_correction_is_refused_with_a_clear_message_and_writes_nothing(
    club, organizer, build, target, message, status, kw
):
    drive = build(club, organizer)
    before = (every_seat(drive), tallies(drive))
    error = refused(lambda: correct(drive, organizer, *target, **kw), message)
    assert error.status == status
    assert (every_seat(drive), tallies(drive)) == before


# --- undo ---------------------------------------------------------------------------


def test_undo_of_next_game_takes_its_seating_back_and_keeps_the_results(six, organizer):
    winners = {t: winner_at(six, 1, t) for t in (1, 2, 3)}
    services.game_undo(drive=six, from_game=2, actor=organizer, now=NOW)
    fresh(six)
    assert six.current_game == 1
    assert not TableGame.objects.filter(drive=six, game=2).exists()
    assert not Seat.objects.filter(drive=six, game=2).exists()
    assert {t: winner_at(six, 1, t) for t in (1, 2, 3)} == winners == {1: 1, 2: 3, 3: 5}
    [entry] = entries(six, "game_undo")
    assert entry.old == {
        "game": 2,
        "seating": [
            {"table": 1, "pairs": [5, 2], "deals_first": 5},
            {"table": 2, "pairs": [1, 4], "deals_first": 1},
            {"table": 3, "pairs": [3, 6], "deals_first": 3},
        ],
    }
    assert entry.new == {"game": 1}
    # Game 1's results can now be changed, and next game seats from them.
    record(six, organizer, 1, 2)
    next_game(six, organizer)
    assert seating(six) == [(1, (5, 1)), (2, (2, 4)), (3, (3, 6))]


def test_undo_of_the_last_result_entry_puts_the_table_back(six, organizer):
    record(six, organizer, 1, 5)
    record(six, organizer, 3, 6)
    tg = services.result_undo(drive=fresh(six), actor=organizer, now=NOW)
    assert tg.table == 3
    assert winner_at(six, 2, 3) is None
    assert winner_at(six, 2, 1) == 5
    [entry] = entries(six, "result_undo")
    assert (entry.old["winner"], entry.new["winner"]) == (6, None)


BAD_UNDOS = [
    pytest.param(
        "result",
        None,
        "There is no result of this game to undo.",
        id="undo a result with nothing to undo",
    ),
    pytest.param(
        "game",
        lambda d, a: services.game_undo(drive=d, from_game=2, actor=a, now=NOW),
        "Game 1 cannot be taken back: there is no game before it.",
        id="undo next game twice: game 1 has no game before it",
    ),
    pytest.param(
        "game",
        results_in,
        "Game 2 already has results: undo them first.",
        id="undo next game once the new game has a result",
    ),
    pytest.param(
        "result",
        finished,
        "The drive is finished: results are read-only.",
        id="undo a result after the finish",
    ),
]


@pytest.mark.parametrize("what,setup,message", BAD_UNDOS)
def test_an_undo_with_nothing_to_undo_is_refused_and_writes_nothing(
    six, organizer, what, setup, message
):
    if setup:
        setup(six, organizer)
    fresh(six)
    if what == "result":
        refused(lambda: services.result_undo(drive=six, actor=organizer, now=NOW), message)
    else:
        refused(
            lambda: services.game_undo(
                drive=six, from_game=six.current_game, actor=organizer, now=NOW
            ),
            message,
        )


@pytest.mark.parametrize("kind,params", [("arrive", {}), ("leave", {"number": 4})])
def test_a_next_game_that_a_pair_joined_or_left_at_cannot_be_taken_back(
    six, organizer, kind, params
):
    change(six, organizer, kind, **params)
    before = row_counts()
    with pytest.raises(DriveError, match="joined or left at game 2"):
        services.game_undo(drive=fresh(six), from_game=2, actor=organizer, now=NOW)
    assert row_counts() == before
    assert fresh(six).current_game == 2


def test_a_confirm_after_the_seats_changed_elsewhere_is_refused(six, organizer):
    shown = services.seat_change_plan(fresh(six), "leave", number=4)
    change(six, organizer, "swap", a=1, b=2)
    before = row_counts()
    with pytest.raises(StaleError, match="seats changed on another screen"):
        services.pair_leave(
            drive=fresh(six),
            from_game=2,
            number=4,
            seating_token=shown.token,
            actor=organizer,
            now=NOW,
        )
    assert row_counts() == before
    again = services.seat_change_plan(fresh(six), "leave", number=4)
    services.pair_leave(
        drive=fresh(six), from_game=2, number=4, seating_token=again.token, actor=organizer, now=NOW
    )
    assert fresh(six).pairs.get(number=4).left_after_game == 1


# --- finishing early -----------------------------------------------------------------


def test_finish_early_after_a_complete_game_makes_that_many_games(club, organizer):
    drive = six_at_game_2(club, organizer)
    play_game(drive, organizer)
    finish_early(drive, organizer)
    fresh(drive)
    assert (drive.status, drive.games, drive.current_game, drive.finished_at) == (
        "finished",
        2,
        2,
        NOW,
    )
    [entry] = entries(drive, "drive_finish_early")
    assert entry.old == {"status": "running", "games": 25, "game": 2}
    assert entry.new == {"status": "finished", "games": 2}


def test_finish_early_drops_a_seated_game_without_results(seven, organizer):
    # Game 2 is seated and pair 5's sit-out in it already counts as a win.
    assert punched(seven)[5] == (1, 2)
    finish_early(seven, organizer)
    fresh(seven)
    assert (seven.status, seven.games, seven.current_game) == ("finished", 1, 1)
    assert not TableGame.objects.filter(drive=seven, game=2).exists()
    assert not Seat.objects.filter(drive=seven, game=2).exists()
    # Standings and punch cards use game 1 only.
    assert punched(seven) == {1: (1,), 2: (), 3: (1,), 4: (), 5: (1,), 6: (), 7: (1,)}
    assert tallies(seven) == {1: 1, 3: 1, 5: 1, 7: 1, 2: 0, 4: 0, 6: 0}
    assert [ln.game for ln in queries.pair_card(seven, pair(seven, 5))] == [1]
    [entry] = entries(seven, "drive_finish_early")
    assert (entry.old["games"], entry.new["games"]) == (25, 1)


def test_after_finishing_early_the_night_is_closed(seven, organizer):
    finish_early(seven, organizer)
    refused(
        lambda: services.game_advance(drive=seven, from_game=1, actor=organizer, now=NOW),
        "The drive is not running.",
    )
    refused(lambda: change(seven, organizer, "arrive"), "The drive is finished")


@pytest.mark.parametrize(
    "setup,message,status",
    [
        pytest.param(
            results_in, "Waiting for the result of table(s) 2, 3.", 409, id="half entered"
        ),
        pytest.param(
            "first",
            "No game has been played yet: nothing to finish.",
            409,
            id="before any result",
        ),
        pytest.param(
            "stale",
            "The drive is not at that game any more: this page was out of date.",
            409,
            id="from a stale page",
        ),
    ],
)
def test_finish_early_refused_writes_nothing(club, organizer, six, setup, message, status):
    drive = six
    if setup == "first":
        drive = night(club, organizer, pairs=6)
    elif callable(setup):
        setup(drive, organizer)
    from_game = 1 if setup == "stale" else None
    error = refused(lambda: finish_early(drive, organizer, from_game=from_game), message)
    assert error.status == status
    assert fresh(drive).is_running


# --- names at any time ------------------------------------------------------------------


@pytest.mark.parametrize("when", ["running", "finished"])
def test_a_name_is_corrected_and_a_player_substituted_at_any_time(six, organizer, when):
    if when == "finished":
        finished(six, organizer)
    p = pair(six, 4)
    services.pair_update(
        pair=p, actor=organizer, now=NOW, player1="Marie Thériault", player2="Player 4b"
    )
    services.pair_update(
        pair=p, actor=organizer, now=NOW, player1="Marie Thériault", player2="Angus MacIsaac"
    )
    assert pair(six, 4).names == "Marie Thériault & Angus MacIsaac"
    fix, sub = reversed(entries(six, "pair_update"))
    assert (fix.old["player1"], fix.new["player1"]) == ("Player 4a", "Marie Thériault")
    assert (sub.old["player2"], sub.new["player2"]) == ("Player 4b", "Angus MacIsaac")
    assert sub.old["number"] == sub.new["number"] == 4
    # Its seats and games are still its own.
    assert [line.game for line in queries.pair_card(six, p)] == [1, 2]
    refused(
        lambda: services.pair_update(
            pair=p, actor=organizer, now=NOW, player1="A", player2="B", number=40
        ),
        "Pair numbers cannot change once the drive has started.",
    )
    refused(
        lambda: services.pair_update(pair=p, actor=organizer, now=NOW, player1="", player2="B"),
        "A player's name is blank.",
    )


# --- one audit entry per action, with old and new values -------------------------------

SEATING_2 = [
    {"table": 1, "pairs": [5, 2]},
    {"table": 2, "pairs": [1, 4]},
    {"table": 3, "pairs": [3, 6]},
]

AUDITED = [
    pytest.param(
        None,
        lambda d, a: change(d, a, "arrive", player1="Kenny MacLeod", player2="Jo Aucoin"),
        "pair_arrive",
        {"pair": None, "game": 2, "seating": SEATING_2},
        {
            "pair": {
                "number": 7,
                "player1": "Kenny MacLeod",
                "player2": "Jo Aucoin",
                "paid": False,
                "arrived_game": 2,
            },
            "game": 2,
            "moves": [{"pair": 7, "from_table": None, "to_table": 4}],
            "seating": [*SEATING_2, {"table": 4, "pairs": [7]}],
        },
        id="a late pair",
    ),
    pytest.param(
        None,
        lambda d, a: change(d, a, "leave", number=4),
        "pair_leave",
        {"pair": 4, "left_after_game": None, "game": 2, "seating": SEATING_2},
        {
            "pair": 4,
            "left_after_game": 1,
            "game": 2,
            "moves": [{"pair": 4, "from_table": 2, "to_table": None}],
            "seating": [
                {"table": 1, "pairs": [5, 2]},
                {"table": 2, "pairs": [1]},
                {"table": 3, "pairs": [3, 6]},
            ],
        },
        id="a leaver",
    ),
    pytest.param(
        None,
        lambda d, a: change(d, a, "swap", a=2, b=6),
        "seat_swap",
        {"game": 2, "seating": SEATING_2},
        {
            "game": 2,
            "moves": [
                {"pair": 2, "from_table": 1, "to_table": 3},
                {"pair": 6, "from_table": 3, "to_table": 1},
            ],
            "seating": [
                {"table": 1, "pairs": [5, 6]},
                {"table": 2, "pairs": [1, 4]},
                {"table": 3, "pairs": [3, 2]},
            ],
        },
        id="a swap",
    ),
    pytest.param(
        left_4,
        lambda d, a: change(d, a, "move", number=2, table=2),
        "seat_move",
        {
            "game": 2,
            "seating": [
                {"table": 1, "pairs": [5, 2]},
                {"table": 2, "pairs": [1]},
                {"table": 3, "pairs": [3, 6]},
            ],
        },
        {
            "game": 2,
            "moves": [{"pair": 2, "from_table": 1, "to_table": 2}],
            "seating": [
                {"table": 1, "pairs": [5]},
                {"table": 2, "pairs": [1, 2]},
                {"table": 3, "pairs": [3, 6]},
            ],
        },
        id="a move",
    ),
    pytest.param(
        None,
        lambda d, a: correct(d, a, 1, 2, 4),
        "result_correct",
        {"game": 1, "table": 2, "winner": 3},
        {
            "game": 1,
            "table": 2,
            "winner": 4,
            "tallies": [{"pair": 3, "before": 1, "after": 0}, {"pair": 4, "before": 0, "after": 1}],
            "reseated": [
                {"pair": 3, "from_table": 3, "to_table": 2},
                {"pair": 4, "from_table": 2, "to_table": 3},
            ],
            "differing": [],
        },
        id="a correction",
    ),
    pytest.param(
        None,
        lambda d, a: services.game_undo(drive=d, from_game=2, actor=a, now=NOW),
        "game_undo",
        {"game": 2},
        {"game": 1},
        id="an undo of next game",
    ),
    pytest.param(
        results_in,
        lambda d, a: services.result_undo(drive=fresh(d), actor=a, now=NOW),
        "result_undo",
        {"winner": 5, "status": "confirmed"},
        {"winner": None, "status": "pending", "game": 2, "table": 1},
        id="an undo of a result",
    ),
    pytest.param(
        None,
        lambda d, a: finish_early(d, a),
        "drive_finish_early",
        {"status": "running", "games": 25, "game": 2},
        {"status": "finished", "games": 1},
        id="finishing early",
    ),
    pytest.param(
        None,
        lambda d, a: services.pair_update(
            pair=d.pairs.get(number=2), actor=a, now=NOW, player1="Rita MacDonald", player2="B"
        ),
        "pair_update",
        {"number": 2, "player1": "Player 2a", "player2": "Player 2b", "paid": False},
        {"number": 2, "player1": "Rita MacDonald", "player2": "B", "paid": False},
        id="a name correction",
    ),
]


@pytest.mark.parametrize("setup,action,name,old,new", AUDITED)
def test_each_action_writes_one_audit_entry_with_old_and_new_values(
    six, organizer, setup, action, name, old, new
):
    if setup:
        setup(six, organizer)
    already = {e.pk for e in entries(six)}
    action(six, organizer)
    [entry] = [e for e in entries(six) if e.pk not in already]
    assert (entry.action, entry.actor, entry.at) == (name, organizer, NOW)
    assert entry.summary
    assert {k: entry.old[k] for k in old} == old
    assert {k: entry.new[k] for k in new} == new


def test_the_check_the_hall_list_names_only_tables_the_correction_changes(six, organizer):
    # Game 2 gets a seat edit and a result, so a correction of game 1 cannot re-seat it.
    change(six, organizer, "swap", a=1, b=2)
    play_game(fresh(six), organizer)
    next_game(six, organizer)
    tg = TableGame.objects.filter(drive=six, game=1, status="confirmed").order_by("table").first()
    numbers = sorted(s.pair.number for s in tg.seats.all())
    loser = next(n for n in numbers if n != tg.winner.number)
    plan = services.correction_plan(fresh(six), 1, tg.table, loser)
    assert plan.reseat is None
    # Only the corrected table's winner and loser trade places in game 2: two tables at most,
    # and each listed table holds one of them.
    assert 1 <= len(plan.differing) <= 2
    for d in plan.differing:
        assert set(d["would_have"]) & {tg.winner.number, loser}
