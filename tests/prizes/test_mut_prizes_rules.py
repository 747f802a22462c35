"""What the prize rules offer the rest of the site (prizes/rules/__init__.py): every name the
services and screens use comes from one module, the same object as where it is made, and a
tie is settled in the order the package states (play-off, then split, then cut)."""

from __future__ import annotations

import doctest

import pytest

from prizes import places
from prizes import rules as prizes
from prizes.rules import base, draws, money, ties


def test_every_exported_name_is_offered_once_and_is_public():
    assert len(prizes.__all__) == len(set(prizes.__all__))
    assert all(not name.startswith("_") for name in prizes.__all__)
    assert all(hasattr(prizes, name) for name in prizes.__all__)


@pytest.mark.parametrize("home", [base, draws, money, ties])
def test_an_exported_name_is_the_very_object_of_its_module(home):
    mine = [name for name in prizes.__all__ if getattr(home, name, None) is getattr(prizes, name)]
    assert mine, f"{home.__name__} exports nothing"
    assert all(getattr(prizes, name) is getattr(home, name) for name in mine)


def test_the_refusal_is_the_one_error_of_the_places():
    assert prizes.PrizeError is places.PrizeError
    assert issubclass(prizes.PrizeError, ValueError)


@pytest.mark.parametrize(
    "name",
    [
        "settle",
        "settle_method",
        "physical_cut",
        "digital_cut",
        "who_cuts_next",
        "playoff_left",
        "playoff_next",
        "booby_candidates",
        "Decision",
        "PlayoffGame",
        "CutResult",
        "split_cents",
        "payout",
        "cookie_jar_draw",
        "door_prize_draw",
        "Prize",
    ],
)
def test_what_the_services_use_is_exported(name):
    assert name in prizes.__all__


def test_the_order_of_settling_a_tie_as_the_package_states_it():
    assert doctest.testmod(prizes).failed == 0
    for requests, agreements, money_prize, method in [
        ((7,), (3, 7), True, "playoff"),
        ((), (3, 7), True, "split"),
        ((), (3, 7), False, "cut"),
        ((), (3,), True, "cut"),
    ]:
        assert prizes.settle_method((3, 7), requests, agreements, money_prize) == method
