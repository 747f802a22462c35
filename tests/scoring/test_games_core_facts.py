"""Facts of the Forty-Fives and All Fours cores that no test stated (a mutation run left
them unchecked): refusals of a dealer out of range, a half-entered bid, bidding that
disagrees with the bidder entered, non-whole numbers, and a game resumed from scores."""

from __future__ import annotations

import pytest

from scoring.games import all_fours, auction, forty_fives
from scoring.games.core import (
    Call,
    Game,
    HandError,
    HandRecord,
    SetupError,
    Variant,
    two_pairs,
)

FF = forty_fives.make_variant()
AUCTION = auction.make_variant()


def refused(module, v, hand, scores=None) -> str:
    with pytest.raises(HandError) as e:
        module.apply_hand(v, module.new_game(v, scores), hand)
    return str(e.value)


def test_a_forty_fives_hand_with_a_dealer_out_of_range_is_refused():
    assert refused(forty_fives, FF, HandRecord((5, 0), 0, dealer=2)) == (
        "the dealer must be one of the 2 sides"
    )
    assert forty_fives.apply_hand(FF, forty_fives.new_game(FF), HandRecord((5, 0), 0, dealer=1))


@pytest.mark.parametrize("hand", [HandRecord((3, 2), 0, bidder=0), HandRecord((3, 2), 0, bid=20)])
def test_a_bidder_without_a_bid_or_a_bid_without_a_bidder_is_refused(hand):
    assert refused(auction, AUCTION, hand) == "enter who won the bid and for how much"


def test_a_bid_or_bidder_that_disagrees_with_the_calls_is_refused():
    calls = (Call(0, 15), Call(1, 20))
    assert refused(auction, AUCTION, HandRecord((3, 2), 0, bidder=1, bid=25, calls=calls)) == (
        "the bidding gives the bid to B at 20, not to B at 25"
    )
    assert refused(auction, AUCTION, HandRecord((3, 2), 0, bidder=0, bid=20, calls=calls)) == (
        "the bidding gives the bid to B at 20, not to A at 20"
    )
    agreed = HandRecord((2, 3), 1, bidder=1, bid=20, calls=calls)
    assert auction.apply_hand(AUCTION, auction.new_game(AUCTION), agreed).scores == (10, 20)


def test_an_amount_that_is_not_a_bid_inside_the_calls_is_refused():
    hand = HandRecord((3, 2), 0, calls=(Call(0, 15), Call(1, 22)))
    assert refused(auction, AUCTION, hand) == "a bid must be 15, 20, 25 or 30"


def test_a_game_resumes_from_scores_carried_over():
    start = forty_fives.new_game(FF, (30, 40))
    state = forty_fives.play(FF, [HandRecord((4, 1), 0)], start)
    assert state.scores == (55, 45) and state.winner == 0 and state.hands_played == 1
    start = auction.new_game(AUCTION, (100, 80))
    state = auction.play(AUCTION, [HandRecord((2, 3), 1, bidder=1, bid=20)], start)
    assert state.scores == (100, 100) and state.locked == (0, 1)


def test_an_outcome_gives_the_points_each_side_took():
    o = auction.score_hand(
        AUCTION, auction.new_game(AUCTION), HandRecord((1, 4), 1, bidder=1, bid=25)
    )
    assert o.points == (5, 25) and o.changes == (5, 25) and o.made
    o = forty_fives.score_hand(FF, forty_fives.new_game(FF), HandRecord((2, 3), None))
    assert o.points == (10, 15)


@pytest.mark.parametrize("target", [2.5, True, "45"])
def test_a_forty_fives_target_that_is_not_a_whole_number_is_refused(target):
    with pytest.raises(SetupError, match="the target must be a whole number"):
        Variant(Game.FORTY_FIVES, target, two_pairs())


def test_a_forty_fives_target_of_0_is_refused():
    with pytest.raises(SetupError, match="the target must be above zero"):
        Variant(Game.FORTY_FIVES, 0, two_pairs())


@pytest.mark.parametrize("tricks", [(2.5, 2.5), (True, 4)])
def test_tricks_that_are_not_whole_numbers_are_refused(tricks):
    assert refused(forty_fives, FF, HandRecord(tricks, None)) == (
        "a side's tricks must be a whole number, 0 or more"
    )


@pytest.mark.parametrize("scores", [(2.5, 0), (True, 0)])
def test_scores_that_are_not_whole_numbers_are_refused_in_both_cores(scores):
    with pytest.raises(SetupError, match="scores must be whole numbers"):
        forty_fives.new_game(FF, scores)
    v = all_fours.make_variant("seven_up")
    with pytest.raises(all_fours.SetupError, match="scores must be whole numbers"):
        all_fours.new_game(v, scores)


@pytest.mark.parametrize("target", [2.5, True])
def test_an_all_fours_target_that_is_not_a_whole_number_is_refused(target):
    with pytest.raises(all_fours.SetupError, match="the target must be a whole number"):
        all_fours.make_variant("pitch", target=target)


def test_an_all_fours_target_of_0_is_refused():
    with pytest.raises(all_fours.SetupError, match="Pitch is played to between 5 and 99"):
        all_fours.make_variant("pitch", target=0)


def test_won_before_play_with_only_card_points_or_only_a_hang_is_refused():
    seven_up = all_fours.make_variant("seven_up")
    with pytest.raises(all_fours.DealError, match="the game was won before play"):
        all_fours.apply_deal(
            seven_up,
            all_fours.new_game(seven_up, (6, 0)),
            all_fours.Deal(0, ("JH",), counts=(10, 20)),
        )
    caribbean = all_fours.make_variant("caribbean")
    # The dealer's pair kicks an ace to 14; a hang entered after that is not scored.
    with pytest.raises(all_fours.DealError):
        all_fours.apply_deal(
            caribbean,
            all_fours.new_game(caribbean, (13, 0)),
            all_fours.Deal(0, ("AH",), hanged=True),
        )
