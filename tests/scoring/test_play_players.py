"""The computer players (scoring/play/players): legal, deterministic, honest, sensible, exact.

Every level makes only legal moves in every game; a seed gives the same
move; a player's move depends only on what its seat may see; Margaret's
choices in worked examples; the solver against a brute-force search that
plays the engine itself; the coach's hint and hand review.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.games.cards import Suit, card
from scoring.play.game import new_game
from scoring.play.players import LEVELS, choose, hint, review, steps_of
from scoring.play.players import search as search_module
from scoring.play.players.solver import Solver
from scoring.play.records import Phase, TrickResult
from scoring.play.rules import PlayOptions, Renege
from scoring.play.setup import Discard, NoRob, Play, Rob, auction, forty_fives
from scoring.play.view import determinize, view_of

FAST = settings(max_examples=12, deadline=None)

SETUPS = {
    "three alone": lambda: forty_fives(),
    "two alone": lambda: forty_fives(2),
    "four in partnerships": lambda: forty_fives(4, partnerships=True),
    "auction": lambda: auction(dealer_may_hold=True),
    "hearts on hearts, no reneging": lambda: forty_fives(
        options=PlayOptions(hearts_on_hearts=True, renege=Renege.NONE)
    ),
    "joker, lower led": lambda: forty_fives(
        options=PlayOptions(joker=True, renege=Renege.LOWER_LED, aces_high=True)
    ),
}


def walk(setup, seed: int, steps: int):
    """A game after ``steps`` random legal moves (or at its end)."""
    rng = random.Random(seed)
    s = new_game(setup, seed)
    for _ in range(steps):
        if s.over:
            break
        moves = s.legal_moves()
        if s.phase is Phase.DISCARD:  # keep the draw small: discard nothing or one card
            moves = tuple(m for m in moves if len(m.cards) <= 1)
        s = s.apply(rng.choice(moves))
    return s


# ---- the interface -----------------------------------------------------------------


def test_the_levels_are_named_for_people_and_random_is_for_the_benchmark_only():
    shown = {key: str(level.name) for key, level in LEVELS.items() if level.for_people}
    assert shown == {"margaret": "Margaret", "angus": "Angus"}
    assert not LEVELS["random"].for_people


def test_an_unknown_level_or_a_seat_not_to_act_is_refused():
    s = new_game(forty_fives(), 1)
    with pytest.raises(ValueError, match="no computer player"):
        choose("deep-blue", view_of(s, s.to_act), seed=0)
    other = (s.to_act + 1) % 3
    with pytest.raises(ValueError, match="not this seat's turn"):
        choose("margaret", view_of(s, other), seed=0)


# ---- legal, deterministic, honest --------------------------------------------------


@pytest.mark.parametrize("name", sorted(SETUPS))
@FAST
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 40))
def test_every_level_makes_only_legal_moves(name, seed, steps):
    s = walk(SETUPS[name](), seed, steps)
    if s.over:
        return
    view = view_of(s, s.to_act)
    for level in LEVELS:
        move = choose(level, view, seed=seed)
        assert move in s.legal_moves(), (level, move)
        s.apply(move)  # the engine takes it


@pytest.mark.parametrize("name", ["three alone", "auction"])
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 30))
def test_a_seed_gives_the_same_move(name, seed, steps):
    s = walk(SETUPS[name](), seed, steps)
    if s.over:
        return
    view = view_of(s, s.to_act)
    for level in LEVELS:
        assert choose(level, view, seed=seed) == choose(level, view, seed=seed)


def other_deal_of_the_unseen(state, seat: int, rng: random.Random):
    """The same game with the cards ``seat`` cannot see shuffled among the hands it
    cannot see (each hand keeping its size and what it has shown it lacks)."""
    view = view_of(state, seat)
    others = [s for s in range(state.setup.players) if s != seat]
    for _ in range(500):
        pool = [c for s in others for c in state.hands[s] if c not in view.known[s]]
        rng.shuffle(pool)
        hands, ok = {}, True
        for s in others:
            need = view.hand_sizes[s] - len(view.known[s])
            hands[s], pool = pool[:need], pool[need:]
            ok = ok and not set(hands[s]) & view.cannot_hold[s]
        if ok:
            return determinize(view, hands, rest=None, seed=state.seed)
    return None


@pytest.mark.parametrize("name", ["three alone", "four in partnerships", "auction"])
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 40))
def test_shuffling_the_cards_a_player_cannot_see_does_not_change_its_move(name, seed, steps):
    s = walk(SETUPS[name](), seed, steps)
    if s.over or s.phase is not Phase.PLAY:
        return
    seat = s.to_act
    rng = random.Random(seed)
    other = other_deal_of_the_unseen(s, seat, rng)
    if other is None or other.hands == s.hands:
        return  # no other deal fits what the seat has seen
    assert view_of(other, seat) == view_of(s, seat)  # the same view from another deal
    for level in LEVELS:
        assert choose(level, view_of(other, seat), seed=seed) == choose(
            level, view_of(s, seat), seed=seed
        )


# ---- Margaret's choices ------------------------------------------------------------


def table(trump, hands, trick=(), *, players=3, partnerships=False, done=()):
    """A hand in play: ``hands`` by seat (cards as text), ``trick`` (seat, card) on the
    table, ``done`` earlier tricks as (seat, card) plays (the best card wins)."""
    from scoring.play.rules import trick_winner

    setup = forty_fives(players, partnerships=partnerships)
    base = new_game(setup, 0)
    trump = Suit(trump)
    results = []
    for plays in done:
        plays = tuple((s, card(c)) for s, c in plays)
        won = plays[trick_winner([c for _, c in plays], trump, setup.options)][0]
        results.append(TrickResult(plays, won, ""))
    trick = tuple((s, card(c)) for s, c in trick)
    leader = trick[0][0] if trick else (results[-1].winner if results else 1)
    to_act = (leader + len(trick)) % players
    return dataclasses.replace(
        base,
        hands=tuple(tuple(card(c) for c in hands[s].split()) for s in range(players)),
        stock=(),
        trump=trump,
        turn_up=None,
        taken_by=None,
        trick=trick,
        tricks=tuple(results),
        phase=Phase.PLAY,
        to_act=to_act,
        dealer=(leader - 1) % players,
    )


MARGARET_PLAYS = [
    # (why, trump, hands by seat, trick, partnerships, the card she plays)
    (
        "wins the trick with the lowest card that wins",
        "clubs",
        {0: "9♦ 3♠ 4♠ 5♥", 1: "Q♥ K♥ 2♥ 3♣ 8♦", 2: "7♦ 8♠ 9♠ 10♠ J♦"},
        [(0, "9♥")],
        False,
        "Q♥",
    ),
    (
        "throws the lowest card when nothing wins",
        "clubs",
        {0: "9♦ 3♠ 4♠ 5♥", 1: "Q♥ 2♥ 3♦ 3♣ 8♦", 2: "7♦ 8♠ 9♠ 10♠ J♦"},
        [(0, "K♥")],
        False,
        "2♥",
    ),
    (
        "trumps a lost suit with the lowest trump, not the 5",
        "clubs",
        {0: "9♦ 3♠ 4♠ 5♥", 1: "5♣ 10♣ 2♠ 3♦ 8♦", 2: "7♦ 8♠ 9♠ 10♠ J♦"},
        [(0, "K♥")],
        False,
        "10♣",
    ),
    (
        "does not waste the 5 of trumps when her partner is winning",
        "spades",
        {0: "5♠ 2♦ 3♦ 4♦", 1: "9♦ 3♠ 4♥ 5♥", 2: "J♥ 6♥ 7♦ 8♦", 3: "6♠ 7♠ 8♠ 9♠ 10♠"},
        [(1, "K♥"), (2, "J♠"), (3, "A♥")],
        True,
        "2♦",
    ),
    (
        "leads her best trump when strong in trumps",
        "clubs",
        {0: "9♦ 3♠ 4♠ 5♥ 6♥", 1: "J♣ 3♣ 9♥ 2♦ 4♦", 2: "7♦ 8♠ 9♠ 10♠ J♦"},
        [],
        False,
        "J♣",
    ),
    (
        "leads an off-suit king when weak in trumps",
        "clubs",
        {0: "9♦ 3♠ 4♠ 5♥ 6♥", 1: "K♦ 3♣ 9♥ 2♠ 4♦", 2: "7♦ 8♠ 9♠ 10♠ J♦"},
        [],
        False,
        "K♦",
    ),
]


@pytest.mark.parametrize(
    "why, trump, hands, trick, partnerships, expected",
    MARGARET_PLAYS,
    ids=[row[0] for row in MARGARET_PLAYS],
)
def test_margaret_plays_like_a_club_player(why, trump, hands, trick, partnerships, expected):
    players = len(hands)
    s = table(trump, hands, trick, players=players, partnerships=partnerships)
    view = view_of(s, s.to_act)
    assert choose("margaret", view, seed=0) == Play(card(expected)), why


def test_margaret_robs_throwing_her_lowest_card():
    setup = forty_fives()
    seed = next(
        n
        for n in range(3000)
        if (g := new_game(setup, n)).phase is Phase.ROB and g.turn_up.rank != "A"
    )
    s = new_game(setup, seed)
    move = choose("margaret", view_of(s, s.to_act), seed=0)
    assert isinstance(move, Rob) and move in s.legal_moves()
    assert NoRob() in s.legal_moves()
    from scoring.play.players.club import lowest

    assert move.discard == lowest(s.hands[s.to_act], s.trump, s.options)


def test_margaret_keeps_trumps_and_kings_in_the_draw():
    s = walk(auction(), 3, 0)
    while s.phase is not Phase.DISCARD:
        s = s.apply(choose("margaret", view_of(s, s.to_act), seed=0))
    move = choose("margaret", view_of(s, s.to_act), seed=0)
    assert isinstance(move, Discard)
    from scoring.games.cards import is_trump

    kept = [c for c in s.hands[s.to_act] if c not in move.cards]
    assert all(is_trump(c, s.trump) or c.rank == "K" for c in kept)
    assert all(not is_trump(c, s.trump) for c in move.cards)


# ---- the solver against brute force ------------------------------------------------


def brute(state, ours):
    """Tricks our side takes from here, our seats maximizing and the others
    minimizing, by playing the engine's own moves (no solver code)."""
    if state.phase is not Phase.PLAY or state.hand_no != 0:
        return 0
    done = len(state.tricks)
    results = []
    for move in state.legal_moves():
        after = state.apply(move)
        gain = 0
        if after.hand_no == 0 and len(after.tricks) > done:
            gain = 1 if ours[after.tricks[-1].winner] else 0
        elif after.hand_no != 0:  # the hand ended with this trick
            gain = 1 if ours[state_last_winner(state, move)] else 0
        results.append(gain + brute(after, ours))
    return max(results) if ours[state.to_act] else min(results)


def state_last_winner(state, move):
    from scoring.play.rules import trick_winner

    trick = state.trick + ((state.to_act, move.card),)
    return trick[trick_winner([c for _, c in trick], state.trump, state.options)][0]


def brute_maxn(state, n_seats, ours):
    """Tricks by seat from here, each seat for itself; ties go against our side,
    then to the fewest tricks for the lower seats."""
    if state.phase is not Phase.PLAY or state.hand_no != 0:
        return (0,) * n_seats
    done = len(state.tricks)
    best = None
    seat = state.to_act
    for move in state.legal_moves():
        after = state.apply(move)
        if after.hand_no != 0:
            w = state_last_winner(state, move)
            v = tuple(1 if s == w else 0 for s in range(n_seats))
        else:
            v = brute_maxn(after, n_seats, ours)
            if len(after.tricks) > done:
                w = after.tricks[-1].winner
                v = tuple(x + (1 if s == w else 0) for s, x in enumerate(v))
        ours_v = sum(x for x, o in zip(v, ours, strict=True) if o)
        if (
            best is None
            or v[seat] > best[seat]
            or v[seat] == best[seat]
            and (ours_v, v)
            < (
                sum(x for x, o in zip(best, ours, strict=True) if o),
                best,
            )
        ):
            best = v
    return best


def endgame(setup, seed, tricks_left, extra):
    """A real game in play with ``tricks_left`` tricks to go, ``extra`` cards on the table."""
    rng = random.Random(seed)
    s = new_game(setup, seed)
    while s.phase is not Phase.PLAY or len(s.tricks) < 5 - tricks_left or len(s.trick) < extra:
        s = s.apply(rng.choice(s.legal_moves()))
        if s.hand_no != 0:
            return None
    return s


@pytest.mark.parametrize(
    "name", ["three alone", "four in partnerships", "two alone", "hearts on hearts, no reneging"]
)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), left=st.integers(1, 3), extra=st.integers(0, 2))
def test_the_solver_agrees_with_brute_force_on_endgames(name, seed, left, extra):
    setup = SETUPS[name]()
    s = endgame(setup, seed, left, min(extra, setup.players - 1))
    if s is None:
        return
    me = s.to_act
    table_ = search_module.solver_table(s, me, s.trump)
    pos, _ = search_module.solver_position(s, table_)
    ours = table_.ours
    solver = Solver(table_)
    assert solver.value(pos) == brute(s, ours)
    for key, v in solver.values(pos).items():
        c, call = key
        assert v == brute(s.apply(Play(table_.cards[c], call)), ours) + (
            0
            if len(s.trick) < setup.players - 1
            else (1 if ours[state_last_winner(s, Play(table_.cards[c]))] else 0)
        )
    if not setup.partnerships and setup.players > 2:
        assert solver.spread(pos) == brute_maxn(s, setup.players, ours)


def test_the_solver_on_a_hand_built_endgame():
    # Two tricks left, clubs trump, seat 1 to lead with 5♣ K♦. Seat 2 holds 3♣ 4♥
    # and no diamond: leading 5♣ draws its trump and K♦ then wins (2 tricks);
    # leading K♦ first lets seat 2 trump it (1 trick).
    s = table(
        "clubs",
        {0: "2♦ 4♠", 1: "5♣ K♦", 2: "3♣ 4♥"},
        done=[
            [(1, "2♠"), (2, "7♥"), (0, "10♦")],
            [(0, "J♦"), (1, "3♦"), (2, "5♥")],
            [(0, "4♦"), (1, "Q♦"), (2, "6♥")],
        ],
    )
    assert s.to_act == 1
    table_ = search_module.solver_table(s, 1, s.trump)
    pos, _ = search_module.solver_position(s, table_)
    values = Solver(table_).values(pos)
    by_card = {str(table_.cards[c]): v for (c, _), v in values.items()}
    assert by_card == {"5♣": 2, "K♦": 1}
    assert by_card["5♣"] == brute(s.apply(Play(card("5♣"))), table_.ours)
    assert choose("angus", view_of(s, 1), seed=0) == Play(card("5♣"))


# ---- coaching ----------------------------------------------------------------------


def test_the_review_names_the_card_that_would_have_won_the_trick():
    # Last two tricks; seat 2 plays last to 9♥, 2♥ and holds K♥ 3♥: K♥ takes the trick.
    s = table(
        "clubs",
        {0: "J♠", 1: "Q♠", 2: "K♥ 3♥"},
        [(0, "9♥"), (1, "2♥")],
        done=[
            [(0, "2♠"), (1, "4♥"), (2, "10♦")],
            [(0, "J♦"), (1, "3♦"), (2, "5♥")],
            [(0, "Q♦"), (1, "4♦"), (2, "6♥")],
        ],
    )
    advice = review([(s, Play(card("3♥")))], seat=2, seed=4)
    assert len(advice) == 1
    a = advice[0]
    assert a.suggested == Play(card("K♥")) and a.lost >= 5
    assert "K♥" in a.text and "worth about" in a.text
    assert a.deals == 120 and a.better > 100 and a.worse == 0  # never worse, nearly always better
    same = review([(s, Play(card("K♥")))], seat=2, seed=4)[0]
    assert same.lost == 0 and same.suggested == Play(card("K♥")) and "Good" in same.text


def test_a_hint_is_a_legal_move_with_a_reason():
    s = table("clubs", {0: "9♦ 3♠ 4♠ 5♥", 1: "Q♥ K♥ 2♥ 3♣ 8♦", 2: "7♦ 8♠ 9♠ 10♠ J♦"}, [(0, "9♥")])
    h = hint(view_of(s, 1), seed=2)
    assert h.move in s.legal_moves()
    assert str(h.move.card) in h.reason and "\n" not in h.reason


def test_a_finished_hand_is_reviewed_move_by_move():
    s = new_game(forty_fives(), 21)
    k = 0
    while not s.summaries:
        s = s.apply(choose("margaret", view_of(s, s.to_act), seed=k))
        k += 1
    steps = steps_of(s, seat=0)
    assert steps and all(v.seat == 0 and v.hand_no == 0 for v, _ in steps)
    advice = review(steps, seat=0, seed=1)
    assert len(advice) == len(steps)
    assert all(a.lost >= 0 and a.text for a in advice)
