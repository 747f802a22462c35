"""What other apps may use of the night: the apps beside it (prizes, scorekeeper) and the
floor above it (printing, exchange, api, board).

Everything here is exported by name; other apps import drives.interface, drives.models
and, for screens, drives.views.shared, and nothing else of drives (import-linter checks it).
The ground floor's names (errors, the audit writer, text cleaning) are clubs.interface's.
"""

# For the floor above (print, export and import, the API, the board): the reads, writers
# and rules they show or call, each under the name it has in drives.
from .forms import DriveForm
from .game_options import OPTION_NAMES, check_game_options
from .movement import MOVEMENTS
from .movement import moves as seating_moves
from .pair_codes import ALPHABET as PAIR_CODE_ALPHABET
from .pair_codes import LENGTH as PAIR_CODE_LENGTH
from .pair_codes import draw as pair_code_draw
from .pair_codes import is_code as is_pair_code
from .queries import (
    GameCount,
    PairWon,
    StandingRow,
    confirm_setting,
    game_fingerprint,
    game_or_404,
    game_tables,
    pairs_won,
    punched_games,
    standings,
)
from .services.cards import pair_card_url
from .services.common import locked_drive
from .services.links import MAX_TABLES, table_link_url, table_links
from .services.results import KEY_RE, key_source, result_enter
from .services.seating import (
    describe_moves,
    drive_start,
    game_advance,
    movement_of,
    next_seats,
    team_match_of,
)
from .services.setup import (
    MAX_SIDE_NUMBER,
    drive_create,
    drive_print_language_set,
    pair_add,
    pair_set_paid,
    pair_side_set,
    pairs_add_many,
)
from .sql import game_strip, pair_wins, public_drive, seatings
from .team_match import Match, Round, TeamMatch
from .views.fragments import standings_rows

__all__ = [
    "locked_drive",
    "pair_set_paid",
    "pair_side_set",
    "pairs_won",
    "punched_games",
    "standings",
    # the floor above
    "KEY_RE",
    "MAX_SIDE_NUMBER",
    "MAX_TABLES",
    "MOVEMENTS",
    "OPTION_NAMES",
    "PAIR_CODE_ALPHABET",
    "PAIR_CODE_LENGTH",
    "DriveForm",
    "GameCount",
    "PairWon",
    "StandingRow",
    # the team match: its schedule (pure), a drive's own, where its pairs go next
    "Match",
    "Round",
    "TeamMatch",
    "movement_of",
    "next_seats",
    "team_match_of",
    "check_game_options",
    "confirm_setting",
    "describe_moves",
    "drive_create",
    "drive_print_language_set",
    "drive_start",
    "game_advance",
    "game_fingerprint",
    "game_or_404",
    "game_strip",
    "game_tables",
    "is_pair_code",
    "key_source",
    "pair_add",
    "pair_card_url",
    "pair_code_draw",
    "pair_wins",
    "pairs_add_many",
    "public_drive",
    "result_enter",
    "seating_moves",
    "seatings",
    "standings_rows",
    "table_link_url",
    "table_links",
]
