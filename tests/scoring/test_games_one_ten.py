"""110, One Hundred and Ten (scoring/games/one_ten.py).

The spec has no worked example for 110, so each rule gets a small one: the
bidder adds its bid, the 105 cap, only the bidder goes out, the bidding, the
bell and elimination; then hypothesis properties over any line-up.
"""

from __future__ import annotations

import doctest
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.games import one_ten
from scoring.games.core import (
    NO_TRUMP,
    BidderAdds,
    Call,
    Contract,
    Game,
    GameState,
    HandError,
    HandRecord,
    SetupError,
    Variant,
    alone,
    hold,
    partners,
    two_pairs,
)
from scoring.games.one_ten import apply_hand, capped, make_variant, new_game, play, score_hand

ANN, BOB, CY = 0, 1, 2
A, B = 0, 1


def cut_throat(**options) -> Variant:
    return make_variant(alone("Ann", "Bob", "Cy"), **options)


def refused(variant: Variant, state: GameState, hand: HandRecord) -> str:
    with pytest.raises(HandError) as e:
        apply_hand(variant, state, hand)
    return str(e.value)


def test_docstring_examples_hold():
    assert doctest.testmod(one_ten).failed == 0


# --- the bidder ----------------------------------------------------------------------------


def test_a_bidder_that_makes_its_bid_adds_the_bid_not_what_it_took():
    v = cut_throat()
    o = score_hand(v, new_game(v), HandRecord((4, 1, 0), ANN, bidder=ANN, bid=20))
    assert o.points == (25, 5, 0)
    assert o.changes == (20, 5, 0) and o.made


def test_option_the_bidder_adds_all_the_points_it_took():
    v = cut_throat(bidder_adds=BidderAdds.POINTS)
    s = play(v, [HandRecord((4, 1, 0), ANN, bidder=ANN, bid=20)])
    assert s.scores == (25, 5, 0)


def test_a_bidder_that_falls_short_loses_its_bid_and_can_go_below_zero():
    v = cut_throat()
    s = play(v, [HandRecord((2, 2, 1), BOB, bidder=ANN, bid=25)])
    assert s.scores == (-25, 15, 5)


def test_bell_a_30_bid_made_scores_60():
    v = cut_throat(bell=True)
    assert play(v, [HandRecord((5, 0, 0), ANN, bidder=ANN, bid=30)]).scores == (60, 0, 0)
    assert play(v, [HandRecord((4, 1, 0), BOB, bidder=ANN, bid=30)]).scores == (-30, 10, 0)
    plain = cut_throat()
    assert play(plain, [HandRecord((5, 0, 0), ANN, bidder=ANN, bid=30)]).scores == (30, 0, 0)


# --- the 105 cap and going out ----------------------------------------------------------------


def test_a_side_that_did_not_bid_cannot_go_past_105_and_the_rest_is_lost():
    v = cut_throat()
    s = new_game(v, (95, 100, 0))
    s = apply_hand(v, s, HandRecord((1, 2, 2), CY, bidder=CY, bid=15))
    assert s.scores == (100, 105, 15)  # Bob took 10 but only 5 counts
    s = apply_hand(v, s, HandRecord((0, 3, 2), CY, bidder=CY, bid=15))
    assert s.scores == (100, 105, 30)  # Bob, on 105, took 15 and gains nothing
    assert s.winner is None


def test_first_to_110_wins_and_that_is_the_bidder():
    v = cut_throat()
    s = new_game(v, (100, 105, 0))
    s = apply_hand(v, s, HandRecord((2, 3, 0), BOB, bidder=ANN, bid=15))
    assert s.scores == (85, 105, 0) and s.winner is None
    s = apply_hand(v, s, HandRecord((3, 2, 0), ANN, bidder=BOB, bid=15))
    assert s.scores == (105, 90, 0) and s.winner is None  # Bob set; Ann stops at 105
    s = new_game(v, (100, 105, 0))
    s = apply_hand(v, s, HandRecord((2, 3, 0), BOB, bidder=BOB, bid=15))
    assert s.scores == (105, 120, 0) and v.name_of(s.winner) == "Bob"


def test_no_hand_after_the_game_is_won():
    v = make_variant()
    s = apply_hand(v, new_game(v, (0, 95)), HandRecord((1, 4), B, bidder=B, bid=25))
    assert s.scores == (5, 120) and s.winner == B
    assert refused(v, s, HandRecord((1, 4), B, bidder=B, bid=25)) == "the game is over: B won"


def test_capped_gain():
    assert capped(100, 10) == 5
    assert capped(105, 30) == 0
    assert capped(-40, 30) == 30
    assert capped(90, 15) == 15


# --- the bidding ----------------------------------------------------------------------------


def test_bids_are_15_to_30_and_must_rise_by_5():
    v = cut_throat()
    s = new_game(v)
    assert refused(v, s, HandRecord((1, 2, 2), CY, bidder=CY, bid=10)) == (
        "a bid must be 15, 20, 25 or 30"
    )
    assert refused(v, s, HandRecord((1, 2, 2), CY, bidder=CY, bid=35)) == (
        "a bid must be 15, 20, 25 or 30"
    )
    rising = (Call(ANN, 15), Call(BOB, 20), Call(CY, 20))
    assert refused(v, s, HandRecord((1, 2, 2), CY, dealer=CY, calls=rising)) == (
        "bids must rise by 5"
    )


def test_the_dealer_may_always_hold_and_a_player_may_raise_again():
    v = cut_throat()
    calls = (Call(ANN, 15), Call(BOB, 20), hold(CY), Call(ANN, 25), Call(BOB), hold(CY))
    o = score_hand(v, new_game(v), HandRecord((0, 0, 5), CY, dealer=CY, calls=calls))
    assert o.contract == Contract(CY, 25, held=True)
    assert o.changes == (0, 0, 25)
    with pytest.raises(SetupError, match="in 110 the dealer may always hold"):
        Variant(Game.ONE_TEN, 110, two_pairs())


def test_when_all_pass_the_dealer_takes_it_at_15():
    # (choice) as in Auction Forty-Fives: the dealer is bagged at 15.
    v = cut_throat()
    passes = (Call(ANN), Call(BOB), Call(CY))
    o = score_hand(v, new_game(v), HandRecord((1, 2, 2), CY, dealer=CY, calls=passes))
    assert o.contract == Contract(CY, 15, bagged=True)
    assert o.changes == (5, 10, 15)


# --- elimination --------------------------------------------------------------------------


def test_elimination_a_side_at_or_below_the_floor_is_out():
    v = cut_throat(elimination_floor=-80)
    s = new_game(v, (-60, 0, 0))
    s = apply_hand(v, s, HandRecord((1, 2, 2), CY, bidder=ANN, bid=20))
    assert s.scores == (-80, 10, 15)
    assert s.eliminated == (ANN,) and s.winner is None


def test_a_side_that_is_out_takes_no_part():
    v = cut_throat(elimination_floor=-80)
    s = new_game(v, (-80, 0, 0))
    assert s.eliminated == (ANN,)
    assert refused(v, s, HandRecord((1, 2, 2), CY, bidder=CY, bid=15)) == (
        "Ann is out of the game and cannot win a trick"
    )
    assert refused(v, s, HandRecord((0, 3, 2), CY, bidder=ANN, bid=15)) == (
        "Ann is out of the game and cannot bid"
    )
    assert refused(v, s, HandRecord((0, 3, 2), CY, bidder=CY, bid=15, dealer=ANN)) == (
        "Ann is out of the game and cannot deal"
    )
    calls = (Call(ANN, 15), Call(BOB, 20))
    assert refused(v, s, HandRecord((0, 3, 2), CY, dealer=CY, calls=calls)) == (
        "Ann is out of the game and cannot bid"
    )
    assert apply_hand(v, s, HandRecord((0, 3, 2), CY, bidder=CY, bid=15)).scores == (-80, 15, 15)


def test_the_last_side_left_wins():
    # (choice) the spec says a side is out; the one left standing wins.
    v = make_variant(elimination_floor=-50)
    s = apply_hand(v, new_game(v, (-30, 40)), HandRecord((2, 3), B, bidder=A, bid=20))
    assert s.scores == (-50, 60)
    assert s.eliminated == (A,) and s.winner == B


def test_a_game_needs_two_sides_still_playing_and_a_floor_below_zero():
    v = make_variant(elimination_floor=-80)
    with pytest.raises(SetupError, match="at least two sides still playing"):
        new_game(v, (-80, 0))
    with pytest.raises(SetupError, match="the elimination floor must be below zero"):
        make_variant(elimination_floor=0)


def test_options_of_auction_are_not_options_of_110():
    with pytest.raises(SetupError, match="slam is not an option of 110"):
        Variant(Game.ONE_TEN, 110, two_pairs(), dealer_may_hold=True, slam=True)
    with pytest.raises(SetupError, match="110 is played to 110"):
        Variant(Game.ONE_TEN, 120, two_pairs(), dealer_may_hold=True)


def test_partners_and_five_only_bonus():
    v = make_variant(partners("A", "B", "C"), five_only_bonus=True)
    s = play(v, [HandRecord((1, 2, 2), NO_TRUMP, bidder=2, bid=15)])
    assert s.scores == (5, 10, -15)  # no 5 of trumps: 25 in all, C took 10


# --- properties --------------------------------------------------------------------------------


@st.composite
def variants(draw) -> Variant:
    n = draw(st.integers(2, 6))
    size = draw(st.integers(1, min(3, 6 // n)))
    return make_variant(
        partners(*(f"S{i}" for i in range(n)), size=size),
        five_only_bonus=draw(st.booleans()),
        bidder_adds=draw(st.sampled_from(list(BidderAdds))),
        bell=draw(st.booleans()),
        elimination_floor=draw(st.sampled_from([None, -80, -30])),
    )


def decode_hand(code: int, v: Variant, s: GameState) -> HandRecord:
    """Any hand the sides still in could play, read from one number (keeps hypothesis fast)."""
    playing = [i for i in range(v.n_sides) if i not in s.eliminated]
    winners = []
    for _ in range(5):
        code, w = divmod(code, len(playing))
        winners.append(playing[w])
    tricks = tuple(winners.count(i) for i in range(v.n_sides))
    bests = [NO_TRUMP, *sorted(set(winners))]
    code, k = divmod(code, len(bests))
    code, bidder = divmod(code, len(playing))
    bidder = playing[bidder]
    amounts = [15, 20, 25, 30]
    code, likely = divmod(code, 3)
    if likely:  # two hands in three the side that took most bid what it could make
        bidder = max(playing, key=tricks.__getitem__)
        took = 5 * tricks[bidder] + (5 if bests[k] == bidder else 0)
        amounts = [a for a in amounts if a <= took] or amounts
    return HandRecord(tricks, bests[k], bidder=bidder, bid=amounts[code % len(amounts)])


@st.composite
def games(draw) -> tuple[Variant, GameState, list[HandRecord]]:
    """A variant, a start (maybe scores carried over) and hands until a win (or 25)."""
    v = draw(variants())
    low = -25 if v.elimination_floor is not None else -100
    scores = draw(st.lists(st.integers(low, 109), min_size=v.n_sides, max_size=v.n_sides))
    start = new_game(v, [x - x % 5 for x in scores])
    rng = random.Random(draw(st.integers(0, 2**32)))  # one draw a game keeps hypothesis fast
    s, hands = start, []
    while not s.over and len(hands) < 25:
        hands.append(decode_hand(rng.getrandbits(24), v, s))
        s = apply_hand(v, s, hands[-1])
    return v, start, hands


def steps(v: Variant, start: GameState, hands: list[HandRecord]):
    s = start
    for hand in hands:
        before, s = s, apply_hand(v, s, hand)
        yield before, hand, s


@given(games())
def test_a_non_bidder_never_passes_105(game):
    v, start, hands = game
    for before, hand, after in steps(v, start, hands):
        for side, score in enumerate(after.scores):
            if side != hand.bidder:
                assert score <= max(before.scores[side], 105)
                assert score >= before.scores[side]


@given(games())
def test_a_hand_always_totals_30_or_25_before_bid_effects(game):
    v, start, hands = game
    for before, hand, _ in steps(v, start, hands):
        assert sum(score_hand(v, before, hand).points) == (25 if hand.best is NO_TRUMP else 30)


@given(games())
def test_the_winner_is_the_bidder_on_110_or_the_last_side_left(game):
    v, start, hands = game
    for _, hand, after in steps(v, start, hands):
        if after.winner is None:
            continue
        if after.winner == hand.bidder:
            assert after.scores[hand.bidder] >= 110
        else:
            assert len(after.eliminated) == v.n_sides - 1
        assert all(s < 110 for i, s in enumerate(after.scores) if i != after.winner)


@given(games())
def test_replaying_the_same_hands_gives_the_same_scores(game):
    v, start, hands = game
    assert play(v, hands, start) == play(v, tuple(hands), start)


@given(games(), st.data())
def test_undoing_the_last_hand_restores_the_previous_state_exactly(game, data):
    v, start, hands = game
    states = [start] + [after for _, _, after in steps(v, start, hands)]
    k = data.draw(st.integers(1, len(hands)), label="hands before the undo")
    assert play(v, hands[:k], start) == states[k]
    assert play(v, hands[: k - 1], start) == states[k - 1]
