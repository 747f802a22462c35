"""Places by score level: tallies in, prize groups out (pure, no Django).

Prizes go by distinct score levels, not by position in a list: a tie does not
use up the next prize. With three prizes and pairs on 18, 18, 16, 15, 15 and
12 games, first prize is a tie between the two 18s, second goes to the 16 and
third is a tie between the two 15s; the 12 gets no place.

>>> s = place_groups({1: 18, 2: 18, 3: 16, 4: 15, 5: 15, 6: 12}, places=3)
>>> [(g.place, g.level, g.pairs) for g in s.groups]
[(1, 18, (1, 2)), (2, 16, (3,)), (3, 15, (4, 5))]
>>> s.unplaced
(6,)

A tally is a mapping pair number -> games won (holes punched).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from scoring.words import gettext_noop, ngettext_noop

_ = gettext_noop

DEFAULT_PLACES = 3


class PrizeError(ValueError):
    """Something the organizer asked for that the prize rules refuse.

    The message is one plain English sentence meant for the organizer's
    screen, marked for translation (``scoring.words``): the screen says it
    with ``scoring.speak.say(error.args[0])``.
    """


@dataclass(frozen=True)
class PlaceGroup:
    """One prize place and every pair on its score level.

    More than one pair means a tie to settle (see prizes.rules).
    """

    place: int
    level: int
    pairs: tuple[int, ...]

    @property
    def is_tie(self) -> bool:
        return len(self.pairs) > 1


@dataclass(frozen=True)
class Standings:
    """The place prizes of a drive.

    groups: the awarded places, best first.
    unawarded: place numbers with no score level left to award them to.
    unplaced: pairs holding no place, most games first, then by pair number.
    """

    places: int
    groups: tuple[PlaceGroup, ...]
    unawarded: tuple[int, ...]
    unplaced: tuple[int, ...]

    @property
    def placed_pairs(self) -> tuple[int, ...]:
        """Every pair in a place group, in place order."""
        return tuple(p for g in self.groups for p in g.pairs)

    def group_of(self, pair: int) -> PlaceGroup | None:
        """The place group holding `pair`, or None when it has no place."""
        for g in self.groups:
            if pair in g.pairs:
                return g
        return None

    @property
    def notes(self) -> tuple[str, ...]:
        """Sentences for the prize report about prizes that are not awarded.

        >>> place_groups({1: 9, 2: 9}, places=3).notes
        ('Prizes 2 and 3 are not awarded: there is only 1 different score.',)
        """
        if not self.unawarded:
            return ()
        n = len(self.groups)
        count = len(self.unawarded)
        numbers = and_list(str(p) for p in self.unawarded)
        if n == 0:
            return (
                ngettext_noop(
                    "Prize {numbers} is not awarded: no pair has a score.",
                    "Prizes {numbers} are not awarded: no pair has a score.",
                    count,
                ).format(numbers=numbers),
            )
        scores = ngettext_noop(
            "there is only {n} different score", "there are only {n} different scores", n
        ).format(n=n)
        return (
            ngettext_noop(
                "Prize {numbers} is not awarded: {scores}.",
                "Prizes {numbers} are not awarded: {scores}.",
                count,
            ).format(numbers=numbers, scores=scores),
        )


def and_list(items: Iterable[str]) -> str:
    """Join words the way a person reads them out.

    >>> and_list(["3", "5", "7"])
    '3, 5 and 7'
    """
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def pair_list(pairs: Iterable[int]) -> str:
    """Pair numbers in a sentence, in number order.

    >>> pair_list([7, 3])
    'pairs 3 and 7'
    >>> pair_list([12])
    'pair 12'
    """
    ordered = sorted(pairs)
    return ngettext_noop("pair {numbers}", "pairs {numbers}", len(ordered)).format(
        numbers=and_list(str(p) for p in ordered)
    )


def check_tallies(tallies: Mapping[int, int]) -> None:
    """Raise PrizeError unless every pair number is positive and every tally is 0 or more."""
    for pair, games in tallies.items():
        if isinstance(pair, bool) or not isinstance(pair, int) or pair < 1:
            raise PrizeError(_("{pair} is not a pair number.").format(pair=repr(pair)))
        if isinstance(games, bool) or not isinstance(games, int) or games < 0:
            raise PrizeError(
                _("Pair {pair} has a games count of {games}, which is not possible.").format(
                    pair=pair, games=repr(games)
                )
            )


def score_levels(tallies: Mapping[int, int]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every distinct score level, most games first, with its pairs in number order.

    >>> score_levels({1: 5, 2: 7, 3: 5})
    ((7, (2,)), (5, (1, 3)))
    """
    check_tallies(tallies)
    by_level: dict[int, list[int]] = {}
    for pair, games in tallies.items():
        by_level.setdefault(games, []).append(pair)
    return tuple(
        (level, tuple(sorted(by_level[level]))) for level in sorted(by_level, reverse=True)
    )


def place_groups(tallies: Mapping[int, int], places: int = DEFAULT_PLACES) -> Standings:
    """Give the top `places` distinct score levels one prize each.

    Every pair on an awarded level is in that level's group. With fewer
    distinct levels than places the rest are not awarded (see Standings.notes).

    >>> s = place_groups({4: 10, 8: 10}, places=2)
    >>> s.groups
    (PlaceGroup(place=1, level=10, pairs=(4, 8)),)
    >>> s.unawarded
    (2,)
    """
    if isinstance(places, bool) or not isinstance(places, int) or places < 0:
        raise PrizeError(
            _("The number of prize places must be 0 or more, not {places}.").format(
                places=repr(places)
            )
        )
    levels = score_levels(tallies)
    awarded = levels[:places]
    groups = tuple(
        PlaceGroup(place=i, level=level, pairs=pairs)
        for i, (level, pairs) in enumerate(awarded, start=1)
    )
    unplaced = tuple(p for _, pairs in levels[places:] for p in pairs)
    return Standings(
        places=places,
        groups=groups,
        unawarded=tuple(range(len(groups) + 1, places + 1)),
        unplaced=unplaced,
    )
