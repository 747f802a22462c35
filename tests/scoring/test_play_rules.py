"""The rules of play (scoring/play/rules.py) against a separate reading of card-ranks.md.

The reading below was written from the spec alone, before the engine: the
rank tables are the spec's text, and each rule of "## Play" is one plain
condition. The sweeps compare the engine with it for every trump suit, every
led card and every two-card hand, under every option that can matter.
Legality is decided card by card (a card is refused only because of some
other card held), so two-card hands cover every hand; a hypothesis property
checks that for five-card hands.
"""

from __future__ import annotations

import functools
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.games.cards import Card, Suit, card, deck
from scoring.play.rules import (
    PlayOptions,
    Renege,
    card_name,
    explain_winner,
    legal_cards,
    refusal,
    trick_winner,
)

D, H, C, S = Suit.DIAMONDS, Suit.HEARTS, Suit.CLUBS, Suit.SPADES
ACE_HEARTS, THE_JOKER = card("A♥"), card("Joker")

# ---- the reading of card-ranks.md ---------------------------------------------------

# "Ranks, highest first": the spec's tables as written.
TRUMP_TABLE = {
    D: "5♦ J♦ (Joker) A♥ A♦ K♦ Q♦ 10♦ 9♦ 8♦ 7♦ 6♦ 4♦ 3♦ 2♦",
    H: "5♥ J♥ (Joker) A♥ K♥ Q♥ 10♥ 9♥ 8♥ 7♥ 6♥ 4♥ 3♥ 2♥",
    C: "5♣ J♣ (Joker) A♥ A♣ K♣ Q♣ 2♣ 3♣ 4♣ 6♣ 7♣ 8♣ 9♣ 10♣",
    S: "5♠ J♠ (Joker) A♥ A♠ K♠ Q♠ 2♠ 3♠ 4♠ 6♠ 7♠ 8♠ 9♠ 10♠",
}
OFF_TABLE = {
    D: "K Q J 10 9 8 7 6 5 4 3 2 A",
    H: "K Q J 10 9 8 7 6 5 4 3 2",
    C: "K Q J A 2 3 4 5 6 7 8 9 10",
    S: "K Q J A 2 3 4 5 6 7 8 9 10",
}


@functools.cache  # the tables are read once; the sweeps ask millions of times
def spec_trumps(trump: Suit, joker: bool) -> tuple[Card, ...]:
    words = TRUMP_TABLE[trump].split()
    words = [w.strip("()") for w in words if joker or w != "(Joker)"]
    return tuple(card(w) for w in words)


@functools.cache
def spec_off_suit(suit: Suit, aces_high: bool) -> tuple[Card, ...]:
    ranks = OFF_TABLE[suit].split()
    if aces_high and "A" in ranks:  # "off-suit aces rank highest of their suit"
        ranks = ["A"] + [r for r in ranks if r != "A"]
    return tuple(Card(r, suit) for r in ranks)


@functools.cache
def spec_is_trump(c: Card, trump: Suit, joker: bool) -> bool:
    return c in spec_trumps(trump, joker)


@functools.cache
def spec_honours(trump: Suit) -> frozenset[Card]:
    # "the 5 and J of trumps, the Joker and the A♥"
    return frozenset({Card("5", trump), Card("J", trump), THE_JOKER, ACE_HEARTS})


def spec_may_hold_back(t: Card, led: Card, trump: Suit, o: PlayOptions, called: bool) -> bool:
    """May a trump held be kept back ("reneged") when ``led`` (a trump) is led?"""
    if called:  # hearts on hearts: "nobody may renege on that trick"
        return False
    if o.renege is Renege.NONE:  # Merrimack Valley
        return False
    if o.renege is Renege.FIVE_ONLY:  # "only the 5 to renege"
        return t == Card("5", trump)
    if t not in spec_honours(trump):
        return False
    if o.renege is Renege.SOURCE:
        return True
    # LOWER_LED: "held back only when a lower trump is led"
    order = spec_trumps(trump, o.joker)
    return order.index(led) > order.index(t)


def spec_legal(
    hand: list[Card], led: Card | None, played: Card, trump: Suit, o: PlayOptions, called: bool
) -> bool:
    if led is None:
        return True
    trumps_held = [c for c in hand if spec_is_trump(c, trump, o.joker)]

    def all_held_back() -> bool:
        return all(spec_may_hold_back(t, led, trump, o, called) for t in trumps_held)

    if led == ACE_HEARTS and trump is not H and o.ace_hearts_led:
        # "must play a trump; with no trump they must play a heart if able; else any card"
        if spec_is_trump(played, trump, o.joker):
            return True
        if trumps_held:
            # "a reneging player may play any card": the heart duty is for players with no trump
            return all_held_back()
        hearts = [c for c in hand if c.suit is H and not spec_is_trump(c, trump, o.joker)]
        return not hearts or played in hearts
    if spec_is_trump(led, trump, o.joker):
        # "must play a trump if able", except the honours that may be held back
        return spec_is_trump(played, trump, o.joker) or all_held_back()
    # "must follow the suit led if able"; option: "may trump instead of following"
    suit_cards = [c for c in hand if c.suit is led.suit and not spec_is_trump(c, trump, o.joker)]
    if not suit_cards or played in suit_cards:
        return True
    return not o.must_follow and spec_is_trump(played, trump, o.joker)


def spec_winner(trick: list[Card], trump: Suit, o: PlayOptions) -> int:
    """ "won by the best trump in it, or if none, by the best card of the suit led"."""
    trumps = spec_trumps(trump, o.joker)
    in_trumps = [c for c in trick if c in trumps]
    if in_trumps:
        return trick.index(min(in_trumps, key=trumps.index))
    order = spec_off_suit(trick[0].suit, o.aces_high)
    return trick.index(min((c for c in trick if c in order), key=order.index))


# ---- the sweeps ---------------------------------------------------------------------

RENEGES = list(Renege)


def option_sets(led: Card, trump: Suit, joker: bool):
    """Every option set under which ``led`` could be refused differently (the rest are equal)."""
    a_h = led == ACE_HEARTS
    trump_led = spec_is_trump(led, trump, joker)
    for renege, must_follow, ace_rule, called in itertools.product(
        RENEGES if trump_led else [Renege.SOURCE],
        [True, False],
        [True, False] if a_h else [True],
        [False, True] if a_h else [False],
    ):
        if trump_led and not a_h and not must_follow and renege is not Renege.SOURCE:
            continue  # following suit is not asked on a trump lead: once is enough
        o = PlayOptions(
            joker=joker,
            renege=renege,
            must_follow=must_follow,
            ace_hearts_led=ace_rule,
            hearts_on_hearts=called,
        )
        yield o, called


@pytest.mark.parametrize("joker", [False, True], ids=["no-joker", "joker"])
@pytest.mark.parametrize("trump", list(Suit), ids=[s.value for s in Suit])
def test_every_two_card_hand_against_the_reading(trump, joker):
    cards = deck(joker=joker)
    checked = 0
    for led in cards:
        rest = [c for c in cards if c != led]
        pairs = list(itertools.combinations(rest, 2))
        for o, called in option_sets(led, trump, joker):
            for pair in pairs:
                got = set(legal_cards(pair, (led,), trump, o, called=called))
                want = {p for p in pair if spec_legal(list(pair), led, p, trump, o, called)}
                assert got == want, (trump, str(led), [str(c) for c in pair], o, called)
                checked += 1
    assert checked > 100_000


@pytest.mark.parametrize("joker", [False, True], ids=["no-joker", "joker"])
def test_every_led_card_and_card_played_with_any_one_other_card(joker):
    """refusal() says None exactly when the reading allows the card, for each option set."""
    cards = deck(joker=joker)
    for trump in Suit:
        for led in cards:
            for o, called in option_sets(led, trump, joker):
                for played in cards:
                    if played == led:
                        continue
                    # A one-card hand may always play; the other card held is what can refuse.
                    assert refusal((played,), played, (led,), trump, o, called=called) is None
                    for other in (card("2♠"), card("K♥"), card("5♦"), card("A♥"), Card("3", trump)):
                        if other in (played, led):
                            continue
                        hand = (played, other)
                        allowed = spec_legal(list(hand), led, played, trump, o, called)
                        reason = refusal(hand, played, (led,), trump, o, called=called)
                        assert (reason is None) == allowed, (trump, str(led), str(played), o)


def test_the_lead_is_always_free():
    for trump in Suit:
        hand = (card("2♠"), card("5♦"), card("A♥"))
        assert legal_cards(hand, (), trump, PlayOptions()) == hand


@pytest.mark.parametrize("aces_high", [False, True], ids=["aces-low", "aces-high"])
@pytest.mark.parametrize("joker", [False, True], ids=["no-joker", "joker"])
def test_every_two_card_trick_winner_against_the_reading(joker, aces_high):
    o = PlayOptions(joker=joker, aces_high=aces_high)
    cards = deck(joker=joker)
    for trump in Suit:
        for led, played in itertools.permutations(cards, 2):
            want = spec_winner([led, played], trump, o)
            assert trick_winner((led, played), trump, o) == want, (trump, str(led), str(played))


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(list(Suit)),
    st.permutations(deck(joker=True)),
    st.integers(2, 6),
    st.booleans(),
    st.booleans(),
)
def test_a_longer_trick_is_won_as_the_reading_says(trump, cards, n, joker, aces_high):
    o = PlayOptions(joker=joker, aces_high=aces_high)
    trick = [c for c in cards if joker or c != card("Joker")][:n]
    assert trick_winner(tuple(trick), trump, o) == spec_winner(trick, trump, o)


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(list(Suit)),
    st.permutations(deck(joker=True)),
    st.sampled_from(RENEGES),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
def test_five_card_hands_are_legal_as_the_reading_says(
    trump, cards, renege, must_follow, ace_rule, called
):
    led, hand = cards[0], tuple(cards[1:6])
    called = called and led == card("A♥")
    o = PlayOptions(
        joker=True,
        renege=renege,
        must_follow=must_follow,
        ace_hearts_led=ace_rule,
        hearts_on_hearts=called,
    )
    got = legal_cards(hand, (led,), trump, o, called=called)
    want = tuple(p for p in hand if spec_legal(list(hand), led, p, trump, o, called))
    assert got == want
    assert got, "some card is always legal"
    for p in hand:
        assert (refusal(hand, p, (led,), trump, o, called=called) is None) == (p in got)


# ---- worked examples: reasons and explanations ----------------------------------------

SOURCE, LOWER, FIVE, NONE = Renege.SOURCE, Renege.LOWER_LED, Renege.FIVE_ONLY, Renege.NONE


def cards_of(text: str) -> tuple[Card, ...]:
    return tuple(card(w) for w in text.split())


REFUSALS = [
    # (trump, options, led, hand, card played, reason)
    (S, PlayOptions(), "K♥", "2♥ 3♠ 9♣", "3♠", "You must follow hearts."),
    (S, PlayOptions(), "K♥", "2♥ 3♠ 9♣", "9♣", "You must follow hearts."),
    (S, PlayOptions(), "K♥", "2♥ 3♠ 9♣", "2♥", None),
    (S, PlayOptions(must_follow=False), "K♥", "2♥ 3♠ 9♣", "3♠", None),
    (
        S,
        PlayOptions(must_follow=False),
        "K♥",
        "2♥ 3♠ 9♣",
        "9♣",
        "You must follow hearts or play a trump.",
    ),
    (S, PlayOptions(), "K♥", "A♥ 3♠ 9♣", "9♣", None),  # the A♥ is a trump, not a heart
    (S, PlayOptions(), "K♥", "2♥ A♥", "A♥", "You must follow hearts."),
    (S, PlayOptions(), "4♠", "2♥ 7♠", "2♥", "You must play a trump."),
    (S, PlayOptions(renege=NONE), "4♠", "2♥ 5♠", "2♥", "You must play a trump."),
    (S, PlayOptions(), "5♠", "2♥ J♠", "2♥", None),  # the source: honours may always be kept
    (
        S,
        PlayOptions(renege=LOWER),
        "5♠",
        "2♥ J♠",
        "2♥",
        "The jack of trumps may be held back only when a lower trump is led.",
    ),
    (S, PlayOptions(renege=LOWER), "K♠", "2♥ J♠", "2♥", None),
    (
        S,
        PlayOptions(renege=LOWER),
        "J♠",
        "2♥ A♥",
        "2♥",
        "The ace of hearts may be held back only when a lower trump is led.",
    ),
    (
        S,
        PlayOptions(renege=LOWER, joker=True),
        "5♠",
        "2♥ Joker",
        "2♥",
        "The Joker may be held back only when a lower trump is led.",
    ),
    (
        S,
        PlayOptions(renege=FIVE),
        "2♠",
        "2♥ J♠",
        "2♥",
        "Only the 5 of trumps may be held back.",
    ),
    (S, PlayOptions(renege=FIVE), "2♠", "2♥ 5♠", "2♥", None),
    (
        S,
        PlayOptions(renege=NONE),
        "2♠",
        "2♥ 5♠",
        "2♥",
        "You must play a trump.",
    ),
    (S, PlayOptions(), "2♠", "2♥ 5♠ 3♠", "2♥", "You must play a trump."),
    (S, PlayOptions(), "A♥", "2♥ 7♠", "2♥", "When the ace of hearts is led you must play a trump."),
    (S, PlayOptions(), "A♥", "2♥ 7♣", "7♣", "When the ace of hearts is led you must play a heart."),
    (S, PlayOptions(), "A♥", "2♦ 7♣", "7♣", None),
    (S, PlayOptions(ace_hearts_led=False), "A♥", "2♥ 7♣", "7♣", None),
    # A reneging player holds a trump: the heart duty is for players with none (card-ranks.md).
    (S, PlayOptions(), "A♥", "J♠ 2♥ 7♣", "7♣", None),
    (S, PlayOptions(), "A♥", "J♠ 2♥ 7♣", "2♥", None),
    (S, PlayOptions(), "A♥", "5♠ J♠ 2♥ 7♣", "7♣", None),
    (S, PlayOptions(renege=LOWER), "A♥", "5♠ 2♥ 7♣", "7♣", None),
    (
        S,
        PlayOptions(),
        "A♥",
        "J♠ K♠ 2♥ 7♣",
        "7♣",
        "When the ace of hearts is led you must play a trump.",
    ),
]


@pytest.mark.parametrize(("trump", "o", "led", "hand", "played", "reason"), REFUSALS)
def test_refusal_reasons(trump, o, led, hand, played, reason):
    assert refusal(cards_of(hand), card(played), (card(led),), trump, o) == reason


def test_hearts_on_hearts_stops_every_renege():
    o = PlayOptions(hearts_on_hearts=True)
    hand = cards_of("J♠ 2♥ 7♣")
    assert refusal(hand, card("2♥"), (card("A♥"),), S, o, called=False) is None
    assert (
        refusal(hand, card("2♥"), (card("A♥"),), S, o, called=True)
        == "The ace of hearts was called: nobody may hold back a trump on this trick."
    )


def test_a_card_not_held_is_refused():
    assert refusal(cards_of("2♥"), card("3♥"), (), S, PlayOptions()) == "You do not hold 3♥."


EXPLANATIONS = [
    (D, PlayOptions(), "A♥ J♦", "J♦ beats A♥: the jack of trumps is the second-best card."),
    (D, PlayOptions(), "J♦ 5♦", "5♦ beats J♦: the 5 of trumps is the best card."),
    (C, PlayOptions(), "A♣ A♥", "A♥ beats A♣: the ace of hearts is the third-best trump."),
    (
        C,
        PlayOptions(joker=True),
        "A♣ A♥ Joker",
        "Joker beats A♥ and A♣: the Joker is the third-best trump.",
    ),
    (C, PlayOptions(), "K♥ 2♣", "2♣ beats K♥: a trump beats any card that is not a trump."),
    (H, PlayOptions(), "K♠ 2♠", "K♠ beats 2♠: in spades the king is highest."),
    (H, PlayOptions(), "3♠ 2♠", "2♠ beats 3♠: in spades, black, low numbers beat high."),
    (S, PlayOptions(), "3♦ 9♦", "9♦ beats 3♦: in diamonds, red, high numbers beat low."),
    (S, PlayOptions(), "A♦ 2♦", "2♦ beats A♦: in diamonds the ace is lowest."),
    (
        S,
        PlayOptions(aces_high=True),
        "K♦ A♦",
        "A♦ beats K♦: with off-suit aces high the ace is highest.",
    ),
    (S, PlayOptions(), "J♣ A♣", "J♣ beats A♣: in clubs the ace ranks below the jack."),
    (
        S,
        PlayOptions(),
        "8♦ K♣",
        "8♦ wins: nobody followed diamonds or played a trump.",
    ),
    (C, PlayOptions(), "3♣ 2♣", "2♣ beats 3♣: in black trumps low numbers beat high."),
    (D, PlayOptions(), "3♦ 9♦", "9♦ beats 3♦: in red trumps high numbers beat low."),
    (D, PlayOptions(), "K♦ A♦", "A♦ beats K♦: the ace of trumps is just below the ace of hearts."),
    (S, PlayOptions(), "9♠", "9♠ wins: it is the only card."),
    (
        C,
        PlayOptions(joker=True),
        "A♣ A♥",
        "A♥ beats A♣: the ace of hearts is the fourth-best trump.",
    ),
    (C, PlayOptions(), "Q♣ K♣", "K♣ beats Q♣: in trumps the king ranks above the queen."),
    (D, PlayOptions(), "10♦ Q♦", "Q♦ beats 10♦: in trumps the queen ranks above the 10."),
    (S, PlayOptions(), "2♣ A♣", "A♣ beats 2♣: in clubs the ace ranks above the numbers."),
    (S, PlayOptions(), "10♥ Q♥", "Q♥ beats 10♥: in hearts the queen ranks above the 10."),
    (S, PlayOptions(), "J♥ Q♥", "Q♥ beats J♥: in hearts the queen ranks above the jack."),
    (
        C,
        PlayOptions(),
        "K♥ 2♣ 3♦ 9♥",
        "2♣ beats K♥, 9♥ and 3♦: a trump beats any card that is not a trump.",
    ),
    (
        S,
        PlayOptions(),
        "8♦ 10♦ K♣ 9♦",
        "10♦ beats 9♦ and 8♦: in diamonds, red, high numbers beat low.",
    ),
    (
        S,
        PlayOptions(joker=True),
        "2♠ Joker A♥ 5♠ 4♣",
        "5♠ beats Joker, A♥, 2♠ and 4♣: the 5 of trumps is the best card.",
    ),
]


@pytest.mark.parametrize(("trump", "o", "trick", "text"), EXPLANATIONS)
def test_explanations(trump, o, trick, text):
    assert explain_winner(cards_of(trick), trump, o) == text


def test_the_call_binds_only_when_made():
    o = PlayOptions(hearts_on_hearts=True)
    hand = cards_of("J♠ 2♥")
    assert refusal(hand, card("2♥"), (card("A♥"),), S, o) is None
    assert legal_cards(hand, (card("A♥"),), S, o) == hand
    assert legal_cards(hand, (card("A♥"),), S, o, called=True) == (card("J♠"),)


@pytest.mark.parametrize(
    ("c", "trump", "words"),
    [
        ("J♠", S, "the jack of trumps"),
        ("10♠", S, "the 10 of trumps"),
        ("K♣", S, "the king of clubs"),
        ("7♦", S, "the 7 of diamonds"),
        ("A♥", H, "the ace of hearts"),
        ("Joker", C, "the Joker"),
    ],
)
def test_card_names(c, trump, words):
    assert card_name(card(c), trump) == words


def test_a_reneging_player_on_the_ace_of_hearts_may_play_any_card():
    """card-ranks.md: holding back a 5 or J of trumps on an A♥ lead, a player holds a trump,
    and the "else a heart" duty is for players with no trump."""
    hand = cards_of("J♠ 2♥ 7♣ 9♦")
    led = (card("A♥"),)
    assert set(legal_cards(tuple(hand), led, S, PlayOptions())) == set(hand)
    no_trump = cards_of("2♥ 7♣ 9♦")
    assert set(legal_cards(tuple(no_trump), led, S, PlayOptions())) == {card("2♥")}
