"""What other apps (prizes, scorekeeper) may use of the night.

Everything here is exported by name; other apps import drives.interface, drives.models
and, for screens, drives.views.shared, and nothing else of drives (import-linter checks it).
The ground floor's names (errors, the audit writer, text cleaning) are clubs.interface's.
"""

from .queries import punched_games, standings
from .services.common import locked_drive
from .services.scoresheets import hand_refused
from .services.setup import pair_set_paid

__all__ = [
    "hand_refused",
    "locked_drive",
    "pair_set_paid",
    "punched_games",
    "standings",
]
