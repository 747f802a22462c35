"""A game of Forty-Fives as a Setup, a seed and a tuple of moves (no Django).

``replay(setup, seed, moves)`` rebuilds the exact State; undo is
``replay(setup, seed, moves[:-1])``. A State is frozen: ``apply(move)``
returns the next State or raises IllegalMove with the reason in plain words.
Hands are scored by ``scoring.games`` (forty_fives or auction); the next
hand is dealt as soon as one ends, until a side wins.

Auction Forty-Fives before the play: each seat from the dealer's left bids
once or passes, the dealer last (and may hold when the drive allows it); if
all pass the dealer is bagged at 15. The bids are checked by
``scoring.games.core.contract``, so the bidding rules (amounts, rises of 5,
holds, the minimum at 100) are the scorekeeper's. The winning bidder names
trump; then each seat from the dealer's left discards any number of cards and
draws as many from the stock, the dealer last, who may rob the pack (choose
the cards from what is left).

What one seat may know is ``scoring.play.view.view_of(state, seat)``: the view
reads the game, the game does not read its views.

>>> from scoring.play.setup import forty_fives
>>> s = new_game(forty_fives(), seed=3)
>>> s.phase, s.to_act, len(s.hands[1])
(<Phase.PLAY: 'play'>, 1, 5)
>>> s2 = s.apply(s.legal_moves()[0])
>>> replay(s.setup, 3, s2.moves) == s2
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial
from itertools import combinations

from scoring.games import apply_hand, score_hand
from scoring.games import new_game as new_score
from scoring.games.cards import ACE_OF_HEARTS, Card, Suit, best_trump
from scoring.games.core import (
    NO_TRUMP,
    Call,
    Contract,
    GameState,
    HandError,
    HandRecord,
    bid_amounts,
    contract,
)
from scoring.games.options import gettext_noop
from scoring.play import rules
from scoring.play.deal import deal, hand_seed, shuffled
from scoring.play.records import HandSummary, IllegalMove, Phase, TrickResult, set_at
from scoring.play.setup import (
    Bid,
    Discard,
    Hold,
    Move,
    NameTrump,
    NoRob,
    Pass,
    Play,
    Rob,
    Setup,
    Style,
)

TRICKS = 5
_ = gettext_noop


@dataclass(frozen=True)
class State:
    """Everything about a game at one moment; build it with ``new_game`` or ``replay``.

    hands, discards: by seat. stock: the undealt cards, top first. turn_up:
    the card turned for trump (traditional game), ``taken_by`` the seat that
    took it. calls: the bidding, (seat, move). trick: the current trick,
    (seat, card). tricks: this hand's finished tricks. score: the running
    score (scoring.games), records: the hands scored so far.
    """

    setup: Setup
    seed: int
    moves: tuple[Move, ...]
    score: GameState
    records: tuple[HandRecord, ...]
    summaries: tuple[HandSummary, ...]
    hand_no: int
    dealer: int
    phase: Phase
    to_act: int | None
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discards: tuple[tuple[Card, ...], ...]
    turn_up: Card | None = None
    taken_by: int | None = None
    trump: Suit | None = None
    calls: tuple[tuple[int, Move], ...] = ()
    bidder: int | None = None  # the seat that won the bidding (Auction)
    bid: int | None = None
    trick: tuple[tuple[int, Card], ...] = ()
    called: bool = False
    tricks: tuple[TrickResult, ...] = ()
    declined: bool = False  # the seat to act has said it will not rob

    # ---- reading the state ----------------------------------------------------------

    @property
    def options(self) -> rules.PlayOptions:
        return self.setup.options

    @property
    def scores(self) -> tuple[int, ...]:
        return self.score.scores

    @property
    def winner(self) -> int | None:
        """The side that won the game, or None while it goes on."""
        return self.score.winner

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def last_hand(self) -> HandSummary | None:
        return self.summaries[-1] if self.summaries else None

    def tricks_won(self) -> tuple[int, ...]:
        """Tricks won so far this hand, per side."""
        won = [0] * self.setup.sides
        for t in self.tricks:
            won[self.setup.side_of(t.winner)] += 1
        return tuple(won)

    def leader(self) -> int:
        """Who leads the current trick: the dealer's left, then each trick's winner."""
        return self.tricks[-1].winner if self.tricks else self._left(self.dealer)

    def played(self) -> tuple[tuple[int, Card], ...]:
        """Every card played this hand, in order, with the seat that played it."""
        return tuple(p for t in self.tricks for p in t.plays) + self.trick

    def all_cards(self) -> list[Card]:
        """Every card of the deck, wherever it is (hands, stock, discards, table)."""
        out = [c for h in self.hands for c in h] + list(self.stock)
        out += [c for d in self.discards for c in d] + [c for _, c in self.played()]
        if self.turn_up is not None and self.taken_by is None:
            out.append(self.turn_up)
        return out

    def _left(self, seat: int) -> int:
        return (seat + 1) % self.setup.players

    def ace_of_trumps(self) -> Card | None:
        return None if self.trump is None else Card("A", self.trump)

    def may_rob(self, seat: int) -> bool:
        """May ``seat``, about to play its first card, rob the turned-up card?"""
        return (
            self.turn_up is not None
            and self.taken_by is None
            and not self.tricks
            and all(s != seat for s, _ in self.trick)
            and self.ace_of_trumps() in self.hands[seat]
        )

    # ---- legal moves ---------------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """The moves the seat to act may make. The dealer robbing the pack is not
        listed (any ``Discard(cards, take)`` with ``take`` from the stock is legal)."""
        if self.to_act is None:
            return ()
        hand = self.hands[self.to_act]
        if self.phase is Phase.PLAY:
            cards = rules.legal_cards(
                hand, self._trick_cards(), self._trump(), self.options, called=self.called
            )
            moves: list[Move] = [Play(c) for c in cards]
            if not self.trick and self.options.hearts_on_hearts and ACE_OF_HEARTS in cards:
                moves.append(Play(ACE_OF_HEARTS, call=True))
            return tuple(moves)
        if self.phase is Phase.ROB:
            keep = self.ace_of_trumps()  # the right to rob: never the discard
            robs = tuple(Rob(c) for c in hand if c != keep)
            return robs if self.dealer_must_take_ace() else (NoRob(), *robs)
        if self.phase is Phase.BID:
            candidates: list[Move] = [Pass(), Hold()] + [Bid(a) for a in bid_amounts(self._v())]
            return tuple(m for m in candidates if bid_refusal(self, m) is None)
        if self.phase is Phase.TRUMP:
            return tuple(NameTrump(s) for s in Suit)
        if self.phase is Phase.DISCARD:
            most = min(len(hand), len(self.stock))
            return tuple(Discard(cs) for n in range(most + 1) for cs in combinations(hand, n))
        return ()

    def _v(self):
        return self.setup.variant

    def _trump(self) -> Suit:
        assert self.trump is not None
        return self.trump

    def _trick_cards(self) -> tuple[Card, ...]:
        return tuple(c for _, c in self.trick)

    def dealer_must_take_ace(self) -> bool:
        """Is it the dealer's turn before any card is played, with an ace turned up that the
        dealer must take (so not taking it is refused)?"""
        return (
            self.to_act == self.dealer
            and self.taken_by is None
            and not self.trick
            and (self.turn_up is not None and self.turn_up.rank == "A")
            and not self.tricks
        )

    # ---- making moves --------------------------------------------------------------

    def apply(self, move: Move) -> State:
        """The state after the seat to act makes ``move``; IllegalMove says why not."""
        if self.phase is Phase.OVER:
            raise IllegalMove(_("The game is over."))
        handler = {
            Phase.PLAY: self._play,
            Phase.ROB: self._rob,
            Phase.BID: partial(_bid, self),
            Phase.TRUMP: partial(_name_trump, self),
            Phase.DISCARD: partial(_discard, self),
        }[self.phase]
        after = handler(move)
        return replace(after, moves=self.moves + (move,))

    def _wrong(self, move: Move) -> IllegalMove:
        words = {
            Phase.PLAY: _("It is time to play a card."),
            Phase.ROB: _("It is time to rob or not."),
            Phase.BID: _("It is time to bid or pass."),
            Phase.TRUMP: _("It is time to name trump."),
            Phase.DISCARD: _("It is time to discard and draw."),
        }
        return IllegalMove(words[self.phase])

    def _play(self, move: Move) -> State:
        if not isinstance(move, Play):
            raise self._wrong(move)
        seat = self.to_act
        assert seat is not None
        hand = self.hands[seat]
        trump = self._trump()
        if move.call and (self.trick or move.card != ACE_OF_HEARTS):
            raise IllegalMove(_("Only the leader of the ace of hearts may call it."))
        if move.call and not self.options.hearts_on_hearts:
            raise IllegalMove(_("Hearts on hearts is not played at this table."))
        reason = rules.refusal(
            hand, move.card, self._trick_cards(), trump, self.options, called=self.called
        )
        if reason is not None:
            raise IllegalMove(reason)
        hands = set_at(self.hands, seat, tuple(c for c in hand if c != move.card))
        trick = self.trick + ((seat, move.card),)
        called = move.call or self.called
        if len(trick) < self.setup.players:
            nxt = replace(self, hands=hands, trick=trick, called=called, declined=False)
            return nxt.turn_to(self._left(seat))
        cards = tuple(c for _, c in trick)
        won = trick[rules.trick_winner(cards, trump, self.options)][0]
        why = rules.explain_winner(cards, trump, self.options)
        done = TrickResult(trick, won, why, called)
        nxt = replace(
            self, hands=hands, trick=(), called=False, tricks=self.tricks + (done,), declined=False
        )
        if len(nxt.tricks) < TRICKS:
            return nxt.turn_to(won)
        return nxt._score_hand()

    def turn_to(self, seat: int) -> State:
        """Give the turn to ``seat`` in play; it robs first if it may."""
        phase = Phase.ROB if self.may_rob(seat) else Phase.PLAY
        return replace(self, to_act=seat, phase=phase)

    def _rob(self, move: Move) -> State:
        seat = self.to_act
        assert seat is not None and self.turn_up is not None
        if isinstance(move, NoRob):
            if self.dealer_must_take_ace():
                raise IllegalMove(_("An ace is turned up: the dealer must take it."))
            return replace(self, phase=Phase.PLAY, declined=True)
        if not isinstance(move, Rob):
            raise self._wrong(move)
        hand = self.hands[seat]
        if move.discard not in hand:
            raise IllegalMove(_("You do not hold {card}.").format(card=move.discard))
        if move.discard == self.ace_of_trumps():
            raise IllegalMove(
                _("Keep {card}: it gives you the right to rob.").format(card=move.discard)
            )
        hands = set_at(
            self.hands, seat, tuple(c for c in hand if c != move.discard) + (self.turn_up,)
        )
        discards = set_at(self.discards, seat, self.discards[seat] + (move.discard,))
        nxt = replace(self, hands=hands, discards=discards, taken_by=seat, phase=Phase.PLAY)
        if self.dealer_must_take_ace():
            return nxt.turn_to(self._left(self.dealer))
        return nxt

    def _score_hand(self) -> State:
        setup, trump = self.setup, self._trump()
        played = [c for t in self.tricks for c in t.cards]
        if setup.variant.five_only_bonus:
            five = Card("5", trump)
            top = five if five in played else None
        else:
            top = best_trump(played, trump, joker=self.options.joker)
        top_seat = next((s for s, c in self.played() if c == top), None)
        best = NO_TRUMP if top_seat is None else setup.side_of(top_seat)
        if setup.style is Style.AUCTION:
            record = hand_record(self, self.tricks_won(), best=best)
        else:
            record = HandRecord(self.tricks_won(), best)
        outcome = score_hand(setup.variant, self.score, record)
        score = apply_hand(setup.variant, self.score, record)
        summary = HandSummary(
            number=self.hand_no + 1,
            dealer=self.dealer,
            trump=trump,
            tricks=self.tricks_won(),
            best=top,
            best_seat=top_seat,
            points=outcome.points,
            changes=outcome.changes,
            scores=score.scores,
            bidder=self.bidder,
            bid=self.bid,
            made=outcome.made,
        )
        nxt = replace(
            self,
            score=score,
            records=self.records + (record,),
            summaries=self.summaries + (summary,),
        )
        if score.winner is not None:
            return replace(nxt, phase=Phase.OVER, to_act=None)
        return _deal_hand(nxt, self.hand_no + 1, self._left(self.dealer))


# ---- the Auction: bidding, naming trump, the draw ------------------------------------


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


def _bid(state: State, move: Move) -> State:
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


def _name_trump(state: State, move: Move) -> State:
    """The winning bidder names trump; the draw starts at the dealer's left."""
    if not isinstance(move, NameTrump):
        raise state._wrong(move)
    return replace(
        state, trump=Suit(move.suit), phase=Phase.DISCARD, to_act=state._left(state.dealer)
    )


def _discard(state: State, move: Move) -> State:
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
    return replace(nxt, phase=Phase.PLAY).turn_to(state._left(state.dealer))


# ---- dealing -------------------------------------------------------------------------


def _deal_hand(state: State, hand_no: int, dealer: int) -> State:
    """``state`` with hand ``hand_no`` dealt by ``dealer`` from the game's seed."""
    setup = state.setup
    traditional = setup.style is Style.FORTY_FIVES
    dealt = deal(
        shuffled(hand_seed(state.seed, hand_no), joker=setup.options.joker),
        setup.players,
        dealer,
        pattern=setup.options.deal,
        turn_up=traditional,
    )
    fresh = replace(
        state,
        hand_no=hand_no,
        dealer=dealer,
        hands=dealt.hands,
        stock=dealt.stock,
        discards=((),) * setup.players,
        turn_up=dealt.turn_up,
        taken_by=None,
        trump=None,
        calls=(),
        bidder=None,
        bid=None,
        trick=(),
        called=False,
        tricks=(),
        declined=False,
    )
    if not traditional:
        return replace(fresh, phase=Phase.BID, to_act=(dealer + 1) % setup.players)
    assert dealt.turn_up is not None and dealt.turn_up.suit is not None
    fresh = replace(fresh, trump=dealt.turn_up.suit)
    if dealt.turn_up.rank == "A":
        return replace(fresh, phase=Phase.ROB, to_act=dealer)
    return fresh.turn_to((dealer + 1) % setup.players)


def new_game(setup: Setup, seed: int) -> State:
    """The game before its first move: the first hand dealt by ``setup.first_dealer``."""
    empty = ((),) * setup.players
    start = State(
        setup=setup,
        seed=seed,
        moves=(),
        score=new_score(setup.variant),
        records=(),
        summaries=(),
        hand_no=0,
        dealer=setup.first_dealer,
        phase=Phase.PLAY,
        to_act=None,
        hands=empty,
        stock=(),
        discards=empty,
    )
    return _deal_hand(start, 0, setup.first_dealer)


def replay(setup: Setup, seed: int, moves: tuple[Move, ...] | list[Move]) -> State:
    """The state after ``moves`` from the start: exact and deterministic.

    IllegalMove carries the reason of the first move refused.
    """
    state = new_game(setup, seed)
    for move in moves:
        state = state.apply(move)
    return state


def undo(state: State) -> State:
    """The state before the last move."""
    if not state.moves:
        raise IllegalMove(_("There is nothing to undo."))
    return replay(state.setup, state.seed, state.moves[:-1])
