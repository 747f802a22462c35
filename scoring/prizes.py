"""Settling prizes: ties, booby, cookie jar, side prizes and cash (pure, no Django).

Everything here takes plain values and frozen dataclasses and returns new
ones; nothing is stored. Randomness always takes a seed so a draw or a cut can
be repeated in front of anyone who doubts it. Money is integer cents.

A tie for a prize is settled in this order:

>>> settle_method((3, 7), playoff_requests=(7,), split_agreements=(), money_prize=True)
'playoff'
>>> settle_method((3, 7), playoff_requests=(), split_agreements=(3, 7), money_prize=True)
'split'
>>> settle_method((3, 7), playoff_requests=(), split_agreements=(3,), money_prize=True)
'cut'

Every refusal is a PrizeError whose message is a plain sentence for the
organizer.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Literal

from scoring.standings import (
    DEFAULT_PLACES,
    PrizeError,
    check_tallies,
    pair_list,
    place_groups,
)

__all__ = [
    "DECK",
    "DEFAULT_CASH_UNIT",
    "DEFAULT_JAR_GAMES",
    "SUITS",
    "Card",
    "CashSummary",
    "ClubDrive",
    "CutResult",
    "CutRound",
    "Decision",
    "DecisionEvent",
    "FiftyFifty",
    "JarDraw",
    "Outcome",
    "Payout",
    "Prize",
    "PrizeError",
    "PrizeSettings",
    "TravellingPrize",
    "booby_candidates",
    "card_label",
    "carry_over_drive",
    "cash_summary",
    "check_can_settle",
    "cookie_jar_draw",
    "cookie_jar_manual",
    "cookie_jar_opt_in",
    "cookie_jar_payout",
    "cookie_jar_winners",
    "cut_rank",
    "digital_cut",
    "door_prize_draw",
    "fifty_fifty_draw",
    "jackpot",
    "payout",
    "physical_cut",
    "settle",
    "settle_method",
    "split_cents",
    "travelling_prize_draw",
    "who_cuts_next",
]

DEFAULT_CASH_UNIT = 5  # Canada has no 1-cent coin
DEFAULT_JAR_GAMES = 8

Method = Literal["playoff", "split", "cut"]


# ---------------------------------------------------------------- settings


@dataclass(frozen=True)
class PrizeSettings:
    """A drive's prize settings and their defaults in one place.

    >>> s = PrizeSettings()
    >>> (s.places, s.booby, s.cookie_jar, s.jackpot, s.cash_unit)
    (3, True, False, False, 5)
    """

    places: int = DEFAULT_PLACES
    ace_low: bool = True
    cash_unit: int = DEFAULT_CASH_UNIT
    booby: bool = True
    booby_excludes_late_or_early: bool = True
    booby_excludes_place_holders: bool = True
    cookie_jar: bool = False
    jar_games: int = DEFAULT_JAR_GAMES
    jackpot: bool = False
    fifty_fifty: bool = False
    travelling_prize: bool = False
    door_prizes: bool = False

    def __post_init__(self) -> None:
        if self.places < 0:
            raise PrizeError("The number of prize places must be 0 or more.")
        _check_unit(self.cash_unit)
        if self.jar_games < 1:
            raise PrizeError("The cookie jar must draw at least 1 game.")


@dataclass(frozen=True)
class Prize:
    """What a place (or the booby) wins: money in cents or a described item.

    >>> Prize("First prize", cents=2000).is_money
    True
    >>> Prize("Booby prize", item="a box of chocolates").is_money
    False
    """

    label: str
    cents: int | None = None
    item: str = ""

    def __post_init__(self) -> None:
        if (self.cents is None) == (not self.item.strip()):
            raise PrizeError(f"{self.label} must be either an amount of money or an item.")
        if self.cents is not None:
            _check_cents(self.cents, self.label)

    @property
    def is_money(self) -> bool:
        return self.cents is not None


# ---------------------------------------------------------------- cards

Card = tuple[int, str]  # (rank 1..13 with 1 the ace, suit)
SUITS = ("C", "D", "H", "S")
DECK: tuple[Card, ...] = tuple((rank, suit) for suit in SUITS for rank in range(1, 14))
_RANK_LABELS = {1: "A", 11: "J", 12: "Q", 13: "K"}
_SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def check_card(card: Card) -> None:
    """Raise PrizeError unless `card` is (rank 1..13, one of SUITS)."""
    ok = (
        isinstance(card, tuple)
        and len(card) == 2
        and isinstance(card[0], int)
        and 1 <= card[0] <= 13
        and card[1] in SUITS
    )
    if not ok:
        raise PrizeError(f"{card!r} is not a playing card.")


def card_label(card: Card) -> str:
    """A card as printed on the report.

    >>> card_label((1, "S")), card_label((10, "H"))
    ('A♠', '10♥')
    """
    check_card(card)
    rank, suit = card
    return _RANK_LABELS.get(rank, str(rank)) + _SUIT_SYMBOLS[suit]


def cut_rank(card: Card, ace_low: bool = True) -> int:
    """The rank a cut compares; the lowest wins. Ace is 1, or 14 when ace high.

    >>> cut_rank((1, "C")), cut_rank((1, "C"), ace_low=False)
    (1, 14)
    """
    check_card(card)
    rank = card[0]
    return 14 if rank == 1 and not ace_low else rank


# ---------------------------------------------------------------- cuts


@dataclass(frozen=True)
class CutRound:
    """The cards cut in one round, as (pair, card) in pair order."""

    cards: tuple[tuple[int, Card], ...]

    def lowest(self, ace_low: bool = True) -> tuple[int, ...]:
        """The pairs whose card is on the lowest rank (suits do not count)."""
        best = min(cut_rank(c, ace_low) for _, c in self.cards)
        return tuple(p for p, c in self.cards if cut_rank(c, ace_low) == best)


@dataclass(frozen=True)
class CutResult:
    """A settled cut: every round's cards, the winner, and how it was done.

    seed is None for a physical cut recorded by the organizer; a digital cut
    keeps its seed so digital_cut(pairs, seed, ace_low) repeats it exactly.
    """

    pairs: tuple[int, ...]
    rounds: tuple[CutRound, ...]
    winner: int
    ace_low: bool = True
    seed: int | None = None

    @property
    def is_digital(self) -> bool:
        return self.seed is not None

    @property
    def lines(self) -> tuple[str, ...]:
        """One sentence a round, for the report.

        >>> physical_cut([3, 7], [{3: (1, "S"), 7: (5, "D")}]).lines
        ('Round 1: pair 3 A♠, pair 7 5♦. Pair 3 cut the lowest card.',)
        """
        out = []
        for i, rnd in enumerate(self.rounds, start=1):
            cards = ", ".join(f"pair {p} {card_label(c)}" for p, c in rnd.cards)
            low = rnd.lowest(self.ace_low)
            if len(low) == 1:
                tail = f"Pair {low[0]} cut the lowest card."
            else:
                tail = f"{pair_list(low).capitalize()} are equal on the lowest card and cut again."
            out.append(f"Round {i}: {cards}. {tail}")
        return tuple(out)


def _evaluate_cut(
    pairs: Iterable[int], rounds: Sequence[Mapping[int, Card]], ace_low: bool
) -> tuple[tuple[int, ...], tuple[CutRound, ...], tuple[int, ...]]:
    """Check recorded rounds; return (the tied pairs, the rounds, who cuts next)."""
    tied = _pair_set(pairs)
    if len(tied) < 2:
        raise PrizeError("A cut needs at least two tied pairs.")
    cutters = tied
    done: list[CutRound] = []
    for i, cards in enumerate(rounds, start=1):
        if len(cutters) == 1:
            raise PrizeError(
                f"Round {i} is not needed: pair {cutters[0]} already cut the lowest card."
            )
        if tuple(sorted(cards)) != cutters:
            who = "each of " + pair_list(cutters)
            raise PrizeError(f"Round {i} of the cut needs one card from {who}.")
        for card in cards.values():
            check_card(card)
        rnd = CutRound(tuple((p, cards[p]) for p in cutters))
        done.append(rnd)
        cutters = rnd.lowest(ace_low)
    nxt = () if len(cutters) == 1 else cutters
    return tied, tuple(done), nxt


def who_cuts_next(
    pairs: Iterable[int], rounds: Sequence[Mapping[int, Card]], ace_low: bool = True
) -> tuple[int, ...]:
    """The pairs that must cut next, given the rounds recorded so far; () once settled.

    >>> who_cuts_next([3, 5, 7], [])
    (3, 5, 7)
    >>> who_cuts_next([3, 5, 7], [{3: (4, "S"), 5: (4, "H"), 7: (9, "C")}])
    (3, 5)
    """
    return _evaluate_cut(pairs, rounds, ace_low)[2]


def physical_cut(
    pairs: Iterable[int], rounds: Sequence[Mapping[int, Card]], ace_low: bool = True
) -> CutResult:
    """Settle a tie from the cards each pair cut by hand, as the organizer recorded them.

    rounds[0] holds a card for every tied pair; each later round holds a card
    for exactly the pairs that were equal on the lowest rank in the round
    before. Two pairs may show the same card (each cuts the whole deck).

    >>> r = physical_cut([3, 7], [{3: (2, "S"), 7: (2, "H")}, {3: (9, "D"), 7: (6, "C")}])
    >>> r.winner, len(r.rounds), r.seed
    (7, 2, None)
    """
    tied, done, nxt = _evaluate_cut(pairs, rounds, ace_low)
    if nxt:
        if not done:
            raise PrizeError("Record the card each tied pair cut.")
        raise PrizeError(
            f"{pair_list(nxt).capitalize()} are equal on the lowest card and must cut again."
        )
    return CutResult(pairs=tied, rounds=done, winner=done[-1].lowest(ace_low)[0], ace_low=ace_low)


def digital_cut(pairs: Iterable[int], seed: int, ace_low: bool = True) -> CutResult:
    """The site cuts for the tied pairs from a freshly shuffled 52-card deck.

    In each round the pairs, in number order, take cards off a deck
    shuffled from the seeded generator (a new deck each round, and another
    if a round needs more than 52 cards). Pairs equal on the lowest rank cut
    again among themselves until one card is lowest. The same pairs, seed
    and ace setting always give the same cards.

    >>> digital_cut([3, 7], seed=42) == digital_cut([7, 3], seed=42)
    True
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise PrizeError("A digital cut needs a whole-number seed.")
    rng = random.Random(seed)
    cutters = _pair_set(pairs)
    if len(cutters) < 2:
        raise PrizeError("A cut needs at least two tied pairs.")
    tied = cutters
    rounds: list[CutRound] = []
    while True:
        deck: list[Card] = []
        cards = []
        for p in cutters:
            if not deck:
                deck = list(DECK)
                rng.shuffle(deck)
            cards.append((p, deck.pop()))
        rnd = CutRound(tuple(cards))
        rounds.append(rnd)
        cutters = rnd.lowest(ace_low)
        if len(cutters) == 1:
            return CutResult(tied, tuple(rounds), cutters[0], ace_low=ace_low, seed=seed)


# ---------------------------------------------------------------- settling a tie


def settle_method(
    tied: Iterable[int],
    playoff_requests: Iterable[int],
    split_agreements: Iterable[int],
    money_prize: bool,
) -> Method:
    """How a tie is settled: a play-off if any tied pair asks for one, else a split
    if every tied pair agrees (money prizes only), else a cut.

    >>> settle_method((1, 2, 3), playoff_requests=(), split_agreements=(1, 2, 3), money_prize=False)
    'cut'
    """
    group = _pair_set(tied)
    if len(group) < 2:
        raise PrizeError("A tie needs at least two pairs.")
    requests = _subset(playoff_requests, group)
    agreements = _subset(split_agreements, group)
    if requests:
        return "playoff"
    if money_prize and agreements == group:
        return "split"
    return "cut"


@dataclass(frozen=True)
class Outcome:
    """How one prize was settled for one group of pairs.

    method "outright" means there was no tie. winners is one pair, or every
    pair of the group for a split.
    """

    method: Literal["outright", "playoff", "split", "cut"]
    pairs: tuple[int, ...]
    winners: tuple[int, ...]
    playoff_requests: tuple[int, ...] = ()
    split_agreements: tuple[int, ...] = ()
    forfeited: tuple[int, ...] = ()
    cut: CutResult | None = None

    @property
    def is_split(self) -> bool:
        return self.method == "split"

    @property
    def recipient(self) -> int | None:
        """The one pair that wins, or None for a split."""
        return None if self.is_split else self.winners[0]

    @property
    def summary(self) -> str:
        """How the prize was settled, as printed on the report.

        >>> settle([3, 7], money_prize=True, split_agreements=[3, 7]).summary
        'Tie between pairs 3 and 7: every pair agreed to split the prize.'
        """
        if self.method == "outright":
            return f"Pair {self.winners[0]}, with no tie."
        head = f"Tie between {pair_list(self.pairs)}"
        if self.method == "split":
            return f"{head}: every pair agreed to split the prize."
        if self.method == "playoff":
            asked = pair_list(self.playoff_requests)
            parts = [f"{head}: {asked} asked for a play-off"]
            if self.forfeited:
                one = len(self.forfeited) == 1
                does = "declines and forfeits" if one else "decline and forfeit"
                parts.append(f"{pair_list(self.forfeited)} {does}")
            if len(self.pairs) - len(self.forfeited) == 1:
                parts.append(f"pair {self.winners[0]} wins as the only pair left to play")
            else:
                parts.append(f"pair {self.winners[0]} won the play-off")
            return "; ".join(parts) + "."
        assert self.cut is not None
        ace = "ace low" if self.cut.ace_low else "ace high"
        if self.cut.is_digital:
            how = f"a digital cut (seed {self.cut.seed}, {ace})"
        else:
            how = f"a cut recorded by the organizer ({ace})"
        return f"{head} settled by {how}. " + " ".join(self.cut.lines)


def settle(
    tied: Iterable[int],
    *,
    money_prize: bool,
    playoff_requests: Iterable[int] = (),
    split_agreements: Iterable[int] = (),
    declined: Iterable[int] = (),
    playoff_winner: int | None = None,
    cut: CutResult | None = None,
) -> Outcome:
    """Settle one prize group, refusing anything the order of methods forbids.

    One pair alone wins outright. For a tie the method is settle_method's; a
    play-off needs its winner (pairs that decline forfeit; if only one pair is
    left to play it wins), a split needs nothing more, a cut needs its
    CutResult (physical_cut or digital_cut) over exactly the tied pairs.

    >>> settle([5, 9], money_prize=True, playoff_requests=[9], playoff_winner=5).winners
    (5,)
    >>> settle([5, 9], money_prize=True, cut=digital_cut([5, 9], seed=1)).method
    'cut'
    """
    group = _pair_set(tied)
    if not group:
        raise PrizeError("There is no pair to give this prize to.")
    requests = _subset(playoff_requests, group)
    agreements = _subset(split_agreements, group)
    out = _subset(declined, group)
    if len(group) == 1:
        if playoff_winner is not None or cut is not None or out:
            raise PrizeError(f"Pair {group[0]} has no tie to settle.")
        return Outcome("outright", group, group)
    method = settle_method(group, requests, agreements, money_prize)
    if method != "playoff" and (out or playoff_winner is not None):
        raise PrizeError("No tied pair asked for a play-off, so there is no play-off to record.")
    if method != "cut" and cut is not None:
        reason = (
            f"{pair_list(requests).capitalize()} asked for a play-off"
            if method == "playoff"
            else "Every tied pair agreed to split"
        )
        raise PrizeError(f"{reason}, so this tie is not settled by a cut.")
    if method == "playoff":
        both = sorted(set(requests) & set(out))
        if both:
            raise PrizeError(
                f"Pair {both[0]} asked for the play-off, so it cannot decline it; "
                "take back its request first."
            )
        players = tuple(p for p in group if p not in out)
        if len(players) == 1 and playoff_winner in (None, players[0]):
            playoff_winner = players[0]
        if playoff_winner is None:
            raise PrizeError(f"Record which of {pair_list(players)} won the play-off.")
        if playoff_winner in out:
            raise PrizeError(f"Pair {playoff_winner} declined the play-off, so it cannot win it.")
        if playoff_winner not in group:
            raise PrizeError(f"Pair {playoff_winner} is not in this tie.")
        return Outcome(
            "playoff",
            group,
            (playoff_winner,),
            playoff_requests=requests,
            split_agreements=agreements,
            forfeited=out,
        )
    if method == "split":
        return Outcome("split", group, group, split_agreements=agreements)
    if cut is None:
        raise PrizeError("Record the card each tied pair cut, or let the site cut for them.")
    if cut.pairs != group:
        raise PrizeError(f"This cut was for {pair_list(cut.pairs)}, not {pair_list(group)}.")
    return Outcome("cut", group, (cut.winner,), split_agreements=agreements, cut=cut)


def check_can_settle(conflicts: int) -> None:
    """Refuse to settle any prize while a result of the drive is in conflict.

    >>> check_can_settle(0)
    """
    if conflicts > 0:
        results = "1 result is" if conflicts == 1 else f"{conflicts} results are"
        raise PrizeError(
            f"Prizes cannot be settled while {results} in conflict; settle the conflict first."
        )


@dataclass(frozen=True)
class DecisionEvent:
    """One step in a prize decision's history."""

    action: Literal["decided", "reopened"]
    outcome: Outcome | None = None
    reason: str = ""


@dataclass(frozen=True)
class Decision:
    """A prize's decision: undecided, decided, or reopened, with its history.

    Deciding twice without reopening is refused, so a mistaken second tap
    cannot silently replace a decision read out in the hall.

    >>> d = Decision("First prize", (3, 7))
    >>> d = d.decide(settle((3, 7), money_prize=True, split_agreements=(3, 7)), conflicts=0)
    >>> d.reopen("pair 7 changed its mind").is_decided
    False
    """

    prize: str
    pairs: tuple[int, ...]
    outcome: Outcome | None = None
    history: tuple[DecisionEvent, ...] = ()

    def __post_init__(self) -> None:
        if self.pairs != _pair_set(self.pairs) or not self.pairs:
            raise PrizeError(f"{self.prize} needs its pairs listed once each, in number order.")

    @property
    def is_decided(self) -> bool:
        return self.outcome is not None

    def decide(self, outcome: Outcome, *, conflicts: int) -> Decision:
        """Record the outcome; refused while results conflict or when already decided."""
        check_can_settle(conflicts)
        if self.outcome is not None:
            raise PrizeError(f"{self.prize} is already decided; reopen it to decide it again.")
        if outcome.pairs != self.pairs:
            raise PrizeError(
                f"{self.prize} is for {pair_list(self.pairs)}, not {pair_list(outcome.pairs)}."
            )
        event = DecisionEvent("decided", outcome)
        return dataclasses.replace(self, outcome=outcome, history=(*self.history, event))

    def reopen(self, reason: str = "") -> Decision:
        """Undo the decision so it can be made again; the old one stays in the history."""
        if self.outcome is None:
            raise PrizeError(f"{self.prize} has not been decided, so there is nothing to reopen.")
        event = DecisionEvent("reopened", self.outcome, reason.strip())
        return dataclasses.replace(self, outcome=None, history=(*self.history, event))


# ---------------------------------------------------------------- booby prize


def booby_candidates(
    tallies: Mapping[int, int],
    *,
    places: int = DEFAULT_PLACES,
    late_or_early: Iterable[int] = (),
    exclude_late_or_early: bool = True,
    exclude_place_holders: bool = True,
) -> tuple[int, ...]:
    """The eligible pairs with the fewest games (more than one is a tie to settle).

    By default a pair that arrived late or left early is not eligible, nor is
    a pair in a place group. () when no pair is eligible.

    >>> booby_candidates({1: 9, 2: 7, 3: 4, 4: 2, 5: 2})
    (4, 5)
    >>> booby_candidates({1: 9, 2: 7, 3: 4})
    ()
    """
    check_tallies(tallies)
    excluded: set[int] = set()
    if exclude_late_or_early:
        excluded |= set(_pair_set(late_or_early))
    if exclude_place_holders:
        excluded |= set(place_groups(tallies, places).placed_pairs)
    eligible = {p: g for p, g in tallies.items() if p not in excluded}
    if not eligible:
        return ()
    fewest = min(eligible.values())
    return tuple(sorted(p for p, g in eligible.items() if g == fewest))


# ---------------------------------------------------------------- money


def split_cents(total: int, n: int, unit: int = DEFAULT_CASH_UNIT) -> tuple[int, int]:
    """Split `total` cents n ways, each share rounded down to the cash unit.

    Returns (share, remainder); the remainder stays with the hall.

    >>> split_cents(1000, 3, unit=5)
    (330, 10)
    >>> split_cents(1000, 3, unit=1)
    (333, 1)
    """
    _check_cents(total, "A prize")
    _check_unit(unit)
    if n < 1:
        raise PrizeError("A prize must be split among at least one pair.")
    share = total // n // unit * unit
    return share, total - share * n


@dataclass(frozen=True)
class Payout:
    """Money leaving the cash box for one prize.

    Every recipient gets `share`; recipients are pair numbers (ticket numbers
    for the 50/50). amount = paid + kept_by_hall + carried_over.
    """

    prize: str
    amount: int
    recipients: tuple[int, ...]
    share: int
    kept_by_hall: int = 0
    carried_over: int = 0

    def __post_init__(self) -> None:
        if self.paid + self.kept_by_hall + self.carried_over != self.amount:
            raise PrizeError(f"The money for {self.prize} does not add up.")

    @property
    def paid(self) -> int:
        return self.share * len(self.recipients)


def payout(
    prize: str, amount: int, recipients: Iterable[int], unit: int = DEFAULT_CASH_UNIT
) -> Payout:
    """Pay a money prize to one pair or split it equally among several.

    >>> payout("Cookie jar", 1000, [4, 8, 9]).share
    330
    """
    who = _pair_set(recipients)
    if not who:
        raise PrizeError(f"{prize} has nobody to pay.")
    share, rest = split_cents(amount, len(who), unit)
    return Payout(prize, amount, who, share, kept_by_hall=rest)


@dataclass(frozen=True)
class CashSummary:
    """The night's cash, for the report. All amounts are cents.

    takings counts the cookie jar carried in from an earlier drive, since it
    is in the jar tonight. remaining is what the hall keeps; negative when
    the hall adds money (prizes larger than the takings).
    """

    entries: int
    cookie_jar: int
    jar_carried_in: int
    fifty_fifty: int
    paid_out: int
    carried_over: int
    kept_from_rounding: int

    @property
    def takings(self) -> int:
        return self.entries + self.cookie_jar + self.jar_carried_in + self.fifty_fifty

    @property
    def remaining(self) -> int:
        return self.takings - self.paid_out - self.carried_over


def cash_summary(
    *,
    entry_fee: int,
    pairs_paid: int,
    jar_price: int = 0,
    jar_pairs: int = 0,
    jar_carried_in: int = 0,
    fifty_fifty: int = 0,
    payouts: Iterable[Payout] = (),
) -> CashSummary:
    """Add up the night: takings, paid out, carried over, left for the hall.

    >>> s = cash_summary(entry_fee=500, pairs_paid=20, payouts=[payout("First", 3000, [1])])
    >>> s.takings, s.paid_out, s.remaining
    (10000, 3000, 7000)
    """
    for value, what in (
        (entry_fee, "The entry fee"),
        (pairs_paid, "The number of pairs paid"),
        (jar_price, "The cookie jar price"),
        (jar_pairs, "The number of pairs in the cookie jar"),
        (jar_carried_in, "The cookie jar carried in"),
        (fifty_fifty, "The 50/50 takings"),
    ):
        _check_cents(value, what)
    paid = list(payouts)
    return CashSummary(
        entries=entry_fee * pairs_paid,
        cookie_jar=jar_price * jar_pairs,
        jar_carried_in=jar_carried_in,
        fifty_fifty=fifty_fifty,
        paid_out=sum(p.paid for p in paid),
        carried_over=sum(p.carried_over for p in paid),
        kept_from_rounding=sum(p.kept_by_hall for p in paid),
    )


# ---------------------------------------------------------------- cookie jar


def cookie_jar_opt_in(pair: int, *, jar_on: bool, first_game_started: bool) -> None:
    """Refuse a cookie jar entry unless the jar is on and no game has started.

    Pairs buy in at registration so nobody buys in knowing their card.

    >>> cookie_jar_opt_in(4, jar_on=True, first_game_started=False)
    """
    if not jar_on:
        raise PrizeError("This drive has no cookie jar.")
    if first_game_started:
        raise PrizeError(
            f"Pair {pair} cannot join the cookie jar: pairs join before the first game starts."
        )


@dataclass(frozen=True)
class JarDraw:
    """The game numbers drawn for the cookie jar, in number order.

    seed is None when the organizer typed numbers drawn by hand.
    """

    numbers: tuple[int, ...]
    games_played: int
    seed: int | None = None


def cookie_jar_draw(games_played: int, count: int = DEFAULT_JAR_GAMES, *, seed: int) -> JarDraw:
    """Draw min(count, games played) distinct game numbers from 1..games played.

    >>> d = cookie_jar_draw(25, 8, seed=3)
    >>> len(d.numbers), d == cookie_jar_draw(25, 8, seed=3)
    (8, True)
    >>> cookie_jar_draw(5, 8, seed=3).numbers
    (1, 2, 3, 4, 5)
    """
    _check_jar(games_played, count)
    k = min(count, games_played)
    drawn = random.Random(seed).sample(range(1, games_played + 1), k)
    return JarDraw(tuple(sorted(drawn)), games_played, seed)


def cookie_jar_manual(
    numbers: Iterable[int], games_played: int, count: int = DEFAULT_JAR_GAMES
) -> JarDraw:
    """Record game numbers the organizer drew by hand, after checking them.

    >>> cookie_jar_manual([7, 2, 11], games_played=12, count=3).numbers
    (2, 7, 11)
    """
    _check_jar(games_played, count)
    drawn = list(numbers)
    for n in drawn:
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= games_played:
            raise PrizeError(f"Game {n} was not played: enter numbers from 1 to {games_played}.")
    repeats = sorted({n for n in drawn if drawn.count(n) > 1})
    if repeats:
        raise PrizeError(f"Game {repeats[0]} is entered twice; each game can be drawn once.")
    k = min(count, games_played)
    if len(drawn) != k:
        entered = "1 was" if len(drawn) == 1 else f"{len(drawn)} were"
        wanted = "1 game number" if k == 1 else f"{k} game numbers"
        raise PrizeError(f"Enter {wanted}; {entered} entered.")
    return JarDraw(tuple(sorted(drawn)), games_played, None)


def cookie_jar_winners(
    punched: Mapping[int, Iterable[int]], opted_in: Iterable[int], draw: JarDraw
) -> tuple[int, ...]:
    """Opted-in pairs whose cards have every drawn game punched.

    A pair missing from `punched` won no games.

    >>> d = cookie_jar_manual([1, 3], games_played=3, count=2)
    >>> cookie_jar_winners({1: (1, 2, 3), 2: (1, 3), 3: (2,)}, [1, 3], d)
    (1,)
    """
    need = set(draw.numbers)
    return tuple(p for p in _pair_set(opted_in) if need <= set(punched.get(p, ())))


def cookie_jar_payout(jar: int, winners: Iterable[int], unit: int = DEFAULT_CASH_UNIT) -> Payout:
    """Pay the jar to its winners (several split it) or carry it all over.

    >>> cookie_jar_payout(2400, []).carried_over
    2400
    """
    who = _pair_set(winners)
    if not who:
        _check_cents(jar, "The cookie jar")
        return Payout("Cookie jar", jar, (), 0, carried_over=jar)
    return payout("Cookie jar", jar, who, unit)


@dataclass(frozen=True)
class ClubDrive:
    """Just enough of a club's drive to choose where a cookie jar carries over."""

    id: int
    date: date
    started: bool


def carry_over_drive(current: ClubDrive, drives: Iterable[ClubDrive]) -> int | None:
    """The club's next drive that has not started (earliest date, then id), or None.

    Drives dated before the current one are not "next" and are skipped.

    >>> tonight = ClubDrive(1, date(2025, 3, 1), True)
    >>> carry_over_drive(tonight, [ClubDrive(3, date(2025, 3, 15), False),
    ...                            ClubDrive(2, date(2025, 3, 8), False)])
    2
    """
    later = [d for d in drives if d.id != current.id and not d.started and d.date >= current.date]
    if not later:
        return None
    return min(later, key=lambda d: (d.date, d.id)).id


# ---------------------------------------------------------------- side prizes


def jackpot(
    tallies: Mapping[int, int], *, threshold: int, amount: int, unit: int = DEFAULT_CASH_UNIT
) -> Payout | None:
    """Share the jackpot among every pair with at least `threshold` games; None if none did.

    >>> jackpot({1: 21, 2: 20, 3: 19}, threshold=20, amount=5000).recipients
    (1, 2)
    """
    check_tallies(tallies)
    if threshold < 1:
        raise PrizeError("The jackpot needs a number of games of 1 or more.")
    reached = [p for p, g in tallies.items() if g >= threshold]
    return payout("Jackpot", amount, reached, unit) if reached else None


@dataclass(frozen=True)
class FiftyFifty:
    """A 50/50 draw: the winning ticket, how many tickets were in, and the payout."""

    ticket: int
    tickets_sold: int
    seed: int
    payout: Payout


def fifty_fifty_draw(
    ticket_ranges: Iterable[tuple[int, int]],
    *,
    takings: int,
    seed: int,
    unit: int = DEFAULT_CASH_UNIT,
) -> FiftyFifty:
    """Draw one ticket from the numbered ranges sold; it wins half the takings.

    Each range is (first, last) inclusive. The half is rounded down to the
    cash unit; the other half and any rounding stay with the hall.

    >>> r = fifty_fifty_draw([(1, 50), (101, 120)], takings=3500, seed=9)
    >>> r.payout.share, r.tickets_sold
    (1750, 70)
    """
    ranges = sorted(ticket_ranges)
    if not ranges:
        raise PrizeError("No 50/50 tickets were sold.")
    for first, last in ranges:
        if first < 1 or last < first:
            raise PrizeError(f"Tickets {first} to {last} are not a range of ticket numbers.")
    for (a1, a2), (b1, b2) in zip(ranges, ranges[1:], strict=False):
        if b1 <= a2:
            raise PrizeError(f"Tickets {a1} to {a2} and {b1} to {b2} overlap.")
    _check_cents(takings, "The 50/50 takings")
    sold = sum(last - first + 1 for first, last in ranges)
    index = random.Random(seed).randrange(sold)
    for first, last in ranges:
        size = last - first + 1
        if index < size:
            ticket = first + index
            break
        index -= size
    half = payout("50/50", takings // 2, [ticket], unit)
    return FiftyFifty(ticket, sold, seed, half)


@dataclass(frozen=True)
class TravellingPrize:
    """The travelling prize's card, its seed, and who held it at the end."""

    card: Card
    seed: int
    holder: int | None = None

    def held_by(self, pair: int) -> TravellingPrize:
        """Record the pair holding the card when the last hand ended."""
        return dataclasses.replace(self, holder=_pair_set([pair])[0])


def travelling_prize_draw(seed: int) -> TravellingPrize:
    """Draw the travelling prize's card from a shuffled deck, to announce it.

    >>> travelling_prize_draw(5) == travelling_prize_draw(5)
    True
    """
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    return TravellingPrize(deck[0], seed)


def door_prize_draw(
    present: Iterable[int], *, seed: int, count: int = 1, already_drawn: Iterable[int] = ()
) -> tuple[int, ...]:
    """Draw `count` pairs among those present; no pair is drawn twice in a night.

    >>> door_prize_draw([1, 2, 3], seed=1) == door_prize_draw([3, 2, 1], seed=1)
    True
    """
    if count < 1:
        raise PrizeError("Draw at least one door prize.")
    done = set(_pair_set(already_drawn))
    pool = [p for p in _pair_set(present) if p not in done]
    if not pool:
        raise PrizeError("Every pair present has already won a door prize.")
    if count > len(pool):
        left = "1 pair" if len(pool) == 1 else f"{len(pool)} pairs"
        raise PrizeError(f"Only {left} present can still win a door prize, not {count}.")
    return tuple(random.Random(seed).sample(pool, count))


# ---------------------------------------------------------------- checks


def _pair_set(pairs: Iterable[int]) -> tuple[int, ...]:
    """Pair numbers, each once, in number order; refuse anything else."""
    out = set()
    for p in pairs:
        if isinstance(p, bool) or not isinstance(p, int) or p < 1:
            raise PrizeError(f"{p!r} is not a pair number.")
        out.add(p)
    return tuple(sorted(out))


def _subset(pairs: Iterable[int], group: tuple[int, ...]) -> tuple[int, ...]:
    chosen = _pair_set(pairs)
    outside = [p for p in chosen if p not in group]
    if outside:
        raise PrizeError(f"Pair {outside[0]} is not in this tie.")
    return chosen


def _check_cents(value: int, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PrizeError(f"{what} must be a whole number of cents.")
    if value < 0:
        raise PrizeError(f"{what} cannot be negative.")


def _check_unit(unit: int) -> None:
    if isinstance(unit, bool) or not isinstance(unit, int) or unit < 1:
        raise PrizeError("The smallest cash unit must be 1 cent or more.")


def _check_jar(games_played: int, count: int) -> None:
    if games_played < 1:
        raise PrizeError("The cookie jar is drawn after at least one game has been played.")
    if count < 1:
        raise PrizeError("The cookie jar must draw at least 1 game.")
