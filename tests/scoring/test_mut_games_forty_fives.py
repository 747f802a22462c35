"""Forty-Fives scoring (scoring/games/forty_fives.py): the options a variant keeps, and the
hands it refuses, in their words."""

from __future__ import annotations

import pytest

from scoring.games import forty_fives as ff
from scoring.games.core import HandError, HandRecord
from scoring.words import Msg


def test_a_variant_keeps_the_halls_card_options():
    v = ff.make_variant(joker=True, off_suit_aces_high=True)
    assert (v.joker, v.off_suit_aces_high) == (True, True)
    v = ff.make_variant()
    assert (v.joker, v.off_suit_aces_high) == (False, False)


@pytest.mark.parametrize(
    "hand",
    [
        pytest.param(HandRecord((5, 0), 0, bidder=0), id="a bidder"),
        pytest.param(HandRecord((5, 0), 0, bid=20), id="a bid"),
        pytest.param(HandRecord((5, 0), 0, calls=((0, 20), (1, None))), id="calls"),
    ],
)
def test_a_hand_with_bidding_is_refused(hand):
    v = ff.make_variant()
    with pytest.raises(HandError) as refused:
        ff.score_hand(v, ff.new_game(v), hand)
    (said,) = refused.value.args
    assert said == "Forty-Fives has no bidding" and isinstance(said, Msg)  # its own msgid


@pytest.mark.parametrize("dealer", [2, -1])
def test_a_dealer_who_is_not_a_side_is_refused(dealer):
    v = ff.make_variant()
    with pytest.raises(HandError) as refused:
        ff.score_hand(v, ff.new_game(v), HandRecord((5, 0), 0, dealer=dealer))
    (said,) = refused.value.args
    assert said == "the dealer must be one of the 2 sides"
    assert said.msgid == "{what} must be one of the {n} sides"
    assert said.params == {"what": "the dealer", "n": 2}
    assert isinstance(said.params["what"], Msg)  # said in the reader's language too


def test_a_dealer_who_is_a_side_is_taken():
    v = ff.make_variant()
    assert ff.score_hand(v, ff.new_game(v), HandRecord((5, 0), 0, dealer=1)).changes == (30, 0)


def test_the_points_taken_are_the_changes_in_forty_fives():
    v = ff.make_variant()
    outcome = ff.score_hand(v, ff.new_game(v), HandRecord((3, 2), 1))
    assert outcome.points == outcome.changes == (15, 15)


def test_a_replay_goes_on_from_the_start_it_is_given():
    v = ff.make_variant(target=120)
    start = ff.new_game(v, (40, 35))
    assert ff.play(v, [HandRecord((4, 1), best=0)], start).scores == (65, 40)


@pytest.mark.parametrize(
    ("hand", "reason"),
    [
        (HandRecord((5, 0), 0, defenders_30=True), "defenders' 30 is not one of this game's rules"),
        (
            HandRecord((5, 0), 0, partner=1),
            "a partner is called only by five players playing call your partner",
        ),
    ],
)
def test_an_auction_option_on_a_forty_fives_hand_is_refused(hand, reason):
    v = ff.make_variant()
    with pytest.raises(HandError) as refused:
        ff.score_hand(v, ff.new_game(v), hand)
    assert refused.value.args == (reason,)
