"""Shuffling and dealing: a recorded seed gives the same deal every time (no Django).

5 cards each, 3 then 2 (or 2 then 3, the "Newfoundland deal"), from the
dealer's left (seat dealer + 1) clockwise; then, in the traditional game, the
next card is turned up for trump; the rest is the stock, top card first.

>>> d = deal(shuffled(7), players=3, dealer=0)
>>> [len(h) for h in d.hands], d.turn_up is not None, len(d.stock)
([5, 5, 5], True, 36)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from scoring.games.cards import JOKER, Card, deck

HAND_SIZE = 5


def shuffled(seed: int | str, *, joker: bool = False) -> tuple[Card, ...]:
    """The deck shuffled by ``random.Random(seed)``: the same seed, the same order.

    >>> shuffled(1) == shuffled(1), shuffled(1) == shuffled(2)
    (True, False)
    """
    cards = list(deck(joker=joker))
    random.Random(seed).shuffle(cards)
    return tuple(cards)


def hand_seed(seed: int, hand: int) -> str:
    """The seed of the shuffle for one hand (0, 1, ...) of a game played with ``seed``."""
    return f"{seed}:{hand}"


@dataclass(frozen=True)
class Dealt:
    """A deal: each seat's 5 cards (by seat), the turned-up card (or None) and the stock."""

    hands: tuple[tuple[Card, ...], ...]
    turn_up: Card | None
    stock: tuple[Card, ...]


def deal(
    cards: Sequence[Card],
    players: int,
    dealer: int,
    *,
    pattern: str = "3-2",
    turn_up: bool = True,
) -> Dealt:
    """Deal ``cards`` (top first) to ``players`` seats, starting at the dealer's left.

    With ``turn_up`` the next card is turned up for trump. The Joker is never
    the turn-up (our choice: the spec is silent): it goes to the bottom of
    the stock and the next card is turned instead.

    >>> from scoring.games.cards import card
    >>> cards = [card(f"{r}♠") for r in "A 2 3 4 5 6 7 8 9 10 J".split()]
    >>> d = deal(cards, players=2, dealer=1)
    >>> [" ".join(map(str, h)) for h in d.hands], str(d.turn_up)
    (['A♠ 2♠ 3♠ 7♠ 8♠', '4♠ 5♠ 6♠ 9♠ 10♠'], 'J♠')
    """
    if not 2 <= players <= 10 or players * HAND_SIZE + turn_up > len(cards):
        raise ValueError(f"cannot deal 5 cards each to {players} players")
    rounds = (3, 2) if pattern == "3-2" else (2, 3)
    hands: list[list[Card]] = [[] for _ in range(players)]
    top = 0
    for count in rounds:
        for i in range(players):
            seat = (dealer + 1 + i) % players
            hands[seat].extend(cards[top : top + count])
            top += count
    rest = list(cards[top:])
    up = None
    if turn_up:
        if rest[0] == JOKER:
            rest.append(rest.pop(0))
        up = rest.pop(0)
    return Dealt(tuple(tuple(h) for h in hands), up, tuple(rest))
