"""Forty-Fives card ranks (scoring/games/cards.py): the words of a card that is not one, the
suits' colours and symbols, reading a card, and the options each order takes."""

from __future__ import annotations

import pytest

from scoring.games.cards import (
    ACE_OF_HEARTS,
    JOKER,
    Card,
    Suit,
    best_trump,
    card,
    deck,
    is_trump,
    off_suit_order,
    rank_order,
    trick_winner,
    trump_order,
)


def test_the_suits_their_colour_and_symbol():
    assert [(s.value, s.symbol, s.red) for s in Suit] == [
        ("diamonds", "\u2666", True),
        ("hearts", "\u2665", True),
        ("clubs", "\u2663", False),
        ("spades", "\u2660", False),
    ]


def test_a_card_takes_its_suit_by_name():
    c = Card("10", "hearts")
    assert c.suit is Suit.HEARTS
    assert str(c) == "10\u2665"
    assert JOKER.suit is None and str(JOKER) == "Joker"


@pytest.mark.parametrize(
    ("rank", "suit", "words"),
    [
        ("1", Suit.HEARTS, "not a card: 1 hearts"),
        ("K", None, "not a card: K None"),
        ("Joker", Suit.HEARTS, "the Joker has no suit"),
    ],
)
def test_what_is_not_a_card_says_so(rank, suit, words):
    with pytest.raises(ValueError) as caught:
        Card(rank, suit)
    assert str(caught.value) == words


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("5\u2666", Card("5", Suit.DIAMONDS)),
        ("10h", Card("10", Suit.HEARTS)),
        ("QS", Card("Q", Suit.SPADES)),
        ("ad", Card("A", Suit.DIAMONDS)),
        ("kC", Card("K", Suit.CLUBS)),
        ("  JOKER ", JOKER),
        ("Joker", JOKER),
    ],
)
def test_reading_a_card_as_printed(text, read):
    assert card(text) == read


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Kx", "not a card: Kx"),
        (" 10 ", "not a card: 10"),
        ("", "not a card: "),
        ("\u2665", "not a card:  hearts"),  # a suit with no rank
    ],
)
def test_a_text_that_is_no_card_says_so(text, words):
    with pytest.raises(ValueError) as caught:
        card(text)
    assert str(caught.value) == words


def test_the_deck_without_and_with_the_joker():
    plain = deck()
    assert len(plain) == 52 and JOKER not in plain
    assert plain[0] == Card("A", Suit.DIAMONDS) and plain[-1] == Card("K", Suit.SPADES)
    assert deck(joker=False) == plain
    assert deck(joker=True) == (*plain, JOKER)


def test_trumps_are_the_suit_the_ace_of_hearts_and_the_joker():
    assert is_trump(card("2\u2663"), Suit.CLUBS)
    assert is_trump(ACE_OF_HEARTS, Suit.SPADES)
    assert is_trump(JOKER, Suit.DIAMONDS)
    assert not is_trump(card("K\u2665"), Suit.CLUBS)
    assert not is_trump(card("A\u2666"), Suit.CLUBS)


def test_the_orders_leave_the_joker_and_aces_high_off_unless_told():
    assert JOKER not in trump_order(Suit.SPADES)
    assert trump_order(Suit.SPADES) == trump_order(Suit.SPADES, joker=False)
    assert trump_order(Suit.SPADES, joker=True)[2] is JOKER
    assert off_suit_order(Suit.CLUBS)[-1] == card("10\u2663")
    assert off_suit_order(Suit.CLUBS)[3] == card("A\u2663")
    assert off_suit_order(Suit.CLUBS, aces_high=True)[0] == card("A\u2663")
    assert rank_order(Suit.CLUBS, Suit.HEARTS) == off_suit_order(Suit.CLUBS)
    assert rank_order(Suit.CLUBS, Suit.HEARTS, aces_high=True)[0] == card("A\u2663")
    assert rank_order(Suit.CLUBS, Suit.CLUBS, joker=True)[2] is JOKER
    assert JOKER not in rank_order(Suit.CLUBS, Suit.CLUBS)


def test_the_best_trump_with_the_joker():
    played = [card("A\u2663"), JOKER, card("K\u2663")]
    assert best_trump(played, Suit.CLUBS, joker=True) is JOKER
    assert best_trump([card("K\u2666")], Suit.CLUBS) is None


def test_a_trick_with_the_joker_when_the_deck_has_it():
    assert trick_winner([card("K\u2666"), JOKER], Suit.CLUBS, joker=True) == 1
    assert trick_winner([card("2\u2663"), card("A\u2663")], Suit.HEARTS) == 1
    assert trick_winner([card("2\u2663"), card("A\u2663")], Suit.HEARTS, aces_high=True) == 1
    assert trick_winner([card("K\u2663"), card("A\u2663")], Suit.HEARTS) == 0
    assert trick_winner([card("K\u2663"), card("A\u2663")], Suit.HEARTS, aces_high=True) == 1


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ([], "a trick needs at least one card"),
        ([Card("K", Suit.DIAMONDS), Card("K", Suit.DIAMONDS)], "a card cannot be played twice"),
        ([Card("K", Suit.DIAMONDS), JOKER], "the Joker is not in this deck"),
    ],
)
def test_a_trick_that_is_not_one_says_so(cards, words):
    with pytest.raises(ValueError) as caught:
        trick_winner(cards, Suit.CLUBS)
    assert str(caught.value) == words
