"""Margaret's sense at the table (scoring/play/players/club.py): the plays a club
player would call silly, set up as the positions the players met.

Four blind spots, each a worked example from a played game: a card known to be
in a hand (the ace the dealer took from the turn-up), who bid (a defender does
not lead trumps into the bidder's suit), the players still to play (a cheap win
that the card behind beats), and the bidding (by the hand's worth, not the least
allowed). Then what she counts on: the chance a card holds the trick, her
estimate of a hand's points, with table-driven examples and properties.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.games.cards import Suit, card, is_trump
from scoring.play.game import new_game
from scoring.play.players.club import chance_to_hold, hand_worth, margaret_choose, sure_trick
from scoring.play.records import Phase, TrickResult
from scoring.play.rules import PlayOptions, trick_winner, trump_ranks
from scoring.play.setup import Bid, Hold, Pass, Play, auction, forty_fives
from scoring.play.view import view_of

D, H, C, S = Suit.DIAMONDS, Suit.HEARTS, Suit.CLUBS, Suit.SPADES


def cards(text: str):
    return tuple(card(w) for w in text.split())


def position(setup, trump, hands, trick=(), *, done=(), dealer=None, leader=1, me=None, **changes):
    """A hand in play: ``hands`` by seat (cards as text), ``trick`` (seat, card) on
    the table, ``done`` earlier tricks as (seat, card) plays (the best card wins),
    ``leader`` to lead when no trick is on the table or done; the view is
    ``me``'s (by default the seat to act's);
    ``changes``: more State fields (turn_up, taken_by, bidder, bid, calls)."""
    results = []
    for plays in done:
        plays = tuple((s, card(c)) for s, c in plays)
        won = plays[trick_winner([c for _, c in plays], trump, setup.options)][0]
        results.append(TrickResult(plays, won, ""))
    trick = tuple((s, card(c)) for s, c in trick)
    leader = trick[0][0] if trick else (results[-1].winner if results else leader)
    n = setup.players
    fields = {
        "hands": tuple(cards(hands[s]) for s in range(n)),
        "stock": (),
        "discards": ((),) * n,
        "trump": trump,
        "turn_up": None,
        "taken_by": None,
        "trick": trick,
        "tricks": tuple(results),
        "phase": Phase.PLAY,
        "to_act": (leader + len(trick)) % n,
        "dealer": (leader - 1) % n if dealer is None else dealer,
    }
    state = dataclasses.replace(new_game(setup, 0), **(fields | changes))
    return view_of(state, state.to_act if me is None else me)


def auction_calls(dealer: int, bidder: int, amount: int):
    """The bidding from the dealer's left: ``bidder`` bids ``amount``, the others pass."""
    order = [(dealer + k) % 4 for k in range(1, 5)]
    return tuple((s, Bid(amount) if s == bidder else Pass()) for s in order)


def defending(bidder: int, hand: str, *, me: int = 0):
    """Seat ``me`` to lead the first trick of an Auction hand, clubs trump, named by ``bidder``."""
    others = ["5♣ J♣ A♥ K♣ 2♦", "3♦ 4♦ 6♦ 7♥ 8♥", "10♦ 9♦ Q♦ J♦ K♦"]
    hands = {me: hand} | {s: others.pop() for s in range(4) if s != me}
    return position(
        auction(),
        C,
        hands,
        dealer=(me - 1) % 4,
        leader=me,
        calls=auction_calls((me - 1) % 4, bidder, 20),
        bidder=bidder,
        bid=20,
    )


# ---- the four blind spots, from played games ------------------------------------


def test_she_does_not_lead_her_queen_of_trumps_into_the_ace_the_dealer_took():
    # Spades trump; the dealer (seat 0) took the A♠ turned up: everyone saw it go
    # into that hand. She leads with 9♠ Q♣ 5♣ 8♠ Q♠: the Q♠ would fall to the A♠, so
    # she draws trumps with her lowest one and keeps the queen for later.
    view = position(
        forty_fives(3),
        S,
        {0: "A♠ 3♦ 4♦ 6♥ 7♥", 1: "9♠ Q♣ 5♣ 8♠ Q♠", 2: "2♦ 9♥ 10♥ J♦ K♥"},
        dealer=0,
        turn_up=card("A♠"),
        taken_by=0,
    )
    assert view.seat == 1 and view.known[0] == (card("A♠"),)
    assert margaret_choose(view) == Play(card("9♠"))


def test_with_the_ace_taken_by_nobody_she_still_leads_her_best_trump():
    # The same hand, the A♠ not shown: the queen is her best lead, as before.
    view = position(
        forty_fives(3),
        S,
        {0: "A♠ 3♦ 4♦ 6♥ 7♥", 1: "9♠ Q♣ 5♣ 8♠ Q♠", 2: "2♦ 9♥ 10♥ J♦ K♥"},
        dealer=0,
    )
    assert margaret_choose(view) == Play(card("Q♠"))


def test_a_defender_does_not_lead_the_ace_of_trumps_into_the_bidder_s_clubs():
    # Auction, seat 1 bid 20 and named clubs. Defending (seat 0), with A♣ 5♠ 9♣ 8♦ 9♠,
    # the A♣ would only feed the bidder's 5♣, J♣ or A♥: she leads her lowest card.
    view = defending(1, "A♣ 5♠ 9♣ 8♦ 9♠")
    assert view.seat == 0 and view.bidder == 1
    assert margaret_choose(view) == Play(card("9♠"))


def test_on_the_bidder_s_side_she_leads_the_same_ace_of_trumps():
    # Her partner (seat 2) bid and named clubs: drawing trumps helps her side.
    view = defending(2, "A♣ 5♠ 9♣ 8♦ 9♠")
    assert margaret_choose(view) == Play(card("A♣"))


def test_a_defender_leads_a_trump_that_nothing_can_beat():
    # Defending with the 5♣ (the best trump, and a second trump): it takes the trick
    # whatever the bidder holds, and pulls one of the bidder's trumps.
    view = defending(1, "5♣ 9♣ 8♦ 9♠ 4♠")
    assert margaret_choose(view) == Play(card("5♣"))


def test_second_to_play_she_wins_with_a_card_the_player_behind_is_unlikely_to_beat():
    # Hearts trump, 9♣ led. With 4♣ K♦ J♣ the 4♣ wins for now, but any of five
    # clubs behind her beats it (the 2♣ did); the J♣ only loses to the K♣ or Q♣.
    view = position(
        forty_fives(3),
        H,
        {0: "10♦ 3♣", 1: "4♣ K♦ J♣", 2: "2♣ 7♠ 8♠"},
        [(0, "9♣")],
        done=[
            [(1, "2♠"), (2, "3♠"), (0, "4♠")],
            [(1, "6♦"), (2, "7♦"), (0, "Q♦")],
        ],
    )
    assert view.seat == 1
    assert margaret_choose(view) == Play(card("J♣"))


def test_third_to_play_as_bidder_she_trumps_high_enough_not_to_be_overtrumped():
    # Auction, clubs trump, she (seat 2) bid. 2♦ led, 9♦ on it; she holds
    # A♥ A♣ 3♣ 5♣ and no diamond. The 3♣ loses to any of four trumps behind her
    # (the K♣ was there); the A♣ only to the J♣. She keeps the 5♣ to catch the J♣.
    view = position(
        auction(),
        C,
        {0: "3♥ 4♥ 6♥", 1: "7♥ 8♥ 9♥", 2: "A♥ A♣ 3♣ 5♣", 3: "K♣ 4♠ 5♠ 6♠"},
        [(0, "2♦"), (1, "9♦")],
        done=[[(3, "6♠"), (0, "K♠"), (1, "7♠"), (2, "10♠")]],
        dealer=1,
        calls=auction_calls(1, 2, 20),
        bidder=2,
        bid=20,
    )
    assert view.seat == 2
    assert margaret_choose(view) == Play(card("A♣"))


def test_last_to_play_she_still_wins_with_her_lowest_winning_card():
    # Nobody behind her: the cheapest card that wins is sure.
    view = position(
        forty_fives(3),
        H,
        {0: "10♦ 3♣", 1: "2♣ 7♠", 2: "4♣ K♦ J♣"},
        [(0, "9♣"), (1, "8♣")],
        done=[
            [(1, "2♠"), (2, "3♠"), (0, "4♠")],
            [(1, "6♦"), (2, "7♦"), (0, "Q♦")],
        ],
    )
    assert view.seat == 2
    assert margaret_choose(view) == Play(card("4♣"))


FIRST_TRICK_FOLLOWS = [
    # (why, her hand, the card she plays), hearts trump, 9♣ led, one player behind
    ("the cheapest card likely to hold, not the surest", "4♣ J♣ K♣ 7♦ 8♦", "J♣"),
    (
        "none likely to hold: the likeliest (four clubs beat the 2♣, six the 4♣)",
        "4♣ 2♣ 7♦ 8♦ 9♦",
        "2♣",
    ),
    ("a trump nothing can beat is kept while a cheaper trump may win", "5♥ 3♥ 7♦ 8♦ 9♦", "3♥"),
    ("only sure trumps win: the cheaper of them", "5♥ J♥ 7♦ 8♦ 9♦", "J♥"),
]


@pytest.mark.parametrize(
    ("why", "hand", "played"), FIRST_TRICK_FOLLOWS, ids=[r[0] for r in FIRST_TRICK_FOLLOWS]
)
def test_second_to_play_she_weighs_the_cards_that_may_beat_hers(why, hand, played):
    view = position(
        forty_fives(3),
        H,
        {0: "10♦ 3♣ 4♦ 5♦", 1: hand, 2: "3♠ 7♠ 8♠ 9♠ 10♠"},
        [(0, "9♣")],
    )
    assert view.seat == 1
    assert margaret_choose(view) == Play(card(played)), why


@pytest.mark.parametrize(
    ("why", "hand", "turn_up", "done", "mine", "sure"),
    [
        ("the 5 of trumps", "5♠ 2♦ 3♦ 4♦ 6♦", None, (), "5♠", True),
        ("the J while the 5 is out", "J♠ 2♦ 3♦ 4♦ 6♦", None, (), "J♠", False),
        ("the J with the 5 in her hand", "J♠ 5♠ 3♦ 4♦ 6♦", None, (), "J♠", True),
        ("the J while the dealer holds the 5 it took", "J♠ 2♦ 3♦ 4♦ 6♦", "5♠", (), "J♠", False),
        (
            "the J once the 5 is played",
            "J♠ 3♦ 4♦ 6♦",
            None,
            [[(1, "2♦"), (2, "5♠"), (0, "7♦")]],
            "J♠",
            True,
        ),
        ("a plain king is never sure", "K♦ 2♦ 3♦ 4♦ 6♦", None, (), "K♦", False),
    ],
)
def test_a_sure_trick_is_a_trump_no_card_she_cannot_see_beats(why, hand, turn_up, done, mine, sure):
    others = {0: "A♠ 7♥ 8♥ 9♥ 10♥", 2: "2♥ 3♥ 4♥ 6♥ 7♣"}
    if turn_up:
        others[0] = turn_up + " 7♥ 8♥ 9♥ 10♥"
    if done:
        others = {s: " ".join(h.split()[1:]) for s, h in others.items()}
    view = position(
        forty_fives(3),
        S,
        others | {1: hand},
        done=done,
        dealer=0,
        leader=1,
        turn_up=card(turn_up) if turn_up else None,
        taken_by=0 if turn_up else None,
        me=1,
    )
    assert sure_trick(view, card(mine)) is sure, why


# ---- bidding by the hand's worth ------------------------------------------------------


def bidding_view(hand: str, *, place: int, calls=(), **variant):
    """Seat 0's view in the Auction bidding, ``place`` seats from the dealer's left
    (1: first to bid, 4: the dealer), after ``calls``; its legal moves are the
    engine's for that bidding (pass, every higher bid, the dealer's hold)."""
    setup = auction(dealer_may_hold=True, **variant)
    high = max((m.amount for _, m in calls if isinstance(m, Bid)), default=0)
    dealer = (0 - place) % 4
    legal = [Pass()] + [Bid(a) for a in (15, 20, 25, 30) if a > high]
    if place == 4 and high:
        legal.append(Hold())
    base = view_of(new_game(setup, 0), 0)
    return dataclasses.replace(
        base,
        hand=cards(hand),
        legal=tuple(legal),
        calls=tuple(calls),
        dealer=dealer,
        phase=Phase.BID,
    )


PASSED = [(1, Pass()), (2, Pass()), (3, Pass())]
BIDDING = [
    # (why, hand, place from the dealer's left, calls, the move)
    ("a five-trick hand, first to bid: 30, not 15", "5♦ J♦ A♥ A♦ K♦", 1, (), Bid(30)),
    ("three tricks with her partner's and the 5 for best: 20", "5♦ 2♦ K♣ 8♠ 7♥", 1, (), Bid(20)),
    ("3.5 tricks and the 5: 22.5 is bid as 20", "5♦ J♦ 2♦ 9♣ 8♠", 1, (), Bid(20)),
    ("4.5 tricks and no 5: 22.5 is bid as 20", "J♦ A♥ A♦ 2♦ 9♣", 1, (), Bid(20)),
    ("2.5 tricks, no 5: 12.5, she passes", "J♦ 2♦ 9♣ 8♠ 7♥", 1, (), Pass()),
    ("4.5 tricks and the 5: 27.5 is bid as 25", "5♦ J♦ A♥ 2♦ 9♣", 1, (), Bid(25)),
    (
        "over an opponent's 15 she bids what the hand is worth",
        "5♦ J♦ A♥ 2♦ 9♣",
        2,
        [(3, Bid(15))],
        Bid(25),
    ),
    (
        "worth no more than the bid to beat: she passes",
        "5♦ 2♦ K♣ 8♠ 7♥",
        2,
        [(3, Bid(20))],
        Pass(),
    ),
    (
        "her partner holds the bid: she does not bid against her own side",
        "5♦ J♦ A♥ A♦ K♦",
        3,
        [(2, Bid(15)), (3, Pass())],
        Pass(),
    ),
    ("the dealer, all passed: the least bid takes it", "5♦ J♦ A♥ A♦ K♦", 4, PASSED, Bid(15)),
    ("the dealer, all passed, a weak hand: she passes", "J♦ 2♦ 9♣ 8♠ 7♥", 4, PASSED, Pass()),
    (
        "the dealer over an opponent's 20, worth 30: she holds",
        "5♦ J♦ A♥ A♦ K♦",
        4,
        [(1, Bid(20)), (2, Pass()), (3, Pass())],
        Hold(),
    ),
    (
        "the dealer, her partner has the bid: she leaves it there",
        "5♦ J♦ A♥ A♦ K♦",
        4,
        [(1, Pass()), (2, Bid(20)), (3, Pass())],
        Pass(),
    ),
]


@pytest.mark.parametrize(
    ("why", "hand", "place", "calls", "move"), BIDDING, ids=[r[0] for r in BIDDING]
)
def test_she_bids_what_her_hand_is_worth(why, hand, place, calls, move):
    assert margaret_choose(bidding_view(hand, place=place, calls=calls)) == move, why


def test_the_dealer_bids_30_alone_when_30_scores_60_and_her_hand_makes_it():
    strong = bidding_view("5♦ J♦ A♥ A♦ K♦", place=4, calls=PASSED, thirty_for_sixty="loses_30")
    assert margaret_choose(strong) == Bid(30)
    weaker = bidding_view("5♦ J♦ 2♦ 9♣ 8♠", place=4, calls=PASSED, thirty_for_sixty="loses_30")
    assert margaret_choose(weaker) == Bid(15)


def test_first_to_bid_she_bids_above_the_least_on_most_hands_she_bids_on():
    # Sixty seeded Auction deals, the first call of each (the dealer's left): the
    # hands she bids on get their worth, not all 15.
    setup = auction(dealer_may_hold=True)
    made = []
    for seed in range(60):
        state = new_game(setup, seed)
        move = margaret_choose(view_of(state, state.to_act))
        if isinstance(move, Bid):
            made.append(move.amount)
    assert len(made) >= 10 and sum(a > 15 for a in made) >= len(made) // 2


@pytest.mark.parametrize(
    ("hand", "trump", "partnerships", "points"),
    [
        ("5♦ J♦ A♥ A♦ K♦", D, True, 30),  # five tricks (capped) and the 5 for best
        ("5♦ J♦ A♥ A♦ K♦", D, False, 27.5),  # alone: 4.5 tricks and the 5
        ("5♦ 2♦ K♣ 8♠ 7♥", D, True, 20),
        ("J♦ A♥ A♦ 2♦ 9♣", D, True, 22.5),  # 3.5 tricks and her partner's, no 5
        ("9♣ 8♠ 7♥ 6♠ 4♣", D, True, 5),  # nothing: her partner's trick
        ("9♣ 8♠ 7♥ 6♠ 4♣", C, False, 5),  # the 9♣ and the 4♣, half a trick each
        ("5♥ J♥ A♥ K♥ Q♥", H, True, 30),  # every trick: 25 and the 5, never more
    ],
)
def test_a_hand_s_worth_is_five_points_a_trick_and_five_for_the_best_trump(
    hand, trump, partnerships, points
):
    assert hand_worth(cards(hand), trump, PlayOptions(), partnerships=partnerships) == points


# ---- the chance a card holds the trick ------------------------------------------------


def dealer_took_the_ace():
    """She (seat 1) leads; spades trump; the dealer (seat 0) took the A♠ turned up."""
    return position(
        forty_fives(3),
        S,
        {0: "A♠ 3♦ 4♦ 6♥ 7♥", 1: "9♠ Q♣ 5♣ 8♠ Q♠", 2: "2♦ 9♥ 10♥ J♦ K♥"},
        dealer=0,
        turn_up=card("A♠"),
        taken_by=0,
    )


def test_the_chance_a_card_holds_counts_the_cards_that_beat_it_behind_her():
    view = dealer_took_the_ace()
    # 46 cards she cannot place: 4 in the dealer's hand besides the A♠, 5 in seat 2's
    behind = 4 / 46 + 5 / 46
    assert chance_to_hold(view, card("Q♠")) == 0.0  # the dealer holds the A♠
    assert chance_to_hold(view, card("Q♣")) == pytest.approx(1 - behind)  # the K♣ only
    # the K♣, J♣, A♣, 2♣, 3♣ and 4♣ beat the 5♣ (black: low numbers high)
    assert chance_to_hold(view, card("5♣")) == pytest.approx((1 - behind) ** 6)


def test_a_seat_behind_her_that_cannot_follow_may_trump_her_card():
    # Hearts trump, 9♣ led; seat 2 showed it has no club (it threw a diamond on a
    # club lead): any trump it may hold beats her J♣.
    base = {
        "setup": forty_fives(3),
        "trump": H,
        "hands": {0: "10♦ 3♣", 1: "4♣ K♦ J♣", 2: "2♥ 7♠ 8♠"},
        "trick": [(0, "9♣")],
    }
    follows = position(
        **base, done=[[(1, "2♠"), (2, "3♠"), (0, "4♠")], [(1, "6♣"), (2, "7♣"), (0, "Q♦")]]
    )
    void = position(
        **base, done=[[(1, "2♠"), (2, "3♠"), (0, "4♠")], [(1, "6♣"), (2, "7♦"), (0, "Q♦")]]
    )
    assert chance_to_hold(void, card("J♣")) < chance_to_hold(follows, card("J♣"))
    assert margaret_choose(follows) == Play(card("J♣"))


def test_only_opponents_behind_her_count_not_her_partner():
    # Four in partnerships, hearts trump, 9♣ led on the first trick: she (seat 1) is
    # second; seat 2 (an opponent) and her partner (seat 3) are still to play. The
    # J♣ is beaten by the K♣ or Q♣, counted in the opponent's 5 of 46 cards only.
    view = position(
        forty_fives(4, partnerships=True),
        H,
        {0: "10♦ 3♣ 4♦ 5♦", 1: "4♣ K♦ J♣ 7♦ 8♦", 2: "2♣ 7♠ 8♠ 9♠ 10♠", 3: "A♣ 2♠ 3♠ 4♠ 5♠"},
        [(0, "9♣")],
    )
    assert view.seat == 1
    assert chance_to_hold(view, card("J♣")) == pytest.approx((1 - 5 / 46) ** 2)


PLAY_SETUPS = [
    lambda: forty_fives(3),
    lambda: forty_fives(4, partnerships=True),
    lambda: auction(dealer_may_hold=True),
]


def in_play_somewhere(which: int, seed: int, steps: int):
    """A real game after random legal moves, at a seat to play a card (or None)."""
    rng = random.Random(seed)
    s = new_game(PLAY_SETUPS[which](), seed)
    for _ in range(steps):
        if s.over:
            return None
        moves = s.legal_moves()
        if s.phase is Phase.DISCARD:
            moves = tuple(m for m in moves if len(m.cards) <= 1)
        s = s.apply(rng.choice(moves))
    if s.over or s.phase is not Phase.PLAY:
        return None
    return view_of(s, s.to_act)


@settings(max_examples=60, deadline=None)
@given(which=st.integers(0, 2), seed=st.integers(0, 10**6), steps=st.integers(0, 40))
def test_a_chance_is_a_chance_and_a_stronger_card_of_the_same_suit_holds_as_well(
    which, seed, steps
):
    view = in_play_somewhere(which, seed, steps)
    if view is None:
        return
    trump, o = view.trump, view.setup.options
    mine = [m.card for m in view.legal if isinstance(m, Play)]
    chances = {c: chance_to_hold(view, c) for c in mine}
    assert all(0.0 <= p <= 1.0 for p in chances.values())
    if len(view.trick) == view.setup.players - 1:  # last to play: nobody can beat her
        assert all(p == 1.0 for p in chances.values())
    top = next(c for c, i in trump_ranks(trump, o.joker).items() if i == 0)
    if top in chances:  # the best trump of all holds whatever is behind
        assert chances[top] == 1.0
    shown = tuple(c for _, c in view.trick)
    wins = [c for c in mine if shown and trick_winner(shown + (c,), trump, o) == len(shown)]
    for a in wins:
        for b in wins:
            if a == b:
                continue
            same_kind = is_trump(a, trump) == is_trump(b, trump)
            if same_kind and trick_winner(shown + (b, a), trump, o) == len(shown) + 1:
                assert chances[a] >= chances[b] - 1e-12, (a, b)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), calls=st.integers(0, 3))
def test_her_bid_is_never_above_her_hand_s_worth_nor_over_her_partner(seed, calls):
    # A real Auction bidding, ``calls`` random calls made before hers.
    rng = random.Random(seed)
    s = new_game(auction(dealer_may_hold=True), seed)
    for _ in range(calls):
        if s.phase is not Phase.BID:
            break
        s = s.apply(rng.choice(s.legal_moves()))
    if s.phase is not Phase.BID:
        return
    view = view_of(s, s.to_act)
    move = margaret_choose(view)
    assert move in s.legal_moves()
    if not isinstance(move, Bid) or Pass() not in view.legal:
        return
    setup, o = view.setup, view.setup.options
    assert move.amount <= max(
        hand_worth(view.hand, suit, o, partnerships=setup.partnerships) for suit in Suit
    )
    bids = [seat for seat, m in view.calls if isinstance(m, Bid)]
    assert not bids or setup.side_of(bids[-1]) != setup.side_of(view.seat)
