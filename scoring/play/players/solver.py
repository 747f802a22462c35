"""Exact play of the rest of a hand when every card is known (no Django).

A computer player guesses where the unseen cards are (``view.sample``) and
asks this solver, for each guess, how many tricks its side takes from here
with each card it may play, when everyone plays perfectly and the other
sides play against it ("paranoid" search: in three-handed play the two
others are taken to gang up, which is the careful assumption).

The trick with the best trump earns the bonus, and the best trump always
wins its trick, so the bonus goes to the side holding it: it is fixed by the
guess, and the search only counts tricks. Alpha-beta with a transposition
table keyed by the hands, the leader and the cards on the table; cards are
small integers and legality comes from ``scoring.play.rules`` (cached), so
every option of play (renege variants, the A♥-led rule, hearts on hearts)
is searched exactly as the engine plays it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from scoring.games.cards import ACE_OF_HEARTS, Card, Suit, best_trump, deck, off_suit_order
from scoring.play import rules
from scoring.play.rules import PlayOptions

PlayKey = tuple[int, bool]  # (card index, called)


@dataclass
class Table:
    """What does not change within one hand: trump, the rules, who is on our side.

    Caches legal plays and trick winners; share one Table between the
    guesses of one decision (the cards are the same deck).
    """

    trump: Suit
    options: PlayOptions
    ours: tuple[bool, ...]  # by seat: plays for the searching side
    cards: tuple[Card, ...] = field(init=False)
    index: dict[Card, int] = field(init=False)
    nodes: int = 0
    _legal: dict = field(init=False)
    _winner: dict = field(init=False)

    def __post_init__(self) -> None:
        self.cards = deck(joker=self.options.joker)
        self.index = {c: i for i, c in enumerate(self.cards)}
        self._legal, self._winner = _caches(self.trump, self.options)
        order = rules.trump_ranks(self.trump, self.options.joker)
        aces_high = self.options.aces_high
        self._power = tuple(
            200 - order[c] if c in order else 0 for c in self.cards
        )  # trumps; off-suit cards rank by ``_follow``
        self._follow = tuple(
            0 if c in order else 50 - off_suit_order(c.suit, aces_high=aces_high).index(c)
            for c in self.cards
        )
        self._suit = tuple(None if c in order else c.suit for c in self.cards)
        honours = rules.honours(self.trump)
        # Cards of one class are told apart only by rank (honours each a class of their own)
        self._class = tuple(
            (c,) if c in honours else ("trump" if c in order else c.suit) for c in self.cards
        )
        self._between: dict[tuple[int, int], int] = {}
        self._moves: dict = {}
        self._order: dict = {}

    @property
    def players(self) -> int:
        return len(self.ours)

    def legal(self, hand: tuple[int, ...], trick: tuple[int, ...], called: bool):
        led = trick[0] if trick else -1  # legality depends only on the card led
        key = (hand, led, called)
        out = self._legal.get(key)
        if out is None:
            cs = self.cards
            ok = rules.legal_cards(
                [cs[i] for i in hand],
                [cs[led]] if trick else [],
                self.trump,
                self.options,
                called=called,
            )
            ok = sorted(ok, key=lambda c: -self.strength(self.index[c]))
            out = [(self.index[c], False) for c in ok]
            if not trick and self.options.hearts_on_hearts and ACE_OF_HEARTS in ok:
                out.append((self.index[ACE_OF_HEARTS], True))
            out = tuple(out)
            self._legal[key] = out
        return out

    def winner(self, trick: tuple[int, ...]) -> int:
        """Which card of a full trick wins it (the same as ``rules.trick_winner``)."""
        out = self._winner.get(trick)
        if out is None:
            power, follow, suit = self._power, self._follow, self._suit
            led = suit[trick[0]]
            best, out = -1, 0
            for i, c in enumerate(trick):
                p = power[c] or (follow[c] if suit[c] is led else 0)
                if p > best:
                    best, out = p, i
            self._winner[trick] = out
        return out

    def strength(self, card: int) -> int:
        return self._power[card] or self._follow[card]

    def moves(self, hand: tuple[int, ...], trick: tuple[int, ...], called: bool, others: int):
        """The legal plays, strongest first, keeping one of each run of cards that
        no card still out (``others``: a bit for each card in another hand or on
        the table) separates: playing 8♣ or 7♣ from 8♣ 7♣ comes to the same."""
        key = (hand, trick[0] if trick else -1, called, others)
        out = self._moves.get(key)
        if out is None:
            kept: dict = {}
            out = []
            for m in self.legal(hand, trick, called):
                c, cls = m[0], (self._class[m[0]], m[1])  # a called A♥ is a move of its own
                last = kept.get(cls)
                if last is not None and not self._between_mask(last, c) & others:
                    continue
                kept[cls] = c
                out.append(m)
            out = tuple(out)
            self._moves[key] = out
        return out

    def follow_order(self, moves, trick: tuple[int, ...]):
        """Following: the cheapest card that takes the trick first, then the lowest."""
        key = (moves, trick)
        out = self._order.get(key)
        if out is None:
            n = len(trick)
            wins = [m for m in moves if self.winner(trick + (m[0],)) == n]
            rest = [m for m in moves if m not in wins]
            out = self._order[key] = tuple(wins[::-1] + rest[::-1])
        return out

    def _between_mask(self, a: int, b: int) -> int:
        """The cards of their class ranked strictly between a and b."""
        got = self._between.get((a, b))
        if got is None:
            cls = self._class[a]
            lo, hi = sorted((self.strength(a), self.strength(b)))
            got = 0
            for i, k in enumerate(self._class):
                if k == cls and lo < self.strength(i) < hi:
                    got |= 1 << i
            self._between[(a, b)] = got
        return got


_CACHES: dict[tuple[Suit, PlayOptions], tuple[dict, dict]] = {}
_CACHE_LIMIT = 400_000


def _caches(trump: Suit, options: PlayOptions) -> tuple[dict, dict]:
    """Legal plays and trick winners, kept between decisions (they depend only on
    the cards, trump and the rules); emptied when they grow large."""
    got = _CACHES.get((trump, options))
    if got is None or len(got[0]) + len(got[1]) > _CACHE_LIMIT:
        got = _CACHES[(trump, options)] = ({}, {})
    return got


@dataclass(frozen=True)
class Position:
    """The rest of a hand with every card known: hands by seat (card indexes),
    the leader of the trick on the table, its cards, and whether the A♥ led
    was called."""

    hands: tuple[tuple[int, ...], ...]
    leader: int
    trick: tuple[int, ...] = ()
    called: bool = False

    @property
    def to_act(self) -> int:
        return (self.leader + len(self.trick)) % len(self.hands)


class Solver:
    """Tricks our side takes from a Position with perfect play on all sides."""

    def __init__(self, table: Table) -> None:
        self.t = table
        self.tt: dict = {}
        self.masks: dict = {}
        self.tt_n: dict = {}

    def value(self, pos: Position) -> int:
        """Tricks our side takes from here (the trick on the table included)."""
        left = self._left(pos.hands, pos.leader, pos.trick)
        return self._search(pos.hands, pos.leader, pos.trick, pos.called, 0, left + 1)

    def values(self, pos: Position) -> dict[PlayKey, int]:
        """For each play of the seat to act, the tricks our side takes after it."""
        seat = pos.to_act
        left = self._left(pos.hands, pos.leader, pos.trick)
        out = {}
        for move in self.t.legal(pos.hands[seat], pos.trick, pos.called):
            out[move] = self._after(pos.hands, pos.leader, pos.trick, pos.called, move, 0, left + 1)
        return out

    # ---- every player for itself (three or more playing alone) -------------------

    def spread(self, pos: Position) -> tuple[int, ...]:
        """The tricks each seat takes from here on, every seat for itself (see ``spreads``)."""
        if not pos.hands[pos.leader] and not pos.trick:
            return (0,) * self.t.players
        return self._maxn(pos.hands, pos.leader, pos.trick, pos.called)

    def spreads(self, pos: Position) -> dict[PlayKey, tuple[int, ...]]:
        """For each play of the seat to act, the tricks each seat takes from here on
        when every seat plays for its own tricks ("max-n"; a seat with a choice of
        equal results for itself takes the one worst for our side, then the
        one that gives the lower seats fewer tricks, so the result is unique)."""
        seat = pos.to_act
        return {
            m: self._maxn_after(pos.hands, pos.leader, pos.trick, pos.called, m)
            for m in self.t.legal(pos.hands[seat], pos.trick, pos.called)
        }

    def _maxn_after(self, hands, leader, trick, called, move) -> tuple[int, ...]:
        t = self.t
        n = t.players
        seat = (leader + len(trick)) % n
        card, call = move
        rest = tuple(c for c in hands[seat] if c != card)
        hands = hands[:seat] + (rest,) + hands[seat + 1 :]
        trick = trick + (card,)
        if len(trick) < n:
            return self._maxn(hands, leader, trick, called or call)
        won = (leader + t.winner(trick)) % n
        after = self._maxn(hands, won, (), False) if rest else (0,) * n
        return after[:won] + (after[won] + 1,) + after[won + 1 :]

    def _maxn(self, hands, leader, trick, called) -> tuple[int, ...]:
        t = self.t
        t.nodes += 1
        key = (hands, leader, trick, called)
        got = self.tt_n.get(key)
        if got is not None:
            return got
        n = t.players
        seat = (leader + len(trick)) % n
        others = 0
        for s, h in enumerate(hands):
            if s != seat:
                others |= self._mask(h)
        for c in trick:
            others |= 1 << c
        ours = t.ours
        top = self._left(hands, leader, trick)
        best: tuple[int, ...] | None = None
        for m in t.moves(hands[seat], trick, called, others):
            v = self._maxn_after(hands, leader, trick, called, m)
            if best is None or v[seat] > best[seat]:
                best = v
                if v[seat] == top:
                    break  # every trick left to this seat: nothing can be better for it
            elif v[seat] == best[seat]:
                mine = sum(x for x, o in zip(v, ours, strict=True) if o)
                before = sum(x for x, o in zip(best, ours, strict=True) if o)
                if (mine, v) < (before, best):
                    best = v
        assert best is not None
        self.tt_n[key] = best
        return best

    def _mask(self, hand: tuple[int, ...]) -> int:
        got = self.masks.get(hand)
        if got is None:
            got = 0
            for c in hand:
                got |= 1 << c
            self.masks[hand] = got
        return got

    @staticmethod
    def _left(hands, leader, trick) -> int:
        return len(hands[leader]) + (1 if trick else 0)

    def _after(self, hands, leader, trick, called, move, alpha, beta) -> int:
        """Value after the seat to act makes ``move``."""
        t = self.t
        n = t.players
        seat = (leader + len(trick)) % n
        card, call = move
        hand = hands[seat]
        rest = tuple(c for c in hand if c != card)
        hands = hands[:seat] + (rest,) + hands[seat + 1 :]
        trick = trick + (card,)
        if len(trick) < n:
            return self._search(hands, leader, trick, called or call, alpha, beta)
        won = (leader + t.winner(trick)) % n
        gain = 1 if t.ours[won] else 0
        if not rest:
            return gain
        return gain + self._search(hands, won, (), False, alpha - gain, beta - gain)

    def _search(self, hands, leader, trick, called, alpha, beta) -> int:
        t = self.t
        t.nodes += 1
        n = t.players
        if len(hands[(leader + len(trick)) % n]) == 1:  # the last trick: every card forced
            last = trick + tuple(hands[(leader + i) % n][0] for i in range(len(trick), n))
            return 1 if t.ours[(leader + t.winner(last)) % n] else 0
        key = (hands, leader, trick, called)
        lo, hi = self.tt.get(key, (0, self._left(hands, leader, trick)))
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        a, b = max(alpha, lo), min(beta, hi)
        a0, b0 = a, b
        seat = (leader + len(trick)) % t.players
        others = 0
        for s, h in enumerate(hands):
            if s != seat:
                others |= self._mask(h)
        for c in trick:
            others |= 1 << c
        moves = t.moves(hands[seat], trick, called, others)
        if trick and len(moves) > 1:
            moves = t.follow_order(moves, trick)
        if t.ours[seat]:
            best = -1
            for m in moves:
                v = self._after(hands, leader, trick, called, m, a, b)
                if v > best:
                    best = v
                    if v > a:
                        a = v
                        if a >= b:
                            break
        else:
            best = 99
            for m in moves:
                v = self._after(hands, leader, trick, called, m, a, b)
                if v < best:
                    best = v
                    if v < b:
                        b = v
                        if a >= b:
                            break
        if best <= a0:
            self.tt[key] = (lo, best)
        elif best >= b0:
            self.tt[key] = (best, hi)
        else:
            self.tt[key] = (best, best)
        return best


def bonus_card(held: Sequence[Card], trump: Suit, *, joker: bool, five_only: bool) -> Card | None:
    """The card whose trick earns the bonus, among every card played this hand."""
    if five_only:
        five = Card("5", trump)
        return five if five in held else None
    return best_trump(held, trump, joker=joker)
