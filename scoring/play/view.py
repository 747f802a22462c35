"""What one seat may know, and full games built from it, for honest computer players (no Django).

``view_of(state, seat)`` gives a PlayerView: the seat's own cards
and what was shown at the table (the turned-up card and who took it, every
card played and by whom, the bidding, trump, hand sizes, how many cards each
other seat discarded, and what plays revealed about the other hands). It
holds nothing else: a computer player that reads only its view cannot cheat.

To look ahead, a player guesses where the cards it cannot see are and plays
the game out on each guess ("determinization"). ``determinize`` builds the
full State for one guess and checks that the guess fits the view;
``sample`` makes a random guess that fits. A State built this way plays on
like any other (``legal_moves``, ``apply``), but it has no history: its
``moves`` are empty, so ``undo`` and ``replay`` do not apply to it.

>>> import random
>>> from scoring.play.setup import forty_fives
>>> from scoring.play.game import new_game
>>> state = new_game(forty_fives(), seed=1)
>>> v = view_of(state, 0)
>>> len(v.hand), v.hand_sizes, len(v.unseen())
(5, (5, 5, 5), 46)
>>> guess = sample(v, random.Random(0))
>>> guess.hands[0] == state.hands[0], view_of(guess, 0) == v
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scoring.games.cards import Card, Suit, deck, is_trump
from scoring.games.core import GameState, HandRecord
from scoring.play.game import HandSummary, Phase, State, TrickResult
from scoring.play.rules import ruled_out
from scoring.play.setup import Move, Setup, Style


@dataclass(frozen=True)
class Void:
    """A seat showed it holds no card of ``suit`` (None: no trump it had to play).

    trick: the trick of the hand (from 0) where it showed.
    A seat that kept trumps back on a trump lead may still hold the trumps it
    may hold back; ``PlayerView.cannot_hold`` lists the exact cards.
    """

    seat: int
    suit: Suit | None
    trick: int


@dataclass(frozen=True)
class PlayerView:
    """Everything one seat may know at one moment, and nothing more.

    hand: the seat's own cards. turn_up: the card turned for trump (face up
    to all), taken_by: the seat that took it. known: by seat, cards known to
    be in that hand (the turned-up card taken and not yet played). plays:
    every card played this hand in order, (seat, card). hand_sizes and
    discard_counts: by seat. discards: the seat's own discards. pack: the
    stock's cards when this seat has seen them (the dealer robbing the pack
    in Auction), else empty. cannot_hold: by seat, cards that seat's plays
    show it does not hold. legal: the seat's legal moves when it is to act.
    declined: this seat, to act, has said it will not rob.

    A seat about to decide whether to rob shows to the others as about to
    play: the phase ROB is shown only to that seat, or when an ace is
    turned up and the dealer must take it.
    """

    seat: int
    setup: Setup
    score: GameState
    records: tuple[HandRecord, ...]
    summaries: tuple[HandSummary, ...]
    hand_no: int
    dealer: int
    phase: Phase
    to_act: int | None
    hand: tuple[Card, ...]
    trump: Suit | None
    turn_up: Card | None
    taken_by: int | None
    calls: tuple[tuple[int, Move], ...]
    bidder: int | None
    bid: int | None
    plays: tuple[tuple[int, Card], ...]
    tricks: tuple[TrickResult, ...]
    trick: tuple[tuple[int, Card], ...]
    called: bool
    hand_sizes: tuple[int, ...]
    stock_size: int
    discards: tuple[Card, ...]
    discard_counts: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    pack: tuple[Card, ...]
    cannot_hold: tuple[frozenset[Card], ...]
    voids: tuple[Void, ...]
    legal: tuple[Move, ...]
    declined: bool

    def unseen(self) -> tuple[Card, ...]:
        """The cards this seat cannot place: in other hands (beyond ``known``), the
        stock (unless seen in ``pack``) or other seats' discards; in deck order."""
        seen = set(self.hand) | {c for _, c in self.plays} | set(self.discards) | set(self.pack)
        seen |= {c for k in self.known for c in k}
        if self.turn_up is not None:
            seen.add(self.turn_up)
        return tuple(c for c in deck(joker=self.setup.options.joker) if c not in seen)

    def could_hold(self, seat: int, card: Card) -> bool:
        """Whether ``seat``'s hand may hold ``card`` as far as this seat knows."""
        if seat == self.seat:
            return card in self.hand
        return card in self.known[seat] or (
            card in self.unseen() and card not in self.cannot_hold[seat]
        )


def view_of(state: State, seat: int) -> PlayerView:
    """The PlayerView of ``seat``: what that seat may know of ``state``."""
    setup = state.setup
    if not 0 <= seat < setup.players:
        raise ValueError("no such seat")
    phase = state.phase
    if phase is Phase.ROB and state.to_act != seat and not state.dealer_must_take_ace():
        phase = Phase.PLAY  # whether a player may rob would tell who holds the ace of trumps
    played = state.played()
    known: list[tuple[Card, ...]] = [() for _ in range(setup.players)]
    if state.taken_by is not None and state.turn_up in state.hands[state.taken_by]:
        known[state.taken_by] = (state.turn_up,)
    known[seat] = ()
    dealer_saw_pack = (
        setup.style is Style.AUCTION
        and seat == state.dealer
        and (
            (state.phase is Phase.DISCARD and state.to_act == seat)
            or state.phase in (Phase.PLAY, Phase.OVER)
        )
    )
    cannot, voids = _revealed(state)
    return PlayerView(
        seat=seat,
        setup=setup,
        score=state.score,
        records=state.records,
        summaries=state.summaries,
        hand_no=state.hand_no,
        dealer=state.dealer,
        phase=phase,
        to_act=state.to_act,
        hand=state.hands[seat],
        trump=state.trump,
        turn_up=state.turn_up,
        taken_by=state.taken_by,
        calls=state.calls,
        bidder=state.bidder,
        bid=state.bid,
        plays=played,
        tricks=state.tricks,
        trick=state.trick,
        called=state.called,
        hand_sizes=tuple(len(h) for h in state.hands),
        stock_size=len(state.stock),
        discards=state.discards[seat],
        discard_counts=tuple(len(d) for d in state.discards),
        known=tuple(known),
        pack=state.stock if dealer_saw_pack else (),
        cannot_hold=cannot,
        voids=voids,
        legal=state.legal_moves() if state.to_act == seat else (),
        declined=state.declined and state.to_act == seat,
    )


def _revealed(state: State) -> tuple[tuple[frozenset[Card], ...], tuple[Void, ...]]:
    """What each seat's plays this hand show it does not hold."""
    out: list[set[Card]] = [set() for _ in range(state.setup.players)]
    voids: list[Void] = []
    if state.trump is None:
        return tuple(frozenset(s) for s in out), ()
    trump, options = state.trump, state.setup.options
    cards = deck(joker=options.joker)
    tricks = [(t.plays, t.called) for t in state.tricks] + [(state.trick, state.called)]
    for number, (plays, called) in enumerate(tricks):
        shown = tuple(c for _, c in plays)
        for i, (seat, card) in enumerate(plays[1:], start=1):
            gone = ruled_out(card, shown[:i], trump, options, called=called, among=cards)
            out[seat] |= gone
            for suit in Suit:
                suit_cards = {c for c in cards if c.suit is suit and not is_trump(c, trump)}
                suit_cards -= set(shown)
                if suit_cards and suit_cards <= gone:
                    voids.append(Void(seat, suit, number))
            if any(is_trump(c, trump) for c in gone):
                voids.append(Void(seat, None, number))
    return tuple(frozenset(s) for s in out), tuple(dict.fromkeys(voids))


def determinize(
    view: PlayerView,
    hands: Mapping[int, Sequence[Card]],
    rest: Sequence[Card] | None = None,
    *,
    seed: int = 0,
) -> State:
    """The full State in which the cards ``view.seat`` cannot see lie as guessed.

    hands: for each other seat, its cards that the view does not show (the
    view's ``known`` cards are added after them), as many as it holds.
    rest: the other unseen cards, in order: the stock first (top first,
    unless the view saw the pack), then the other seats' discards in seat
    order; by default in deck order. seed: deals the hands after this one.
    Raises ValueError when the guess does not fit the view: a card the seat
    has shown it does not hold, a card not unseen, or wrong counts.
    """
    setup = view.setup
    unseen = view.unseen()
    pool = set(unseen)
    full: list[tuple[Card, ...]] = []
    for s in range(setup.players):
        if s == view.seat:
            full.append(view.hand)
            continue
        given = tuple(hands.get(s, ()))
        need = view.hand_sizes[s] - len(view.known[s])
        if len(given) != need:
            raise ValueError(f"seat {s} holds {need} unseen cards, not {len(given)}")
        for c in given:
            if c not in pool:
                raise ValueError(f"{c} is not unseen or is given twice")
            if c in view.cannot_hold[s]:
                raise ValueError(f"seat {s} has shown it does not hold {c}")
            pool.remove(c)
        full.append(given + view.known[s])
    left = [c for c in unseen if c in pool]
    if rest is None:
        rest = left
    elif sorted(map(str, rest)) != sorted(map(str, left)) or len(set(rest)) != len(rest):
        raise ValueError("rest must be the other unseen cards, each once")
    rest = list(rest)
    if view.pack:
        stock = view.pack
    else:
        stock, rest = tuple(rest[: view.stock_size]), rest[view.stock_size :]
    discards: list[tuple[Card, ...]] = []
    for s in range(setup.players):
        if s == view.seat:
            discards.append(view.discards)
        else:
            n = view.discard_counts[s]
            discards.append(tuple(rest[:n]))
            rest = rest[n:]
    state = State(
        setup=setup,
        seed=seed,
        moves=(),
        score=view.score,
        records=view.records,
        summaries=view.summaries,
        hand_no=view.hand_no,
        dealer=view.dealer,
        phase=view.phase,
        to_act=view.to_act,
        hands=tuple(full),
        stock=stock,
        discards=tuple(discards),
        turn_up=view.turn_up,
        taken_by=view.taken_by,
        trump=view.trump,
        calls=view.calls,
        bidder=view.bidder,
        bid=view.bid,
        trick=view.trick,
        called=view.called,
        tricks=view.tricks,
        declined=view.declined,
    )
    if view.phase is Phase.PLAY and view.to_act is not None and view.to_act != view.seat:
        state = state.turn_to(view.to_act)  # that seat robs first if this guess gives it the ace
    return state


def sample(view: PlayerView, rng: random.Random, *, tries: int = 200) -> State:
    """A random State that fits ``view``: the unseen cards dealt at random to the
    other seats, each only cards it may hold (most constrained seat first)."""
    unseen = list(view.unseen())
    others = [s for s in range(view.setup.players) if s != view.seat]
    others.sort(key=lambda s: -len(view.cannot_hold[s]))
    for _ in range(tries):
        rng.shuffle(unseen)
        pool = list(unseen)
        hands: dict[int, list[Card]] = {}
        for s in others:
            need = view.hand_sizes[s] - len(view.known[s])
            fits = [c for c in pool if c not in view.cannot_hold[s]][:need]
            if len(fits) < need:
                break
            hands[s] = fits
            pool = [c for c in pool if c not in fits]
        else:
            return determinize(view, hands, pool)
    raise ValueError("no deal of the unseen cards fits this view")
