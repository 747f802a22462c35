"""Margaret, the rule-based player, and the random player (no Django).

Margaret plays like a sensible club player and reads only her PlayerView:

- Leading: trumps when strong (a top trump, the 5, J, A♥ or ace of trumps,
  with another trump; or three trumps), her best trump first, but her lowest
  trump when an opponent is known to hold a higher one (the turned-up card
  the dealer took); defending against a bidder she leads a trump only when
  nothing can beat it. Else an off-suit king (the top of its suit); else her
  lowest card.
- Following: when her partner is already winning, or nothing she holds can
  win, she throws her lowest card (never wasting a top trump on a lost
  trick); else she wins with the lowest card that wins and is likely to hold
  the trick (``chance_to_hold`` at least ``SAFE``) against the opponents
  still to play; when none is that likely, the card most likely to hold. A
  trump nothing left can beat is a trick in hand: she keeps it while another
  card may win.
- Robbing: always, throwing her lowest card.
- Auction: values a hand at 5 points a trick (a trick for each top trump,
  half for each other trump and off-suit king, one from her partner, five at
  most) and 5 more when she holds the 5 of trumps (the best card); bids that
  worth in her best suit, rounded down to a bid, and passes below 15; she
  does not bid against her partner; the dealer, last to call, takes the
  contract at the least it needs (holding when she may), or bids 30 when a
  made 30 scores 60 and her hand is worth it. She names that suit; keeps
  trumps and off-suit kings and draws for the rest.

The random player picks any legal move; it is for the benchmark only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from scoring.games.cards import Card, Suit, is_trump, off_suit_order
from scoring.games.core import ThirtyForSixty
from scoring.play.records import Phase
from scoring.play.rules import PlayOptions, trick_winner, trump_ranks
from scoring.play.setup import Bid, Discard, Hold, Move, NameTrump, NoRob, Pass, Play, Rob
from scoring.play.view import PlayerView

SAFE = 0.75  # how likely a cheap winning card must be to hold the trick


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
        return lead(view, cards)
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
    return likely_winner(view, winning)


def likely_winner(view: PlayerView, winning: Sequence[Card]) -> Card:
    """The cheapest of ``winning`` that holds the trick at least ``SAFE`` of the
    time; else the one likeliest to hold (the cheaper on a tie). A sure trump
    (``sure_trick``) is kept for later while another card may win."""
    trump, o = view.trump, view.setup.options
    assert trump is not None
    ranked = sorted(winning, key=lambda c: power(c, trump, o))
    ranked = [c for c in ranked if not sure_trick(view, c)] or ranked
    chances = [chance_to_hold(view, c) for c in ranked]
    for c, chance in zip(ranked, chances, strict=True):
        if chance >= SAFE:
            return c
    return ranked[chances.index(max(chances))]


def sure_trick(view: PlayerView, c: Card) -> bool:
    """Whether ``c`` is a trump that no card outside her hand and the played
    cards beats: it takes a trick whenever she plays it."""
    trump, o = view.trump, view.setup.options
    assert trump is not None
    order = trump_ranks(trump, o.joker)
    if c not in order:
        return False
    elsewhere = set(view.unseen()).union(*view.known)
    return all(order[u] > order[c] for u in elsewhere if u in order)


def lead(view: PlayerView, cards: Sequence[Card]) -> Card:
    trump, o = view.trump, view.setup.options
    assert trump is not None
    trumps = [c for c in cards if is_trump(c, trump)]
    tops = top_trumps(trump, o)
    strong = (len(trumps) >= 2 and any(c in tops for c in trumps)) or len(trumps) >= 3
    if strong:
        best = max(trumps, key=lambda c: power(c, trump, o))
        if defending(view):
            strong = chance_to_hold(view, best) == 1.0  # only a trump nothing beats
        elif known_above(view, best):
            return lowest(trumps, trump, o)
    if strong:
        return best
    kings = [c for c in cards if is_king(c, trump, o)]
    if kings:
        return kings[0]
    return lowest(cards, trump, o)


def defending(view: PlayerView) -> bool:
    """Whether another side won the bidding (Auction) of this hand."""
    setup = view.setup
    return view.bidder is not None and setup.side_of(view.bidder) != setup.side_of(view.seat)


def opponents_after(view: PlayerView) -> list[int]:
    """The opponents still to play to this trick after her, in turn."""
    setup = view.setup
    n = setup.players
    after = [(view.seat + k) % n for k in range(1, n - len(view.trick))]
    return [s for s in after if setup.side_of(s) != setup.side_of(view.seat)]


def opponents_behind(view: PlayerView, led: Card) -> list[tuple[int, frozenset[Card], float, bool]]:
    """For each opponent still to play after her: the seat, the unseen cards it
    may hold, the share of those it holds (its hand less its known cards, over
    them), and whether it may hold a card of the suit of ``led`` (not trumps)."""
    trump = view.trump
    assert trump is not None
    unseen = view.unseen()
    out = []
    for s in opponents_after(view):
        pool = frozenset(u for u in unseen if u not in view.cannot_hold[s])
        need = view.hand_sizes[s] - len(view.known[s])
        follows = any(u.suit is led.suit and not is_trump(u, trump) for u in pool)
        out.append((s, pool, need / len(pool) if pool else 0.0, follows))
    return out


def beats(view: PlayerView, trick: tuple[Card, ...], u: Card, follows: bool) -> bool:
    """Whether ``u``, played after ``trick`` (her card last), takes it: a higher
    card of the suit led, or a trump from a seat that cannot follow the suit led,
    over her plain card; a higher trump over her trump."""
    trump, o = view.trump, view.setup.options
    assert trump is not None
    if trick_winner(trick + (u,), trump, o) != len(trick):
        return False
    return not (follows and is_trump(u, trump) and not is_trump(trick[-1], trump))


def known_above(view: PlayerView, c: Card) -> bool:
    """Whether an opponent still to play is known to hold a card that beats ``c``,
    led or played now (the turned-up card it took)."""
    trick = tuple(x for _, x in view.trick) + (c,)
    return any(
        beats(view, trick, k, follows)
        for s, _, _, follows in opponents_behind(view, trick[0])
        for k in view.known[s]
    )


def chance_to_hold(view: PlayerView, c: Card) -> float:
    """How likely ``c``, played now, is to win the trick against the opponents still
    to play (1.0 when she plays last, or nothing can beat it; 0.0 when one of them
    is known to hold a card that beats it).

    Each card she cannot place is with a given opponent in proportion to the
    unseen cards that seat holds among those it may hold (``opponents_behind``);
    a card beats hers as ``beats`` says. The chance is that none of them holds
    a card that beats it.
    """
    trick = tuple(x for _, x in view.trick) + (c,)
    seats = opponents_behind(view, trick[0])
    if not seats:
        return 1.0
    if known_above(view, c):
        return 0.0
    chance = 1.0
    for u in view.unseen():
        held = sum(
            share
            for _, pool, share, follows in seats
            if u in pool and beats(view, trick, u, follows)
        )
        chance *= max(0.0, 1.0 - held)
    return chance


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


def hand_worth(hand: Sequence[Card], trump: Suit, o: PlayOptions, *, partnerships: bool) -> float:
    """The points a hand is good for with ``trump``: 5 a sure trick (one more
    from a partner; five tricks at most) and 5 for the best card when it holds
    the 5 of trumps."""
    tricks = min(sure_tricks(hand, trump, o) + (1 if partnerships else 0), 5.0)
    five = next(c for c, i in trump_ranks(trump, o.joker).items() if i == 0)
    return 5 * tricks + (5 if five in hand else 0)


def bid(view: PlayerView) -> Move:
    """Bid what the hand is worth in its best suit (``hand_worth``), rounded down
    to a bid; pass when it is worth no bid, or when her partner has the bid.
    The dealer calls last: she holds, or bids the least allowed, when worth
    it (30 when a made 30 scores 60 and she is worth 30)."""
    setup = view.setup
    suit, _ = best_suit(view.hand, setup.options)
    worth = hand_worth(view.hand, suit, setup.options, partnerships=setup.partnerships)
    high, holder = 0, None
    for seat, m in view.calls:  # the dealer, who alone may hold, calls last
        if isinstance(m, Bid):
            high, holder = m.amount, seat
    bids = sorted((m for m in view.legal if isinstance(m, Bid)), key=lambda m: m.amount)
    allowed = [m for m in bids if m.amount <= worth]
    partner_has_it = holder is not None and setup.side_of(holder) == setup.side_of(view.seat)
    if partner_has_it or not (allowed or Hold() in view.legal):
        return Pass() if Pass() in view.legal else view.legal[0]
    if view.seat != view.dealer:
        return allowed[-1] if allowed else Pass()
    if high and worth >= high and Hold() in view.legal:
        return Hold()
    sixty = setup.variant.thirty_for_sixty is not ThirtyForSixty.OFF
    if allowed and sixty and allowed[-1].amount == 30:
        return allowed[-1]
    if allowed:
        return allowed[0]
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
