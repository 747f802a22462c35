"""The bid drill's weighing in figures, and the reneging reason with two cards held back
(practice/drills.py): what the screen's table of choices shows, to the hundredth."""

from __future__ import annotations

import pytest

from practice import drills
from scoring.games.cards import Suit, card


def test_each_bid_weighed_its_average_and_its_give_or_take():
    """Seed 2 (4♠ K♥ 5♣ 7♣ 3♣), first to bid: each choice's average points over the 24
    likely deals and its 95% give or take (1.96 standard errors of that average)."""
    answer = drills.bid_check(drills.bid_drill(2), 20)
    assert (answer.chosen, answer.best, answer.deals) == (20, 20, 24)
    assert [(c.bid, round(c.points, 2), round(c.margin, 2)) for c in answer.choices] == [
        (0, 0.62, 9.59),
        (15, 6.46, 8.96),
        (20, 11.04, 9.55),
        (25, 0.83, 12.73),
        (30, -19.38, 13.09),
    ]
    assert all(c.points == pytest.approx(round(c.points * 24) / 24) for c in answer.choices)


def test_two_trumps_held_back_are_both_named():
    d = drills.play_drill(430)
    assert d.trump is Suit.HEARTS and d.trick[0] == card("10♥") and d.card == card("3♦")
    said = drills.play_check(d, True)
    assert said.right and str(said.reason) == (
        "A trump was led, but your only trumps are ones you may hold back"
        " (reneging: A♥ J♥), so another card may be played."
    )


def test_a_seed_of_as_many_digits_as_the_largest_is_never_above_it():
    """read_seed bounds a seed by its digits alone: the largest seed is all nines."""
    assert set(str(drills.MAX_SEED)) == {"9"}
    assert drills.read_seed("9" * len(str(drills.MAX_SEED))) == drills.MAX_SEED


def test_four_players_play_in_partnerships_and_three_alone():
    setups = {drills.play_state(seed).setup for seed in range(12)}
    assert {(s.players, s.partnerships) for s in setups} == {(3, False), (4, True)}
