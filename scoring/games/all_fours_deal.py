"""The All Fours family, part one: a game's variant and a deal as entered, with the
checks that refuse a deal that cannot have happened (pure, no Django).

``all_fours`` scores the deals; it re-exports every name here, so callers import
from ``scoring.games.all_fours`` only.

>>> v = make_variant("seven_up", alone("Dealer", "Elder"))
>>> check_deal(v, Deal(dealer=0, turned=("JH",), jack=1))
Traceback (most recent call last):
    ...
scoring.games.all_fours_deal.DealError: the Jack was turned up, so nobody can win it this deal
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Final

from scoring.words import gettext_noop, ngettext_noop

from .all_fours_rules import (
    ALL_FIVES_TRUMPS,
    AUCTION,
    COMMERCIAL,
    ELDER,
    FIVE_OF_TRUMPS,
    GIFT,
    HAND,
    LED,
    LOW_TO_WINNER,
    MAX_BID,
    MAX_PLAYERS,
    MAX_SIDES,
    PACK,
    PACK_POINTS,
    RANKS,
    RULES,
    RUN,
    RUN_CARDS,
    SUIT_LETTERS,
    SUITS,
    TRUMPS_ONLY,
    TURNED,
    WINNER,
    Rules,
)
from .core import Side, alone, two_pairs  # noqa: F401  (alone: the doctests use it)

_ = gettext_noop


class RulesError(ValueError):
    """Something the rules refuse; the message is the reason, in plain words.

    The reason is a sentence marked for translation (``scoring.words``): a screen
    shows it with ``scoring.speak.say(error.args[0])``, or ``say(error.reason)``.
    """


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
    scoring.games.all_fours_deal.SetupError: Yorkshire All Fours is for 4 players in 2 pairs
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
        raise SetupError(_("unknown game: {key}").format(key=v.key))
    rules = v.rules
    low, high = rules.targets
    if isinstance(v.target, bool) or not isinstance(v.target, int):
        raise SetupError(_("the target must be a whole number"))
    if low == high and v.target != low:
        raise SetupError(_("{game} is played to {target}").format(game=rules.name, target=low))
    if not low <= v.target <= high:
        raise SetupError(
            _("{game} is played to between {low} and {high}").format(
                game=rules.name, low=low, high=high
            )
        )
    if not 2 <= len(v.sides) <= MAX_SIDES:
        raise SetupError(_("a game needs 2 to {most} sides").format(most=MAX_SIDES))
    names = [s.name.strip() for s in v.sides]
    if any(not n for n in names) or len(set(names)) != len(names):
        raise SetupError(_("each side needs a name of its own"))
    sizes = {s.players for s in v.sides}
    if len(sizes) != 1 or not sizes <= {1, 2, 3}:
        raise SetupError(_("sides must all be the same: players alone, pairs or threes"))
    if v.players > MAX_PLAYERS:
        raise SetupError(
            _("{game} seats at most {most} players").format(game=rules.name, most=MAX_PLAYERS)
        )
    if rules.pairs_only and (len(v.sides), v.players) != (2, 4):
        raise SetupError(_("{game} is for 4 players in 2 pairs").format(game=rules.name))
    for option in sorted(v.options - rules.options):
        raise SetupError(_not_an_option(option, rules))


def _not_an_option(option: str, rules: Rules) -> str:
    return _("{option} is not an option of {game}").format(
        option=_OPTION_WORDS.get(option, option.replace("_", " ")), game=rules.name
    )


# The options' names as the refusals say them (the keys of Rules.options).
_OPTION_WORDS: Final = {
    "tobago": _("tobago"),
    "game_worth_2": _("game worth 2"),
    "no_gift_to_go_out": _("no gift to go out"),
    "low_to_winner": _("low to winner"),
    "pub_count": _("pub count"),
    "trumps_only": _("trumps only"),
}


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
        raise SetupError(_("unknown game: {key}").format(key=key))
    rules = RULES[key]
    for option in sorted(set(options) - rules.options):
        raise SetupError(_not_an_option(option, rules))
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


# --- helpers ----------------------------------------------------------------------


def elder(variant: Variant, dealer: int) -> int:
    """The side that plays first: the one after the dealer's.

    >>> elder(make_variant("seven_up", alone("A", "B", "C")), 2)
    0
    """
    return (dealer + 1) % variant.n_sides


def sides_from_elder(variant: Variant, dealer: int) -> list[int]:
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
        return next(s for s in sides_from_elder(variant, dealer) if s in tied)
    return None


def _card(text: object) -> tuple[str, str]:
    if isinstance(text, str):
        card = text.strip().upper()
        rank, suit = card[:-1], SUIT_LETTERS.get(card[-1:], card[-1:])
        rank = "10" if rank == "T" else rank
        if rank in RANKS and suit in SUITS:
            return rank, suit
    raise DealError(
        _("{card} is not a card: write it as a rank and a suit, like JH or 10S").format(
            card=repr(text)
        )
    )


def is_integer(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_side(variant: Variant, side: object, what: str) -> None:
    if not (isinstance(side, int) and not isinstance(side, bool) and 0 <= side < variant.n_sides):
        raise DealError(
            _("{what} must be one of the {n} sides").format(what=what, n=variant.n_sides)
        )


# --- checking a deal ----------------------------------------------------------------


RUN_UNTIL_NEW_SUIT: Final = _(
    "the cards are run until a card of a new suit is turned up, and no further"
)


def card_that_made_trumps(cards: Sequence[tuple[str, str]]) -> tuple[str, str] | None:
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
                    _("in {game} the first card led makes trumps, so no card is turned up").format(
                        game=rules.name
                    )
                )
            raise DealError(
                _("in {game} the card cut for trumps scores nothing: leave it out").format(
                    game=rules.name
                )
            )
        if deal.beg is not None:
            raise DealError(_("{game} has no begging").format(game=rules.name))
        return ()
    if not deal.turned:
        raise DealError(_("enter the card turned up for trumps"))
    cards = tuple(_card(c) for c in deal.turned)
    if len(set(cards)) != len(cards):
        raise DealError(_("the same card cannot be turned up twice"))
    if deal.beg not in (None, GIFT, RUN):
        raise DealError(_("a beg is answered by a gift or by running the cards"))
    if deal.beg != RUN:
        if len(cards) > 1:
            raise DealError(_("only one card is turned up unless the dealer runs the cards"))
        return cards
    if len(cards) < 2:
        raise DealError(_("running the cards turns up a new card for trumps: enter it"))
    # The last card may still be of the first suit only if the game ended on
    # it (a Caribbean kick); _tally checks that once the score is known.
    first_suit = cards[0][1]
    if any(suit != first_suit for _, suit in cards[1:-1]):
        raise DealError(RUN_UNTIL_NEW_SUIT)
    runs = len(cards) - 1
    needed = variant.players * HAND + 1 + runs * (variant.players * RUN_CARDS + 1)
    if needed > PACK:
        raise DealError(
            ngettext_noop(
                "running the cards {runs} time needs {needed} cards, more than the pack",
                "running the cards {runs} times needs {needed} cards, more than the pack",
                runs,
            ).format(runs=runs, needed=needed)
        )
    return cards


def _check_bids(variant: Variant, deal: Deal) -> None:
    rules = variant.rules
    if rules.bidding is None:
        if deal.bids or deal.sold:
            raise DealError(_("{game} has no bidding").format(game=rules.name))
        return
    first_seat = 0 if rules.bidding == AUCTION else 1
    bidders = variant.players - first_seat
    if len(deal.bids) != bidders:
        raise DealError(
            _("enter one bid for each player who bids, 0 for a pass: {n} in all").format(n=bidders)
        )
    the_elder = elder(variant, deal.dealer)
    high = 0
    for seat, bid in enumerate(deal.bids, start=first_seat):
        if not is_integer(bid) or not 0 <= bid <= MAX_BID:
            raise DealError(_("a bid is 1 to {most} points, or 0 for a pass").format(most=MAX_BID))
        if bid == 0:
            continue
        if bid <= high:
            raise DealError(_("a bid must be higher than {bid}").format(bid=high))
        if rules.bidding == COMMERCIAL and _seat_side(variant, deal.dealer, seat) == the_elder:
            raise DealError(_("the elder's partner cannot bid: the elder sells to the other sides"))
        high = bid
    if rules.bidding == AUCTION:
        if deal.sold:
            raise DealError(_("only Commercial Pitch has a sale"))
        if high == 0:
            raise DealError(_("everyone passed, so the cards are thrown in and dealt again"))
    elif deal.sold and high == 0:
        raise DealError(_("nobody bid, so the elder has nothing to sell"))


def pitching_side(variant: Variant, deal: Deal) -> tuple[int, int] | None:
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
            raise DealError(_("{game} scores no card points during play").format(game=rules.name))
        return
    total = 0
    for capture in deal.captures:
        if len(capture) != 2:
            raise DealError(_("enter card points as a side and its points"))
        side, points = capture
        _check_side(variant, side, _("card points"))
        if not is_integer(points) or points < 1:
            raise DealError(_("card points taken in a trick are a whole number above zero"))
        total += points
    # The card turned up for trumps is out of play.
    trump_card = card_that_made_trumps(cards)
    out = ALL_FIVES_TRUMPS.get(trump_card[0], 0) if trump_card else 0
    if TRUMPS_ONLY in variant.options:
        in_play = sum(ALL_FIVES_TRUMPS.values()) - out
        if total > in_play:
            raise DealError(
                _("only {in_play} points of trumps were in play, not {total}").format(
                    in_play=in_play, total=total
                )
            )
    else:
        in_play = PACK_POINTS + FIVE_OF_TRUMPS - out
        if total > in_play:
            raise DealError(
                _("only {in_play} card points were in play, not {total}").format(
                    in_play=in_play, total=total
                )
            )


def _check_counts(variant: Variant, deal: Deal) -> None:
    if not deal.counts:
        return
    n = variant.n_sides
    if len(deal.counts) != n:
        raise DealError(_("enter the card points of each of the {n} sides").format(n=n))
    if any(not is_integer(c) or c < 0 for c in deal.counts):
        raise DealError(_("card points for Game are whole numbers, 0 or more"))
    most = PACK_POINTS + (FIVE_OF_TRUMPS if variant.rules.card_points else 0)
    if variant.rules.every_card_played and sum(deal.counts) != PACK_POINTS:
        raise DealError(
            _(
                "every card is played in {game}, so the card points for Game "
                "add up to {pack}, not {total}"
            ).format(game=variant.name, pack=PACK_POINTS, total=sum(deal.counts))
        )
    if sum(deal.counts) > most:
        raise DealError(
            _("card points for Game add up to {total}, more than the {most} in the pack").format(
                total=sum(deal.counts), most=most
            )
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
                    _(
                        "{side} scored {taken} card points in its tricks, "
                        "so its card points for Game are {taken}"
                    ).format(side=variant.name_of(side), taken=taken)
                )
            if count < taken:
                raise DealError(
                    _(
                        "{side} took {taken} points of trumps, "
                        "so its card points for Game are at least {taken}"
                    ).format(side=variant.name_of(side), taken=taken)
                )
    winner = game_winner(variant, deal.dealer, deal.counts)
    if deal.game is not None and deal.game != winner:
        if winner is None:
            raise DealError(_("the card points are level, so nobody takes Game"))
        raise DealError(
            _("the card points give Game to {side}").format(side=variant.name_of(winner))
        )


def check_deal(variant: Variant, deal: Deal) -> tuple[tuple[str, str], ...]:
    """Everything about a deal that does not depend on the score."""
    _check_side(variant, deal.dealer, _("the dealer"))
    cards = _check_turned(variant, deal)
    _check_bids(variant, deal)
    _check_captures(variant, deal, cards)
    for what, side in ((_("High"), deal.high), (_("Low"), deal.low), (_("the Jack"), deal.jack)):
        if side is not None:
            _check_side(variant, side, what)
    if deal.game is not None:
        _check_side(variant, deal.game, _("Game"))
    if (deal.high is None) != (deal.low is None):
        raise DealError(_("High and Low go together: a single trump in play is both"))
    if deal.hanged:
        if not variant.rules.hang_jack:
            raise DealError(_("hang jack does not score in {game}").format(game=variant.name))
        if deal.jack is None:
            raise DealError(_("enter the side that hanged the Jack"))
    trump_card = card_that_made_trumps(cards)
    if deal.jack is not None and trump_card and trump_card[0] == "J":
        raise DealError(_("the Jack was turned up, so nobody can win it this deal"))
    _check_counts(variant, deal)
    return cards


def check_play(variant: Variant, deal: Deal) -> None:
    """What a deal that reached play must say."""
    rules = variant.rules
    # Where trumps are led or cut every deal has trumps in play; where they
    # are turned up, a trump taken (the Jack, All Fives card points) shows it.
    trump_played = rules.trump != TURNED or deal.jack is not None or bool(deal.captures)
    if deal.high is None and trump_played:
        raise DealError(_("High and Low cannot both be absent when a trump was played"))
    if rules.every_card_played and deal.jack is None:
        raise DealError(
            _("every card is played in {game}, so the Jack goes to a side").format(game=rules.name)
        )
    if rules.tie == ELDER and deal.game is None and not deal.counts:
        raise DealError(
            _("enter who took Game: in {game} a tie goes to the elder").format(game=rules.name)
        )


def reached_play(deal: Deal) -> bool:
    return (
        any(side is not None for side in (deal.high, deal.low, deal.jack, deal.game))
        or deal.hanged
        or bool(deal.counts)
        or bool(deal.captures)
    )


# --- scoring a deal -----------------------------------------------------------------
