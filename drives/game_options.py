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

from scoring import keeping
from scoring.games import all_fours
from scoring.games import options as game_rules
from scoring.games.cards import Card, Suit, off_suit_order, trump_order
from scoring.games.core import Side, Variant
from scoring.speak import say

from .models import Drive


def _two_pairs_play(key: str) -> bool:
    try:
        all_fours.make_variant(key)  # sides default to two pairs
    except all_fours.SetupError:
        return False
    return True


# Drive.game -> scoring.games.VARIANTS key ("forty_fives" is traditional 45).
REGISTRY_KEYS: dict[str, str] = {
    Drive.Game.FORTY_FIVES: "forty_fives_45",
    Drive.Game.FORTY_FIVES_120: "forty_fives_120",
    Drive.Game.AUCTION_45: "auction_45",
    Drive.Game.ONE_TEN: "one_ten",
    # The All Fours variants keep their all_fours.RULES keys; the drive's two pairs are
    # the sides, so only variants that seat two pairs are offered.
    **{g: g for g in Drive.Game.values if g in all_fours.RULES and _two_pairs_play(g)},
}

# The options a drive's settings offer: those a table of two pairs can play.
DRIVE_OPTIONS = tuple(o for o in game_rules.OPTIONS if o.drive)
OPTION_NAMES = frozenset(o.name for o in DRIVE_OPTIONS)

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


def is_all_fours(game: str) -> bool:
    """The drive's game is a variant of the All Fours family (kept deal by deal)."""
    return registry_key(game) in all_fours.RULES


FORTY_FIVES_GAMES = frozenset(g for g in REGISTRY_KEYS if REGISTRY_KEYS[g] not in all_fours.RULES)


def games_of(option: game_rules.Option) -> list[str]:
    """The Drive.game values an option applies to, in the choice list's order."""
    return [g for g in Drive.Game.values if option.applies_to(REGISTRY_KEYS[g])]


def applies_note(option: game_rules.Option) -> str:
    """'For every game.' or 'For Auction Forty-Fives (to 120).', shown under the option."""
    games = games_of(option)
    if len(games) == len(Drive.Game.values):
        return gettext("For every game.")
    if set(games) == FORTY_FIVES_GAMES:
        return gettext("For every Forty-Fives game.")
    names = ", ".join(str(Drive.Game(g).label) for g in games)
    return gettext("For %(games)s only.") % {"games": names}


def clean_options(game: str, values: Mapping[str, object]) -> dict:
    """The options to store for a drive playing ``game``: those of that game that are on.

    Options of another game are dropped. A combination the rules refuse
    raises SetupError (a ValueError) with the reason in plain words.
    """
    key = registry_key(game)
    options = keeping.clean_options(key, values, offered=OPTION_NAMES)
    game_rules.variant_of(key, options)  # refuses options that do not go together
    return options


def variant_for(drive: Drive, sides: Sequence[Side] | None = None) -> Variant | all_fours.Variant:
    """The scoring.games Variant of a drive's game and options; sides default to two pairs.

    For an All Fours game it is an all_fours.Variant (its target an option).

    Options stored for another game are ignored; a stored combination the
    rules refuse raises SetupError (drive settings never store one).
    """
    key = registry_key(drive.game)
    return game_rules.variant_of(key, drive.game_options or {}, sides)


def _cards(cards: Sequence[Card]) -> list[dict]:
    return [{"text": str(c), "red": bool(c.suit and c.suit.red)} for c in cards]


def rank_tables(*, joker: bool = False, aces_high: bool = False) -> dict[str, list[dict]]:
    """Each suit as trump and off-suit, highest first, as card-ranks.md prints them,
    with the Joker and off-suit aces high where the drive plays them."""
    return {
        "trump_rows": [
            {
                "suit": s,
                "name": SUIT_NAMES[s],
                "symbol": s.symbol,
                "red": s.red,
                "cards": _cards(trump_order(s, joker=joker)),
            }
            for s in Suit
        ],
        "off_suit_rows": [
            {
                "suit": s,
                "name": SUIT_NAMES[s],
                "symbol": s.symbol,
                "red": s.red,
                "cards": _cards(off_suit_order(s, aces_high=aces_high)),
            }
            for s in Suit
        ],
    }


def rules_context(drive: Drive) -> dict:
    """What the rules page shows: the game, its options in sentences, the rank tables."""
    key = registry_key(drive.game)
    values = drive.game_options or {}
    variant = variant_for(drive)
    ctx = {
        "key": key,
        "variant": variant,
        "stated": game_rules.stated(key, values, translate=gettext),
    }
    if isinstance(variant, all_fours.Variant):
        return {**ctx, "all_fours": all_fours_rules(variant)}
    tables = rank_tables(joker=variant.joker, aces_high=variant.off_suit_aces_high)
    return {**ctx, **tables}


def all_fours_rules(variant: all_fours.Variant) -> dict[str, list[str]]:
    """The rules page's sentences for an All Fours variant: the game, and how a deal scores."""
    rules, t = variant.rules, variant.target
    game: list[str] = [
        gettext(
            "Two pairs play at each table, partners sitting opposite. Each player is dealt 6 cards."
        ),
        gettext("Cards rank A high: A K Q J 10 9 8 7 6 5 4 3 2."),
        {
            all_fours.TURNED: gettext("The dealer turns up the next card: its suit is trumps."),
            all_fours.LED: gettext(
                "No card is turned up: the suit of the first card led (pitched) is trumps."
            ),
            all_fours.CUT: gettext("A card cut from the pack makes trumps; it scores nothing."),
        }[rules.trump],
        (
            gettext(
                "The first pair to reach %(target)d points wins. Nobody counts out: all the points "
                "of a deal are counted at its end (the pub count, below)."
            )
            if all_fours.PUB_COUNT in variant.options
            else gettext(
                "The first pair to reach %(target)d points wins. Points made during the deal score "
                "at once; at the end of the deal they count in the order High, Low, Jack, Game, "
                "and the first pair to reach %(target)d wins there and then (“counting out”)."
            )
        )
        % {"target": t},
        gettext(
            "Deal and play go to the right (anticlockwise): the elder, who plays first, sits on "
            "the dealer's right."
        )
        if rules.seating == all_fours.RIGHT
        else gettext(
            "Deal and play go to the left (clockwise): the elder, who plays first, sits on the "
            "dealer's left."
        ),
    ]
    if rules.beg:
        game.append(
            (
                gettext(
                    "The elder (the player on the dealer's right) stands or begs. To a beg the "
                    "dealer gives the elder's pair 1 point (a gift), or runs the cards: 3 more "
                    "cards to each player and a new card turned up, until it is of a new suit."
                )
                if rules.seating == all_fours.RIGHT
                else gettext(
                    "The elder (the player on the dealer's left) stands or begs. To a beg the "
                    "dealer gives the elder's pair 1 point (a gift), or runs the cards: 3 more "
                    "cards to each player and a new card turned up, until it is of a new suit."
                )
            )
            + " "
            + (
                gettext(
                    "The dealer may not give the point that would put the elder's pair out: the "
                    "cards must be run instead."
                )
                if all_fours.NO_GIFT_TO_GO_OUT in variant.options
                else gettext(
                    "A gift scores at once: a gift that takes the elder's pair to %(target)d "
                    "wins the game there and then."
                )
                % {"target": t}
            )
        )
    if rules.bidding == all_fours.AUCTION:
        game.append(
            gettext(
                "Each player bids once, 1 to 4 or passes, for the right to pitch. If the "
                "pitcher's pair makes fewer points than its bid it scores nothing and loses the "
                "bid; the other pair scores what it made. If everyone passes, the cards are "
                "thrown in and the next dealer deals."
            )
        )
    elif rules.bidding == all_fours.COMMERCIAL:
        game.append(
            gettext(
                "The players after the elder bid 1 to 4 in turn, each higher; the elder's partner "
                "does not bid. The elder may sell: it scores the bid at once and the highest "
                "bidder pitches, and a buyer that makes fewer points than its bid scores nothing "
                "and goes back by the bid. Or the elder refuses and pitches itself: it must make "
                "that many points or go back by them."
            )
        )
    deal: list[str] = []
    if rules.turned_jack:
        deal.append(gettext("A jack turned up for trumps: 1 to the dealer's pair at once."))
    if rules.turned_value:
        deal.append(
            gettext(
                "The dealer's pair also scores the card points of the card turned up for trumps "
                "(A 4, K 3, Q 2, J 1, 10 10)."
            )
        )
    if rules.kicks:
        two = all_fours.TOBAGO in variant.options
        deal.append(
            gettext(
                "Kick: the dealer's pair scores the card turned up, ace 1, %(two)s 2, jack 3; "
                "when the cards are run, every card turned up, trump or not."
            )
            % {"two": gettext("two") if two else gettext("six")}
        )
    if rules.card_points:
        deal.append(
            gettext(
                "Trumps taken in tricks score at once: A 4, K 3, Q 2, J 1, 10 10, the five 5 "
                "(the five also counts 5 toward Game)."
            )
            if all_fours.TRUMPS_ONLY in variant.options
            else gettext(
                "The winner of a trick scores at once the counting cards in it: A 4, K 3, Q 2, "
                "J 1, 10 10 of every suit, and the five of trumps 5 (the five also counts 5 "
                "toward Game)."
            )
        )
    deal.append(gettext("High: 1 point to the pair that held the highest trump in play."))
    deal.append(
        gettext("Low: 1 point to the pair that won the lowest trump in play in a trick.")
        if variant.low_to == all_fours.WINNER
        else gettext("Low: 1 point to the pair that was dealt the lowest trump in play.")
    )
    deal.append(
        gettext(
            "Jack: 1 point to the pair that won the jack of trumps in a trick, if it was in play."
        )
    )
    if rules.hang_jack:
        deal.append(
            gettext(
                "Hang jack: when the jack of trumps is won from the pair that held it, the "
                "winners score 3 instead of 1."
            )
        )
    worth = 2 if all_fours.GAME_WORTH_2 in variant.options else 1
    deal.append(
        gettext(
            "Game: %(worth)d to the pair with the more card points in its tricks "
            "(A 4, K 3, Q 2, J 1, 10 10)."
        )
        % {"worth": worth}
        + " "
        + (
            gettext("On a tie the elder's pair takes it.")
            if rules.tie == all_fours.ELDER
            else gettext("On a tie nobody scores it.")
        )
    )
    if rules.every_card_played:
        deal.append(gettext("Every card is played, so High, Low and Jack always score."))
    return {"game": game, "deal": deal}


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
    """A refusal from the rules as a sentence for the organizer, in the active language."""
    reason = say(error.args[0]) if error.args else str(error)
    return gettext("Check the options of the game: %(reason)s.") % {"reason": reason}
