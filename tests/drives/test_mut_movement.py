"""The seatings movement refuses, in its words (drives/movement.py).

A seating that is not well formed is never the organizer's doing: it is a broken invariant,
refused in plain English so the log says which one. tests/drives/test_movement.py and
tests/drives/test_movement_changes.py say what movement does with a good seating.
"""

from __future__ import annotations

import pytest

from drives.movement import MovementError, Table, add_pair, first_seating, validate


@pytest.mark.parametrize(
    ("seating", "message"),
    [
        pytest.param(
            (Table(2, (1, 2)), Table(1, (3, 4))),
            "tables must be distinct and in order",
            id="tables out of order",
        ),
        pytest.param(
            (Table(1, (1, 2)), Table(1, (3, 4))),
            "tables must be distinct and in order",
            id="a table twice",
        ),
        pytest.param((Table(0, (1, 2)),), "table 0 is not a table number", id="table 0"),
        pytest.param((Table(-3, (1, 2)),), "table -3 is not a table number", id="table -3"),
        pytest.param((Table(1, ()),), "table 1 holds 0 pairs", id="an empty table"),
        pytest.param((Table(4, (1, 2, 3)),), "table 4 holds 3 pairs", id="three pairs"),
        pytest.param((Table(2, (5, 5)),), "table 2 seats a pair twice", id="a pair against itself"),
        pytest.param(
            (Table(3, (1, 2), deals_first=7),),
            "the pair dealing first at table 3 is not seated there",
            id="the dealer elsewhere",
        ),
        pytest.param(
            (Table(5, (1, 2), came_from=(4,)),),
            "table 5 has a bad came_from",
            id="came_from for one pair of two",
        ),
        pytest.param(
            (Table(1, (1, 2)), Table(2, (3, 2))),
            "pair 2 is seated twice",
            id="a pair at two tables",
        ),
        pytest.param(
            (Table(1, (1,)), Table(2, (2, 3)), Table(3, (4,))),
            "more than one table is half-empty",
            id="two sit-outs",
        ),
    ],
)
def test_a_seating_that_is_not_well_formed_is_refused_saying_why(seating, message):
    with pytest.raises(MovementError) as refused:
        validate(seating)
    assert refused.value.args == (message,)


@pytest.mark.parametrize(
    "seating",
    [
        (),  # nobody seated yet
        (Table(1, (1,)),),
        (Table(1, (1, 2), deals_first=2, came_from=(3, 1)), Table(3, (4,), None, (1,))),
        (Table(2, (1, 2), came_from=()),),  # came_from not known
    ],
)
def test_a_well_formed_seating_passes(seating):
    validate(seating)


@pytest.mark.parametrize("pairs", [[], [4], [4, 4]])
def test_fewer_than_two_pairs_cannot_start_and_are_told_so(pairs):
    with pytest.raises(MovementError) as refused:
        first_seating(pairs, seed=0)
    assert refused.value.args == ("at least 2 pairs are needed to start",)


def test_a_late_pair_with_no_table_in_use_opens_table_1():
    assert add_pair((), 9) == (Table(1, (9,), None, (None,)),)
