"""What a play reveals, and the hall's options as the rules take them (scoring/play/rules.py).

tests/scoring/test_play_rules.py sweeps legality and the winner of a trick against a reading of
card-ranks.md. This file states the rest of the module's facts: which cards a player
cannot hold after a play (``ruled_out``, what the computer players and the coach read),
the renege rule card by card (``may_hold_back``), when the call of the A♥ binds, and
which options the rules accept.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.games.cards import Card, Suit, card, deck
from scoring.play.rules import (
    PlayOptions,
    Renege,
    explain_winner,
    is_called,
    legal_cards,
    may_hold_back,
    refusal,
    ruled_out,
    trump_ranks,
)

D, H, C, S = Suit.DIAMONDS, Suit.HEARTS, Suit.CLUBS, Suit.SPADES
ACE_HEARTS = card("A♥")


def cards_of(text: str) -> frozenset[Card]:
    return frozenset(card(w) for w in text.split())


# --- ruled_out: the voids a play shows ------------------------------------------


@pytest.mark.parametrize(
    ("played", "led", "trump", "options", "called", "out"),
    [
        pytest.param(
            "3♠",
            "K♥",
            S,
            PlayOptions(),
            False,
            # every heart but the A♥ (a trump) and the K♥ (on the table)
            "2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥",
            id="trumping a heart lead shows no heart",
        ),
        pytest.param(
            "9♣",
            "K♥",
            S,
            PlayOptions(must_follow=False),
            False,
            "2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥",
            id="discarding when a trump was allowed still shows no heart",
        ),
        pytest.param(
            "3♠", "K♥", S, PlayOptions(must_follow=False), False, "", id="trumping when allowed"
        ),
        pytest.param("2♥", "K♥", S, PlayOptions(), False, "", id="following suit shows nothing"),
        pytest.param(
            "7♣",
            "A♥",
            S,
            PlayOptions(),
            False,
            # the trumps that may not be held back; not the hearts: a player holding back
            # the 5♠ or J♠ may play any card
            "2♠ 3♠ 4♠ 6♠ 7♠ 8♠ 9♠ 10♠ A♠ K♠ Q♠",
            id="no plain trump on the ace of hearts, and perhaps a trump held back",
        ),
        pytest.param(
            "2♥",
            "A♥",
            S,
            PlayOptions(hearts_on_hearts=True),
            False,
            "2♠ 3♠ 4♠ 6♠ 7♠ 8♠ 9♠ 10♠ A♠ K♠ Q♠",
            id="a heart on the ace of hearts not called: the 5 and jack may be kept",
        ),
        pytest.param(
            "2♥",
            "A♥",
            S,
            PlayOptions(hearts_on_hearts=True),
            True,
            "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠",
            id="a heart on the ace of hearts called: no trump at all",
        ),
        pytest.param(
            "2♥",
            "4♠",
            S,
            PlayOptions(renege=Renege.LOWER_LED, joker=True),
            False,
            "2♠ 3♠ 6♠ 7♠ 8♠ 9♠ 10♠ A♠ K♠ Q♠",
            id="a low trump led: every honour may be kept",
        ),
        pytest.param(
            "2♥",
            "J♠",
            S,
            PlayOptions(renege=Renege.LOWER_LED, joker=True),
            False,
            "Joker A♥ 2♠ 3♠ 4♠ 6♠ 7♠ 8♠ 9♠ 10♠ A♠ K♠ Q♠",
            id="the jack led: only the 5 may be kept, not the A♥ below it",
        ),
        pytest.param(
            "2♥",
            "J♠",
            S,
            PlayOptions(renege=Renege.FIVE_ONLY, joker=True),
            False,
            "Joker A♥ 2♠ 3♠ 4♠ 6♠ 7♠ 8♠ 9♠ 10♠ A♠ K♠ Q♠",
            id="five only",
        ),
        pytest.param(
            "2♥",
            "J♠",
            S,
            PlayOptions(renege=Renege.NONE, joker=True),
            False,
            "Joker A♥ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ A♠ K♠ Q♠",
            id="no renege",
        ),
    ],
)
def test_a_play_rules_out_the_cards_that_would_have_made_it_illegal(
    played, led, trump, options, called, out
):
    among = deck(joker=options.joker)
    got = ruled_out(card(played), (card(led),), trump, options, called=called, among=among)
    assert got == cards_of(out)


@pytest.mark.parametrize(
    ("among", "out"),
    [
        # 5♠ and J♠ are elsewhere: with no trump to hold back, a heart had to be played
        ("2♥ 3♥ K♠ 9♦", "2♥ 3♥ K♠"),
        # the J♠ may be in the hand, held back: then any card may be played
        ("2♥ 3♥ K♠ 9♦ J♠", "K♠"),
        ("2♥ 3♥ 9♦ 5♠", ""),
    ],
)
def test_off_the_ace_of_hearts_a_heart_is_ruled_out_only_with_no_trump_to_hold_back(among, out):
    got = ruled_out(card("7♣"), (ACE_HEARTS,), S, PlayOptions(), among=tuple(cards_of(among)))
    assert got == cards_of(out)


def test_a_called_ace_of_hearts_lets_no_trump_excuse_a_missing_heart():
    o = PlayOptions(hearts_on_hearts=True)
    among = tuple(cards_of("2♥ J♠ 9♦"))
    assert ruled_out(card("7♣"), (ACE_HEARTS,), S, o, called=True, among=among) == cards_of("2♥ J♠")


def test_on_another_trump_lead_a_held_back_trump_leaves_the_other_voids():
    among = tuple(cards_of("K♠ J♠ 2♥ 9♦"))
    assert ruled_out(card("7♣"), (card("2♠"),), S, PlayOptions(), among=among) == cards_of("K♠")
    led_hearts = ruled_out(card("7♣"), (card("K♥"),), S, PlayOptions(), among=among)
    assert led_hearts == cards_of("2♥")


def test_the_lead_rules_out_nothing():
    assert ruled_out(card("2♣"), (), S, PlayOptions(), among=deck()) == frozenset()


def test_only_cards_among_those_asked_about_are_ruled_out():
    among = tuple(card(w) for w in ["2♥", "3♣", "Q♥", "4♠"])
    assert ruled_out(card("3♠"), (card("K♥"),), S, PlayOptions(), among=among) == cards_of("2♥ Q♥")
    assert ruled_out(card("3♠"), (card("K♥"),), S, PlayOptions()) == frozenset()


@given(
    st.sampled_from(list(Suit)),
    st.permutations(deck()),
    st.integers(1, 5),
    st.sampled_from(list(Renege)),
    st.booleans(),
)
def test_a_card_is_legal_exactly_when_no_other_card_held_is_ruled_out_by_playing_it(
    trump, cards, size, renege, must_follow
):
    """Legality is card by card: playing a card from a hand is legal exactly when no
    other card of that hand is among those the play rules out."""
    led, hand = cards[0], tuple(cards[1 : 1 + size])
    o = PlayOptions(renege=renege, must_follow=must_follow)
    legal = legal_cards(hand, (led,), trump, o)
    for c in hand:
        out = ruled_out(c, (led,), trump, o, among=hand)
        assert (c in legal) == (not out)


# --- the renege rule, card by card -----------------------------------------------


@pytest.mark.parametrize(
    ("held", "led", "renege", "joker", "kept"),
    [
        ("J♠", "5♠", Renege.SOURCE, False, True),  # the source: an honour is always kept
        ("A♥", "5♠", Renege.SOURCE, False, True),
        ("Joker", "5♠", Renege.SOURCE, True, True),
        ("A♠", "2♠", Renege.SOURCE, False, False),  # not an honour
        ("J♠", "5♠", Renege.LOWER_LED, False, False),  # the 5 is higher than the jack
        ("J♠", "A♠", Renege.LOWER_LED, False, True),
        ("A♥", "J♠", Renege.LOWER_LED, False, False),
        ("A♥", "A♠", Renege.LOWER_LED, False, True),  # the A♠ is just below the A♥
        ("Joker", "A♥", Renege.LOWER_LED, True, True),
        ("A♥", "Joker", Renege.LOWER_LED, True, False),
        ("5♠", "J♠", Renege.LOWER_LED, False, True),
        ("K♠", "2♠", Renege.LOWER_LED, False, False),  # not an honour
        ("5♠", "2♠", Renege.FIVE_ONLY, False, True),
        ("J♠", "2♠", Renege.FIVE_ONLY, False, False),
        ("5♠", "2♠", Renege.NONE, False, False),
    ],
)
def test_which_trump_may_be_held_back(held, led, renege, joker, kept):
    o = PlayOptions(renege=renege, joker=joker)
    assert may_hold_back(card(held), card(led), S, o) is kept


@pytest.mark.parametrize("renege", list(Renege))
def test_once_the_ace_of_hearts_is_called_no_trump_is_held_back(renege):
    o = PlayOptions(renege=renege)
    assert not may_hold_back(card("5♠"), card("2♠"), S, o, called=True)


def test_the_call_binds_only_on_the_ace_of_hearts_led_with_the_option_on():
    on = PlayOptions(hearts_on_hearts=True)
    assert is_called((ACE_HEARTS,), on, True)
    assert is_called((ACE_HEARTS, card("2♠")), on, True)
    assert not is_called((ACE_HEARTS,), on, False)  # not called
    assert not is_called((ACE_HEARTS,), PlayOptions(), True)  # the hall does not play it
    assert not is_called((card("K♥"),), on, True)  # another card led
    assert not is_called((card("2♠"), ACE_HEARTS), on, True)  # the A♥ played, not led
    assert not is_called((), on, True)  # nothing led yet


def test_a_call_binds_legality_too():
    hand = tuple(card(w) for w in ["J♠", "7♣"])
    on = PlayOptions(hearts_on_hearts=True)
    assert legal_cards(hand, (ACE_HEARTS,), S, on, called=True) == (card("J♠"),)
    assert legal_cards(hand, (ACE_HEARTS,), S, on, called=False) == hand
    assert legal_cards(hand, (ACE_HEARTS,), S, PlayOptions(), called=True) == hand
    assert (
        refusal(hand, card("7♣"), (ACE_HEARTS,), S, on, called=True)
        == "The ace of hearts was called: nobody may hold back a trump on this trick."
    )


# --- the trumps in order, and the options -----------------------------------------


def test_the_trumps_in_order_best_first():
    order = trump_ranks(S, False)
    assert sorted(order, key=order.__getitem__)[:5] == [
        card("5♠"),
        card("J♠"),
        ACE_HEARTS,
        card("A♠"),
        card("K♠"),
    ]
    assert trump_ranks(S, True)[card("Joker")] == 2 and len(trump_ranks(S, True)) == 15
    assert len(order) == 14 and order[card("10♠")] == 13  # 13 spades and the A♥


def test_the_defaults_are_the_source_game():
    o = PlayOptions()
    assert (o.joker, o.aces_high, o.must_follow, o.renege) == (False, False, True, Renege.SOURCE)
    assert (o.ace_hearts_led, o.hearts_on_hearts, o.deal) == (True, False, "3-2")


def test_the_renege_rule_may_be_given_by_its_stored_name():
    assert PlayOptions(renege="lower_led").renege is Renege.LOWER_LED
    with pytest.raises(ValueError):
        PlayOptions(renege="sometimes")


@pytest.mark.parametrize("deal", ["3-2", "2-3"])
def test_a_deal_of_three_then_two_or_two_then_three(deal):
    assert PlayOptions(deal=deal).deal == deal


@pytest.mark.parametrize("deal", ["3-3", "5", ""])
def test_any_other_deal_is_refused(deal):
    with pytest.raises(ValueError, match=r"^the deal is 3-2 or 2-3$"):
        PlayOptions(deal=deal)


# --- reasons and explanations the sweeps do not word ---------------------------------


def test_with_hearts_trumps_the_ace_of_hearts_led_asks_only_for_a_trump():
    """The ace of hearts rule is for a lead of the A♥ when hearts are not trumps."""
    hand = (card("2♠"), card("7♥"))
    assert refusal(hand, card("2♠"), (ACE_HEARTS,), H, PlayOptions()) == "You must play a trump."


def test_the_best_honour_that_may_not_be_kept_is_the_one_named():
    hand = (card("2♥"), card("A♥"), card("J♠"))
    o = PlayOptions(renege=Renege.LOWER_LED)
    assert (
        refusal(hand, card("2♥"), (card("5♠"),), S, o)
        == "The jack of trumps may be held back only when a lower trump is led."
    )


def test_a_call_is_not_assumed_when_reading_a_play():
    o = PlayOptions(hearts_on_hearts=True)
    out = ruled_out(card("2♥"), (ACE_HEARTS,), S, o, among=deck())
    assert card("5♠") not in out and card("J♠") not in out and card("2♠") in out


@pytest.mark.parametrize(
    ("trump", "o", "trick", "text"),
    [
        pytest.param(
            S,
            PlayOptions(),
            "K♥ 3♠ 2♠ Q♥",
            "2♠ beats 3♠, K♥ and Q♥: in black trumps low numbers beat high.",
            id="the beaten trumps first, then the suit led, best first",
        ),
        pytest.param(
            S,
            PlayOptions(aces_high=True),
            "K♦ 2♠ A♦",
            "2♠ beats A♦ and K♦: a trump beats any card that is not a trump.",
            id="with aces high the beaten ace is named before the king",
        ),
        pytest.param(
            S,
            PlayOptions(),
            "K♦ 2♠ A♦",
            "2♠ beats K♦ and A♦: a trump beats any card that is not a trump.",
            id="in diamonds the beaten ace is named last",
        ),
        pytest.param(
            C,
            PlayOptions(),
            "K♣ 2♣",
            "K♣ beats 2♣: in trumps the king ranks above the 2.",
            id="the king of trumps over a number",
        ),
        pytest.param(
            H,
            PlayOptions(aces_high=True),
            "K♠ 2♠",
            "K♠ beats 2♠: in spades the king ranks above the 2.",
            id="with aces high the king is not the highest of its suit",
        ),
        pytest.param(
            H,
            PlayOptions(),
            "10♠ J♠",
            "J♠ beats 10♠: in spades the jack ranks above the 10.",
            id="the jack over a number off suit",
        ),
    ],
)
def test_more_explanations(trump, o, trick, text):
    assert explain_winner(tuple(card(w) for w in trick.split()), trump, o) == text
