"""The school's drills (practice/drills.py): positions from a seed, answers checked.

Worked examples (positions written out by hand, the answer read from the rules in
card-ranks.md), then properties over many seeds: the same seed gives the same
position, the winning card is in the trick and beats every other card of it, a "may
be played" answer agrees with the game's own legal moves, a bid's and a rob's verdict
agree with the coach's comparison, and a rob position is a real choice whose ace of
trumps is never the discard."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from practice import drills
from scoring.games.cards import Suit, card, is_trump
from scoring.play import (
    Bid,
    NoRob,
    Pass,
    Phase,
    Play,
    PlayOptions,
    Rob,
    players,
    refusal,
    view_of,
)

seeds = st.integers(min_value=0, max_value=drills.MAX_SEED)


def cards(text: str) -> tuple:
    return tuple(card(t) for t in text.split())


# ---- which card wins this trick -----------------------------------------------------

TRICKS = [
    # seed, trump, the trick (led first), the winner, why
    (2, Suit.SPADES, "4♠ 2♠ 7♠", "2♠", "in black trumps low numbers beat high."),
    (3, Suit.HEARTS, "K♦ K♠ J♣", "K♦", "nobody followed diamonds or played a trump."),
    (4, Suit.HEARTS, "J♥ 10♦ 10♥", "J♥", "the jack of trumps is the second-best card."),
    (1, Suit.CLUBS, "4♠ 4♣ 10♥", "4♣", "a trump beats any card that is not a trump."),
    (11, Suit.HEARTS, "J♠ 10♣ 3♠ Q♠", "Q♠", "in spades the queen ranks above the jack."),
]


@pytest.mark.parametrize(("seed", "trump", "trick", "winner", "why"), TRICKS)
def test_worked_tricks(seed, trump, trick, winner, why):
    d = drills.trick_drill(seed)
    assert (d.trump, d.cards) == (trump, cards(trick))
    assert d.cards[d.winner] == card(winner)
    right = drills.trick_check(d, card(winner))
    assert right.right and right.winner == card(winner)
    assert right.reason.endswith(why)
    for other in d.cards:
        if other != card(winner):
            wrong = drills.trick_check(d, other)
            assert not wrong.right and wrong.winner == card(winner)


def test_a_card_not_in_the_trick_is_not_an_answer():
    d = drills.trick_drill(2)
    with pytest.raises(drills.NotInPosition):
        drills.trick_check(d, card("A♦"))


def test_the_ladders_are_the_rank_tables():
    assert " ".join(map(str, drills.trump_ladder(Suit.DIAMONDS))) == (
        "5♦ J♦ A♥ A♦ K♦ Q♦ 10♦ 9♦ 8♦ 7♦ 6♦ 4♦ 3♦ 2♦"
    )
    assert " ".join(map(str, drills.trump_ladder(Suit.CLUBS))) == (
        "5♣ J♣ A♥ A♣ K♣ Q♣ 2♣ 3♣ 4♣ 6♣ 7♣ 8♣ 9♣ 10♣"
    )
    assert " ".join(map(str, drills.suit_ladder(Suit.HEARTS, Suit.SPADES))) == (
        "K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♥"
    )
    assert " ".join(map(str, drills.suit_ladder(Suit.SPADES, Suit.HEARTS))) == (
        "K♠ Q♠ J♠ A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠"
    )
    assert " ".join(map(str, drills.suit_ladder(Suit.DIAMONDS, Suit.CLUBS))) == (
        "K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦ 2♦ A♦"
    )
    assert drills.suit_ladder(Suit.CLUBS, Suit.CLUBS) == drills.trump_ladder(Suit.CLUBS)


@given(seeds)
@settings(max_examples=150)
def test_the_winner_is_in_the_trick_and_tops_the_ladders_shown(seed):
    d = drills.trick_drill(seed)
    assert drills.trick_drill(seed) == d
    assert len(d.cards) in (3, 4) and len(set(d.cards)) == len(d.cards)
    won = d.cards[d.winner]
    answer = drills.trick_check(d, won)
    assert answer.right and answer.winner == won and str(won) in answer.reason
    assert not any(drills.trick_check(d, c).right for c in d.cards if c != won)
    # read again from the ladders the screen shows: the best trump, else the best of the suit led
    trumps = [c for c in d.cards if is_trump(c, d.trump)]
    if trumps:
        ladder = drills.trump_ladder(d.trump)
        assert won == min(trumps, key=ladder.index)
    else:
        led = d.cards[0]
        ladder = drills.suit_ladder(led.suit, d.trump)
        assert won == min((c for c in d.cards if c.suit is led.suit), key=ladder.index)


# ---- may this card be played here ---------------------------------------------------

PLAYS = [
    # seed, trump, hand, trick so far, card asked, may, reason
    (4, Suit.HEARTS, "2♥ A♦ 3♦ 10♥ 10♠", "K♥ 4♥", "3♦", False, "You must play a trump."),
    (9, Suit.SPADES, "A♥ 9♣ 7♥ 8♥ 9♦", "7♦ K♦ 10♦", "8♥", False, "You must follow diamonds."),
    (5, Suit.SPADES, "Q♣ 9♣ 7♦ 5♣ A♥", "K♣ 10♠ 8♥", "Q♣", True, "Q♣ follows clubs, the suit led."),
    (
        10,
        Suit.HEARTS,
        "K♦ J♦ Q♠ K♠ 9♦",
        "Q♥ 4♥",
        "J♦",
        True,
        "A trump was led and you hold no trump, so any card may be played.",
    ),
    (
        6,
        Suit.CLUBS,
        "10♣ J♠ 8♣ 8♦ 10♦",
        "6♥ 7♥",
        "8♣",
        True,
        "You hold no hearts, the suit led, so you may play a trump.",
    ),
    (
        73,
        Suit.CLUBS,
        "5♥ 7♥ 7♦ J♣ A♠",
        "K♣",
        "7♥",
        True,
        "A trump was led, but your only trumps are ones you may hold back (reneging: J♣),"
        " so another card may be played.",
    ),
    (
        48,
        Suit.DIAMONDS,
        "8♦ K♣ J♠ 10♦ 9♦",
        "A♥",
        "J♠",
        False,
        "When the ace of hearts is led you must play a trump.",
    ),
    (
        1308,
        Suit.DIAMONDS,
        "4♣ 6♥ 5♠ 9♠ 10♥",
        "A♥ 7♦ 2♦",
        "9♠",
        False,
        "When the ace of hearts is led you must play a heart.",
    ),
    (
        24,
        Suit.CLUBS,
        "6♦ K♠ K♥ 5♠ A♦",
        "A♥ 5♥ 7♣",
        "K♥",
        True,
        "The ace of hearts was led and you hold no trump: you must play a heart, and K♥ is one.",
    ),
    (
        1,
        Suit.CLUBS,
        "6♠ 2♥ 4♣ K♣ 8♥",
        "Q♦",
        "8♥",
        True,
        "You hold no diamonds, the suit led, so any card may be played.",
    ),
    (
        2,
        Suit.SPADES,
        "Q♠ 2♠ 3♠ 2♦ 7♣",
        "4♠",
        "2♠",
        True,
        "A trump was led and 2♠ is a trump, so it may be played.",
    ),
    (  # a heart, but a trump led that is not the ace of hearts: no heart is owed
        96,
        Suit.CLUBS,
        "4♦ J♠ K♦ 6♥ 10♥",
        "2♣ 9♣",
        "10♥",
        True,
        "A trump was led and you hold no trump, so any card may be played.",
    ),
]


@pytest.mark.parametrize(("seed", "trump", "hand", "trick", "asked", "may", "reason"), PLAYS)
def test_worked_plays(seed, trump, hand, trick, asked, may, reason):
    d = drills.play_drill(seed)
    assert (d.trump, d.hand, d.trick, d.card) == (trump, cards(hand), cards(trick), card(asked))
    said = drills.play_check(d, may)
    assert said.right and said.may is may
    assert str(said.reason) == reason
    assert not drills.play_check(d, not may).right


@given(seeds)
@settings(max_examples=150)
def test_may_be_played_agrees_with_the_games_legal_moves(seed):
    d = drills.play_drill(seed)
    assert drills.play_drill(seed) == d
    state = drills.play_state(seed)
    assert len(d.hand) == 5 and d.card in d.hand and 1 <= len(d.trick) < state.setup.players
    legal = Play(d.card) in state.legal_moves()
    answer = drills.play_check(d, legal)
    assert answer.right and answer.may is legal and answer.reason
    assert not drills.play_check(d, not legal).right
    if not legal:
        assert answer.reason == refusal(d.hand, d.card, d.trick, d.trump, PlayOptions())


def test_about_half_the_cards_asked_about_may_not_be_played():
    refused = sum(not drills.play_check(drills.play_drill(s), True).right for s in range(200))
    assert 40 <= refused <= 120


def test_a_seed_reads_only_as_a_whole_number_in_range():
    assert drills.read_seed("0") == 0
    assert drills.read_seed(str(drills.MAX_SEED)) == drills.MAX_SEED
    for bad in ("", "-1", "1.5", "abc", "١٢", str(drills.MAX_SEED + 1), "9" * 40):
        with pytest.raises(ValueError):
            drills.read_seed(bad)


# ---- what to bid -----------------------------------------------------------------------


def test_worked_bid_a_five_and_three_more_clubs_is_worth_a_bid():
    d = drills.bid_drill(2)
    assert d.hand == cards("4♠ K♥ 5♣ 7♣ 3♣")
    answer = drills.bid_check(d, 20)
    assert answer.right and answer.best == 20 and answer.deals == drills.BID_DEALS
    assert [c.bid for c in answer.choices] == [0, 15, 20, 25, 30]
    assert not drills.bid_check(d, 30).right  # a 30 on it is set far too often
    assert "bid 20 did best" in answer.reason and "give or take" in answer.reason


def test_a_bid_within_the_luck_of_the_deal_of_the_best_counts_as_right():
    d = drills.bid_drill(3)
    assert d.hand == cards("J♦ K♦ 7♦ 9♠ 6♣")
    best = drills.bid_check(d, 15)
    assert best.right and best.best == 15
    close = drills.bid_check(d, 20)  # about a point below 15's, well within its uncertainty
    assert close.right and close.best == 15 and "within the luck of the deal" in close.reason


def test_bid_verdicts_agree_with_the_coachs_comparison():
    seed = 2
    d = drills.bid_drill(seed)
    state = drills.bid_state(seed)
    view = view_of(state, state.to_act)
    moves = [Pass(), *(Bid(b) for b in drills.BIDS[1:])]
    rows = players.results_by_deal(
        view, moves, seed=seed, deals=drills.BID_DEALS, budget=drills.BID_BUDGET
    )
    points = [{m: e.points for m, e in row.items()} for row in rows]
    verdicts = []
    for bid, move in zip(drills.BIDS, moves, strict=True):
        answer = drills.bid_check(d, bid)
        mine = next(c for c in answer.choices if c.bid == bid)
        best = next(c for c in answer.choices if c.bid == answer.best)
        assert mine.points == pytest.approx(sum(p[move] for p in points) / len(points))
        within = best.points - mine.points <= best.margin
        assert answer.right is (within or not players.compare(points, move).sure)
        verdicts.append(answer.right)
    assert verdicts == [True, True, True, False, False]  # 25 and 30 did clearly worse


def test_a_bid_that_is_not_offered_is_not_an_answer():
    with pytest.raises(drills.NotInPosition):
        drills.bid_check(drills.bid_drill(2), 35)


@given(seeds)
@settings(max_examples=60)
def test_a_bid_position_is_the_first_bidders_five_cards(seed):
    d = drills.bid_drill(seed)
    assert drills.bid_drill(seed) == d
    state = drills.bid_state(seed)
    assert len(d.hand) == 5 and d.hand == state.hands[state.to_act]
    assert not state.calls
    assert set(state.legal_moves()) >= {Pass(), *(Bid(b) for b in drills.BIDS[1:])}


# ---- each position knows its seed, each refusal and verdict is said in full ---------------


def test_a_position_carries_the_seed_it_was_made_from():
    for seed in (1, 7, 42):
        assert drills.trick_drill(seed).seed == seed
        assert drills.play_drill(seed).seed == seed
        assert drills.bid_drill(seed).seed == seed
        assert drills.rob_drill(seed).seed == seed


def test_what_is_not_a_seed_or_not_in_the_position_is_said_so():
    for bad in ("abc", str(drills.MAX_SEED + 1)):  # not digits; digits out of range
        with pytest.raises(ValueError) as refused:
            drills.read_seed(bad)
        assert str(refused.value) == "not a seed"
    d = drills.trick_drill(5)
    outside = next(c for c in drills.play_drill(5).hand if c not in d.cards)
    with pytest.raises(drills.NotInPosition) as refused:
        drills.trick_check(d, outside)
    assert str(refused.value) == f"{outside} is not in the trick"
    with pytest.raises(drills.NotInPosition) as refused:
        drills.bid_check(drills.bid_drill(2), 35)
    assert str(refused.value) == "35 is not a bid"


def test_a_choice_in_words():
    assert [str(drills.bid_words(b)) for b in drills.BIDS] == [
        "pass",
        "bid 15",
        "bid 20",
        "bid 25",
        "bid 30",
    ]


@pytest.mark.parametrize(
    ("seed", "bid", "right", "reason"),
    [
        (
            2,
            20,
            True,
            "Over 24 likely deals of the other cards, bid 20 did best: about 11 points for"
            " your side, give or take 10.",
        ),
        (
            2,
            30,
            False,
            "Over 24 likely deals of the other cards, bid 20 did best: about 11 points for"
            " your side, give or take 10; bid 30 scored about -19.",
        ),
        (
            3,
            20,
            True,
            "Over 24 likely deals of the other cards, bid 15 did best (about 5 points, give or"
            " take 9); bid 20, about 4, is within the luck of the deal.",
        ),
    ],
)
def test_a_bid_verdict_in_full_words(seed, bid, right, reason):
    answer = drills.bid_check(drills.bid_drill(seed), bid)
    assert answer.right is right
    assert str(answer.reason) == reason


# ---- rob or not, and what to discard ---------------------------------------------------

ROBS = [
    # seed, players, trump, hand, turned up, the trick so far
    (2, 4, Suit.HEARTS, "4♣ A♥ 6♦ Q♥ 5♥", "3♥", "9♥ 8♥ 10♦"),
    (3, 4, Suit.HEARTS, "Q♥ A♥ J♦ K♠ 5♠", "K♥", "K♣ Q♣"),
    (6, 4, Suit.CLUBS, "K♣ A♣ 3♣ 5♥ J♠", "10♣", "2♥ 7♥"),
    (4, 3, Suit.HEARTS, "A♥ K♦ 9♥ 2♦ Q♣", "3♥", "9♠ J♣"),
]


@pytest.mark.parametrize(("seed", "seats", "trump", "hand", "up", "trick"), ROBS)
def test_worked_rob_positions(seed, seats, trump, hand, up, trick):
    d = drills.rob_drill(seed)
    assert (d.players, d.trump, d.hand) == (seats, trump, cards(hand))
    assert (d.turn_up, d.trick, d.seed) == (card(up), cards(trick), seed)
    assert d.ace == card(f"A{trump.symbol}") and d.ace in d.hand


def test_worked_rob_discarding_an_off_suit_5_beats_keeping_or_throwing_a_trump():
    d = drills.rob_drill(6)  # clubs; A♣ K♣ 3♣ with 5♥ J♠, the 10♣ turned up
    good = drills.rob_check(d, card("5♥"))
    assert good.right and good.best == card("5♥") and good.chosen == card("5♥")
    assert good.deals == drills.ROB_DEALS
    assert [c.discard for c in good.choices] == [None, *cards("K♣ 3♣ 5♥ J♠")]
    assert not drills.rob_check(d, card("K♣")).right  # a trump thrown away
    assert not drills.rob_check(d, None).right  # the 10♣ left for nothing


def test_worked_rob_keeping_the_hand_when_the_trump_turned_up_is_small():
    d = drills.rob_drill(2)  # hearts: A♥ 5♥ Q♥ already, a 3♥ turned up
    keep = drills.rob_check(d, None)
    assert keep.right and keep.best is None
    assert not drills.rob_check(d, card("5♥")).right  # the best trump of all thrown away
    close = drills.rob_check(d, card("4♣"))
    assert close.right and close.best is None and "within the luck of the deal" in close.reason


@pytest.mark.parametrize(
    ("seed", "discard", "right", "reason"),
    [
        (
            6,
            "5♥",
            True,
            "Over 24 likely deals of the other cards, robbing and discarding 5♥ did best:"
            " about 16 points for your side, give or take 5.",
        ),
        (
            6,
            None,
            False,
            "Over 24 likely deals of the other cards, robbing and discarding 5♥ did best:"
            " about 16 points for your side, give or take 5; not robbing scored about 5.",
        ),
        (
            3,
            "K♠",
            True,
            "Over 24 likely deals of the other cards, robbing and discarding 5♠ did best"
            " (about 26 points, give or take 3); robbing and discarding K♠, about 25, is"
            " within the luck of the deal.",
        ),
        (
            2,
            None,
            True,
            "Over 24 likely deals of the other cards, not robbing did best: about 26 points"
            " for your side, give or take 3.",
        ),
    ],
)
def test_a_rob_verdict_in_full_words(seed, discard, right, reason):
    chosen = None if discard is None else card(discard)
    answer = drills.rob_check(drills.rob_drill(seed), chosen)
    assert answer.right is right
    assert str(answer.reason) == reason


def test_the_ace_of_trumps_or_a_card_not_held_is_not_a_rob_answer():
    d = drills.rob_drill(6)
    with pytest.raises(drills.NotInPosition) as refused:
        drills.rob_check(d, card("A♣"))
    assert str(refused.value) == "keep A♣: it gives you the right to rob"
    with pytest.raises(drills.NotInPosition) as refused:
        drills.rob_check(d, card("10♣"))  # the turned-up card: taken, not discarded
    assert str(refused.value) == "10♣ is not in your hand"


def test_a_rob_choice_in_words():
    assert str(drills.rob_words(None)) == "not robbing"
    assert str(drills.rob_words(card("4♣"))) == "robbing and discarding 4♣"


def test_every_seed_finds_a_rob_position():
    for seed in range(2000):
        state = drills.rob_state(seed)
        assert state.phase is Phase.ROB and NoRob() in state.legal_moves()


@given(seeds)
@settings(max_examples=100)
def test_a_rob_position_is_a_real_choice_and_the_ace_is_never_the_discard(seed):
    d = drills.rob_drill(seed)
    assert drills.rob_drill(seed) == d
    state = drills.rob_state(seed)
    assert state.phase is Phase.ROB and state.trump is d.trump and d.players in (3, 4)
    assert len(d.hand) == 5 and d.hand == state.hands[state.to_act] and d.ace in d.hand
    assert d.turn_up == state.turn_up and d.turn_up.suit is d.trump and d.turn_up not in d.hand
    assert not state.tricks and len(d.trick) < d.players
    assert set(state.legal_moves()) == {NoRob(), *(Rob(c) for c in d.hand if c != d.ace)}
    assert Rob(d.ace) not in state.legal_moves()
    with pytest.raises(drills.NotInPosition):
        drills.rob_check(d, d.ace)


def _rob_points(seed: int) -> list[dict]:
    state = drills.rob_state(seed)
    view = view_of(state, state.to_act)
    rows = players.results_by_deal(
        view, list(state.legal_moves()), seed=seed, deals=drills.ROB_DEALS, budget=drills.ROB_BUDGET
    )
    return [{m: e.points for m, e in row.items()} for row in rows]


def _agrees(answer, points, move) -> bool:
    mine = next(c for c in answer.choices if c.discard == answer.chosen)
    best = next(c for c in answer.choices if c.discard == answer.best)
    assert mine.points == pytest.approx(sum(p[move] for p in points) / len(points))
    within = best.points - mine.points <= best.margin
    return answer.right is (within or not players.compare(points, move).sure)


def test_rob_verdicts_agree_with_the_coachs_comparison():
    seed = 6
    d = drills.rob_drill(seed)
    points = _rob_points(seed)
    verdicts = []
    for discard in (None, *(c for c in d.hand if c != d.ace)):
        answer = drills.rob_check(d, discard)
        assert _agrees(answer, points, NoRob() if discard is None else Rob(discard))
        verdicts.append(answer.right)
    assert verdicts == [False, False, False, True, False]  # only discarding the 5♥


@given(seeds, st.integers(min_value=0, max_value=4))
@settings(max_examples=4, deadline=None)
def test_a_rob_verdict_agrees_with_the_coachs_comparison(seed, which):
    d = drills.rob_drill(seed)
    discard = (None, *(c for c in d.hand if c != d.ace))[which]
    answer = drills.rob_check(d, discard)
    assert answer.chosen == discard and len(answer.choices) == 5
    assert _agrees(answer, _rob_points(seed), NoRob() if discard is None else Rob(discard))
