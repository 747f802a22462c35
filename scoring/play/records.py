"""The plain records of a game of Forty-Fives: phases, finished tricks, hand summaries (no Django).

Also IllegalMove, the error every refused move raises with its reason in
plain words.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from scoring.games.cards import Card, Suit
from scoring.games.core import RulesError


class IllegalMove(RulesError):
    """A move the rules refuse; ``reason`` says why in plain words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Phase(StrEnum):
    BID = "bid"  # Auction: each seat from the dealer's left bids once or passes
    TRUMP = "trump"  # Auction: the winning bidder names trump
    DISCARD = "discard"  # Auction: each seat from the dealer's left discards and draws
    ROB = "rob"  # take the turned-up card (the dealer must when it is an ace)
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True)
class TrickResult:
    """A finished trick: who played what in order, who won it and why."""

    plays: tuple[tuple[int, Card], ...]
    winner: int
    explanation: str
    called: bool = False

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for _, c in self.plays)


@dataclass(frozen=True)
class HandSummary:
    """A finished hand: tricks and points per side, the best trump and who held it.

    points: what each side took in play (30, or 25 with no trump played);
    changes: what each side's score moved by (a bidder set, a locked side);
    scores: the scores after the hand.
    """

    number: int
    dealer: int
    trump: Suit
    tricks: tuple[int, ...]
    best: Card | None
    best_seat: int | None
    points: tuple[int, ...]
    changes: tuple[int, ...]
    scores: tuple[int, ...]
    bidder: int | None = None
    bid: int | None = None
    made: bool | None = None


def set_at(rows: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """``rows`` with item ``i`` replaced: the way a frozen state changes one seat."""
    return rows[:i] + (value,) + rows[i + 1 :]
