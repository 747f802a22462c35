"""The coach (scoring/play/players/coach.py): the hint's words and the hand review.

tests/scoring/test_play_players.py checks a hint and a review against Angus on real
hands. This file pins the coach's own rules on small, fixed hands: which reason a
suggested card gets, when a hint says how many points better it is and than which
move, what a review says of each move and how much it lost, the refusal of a move
that was not the seat's, and which moves of which hand ``steps_of`` hands over.
Angus's estimates are stood in for where the words, not his search, are the fact.
"""

from __future__ import annotations

import dataclasses

import pytest

from scoring.games.cards import Suit, card
from scoring.play.game import new_game
from scoring.play.players import choose, coach, hint, review, steps_of
from scoring.play.players.coach import Advice, Hint
from scoring.play.players.search import Estimate
from scoring.play.records import Phase, TrickResult
from scoring.play.rules import trick_winner
from scoring.play.setup import Bid, Discard, NoRob, Pass, Play, Rob, auction, forty_fives
from scoring.play.view import view_of

C, S = Suit.CLUBS, Suit.SPADES


def in_play(trump, hands, trick=(), *, partnerships=False, done=(), leader=1):
    """A hand in play: ``hands`` by seat (cards as text), ``trick`` (seat, card) on the
    table, ``done`` earlier tricks as (seat, card) plays (the best card wins)."""
    players = len(hands)
    setup = forty_fives(players, partnerships=partnerships)
    results = []
    for plays in done:
        plays = tuple((s, card(c)) for s, c in plays)
        won = plays[trick_winner([c for _, c in plays], trump, setup.options)][0]
        results.append(TrickResult(plays, won, ""))
    trick = tuple((s, card(c)) for s, c in trick)
    if trick:
        leader = trick[0][0]
    elif results:
        leader = results[-1].winner
    return dataclasses.replace(
        new_game(setup, 0),
        hands=tuple(tuple(card(c) for c in hands[s].split()) for s in range(players)),
        stock=(),
        trump=trump,
        turn_up=None,
        taken_by=None,
        trick=trick,
        tricks=tuple(results),
        phase=Phase.PLAY,
        to_act=(leader + len(trick)) % players,
        dealer=(leader - 1) % players,
    )


def play(text: str) -> Play:
    return Play(card(text))


@pytest.fixture
def weighed(monkeypatch):
    """Stand in for Angus's estimates: ``weighed.values`` by move (points; the value
    Angus maximizes is the same), ``weighed.others`` for moves he does not weigh;
    ``weighed.seeds`` records the seed of each call, ``weighed.views`` the view asked of."""

    class Weighed:
        values: dict = {}
        others: dict = {}
        seeds: list = []
        views: list = []

        def estimates(self, view, *, seed):
            self.seeds.append(seed)
            self.views.append(view)
            return {m: Estimate(p, p) for m, p in self.values.items()}

        def other_estimates(self, view, moves, seed):
            self.seeds.append(("others", seed))
            self.views.append(view)
            return {m: Estimate(self.others[m], self.others[m]) for m in moves}

    w = Weighed()
    w.values, w.others, w.seeds, w.views = {}, {}, [], []
    monkeypatch.setattr(coach, "estimates", w.estimates)
    monkeypatch.setattr(coach, "other_estimates", w.other_estimates)
    return w


# Seat 1 to lead, clubs trump; Margaret would lead the K♠, her first king.
LEAD = {0: "9♦ 3♠ 4♠ 5♥ 6♥", 1: "K♠ 3♣ K♦ 2♦ 4♦", 2: "7♦ 8♠ 9♠ 10♠ J♦"}
# Seat 1 to follow the 9♥ of seat 0, clubs trump: Q♥ and K♥ win, 2♥ is the lowest.
FOLLOW = {0: "9♦ 3♠ 4♠ 5♥", 1: "Q♥ K♥ 2♥ 8♥ 7♥", 2: "7♦ 8♠ 9♠ 10♠ J♦"}
# Seat 0 to play last with four, spades trump, seat 2 (its partner) winning with the K♥.
PARTNER = {0: "2♠ 2♦ 3♦ 4♦", 1: "9♦ 3♠ 6♥ 5♥", 2: "J♥ 6♦ 7♦ 8♦", 3: "6♠ 7♠ 8♠ 9♠"}


def values_for(state, best: str, points: float = 10.0) -> dict:
    """Every legal move at 0 points but ``best`` (a card) at ``points``."""
    return {m: (points if m == play(best) else 0.0) for m in state.legal_moves()}


REASONS = [
    ("a trump lead", LEAD, (), False, "3♣", "3♣: leading a trump draws the others' trumps"),
    ("a plain lead", LEAD, (), False, "K♦", "K♦: a safe lead"),
    ("a card that wins", FOLLOW, [(0, "9♥")], False, "Q♥", "Q♥: it wins the trick"),
    (
        "the lowest card on a lost trick",
        {**FOLLOW, 1: "2♥ 8♥ 7♥ 4♦ 3♦"},
        [(0, "9♥")],
        False,
        "2♥",
        "2♥: the trick is lost, so keep your good cards",
    ),
    (
        "a card that neither wins nor is the lowest",
        {**FOLLOW, 1: "2♥ 8♥ 7♥ 4♦ 3♦"},
        [(0, "9♥")],
        False,
        "7♥",
        "7♥: it keeps your best cards for later",
    ),
    (
        "the partner is winning",
        PARTNER,
        [(1, "2♥"), (2, "K♥"), (3, "3♥")],
        True,
        "2♦",
        "2♦: your partner is winning this trick",
    ),
    (
        "an opponent is winning and the card wins",
        PARTNER,
        [(1, "K♥"), (2, "2♥"), (3, "3♥")],
        True,
        "2♠",
        "2♠: it wins the trick",
    ),
]


@pytest.mark.parametrize(
    ("why", "hands", "trick", "partnerships", "best", "reason"),
    REASONS,
    ids=[r[0] for r in REASONS],
)
def test_a_hint_says_what_the_suggested_card_does(
    weighed, why, hands, trick, partnerships, best, reason
):
    state = in_play(C if not partnerships else S, hands, trick, partnerships=partnerships)
    # a tie between the suggestion and every other move: no "points better"
    weighed.values = dict.fromkeys(state.legal_moves(), 0.0)
    weighed.values[play(best)] = 0.4
    got = hint(view_of(state, state.to_act), seed=0)
    assert got == Hint(play(best), reason + "."), why


def test_a_hint_to_rob_says_it_gives_the_best_result(weighed):
    view = dataclasses.replace(
        view_of(new_game(forty_fives(), 0), 0),
        phase=Phase.ROB,
        trump=C,
        hand=(card("A♣"), card("2♦")),
        legal=(NoRob(), Rob(card("2♦"))),
    )
    weighed.values = {NoRob(): 0.0, Rob(card("2♦")): 0.4}  # too close to say by how much
    assert hint(view, seed=0) == Hint(
        Rob(card("2♦")), "rob, discarding 2♦: it gives the best result over the likely deals."
    )


def test_a_hint_in_the_bidding_names_the_move_and_says_it_gives_the_best_result(weighed):
    view = dataclasses.replace(
        view_of(new_game(auction(), 0), 1),
        legal=(Pass(), Bid(15), Bid(20)),
        phase=Phase.BID,
        trump=None,
    )
    weighed.values = {Pass(): 0.0, Bid(15): 3.0, Bid(20): 1.0}
    assert hint(view, seed=0) == Hint(
        Bid(15),
        "bid 15: it gives the best result over the likely deals;"
        " about 2 points better than bid 20.",
    )


@pytest.mark.parametrize(
    ("gap", "reason"),
    [
        (0.4, "Q♥: it wins the trick."),
        (0.5, "Q♥: it wins the trick; about 0 points better than K♥."),  # round(0.5) is 0
        (2.6, "Q♥: it wins the trick; about 3 points better than K♥."),
    ],
)
def test_a_hint_says_how_much_better_it_is_than_the_next_best_move(weighed, gap, reason):
    state = in_play(C, FOLLOW, [(0, "9♥")])
    weighed.values = {
        play("Q♥"): 5.0,
        play("K♥"): 5.0 - gap,  # the next best
        play("2♥"): 5.0 - gap - 1,
        play("8♥"): -20.0,
        play("7♥"): 5.0 - gap - 2,
    }
    assert hint(view_of(state, 1), seed=0) == Hint(play("Q♥"), reason)


def test_a_hint_with_nothing_to_compare_gives_only_the_reason(weighed):
    state = in_play(C, FOLLOW, [(0, "9♥")])
    weighed.values = {play("Q♥"): 5.0}
    assert hint(view_of(state, 1), seed=3) == Hint(play("Q♥"), "Q♥: it wins the trick.")
    assert hint(view_of(state, 1)) == Hint(play("Q♥"), "Q♥: it wins the trick.")
    assert weighed.seeds == [3, 0]  # the seed 0 unless told
    assert weighed.views == [view_of(state, 1)] * 2


def test_a_hint_for_the_only_legal_move_needs_no_search(weighed):
    state = in_play(C, {0: "9♦", 1: "Q♥", 2: "7♦"}, [(0, "9♥")])
    assert hint(view_of(state, 1)) == Hint(play("Q♥"), "It is your only legal move.")
    assert weighed.seeds == []


def test_a_hint_is_refused_to_a_seat_not_to_act():
    state = in_play(C, FOLLOW, [(0, "9♥")])
    with pytest.raises(ValueError) as refused:
        hint(view_of(state, 2))
    assert str(refused.value) == "it is not this seat's turn"


def test_a_real_hint_on_the_last_two_tricks():
    # Seat 2 plays last to 9♥ 2♥ with K♥ 3♥: the K♥ takes the trick (and the last one too).
    state = in_play(
        C,
        {0: "J♠", 1: "Q♠", 2: "K♥ 3♥"},
        [(0, "9♥"), (1, "2♥")],
        done=[
            [(0, "2♠"), (1, "4♥"), (2, "10♦")],
            [(0, "J♦"), (1, "3♦"), (2, "5♥")],
            [(0, "Q♦"), (1, "4♦"), (2, "6♥")],
        ],
    )
    got = hint(view_of(state, 2), seed=4)
    assert got.move == play("K♥")
    assert got.reason.startswith("K♥: it wins the trick; about ")
    assert got.reason.endswith(" points better than 3♥.")


# ---- the review ------------------------------------------------------------------------


def test_a_review_says_what_the_computer_would_have_played_and_what_it_cost(weighed):
    state = in_play(C, FOLLOW, [(0, "9♥")])
    weighed.values = {play("Q♥"): 7.0, play("K♥"): 6.6, play("2♥"): 4.4, play("8♥"): 1.0}
    got = review([(state, play("2♥")), (state, play("K♥"))], seat=1, seed=10)
    assert got == (
        Advice(
            0,
            0,
            play("2♥"),
            play("Q♥"),
            pytest.approx(2.6),
            "The computer would have played Q♥, worth about 3 points.",
        ),
        Advice(
            0,
            0,
            play("K♥"),
            play("Q♥"),
            pytest.approx(0.4),
            "Good: the computer would have played the same, or as well.",
        ),
    )
    assert weighed.seeds == [10, 11]  # each move weighed with a seed of its own
    assert weighed.views == [view_of(state, 1)] * 2
    review([(state, play("2♥"))], seat=1)
    assert weighed.seeds[-1] == 0  # the seed 0 unless told


def test_a_review_of_the_computer_s_own_move_is_good_and_lost_nothing(weighed):
    state = in_play(C, FOLLOW, [(0, "9♥")])
    weighed.values = {play("Q♥"): 7.0, play("K♥"): 1.0}
    (got,) = review([(view_of(state, 1), play("Q♥"))], seat=1)
    assert got == Advice(
        0,
        0,
        play("Q♥"),
        play("Q♥"),
        0.0,
        "Good: the computer would have played the same, or as well.",
    )


def test_a_move_that_scored_better_than_the_computer_s_choice_lost_nothing(monkeypatch):
    state = in_play(C, FOLLOW, [(0, "9♥")])

    def estimates(view, *, seed):  # the choice by value, the points the other way
        return {play("Q♥"): Estimate(9.0, 1.0), play("K♥"): Estimate(2.0, 4.0)}

    monkeypatch.setattr(coach, "estimates", estimates)
    (got,) = review([(state, play("K♥"))], seat=1)
    assert got.suggested == play("Q♥") and got.lost == 0.0
    assert got.text == "Good: the computer would have played the same, or as well."


def test_a_review_weighs_a_move_angus_does_not_weigh_against_his_choice(weighed):
    state = in_play(C, FOLLOW, [(0, "9♥")])
    weighed.values = {play("Q♥"): 7.0, play("K♥"): 6.0}
    weighed.others = {play("8♥"): 2.0}
    (got,) = review([(state, play("8♥"))], seat=1, seed=6)
    assert weighed.seeds == [6, ("others", 6)]
    assert weighed.views == [view_of(state, 1)] * 2
    assert got.suggested == play("Q♥") and got.lost == 5.0
    assert got.text == "The computer would have played Q♥, worth about 5 points."


def test_a_review_of_the_draw_names_the_computer_s_discard(weighed):
    view = dataclasses.replace(
        view_of(new_game(auction(), 0), 1),
        legal=(Discard(), Discard((card("2♦"),))),
        phase=Phase.DISCARD,
        trump=C,
    )
    weighed.values = {Discard(): 1.0, Discard((card("2♦"),)): 4.0}
    (got,) = review([(view, Discard())], seat=1)
    assert got.text == "The computer would have played discard 2♦, worth about 3 points."


def test_the_only_legal_move_is_reviewed_without_search(weighed):
    state = in_play(
        C,
        {0: "J♠", 1: "Q♠", 2: "K♥"},
        [(0, "9♥"), (1, "2♥")],
        done=[
            [(0, "2♠"), (1, "4♥"), (2, "10♦")],
            [(0, "J♦"), (1, "3♦"), (2, "5♥")],
            [(0, "Q♦"), (1, "4♦"), (2, "6♥")],
            [(0, "K♦"), (1, "5♦"), (2, "6♦")],
        ],
    )
    assert review([(state, play("K♥"))], seat=2) == (
        Advice(0, 4, play("K♥"), play("K♥"), 0.0, "Your only legal move."),
    )
    assert weighed.seeds == []


@pytest.mark.parametrize(
    ("seat", "move", "words"),
    [
        (1, play("J♦"), "play J♦ was not a legal move for seat 1"),  # not in the hand
        (2, play("7♦"), "play 7♦ was not a legal move for seat 2"),  # not its turn
    ],
)
def test_a_review_refuses_a_move_that_was_not_the_seat_s(seat, move, words):
    state = in_play(C, FOLLOW, [(0, "9♥")])
    with pytest.raises(ValueError) as refused:
        review([(state, move)], seat=seat)
    assert str(refused.value) == words


def test_a_review_refuses_a_view_of_another_seat():
    state = in_play(C, FOLLOW, [(0, "9♥")])
    with pytest.raises(ValueError) as refused:
        review([(view_of(state, 1), play("Q♥"))], seat=0)
    assert str(refused.value) == "play Q♥ was not a legal move for seat 0"


# ---- the steps of a hand ----------------------------------------------------------------


def three_hands():
    """A game of three alone after three hands, every move Margaret's."""
    s = new_game(forty_fives(), 21)
    k = 0
    while len(s.summaries) < 3:
        s = s.apply(choose("margaret", view_of(s, s.to_act), seed=k))
        k += 1
    return s


def moves_of(state, seat, hand_no):
    """The moves ``seat`` made in hand ``hand_no``, replayed with the engine."""
    now, out = new_game(state.setup, state.seed), []
    for move in state.moves:
        if now.hand_no == hand_no and now.to_act == seat:
            out.append((now, move))
        now = now.apply(move)
    return out


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_the_steps_of_a_hand_are_the_seat_s_views_before_each_of_its_moves(seat):
    game = three_hands()
    assert len(game.summaries) == 3
    for hand_no in (0, 1, 2):
        want = [(view_of(s, seat), m) for s, m in moves_of(game, seat, hand_no)]
        assert want and steps_of(game, seat=seat, hand_no=hand_no) == want
    # the last finished hand by default
    assert steps_of(game, seat=seat) == steps_of(game, seat=seat, hand_no=2)
    assert steps_of(game, seat=seat) != steps_of(game, seat=seat, hand_no=1)
