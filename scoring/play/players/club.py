"""Margaret, the rule-based player, and the random player (no Django).

Margaret plays like a sensible club player and reads only her PlayerView:

- Leading: trumps when strong (a top trump, the 5, J, A♥ or ace of trumps,
  with another trump; or three trumps), her best trump first; else an
  off-suit king (the top of its suit); else her lowest card.
- Following: when her partner is already winning, or nothing she holds can
  win, she throws her lowest card (never wasting a top trump on a lost
  trick); else she wins with the lowest card that wins.
- Robbing: always, throwing her lowest card.
- Auction: bids by counting sure tricks in her best suit (the top trumps
  held, half a trick for each other trump and each off-suit king, one trick
  from her partner), 5 points a trick; names that suit; keeps trumps and
  off-suit kings and draws for the rest.

The random player picks any legal move; it is for the benchmark only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from scoring.games.cards import Card, Suit, is_trump, off_suit_order
from scoring.play.records import Phase
from scoring.play.rules import PlayOptions, trick_winner, trump_ranks
from scoring.play.setup import Bid, Discard, Hold, Move, NameTrump, NoRob, Pass, Play, Rob
from scoring.play.view import PlayerView


def power(c: Card, trump: Suit, options: PlayOptions) -> int:
    """How strong a card is in this hand: every trump above every other card."""
    order = trump_ranks(trump, options.joker)
    if c in order:
        return 100 - order[c]
    assert c.suit is not None
    suit = off_suit_order(c.suit, aces_high=options.aces_high)
    return 20 - suit.index(c)


def top_trumps(trump: Suit, options: PlayOptions) -> set[Card]:
    """The 5, the J, the Joker, the A♥ and the ace of trumps."""
    order = trump_ranks(trump, options.joker)
    return {c for c, i in order.items() if i < (5 if options.joker else 4)}


def lowest(cards: Sequence[Card], trump: Suit, options: PlayOptions) -> Card:
    return min(cards, key=lambda c: power(c, trump, options))


def is_king(c: Card, trump: Suit, options: PlayOptions) -> bool:
    """Whether ``c`` is the top card of its suit off trumps (the king, or an ace high)."""
    if is_trump(c, trump):
        return False
    assert c.suit is not None
    return off_suit_order(c.suit, aces_high=options.aces_high)[0] == c


def random_choose(view: PlayerView, *, seed: int) -> Move:
    """Any legal move, at random (for the benchmark)."""
    return random.Random(seed).choice(view.legal)


def margaret_choose(view: PlayerView, *, seed: int = 0) -> Move:
    """Margaret's move; she needs no seed (her play is the same every time)."""
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    if view.phase is Phase.PLAY:
        return Play(play_card(view))
    if view.phase is Phase.ROB:
        return rob(view)
    if view.phase is Phase.BID:
        return bid(view)
    if view.phase is Phase.TRUMP:
        return NameTrump(best_suit(view.hand, view.setup.options)[0])
    if view.phase is Phase.DISCARD:
        return discard(view)
    return legal[0]


def play_card(view: PlayerView) -> Card:
    trump, o = view.trump, view.setup.options
    assert trump is not None
    cards = [m.card for m in view.legal if isinstance(m, Play) and not m.call]
    if not view.trick:
        return lead(cards, trump, o)
    shown = tuple(c for _, c in view.trick)
    now = trick_winner(shown, trump, o)
    setup = view.setup
    partner_wins = setup.side_of(view.trick[now][0]) == setup.side_of(view.seat)
    if partner_wins:
        return lowest(cards, trump, o)
    pos = len(shown)
    winning = [c for c in cards if trick_winner(shown + (c,), trump, o) == pos]
    if not winning:
        return lowest(cards, trump, o)
    return lowest(winning, trump, o)


def lead(cards: Sequence[Card], trump: Suit, o: PlayOptions) -> Card:
    trumps = [c for c in cards if is_trump(c, trump)]
    tops = top_trumps(trump, o)
    strong = (len(trumps) >= 2 and any(c in tops for c in trumps)) or len(trumps) >= 3
    if strong:
        return max(trumps, key=lambda c: power(c, trump, o))
    kings = [c for c in cards if is_king(c, trump, o)]
    if kings:
        return kings[0]
    return lowest(cards, trump, o)


def rob(view: PlayerView) -> Move:
    """Rob, throwing the lowest card (the turned-up card is a trump, so it is kept)."""
    trump, o = view.trump, view.setup.options
    assert trump is not None
    throw = lowest(view.hand, trump, o)
    move = Rob(throw)
    return move if move in view.legal else NoRob()


def sure_tricks(hand: Sequence[Card], trump: Suit, o: PlayOptions) -> float:
    """Tricks a hand is good for with ``trump``: a trick for each top trump,
    half a trick for each other trump and each off-suit king."""
    tops = top_trumps(trump, o)
    count = 0.0
    for c in hand:
        if c in tops:
            count += 1
        elif is_trump(c, trump) or is_king(c, trump, o):
            count += 0.5
    return count


def best_suit(hand: Sequence[Card], o: PlayOptions) -> tuple[Suit, float]:
    scored = [(sure_tricks(hand, s, o), -i, s) for i, s in enumerate(Suit)]
    tricks, _, suit = max(scored)
    return suit, tricks


def bid(view: PlayerView) -> Move:
    """Bid the lowest amount allowed when the sure tricks (and one from the
    partner) are worth it, 5 points a trick; the dealer holds when allowed."""
    _, tricks = best_suit(view.hand, view.setup.options)
    worth = 5 * (min(tricks, 4.0) + 1)
    if Hold() in view.legal:
        high = max((m.amount for _, m in view.calls if isinstance(m, Bid)), default=0)
        if high and worth >= high:
            return Hold()
    bids = sorted((m for m in view.legal if isinstance(m, Bid)), key=lambda m: m.amount)
    for m in bids:
        if m.amount <= worth:
            return m
        break
    return Pass() if Pass() in view.legal else view.legal[0]


def discard(view: PlayerView) -> Move:
    """Keep trumps and off-suit kings; draw for the rest."""
    trump, o = view.trump, view.setup.options
    assert trump is not None
    throw = [c for c in view.hand if not is_trump(c, trump) and not is_king(c, trump, o)]
    throw.sort(key=lambda c: power(c, trump, o))
    throw = throw[: view.stock_size]
    move = Discard(tuple(c for c in view.hand if c in throw))
    return move if move in view.legal else Discard()
