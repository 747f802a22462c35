"""A drive's game options as data: each option's name, plain words and games (no Django).

One table serves the drive settings form (a checkbox or a choice per option,
with a note of the game it is for) and the rules page (a sentence per option
chosen). Games are the keys of ``scoring.games.VARIANTS``. Values are what a
drive stores: True/False, a choice's value ("loses_30") or a whole number.

>>> [o.name for o in options_for("one_ten")]
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
from scoring.games.core import BidderAdds, SetupError, Side, ThirtyForSixty, Variant

Kind = Literal["yes_no", "choice", "number"]
Value = bool | str | int | None


def gettext_noop(text: str) -> str:
    """Marks text for translation (makemessages) without importing Django.

    The screens translate it when they show it.
    """
    return text


_ = gettext_noop

ALL_GAMES: Final = frozenset(VARIANTS)  # the Forty-Fives family
AUCTION: Final = frozenset({"auction_45"})
ONE_TEN: Final = frozenset({"one_ten"})
# The All Fours family (keys of all_fours.RULES): a target where the variant's is agreed.
ALL_FOURS: Final = frozenset(all_fours.RULES)
AGREED_TARGET: Final = frozenset(k for k, r in all_fours.RULES.items() if len(set(r.targets)) > 1)
CARIBBEAN: Final = frozenset(k for k, r in all_fours.RULES.items() if r.options)


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
    fills in ``{value}``); help: a line under the form field.
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
                raise SetupError(f"{self.term.lower()}: answer yes or no")
            return value
        if self.kind == "choice":
            values = [c.value for c in self.choices]
            if not isinstance(value, str) or value not in values:
                raise SetupError(f"{self.term.lower()}: choose one of {', '.join(values)}")
            return str(value)
        if value is None or (isinstance(value, int) and not isinstance(value, bool)):
            return value
        raise SetupError(f"{self.term.lower()}: enter a whole number, or leave it blank")

    def rule_for(self, value: Value) -> str:
        """The rules page's sentence for this value ("" when there is nothing to say)."""
        if self.kind == "choice":
            return next((c.rule for c in self.choices if c.value == value), "")
        return self.rule if value != self.default else ""


OPTIONS: Final[tuple[Option, ...]] = (
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
        raise SetupError(f"unknown game: {key}")


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
