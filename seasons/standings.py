"""A series' standings from its nights (pure, no Django).

Each night gives one row per pair: the keys of its two players, their names, the games the
pair won and its place that night (by score level, `places_by_level`). The rules say what a
night scores (games won, or points by place), how many nights count (all, or each
person's best N), how many nights qualify, and whether the standings are of players or of
pairs. Out come the standings: per person (or pair) the nights played, each night's score,
the nights that count, the total, qualified or not, and the place by score level among the
qualified (same total, same place, as prizes.places gives the night's places).

>>> rules = Rules(counts=GAMES, best=2, min_nights=2)
>>> nights = [
...     Night(1, (Row(("a", "b"), ("Ann", "Bob"), won=9, place=1),)),
...     Night(2, (Row(("a", "c"), ("Ann", "Cy"), won=5, place=2),)),
...     Night(3, (Row(("a", "b"), ("Ann", "Bob"), won=7, place=1),)),
... ]
>>> [(e.names, e.total, e.place, e.qualified) for e in standings(nights, rules)]
[(('Ann',), 16, 1, True), (('Bob',), 16, 1, True), (('Cy',), 5, None, False)]

A key is any string the reader makes (the register's player, or the typed name folded);
by pairs an entry's key is the two players' keys in order, so the same two
players make the same pair whatever their seats.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import NamedTuple

GAMES = "games"
POINTS = "points"
PLAYERS = "players"
PAIRS = "pairs"


@dataclass(frozen=True)
class Rules:
    """What counts: `counts` GAMES (games won each night) or POINTS (`points[0]` for first
    place, `points[1]` for second...; a place past the table scores 0); `best` None (every
    night counts) or N (each person's best N nights); `min_nights` nights played to
    qualify; `by` PLAYERS or PAIRS."""

    counts: str = GAMES
    points: tuple[int, ...] = ()
    best: int | None = None
    min_nights: int = 1
    by: str = PLAYERS

    def __post_init__(self) -> None:
        if self.counts not in (GAMES, POINTS):
            raise ValueError(f"counts must be {GAMES!r} or {POINTS!r}, not {self.counts!r}")
        if self.by not in (PLAYERS, PAIRS):
            raise ValueError(f"by must be {PLAYERS!r} or {PAIRS!r}, not {self.by!r}")
        if self.best is not None and self.best < 1:
            raise ValueError("best must be None or 1 or more")
        if self.min_nights < 1:
            raise ValueError("min_nights must be 1 or more")
        if any(p < 0 for p in self.points):
            raise ValueError("points must be 0 or more")

    def score(self, won: int, place: int) -> int:
        """A night's score of a pair that won `won` games and came `place`.

        >>> Rules(counts=POINTS, points=(10, 8, 6)).score(won=12, place=2)
        8
        >>> Rules(counts=POINTS, points=(10, 8, 6)).score(won=3, place=9)
        0
        """
        if self.counts == GAMES:
            return won
        return self.points[place - 1] if 1 <= place <= len(self.points) else 0


class Row(NamedTuple):
    """One pair on one night: its players' keys and names, games won, place that night.
    (Tuples, not dataclasses: a series of 30 nights makes thousands, at a third the cost.)"""

    keys: tuple[str, ...]
    names: tuple[str, ...]
    won: int
    place: int


@dataclass(frozen=True)
class Night:
    """A night of the series: `number` orders the nights (1 the first night, by date) and
    breaks ties between equal nights (the earlier counts first); `rows` its pairs."""

    number: int
    rows: tuple[Row, ...]


class NightScore(NamedTuple):
    """A person's night: games won, place, its score and whether it counts."""

    night: int
    won: int
    place: int
    score: int
    counts: bool  # one of the nights that make the total


@dataclass(frozen=True)
class Entry:
    """One person (or pair) of the standings."""

    key: tuple[str, ...]  # one player key, or a pair's two in order
    names: tuple[str, ...]  # as most often written (then as last), in key order
    nights: tuple[NightScore, ...]  # the nights played, in night order
    total: int
    qualified: bool
    place: int | None  # by score level among the qualified; None when not qualified

    @property
    def played(self) -> int:
        return len(self.nights)

    @property
    def counted(self) -> tuple[NightScore, ...]:
        return tuple(n for n in self.nights if n.counts)


def places_by_level(scores: Mapping[Hashable, int]) -> dict[Hashable, int]:
    """Place by score level: the highest score is place 1, the next lower score place 2
    whatever the number of people on the first (a tie does not use up a place, as in
    prizes.places).

    >>> places_by_level({"a": 9, "b": 9, "c": 7})
    {'a': 1, 'b': 1, 'c': 2}
    """
    levels = sorted(set(scores.values()), reverse=True)
    place_of = {level: i for i, level in enumerate(levels, start=1)}
    return {key: place_of[score] for key, score in scores.items()}


def choose_best(scores: Iterable[tuple[int, int]], best: int | None) -> frozenset[int]:
    """The nights that count of (night, score) pairs: all, or the `best` highest scores,
    an earlier night before a later one of the same score.

    >>> sorted(choose_best([(1, 5), (2, 7), (3, 5), (4, 2)], best=2))
    [1, 2]
    """
    ordered = sorted(scores, key=lambda ns: (-ns[1], ns[0]))
    if best is not None:
        ordered = ordered[:best]
    return frozenset(night for night, _score in ordered)


def entries_of(night: Night, by: str) -> dict[tuple[str, ...], tuple[tuple[str, ...], Row]]:
    """The night's rows by person (or pair) key, with the names in key order. A key met
    twice in one night (a person typed into two pairs) keeps its better row."""
    out: dict[tuple[str, ...], tuple[tuple[str, ...], Row]] = {}
    pairs = by == PAIRS
    for row in night.rows:
        if pairs:
            named = sorted(zip(row.keys, row.names, strict=True))
            found = [(tuple(k for k, _n in named), tuple(n for _k, n in named))]
        else:
            found = [((k,), (n,)) for k, n in zip(row.keys, row.names, strict=True)]
        for key, names in found:
            kept = out.get(key)
            if kept is None:
                out[key] = (names, row)
            else:
                old = kept[1]
                if row.won > old.won or (row.won == old.won and row.place < old.place):
                    out[key] = (names, row)
    return out


def standings(nights: Iterable[Night], rules: Rules) -> tuple[Entry, ...]:
    """The series' standings: the qualified by place (then by name), then the others by
    total (then by name).

    >>> rules = Rules(counts=POINTS, points=(10, 8), by=PAIRS)
    >>> night = Night(1, (Row(("b", "a"), ("Bo", "Al"), 8, 1), Row(("c", "d"), ("Cy", "Di"), 6, 2)))
    >>> [(e.key, e.total, e.place) for e in standings([night], rules)]
    [(('a', 'b'), 10, 1), (('c', 'd'), 8, 2)]
    """
    # The nights of each person in night order (the latest names kept), then each
    # person's scores: written as plain loops, the read of a 30-night series runs here.
    played: dict[tuple[str, ...], list[Row]] = {}
    numbers: dict[tuple[str, ...], list[int]] = {}
    # Each spelling of a person's names: how often, and the last night it was written.
    spellings: dict[tuple[str, ...], dict[tuple[str, ...], tuple[int, int]]] = {}
    for night in sorted(nights, key=lambda n: n.number):
        number = night.number
        for key, (named, row) in entries_of(night, rules.by).items():
            if key in played:
                played[key].append(row)
                numbers[key].append(number)
            else:
                played[key] = [row]
                numbers[key] = [number]
            seen = spellings.setdefault(key, {})
            seen[named] = (seen.get(named, (0, 0))[0] + 1, number)
    games = rules.counts == GAMES
    points, best, need = rules.points, rules.best, rules.min_nights
    built = []
    for key, rows in played.items():
        nums = numbers[key]
        if games:
            scores = [row.won for row in rows]
        else:
            scores = [points[r.place - 1] if 0 < r.place <= len(points) else 0 for r in rows]
        if best is None or len(rows) <= best:
            counting = frozenset(nums)
        else:
            counting = choose_best(zip(nums, scores, strict=True), best)
        nights_scored = tuple(
            NightScore(number, row.won, row.place, score, number in counting)
            for number, row, score in zip(nums, rows, scores, strict=True)
        )
        total = sum(n.score for n in nights_scored if n.counts)
        seen = spellings[key]
        named = max(seen, key=seen.__getitem__)  # the most written, then the latest
        built.append((key, named, nights_scored, total, len(rows) >= need))
    places = places_by_level({key: total for key, _nm, _ns, total, ok in built if ok})
    entries = [
        Entry(
            key=key,
            names=named,
            nights=scored,
            total=total,
            qualified=ok,
            place=places.get(key) if ok else None,
        )
        for key, named, scored, total, ok in built
    ]
    entries.sort(key=lambda e: (not e.qualified, -e.total, [n.casefold() for n in e.names], e.key))
    return tuple(entries)
