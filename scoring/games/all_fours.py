"""The All Fours family: pure rules, no Django.

Seven Up (classic All Fours), Running All Fours, Caribbean All Fours
(Trinidad and Tobago), Yorkshire, Lancashire, Pitch, Auction Pitch,
Commercial Pitch, All Fives and California Jack (see game-scoring.md).

Sides are numbered by their place in ``Variant.sides``, in the order of
play, so the elder (the side that plays first) is the side after the
dealer's: ``(dealer + 1) % n``. A deal is entered as a `Deal`: what happened
before play (the card turned up, a beg, the bids) and who took High, Low,
Jack and Game.

Points won during the deal itself (a turned-up jack, a kick, a gift, the
elder's sale, All Fives card points) score at once and can end the game
before play. The points of the end of the deal then count out in the order
High, Low, Jack, Game: the first side to reach the target wins, and the
points after that one are not scored.

The spec's worked example (Seven Up, two players; the dealer on 5, the
elder on 6; the dealer turns up the jack, the elder holds High, the dealer
Low, and the elder has more card points):

>>> v = make_variant("seven_up", alone("Dealer", "Elder"))
>>> s = new_game(v, (5, 6))
>>> s = apply_deal(v, s, Deal(dealer=0, turned=("JH",), high=1, low=0, counts=(8, 14)))
>>> s.scores, v.name_of(s.winner)
((6, 7), 'Elder')
>>> [(e.event, e.side, e.points) for e in s.log]
[('turned_jack', 0, 1), ('high', 1, 1)]

A game is its variant plus its list of deals; the state is a pure function
of them, so undoing the last deal is ``play(variant, deals[:-1])``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Final

from .all_fours_rules import (  # noqa: F401  (re-exported for callers)
    _SUIT_SYMBOLS,
    ALL_FIVES_TRUMPS,
    AUCTION,
    CARD_POINTS,
    CARD_VALUES,
    COMMERCIAL,
    CUT,
    ELDER,
    FIVE_OF_TRUMPS,
    GAME,
    GAME_WORTH_2,
    GIFT,
    GIFT_POINT,
    HAND,
    HANG_JACK,
    HANG_JACK_POINTS,
    HIGH,
    HOLDER,
    JACK,
    KICK,
    LED,
    LEFT,
    LOW,
    LOW_TO_WINNER,
    MAX_BID,
    MAX_PLAYERS,
    MAX_SIDES,
    NO_GIFT_TO_GO_OUT,
    NOBODY,
    PACK,
    PACK_POINTS,
    PUB_COUNT,
    PUB_EXTRA_DEALS,
    RANKS,
    RIGHT,
    RULES,
    RUN,
    RUN_CARDS,
    SALE,
    SET,
    SUITS,
    TOBAGO,
    TOBAGO_KICKS,
    TRINIDAD_KICKS,
    TRUMPS_ONLY,
    TURNED,
    TURNED_CARD,
    TURNED_JACK,
    WINNER,
    Rules,
)
from .core import Side, alone, partners, two_pairs  # noqa: F401  (re-exported for callers)


class RulesError(ValueError):
    """Something the rules refuse; the message is the reason, in plain words."""


class DealError(RulesError):
    """A deal that cannot have happened, or that the game's rules forbid.

    ``str(error)`` is the reason to show the table, e.g. "the Jack was turned
    up, so nobody can win it this deal"; ``deal`` is the deal's number (from 1)
    when the error comes from replaying a list of deals.
    """

    def __init__(self, reason: str, deal: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.deal = deal


class SetupError(RulesError):
    """A variant or a starting score that the rules do not allow."""


# The line-ups are the same as the Forty-Fives family's: one definition in core.


@dataclass(frozen=True)
class Variant:
    """A game's rules as data: the variant key, its target, the sides, the options.

    Options (each variant's are in ``Rules.options``): Caribbean ``tobago``
    (a two kicks 2, not a six) and ``game_worth_2``; where the elder may beg,
    ``no_gift_to_go_out`` (the dealer must run the cards rather than give the
    point that puts the elder out); where Low goes to its holder,
    ``low_to_winner``; Yorkshire ``pub_count``; All Fives ``trumps_only``.

    >>> Variant("pitch", 11, two_pairs()).name
    'Pitch'
    >>> Variant("yorkshire", 11, alone("A", "B"))
    Traceback (most recent call last):
    ...
    scoring.games.all_fours.SetupError: Yorkshire All Fours is for 4 players in 2 pairs
    """

    key: str
    target: int
    sides: tuple[Side, ...]
    options: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        object.__setattr__(self, "sides", tuple(self.sides))
        object.__setattr__(self, "options", frozenset(self.options))
        _check_variant(self)

    @property
    def rules(self) -> Rules:
        return RULES[self.key]

    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def low_to(self) -> str:
        """HOLDER: Low to the side dealt the lowest trump; WINNER: to the side that won it."""
        return WINNER if LOW_TO_WINNER in self.options else self.rules.low_to

    @property
    def n_sides(self) -> int:
        return len(self.sides)

    @property
    def players(self) -> int:
        return sum(s.players for s in self.sides)

    def name_of(self, side: int) -> str:
        return self.sides[side].name


def _check_variant(v: Variant) -> None:
    if v.key not in RULES:
        raise SetupError(f"unknown game: {v.key}")
    rules = v.rules
    low, high = rules.targets
    if isinstance(v.target, bool) or not isinstance(v.target, int):
        raise SetupError("the target must be a whole number")
    if low == high and v.target != low:
        raise SetupError(f"{rules.name} is played to {low}")
    if not low <= v.target <= high:
        raise SetupError(f"{rules.name} is played to between {low} and {high}")
    if not 2 <= len(v.sides) <= MAX_SIDES:
        raise SetupError(f"a game needs 2 to {MAX_SIDES} sides")
    names = [s.name.strip() for s in v.sides]
    if any(not n for n in names) or len(set(names)) != len(names):
        raise SetupError("each side needs a name of its own")
    sizes = {s.players for s in v.sides}
    if len(sizes) != 1 or not sizes <= {1, 2, 3}:
        raise SetupError("sides must all be the same: players alone, pairs or threes")
    if v.players > MAX_PLAYERS:
        raise SetupError(f"{rules.name} seats at most {MAX_PLAYERS} players")
    if rules.pairs_only and (len(v.sides), v.players) != (2, 4):
        raise SetupError(f"{rules.name} is for 4 players in 2 pairs")
    for option in sorted(v.options - rules.options):
        raise SetupError(f"{option.replace('_', ' ')} is not an option of {rules.name}")


def make_variant(
    key: str, sides: Sequence[Side] | None = None, *, target: int | None = None, **options: bool
) -> Variant:
    """The variant for a registry key; sides default to two pairs, target to the usual one.

    >>> make_variant("seven_up", target=11).target
    11
    >>> sorted(make_variant("caribbean", tobago=True, game_worth_2=True).options)
    ['game_worth_2', 'tobago']
    """
    if key not in RULES:
        raise SetupError(f"unknown game: {key}")
    rules = RULES[key]
    for option in sorted(set(options) - rules.options):
        raise SetupError(f"{option.replace('_', ' ')} is not an option of {rules.name}")
    return Variant(
        key,
        rules.target if target is None else target,
        tuple(sides) if sides else two_pairs(),
        frozenset(name for name, on in options.items() if on),
    )


VARIANTS: Final[dict[str, Callable[..., Variant]]] = {
    key: partial(make_variant, key) for key in RULES
}


@dataclass(frozen=True)
class Deal:
    """One deal as the table enters it. Sides are numbers, in ``Variant.sides`` order.

    dealer: the dealer's side.
    turned: the cards the dealer turned up, in order, as "JH", "10S", "6D"
      (ranks 2..10 J Q K A, suits C D H S). One card, unless the elder begged
      and the dealer ran the cards: then every card turned, the last one (of a
      new suit) making trumps. Empty where trumps are not turned up.
    beg: None when the elder stood; GIFT when it begged and the dealer gave;
      RUN when it begged and the dealer ran the cards.
    bids: Auction Pitch, each player's one bid in turn from the elder (0 for
      a pass); Commercial Pitch, the bids of the players after the elder.
    sold: Commercial Pitch, the elder sold the pitch to the highest bidder.
    captures: All Fives, (side, points) as trumps are taken, in order.
    high, low: the sides that took High and Low; None when no trump was in
      play (a single trump in play is both).
    jack: the side that took the Jack; None when it was not in play.
    hanged: Caribbean hang jack, the Jack won from the side that held it.
    game: the side that took Game, or None when nobody did; or give
    counts: each side's card points for Game, and Game is worked out.

    >>> Deal(0, ("7H",), high=1, low=0, game=1).turned
    ('7H',)
    """

    dealer: int
    turned: tuple[str, ...] = ()
    beg: str | None = None
    bids: tuple[int, ...] = ()
    sold: bool = False
    captures: tuple[tuple[int, int], ...] = ()
    high: int | None = None
    low: int | None = None
    jack: int | None = None
    hanged: bool = False
    game: int | None = None
    counts: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "turned", tuple(self.turned))
        object.__setattr__(self, "bids", tuple(self.bids))
        object.__setattr__(self, "captures", tuple(tuple(c) for c in self.captures))
        object.__setattr__(self, "counts", tuple(self.counts))


@dataclass(frozen=True)
class Entry:
    """One score in the log: ``points`` to ``side`` for ``event`` in deal number ``deal``.

    Deals are numbered from 1; a set is a score of minus the bid.
    """

    event: str
    side: int
    points: int
    deal: int


@dataclass(frozen=True)
class GameState:
    """The running score of a game.

    scores: per side, in side order. winner: the side that won, or None while
    the game goes on. log: every score in the order it was made, so a screen
    can show how a deal counted out. extra_deals: with the pub count, the deals
    still to play after the sides reached the target level (Yorkshire).
    """

    scores: tuple[int, ...]
    deals_played: int = 0
    winner: int | None = None
    log: tuple[Entry, ...] = ()
    extra_deals: int = 0

    @property
    def over(self) -> bool:
        return self.winner is not None


# --- helpers ----------------------------------------------------------------------


def elder(variant: Variant, dealer: int) -> int:
    """The side that plays first: the one after the dealer's.

    >>> elder(make_variant("seven_up", alone("A", "B", "C")), 2)
    0
    """
    return (dealer + 1) % variant.n_sides


def _from_elder(variant: Variant, dealer: int) -> list[int]:
    """Every side in the order of play, the elder first and the dealer last."""
    return [(dealer + k) % variant.n_sides for k in range(1, variant.n_sides + 1)]


def _seat_side(variant: Variant, dealer: int, seat: int) -> int:
    """The side of the player ``seat`` places after the elder (partners sit alternately)."""
    return (dealer + 1 + seat) % variant.n_sides


def game_winner(variant: Variant, dealer: int, counts: Sequence[int]) -> int | None:
    """The side that takes Game for these card points, or None when nobody does.

    A tie goes to the elder of the tied sides in Seven Up and its kin, to
    nobody elsewhere.

    >>> game_winner(make_variant("seven_up"), 0, (12, 12))
    1
    >>> game_winner(make_variant("pitch"), 0, (12, 12)) is None
    True
    """
    top = max(counts)
    tied = [s for s, c in enumerate(counts) if c == top]
    if len(tied) == 1:
        return tied[0]
    if variant.rules.tie == ELDER:
        return next(s for s in _from_elder(variant, dealer) if s in tied)
    return None


def _card(text: object) -> tuple[str, str]:
    if isinstance(text, str):
        card = text.strip().upper()
        rank, suit = card[:-1], _SUIT_SYMBOLS.get(card[-1:], card[-1:])
        rank = "10" if rank == "T" else rank
        if rank in RANKS and suit in SUITS:
            return rank, suit
    raise DealError(f"{text!r} is not a card: write it as a rank and a suit, like JH or 10S")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_side(variant: Variant, side: object, what: str) -> None:
    if not (isinstance(side, int) and not isinstance(side, bool) and 0 <= side < variant.n_sides):
        raise DealError(f"{what} must be one of the {variant.n_sides} sides")


# --- checking a deal ----------------------------------------------------------------


_RUN_UNTIL_NEW_SUIT: Final = (
    "the cards are run until a card of a new suit is turned up, and no further"
)


def _trump_card(cards: Sequence[tuple[str, str]]) -> tuple[str, str] | None:
    """The turned-up card that made trumps: the last one, unless a run was cut short."""
    if not cards or (len(cards) > 1 and cards[-1][1] == cards[0][1]):
        return None
    return cards[-1]


def _check_turned(variant: Variant, deal: Deal) -> tuple[tuple[str, str], ...]:
    rules = variant.rules
    if rules.trump != TURNED:
        if deal.turned:
            if rules.trump == LED:
                raise DealError(
                    f"in {rules.name} the first card led makes trumps, so no card is turned up"
                )
            raise DealError(f"in {rules.name} the card cut for trumps scores nothing: leave it out")
        if deal.beg is not None:
            raise DealError(f"{rules.name} has no begging")
        return ()
    if not deal.turned:
        raise DealError("enter the card turned up for trumps")
    cards = tuple(_card(c) for c in deal.turned)
    if len(set(cards)) != len(cards):
        raise DealError("the same card cannot be turned up twice")
    if deal.beg not in (None, GIFT, RUN):
        raise DealError("a beg is answered by a gift or by running the cards")
    if deal.beg != RUN:
        if len(cards) > 1:
            raise DealError("only one card is turned up unless the dealer runs the cards")
        return cards
    if len(cards) < 2:
        raise DealError("running the cards turns up a new card for trumps: enter it")
    # The last card may still be of the first suit only if the game ended on
    # it (a Caribbean kick); _tally checks that once the score is known.
    first_suit = cards[0][1]
    if any(suit != first_suit for _, suit in cards[1:-1]):
        raise DealError(_RUN_UNTIL_NEW_SUIT)
    runs = len(cards) - 1
    needed = variant.players * HAND + 1 + runs * (variant.players * RUN_CARDS + 1)
    if needed > PACK:
        raise DealError(f"running the cards {runs} times needs {needed} cards, more than the pack")
    return cards


def _check_bids(variant: Variant, deal: Deal) -> None:
    rules = variant.rules
    if rules.bidding is None:
        if deal.bids or deal.sold:
            raise DealError(f"{rules.name} has no bidding")
        return
    first_seat = 0 if rules.bidding == AUCTION else 1
    bidders = variant.players - first_seat
    if len(deal.bids) != bidders:
        raise DealError(f"enter one bid for each player who bids, 0 for a pass: {bidders} in all")
    the_elder = elder(variant, deal.dealer)
    high = 0
    for seat, bid in enumerate(deal.bids, start=first_seat):
        if not _is_int(bid) or not 0 <= bid <= MAX_BID:
            raise DealError(f"a bid is 1 to {MAX_BID} points, or 0 for a pass")
        if bid == 0:
            continue
        if bid <= high:
            raise DealError(f"a bid must be higher than {high}")
        if rules.bidding == COMMERCIAL and _seat_side(variant, deal.dealer, seat) == the_elder:
            raise DealError("the elder's partner cannot bid: the elder sells to the other sides")
        high = bid
    if rules.bidding == AUCTION:
        if deal.sold:
            raise DealError("only Commercial Pitch has a sale")
        if high == 0:
            raise DealError("everyone passed, so the cards are thrown in and dealt again")
    elif deal.sold and high == 0:
        raise DealError("nobody bid, so the elder has nothing to sell")


def _pitcher(variant: Variant, deal: Deal) -> tuple[int, int] | None:
    """The side that pitches and what it must make, in the bidding games."""
    rules = variant.rules
    if rules.bidding is None:
        return None
    first_seat = 0 if rules.bidding == AUCTION else 1
    high, side = 0, elder(variant, deal.dealer)
    for seat, bid in enumerate(deal.bids, start=first_seat):
        if bid > high:
            high, side = bid, _seat_side(variant, deal.dealer, seat)
    if rules.bidding == COMMERCIAL and not deal.sold:
        return elder(variant, deal.dealer), high
    return side, high


def _captured(variant: Variant, deal: Deal) -> list[int]:
    taken = [0] * variant.n_sides
    for side, points in deal.captures:
        taken[side] += points
    return taken


def _check_captures(variant: Variant, deal: Deal, cards: Sequence[tuple[str, str]]) -> None:
    rules = variant.rules
    if not rules.card_points:
        if deal.captures:
            raise DealError(f"{rules.name} scores no card points during play")
        return
    total = 0
    for capture in deal.captures:
        if len(capture) != 2:
            raise DealError("enter card points as a side and its points")
        side, points = capture
        _check_side(variant, side, "card points")
        if not _is_int(points) or points < 1:
            raise DealError("card points taken in a trick are a whole number above zero")
        total += points
    # The card turned up for trumps is out of play.
    trump_card = _trump_card(cards)
    out = ALL_FIVES_TRUMPS.get(trump_card[0], 0) if trump_card else 0
    if TRUMPS_ONLY in variant.options:
        in_play = sum(ALL_FIVES_TRUMPS.values()) - out
        if total > in_play:
            raise DealError(f"only {in_play} points of trumps were in play, not {total}")
    else:
        in_play = PACK_POINTS + FIVE_OF_TRUMPS - out
        if total > in_play:
            raise DealError(f"only {in_play} card points were in play, not {total}")


def _check_counts(variant: Variant, deal: Deal) -> None:
    if not deal.counts:
        return
    n = variant.n_sides
    if len(deal.counts) != n:
        raise DealError(f"enter the card points of each of the {n} sides")
    if any(not _is_int(c) or c < 0 for c in deal.counts):
        raise DealError("card points for Game are whole numbers, 0 or more")
    most = PACK_POINTS + (FIVE_OF_TRUMPS if variant.rules.card_points else 0)
    if variant.rules.every_card_played and sum(deal.counts) != PACK_POINTS:
        raise DealError(
            f"every card is played in {variant.name}, so the card points for Game "
            f"add up to {PACK_POINTS}, not {sum(deal.counts)}"
        )
    if sum(deal.counts) > most:
        raise DealError(
            f"card points for Game add up to {sum(deal.counts)}, more than the {most} in the pack"
        )
    if variant.rules.card_points:
        every_card = TRUMPS_ONLY not in variant.options
        for side, (count, taken) in enumerate(
            zip(deal.counts, _captured(variant, deal), strict=True)
        ):
            # Every counting card scores at once and counts toward Game, so the two
            # are the same; with trumps only, the other suits' cards add to Game.
            if every_card and count != taken:
                raise DealError(
                    f"{variant.name_of(side)} scored {taken} card points in its tricks, "
                    f"so its card points for Game are {taken}"
                )
            if count < taken:
                raise DealError(
                    f"{variant.name_of(side)} took {taken} points of trumps, "
                    f"so its card points for Game are at least {taken}"
                )
    winner = game_winner(variant, deal.dealer, deal.counts)
    if deal.game is not None and deal.game != winner:
        if winner is None:
            raise DealError("the card points are level, so nobody takes Game")
        raise DealError(f"the card points give Game to {variant.name_of(winner)}")


def _check_deal(variant: Variant, deal: Deal) -> tuple[tuple[str, str], ...]:
    """Everything about a deal that does not depend on the score."""
    _check_side(variant, deal.dealer, "the dealer")
    cards = _check_turned(variant, deal)
    _check_bids(variant, deal)
    _check_captures(variant, deal, cards)
    for what, side in (("High", deal.high), ("Low", deal.low), ("the Jack", deal.jack)):
        if side is not None:
            _check_side(variant, side, what)
    if deal.game is not None:
        _check_side(variant, deal.game, "Game")
    if (deal.high is None) != (deal.low is None):
        raise DealError("High and Low go together: a single trump in play is both")
    if deal.hanged:
        if not variant.rules.hang_jack:
            raise DealError(f"hang jack does not score in {variant.name}")
        if deal.jack is None:
            raise DealError("enter the side that hanged the Jack")
    trump_card = _trump_card(cards)
    if deal.jack is not None and trump_card and trump_card[0] == "J":
        raise DealError("the Jack was turned up, so nobody can win it this deal")
    _check_counts(variant, deal)
    return cards


def _check_play(variant: Variant, deal: Deal) -> None:
    """What a deal that reached play must say."""
    rules = variant.rules
    # Where trumps are led or cut every deal has trumps in play; where they
    # are turned up, a trump taken (the Jack, All Fives card points) shows it.
    trump_played = rules.trump != TURNED or deal.jack is not None or bool(deal.captures)
    if deal.high is None and trump_played:
        raise DealError("High and Low cannot both be absent when a trump was played")
    if rules.every_card_played and deal.jack is None:
        raise DealError(f"every card is played in {rules.name}, so the Jack goes to a side")
    if rules.tie == ELDER and deal.game is None and not deal.counts:
        raise DealError(f"enter who took Game: in {rules.name} a tie goes to the elder")


def _has_play(deal: Deal) -> bool:
    return (
        any(side is not None for side in (deal.high, deal.low, deal.jack, deal.game))
        or deal.hanged
        or bool(deal.counts)
        or bool(deal.captures)
    )


# --- scoring a deal -----------------------------------------------------------------


class _Tally:
    """Scores made one at a time; once a side reaches the target the rest are not made.

    With the pub count nobody counts out: every point of the deal is scored and
    the winner is settled at its end (``pub_count_end``).
    """

    def __init__(self, variant: Variant, state: GameState) -> None:
        self.target = variant.target
        self.count_out = PUB_COUNT not in variant.options
        self.scores = list(state.scores)
        self.number = state.deals_played + 1
        self.entries: list[Entry] = []
        self.winner: int | None = None
        self.extra_deals = 0

    def add(self, event: str, side: int, points: int) -> None:
        if self.winner is not None:
            return
        self.scores[side] += points
        self.entries.append(Entry(event, side, points, self.number))
        if self.count_out and self.scores[side] >= self.target:
            self.winner = side

    def pub_count_end(self, extra_deals: int) -> None:
        """Settle the deal with the pub count: the higher score at or past the target
        wins; sides level there play two more deals, and then the higher score wins
        (level again: two more, our choice)."""
        scores = self.scores
        if extra_deals:
            self.extra_deals = extra_deals - 1
            if self.extra_deals:
                return
            among = range(len(scores))
        else:
            among = [i for i, s in enumerate(scores) if s >= self.target]
            if not among:
                return
        top = max(scores[i] for i in among)
        at_top = [i for i in among if scores[i] == top]
        if len(at_top) == 1:
            self.winner = at_top[0]
        else:
            self.extra_deals = PUB_EXTRA_DEALS


def _turned_points(
    variant: Variant, card: tuple[str, str], makes_trumps: bool
) -> list[tuple[str, int]]:
    rules, rank = variant.rules, card[0]
    points = []
    if rules.kicks:
        kicks = TOBAGO_KICKS if TOBAGO in variant.options else TRINIDAD_KICKS
        if rank in kicks:
            points.append((KICK, kicks[rank]))
    if makes_trumps:
        if rules.turned_jack and rank == "J":
            points.append((TURNED_JACK, 1))
        if rules.turned_value and rank in CARD_VALUES:
            points.append((TURNED_CARD, CARD_VALUES[rank]))
    return points


def _end_points(
    variant: Variant, deal: Deal, pitcher: tuple[int, int] | None
) -> list[tuple[str, int, int]]:
    """High, Low, Jack, Game in counting-out order, after any set."""
    points = []
    if deal.high is not None:
        points.append((HIGH, deal.high, 1))
    if deal.low is not None:
        points.append((LOW, deal.low, 1))
    if deal.jack is not None:
        points.append(
            (HANG_JACK, deal.jack, HANG_JACK_POINTS) if deal.hanged else (JACK, deal.jack, 1)
        )
    game = game_winner(variant, deal.dealer, deal.counts) if deal.counts else deal.game
    if game is not None:
        points.append((GAME, game, 2 if GAME_WORTH_2 in variant.options else 1))
    if pitcher is not None:
        side, bid = pitcher
        if sum(p for _, s, p in points if s == side) < bid:
            # Set: the pitcher's side scores nothing and loses its bid.
            points = [p for p in points if p[1] != side] + [(SET, side, -bid)]
    return points


def _tally(variant: Variant, state: GameState, deal: Deal) -> _Tally:
    if len(state.scores) != variant.n_sides:
        raise ValueError("the state does not belong to this variant")
    if state.winner is not None:
        raise DealError(f"the game is over: {variant.name_of(state.winner)} won")
    cards = _check_deal(variant, deal)
    tally = _Tally(variant, state)
    dealer = deal.dealer

    if cards:
        for event, points in _turned_points(variant, cards[0], makes_trumps=True):
            tally.add(event, dealer, points)
        if tally.winner is not None and deal.beg is not None:
            raise DealError("the dealer went out on the card turned up, so there was no beg")
    if deal.beg == GIFT:
        # A gift scores at once and may end the game (the source); the option
        # *no gift to go out* makes the dealer run the cards instead.
        takers = [s for s in _from_elder(variant, dealer) if s != dealer]
        if NO_GIFT_TO_GO_OUT in variant.options:
            for side in takers:
                if tally.scores[side] + 1 >= variant.target:
                    raise DealError(
                        f"the dealer cannot give a point that would put {variant.name_of(side)} "
                        "out: the cards must be run"
                    )
        for side in takers:
            tally.add(GIFT_POINT, side, 1)
    elif deal.beg == RUN:
        for i, card in enumerate(cards[1:], start=1):
            if tally.winner is not None:
                raise DealError(
                    "the dealer went out on a card turned while running, "
                    "so no more cards were turned"
                )
            makes_trumps = i == len(cards) - 1 and card[1] != cards[0][1]
            for event, points in _turned_points(variant, card, makes_trumps):
                tally.add(event, dealer, points)
        if _trump_card(cards) is None and tally.winner is None:
            raise DealError(_RUN_UNTIL_NEW_SUIT)

    pitcher = _pitcher(variant, deal)
    if deal.sold and pitcher is not None:
        tally.add(SALE, elder(variant, dealer), pitcher[1])

    if tally.winner is not None:
        if _has_play(deal):
            raise DealError("the game was won before play, so this deal has nothing more to score")
        return tally
    _check_play(variant, deal)
    for side, points in deal.captures:
        tally.add(CARD_POINTS, side, points)
    for event, side, points in _end_points(variant, deal, pitcher):
        tally.add(event, side, points)
    if not tally.count_out:
        tally.pub_count_end(state.extra_deals)
    return tally


# --- the game -----------------------------------------------------------------------


def new_game(variant: Variant, scores: Sequence[int] | None = None) -> GameState:
    """The state before the first deal: 0 each, or scores carried over.

    >>> new_game(make_variant("seven_up")).scores
    (0, 0)
    """
    scores = tuple(scores) if scores is not None else (0,) * variant.n_sides
    if len(scores) != variant.n_sides:
        raise SetupError(f"enter the score of each of the {variant.n_sides} sides")
    if any(not _is_int(s) for s in scores):
        raise SetupError("scores must be whole numbers")
    if any(s >= variant.target for s in scores):
        raise SetupError(f"a game cannot start with a side already on {variant.target} or more")
    return GameState(scores)


def score_deal(variant: Variant, state: GameState, deal: Deal) -> tuple[Entry, ...]:
    """Check a deal and list the scores it makes, in order; the state is not changed.

    >>> v = make_variant("pitch", target=7)
    >>> tied = Deal(0, high=1, low=1, counts=(9, 9))
    >>> [(e.event, e.side) for e in score_deal(v, new_game(v), tied)]
    [('high', 1), ('low', 1)]
    """
    return tuple(_tally(variant, state, deal).entries)


def apply_deal(variant: Variant, state: GameState, deal: Deal) -> GameState:
    """The state after one more deal; raises DealError with the reason when it cannot be.

    >>> v = make_variant("seven_up", alone("Ann", "Bob"))
    >>> apply_deal(v, new_game(v), Deal(0, ("9S",), beg=GIFT, high=0, low=0, game=0)).scores
    (3, 1)
    >>> apply_deal(v, new_game(v), Deal(0, ("JS",), high=0, low=1, jack=1, game=0))
    Traceback (most recent call last):
    ...
    scoring.games.all_fours.DealError: the Jack was turned up, so nobody can win it this deal
    """
    tally = _tally(variant, state, deal)
    return GameState(
        scores=tuple(tally.scores),
        deals_played=state.deals_played + 1,
        winner=tally.winner,
        log=state.log + tuple(tally.entries),
        extra_deals=tally.extra_deals,
    )


def play(variant: Variant, deals: Iterable[Deal], start: GameState | None = None) -> GameState:
    """Replay a game from its deals; a DealError carries the number of the deal that failed.

    >>> v = make_variant("pitch")
    >>> deals = [Deal(0, high=0, low=0, jack=0, game=0), Deal(1, high=1, low=0, game=1)]
    >>> play(v, deals).scores, play(v, deals[:-1]).scores
    ((5, 2), (4, 0))
    """
    state = start if start is not None else new_game(variant)
    for number, deal in enumerate(deals, start=1):
        try:
            state = apply_deal(variant, state, deal)
        except DealError as error:
            raise DealError(error.reason, deal=number) from error
    return state
