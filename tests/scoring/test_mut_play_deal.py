"""The deal's limits (scoring/play/deal.py): how many seats, how many cards, no turn-up."""

from __future__ import annotations

import pytest

from scoring.games.cards import JOKER, card, deck
from scoring.play.deal import deal, hand_seed, shuffled

SPADES = [card(f"{r}♠") for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]]


@pytest.mark.parametrize("players", [2, 10])
def test_two_to_ten_players_are_dealt_five_cards_each(players):
    d = deal(deck(), players=players, dealer=0)
    assert [len(h) for h in d.hands] == [5] * players
    assert len(d.stock) == 52 - 5 * players - 1


@pytest.mark.parametrize("players", [0, 1, 11])
def test_fewer_than_two_or_more_than_ten_players_are_refused(players):
    with pytest.raises(ValueError, match=rf"^cannot deal 5 cards each to {players} players$"):
        deal(deck(joker=True), players=players, dealer=0)


def test_the_turn_up_needs_one_card_more_than_the_hands():
    assert deal(SPADES[:11], players=2, dealer=0).stock == ()
    with pytest.raises(ValueError, match=r"^cannot deal 5 cards each to 2 players$"):
        deal(SPADES[:10], players=2, dealer=0)
    d = deal(SPADES[:10], players=2, dealer=0, turn_up=False)
    assert (d.turn_up, d.stock) == (None, ())


def test_without_a_turn_up_the_rest_is_the_stock_top_card_first():
    d = deal(SPADES, players=2, dealer=0, turn_up=False)
    assert d.turn_up is None
    assert d.stock == tuple(SPADES[10:])


def test_the_joker_is_never_turned_up_it_goes_to_the_bottom():
    cards = [*SPADES[:10], JOKER, *SPADES[10:]]
    d = deal(cards, players=2, dealer=0)
    assert d.turn_up == card("J♠")
    assert d.stock == (card("Q♠"), card("K♠"), JOKER)


def test_any_pattern_but_three_then_two_is_two_then_three():
    d = deal(SPADES, players=2, dealer=1, pattern="2-3")
    assert d.hands[0] == tuple(SPADES[0:2]) + tuple(SPADES[4:7])


def test_a_hands_seed_names_the_game_and_the_hand():
    assert hand_seed(41, 3) == "41:3"
    assert shuffled(hand_seed(41, 3)) == shuffled("41:3") != shuffled("41:4")
    assert len(shuffled(1, joker=True)) == 53 and JOKER in shuffled(1, joker=True)


def test_eleven_seats_are_refused_even_with_cards_enough():
    """The limit is the seats', not only the deck's: 65 cards do not seat 11 players."""
    with pytest.raises(ValueError, match=r"^cannot deal 5 cards each to 11 players$"):
        deal(SPADES * 5, players=11, dealer=0)
