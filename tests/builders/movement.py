"""Seatings written by hand and drawn by hypothesis, for the movement's pure tests."""

from __future__ import annotations

import math

from hypothesis import strategies as st

from drives.movement import (
    Seating,
    Table,
)


def T(number: int, *pairs: int, deals: int | None = None, came: tuple = ()) -> Table:
    """A table as the organizer would read it off the screen."""
    return Table(number=number, pairs=tuple(pairs), deals_first=deals, came_from=came)


def seated(seating: Seating) -> list[int]:
    """Every pair seated, in seating order (a pair seated twice shows twice)."""
    return [p for t in seating for p in t.pairs]


def sitouts(seating: Seating) -> list[Table]:
    return [t for t in seating if t.is_sitout]


pair_numbers = st.integers(min_value=1, max_value=999)


seeds = st.integers(min_value=0, max_value=2**64)


@st.composite
def seatings(draw, min_pairs: int = 1, max_pairs: int = 80) -> Seating:
    """Any well-formed seating: table numbers with gaps, a sit-out at any table."""
    pairs = draw(st.lists(pair_numbers, min_size=min_pairs, max_size=max_pairs, unique=True))
    n_tables = math.ceil(len(pairs) / 2)
    numbers = sorted(
        draw(st.lists(st.integers(1, 300), min_size=n_tables, max_size=n_tables, unique=True))
    )
    sitout_at = draw(st.integers(0, n_tables - 1)) if len(pairs) % 2 else None
    tables, i = [], 0
    for k, number in enumerate(numbers):
        size = 1 if k == sitout_at else 2
        chunk = tuple(pairs[i : i + size])
        i += size
        deals = draw(st.sampled_from((None, *chunk)))
        tables.append(Table(number, chunk, deals, draw(st.sampled_from(((), (None,) * size)))))
    return tuple(tables)


def draw_winners(data: st.DataObject, seating: Seating) -> dict[int, int]:
    """A result for every table that plays (a sit-out table has none)."""
    full = [t for t in seating if not t.is_sitout]
    picks = data.draw(st.lists(st.sampled_from((0, 1)), min_size=len(full), max_size=len(full)))
    return {t.number: t.pairs[k] for t, k in zip(full, picks, strict=True)}
