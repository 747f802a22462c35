"""The document's format, version and the limits every value is checked against."""

from __future__ import annotations

FORMAT = "card-drive/drive"
VERSION = 1
MAX_BYTES = 5 * 1024 * 1024  # the largest file the upload takes
MAX_PAIR = 9999
SEED_LIMIT = 2**62
SMALL_MAX = 32767  # PositiveSmallIntegerField
INT_MAX = 2**31 - 1  # PositiveIntegerField
MAX_DEPTH = 40  # nesting of the free JSON kept in audit entries, hands and draws

DRIVE_FIELDS = (
    "name",
    "date",
    "venue",
    "games",
    "game",
    "game_options",
    "prize_places",
    "sitout_wins",
    "confirm_by_number",
    "board_public",
    "standings_public",
    "movement",
    "jar_carried_in",
    "status",
    "seed",
    "current_game",
    "finished_at",
    "copied_from",
)
