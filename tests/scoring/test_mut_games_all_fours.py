"""The All Fours family's scoring (scoring/games/all_fours.py): a game's start refused in its
words, a run cut short scoring nothing, and the state a deal leaves."""

from __future__ import annotations

import pytest

from scoring.games.all_fours import (
    RUN,
    RUN_UNTIL_NEW_SUIT,
    Deal,
    DealError,
    GameState,
    SetupError,
    alone,
    apply_deal,
    make_variant,
    new_game,
    score_deal,
)
from scoring.words import Msg

SEVEN_UP = make_variant("seven_up", alone("A", "B"))


@pytest.mark.parametrize("scores", [(True, 0), (0, 1.0), ("3", 0), (0, None)])
def test_a_game_starts_from_whole_numbers_only(scores):
    with pytest.raises(SetupError) as caught:
        new_game(SEVEN_UP, scores)
    (said,) = caught.value.args
    assert said == "scores must be whole numbers" and isinstance(said, Msg)


def test_a_game_may_start_on_one_short_of_the_target_or_below_zero():
    assert new_game(SEVEN_UP, [6, -3]) == GameState((6, -3))


def test_a_state_of_another_line_up_is_refused():
    three = new_game(make_variant("seven_up", alone("A", "B", "C")))
    with pytest.raises(ValueError, match="^the state does not belong to this variant$"):
        apply_deal(SEVEN_UP, three, Deal(0, ("9H",), high=0, low=0, game=0))
    with pytest.raises(ValueError, match="^the state does not belong to this variant$"):
        score_deal(SEVEN_UP, three, Deal(0, ("9H",), high=0, low=0, game=0))


def test_a_deal_without_the_pub_count_leaves_no_deals_to_play():
    state = apply_deal(SEVEN_UP, new_game(SEVEN_UP), Deal(0, ("9H",), high=0, low=1, game=0))
    assert state.extra_deals == 0 and state.extra_deals is not None
    assert (state.scores, state.deals_played, state.winner) == ((2, 1), 1, None)


@pytest.mark.parametrize("last", ["JH", "10H", "AH"])
def test_a_run_cut_short_in_the_first_suit_scores_no_turned_up_trump(last):
    # Running All Fours and Seven Up score a turned-up trump only for the card that
    # makes trumps; a last card still of the first suit made none, so it is refused.
    for v, start in (
        (SEVEN_UP, (6, 0)),
        (make_variant("running_all_fours", alone("A", "B")), (30, 0)),
    ):
        with pytest.raises(DealError) as caught:
            apply_deal(v, new_game(v, start), Deal(0, ("5H", last), beg=RUN))
        assert caught.value.reason == RUN_UNTIL_NEW_SUIT


def test_a_run_s_new_suit_card_scores_its_turned_up_jack():
    state = apply_deal(SEVEN_UP, new_game(SEVEN_UP, (6, 0)), Deal(0, ("5H", "JS"), beg=RUN))
    assert state.scores == (7, 0) and state.winner == 0
