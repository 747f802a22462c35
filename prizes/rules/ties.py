"""Ties for a prize: the cards and the cut for low card, how a tie is settled (play-off, split,
cut), the decision as it is made, and the booby prize.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from prizes.places import (
    DEFAULT_PLACES,
    PrizeError,
    and_list,
    check_tallies,
    pair_list,
    place_groups,
)
from scoring.words import gettext_noop, ngettext_noop

from .base import Method, pair_numbers, pairs_within

_ = gettext_noop


def _numbers(pairs: Iterable[int]) -> str:
    """Pair numbers in number order, as a sentence lists them: "3, 5 and 7"."""
    return and_list(str(p) for p in sorted(pairs))


def _joined(parts: Sequence[str], template: str) -> str:
    """Marked parts joined two at a time by the marked ``template`` ("{first}, {then}"),
    so each part is still translated on its own."""
    if not parts:
        return ""
    out = parts[0]
    for part in parts[1:]:
        out = template.format(first=out, then=part)
    return out


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
        raise PrizeError(_("{card} is not a playing card.").format(card=repr(card)))


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
            cards = _joined(
                [_("pair {pair} {card}").format(pair=p, card=card_label(c)) for p, c in rnd.cards],
                _("{first}, {then}"),
            )
            low = rnd.lowest(self.ace_low)
            if len(low) == 1:
                tail = _("Pair {pair} cut the lowest card.").format(pair=low[0])
            else:
                tail = _("Pairs {numbers} are equal on the lowest card and cut again.").format(
                    numbers=_numbers(low)
                )
            out.append(_("Round {n}: {cards}. {tail}").format(n=i, cards=cards, tail=tail))
        return tuple(out)


def _evaluate_cut(
    pairs: Iterable[int], rounds: Sequence[Mapping[int, Card]], ace_low: bool
) -> tuple[tuple[int, ...], tuple[CutRound, ...], tuple[int, ...]]:
    """Check recorded rounds; return (the tied pairs, the rounds, who cuts next)."""
    tied = pair_numbers(pairs)
    if len(tied) < 2:
        raise PrizeError(_("A cut needs at least two tied pairs."))
    cutters = tied
    done: list[CutRound] = []
    for i, cards in enumerate(rounds, start=1):
        if len(cutters) == 1:
            raise PrizeError(
                _("Round {n} is not needed: pair {pair} already cut the lowest card.").format(
                    n=i, pair=cutters[0]
                )
            )
        if tuple(sorted(cards)) != cutters:
            raise PrizeError(
                _("Round {n} of the cut needs one card from each of {pairs}.").format(
                    n=i, pairs=pair_list(cutters)
                )
            )
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
            raise PrizeError(_("Record the card each tied pair cut."))
        raise PrizeError(
            _("Pairs {numbers} are equal on the lowest card and must cut again.").format(
                numbers=_numbers(nxt)
            )
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
        raise PrizeError(_("A digital cut needs a whole-number seed."))
    rng = random.Random(seed)
    cutters = pair_numbers(pairs)
    if len(cutters) < 2:
        raise PrizeError(_("A cut needs at least two tied pairs."))
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
    group = pair_numbers(tied)
    if len(group) < 2:
        raise PrizeError(_("A tie needs at least two pairs."))
    requests = pairs_within(playoff_requests, group)
    agreements = pairs_within(split_agreements, group)
    if requests:
        return "playoff"
    if money_prize and agreements == group:
        return "split"
    return "cut"


# ---------------------------------------------------------------- play-offs
#
# A game of 45s is two pairs. Two tied pairs play one game; three or more play off two at
# a time: two pairs play a game, the pair that loses is out, and the winner meets the
# next pair waiting, until one pair is left (3 pairs: 2 games; n pairs: n - 1). Which two
# play first, and next, is the organizer's choice; the hall's usual order is the ladder
# playoff_next offers (the two lowest numbers first, the winner then meets the next).


@dataclass(frozen=True)
class PlayoffGame:
    """One game of a play-off: the two pairs that played it (in number order) and the
    pair that won it.

    >>> PlayoffGame((3, 5), 5).loser
    3
    """

    pairs: tuple[int, int]
    winner: int

    @property
    def loser(self) -> int:
        return self.pairs[0] if self.winner == self.pairs[1] else self.pairs[1]

    @property
    def line(self) -> str:
        """The game as the report says it: "pair 5 beat pair 3"."""
        return _("pair {winner} beat pair {loser}").format(winner=self.winner, loser=self.loser)


def _check_playoff_game(game: object, left: tuple[int, ...], n: int) -> PlayoffGame:
    ok = (
        isinstance(game, PlayoffGame)
        and isinstance(game.pairs, tuple)
        and len(game.pairs) == 2
        and all(isinstance(p, int) and not isinstance(p, bool) for p in game.pairs)
        and game.pairs[0] < game.pairs[1]
    )
    if not ok:
        raise PrizeError(_("Game {n} of the play-off needs two different pairs.").format(n=n))
    for p in game.pairs:
        if p not in left:
            raise PrizeError(
                _("Game {n} of the play-off: pair {pair} is not in the play-off any more.").format(
                    n=n, pair=p
                )
            )
    if game.winner not in game.pairs:
        raise PrizeError(
            _("Game {n} of the play-off: pair {pair} did not play in it.").format(
                n=n, pair=game.winner
            )
        )
    return game


def playoff_left(players: Iterable[int], games: Sequence[PlayoffGame]) -> tuple[int, ...]:
    """The pairs still in the play-off after the games recorded, in number order. Each
    game is between two pairs still in; its loser is out. Refused otherwise.

    >>> playoff_left([3, 5, 7], [PlayoffGame((3, 5), 5)])
    (5, 7)
    >>> playoff_left([3, 5, 7], [PlayoffGame((3, 5), 5), PlayoffGame((5, 7), 7)])
    (7,)
    """
    left = pair_numbers(players)
    if len(left) < 2 and games:
        raise PrizeError(_("A play-off needs at least two pairs to play."))
    for n, game in enumerate(games, start=1):
        if len(left) == 1:
            raise PrizeError(
                _("Game {n} is not needed: pair {pair} has already won the play-off.").format(
                    n=n, pair=left[0]
                )
            )
        game = _check_playoff_game(game, left, n)
        left = tuple(p for p in left if p != game.loser)
    return left


def playoff_next(players: Iterable[int], games: Sequence[PlayoffGame]) -> tuple[int, int] | None:
    """The next game as halls play it off: first the two lowest pair numbers; then the
    last game's winner meets the lowest-numbered pair that has not played yet (or, when
    every pair left has played, the two lowest numbers left). None once one pair is left.

    >>> playoff_next([3, 5, 7], [])
    (3, 5)
    >>> playoff_next([3, 5, 7], [PlayoffGame((3, 5), 5)])
    (5, 7)
    >>> playoff_next([3, 5, 7], [PlayoffGame((3, 5), 5), PlayoffGame((5, 7), 7)]) is None
    True
    """
    left = playoff_left(players, games)
    if len(left) < 2:
        return None
    played = {p for g in games for p in g.pairs}
    waiting = [p for p in left if p not in played]
    if games and games[-1].winner in left and waiting:
        a, b = games[-1].winner, waiting[0]
        return (min(a, b), max(a, b))
    return (left[0], left[1])


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
    playoff_games: tuple[PlayoffGame, ...] = ()

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
            return _("Pair {pair}, with no tie.").format(pair=self.winners[0])
        head = _("Tie between {pairs}").format(pairs=pair_list(self.pairs))
        if self.method == "split":
            return _("{head}: every pair agreed to split the prize.").format(head=head)
        if self.method == "playoff":
            parts = [
                _("{head}: {pairs} asked for a play-off").format(
                    head=head, pairs=pair_list(self.playoff_requests)
                )
            ]
            if self.forfeited:
                parts.append(
                    ngettext_noop(
                        "{pairs} declines and forfeits",
                        "{pairs} decline and forfeit",
                        len(self.forfeited),
                    ).format(pairs=pair_list(self.forfeited))
                )
            if len(self.pairs) - len(self.forfeited) == 1:
                parts.append(
                    _("pair {pair} wins as the only pair left to play").format(pair=self.winners[0])
                )
            else:
                if len(self.playoff_games) > 1:
                    parts.extend(
                        _("game {n}: {game}").format(n=n, game=g.line)
                        for n, g in enumerate(self.playoff_games, start=1)
                    )
                parts.append(_("pair {pair} won the play-off").format(pair=self.winners[0]))
            return _("{steps}.").format(steps=_joined(parts, _("{first}; {then}")))
        assert self.cut is not None
        ace = _("ace low") if self.cut.ace_low else _("ace high")
        if self.cut.is_digital:
            how = _("a digital cut (seed {seed}, {ace})").format(seed=self.cut.seed, ace=ace)
        else:
            how = _("a cut recorded by the organizer ({ace})").format(ace=ace)
        return _("{head} settled by {how}. {rounds}").format(
            head=head, how=how, rounds=_joined(self.cut.lines, _("{first} {then}"))
        )


def settle(
    tied: Iterable[int],
    *,
    money_prize: bool,
    playoff_requests: Iterable[int] = (),
    split_agreements: Iterable[int] = (),
    declined: Iterable[int] = (),
    playoff_winner: int | None = None,
    playoff_games: Sequence[PlayoffGame] = (),
    cut: CutResult | None = None,
) -> Outcome:
    """Settle one prize group, refusing anything the order of methods forbids.

    One pair alone wins outright. For a tie the method is settle_method's; a
    play-off needs its games (pairs that decline forfeit; if only one pair is
    left to play it wins): two pairs left to play need one game, given by its
    winner alone or as a game; three or more play off two at a time, every game
    recorded until one pair is left (playoff_left). A split needs nothing more, a
    cut needs its CutResult (physical_cut or digital_cut) over exactly the tied pairs.

    >>> settle([5, 9], money_prize=True, playoff_requests=[9], playoff_winner=5).winners
    (5,)
    >>> games = [PlayoffGame((3, 5), 5), PlayoffGame((5, 7), 7)]
    >>> settle([3, 5, 7], money_prize=True, playoff_requests=[3], playoff_games=games).winners
    (7,)
    >>> settle([5, 9], money_prize=True, cut=digital_cut([5, 9], seed=1)).method
    'cut'
    """
    group = pair_numbers(tied)
    if not group:
        raise PrizeError(_("There is no pair to give this prize to."))
    requests = pairs_within(playoff_requests, group)
    agreements = pairs_within(split_agreements, group)
    out = pairs_within(declined, group)
    if len(group) == 1:
        if playoff_winner is not None or cut is not None or out:
            raise PrizeError(_("Pair {pair} has no tie to settle.").format(pair=group[0]))
        return Outcome("outright", group, group)
    method = settle_method(group, requests, agreements, money_prize)
    games = tuple(playoff_games)
    if method != "playoff" and (out or playoff_winner is not None or games):
        raise PrizeError(_("No tied pair asked for a play-off, so there is no play-off to record."))
    if method != "cut" and cut is not None:
        if method == "playoff":
            raise PrizeError(
                ngettext_noop(
                    "Pair {numbers} asked for a play-off, so this tie is not settled by a cut.",
                    "Pairs {numbers} asked for a play-off, so this tie is not settled by a cut.",
                    len(requests),
                ).format(numbers=_numbers(requests))
            )
        raise PrizeError(_("Every tied pair agreed to split, so this tie is not settled by a cut."))
    if method == "playoff":
        both = sorted(set(requests) & set(out))
        if both:
            raise PrizeError(
                _(
                    "Pair {pair} asked for the play-off, so it cannot decline it; "
                    "take back its request first."
                ).format(pair=both[0])
            )
        players = tuple(p for p in group if p not in out)
        if len(players) == 1 and games:
            raise PrizeError(
                _("Pair {pair} is the only pair left to play: there is no game to record.").format(
                    pair=players[0]
                )
            )
        if len(players) == 1 and playoff_winner in (None, players[0]):
            playoff_winner = players[0]
        if playoff_winner in out:
            raise PrizeError(
                _("Pair {pair} declined the play-off, so it cannot win it.").format(
                    pair=playoff_winner
                )
            )
        if playoff_winner is not None and playoff_winner not in group:
            raise PrizeError(_("Pair {pair} is not in this tie.").format(pair=playoff_winner))
        if len(players) == 2 and not games and playoff_winner is not None:
            games = (PlayoffGame((players[0], players[1]), playoff_winner),)
        if len(players) > 1:
            left = playoff_left(players, games)
            if len(left) > 1:
                if len(players) == 2:
                    raise PrizeError(
                        _("Record which of {pairs} won the play-off.").format(
                            pairs=pair_list(players)
                        )
                    )
                raise PrizeError(
                    _(
                        "Pairs {numbers} play off two at a time: record each game of the "
                        "play-off until one pair is left."
                    ).format(numbers=_numbers(players))
                )
            if playoff_winner is not None and playoff_winner != left[0]:
                raise PrizeError(
                    _("Pair {pair} won the play-off's games, not pair {other}.").format(
                        pair=left[0], other=playoff_winner
                    )
                )
            playoff_winner = left[0]
        return Outcome(
            "playoff",
            group,
            (playoff_winner,),
            playoff_requests=requests,
            split_agreements=agreements,
            forfeited=out,
            playoff_games=games,
        )
    if method == "split":
        return Outcome("split", group, group, split_agreements=agreements)
    if cut is None:
        raise PrizeError(_("Record the card each tied pair cut, or let the site cut for them."))
    if cut.pairs != group:
        raise PrizeError(
            _("This cut was for {pairs}, not {group}.").format(
                pairs=pair_list(cut.pairs), group=pair_list(group)
            )
        )
    return Outcome("cut", group, (cut.winner,), split_agreements=agreements, cut=cut)


def check_can_settle(conflicts: int) -> None:
    """Refuse to settle any prize while a result of the drive is in conflict.

    >>> check_can_settle(0)
    """
    if conflicts > 0:
        raise PrizeError(
            ngettext_noop(
                "Prizes cannot be settled while {n} result is in conflict; "
                "settle the conflict first.",
                "Prizes cannot be settled while {n} results are in conflict; "
                "settle the conflict first.",
                conflicts,
            ).format(n=conflicts)
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
        if self.pairs != pair_numbers(self.pairs) or not self.pairs:
            raise PrizeError(
                _("{prize} needs its pairs listed once each, in number order.").format(
                    prize=self.prize
                )
            )

    @property
    def is_decided(self) -> bool:
        return self.outcome is not None

    def decide(self, outcome: Outcome, *, conflicts: int) -> Decision:
        """Record the outcome; refused while results conflict or when already decided."""
        check_can_settle(conflicts)
        if self.outcome is not None:
            raise PrizeError(
                _("{prize} is already decided; reopen it to decide it again.").format(
                    prize=self.prize
                )
            )
        if outcome.pairs != self.pairs:
            raise PrizeError(
                _("{prize} is for {pairs}, not {others}.").format(
                    prize=self.prize,
                    pairs=pair_list(self.pairs),
                    others=pair_list(outcome.pairs),
                )
            )
        event = DecisionEvent("decided", outcome)
        return dataclasses.replace(self, outcome=outcome, history=(*self.history, event))

    def reopen(self, reason: str = "") -> Decision:
        """Undo the decision so it can be made again; the old one stays in the history."""
        if self.outcome is None:
            raise PrizeError(
                _("{prize} has not been decided, so there is nothing to reopen.").format(
                    prize=self.prize
                )
            )
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
        excluded |= set(pair_numbers(late_or_early))
    if exclude_place_holders:
        excluded |= set(place_groups(tallies, places).placed_pairs)
    eligible = {p: g for p, g in tallies.items() if p not in excluded}
    if not eligible:
        return ()
    fewest = min(eligible.values())
    return tuple(sorted(p for p, g in eligible.items() if g == fewest))
