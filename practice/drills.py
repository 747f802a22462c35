"""The school's drills: positions drawn from the engine by a seed, and answers checked (no Django).

A drill's position is a short game played from its seed (``scoring.play``, random legal
moves drawn from the same seed), so the same seed gives the same position on any
machine; the screen sends the seed with the answer and the answer is checked against
the position made again here. The rules of play are the source game's, as the practice
table starts (``RULES``): follow suit; the 5, the jack of trumps and the ace of hearts
may be held back when a trump is led.

- ``trick_drill``: which card wins this trick (``trick_check`` answers from
  ``trick_winner`` and says why with ``explain_winner``; ``trump_ladder`` and
  ``suit_ladder`` give the orders to show after the try).
- ``play_drill``: may this card be played here (``play_check`` answers from
  ``refusal``, with its reason, or the reason it may).
- ``bid_drill``: what to bid on this Auction hand (``bid_check`` weighs pass and each
  bid as Angus does, on the same likely deals, and takes a choice within the luck of
  the deal of the best as right; about half a second of a core).
- ``rob_drill``: rob or not, and what to discard, holding the ace of trumps in a
  traditional game (``rob_check`` weighs keeping the hand and each discard the same way;
  about a third of a second of a core).

The words are marked for translation (gettext_noop); say them with ``scoring.speak.say``.

>>> d = trick_drill(7)
>>> trick_check(d, d.cards[d.winner]).right
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Final

from scoring.games.cards import ACE_OF_HEARTS, Card, Suit, is_trump, off_suit_order, trump_order
from scoring.play import (
    Bid,
    Move,
    NoRob,
    Pass,
    Phase,
    PlayOptions,
    Rob,
    State,
    auction,
    explain_winner,
    forty_fives,
    new_game,
    players,
    refusal,
    trick_winner,
    view_of,
)
from scoring.play.rules import SUIT_NAMES, may_hold_back
from scoring.words import Said, gettext_noop

_ = gettext_noop

KINDS: Final = ("winner", "may-play", "bid", "rob")
MAX_SEED: Final = 999_999_999
RULES: Final = PlayOptions()
BIDS: Final = (0, 15, 20, 25, 30)  # 0: pass
BID_DEALS: Final = 24  # likely deals a bid is weighed on (about 0.5 s of a core)
BID_BUDGET: Final = 150_000  # positions searched, past which fewer deals do (a quarter at least)
ROB_DEALS: Final = 24  # likely deals a rob is weighed on (about 0.3 s of a core)
ROB_BUDGET: Final = 100_000  # positions searched, past which fewer deals do
ROB_TRIES: Final = 400  # deals tried for a rob position (the most a seed below 20 000 needs: 31)
SURE: Final = 1.96  # standard errors: "give or take" is the 95% interval


class NotInPosition(ValueError):
    """An answer that is not one of the position's choices (a card not in the trick, a
    bid not offered)."""


@dataclass(frozen=True)
class TrickDrill:
    """Which card wins this trick: the trump, the cards played (the led card first)
    and the winner's place among them."""

    seed: int
    trump: Suit
    cards: tuple[Card, ...]
    winner: int


@dataclass(frozen=True)
class TrickAnswer:
    right: bool
    winner: Card
    reason: str  # a marked sentence: say it with scoring.speak.say


@dataclass(frozen=True)
class PlayDrill:
    """May this card be played here: your hand of 5, the trump, the cards already
    played to the trick (the led card first) and the card asked about."""

    seed: int
    trump: Suit
    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    card: Card


@dataclass(frozen=True)
class PlayAnswer:
    right: bool
    may: bool
    reason: str  # a marked sentence (Msg or Said): say it with scoring.speak.say


@dataclass(frozen=True)
class BidDrill:
    """What to bid, first to bid in Auction Forty-Fives at 0 to 0: the hand of 5."""

    seed: int
    hand: tuple[Card, ...]


@dataclass(frozen=True)
class BidChoice:
    """One choice weighed: its bid (0: pass), its average points over the likely deals
    (your side's points for the hand less the others'), and give or take how many."""

    bid: int
    points: float
    margin: float


@dataclass(frozen=True)
class BidAnswer:
    right: bool
    best: int
    chosen: int
    deals: int
    choices: tuple[BidChoice, ...]
    reason: Said


@dataclass(frozen=True)
class RobDrill:
    """Rob or not, and what to discard: your hand of 5 (the ace of trumps among them),
    the turned-up card, the trump, the cards already played to the first trick (the led
    card first) and how many play (3 each for themselves, or 4 in partnerships)."""

    seed: int
    trump: Suit
    hand: tuple[Card, ...]
    turn_up: Card
    trick: tuple[Card, ...]
    players: int

    @property
    def ace(self) -> Card:
        """The ace of trumps: it gives the right to rob and is never the discard."""
        return Card("A", self.trump)


@dataclass(frozen=True)
class RobChoice:
    """One choice weighed: the card discarded to rob (None: keep the hand), its average
    points over the likely deals, and give or take how many."""

    discard: Card | None
    points: float
    margin: float


@dataclass(frozen=True)
class RobAnswer:
    right: bool
    best: Card | None
    chosen: Card | None
    deals: int
    choices: tuple[RobChoice, ...]
    reason: Said


# ---- positions ------------------------------------------------------------------------


def read_seed(text: str) -> int:
    """A seed as the form sends it; ValueError when it is not a whole number in range.

    >>> read_seed("42")
    42
    """
    if not text.isascii() or not text.isdigit() or len(text) > len(str(MAX_SEED)):
        raise ValueError("not a seed")
    return int(text)  # at most as many digits as MAX_SEED, all nines: never above it


def _first_state(seed: int, rng: random.Random) -> State:
    seats = rng.choice((3, 4))
    return new_game(forty_fives(seats, partnerships=seats == 4, options=RULES), seed)


def _on(state: State, rng: random.Random) -> State:
    """The state after one random legal move."""
    return state.apply(rng.choice(state.legal_moves()))


def trick_drill(seed: int) -> TrickDrill:
    """A trick of 3 or 4 cards (the first, second or third of a hand), played at random
    but by the rules from a deal of ``seed``."""
    rng = random.Random(seed)
    state = _first_state(seed, rng)
    which = rng.randrange(3)
    while len(state.tricks) <= which:
        state = _on(state, rng)
    done = state.tricks[which]
    assert state.trump is not None
    cards = done.cards
    return TrickDrill(seed, state.trump, cards, trick_winner(cards, state.trump, RULES))


def play_state(seed: int) -> State:
    """The game of a "may this card be played" drill: the first trick of a hand dealt
    from ``seed``, with 1 to 3 cards played and a player with 5 cards to play."""
    rng = random.Random(seed)
    state = _first_state(seed, rng)
    played = rng.randint(1, state.setup.players - 1)
    while not (state.phase is Phase.PLAY and len(state.trick) == played):
        state = _on(state, rng)
    return state


def play_drill(seed: int) -> PlayDrill:
    """A hand of 5 facing a trick, and one of its cards to ask about: one that may not be
    played about half the time when the hand has one."""
    state = play_state(seed)
    rng = random.Random(f"{seed}:card")
    assert state.to_act is not None and state.trump is not None
    hand = state.hands[state.to_act]
    trick = tuple(c for _, c in state.trick)
    refused = [c for c in hand if refusal(hand, c, trick, state.trump, RULES) is not None]
    allowed = [c for c in hand if c not in refused]
    pick = refused if refused and rng.random() < 0.5 else allowed
    return PlayDrill(seed, state.trump, hand, trick, rng.choice(pick))


def bid_state(seed: int) -> State:
    """The Auction game of a bid drill: dealt from ``seed``, the first to bid to act."""
    return new_game(auction(options=RULES), seed)


def bid_drill(seed: int) -> BidDrill:
    state = bid_state(seed)
    assert state.to_act is not None
    return BidDrill(seed, state.hands[state.to_act])


def rob_state(seed: int) -> State:
    """The game of a rob drill: deals drawn in turn from ``seed`` (3 or 4 players, the
    first trick played at random by the rules) until one reaches a player who holds the
    ace of trumps and may rob or not (not the dealer made to take a turned-up ace)."""
    rng = random.Random(f"{seed}:rob")
    for _try in range(ROB_TRIES):
        seats = rng.choice((3, 4))
        setup = forty_fives(seats, partnerships=seats == 4, options=RULES)
        state = new_game(setup, rng.randrange(MAX_SEED + 1))
        while not state.tricks and state.phase is not Phase.ROB:
            state = _on(state, rng)
        if state.phase is Phase.ROB and NoRob() in state.legal_moves():
            return state
    raise AssertionError(f"no rob position in {ROB_TRIES} deals of seed {seed}")


def rob_drill(seed: int) -> RobDrill:
    state = rob_state(seed)
    assert state.to_act is not None and state.trump is not None and state.turn_up is not None
    trick = tuple(c for _, c in state.trick)
    hand = state.hands[state.to_act]
    return RobDrill(seed, state.trump, hand, state.turn_up, trick, state.setup.players)


# ---- answers --------------------------------------------------------------------------


def trick_check(drill: TrickDrill, card: Card) -> TrickAnswer:
    """Whether ``card`` is the one that wins the trick, and why the winner won."""
    if card not in drill.cards:
        raise NotInPosition(f"{card} is not in the trick")
    won = drill.cards[drill.winner]
    return TrickAnswer(card == won, won, explain_winner(drill.cards, drill.trump, RULES))


def trump_ladder(trump: Suit) -> tuple[Card, ...]:
    """Every trump, best first.

    >>> " ".join(map(str, trump_ladder(Suit.SPADES)[:5]))
    '5♠ J♠ A♥ A♠ K♠'
    """
    return trump_order(trump, joker=RULES.joker)


def suit_ladder(suit: Suit, trump: Suit) -> tuple[Card, ...]:
    """The cards of ``suit`` when it is not trumps, best first: red high, black low (the
    ace of hearts is always a trump, so it is not among the hearts).

    >>> " ".join(map(str, suit_ladder(Suit.CLUBS, Suit.HEARTS)[:5]))
    'K♣ Q♣ J♣ A♣ 2♣'
    """
    if suit is trump:
        return trump_ladder(trump)
    order = off_suit_order(suit, aces_high=RULES.aces_high)
    return tuple(c for c in order if c != ACE_OF_HEARTS)


def play_check(drill: PlayDrill, may: bool) -> PlayAnswer:
    """Whether the answer "it may be played" (``may``) is right, and the rule that says so."""
    why_not = refusal(drill.hand, drill.card, drill.trick, drill.trump, RULES)
    allowed = why_not is None
    reason = why_allowed(drill) if why_not is None else why_not
    return PlayAnswer(may == allowed, allowed, reason)


def why_allowed(drill: PlayDrill) -> str:
    """Why the card asked about may be played, in plain words."""
    trump, card, hand = drill.trump, drill.card, drill.hand
    led = drill.trick[0]
    assert led.suit is not None
    if is_trump(led, trump):
        if is_trump(card, trump):
            return _("A trump was led and {card} is a trump, so it may be played.").format(
                card=card
            )
        trumps = [c for c in hand if is_trump(c, trump)]
        if trumps:
            assert all(may_hold_back(t, led, trump, RULES) for t in trumps)
            return _(
                "A trump was led, but your only trumps are ones you may hold back"
                " (reneging: {cards}), so another card may be played."
            ).format(cards=" ".join(map(str, trumps)))
        if led == ACE_OF_HEARTS and card.suit is Suit.HEARTS:
            return _(
                "The ace of hearts was led and you hold no trump: you must play a heart,"
                " and {card} is one."
            ).format(card=card)
        return _("A trump was led and you hold no trump, so any card may be played.")
    suit = SUIT_NAMES[led.suit]
    if card.suit is led.suit and not is_trump(card, trump):
        return _("{card} follows {suit}, the suit led.").format(card=card, suit=suit)
    if is_trump(card, trump):
        return _("You hold no {suit}, the suit led, so you may play a trump.").format(suit=suit)
    return _("You hold no {suit}, the suit led, so any card may be played.").format(suit=suit)


def bid_words(bid: int) -> Said:
    """A choice in words: "pass", "bid 20"."""
    return _("pass").format() if bid == 0 else _("bid {n}").format(n=bid)


def _move(bid: int) -> Move:
    return Pass() if bid == 0 else Bid(bid)


def bid_check(drill: BidDrill, bid: int) -> BidAnswer:
    """Pass and each bid weighed as Angus weighs them, on the same likely deals of the
    cards you cannot see (``BID_DEALS``): the best on average, give or take the luck of the
    deal. ``bid`` is right when it is within the best's give or take (the 95% interval of
    the best's average, as the screen shows it), or when the best did not do clearly better
    on the same deals (``players.compare``)."""
    if bid not in BIDS:
        raise NotInPosition(f"{bid} is not a bid")
    state = bid_state(drill.seed)
    w = _weigh(state, [_move(b) for b in BIDS], _move(bid), drill.seed, BID_DEALS, BID_BUDGET)
    choices = tuple(BidChoice(BIDS[i], *weighed) for i, weighed in enumerate(w.weighed))
    reason = _reason(w, bid_words(BIDS[w.best]), bid_words(bid))
    return BidAnswer(w.right, BIDS[w.best], bid, w.deals, choices, reason)


def rob_words(discard: Card | None) -> Said:
    """A rob choice in words: "not robbing", "robbing and discarding 4♣"."""
    if discard is None:
        return _("not robbing").format()
    return _("robbing and discarding {card}").format(card=discard)


def _rob_move(discard: Card | None) -> Move:
    return NoRob() if discard is None else Rob(discard)


def rob_check(drill: RobDrill, discard: Card | None) -> RobAnswer:
    """Keeping the hand (``discard`` None) and robbing with each discard weighed as
    ``bid_check`` weighs bids, on the same likely deals of the cards you cannot see
    (``ROB_DEALS``); right within the best's give or take, or when the best did not do
    clearly better. The ace of trumps, or a card not in the hand, is not a choice."""
    if discard == drill.ace:
        raise NotInPosition(f"keep {discard}: it gives you the right to rob")
    if discard is not None and discard not in drill.hand:
        raise NotInPosition(f"{discard} is not in your hand")
    state = rob_state(drill.seed)
    options: list[Card | None] = [None, *(c for c in drill.hand if c != drill.ace)]
    moves = [_rob_move(o) for o in options]
    assert set(moves) == set(state.legal_moves())
    w = _weigh(state, moves, _rob_move(discard), drill.seed, ROB_DEALS, ROB_BUDGET)
    choices = tuple(RobChoice(options[i], *weighed) for i, weighed in enumerate(w.weighed))
    reason = _reason(w, rob_words(options[w.best]), rob_words(discard))
    return RobAnswer(w.right, options[w.best], discard, w.deals, choices, reason)


@dataclass(frozen=True)
class _Weighing:
    right: bool
    best: int  # the best choice's place among the moves weighed
    chosen: int
    deals: int
    weighed: tuple[tuple[float, float], ...]  # each choice's (points, give or take)


def _weigh(
    state: State, moves: list[Move], chosen: Move, seed: int, deals: int, budget: int
) -> _Weighing:
    """Each of ``moves`` on the same likely deals, for the seat to act, and whether
    ``chosen`` is within the best's give or take or not clearly worse."""
    assert state.to_act is not None
    view = view_of(state, state.to_act)
    rows = players.results_by_deal(view, moves, seed=seed, deals=deals, budget=budget)
    points = [{m: e.points for m, e in row.items()} for row in rows]
    c = players.compare(points, chosen)
    weighed = tuple(_weighed([p[m] for p in points]) for m in moves)
    best, mine = moves.index(c.best), moves.index(chosen)
    right = not c.sure or weighed[best][0] - weighed[mine][0] <= weighed[best][1]
    return _Weighing(right, best, mine, len(rows), weighed)


def _reason(w: _Weighing, best_words: Said, chosen_words: Said) -> Said:
    best_points, best_margin = w.weighed[w.best]
    words = {
        "deals": w.deals,
        "best": best_words,
        "n": round(best_points),
        "m": max(1, round(best_margin)),
    }
    k = round(w.weighed[w.chosen][0])
    if w.best == w.chosen:
        return _(
            "Over {deals} likely deals of the other cards, {best} did best:"
            " about {n} points for your side, give or take {m}."
        ).format(**words)
    if w.right:
        return _(
            "Over {deals} likely deals of the other cards, {best} did best (about {n} points,"
            " give or take {m}); {chosen}, about {k}, is within the luck of the deal."
        ).format(**words, chosen=chosen_words, k=k)
    return _(
        "Over {deals} likely deals of the other cards, {best} did best: about {n} points"
        " for your side, give or take {m}; {chosen} scored about {k}."
    ).format(**words, chosen=chosen_words, k=k)


def _weighed(points: list[float]) -> tuple[float, float]:
    """The average of ``points`` and its give or take (the 95% interval)."""
    n = len(points)
    mean = math.fsum(points) / n
    spread = math.sqrt(math.fsum((p - mean) ** 2 for p in points) / (n - 1)) if n > 1 else 0.0
    return mean, SURE * spread / math.sqrt(n) if n > 1 else math.inf
