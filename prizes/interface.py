"""What other apps (drives' print, export and API) may use of prizes, by name.

Other apps import prizes.interface and prizes.models, nothing else of prizes
(import-linter checks it).
"""

from .places import score_levels
from .services.money import SETTING_FIELDS
from .services.report import prize_report
from .services.standing import PairPlace, pair_places
from .templatetags.money import cents as dollars

__all__ = [
    "SETTING_FIELDS",
    "PairPlace",
    "dollars",
    "pair_places",
    "prize_report",
    "score_levels",
]
