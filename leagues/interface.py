"""What the floor above (print, the API, the board) may use of a league, by name. Other
apps import leagues.interface and leagues.models, nothing else of leagues (import-linter
checks it)."""

from .queries import LeagueStandings, NightInfo, league_of_drive, league_standings, rules_words
from .standings import PlayerRow, Row, TeamNight

__all__ = [
    "LeagueStandings",
    "NightInfo",
    "PlayerRow",
    "Row",
    "TeamNight",
    "league_of_drive",
    "league_standings",
    "rules_words",
]
