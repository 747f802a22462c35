"""Plain SQL for seating a game: the one read "next game" plans from, and the inserts of a
new game's tables and seats.

At 60 tables the ORM took 10-20 ms to build 180 model objects and compile their inserts,
and 5-10 ms to load the game's tables with their seats, for about 2 ms of SQL in all;
these are the same statements, parameterized, for SQLite and PostgreSQL alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from django.db import connection

from .models import Pair, Seat, TableGame

# SQLite takes up to 32,766 parameters in a statement, PostgreSQL 65,535: 500 rows of
# 11 columns stay far below both.
_ROWS_PER_INSERT = 500


class SeatRow(NamedTuple):
    """One seat of a game with its table's state; a table with nobody seated gives one
    row whose seat columns are None."""

    table: int
    status: str
    winner_id: int | None
    deal_first_id: int | None
    pair_id: int | None
    slot: int | None
    from_table: int | None
    pair_number: int | None


class NewTable(NamedTuple):
    table: int
    deal_first_id: int | None
    status: str
    source: str
    winner_id: int | None


class NewSeat(NamedTuple):
    table: int
    pair_id: int
    slot: int
    from_table: int | None


def _q(name: str) -> str:
    return connection.ops.quote_name(name)


def game_seats(drive_id: int, game: int) -> list[SeatRow]:
    """Every table of the game with its seats and their pairs' numbers, by table then slot."""
    tg, seat, pair = (_q(m._meta.db_table) for m in (TableGame, Seat, Pair))
    sql = (
        f"SELECT tg.{_q('table')}, tg.status, tg.winner_id, tg.deal_first_id,"
        f" s.pair_id, s.slot, s.from_table, p.number"
        f" FROM {tg} tg"
        f" LEFT JOIN {seat} s ON s.table_game_id = tg.id"
        f" LEFT JOIN {pair} p ON p.id = s.pair_id"
        f" WHERE tg.drive_id = %s AND tg.game = %s"
        f" ORDER BY tg.{_q('table')}, s.slot"
    )
    with connection.cursor() as c:
        c.execute(sql, [drive_id, game])
        return [SeatRow(*row) for row in c.fetchall()]


def insert_seating(
    drive_id: int, game: int, tables: Sequence[NewTable], seats: Sequence[NewSeat]
) -> None:
    """Insert a game's tables (the model's defaults for the other columns: no result entered,
    version 0) and their seats. IntegrityError when the game already has a table."""
    table_game_ids: dict[int, int] = {}
    for chunk in _chunks(tables):
        table_game_ids.update(_insert_tables(drive_id, game, chunk))
    rows = [
        (drive_id, game, table_game_ids[s.table], s.pair_id, s.slot, s.from_table) for s in seats
    ]
    columns = ("drive_id", "game", "table_game_id", "pair_id", "slot", "from_table")
    for chunk in _chunks(rows):
        _insert(Seat._meta.db_table, columns, chunk)


def _insert_tables(drive_id: int, game: int, tables: Sequence[NewTable]) -> dict[int, int]:
    """table number -> id of the inserted row."""
    columns = (
        "drive_id",
        "game",
        "table",
        "deal_first_id",
        "winner_id",
        "status",
        "source",
        "entered_by_id",
        "entered_at",
        "version",
        "reported_device",
    )
    # Nobody entered a result yet (entered_by, entered_at), version 0, no reporting device.
    unentered = (None, None, 0, "")
    rows = [
        (drive_id, game, t.table, t.deal_first_id, t.winner_id, t.status, t.source, *unentered)
        for t in tables
    ]
    sql = _insert_sql(TableGame._meta.db_table, columns, len(rows))
    with connection.cursor() as c:
        if connection.features.can_return_rows_from_bulk_insert:
            c.execute(f"{sql} RETURNING {_q('table')}, id", _flat(rows))
            return dict(c.fetchall())
        c.execute(sql, _flat(rows))
        c.execute(
            f"SELECT {_q('table')}, id FROM {_q(TableGame._meta.db_table)}"
            f" WHERE drive_id = %s AND game = %s",
            [drive_id, game],
        )
        return dict(c.fetchall())


def _insert(table: str, columns: Sequence[str], rows: Sequence[tuple]) -> None:
    with connection.cursor() as c:
        c.execute(_insert_sql(table, columns, len(rows)), _flat(rows))


def _insert_sql(table: str, columns: Sequence[str], n: int) -> str:
    one = "(" + ", ".join(["%s"] * len(columns)) + ")"
    return (
        f"INSERT INTO {_q(table)} ({', '.join(_q(c) for c in columns)})"
        f" VALUES {', '.join([one] * n)}"
    )


def _flat(rows: Sequence[tuple]) -> list:
    return [v for row in rows for v in row]


def _chunks(rows: Sequence) -> list[Sequence]:
    return [rows[i : i + _ROWS_PER_INSERT] for i in range(0, len(rows), _ROWS_PER_INSERT)]
