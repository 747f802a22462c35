"""Game rules as pure functions, one module per game family (no Django).

The Forty-Fives family shares one API; this registry picks the module for a
variant key or a variant:

>>> v = make_variant("forty_fives_120")
>>> v.target, rules_for(v).__name__
(120, 'scoring.games.forty_fives')
>>> from scoring.games.core import HandRecord
>>> play(v, [HandRecord((4, 1), best=0)]).scores
(25, 5)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from types import ModuleType
from typing import Any

from scoring.games import auction, forty_fives, one_ten
from scoring.games.core import Game, GameState, HandOutcome, HandRecord, Side, Variant
from scoring.words import gettext_noop

VARIANTS: dict[str, Callable[..., Variant]] = {
    "forty_fives_45": partial(forty_fives.make_variant, target=45),
    "forty_fives_120": partial(forty_fives.make_variant, target=120),
    "auction_45": auction.make_variant,
    "one_ten": one_ten.make_variant,
}

RULES: dict[Game, ModuleType] = {
    Game.FORTY_FIVES: forty_fives,
    Game.AUCTION: auction,
    Game.ONE_TEN: one_ten,
}


def make_variant(key: str, sides: Sequence[Side] | None = None, **options: Any) -> Variant:
    """The variant for a registry key, with the drive's options (sides default to two pairs).

    >>> make_variant("auction_45", slam=True).slam
    True
    """
    try:
        factory = VARIANTS[key]
    except KeyError:
        raise ValueError(gettext_noop("unknown game: {key}").format(key=key)) from None
    return factory(sides, **options)


def rules_for(variant: Variant) -> ModuleType:
    """The module with new_game, score_hand, apply_hand and play for this variant."""
    return RULES[variant.game]


def new_game(variant: Variant, scores: Sequence[int] | None = None) -> GameState:
    return rules_for(variant).new_game(variant, scores)


def score_hand(variant: Variant, state: GameState, hand: HandRecord) -> HandOutcome:
    return rules_for(variant).score_hand(variant, state, hand)


def apply_hand(variant: Variant, state: GameState, hand: HandRecord) -> GameState:
    return rules_for(variant).apply_hand(variant, state, hand)


def play(
    variant: Variant, hands: Iterable[HandRecord], start: GameState | None = None
) -> GameState:
    return rules_for(variant).play(variant, hands, start)
