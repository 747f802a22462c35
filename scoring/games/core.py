"""The Forty-Fives family's shared core: sides, variants, hands, game state.

Pure Python, no Django. Every game of the family (Forty-Fives to 45 or 120,
Auction Forty-Fives, 110) scores a hand the same way: 5 points a trick, and
the trick that held the best trump played is worth 10 instead, so a hand is
worth 30 in all, or 25 when no trump was played (see game-scoring.md).

Sides are numbered by their place in ``Variant.sides``; a hand is entered as
the tricks each side won and the side that won the best trump:

>>> v = Variant(Game.FORTY_FIVES, 45, two_pairs())
>>> hand_points(v, (4, 1), best=0)
(25, 5)
>>> hand_points(v, (3, 2), best=NO_TRUMP)
(15, 10)

The game modules (forty_fives, auction, one_ten) share one API:
``new_game``, ``score_hand``, ``apply_hand`` and ``play``. A game is the
variant plus its list of hands; the state is a pure function of them, so
undoing the last hand is ``play(variant, hands[:-1])``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from scoring.words import gettext_noop

_ = gettext_noop

TRICKS: Final = 5
POINTS_A_TRICK: Final = 5
BEST_TRUMP_BONUS: Final = 5
MAX_SIDES: Final = 6

# "no trump played" (or, with the five-only bonus, "the 5 of trumps not played")
NO_TRUMP: Final = None

# A bid to take every trick (Auction Forty-Fives, option *slam*).
SLAM: Final = 120
BIDS: Final = (15, 20, 25, 30)
BAGGED_BID: Final = 15
# Auction bids of the source's options, kept as codes (not amounts): the side
# must take all 30 points, or with the blind bid every trick.
OVERCALL_60: Final = 3060  # "30 for 60", overcalling a bid of 30 (option)
OVERCALL_120: Final = 60120  # "60 for 120", overcalling "30 for 60" (option)
BLIND_60: Final = 30060  # "blind 30 for 60", called before looking at the cards (option)
BID_NAMES: Final = {
    SLAM: _("a slam"),
    OVERCALL_60: _("30 for 60"),
    OVERCALL_120: _("60 for 120"),
    BLIND_60: _("blind 30 for 60"),
}


class RulesError(ValueError):
    """Something the rules refuse; the message is the reason, in plain words.

    The reason is a sentence marked for translation (``scoring.words``): a screen
    shows it with ``scoring.speak.say(error.args[0])``, or ``say(error.reason)``.
    """


class HandError(RulesError):
    """A hand that cannot have happened, or that the drive's rules forbid.

    ``str(error)`` is the reason to show the table, e.g.
    "tricks add up to 6, must be 5"; ``hand`` is the hand's number (from 1)
    when the error comes from replaying a list of hands.
    """

    def __init__(self, reason: str, hand: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.hand = hand


class SetupError(RulesError):
    """A variant or a starting score that the rules do not allow."""


class Game(StrEnum):
    FORTY_FIVES = "forty_fives"
    AUCTION = "auction"
    ONE_TEN = "one_ten"

    @property
    def label(self) -> str:
        return {
            "forty_fives": _("Forty-Fives"),
            "auction": _("Auction Forty-Fives"),
            "one_ten": _("110"),
        }[self.value]


class ThirtyForSixty(StrEnum):
    """Auction option *30 for 60*: a 30 bid made scores 60; failed it loses 30 or 60."""

    OFF = "off"
    LOSES_30 = "loses_30"
    LOSES_60 = "loses_60"


class Overcall(StrEnum):
    """Auction option *30 for 60 overcall*: off, or on with a made overcall scoring 60 or 30."""

    OFF = "off"
    SCORES_60 = "scores_60"
    SCORES_30 = "scores_30"


class BidderAdds(StrEnum):
    """110: what a bidder that made its bid adds (the source: the bid)."""

    BID = "bid"
    POINTS = "points"


@dataclass(frozen=True)
class Side:
    """One player alone, or a partnership of ``players`` players."""

    name: str
    players: int = 1


def alone(*names: str) -> tuple[Side, ...]:
    """Sides of one player each (heads-up, cut-throat).

    >>> alone("Ann", "Bob")
    (Side(name='Ann', players=1), Side(name='Bob', players=1))
    """
    return tuple(Side(n, 1) for n in names)


def partners(*names: str, size: int = 2) -> tuple[Side, ...]:
    """Partnerships of ``size`` players each.

    >>> partners("A", "B", "C")[2]
    Side(name='C', players=2)
    """
    return tuple(Side(n, size) for n in names)


def two_pairs(a: str = "A", b: str = "B") -> tuple[Side, Side]:
    """The line-up at a drive table: two pairs."""
    return (Side(a, 2), Side(b, 2))


# The options each game understands, with their "off" value; an option set on
# a game that does not have it is refused rather than silently ignored.
_OPTION_LABELS: Final = {
    "dealer_may_hold": _("dealer may hold"),
    "no_hold_under_20": _("no hold under 20"),
    "minimum_20_at_100": _("minimum 20 at 100"),
    "thirty_for_sixty": _("30 for 60"),
    "slam": _("slam"),
    "dreaded_45": _("dreaded 45"),
    "bidder_adds": _("bidder adds its points"),
    "bell": _("bell"),
    "elimination_floor": _("elimination"),
    "overcall": _("30 for 60 overcall"),
    "sixty_for_120": _("60 for 120"),
    "blind_thirty_for_sixty": _("blind 30 for 60"),
    "defenders_30": _("defenders' 30"),
    "call_partner": _("call your partner"),
}
_OPTION_GAMES: Final = {
    "overcall": {Game.AUCTION},
    "sixty_for_120": {Game.AUCTION},
    "blind_thirty_for_sixty": {Game.AUCTION},
    "defenders_30": {Game.AUCTION},
    "call_partner": {Game.AUCTION},
    "no_hold_under_20": {Game.AUCTION},
    "minimum_20_at_100": {Game.AUCTION},
    "thirty_for_sixty": {Game.AUCTION},
    "slam": {Game.AUCTION},
    "dreaded_45": {Game.AUCTION},
    "bidder_adds": {Game.ONE_TEN},
    "bell": {Game.ONE_TEN},
    "elimination_floor": {Game.ONE_TEN},
}
_FIXED_TARGETS: Final = {Game.AUCTION: 120, Game.ONE_TEN: 110}
_MAX_PLAYERS: Final = {Game.FORTY_FIVES: 10, Game.AUCTION: 6, Game.ONE_TEN: 6}


@dataclass(frozen=True)
class Variant:
    """A game's rules as data: the game, its target, the sides and the options.

    Options (all off by default; see game-scoring.md):
    five_only_bonus (every game): only the 5 of trumps earns the bonus.
    joker, off_suit_aces_high (every game): how the cards rank (card-ranks.md);
    the scores do not change, the rules page and card play follow them.
    Auction: dealer_may_hold, no_hold_under_20, minimum_20_at_100,
    thirty_for_sixty, slam, dreaded_45; from the source: overcall (bidding
    "30 for 60" over a 30), sixty_for_120, blind_thirty_for_sixty,
    defenders_30, call_partner (five players each alone).
    110: bidder_adds, bell, elimination_floor (e.g. -80); in 110 the dealer
    may always hold, so dealer_may_hold is True there.

    >>> Variant(Game.FORTY_FIVES, 45, two_pairs()).target
    45
    >>> Variant(Game.FORTY_FIVES, 45, two_pairs(), bell=True)
    Traceback (most recent call last):
    ...
    scoring.games.core.SetupError: bell is not an option of Forty-Fives
    """

    game: Game
    target: int
    sides: tuple[Side, ...]
    five_only_bonus: bool = False
    dealer_may_hold: bool = False
    no_hold_under_20: bool = False
    minimum_20_at_100: bool = False
    thirty_for_sixty: ThirtyForSixty = ThirtyForSixty.OFF
    slam: bool = False
    dreaded_45: bool = False
    bidder_adds: BidderAdds = BidderAdds.BID
    bell: bool = False
    elimination_floor: int | None = None
    joker: bool = False
    off_suit_aces_high: bool = False
    overcall: Overcall = Overcall.OFF
    sixty_for_120: bool = False
    blind_thirty_for_sixty: bool = False
    defenders_30: bool = False
    call_partner: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "game", Game(self.game))
        object.__setattr__(self, "sides", tuple(self.sides))
        object.__setattr__(self, "thirty_for_sixty", ThirtyForSixty(self.thirty_for_sixty))
        object.__setattr__(self, "overcall", Overcall(self.overcall))
        object.__setattr__(self, "bidder_adds", BidderAdds(self.bidder_adds))
        _check_variant(self)

    @property
    def n_sides(self) -> int:
        return len(self.sides)

    def name_of(self, side: int) -> str:
        return self.sides[side].name


def _check_variant(v: Variant) -> None:
    if isinstance(v.target, bool) or not isinstance(v.target, int):
        raise SetupError(_("the target must be a whole number"))
    fixed = _FIXED_TARGETS.get(v.game)
    if fixed is not None and v.target != fixed:
        raise SetupError(_("{game} is played to {target}").format(game=v.game.label, target=fixed))
    if v.target <= 0:
        raise SetupError(_("the target must be above zero"))
    if not 2 <= len(v.sides) <= MAX_SIDES:
        raise SetupError(_("a game needs 2 to {most} sides").format(most=MAX_SIDES))
    names = [s.name.strip() for s in v.sides]
    if any(not n for n in names) or len(set(names)) != len(names):
        raise SetupError(_("each side needs a name of its own"))
    sizes = {s.players for s in v.sides}
    if len(sizes) != 1 or not sizes <= {1, 2, 3}:
        raise SetupError(_("sides must all be the same: players alone, pairs or threes"))
    most = _MAX_PLAYERS[v.game]
    if sum(s.players for s in v.sides) > most:
        raise SetupError(
            _("{game} seats at most {most} players").format(game=v.game.label, most=most)
        )
    defaults = Variant.__dataclass_fields__
    for name, games in _OPTION_GAMES.items():
        if v.game not in games and getattr(v, name) != defaults[name].default:
            raise SetupError(
                _("{option} is not an option of {game}").format(
                    option=_OPTION_LABELS[name], game=v.game.label
                )
            )
    if v.game is Game.ONE_TEN and not v.dealer_may_hold:
        raise SetupError(_("in 110 the dealer may always hold"))
    if v.game is Game.FORTY_FIVES and v.dealer_may_hold:
        raise SetupError(_("dealer may hold is not an option of Forty-Fives"))
    if v.no_hold_under_20 and not v.dealer_may_hold:
        raise SetupError(_("no hold under 20 needs the option dealer may hold"))
    if v.elimination_floor is not None and v.elimination_floor >= 0:
        raise SetupError(_("the elimination floor must be below zero"))
    if v.sixty_for_120 and v.overcall is Overcall.OFF:
        raise SetupError(_("60 for 120 needs the option 30 for 60 overcall"))
    if v.call_partner and (v.n_sides, v.sides[0].players) != (5, 1):
        raise SetupError(_("call your partner is for 5 players, each alone"))
    if v.defenders_30 and v.n_sides != 2 and not v.call_partner:
        raise SetupError(_("defenders' 30 needs two sides, or five players calling partners"))


@dataclass(frozen=True)
class Call:
    """One call in the bidding: a bid, a pass (bid None), or the dealer's hold.

    A hold takes the bid at the current highest amount; leave ``bid`` empty.
    """

    side: int
    bid: int | None = None
    hold: bool = False


def hold(side: int) -> Call:
    """The dealer's side holds (takes the bid at the current highest amount)."""
    return Call(side, None, True)


@dataclass(frozen=True)
class HandRecord:
    """One hand as the table enters it.

    tricks: tricks won by each side, in side order (they add up to 5).
    best: the side that won the trick with the best trump, or NO_TRUMP.
    bidder, bid: who won the bidding and for how much (Auction, 110); or
    give ``calls``, the bidding in order, and they are worked out (and
    checked against bidder and bid when those are given too).
    dealer: the dealer's side; needed to check a hold or a bagged dealer.
    defenders_30: Auction option, ticked when the sides against the bidder set
    it with non-trump cards only.
    partner: Auction with five players calling partners, the bidder's partner
    for this hand; the bidder itself when it called nobody (4 against 1).

    >>> HandRecord((4, 1), best=0).tricks
    (4, 1)
    """

    tricks: tuple[int, ...]
    best: int | None
    bidder: int | None = None
    bid: int | None = None
    dealer: int | None = None
    calls: tuple[Call, ...] = ()
    defenders_30: bool = False
    partner: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "tricks", tuple(self.tricks))
        object.__setattr__(self, "calls", tuple(self.calls))


@dataclass(frozen=True)
class Contract:
    """The outcome of the bidding: who plays for how much."""

    bidder: int
    bid: int
    held: bool = False
    bagged: bool = False


@dataclass(frozen=True)
class HandOutcome:
    """What one hand does to the scores.

    points: points each side took in play (30 or 25 in all).
    changes: what each side's score moves by once the game's rules apply
    (bids made or set, locked sides, the 105 cap, the dreaded 45).
    """

    points: tuple[int, ...]
    changes: tuple[int, ...]
    contract: Contract | None = None
    made: bool | None = None


@dataclass(frozen=True)
class GameState:
    """The running score of a game.

    scores: per side, in side order. locked: sides on 100 or more that score
    only by winning the bid (Auction). green: sides on 90 or more (Auction,
    display only). eliminated: sides out of the game (110 option). winner:
    the side that won, or None while the game goes on.
    """

    scores: tuple[int, ...]
    hands_played: int = 0
    locked: tuple[int, ...] = ()
    green: tuple[int, ...] = ()
    eliminated: tuple[int, ...] = ()
    winner: int | None = None

    @property
    def over(self) -> bool:
        return self.winner is not None


# --- hand points ----------------------------------------------------------------


def check_side(variant: Variant, side: int | None, what: str) -> None:
    """Raise HandError unless ``side`` is one of the variant's sides.

    ``what`` names the side in the reason, marked for translation ("the dealer").
    """
    if side is None or isinstance(side, bool) or not 0 <= side < variant.n_sides:
        raise HandError(
            _("{what} must be one of the {n} sides").format(what=what, n=variant.n_sides)
        )


def hand_points(variant: Variant, tricks: Sequence[int], best: int | None) -> tuple[int, ...]:
    """Points each side took in a hand: 5 a trick, 5 more for the best trump.

    With the five-only bonus, ``best`` is the side that won the 5 of trumps.

    >>> v = Variant(Game.FORTY_FIVES, 45, two_pairs())
    >>> hand_points(v, (2, 3), best=1)
    (10, 20)
    >>> hand_points(v, (2, 4), best=1)
    Traceback (most recent call last):
    ...
    scoring.games.core.HandError: tricks add up to 6, must be 5
    """
    tricks = tuple(tricks)
    if len(tricks) != variant.n_sides:
        raise HandError(_("enter the tricks of each of the {n} sides").format(n=variant.n_sides))
    if any(isinstance(t, bool) or not isinstance(t, int) or t < 0 for t in tricks):
        raise HandError(_("a side's tricks must be a whole number, 0 or more"))
    if sum(tricks) != TRICKS:
        raise HandError(
            _("tricks add up to {total}, must be {n}").format(total=sum(tricks), n=TRICKS)
        )
    card = _("the 5 of trumps") if variant.five_only_bonus else _("the best trump")
    if best is not NO_TRUMP:
        check_side(variant, best, _("the side that won {card}").format(card=card))
        if tricks[best] == 0:
            raise HandError(_("{card} was won by a side with no trick").format(card=card))
    return tuple(
        POINTS_A_TRICK * t + (BEST_TRUMP_BONUS if i == best else 0) for i, t in enumerate(tricks)
    )


def hand_total(variant: Variant, best: int | None) -> int:
    """30 when the bonus card was played, else 25."""
    return TRICKS * POINTS_A_TRICK + (0 if best is NO_TRUMP else BEST_TRUMP_BONUS)


# --- bidding (Auction, 110) -------------------------------------------------------


def bid_amounts(variant: Variant) -> tuple[int, ...]:
    """The bids this variant allows, lowest first.

    >>> bid_amounts(Variant(Game.AUCTION, 120, two_pairs(), slam=True))
    (15, 20, 25, 30, 120)
    >>> [bid_name(b) for b in bid_amounts(Variant(Game.AUCTION, 120, two_pairs(),
    ...     overcall="scores_60", sixty_for_120=True))][3:]
    ['30', '30 for 60', '60 for 120']
    """
    extra = (
        (BLIND_60, variant.blind_thirty_for_sixty),
        (OVERCALL_60, variant.overcall is not Overcall.OFF),
        (OVERCALL_120, variant.sixty_for_120),
        (SLAM, variant.slam),
    )
    return BIDS + tuple(bid for bid, on in extra if on)


def bid_name(bid: int) -> str:
    """A bid as the table says it: "20", "30 for 60", "a slam"."""
    return BID_NAMES.get(bid, str(bid))


def _listed(words: Sequence[str]) -> str:
    """Words joined with commas, each kept a word to translate ("15, 20, a slam")."""
    if len(words) == 1:
        return words[0]
    return _("{first}, {then}").format(first=_listed(words[:-1]), then=words[-1])


def _bid_words(variant: Variant) -> str:
    words = [bid_name(b) for b in bid_amounts(variant)]
    return _("{bids} or {last}").format(bids=_listed(words[:-1]), last=words[-1])


def _check_not_out(variant: Variant, state: GameState, side: int, doing: str) -> None:
    if side in state.eliminated:
        raise HandError(
            _("{side} is out of the game and cannot {doing}").format(
                side=variant.name_of(side), doing=doing
            )
        )


def _check_minimum(variant: Variant, state: GameState, side: int, amount: int) -> None:
    if variant.minimum_20_at_100 and amount < 20 and state.scores[side] >= 100:
        raise HandError(
            _("a side on {score} may not bid {amount} under this drive's rules").format(
                score=state.scores[side], amount=amount
            )
        )


def contract(variant: Variant, state: GameState, hand: HandRecord) -> Contract:
    """Who won the bidding and for how much, checked against the rules.

    From ``calls`` when given (each bid at least 5 more than the highest,
    holds by the dealer only, everyone passing bags the dealer at 15), else
    from ``bidder`` and ``bid``.

    >>> v = Variant(Game.AUCTION, 120, two_pairs(), dealer_may_hold=True)
    >>> s = GameState((0, 0))
    >>> contract(v, s, HandRecord((3, 2), 0, calls=(Call(0, 20), hold(1)), dealer=1))
    Contract(bidder=1, bid=20, held=True, bagged=False)
    >>> contract(v, s, HandRecord((3, 2), 0, calls=(Call(0, 20), Call(1, 20))))
    Traceback (most recent call last):
    ...
    scoring.games.core.HandError: bids must rise by 5
    """
    if hand.dealer is not None:
        check_side(variant, hand.dealer, _("the dealer"))
        _check_not_out(variant, state, hand.dealer, _("deal"))
    if hand.calls:
        found = _contract_from_calls(variant, state, hand)
        if (hand.bidder is not None and hand.bidder != found.bidder) or (
            hand.bid is not None and hand.bid != found.bid
        ):
            entered_side = found.bidder if hand.bidder is None else hand.bidder
            entered_bid = found.bid if hand.bid is None else hand.bid
            check_side(variant, entered_side, _("the bidder"))
            raise HandError(
                _(
                    "the bidding gives the bid to {side} at {bid}, "
                    "not to {entered} at {entered_bid}"
                ).format(
                    side=variant.name_of(found.bidder),
                    bid=found.bid,
                    entered=variant.name_of(entered_side),
                    entered_bid=entered_bid,
                )
            )
        return found
    if hand.bidder is None or hand.bid is None:
        raise HandError(_("enter who won the bid and for how much"))
    check_side(variant, hand.bidder, _("the bidder"))
    _check_not_out(variant, state, hand.bidder, _("bid"))
    if hand.bid not in bid_amounts(variant):
        raise HandError(_("a bid must be {bids}").format(bids=_bid_words(variant)))
    # A dealer taking it at 15 may have been bagged, which is not a bid.
    if hand.bidder != hand.dealer:
        _check_minimum(variant, state, hand.bidder, hand.bid)
    return Contract(hand.bidder, hand.bid)


def _contract_from_calls(variant: Variant, state: GameState, hand: HandRecord) -> Contract:
    high: int | None = None
    high_side: int | None = None
    held = False
    for call in hand.calls:
        check_side(variant, call.side, _("each call"))
        _check_not_out(variant, state, call.side, _("bid"))
        if call.hold:
            if hand.dealer is None:
                raise HandError(_("enter which side dealt to record a hold"))
            if call.side != hand.dealer:
                raise HandError(_("only the dealer may hold"))
            if not variant.dealer_may_hold:
                raise HandError(_("the dealer may not hold under this drive's rules"))
            if high is None:
                raise HandError(_("there is no bid to hold"))
            if high_side == hand.dealer:
                raise HandError(_("the dealer's side already has the highest bid"))
            if variant.no_hold_under_20 and high < 20:
                raise HandError(
                    _("the dealer may not hold at {bid} under this drive's rules").format(bid=high)
                )
            _check_minimum(variant, state, call.side, high)
            high_side, held = call.side, True
        elif call.bid is not None:
            order = bid_amounts(variant)
            if call.bid not in order:
                raise HandError(_("a bid must be {bids}").format(bids=_bid_words(variant)))
            if call.bid == BLIND_60 and high is not None:
                raise HandError(_("blind 30 for 60 is called before any bid, unseen"))
            if call.bid == OVERCALL_60 and high != 30:
                raise HandError(_("30 for 60 is bid only over a bid of 30"))
            if call.bid == OVERCALL_120 and high != OVERCALL_60:
                raise HandError(_("60 for 120 is bid only over 30 for 60"))
            if high is not None and order.index(call.bid) <= order.index(high):
                if call.bid in (*BIDS, SLAM) and high in (*BIDS, SLAM):
                    raise HandError(_("bids must rise by 5"))
                raise HandError(_("a bid must be higher than {bid}").format(bid=bid_name(high)))
            _check_minimum(variant, state, call.side, call.bid)
            high, high_side, held = call.bid, call.side, False
    if high is None or high_side is None:
        if hand.dealer is None:
            raise HandError(_("every side passed: enter which side dealt, it is bagged at 15"))
        return Contract(hand.dealer, BAGGED_BID, bagged=True)
    return Contract(high_side, high, held=held)


def check_hand_options(variant: Variant, hand: HandRecord) -> None:
    """Refuse a defenders' 30 tick or a called partner where the game has no such rule."""
    if hand.defenders_30 and not variant.defenders_30:
        raise HandError(_("defenders' 30 is not one of this game's rules"))
    if hand.partner is not None and not variant.call_partner:
        raise HandError(_("a partner is called only by five players playing call your partner"))


# --- game flow ------------------------------------------------------------------


Status = Callable[[Variant, tuple[int, ...]], tuple[tuple[int, ...], ...]]


def _no_status(variant: Variant, scores: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return ((), (), ())


def sides_where(scores: Iterable[int], test: Callable[[int], bool]) -> tuple[int, ...]:
    """The sides whose score passes ``test``, in side order."""
    return tuple(i for i, s in enumerate(scores) if test(s))


def start_state(
    variant: Variant, scores: Sequence[int] | None = None, status: Status = _no_status
) -> GameState:
    """A game before its first hand, from 0 or from scores carried over."""
    scores = tuple(scores) if scores is not None else (0,) * variant.n_sides
    if len(scores) != variant.n_sides:
        raise SetupError(_("enter the score of each of the {n} sides").format(n=variant.n_sides))
    if any(isinstance(s, bool) or not isinstance(s, int) for s in scores):
        raise SetupError(_("scores must be whole numbers"))
    if any(s >= variant.target for s in scores):
        raise SetupError(
            _("a game cannot start with a side already on {target} or more").format(
                target=variant.target
            )
        )
    locked, green, eliminated = status(variant, scores)
    if variant.n_sides - len(eliminated) < 2:
        raise SetupError(_("a game needs at least two sides still playing"))
    return GameState(scores, 0, locked, green, eliminated, None)


def check_playable(variant: Variant, state: GameState, hand: HandRecord) -> None:
    """Refuse any hand once the game is over, and tricks won by a side that is out."""
    if len(state.scores) != variant.n_sides:
        raise ValueError("the state does not belong to this variant")
    if state.winner is not None:
        raise HandError(
            _("the game is over: {side} won").format(side=variant.name_of(state.winner))
        )
    for side in state.eliminated:
        if side < len(hand.tricks) and hand.tricks[side]:
            raise HandError(
                _("{side} is out of the game and cannot win a trick").format(
                    side=variant.name_of(side)
                )
            )


def leader(scores: Sequence[int], among: Iterable[int]) -> int | None:
    """The side with the most points among ``among``, or None when level or empty.

    >>> leader((50, 40, 50), [0, 2]) is None
    True
    >>> leader((50, 40, 55), [0, 2])
    2
    """
    among = list(among)
    if not among:
        return None
    top = max(scores[i] for i in among)
    at_top = [i for i in among if scores[i] == top]
    return at_top[0] if len(at_top) == 1 else None


def replay(
    apply: Callable[[Variant, GameState, HandRecord], GameState],
    variant: Variant,
    hands: Iterable[HandRecord],
    start: GameState,
) -> GameState:
    """Apply every hand in order; a HandError carries the number of the hand that failed."""
    state = start
    for number, hand in enumerate(hands, start=1):
        try:
            state = apply(variant, state, hand)
        except HandError as error:
            raise HandError(error.reason, hand=number) from error
    return state


def check_game(variant: Variant, game: Game) -> None:
    if variant.game is not game:
        raise ValueError(f"this is a {variant.game.label} variant, not {game.label}")
