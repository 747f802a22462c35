"""What other apps (prizes, scorekeeper, accounts, practice) may use of the night.

Everything here is exported by name; other apps import drives.interface, drives.models
and, for screens, drives.views.shared, and nothing else of drives (import-linter checks it).
"""

from .queries import punched_games, standings
from .services.common import (
    FRONT,
    DriveError,
    Origin,
    StaleError,
    label_words,
    locked_drive,
    record_audit,
    refusal_error,
    words_join,
)
from .services.links import club_paper_size_set
from .services.setup import pair_set_paid
from .text import MAX_ID, TextError, clean_name, clean_text, whole_number

__all__ = [
    "FRONT",
    "MAX_ID",
    "DriveError",
    "TextError",
    "clean_name",
    "clean_text",
    "whole_number",
    "Origin",
    "StaleError",
    "club_paper_size_set",
    "label_words",
    "locked_drive",
    "pair_set_paid",
    "punched_games",
    "record_audit",
    "refusal_error",
    "standings",
    "words_join",
]
