"""Forty-Fives card ranks (scoring/games/cards.py) against card-ranks.md.

The spec's rank tables are copied below verbatim; the functions must print
them back. Then hypothesis properties of a trick: any trump beats any
non-trump, and without a trump the best card of the suit led wins.
"""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.games import cards
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

# card-ranks.md, "Ranks, highest first"
SPEC_TRUMPS = {
    Suit.DIAMONDS: "5♦ J♦ (Joker) A♥ A♦ K♦ Q♦ 10♦ 9♦ 8♦ 7♦ 6♦ 4♦ 3♦ 2♦",
    Suit.HEARTS: "5♥ J♥ (Joker) A♥ K♥ Q♥ 10♥ 9♥ 8♥ 7♥ 6♥ 4♥ 3♥ 2♥",
    Suit.CLUBS: "5♣ J♣ (Joker) A♥ A♣ K♣ Q♣ 2♣ 3♣ 4♣ 6♣ 7♣ 8♣ 9♣ 10♣",
    Suit.SPADES: "5♠ J♠ (Joker) A♥ A♠ K♠ Q♠ 2♠ 3♠ 4♠ 6♠ 7♠ 8♠ 9♠ 10♠",
}
SPEC_OFF_SUIT = {
    Suit.DIAMONDS: "K Q J 10 9 8 7 6 5 4 3 2 A",
    Suit.HEARTS: "K Q J 10 9 8 7 6 5 4 3 2 (the A♥ is always a trump)",
    Suit.CLUBS: "K Q J A 2 3 4 5 6 7 8 9 10",
    Suit.SPADES: "K Q J A 2 3 4 5 6 7 8 9 10",
}


def shown(cs) -> str:
    return " ".join(map(str, cs))


def test_docstring_examples_hold():
    assert doctest.testmod(cards).failed == 0


@pytest.mark.parametrize("trump", list(Suit))
def test_trump_order_is_the_spec_table_with_and_without_the_joker(trump):
    row = SPEC_TRUMPS[trump]
    assert shown(trump_order(trump, joker=True)) == row.replace("(Joker)", "Joker")
    assert shown(trump_order(trump)) == row.replace(" (Joker)", "")


@pytest.mark.parametrize("suit", list(Suit))
def test_off_suit_order_is_the_spec_table(suit):
    row = SPEC_OFF_SUIT[suit].replace(" (the A♥ is always a trump)", "")
    assert " ".join(c.rank for c in off_suit_order(suit)) == row
    assert {c.suit for c in off_suit_order(suit)} == {suit}


def test_red_high_black_low():
    assert trick_winner([card("9♦"), card("3♦")], trump=Suit.CLUBS) == 0
    assert trick_winner([card("9♠"), card("3♠")], trump=Suit.CLUBS) == 1
    assert trick_winner([card("A♦"), card("2♦")], trump=Suit.CLUBS) == 1  # ace lowest
    assert trick_winner([card("A♣"), card("2♣")], trump=Suit.HEARTS) == 0  # between J and 2


def test_off_suit_aces_high_option():
    assert " ".join(c.rank for c in off_suit_order(Suit.DIAMONDS, aces_high=True)) == (
        "A K Q J 10 9 8 7 6 5 4 3 2"
    )
    assert " ".join(c.rank for c in off_suit_order(Suit.CLUBS, aces_high=True)) == (
        "A K Q J 2 3 4 5 6 7 8 9 10"
    )
    # hearts has no ace off-suit, so the option changes nothing there
    assert off_suit_order(Suit.HEARTS, aces_high=True) == off_suit_order(Suit.HEARTS)
    assert trick_winner([card("K♦"), card("A♦")], Suit.SPADES, aces_high=True) == 1
    assert trick_winner([card("K♦"), card("A♦")], Suit.SPADES) == 0


def test_the_ace_of_hearts_is_always_a_trump_third_or_fourth_best():
    for trump in Suit:
        assert is_trump(ACE_OF_HEARTS, trump)
        assert trump_order(trump).index(ACE_OF_HEARTS) == 2
        assert trump_order(trump, joker=True).index(ACE_OF_HEARTS) == 3
        assert ACE_OF_HEARTS not in off_suit_order(Suit.HEARTS)


def test_each_trump_suit_and_the_off_suits_make_the_whole_deck_once():
    for joker in (False, True):
        for trump in Suit:
            ranked = list(trump_order(trump, joker=joker))
            for suit in Suit:
                if suit is not trump:
                    ranked += off_suit_order(suit)
            assert sorted(ranked, key=str) == sorted(deck(joker=joker), key=str)
            assert len(ranked) == len(set(ranked)) == 52 + joker


def test_rank_order_picks_the_trump_or_off_suit_table():
    assert rank_order(Suit.CLUBS, Suit.CLUBS, joker=True) == trump_order(Suit.CLUBS, joker=True)
    assert rank_order(Suit.CLUBS, Suit.HEARTS, aces_high=True) == off_suit_order(
        Suit.CLUBS, aces_high=True
    )


def test_best_trump_played_and_none_when_no_trump_was_played():
    assert best_trump([card("K♣"), card("J♣"), card("Joker")], Suit.CLUBS, joker=True) == card("J♣")
    assert best_trump([card("A♥"), card("Joker")], Suit.CLUBS, joker=True) == JOKER
    assert best_trump([card("K♦"), card("Q♠")], Suit.CLUBS) is None


def test_a_trick_led_with_the_ace_of_hearts_is_a_trump_lead():
    # Led with clubs trump, the A♥ beats every club but the 5 and the J.
    assert trick_winner([card("A♥"), card("2♣"), card("K♥")], trump=Suit.CLUBS) == 0
    assert trick_winner([card("A♥"), card("5♣")], trump=Suit.CLUBS) == 1


def test_reading_and_printing_cards():
    assert card("10♥") == Card("10", Suit.HEARTS) == card("10h") == card(" 10H ")
    assert card("qs") == Card("Q", Suit.SPADES)
    assert card("joker") is JOKER and str(JOKER) == "Joker"
    for c in deck(joker=True):
        assert card(str(c)) == c
    for bad in ["", "1♥", "Kx", "11s"]:
        with pytest.raises(ValueError):
            card(bad)
    with pytest.raises(ValueError):
        Card("Joker", Suit.HEARTS)


def test_a_trick_must_be_real_cards():
    with pytest.raises(ValueError, match="at least one card"):
        trick_winner([], Suit.CLUBS)
    with pytest.raises(ValueError, match="played twice"):
        trick_winner([card("K♦"), card("K♦")], Suit.CLUBS)
    with pytest.raises(ValueError, match="Joker is not in this deck"):
        trick_winner([card("K♦"), JOKER], Suit.CLUBS)


# --- properties ---------------------------------------------------------------------------


@st.composite
def tricks(draw):
    joker = draw(st.booleans())
    trump = draw(st.sampled_from(list(Suit)))
    played = draw(
        st.lists(st.sampled_from(deck(joker=joker)), min_size=1, max_size=10, unique=True)
    )
    return played, trump, joker, draw(st.booleans())


@given(tricks())
def test_any_trump_beats_any_non_trump(trick):
    played, trump, joker, aces_high = trick
    w = played[trick_winner(played, trump, joker=joker, aces_high=aces_high)]
    if any(is_trump(c, trump) for c in played):
        assert is_trump(w, trump)
        order = trump_order(trump, joker=joker)
        assert all(order.index(w) <= order.index(c) for c in played if is_trump(c, trump))
        assert w == best_trump(played, trump, joker=joker)


@given(tricks())
def test_without_a_trump_the_best_card_of_the_suit_led_wins(trick):
    played, trump, joker, aces_high = trick
    if any(is_trump(c, trump) for c in played):
        return
    w = played[trick_winner(played, trump, joker=joker, aces_high=aces_high)]
    assert w.suit is played[0].suit
    order = off_suit_order(w.suit, aces_high=aces_high)
    assert all(order.index(w) <= order.index(c) for c in played if c.suit is w.suit)


@given(tricks())
def test_the_winner_does_not_depend_on_the_order_after_the_lead(trick):
    played, trump, joker, aces_high = trick
    w = played[trick_winner(played, trump, joker=joker, aces_high=aces_high)]
    again = [played[0], *reversed(played[1:])]
    assert again[trick_winner(again, trump, joker=joker, aces_high=aces_high)] == w
