"""Prize settings and prizes as plain values, the defaults, and the checks every rule shares."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from prizes.places import (
    DEFAULT_PLACES,
    PrizeError,
)
from scoring.words import gettext_noop

_ = gettext_noop

DEFAULT_CASH_UNIT = 5  # Canada has no 1-cent coin
DEFAULT_JAR_GAMES = 8

Method = Literal["playoff", "split", "cut"]


# ---------------------------------------------------------------- settings


@dataclass(frozen=True)
class PrizeSettings:
    """A drive's prize settings and their defaults in one place.

    >>> s = PrizeSettings()
    >>> (s.places, s.booby, s.cookie_jar, s.jackpot, s.cash_unit)
    (3, True, False, False, 5)
    """

    places: int = DEFAULT_PLACES
    ace_low: bool = True
    cash_unit: int = DEFAULT_CASH_UNIT
    booby: bool = True
    booby_excludes_late_or_early: bool = True
    booby_excludes_place_holders: bool = True
    cookie_jar: bool = False
    jar_games: int = DEFAULT_JAR_GAMES
    jackpot: bool = False
    fifty_fifty: bool = False
    travelling_prize: bool = False
    door_prizes: bool = False

    def __post_init__(self) -> None:
        if self.places < 0:
            raise PrizeError(_("The number of prize places must be 0 or more."))
        check_cash_unit(self.cash_unit)
        if self.jar_games < 1:
            raise PrizeError(_("The cookie jar must draw at least 1 game."))


@dataclass(frozen=True)
class Prize:
    """What a place (or the booby) wins: money in cents or a described item.

    >>> Prize("First prize", cents=2000).is_money
    True
    >>> Prize("Booby prize", item="a box of chocolates").is_money
    False
    """

    label: str
    cents: int | None = None
    item: str = ""

    def __post_init__(self) -> None:
        if (self.cents is None) == (not self.item.strip()):
            raise PrizeError(
                _("{prize} must be either an amount of money or an item.").format(prize=self.label)
            )
        if self.cents is not None:
            check_cents(self.cents, self.label)

    @property
    def is_money(self) -> bool:
        return self.cents is not None


# ---------------------------------------------------------------- checks


def pair_numbers(pairs: Iterable[int]) -> tuple[int, ...]:
    """Pair numbers, each once, in number order; refuse anything else."""
    out = set()
    for p in pairs:
        if isinstance(p, bool) or not isinstance(p, int) or p < 1:
            raise PrizeError(_("{pair} is not a pair number.").format(pair=repr(p)))
        out.add(p)
    return tuple(sorted(out))


def pairs_within(pairs: Iterable[int], group: tuple[int, ...]) -> tuple[int, ...]:
    """The chosen pairs as `pair_numbers`, refused if one of them is not in ``group``."""
    chosen = pair_numbers(pairs)
    outside = [p for p in chosen if p not in group]
    if outside:
        raise PrizeError(_("Pair {pair} is not in this tie.").format(pair=outside[0]))
    return chosen


def check_cents(value: int, what: str) -> None:
    """Refuse what is not a whole number of cents, 0 or more; ``what`` is marked words."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise PrizeError(_("{what} must be a whole number of cents.").format(what=what))
    if value < 0:
        raise PrizeError(_("{what} cannot be negative.").format(what=what))


def check_cash_unit(unit: int) -> None:
    """Refuse a smallest cash unit that is not a whole number of cents, 1 or more."""
    if isinstance(unit, bool) or not isinstance(unit, int) or unit < 1:
        raise PrizeError(_("The smallest cash unit must be 1 cent or more."))


def check_jar_draw(games_played: int, count: int) -> None:
    """Refuse drawing the cookie jar before a game is played, or drawing no game."""
    if games_played < 1:
        raise PrizeError(_("The cookie jar is drawn after at least one game has been played."))
    if count < 1:
        raise PrizeError(_("The cookie jar must draw at least 1 game."))
