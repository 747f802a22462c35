"""The floor above settles prizes by the very rules a night's prizes use: prizes.interface
hands out prizes.rules and prizes.places themselves, not copies of them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from prizes import interface, places, rules

RULES = (
    "settle",
    "settle_method",
    "digital_cut",
    "physical_cut",
    "who_cuts_next",
    "playoff_left",
    "playoff_next",
    "payout",
    "split_cents",
    "card_label",
    "check_can_settle",
    "PlayoffGame",
    "Outcome",
    "CutResult",
)


@pytest.mark.parametrize("name", RULES)
def test_each_rule_the_interface_hands_out_is_the_rules_own(name):
    assert getattr(interface, name) is getattr(rules, name)


def test_places_and_the_refusal_are_the_places_modules_own():
    assert interface.place_groups is places.place_groups
    assert interface.PrizeError is places.PrizeError


@pytest.mark.parametrize(
    ("tied", "playoff", "split", "money", "method"),
    [
        ((1, 2), (), (1, 2), True, "split"),  # every one agrees: split
        ((1, 2), (), (1,), True, "cut"),  # one disagrees: cut for low card
        ((1, 2, 3), (2,), (1, 2, 3), True, "playoff"),  # any play-off request wins
        ((1, 2), (), (1, 2), False, "cut"),  # an item is never split
    ],
)
def test_a_tie_through_the_interface_settles_as_the_spec_orders(
    tied, playoff, split, money, method
):
    assert interface.settle_method(tied, playoff, split, money) == method


@given(st.dictionaries(st.integers(1, 60), st.integers(0, 120), max_size=30), st.integers(0, 6))
def test_places_through_the_interface_go_by_score_level(tallies, n):
    got = interface.place_groups(tallies, n)
    levels = sorted(set(tallies.values()), reverse=True)[:n]
    assert [g.level for g in got.groups] == levels
    assert all(tallies[p] == g.level for g in got.groups for p in g.pairs)
