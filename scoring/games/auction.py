"""Auction Forty-Fives (game to 120): pure rules, no Django.

The side that wins the bidding adds all the points it took if it made its
bid, else loses the bid ("set"). Every other side adds what it took, except
a side that started the hand on 100 or more: it is locked and scores only by
winning the bid. First to 120 wins; when several get there in the same hand
the bidder goes out. Scores may go below zero; 90 or more is "on the green".

The spec's worked example (partners, A v B, no options):

>>> v = make_variant()
>>> s = new_game(v, (100, 80))
>>> s = apply_hand(v, s, HandRecord((2, 3), best=0, bidder=1, bid=20))
>>> s.scores, s.locked
((100, 60), (0,))
>>> s = apply_hand(v, s, HandRecord((4, 1), best=0, bidder=0, bid=20))
>>> s.scores, v.name_of(s.winner)
((125, 65), 'A')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from scoring.games.core import (
    BLIND_60,
    NO_TRUMP,
    OVERCALL_60,
    OVERCALL_120,
    SLAM,
    TRICKS,
    Contract,
    Game,
    GameState,
    HandError,
    HandOutcome,
    HandRecord,
    Overcall,
    Side,
    ThirtyForSixty,
    Variant,
    check_game,
    check_hand_options,
    check_playable,
    check_side,
    contract,
    hand_points,
    leader,
    replay,
    sides_where,
    start_state,
    two_pairs,
)
from scoring.words import gettext_noop

_ = gettext_noop

GAME = Game.AUCTION
TARGET: Final = 120
LOCKED_AT: Final = 100
GREEN_AT: Final = 90
DREADED: Final = 45
SLAM_MADE: Final = 120
SLAM_SET: Final = 60
ALL_POINTS: Final = 30  # what "30 for 60" and "60 for 120" must take
STAKES: Final = {OVERCALL_60: 60, OVERCALL_120: 120, BLIND_60: 60}
DEFENDERS_30: Final = 30
HANGING_ON: Final = 40


def make_variant(
    sides: Sequence[Side] | None = None,
    *,
    five_only_bonus: bool = False,
    dealer_may_hold: bool = False,
    no_hold_under_20: bool = False,
    minimum_20_at_100: bool = False,
    thirty_for_sixty: ThirtyForSixty | str = ThirtyForSixty.OFF,
    slam: bool = False,
    dreaded_45: bool = False,
    joker: bool = False,
    off_suit_aces_high: bool = False,
    overcall: Overcall | str = Overcall.OFF,
    sixty_for_120: bool = False,
    blind_thirty_for_sixty: bool = False,
    defenders_30: bool = False,
    call_partner: bool = False,
) -> Variant:
    """Auction Forty-Fives to 120 with the drive's options; sides default to two pairs.

    >>> make_variant(dealer_may_hold=True, thirty_for_sixty="loses_60").thirty_for_sixty
    <ThirtyForSixty.LOSES_60: 'loses_60'>
    """
    return Variant(
        GAME,
        TARGET,
        tuple(sides) if sides else two_pairs(),
        five_only_bonus=five_only_bonus,
        dealer_may_hold=dealer_may_hold,
        no_hold_under_20=no_hold_under_20,
        minimum_20_at_100=minimum_20_at_100,
        thirty_for_sixty=ThirtyForSixty(thirty_for_sixty),
        slam=slam,
        dreaded_45=dreaded_45,
        joker=joker,
        off_suit_aces_high=off_suit_aces_high,
        overcall=Overcall(overcall),
        sixty_for_120=sixty_for_120,
        blind_thirty_for_sixty=blind_thirty_for_sixty,
        defenders_30=defenders_30,
        call_partner=call_partner,
    )


def _status(
    variant: Variant, scores: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    locked = sides_where(scores, lambda s: s >= LOCKED_AT)
    green = sides_where(scores, lambda s: s >= GREEN_AT)
    return locked, green, ()


def new_game(variant: Variant, scores: Sequence[int] | None = None) -> GameState:
    """The state before the first hand: 0 each, or scores carried over.

    >>> new_game(make_variant(), (100, 95)).locked
    (0,)
    """
    check_game(variant, GAME)
    return start_state(variant, scores, _status)


def bidder_change(variant: Variant, deal: Contract, took: int, tricks: int) -> tuple[bool, int]:
    """Whether the bidder made its bid, and what its score moves by.

    >>> bidder_change(make_variant(), Contract(0, 20), took=15, tricks=3)
    (False, -20)
    >>> bidder_change(make_variant(thirty_for_sixty="loses_30"), Contract(0, 30), 30, 5)
    (True, 60)
    >>> bidder_change(make_variant(overcall="scores_30"), Contract(0, OVERCALL_60), 30, 5)
    (True, 30)
    """
    if deal.bid == SLAM:
        made = tricks == TRICKS
        return made, SLAM_MADE if made else -SLAM_SET
    if deal.bid == BLIND_60:
        # Judged on every trick: one trick lost and it is set.
        made = tricks == TRICKS
        return made, STAKES[BLIND_60] if made else -STAKES[BLIND_60]
    if deal.bid in (OVERCALL_60, OVERCALL_120):
        stake = STAKES[deal.bid]
        if took < ALL_POINTS:
            return False, -stake
        return True, stake if variant.overcall is Overcall.SCORES_60 else stake // 2
    made = took >= deal.bid
    if deal.bid == 30 and variant.thirty_for_sixty is not ThirtyForSixty.OFF:
        if made:
            return True, 60
        return False, -60 if variant.thirty_for_sixty is ThirtyForSixty.LOSES_60 else -30
    return made, took if made else -deal.bid


def bidding_side(variant: Variant, hand: HandRecord, deal: Contract) -> tuple[int, ...]:
    """The bidder and, with five players calling partners, the partner it called.

    >>> from scoring.games.core import alone
    >>> v = make_variant(alone("A", "B", "C", "D", "E"), call_partner=True)
    >>> bidding_side(v, HandRecord((2, 1, 1, 1, 0), 0, bidder=0, bid=20, partner=3),
    ...              Contract(0, 20))
    (0, 3)
    """
    if not variant.call_partner:
        return (deal.bidder,)
    if hand.partner is None:
        raise HandError(_("enter the bidder's partner, or nobody (4 against 1)"))
    check_side(variant, hand.partner, _("the partner"))
    return tuple(sorted({deal.bidder, hand.partner}))


def score_hand(variant: Variant, state: GameState, hand: HandRecord) -> HandOutcome:
    """Check a hand and say what it gives each side; the state is not changed.

    With five players calling partners the bidder and its partner are one side
    for the hand and the others another: each player scores what its side does.

    >>> v = make_variant()
    >>> o = score_hand(v, new_game(v, (100, 80)), HandRecord((2, 3), 0, bidder=1, bid=20))
    >>> o.points, o.changes, o.made
    ((15, 15), (0, -20), False)
    """
    check_game(variant, GAME)
    check_playable(variant, state, hand)
    check_hand_options(variant, hand)
    points = hand_points(variant, hand.tricks, hand.best)
    deal = contract(variant, state, hand)
    team = bidding_side(variant, hand, deal)
    took = sum(points[s] for s in team)
    made, change = bidder_change(variant, deal, took, sum(hand.tricks[s] for s in team))
    defence = sum(p for s, p in enumerate(points) if s not in team)
    if hand.defenders_30:
        if made:
            raise HandError(_("defenders' 30 scores only when the bid was set"))
        if hand.best is not NO_TRUMP and hand.best not in team:
            raise HandError(
                _(
                    "the defenders won the best trump, so they did not set the bid "
                    "with non-trump cards only"
                )
            )
    changes = []
    for side, (before, p) in enumerate(zip(state.scores, points, strict=True)):
        if side in team:
            moved = change
        elif before >= LOCKED_AT:
            moved = 0
        elif hand.defenders_30:
            moved = DEFENDERS_30
        elif variant.call_partner:
            moved = defence
        else:
            moved = p
        if variant.dreaded_45 and moved and before + moved == DREADED:
            moved = -before
        changes.append(moved)
    return HandOutcome(points, tuple(changes), deal, made)


def apply_hand(variant: Variant, state: GameState, hand: HandRecord) -> GameState:
    """The state after one more hand; raises HandError with the reason if it is refused.

    >>> v = make_variant(minimum_20_at_100=True)
    >>> apply_hand(v, new_game(v, (100, 80)), HandRecord((3, 2), 0, bidder=0, bid=15))
    Traceback (most recent call last):
    ...
    scoring.games.core.HandError: a side on 100 may not bid 15 under this drive's rules
    """
    outcome = score_hand(variant, state, hand)
    assert outcome.contract is not None
    scores = tuple(s + c for s, c in zip(state.scores, outcome.changes, strict=True))
    out = sides_where(scores, lambda s: s >= TARGET)
    bidder = outcome.contract.bidder
    # The bidding side goes out first: the bidder, then the partner it called.
    goes_out = [s for s in (bidder, hand.partner) if s is not None and s in out]
    winner = goes_out[0] if goes_out else leader(scores, out)
    locked, green, eliminated = _status(variant, scores)
    return GameState(scores, state.hands_played + 1, locked, green, eliminated, winner)


def hanging_on_40(before: GameState, after: GameState) -> tuple[int, ...]:
    """The sides that began the winning hand on 40 ("hanging on 40": display only).

    >>> hanging_on_40(GameState((100, 40)), GameState((125, 40), 1, winner=0))
    (1,)
    """
    if after.winner is None:
        return ()
    return tuple(
        s for s, score in enumerate(before.scores) if s != after.winner and score == HANGING_ON
    )


def play(
    variant: Variant, hands: Iterable[HandRecord], start: GameState | None = None
) -> GameState:
    """Replay a game from its start; undo the last hand with ``play(v, hands[:-1])``.

    >>> play(make_variant(), [HandRecord((3, 2), 0, bidder=0, bid=20)]).scores
    (20, 10)
    """
    return replay(apply_hand, variant, hands, start if start is not None else new_game(variant))
