"""The only writers of a league, each one transaction and one audit entry (a night's drive
made or a pair added to it: the drive's own entry too, in the same transaction).
Arguments are keyword-only, with an explicit actor, origin and now.

- league: a league and its rules (create, change)
- teams: teams, captains and rosters (add, move, take off)
- nights: the schedule, a night's drive and its pairs, a tied match's play-off winner
"""

from .league import RULE_FIELDS, TIEBREAKS, league_create, league_update, rules_of
from .nights import (
    night_drive_make,
    night_pair_add,
    night_remove,
    night_schedule,
    night_update,
    playoff_winner_set,
)
from .teams import roster_add, roster_move, roster_remove, team_create, team_update

__all__ = [
    "RULE_FIELDS",
    "TIEBREAKS",
    "league_create",
    "league_update",
    "night_drive_make",
    "night_pair_add",
    "night_remove",
    "night_schedule",
    "night_update",
    "playoff_winner_set",
    "roster_add",
    "roster_move",
    "roster_remove",
    "rules_of",
    "team_create",
    "team_update",
]
