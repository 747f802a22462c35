"""Auction Forty-Fives before the play: bidding, naming trump, discarding and drawing (no Django).

Each seat from the dealer's left bids once or passes, the dealer last (and
may hold when the drive allows it); if all pass the dealer is bagged at 15.
The bids are checked by ``scoring.games.core.contract``, so the bidding
rules (amounts, rises of 5, holds, the minimum at 100) are the scorekeeper's.
The winning bidder names trump; then each seat from the dealer's left
discards any number of cards and draws as many from the stock, the dealer
last, who may rob the pack (choose the cards from what is left).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from scoring.games.cards import Suit
from scoring.games.core import Call, Contract, HandError, HandRecord, contract
from scoring.games.options import gettext_noop
from scoring.play.records import IllegalMove, Phase, set_at
from scoring.play.setup import Bid, Discard, Hold, Move, NameTrump, Pass

if TYPE_CHECKING:
    from scoring.play.game import State

_ = gettext_noop
TRICKS = 5


def bid_refusal(state: State, move: Move) -> str | None:
    """Why the seat to act may not make this call (Pass, Bid or Hold), or None."""
    seat = state.to_act
    assert seat is not None
    side = state.setup.side_of(seat)
    if isinstance(move, Pass):
        return None
    if isinstance(move, Hold):
        if seat != state.dealer:
            return _("Only the dealer may hold.")
        call = Call(side, None, True)
    elif isinstance(move, Bid):
        call = Call(side, move.amount)
    else:
        return str(state._wrong(move))
    try:
        contract(state.setup.variant, state.score, hand_record(state, (), call))
    except HandError as error:
        return error.reason[:1].upper() + error.reason[1:] + "."
    return None


def core_calls(state: State) -> tuple[Call, ...]:
    """The bidding so far as scoring.games reads it: calls by side."""
    out = []
    for seat, m in state.calls:
        side = state.setup.side_of(seat)
        if isinstance(m, Bid):
            out.append(Call(side, m.amount))
        elif isinstance(m, Hold):
            out.append(Call(side, None, True))
        else:
            out.append(Call(side))
    return tuple(out)


def hand_record(
    state: State, tricks: tuple[int, ...], *more: Call, best: int | None = None
) -> HandRecord:
    """The hand as scoring.games enters it, with the bidding (``tricks`` empty: a
    stand-in while the bidding is checked, before any trick is played)."""
    return HandRecord(
        tricks or (TRICKS,) + (0,) * (state.setup.sides - 1),
        best,
        dealer=state.setup.side_of(state.dealer),
        calls=core_calls(state) + more,
    )


def bid(state: State, move: Move) -> State:
    """The seat to act bids, passes or holds; after the dealer, the bidder names trump."""
    reason = bid_refusal(state, move)
    if reason is not None:
        raise IllegalMove(reason)
    seat = state.to_act
    assert seat is not None
    nxt = replace(state, calls=state.calls + ((seat, move),))
    if seat != state.dealer:
        return replace(nxt, to_act=state._left(seat))
    deal_ = contract(state.setup.variant, state.score, hand_record(nxt, ()))
    bidder = _bidder_seat(state, nxt.calls, deal_)
    return replace(nxt, phase=Phase.TRUMP, to_act=bidder, bidder=bidder, bid=deal_.bid)


def _bidder_seat(state: State, calls: tuple[tuple[int, Move], ...], deal_: Contract) -> int:
    if deal_.bagged:
        return state.dealer
    return [s for s, m in calls if isinstance(m, Bid | Hold)][-1]


def name_trump(state: State, move: Move) -> State:
    """The winning bidder names trump; the draw starts at the dealer's left."""
    if not isinstance(move, NameTrump):
        raise state._wrong(move)
    return replace(
        state, trump=Suit(move.suit), phase=Phase.DISCARD, to_act=state._left(state.dealer)
    )


def discard(state: State, move: Move) -> State:
    """The seat to act discards and draws (the dealer may rob the pack); then play starts."""
    if not isinstance(move, Discard):
        raise state._wrong(move)
    seat = state.to_act
    assert seat is not None
    hand, cards, take = state.hands[seat], move.cards, move.take
    for c in cards:
        if c not in hand:
            raise IllegalMove(_("You do not hold {card}.").format(card=c))
    if len(set(cards)) != len(cards) or len(set(take)) != len(take):
        raise IllegalMove(_("Name each card once."))
    if len(cards) > len(state.stock):
        raise IllegalMove(_("Only {n} cards are left in the stock.").format(n=len(state.stock)))
    if take:
        if seat != state.dealer:
            raise IllegalMove(_("Only the dealer may rob the pack."))
        if len(take) != len(cards):
            raise IllegalMove(_("Take as many cards from the pack as you discard."))
        for c in take:
            if c not in state.stock:
                raise IllegalMove(_("{card} is not in the pack.").format(card=c))
        drawn, stock = take, tuple(c for c in state.stock if c not in take)
    else:
        drawn, stock = state.stock[: len(cards)], state.stock[len(cards) :]
    kept = tuple(c for c in hand if c not in cards)
    nxt = replace(
        state,
        hands=set_at(state.hands, seat, kept + tuple(drawn)),
        discards=set_at(state.discards, seat, state.discards[seat] + cards),
        stock=stock,
    )
    if seat != state.dealer:
        return replace(nxt, to_act=state._left(seat))
    return replace(nxt, phase=Phase.PLAY)._turn(state._left(state.dealer))


# ---- the end of a hand ---------------------------------------------------------
