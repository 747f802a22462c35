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
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.games.cards import Suit, card
from scoring.play.game import new_game
from scoring.play.players import choose, coach, hint, review, steps_of
from scoring.play.players.coach import Advice, Comparison, Hint, compare
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
    Angus maximizes is the same); ``weighed.seeds`` records the seed of each call,
    ``weighed.views`` the view asked of."""

    class Weighed:
        values: dict = {}
        others: dict = {}
        seeds: list = []
        views: list = []

        def estimates(self, view, *, seed):
            self.seeds.append(seed)
            self.views.append(view)
            return {m: Estimate(p, p) for m, p in self.values.items()}

    w = Weighed()
    w.values, w.others, w.seeds, w.views = {}, {}, [], []
    monkeypatch.setattr(coach, "estimates", w.estimates)
    return w


@pytest.fixture
def dealt(monkeypatch):
    """Stand in for the results on the likely deals: ``dealt.points`` a list of deals,
    each points by move (the value the same); ``dealt.asked`` records each call's
    view, moves, seed, deals and budget."""

    class Dealt:
        points: list = []
        asked: list = []

        def results_by_deal(self, view, moves, *, seed, deals, budget):
            self.asked.append((view, list(moves), seed, deals, budget))
            return [{m: Estimate(p[m], p[m]) for m in moves} for p in self.points]

    d = Dealt()
    d.points, d.asked = [], []
    monkeypatch.setattr(coach, "results_by_deal", d.results_by_deal)
    return d


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

Q, K, TWO, EIGHT, SEVEN = (play(c) for c in ("Q♥", "K♥", "2♥", "8♥", "7♥"))
GOOD = "Good: over {} likely deals, no other choice did clearly better."


def deals_of(*rows):
    """Likely deals: each a row of points for Q♥ K♥ 2♥ 8♥ 7♥ (seat 1 to follow 9♥)."""
    return [dict(zip((Q, K, TWO, EIGHT, SEVEN), row, strict=True)) for row in rows]


def test_a_review_names_a_choice_that_did_clearly_better_over_the_likely_deals(dealt):
    state = in_play(C, FOLLOW, [(0, "9♥")])
    # Q♥ beats 2♥ by 5, 5, 0 and 2: about 3 points, and clearly (the interval is 3 ± 2.2).
    dealt.points = deals_of((5, 4, 0, 0, 0), (5, 0, 0, 0, 0), (0, 0, 0, -9, 0), (7, 6, 5, 0, 5))
    (got,) = review([(state, TWO)], seat=1, seed=10)
    assert got == Advice(
        0,
        0,
        TWO,
        Q,
        3.0,
        "The computer would have played Q♥, worth about 3 points."
        " Over 4 likely deals it did better in 3 and worse in 0.",
        4,
        3,
        0,
    )
    view = view_of(state, 1)
    assert dealt.asked == [(view, [Q, K, TWO, EIGHT, SEVEN], 10, 120, 400_000)]


def test_a_lesson_counts_the_deals_where_its_choice_did_worse(dealt):
    state = in_play(C, FOLLOW, [(0, "9♥")])
    # Q♥ gains 6, 6, 6 and -1 on 2♥: 4.25 ± 3.43
    dealt.points = deals_of((6, 0, 0, 0, 0), (6, 0, 0, 0, 0), (6, 0, 0, 0, 0), (0, 0, 1, 0, 0))
    (got,) = review([(state, TWO)], seat=1)
    assert (got.suggested, got.deals, got.better, got.worse) == (Q, 4, 3, 1)
    assert got.text.endswith(" Over 4 likely deals it did better in 3 and worse in 1.")


def test_a_review_is_silent_where_the_better_choice_is_within_the_luck_of_the_deal(dealt):
    state = in_play(C, FOLLOW, [(0, "9♥")])
    # Q♥ averages 3 more than 2♥, but by 15, -9, 6 and -0: 3 ± 11, no lesson.
    dealt.points = deals_of((15, 0, 0, 0, 0), (0, 0, 9, 0, 0), (6, 0, 0, 0, 0), (0, 0, 0, 0, 0))
    (got,) = review([(state, TWO)], seat=1, seed=10)
    assert got == Advice(0, 0, TWO, TWO, 0.0, GOOD.format(4), 4, 0, 0)


def test_a_close_call_is_weighed_on_as_many_other_deals_again(dealt):
    state = in_play(C, FOLLOW, [(0, "9♥")])
    # Q♥ gains 3, 1, 0 and 0 on 2♥: 1 ± 1.39, close; on eight deals 1 ± 0.91, sure.
    dealt.points = deals_of((3, 0, 0, 0, 0), (1, 0, 0, 0, 0), (0, 0, 0, 0, 0), (0, 0, 0, 0, 0))
    (got,) = review([(state, TWO)], seat=1, seed=10)
    every = [Q, K, TWO, EIGHT, SEVEN]
    assert dealt.asked == [
        (view_of(state, 1), every, 10, 120, 400_000),
        (view_of(state, 1), every, 10 + 1_000_003, 120, 400_000),
    ]
    assert got == Advice(
        0,
        0,
        TWO,
        Q,
        1.0,
        "The computer would have played Q♥, worth about 1 points."
        " Over 8 likely deals it did better in 4 and worse in 0.",
        8,
        4,
        0,
    )


@pytest.mark.parametrize(
    ("gains", "again"),
    [
        ((3, 1, 0, 0), True),  # 1 ± 1.39: close
        ((4, 0, 0, 0), True),  # 1 ± 1.96: close (and on eight deals 1 ± 1.28: no lesson)
        ((2, 0, 0, 0), False),  # 0.5 rounds to 0: no lesson however many deals
        ((8, -4, 0, 0), False),  # 1 ± 4.93: the luck of the deal is more than twice the gain
        ((1, 1, 1, 1), False),  # 1 ± 0: sure already
    ],
)
def test_which_calls_are_close_enough_to_weigh_again(dealt, gains, again):
    state = in_play(C, FOLLOW, [(0, "9♥")])
    dealt.points = deals_of(*((g, 0, 0, 0, 0) for g in gains))
    (got,) = review([(state, TWO)], seat=1, seed=10)
    assert len(dealt.asked) == (2 if again else 1)
    assert got.deals == (8 if again else 4)


def test_close_is_a_gain_of_about_a_point_above_half_its_uncertainty():
    assert Comparison(A, 9, 1.0, 1.99, 3, 0).close
    assert not Comparison(A, 9, 1.0, 2.0, 3, 0).close
    assert not Comparison(A, 9, 0.5, 0.9, 3, 0).close
    assert Comparison(A, 9, 0.6, 1.1, 3, 0).close
    assert not Comparison(A, 9, 3.0, 2.9, 3, 0).close  # sure: not close


def test_a_review_of_the_best_move_is_good_and_lost_nothing(dealt):
    state = in_play(C, FOLLOW, [(0, "9♥")])
    dealt.points = deals_of((5, 4, 0, 0, 0), (5, 5, 0, 0, 0), (5, 5, 0, -9, 0))
    (got,) = review([(view_of(state, 1), Q)], seat=1)
    assert got == Advice(0, 0, Q, Q, 0.0, GOOD.format(3), 3, 0, 0)
    assert dealt.asked[0][2] == 0  # the seed 0 unless told


def test_each_move_of_a_review_is_weighed_with_a_seed_of_its_own(dealt):
    state = in_play(C, FOLLOW, [(0, "9♥")])
    dealt.points = deals_of((1, 1, 1, 1, 1), (2, 2, 2, 2, 2))
    got = review([(state, TWO), (state, K)], seat=1, seed=10)
    assert [a.text for a in got] == [GOOD.format(2)] * 2
    assert [a[2] for a in dealt.asked] == [10, 11]


def test_a_review_chooses_by_the_points_it_shows(monkeypatch):
    state = in_play(C, FOLLOW, [(0, "9♥")])

    def results_by_deal(view, moves, *, seed, deals, budget):
        # by value Q♥, by the hand's points K♥ (2♥ the same as K♥)
        row = {Q: Estimate(30.0, 1.0), K: Estimate(2.0, 6.0), TWO: Estimate(2.0, 6.0)}
        return [{m: row.get(m, Estimate(0.0, 0.0)) for m in moves}] * 3

    monkeypatch.setattr(coach, "results_by_deal", results_by_deal)
    (got,) = review([(state, Q)], seat=1)
    assert (got.suggested, got.lost, got.better) == (K, 5.0, 3)  # K♥ over 2♥: the first
    assert got.text.startswith("The computer would have played K♥, worth about 5 points.")


def test_a_review_weighs_a_move_angus_does_not_weigh_on_the_same_deals(dealt):
    view = dataclasses.replace(
        view_of(new_game(auction(), 0), 1),
        legal=(Pass(), Bid(15), Bid(20), Bid(25), Bid(30)),
        phase=Phase.BID,
        trump=None,
    )
    dealt.points = [{Pass(): 0, Bid(15): 3, Bid(20): 1, Bid(30): -20}] * 2
    (got,) = review([(view, Bid(30))], seat=1, seed=6)
    assert dealt.asked == [(view, [Pass(), Bid(15), Bid(20), Bid(30)], 6, 120, 400_000)]
    assert (got.suggested, got.lost) == (Bid(15), 23.0)
    assert got.text == (
        "The computer would have played bid 15, worth about 23 points."
        " Over 2 likely deals it did better in 2 and worse in 0."
    )


def test_a_review_of_the_draw_names_the_computer_s_discard(dealt):
    view = dataclasses.replace(
        view_of(new_game(auction(), 0), 1),
        hand=(card("2♦"), card("A♣"), card("K♣"), card("3♣"), card("4♣")),
        legal=(Discard(), Discard((card("2♦"),))),
        phase=Phase.DISCARD,
        trump=C,
        stock_size=1,
    )
    dealt.points = [{Discard(): 1.0, Discard((card("2♦"),)): 4.0}] * 3
    (got,) = review([(view, Discard())], seat=1)
    assert got.text.startswith("The computer would have played discard 2♦, worth about 3")


def test_the_only_legal_move_is_reviewed_without_search(weighed, dealt):
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
    assert weighed.seeds == [] and dealt.asked == []


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


# ---- the comparison over the likely deals -----------------------------------------------

A, B, P = play("A♦"), play("K♦"), play("2♦")  # P: the move made


def rows(*points):
    """Likely deals: each (A, B, P) points."""
    return [dict(zip((A, B, P), row, strict=True)) for row in points]


COMPARED = [
    # (what, deals, best, gain, margin, better, worse, sure)
    ("the same 5 more on every deal", rows((5, 0, 0), (5, 0, 0)), A, 5.0, 0.0, 2, 0, True),
    ("a tie keeps the move made", rows((3, 0, 3), (1, 0, 1)), P, 0.0, 0.0, 0, 0, False),
    ("between others, the first", rows((4, 4, 0), (4, 4, 0)), A, 4.0, 0.0, 2, 0, True),
    ("one deal says nothing", rows((9, 0, 0)), A, 9.0, math.inf, 1, 0, False),
    ("under half a point", rows((0.4, 0, 0), (0.4, 0, 0)), A, 0.4, 0.0, 2, 0, False),
    ("half a point rounds to 0", rows((0.5, 0, 0), (0.5, 0, 0)), A, 0.5, 0.0, 2, 0, False),
    ("0.6 rounds to 1", rows((0.6, 0, 0), (0.6, 0, 0)), A, 0.6, 0.0, 2, 0, True),
    # gains 10 and -4: 3 on average, give or take 1.96 * 9.9 / 1.41 = 13.7
    ("within the luck", rows((10, 0, 0), (-4, 0, 0)), A, 3.0, 13.72, 1, 1, False),
    # gains 4, 2 and 3: 3 give or take 1.96 * 1 / 1.73 = 1.13
    ("beyond the luck", rows((4, 0, 0), (2, 0, 0), (3, 0, 0)), A, 3.0, 1.13, 3, 0, True),
    # gains 2, 2, 0 and -1: 0.75 give or take 1.96 * 1.5 / 2 = 1.47
    (
        "better, worse, same",
        rows((2, 0, 0), (2, 0, 0), (0, 0, 0), (-1, 0, 0)),
        A,
        0.75,
        1.47,
        2,
        1,
        False,
    ),
    # over the move made, B gains 5 (10, 0: give or take 9.8) and A 4.5
    ("the best average", rows((29, 30, 20), (-20, -20, -20)), B, 5.0, 9.8, 1, 0, False),
]


@pytest.mark.parametrize(
    ("what", "points", "best", "gain", "margin", "better", "worse", "sure"),
    COMPARED,
    ids=[c[0] for c in COMPARED],
)
def test_the_comparison_of_the_move_made_with_the_best_choice(
    what, points, best, gain, margin, better, worse, sure
):
    c = compare(points, P)
    assert c == Comparison(
        best, len(points), pytest.approx(gain), pytest.approx(margin, abs=0.01), better, worse
    ), what
    assert c.sure is sure, what


def test_a_lesson_s_interval_must_clear_zero():
    # gains 6 and 0: 3 give or take 1.96 * 4.24 / 1.41 = 5.88
    assert not compare(rows((6, 0, 0), (0, 0, 0)), P).sure
    assert Comparison(A, 4, 3.0, 2.99, 3, 0).sure
    assert not Comparison(A, 4, 3.0, 3.0, 3, 0).sure


def test_there_is_no_comparison_without_deals():
    with pytest.raises(ValueError) as refused:
        compare([], P)
    assert str(refused.value) == "no deals to compare on"


points_by_deal = st.lists(
    st.tuples(*[st.integers(-60, 60)] * 3).map(lambda t: dict(zip((A, B, P), t, strict=True))),
    min_size=1,
    max_size=30,
)


@given(points_by_deal)
def test_the_best_choice_gains_at_least_nothing_and_is_the_best_average(points):
    c = compare(points, P)
    assert c.gain >= 0 and c.better + c.worse <= c.deals == len(points)
    means = {m: sum(p[m] for p in points) for m in (A, B, P)}
    assert means[c.best] == max(means.values())
    assert not c.sure or (c.best != P and c.better >= 1)


@given(points_by_deal, st.lists(st.integers(-60, 60), min_size=30, max_size=30))
def test_the_luck_of_a_deal_shared_by_every_choice_changes_nothing(points, luck):
    # The same deals for every choice: what a deal gives all of them cancels out.
    lucky = [{m: v + luck[i] for m, v in p.items()} for i, p in enumerate(points)]
    a, b = compare(points, P), compare(lucky, P)
    assert (a.best, a.better, a.worse, a.sure) == (b.best, b.better, b.worse, b.sure)
    assert a.gain == pytest.approx(b.gain) and a.margin == pytest.approx(b.margin)


@given(points_by_deal, st.randoms())
def test_the_order_of_the_deals_changes_nothing(points, rnd):
    shuffled = list(points)
    rnd.shuffle(shuffled)
    a, b = compare(points, P), compare(shuffled, P)
    assert (a.best, a.better, a.worse, a.sure) == (b.best, b.better, b.worse, b.sure)
    assert a.gain == pytest.approx(b.gain) and a.margin == pytest.approx(b.margin)
