"""What the floor above (print, export and import, the API, the board) may use of a series,
by name. Other apps import seasons.interface and seasons.models, nothing else of seasons
(import-linter checks it)."""

from .queries import (
    NightInfo,
    SeriesStandings,
    rules_words,
    series_drives,
    series_of_drive,
    series_of_player,
    series_standings,
)
from .services.prizes import SeriesPrizeGroup, SeriesPrizes, series_prize_groups
from .standings import GAMES, PAIRS, PLAYERS, POINTS, Entry, NightScore, Rules

__all__ = [
    "GAMES",
    "PAIRS",
    "PLAYERS",
    "POINTS",
    "Entry",
    "NightInfo",
    "NightScore",
    "Rules",
    "SeriesPrizeGroup",
    "SeriesPrizes",
    "SeriesStandings",
    "rules_words",
    "series_drives",
    "series_of_drive",
    "series_of_player",
    "series_prize_groups",
    "series_standings",
]
