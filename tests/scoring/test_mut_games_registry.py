"""The registry of games (scoring/games/__init__.py): it passes the line-up, the scores
carried over and a game's start through to the game's own module, and names an unknown key."""

from __future__ import annotations

import pytest

from scoring import games
from scoring.games.core import HandRecord, alone


def test_a_variant_keeps_the_line_up_it_is_given():
    sides = alone("Ann", "Bob", "Cy")
    assert games.make_variant("forty_fives_45", sides).sides == sides
    assert games.make_variant("auction_45", sides).sides == sides


def test_an_unknown_game_is_refused_by_its_key():
    with pytest.raises(ValueError) as refused:
        games.make_variant("whist")
    (said,) = refused.value.args
    assert said == "unknown game: whist"
    assert (said.msgid, said.params) == ("unknown game: {key}", {"key": "whist"})


def test_a_new_game_starts_from_the_scores_carried_over():
    v = games.make_variant("forty_fives_120")
    assert games.new_game(v).scores == (0, 0)
    assert games.new_game(v, (40, 35)).scores == (40, 35)


def test_a_replay_goes_on_from_the_start_it_is_given():
    v = games.make_variant("forty_fives_120")
    start = games.new_game(v, (40, 35))
    assert games.play(v, [HandRecord((4, 1), best=0)], start).scores == (65, 40)
    assert games.play(v, [HandRecord((4, 1), best=0)]).scores == (25, 5)
