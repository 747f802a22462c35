"""What the API takes and answers: ninja schemas, with the limits of a valid value.

Malformed input (a schema's refusal) is 422 before any view runs.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Literal

from ninja import Field, Path, Schema
from pydantic import StringConstraints

from clubs.interface import PLAYER_NAME_MAX
from drives.interface import KEY_RE
from drives.models import MAX_GAMES, MAX_NAME, Drive

# Ids beyond this are not ours (and would overflow a database integer).
ID_MAX = 2**31 - 1
PAIR_MAX = 9999
SEED_MAX = 2**62 - 1
# The NUL character cannot be stored by PostgreSQL: refused like any malformed text.
NO_NUL = r"^[^\x00]*$"


def _text(max_length: int, min_length: int = 0):
    return Annotated[
        str, StringConstraints(min_length=min_length, max_length=max_length, pattern=NO_NUL)
    ]


DriveId = Annotated[int, Path(ge=1, le=ID_MAX)]
SeriesId = Annotated[int, Path(ge=1, le=ID_MAX)]
GameNumber = Annotated[int, Path(ge=1, le=MAX_GAMES)]
TableNumber = Annotated[int, Path(ge=1, le=PAIR_MAX)]
PlayerId = Annotated[int, Path(ge=1, le=ID_MAX)]
GameKey = Literal[*Drive.Game.values]
OptionNumber = Annotated[int, Field(ge=-100_000, le=100_000)]


class Detail(Schema):
    detail: str


class Invalid(Schema):
    """422: where the input did not fit the schema (ninja's own answer)."""

    detail: list[dict[str, Any]]


ERRORS = {400: Detail, 401: Detail, 403: Detail, 404: Detail, 409: Detail, 422: Invalid}
READ_ERRORS = {401: Detail, 403: Detail, 404: Detail, 422: Invalid}


class DriveIn(Schema):
    name: _text(120, 1)
    date: dt.date
    venue: _text(120) = ""
    games: int = Field(25, ge=1, le=MAX_GAMES)
    game: GameKey = Drive.Game.FORTY_FIVES.value
    # The named options of the game's rules (see the drive settings page), e.g. {"target": 11}.
    game_options: dict[_text(40), bool | OptionNumber | _text(40) | None] = Field(
        default_factory=dict, max_length=20
    )
    prize_places: int = Field(3, ge=0, le=20)
    sitout_wins: bool = True
    confirm_by_number: bool = False
    confirm_by_code: bool = False
    board_public: bool = False
    standings_public: bool = False


class DriveOut(Schema):
    id: int
    name: str
    date: dt.date
    venue: str
    games: int
    game: str
    game_options: dict[str, Any]
    prize_places: int
    sitout_wins: bool
    confirm_by_number: bool
    confirm_by_code: bool
    board_public: bool
    standings_public: bool
    status: str
    current_game: int
    seed: int | None


class PairIn(Schema):
    player1: _text(MAX_NAME, 1)
    player2: _text(MAX_NAME, 1)
    number: int | None = Field(None, ge=1, le=PAIR_MAX)
    paid: bool = False


class PairOut(Schema):
    number: int
    player1: str
    player2: str
    names: str
    paid: bool


class PlayerIn(Schema):
    name: _text(PLAYER_NAME_MAX, 1)
    phone: _text(40) = ""
    email: _text(254) = ""
    notes: _text(1000) = ""


class PlayerOut(Schema):
    id: int
    name: str
    phone: str
    email: str
    notes: str


class CandidateOut(Schema):
    id: int
    name: str
    score: float = Field(description="How alike, 0 to 100; 100 only for the same name.")
    exact: bool


class MatchOut(Schema):
    name: str
    decision: Literal["exact", "likely", "new"] = Field(
        description="exact: one entry has this name (accents, case, Mac/Mc aside); likely: "
        "a near one or several of the name (choose); new: no one like it."
    )
    candidates: list[CandidateOut]


class NightOut(Schema):
    drive: int
    drive_name: str
    date: dt.date
    pair: int
    partner: str
    games_won: int
    place: int | None
    prize: str


class HistoryOut(Schema):
    player: PlayerOut
    nights_played: int
    games_won: int
    nights: list[NightOut]


class StartIn(Schema):
    seed: int | None = Field(None, ge=0, le=SEED_MAX)
    alongside: bool = Field(
        False,
        description="Start it although another drive of the club is running (otherwise 409). "
        "The table cards keep opening the drive they open.",
    )


class SeatedPair(Schema):
    number: int
    player1: str
    player2: str
    names: str


class TableOut(Schema):
    table: int
    pairs: list[SeatedPair]
    deal_first: int | None = Field(description="The pair that deals first; null: cut for it.")
    status: str
    winner: int | None = Field(description="The pair whose win counts; null until it counts.")


class SeatingOut(Schema):
    drive: int
    game: int
    current_game: int
    tables: list[TableOut]


class ResultIn(Schema):
    winner: int = Field(ge=1, le=PAIR_MAX, description="The number of the pair that won.")
    key: str = Field(
        pattern=KEY_RE.pattern,
        description="Made by the caller, new for each result; a retry sends the same key.",
    )


class ResultOut(Schema):
    message: str
    replayed: bool = Field(description="True: this key was seen before; nothing was recorded.")
    game: int
    table: TableOut


class StandingOut(Schema):
    rank: int
    number: int
    player1: str
    player2: str
    names: str
    won: int
    punched: list[int]


class StandingsOut(Schema):
    drive: int
    games: int
    played: int
    rows: list[StandingOut]


class SeriesOut(Schema):
    id: int
    name: str
    counts: str  # "games" (games won each night) or "points" (points by place each night)
    points: list[int]  # points for 1st, 2nd, ... place of a night; past the list, 0
    best_nights: int | None  # None: every night counts; N: each one's best N nights
    min_nights: int  # nights played to qualify
    by: str  # "players" or "pairs"
    nights: list[int]  # the drives that are its nights, by date
    rules: list[str]  # the rules in plain sentences, in the caller's language


class SeriesNightOut(Schema):
    number: int
    drive: int
    name: str
    date: dt.date
    played: bool  # started: its pairs count


class NightScoreOut(Schema):
    night: int
    won: int
    place: int
    score: int
    counts: bool


class SeriesEntryOut(Schema):
    place: int | None  # by score level among the qualified; None when not qualified
    names: list[str]
    players: list[int | None]  # the register's player of each name, when linked
    total: int
    played: int
    qualified: bool
    nights: list[NightScoreOut]


class SeriesStandingsOut(Schema):
    series: SeriesOut
    nights: list[SeriesNightOut]
    entries: list[SeriesEntryOut]


class LeagueTeamOut(Schema):
    place: int
    team: int
    name: str
    venue: str
    points: int
    nights: int  # league nights played
    won: int  # games won by all its pairs, all nights
    lost: int
    night_points: dict[int, int]  # league night number -> the points of that night


class LeagueNightOut(Schema):
    number: int
    date: dt.date
    venue: str
    kind: str  # "teams" (a drive night of teams) or "match" (a team match)
    teams: list[int]  # a team match's two teams (home first); [] for a drive night
    drive: int | None  # the night's drive once made
    played: bool  # its drive has started: its pairs count


class LeaguePlayerOut(Schema):
    place: int
    name: str
    player: int | None  # the register's player, when linked
    team: int
    nights: int
    won: int


class LeagueStandingsOut(Schema):
    id: int
    name: str
    season: str
    rules: list[str]  # the rules in plain sentences, in the caller's language
    nights: list[LeagueNightOut]
    teams: list[LeagueTeamOut]
    players: list[LeaguePlayerOut]


class PrizesOut(Schema):
    drive: int
    status: str
    conflicts: int
    sections: dict[str, Any]
    cash: dict[str, Any]
