"""What the apps above (drives, prizes, accounts, the scorekeeper, practice) may use of the
ground floor, by name.

Other apps import clubs.interface, clubs.models and, for screens, clubs.views, and nothing
else of clubs (import-linter checks it). clubs imports no app but scoring.
"""

from .audit import FRONT, Origin, audit_row, audit_words, label_words, record_audit, words_join
from .disk import disk_full
from .errors import (
    ClubSuspended,
    DriveError,
    StaleError,
    club_open,
    refusal_error,
    suspension_words,
)
from .logs import note_club
from .matching import LIKELY, Candidate, Decision, Match, Register, fold
from .models import PLAYER_NAME_MAX, Player
from .register import (
    active_players,
    person_of,
    player_fields,
    player_name,
    player_new,
    register_of,
)
from .services import club_language_set, club_paper_size_set, club_setting_write
from .strict_json import RepeatedKey, strict_loads
from .text import MAX_ID, TextError, clean_name, clean_text, whole_number

__all__ = [
    "note_club",
    "LIKELY",
    "Candidate",
    "ClubSuspended",
    "club_open",
    "suspension_words",
    "Decision",
    "Match",
    "Register",
    "active_players",
    "person_of",
    "player_fields",
    "player_name",
    "player_new",
    "register_of",
    "FRONT",
    "MAX_ID",
    "PLAYER_NAME_MAX",
    "Player",
    "DriveError",
    "Origin",
    "RepeatedKey",
    "StaleError",
    "TextError",
    "audit_row",
    "audit_words",
    "clean_name",
    "clean_text",
    "disk_full",
    "fold",
    "club_language_set",
    "club_paper_size_set",
    "club_setting_write",
    "label_words",
    "record_audit",
    "refusal_error",
    "strict_loads",
    "whole_number",
    "words_join",
]
