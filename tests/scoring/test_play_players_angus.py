"""What the present Angus reads that the first did not (scoring/play/players/search.py).

- The draw in Auction: a seat that discarded k cards holds, with what it has
  played, at least 5 - k cards it would keep, and threw cards it would not.
- Robbing: a seat that played to the first trick without robbing holds no ace
  of trumps.
- Seats counted from his own: renumbering the seats never changes his move.
- The solver he trusts agrees with the engine on random deals, and the
  benchmark's ceiling (a player who sees every card) plays by it.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.games.cards import Suit, card, is_trump
from scoring.play.game import State, new_game
from scoring.play.players.club import is_king, margaret_choose, random_choose
from scoring.play.players.search import (
    ANGUS,
    FIRST,
    angus_choose,
    drawn,
    fitted_sample,
    keeps,
    no_rob,
    perfect_choose,
    solver_position,
    solver_table,
    turned,
    unturned,
)
from scoring.play.players.solver import Position, Solver
from scoring.play.records import Phase
from scoring.play.setup import Discard, Play, Setup, auction, forty_fives
from scoring.play.view import sample, view_of


def cards(text: str):
    return tuple(card(t) for t in text.split())


D, H, C, S = Suit.DIAMONDS, Suit.HEARTS, Suit.CLUBS, Suit.SPADES
SETUPS = {
    "45x3": lambda: forty_fives(3),
    "45x4": lambda: forty_fives(4, partnerships=True),
    "auction": lambda: auction(),
}
QUICK = dataclasses.replace(
    ANGUS, play_samples=(3, 6), play_budget=1_500, other_samples=(2, 3), other_budget=1_500
)


def until(state: State, stop, seed: int, *, chooser=margaret_choose) -> State | None:
    """Play ``state`` on (Margaret, or ``chooser``) until ``stop(state)``, within the hand."""
    hand = state.hand_no
    k = 0
    while not stop(state):
        if state.over or state.hand_no != hand:
            return None
        view = view_of(state, state.to_act)
        move = chooser(view, seed=seed + k)
        state = state.apply(move)
        k += 1
    return state


# ---- the draw -----------------------------------------------------------------------------


def after_draw(game: int, *, tricks: int = 0) -> State | None:
    return until(
        new_game(auction(), game),
        lambda s: s.phase is Phase.PLAY and len(s.tricks) >= tricks,
        game,
    )


def test_the_seats_that_drew_are_those_before_the_seat_to_discard_then_every_other_one():
    state = until(new_game(auction(), 3), lambda s: s.phase is Phase.DISCARD, 3)
    assert state is not None
    dealer = state.dealer
    left, across, right = (dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4
    assert drawn(view_of(state, across)) == {}  # nobody has drawn yet
    before = state.apply(margaret_choose(view_of(state, left)))
    thrown = len(before.discards[left])
    assert drawn(view_of(before, right)) == {left: thrown}
    assert drawn(view_of(before, left)) == {}  # a seat's own draw is no guess
    played = until(before, lambda s: s.phase is Phase.PLAY, 3)
    assert played is not None
    got = drawn(view_of(played, dealer))
    assert got == {s: len(played.discards[s]) for s in (left, across, right)}


def test_outside_auction_or_before_trump_nobody_has_drawn():
    state = new_game(forty_fives(3), 1)
    assert drawn(view_of(state, 0)) == {}
    bidding = new_game(auction(), 1)
    assert bidding.phase is Phase.BID and drawn(view_of(bidding, 0)) == {}


def test_a_player_keeps_trumps_and_off_suit_kings():
    view = view_of(after_draw(2), 0)
    assert view.trump is not None
    for c in view.unseen():
        assert keeps(c, view) == (
            is_trump(c, view.trump) or is_king(c, view.trump, view.setup.options)
        )


@settings(max_examples=30, deadline=None)
@given(game=st.integers(0, 10**5), seed=st.integers(0, 10**5), tricks=st.integers(0, 3))
def test_every_guess_fits_each_seat_s_draw(game, seed, tricks):
    state = after_draw(game, tricks=tricks)
    if state is None:
        return
    view = view_of(state, state.to_act)
    rng = random.Random(seed)
    for _ in range(5):
        guess = fitted_sample(view, rng, how=ANGUS)
        assert view_of(guess, view.seat) == view  # it fits all the view shows
        for s, k in drawn(view).items():
            played = [c for t, c in view.plays if t == s]
            held = list(guess.hands[s]) + played
            elsewhere = {c for t, h in enumerate(guess.hands) if t != s for c in h}
            free = [
                c
                for c in view.unseen()
                if keeps(c, view) and c not in view.cannot_hold[s] and c not in elsewhere
            ]
            want = min(5 - k, sum(keeps(c, view) for c in played) + len(free))
            assert sum(keeps(c, view) for c in held) >= want
        # the discards take the cards nobody would keep first
        held = {c for s in drawn(view) for c in guess.hands[s]}
        throwable = sum(not keeps(c, view) for c in view.unseen() if c not in held)
        slots = sum(drawn(view).values())
        thrown = [c for s in drawn(view) for c in guess.discards[s]]
        assert sum(keeps(c, view) for c in thrown) <= max(0, slots - throwable)


def test_a_seat_that_stood_pat_is_guessed_to_hold_five_cards_it_would_keep():
    # Found by search: the dealer's left stands pat on this deal, Margaret playing.
    for game in range(200):
        state = after_draw(game)
        if state is None:
            continue
        left = (state.dealer + 1) % 4
        if state.discards[left] == ():
            break
    else:
        pytest.fail("no deal where the dealer's left stood pat")
    seat = (left + 1) % 4
    view = view_of(state, seat)
    rng, plain = random.Random(0), random.Random(0)
    fitted = [fitted_sample(view, rng, how=ANGUS) for _ in range(20)]
    blind = [sample(view, plain) for _ in range(20)]
    assert all(sum(keeps(c, view) for c in g.hands[left]) == 5 for g in fitted)
    assert sum(sum(keeps(c, view) for c in g.hands[left]) == 5 for g in blind) < 5


# ---- robbing ------------------------------------------------------------------------------


def robbing_deal(holder_plays: bool) -> State:
    """Three alone, spades trump: seat 1 holds nothing special and plays first;
    the ace of spades is unseen by seat 0."""
    state = new_game(forty_fives(3), 0)
    hands = (cards("2♥ 3♥ 4♥ 6♥ 7♥"), cards("2♦ 3♦ 4♦ 6♦ 7♦"), cards("2♣ 3♣ 4♣ 6♣ 7♣"))
    state = dataclasses.replace(
        state,
        hands=hands,
        turn_up=card("8♠"),
        trump=S,
        taken_by=None,
        stock=tuple(c for c in state.all_cards() if c not in {x for h in hands for x in h}),
        dealer=0,
        phase=Phase.PLAY,
        to_act=1,
        trick=(),
        tricks=(),
    )
    state = dataclasses.replace(state, stock=tuple(c for c in state.stock if c != card("8♠")))
    if holder_plays:
        state = state.apply(Play(card("2♦")))
    return state


def test_a_seat_that_played_without_robbing_holds_no_ace_of_trumps():
    state = robbing_deal(holder_plays=True)
    view = view_of(state, 2)
    assert card("A♠") in view.unseen()
    got = no_rob(view)
    assert got[1] == view.cannot_hold[1] | {card("A♠")}
    assert got[0] == view.cannot_hold[0] and got[2] == view.cannot_hold[2]
    rng = random.Random(3)
    assert all(card("A♠") not in fitted_sample(view, rng).hands[1] for _ in range(60))
    plain = random.Random(3)
    assert any(card("A♠") in sample(view, plain).hands[1] for _ in range(60))


def test_before_a_seat_plays_or_once_the_turn_up_is_taken_nothing_is_read_from_robbing():
    state = robbing_deal(holder_plays=False)
    view = view_of(state, 2)
    assert no_rob(view) == view.cannot_hold
    taken = view_of(dataclasses.replace(robbing_deal(holder_plays=True), taken_by=0), 2)
    assert no_rob(taken) == taken.cannot_hold
    no_turn_up = view_of(dataclasses.replace(robbing_deal(holder_plays=True), turn_up=None), 2)
    assert no_rob(no_turn_up) == no_turn_up.cannot_hold


# ---- the first sampler, unchanged -------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(
    key=st.sampled_from(sorted(SETUPS)),
    game=st.integers(0, 10**5),
    steps=st.integers(0, 30),
    seed=st.integers(0, 10**5),
)
def test_with_nothing_read_a_guess_is_the_first_sampler_s(key, game, steps, seed):
    state = new_game(SETUPS[key](), game)
    for k in range(steps):
        if state.over or state.summaries:
            break
        state = state.apply(random_choose(view_of(state, state.to_act), seed=game + k))
    if state.to_act is None:
        return
    view = view_of(state, state.to_act)
    assert fitted_sample(view, random.Random(seed), how=FIRST) == sample(view, random.Random(seed))


# ---- the seats renumbered ---------------------------------------------------------------


def renumbered(state: State, turn: int) -> State:
    """A fresh hand with every seat moved on by ``turn`` (seat s sits at s + turn)."""
    n = state.setup.players
    assert not state.calls and not state.tricks and not state.trick

    def moved(rows):
        return tuple(rows[(s - turn) % n] for s in range(n))

    return dataclasses.replace(
        state,
        hands=moved(state.hands),
        discards=moved(state.discards),
        dealer=(state.dealer + turn) % n,
        to_act=(state.to_act + turn) % n,
    )


@pytest.mark.parametrize("key", sorted(SETUPS))
@pytest.mark.parametrize("game", [1, 2])
def test_his_move_is_the_same_when_the_seats_are_renumbered(key, game):
    setup: Setup = SETUPS[key]()
    first = new_game(setup, game)
    n = setup.players
    for turn in range(1, n):
        state, other = first, renumbered(first, turn)
        k = 0
        while state.hand_no == first.hand_no and not state.over:
            seat = state.to_act
            view, moved = view_of(state, seat), view_of(other, (seat + turn) % n)
            assert view.hand == moved.hand
            move = angus_choose(view, seed=game + k, how=QUICK)
            assert angus_choose(moved, seed=game + k, how=QUICK) == move, (turn, k, view.phase)
            state, other = state.apply(move), other.apply(move)
            k += 1
        assert k > 5


def test_turning_a_position_and_its_tricks_back_are_inverse():
    pos = Position(((1, 2), (3, 4), (5, 6)), leader=2, trick=(7,))
    assert turned(pos, 0) is pos
    got = turned(pos, 1)
    assert got.hands == ((3, 4), (5, 6), (1, 2)) and got.leader == 1 and got.trick == (7,)
    assert turned(pos, 2).leader == 0
    assert unturned((10, 11, 12), 1) == (12, 10, 11)
    assert unturned((10, 11, 12), 0) == (10, 11, 12)
    for turn in range(3):
        assert unturned(tuple(range(3)), turn)[turn] == 0  # seat ``turn`` was counted as 0


# ---- the solver against the engine -------------------------------------------------------


def in_play(key: str, game: int) -> State | None:
    def playing(s: State) -> bool:
        return s.phase is Phase.PLAY and s.to_act is not None

    return until(new_game(SETUPS[key](), game), playing, game)


def solver_for(state: State, seat: int) -> tuple[Solver, object]:
    assert state.trump is not None
    table = solver_table(state, seat, state.trump)
    return Solver(table), table


def is_engine_position(pos: Position, state: State, table) -> bool:
    """Whether the solver reads ``state``'s hands as they are (no seat robs in its reading)."""
    return pos.hands == tuple(tuple(sorted(table.index[c] for c in h)) for h in state.hands)


def engine_plays(state: State, table) -> set[tuple[int, bool]]:
    """The engine's legal plays as the solver's keys (card index, called)."""
    return {(table.index[m.card], m.call) for m in state.legal_moves() if isinstance(m, Play)}


@settings(max_examples=25, deadline=None)
@given(key=st.sampled_from(["45x4", "auction"]), game=st.integers(0, 10**5))
def test_the_solver_s_value_is_what_the_engine_scores_when_both_sides_play_it(key, game):
    """Two sides: from a random deal in play, each seat plays the solver's best card
    for its side on the engine; the solver's legal plays are the engine's at every
    turn, its value never changes along the line, and the tricks the engine
    counts at the end are the value it gave at the start."""
    state = in_play(key, game)
    if state is None or state.tricks or state.trick:
        return
    seat = state.to_act
    solver, table = solver_for(state, seat)
    mine = state.setup.side_of(seat)
    pos, _ = solver_position(state, table)
    if not is_engine_position(pos, state, table):
        return  # a seat may still rob in the solver's reading: not the engine's position
    start = solver.value(pos)
    hand = state.hand_no
    while state.phase is Phase.PLAY and state.hand_no == hand:
        pos, _ = solver_position(state, table)
        values = solver.values(pos)
        engine = engine_plays(state, table)
        assert set(values) == engine
        ours = state.setup.side_of(state.to_act) == mine
        pick = (max if ours else min)(values, key=lambda m: (values[m], -m[0]))
        won = state.tricks_won()[mine]
        assert won + values[pick] == start
        state = state.apply(Play(table.cards[pick[0]], pick[1]))
    assert state.summaries[-1].tricks[mine] == start


@settings(max_examples=20, deadline=None)
@given(game=st.integers(0, 10**5))
def test_the_solver_s_spread_is_what_the_engine_counts_three_alone(game):
    """Every seat for itself: each seat plays the card the solver's spread gives it
    the most tricks with (its own tie-break), and the engine's tricks by seat at
    the end are the spread of the start."""
    state = in_play("45x3", game)
    if state is None or state.tricks or state.trick:
        return
    solver, table = solver_for(state, state.to_act)
    pos, _ = solver_position(state, table)
    if not is_engine_position(pos, state, table):
        return  # a seat may still rob in the solver's reading: not the engine's position
    start = solver.spread(pos)
    hand = state.hand_no
    while state.phase is Phase.PLAY and state.hand_no == hand:
        pos, _ = solver_position(state, table)
        spreads = solver.spreads(pos)
        engine = engine_plays(state, table)
        if not engine:  # a rob first
            return
        assert set(spreads) == engine
        won = state.tricks_won()
        now = tuple(w + s for w, s in zip(won, solver.spread(pos), strict=True))
        assert now == start
        pick = next(m for m, v in spreads.items() if v == solver.spread(pos))
        state = state.apply(Play(table.cards[pick[0]], pick[1]))
    assert state.summaries[-1].tricks == start


# ---- the ceiling ------------------------------------------------------------------------


@pytest.mark.parametrize("key", sorted(SETUPS))
def test_perfect_play_makes_a_legal_move_at_every_turn_of_a_game(key):
    state = new_game(SETUPS[key](), 5)
    k = 0
    while not state.over and k < 200:
        move = perfect_choose(state)
        assert move in state.legal_moves() or isinstance(move, Discard)
        state = state.apply(move)
        k += 1
    assert state.over or k == 200


@pytest.mark.parametrize("key", ["45x4", "auction"])
def test_perfect_play_takes_the_most_tricks_the_true_deal_allows_where_angus_must_guess(key):
    best, missed = 0, 0
    for game in range(40):
        state = in_play(key, game)
        if state is None:
            continue
        seat = state.to_act
        solver, table = solver_for(state, seat)
        pos, _ = solver_position(state, table)
        values = solver.values(pos)
        if len(set(values.values())) < 2:
            continue
        top = max(values.values())
        move = perfect_choose(state)
        assert values[(table.index[move.card], move.call)] == top
        best += 1
        guess = angus_choose(view_of(state, seat), seed=game, how=QUICK)
        missed += values[(table.index[guess.card], guess.call)] < top
    assert best >= 10 and missed >= 1  # the truth is worth something over a guess


def test_a_seat_that_threw_all_five_may_hold_nothing_worth_keeping():
    for game in range(300):
        state = after_draw(game)
        if state is None:
            continue
        thrown_all = [s for s in range(4) if len(state.discards[s]) == 5]
        if thrown_all:
            break
    else:
        pytest.fail("no deal where a seat threw all five")
    seat = thrown_all[0]
    view = view_of(state, (seat + 1) % 4)
    rng = random.Random(1)
    kept = [sum(keeps(c, view) for c in fitted_sample(view, rng).hands[seat]) for _ in range(40)]
    assert min(kept) == 0  # nothing is asked of its hand: it drew five at random


def test_when_no_deal_fits_the_view_the_guess_is_refused():
    view = view_of(robbing_deal(holder_plays=True), 2)
    blocked = tuple(
        frozenset(view.unseen()) if s == 1 else h for s, h in enumerate(view.cannot_hold)
    )
    view = dataclasses.replace(view, cannot_hold=blocked)
    with pytest.raises(ValueError, match="no deal of the unseen cards fits this view"):
        fitted_sample(view, random.Random(0))
