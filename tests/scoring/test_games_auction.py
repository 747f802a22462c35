"""Auction Forty-Fives to 120 (scoring/games/auction.py).

The spec's worked example, then each rule and option of a drive: bids made
and set, locked at 100, going out, the bidding and its reasons, 30 for 60,
slam, dreaded 45; then hypothesis properties over any line-up and options.
"""

from __future__ import annotations

import doctest
import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.games import auction
from scoring.games.auction import apply_hand, make_variant, new_game, play, score_hand
from scoring.games.core import (
    NO_TRUMP,
    SLAM,
    Call,
    Contract,
    Game,
    GameState,
    HandError,
    HandRecord,
    Overcall,
    SetupError,
    ThirtyForSixty,
    Variant,
    alone,
    bid_amounts,
    hand_points,
    hold,
    partners,
    two_pairs,
)

A, B, C = 0, 1, 2


def bid(side: int, amount: int) -> Call:
    return Call(side, amount)


def pass_(side: int) -> Call:
    return Call(side)


def refused(variant: Variant, state: GameState, hand: HandRecord) -> str:
    with pytest.raises(HandError) as e:
        apply_hand(variant, state, hand)
    return str(e.value)


def test_docstring_examples_hold():
    assert doctest.testmod(auction).failed == 0


# --- the spec's worked example ----------------------------------------------------------


def test_spec_worked_example_b_is_set_a_is_locked_then_a_bids_and_goes_out():
    # (partners, A v B, no options): A 100, B 80. Hand: B bids 20, takes 15; A takes
    # 15 -> B 60 (set), A 100 (locked, not the bidder). Next hand A bids 20 and
    # takes 25 -> A 125: A goes out and wins.
    v = make_variant(two_pairs("A", "B"))
    s = new_game(v, (100, 80))
    first = HandRecord((2, 3), best=A, bidder=B, bid=20)
    assert hand_points(v, first.tricks, first.best) == (15, 15)
    s = apply_hand(v, s, first)
    assert s.scores == (100, 60)
    assert s.locked == (A,) and s.winner is None
    second = HandRecord((4, 1), best=A, bidder=A, bid=20)
    assert hand_points(v, second.tricks, second.best)[A] == 25
    s = apply_hand(v, s, second)
    assert s.scores[A] == 125
    assert s.winner == A and v.name_of(s.winner) == "A"


# --- scoring a hand -----------------------------------------------------------------------


def test_a_bidder_that_makes_its_bid_adds_all_it_took_and_the_others_add_theirs():
    v = make_variant()
    o = score_hand(v, new_game(v), HandRecord((4, 1), A, bidder=A, bid=20))
    assert o.points == (25, 5) and o.changes == (25, 5) and o.made is True
    assert o.contract == Contract(A, 20)


def test_a_bidder_that_took_less_than_its_bid_loses_the_bid_and_may_go_into_the_hole():
    v = make_variant()
    s = apply_hand(v, new_game(v), HandRecord((2, 3), A, bidder=A, bid=25))
    assert s.scores == (-25, 15)


def test_the_best_trump_counts_toward_making_the_bid():
    v = make_variant()
    s = apply_hand(v, new_game(v), HandRecord((3, 2), A, bidder=A, bid=20))
    assert s.scores == (20, 10)  # 3 tricks + best = 20: made


def test_locked_sides_gain_nothing_when_another_side_bids():
    v = make_variant(alone("Ann", "Bob", "Cy"))
    s = new_game(v, (105, 100, 40))
    assert s.locked == (A, B) and s.green == (A, B)
    s = apply_hand(v, s, HandRecord((2, 2, 1), A, bidder=C, bid=15))
    assert s.scores == (105, 100, 25)
    s = apply_hand(v, s, HandRecord((2, 0, 3), C, bidder=B, bid=15))
    assert s.scores == (105, 85, 45)  # Bob bid and was set; Ann locked; Cy took 20
    assert s.locked == (A,)


def test_a_non_bidder_under_100_can_still_go_out():
    v = make_variant()
    s = apply_hand(v, new_game(v, (95, 60)), HandRecord((4, 1), A, bidder=B, bid=15))
    assert s.scores == (120, 45) and s.winner == A


def test_green_is_90_or_more_and_display_only():
    v = make_variant()
    s = new_game(v, (90, 85))
    assert s.green == (A,) and s.locked == ()
    s = apply_hand(v, s, HandRecord((1, 4), B, bidder=B, bid=25))
    assert s.scores == (95, 110) and s.green == (A, B) and s.locked == (B,)


# --- the bidding ------------------------------------------------------------------------


def test_bids_are_15_to_30_and_a_slam_only_with_the_option():
    v = make_variant()
    assert refused(v, new_game(v), HandRecord((3, 2), A, bidder=A, bid=10)) == (
        "a bid must be 15, 20, 25 or 30"
    )
    assert refused(v, new_game(v), HandRecord((3, 2), A, bidder=A, bid=SLAM)) == (
        "a bid must be 15, 20, 25 or 30"
    )
    v = make_variant(slam=True)
    assert refused(v, new_game(v), HandRecord((3, 2), A, bidder=A, bid=35)) == (
        "a bid must be 15, 20, 25, 30 or a slam"
    )


def test_a_hand_needs_a_bid():
    v = make_variant()
    assert refused(v, new_game(v), HandRecord((3, 2), A)) == (
        "enter who won the bid and for how much"
    )
    assert refused(v, new_game(v), HandRecord((3, 2), A, bidder=2, bid=20)) == (
        "the bidder must be one of the 2 sides"
    )


def test_the_bidding_is_worked_out_from_the_calls():
    v = make_variant(alone("Ann", "Bob", "Cy"))
    hand = HandRecord((1, 3, 1), B, dealer=C, calls=(bid(A, 15), bid(B, 20), pass_(C)))
    o = score_hand(v, new_game(v), hand)
    assert o.contract == Contract(B, 20) and o.made
    assert o.changes == (5, 20, 5)


def test_bids_must_rise():
    v = make_variant(alone("Ann", "Bob", "Cy"))
    hand = HandRecord((1, 3, 1), B, dealer=C, calls=(bid(A, 20), bid(B, 20)))
    assert refused(v, new_game(v), hand) == "bids must rise by 5"
    hand = HandRecord((1, 3, 1), B, dealer=C, calls=(bid(A, 25), bid(B, 20)))
    assert refused(v, new_game(v), hand) == "bids must rise by 5"


def test_when_all_pass_the_dealer_is_bagged_at_15():
    v = make_variant(alone("Ann", "Bob", "Cy"))
    hand = HandRecord((1, 3, 1), B, dealer=C, calls=(pass_(A), pass_(B), pass_(C)))
    o = score_hand(v, new_game(v), hand)
    assert o.contract == Contract(C, 15, bagged=True)
    assert o.changes == (5, 20, -15)
    no_dealer = HandRecord((1, 3, 1), B, calls=(pass_(A), pass_(B)))
    assert refused(v, new_game(v), no_dealer) == (
        "every side passed: enter which side dealt, it is bagged at 15"
    )


def test_the_bidding_must_agree_with_the_bidder_entered():
    v = make_variant()
    hand = HandRecord((3, 2), A, bidder=A, bid=25, dealer=A, calls=(bid(B, 20), pass_(A)))
    assert refused(v, new_game(v), hand) == "the bidding gives the bid to B at 20, not to A at 25"


def test_the_dealer_may_hold_only_with_the_option():
    calls = (bid(A, 20), hold(B))
    hand = HandRecord((3, 2), A, dealer=B, calls=calls)
    v = make_variant()
    assert refused(v, new_game(v), hand) == "the dealer may not hold under this drive's rules"
    v = make_variant(dealer_may_hold=True)
    o = score_hand(v, new_game(v), hand)
    assert o.contract == Contract(B, 20, held=True)
    assert o.changes == (20, -20)


def test_only_the_dealer_holds_and_only_a_bid_of_another_side():
    v = make_variant(alone("Ann", "Bob", "Cy"), dealer_may_hold=True)
    s = new_game(v)

    def calls(*cs: Call, dealer: int | None = C) -> HandRecord:
        return HandRecord((1, 3, 1), B, dealer=dealer, calls=cs)

    assert refused(v, s, calls(bid(A, 20), hold(B))) == "only the dealer may hold"
    assert refused(v, s, calls(pass_(A), hold(C))) == "there is no bid to hold"
    assert refused(v, s, calls(bid(C, 20), hold(C))) == (
        "the dealer's side already has the highest bid"
    )
    assert refused(v, s, calls(bid(A, 20), hold(C), dealer=None)) == (
        "enter which side dealt to record a hold"
    )


def test_no_hold_under_20():
    v = make_variant(dealer_may_hold=True, no_hold_under_20=True)
    at_15 = HandRecord((3, 2), A, dealer=B, calls=(bid(A, 15), hold(B)))
    assert (
        refused(v, new_game(v), at_15) == "the dealer may not hold at 15 under this drive's rules"
    )
    at_20 = HandRecord((3, 2), A, dealer=B, calls=(bid(A, 20), hold(B)))
    assert play(v, [at_20]).scores == (20, -20)
    with pytest.raises(SetupError, match="no hold under 20 needs the option dealer may hold"):
        make_variant(no_hold_under_20=True)


def test_minimum_20_at_100():
    v = make_variant(minimum_20_at_100=True, dealer_may_hold=True)
    s = new_game(v, (100, 80))
    assert refused(v, s, HandRecord((3, 2), A, bidder=A, bid=15)) == (
        "a side on 100 may not bid 15 under this drive's rules"
    )
    assert refused(v, s, HandRecord((3, 2), A, dealer=B, calls=(bid(A, 15),))) == (
        "a side on 100 may not bid 15 under this drive's rules"
    )
    assert refused(v, s, HandRecord((3, 2), A, dealer=A, calls=(bid(B, 15), hold(A)))) == (
        "a side on 100 may not bid 15 under this drive's rules"
    )
    assert apply_hand(v, s, HandRecord((3, 2), A, bidder=A, bid=20)).scores == (120, 90)
    # The side under 100 may still bid 15; without the option anyone may.
    assert apply_hand(v, s, HandRecord((2, 3), B, bidder=B, bid=15)).scores == (100, 100)
    plain = make_variant()
    assert apply_hand(plain, s, HandRecord((3, 2), A, bidder=A, bid=15)).scores == (120, 90)


def test_a_dealer_on_100_that_is_bagged_plays_at_15():
    # Being bagged is not a bid (choice).
    v = make_variant(minimum_20_at_100=True)
    s = new_game(v, (100, 80))
    bagged = HandRecord((2, 3), B, dealer=A, calls=(pass_(B), pass_(A)))
    assert apply_hand(v, s, bagged).scores == (85, 100)
    entered = HandRecord((2, 3), B, bidder=A, bid=15, dealer=A)
    assert apply_hand(v, s, entered).scores == (85, 100)


# --- options --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "made", "set_"),
    [
        (ThirtyForSixty.OFF, 30, -30),
        (ThirtyForSixty.LOSES_30, 60, -30),
        (ThirtyForSixty.LOSES_60, 60, -60),
    ],
)
def test_thirty_for_sixty_in_both_strictnesses(option, made, set_):
    v = make_variant(thirty_for_sixty=option)
    assert play(v, [HandRecord((5, 0), A, bidder=A, bid=30)]).scores == (made, 0)
    assert play(v, [HandRecord((4, 1), B, bidder=A, bid=30)]).scores == (set_, 10)


def test_thirty_for_sixty_does_not_change_lower_bids():
    v = make_variant(thirty_for_sixty="loses_60")
    assert play(v, [HandRecord((4, 1), A, bidder=A, bid=25)]).scores == (25, 5)
    assert play(v, [HandRecord((2, 3), A, bidder=A, bid=25)]).scores == (-25, 15)


def test_slam_scores_120_when_every_trick_is_taken_else_loses_60():
    v = make_variant(slam=True)
    s = play(v, [HandRecord((5, 0), A, bidder=A, bid=SLAM)])
    assert s.scores == (120, 0) and s.winner == A
    s = play(v, [HandRecord((5, 0), NO_TRUMP, bidder=A, bid=SLAM)])
    assert s.scores == (120, 0)
    s = play(v, [HandRecord((4, 1), A, bidder=A, bid=SLAM)])
    assert s.scores == (-60, 5)  # 25 points is not every trick


def test_slam_tops_a_30_bid():
    v = make_variant(slam=True)
    hand = HandRecord((5, 0), A, dealer=B, calls=(bid(B, 30), bid(A, SLAM)))
    assert play(v, [hand]).scores == (120, 0)
    hand = HandRecord((5, 0), A, dealer=B, calls=(bid(A, SLAM), bid(B, 30)))
    assert refused(v, new_game(v), hand) == "bids must rise by 5"


def test_dreaded_45_sends_a_side_landing_on_45_back_to_0():
    v = make_variant(dreaded_45=True)
    s = apply_hand(v, new_game(v, (20, 30)), HandRecord((4, 1), A, bidder=A, bid=25))
    assert s.scores == (0, 35)
    # A is set from 65 to 45, B adds 15 to 30: both land on 45.
    s = apply_hand(v, new_game(v, (65, 30)), HandRecord((2, 3), A, bidder=A, bid=20))
    assert s.scores == (0, 0)
    plain = make_variant()
    s = apply_hand(plain, new_game(plain, (20, 30)), HandRecord((4, 1), A, bidder=A, bid=25))
    assert s.scores == (45, 35)


def test_five_only_bonus_in_auction():
    v = make_variant(five_only_bonus=True)
    s = play(v, [HandRecord((3, 2), NO_TRUMP, bidder=A, bid=20)])
    assert s.scores == (-20, 10)  # the 5 not played: 25 in all, A took 15


# --- line-ups and the variant ----------------------------------------------------------------


def test_six_players_in_three_pairs_and_five_alone():
    v = make_variant(partners("A", "B", "C"))
    s = play(v, [HandRecord((1, 2, 2), C, bidder=C, bid=15)])
    assert s.scores == (5, 10, 15)
    v = make_variant(alone(*"ABCDE"))
    s = play(v, [HandRecord((1, 1, 1, 1, 1), 4, bidder=3, bid=15)])
    assert s.scores == (5, 5, 5, -15, 10)


def test_auction_is_played_to_120_by_at_most_6_players():
    with pytest.raises(SetupError, match="Auction Forty-Fives is played to 120"):
        Variant(Game.AUCTION, 45, two_pairs())
    with pytest.raises(SetupError, match="seats at most 6 players"):
        make_variant(partners(*"ABCD"))
    with pytest.raises(SetupError, match="bell is not an option of Auction Forty-Fives"):
        Variant(Game.AUCTION, 120, two_pairs(), bell=True)


def test_a_game_cannot_start_on_120():
    v = make_variant()
    with pytest.raises(SetupError, match="already on 120"):
        new_game(v, (120, 0))


# --- properties ------------------------------------------------------------------------------


@st.composite
def variants(draw) -> Variant:
    n = draw(st.integers(2, 6))
    size = draw(st.integers(1, min(3, 6 // n)))
    hold_ = draw(st.booleans())
    overcall = draw(st.sampled_from(list(Overcall)))
    call_partner = (n, size) == (5, 1) and draw(st.booleans())
    return make_variant(
        partners(*(f"S{i}" for i in range(n)), size=size),
        five_only_bonus=draw(st.booleans()),
        dealer_may_hold=hold_,
        no_hold_under_20=hold_ and draw(st.booleans()),
        minimum_20_at_100=draw(st.booleans()),
        thirty_for_sixty=draw(st.sampled_from(list(ThirtyForSixty))),
        slam=draw(st.booleans()),
        dreaded_45=draw(st.booleans()),
        overcall=overcall,
        sixty_for_120=overcall is not Overcall.OFF and draw(st.booleans()),
        blind_thirty_for_sixty=draw(st.booleans()),
        defenders_30=(n == 2 or call_partner) and draw(st.booleans()),
        call_partner=call_partner,
    )


def decode_hand(code: int, v: Variant, s: GameState) -> HandRecord:
    """Any hand the rules allow from this state, read from one number.

    The numbers come from one drawn seed: a few draws per game keep hypothesis
    fast, and a failing example still prints its hands.
    """
    n = v.n_sides
    winners = []
    for _ in range(5):
        code, w = divmod(code, n)
        winners.append(w)
    tricks = tuple(winners.count(i) for i in range(n))
    bests = [NO_TRUMP, *sorted(set(winners))]
    code, k = divmod(code, len(bests))
    code, bidder = divmod(code, n)
    code, likely = divmod(code, 3)
    if likely:  # two hands in three the side that took most bid what it could make
        bidder = max(range(n), key=tricks.__getitem__)
    amounts = list(bid_amounts(v))
    if v.minimum_20_at_100 and s.scores[bidder] >= 100:
        amounts.remove(15)
    if likely:
        took = 5 * tricks[bidder] + (5 if bests[k] == bidder else 0)
        amounts = [a for a in amounts if a <= took] or amounts
    code, pick = divmod(code, len(amounts))
    code, partner = divmod(code, n)
    hand = HandRecord(
        tricks,
        bests[k],
        bidder=bidder,
        bid=amounts[pick],
        partner=partner if v.call_partner else None,
    )
    if v.defenders_30 and code % 2:
        ticked = replace(hand, defenders_30=True)
        try:
            score_hand(v, s, ticked)
        except HandError:
            return hand  # made, or the defenders won the best trump: no tick
        return ticked
    return hand


def bidding_team(v: Variant, hand: HandRecord) -> set[int]:
    return {hand.bidder} | ({hand.partner} if v.call_partner else set())


@st.composite
def games(draw) -> tuple[Variant, GameState, list[HandRecord]]:
    """A variant, a start (maybe scores carried over) and hands until a win (or 25)."""
    v = draw(variants())
    scores = draw(st.lists(st.integers(-60, 119), min_size=v.n_sides, max_size=v.n_sides))
    start = new_game(v, [x - x % 5 for x in scores])
    rng = random.Random(draw(st.integers(0, 2**32)))
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
def test_a_hand_always_totals_30_or_25_before_bid_effects(game):
    v, start, hands = game
    for before, hand, _ in steps(v, start, hands):
        o = score_hand(v, before, hand)
        assert sum(o.points) == (25 if hand.best is NO_TRUMP else 30)


@given(games())
def test_a_side_locked_at_100_gains_nothing_unless_it_bid(game):
    v, start, hands = game
    for before, hand, after in steps(v, start, hands):
        for side in before.locked:
            assert before.scores[side] >= 100
            if side not in bidding_team(v, hand):
                assert after.scores[side] == before.scores[side]


@given(games())
def test_other_sides_add_what_they_took_and_the_bidder_makes_or_is_set(game):
    v, start, hands = game
    for before, hand, after in steps(v, start, hands):
        o = score_hand(v, before, hand)
        team = bidding_team(v, hand)
        defence = sum(p for side, p in enumerate(o.points) if side not in team)
        for side, change in enumerate(o.changes):
            if v.dreaded_45 and after.scores[side] == 0:
                continue  # maybe sent back from 45
            if side in team:
                assert (change > 0) == o.made
            elif side not in before.locked:
                if hand.defenders_30:
                    assert change == 30 and not o.made
                elif v.call_partner:  # the defenders are one side: each scores its points
                    assert change == defence
                else:
                    assert change == o.points[side]


@given(games())
def test_the_winner_is_on_120_and_is_the_bidder_when_the_bidder_got_there(game):
    v, start, hands = game
    for _, hand, after in steps(v, start, hands):
        if after.winner is not None:
            assert after.scores[after.winner] >= 120
            if after.scores[hand.bidder] >= 120:
                assert after.winner == hand.bidder


@given(games())
def test_replaying_the_same_hands_gives_the_same_scores(game):
    v, start, hands = game
    assert play(v, hands, start) == play(v, tuple(hands), start)
    assert play(v, hands, start).hands_played == len(hands)


@given(games(), st.data())
def test_undoing_the_last_hand_restores_the_previous_state_exactly(game, data):
    v, start, hands = game
    states = [start] + [after for _, _, after in steps(v, start, hands)]
    k = data.draw(st.integers(1, len(hands)), label="hands before the undo")
    assert play(v, hands[:k], start) == states[k]
    assert play(v, hands[: k - 1], start) == states[k - 1]
