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

The lines marked ``# pragma: no mutate (a cache)`` read or fill a cache: a
miss only computes the same value again, so no test can tell a change to
them, and the mutation run leaves them alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from scoring.games.cards import (
    ACE_OF_HEARTS,
    Card,
    Suit,
    best_trump,
    deck,
    is_trump,
    off_suit_order,
)
from scoring.play import rules
from scoring.play.rules import PlayOptions

PlayKey = tuple[int, bool]  # (card index, called)


@dataclass
class Table:
    """What does not change within one hand: trump, the rules, who is on our side.

    Inside the search a hand is a bit mask of card indexes (bit ``i`` is
    ``cards[i]``). Legal plays come from masks worked out once per card led
    from ``scoring.play.rules`` (``may_hold_back``, ``is_called``, ``is_trump``),
    and moves, their order and trick winners are cached; share one Table
    between the guesses of one decision (the cards are the same deck).
    """

    trump: Suit
    options: PlayOptions
    ours: tuple[bool, ...]  # by seat: plays for the searching side
    cards: tuple[Card, ...] = field(init=False)
    index: dict[Card, int] = field(init=False)
    nodes: int = 0

    def __post_init__(self) -> None:
        self.cards = deck(joker=self.options.joker)
        self.index = {c: i for i, c in enumerate(self.cards)}
        self.players = len(self.ours)
        trump, o = self.trump, self.options
        order = rules.trump_ranks(trump, o.joker)
        aces_high = o.aces_high
        self._power = tuple(
            200 - order[c] if c in order else 0 for c in self.cards
        )  # trumps; off-suit cards rank by ``_follow``
        self._follow = tuple(
            0 if c in order else 50 - off_suit_order(c.suit, aces_high=aces_high).index(c)
            for c in self.cards
        )
        self._suit = tuple(None if c in order else c.suit for c in self.cards)
        honours = rules.honours(trump)
        # Cards of one class are told apart only by rank (honours each a class of their own)
        self._class = tuple(
            (c,) if c in honours else ("trump" if c in order else c.suit) for c in self.cards
        )
        # Each card's place, strongest first (ties: deck order), for listing a mask's cards
        by_strength = sorted(range(len(self.cards)), key=lambda i: (-self.strength(i), i))
        self._rank = [0] * len(self.cards)
        for place, i in enumerate(by_strength):
            self._rank[i] = place
        self._trumps = _mask_of(i for i, c in enumerate(self.cards) if is_trump(c, trump))
        self._hearts = _mask_of(i for i, c in enumerate(self.cards) if c.suit is Suit.HEARTS)
        self._ace_hearts = self.index[ACE_OF_HEARTS]
        self._duties: dict[tuple[int, bool], tuple[bool, int, int, int]] = {}
        self._winner, self._listed, self._moves, self._between, self._direct = _caches(trump, o)
        self.ours_seats = tuple(s for s, o in enumerate(self.ours) if o)

    def legal(self, hand: tuple[int, ...], trick: tuple[int, ...], called: bool):
        """The legal plays of ``hand`` (card indexes), strongest first."""
        return self.legal_of(_mask_of(hand), trick[0] if trick else -1, called)

    def legal_of(self, hand: int, led: int, called: bool) -> tuple[PlayKey, ...]:
        """The legal plays of the hand ``hand`` (a mask) to a trick led by ``led``
        (-1: leading), strongest first; a lead of the A\u2665 may also be called."""
        return self._listing(hand, led, called)[1]

    def _listing(self, hand: int, led: int, called: bool) -> tuple[int, tuple, int]:
        """(key, legal plays, span): the plays as ``legal_of``; the key tells them
        apart from every other listing; span: the cards that may separate two
        of them of one class (see ``moves``)."""
        allowed = hand if led < 0 else hand & self._allowed(hand, led, called)
        key = allowed if led >= 0 else ~allowed  # leading adds the called A\u2665
        got = self._listed.get(key)  # pragma: no mutate (a cache)
        if got is None:
            cards, rest = [], allowed
            while rest:
                low = rest & -rest
                cards.append(low.bit_length() - 1)
                rest ^= low
            cards.sort(key=self._rank.__getitem__)
            out = tuple((i, False) for i in cards)
            ace = self._ace_hearts
            if led < 0 and self.options.hearts_on_hearts and allowed >> ace & 1:
                out += ((ace, True),)
            ends: dict = {}
            for c, _call in out:
                ends.setdefault(self._class[c], []).append(c)
            span = 0
            for cs in ends.values():
                span |= self._between_mask(cs[0], cs[-1])
            got = self._listed[key] = (key, out, span)
        return got

    def _allowed(self, hand: int, led: int, called: bool) -> int:
        """The cards ``hand`` may play to a trick led by ``led`` (as ``rules.legal_cards``):
        a trump led asks for a trump that may not be held back (else, when the A\u2665
        is led, a heart from a hand with no trump at all: a trump held back lifts it);
        a plain suit led asks for that suit (or a trump, unless players must follow
        suit)."""
        duty = self._duties.get((led, called))  # pragma: no mutate (a cache)
        if duty is None:
            duty = self._duties[(led, called)] = self._duty(led, called)
        trump_led, blockers, hearts, follow = duty
        if trump_led:
            if hand & blockers:
                return self._trumps
            if hand & hearts and not hand & self._trumps:
                return self._hearts
            return hand
        if hand & follow:
            return follow if self.options.must_follow else follow | self._trumps
        return hand

    def _duty(self, led: int, called: bool) -> tuple[bool, int, int, int]:
        cards, trump, o = self.cards, self.trump, self.options
        lead = cards[led]
        called = rules.is_called((lead,), o, called)
        if is_trump(lead, trump):
            blockers = _mask_of(
                i
                for i, c in enumerate(cards)
                if is_trump(c, trump) and not rules.may_hold_back(c, lead, trump, o, called=called)
            )
            ace_rule = lead == ACE_OF_HEARTS and trump is not Suit.HEARTS and o.ace_hearts_led
            hearts = self._hearts & ~(1 << self._ace_hearts) if ace_rule else 0
            return True, blockers, hearts, 0
        follow = _mask_of(
            i for i, c in enumerate(cards) if c.suit is lead.suit and not is_trump(c, trump)
        )
        return False, 0, 0, follow

    def winner(self, trick: tuple[int, ...]) -> int:
        """Which card of a full trick wins it (the same as ``rules.trick_winner``)."""
        out = self._winner.get(trick)  # pragma: no mutate (a cache)
        if out is None:
            power, follow, suit = self._power, self._follow, self._suit
            led = suit[trick[0]]
            strengths = [power[c] or (follow[c] if suit[c] is led else 0) for c in trick]
            out = strengths.index(max(strengths))  # the first of equals: none are
            self._winner[trick] = out  # pragma: no mutate (a cache)
        return out

    def strength(self, card: int) -> int:
        return self._power[card] or self._follow[card]

    def moves(self, hand: int, trick: tuple[int, ...], called: bool, others: int, order: bool):
        """The plays worth searching, in the order searched. The legal plays,
        strongest first, keeping one of each run of cards that no card still out
        (``others``: a bit for each card in another hand or on the table)
        separates: playing 8\u2663 or 7\u2663 from 8\u2663 7\u2663 comes to the same. Following
        with ``order``, the cheapest card that takes the trick comes first, then the lowest."""
        led = trick[0] if trick else -1
        got = self._direct.get((hand, led, called))  # pragma: no mutate (a cache)
        if got is None:
            got = self._direct[(hand, led, called)] = self._listing(hand, led, called)
        key, legal, span = got
        order = order and len(trick) > 0
        mkey = (key, others & span, trick if order else ())
        out = self._moves.get(mkey)  # pragma: no mutate (a cache)
        if out is None:
            kept: dict = {}
            out = []
            for m in legal:
                c, cls = m[0], (self._class[m[0]], m[1])  # a called A\u2665 is a move of its own
                last = kept.get(cls)
                if last is not None and not self._between_mask(last, c) & others:
                    continue
                kept[cls] = c
                out.append(m)
            if order and len(out) > 1:
                n = len(trick)
                wins = [m for m in out if self.winner(trick + (m[0],)) == n]
                rest = [m for m in out if m not in wins]
                out = wins[::-1] + rest[::-1]
            out = self._moves[mkey] = tuple(out)
        return out

    def _between_mask(self, a: int, b: int) -> int:
        """The cards of their class ranked strictly between a and b."""
        got = self._between.get((a, b))  # pragma: no mutate (a cache)
        if got is None:
            cls = self._class[a]
            lo, hi = sorted((self.strength(a), self.strength(b)))
            got = 0
            for i, k in enumerate(self._class):
                if k == cls and lo < self.strength(i) < hi:
                    got |= 1 << i
            self._between[(a, b)] = got  # pragma: no mutate (a cache)
        return got


def _mask_of(cards) -> int:
    out = 0
    for i in cards:
        out |= 1 << i
    return out


_CACHES: dict[tuple[Suit, PlayOptions], tuple[dict, dict, dict, dict, dict]] = {}
_CACHE_LIMIT = 200_000  # entries of all five, for one trump and set of rules


def _caches(trump: Suit, options: PlayOptions) -> tuple[dict, dict, dict, dict, dict]:
    """Trick winners, legal plays (by allowed cards and by hand), moves and runs,
    kept between decisions (they depend only on the cards, trump and the
    rules); emptied when large."""
    got = _CACHES.get((trump, options))
    if got is None or sum(map(len, got)) > _CACHE_LIMIT:  # pragma: no mutate (a cache)
        got = _CACHES[(trump, options)] = ({}, {}, {}, {}, {})
    return got


def forget_tables() -> None:
    """Empties the tables kept between decisions, as a new process starts."""
    _CACHES.clear()


@dataclass(frozen=True)
class Position:
    """The rest of a hand with every card known: hands by seat (card indexes),
    the leader of the trick on the table, its cards, and whether the A\u2665 led
    was called."""

    hands: tuple[tuple[int, ...], ...]
    leader: int
    trick: tuple[int, ...] = ()
    called: bool = False

    @property
    def to_act(self) -> int:
        return (self.leader + len(self.trick)) % len(self.hands)


class Solver:
    """Tricks our side takes from a Position with perfect play on all sides.

    Hands are searched as bit masks; the transposition tables are keyed by
    the hands, the leader, the cards on the table and the call.
    """

    def __init__(self, table: Table) -> None:
        self.t = table
        self.tt: dict = {}
        self.tt_n: dict = {}

    @staticmethod
    def _masks(pos: Position) -> tuple[int, ...]:
        return tuple(_mask_of(h) for h in pos.hands)

    def value(self, pos: Position) -> int:
        """Tricks our side takes from here (the trick on the table included)."""
        hands = self._masks(pos)
        left = tricks_left(hands, pos.leader, pos.trick)
        return self._search(hands, pos.leader, pos.trick, pos.called, 0, left + 1)

    def values(self, pos: Position) -> dict[PlayKey, int]:
        """For each play of the seat to act, the tricks our side takes after it."""
        hands = self._masks(pos)
        seat = pos.to_act
        left = tricks_left(hands, pos.leader, pos.trick)
        out = {}
        for move in self.t.legal(pos.hands[seat], pos.trick, pos.called):
            out[move] = self._after(hands, pos.leader, pos.trick, pos.called, move, 0, left + 1)
        return out

    # ---- every player for itself (three or more playing alone) -------------------

    def spread(self, pos: Position) -> tuple[int, ...]:
        """The tricks each seat takes from here on, every seat for itself (see ``spreads``)."""
        if not pos.hands[pos.leader] and not pos.trick:
            return (0,) * self.t.players
        return self._maxn(self._masks(pos), pos.leader, pos.trick, pos.called)

    def spreads(self, pos: Position) -> dict[PlayKey, tuple[int, ...]]:
        """For each play of the seat to act, the tricks each seat takes from here on
        when every seat plays for its own tricks ("max-n"; a seat with a choice of
        equal results for itself takes the one worst for our side, then the
        one that gives the lower seats fewer tricks, so the result is unique)."""
        seat = pos.to_act
        hands = self._masks(pos)
        return {
            m: self._maxn_after(hands, pos.leader, pos.trick, pos.called, m)
            for m in self.t.legal(pos.hands[seat], pos.trick, pos.called)
        }

    def _maxn_after(self, hands, leader, trick, called, move) -> tuple[int, ...]:
        t = self.t
        n = t.players
        seat = (leader + len(trick)) % n
        card, call = move
        rest = hands[seat] & ~(1 << card)
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
        others = 0  # the cards in the other hands and on the table (hands never share a card)
        for h in hands:
            others |= h
        others ^= hands[seat]
        for c in trick:
            others |= 1 << c
        ours = t.ours_seats
        top = hands[leader].bit_count() + (1 if trick else 0)
        best: tuple[int, ...] | None = None
        hand, maxn, last = hands[seat], self._maxn, len(trick) == n - 1
        for card, call in t.moves(hand, trick, called, others, False):
            # as ``_maxn_after``, written out for speed
            rest = hand & ~(1 << card)
            after = hands[:seat] + (rest,) + hands[seat + 1 :]
            full = trick + (card,)
            if not last:
                v = maxn(after, leader, full, called or call)
            else:
                won = (leader + t.winner(full)) % n
                v = maxn(after, won, (), False) if rest else (0,) * n
                v = v[:won] + (v[won] + 1,) + v[won + 1 :]
            if best is None or v[seat] > best[seat]:
                best = v
                if v[seat] == top:
                    break  # every trick left to this seat: nothing can be better for it
            elif v[seat] == best[seat]:
                mine = sum([v[s] for s in ours])
                before = sum([best[s] for s in ours])
                if (mine, v) < (before, best):
                    best = v
        assert best is not None
        self.tt_n[key] = best
        return best

    def _after(self, hands, leader, trick, called, move, alpha, beta) -> int:
        """Value after the seat to act makes ``move``."""
        t = self.t
        n = t.players
        seat = (leader + len(trick)) % n
        card, call = move
        rest = hands[seat] & ~(1 << card)
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
        seat = (leader + len(trick)) % n
        hand = hands[seat]
        if hand and not hand & (hand - 1):  # the last trick: every card forced
            last = trick + tuple(
                hands[(leader + i) % n].bit_length() - 1 for i in range(len(trick), n)
            )
            return 1 if t.ours[(leader + t.winner(last)) % n] else 0
        key = (hands, leader, trick, called)
        got = self.tt.get(key)
        lo, hi = got or (0, hands[leader].bit_count() + (1 if trick else 0))
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        a, b = max(alpha, lo), min(beta, hi)
        a0, b0 = a, b
        others = 0  # the cards in the other hands and on the table (hands never share a card)
        for h in hands:
            others |= h
        others ^= hands[seat]
        for c in trick:
            others |= 1 << c
        moves = t.moves(hand, trick, called, others, True)
        search, ours = self._search, t.ours
        last = len(trick) == n - 1  # this card ends the trick
        mine = ours[seat]
        best = -1 if mine else 99
        for card, call in moves:  # each as ``_after``, written out for speed
            rest = hand & ~(1 << card)
            after = hands[:seat] + (rest,) + hands[seat + 1 :]
            full = trick + (card,)
            if not last:
                v = search(after, leader, full, called or call, a, b)
            else:
                won = (leader + t.winner(full)) % n
                gain = 1 if ours[won] else 0
                # rest is never empty: a hand of one card took the last-trick way above
                v = gain + search(after, won, (), False, a - gain, b - gain)
            if mine:
                if v > best:
                    best = v
                    if v > a:
                        a = v
                        if a >= b:
                            break
            elif v < best:
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


def tricks_left(hands, leader, trick) -> int:
    """Tricks left to play (the one on the table included): the leader's cards in hand,
    and one more while the leader's card of this trick is on the table."""
    return hands[leader].bit_count() + (1 if trick else 0)


def bonus_card(held: Sequence[Card], trump: Suit, *, joker: bool, five_only: bool) -> Card | None:
    """The card whose trick earns the bonus, among every card played this hand."""
    if five_only:
        five = Card("5", trump)
        return five if five in held else None
    return best_trump(held, trump, joker=joker)
