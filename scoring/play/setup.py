"""What game is played (Setup) and the moves a player makes in it (no Django).

A Setup names the game (traditional Forty-Fives or Auction Forty-Fives), the
number of players, the partnerships, the rules of play (PlayOptions) and the
scoring variant from ``scoring.games``. Seats are numbered 0, 1, ...
clockwise; a seat's side is ``seat % sides`` (partners sit opposite).

>>> s = forty_fives()
>>> s.players, s.variant.target, [s.side_of(seat) for seat in range(3)]
(3, 45, [0, 1, 2])
>>> a = auction(dealer_may_hold=True)
>>> a.players, a.variant.target, [a.side_of(seat) for seat in range(4)]
(4, 120, [0, 1, 0, 1])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from scoring.games import auction as auction_rules
from scoring.games import forty_fives as forty_fives_rules
from scoring.games.cards import Card, Suit
from scoring.games.core import Game, Side, Variant, alone, partners
from scoring.play.rules import PlayOptions


class Style(StrEnum):
    FORTY_FIVES = "forty_fives"  # the traditional game: a card turned up for trump
    AUCTION = "auction"  # Auction Forty-Fives: bid, name trump, discard and draw


@dataclass(frozen=True)
class Setup:
    """A game's line-up and rules. Build it with ``forty_fives()`` or ``auction()``."""

    style: Style
    players: int
    partnerships: bool
    variant: Variant
    options: PlayOptions = field(default_factory=PlayOptions)
    first_dealer: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "style", Style(self.style))
        game = Game.AUCTION if self.style is Style.AUCTION else Game.FORTY_FIVES
        if self.variant.game is not game:
            raise ValueError(f"{self.style} is scored as {game.label}")
        if self.style is Style.AUCTION and (self.players != 4 or not self.partnerships):
            raise ValueError("Auction Forty-Fives is played by 4 players in 2 partnerships")
        if self.partnerships and self.players not in (4, 6):
            raise ValueError("partnerships need 4 or 6 players")
        if not 2 <= self.players <= 6:
            raise ValueError("Forty-Fives is played by 2 to 6 players")
        if self.variant.n_sides != self.sides:
            raise ValueError(f"the variant needs {self.sides} sides")
        if not 0 <= self.first_dealer < self.players:
            raise ValueError("the first dealer must be one of the seats")

    @property
    def sides(self) -> int:
        return self.players // 2 if self.partnerships else self.players

    def side_of(self, seat: int) -> int:
        """The side a seat plays for (partners sit opposite: seats 0 and 2 with 4 players)."""
        return seat % self.sides

    def seats_of(self, side: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if self.side_of(s) == side)

    def deck_size(self) -> int:
        return 53 if self.options.joker else 52


def _sides(players: int, partnerships: bool) -> tuple[Side, ...]:
    if not partnerships:
        return alone(*(f"Seat {n + 1}" for n in range(players)))
    count = players // 2
    return partners(
        *(
            " and ".join(f"{s + 1}" for s in range(side, players, count)).join(("Seats ", ""))
            for side in range(count)
        )
    )


def forty_fives(
    players: int = 3,
    *,
    partnerships: bool = False,
    options: PlayOptions | None = None,
    target: int = 45,
    five_only_bonus: bool = False,
    first_dealer: int = 0,
) -> Setup:
    """Traditional Forty-Fives: 3 players alone by default, 2 alone, or 4 in partnerships.

    Game to 45 (or 120): 5 a trick, 10 for the trick with the best trump.

    >>> forty_fives(4, partnerships=True).variant.sides[0].name
    'Seats 1 and 3'
    """
    sides = _sides(players, partnerships)
    variant = forty_fives_rules.make_variant(sides, target=target, five_only_bonus=five_only_bonus)
    return Setup(
        Style.FORTY_FIVES, players, partnerships, variant, options or PlayOptions(), first_dealer
    )


def auction(
    *, options: PlayOptions | None = None, first_dealer: int = 0, **variant_options: Any
) -> Setup:
    """Auction Forty-Fives for 4 players in 2 partnerships, to 120.

    ``variant_options`` are those of ``scoring.games.auction.make_variant``
    (dealer_may_hold, no_hold_under_20, minimum_20_at_100, thirty_for_sixty,
    slam, dreaded_45, five_only_bonus).
    """
    variant = auction_rules.make_variant(_sides(4, True), **variant_options)
    return Setup(Style.AUCTION, 4, True, variant, options or PlayOptions(), first_dealer)


# ---- moves ------------------------------------------------------------------------
# A move is made by the seat to act (State.to_act); it does not name the seat.


@dataclass(frozen=True)
class Play:
    """Play a card to the trick. ``call``: the leader of the A♥ calls "hearts on hearts"."""

    card: Card
    call: bool = False

    def __str__(self) -> str:
        return f"play {self.card}" + (" (called)" if self.call else "")


@dataclass(frozen=True)
class Rob:
    """Take the turned-up card, discarding ``discard`` face down."""

    discard: Card

    def __str__(self) -> str:
        return f"rob, discarding {self.discard}"


@dataclass(frozen=True)
class NoRob:
    """The holder of the ace of trumps leaves the turned-up card."""

    def __str__(self) -> str:
        return "no rob"


@dataclass(frozen=True)
class Bid:
    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Hold:
    """The dealer takes the bid at the highest amount bid so far (option *dealer may hold*)."""

    def __str__(self) -> str:
        return "hold"


@dataclass(frozen=True)
class NameTrump:
    suit: Suit

    def __str__(self) -> str:
        return f"trump {self.suit.value}"


@dataclass(frozen=True)
class Discard:
    """Discard ``cards`` face down and draw as many from the stock.

    ``take``: the dealer, last to draw, may rob the pack: take these cards from
    the remaining stock (as many as discarded) instead of drawing blind.
    """

    cards: tuple[Card, ...] = ()
    take: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))
        object.__setattr__(self, "take", tuple(self.take))

    def __str__(self) -> str:
        out = "discard " + (" ".join(map(str, self.cards)) or "nothing")
        return out + (f", rob {' '.join(map(str, self.take))}" if self.take else "")


Move = Play | Rob | NoRob | Bid | Pass | Hold | NameTrump | Discard
