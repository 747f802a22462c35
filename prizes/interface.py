"""What other apps (drives' print, export and API; the seasons above) may use of prizes, by
name.

Other apps import prizes.interface and prizes.models, nothing else of prizes
(import-linter checks it). The pure rules of settling a prize are here too, so a series'
prizes settle by the very rules a night's do: places by score level (`place_groups`), how
a tie is settled (`settle_method`, `settle`), the cut for low card (`digital_cut`,
`physical_cut`, `who_cuts_next`), the play-off (`PlayoffGame`, `playoff_left`,
`playoff_next`) and money (`payout`, `split_cents`).
"""

from .places import PlaceGroup, PrizeError, Standings, place_groups, score_levels
from .rules import (
    DEFAULT_CASH_UNIT,
    Card,
    CutResult,
    Outcome,
    Payout,
    PlayoffGame,
    card_label,
    check_can_settle,
    digital_cut,
    payout,
    physical_cut,
    playoff_left,
    playoff_next,
    settle,
    settle_method,
    split_cents,
    who_cuts_next,
)
from .services.money import SETTING_FIELDS
from .services.report import prize_report
from .services.standing import PairPlace, pair_places
from .templatetags.money import cents as dollars

__all__ = [
    "DEFAULT_CASH_UNIT",
    "SETTING_FIELDS",
    "Card",
    "CutResult",
    "Outcome",
    "PairPlace",
    "Payout",
    "PlaceGroup",
    "PlayoffGame",
    "PrizeError",
    "Standings",
    "card_label",
    "check_can_settle",
    "digital_cut",
    "dollars",
    "pair_places",
    "payout",
    "physical_cut",
    "place_groups",
    "playoff_left",
    "playoff_next",
    "prize_report",
    "score_levels",
    "settle",
    "settle_method",
    "split_cents",
    "who_cuts_next",
]
