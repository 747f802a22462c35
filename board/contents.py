"""What the projector board shows for a drive: the count, the tables still playing, the
moves into this game and the top pairs by score level.

Read in a fixed number of queries whatever the drive's size, through drives.interface
(the hot paths' named statements and the seating moves). Whether the board has changed
is drives.interface.game_fingerprint's job: it is drives' own, the result screen polls
with it too.
"""

from __future__ import annotations

from dataclasses import dataclass

from drives.interface import (
    GameCount,
    StandingRow,
    describe_moves,
    game_strip,
    pair_wins,
    seating_moves,
    seatings,
)
from drives.models import Drive, Pair, TableGame
from leagues.interface import league_of_drive, league_standings
from leagues.models import League
from prizes.interface import score_levels
from seasons.interface import Entry, series_of_drive, series_standings
from seasons.models import Series

TOP_PAIRS = 10
# The series page: the leaders of the drive's series, in type read across the hall.
TOP_SERIES = 12
# Above this many tables still playing (the start of a big hall's game) the board
# says how many instead of a wall of numbers; the moves need the room then.
LIST_PLAYING = 24


@dataclass(frozen=True)
class Level:
    """One score level of the top pairs: the games won and the pairs on it.

    more: pairs on this level left off the board to keep it to TOP_PAIRS.
    """

    won: int
    pairs: tuple[Pair, ...]
    more: int = 0


def top_levels(rows: list[StandingRow], limit: int = TOP_PAIRS) -> list[Level]:
    """The leading pairs grouped by score level (most games first), at most `limit` pairs.

    A level cut short says how many of its pairs are not shown. Pairs that
    have won nothing are not "top pairs".
    """
    by_number = {r.pair.number: r.pair for r in rows}
    tallies = {r.pair.number: r.won for r in rows if r.won > 0}
    out: list[Level] = []
    shown = 0
    for won, numbers in score_levels(tallies):
        room = limit - shown
        if room <= 0:
            break
        kept = numbers[:room]
        out.append(Level(won, tuple(by_number[n] for n in kept), len(numbers) - len(kept)))
        shown += len(kept)
    return out


@dataclass(frozen=True)
class Board:
    """Everything the projector board shows for a drive."""

    drive: Drive
    count: GameCount | None
    playing: tuple[int, ...]  # tables with no result yet
    reported: tuple[int, ...]  # reported at the table, waiting for the other pair
    conflicts: tuple[int, ...]  # two different winners: the front table settles it
    levels: list[Level]
    moves: list[dict]
    pair_count: int

    @property
    def lists_playing(self) -> bool:
        return len(self.playing) <= LIST_PLAYING

    @property
    def is_last_game(self) -> bool:
        """The drive's last game is under way: after it come the prizes, not a next game."""
        return self.drive.is_running and self.drive.current_game >= self.drive.games


def _moves_into(drive: Drive, game: int, numbers: dict[int, int]) -> list[dict]:
    """The moves from the previous game's seating to this one's (none into game 1)."""
    if game < 2:
        return []
    before, after = seatings(drive.pk, game - 1, game)
    return describe_moves(seating_moves(before, after), numbers)


def board(drive: Drive) -> Board:
    """The board's contents, in a fixed number of queries whatever the drive's size."""
    # The board shows the top pairs' numbers and names: one read of them with their wins
    # (top_levels ranks them itself; the rows' rank and punched games are not shown).
    rows = [
        StandingRow(rank=0, pair=pair, won=won, punched=frozenset())
        for pair, won in pair_wins(drive.pk)
    ]
    game = drive.current_game
    count, playing, reported, conflicts, moves = None, (), (), (), []
    if drive.is_running:
        S = TableGame.Status
        states = game_strip(drive_id=drive.pk, game=game)

        def tables(status: str) -> tuple[int, ...]:
            return tuple(t for t, s in states if s == status)

        counted = sum(1 for _, s in states if s in TableGame.COUNTED)
        count = GameCount(counted=counted, total=len(states))
        playing, reported, conflicts = tables(S.PENDING), tables(S.REPORTED), tables(S.CONFLICT)
        numbers = {r.pair.pk: r.pair.number for r in rows}
        moves = _moves_into(drive, game, numbers)
    return Board(
        drive=drive,
        count=count,
        playing=playing,
        reported=reported,
        conflicts=conflicts,
        levels=top_levels(rows),
        moves=moves,
        pair_count=len(rows),
    )


@dataclass(frozen=True)
class SeriesPage:
    """The board's second page between games: the leaders of the drive's series."""

    series: Series
    entries: tuple[Entry, ...]  # the first TOP_SERIES, qualified first, as the standings go
    nights: int  # nights of the series played so far
    more: int  # people (or pairs) of the standings not shown

    @property
    def by_pairs(self) -> bool:
        return self.series.by == Series.By.PAIRS


def shows_series(b: Board) -> bool:
    """The board turns to its second page between games: every table of the game in (the
    next game is coming, or the prizes), or the drive over."""
    return b.drive.is_finished or bool(b.count and b.count.complete)


def series_page(drive: Drive) -> SeriesPage | None:
    """The series page of a drive that is a night of a series, else None (one statement
    for a drive in no series; the standings' own three for one in a series)."""
    series = series_of_drive(drive)
    if series is None:
        return None
    table = series_standings(series)
    return SeriesPage(
        series=series,
        entries=table.entries[:TOP_SERIES],
        nights=sum(1 for n in table.nights if n.played),
        more=max(0, len(table.entries) - TOP_SERIES),
    )


@dataclass(frozen=True)
class LeagueLine:
    place: int
    team: str
    points: int
    tonight: int | None  # the league points of tonight's night, None: not playing tonight


@dataclass(frozen=True)
class LeaguePage:
    """The board's second page between games on a league night: the league's teams as
    they stand, tonight's results counted as they come in."""

    league: League
    night: int  # the number of tonight's league night
    lines: tuple[LeagueLine, ...]
    nights: int  # league nights played so far, tonight's included once a game is in
    more: int  # teams not shown


def league_page(drive: Drive) -> LeaguePage | None:
    """The league page of a drive that is a league night, else None (one statement for
    a drive of no league; the league standings' own for one)."""
    night = league_of_drive(drive)
    if night is None:
        return None
    table = league_standings(night.league)
    lines = tuple(
        LeagueLine(
            place=r.place,
            team=table.teams[r.team].name,
            points=r.points,
            tonight=r.night_points.get(night.number),
        )
        for r in table.rows[:TOP_SERIES]
    )
    return LeaguePage(
        league=night.league,
        night=night.number,
        lines=lines,
        nights=len(table.played),
        more=max(0, len(table.rows) - TOP_SERIES),
    )
