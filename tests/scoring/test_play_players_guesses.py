"""Angus's guesses of the unseen cards (scoring/play/players/search.py ``guess``):
they fit the view (the robbed card stays with the robber, whose discard is one
more unseen card) and, in Auction, the bidding; every decision draws from it."""

from __future__ import annotations

import random
import statistics

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring.play.game import new_game
from scoring.play.players import search
from scoring.play.players.club import best_suit, margaret_choose
from scoring.play.players.search import fits_bids, guess, shown_by_bids
from scoring.play.records import Phase
from scoring.play.setup import Bid, Pass, auction, forty_fives
from scoring.play.view import sample, view_of


def until(state, done, seed: int, limit: int = 40):
    """Play on (Margaret's moves, some random) until ``done(state)``, or None."""
    rng = random.Random(seed)
    for _ in range(limit):
        if state.over:
            return None
        if done(state):
            return state
        view = view_of(state, state.to_act)
        move = rng.choice(view.legal) if rng.random() < 0.3 else margaret_choose(view)
        state = state.apply(move)
    return None


@settings(max_examples=40, deadline=None)
@given(game=st.integers(0, 10**6), seed=st.integers(0, 10**6), extra=st.integers(0, 6))
def test_guesses_keep_the_robbed_card_with_the_robber_and_its_discard_unseen(game, seed, extra):
    s = until(new_game(forty_fives(3), game), lambda x: x.taken_by is not None, game)
    assume(s is not None)
    for _ in range(extra):
        if s.phase is not Phase.PLAY or not s.hands[s.to_act]:
            break
        s = s.apply(margaret_choose(view_of(s, s.to_act)))
    robber, turn_up = s.taken_by, s.turn_up
    (thrown,) = s.discards[robber]
    for seat in range(3):
        if seat == robber or s.to_act is None:
            continue
        view = view_of(s, seat)
        assert thrown in view.unseen()  # nobody else saw the discard
        still_held = turn_up in s.hands[robber]
        for _ in range(5):
            g = guess(view, random.Random(seed))
            seed += 1
            assert view_of(g, seat) == view  # fits everything the seat has seen
            assert (turn_up in g.hands[robber]) == still_held
            assert len(g.discards[robber]) == 1 and g.discards[robber][0] not in g.hands[robber]


def bid_view(game: int):
    """The view, in an Auction bidding, of a seat after another seat has bid."""
    s = until(
        new_game(auction(), game),
        lambda x: (
            x.phase is Phase.BID
            and any(isinstance(m, Bid) and seat != x.to_act for seat, m in x.calls)
        ),
        game,
    )
    return None if s is None else view_of(s, s.to_act)


@settings(max_examples=25, deadline=None)
@given(game=st.integers(0, 10**6), seed=st.integers(0, 10**6))
def test_a_guess_is_the_first_draw_that_fits_the_bidding_else_the_last(game, seed):
    view = bid_view(game)
    assume(view is not None)
    shown = shown_by_bids(view)
    assert shown and view.seat not in shown
    rng = random.Random(seed)
    draws = [sample(view, rng) for _ in range(search.FIRST.bid_tries)]
    fitting = [d for d in draws if fits_bids(view, d, shown)]
    got = guess(view, random.Random(seed), search.FIRST)
    assert got == (fitting[0] if fitting else draws[-1])
    assert view_of(got, view.seat) == view


def test_a_seat_that_bid_is_guessed_stronger_than_at_random():
    strong, plain = [], []
    for game in range(30):
        view = bid_view(game)
        if view is None:
            continue
        (seat, _), *_ = shown_by_bids(view).items()
        rng_a, rng_b = random.Random(game), random.Random(game)
        for _ in range(10):
            strong.append(best_suit(guess(view, rng_a).hands[seat], view.setup.options)[1])
            plain.append(best_suit(sample(view, rng_b).hands[seat], view.setup.options)[1])
    assert len(strong) >= 100
    assert statistics.fmean(strong) > statistics.fmean(plain) + 0.3


def test_bids_show_nothing_outside_auction_and_a_pass_shows_nothing():
    view = view_of(new_game(forty_fives(3), 1), 0)
    assert shown_by_bids(view) == {}
    s = new_game(auction(), 3)
    s = s.apply(Pass())
    assert shown_by_bids(view_of(s, s.to_act)) == {}


def test_once_trump_is_named_only_the_bidder_shows_strength_in_trump():
    s = until(new_game(auction(), 5), lambda x: x.phase is Phase.DISCARD, 5)
    assert s is not None and s.bidder is not None
    seat = next(x for x in range(4) if x != s.bidder)
    shown = shown_by_bids(view_of(s, seat))
    assert list(shown) == [s.bidder] and shown[s.bidder][1] is s.trump
