"""The only writers of drive state, one module per job.

Each function is one transaction and writes one audit entry. Arguments are
keyword-only, with an explicit actor, origin (screen and device) and now, so
tests are deterministic. A DriveError is for the organizer (shown as a
message with a 4xx); any other exception is a bug.

- common: the drive's row lock, the current-game check, new pair codes
- setup: drives and pairs
- people: a pair's names linked to the club's player register, and the paste's preview
- again: a new drive from a previous one
- seating: start, next game and taking it back
- results: the current game's results (rules in drives.results)
- refusals: refused agreements at a table: pair-code tries and their counted audit entries
- changes: late and leaving pairs, seat edits, corrections, finishing
- scoresheets: hand-by-hand scores at drive tables
- links: table links and which drive the table cards open
- cards: a pair's own card on its phone: its address and a new token for a lost card

The errors, the origin of a change and the audit writer are clubs.interface's.

Views call these by name from this package (``services.result_enter``).
"""

from .again import drive_copy, pairs_reregister, pairs_to_reregister, planned_games
from .cards import pair_card_renew, pair_card_url
from .changes import (
    CorrectionPlan,
    SeatingChange,
    correction_plan,
    drive_finish,
    drive_finish_early,
    pair_arrive,
    pair_leave,
    result_correct,
    seat_change_plan,
    seat_move,
    seat_swap,
    seating_in_pair_numbers,
)
from .links import (
    MAX_TABLES,
    table_drive_of,
    table_drive_set,
    table_link_rotate,
    table_link_url,
    table_links,
    tables_needed,
)
from .people import AUTO, NEW, parse_choice
from .refusals import codes_locked_words
from .results import (
    KEY_RE,
    RESULT_ACTIONS,
    RESULT_UNDOS,
    Answer,
    key_source,
    result_enter,
    result_record,
    result_undo,
    table_confirm,
    table_report,
    table_withdraw,
)
from .scoresheets import (
    DEAL_EVENTS,
    Scoresheet,
    SheetDeal,
    SheetHand,
    UndoneHand,
    hand_add,
    hand_undo,
    pairs_record,
    scoresheet,
)
from .seating import (
    TEAM_MATCH,
    AdvancePlan,
    AlreadyRunning,
    NextSeat,
    advance_plan,
    describe_moves,
    drive_start,
    game_advance,
    game_has_results,
    game_undo,
    missing_tables,
    movement_of,
    next_seats,
    seating_of,
    sides_of,
    team_match_of,
    winners_of,
)
from .setup import (
    DRIVE_SETTINGS,
    PASTE_DUPLICATES,
    SCREEN_SETTINGS,
    DuplicatePairs,
    clean_name,
    drive_create,
    drive_delete_demo,
    drive_print_language_set,
    drive_screens_set,
    drive_update,
    last_paste,
    pair_add,
    pair_remove,
    pair_set_paid,
    pair_side_set,
    pair_update,
    pairs_add_many,
    pairs_bulk_add,
    pairs_bulk_undo,
    pairs_paste_preview,
    parse_pair_line,
    parse_paste,
)

__all__ = [
    "AUTO",
    "NEW",
    "parse_choice",
    "pairs_paste_preview",
    "parse_paste",
    "PASTE_DUPLICATES",
    "DuplicatePairs",
    "last_paste",
    "pairs_bulk_undo",
    "TEAM_MATCH",
    "AdvancePlan",
    "AlreadyRunning",
    "NextSeat",
    "movement_of",
    "next_seats",
    "sides_of",
    "team_match_of",
    "pair_side_set",
    "Answer",
    "CorrectionPlan",
    "DEAL_EVENTS",
    "DRIVE_SETTINGS",
    "KEY_RE",
    "MAX_TABLES",
    "RESULT_ACTIONS",
    "RESULT_UNDOS",
    "SCREEN_SETTINGS",
    "Scoresheet",
    "SeatingChange",
    "SheetDeal",
    "SheetHand",
    "UndoneHand",
    "seating_in_pair_numbers",
    "advance_plan",
    "clean_name",
    "correction_plan",
    "describe_moves",
    "drive_copy",
    "planned_games",
    "drive_create",
    "drive_delete_demo",
    "drive_finish",
    "drive_finish_early",
    "drive_print_language_set",
    "drive_screens_set",
    "drive_start",
    "drive_update",
    "game_advance",
    "game_has_results",
    "game_undo",
    "hand_add",
    "hand_undo",
    "pairs_record",
    "missing_tables",
    "pair_add",
    "pair_arrive",
    "pair_card_renew",
    "pair_card_url",
    "pair_leave",
    "pair_remove",
    "pair_set_paid",
    "pair_update",
    "pairs_add_many",
    "pairs_bulk_add",
    "pairs_reregister",
    "pairs_to_reregister",
    "parse_pair_line",
    "result_correct",
    "result_enter",
    "result_record",
    "result_undo",
    "scoresheet",
    "seat_change_plan",
    "seat_move",
    "seat_swap",
    "seating_of",
    "table_confirm",
    "codes_locked_words",
    "table_link_rotate",
    "table_link_url",
    "key_source",
    "table_drive_set",
    "table_drive_of",
    "table_links",
    "table_report",
    "table_withdraw",
    "tables_needed",
    "winners_of",
]
