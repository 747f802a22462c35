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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scoring.words import gettext_noop

from .all_fours_deal import (  # noqa: F401  (re-exported for callers)
    RUN_UNTIL_NEW_SUIT,
    VARIANTS,
    Deal,
    DealError,
    RulesError,
    SetupError,
    Variant,
    card_that_made_trumps,
    check_deal,
    check_play,
    elder,
    game_winner,
    is_integer,
    make_variant,
    pitching_side,
    reached_play,
    sides_from_elder,
)
from .all_fours_rules import (  # noqa: F401  (re-exported for callers)
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

_ = gettext_noop


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
        raise DealError(
            _("the game is over: {side} won").format(side=variant.name_of(state.winner))
        )
    cards = check_deal(variant, deal)
    tally = _Tally(variant, state)
    dealer = deal.dealer

    if cards:
        for event, points in _turned_points(variant, cards[0], makes_trumps=True):
            tally.add(event, dealer, points)
        if tally.winner is not None and deal.beg is not None:
            raise DealError(_("the dealer went out on the card turned up, so there was no beg"))
    if deal.beg == GIFT:
        # A gift scores at once and may end the game (the source); the option
        # *no gift to go out* makes the dealer run the cards instead.
        takers = [s for s in sides_from_elder(variant, dealer) if s != dealer]
        if NO_GIFT_TO_GO_OUT in variant.options:
            for side in takers:
                if tally.scores[side] + 1 >= variant.target:
                    raise DealError(
                        _(
                            "the dealer cannot give a point that would put {side} "
                            "out: the cards must be run"
                        ).format(side=variant.name_of(side))
                    )
        for side in takers:
            tally.add(GIFT_POINT, side, 1)
    elif deal.beg == RUN:
        for i, card in enumerate(cards[1:], start=1):
            if tally.winner is not None:
                raise DealError(
                    _(
                        "the dealer went out on a card turned while running, "
                        "so no more cards were turned"
                    )
                )
            makes_trumps = i == len(cards) - 1 and card[1] != cards[0][1]
            for event, points in _turned_points(variant, card, makes_trumps):
                tally.add(event, dealer, points)
        if card_that_made_trumps(cards) is None and tally.winner is None:
            raise DealError(RUN_UNTIL_NEW_SUIT)

    pitcher = pitching_side(variant, deal)
    if deal.sold and pitcher is not None:
        tally.add(SALE, elder(variant, dealer), pitcher[1])

    if tally.winner is not None:
        if reached_play(deal):
            raise DealError(
                _("the game was won before play, so this deal has nothing more to score")
            )
        return tally
    check_play(variant, deal)
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
        raise SetupError(_("enter the score of each of the {n} sides").format(n=variant.n_sides))
    if any(not is_integer(s) for s in scores):
        raise SetupError(_("scores must be whole numbers"))
    if any(s >= variant.target for s in scores):
        raise SetupError(
            _("a game cannot start with a side already on {target} or more").format(
                target=variant.target
            )
        )
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
    scoring.games.all_fours_deal.DealError: the Jack was turned up, so nobody can win it this deal
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
