"""A drive's game and options, between the drive's records and the pure rules.

The options themselves (names, plain words, games) are the table in
scoring.games.options; this module maps a drive's game to its registry key,
builds the drive's Variant, and gathers what the rules page shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.games import options as game_rules
from scoring.games.cards import Card, Suit, off_suit_order, trump_order
from scoring.games.core import Side, Variant

from .models import Drive

# Drive.game -> scoring.games.VARIANTS key ("forty_fives" is traditional 45).
REGISTRY_KEYS: dict[str, str] = {
    Drive.Game.FORTY_FIVES: "forty_fives_45",
    Drive.Game.FORTY_FIVES_120: "forty_fives_120",
    Drive.Game.AUCTION_45: "auction_45",
    Drive.Game.ONE_TEN: "one_ten",
}

OPTION_NAMES = frozenset(o.name for o in game_rules.OPTIONS)

SUIT_NAMES = {
    Suit.DIAMONDS: _("Diamonds"),
    Suit.HEARTS: _("Hearts"),
    Suit.CLUBS: _("Clubs"),
    Suit.SPADES: _("Spades"),
}


def registry_key(game: str) -> str:
    """The scoring.games key of a drive's game; ValueError for a game we do not know."""
    try:
        return REGISTRY_KEYS[game]
    except KeyError:
        raise ValueError(f"unknown game: {game}") from None


def games_of(option: game_rules.Option) -> list[str]:
    """The Drive.game values an option applies to, in the choice list's order."""
    return [g for g in Drive.Game.values if option.applies_to(REGISTRY_KEYS[g])]


def applies_note(option: game_rules.Option) -> str:
    """'For every game.' or 'For Auction Forty-Fives (to 120).', shown under the option."""
    games = games_of(option)
    if len(games) == len(Drive.Game.values):
        return gettext("For every game.")
    names = ", ".join(str(Drive.Game(g).label) for g in games)
    return gettext("For %(games)s only.") % {"games": names}


def clean_options(game: str, values: Mapping[str, object]) -> dict:
    """The options to store for a drive playing ``game``: those of that game that are on.

    Options of another game are dropped. A combination the rules refuse
    raises SetupError (a ValueError) with the reason in plain words.
    """
    key = registry_key(game)
    options = game_rules.chosen(key, values)
    game_rules.variant_of(key, options)  # refuses options that do not go together
    return options


def variant_for(drive: Drive, sides: Sequence[Side] | None = None) -> Variant:
    """The scoring.games Variant of a drive's game and options; sides default to two pairs.

    Options stored for another game are ignored; a stored combination the
    rules refuse raises SetupError (drive settings never store one).
    """
    key = registry_key(drive.game)
    return game_rules.variant_of(key, drive.game_options or {}, sides)


def _cards(cards: Sequence[Card]) -> list[dict]:
    return [{"text": str(c), "red": bool(c.suit and c.suit.red)} for c in cards]


def rank_tables() -> dict[str, list[dict]]:
    """Each suit as trump and off-suit, highest first, as card-ranks.md prints them."""
    return {
        "trump_rows": [
            {
                "suit": s,
                "name": SUIT_NAMES[s],
                "symbol": s.symbol,
                "red": s.red,
                "cards": _cards(trump_order(s)),
            }
            for s in Suit
        ],
        "off_suit_rows": [
            {
                "suit": s,
                "name": SUIT_NAMES[s],
                "symbol": s.symbol,
                "red": s.red,
                "cards": _cards(off_suit_order(s)),
            }
            for s in Suit
        ],
    }


def rules_context(drive: Drive) -> dict:
    """What the rules page shows: the game, its options in sentences, the rank tables."""
    key = registry_key(drive.game)
    values = drive.game_options or {}
    return {
        "key": key,
        "variant": variant_for(drive),
        "stated": game_rules.stated(key, values, translate=gettext),
        **rank_tables(),
    }


def check_game_options(drive: Drive) -> None:
    """Before a drive's settings are saved: keep only the options of its game, and
    refuse (ValidationError on game_options) a combination the rules refuse."""
    if drive.game not in REGISTRY_KEYS:
        return  # full_clean says the game is not one of the choices
    try:
        drive.game_options = clean_options(drive.game, drive.game_options or {})
    except ValueError as e:
        raise ValidationError({"game_options": plain_refusal(e)}) from e


def plain_refusal(error: ValueError) -> str:
    """A refusal from the rules as a sentence for the organizer."""
    reason = str(error)
    return gettext("Check the options of the game: %(reason)s.") % {"reason": reason}
