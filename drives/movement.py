"""Who sits where: seating and movement as pure functions (no Django).

A seating is a tuple of tables in table order. Each table holds one or two
pair numbers; a table with one pair is a sit-out. Tables not in the seating
are not in use and movement skips them.

The Cape Breton movement ("winners move, losers stay"):

>>> s = first_seating([1, 2, 3, 4], seed=7)
>>> [len(t.pairs) for t in s]
[2, 2]
>>> nxt = WINNERS_MOVE.next_seating(s, {t.number: t.pairs[0] for t in s})
>>> sorted(p for t in nxt for p in t.pairs)
[1, 2, 3, 4]

Other movements seen in halls (whist-drive, head table) can be added as
siblings of WinnersMove behind the Movement protocol.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol


class MovementError(ValueError):
    """A seating or a result that breaks the rules of the movement."""


@dataclass(frozen=True)
class Table:
    """One table in one game.

    pairs: one or two pair numbers; the first is the one that deals first
    when deals_first is set. deals_first None means the table cuts for the
    deal (game 1, or no winner arrived).
    """

    number: int
    pairs: tuple[int, ...]
    deals_first: int | None = None
    # For each pair, the table it came from (None in game 1 or on arrival).
    came_from: tuple[int | None, ...] = ()

    @property
    def is_sitout(self) -> bool:
        return len(self.pairs) == 1

    def opponent_of(self, pair: int) -> int | None:
        others = [p for p in self.pairs if p != pair]
        return others[0] if others else None


Seating = tuple[Table, ...]


@dataclass(frozen=True)
class Move:
    """A pair changing table between two seatings ("Pair 12: table 4 -> 5")."""

    pair: int
    from_table: int | None
    to_table: int | None


def validate(seating: Seating) -> None:
    """Raise MovementError unless the seating is well formed.

    Every pair once, one or two pairs a table, table numbers distinct and
    positive, at most one half-empty table, deals_first seated at its table.
    """
    seen: set[int] = set()
    numbers = [t.number for t in seating]
    if numbers != sorted(numbers) or len(set(numbers)) != len(numbers):
        raise MovementError("tables must be distinct and in order")
    half_empty = 0
    for t in seating:
        if t.number < 1:
            raise MovementError(f"table {t.number} is not a table number")
        if not 1 <= len(t.pairs) <= 2:
            raise MovementError(f"table {t.number} holds {len(t.pairs)} pairs")
        if len(set(t.pairs)) != len(t.pairs):
            raise MovementError(f"table {t.number} seats a pair twice")
        if t.deals_first is not None and t.deals_first not in t.pairs:
            raise MovementError(f"the pair dealing first at table {t.number} is not seated there")
        if t.came_from and len(t.came_from) != len(t.pairs):
            raise MovementError(f"table {t.number} has a bad came_from")
        half_empty += t.is_sitout
        for p in t.pairs:
            if p in seen:
                raise MovementError(f"pair {p} is seated twice")
            seen.add(p)
    if half_empty > 1:
        raise MovementError("more than one table is half-empty")


def first_seating(pairs: Iterable[int], seed: int) -> Seating:
    """Seat pairs at random, two to a table, tables 1..T; the last may hold one.

    A pure function of (seed, set of pairs): the order pairs are given in does
    not matter. Every table cuts for the deal.
    """
    ordered = sorted(set(pairs))
    if len(ordered) < 2:
        raise MovementError("at least 2 pairs are needed to start")
    random.Random(seed).shuffle(ordered)
    tables = []
    for i in range(0, len(ordered), 2):
        chunk = tuple(ordered[i : i + 2])
        tables.append(Table(number=i // 2 + 1, pairs=chunk, came_from=(None,) * len(chunk)))
    return tuple(tables)


def next_table(seating: Seating, number: int) -> int:
    """The next table in use after `number`, wrapping from the last to the first."""
    numbers = [t.number for t in seating]
    later = [n for n in numbers if n > number]
    return later[0] if later else numbers[0]


def table_winner(table: Table, winners: Mapping[int, int]) -> int:
    """The pair that moves on from a table: its winner, or its sit-out pair."""
    if table.is_sitout:
        return table.pairs[0]
    if table.number not in winners:
        raise MovementError(f"table {table.number} has no result")
    winner = winners[table.number]
    if winner not in table.pairs:
        raise MovementError(f"pair {winner} did not play at table {table.number}")
    return winner


class Movement(Protocol):
    name: str

    def next_seating(self, seating: Seating, winners: Mapping[int, int]) -> Seating: ...


class WinnersMove:
    """Winners move to the next table in use (wrapping), losers stay.

    The sit-out pair moves on like a winner. The arriving winner deals first;
    a table without one cuts.
    """

    name = "winners_move"

    def next_seating(self, seating: Seating, winners: Mapping[int, int]) -> Seating:
        validate(seating)
        arriving: dict[int, tuple[int, int]] = {}
        staying: dict[int, int] = {}
        for t in seating:
            w = table_winner(t, winners)
            arriving[next_table(seating, t.number)] = (w, t.number)
            loser = t.opponent_of(w)
            if loser is not None:
                staying[t.number] = loser
        tables = []
        for t in seating:
            pairs: list[int] = []
            came: list[int | None] = []
            deals = None
            if t.number in arriving:
                w, src = arriving[t.number]
                pairs.append(w)
                came.append(src)
                deals = w
            if t.number in staying:
                pairs.append(staying[t.number])
                came.append(t.number)
            if len(pairs) == 1:
                deals = None  # a sit-out: nobody to deal against
            tables.append(Table(t.number, tuple(pairs), deals, tuple(came)))
        result = tuple(x for x in tables if x.pairs)
        validate(result)
        return result


WINNERS_MOVE = WinnersMove()
MOVEMENTS: dict[str, Movement] = {WINNERS_MOVE.name: WINNERS_MOVE}


def table_of(seating: Seating) -> dict[int, int]:
    """pair -> table number."""
    return {p: t.number for t in seating for p in t.pairs}


def moves(before: Seating, after: Seating) -> tuple[Move, ...]:
    """Every pair whose table differs between two seatings, by pair number.

    A pair only in `after` arrives (from_table None); only in `before` leaves.
    """
    a, b = table_of(before), table_of(after)
    out = []
    for pair in sorted(set(a) | set(b)):
        if a.get(pair) != b.get(pair):
            out.append(Move(pair, a.get(pair), b.get(pair)))
    return tuple(out)


def games_won(
    seatings: Sequence[Seating], winners: Sequence[Mapping[int, int]], sitout_wins: bool
) -> dict[int, tuple[int, ...]]:
    """Punched games per pair: pair -> game numbers (1-based) it won.

    seatings[i] and winners[i] are game i+1. A sit-out is a win when
    sitout_wins. Pairs that won nothing map to ().
    """
    punched: dict[int, list[int]] = {}
    for game, (seating, result) in enumerate(zip(seatings, winners, strict=False), start=1):
        for t in seating:
            for p in t.pairs:
                punched.setdefault(p, [])
            if t.is_sitout:
                if sitout_wins:
                    punched[t.pairs[0]].append(game)
            elif t.number in result:
                punched[table_winner(t, result)].append(game)
    return {p: tuple(g) for p, g in punched.items()}
