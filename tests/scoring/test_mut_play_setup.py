"""What game is played and the moves (scoring/play/setup.py): each line-up refused in words,
the sides' names, the defaults, and every move as it is written."""

from __future__ import annotations

import pytest

from scoring.games import auction as auction_rules
from scoring.games import forty_fives as forty_fives_rules
from scoring.games.cards import JOKER, Suit, card
from scoring.games.core import alone, partners
from scoring.play.rules import PlayOptions, Renege
from scoring.play.setup import (
    Bid,
    Discard,
    Hold,
    NameTrump,
    NoRob,
    Pass,
    Play,
    Rob,
    Setup,
    Style,
    auction,
    forty_fives,
)

THREE = forty_fives_rules.make_variant(alone("a", "b", "c"))
FOUR_ALONE = forty_fives_rules.make_variant(alone("a", "b", "c", "d"))
TWO_PAIRS = forty_fives_rules.make_variant(partners("a", "b"))
AUCTION = auction_rules.make_variant(partners("a", "b"))


def refusal(*args, **kwargs):
    with pytest.raises(ValueError) as caught:
        Setup(*args, **kwargs)
    (said,) = caught.value.args
    return said


def test_the_two_games_by_name():
    assert Style.FORTY_FIVES == "forty_fives" and Style.AUCTION == "auction"
    assert Setup("auction", 4, True, AUCTION).style is Style.AUCTION
    assert Setup("forty_fives", 3, False, THREE).style is Style.FORTY_FIVES


def test_each_line_up_refused_in_words():
    assert refusal(Style.FORTY_FIVES, 4, True, AUCTION) == "forty_fives is scored as Forty-Fives"
    assert refusal(Style.AUCTION, 4, True, TWO_PAIRS) == "auction is scored as Auction Forty-Fives"
    three_auction = auction_rules.make_variant(alone("a", "b", "c"))
    assert refusal(Style.AUCTION, 3, False, three_auction) == (
        "Auction Forty-Fives is played by 4 players in 2 partnerships"
    )
    four_alone_auction = auction_rules.make_variant(alone("a", "b", "c", "d"))
    assert refusal(Style.AUCTION, 4, False, four_alone_auction) == (
        "Auction Forty-Fives is played by 4 players in 2 partnerships"
    )
    assert refusal(Style.FORTY_FIVES, 3, True, THREE) == "partnerships need 4 or 6 players"
    assert refusal(Style.FORTY_FIVES, 8, True, TWO_PAIRS) == "partnerships need 4 or 6 players"
    assert refusal(Style.FORTY_FIVES, 1, False, THREE) == "Forty-Fives is played by 2 to 6 players"
    assert refusal(Style.FORTY_FIVES, 7, False, THREE) == "Forty-Fives is played by 2 to 6 players"
    assert refusal(Style.FORTY_FIVES, 4, False, THREE) == "the variant needs 4 sides"
    assert refusal(Style.FORTY_FIVES, 4, True, THREE) == "the variant needs 2 sides"
    assert refusal(Style.FORTY_FIVES, 3, False, THREE, first_dealer=3) == (
        "the first dealer must be one of the seats"
    )
    assert refusal(Style.FORTY_FIVES, 3, False, THREE, first_dealer=-1) == (
        "the first dealer must be one of the seats"
    )


def test_every_line_up_allowed():
    assert Setup(Style.FORTY_FIVES, 2, False, forty_fives_rules.make_variant(alone("a", "b")))
    assert Setup(Style.FORTY_FIVES, 6, False, forty_fives(6).variant).players == 6
    assert Setup(Style.FORTY_FIVES, 4, True, TWO_PAIRS).sides == 2
    assert Setup(Style.FORTY_FIVES, 6, True, forty_fives(6, partnerships=True).variant).sides == 3
    assert Setup(Style.FORTY_FIVES, 4, False, FOUR_ALONE).sides == 4
    assert Setup(Style.AUCTION, 4, True, AUCTION, first_dealer=3).first_dealer == 3
    assert Setup(Style.FORTY_FIVES, 3, False, THREE, first_dealer=0).first_dealer == 0


def test_sides_and_seats():
    four = forty_fives(4, partnerships=True)
    assert [four.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert four.seats_of(0) == (0, 2) and four.seats_of(1) == (1, 3)
    six = forty_fives(6, partnerships=True)
    assert six.sides == 3 and six.seats_of(1) == (1, 4)
    three = forty_fives()
    assert three.sides == 3 and three.seats_of(2) == (2,)
    assert [three.side_of(s) for s in range(3)] == [0, 1, 2]


def test_the_deck_has_the_joker_when_the_rules_use_one():
    assert forty_fives().deck_size() == 52
    assert forty_fives(options=PlayOptions(joker=True)).deck_size() == 53


def test_the_sides_are_named_by_their_seats():
    names = [s.name for s in forty_fives(6, partnerships=True).variant.sides]
    assert names == ["Seats 1 and 4", "Seats 2 and 5", "Seats 3 and 6"]
    assert [s.players for s in forty_fives(6, partnerships=True).variant.sides] == [2, 2, 2]
    assert [s.name for s in auction().variant.sides] == ["Seats 1 and 3", "Seats 2 and 4"]
    assert [s.name for s in forty_fives(2).variant.sides] == ["Seat 1", "Seat 2"]
    assert [s.players for s in forty_fives(2).variant.sides] == [1, 1]


def test_traditional_defaults_and_options():
    s = forty_fives()
    assert (s.style, s.players, s.partnerships, s.first_dealer) == (
        Style.FORTY_FIVES,
        3,
        False,
        0,
    )
    assert s.options == PlayOptions()
    assert s.variant.target == 45 and not s.variant.five_only_bonus
    options = PlayOptions(renege=Renege.NONE, joker=True)
    t = forty_fives(
        4, partnerships=True, options=options, target=120, five_only_bonus=True, first_dealer=2
    )
    assert t.options == options and t.partnerships and t.first_dealer == 2
    assert t.variant.target == 120 and t.variant.five_only_bonus
    assert t.variant.n_sides == 2


def test_auction_defaults_and_options():
    a = auction()
    assert (a.style, a.players, a.partnerships, a.first_dealer) == (Style.AUCTION, 4, True, 0)
    assert a.options == PlayOptions() and a.variant.target == 120
    assert not a.variant.dealer_may_hold
    options = PlayOptions(aces_high=True)
    b = auction(options=options, first_dealer=3, dealer_may_hold=True, slam=True)
    assert b.options == options and b.first_dealer == 3
    assert b.variant.dealer_may_hold and b.variant.slam


@pytest.mark.parametrize(
    ("move", "words"),
    [
        (Play(card("10♥")), "play 10♥"),
        (Play(card("A♥"), call=True), "play A♥ (called)"),
        (Rob(card("2♣")), "rob, discarding 2♣"),
        (NoRob(), "no rob"),
        (Bid(25), "bid 25"),
        (Pass(), "pass"),
        (Hold(), "hold"),
        (NameTrump(Suit.SPADES), "trump spades"),
        (Discard(), "discard nothing"),
        (Discard((card("2♣"), JOKER)), "discard 2♣ Joker"),
        (Discard((card("2♣"),), (card("5♥"), card("J♥"))), "discard 2♣, rob 5♥ J♥"),
    ],
)
def test_each_move_in_words(move, words):
    assert str(move) == words


def test_a_discard_keeps_its_cards_as_tuples():
    d = Discard([card("2♣")], [card("5♥")])
    assert d.cards == (card("2♣"),) and d.take == (card("5♥"),)
    assert isinstance(d.cards, tuple) and isinstance(d.take, tuple)
    assert d == Discard((card("2♣"),), (card("5♥"),))
    assert Discard().cards == () and Discard().take == ()
    assert not Play(card("2♣")).call
