"""Seating and movement: who sits where, game after game (drives/movement.py).

Worked examples written out by hand, then hypothesis properties that hold for
any drive: any number of pairs, any winners, tables with gaps, a sit-out
anywhere.
"""

from __future__ import annotations

import doctest
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drives import movement
from drives.movement import (
    MOVEMENTS,
    WINNERS_MOVE,
    Move,
    MovementError,
    Seating,
    first_seating,
    games_won,
    moves,
    next_table,
    table_of,
    table_winner,
    validate,
)
from tests.builders.movement import T, draw_winners, pair_numbers, seated, seatings, seeds, sitouts

# --- builders -----------------------------------------------------------------


def previous_table(seating: Seating, number: int) -> int:
    numbers = [t.number for t in seating]
    earlier = [n for n in numbers if n < number]
    return earlier[-1] if earlier else numbers[-1]


# --- strategies ---------------------------------------------------------------


# --- Table --------------------------------------------------------------------


def test_a_table_with_one_pair_is_a_sitout_and_that_pair_has_no_opponent():
    assert T(3, 7).is_sitout
    assert T(3, 7).opponent_of(7) is None
    assert not T(3, 7, 8).is_sitout
    assert T(3, 7, 8).opponent_of(7) == 8
    assert T(3, 7, 8).opponent_of(8) == 7


def test_the_movement_is_registered_under_the_name_a_drive_stores():
    assert MOVEMENTS["winners_move"] is WINNERS_MOVE
    assert WINNERS_MOVE.name == "winners_move"


def test_the_module_docstring_example_runs():
    assert doctest.testmod(movement).failed == 0


# --- first seating ------------------------------------------------------------


def test_first_seating_of_ten_pairs_fills_five_tables_and_every_table_cuts():
    s = first_seating(range(1, 11), seed=2024)
    assert [t.number for t in s] == [1, 2, 3, 4, 5]
    assert all(len(t.pairs) == 2 for t in s)
    assert sorted(seated(s)) == list(range(1, 11))
    assert all(t.deals_first is None for t in s)
    assert all(t.came_from == (None, None) for t in s)


def test_a_recorded_seed_redraws_the_same_seating_forever():
    # Pinned: if this changes, every recorded seed of a past night redraws a
    # different hall and nobody can check the draw was fair.
    assert first_seating(range(1, 11), seed=2024) == (
        T(1, 7, 1, came=(None, None)),
        T(2, 10, 9, came=(None, None)),
        T(3, 4, 6, came=(None, None)),
        T(4, 2, 5, came=(None, None)),
        T(5, 3, 8, came=(None, None)),
    )


def test_with_seven_pairs_the_last_table_is_the_sitout():
    s = first_seating(range(1, 8), seed=1)
    assert [len(t.pairs) for t in s] == [2, 2, 2, 1]
    assert s[-1].is_sitout and s[-1].number == 4
    assert s[-1].came_from == (None,)


def test_two_pairs_make_one_table():
    s = first_seating([5, 9], seed=3)
    assert len(s) == 1 and s[0].number == 1 and sorted(s[0].pairs) == [5, 9]


def test_three_pairs_make_one_table_and_a_sitout():
    s = first_seating([5, 9, 12], seed=3)
    assert [len(t.pairs) for t in s] == [2, 1]
    assert sorted(seated(s)) == [5, 9, 12]


@pytest.mark.parametrize("pairs", [[], [4], [4, 4]])
def test_fewer_than_two_pairs_cannot_start(pairs):
    with pytest.raises(MovementError):
        first_seating(pairs, seed=0)


def test_a_pair_listed_twice_is_seated_once():
    s = first_seating([1, 2, 2, 3, 4], seed=0)
    assert sorted(seated(s)) == [1, 2, 3, 4]


@given(st.sets(pair_numbers, min_size=2, max_size=130), seeds)
def test_first_seating_seats_every_pair_once_at_tables_one_to_t(pairs, seed):
    s = first_seating(pairs, seed=seed)
    validate(s)
    assert sorted(seated(s)) == sorted(pairs)
    assert len(seated(s)) == len(pairs)
    assert [t.number for t in s] == list(range(1, math.ceil(len(pairs) / 2) + 1))
    assert all(len(t.pairs) == 2 for t in s[:-1])
    assert len(s[-1].pairs) == (1 if len(pairs) % 2 else 2)
    assert all(t.deals_first is None for t in s)
    assert all(t.came_from == (None,) * len(t.pairs) for t in s)


@given(st.lists(pair_numbers, min_size=2, max_size=130, unique=True), seeds, st.randoms())
def test_first_seating_depends_on_seed_and_pairs_not_on_their_order(pairs, seed, rnd):
    shuffled = list(pairs)
    rnd.shuffle(shuffled)
    assert first_seating(pairs, seed=seed) == first_seating(shuffled, seed=seed)
    assert first_seating(pairs, seed=seed) == first_seating(tuple(reversed(pairs)), seed=seed)
    assert first_seating(iter(pairs), seed=seed) == first_seating(pairs, seed=seed)


@given(st.sets(pair_numbers, min_size=2, max_size=130), seeds)
def test_another_seed_draws_another_seating(pairs, seed):
    draws = {first_seating(pairs, seed=seed + k) for k in range(20)}
    assert len(draws) > 1


# --- next_table ---------------------------------------------------------------


def test_next_table_skips_tables_not_in_use_and_wraps_around():
    s = (T(1, 1, 2), T(2, 3, 4), T(4, 5, 6))
    assert next_table(s, 1) == 2
    assert next_table(s, 2) == 4
    assert next_table(s, 4) == 1
    assert next_table((T(3, 1, 2),), 3) == 3


# --- next seating: worked examples ---------------------------------------------


def test_four_full_tables_winners_move_up_one_and_the_last_winner_goes_to_table_one():
    s = (T(1, 1, 2), T(2, 3, 4), T(3, 5, 6), T(4, 7, 8))
    nxt = WINNERS_MOVE.next_seating(s, {1: 2, 2: 3, 3: 6, 4: 7})
    assert nxt == (
        T(1, 7, 1, deals=7, came=(4, 1)),
        T(2, 2, 4, deals=2, came=(1, 2)),
        T(3, 3, 5, deals=3, came=(2, 3)),
        T(4, 6, 8, deals=6, came=(3, 4)),
    )
    assert moves(s, nxt) == (Move(2, 1, 2), Move(3, 2, 3), Move(6, 3, 4), Move(7, 4, 1))


def test_seven_pairs_the_sitout_moves_on_like_a_winner_and_table_three_winner_sits_out():
    s = (T(1, 1, 2), T(2, 3, 4), T(3, 5, 6), T(4, 7))
    nxt = WINNERS_MOVE.next_seating(s, {1: 1, 2: 4, 3: 5})
    assert nxt == (
        T(1, 7, 2, deals=7, came=(4, 1)),
        T(2, 1, 3, deals=1, came=(1, 2)),
        T(3, 4, 6, deals=4, came=(2, 3)),
        T(4, 5, deals=None, came=(3,)),
    )
    assert moves(s, nxt) == (Move(1, 1, 2), Move(4, 2, 3), Move(5, 3, 4), Move(7, 4, 1))


def test_a_table_not_in_use_is_skipped():
    s = (T(1, 1, 2), T(2, 3, 4), T(4, 5, 6))
    nxt = WINNERS_MOVE.next_seating(s, {1: 1, 2: 3, 4: 6})
    assert nxt == (
        T(1, 6, 2, deals=6, came=(4, 1)),
        T(2, 1, 4, deals=1, came=(1, 2)),
        T(4, 3, 5, deals=3, came=(2, 4)),
    )


def test_a_sitout_in_the_middle_after_a_gap_stays_a_sitout_table():
    s = (T(1, 1, 2), T(3, 3), T(4, 4, 5))
    nxt = WINNERS_MOVE.next_seating(s, {1: 2, 4: 5})
    assert nxt == (
        T(1, 5, 1, deals=5, came=(4, 1)),
        T(3, 2, deals=None, came=(1,)),
        T(4, 3, 4, deals=3, came=(3, 4)),
    )


def test_one_table_of_two_pairs_plays_on_at_table_one_with_the_winner_dealing():
    s = (T(1, 1, 2),)
    nxt = WINNERS_MOVE.next_seating(s, {1: 2})
    assert nxt == (T(1, 2, 1, deals=2, came=(1, 1)),)
    assert moves(s, nxt) == ()


def test_three_pairs_the_winner_sits_out_and_the_sitout_plays():
    s = (T(1, 1, 2), T(2, 3))
    nxt = WINNERS_MOVE.next_seating(s, {1: 1})
    assert nxt == (T(1, 3, 2, deals=3, came=(2, 1)), T(2, 1, came=(1,)))
    nxt2 = WINNERS_MOVE.next_seating(nxt, {1: 2})
    assert nxt2 == (T(1, 1, 3, deals=1, came=(2, 1)), T(2, 2, came=(1,)))


def test_a_result_for_a_sitout_table_is_ignored():
    s = (T(1, 1, 2), T(2, 3))
    assert WINNERS_MOVE.next_seating(s, {1: 1, 2: 99}) == WINNERS_MOVE.next_seating(s, {1: 1})


def test_a_winner_who_did_not_play_at_the_table_is_refused():
    s = (T(1, 1, 2), T(2, 3, 4))
    with pytest.raises(MovementError, match="pair 3 did not play at table 1"):
        WINNERS_MOVE.next_seating(s, {1: 3, 2: 4})
    with pytest.raises(MovementError):
        WINNERS_MOVE.next_seating(s, {1: 99, 2: 4})


def test_a_table_without_a_result_cannot_move():
    s = (T(1, 1, 2), T(2, 3, 4))
    with pytest.raises(MovementError, match="table 2 has no result"):
        WINNERS_MOVE.next_seating(s, {1: 1})


def test_a_bad_seating_cannot_move():
    with pytest.raises(MovementError):
        WINNERS_MOVE.next_seating((T(1, 1, 2, 3),), {1: 1})


def test_table_winner_of_a_sitout_is_its_pair():
    assert table_winner(T(5, 8), {}) == 8
    assert table_winner(T(5, 8, 9), {5: 9}) == 9


# --- next seating: properties ---------------------------------------------------


@given(st.data(), seatings())
def test_winners_move_one_table_losers_stay_and_the_sitout_moves_on(data, s):
    winners = draw_winners(data, s)
    nxt = WINNERS_MOVE.next_seating(s, winners)
    validate(nxt)
    before, after = table_of(s), table_of(nxt)

    # every pair sits exactly once; the same tables are in use
    assert sorted(seated(nxt)) == sorted(seated(s))
    assert len(seated(nxt)) == len(seated(s))
    assert [t.number for t in nxt] == [t.number for t in s]
    assert all(1 <= len(t.pairs) <= 2 for t in nxt)
    assert len(sitouts(nxt)) <= 1

    for t in s:
        mover = t.pairs[0] if t.is_sitout else winners[t.number]
        assert after[mover] == next_table(s, t.number)
        if not t.is_sitout:
            assert after[t.opponent_of(mover)] == t.number

    for t in nxt:
        # first the pair arriving from the table below, then the pair that stayed
        assert t.came_from == tuple(before[p] for p in t.pairs)
        assert t.came_from[0] == previous_table(s, t.number)
        if t.is_sitout:
            assert t.deals_first is None
        else:
            assert t.came_from[1] == t.number
            assert t.deals_first == t.pairs[0]  # the arriving winner deals first


@given(st.data(), seatings(min_pairs=3))
def test_the_sitout_table_stays_put_and_the_next_arrival_sits_out(data, s):
    if not sitouts(s):
        return
    (out,) = sitouts(s)
    nxt = WINNERS_MOVE.next_seating(s, draw_winners(data, s))
    (out_next,) = sitouts(nxt)
    assert out_next.number == out.number
    assert out_next.came_from == (previous_table(s, out.number),)
    assert out_next.pairs != out.pairs  # nobody sits out twice running


@given(st.data(), seatings())
def test_next_seating_is_a_pure_function_of_seating_and_results(data, s):
    winners = draw_winners(data, s)
    copy = tuple(s)
    assert WINNERS_MOVE.next_seating(s, winners) == WINNERS_MOVE.next_seating(s, dict(winners))
    assert s == copy


@given(st.data(), seatings())
def test_moves_lists_exactly_the_pairs_that_changed_table(data, s):
    winners = draw_winners(data, s)
    nxt = WINNERS_MOVE.next_seating(s, winners)
    before, after = table_of(s), table_of(nxt)
    listed = moves(s, nxt)
    assert [m.pair for m in listed] == sorted(p for p in before if before[p] != after[p])
    assert all(m == Move(m.pair, before[m.pair], after[m.pair]) for m in listed)
    movers = set(winners.values()) | {t.pairs[0] for t in sitouts(s)}
    if len(s) > 1:
        assert {m.pair for m in listed} == movers
    else:
        assert listed == ()


# --- a whole night -------------------------------------------------------------


@given(
    st.data(),
    st.integers(min_value=2, max_value=130),
    seeds,
    st.integers(min_value=1, max_value=10),
    st.booleans(),
)
def test_a_night_of_random_games_keeps_every_rule(data, n_pairs, seed, n_games, sitout_wins):
    pairs = data.draw(st.lists(pair_numbers, min_size=n_pairs, max_size=n_pairs, unique=True))
    s = first_seating(pairs, seed=seed)
    n_tables = len(s)
    history, results = [], []
    table_games = sitout_games = 0
    for _ in range(n_games):
        validate(s)
        assert sorted(seated(s)) == sorted(pairs)
        assert [t.number for t in s] == list(range(1, n_tables + 1))
        assert len(sitouts(s)) == n_pairs % 2
        winners = draw_winners(data, s)
        history.append(s)
        results.append(winners)
        table_games += sum(not t.is_sitout for t in s)
        sitout_games += len(sitouts(s))

        nxt = WINNERS_MOVE.next_seating(s, winners)
        assert nxt == WINNERS_MOVE.next_seating(s, winners)
        before, after = table_of(s), table_of(nxt)
        for t in s:
            if t.is_sitout:
                assert after[t.pairs[0]] == t.number % n_tables + 1
            else:
                w = winners[t.number]
                assert after[w] == t.number % n_tables + 1
                assert after[t.opponent_of(w)] == t.number
        if sitouts(s):
            (out_now,), (out_next,) = sitouts(s), sitouts(nxt)
            assert out_next.pairs != out_now.pairs
            assert out_next.pairs == (winners[previous_table(s, out_now.number)],)
        if n_tables > 1 and not sitouts(s):
            assert {m.pair for m in moves(s, nxt)} == set(winners.values())
        assert {m.pair for m in moves(s, nxt)} == {p for p in before if before[p] != after[p]}
        s = nxt

    won = games_won(history, results, sitout_wins=sitout_wins)
    assert set(won) == set(pairs)
    total = sum(len(g) for g in won.values())
    assert total == table_games + (sitout_games if sitout_wins else 0)
    for game, (seating, winners) in enumerate(zip(history, results, strict=True), start=1):
        punched = {p for p, g in won.items() if game in g}
        expected = set(winners.values())
        if sitout_wins:
            expected |= {t.pairs[0] for t in sitouts(seating)}
        assert punched == expected
    assert all(list(g) == sorted(set(g)) for g in won.values())


# --- games won -----------------------------------------------------------------

# Five pairs, three games. Pair 5 sits out game 1, pair 4 game 2, pair 1 game 3.
NIGHT = (
    (T(1, 1, 2), T(2, 3, 4), T(3, 5)),
    (
        T(1, 5, 2, deals=5, came=(3, 1)),
        T(2, 1, 3, deals=1, came=(1, 2)),
        T(3, 4, came=(2,)),
    ),
    (
        T(1, 4, 5, deals=4, came=(3, 1)),
        T(2, 2, 3, deals=2, came=(1, 2)),
        T(3, 1, came=(2,)),
    ),
)
NIGHT_RESULTS = ({1: 1, 2: 4}, {1: 2, 2: 1}, {1: 4, 2: 3})


def test_the_worked_night_is_what_movement_seats():
    assert WINNERS_MOVE.next_seating(NIGHT[0], NIGHT_RESULTS[0]) == NIGHT[1]
    assert WINNERS_MOVE.next_seating(NIGHT[1], NIGHT_RESULTS[1]) == NIGHT[2]


def test_games_won_when_a_sitout_counts_as_a_win():
    assert games_won(NIGHT, NIGHT_RESULTS, sitout_wins=True) == {
        1: (1, 2, 3),
        2: (2,),
        3: (3,),
        4: (1, 2, 3),
        5: (1,),
    }


def test_games_won_when_a_sitout_does_not_count():
    assert games_won(NIGHT, NIGHT_RESULTS, sitout_wins=False) == {
        1: (1, 2),
        2: (2,),
        3: (3,),
        4: (1, 3),
        5: (),
    }


def test_a_game_seated_but_not_played_punches_nobody():
    # Finishing early after game 2: game 3 was seated, never played.
    assert games_won(NIGHT, NIGHT_RESULTS[:2], sitout_wins=True) == {
        1: (1, 2),
        2: (2,),
        3: (),
        4: (1, 2),
        5: (1,),
    }


def test_a_table_still_playing_punches_nobody_yet():
    won = games_won(NIGHT[:1], ({1: 1},), sitout_wins=True)
    assert won == {1: (1,), 2: (), 3: (), 4: (), 5: (1,)}


def test_games_won_refuses_a_winner_who_did_not_play_at_the_table():
    # Pair 2 played at table 1, not table 2: punching it would corrupt the tally.
    with pytest.raises(MovementError, match="pair 2 did not play at table 2"):
        games_won(NIGHT[:1], ({1: 1, 2: 2},), sitout_wins=True)
    with pytest.raises(MovementError):
        games_won(NIGHT[:1], ({1: 3, 2: 4},), sitout_wins=True)
    with pytest.raises(MovementError):
        games_won(NIGHT[:1], ({1: 99, 2: 4},), sitout_wins=True)


def test_no_games_no_punches():
    assert games_won((), (), sitout_wins=True) == {}


# --- moves -----------------------------------------------------------------------


def test_moves_shows_arrivals_and_leavers():
    before = (T(1, 1, 2), T(2, 3, 4))
    after = (T(1, 1, 5), T(2, 3, 4))
    assert moves(before, after) == (Move(2, 1, None), Move(5, None, 1))


def test_moves_is_empty_when_nobody_changes_table():
    s = (T(1, 1, 2), T(2, 3))
    assert moves(s, (T(1, 2, 1, deals=2), T(2, 3))) == ()


def test_moves_are_listed_by_pair_number():
    before = (T(1, 10, 2), T(2, 3, 4))
    after = (T(1, 3, 2), T(2, 10, 4))
    assert moves(before, after) == (Move(3, 2, 1), Move(10, 1, 2))


# --- validate ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "seating",
    [
        pytest.param((T(1, 1, 2, 3),), id="three pairs at a table"),
        pytest.param((T(1),), id="an empty table"),
        pytest.param((T(1, 1, 2), T(2, 2, 3)), id="a pair at two tables"),
        pytest.param((T(1, 4, 4),), id="a pair twice at one table"),
        pytest.param((T(1, 1, 2), T(2, 3), T(3, 4)), id="two half-empty tables"),
        pytest.param((T(1, 1, 2, deals=3), T(2, 3, 4)), id="dealer not at the table"),
        pytest.param((T(2, 1, 2), T(1, 3, 4)), id="tables out of order"),
        pytest.param((T(1, 1, 2), T(1, 3, 4)), id="a table number twice"),
        pytest.param((T(0, 1, 2),), id="table zero"),
        pytest.param((T(-1, 1, 2), T(1, 3, 4)), id="a negative table"),
        pytest.param((T(1, 1, 2, came=(None,)),), id="came_from of the wrong length"),
    ],
)
def test_validate_refuses(seating):
    with pytest.raises(MovementError):
        validate(seating)


@pytest.mark.parametrize(
    "seating",
    [
        pytest.param((T(1, 1, 2),), id="one table"),
        pytest.param((T(1, 1, 2), T(2, 3)), id="a sit-out"),
        pytest.param((T(2, 1, 2), T(5, 3, deals=3), T(9, 4, 5)), id="gaps, sit-out mid-hall"),
        pytest.param((T(1, 1, 2, deals=2, came=(4, 1)),), id="dealer and came_from"),
    ],
)
def test_validate_accepts(seating):
    validate(seating)


@given(seatings())
def test_every_generated_seating_is_valid(s):
    validate(s)
