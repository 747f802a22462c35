"""110 (One Hundred and Ten): pure rules, no Django.

Bids of 15 to 30, each at least 5 more than the highest; the dealer may hold.
The bidder, if it took at least its bid, adds the bid (option: all the points
it took; option *bell*: a 30 bid made scores 60), else loses the bid. Every
other side adds what it took but cannot go past 105: the points over are
lost. First to 110 wins, so only the bidder goes out. Option *elimination*:
a side at or below the floor is out of the game; the last side left wins
(our choice).

>>> from scoring.games.core import alone
>>> v = make_variant(alone("Ann", "Bob", "Cy"))
>>> s = new_game(v, (95, 100, 0))
>>> s = apply_hand(v, s, HandRecord((1, 2, 2), best=2, bidder=2, bid=15))
>>> s.scores, s.winner
((100, 105, 15), None)
>>> s = apply_hand(v, s, HandRecord((4, 1, 0), best=0, bidder=0, bid=20))
>>> s.scores, v.name_of(s.winner)
((120, 105, 15), 'Ann')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from scoring.games.core import (
    BidderAdds,
    Game,
    GameState,
    HandOutcome,
    HandRecord,
    Side,
    Variant,
    check_game,
    check_hand_options,
    check_playable,
    contract,
    hand_points,
    leader,
    replay,
    sides_where,
    start_state,
    two_pairs,
)

GAME = Game.ONE_TEN
TARGET: Final = 110
CAP: Final = 105
BELL: Final = 60


def make_variant(
    sides: Sequence[Side] | None = None,
    *,
    five_only_bonus: bool = False,
    bidder_adds: BidderAdds | str = BidderAdds.BID,
    bell: bool = False,
    elimination_floor: int | None = None,
    joker: bool = False,
    off_suit_aces_high: bool = False,
) -> Variant:
    """110 with the drive's options; the sides default to two pairs.

    >>> from scoring.games.core import alone
    >>> make_variant(alone("Ann", "Bob", "Cy"), elimination_floor=-80).n_sides
    3
    """
    return Variant(
        GAME,
        TARGET,
        tuple(sides) if sides else two_pairs(),
        five_only_bonus=five_only_bonus,
        dealer_may_hold=True,
        bidder_adds=BidderAdds(bidder_adds),
        bell=bell,
        elimination_floor=elimination_floor,
        joker=joker,
        off_suit_aces_high=off_suit_aces_high,
    )


def _status(
    variant: Variant, scores: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    floor = variant.elimination_floor
    eliminated = () if floor is None else sides_where(scores, lambda s: s <= floor)
    return (), (), eliminated


def new_game(variant: Variant, scores: Sequence[int] | None = None) -> GameState:
    """The state before the first hand: 0 each, or scores carried over.

    >>> from scoring.games.core import alone
    >>> new_game(make_variant(alone("Ann", "Bob", "Cy"), elimination_floor=-80),
    ...          (-80, 10, 0)).eliminated
    (0,)
    """
    check_game(variant, GAME)
    return start_state(variant, scores, _status)


def capped(before: int, took: int) -> int:
    """What a side that did not bid gains: never past 105 (the rest is lost).

    >>> capped(95, 15), capped(105, 10), capped(-20, 30)
    (10, 0, 30)
    """
    return max(0, min(took, CAP - before))


def score_hand(variant: Variant, state: GameState, hand: HandRecord) -> HandOutcome:
    """Check a hand and say what it gives each side; the state is not changed.

    >>> v = make_variant()
    >>> o = score_hand(v, new_game(v, (100, 20)), HandRecord((2, 3), 0, bidder=1, bid=20))
    >>> o.points, o.changes, o.made
    ((15, 15), (5, -20), False)
    """
    check_game(variant, GAME)
    check_playable(variant, state, hand)
    check_hand_options(variant, hand)
    points = hand_points(variant, hand.tricks, hand.best)
    deal = contract(variant, state, hand)
    took = points[deal.bidder]
    made = took >= deal.bid
    if not made:
        gain = -deal.bid
    elif variant.bell and deal.bid == 30:
        gain = BELL
    elif variant.bidder_adds is BidderAdds.POINTS:
        gain = took
    else:
        gain = deal.bid
    changes = tuple(
        gain if side == deal.bidder else capped(before, p)
        for side, (before, p) in enumerate(zip(state.scores, points, strict=True))
    )
    return HandOutcome(points, changes, deal, made)


def apply_hand(variant: Variant, state: GameState, hand: HandRecord) -> GameState:
    """The state after one more hand; raises HandError with the reason if it is refused.

    >>> v = make_variant()
    >>> apply_hand(v, new_game(v), HandRecord((3, 2), 0, bidder=0, bid=35))
    Traceback (most recent call last):
    ...
    scoring.games.core.HandError: a bid must be 15, 20, 25 or 30
    """
    outcome = score_hand(variant, state, hand)
    assert outcome.contract is not None
    scores = tuple(s + c for s, c in zip(state.scores, outcome.changes, strict=True))
    locked, green, eliminated = _status(variant, scores)
    out = sides_where(scores, lambda s: s >= TARGET)
    bidder = outcome.contract.bidder
    winner = bidder if bidder in out else leader(scores, out)
    still_in = [i for i in range(variant.n_sides) if i not in eliminated]
    if winner is None and len(still_in) == 1:
        winner = still_in[0]
    return GameState(scores, state.hands_played + 1, locked, green, eliminated, winner)


def play(
    variant: Variant, hands: Iterable[HandRecord], start: GameState | None = None
) -> GameState:
    """Replay a game from its start; undo the last hand with ``play(v, hands[:-1])``.

    >>> play(make_variant(), [HandRecord((3, 2), 0, bidder=0, bid=20)]).scores
    (20, 10)
    """
    return replay(apply_hand, variant, hands, start if start is not None else new_game(variant))
