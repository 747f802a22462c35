"""The computer players' interface (scoring/play/players/__init__.py): the levels by
key, with the words shown to people, and ``choose``'s refusals word for word."""

from __future__ import annotations

import dataclasses
import random

import pytest

from scoring.games.cards import Suit, card
from scoring.play import players
from scoring.play.game import new_game
from scoring.play.players import LEVELS, Level, choose
from scoring.play.players.club import margaret_choose, random_choose
from scoring.play.players.search import angus_choose, first_angus_choose
from scoring.play.records import Phase
from scoring.play.setup import Play, forty_fives
from scoring.play.view import view_of


def lead_view():
    """Seat 1 to lead five cards, clubs trump (Margaret leads the K♠, her first king)."""
    hands = ("9♦ 3♠ 4♠ 5♥ 6♥", "K♠ 9♥ K♦ 2♦ 4♦", "7♦ 8♠ 9♠ 10♠ J♦")
    state = dataclasses.replace(
        new_game(forty_fives(), 0),
        hands=tuple(tuple(card(c) for c in h.split()) for h in hands),
        stock=(),
        trump=Suit.CLUBS,
        turn_up=None,
        taken_by=None,
        trick=(),
        tricks=(),
        phase=Phase.PLAY,
        to_act=1,
        dealer=0,
    )
    return view_of(state, 1)


def test_the_levels_by_key_with_their_names_and_lines_for_people():
    assert [
        (key, level.key, level.name, level.blurb, level.play, level.for_people)
        for key, level in LEVELS.items()
    ] == [
        (
            "margaret",
            "margaret",
            "Margaret",
            "A steady club player: wins tricks cheaply, leads trumps when strong.",
            margaret_choose,
            True,
        ),
        (
            "angus",
            "angus",
            "Angus",
            "A strong player: works out where the cards are likely to be.",
            angus_choose,
            True,
        ),
        (
            "angus_first",
            "angus_first",
            "Angus, first version",
            "The first version of Angus, kept to measure the present one against.",
            first_angus_choose,
            False,
        ),
        ("random", "random", "Random", "Plays any legal card.", random_choose, False),
    ]


def test_a_level_is_for_people_unless_said_otherwise():
    assert Level("x", "X", "a line", margaret_choose).for_people is True


def test_the_public_names():
    # compare, results_by_deal and their types: the school's drills weigh choices as the
    # coach does
    assert sorted(players.__all__) == [
        "Advice",
        "Comparison",
        "Estimate",
        "Hint",
        "LEVELS",
        "Level",
        "choose",
        "compare",
        "hint",
        "results_by_deal",
        "review",
        "steps_of",
    ]


def test_choose_asks_the_level_with_the_seed():
    view = lead_view()
    assert choose("margaret", view, seed=0) == Play(card("K♠"))
    for seed in range(30):
        assert choose("random", view, seed=seed) == random.Random(seed).choice(view.legal)


def test_choose_refuses_an_unknown_level_in_words():
    with pytest.raises(ValueError) as refused:
        choose("deep-blue", lead_view(), seed=0)
    assert str(refused.value) == "no computer player 'deep-blue'"


def test_choose_refuses_a_seat_not_to_act_in_words():
    view = dataclasses.replace(lead_view(), legal=())
    with pytest.raises(ValueError) as refused:
        choose("margaret", view, seed=0)
    assert str(refused.value) == "it is not this seat's turn"
