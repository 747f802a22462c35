"""Auction Forty-Fives (game to 120): pure rules, no Django.

The side that wins the bidding adds all the points it took if it made its
bid, else loses the bid ("set"). Every other side adds what it took, except
a side that started the hand on 100 or more: it is locked and scores only by
winning the bid. First to 120 wins; when several get there in the same hand
the bidder goes out. Scores may go below zero; 90 or more is "on the green".

The spec's worked example (partners, A v B, no options):

>>> v = make_variant()
>>> s = new_game(v, (100, 80))
>>> s = apply_hand(v, s, HandRecord((2, 3), best=0, bidder=1, bid=20))
>>> s.scores, s.locked
((100, 60), (0,))
>>> s = apply_hand(v, s, HandRecord((4, 1), best=0, bidder=0, bid=20))
>>> s.scores, v.name_of(s.winner)
((125, 65), 'A')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from scoring.games.core import (
    SLAM,
    TRICKS,
    Contract,
    Game,
    GameState,
    HandOutcome,
    HandRecord,
    Side,
    ThirtyForSixty,
    Variant,
    check_game,
    check_playable,
    contract,
    hand_points,
    leader,
    replay,
    sides_where,
    start_state,
    two_pairs,
)

GAME = Game.AUCTION
TARGET: Final = 120
LOCKED_AT: Final = 100
GREEN_AT: Final = 90
DREADED: Final = 45
SLAM_MADE: Final = 120
SLAM_SET: Final = 60


def make_variant(
    sides: Sequence[Side] | None = None,
    *,
    five_only_bonus: bool = False,
    dealer_may_hold: bool = False,
    no_hold_under_20: bool = False,
    minimum_20_at_100: bool = False,
    thirty_for_sixty: ThirtyForSixty | str = ThirtyForSixty.OFF,
    slam: bool = False,
    dreaded_45: bool = False,
) -> Variant:
    """Auction Forty-Fives to 120 with the drive's options; sides default to two pairs.

    >>> make_variant(dealer_may_hold=True, thirty_for_sixty="loses_60").thirty_for_sixty
    <ThirtyForSixty.LOSES_60: 'loses_60'>
    """
    return Variant(
        GAME,
        TARGET,
        tuple(sides) if sides else two_pairs(),
        five_only_bonus=five_only_bonus,
        dealer_may_hold=dealer_may_hold,
        no_hold_under_20=no_hold_under_20,
        minimum_20_at_100=minimum_20_at_100,
        thirty_for_sixty=ThirtyForSixty(thirty_for_sixty),
        slam=slam,
        dreaded_45=dreaded_45,
    )


def _status(
    variant: Variant, scores: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    locked = sides_where(scores, lambda s: s >= LOCKED_AT)
    green = sides_where(scores, lambda s: s >= GREEN_AT)
    return locked, green, ()


def new_game(variant: Variant, scores: Sequence[int] | None = None) -> GameState:
    """The state before the first hand: 0 each, or scores carried over.

    >>> new_game(make_variant(), (100, 95)).locked
    (0,)
    """
    check_game(variant, GAME)
    return start_state(variant, scores, _status)


def bidder_change(variant: Variant, deal: Contract, took: int, tricks: int) -> tuple[bool, int]:
    """Whether the bidder made its bid, and what its score moves by.

    >>> bidder_change(make_variant(), Contract(0, 20), took=15, tricks=3)
    (False, -20)
    >>> bidder_change(make_variant(thirty_for_sixty="loses_30"), Contract(0, 30), 30, 5)
    (True, 60)
    """
    if deal.bid == SLAM:
        made = tricks == TRICKS
        return made, SLAM_MADE if made else -SLAM_SET
    made = took >= deal.bid
    if deal.bid == 30 and variant.thirty_for_sixty is not ThirtyForSixty.OFF:
        if made:
            return True, 60
        return False, -60 if variant.thirty_for_sixty is ThirtyForSixty.LOSES_60 else -30
    return made, took if made else -deal.bid


def score_hand(variant: Variant, state: GameState, hand: HandRecord) -> HandOutcome:
    """Check a hand and say what it gives each side; the state is not changed.

    >>> v = make_variant()
    >>> o = score_hand(v, new_game(v, (100, 80)), HandRecord((2, 3), 0, bidder=1, bid=20))
    >>> o.points, o.changes, o.made
    ((15, 15), (0, -20), False)
    """
    check_game(variant, GAME)
    check_playable(variant, state, hand)
    points = hand_points(variant, hand.tricks, hand.best)
    deal = contract(variant, state, hand)
    made, change = bidder_change(variant, deal, points[deal.bidder], hand.tricks[deal.bidder])
    changes = []
    for side, (before, took) in enumerate(zip(state.scores, points, strict=True)):
        if side == deal.bidder:
            moved = change
        elif before >= LOCKED_AT:
            moved = 0
        else:
            moved = took
        if variant.dreaded_45 and moved and before + moved == DREADED:
            moved = -before
        changes.append(moved)
    return HandOutcome(points, tuple(changes), deal, made)


def apply_hand(variant: Variant, state: GameState, hand: HandRecord) -> GameState:
    """The state after one more hand; raises HandError with the reason if it is refused.

    >>> v = make_variant(minimum_20_at_100=True)
    >>> apply_hand(v, new_game(v, (100, 80)), HandRecord((3, 2), 0, bidder=0, bid=15))
    Traceback (most recent call last):
    ...
    scoring.games.core.HandError: a side on 100 may not bid 15 under this drive's rules
    """
    outcome = score_hand(variant, state, hand)
    assert outcome.contract is not None
    scores = tuple(s + c for s, c in zip(state.scores, outcome.changes, strict=True))
    out = sides_where(scores, lambda s: s >= TARGET)
    bidder = outcome.contract.bidder
    winner = bidder if bidder in out else leader(scores, out)
    locked, green, eliminated = _status(variant, scores)
    return GameState(scores, state.hands_played + 1, locked, green, eliminated, winner)


def play(
    variant: Variant, hands: Iterable[HandRecord], start: GameState | None = None
) -> GameState:
    """Replay a game from its start; undo the last hand with ``play(v, hands[:-1])``.

    >>> play(make_variant(), [HandRecord((3, 2), 0, bidder=0, bid=20)]).scores
    (20, 10)
    """
    return replay(apply_hand, variant, hands, start if start is not None else new_game(variant))
