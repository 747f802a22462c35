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
siblings of WinnersMove behind the Movement protocol; the team match
(drives/team_match.py) is one.

Between games the organizer changes the seating of the game about to be
played: a late pair arrives (add_pair), a pair leaves (remove_pair), or the
seats are edited to match the hall (swap_pairs, move_pair). Each returns a new
valid seating; moves(before, after) lists the changes for the screen.

>>> s = (Table(1, (1, 2)), Table(2, (3, 4)))
>>> moves(s, add_pair(s, 5))
(Move(pair=5, from_table=None, to_table=3),)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from scoring.words import gettext_noop

_ = gettext_noop


class MovementError(ValueError):
    """A seating or a result that breaks the rules of the movement.

    The reason of a change the organizer asked for (a late or leaving pair, a seat
    edit) is a sentence marked for translation: say it with
    ``scoring.speak.say(error.args[0])``. A seating that is not well formed (a broken
    invariant, never the organizer's doing) is refused in plain English.
    """


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


def validate(seating: Seating, *, sitouts: bool = False) -> None:
    """Raise MovementError unless the seating is well formed.

    Every pair once, one or two pairs a table, table numbers distinct and
    positive, at most one half-empty table, deals_first seated at its table.
    sitouts: any number of tables may be half-empty, each a sit-out (a team
    match's, drives.team_match); winners-move has at most one.
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
    if half_empty > 1 and not sitouts:
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


# --- Changes between games ------------------------------------------------------
#
# These act on the seating of the game about to be played (the seating
# next_seating gave, before any result of it is in). came_from stays with each
# pair: it is where the pair sat in the game before, which a change between
# games does not alter; a late pair has None. A table whose pairs change cuts
# for the deal, except a late pair joining a pair that arrived as a winner.


def _came(seating: Seating) -> dict[int, int | None]:
    """pair -> the table it came from (None when not known)."""
    return {
        p: (t.came_from[i] if t.came_from else None) for t in seating for i, p in enumerate(t.pairs)
    }


def _cutting(number: int, pairs: Sequence[int], came: Mapping[int, int | None]) -> Table:
    """A table whose pairs changed: it cuts for the deal."""
    return Table(number, tuple(pairs), None, tuple(came.get(p) for p in pairs))


def and_list(numbers: Sequence[int]) -> str:
    words = [str(n) for n in numbers]
    if len(words) == 1:
        return words[0]
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def _where(seating: Seating, pair: int, doing: str) -> int:
    """The table of a seated pair; a pair not seated is refused (``doing`` is marked words)."""
    where = table_of(seating)
    if pair not in where:
        raise MovementError(
            _("pair {pair} is not seated, so it cannot {doing}").format(pair=pair, doing=doing)
        )
    return where[pair]


def add_pair(seating: Seating, pair: int) -> Seating:
    """Seat a late pair for the game about to be played.

    It fills the empty seat of the half-empty table if there is one: the pair
    waiting there keeps dealing first if it arrived as a winner, otherwise the
    table cuts. With no empty seat the pair opens a table after the last in
    use and sits out.

    >>> add_pair((Table(1, (1, 2)), Table(2, (3,), None, (1,))), 9)[1]
    Table(number=2, pairs=(3, 9), deals_first=3, came_from=(1, None))
    >>> add_pair((Table(1, (1, 2)), Table(4, (3, 5))), 9)[-1]
    Table(number=5, pairs=(9,), deals_first=None, came_from=(None,))
    """
    validate(seating)
    where = table_of(seating)
    if pair in where:
        raise MovementError(
            _("pair {pair} is already seated at table {table}").format(pair=pair, table=where[pair])
        )
    half_empty = [t for t in seating if t.is_sitout]
    if half_empty:
        (t,) = half_empty
        (waiting,) = t.pairs
        came = t.came_from[0] if t.came_from else None
        # Came from another table: the winner (or sit-out) moving on, who deals
        # first. Stayed, or just seated: nobody arrived, so the table cuts.
        deals = waiting if came is not None and came != t.number else None
        joined = Table(t.number, (waiting, pair), deals, (came, None))
        result = tuple(joined if x.number == t.number else x for x in seating)
    else:
        number = max((t.number for t in seating), default=0) + 1
        result = (*seating, Table(number, (pair,), None, (None,)))
    validate(result)
    return result


def remove_pair(seating: Seating, pair: int) -> Seating:
    """Take a leaving pair out of the game about to be played.

    Its seat is left empty, so the pair it would have met sits out; a table
    left with nobody is no longer in use and movement skips it. If two tables
    are then half-empty, the pair at the higher-numbered one joins the
    lower-numbered one, which cuts for the deal. The last pair cannot leave.

    >>> s = (Table(1, (1,)), Table(2, (2, 3)), Table(3, (4, 5)))
    >>> [(t.number, t.pairs) for t in remove_pair(s, 5)]
    [(1, (1, 4)), (2, (2, 3))]
    """
    validate(seating)
    _where(seating, pair, _("leave"))
    if len(table_of(seating)) == 1:
        raise MovementError(
            _("pair {pair} is the last pair seated; finish the night instead").format(pair=pair)
        )
    came = _came(seating)
    tables = []
    for t in seating:
        if pair not in t.pairs:
            tables.append(t)
        elif len(t.pairs) == 2:
            tables.append(_cutting(t.number, [p for p in t.pairs if p != pair], came))
    half_empty = [t for t in tables if t.is_sitout]
    if len(half_empty) == 2:
        low, high = half_empty
        merged = _cutting(low.number, low.pairs + high.pairs, came)
        tables = [
            merged if t.number == low.number else t for t in tables if t.number != high.number
        ]
    result = tuple(tables)
    validate(result)
    return result


def swap_pairs(seating: Seating, a: int, b: int) -> Seating:
    """Swap two pairs at different tables; each takes the other's seat.

    Both tables cut for the deal. Swapping a pair with itself, or two pairs at
    the same table, changes nothing and is refused so a mistaken tap shows.

    >>> s = (Table(1, (1, 2)), Table(2, (3, 4)))
    >>> [t.pairs for t in swap_pairs(s, 2, 3)]
    [(1, 3), (2, 4)]
    """
    validate(seating)
    swap = _("swap places with pair {pair}")
    where = {a: _where(seating, a, swap.format(pair=b))}
    where[b] = _where(seating, b, swap.format(pair=a))
    if a == b:
        raise MovementError(
            _("pair {pair} cannot swap places with itself; pick two pairs").format(pair=a)
        )
    if where[a] == where[b]:
        raise MovementError(
            _("pairs {a} and {b} already sit together at table {table}").format(
                a=a, b=b, table=where[a]
            )
        )
    came = _came(seating)
    other = {a: b, b: a}
    result = tuple(
        _cutting(t.number, [other.get(p, p) for p in t.pairs], came)
        if t.number in (where[a], where[b])
        else t
        for t in seating
    )
    validate(result)
    return result


def move_pair(seating: Seating, pair: int, table: int) -> Seating:
    """Move a pair to another table: one with an empty seat, or one not in use.

    The tables that change cut for the deal; a table left with nobody is no
    longer in use. A table that already has two pairs is refused, and so is a
    move that would leave two tables half-empty.

    >>> s = (Table(1, (1, 2)), Table(2, (3, 4)), Table(3, (5,)))
    >>> [t.pairs for t in move_pair(s, 4, 3)]
    [(1, 2), (3,), (5, 4)]
    """
    validate(seating)
    source = _where(seating, pair, _("move to table {table}").format(table=table))
    if table < 1:
        raise MovementError(
            _("there is no table {table}; tables are numbered from 1").format(table=table)
        )
    if table == source:
        raise MovementError(
            _("pair {pair} already sits at table {table}").format(pair=pair, table=table)
        )
    target = next((t for t in seating if t.number == table), None)
    if target is not None and len(target.pairs) == 2:
        raise MovementError(
            _(
                "table {table} already has two pairs; swap pair {pair} with one of them instead"
            ).format(table=table, pair=pair)
        )
    came = _came(seating)
    tables = []
    for t in seating:
        if t.number == source:
            rest = [p for p in t.pairs if p != pair]
            if rest:
                tables.append(_cutting(t.number, rest, came))
        elif t.number == table:
            tables.append(_cutting(t.number, t.pairs + (pair,), came))
        else:
            tables.append(t)
    if target is None:
        tables.append(_cutting(table, [pair], came))
        tables.sort(key=lambda t: t.number)
    half_empty = [t.number for t in tables if t.is_sitout]
    if len(half_empty) > 1:
        free = [t.number for t in seating if t.is_sitout]
        instead = (
            _(
                "move pair {pair} to table {table}, which has an empty seat, "
                "or swap it with another pair"
            ).format(pair=pair, table=free[0])
            if free
            else _("swap pair {pair} with another pair instead").format(pair=pair)
        )
        raise MovementError(
            _(
                "that would leave tables {tables} half-empty, and only one table may be; {instead}"
            ).format(tables=and_list(half_empty), instead=instead)
        )
    result = tuple(tables)
    validate(result)
    return result
