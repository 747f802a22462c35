"""Auction Forty-Fives (scoring/games/auction.py): what each bid scores made or set, the
lock at 100, green at 90, the dreaded 45, who goes out, and each refusal word for word."""

from __future__ import annotations

import pytest

from scoring.games import auction as a
from scoring.games.core import (
    BLIND_60,
    OVERCALL_60,
    OVERCALL_120,
    SLAM,
    Contract,
    GameState,
    HandError,
    HandRecord,
    alone,
    partners,
    two_pairs,
)
from scoring.words import Msg

FIVE = alone("A", "B", "C", "D", "E")


def refusal(call, *args):
    with pytest.raises(HandError) as caught:
        call(*args)
    (said,) = caught.value.args
    return said


def test_the_game_s_numbers():
    assert (a.TARGET, a.LOCKED_AT, a.GREEN_AT, a.DREADED) == (120, 100, 90, 45)
    assert (a.SLAM_MADE, a.SLAM_SET, a.ALL_POINTS) == (120, 60, 30)
    assert a.STAKES == {OVERCALL_60: 60, OVERCALL_120: 120, BLIND_60: 60}
    assert (a.DEFENDERS_30, a.HANGING_ON) == (30, 40)


def test_a_variant_is_auction_to_120_with_two_pairs_by_default():
    v = a.make_variant()
    assert (v.game, v.target, v.sides) == (a.GAME, 120, two_pairs())
    assert a.make_variant([]).sides == two_pairs()
    assert a.make_variant(alone("X", "Y")).sides == alone("X", "Y")


def test_a_variant_keeps_every_option_it_is_given():
    v = a.make_variant(
        five_only_bonus=True,
        dealer_may_hold=True,
        no_hold_under_20=True,
        minimum_20_at_100=True,
        thirty_for_sixty="loses_30",
        slam=True,
        dreaded_45=True,
        joker=True,
        off_suit_aces_high=True,
        overcall="scores_30",
        sixty_for_120=True,
        blind_thirty_for_sixty=True,
        defenders_30=True,
    )
    on = (
        "five_only_bonus",
        "dealer_may_hold",
        "no_hold_under_20",
        "minimum_20_at_100",
        "slam",
        "dreaded_45",
        "joker",
        "off_suit_aces_high",
        "sixty_for_120",
        "blind_thirty_for_sixty",
        "defenders_30",
    )
    assert all(getattr(v, name) is True for name in on)
    assert v.thirty_for_sixty is a.ThirtyForSixty.LOSES_30
    assert v.overcall is a.Overcall.SCORES_30
    assert a.make_variant(FIVE, call_partner=True).call_partner is True
    off = a.make_variant()
    assert not any(getattr(off, name) for name in (*on, "call_partner"))
    assert off.thirty_for_sixty is a.ThirtyForSixty.OFF and off.overcall is a.Overcall.OFF


@pytest.mark.parametrize(
    ("options", "bid", "took", "tricks", "result"),
    [
        ({}, 20, 20, 3, (True, 20)),
        ({}, 20, 25, 4, (True, 25)),
        ({}, 20, 15, 3, (False, -20)),
        ({}, 15, 10, 2, (False, -15)),
        ({}, 30, 30, 5, (True, 30)),
        ({}, 30, 25, 4, (False, -30)),
        ({"thirty_for_sixty": "loses_60"}, 30, 30, 5, (True, 60)),
        ({"thirty_for_sixty": "loses_60"}, 30, 25, 4, (False, -60)),
        ({"thirty_for_sixty": "loses_30"}, 30, 25, 4, (False, -30)),
        ({"thirty_for_sixty": "loses_30"}, 25, 25, 4, (True, 25)),
        ({"thirty_for_sixty": "loses_60"}, 25, 20, 3, (False, -25)),
        ({"slam": True}, SLAM, 30, 5, (True, 120)),
        ({"slam": True}, SLAM, 25, 4, (False, -60)),
        ({"blind_thirty_for_sixty": True}, BLIND_60, 30, 5, (True, 60)),
        ({"blind_thirty_for_sixty": True}, BLIND_60, 30, 4, (False, -60)),
        ({"overcall": "scores_60"}, OVERCALL_60, 30, 5, (True, 60)),
        ({"overcall": "scores_60"}, OVERCALL_60, 25, 4, (False, -60)),
        ({"overcall": "scores_30"}, OVERCALL_60, 30, 5, (True, 30)),
        ({"overcall": "scores_30"}, OVERCALL_60, 29, 5, (False, -60)),
        ({"overcall": "scores_60"}, OVERCALL_120, 30, 5, (True, 120)),
        ({"overcall": "scores_30"}, OVERCALL_120, 30, 5, (True, 60)),
        ({"overcall": "scores_30"}, OVERCALL_120, 25, 4, (False, -120)),
    ],
)
def test_what_the_bidder_s_score_moves_by(options, bid, took, tricks, result):
    assert a.bidder_change(a.make_variant(**options), Contract(0, bid), took, tricks) == result


def test_a_new_game_marks_the_locked_and_the_green():
    s = a.new_game(a.make_variant(partners("A", "B", "C")), (100, 99, 90))
    assert (s.locked, s.green, s.eliminated) == ((0,), (0, 1, 2), ())
    s = a.new_game(a.make_variant(), (89, 0))
    assert (s.locked, s.green, s.winner, s.hands_played) == ((), (), None, 0)
    assert a.new_game(a.make_variant()).scores == (0, 0)


def test_a_side_on_100_gains_nothing_and_one_on_99_adds_what_it_took():
    v = a.make_variant()
    hand = HandRecord((2, 3), best=0, bidder=1, bid=15)
    assert a.score_hand(v, a.new_game(v, (100, 0)), hand).changes == (0, 15)
    assert a.score_hand(v, a.new_game(v, (99, 0)), hand).changes == (15, 15)


def test_a_locked_side_that_wins_the_bid_scores_it():
    v = a.make_variant()
    o = a.score_hand(v, a.new_game(v, (100, 0)), HandRecord((3, 2), best=0, bidder=0, bid=20))
    assert (o.points, o.changes, o.made) == ((20, 10), (20, 10), True)
    assert o.contract == Contract(0, 20)


@pytest.mark.parametrize(
    ("before", "hand", "changes"),
    [
        ((40, 0), HandRecord((1, 4), best=1, bidder=1, bid=15), (-40, 25)),  # 40 + 5 = 45
        ((20, 0), HandRecord((4, 1), best=0, bidder=0, bid=15), (-20, 5)),  # the bidder too
        ((0, 40), HandRecord((4, 1), best=0, bidder=0, bid=15), (25, -40)),
        ((35, 0), HandRecord((1, 4), best=1, bidder=1, bid=15), (5, 25)),
        ((60, 0), HandRecord((1, 4), best=1, bidder=0, bid=15), (-60, 25)),  # set onto 45
        ((45, 0), HandRecord((0, 5), best=1, bidder=1, bid=15), (0, 30)),  # on 45, gains 0
    ],
)
def test_the_dreaded_45_sends_a_side_that_lands_on_it_back_to_0(before, hand, changes):
    v = a.make_variant(dreaded_45=True)
    assert a.score_hand(v, a.new_game(v, before), hand).changes == changes


def test_without_the_dreaded_45_a_side_may_land_on_45():
    v = a.make_variant()
    hand = HandRecord((1, 4), best=1, bidder=1, bid=15)
    assert a.score_hand(v, a.new_game(v, (40, 0)), hand).changes == (5, 25)


def test_defenders_30_score_30_when_they_set_the_bid_with_non_trumps():
    v = a.make_variant(defenders_30=True)
    hand = HandRecord((2, 3), best=0, bidder=0, bid=25, defenders_30=True)
    assert a.score_hand(v, a.new_game(v), hand).changes == (-25, 30)
    hand = HandRecord((2, 3), best=None, bidder=0, bid=25, defenders_30=True)
    assert a.score_hand(v, a.new_game(v), hand).changes == (-25, 30)


def test_defenders_30_only_when_the_bid_was_set():
    v = a.make_variant(defenders_30=True)
    hand = HandRecord((3, 2), best=0, bidder=0, bid=15, defenders_30=True)
    said = refusal(a.score_hand, v, a.new_game(v), hand)
    assert said == "defenders' 30 scores only when the bid was set" and isinstance(said, Msg)


def test_defenders_30_not_when_the_defenders_won_the_best_trump():
    v = a.make_variant(defenders_30=True)
    hand = HandRecord((2, 3), best=1, bidder=0, bid=25, defenders_30=True)
    said = refusal(a.score_hand, v, a.new_game(v), hand)
    assert said == (
        "the defenders won the best trump, so they did not set the bid with non-trump cards only"
    )


def test_calling_a_partner_needs_the_partner():
    v = a.make_variant(FIVE, call_partner=True)
    hand = HandRecord((2, 1, 1, 1, 0), 0, bidder=0, bid=20)
    said = refusal(a.score_hand, v, a.new_game(v), hand)
    assert said == "enter the bidder's partner, or nobody (4 against 1)"
    hand = HandRecord((2, 1, 1, 1, 0), 0, bidder=0, bid=20, partner=5)
    said = refusal(a.score_hand, v, a.new_game(v), hand)
    assert said == "the partner must be one of the 5 sides"
    assert said.params == {"what": "the partner", "n": 5}


def test_the_bidding_side_with_a_called_partner():
    v = a.make_variant(FIVE, call_partner=True)
    c = Contract(3, 20)
    assert a.bidding_side(v, HandRecord((2, 1, 1, 1, 0), 0, 3, 20, partner=1), c) == (1, 3)
    assert a.bidding_side(v, HandRecord((2, 1, 1, 1, 0), 0, 3, 20, partner=3), c) == (3,)
    assert a.bidding_side(a.make_variant(), HandRecord((2, 3), 0, 1, 20), Contract(1, 20)) == (1,)


def test_with_a_called_partner_the_others_score_what_their_side_took():
    v = a.make_variant(FIVE, call_partner=True)
    hand = HandRecord((2, 1, 1, 1, 0), 0, bidder=0, bid=20, partner=3)
    o = a.score_hand(v, a.new_game(v), hand)
    assert o.points == (15, 5, 5, 5, 0)
    assert o.changes == (20, 10, 10, 20, 10)
    locked = a.score_hand(v, a.new_game(v, (0, 100, 0, 0, 0)), hand)
    assert locked.changes == (20, 0, 10, 20, 10)


def test_the_bidder_goes_out_first_then_its_partner_then_the_leader():
    v = a.make_variant()
    s = a.apply_hand(v, a.new_game(v, (110, 110)), HandRecord((2, 3), 0, bidder=1, bid=15))
    assert s.winner == 1 and s.scores == (110, 125)
    s = a.apply_hand(v, a.new_game(v, (99, 110)), HandRecord((5, 0), 0, bidder=1, bid=15))
    assert s.scores == (129, 95) and s.winner == 0
    s = a.apply_hand(v, a.new_game(v, (0, 0)), HandRecord((3, 2), 0, bidder=0, bid=20))
    assert (s.winner, s.hands_played, s.locked, s.green) == (None, 1, (), ())
    v5 = a.make_variant(FIVE, call_partner=True)
    start = a.new_game(v5, (0, 0, 99, 110, 90))
    s = a.apply_hand(v5, start, HandRecord((0, 0, 2, 2, 1), 3, bidder=4, bid=15, partner=3))
    assert s.scores == (10, 10, 109, 130, 110) and s.winner == 3  # the partner
    s = a.apply_hand(v5, start, HandRecord((0, 0, 2, 2, 1), 3, bidder=2, bid=15, partner=3))
    assert s.winner == 2


def test_scores_after_a_hand_set_the_lock_and_the_green():
    v = a.make_variant()
    s = a.apply_hand(v, a.new_game(v, (85, 70)), HandRecord((3, 2), 0, bidder=0, bid=15))
    assert s.scores == (105, 80) and s.locked == (0,) and s.green == (0,)
    s = a.apply_hand(v, a.new_game(v, (80, 70)), HandRecord((2, 3), 1, bidder=1, bid=15))
    assert s.scores == (90, 90) and s.locked == () and s.green == (0, 1)


def test_hanging_on_40():
    before = GameState((100, 40, 40))
    assert a.hanging_on_40(before, GameState((125, 40, 40), 1, winner=0)) == (1, 2)
    assert a.hanging_on_40(before, GameState((125, 40, 40), 1)) == ()
    assert a.hanging_on_40(GameState((40, 100)), GameState((40, 125), 1, winner=1)) == (0,)
    assert a.hanging_on_40(GameState((39, 41, 100)), GameState((39, 41, 125), 1, winner=2)) == ()


def test_play_replays_from_a_start_it_is_given():
    v = a.make_variant()
    hands = [HandRecord((3, 2), 0, bidder=0, bid=20), HandRecord((1, 4), 1, bidder=1, bid=15)]
    assert a.play(v, hands).scores == (25, 35)
    start = a.new_game(v, (10, 10))
    s = a.play(v, hands, start)
    assert s.scores == (35, 45) and s.hands_played == 2
    assert a.play(v, []) == a.new_game(v)
