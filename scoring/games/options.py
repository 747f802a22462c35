"""A drive's game options as data: each option's name, plain words and games (no Django).

One table serves the drive settings form (a checkbox or a choice per option,
with a note of the game it is for) and the rules page (a sentence per option
chosen). Games are the keys of ``scoring.games.VARIANTS``. Values are what a
drive stores: True/False, a choice's value ("loses_30") or a whole number.

>>> [o.name for o in options_for("one_ten")][2:]
['five_only_bonus', 'bidder_adds', 'bell', 'elimination_floor']
>>> chosen("auction_45", {"slam": True, "bell": True, "dreaded_45": False})
{'slam': True}
>>> variant_of("one_ten", {"elimination_floor": -80}).elimination_floor
-80
>>> stated("auction_45", {"thirty_for_sixty": "loses_60"})
(('30 for 60', 'a bid of 30 that is made scores 60; a failed bid of 30 loses 60.'),)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from scoring.games import VARIANTS, all_fours, make_variant
from scoring.games.core import (
    BidderAdds,
    Overcall,
    SetupError,
    Side,
    ThirtyForSixty,
    Variant,
)
from scoring.words import Said, gettext_noop

Kind = Literal["yes_no", "choice", "number"]
Value = bool | str | int | None


_ = gettext_noop

ALL_GAMES: Final = frozenset(VARIANTS)  # the Forty-Fives family
AUCTION: Final = frozenset({"auction_45"})
ONE_TEN: Final = frozenset({"one_ten"})
# The All Fours family (keys of all_fours.RULES): a target where the variant's is agreed.
ALL_FOURS: Final = frozenset(all_fours.RULES)
AGREED_TARGET: Final = frozenset(k for k, r in all_fours.RULES.items() if len(set(r.targets)) > 1)


def _all_fours_with(option: str) -> frozenset[str]:
    """The All Fours variants that have ``option`` (all_fours.RULES)."""
    return frozenset(k for k, r in all_fours.RULES.items() if option in r.options)


CARIBBEAN: Final = _all_fours_with(all_fours.TOBAGO)


@dataclass(frozen=True)
class Choice:
    """One answer to a choice option; ``rule`` is its sentence on the rules page."""

    value: str
    label: str
    rule: str = ""


@dataclass(frozen=True)
class Option:
    """One named option of the game rules (see game-scoring.md).

    term: its name as halls say it ("30 for 60"); label: the plain words next
    to its checkbox or choice; games: the registry keys it applies to; rule:
    the sentence stated on the rules page when it is on (a number option
    fills in ``{value}``); help: a line under the form field; drive: offered
    in a drive's settings (False: only line-ups a drive table never has).
    """

    name: str
    term: str
    label: str
    games: frozenset[str]
    kind: Kind = "yes_no"
    default: Value = False
    rule: str = ""
    choices: tuple[Choice, ...] = ()
    help: str = ""
    drive: bool = True

    def applies_to(self, key: str) -> bool:
        return key in self.games

    def checked(self, value: object) -> Value:
        """The value as stored, or SetupError in plain words when it is not one of this option's.

        >>> OPTION["elimination_floor"].checked("-80")
        Traceback (most recent call last):
        ...
        scoring.games.core.SetupError: elimination: enter a whole number, or leave it blank
        """
        if self.kind == "yes_no":
            if not isinstance(value, bool):
                raise SetupError(_("{option}: answer yes or no").format(option=self._named()))
            return value
        if self.kind == "choice":
            values = [c.value for c in self.choices]
            if not isinstance(value, str) or value not in values:
                raise SetupError(
                    _("{option}: choose one of {values}").format(
                        option=self._named(), values=", ".join(values)
                    )
                )
            return str(value)
        if value is None or (isinstance(value, int) and not isinstance(value, bool)):
            return value
        raise SetupError(
            _("{option}: enter a whole number, or leave it blank").format(option=self._named())
        )

    def _named(self) -> Said:
        # The term starts a reason in lower case in English; translated, it is the term.
        return Said(self.term.lower(), msgid=self.term, style="{}")

    def rule_for(self, value: Value) -> str:
        """The rules page's sentence for this value ("" when there is nothing to say)."""
        if self.kind == "choice":
            return next((c.rule for c in self.choices if c.value == value), "")
        return self.rule if value != self.default else ""


OPTIONS: Final[tuple[Option, ...]] = (
    Option(
        "joker",
        _("Joker"),
        _("Joker: one Joker in the pack, the third-best trump"),
        ALL_GAMES,
        rule=_(
            "one Joker is added to the pack. It is always a trump, the third best: after the 5 "
            "and the J of trumps, before the A♥."
        ),
    ),
    Option(
        "off_suit_aces_high",
        _("Off-suit aces high"),
        _("Off-suit aces high: an ace ranks highest of its suit when the suit is not trump"),
        ALL_GAMES,
        rule=_(
            "in a suit that is not trump the ace ranks highest, above the K, in red and black "
            "suits alike (as in New Brunswick and Nova Scotia)."
        ),
    ),
    Option(
        "five_only_bonus",
        _("Five-only bonus"),
        _("Only the 5 of trumps earns the 5-point bonus"),
        ALL_GAMES,
        rule=_(
            "only the 5 of trumps earns the bonus: the trick that held it is worth 10; "
            "when the 5 of trumps was not played the hand is worth 25."
        ),
    ),
    Option(
        "dealer_may_hold",
        _("Dealer may hold"),
        _("The dealer may hold: take the bid at the highest amount bid so far"),
        AUCTION,
        rule=_(
            "the dealer may take the bid at the current highest amount instead of bidding higher."
        ),
    ),
    Option(
        "no_hold_under_20",
        _("No hold under 20"),
        _("No hold under 20: the dealer may hold only once the bid is 20 or more"),
        AUCTION,
        rule=_("the dealer may not hold until the bid is at least 20."),
        help=_("Needs “the dealer may hold”."),
    ),
    Option(
        "minimum_20_at_100",
        _("Minimum 20 at 100"),
        _("Minimum 20 at 100: a pair on 100 or more may not bid under 20"),
        AUCTION,
        rule=_("a pair on 100 or more may not bid under 20."),
    ),
    Option(
        "thirty_for_sixty",
        _("30 for 60"),
        _("30 for 60 (a bid of 30 that is made scores 60)"),
        AUCTION,
        kind="choice",
        default=ThirtyForSixty.OFF.value,
        choices=(
            Choice(ThirtyForSixty.OFF.value, _("Off: a bid of 30 scores like any other")),
            Choice(
                ThirtyForSixty.LOSES_30.value,
                _("On: a failed bid of 30 loses 30"),
                _("a bid of 30 that is made scores 60; a failed bid of 30 loses 30."),
            ),
            Choice(
                ThirtyForSixty.LOSES_60.value,
                _("On: a failed bid of 30 loses 60"),
                _("a bid of 30 that is made scores 60; a failed bid of 30 loses 60."),
            ),
        ),
    ),
    Option(
        "slam",
        _("Slam"),
        _("Slam: a pair may bid to take every trick (120 if made, minus 60 if not)"),
        AUCTION,
        rule=_(
            "a pair may bid to take all 5 tricks; if it takes them all it scores 120, "
            "otherwise it loses 60."
        ),
    ),
    Option(
        "dreaded_45",
        _("Dreaded 45"),
        _("Dreaded 45: a pair whose score lands exactly on 45 goes back to 0"),
        AUCTION,
        rule=_("a pair whose score lands exactly on 45 goes back to 0."),
    ),
    Option(
        "overcall",
        _("30 for 60 overcall"),
        _("30 for 60 overcall: a bid of 30 may be overcalled by “30 for 60”"),
        AUCTION,
        kind="choice",
        default=Overcall.OFF.value,
        choices=(
            Choice(Overcall.OFF.value, _("Off")),
            Choice(
                Overcall.SCORES_60.value,
                _("On: made, it scores 60; failed, it loses 60"),
                _(
                    "a player may overcall a bid of 30 by bidding “30 for 60”: the pair must take "
                    "all 30 points; made, it scores 60; failed, it loses 60."
                ),
            ),
            Choice(
                Overcall.SCORES_30.value,
                _("On: made, it scores 30; failed, it loses 60"),
                _(
                    "a player may overcall a bid of 30 by bidding “30 for 60”: the pair must take "
                    "all 30 points; made, it scores 30; failed, it loses 60."
                ),
            ),
        ),
    ),
    Option(
        "sixty_for_120",
        _("60 for 120"),
        _("60 for 120: “30 for 60” may be overcalled by “60 for 120”"),
        AUCTION,
        rule=_(
            "a player may overcall “30 for 60” by bidding “60 for 120”: the pair must take all "
            "30 points; made, it scores 120 (60 where a made 30 for 60 scores 30); failed, it "
            "loses 120."
        ),
        help=_("Needs “30 for 60 overcall”."),
    ),
    Option(
        "blind_thirty_for_sixty",
        _("Blind 30 for 60"),
        _("Blind 30 for 60: a bid called before looking at the cards"),
        AUCTION,
        rule=_(
            "before any bid, a player who has not looked at the cards may bid “blind 30 for 60”: "
            "the pair scores 60 if it takes every trick and loses 60 as soon as it loses one."
        ),
    ),
    Option(
        "defenders_30",
        _("Defenders' 30"),
        _("Defenders' 30: a pair that sets the bid with non-trump cards only scores 30"),
        AUCTION,
        rule=_(
            "a pair that sets the bidders using cards that are not trumps only scores 30 instead "
            "of the points it took (a pair locked on 100 still scores nothing); the table ticks "
            "it on the hand."
        ),
        help=_("For two pairs, or five players calling partners."),
    ),
    Option(
        "call_partner",
        _("Call your partner"),
        _("Five players, call your partner"),
        AUCTION,
        rule=_(
            "with five players each alone, the winning bidder names a card and its holder is the "
            "bidder's partner for that hand, or nobody (4 against 1). The partner is entered with "
            "the hand, and each player scores what its side does."
        ),
        help=_("For 5 players, each alone."),
        drive=False,
    ),
    Option(
        "bidder_adds",
        _("Bidder adds"),
        _("A pair that makes its bid adds"),
        ONE_TEN,
        kind="choice",
        default=BidderAdds.BID.value,
        choices=(
            Choice(BidderAdds.BID.value, _("the amount of its bid")),
            Choice(
                BidderAdds.POINTS.value,
                _("all the points it took"),
                _("a pair that makes its bid adds all the points it took, not just its bid."),
            ),
        ),
    ),
    Option(
        "bell",
        _("Bell"),
        _("Bell: a bid of 30 that is made scores 60"),
        ONE_TEN,
        rule=_("a bid of 30 that is made scores 60."),
    ),
    Option(
        "elimination_floor",
        _("Elimination"),
        _("Elimination floor"),
        ONE_TEN,
        kind="number",
        default=None,
        rule=_("a pair at or below {value} is out of the game; the last pair left wins."),
        help=_("Leave blank for no elimination. Often -80: a pair at or below it is out."),
    ),
    Option(
        "target",
        _("Target"),
        _("Play to (points)"),
        AGREED_TARGET,
        kind="number",
        default=None,
        rule=_("the game is played to {value} points."),
        help=_(
            "Leave blank for the usual target: Seven Up 7 (7 to 15), Pitch 7 (7, 11 or 21), "
            "California Jack 10."
        ),
    ),
    Option(
        all_fours.NO_GIFT_TO_GO_OUT,
        _("No gift to go out"),
        _("No gift to go out: the dealer must run the cards rather than give the winning point"),
        _all_fours_with(all_fours.NO_GIFT_TO_GO_OUT),
        rule=_(
            "the dealer may not give the point that would put the elder's pair out: the cards "
            "must be run instead."
        ),
    ),
    Option(
        all_fours.LOW_TO_WINNER,
        _("Low to the winner"),
        _("Low to the winner: Low goes to the pair that won the lowest trump in a trick"),
        _all_fours_with(all_fours.LOW_TO_WINNER),
        rule=_(
            "Low goes to the pair that won the lowest trump in play in a trick, not to the pair "
            "that was dealt it."
        ),
    ),
    Option(
        all_fours.PUB_COUNT,
        _("Pub count"),
        _("Pub count: a deal's points all count at its end; pairs level at 11 play two more deals"),
        _all_fours_with(all_fours.PUB_COUNT),
        rule=_(
            "nobody counts out: all the points of a deal are counted at its end, and the higher "
            "score at 11 or more wins. If both pairs reach 11 on the same deal with equal scores, "
            "two more deals are played (“a pitch apiece”) and then the higher score wins (level "
            "again: two more)."
        ),
    ),
    Option(
        all_fours.TRUMPS_ONLY,
        _("Trumps only"),
        _("Trumps only: only trumps taken in a trick score at once"),
        _all_fours_with(all_fours.TRUMPS_ONLY),
        rule=_(
            "only trumps taken in a trick score at once (A 4, K 3, Q 2, J 1, 10 10, the five 5); "
            "the other suits' cards count only toward Game."
        ),
    ),
    Option(
        all_fours.TOBAGO,
        _("Tobago"),
        _("Tobago: a two turned up kicks 2 instead of a six"),
        CARIBBEAN,
        rule=_("a two turned up kicks 2 to the dealer's pair instead of a six (Tobago)."),
    ),
    Option(
        all_fours.GAME_WORTH_2,
        _("Game worth 2"),
        _("Game worth 2 points"),
        CARIBBEAN,
        rule=_("Game scores 2 points instead of 1."),
    ),
)

OPTION: Final[dict[str, Option]] = {o.name: o for o in OPTIONS}


def _check_key(key: str) -> None:
    if key not in VARIANTS and key not in all_fours.RULES:
        raise SetupError(_("unknown game: {key}").format(key=key))


def options_for(key: str) -> tuple[Option, ...]:
    """The options of one game, in the table's order."""
    _check_key(key)
    return tuple(o for o in OPTIONS if o.applies_to(key))


def chosen(key: str, values: Mapping[str, object]) -> dict[str, Value]:
    """The options in ``values`` that apply to game ``key`` and are not off, each checked.

    Options of other games and unknown names are dropped; whether the options
    go together is for ``variant_of`` to say.

    >>> chosen("forty_fives_45", {"five_only_bonus": True, "slam": True})
    {'five_only_bonus': True}
    """
    out: dict[str, Value] = {}
    for option in options_for(key):
        value = option.checked(values.get(option.name, option.default))
        if value != option.default:
            out[option.name] = value
    return out


def variant_of(
    key: str, values: Mapping[str, object], sides: Sequence[Side] | None = None
) -> Variant | all_fours.Variant:
    """The game's Variant with the options chosen; SetupError (a ValueError) when refused.

    >>> variant_of("auction_45", {"no_hold_under_20": True})
    Traceback (most recent call last):
    ...
    scoring.games.core.SetupError: no hold under 20 needs the option dealer may hold
    >>> variant_of("seven_up", {"target": 11}).target
    11
    """
    options = chosen(key, values)
    if key in all_fours.RULES:
        target = options.pop("target", None)
        return all_fours.make_variant(key, sides, target=target, **options)
    return make_variant(key, sides, **options)


def stated(
    key: str, values: Mapping[str, object], translate: Callable[[str], str] = gettext_noop
) -> tuple[tuple[str, str], ...]:
    """(term, sentence) for each option chosen, for the rules page.

    ``translate`` is applied to the words before a number is filled in.

    >>> stated("one_ten", {"bell": True, "elimination_floor": -80})[1]
    ('Elimination', 'a pair at or below -80 is out of the game; the last pair left wins.')
    """
    out = []
    for name, value in chosen(key, values).items():
        option = OPTION[name]
        rule = option.rule_for(value)
        if rule:
            out.append((translate(option.term), translate(rule).format(value=value)))
    return tuple(out)
