"""Auction Forty-Fives options from the source (game-scoring.md, "More options from the
source"): the 30 for 60 overcall and 60 for 120, blind 30 for 60, defenders' 30, five
players calling partners, and "hanging on 40". Pure, no database; worked examples."""

from __future__ import annotations

import pytest

from scoring.games.auction import (
    apply_hand,
    hanging_on_40,
    make_variant,
    new_game,
    score_hand,
)
from scoring.games.core import (
    BLIND_60,
    NO_TRUMP,
    OVERCALL_60,
    OVERCALL_120,
    Call,
    HandError,
    HandRecord,
    SetupError,
    alone,
    partners,
)

OVERCALL = make_variant(overcall="scores_60")
OVERCALL_AT_30 = make_variant(overcall="scores_30")
BOTH = make_variant(overcall="scores_60", sixty_for_120=True)
BOTH_AT_30 = make_variant(overcall="scores_30", sixty_for_120=True)
BLIND = make_variant(blind_thirty_for_sixty=True)
DEFENDERS = make_variant(defenders_30=True)
FIVE = alone("Ann", "Bob", "Cy", "Di", "Ed")
CALLING = make_variant(FIVE, call_partner=True)


def changes(v, hand, scores=None):
    return score_hand(v, new_game(v, scores), hand).changes


def refused(v, hand, scores=None) -> str:
    with pytest.raises(HandError) as e:
        apply_hand(v, new_game(v, scores), hand)
    return str(e.value)


# --- 30 for 60 overcall, and 60 for 120 --------------------------------------------------


def test_30_for_60_overcall_made_scores_60_and_failed_loses_60():
    # B bids 30; A overcalls "30 for 60" and must take all 30 points.
    calls = (Call(1, 30), Call(0, OVERCALL_60))
    assert changes(OVERCALL, HandRecord((5, 0), 0, calls=calls)) == (60, 0)
    assert changes(OVERCALL, HandRecord((4, 1), 0, calls=calls)) == (-60, 5)


def test_30_for_60_overcall_made_scores_30_where_the_club_plays_it_so():
    calls = (Call(1, 30), Call(0, OVERCALL_60))
    assert changes(OVERCALL_AT_30, HandRecord((5, 0), 0, calls=calls)) == (30, 0)
    assert changes(OVERCALL_AT_30, HandRecord((4, 1), 0, calls=calls)) == (-60, 5)


def test_60_for_120_overcalls_30_for_60_for_twice_the_stake():
    calls = (Call(1, 30), Call(0, OVERCALL_60), Call(1, OVERCALL_120))
    assert changes(BOTH, HandRecord((0, 5), 1, calls=calls)) == (0, 120)
    assert changes(BOTH_AT_30, HandRecord((0, 5), 1, calls=calls)) == (0, 60)
    assert changes(BOTH, HandRecord((1, 4), 1, calls=calls)) == (5, -120)


def test_an_overcall_only_over_the_bid_it_overcalls():
    reason = refused(OVERCALL, HandRecord((5, 0), 0, calls=(Call(1, 25), Call(0, OVERCALL_60))))
    assert reason == "30 for 60 is bid only over a bid of 30"
    reason = refused(BOTH, HandRecord((5, 0), 0, calls=(Call(1, 30), Call(0, OVERCALL_120))))
    assert reason == "60 for 120 is bid only over 30 for 60"
    reason = refused(OVERCALL, HandRecord((5, 0), 0, calls=(Call(1, OVERCALL_60), Call(0, 30))))
    assert reason == "30 for 60 is bid only over a bid of 30"


def test_the_overcall_bids_only_with_their_options():
    hand = HandRecord((5, 0), 0, bidder=0, bid=OVERCALL_60)
    assert refused(make_variant(), hand) == "a bid must be 15, 20, 25 or 30"
    assert refused(OVERCALL, HandRecord((5, 0), 0, bidder=0, bid=OVERCALL_120)) == (
        "a bid must be 15, 20, 25, 30 or 30 for 60"
    )
    with pytest.raises(SetupError, match="60 for 120 needs the option 30 for 60 overcall"):
        make_variant(sixty_for_120=True)


# --- blind 30 for 60 --------------------------------------------------------------------


def test_blind_30_for_60_scores_60_for_every_trick_and_loses_60_for_one_lost():
    assert changes(BLIND, HandRecord((5, 0), 0, bidder=0, bid=BLIND_60)) == (60, 0)
    # Judged on every trick: four tricks and the best trump (25 points) is still set.
    assert changes(BLIND, HandRecord((4, 1), 0, bidder=0, bid=BLIND_60)) == (-60, 5)


def test_blind_30_for_60_is_called_before_any_bid():
    calls = (Call(1, 15), Call(0, BLIND_60))
    assert refused(BLIND, HandRecord((5, 0), 0, calls=calls)) == (
        "blind 30 for 60 is called before any bid, unseen"
    )
    calls = (Call(0, BLIND_60), Call(1, 30))
    assert refused(BLIND, HandRecord((5, 0), 0, calls=calls)) == (
        "a bid must be higher than blind 30 for 60"
    )


# --- defenders' 30 ----------------------------------------------------------------------


def test_defenders_30_the_pair_that_sets_the_bid_with_non_trumps_scores_30():
    # B bids 20 and takes 3 tricks, no trump played: 15, set. A set it with non-trumps.
    hand = HandRecord((2, 3), NO_TRUMP, bidder=1, bid=20, defenders_30=True)
    assert changes(DEFENDERS, hand) == (30, -20)
    # Without the tick A adds the 10 it took.
    assert changes(DEFENDERS, HandRecord((2, 3), NO_TRUMP, bidder=1, bid=20)) == (10, -20)


def test_defenders_30_a_pair_locked_on_100_still_scores_nothing():
    hand = HandRecord((2, 3), NO_TRUMP, bidder=1, bid=20, defenders_30=True)
    assert changes(DEFENDERS, hand, (100, 40)) == (0, -20)


def test_defenders_30_needs_a_set_bid_won_without_the_best_trump():
    made = HandRecord((2, 3), 1, bidder=1, bid=20, defenders_30=True)
    assert refused(DEFENDERS, made) == "defenders' 30 scores only when the bid was set"
    with_trump = HandRecord((3, 2), 0, bidder=1, bid=20, defenders_30=True)
    assert refused(DEFENDERS, with_trump) == (
        "the defenders won the best trump, so they did not set the bid with non-trump cards only"
    )
    ticked = HandRecord((2, 3), NO_TRUMP, bidder=1, bid=20, defenders_30=True)
    assert refused(make_variant(), ticked) == "defenders' 30 is not one of this game's rules"
    with pytest.raises(SetupError, match="defenders' 30 needs two sides"):
        make_variant(partners("A", "B", "C"), defenders_30=True)


# --- five players, call your partner ------------------------------------------------------


def test_call_your_partner_the_bidder_and_its_partner_score_together():
    # Ann bids 20 and calls the card Cy holds. Tricks Ann 1, Bob 1, Cy 2 (and the best
    # trump), Di 1, Ed 0: Ann and Cy took 5 + 15 = 20, made; Bob, Di and Ed took 10.
    hand = HandRecord((1, 1, 2, 1, 0), 2, bidder=0, bid=20, partner=2)
    assert changes(CALLING, hand) == (20, 10, 20, 10, 10)


def test_call_your_partner_nobody_is_4_against_1():
    # Ann called a card she held herself: alone, she took 5 of her 20 and is set.
    hand = HandRecord((1, 1, 2, 1, 0), 2, bidder=0, bid=20, partner=0)
    assert changes(CALLING, hand) == (-20, 25, 25, 25, 25)


def test_call_your_partner_the_partner_changes_hand_by_hand():
    s = new_game(CALLING)
    s = apply_hand(CALLING, s, HandRecord((2, 0, 3, 0, 0), 2, bidder=0, bid=25, partner=2))
    s = apply_hand(CALLING, s, HandRecord((0, 3, 0, 0, 2), 1, bidder=4, bid=20, partner=1))
    assert s.scores == (30, 30, 30, 0, 30)  # each side took all 30 points of its hand


def test_call_your_partner_when_both_go_out_the_bidder_wins():
    hand = HandRecord((3, 0, 2, 0, 0), 0, bidder=0, bid=20, partner=2)
    s = apply_hand(CALLING, new_game(CALLING, (95, 0, 110, 0, 0)), hand)
    assert s.scores == (125, 0, 140, 0, 0) and s.winner == 0


def test_call_your_partner_needs_the_partner_and_five_players_alone():
    assert refused(CALLING, HandRecord((1, 1, 2, 1, 0), 2, bidder=0, bid=20)) == (
        "enter the bidder's partner, or nobody (4 against 1)"
    )
    assert refused(
        make_variant(FIVE), HandRecord((1, 1, 2, 1, 0), 2, bidder=0, bid=20, partner=2)
    ) == ("a partner is called only by five players playing call your partner")
    with pytest.raises(SetupError, match="call your partner is for 5 players, each alone"):
        make_variant(call_partner=True)


# --- hanging on 40 --------------------------------------------------------------------------


def test_hanging_on_40_names_the_side_that_began_the_winning_hand_on_40():
    v = make_variant()
    before = new_game(v, (100, 40))
    after = apply_hand(v, before, HandRecord((4, 1), 0, bidder=0, bid=20))
    assert after.winner == 0 and hanging_on_40(before, after) == (1,)
    nearly = new_game(v, (100, 45))
    assert (
        hanging_on_40(nearly, apply_hand(v, nearly, HandRecord((4, 1), 0, bidder=0, bid=20))) == ()
    )
    # Nobody hangs while the game goes on.
    early = new_game(v, (40, 40))
    assert hanging_on_40(early, apply_hand(v, early, HandRecord((4, 1), 0, bidder=0, bid=20))) == ()
