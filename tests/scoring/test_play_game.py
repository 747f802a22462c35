"""A game as moves (scoring/play/game.py), the deal, and what each seat may know (view.py).

Worked examples of the deal, robbing, bidding and scoring, then hypothesis
properties over random legal play: every card is somewhere, each trick has
one winner, a hand is worth 30 (25 with no trump played), replay is exact,
undo then redo is the same state, random play ends the game, and a seat's
view rebuilds into a full state that shows that seat the same view.
"""

from __future__ import annotations

import dataclasses
import doctest
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.games.cards import Card, Suit, card, deck, is_trump
from scoring.play import deal as deal_module
from scoring.play import game as game_module
from scoring.play import records as records_module
from scoring.play import rules as rules_module
from scoring.play import setup as play_setup
from scoring.play import view as view_module
from scoring.play.deal import deal, shuffled
from scoring.play.game import IllegalMove, Phase, new_game, replay, undo
from scoring.play.rules import PlayOptions, Renege
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
from scoring.play.view import determinize, sample, view_of

FAST = settings(max_examples=40, deadline=None)


@pytest.mark.parametrize(
    "module",
    [
        rules_module,
        deal_module,
        play_setup,
        records_module,
        game_module,
        view_module,
    ],
)
def test_doctests(module):
    assert doctest.testmod(module).failed == 0


def test_scoring_play_imports_no_django():
    import ast
    import pathlib

    for path in pathlib.Path("scoring/play").glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = [a.name for a in getattr(node, "names", [])]
            module = getattr(node, "module", None) or ""
            assert not any(n.startswith("django") for n in names + [module]), path


# ---- the deal --------------------------------------------------------------------


def test_the_deal_goes_3_then_2_from_the_dealers_left():
    cards = shuffled(5)
    d = deal(cards, players=4, dealer=3)
    # seat 0 is on the dealer's left: first 3 cards, then cards 12..13
    assert d.hands[0] == cards[0:3] + cards[12:14]
    assert d.hands[3] == cards[9:12] + cards[18:20]
    assert d.turn_up == cards[20]
    assert d.stock == cards[21:]


def test_the_newfoundland_deal_goes_2_then_3():
    cards = shuffled(5)
    d = deal(cards, players=3, dealer=0, pattern="2-3")
    assert d.hands[1] == cards[0:2] + cards[6:9]


def test_the_joker_is_never_turned_up():
    cards = [c for c in deck(joker=True) if c != card("Joker")]
    cards.insert(10, card("Joker"))
    d = deal(cards, players=2, dealer=0)
    assert d.turn_up == cards[11] and d.stock[-1] == card("Joker")


def test_a_seed_gives_the_same_game():
    assert new_game(forty_fives(), 11) == new_game(forty_fives(), 11)
    assert new_game(forty_fives(), 11).hands != new_game(forty_fives(), 12).hands


# ---- traditional: the turn-up and robbing ----------------------------------------


def seed_where(setup, test):
    return next(seed for seed in range(5000) if test(new_game(setup, seed)))


def test_an_ace_turned_up_must_be_taken_by_the_dealer():
    setup = forty_fives()
    seed = seed_where(setup, lambda s: s.turn_up.rank == "A")
    s = new_game(setup, seed)
    assert s.phase is Phase.ROB and s.to_act == s.dealer
    assert NoRob() not in s.legal_moves()
    with pytest.raises(IllegalMove, match="the dealer must take it"):
        s.apply(NoRob())
    give = s.hands[s.dealer][0]
    s = s.apply(Rob(give))
    assert s.turn_up in s.hands[s.dealer] and give not in s.hands[s.dealer]
    assert s.discards[s.dealer] == (give,) and s.taken_by == s.dealer
    assert s.phase is Phase.PLAY and s.to_act == (s.dealer + 1) % 3


def holder_of_the_ace(s):
    ace = Card("A", s.trump)
    return next((seat for seat, h in enumerate(s.hands) if ace in h), None)


def test_the_holder_of_the_ace_of_trumps_may_rob_before_its_first_card():
    setup = forty_fives()
    seed = seed_where(setup, lambda s: holder_of_the_ace(s) == 2 and s.turn_up.rank != "A")
    s = new_game(setup, seed)
    assert s.phase is Phase.PLAY and s.to_act == 1
    assert view_of(s, 1).phase is Phase.PLAY
    s = s.apply(s.legal_moves()[0])
    assert s.phase is Phase.ROB and s.to_act == 2 and NoRob() in s.legal_moves()
    # the others see seat 2 about to play, not about to rob: that would show the ace
    assert view_of(s, 0).phase is Phase.PLAY and view_of(s, 2).phase is Phase.ROB
    declined = s.apply(NoRob())
    assert declined.phase is Phase.PLAY and declined.to_act == 2
    robbed = s.apply(Rob(s.hands[2][0]))
    assert robbed.hands[2][-1] == s.turn_up and view_of(robbed, 0).known[2] == (s.turn_up,)
    assert view_of(robbed, 0).discard_counts[2] == 1 and view_of(robbed, 0).discards == ()


def test_a_refused_card_says_why():
    setup = forty_fives()
    s = new_game(setup, 4)
    while s.phase is not Phase.PLAY or len(s.trick) != 1:
        s = s.apply(s.legal_moves()[0])
    hand = s.hands[s.to_act]
    bad = [c for c in hand if Play(c) not in s.legal_moves()]
    if bad:
        with pytest.raises(IllegalMove) as caught:
            s.apply(Play(bad[0]))
        assert caught.value.reason.startswith(("You must", "When the ace", "The ", "Only"))
    with pytest.raises(IllegalMove, match="You do not hold"):
        s.apply(Play(next(c for c in deck() if c not in hand)))
    with pytest.raises(IllegalMove, match="It is time to play a card."):
        s.apply(Pass())


def test_hearts_on_hearts_is_called_when_leading_the_ace_of_hearts():
    setup = forty_fives(options=PlayOptions(hearts_on_hearts=True))
    seed = seed_where(setup, lambda s: s.phase is Phase.PLAY and card("A♥") in s.hands[s.to_act])
    s = new_game(setup, seed)
    assert Play(card("A♥"), call=True) in s.legal_moves()
    s = s.apply(Play(card("A♥"), call=True))
    assert s.called and view_of(s, 0).called
    plain = forty_fives()
    s = new_game(plain, seed)
    with pytest.raises(IllegalMove, match="Hearts on hearts is not played"):
        s.apply(Play(card("A♥"), call=True))


# ---- scoring a hand --------------------------------------------------------------


def play_out_hand(s, rng):
    hands = len(s.summaries)
    while len(s.summaries) == hands and not s.over:
        s = s.apply(rng.choice(s.legal_moves()))
    return s


def test_a_hand_is_scored_by_scoring_games():
    s = play_out_hand(new_game(forty_fives(), 21), random.Random(1))
    last = s.last_hand
    assert sum(last.tricks) == 5
    assert sum(last.points) == (30 if last.best else 25)
    assert s.scores == last.scores == last.changes
    winner_side = s.setup.side_of(last.best_seat)
    assert last.points[winner_side] == 5 * last.tricks[winner_side] + 5
    assert s.dealer == 1 and s.hand_no == 1


def test_each_finished_trick_is_explained():
    s = new_game(forty_fives(4, partnerships=True), 3)
    rng = random.Random(2)
    while len(s.tricks) < 2:
        s = s.apply(rng.choice(s.legal_moves()))
    for t in s.tricks:
        assert t.winner in [seat for seat, _ in t.plays]
        assert t.explanation.startswith(str(dict(t.plays)[t.winner]))


# ---- Auction Forty-Fives -------------------------------------------------------------


def test_auction_bidding_naming_trump_and_the_draw():
    setup = auction(dealer_may_hold=True)
    s = new_game(setup, 8)
    assert s.phase is Phase.BID and s.to_act == 1 and s.turn_up is None
    assert Hold() not in s.legal_moves()
    s = s.apply(Bid(20))
    with pytest.raises(IllegalMove, match="Bids must rise by 5."):
        s.apply(Bid(20))
    s = s.apply(Pass()).apply(Pass())
    assert s.to_act == 0 and Hold() in s.legal_moves()
    s = s.apply(Hold())
    assert s.phase is Phase.TRUMP and s.bidder == 0 and s.bid == 20
    s = s.apply(NameTrump(Suit.CLUBS))
    assert s.trump is Suit.CLUBS and s.phase is Phase.DISCARD and s.to_act == 1
    stock = s.stock
    s = s.apply(Discard(s.hands[1][:3]))
    assert s.hands[1][-3:] == stock[:3] and len(s.stock) == len(stock) - 3
    with pytest.raises(IllegalMove, match="Only the dealer may rob the pack."):
        s.apply(Discard(s.hands[2][:1], take=(s.stock[5],)))
    s = s.apply(Discard()).apply(Discard(s.hands[3]))
    assert s.to_act == 0 and view_of(s, 0).pack == s.stock and view_of(s, 1).pack == ()
    want = s.stock[-2:]
    s = s.apply(Discard(s.hands[0][:2], take=want))
    assert set(want) <= set(s.hands[0]) and s.phase is Phase.PLAY and s.to_act == 1
    assert view_of(s, 2).discard_counts == (2, 3, 0, 5)


def test_everyone_passing_bags_the_dealer_at_15():
    s = new_game(auction(), 2)
    for _ in range(4):
        s = s.apply(Pass())
    assert s.bidder == 0 and s.bid == 15 and s.phase is Phase.TRUMP


def test_a_side_on_100_may_not_bid_15_with_the_option():
    setup = auction(minimum_20_at_100=True)
    start = new_game(setup, 2)
    s = dataclasses.replace(start, score=dataclasses.replace(start.score, scores=(0, 100)))
    assert s.setup.side_of(s.to_act) == 1
    with pytest.raises(IllegalMove, match="may not bid 15"):
        s.apply(Bid(15))
    assert Bid(15) not in s.legal_moves() and Bid(20) in s.legal_moves()


def test_an_auction_hand_is_scored_for_the_bidder():
    s = new_game(auction(), 6)
    s = s.apply(Bid(30)).apply(Pass()).apply(Pass()).apply(Pass())
    s = play_out_hand(s.apply(NameTrump(Suit.HEARTS)), random.Random(3))
    last = s.last_hand
    assert last.bidder == 1 and last.bid == 30
    side = 1
    if last.points[side] >= 30:
        assert last.made and last.changes[side] == last.points[side]
    else:
        assert not last.made and last.changes[side] == -30


# ---- properties of random play ---------------------------------------------------------

SETUPS = [
    forty_fives(),
    forty_fives(2),
    forty_fives(4, partnerships=True),
    forty_fives(3, options=PlayOptions(joker=True, renege=Renege.LOWER_LED, must_follow=False)),
    forty_fives(4, partnerships=True, options=PlayOptions(hearts_on_hearts=True, deal="2-3")),
    forty_fives(2, options=PlayOptions(renege=Renege.NONE, aces_high=True), five_only_bonus=True),
    auction(),
    auction(dealer_may_hold=True, options=PlayOptions(joker=True, renege=Renege.FIVE_ONLY)),
]


def choose(s, rng):
    """A random legal move; in the bidding a pass or a low bid (random bids of 30 set
    the bidder so often that the scores drift below zero and the game never ends),
    and the dealer sometimes robs the pack."""
    moves = s.legal_moves()
    if s.phase is Phase.BID:
        moves = [m for m in moves if not isinstance(m, Bid) or m.amount <= 20]
    if s.phase is Phase.DISCARD and s.to_act == s.dealer and s.stock and rng.random() < 0.3:
        n = rng.randint(1, min(5, len(s.stock)))
        return Discard(tuple(rng.sample(s.hands[s.dealer], n)), tuple(rng.sample(s.stock, n)))
    return rng.choice(moves)


def random_game(setup, seed, limit=None):
    """Every state of a random game, from the deal to the end (or ``limit`` moves)."""
    rng = random.Random(seed)
    s = new_game(setup, seed)
    states = [s]
    while not s.over and (limit is None or len(states) <= limit):
        s = s.apply(choose(s, rng))
        states.append(s)
    return states


games = st.tuples(st.sampled_from(SETUPS), st.integers(0, 10**6))


@FAST
@given(games)
def test_random_play_ends_the_game_with_every_card_somewhere(game):
    setup, seed = game
    states = random_game(setup, seed)
    last = states[-1]
    assert last.over and last.winner is not None and last.legal_moves() == ()
    target = setup.variant.target
    assert last.scores[last.winner] >= target
    assert last.scores[last.winner] == max(last.scores)
    for s in states:
        cards = s.all_cards()
        assert len(cards) == setup.deck_size() == len(set(cards))
        assert all(len(h) <= 5 for h in s.hands)


@FAST
@given(games)
def test_each_trick_has_one_winner_and_each_hand_is_worth_30_or_25(game):
    setup, seed = game
    states = random_game(setup, seed)
    for before, after in zip(states, states[1:], strict=False):
        if len(after.tricks) == len(before.tricks) + 1:
            t = after.tricks[-1]
            assert len(t.plays) == setup.players
            assert len({seat for seat, _ in t.plays}) == setup.players
            assert [seat for seat, _ in t.plays].count(t.winner) == 1
    for h in states[-1].summaries:
        assert sum(h.tricks) == 5
        assert sum(h.points) == (25 if h.best is None else 30)
        if h.best is not None:
            assert h.points[setup.side_of(h.best_seat)] >= 10


@FAST
@given(games, st.integers(0, 400))
def test_replay_is_exact_and_undo_then_redo_is_the_same_state(game, cut):
    setup, seed = game
    states = random_game(setup, seed, limit=cut)
    s = states[-1]
    assert replay(setup, seed, s.moves) == s
    assert replay(setup, seed, list(s.moves)) == replay(setup, seed, s.moves)
    if s.moves:
        before = undo(s)
        assert before == states[-2]
        assert before.apply(s.moves[-1]) == s


def test_undo_needs_a_move():
    with pytest.raises(IllegalMove, match="nothing to undo"):
        undo(new_game(forty_fives(), 1))


def test_a_refused_move_in_a_replay_says_why():
    with pytest.raises(IllegalMove, match="It is time to play a card."):
        replay(forty_fives(), 1, [Bid(20)])


@settings(max_examples=20, deadline=None)
@given(games, st.integers(0, 60), st.integers(0, 10**6))
def test_a_view_rebuilds_into_a_state_that_shows_the_same_view(game, cut, pick):
    setup, seed = game
    s = random_game(setup, seed, limit=cut)[-1]
    rng = random.Random(pick)
    for seat in range(setup.players):
        v = view_of(s, seat)
        assert v.hand == s.hands[seat]
        # the true cards rebuild the true state (less its history)
        hands = {
            o: tuple(c for c in s.hands[o] if c not in v.known[o])
            for o in range(setup.players)
            if o != seat
        }
        rest = [] if v.pack else list(s.stock)
        rest += [c for o in range(setup.players) if o != seat for c in s.discards[o]]
        rebuilt = determinize(v, hands, rest, seed=s.seed)
        want = dataclasses.replace(s, moves=())
        if s.to_act != seat and s.declined:  # others cannot know it declined to rob
            want = dataclasses.replace(want, phase=Phase.ROB, declined=False)
        assert rebuilt == want
        # any guess that fits shows this seat exactly what it sees
        guess = sample(v, rng)
        assert view_of(guess, seat) == v
        assert sorted(map(str, guess.all_cards())) == sorted(map(str, s.all_cards()))
        # what the others hold is what the view says it cannot see
        for other in range(setup.players):
            if other != seat:
                for c in s.hands[other]:
                    assert v.could_hold(other, c)


def test_a_void_shown_in_play_is_kept_by_every_guess():
    rng = random.Random(0)
    s = new_game(forty_fives(), 0)
    while not any(void.seat != 0 for void in view_of(s, 0).voids):
        s = s.apply(rng.choice(s.legal_moves()))
        assert s.hand_no == 0, "no void shown in the first hand"
    v = view_of(s, 0)
    void = next(void for void in v.voids if void.seat != 0)
    ruled = v.cannot_hold[void.seat]
    if void.suit is not None:
        assert {c for c in v.unseen() if c.suit is void.suit and not is_trump(c, s.trump)} <= ruled
    for _ in range(20):
        assert not set(sample(v, rng).hands[void.seat]) & ruled
    bad = next((c for c in v.unseen() if c in ruled), None)
    if bad is not None:
        hands = {o: [c for c in s.hands[o] if c != bad] for o in (1, 2)}
        hands[void.seat][0] = bad
        with pytest.raises(ValueError, match="has shown it does not hold"):
            determinize(v, hands)
