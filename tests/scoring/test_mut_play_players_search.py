"""Angus (scoring/play/players/search.py) on small, fixed hands.

tests/scoring/test_play_players*.py check that Angus plays legally, honestly and
as recorded on 300 views. This file states his rules one by one: a hand's value
is the game score (his side's points minus the others' average, 25 more for a
won game and 25 less for a lost one), a sure result is valued exactly, ties go to
Margaret's choice and then to the lower card, how many guesses each decision
takes (at least 5 and at most 40 in play, 3 and 16 otherwise, the least once the
positions searched pass the budget), which choices he weighs, what the bidding
shows of each seat, and how a guess is read by the solver (a seat that may still
rob robs, the bonus goes to the side holding the best trump). A few estimates of
full hands are the recorded ones, so a change to the search shows. The counts
and recorded estimates are the first Angus's (``FIRST``), kept unchanged for the
benchmark; tests/scoring/test_play_players_angus.py states what the present one
reads besides.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from scoring.games.cards import Suit, card
from scoring.games.core import NO_TRUMP, GameState
from scoring.play.game import new_game
from scoring.play.players import search
from scoring.play.players import solver as solver_module
from scoring.play.players.club import margaret_choose
from scoring.play.players.search import (
    ANGUS,
    FIRST,
    Estimate,
    angus_choose,
    best_move,
    estimates,
    fits_bids,
    guess,
    other_estimates,
    shown_by_bids,
    solver_position,
    solver_table,
)
from scoring.play.players.solver import Position
from scoring.play.records import Phase, TrickResult
from scoring.play.rules import PlayOptions, trick_winner
from scoring.play.setup import (
    Bid,
    Discard,
    Hold,
    NameTrump,
    NoRob,
    Pass,
    Play,
    Rob,
    auction,
    forty_fives,
)
from scoring.play.view import view_of

D, H, C, S = Suit.DIAMONDS, Suit.HEARTS, Suit.CLUBS, Suit.SPADES


@pytest.fixture(autouse=True)
def fresh_tables():
    """Each test starts with the solver's shared tables empty, as a new process would."""
    solver_module.forget_tables()
    yield
    solver_module.forget_tables()


def cards(text: str):
    return tuple(card(w) for w in text.split())


def play(text: str) -> Play:
    return Play(card(text))


def in_play(trump, hands, trick=(), *, setup=None, done=(), scores=None, leader=1):
    """A hand in play: ``hands`` by seat (cards as text), ``trick`` (seat, card) on the
    table, ``done`` earlier tricks as (seat, card) plays (the best card wins)."""
    setup = setup or forty_fives(len(hands))
    players = setup.players
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
    state = dataclasses.replace(
        new_game(setup, 0),
        hands=tuple(cards(hands[s]) for s in range(players)),
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
    if scores is not None:
        state = dataclasses.replace(state, score=GameState(scores))
    return state


# Three alone, clubs trump, two tricks left: seat 1 leads with the 5♣ and the J♣ and takes
# both whatever it plays, the 5♣'s trick with the bonus. Seats 0 and 2 took a trick each.
THREE_DONE = [
    [(1, "2♠"), (2, "7♠"), (0, "K♠")],  # seat 0
    [(0, "J♦"), (1, "3♦"), (2, "K♦")],  # seat 2
    [(2, "4♦"), (0, "5♦"), (1, "Q♦")],  # seat 1
]
SURE = {0: "9♥ 8♥", 1: "5♣ J♣", 2: "6♥ 8♠"}


@pytest.mark.parametrize(
    ("scores", "value", "points"),
    [
        # this hand: 5 + 5 + 10 for seat 1, 5 each for the others: 20 - 5
        ((0, 0, 0), 15.0, 15.0),
        ((0, 30, 0), 40.0, 15.0),  # seat 1 reaches 50 and wins the game: 25 more
        ((40, 0, 0), -10.0, 15.0),  # seat 0 reaches 45 and wins it: 25 less
    ],
)
def test_a_sure_result_is_valued_at_the_game_score(scores, value, points):
    state = in_play(C, SURE, done=THREE_DONE, scores=scores)
    view = view_of(state, 1)
    assert estimates(view, seed=5) == {
        play("5♣"): Estimate(value, points),
        play("J♣"): Estimate(value, points),
    }
    # equal: Margaret's choice, her best trump
    assert angus_choose(view, seed=5) == play("5♣")


def test_a_sure_result_with_partners_is_valued_side_against_side():
    setup = forty_fives(4, partnerships=True)
    done = [
        [(1, "2♠"), (2, "7♠"), (3, "3♠"), (0, "K♠")],  # side 0
        [(0, "J♦"), (1, "3♦"), (2, "K♦"), (3, "2♦")],  # side 0
        [(2, "4♦"), (3, "6♦"), (0, "5♦"), (1, "Q♦")],  # side 1
    ]
    hands = {0: "9♥ 8♥", 1: "5♣ J♣", 2: "6♥ 8♠", 3: "4♥ 9♠"}
    state = in_play(C, hands, done=done, setup=setup)
    # side 1: three tricks, one with the bonus (20), side 0 two (10)
    assert estimates(view_of(state, 1), seed=0) == {
        play("5♣"): Estimate(10.0, 10.0),
        play("J♣"): Estimate(10.0, 10.0),
    }


@pytest.mark.parametrize(("bid", "value"), [(15, 10.0), (20, 10.0), (25, -35.0)])
def test_a_sure_result_in_auction_is_scored_with_the_bid(bid, value):
    done = [
        [(1, "2♠"), (2, "7♠"), (3, "3♠"), (0, "K♠")],  # side 0
        [(0, "J♦"), (1, "3♦"), (2, "K♦"), (3, "2♦")],  # side 0
        [(2, "4♦"), (3, "6♦"), (0, "5♦"), (1, "Q♦")],  # side 1
    ]
    hands = {0: "9♥ 8♥", 1: "5♣ J♣", 2: "6♥ 8♠", 3: "4♥ 9♠"}
    state = in_play(C, hands, done=done, setup=auction())
    calls = ((1, Bid(bid)), (2, Pass()), (3, Pass()), (0, Pass()))
    state = dataclasses.replace(state, bidder=1, bid=bid, calls=calls)
    # seat 1 bid and takes 20: made up to 20 (20 - 10), set at 25 (-25 - 10)
    assert estimates(view_of(state, 1), seed=0) == {
        play("5♣"): Estimate(value, value),
        play("J♣"): Estimate(value, value),
    }


def test_a_sure_result_two_alone():
    setup = forty_fives(2)
    done = [[(1, "2♠"), (0, "K♠")], [(0, "J♦"), (1, "K♦")], [(1, "Q♦"), (0, "4♦")]]
    state = in_play(C, {0: "9♥ 8♥", 1: "5♣ J♣"}, done=done, setup=setup)
    # seat 1: four tricks, one with the bonus (25); seat 0: one (5)
    assert estimates(view_of(state, 1), seed=0) == {
        play("5♣"): Estimate(20.0, 20.0),
        play("J♣"): Estimate(20.0, 20.0),
    }


# ---- how many guesses ------------------------------------------------------------------


@pytest.fixture
def counted(monkeypatch):
    """Count Angus's guesses (each one the real ``guess``)."""
    drawn = []
    real = search.guess

    def spy(view, rng, how=ANGUS):
        drawn.append(1)
        return real(view, rng, how)

    monkeypatch.setattr(search, "guess", spy)
    return drawn


@pytest.mark.parametrize(("how", "most"), [(FIRST, 40), (ANGUS, 60)])
def test_in_play_he_takes_the_most_guesses_while_the_search_is_small(counted, how, most):
    estimates(view_of(in_play(C, SURE, done=THREE_DONE), 1), seed=1, how=how)
    assert len(counted) == most


@pytest.mark.parametrize(("how", "least"), [(FIRST, 5), (ANGUS, 10)])
def test_in_play_he_takes_the_least_guesses_once_the_budget_is_spent(counted, how, least):
    how = dataclasses.replace(how, play_budget=0, other_budget=10**9)
    estimates(view_of(in_play(C, SURE, done=THREE_DONE), 1), seed=1, how=how)
    assert len(counted) == least


def test_the_present_angus_searches_more_in_play_and_as_much_elsewhere():
    assert (ANGUS.play_samples, ANGUS.play_budget) == ((10, 60), 30_000)
    assert (FIRST.play_samples, FIRST.play_budget) == ((5, 40), 12_000)
    assert ANGUS.other_samples == FIRST.other_samples == (3, 16)
    assert ANGUS.other_budget == FIRST.other_budget == 12_000
    assert ANGUS.bid_tries == FIRST.bid_tries == 8
    assert (ANGUS.fit_draws, ANGUS.read_robs, ANGUS.relative) == (True, True, True)
    assert (FIRST.fit_draws, FIRST.read_robs, FIRST.relative) == (False, False, False)


@pytest.mark.parametrize(("budget", "drawn"), [(97, 5), (98, 6), (200, 11), (395, 22)])
def test_in_play_the_guesses_stop_once_the_positions_searched_pass_the_budget(
    counted, monkeypatch, budget, drawn
):
    # five guesses of this endgame search 98 positions (the solver keeps what it
    # found between guesses, so each one searches fewer)
    how = dataclasses.replace(FIRST, play_budget=budget, other_budget=0)
    estimates(view_of(in_play(C, SURE, done=THREE_DONE), 1), seed=1, how=how)
    assert len(counted) == drawn


def rob_view():
    """Seat 1 may rob the 4♥ (hearts trump) with the A♥; a recorded deal."""
    state = new_game(forty_fives(), 9)
    assert state.phase is Phase.ROB and state.to_act == 1 and state.turn_up == card("4♥")
    return state, view_of(state, 1)


@pytest.mark.parametrize(("budget", "drawn"), [(14014, 3), (14015, 4)])
def test_other_choices_stop_once_the_positions_searched_pass_the_budget(
    counted, monkeypatch, budget, drawn
):
    _, view = rob_view()
    other_estimates(view, [NoRob()], 1, dataclasses.replace(FIRST, other_budget=budget))
    assert len(counted) == drawn  # three guesses of this deal search 14015 positions


def test_other_choices_take_three_to_sixteen_guesses(counted, monkeypatch):
    _, view = rob_view()
    other_estimates(view, [NoRob()], 1, dataclasses.replace(FIRST, other_budget=0))
    assert len(counted) == 3
    counted.clear()
    other_estimates(view, [NoRob()], 1, dataclasses.replace(FIRST, other_budget=10**9))
    assert len(counted) == 16


# ---- recorded estimates ----------------------------------------------------------------


def test_the_recorded_estimates_of_robbing():
    _, view = rob_view()
    got = estimates(view, seed=1, how=FIRST)
    assert got == {
        NoRob(): Estimate(2.5, 2.5),
        Rob(card("K♥")): Estimate(0.0, 0.0),
        Rob(card("9♠")): Estimate(10.0, 10.0),
        Rob(card("7♦")): Estimate(5.0, 5.0),
        Rob(card("9♣")): Estimate(10.0, 10.0),
    }
    # 9♠ and 9♣ tie: Margaret throws the 9♠ (her lowest card, the first of the nines)
    assert angus_choose(view, seed=1, how=FIRST) == Rob(card("9♠"))


def test_the_recorded_estimates_of_a_first_lead():
    state, view = rob_view()
    state = state.apply(Rob(card("9♠")))
    view = view_of(state, state.to_act)
    assert estimates(view, seed=1, how=FIRST) == RECORDED_LEAD
    # K♥ and A♥ tie: Margaret, with three trumps, leads her best, the A♥
    assert angus_choose(view, seed=1, how=FIRST) == play("A♥")


def test_the_recorded_estimates_of_a_lead_with_partners():
    state = new_game(forty_fives(4, partnerships=True), 5)
    while state.phase is not Phase.PLAY or len(state.tricks) < 2:
        state = state.apply(margaret_choose(view_of(state, state.to_act)))
    view = view_of(state, state.to_act)
    assert view.seat == 0 and view.hand == cards("Q♣ 7♦ 5♣")
    assert estimates(view, seed=1, how=FIRST) == {
        play("Q♣"): Estimate(4.0, 4.0),
        play("7♦"): Estimate(2.0, 2.0),
        play("5♣"): Estimate(-0.25, -0.25),
    }
    # Margaret would lead the 5♣; Angus keeps it
    assert margaret_choose(view) == play("5♣")
    assert angus_choose(view, seed=1, how=FIRST) == play("Q♣")


def test_the_recorded_estimates_of_a_first_bid():
    state = new_game(auction(), 3)
    view = view_of(state, state.to_act)
    assert estimates(view, seed=1, how=FIRST) == {
        Pass(): Estimate(-3.75, -3.75),
        Bid(15): Estimate(21.25, 21.25),
        Bid(20): Estimate(3.75, 3.75),
    }
    assert angus_choose(view, seed=1, how=FIRST) == Bid(15)


RECORDED_LEAD = {
    play("K♥"): Estimate(10.5, 10.5),
    play("7♦"): Estimate(9.0, 9.0),
    play("A♥"): Estimate(10.5, 10.5),
    play("9♣"): Estimate(7.5, 7.5),
    play("4♥"): Estimate(4.5, 4.5),
}


# ---- the choice among the estimates -------------------------------------------------


FOLLOW = {0: "9♦ 3♠ 4♠ 5♥", 1: "Q♥ K♥ 2♥ 8♥ 7♥", 2: "7♦ 8♠ 9♠ 10♠ J♦"}


def follow_view():
    """Seat 1 follows the 9♥, clubs trump: Margaret wins it with the Q♥."""
    return view_of(in_play(C, FOLLOW, [(0, "9♥")]), 1)


@pytest.mark.parametrize(
    ("values", "chosen"),
    [
        ({"Q♥": 1.0, "K♥": 3.0, "2♥": 2.0}, "K♥"),  # the best
        ({"Q♥": 3.0, "K♥": 3.0, "2♥": 3.0}, "Q♥"),  # a tie: Margaret's
        ({"Q♥": 1.0, "K♥": 3.0, "8♥": 3.0, "7♥": 3.0}, "7♥"),  # a tie without her: the lowest
        ({"Q♥": 2.5, "K♥": 3.0, "2♥": 2.9}, "K♥"),  # half a point is no tie
        ({"Q♥": 3.0 - 1e-10, "K♥": 3.0}, "Q♥"),  # a rounding difference is one
    ],
)
def test_the_best_estimate_is_chosen_ties_going_to_margaret_then_the_lower_card(values, chosen):
    got = best_move(follow_view(), {play(c): Estimate(v, 0.0) for c, v in values.items()})
    assert got == play(chosen)


def test_a_tie_of_other_moves_without_margaret_s_goes_to_the_first_listed():
    _, view = rob_view()
    values = {NoRob(): Estimate(1.0, 0.0), Rob(card("K♥")): Estimate(1.0, 0.0)}
    assert best_move(view, values) == NoRob()
    values = {Rob(card("K♥")): Estimate(1.0, 0.0), NoRob(): Estimate(1.0, 0.0)}
    assert best_move(view, values) == Rob(card("K♥"))


def test_angus_makes_the_only_legal_move_without_searching(monkeypatch):
    def fail(*args, **kwargs):
        raise AssertionError("searched")

    monkeypatch.setattr(search, "estimates", fail)
    state = in_play(C, {0: "9♦", 1: "Q♥", 2: "7♦"}, [(0, "9♥")])
    assert angus_choose(view_of(state, 1), seed=0) == play("Q♥")


# ---- the choices weighed ----------------------------------------------------------------


@pytest.fixture
def weighed(monkeypatch):
    """The moves ``estimates`` hands to ``other_estimates``, and their seed."""
    asked = []

    def spy(view, moves, seed, how=ANGUS):
        asked.append((list(moves), seed))
        return {m: Estimate(0.0, 0.0) for m in moves}

    monkeypatch.setattr(search, "other_estimates", spy)
    return asked


def auction_view(hand: str, phase, legal, **changes):
    base = view_of(new_game(auction(dealer_may_hold=True), 0), 0)
    return dataclasses.replace(base, hand=cards(hand), phase=phase, legal=tuple(legal), **changes)


def test_in_the_bidding_he_weighs_pass_hold_and_the_two_lowest_bids(weighed):
    view = auction_view("5♦ 2♦ K♣ 8♠ 7♥", Phase.BID, [Pass(), Bid(30), Hold(), Bid(20), Bid(25)])
    estimates(view, seed=7)
    assert weighed == [([Pass(), Hold(), Bid(20), Bid(25)], 7)]


def test_for_trump_he_weighs_the_two_suits_margaret_rates_best(weighed):
    legal = [NameTrump(s) for s in Suit]
    estimates(auction_view("5♠ J♠ 2♦ 3♦ 4♣", Phase.TRUMP, legal), seed=0)
    estimates(auction_view("5♣ 3♣ 5♠ 3♠ 2♥", Phase.TRUMP, legal), seed=0)  # a tie: suit order
    assert [m for m, _ in weighed] == [[NameTrump(S), NameTrump(D)], [NameTrump(C), NameTrump(S)]]


def draw(hand: str, stock: int, legal):
    return auction_view(hand, Phase.DISCARD, legal, trump=D, stock_size=stock)


def test_in_the_draw_he_weighs_margaret_s_discard_every_plain_card_and_standing_pat(weighed):
    hand = "3♥ K♣ 2♦ 9♠ Q♣"
    legal = [Discard(), Discard(cards("3♥ 9♠")), Discard(cards("3♥ K♣"))]
    estimates(draw(hand, 2, legal), seed=0)
    legal = [Discard(), Discard(cards("3♥ 9♠")), Discard(cards("3♥ K♣ 9♠ Q♣"))]
    estimates(draw(hand, 9, legal), seed=0)
    assert [m for m, _ in weighed] == [
        [Discard(cards("3♥ 9♠")), Discard(cards("3♥ K♣")), Discard()],
        # Margaret's 3♥ 9♠ Q♣ is not allowed, so she stands pat
        [Discard(), Discard(cards("3♥ K♣ 9♠ Q♣"))],
    ]


def test_robbing_he_weighs_every_legal_move(weighed):
    _, view = rob_view()
    estimates(view, seed=2)
    assert weighed == [(list(view.legal), 2)]


# ---- what the bidding shows ---------------------------------------------------------------


def bidding_view(calls, *, seat=0, trump=None, bidder=None, setup=None):
    base = view_of(new_game(setup or auction(dealer_may_hold=True), 0), seat)
    return dataclasses.replace(base, calls=tuple(calls), trump=trump, bidder=bidder)


def test_the_bidding_shows_each_other_seat_s_highest_bid_and_a_hold_at_the_bid_held():
    calls = [(1, Bid(15)), (2, Pass()), (3, Bid(20)), (0, Hold()), (1, Bid(25))]
    assert shown_by_bids(bidding_view(calls, seat=2)) == {
        1: (25, None),
        3: (20, None),
        0: (20, None),
    }
    assert shown_by_bids(bidding_view([(1, Bid(25)), (1, Bid(15))], seat=0)) == {1: (25, None)}


def test_once_trump_is_named_only_the_bidder_shows_its_bid_in_trump():
    calls = [(1, Bid(15)), (2, Pass()), (3, Bid(20))]
    view = bidding_view(calls, seat=0, trump=H, bidder=3)
    assert shown_by_bids(view) == {3: (20, H)}
    assert shown_by_bids(bidding_view(calls, seat=3, trump=H, bidder=3)) == {}  # its own


def test_a_hold_before_any_bid_shows_nothing_bid():
    assert shown_by_bids(bidding_view([(1, Hold())], seat=0)) == {1: (0, None)}


def test_outside_auction_the_bidding_shows_nothing():
    assert (
        shown_by_bids(bidding_view([(1, Bid(15))], setup=forty_fives(4, partnerships=True))) == {}
    )


@pytest.mark.parametrize(
    ("hand", "played", "amount", "suit", "fits"),
    [
        ("5♦ J♦ 2♦ 3♦ 8♠", "", 20, D, True),  # 3 tricks: worth 20
        ("5♦ J♦ 2♦ 3♦ 8♠", "", 25, D, False),
        ("5♦ J♦ 2♦", "3♦ 8♠", 20, D, True),  # the cards it played count
        ("5♦ J♦ A♥ A♦ K♦", "", 30, D, True),  # the rule bids 25 at most
        ("5♦ J♦ A♥ A♦ 9♠", "", 30, D, True),  # 4 tricks: worth 25
        ("5♦ J♦ A♥ 2♦ 9♠", "", 30, D, False),  # 3.5 tricks: worth 22.5
        ("5♦ J♦ 2♦ 3♦ 8♠", "", 20, H, False),  # read in the trump named
        ("5♠ J♠ 2♠ 3♠ 8♦", "", 20, None, True),  # while bidding: its best suit
    ],
)
def test_a_guess_fits_a_bid_when_margaret_s_rule_bids_as_much_on_the_hand(
    hand, played, amount, suit, fits
):
    state = new_game(auction(), 0)
    view = view_of(state, 0)
    plays = tuple((1, c) for c in cards(played))
    view = dataclasses.replace(view, plays=plays + ((2, card("K♠")),))
    hands = list(state.hands)
    hands[1] = cards(hand)
    guessed = dataclasses.replace(state, hands=tuple(hands))
    assert fits_bids(view, guessed, {1: (amount, suit)}) is fits


def test_a_guess_must_fit_every_seat_that_bid():
    state = new_game(auction(), 0)
    hands = list(state.hands)
    hands[1], hands[3] = cards("5♦ J♦ 2♦ 3♦ 8♠"), cards("9♠ 8♠ 7♥ 6♥ 4♣")
    guessed = dataclasses.replace(state, hands=tuple(hands))
    view = view_of(state, 0)
    assert fits_bids(view, guessed, {1: (20, D)})
    assert not fits_bids(view, guessed, {1: (20, D), 3: (15, None)})
    assert fits_bids(view, guessed, {})


class Draws:
    """A stand-in for ``view.sample``: hands out numbered guesses in turn, and
    records what it was asked with."""

    def __init__(self):
        self.n = 0
        self.asked = []

    def __call__(self, view, rng, how=ANGUS):
        self.n += 1
        self.asked.append((view, rng))
        return self.n


@pytest.mark.parametrize(
    ("shown", "fitting", "drawn", "got"),
    [
        ({}, set(), 1, 1),  # nothing shown: the first draw
        ({1: (20, None)}, {1}, 1, 1),  # the first draw fits
        ({1: (20, None)}, {3}, 3, 3),  # the third one fits
        ({1: (20, None)}, set(), 8, 8),  # none of eight fits: the last
    ],
)
def test_a_guess_is_the_first_draw_that_fits_the_bidding_within_eight(
    monkeypatch, shown, fitting, drawn, got
):
    draws = Draws()
    checked = []

    def fits(view, state, s):
        checked.append((view, state, s))
        return state in fitting

    monkeypatch.setattr(search, "fitted_sample", draws)
    monkeypatch.setattr(search, "shown_by_bids", lambda view: shown)
    monkeypatch.setattr(search, "fits_bids", fits)
    view, rng = bidding_view([(1, Bid(20))]), random.Random(0)
    assert guess(view, rng) == got
    assert draws.n == drawn
    assert draws.asked == [(view, rng)] * drawn  # every draw from the view, with its rng
    assert all(v is view and s == shown for v, _, s in checked)
    assert [n for _, n, _ in checked] == list(range(1, len(checked) + 1))


def test_with_the_bidding_not_read_a_guess_is_the_first_draw(monkeypatch):
    draws = Draws()
    monkeypatch.setattr(search, "fitted_sample", draws)
    monkeypatch.setattr(search, "fits_bids", lambda view, state, s: False)
    view = bidding_view([(1, Bid(20))])
    assert guess(view, random.Random(0), dataclasses.replace(ANGUS, bid_tries=0)) == 1
    assert draws.n == 1


# ---- a guess as the solver reads it -------------------------------------------------------


def rob_guess(**changes):
    """Three alone, hearts trump, the 4♥ turned up; seat 2 holds the A♥, the ace of
    trumps, and may still rob; seat 1 leads."""
    state = in_play(H, {0: "9♦ 3♠ 4♠ 5♣ 6♣", 1: "Q♦ K♠ 2♦ 3♣ 8♦", 2: "7♦ A♥ 9♠ 10♠ J♦"})
    return dataclasses.replace(state, **{"turn_up": card("4♥"), **changes})


def hands_of(table, pos):
    return [" ".join(str(table.cards[i]) for i in h) for h in pos.hands]


def test_a_seat_that_may_still_rob_robs_in_the_guess_throwing_its_lowest_card():
    state = rob_guess()
    table = solver_table(state, 1, H)
    pos, best = solver_position(state, table)
    # seat 2 throws the 10♠ (spades black low: its lowest) and takes the 4♥
    assert hands_of(table, pos) == ["9♦ 5♣ 6♣ 3♠ 4♠", "2♦ 8♦ Q♦ 3♣ K♠", "7♦ J♦ A♥ 4♥ 9♠"]
    assert pos.leader == 1 and pos.trick == () and pos.called is False
    assert best == 2  # the A♥ is the best trump out


@pytest.mark.parametrize(
    ("why", "changes"),
    [
        ("taken already", {"taken_by": 0}),
        ("no card turned up", {"turn_up": None}),
        (
            "a trick is done",
            {
                "tricks": (
                    TrickResult(((1, card("2♣")), (2, card("2♠")), (0, card("2♥"))), 1, ""),
                ),
            },
        ),
        ("it played to this trick", {"trick": ((2, card("K♦")),), "to_act": 0}),
        ("it said it will not rob", {"to_act": 2, "declined": True}),
    ],
)
def test_a_seat_that_may_no_longer_rob_keeps_its_hand_in_the_guess(why, changes):
    state = rob_guess(**changes)
    table = solver_table(state, 1, H)
    pos, _ = solver_position(state, table)
    assert "4♥" not in hands_of(table, pos)[2].split(), why
    assert "10♠" in hands_of(table, pos)[2].split(), why


def test_a_seat_to_act_that_has_not_declined_robs_in_the_guess():
    state = rob_guess(to_act=2, declined=False)
    table = solver_table(state, 1, H)
    pos, _ = solver_position(state, table)
    assert "4♥" in hands_of(table, pos)[2].split()


def test_the_solver_s_position_is_the_guess_in_card_indexes():
    state = in_play(C, SURE, [(1, "5♣")], done=THREE_DONE)
    hands = list(state.hands)
    hands[1] = cards("J♣")
    state = dataclasses.replace(state, hands=tuple(hands))
    table = solver_table(state, 2, C)
    pos, best = solver_position(state, table)
    idx = table.index
    assert pos == Position(
        (
            tuple(sorted(idx[c] for c in cards("9♥ 8♥"))),
            (idx[card("J♣")],),
            tuple(sorted(idx[c] for c in cards("6♥ 8♠"))),
        ),
        1,
        (idx[card("5♣")],),
        False,
    )
    assert best == 1  # the 5♣ is played: its trick earns the bonus
    assert table.ours == (False, False, True)


def test_the_bonus_goes_to_the_side_of_the_best_trump_played_or_held():
    setup = forty_fives(4, partnerships=True)
    state = in_play(C, {0: "9♥", 1: "2♣", 2: "A♥", 3: "8♠"}, setup=setup)
    table = solver_table(state, 1, C)
    assert table.ours == (False, True, False, True)
    assert solver_position(state, table)[1] == 0  # seat 2's A♥: side 0
    state = in_play(C, {0: "9♥", 1: "2♣", 2: "7♥", 3: "8♠"}, setup=setup)
    assert solver_position(state, table)[1] == 1


def test_with_the_bonus_for_the_five_only_and_no_five_out_nobody_gets_it():
    setup = forty_fives(five_only_bonus=True)
    state = in_play(C, {0: "9♥ 8♥", 1: "J♣ A♥", 2: "6♥ 7♠"}, setup=setup)
    table = solver_table(state, 1, C)
    assert solver_position(state, table)[1] == NO_TRUMP
    state = in_play(C, {0: "9♥ 8♥", 1: "J♣ A♥", 2: "6♥ 5♣"}, setup=setup)
    assert solver_position(state, table)[1] == 2


def test_with_a_joker_the_bonus_goes_to_the_side_holding_it():
    setup = forty_fives(options=PlayOptions(joker=True))
    state = in_play(C, {0: "9♥ A♥", 1: "J♣ 2♣", 2: "6♥ Joker"}, setup=setup)
    table = solver_table(state, 1, C)
    assert solver_position(state, table)[1] == 1  # the J♣ is above the Joker
    state = in_play(C, {0: "9♥ A♥", 1: "3♣ 2♣", 2: "6♥ Joker"}, setup=setup)
    assert solver_position(state, table)[1] == 2


def test_hearts_on_hearts_called_reaches_the_solver():
    setup = forty_fives(options=PlayOptions(hearts_on_hearts=True))
    state = in_play(C, {0: "9♥ 8♥", 1: "J♣", 2: "6♥ 5♣"}, [(1, "A♥")], setup=setup)
    state = dataclasses.replace(state, called=True)
    table = solver_table(state, 2, C)
    assert solver_position(state, table)[0].called is True


# ---- the same guesses for every choice (the coach's review) -------------------------------


def test_the_choices_weighed_in_play_are_every_legal_play():
    view = view_of(in_play(C, SURE, done=THREE_DONE), 1)
    assert search.choices(view) == list(view.legal)


def test_the_choices_weighed_elsewhere_are_those_estimates_weighs(weighed):
    _, view = rob_view()
    estimates(view, seed=2)
    assert search.choices(view) == weighed[0][0] == list(view.legal)
    view = auction_view("5♦ 2♦ K♣ 8♠ 7♥", Phase.BID, [Pass(), Bid(30), Hold(), Bid(20)])
    assert search.choices(view) == [Pass(), Hold(), Bid(20), Bid(30)]


def test_results_by_deal_give_each_move_its_result_on_the_same_guesses(counted):
    _, view = rob_view()
    moves = [NoRob(), Rob(card("K♥")), Rob(card("9♠"))]
    rows = search.results_by_deal(view, moves, seed=1, deals=16, budget=10**9)
    assert len(rows) == 16 and len(counted) == 16  # one guess a deal, for every move
    assert all(list(r) == moves for r in rows)
    # The first three, averaged, are Angus's own estimates (his budget stops him at three).
    counted.clear()
    got = estimates(view, seed=1, how=FIRST)
    assert len(counted) == 3
    for m in moves:
        assert sum(r[m].points for r in rows[:3]) / 3 == pytest.approx(got[m].points)
        assert sum(r[m].value for r in rows[:3]) / 3 == pytest.approx(got[m].value)
    assert len({tuple(e.points for e in r.values()) for r in rows}) > 1  # deals differ


def test_results_by_deal_in_play_are_the_solver_s_on_each_guess(counted):
    view = view_of(in_play(C, SURE, done=THREE_DONE), 1)
    rows = search.results_by_deal(view, [Play(card("J♣"))], seed=1, deals=40, budget=10**9)
    assert len(rows) == len(counted) == 40 and all(list(r) == [Play(card("J♣"))] for r in rows)
    got = estimates(view, seed=1, how=FIRST)  # forty guesses too, from the same seed
    mean = sum(r[Play(card("J♣"))].value for r in rows) / 40
    assert mean == pytest.approx(got[Play(card("J♣"))].value)


@pytest.mark.parametrize(("deals", "drawn"), [(8, 2), (9, 3), (12, 3), (13, 4)])
def test_results_by_deal_stop_at_a_quarter_of_the_deals_once_the_budget_is_spent(
    counted, deals, drawn
):
    view = view_of(in_play(C, SURE, done=THREE_DONE), 1)
    rows = search.results_by_deal(view, [Play(card("J♣"))], seed=1, deals=deals, budget=0)
    assert len(rows) == len(counted) == drawn


@pytest.mark.parametrize(
    ("budget", "drawn"), [(199, 10), (200, 11), (217, 11), (218, 12), (10**9, 40)]
)
def test_results_by_deal_stop_once_the_positions_searched_pass_the_budget(counted, budget, drawn):
    # at least ten of the forty deals; ten guesses of this endgame search 200 positions,
    # eleven 218
    view = view_of(in_play(C, SURE, done=THREE_DONE), 1)
    search.results_by_deal(view, [Play(card("J♣"))], seed=1, deals=40, budget=budget)
    assert len(counted) == drawn
