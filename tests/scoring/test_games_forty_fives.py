"""Forty-Fives to 45 and 120, and the family's shared core (scoring/games).

The spec's worked examples first, written out as the table would enter them,
then the reasons a hand is refused, the variant as data, the registry, and
hypothesis properties that hold for any line-up and any hands.
"""

from __future__ import annotations

import doctest
import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scoring.games
from scoring.games import core, forty_fives
from scoring.games.core import (
    NO_TRUMP,
    Game,
    GameState,
    HandError,
    HandRecord,
    SetupError,
    Side,
    Variant,
    alone,
    hand_points,
    partners,
    two_pairs,
)
from scoring.games.forty_fives import apply_hand, make_variant, new_game, play, score_hand

A, B, C = 0, 1, 2


def H(*tricks: int, best: int | None) -> HandRecord:
    """A Forty-Fives hand: tricks per side, and who won the best trump."""
    return HandRecord(tuple(tricks), best=best)


def reason(excinfo: pytest.ExceptionInfo[BaseException]) -> str:
    return str(excinfo.value)


# --- the examples in the docstrings -----------------------------------------------


@pytest.mark.parametrize("module", [core, forty_fives, scoring.games])
def test_docstring_examples_hold(module):
    assert doctest.testmod(module).failed == 0


# --- worked examples of the spec ----------------------------------------------------


def test_spec_worked_example_two_pairs_a_wins_50_to_40():
    # hand 1 A 4 tricks + best -> A 25, B 5; hand 2 A 2 tricks, B 3 tricks + best
    # -> A 35, B 25; hand 3 A 2 tricks + best -> A 50, B 40: A wins.
    v = make_variant(two_pairs("A", "B"))
    s = apply_hand(v, new_game(v), H(4, 1, best=A))
    assert s.scores == (25, 5) and s.winner is None
    s = apply_hand(v, s, H(2, 3, best=B))
    assert s.scores == (35, 25) and s.winner is None
    s = apply_hand(v, s, H(2, 3, best=A))
    assert s.scores == (50, 40)
    assert s.winner == A and v.name_of(s.winner) == "A"
    assert s.over and s.hands_played == 3


def all_two_side_hands() -> list[HandRecord]:
    hands = []
    for a in range(6):
        tricks = (a, 5 - a)
        hands.append(HandRecord(tricks, NO_TRUMP))
        hands += [HandRecord(tricks, side) for side in (A, B) if tricks[side]]
    return hands


def test_spec_scores_after_one_hand_with_two_sides():
    # 30-0, 25-5, 20-10 or 15-15 (a 25-point hand: 25-0, 20-5 or 15-10)
    v = make_variant()
    thirty, twenty_five = set(), set()
    for hand in all_two_side_hands():
        scores = tuple(sorted(play(v, [hand]).scores, reverse=True))
        (thirty if hand.best is not NO_TRUMP else twenty_five).add(scores)
    assert thirty == {(30, 0), (25, 5), (20, 10), (15, 15)}
    assert twenty_five == {(25, 0), (20, 5), (15, 10)}


def test_spec_scores_after_two_thirty_point_hands_are_a_win_or_40_20_35_25_30_30():
    v = make_variant()
    thirty_point = [h for h in all_two_side_hands() if h.best is not NO_TRUMP]
    undecided = set()
    for first, second in itertools.product(thirty_point, repeat=2):
        s = play(v, [first, second])
        assert sum(s.scores) == 60
        if s.winner is None:
            undecided.add(tuple(sorted(s.scores, reverse=True)))
        else:
            assert s.scores[s.winner] >= 45
    assert undecided == {(40, 20), (35, 25), (30, 30)}


# --- hand points (the shared core) ----------------------------------------------------


def test_each_trick_is_worth_5_and_the_best_trump_trick_10():
    v = make_variant(alone("Ann", "Bob", "Cy"))
    assert hand_points(v, (1, 2, 2), best=C) == (5, 10, 15)
    assert hand_points(v, (1, 2, 2), best=NO_TRUMP) == (5, 10, 10)


def test_five_only_bonus_earns_the_bonus_only_for_the_5_of_trumps():
    v = make_variant(five_only_bonus=True)
    assert hand_points(v, (3, 2), best=B) == (15, 15)  # B won the 5 of trumps
    assert hand_points(v, (3, 2), best=NO_TRUMP) == (15, 10)  # the 5 was not played
    with pytest.raises(HandError) as e:
        hand_points(v, (5, 0), best=B)
    assert reason(e) == "the 5 of trumps was won by a side with no trick"


@pytest.mark.parametrize(
    ("tricks", "best", "message"),
    [
        ((3, 3), A, "tricks add up to 6, must be 5"),
        ((2, 2), A, "tricks add up to 4, must be 5"),
        ((5, 0), B, "the best trump was won by a side with no trick"),
        ((6, -1), A, "a side's tricks must be a whole number, 0 or more"),
        ((5,), A, "enter the tricks of each of the 2 sides"),
        ((1, 2, 2), A, "enter the tricks of each of the 2 sides"),
        ((4, 1), 2, "the side that won the best trump must be one of the 2 sides"),
    ],
)
def test_impossible_hands_are_refused_with_the_reason(tricks, best, message):
    v = make_variant()
    with pytest.raises(HandError) as e:
        apply_hand(v, new_game(v), HandRecord(tricks, best))
    assert reason(e) == message


def test_forty_fives_has_no_bidding():
    v = make_variant()
    with pytest.raises(HandError, match="Forty-Fives has no bidding"):
        apply_hand(v, new_game(v), HandRecord((4, 1), A, bidder=A, bid=20))


def test_no_hand_after_the_game_is_won():
    v = make_variant()
    s = play(v, [H(5, 0, best=A), H(5, 0, best=A)])
    assert s.winner == A and s.scores == (60, 0)
    with pytest.raises(HandError, match="the game is over: A won"):
        apply_hand(v, s, H(0, 5, best=B))


def test_a_refused_hand_in_a_replay_says_which_hand():
    v = make_variant()
    with pytest.raises(HandError) as e:
        play(v, [H(4, 1, best=A), H(4, 2, best=A)])
    assert e.value.hand == 2
    assert reason(e) == "tricks add up to 6, must be 5"


# --- who wins --------------------------------------------------------------------------


def test_when_several_pass_45_in_one_hand_the_one_with_more_points_wins():
    v = make_variant(alone("Ann", "Bob", "Cy"))
    s = new_game(v, (40, 35, 0))
    s = apply_hand(v, s, H(1, 3, 1, best=B))
    assert s.scores == (45, 55, 5)
    assert s.winner == B


def test_sides_level_past_45_play_another_hand():
    v = make_variant()
    s = new_game(v, (30, 30))
    s = apply_hand(v, s, H(3, 2, best=B))
    assert s.scores == (45, 45) and s.winner is None  # (choice) play another hand
    s = apply_hand(v, s, H(1, 4, best=A))
    assert s.scores == (55, 65) and s.winner == B


def test_the_120_game_goes_on_past_45():
    v = make_variant(target=120)
    s = play(v, [H(5, 0, best=A)] * 3)
    assert s.scores == (90, 0) and s.winner is None
    s = apply_hand(v, s, H(4, 1, best=A))
    assert s.scores == (115, 5) and s.winner is None
    s = apply_hand(v, s, H(1, 4, best=A))
    assert s.scores == (125, 25) and s.winner == A


def test_forty_fives_has_no_locked_green_or_eliminated_sides():
    v = make_variant(target=120)
    s = new_game(v, (110, 95))
    s = apply_hand(v, s, H(1, 4, best=B))
    assert s == GameState((115, 120), 1, winner=B)


# --- a game carried over, the variant as data -----------------------------------------


def test_a_game_can_start_from_scores_carried_over_but_not_past_the_target():
    v = make_variant()
    assert new_game(v, (40, 10)).scores == (40, 10)
    with pytest.raises(SetupError, match="a game cannot start with a side already on 45"):
        new_game(v, (45, 10))
    with pytest.raises(SetupError, match="enter the score of each of the 2 sides"):
        new_game(v, (10,))


def test_the_drive_table_is_two_pairs_by_default():
    v = make_variant()
    assert v.sides == (Side("A", 2), Side("B", 2))
    assert v.game is Game.FORTY_FIVES and v.target == 45


@pytest.mark.parametrize(
    ("sides", "message"),
    [
        (alone("Ann"), "a game needs 2 to 6 sides"),
        (alone(*"ABCDEFG"), "a game needs 2 to 6 sides"),
        (alone("Ann", "Ann"), "each side needs a name of its own"),
        (alone("Ann", " "), "each side needs a name of its own"),
        ((Side("A", 2), Side("Bob", 1)), "sides must all be the same"),
        (partners("A", "B", size=4), "sides must all be the same"),
        (partners(*"ABCD", size=3), "Forty-Fives seats at most 10 players"),
    ],
)
def test_line_ups_that_cannot_sit_at_a_table_are_refused(sides, message):
    with pytest.raises(SetupError, match=message):
        make_variant(sides)


def test_heads_up_cut_throat_and_partnerships_up_to_six_sides_are_allowed():
    for sides in [alone("A", "B"), alone(*"ABCDEF"), partners(*"ABC"), partners("A", "B", size=3)]:
        assert make_variant(sides).sides == sides


@pytest.mark.parametrize(
    "option",
    [
        {"slam": True},
        {"dreaded_45": True},
        {"bell": True},
        {"elimination_floor": -80},
        {"dealer_may_hold": True},
        {"thirty_for_sixty": "loses_60"},
    ],
)
def test_options_of_other_games_are_refused_not_ignored(option):
    with pytest.raises(SetupError, match="is not an option of Forty-Fives"):
        Variant(Game.FORTY_FIVES, 45, two_pairs(), **option)


def test_a_variant_is_plain_comparable_data():
    assert make_variant(target=120) == Variant(Game.FORTY_FIVES, 120, two_pairs())
    assert hash(make_variant()) == hash(make_variant())


# --- the registry ------------------------------------------------------------------------


def test_registry_keys_give_each_variant_and_its_rules():
    expected = {
        "forty_fives_45": (Game.FORTY_FIVES, 45),
        "forty_fives_120": (Game.FORTY_FIVES, 120),
        "auction_45": (Game.AUCTION, 120),
        "one_ten": (Game.ONE_TEN, 110),
    }
    for key, (game, target) in expected.items():
        v = scoring.games.make_variant(key)
        assert (v.game, v.target) == (game, target)
        assert scoring.games.rules_for(v).GAME is game


def test_registry_dispatches_to_the_variants_module():
    v = scoring.games.make_variant("forty_fives_45", alone("Ann", "Bob"))
    hands = [H(4, 1, best=A)]
    assert scoring.games.play(v, hands) == play(v, hands)
    s = scoring.games.new_game(v)
    assert scoring.games.apply_hand(v, s, hands[0]) == apply_hand(v, s, hands[0])
    assert scoring.games.score_hand(v, s, hands[0]) == score_hand(v, s, hands[0])
    with pytest.raises(ValueError, match="unknown game"):
        scoring.games.make_variant("whist")


def test_a_module_refuses_a_variant_of_another_game():
    with pytest.raises(ValueError, match="not Forty-Fives"):
        play(scoring.games.make_variant("one_ten"), [])


# --- properties ---------------------------------------------------------------------------


@st.composite
def variants(draw) -> Variant:
    n = draw(st.integers(2, 6))
    size = draw(st.integers(1, min(3, 10 // n)))
    sides = partners(*(f"S{i}" for i in range(n)), size=size)
    target = draw(st.sampled_from([45, 120]))
    return make_variant(sides, target=target, five_only_bonus=draw(st.booleans()))


def draw_hand(draw, n: int) -> HandRecord:
    """Any hand n sides could play: who won each trick, and the best trump's side."""
    winners = draw(st.lists(st.integers(0, n - 1), min_size=5, max_size=5))
    tricks = tuple(winners.count(i) for i in range(n))
    best = draw(st.sampled_from([NO_TRUMP, *sorted(set(winners))]))
    return HandRecord(tricks, best)


def decode_hand(code: int, n: int) -> HandRecord:
    """The same, read from one number."""
    winners = []
    for _ in range(5):
        code, w = divmod(code, n)
        winners.append(w)
    bests = [NO_TRUMP, *sorted(set(winners))]
    return HandRecord(tuple(winners.count(i) for i in range(n)), bests[code % len(bests)])


@st.composite
def games(draw) -> tuple[Variant, list[HandRecord]]:
    """A variant and hands played until someone wins (or 40 hands)."""
    v = draw(variants())
    rng = random.Random(draw(st.integers(0, 2**32)))  # one draw a game keeps hypothesis fast
    s, hands = new_game(v), []
    while not s.over and len(hands) < 40:
        hands.append(decode_hand(rng.getrandbits(24), v.n_sides))
        s = apply_hand(v, s, hands[-1])
    return v, hands


@given(variants(), st.data())
def test_a_hand_always_totals_30_or_25(v, data):
    hand = draw_hand(data.draw, v.n_sides)
    points = hand_points(v, hand.tricks, hand.best)
    assert sum(points) == (25 if hand.best is NO_TRUMP else 30)
    assert sum(points) == core.hand_total(v, hand.best)
    assert all(p % 5 == 0 and p >= 0 for p in points)


@given(games())
def test_replaying_the_same_hands_gives_the_same_state(game):
    v, hands = game
    assert play(v, hands) == play(v, list(hands))
    s = new_game(v)
    for hand in hands:
        s = apply_hand(v, s, hand)
    assert play(v, hands) == s


@given(games(), st.data())
def test_undoing_the_last_hand_restores_the_previous_state_exactly(game, data):
    v, hands = game
    states = [new_game(v)]
    for hand in hands:
        states.append(apply_hand(v, states[-1], hand))
    k = data.draw(st.integers(1, len(hands)), label="hands before the undo")
    assert play(v, hands[:k]) == states[k]
    assert play(v, hands[: k - 1]) == states[k - 1]


@given(games())
def test_the_winner_reached_the_target_with_the_most_points_and_scores_never_fall(game):
    v, hands = game
    s = new_game(v)
    for hand in hands:
        before, s = s, apply_hand(v, s, hand)
        assert all(b <= a for b, a in zip(before.scores, s.scores, strict=True))
        assert sum(s.scores) - sum(before.scores) in (25, 30)
    if s.winner is not None:
        assert s.scores[s.winner] >= v.target
        assert all(x < s.scores[s.winner] for i, x in enumerate(s.scores) if i != s.winner)
