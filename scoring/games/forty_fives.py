"""Forty-Fives, traditional (game to 45) and 120: pure rules, no Django.

Every side adds the points it took (5 a trick, 5 more for the best trump).
The first side to the target wins; when several pass it in the same hand the
one with more points wins, and sides level on the most points play another
hand (our choice).

The spec's worked example (two pairs A, B):

>>> v = make_variant()
>>> s = play(v, [HandRecord((4, 1), best=0), HandRecord((2, 3), best=1)])
>>> s.scores, s.winner
((35, 25), None)
>>> s = apply_hand(v, s, HandRecord((2, 3), best=0))
>>> s.scores, v.name_of(s.winner)
((50, 40), 'A')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scoring.games.core import (
    Game,
    GameState,
    HandError,
    HandOutcome,
    HandRecord,
    Side,
    Variant,
    check_game,
    check_hand_options,
    check_playable,
    check_side,
    hand_points,
    leader,
    replay,
    sides_where,
    start_state,
    two_pairs,
)
from scoring.words import gettext_noop

_ = gettext_noop

GAME = Game.FORTY_FIVES


def make_variant(
    sides: Sequence[Side] | None = None,
    *,
    target: int = 45,
    five_only_bonus: bool = False,
    joker: bool = False,
    off_suit_aces_high: bool = False,
) -> Variant:
    """Forty-Fives to ``target`` (45 traditional, 120); the sides default to two pairs.

    >>> make_variant(target=120).target
    120
    """
    return Variant(
        GAME,
        target,
        tuple(sides) if sides else two_pairs(),
        five_only_bonus=five_only_bonus,
        joker=joker,
        off_suit_aces_high=off_suit_aces_high,
    )


def new_game(variant: Variant, scores: Sequence[int] | None = None) -> GameState:
    """The state before the first hand: 0 each, or scores carried over.

    >>> new_game(make_variant()).scores
    (0, 0)
    """
    check_game(variant, GAME)
    return start_state(variant, scores)


def score_hand(variant: Variant, state: GameState, hand: HandRecord) -> HandOutcome:
    """Check a hand and say what it gives each side; the state is not changed.

    >>> score_hand(make_variant(), new_game(make_variant()), HandRecord((5, 0), None)).changes
    (25, 0)
    """
    check_game(variant, GAME)
    check_playable(variant, state, hand)
    if hand.bidder is not None or hand.bid is not None or hand.calls:
        raise HandError(_("Forty-Fives has no bidding"))
    check_hand_options(variant, hand)
    if hand.dealer is not None:
        check_side(variant, hand.dealer, _("the dealer"))
    points = hand_points(variant, hand.tricks, hand.best)
    return HandOutcome(points=points, changes=points)


def apply_hand(variant: Variant, state: GameState, hand: HandRecord) -> GameState:
    """The state after one more hand; raises HandError with the reason if it is refused.

    >>> v = make_variant()
    >>> apply_hand(v, new_game(v), HandRecord((3, 3), best=0))
    Traceback (most recent call last):
    ...
    scoring.games.core.HandError: tricks add up to 6, must be 5
    """
    outcome = score_hand(variant, state, hand)
    scores = tuple(s + c for s, c in zip(state.scores, outcome.changes, strict=True))
    winner = leader(scores, sides_where(scores, lambda s: s >= variant.target))
    return GameState(scores, state.hands_played + 1, winner=winner)


def play(
    variant: Variant, hands: Iterable[HandRecord], start: GameState | None = None
) -> GameState:
    """Replay a game from its start; undo the last hand with ``play(v, hands[:-1])``.

    >>> play(make_variant(), [HandRecord((3, 2), 1)]).scores
    (15, 15)
    """
    return replay(apply_hand, variant, hands, start if start is not None else new_game(variant))
