"""The coach's review agrees with a 400-deal reference on fixed Auction positions.

tests/fixtures/coach_reference.json (written by scripts/coach_reference.py, on other
likely deals than the coach's) holds bid, trump and draw positions of seat 0: the deal,
the moves up to it, the move made, and the reference's lesson (the better choice, or
none where the reference is not sure of one). The coach, at its own number of deals,
must give the same lesson where the reference is sure, and none where it is not; where
the reference is barely sure, that lesson or none, never another.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from practice.codes import read_move
from scoring.play.game import new_game
from scoring.play.players import coach, review
from scoring.play.setup import Discard, auction
from scoring.play.view import view_of

REFERENCE = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures" / "coach_reference.json").read_text()
)


def position(ref: dict):
    state = new_game(auction(), ref["seed"])
    for code in ref["moves"]:
        state = state.apply(read_move(code))
    return view_of(state, 0)


def reviewed(ref: dict):
    """The coach's review of the reference's move, seeded as the practice table seeds it."""
    view = position(ref)
    (advice,) = review([(view, read_move(ref["played"]))], seat=0, seed=ref["seed"] + view.hand_no)
    return advice


def test_the_reference_is_at_least_eight_bid_trump_and_draw_positions_both_ways():
    assert len(REFERENCE) >= 8 and all(r["deals"] == 400 for r in REFERENCE)
    assert {position(r).phase.name for r in REFERENCE} == {"BID", "TRUMP", "DISCARD"}
    lessons = [r["lesson"] for r in REFERENCE]
    assert any(lessons) and None in lessons
    assert coach.REVIEW_DEALS < 400  # the coach does it with fewer


@pytest.mark.parametrize("ref", REFERENCE, ids=[r["name"] for r in REFERENCE])
def test_the_coach_gives_the_reference_s_lesson_or_none_where_it_is_not_sure(ref):
    advice = reviewed(ref)
    played = read_move(ref["played"])
    barely = ref["lesson"] is not None and ref["gain"] - ref["margin"] < 1
    if ref["lesson"] is None or (barely and advice.lost == 0):
        # No lesson; where the reference is barely sure (its interval clears 0 by less
        # than a point), the coach, less sure on fewer deals, may say none either.
        assert (advice.suggested, advice.lost) == (played, 0.0), advice.text
        assert advice.text.startswith("Good: over ")
    else:
        assert advice.suggested == read_move(ref["lesson"]), advice.text
        assert advice.lost >= 1 and advice.better > advice.worse
        assert abs(advice.lost - ref["gain"]) < 3 * ref["margin"] + 1  # the same size of loss


def test_no_trump_and_all_five_drawn_is_not_told_to_keep_them():
    # The hand: 8♦ 9♥ J♠ 10♥ 6♠, clubs trump, all five thrown to draw. The coach
    # said "keep all five cards, worth about 19 points"; over 400 likely deals drawing
    # does better (the next position: keeping them loses about 9 points).
    ref = REFERENCE[0]
    assert ref["hand"] == "8♦ 9♥ J♠ 10♥ 6♠" and ref["lesson"] is None
    advice = reviewed(ref)
    assert advice.suggested != Discard() and advice.lost == 0.0
