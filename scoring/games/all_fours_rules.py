"""The All Fours family's rules table: constants and one row per variant (pure, no Django).

game-scoring.md's table as data; scoring.games.all_fours scores deals by it and
re-exports every name here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from scoring.words import gettext_noop

_ = gettext_noop

MAX_SIDES: Final = 6
MAX_PLAYERS: Final = 6
PACK: Final = 52
HAND: Final = 6  # cards dealt to each player
RUN_CARDS: Final = 3  # more cards to each player when the cards are run

# Card points for Game, and in the pack as a whole (4 suits of A K Q J 10).
CARD_VALUES: Final = {"A": 4, "K": 3, "Q": 2, "J": 1, "10": 10}
PACK_POINTS: Final = 80
# All Fives: the counting cards of every suit score as soon as they are taken
# (80 in all), and the five of trumps 5 more; with the option *trumps only*,
# only these trumps do (25 in all). The five of trumps also counts 5 toward Game.
ALL_FIVES_TRUMPS: Final = {"A": 4, "K": 3, "Q": 2, "J": 1, "10": 10, "5": 5}
FIVE_OF_TRUMPS: Final = 5
# Caribbean kicks: the dealer's side scores the card turned up.
TRINIDAD_KICKS: Final = {"A": 1, "6": 2, "J": 3}
TOBAGO_KICKS: Final = {"A": 1, "2": 2, "J": 3}
HANG_JACK_POINTS: Final = 3
MAX_BID: Final = 4

RANKS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS: Final = ("C", "D", "H", "S")
SUIT_LETTERS: Final = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}

# The elder's answer to the dealer's turn-up, when it begs (None: it stands).
GIFT: Final = "gift"
RUN: Final = "run"

# How the trump suit is made.
TURNED: Final = "turned"  # the dealer turns up a card
LED: Final = "led"  # the first card led (pitched)
CUT: Final = "cut"  # a card cut from the pack, scoring nothing (California Jack)

# Who takes a tied Game.
ELDER: Final = "elder"  # the elder of the tied sides
NOBODY: Final = "nobody"

# Bidding.
AUCTION: Final = "auction"
COMMERCIAL: Final = "commercial"

# Options (per-drive settings).
TOBAGO: Final = "tobago"  # Caribbean: a two kicks 2 instead of a six
GAME_WORTH_2: Final = "game_worth_2"  # Caribbean (published): Game scores 2
NO_GIFT_TO_GO_OUT: Final = "no_gift_to_go_out"  # (choice) a gift may not put the elder out
LOW_TO_WINNER: Final = "low_to_winner"  # Low to the side that won it, not the one dealt it
PUB_COUNT: Final = "pub_count"  # Yorkshire: a deal's points all count at its end
TRUMPS_ONLY: Final = "trumps_only"  # All Fives (published): only trumps score at once

# Low goes to the side that held (was dealt) the lowest trump, or that won it in a trick.
HOLDER: Final = "holder"
WINNER: Final = "winner"
# Deal and play go round to the left (clockwise) or to the right (Caribbean).
LEFT: Final = "left"
RIGHT: Final = "right"
# An equal score at the target with the pub count: this many more deals are played.
PUB_EXTRA_DEALS: Final = 2

# Events in the log, in the order they can happen in a deal.
TURNED_JACK: Final = "turned_jack"  # 1 to the dealer for turning up the jack that makes trumps
TURNED_CARD: Final = "turned_card"  # Running: the card-point value of that card
KICK: Final = "kick"  # Caribbean: a scoring card turned up
GIFT_POINT: Final = GIFT  # the dealer gave a point instead of running the cards
SALE: Final = "sale"  # Commercial Pitch: the elder sold the pitch
CARD_POINTS: Final = "card_points"  # All Fives: trumps taken in a trick
HIGH: Final = "high"
LOW: Final = "low"
JACK: Final = "jack"
HANG_JACK: Final = "hang_jack"  # Caribbean: the Jack won from the side that held it
GAME: Final = "game"
SET: Final = "set"  # the pitcher's side made less than its bid


@dataclass(frozen=True)
class Rules:
    """What sets one variant apart: the spec's table, one row each (see RULES)."""

    name: str
    target: int  # the usual target
    targets: tuple[int, int]  # the targets a drive may agree, inclusive
    presets: tuple[int, ...] = ()
    pairs_only: bool = False  # 4 players in 2 pairs
    trump: str = TURNED  # TURNED, LED or CUT
    turned_jack: bool = False  # 1 to the dealer for turning up the jack of trumps
    turned_value: bool = False  # the turned-up trump's card points to the dealer
    kicks: bool = False  # Caribbean kicks, on every card turned
    beg: bool = False
    low_to: str = HOLDER  # Low to the side that held it, or the WINNER of the trick
    seating: str = LEFT  # deal and play go to the LEFT (the elder on the dealer's left) or RIGHT
    tie: str = NOBODY  # a tied Game: ELDER or NOBODY
    hang_jack: bool = False
    card_points: bool = False  # All Fives: trumps taken score at once
    bidding: str | None = None  # AUCTION or COMMERCIAL
    every_card_played: bool = False  # California Jack: High, Low and Jack always score
    options: frozenset[str] = frozenset()


_AGREED: Final = (5, 99)

# Options every variant with a beg has, and those where Low goes to its holder.
_BEGGING: Final = frozenset({NO_GIFT_TO_GO_OUT, LOW_TO_WINNER})
_LOW_TO_HOLDER: Final = frozenset({LOW_TO_WINNER})

RULES: Final[dict[str, Rules]] = {
    "seven_up": Rules(
        _("Seven Up"),
        7,
        (7, 15),
        (7, 11),
        turned_jack=True,
        beg=True,
        tie=ELDER,
        options=_BEGGING,
    ),
    "running_all_fours": Rules(
        _("Running All Fours"),
        31,
        (31, 31),
        turned_jack=True,
        turned_value=True,
        beg=True,
        tie=ELDER,
        options=_BEGGING,
    ),
    "caribbean": Rules(
        _("Caribbean All Fours"),
        14,
        (14, 14),
        pairs_only=True,
        kicks=True,
        beg=True,
        hang_jack=True,
        seating=RIGHT,
        options=_BEGGING | {TOBAGO, GAME_WORTH_2},
    ),
    # Yorkshire's row fixes Low to the side dealt it: Lancashire is the game with it won.
    "yorkshire": Rules(
        _("Yorkshire All Fours"),
        11,
        (11, 11),
        pairs_only=True,
        trump=LED,
        options=frozenset({PUB_COUNT}),
    ),
    "lancashire": Rules(
        _("Lancashire All Fours"), 11, (11, 11), pairs_only=True, trump=LED, low_to=WINNER
    ),
    "pitch": Rules(_("Pitch"), 7, _AGREED, (7, 11, 21), trump=LED, options=_LOW_TO_HOLDER),
    "auction_pitch": Rules(
        _("Auction Pitch"),
        7,
        _AGREED,
        (7, 11, 21),
        trump=LED,
        bidding=AUCTION,
        options=_LOW_TO_HOLDER,
    ),
    "commercial_pitch": Rules(
        _("Commercial Pitch"),
        7,
        _AGREED,
        (7, 11, 21),
        trump=LED,
        bidding=COMMERCIAL,
        options=_LOW_TO_HOLDER,
    ),
    "all_fives": Rules(
        _("All Fives"),
        61,
        (61, 61),
        turned_jack=True,
        beg=True,
        tie=ELDER,
        card_points=True,
        options=_BEGGING | {TRUMPS_ONLY},
    ),
    "california_jack": Rules(
        _("California Jack"),
        10,
        _AGREED,
        (7, 10, 11, 21),
        trump=CUT,
        low_to=WINNER,
        every_card_played=True,
    ),
}
