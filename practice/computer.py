"""The computer players of the practice table, behind one function: ``choose_move``.

The computer players are ``scoring.play.players`` (Margaret, the default, and
Angus, the stronger). Two quicker levels stay beside them, playing from honest
rules of thumb and reading only ``view_of(state, seat)`` (what that seat may know):

- Rosie plays any card she may (a seeded random choice among her legal cards);
- Ned plays the lowest card that wins the trick, else his lowest card.

Both bid, name trump, rob and discard by Ned's rules of thumb.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from scoring.games.cards import Card, Suit, is_trump, off_suit_order
from scoring.play import (
    Bid,
    Discard,
    Hold,
    Move,
    NameTrump,
    Pass,
    Phase,
    Play,
    PlayerView,
    Rob,
    State,
    players,
    trick_winner,
    view_of,
)
from scoring.play.rules import trump_ranks

# Two quick levels, then the real computer players (scoring.play.players).
# Margaret (the default) and Angus first, then two quicker levels.
LEVELS = {
    **{
        # Lazy, so the words are said in the language of each request, not of the import.
        key: format_lazy(_("{name}: {blurb}"), name=_(level.name), blurb=_(level.blurb))
        for key, level in players.LEVELS.items()
        if level.for_people
    },
    "rosie": _("Rosie: plays any card she may"),
    "ned": _("Ned: plays the lowest card that wins"),
}
DEFAULT_LEVEL = "margaret"


def choose_move(state: State, seat: int, level: str, seed: int) -> Move:
    """The move the computer player at ``seat`` makes, from ``seat``'s view only.

    Margaret and Angus are ``scoring.play.players``; Rosie and Ned the simple chooser
    below. The practice table calls only this function.
    ``seed`` makes a level that draws lots give the same move every time.
    """
    view = view_of(state, seat)
    if not view.legal:
        raise ValueError("it is not this seat's turn")
    if level in players.LEVELS:
        return players.choose(level, view, seed=seed)
    if view.phase is Phase.PLAY and level == "rosie":
        plays = [m for m in view.legal if isinstance(m, Play) and not m.call]
        return random.Random(seed).choice(plays)
    return simple_move(view)


@dataclass(frozen=True)
class Lesson:
    """One of your moves in a finished hand, looked at again by the computer.

    trick: the trick it was made in (0 = the first; a rob is made before it).
    played: your move; suggested: the computer's choice (your move when no other
    did clearly better); lost: the points your move cost against it, on average
    over the likely deals (0 when no other choice did clearly better); only: it
    was your only legal move. deals: the likely deals it was weighed on; better,
    worse: in how many of them the computer's choice did better, worse.
    """

    trick: int
    played: Move
    suggested: Move
    lost: float
    only: bool
    deals: int = 0
    better: int = 0
    worse: int = 0


def points_lost(state: State, *, seat: int, hand_no: int) -> tuple[Lesson, ...]:
    """Where ``seat`` lost points in the finished hand ``hand_no`` (0 = the first) of the
    game ``state`` is part of: each of its moves against the computer's choice.

    Weighs each move on many likely deals from the seat's own view (a few seconds of
    a core for a hand), so call it apart from the move a player is waiting for, and
    keep its answer.
    """
    steps = players.steps_of(state, seat=seat, hand_no=hand_no)
    advice = players.review(steps, seat=seat, seed=state.seed + hand_no)
    return tuple(
        Lesson(
            a.trick,
            a.played,
            a.suggested,
            a.lost,
            len(view.legal) == 1,
            a.deals,
            a.better,
            a.worse,
        )
        for a, (view, _move) in zip(advice, steps, strict=True)
    )


# ---- the simple chooser ----------------------------------------------------------------


def _power(c: Card, trump: Suit, view: PlayerView, led: Card | None) -> tuple[int, int]:
    """How strong ``c`` is in this trick: any trump over the suit led over the rest."""
    order = trump_ranks(trump, view.setup.options.joker)
    if c in order:
        return (2, -order[c])
    assert c.suit is not None
    rank = -off_suit_order(c.suit, aces_high=view.setup.options.aces_high).index(c)
    if led is not None and not is_trump(led, trump) and c.suit is led.suit:
        return (1, rank)
    return (0, rank)


def _suit_worth(hand: tuple[Card, ...], suit: Suit, joker: bool) -> int:
    """Points a hand might take with ``suit`` as trump: 5 a trump, 5 more a top honour."""
    order = trump_ranks(suit, joker)
    trumps = [c for c in hand if c in order]
    return 5 * len(trumps) + 5 * sum(1 for c in trumps if order[c] <= 3)


def _best_suit(view: PlayerView) -> tuple[Suit, int]:
    joker = view.setup.options.joker
    return max(((s, _suit_worth(view.hand, s, joker)) for s in Suit), key=lambda p: p[1])


def simple_move(view: PlayerView) -> Move:
    """A sensible move from the view alone: rules of thumb a newcomer can follow."""
    if view.phase is Phase.BID:
        return _bid(view)
    if view.phase is Phase.TRUMP:
        return NameTrump(_best_suit(view)[0])
    assert view.trump is not None
    trump = view.trump
    if view.phase is Phase.DISCARD:
        throw = tuple(c for c in view.hand if not is_trump(c, trump))[: view.stock_size]
        return Discard(throw)
    if view.phase is Phase.ROB:
        robs = [m for m in view.legal if isinstance(m, Rob)]
        weakest = min(robs, key=lambda m: _power(m.discard, trump, view, None))
        return weakest
    return _play(view, trump)


def _play(view: PlayerView, trump: Suit) -> Move:
    plays = [m for m in view.legal if isinstance(m, Play) and not m.call]
    cards = tuple(c for _, c in view.trick)
    led = cards[0] if cards else None

    def lowest(moves: list[Play]) -> Play:
        return min(moves, key=lambda m: _power(m.card, trump, view, led))

    if not cards:
        return lowest(plays)
    options = view.setup.options
    leading = view.trick[trick_winner(cards, trump, options)][0]
    if view.setup.side_of(leading) == view.setup.side_of(view.seat):
        return lowest(plays)  # the partner has it
    winners = [m for m in plays if trick_winner(cards + (m.card,), trump, options) == len(cards)]
    return lowest(winners or plays)


def _bid(view: PlayerView) -> Move:
    worth = _best_suit(view)[1]
    bids = [m for m in view.legal if isinstance(m, Bid) and m.amount <= worth]
    if bids:
        return min(bids, key=lambda m: m.amount)
    if Hold() in view.legal and worth >= 20:
        return Hold()
    return Pass() if Pass() in view.legal else view.legal[0]
