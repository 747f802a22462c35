"""Changes between games: late pairs, leavers, seat edits (drives/movement.py).

Worked examples written out by hand for each case the organizer meets, every
refusal with its message, then hypothesis properties: single changes on any
seating, and whole nights with random games, arrivals, departures and edits
mixed in.
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drives.movement import (
    WINNERS_MOVE,
    Move,
    MovementError,
    Seating,
    add_pair,
    first_seating,
    games_won,
    move_pair,
    moves,
    remove_pair,
    swap_pairs,
    table_of,
    validate,
)
from tests.builders.movement import (
    T,
    draw_winners,
    pair_numbers,
    seated,
    seatings,
    seeds,
    sitouts,
)

# --- helpers --------------------------------------------------------------------


def came_of(seating: Seating) -> dict[int, int | None]:
    """pair -> the table it came from (None when not known)."""
    return {
        p: (t.came_from[i] if t.came_from else None) for t in seating for i, p in enumerate(t.pairs)
    }


def by_pair(*listed: Move) -> tuple[Move, ...]:
    return tuple(sorted(listed, key=lambda m: m.pair))


def assert_only_these_moved(
    before: Seating, after: Seating, expected: tuple[Move, ...], *, cut: bool = True
) -> None:
    """The screen lists exactly `expected`; every other table is as it was.

    Each pair keeps the table it came from; the tables that changed cut for
    the deal when `cut`.
    """
    validate(after)
    assert moves(before, after) == expected
    touched = {m.from_table for m in expected} | {m.to_table for m in expected}
    old = {t.number: t for t in before}
    for t in after:
        if t.number not in touched:
            assert t == old[t.number]
        elif cut:
            assert t.deals_first is None
    came_before = came_of(before)
    assert all(came_before.get(p) == c for p, c in came_of(after).items())


def assert_night_rules(s: Seating, present: set[int], left: set[int]) -> None:
    validate(s)
    assert sorted(seated(s)) == sorted(present)  # each present pair exactly once
    assert not left & set(seated(s))
    assert all(1 <= len(t.pairs) <= 2 for t in s)
    assert len(sitouts(s)) == len(present) % 2  # at most one half-empty table
    assert all(t.deals_first is None for t in sitouts(s))
    assert all(t.deals_first in (None, *t.pairs) for t in s)


# --- worked examples ----------------------------------------------------------------

# Six pairs, game 1 and the game 2 it seats (winners 1, 3, 5 move up a table).
GAME1 = (T(1, 1, 2), T(2, 3, 4), T(3, 5, 6))
RESULT1 = {1: 1, 2: 3, 3: 5}
GAME2 = (
    T(1, 5, 2, deals=5, came=(3, 1)),
    T(2, 1, 4, deals=1, came=(1, 2)),
    T(3, 3, 6, deals=3, came=(2, 3)),
)
# Pair 4 leaves before game 2: pair 1, who would have met it, sits out.
PAIR_4_LEFT = (
    T(1, 5, 2, deals=5, came=(3, 1)),
    T(2, 1, came=(1,)),
    T(3, 3, 6, deals=3, came=(2, 3)),
)
# Then pair 5 leaves too: pair 1 (table 2) joins pair 2 (table 1); table 2 is empty.
MERGED = (T(1, 2, 1, came=(1, 1)), T(3, 3, 6, deals=3, came=(2, 3)))
# Seven pairs, game 2: pair 5 arrived at table 4 from table 3 and sits out.
SEVEN = (
    T(1, 7, 2, deals=7, came=(4, 1)),
    T(2, 1, 3, deals=1, came=(1, 2)),
    T(3, 4, 6, deals=4, came=(2, 3)),
    T(4, 5, came=(3,)),
)


def test_the_worked_seatings_are_what_movement_seats():
    assert WINNERS_MOVE.next_seating(GAME1, RESULT1) == GAME2
    assert (
        WINNERS_MOVE.next_seating((T(1, 1, 2), T(2, 3, 4), T(3, 5, 6), T(4, 7)), {1: 1, 2: 4, 3: 5})
        == SEVEN
    )


CHANGES = [
    # --- leavers
    pytest.param(
        GAME2,
        lambda s: remove_pair(s, 4),
        PAIR_4_LEFT,
        (Move(4, 2, None),),
        id="a leaver's seat is left empty and the pair it would have met sits out",
    ),
    pytest.param(
        GAME2,
        lambda s: remove_pair(s, 5),
        (T(1, 2, came=(1,)), GAME2[1], GAME2[2]),
        (Move(5, 1, None),),
        id="an arriving winner leaves and the pair that stayed sits out",
    ),
    pytest.param(
        SEVEN,
        lambda s: remove_pair(s, 5),
        SEVEN[:3],
        (Move(5, 4, None),),
        id="the sit-out pair leaves and its table is no longer in use",
    ),
    pytest.param(
        PAIR_4_LEFT,
        lambda s: remove_pair(s, 5),
        MERGED,
        (Move(1, 2, 1), Move(5, 1, None)),
        id="a second leaver: the pair at the higher table joins the lower, which cuts",
    ),
    pytest.param(
        PAIR_4_LEFT,
        lambda s: remove_pair(s, 6),
        (PAIR_4_LEFT[0], T(2, 1, 3, came=(1, 2))),
        (Move(3, 3, 2), Move(6, 3, None)),
        id="a second leaver above the half-empty table: its opponent moves down",
    ),
    pytest.param(
        GAME2,
        lambda s: remove_pair(remove_pair(s, 4), 5),
        MERGED,
        (Move(1, 2, 1), Move(4, 2, None), Move(5, 1, None)),
        id="two leavers at once cause a merge",
    ),
    # --- late pairs
    pytest.param(
        SEVEN,
        lambda s: add_pair(s, 8),
        (*SEVEN[:3], T(4, 5, 8, deals=5, came=(3, None))),
        (Move(8, None, 4),),
        id="a late pair fills the empty seat and the winner waiting there deals",
    ),
    pytest.param(
        (T(1, 2, came=(1,)), GAME2[1], GAME2[2]),
        lambda s: add_pair(s, 8),
        (T(1, 2, 8, came=(1, None)), GAME2[1], GAME2[2]),
        (Move(8, None, 1),),
        id="a late pair fills the seat beside a pair that stayed and the table cuts",
    ),
    pytest.param(
        (T(1, 1, 2), T(2, 3, came=(None,))),
        lambda s: add_pair(s, 4),
        (T(1, 1, 2), T(2, 3, 4, came=(None, None))),
        (Move(4, None, 2),),
        id="a late pair before game 1 fills the empty seat and the table cuts",
    ),
    pytest.param(
        GAME2,
        lambda s: add_pair(s, 7),
        (*GAME2, T(4, 7, came=(None,))),
        (Move(7, None, 4),),
        id="a late pair opens a table after the last and sits out",
    ),
    pytest.param(
        MERGED,
        lambda s: add_pair(s, 7),
        (*MERGED, T(4, 7, came=(None,))),
        (Move(7, None, 4),),
        id="a late pair opens a table after the last in use, not in a gap",
    ),
    pytest.param(
        SEVEN[:3],
        lambda s: add_pair(s, 9),
        (*SEVEN[:3], T(4, 9, came=(None,))),
        (Move(9, None, 4),),
        id="a late pair reopens the last table a leaver emptied",
    ),
    # --- seat edits
    pytest.param(
        GAME2,
        lambda s: swap_pairs(s, 2, 4),
        (T(1, 5, 4, came=(3, 2)), T(2, 1, 2, came=(1, 1)), GAME2[2]),
        (Move(2, 1, 2), Move(4, 2, 1)),
        id="two pairs swap seats and both tables cut",
    ),
    pytest.param(
        SEVEN,
        lambda s: swap_pairs(s, 5, 6),
        (*SEVEN[:2], T(3, 4, 5, came=(2, 3)), T(4, 6, came=(3,))),
        (Move(5, 4, 3), Move(6, 3, 4)),
        id="the sit-out pair swaps with a pair at a full table",
    ),
    pytest.param(
        SEVEN,
        lambda s: move_pair(s, 6, 4),
        (*SEVEN[:2], T(3, 4, came=(2,)), T(4, 5, 6, came=(3, 3))),
        (Move(6, 3, 4),),
        id="a pair moves to the empty seat and leaves its own seat empty",
    ),
    pytest.param(
        PAIR_4_LEFT,
        lambda s: move_pair(s, 1, 5),
        (PAIR_4_LEFT[0], PAIR_4_LEFT[2], T(5, 1, came=(1,))),
        (Move(1, 2, 5),),
        id="the sit-out pair moves to a table not in use, which opens",
    ),
]


@pytest.mark.parametrize(("before", "change", "after", "listed"), CHANGES)
def test_a_change_between_games_seats_exactly_this(before, change, after, listed):
    assert change(before) == after
    assert moves(before, after) == listed
    validate(after)


def test_after_a_leaver_movement_goes_on_and_the_next_arrival_sits_out():
    assert WINNERS_MOVE.next_seating(PAIR_4_LEFT, {1: 5, 3: 6}) == (
        T(1, 6, 2, deals=6, came=(3, 1)),
        T(2, 5, came=(1,)),
        T(3, 1, 3, deals=1, came=(2, 3)),
    )


def test_after_a_merge_movement_skips_the_empty_table():
    assert WINNERS_MOVE.next_seating(MERGED, {1: 2, 3: 6}) == (
        T(1, 6, 1, deals=6, came=(3, 1)),
        T(3, 2, 3, deals=2, came=(1, 3)),
    )


def test_after_a_seat_edit_movement_goes_on_from_the_edited_seating():
    swapped = swap_pairs(GAME2, 2, 4)
    assert WINNERS_MOVE.next_seating(swapped, {1: 4, 2: 1, 3: 6}) == (
        T(1, 6, 5, deals=6, came=(3, 1)),
        T(2, 4, 2, deals=4, came=(1, 2)),
        T(3, 1, 3, deals=1, came=(2, 3)),
    )


@pytest.mark.parametrize(("sitout_wins", "punched"), [(True, (2,)), (False, ())])
def test_a_late_pair_that_opens_a_table_sits_out_its_first_game_and_wins_no_earlier_one(
    sitout_wins, punched
):
    game2 = add_pair(GAME2, 7)
    result2 = {1: 5, 2: 1, 3: 3}
    game3 = WINNERS_MOVE.next_seating(game2, result2)
    # The late pair moves on like a sit-out; the winner arriving at table 4 sits out next.
    assert game3 == (
        T(1, 7, 2, deals=7, came=(4, 1)),
        T(2, 5, 4, deals=5, came=(1, 2)),
        T(3, 1, 6, deals=1, came=(2, 3)),
        T(4, 3, came=(3,)),
    )
    won = games_won((GAME1, game2), (RESULT1, result2), sitout_wins=sitout_wins)
    assert won[7] == punched


# --- refusals ---------------------------------------------------------------------

REFUSALS = [
    pytest.param(
        GAME2,
        lambda s: add_pair(s, 4),
        "pair 4 is already seated at table 2",
        id="a late pair already seated",
    ),
    pytest.param(
        GAME2,
        lambda s: remove_pair(s, 99),
        "pair 99 is not seated, so it cannot leave",
        id="a leaver not in the seating",
    ),
    pytest.param(
        (T(1, 5, came=(1,)),),
        lambda s: remove_pair(s, 5),
        "pair 5 is the last pair seated; finish the night instead",
        id="the last pair leaving",
    ),
    pytest.param(
        GAME2,
        lambda s: swap_pairs(s, 2, 99),
        "pair 99 is not seated, so it cannot swap places with pair 2",
        id="a swap that would leave a pair unseated",
    ),
    pytest.param(
        GAME2,
        lambda s: swap_pairs(s, 99, 2),
        "pair 99 is not seated, so it cannot swap places with pair 2",
        id="a swap of a pair not seated",
    ),
    pytest.param(
        GAME2,
        lambda s: swap_pairs(s, 2, 2),
        "pair 2 cannot swap places with itself; pick two pairs",
        id="a pair swapped with itself",
    ),
    pytest.param(
        GAME2,
        lambda s: swap_pairs(s, 5, 2),
        "pairs 5 and 2 already sit together at table 1",
        id="a swap of two pairs at one table",
    ),
    pytest.param(
        GAME2,
        lambda s: move_pair(s, 5, 2),
        "table 2 already has two pairs; swap pair 5 with one of them instead",
        id="a move that would put three pairs at a table",
    ),
    pytest.param(
        GAME2,
        lambda s: move_pair(s, 5, 1),
        "pair 5 already sits at table 1",
        id="a move to the pair's own table",
    ),
    pytest.param(
        GAME2,
        lambda s: move_pair(s, 99, 2),
        "pair 99 is not seated, so it cannot move to table 2",
        id="a move of a pair not seated",
    ),
    pytest.param(
        GAME2,
        lambda s: move_pair(s, 5, 0),
        "there is no table 0; tables are numbered from 1",
        id="a move that would leave a pair unseated",
    ),
    pytest.param(
        GAME2,
        lambda s: move_pair(s, 5, 4),
        "that would leave tables 1 and 4 half-empty, and only one table may be; "
        "swap pair 5 with another pair instead",
        id="a move that would leave two tables half-empty",
    ),
    pytest.param(
        SEVEN,
        lambda s: move_pair(s, 1, 9),
        "that would leave tables 2, 4 and 9 half-empty, and only one table may be; "
        "move pair 1 to table 4, which has an empty seat, or swap it with another pair",
        id="a move away from the empty seat",
    ),
    pytest.param(
        (T(1, 1, 2, 3),),
        lambda s: add_pair(s, 4),
        "table 1 holds 3 pairs",
        id="a seating that is already wrong",
    ),
]


@pytest.mark.parametrize(("before", "change", "message"), REFUSALS)
def test_a_bad_change_is_refused_in_plain_words_and_changes_nothing(before, change, message):
    kept = copy.deepcopy(before)
    with pytest.raises(MovementError) as refused:
        change(before)
    assert str(refused.value) == message
    assert before == kept


# --- one change on any seating ----------------------------------------------------------


@given(seatings())
def test_a_late_pair_fills_the_empty_seat_or_opens_the_next_table(s):
    late = max(seated(s)) + 1
    after = add_pair(s, late)
    if sitouts(s):
        (waiting,) = sitouts(s)
        assert_only_these_moved(s, after, (Move(late, None, waiting.number),), cut=False)
        (joined,) = (t for t in after if late in t.pairs)
        came = came_of(s)[waiting.pairs[0]]
        winner_waits = came is not None and came != waiting.number
        assert joined.deals_first == (waiting.pairs[0] if winner_waits else None)
        assert [t.number for t in after] == [t.number for t in s]
    else:
        table = s[-1].number + 1
        assert_only_these_moved(s, after, (Move(late, None, table),))
        assert after == (*s, T(table, late, came=(None,)))
    assert not sitouts(after) or sitouts(after)[0].pairs == (late,)


@given(st.data(), seatings(min_pairs=2))
def test_a_leaver_empties_its_seat_and_half_empty_tables_merge_downwards(data, s):
    pair = data.draw(st.sampled_from(seated(s)))
    after = remove_pair(s, pair)
    src = next(t for t in s if pair in t.pairs)
    expected, gone = [Move(pair, src.number, None)], set()
    if src.is_sitout:
        gone.add(src.number)
    elif sitouts(s):
        (other,) = sitouts(s)
        low, high = sorted((other.number, src.number))
        mover = src.opponent_of(pair) if src.number == high else other.pairs[0]
        expected.append(Move(mover, high, low))
        gone.add(high)
    assert_only_these_moved(s, after, by_pair(*expected))
    assert [t.number for t in after] == [t.number for t in s if t.number not in gone]
    assert_night_rules(after, set(seated(s)) - {pair}, {pair})


@given(st.data(), seatings())
def test_a_swap_exchanges_two_pairs_at_different_tables_or_is_refused(data, s):
    a = data.draw(st.sampled_from([*seated(s), 1000]))
    b = data.draw(st.sampled_from([*seated(s), 1000]))
    where = table_of(s)
    if a not in where or b not in where or where[a] == where[b]:
        with pytest.raises(MovementError):
            swap_pairs(s, a, b)
        return
    after = swap_pairs(s, a, b)
    assert_only_these_moved(
        s, after, by_pair(Move(a, where[a], where[b]), Move(b, where[b], where[a]))
    )
    assert [len(t.pairs) for t in after] == [len(t.pairs) for t in s]


@given(st.data(), seatings())
def test_a_move_is_made_exactly_when_it_leaves_the_seating_valid(data, s):
    pair = data.draw(st.sampled_from([*seated(s), 1000]))
    table = data.draw(st.integers(-1, s[-1].number + 3))
    where, size = table_of(s), {t.number: len(t.pairs) for t in s}
    ok = pair in where and table >= 1 and table != where[pair] and size.get(table, 0) < 2
    if ok:
        size[where[pair]] -= 1
        size[table] = size.get(table, 0) + 1
        ok = sum(n == 1 for n in size.values()) <= 1
    if not ok:
        with pytest.raises(MovementError):
            move_pair(s, pair, table)
        return
    after = move_pair(s, pair, table)
    assert_only_these_moved(s, after, (Move(pair, where[pair], table),))
    assert {t.number for t in after} == {n for n, k in size.items() if k}


# --- whole nights with arrivals, departures and edits ---------------------------------------


def valid_moves(s: Seating) -> list[tuple[int, int]]:
    """Every (pair, table) that move_pair accepts: into the empty seat, or the
    sit-out pair to a table not in use."""
    if not sitouts(s):
        return []  # any move would leave two tables half-empty
    (out,) = sitouts(s)
    into = [(p, out.number) for t in s if not t.is_sitout for p in t.pairs]
    used = {t.number for t in s}
    away = [(out.pairs[0], n) for n in range(1, s[-1].number + 3) if n not in used]
    return into + away


@given(st.data(), st.integers(min_value=2, max_value=60), seeds, st.booleans())
def test_a_night_with_late_pairs_leavers_and_seat_edits_keeps_every_rule(
    data, n_pairs, seed, sitout_wins
):
    pairs = data.draw(st.lists(pair_numbers, min_size=n_pairs, max_size=n_pairs, unique=True))
    s = first_seating(pairs, seed=seed)
    present, left, fresh = set(pairs), set(), max(pairs) + 1
    history, results = [], []
    for _ in range(data.draw(st.integers(min_value=1, max_value=30), label="steps")):
        steps = ["game", "late pair"]
        if len(present) >= 2:
            steps.append("leaver")
        if len(s) >= 2:
            steps.append("swap")
        if valid_moves(s):
            steps.append("move")
        step = data.draw(st.sampled_from(steps), label="step")
        before, used, where = s, [t.number for t in s], table_of(s)

        if step == "game":
            winners = draw_winners(data, s)
            history.append(s)
            results.append(winners)
            s = WINNERS_MOVE.next_seating(s, winners)
            assert [t.number for t in s] == used  # movement skips tables not in use
        elif step == "late pair":
            s, late = add_pair(s, fresh), fresh
            present.add(late)
            fresh += 1
            table = sitouts(before)[0].number if sitouts(before) else used[-1] + 1
            assert_only_these_moved(before, s, (Move(late, None, table),), cut=False)
            if not sitouts(before):
                assert sitouts(s)[0].pairs == (late,)  # it sits out its first game
        elif step == "leaver":
            pair = data.draw(st.sampled_from(sorted(present)), label="leaver")
            s = remove_pair(s, pair)
            present.remove(pair)
            left.add(pair)
            listed = moves(before, s)
            assert Move(pair, where[pair], None) in listed
            assert len(listed) <= 2  # the leaver, and a pair joining the other half-empty table
            assert_only_these_moved(before, s, listed)
            assert {t.number for t in s} <= set(used)
        elif step == "swap":
            a = data.draw(st.sampled_from(sorted(present)), label="swap a")
            b = data.draw(st.sampled_from(sorted(p for p in present if where[p] != where[a])))
            s = swap_pairs(s, a, b)
            listed = by_pair(Move(a, where[a], where[b]), Move(b, where[b], where[a]))
            assert_only_these_moved(before, s, listed)
            assert [t.number for t in s] == used
        else:
            pair, table = data.draw(st.sampled_from(valid_moves(s)), label="move")
            s = move_pair(s, pair, table)
            assert_only_these_moved(before, s, (Move(pair, where[pair], table),))
            assert {t.number for t in s} <= set(used) | {table}

        assert_night_rules(s, present, left)

    won = games_won(history, results, sitout_wins=sitout_wins)
    for game, (seating, winners) in enumerate(zip(history, results, strict=True), start=1):
        # Only pairs seated that game can be punched for it: a late pair wins
        # no game before it arrived, a leaver none after it left.
        expected = set(winners.values())
        if sitout_wins:
            expected |= {t.pairs[0] for t in sitouts(seating)}
        assert {p for p, g in won.items() if game in g} == expected
        assert len(seated(seating)) == len(set(seated(seating)))
