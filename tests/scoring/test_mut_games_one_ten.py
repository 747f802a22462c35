"""110 (scoring/games/one_ten.py): what the bidder adds made or set, the cap at 105 for
the others, the bell, elimination at the floor, and who wins."""

from __future__ import annotations

import pytest

from scoring.games import one_ten as ot
from scoring.games.core import BidderAdds, Contract, HandError, HandRecord, alone, two_pairs

THREE = alone("Ann", "Bob", "Cy")


def test_the_game_s_numbers():
    assert (ot.TARGET, ot.CAP, ot.BELL) == (110, 105, 60)


def test_a_variant_is_110_where_the_dealer_may_hold():
    v = ot.make_variant()
    assert (v.game, v.target, v.sides, v.dealer_may_hold) == (ot.GAME, 110, two_pairs(), True)
    assert v.bidder_adds is BidderAdds.BID and v.elimination_floor is None
    assert not (v.bell or v.joker or v.off_suit_aces_high or v.five_only_bonus)
    assert ot.make_variant([]).sides == two_pairs()
    v = ot.make_variant(
        THREE,
        five_only_bonus=True,
        bidder_adds="points",
        bell=True,
        elimination_floor=-50,
        joker=True,
        off_suit_aces_high=True,
    )
    assert v.sides == THREE and v.bidder_adds is BidderAdds.POINTS
    assert (v.bell, v.elimination_floor, v.joker, v.off_suit_aces_high, v.five_only_bonus) == (
        True,
        -50,
        True,
        True,
        True,
    )


@pytest.mark.parametrize(
    ("before", "took", "gain"),
    [
        (95, 15, 10),
        (100, 5, 5),
        (104, 5, 1),
        (105, 10, 0),
        (106, 10, 0),
        (-20, 30, 30),
        (75, 30, 30),
        (76, 30, 29),
        (0, 0, 0),
    ],
)
def test_a_side_that_did_not_bid_never_passes_105(before, took, gain):
    assert ot.capped(before, took) == gain


@pytest.mark.parametrize(
    ("options", "hand", "changes", "made"),
    [
        ({}, HandRecord((4, 1), 0, bidder=0, bid=20), (20, 5), True),
        ({}, HandRecord((3, 2), 0, bidder=0, bid=20), (20, 10), True),
        ({}, HandRecord((2, 3), 0, bidder=0, bid=20), (-20, 15), False),
        ({"bidder_adds": "points"}, HandRecord((4, 1), 0, bidder=0, bid=20), (25, 5), True),
        ({"bidder_adds": "points"}, HandRecord((2, 3), 0, bidder=0, bid=20), (-20, 15), False),
        ({"bell": True}, HandRecord((5, 0), 0, bidder=0, bid=30), (60, 0), True),
        ({"bell": True}, HandRecord((4, 1), 0, bidder=0, bid=30), (-30, 5), False),
        ({"bell": True}, HandRecord((5, 0), 0, bidder=0, bid=25), (25, 0), True),
        (
            {"bell": True, "bidder_adds": "points"},
            HandRecord((5, 0), 0, bidder=0, bid=25),
            (30, 0),
            True,
        ),
        ({}, HandRecord((5, 0), 0, bidder=0, bid=30), (30, 0), True),
    ],
)
def test_what_a_hand_gives_each_side(options, hand, changes, made):
    v = ot.make_variant(**options)
    o = ot.score_hand(v, ot.new_game(v), hand)
    assert (o.changes, o.made, o.contract) == (changes, made, Contract(0, hand.bid))


def test_the_bidder_is_not_capped_and_the_others_are():
    v = ot.make_variant()
    o = ot.score_hand(v, ot.new_game(v, (100, 100)), HandRecord((2, 3), 1, bidder=1, bid=20))
    assert o.points == (10, 20) and o.changes == (5, 20)


def test_only_the_bidder_goes_out_and_then_the_leader():
    v = ot.make_variant(THREE)
    s = ot.apply_hand(v, ot.new_game(v, (95, 100, 90)), HandRecord((4, 1, 0), 0, bidder=0, bid=20))
    assert s.scores == (115, 105, 90) and s.winner == 0 and s.hands_played == 1
    s = ot.apply_hand(v, ot.new_game(v, (95, 100, 0)), HandRecord((1, 2, 2), 2, bidder=2, bid=15))
    assert s.scores == (100, 105, 15) and s.winner is None


def test_a_side_at_the_floor_is_out_and_the_last_side_left_wins():
    v = ot.make_variant(THREE, elimination_floor=-50)
    s = ot.new_game(v, (-50, -49, 0))
    assert (s.eliminated, s.locked, s.green) == ((0,), (), ())
    s = ot.apply_hand(v, ot.new_game(v, (-30, -40, 0)), HandRecord((0, 1, 4), 2, bidder=0, bid=20))
    assert s.scores == (-50, -35, 25) and s.eliminated == (0,) and s.winner is None
    two = ot.make_variant(alone("Ann", "Bob"), elimination_floor=-50)
    s = ot.apply_hand(two, ot.new_game(two, (-30, 0)), HandRecord((1, 4), 1, bidder=0, bid=20))
    assert s.scores == (-50, 25) and s.eliminated == (0,) and s.winner == 1


def test_without_a_floor_nobody_is_out():
    v = ot.make_variant(alone("Ann", "Bob"))
    s = ot.apply_hand(v, ot.new_game(v, (-300, 0)), HandRecord((1, 4), 1, bidder=0, bid=20))
    assert s.scores == (-320, 25) and s.eliminated == () and s.winner is None


def test_play_replays_from_a_start_it_is_given():
    v = ot.make_variant()
    hands = [HandRecord((3, 2), 0, bidder=0, bid=20), HandRecord((1, 4), 1, bidder=1, bid=15)]
    assert ot.play(v, hands).scores == (25, 25)
    s = ot.play(v, hands, ot.new_game(v, (10, 10)))
    assert s.scores == (35, 35) and s.hands_played == 2
    assert ot.play(v, []) == ot.new_game(v)


def test_a_bidder_that_lands_on_110_exactly_wins():
    v = ot.make_variant()
    s = ot.apply_hand(v, ot.new_game(v, (90, 0)), HandRecord((4, 1), 0, bidder=0, bid=20))
    assert s.scores == (110, 5) and s.winner == 0
    s = ot.apply_hand(v, ot.new_game(v, (89, 0)), HandRecord((4, 1), 0, bidder=0, bid=20))
    assert s.scores == (109, 5) and s.winner is None


def test_a_hand_leaves_no_side_locked_or_green():
    v = ot.make_variant()
    s = ot.apply_hand(v, ot.new_game(v, (95, 100)), HandRecord((4, 1), 0, bidder=0, bid=20))
    assert (s.locked, s.green, s.eliminated) == ((), (), ())


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        (
            HandRecord((2, 3), 0, bidder=0, bid=20, defenders_30=True),
            "defenders' 30 is not one of this game's rules",
        ),
        (
            HandRecord((2, 3), 0, bidder=0, bid=20, partner=1),
            "a partner is called only by five players playing call your partner",
        ),
    ],
)
def test_the_auction_s_ticks_are_refused_in_110(hand, words):
    v = ot.make_variant()
    with pytest.raises(HandError) as caught:
        ot.score_hand(v, ot.new_game(v), hand)
    assert caught.value.args == (words,)
