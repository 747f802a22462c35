"""Angus's choices on a fixed, seeded set of 300 views are those recorded from the
solver before it searched hands as bit masks (tests/fixtures/angus_choices.json,
written by ``python bench/angus_views.py --first --record FILE``): a faster search must not
change a decision. These are the first Angus's choices (``search.FIRST``), kept
unchanged as the level the present one is measured against. Margaret plays the
games the views come from and Angus leans on her rules, so a change to her play
records them again (the same command, with ``bid_tries=0``). The recording
predates reading the bidding, which is switched off here (it changes only
Auction views with bids). The mask legality is checked against the rules
library."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.angus_views import views
from scoring.games.cards import Suit, deck
from scoring.play import rules
from scoring.play.players import search
from scoring.play.players.search import angus_choose
from scoring.play.players.solver import Table
from scoring.play.rules import PlayOptions, Renege

RECORDED = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures" / "angus_choices.json").read_text()
)


@pytest.fixture(scope="module")
def fixed_views():
    return views()


def test_the_fixed_views_are_the_recorded_ones(fixed_views):
    assert sorted(label for label, _, _ in fixed_views) == sorted(RECORDED)


@pytest.mark.parametrize("part", range(6))
def test_the_first_angus_makes_the_recorded_choice_on_every_fixed_view(fixed_views, part):
    # the choices were recorded before Angus read the bidding (Auction views)
    how = dataclasses.replace(search.FIRST, bid_tries=0)
    chunk = fixed_views[part::6]
    changed = [
        label
        for label, view, seed in chunk
        if repr(angus_choose(view, seed=seed, how=how)) != RECORDED[label]
    ]
    assert changed == []


OPTIONS = st.builds(
    PlayOptions,
    joker=st.booleans(),
    renege=st.sampled_from(list(Renege)),
    aces_high=st.booleans(),
    must_follow=st.booleans(),
    hearts_on_hearts=st.booleans(),
    ace_hearts_led=st.booleans(),
)


@settings(max_examples=300, deadline=None)
@given(
    options=OPTIONS,
    trump=st.sampled_from(list(Suit)),
    seed=st.integers(0, 10**9),
    size=st.integers(1, 8),
    called=st.booleans(),
)
def test_the_solver_s_legal_plays_are_the_rules_legal_cards(options, trump, seed, size, called):
    cards = list(deck(joker=options.joker))
    rng = random.Random(seed)
    rng.shuffle(cards)
    hand, led = sorted(cards[:size], key=cards.index), cards[size]
    table = Table(trump, options, (True, False, False))
    idx = tuple(sorted(table.index[c] for c in hand))
    for trick in ((), (table.index[led],)):
        got = {table.cards[i] for i, call in table.legal(idx, trick, called) if not call}
        want = rules.legal_cards(
            hand, [table.cards[i] for i in trick], trump, options, called=called
        )
        assert got == set(want)
