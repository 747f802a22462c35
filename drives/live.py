"""What the live screens show, and a cheap way to tell when it has changed.

The projector board polls every few seconds; most polls find nothing new.
game_fingerprint answers "has anything on screen changed?" in one query of
aggregates, so an unchanged poll is answered 304 without loading a table or a
pair. The organizer's result screen and the table page can reuse it.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection

from clubs.models import AuditEntry
from prizes.interface import score_levels

from . import movement, queries, services, sql
from .models import Drive, Pair, Seat, TableGame

TOP_PAIRS = 10
# Above this many tables still playing (the start of a big hall's game) the board
# says how many instead of a wall of numbers; the moves need the room then.
LIST_PLAYING = 24


def _fingerprint_sql() -> str:
    """The fingerprint as one SELECT of scalar subqueries, each an index lookup.

    Written out rather than built with the ORM: the database answers it in a
    fraction of a millisecond, while compiling eleven Subquery annotations
    took some 10 ms a poll. Plain SQL, the same on SQLite and PostgreSQL.
    """
    q = connection.ops.quote_name

    def table(model) -> str:
        return q(model._meta.db_table)

    this_game = "x.drive_id = d.id AND x.game = d.current_game"
    tables, seats = table(TableGame), table(Seat)
    columns = [
        *(
            f"(SELECT COUNT(*) FROM {tables} x WHERE {this_game} AND x.status = %s)"
            for _ in TableGame.Status.values
        ),
        f"(SELECT SUM(x.version) FROM {tables} x WHERE {this_game})",
        f"(SELECT MAX(x.id) FROM {tables} x WHERE {this_game})",
        f"(SELECT COUNT(*) FROM {seats} x WHERE {this_game})",
        f"(SELECT MAX(x.id) FROM {seats} x WHERE {this_game})",
        f"(SELECT COUNT(*) FROM {table(Pair)} x WHERE x.drive_id = d.id)",
        f"(SELECT MAX(x.id) FROM {table(AuditEntry)} x WHERE x.drive_id = d.id)",
    ]
    return (
        f"SELECT d.status, d.current_game, {', '.join(columns)} "
        f"FROM {table(Drive)} d WHERE d.id = %s"
    )


def game_fingerprint(drive: Drive) -> str:
    """A short text that changes whenever a live screen of the drive's current game would.

    Read fresh from the database in one query: the drive's status and current
    game; over the current game's tables, the count by status, the sum of the
    result versions and the newest row id (a seat edit rebuilds the rows); the
    seat count and newest seat id (a late pair); the number of pairs; and the
    newest audit entry (every change a service makes writes one, name
    corrections included). Equal texts: nothing on screen changed.
    """
    with connection.cursor() as cursor:
        cursor.execute(_fingerprint_sql(), [*TableGame.Status.values, drive.pk])
        row = cursor.fetchone()
    if row is None:
        return "gone"
    return "|".join("-" if v is None else str(v) for v in row)


@dataclass(frozen=True)
class Level:
    """One score level of the top pairs: the games won and the pairs on it.

    more: pairs on this level left off the board to keep it to TOP_PAIRS.
    """

    won: int
    pairs: tuple[Pair, ...]
    more: int = 0


def top_levels(rows: list[queries.StandingRow], limit: int = TOP_PAIRS) -> list[Level]:
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
    count: queries.GameCount | None
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
    before, after = sql.seatings(drive.pk, game - 1, game)
    return services.describe_moves(movement.moves(before, after), numbers)


def board(drive: Drive) -> Board:
    """The board's contents, in a fixed number of queries whatever the drive's size."""
    # The board shows the top pairs' numbers and names: one read of them with their wins
    # (top_levels ranks them itself; the rows' rank and punched games are not shown).
    rows = [
        queries.StandingRow(rank=0, pair=pair, won=won, punched=frozenset())
        for pair, won in sql.pair_wins(drive.pk)
    ]
    game = drive.current_game
    count, playing, reported, conflicts, moves = None, (), (), (), []
    if drive.is_running:
        S = TableGame.Status
        states = sql.game_strip(drive_id=drive.pk, game=game)

        def tables(status: str) -> tuple[int, ...]:
            return tuple(t for t, s in states if s == status)

        counted = sum(1 for _, s in states if s in TableGame.COUNTED)
        count = queries.GameCount(counted=counted, total=len(states))
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
