"""Margaret, the club player, rule by rule (scoring/play/players/club.py).

tests/scoring/test_play_players.py checks that every level plays legally and a few of
Margaret's cards in worked examples. This file states the rest of her rules on small,
fixed hands: how strong she holds each card (card-ranks.md, every trump above every
other card), which trumps she counts as top, when she leads trumps, which king she
leads, when she robs, what she bids and holds, which suit she names and what she
throws in the draw; and that the random player's move is the seed's.
"""

from __future__ import annotations

import dataclasses
import random
from itertools import combinations

import pytest

from scoring.games.cards import JOKER, Suit, card
from scoring.play.game import new_game
from scoring.play.players.club import (
    best_suit,
    is_king,
    lowest,
    margaret_choose,
    power,
    random_choose,
    sure_tricks,
    top_trumps,
)
from scoring.play.records import Phase
from scoring.play.rules import PlayOptions
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
PLAIN = PlayOptions()
JOKER_RULES = PlayOptions(joker=True)
ACES_HIGH = PlayOptions(aces_high=True)


def cards(text: str):
    return tuple(card(w) for w in text.split())


def in_play(trump, hands, trick=(), *, partnerships=False, options=None, leader=1):
    """A view of the seat to act in a hand in play: ``hands`` by seat (cards as text),
    ``trick`` (seat, card) on the table."""
    players = len(hands)
    setup = forty_fives(players, partnerships=partnerships, options=options)
    trick = tuple((s, card(c)) for s, c in trick)
    leader = trick[0][0] if trick else leader
    to_act = (leader + len(trick)) % players
    state = dataclasses.replace(
        new_game(setup, 0),
        hands=tuple(cards(hands[s]) for s in range(players)),
        stock=(),
        trump=trump,
        turn_up=None,
        taken_by=None,
        trick=trick,
        tricks=(),
        phase=Phase.PLAY,
        to_act=to_act,
        dealer=(leader - 1) % players,
    )
    return view_of(state, to_act)


def auction_view(hand: str, *, legal, calls=(), options=None, **changes):
    """Seat 0's view in Auction with ``hand``, the moves ``legal`` and the ``calls`` so far."""
    setup = auction(dealer_may_hold=True, options=options)
    base = view_of(new_game(setup, 0), 0)
    return dataclasses.replace(
        base, hand=cards(hand), legal=tuple(legal), calls=tuple(calls), **changes
    )


# ---- how strong a card is ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "trump", "options", "strength"),
    [
        ("5♦", D, PLAIN, 100),  # the best trump
        ("J♦", D, PLAIN, 99),
        ("A♥", D, PLAIN, 98),
        ("A♦", D, PLAIN, 97),
        ("2♦", D, PLAIN, 87),  # the lowest of 14 trumps
        ("Joker", D, JOKER_RULES, 98),  # the third trump with a Joker
        ("A♥", D, JOKER_RULES, 97),
        ("K♣", D, PLAIN, 20),  # the top of a suit off trumps
        ("A♣", D, PLAIN, 17),  # black: K Q J A 2 ...
        ("10♣", D, PLAIN, 8),  # black low: the 10 is the lowest club
        ("A♦", C, PLAIN, 8),  # red: the ace is the lowest diamond
        ("2♥", C, PLAIN, 9),  # hearts off trumps have no ace (the A♥ is a trump)
        ("A♠", D, ACES_HIGH, 20),  # aces high: the ace tops its suit
        ("K♠", D, ACES_HIGH, 19),
    ],
)
def test_a_card_s_strength_puts_every_trump_above_every_other_card(text, trump, options, strength):
    assert power(card(text), trump, options) == strength


@pytest.mark.parametrize(
    ("trump", "options", "tops"),
    [
        (D, PLAIN, "5♦ J♦ A♥ A♦"),
        (C, PLAIN, "5♣ J♣ A♥ A♣"),
        (D, JOKER_RULES, "5♦ J♦ Joker A♥ A♦"),
        (S, JOKER_RULES, "5♠ J♠ Joker A♥ A♠"),
    ],
)
def test_the_top_trumps_are_the_five_the_jack_the_joker_and_the_two_aces(trump, options, tops):
    assert top_trumps(trump, options) == set(cards(tops))


@pytest.mark.parametrize(
    ("text", "trump", "options", "king"),
    [
        ("K♣", D, PLAIN, True),
        ("K♥", D, PLAIN, True),
        ("Q♣", D, PLAIN, False),
        ("K♦", D, PLAIN, False),  # a trump is no off-suit king
        ("A♥", C, PLAIN, False),  # always a trump
        ("A♠", D, PLAIN, False),
        ("A♠", D, ACES_HIGH, True),  # aces high: the ace is the top of its suit
        ("K♠", D, ACES_HIGH, False),
    ],
)
def test_an_off_suit_king_is_the_top_of_a_suit_that_is_not_trump(text, trump, options, king):
    assert is_king(card(text), trump, options) is king


def test_the_lowest_card_is_the_weakest_by_strength():
    assert lowest(cards("5♦ 2♦ K♣ 10♣"), D, PLAIN) == card("10♣")
    assert lowest(cards("5♦ 2♦ A♦"), D, PLAIN) == card("2♦")
    assert lowest(cards("K♠ A♠"), D, ACES_HIGH) == card("K♠")


# ---- sure tricks and the best suit ---------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "trump", "options", "tricks"),
    [
        ("5♦ 2♦ K♣ Q♣ 3♠", D, PLAIN, 2.0),  # a top trump, a trump, a king
        ("5♦ J♦ A♥ A♦ K♦", D, PLAIN, 4.5),  # four top trumps and the K of trumps
        ("5♦ J♦ A♥ A♦ Joker", D, JOKER_RULES, 5.0),
        ("Q♣ J♠ 3♥ 4♠ 6♠", D, PLAIN, 0.0),
        ("K♥ K♠ K♣ 2♦ 3♦", D, PLAIN, 2.5),
        ("A♠ K♠ 2♦ 9♣ 9♥", D, ACES_HIGH, 1.0),
    ],
)
def test_sure_tricks_count_a_trick_a_top_trump_and_half_for_other_trumps_and_kings(
    hand, trump, options, tricks
):
    assert sure_tricks(cards(hand), trump, options) == tricks


def test_the_best_suit_is_the_one_with_most_sure_tricks_and_a_tie_goes_to_the_first_suit():
    assert best_suit(cards("5♣ 3♣ 5♠ 3♠ 2♥"), PLAIN) == (C, 1.5)  # clubs and spades tie
    assert best_suit(cards("9♣ 9♠ 4♦ 6♥ 8♣"), PLAIN) == (C, 1.0)
    assert best_suit(cards("5♠ J♠ 2♦ 3♦ 4♦"), PLAIN) == (S, 2.0)


# ---- the random player and the one legal move -------------------------------------


def test_the_random_player_plays_the_seed_s_choice_of_the_legal_moves():
    view = in_play(C, {0: "9♦ 3♠ 4♠ 5♥ 6♥", 1: "K♠ 9♥ K♦ 2♦ 4♦", 2: "7♦ 8♠ 9♠ 10♠ J♦"})
    assert len(view.legal) == 5
    for seed in range(30):
        assert random_choose(view, seed=seed) == random.Random(seed).choice(view.legal)


def test_margaret_makes_the_only_legal_move():
    # Robbing with one move allowed: she takes it though her rule would throw the 2♦.
    view = auction_view("K♣ 2♦", legal=[Rob(card("K♣"))], phase=Phase.ROB, trump=D)
    assert margaret_choose(view) == Rob(card("K♣"))


# ---- leading ------------------------------------------------------------------------

LEADS = [
    ("two trumps with a top one: the best trump", "J♣ 3♣ 9♥ 2♦ 4♦", PLAIN, "J♣"),
    ("two trumps, no top one: not strong, the lowest card", "K♣ 3♣ 9♥ 2♦ 4♦", PLAIN, "2♦"),
    ("three trumps: the best trump", "K♣ 3♣ 2♣ 9♥ 4♦", PLAIN, "K♣"),
    ("a lone top trump: not strong, the lowest card", "5♣ 9♥ 2♦ 4♦ 6♠", PLAIN, "2♦"),
    ("two kings: the first listed", "K♠ 9♥ K♦ 2♦ 4♦", PLAIN, "K♠"),
    (
        "hearts on hearts: the A\u2665 is one weak trump, not a called lead",
        "A♥ 4♦ 6♠ 7♥ 8♥",
        PlayOptions(hearts_on_hearts=True),
        "4♦",
    ),
]


@pytest.mark.parametrize(("why", "hand", "options", "led"), LEADS, ids=[r[0] for r in LEADS])
def test_margaret_leads_trumps_only_when_strong_else_a_king_else_her_lowest_card(
    why, hand, options, led
):
    view = in_play(C, {0: "9♦ 3♠ 4♠ 5♥ 6♥", 1: hand, 2: "7♦ 8♠ 9♠ 10♠ J♦"}, options=options)
    assert margaret_choose(view) == Play(card(led)), why


# ---- following ------------------------------------------------------------------------

FOLLOWS = [
    (
        "an opponent is winning: the lowest card that wins",
        {0: "9♦ 3♠ 4♠ 5♥", 1: "Q♥ K♥ 2♥ 3♣ 8♦", 2: "7♦ 8♠ 9♠ 10♠ J♦"},
        [(0, "9♥")],
        False,
        "Q♥",
    ),
    (
        "nothing wins: the lowest card",
        {0: "9♦ 3♠ 4♠ 5♥", 1: "Q♥ 2♥ 3♦ 3♣ 8♦", 2: "7♦ 8♠ 9♠ 10♠ J♦"},
        [(0, "K♥")],
        False,
        "2♥",
    ),
    (
        "her partner is winning: the lowest card, not the trick",
        {0: "5♠ 2♦ 3♦ 4♦", 1: "9♦ 3♠ 4♥ 5♥", 2: "J♥ 6♥ 7♦ 8♦", 3: "6♠ 7♠ 8♠ 9♠ 10♠"},
        [(1, "2♥"), (2, "K♥"), (3, "3♥")],
        True,
        "2♦",
    ),
    (
        "an opponent is winning: she trumps it",
        {0: "5♠ 2♦ 3♦ 4♦", 1: "9♦ 3♠ 4♥ 5♥", 2: "J♥ 6♥ 7♦ 8♦", 3: "6♠ 7♠ 8♠ 9♠ 10♠"},
        [(1, "K♥"), (2, "2♥"), (3, "3♥")],
        True,
        "5♠",
    ),
]


@pytest.mark.parametrize(
    ("why", "hands", "trick", "partnerships", "played"), FOLLOWS, ids=[r[0] for r in FOLLOWS]
)
def test_margaret_wins_a_trick_cheaply_unless_her_partner_has_it_or_it_is_lost(
    why, hands, trick, partnerships, played
):
    view = in_play(C if not partnerships else S, hands, trick, partnerships=partnerships)
    assert margaret_choose(view) == Play(card(played)), why


# ---- robbing -------------------------------------------------------------------------


def rob_view(hand: str, legal_throws: str, *, no_rob=True):
    legal = ([NoRob()] if no_rob else []) + [Rob(c) for c in cards(legal_throws)]
    return auction_view(hand, legal=legal, phase=Phase.ROB, trump=D)


def test_margaret_robs_throwing_her_lowest_card_when_she_may():
    assert margaret_choose(rob_view("A♦ K♣ 9♠ 3♦", "A♦ K♣ 9♠ 3♦")) == Rob(card("9♠"))


def test_margaret_leaves_the_card_when_her_lowest_may_not_be_thrown():
    # her lowest card is the ace of trumps, which gives the right to rob
    assert margaret_choose(rob_view("5♦ J♦ A♥ A♦", "5♦ J♦ A♥")) == NoRob()


# ---- bidding -------------------------------------------------------------------------

BIDS = [15, 20, 25, 30]
BIDDING = [
    # (why, hand, options, legal, calls, move); seat 0 is the dealer, last to call
    (
        "1.5 tricks and her partner's, 12.5, and 5 for the 5: 17.5, the least bid",
        "5♦ 2♦ 9♣ 8♠ 7♥",
        PLAIN,
        BIDS,
        (),
        Bid(15),
    ),
    ("2.5 tricks and no 5: 12.5, she passes", "J♦ 2♦ 9♣ 8♠ 7♥", PLAIN, BIDS, (), Pass()),
    ("three tricks and no 5: 15 exactly is enough", "J♦ A♥ 9♣ 8♠ 7♥", PLAIN, BIDS, (), Bid(15)),
    (
        "4.5 tricks and her partner's count as five, and the 5: 30",
        "5♦ J♦ A♥ A♦ K♦",
        PLAIN,
        [30],
        (),
        Bid(30),
    ),
    ("five tricks and the 5: 30", "5♦ J♦ A♥ A♦ Joker", JOKER_RULES, [30], (), Bid(30)),
    (
        "3.5 tricks and her partner's, and the 5: 27.5, not 30",
        "5♦ J♦ A♥ 2♦ 9♣",
        PLAIN,
        [30],
        (),
        Pass(),
    ),
    (
        "worth 30, the dealer takes it at the least bid",
        "5♦ J♦ A♥ A♦ 9♣",
        PLAIN,
        [25, 30],
        (),
        Bid(25),
    ),
    ("no pass allowed: the first legal move", "9♣ 8♠ 7♥ 6♠ 4♣", PLAIN, None, (), Bid(30)),
]


@pytest.mark.parametrize(
    ("why", "hand", "options", "amounts", "calls", "move"), BIDDING, ids=[r[0] for r in BIDDING]
)
def test_margaret_bids_five_points_a_sure_trick_one_from_her_partner_and_five_for_the_5(
    why, hand, options, amounts, calls, move
):
    legal = [Bid(30), Bid(35)] if amounts is None else [Pass()] + [Bid(a) for a in amounts]
    view = auction_view(hand, legal=legal, calls=calls, options=options, phase=Phase.BID)
    assert margaret_choose(view) == move, why


def test_margaret_passes_when_she_may_wherever_the_pass_is_listed():
    view = auction_view("9♣ 8♠ 7♥ 6♠ 4♣", legal=[Bid(30), Pass()], phase=Phase.BID)
    assert margaret_choose(view) == Pass()


@pytest.mark.parametrize(
    ("why", "hand", "calls", "move"),
    [
        ("worth as much as the bid: she holds", "J♦ A♥ 2♦ 3♦ 8♠", [(1, Bid(20))], Hold()),
        ("worth more than the bid: she holds", "5♦ J♦ A♥ 2♦ 9♣", [(1, Bid(20))], Hold()),
        ("worth less: she passes", "J♦ 2♦ 9♣ 8♠ 7♥", [(1, Bid(20))], Pass()),
        (
            "the highest bid counts",
            "J♦ A♥ 2♦ 3♦ 8♠",
            [(1, Bid(20)), (2, Pass()), (3, Bid(25))],
            Pass(),
        ),
        ("no bid to hold: she bids the least", "5♦ J♦ A♥ A♦ K♦", [(1, Pass())], Bid(30)),
    ],
)
def test_margaret_holds_as_dealer_when_her_hand_is_worth_the_bid(why, hand, calls, move):
    legal = [Pass(), Hold(), Bid(30)]
    view = auction_view(hand, legal=legal, calls=calls, phase=Phase.BID)
    assert margaret_choose(view) == move, why


# ---- naming trump and the draw -------------------------------------------------------


def test_margaret_names_her_best_suit_for_trump():
    legal = [NameTrump(s) for s in Suit]
    view = auction_view("5♠ J♠ 2♦ 3♦ 4♦", legal=legal, phase=Phase.TRUMP)
    assert margaret_choose(view) == NameTrump(S)
    view = auction_view("5♣ 3♣ 5♠ 3♠ 2♥", legal=legal, phase=Phase.TRUMP)
    assert margaret_choose(view) == NameTrump(C)


def draw_view(hand: str, stock: int, *, legal=None):
    h = cards(hand)
    if legal is None:
        most = min(len(h), stock)
        legal = [Discard(cs) for n in range(most + 1) for cs in combinations(h, n)]
    return auction_view(hand, legal=legal, phase=Phase.DISCARD, trump=D, stock_size=stock)


@pytest.mark.parametrize(
    ("hand", "stock", "thrown"),
    [
        ("3♥ K♣ 2♦ 9♠ Q♣", 2, "3♥ 9♠"),  # her two weakest cards, in the order she holds them
        ("3♥ K♣ 2♦ 9♠ Q♣", 9, "3♥ 9♠ Q♣"),  # every card but trumps and kings
        ("3♥ K♣ 2♦ 9♠ Q♣", 0, ""),  # no stock: nothing to draw
        ("5♦ K♣ 2♦ A♥ K♠", 5, ""),  # trumps and kings only: she stands pat
    ],
)
def test_margaret_keeps_trumps_and_kings_and_draws_for_her_weakest_cards(hand, stock, thrown):
    assert margaret_choose(draw_view(hand, stock)) == Discard(cards(thrown))


def test_margaret_stands_pat_when_her_discard_is_not_allowed():
    view = draw_view("3♥ K♣ 2♦ 9♠ Q♣", 2, legal=[Discard(), Discard(cards("3♥"))])
    assert margaret_choose(view) == Discard()


def test_the_joker_is_a_trump_she_keeps():
    assert top_trumps(D, JOKER_RULES) >= {JOKER}
    assert power(JOKER, H, JOKER_RULES) == 98
