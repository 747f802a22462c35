"""Forty-Fives card ranks as data, for the rules page and anything that plays cards.

Pure Python, no Django. Ranks follow card-ranks.md: in trumps the 5, the J,
the Joker (where used), the A of hearts (always a trump), then the A of trumps,
K, Q and the rest; off-suit "red high, black low", the ace lowest in diamonds
and between J and 2 in black suits, unless the *off-suit aces high* option
puts every off-suit ace on top.

>>> " ".join(map(str, trump_order(Suit.CLUBS)))
'5♣ J♣ A♥ A♣ K♣ Q♣ 2♣ 3♣ 4♣ 6♣ 7♣ 8♣ 9♣ 10♣'
>>> " ".join(c.rank for c in off_suit_order(Suit.DIAMONDS))
'K Q J 10 9 8 7 6 5 4 3 2 A'
>>> trick_winner([card("K♠"), card("2♦"), card("A♥")], trump=Suit.SPADES)
2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Final


class Suit(StrEnum):
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    CLUBS = "clubs"
    SPADES = "spades"

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


_SYMBOLS: Final = {Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.CLUBS: "♣", Suit.SPADES: "♠"}
_LETTERS: Final = {"d": Suit.DIAMONDS, "h": Suit.HEARTS, "c": Suit.CLUBS, "s": Suit.SPADES}
RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER_RANK: Final = "Joker"

# The spec's tables, as ranks highest first.
TRUMP_TOP: Final = ("5", "J")  # then the Joker, the A of hearts, the A of trumps
TRUMP_NEXT: Final = ("K", "Q")
RED_TRUMP_REST: Final = ("10", "9", "8", "7", "6", "4", "3", "2")
BLACK_TRUMP_REST: Final = ("2", "3", "4", "6", "7", "8", "9", "10")
RED_OFF_SUIT: Final = ("K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A")
BLACK_OFF_SUIT: Final = ("K", "Q", "J", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10")


@dataclass(frozen=True)
class Card:
    """A card: a rank ("A", "2".."10", "J", "Q", "K") and a suit, or the Joker.

    >>> str(Card("10", Suit.HEARTS)), str(JOKER)
    ('10♥', 'Joker')
    """

    rank: str
    suit: Suit | None = None

    def __post_init__(self) -> None:
        if self.rank == JOKER_RANK:
            if self.suit is not None:
                raise ValueError("the Joker has no suit")
        elif self.rank not in RANKS or self.suit is None:
            raise ValueError(f"not a card: {self.rank} {self.suit}")
        else:
            object.__setattr__(self, "suit", Suit(self.suit))

    def __str__(self) -> str:
        return self.rank if self.suit is None else f"{self.rank}{self.suit.symbol}"


JOKER: Final = Card(JOKER_RANK)
ACE_OF_HEARTS: Final = Card("A", Suit.HEARTS)


def card(text: str) -> Card:
    """Read a card as printed: "5♦", "10h", "QS", "Joker".

    >>> card("10h") == Card("10", Suit.HEARTS)
    True
    """
    text = text.strip()
    if text.lower() == JOKER_RANK.lower():
        return JOKER
    rank, mark = text[:-1].upper(), text[-1:]
    suit = next((s for s in Suit if s.symbol == mark), None) or _LETTERS.get(mark.lower())
    if suit is None:
        raise ValueError(f"not a card: {text}")
    return Card(rank, suit)


@cache  # a tuple of frozen cards: made once
def deck(*, joker: bool = False) -> tuple[Card, ...]:
    """The 52 cards, and the Joker when the rules use one.

    >>> len(deck()), len(deck(joker=True))
    (52, 53)
    """
    cards = tuple(Card(r, s) for s in Suit for r in RANKS)
    return cards + ((JOKER,) if joker else ())


def is_trump(c: Card, trump: Suit) -> bool:
    """Trumps are the trump suit, the A of hearts and the Joker.

    >>> is_trump(ACE_OF_HEARTS, Suit.CLUBS), is_trump(card("K♥"), Suit.CLUBS)
    (True, False)
    """
    return c.suit is trump or c in (ACE_OF_HEARTS, JOKER)


@cache  # a tuple of frozen cards: made once
def trump_order(trump: Suit, *, joker: bool = False) -> tuple[Card, ...]:
    """Every trump, highest first.

    >>> " ".join(map(str, trump_order(Suit.HEARTS, joker=True)[:5]))
    '5♥ J♥ Joker A♥ K♥'
    """
    top = [Card(r, trump) for r in TRUMP_TOP] + ([JOKER] if joker else []) + [ACE_OF_HEARTS]
    if trump is not Suit.HEARTS:
        top.append(Card("A", trump))
    rest = TRUMP_NEXT + (RED_TRUMP_REST if trump.red else BLACK_TRUMP_REST)
    return tuple(top) + tuple(Card(r, trump) for r in rest)


@cache  # a tuple of frozen cards: made once
def off_suit_order(suit: Suit, *, aces_high: bool = False) -> tuple[Card, ...]:
    """The cards of a suit that is not trump, highest first (no A of hearts: it is a trump).

    >>> " ".join(c.rank for c in off_suit_order(Suit.SPADES, aces_high=True))
    'A K Q J 2 3 4 5 6 7 8 9 10'
    """
    ranks = RED_OFF_SUIT if suit.red else BLACK_OFF_SUIT
    if aces_high:
        ranks = ("A",) + tuple(r for r in ranks if r != "A")
    return tuple(Card(r, suit) for r in ranks if Card(r, suit) != ACE_OF_HEARTS)


def rank_order(
    suit: Suit, trump: Suit, *, joker: bool = False, aces_high: bool = False
) -> tuple[Card, ...]:
    """The order of ``suit`` in a hand where ``trump`` is trump, highest first."""
    if suit is trump:
        return trump_order(trump, joker=joker)
    return off_suit_order(suit, aces_high=aces_high)


def best_trump(cards: Sequence[Card], trump: Suit, *, joker: bool = False) -> Card | None:
    """The best trump among ``cards`` (the one whose trick earns the bonus), or None.

    >>> str(best_trump([card("K♣"), card("A♥"), card("2♣")], Suit.CLUBS))
    'A♥'
    """
    order = trump_order(trump, joker=joker)
    trumps = [c for c in cards if is_trump(c, trump)]
    return min(trumps, key=order.index) if trumps else None


def trick_winner(
    cards: Sequence[Card], trump: Suit, *, joker: bool = False, aces_high: bool = False
) -> int:
    """Which card (0 = the lead) wins a trick: the best trump, else the best of the suit led.

    >>> trick_winner([card("10♣"), card("2♣"), card("K♦")], trump=Suit.HEARTS)
    1
    """
    if not cards:
        raise ValueError("a trick needs at least one card")
    if len(set(cards)) != len(cards):
        raise ValueError("a card cannot be played twice")
    if not joker and JOKER in cards:
        raise ValueError("the Joker is not in this deck")
    top = best_trump(cards, trump, joker=joker)
    if top is not None:
        return list(cards).index(top)
    led = cards[0].suit
    assert led is not None  # the Joker is a trump, so a trick with it has a best trump
    order = off_suit_order(led, aces_high=aces_high)
    followers = [c for c in cards if c.suit is led]
    return list(cards).index(min(followers, key=order.index))
