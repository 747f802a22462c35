"""Plain SQL for the hall's hot paths: the result tap, the table page and its submissions,
the projector board's poll, and seating a game ("next game": the one read it plans from and
the inserts of the new game's tables and seats); and the nights of a series, read whole on
every look at its standings.

Each is one statement, parameterized, the same text on SQLite and PostgreSQL except for the
row locks (PostgreSQL only: SQLite's IMMEDIATE transactions serialize writers). Written out
because compiling the ORM's query cost several times what the database takes to answer it.
Only the columns the callers need are read; rows come back as model instances whose other
fields are deferred (reading one loads it), so the services and templates use them as usual.

Every table and column is named by its model (`_meta.db_table`, each field's `column`,
through `_Names`), so a renamed table or column changes the statements with it; the
statements are built once, at import.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

from django.db import connection

from clubs.models import AuditEntry, Club

from . import movement
from .models import Drive, Pair, Seat, Submission, TableGame, TableLink

# The fields read (their attnames, as Model.from_db takes them).
DRIVE = ("id", "club_id", "name", "date", "status", "current_game", "games", "sitout_wins")
DRIVE += ("confirm_by_number", "confirm_by_code", "movement")
TABLE_GAME = ("id", "drive_id", "game", "table", "deal_first_id", "winner_id", "status")
TABLE_GAME += ("source", "version", "reported_device", "wrong_codes")
SEAT = ("id", "drive_id", "game", "table_game_id", "pair_id", "slot", "from_table")
PAIR = ("id", "drive_id", "number", "player1", "player2", "code")
LINK = ("id", "club_id", "table", "token")
CLUB = ("id", "name", "table_drive_id", "language", "suspended_at", "suspended_reason")
SUBMITTED = ("source", "answer_status", "answer")
FIRST_TABLE = ("id", "game", "table")


def _q(name: str) -> str:
    return connection.ops.quote_name(name)


class _Names:
    """A model's table in a statement, under an alias or not, its names the model's own:
    str() is the table (with its alias), `names.<field>` the field's column (after the
    alias), `names.columns(fields)` several, comma separated. A field the model does not
    have fails at import."""

    def __init__(self, model, alias: str = "") -> None:
        self.model = model
        self.alias = alias

    def __str__(self) -> str:
        table = _q(self.model._meta.db_table)
        return f"{table} {self.alias}" if self.alias else table

    def __getattr__(self, field: str) -> str:
        if field.startswith("_"):
            raise AttributeError(field)
        column = _q(self.model._meta.get_field(field).column)
        return f"{self.alias}.{column}" if self.alias else column

    def columns(self, fields: Sequence[str]) -> str:
        return ", ".join(getattr(self, f) for f in fields)


_D = _Names(Drive, "d")
_TG = _Names(TableGame, "tg")
_S = _Names(Seat, "s")
_P = _Names(Pair, "p")
_K = _Names(Submission, "k")
_KTG = _Names(TableGame, "ktg")
_L = _Names(TableLink, "l")
_C = _Names(Club, "c")
_TABLE_GAME = _Names(TableGame)
_SEAT = _Names(Seat)
_SUBMISSION = _Names(Submission)
_AUDIT = _Names(AuditEntry)

RUNNING = Drive.Status.RUNNING.value
CONFIRMED = TableGame.Status.CONFIRMED.value


def _make(model, names: tuple[str, ...], values) -> object:
    """A model instance of the columns read (the others deferred), as the ORM would load it."""
    by_name = dict(zip(names, values, strict=True))
    return model.from_db(
        connection.alias, list(by_name), [by_name[f.attname] for f in _order(model, names)]
    )


_ORDERS: dict = {}


def _order(model, names):
    """The fields read, in the model's own order (Model.from_db wants them so)."""
    key = (model, names)
    if key not in _ORDERS:
        _ORDERS[key] = [f for f in model._meta.concrete_fields if f.attname in names]
    return _ORDERS[key]


def _split(row, *parts):
    """Cut a row into the columns of each part, in order."""
    out, at = [], 0
    for names in parts:
        out.append(row[at : at + len(names)])
        at += len(names)
    return out


def _lock(clause: str) -> str:
    return f" {clause}" if connection.vendor == "postgresql" else ""


@dataclass(frozen=True)
class Submitted:
    """The first submission of a key: who sent it, the answer it got and its table."""

    source: str
    answer_status: int
    answer: str
    table_game: TableGame


@dataclass(frozen=True)
class Locked:
    """A table of the current game read for a result write: its drive, its row with the seats
    attached (table_game.seat_list, each seat with its pair; table_game.drive) and the first
    submission of the key sent, if any."""

    drive: Drive
    table_game: TableGame
    submitted: Submitted | None


_LOCKED = (
    f"SELECT {_D.columns(DRIVE)}, {_TG.columns(TABLE_GAME)}, {_S.columns(SEAT)}, "
    f"{_P.columns(PAIR)}, {_K.columns(SUBMITTED)}, {_KTG.columns(FIRST_TABLE)} "
    f"FROM {_D} "
    f"JOIN {_TG} ON {_TG.drive_id} = {_D.id} AND {_TG.game} = %s AND {_TG.table} = %s "
    f"JOIN {_S} ON {_S.table_game_id} = {_TG.id} "
    f"JOIN {_P} ON {_P.id} = {_S.pair_id} "
    f"LEFT JOIN {_K} ON {_K.drive_id} = {_D.id} AND {_K.key} = %s "
    f"LEFT JOIN {_KTG} ON {_KTG.id} = {_K.table_game_id} "
    f"WHERE {_D.id} = %s ORDER BY {_S.slot}"
)


def locked_table(
    *, drive_id: int, game: int, table: int, key: str | None, lock: bool = True
) -> Locked | None:
    """The table of a game with its seats, pairs and drive, and the key's first submission,
    in one statement; None if the drive has no such table in that game.

    On PostgreSQL the drive row is locked FOR SHARE (result writes at different tables go
    on side by side; "next game" and undo, which lock it FOR UPDATE, wait for them and they
    for it) and the table's row FOR UPDATE (one write per table at a time). Call it inside
    the write's transaction (lock=False: a read for a screen, nothing locked). The key's
    submission is read with the same snapshot: a race
    with a retry is settled by the key's unique index (see submission_add)."""
    sql = _LOCKED + (_lock("FOR SHARE OF d FOR UPDATE OF tg") if lock else "")
    with connection.cursor() as cursor:
        cursor.execute(sql, [game, table, key, drive_id])
        rows = cursor.fetchall()
    if not rows:
        return None
    parts = (DRIVE, TABLE_GAME, SEAT, PAIR, SUBMITTED, FIRST_TABLE)
    d, tg, _s, _p, sent, first = _split(rows[0], *parts)
    drive = _make(Drive, DRIVE, d)
    tg = _make(TableGame, TABLE_GAME, tg)
    tg.drive = drive
    seats = []
    for row in rows:
        _d, _tg, s, p, _sent, _first = _split(row, *parts)
        seat = _make(Seat, SEAT, s)
        seat.pair = _make(Pair, PAIR, p)
        seat.table_game = tg
        seats.append(seat)
    tg.seat_list = seats
    submitted = None
    if sent[0] is not None:
        submitted = Submitted(*sent, _make(TableGame, FIRST_TABLE, first))
    return Locked(drive, tg, submitted)


SUBMISSION = ("drive_id", "table_game_id", "key", "kind", "winner_id", "device", "agent")
SUBMISSION += ("actor_id", "source", "at", "answer_status", "answer")
_SUBMISSION_ADD = (
    f"INSERT INTO {_SUBMISSION} ({_SUBMISSION.columns(SUBMISSION)}) "
    f"VALUES ({', '.join(['%s'] * len(SUBMISSION))}) "
    f"ON CONFLICT ({_SUBMISSION.drive_id}, {_SUBMISSION.key}) DO NOTHING"
)


def submission_add(
    *,
    drive_id: int,
    table_game_id: int,
    key: str,
    kind: str,
    winner_id: int | None,
    device: str,
    agent: str,
    actor_id: int | None,
    source: str,
    at: datetime,
    answer_status: int,
    answer: str,
) -> bool:
    """Write a submission with its answer; False (and nothing written) if its key was
    already used in the drive, by this request's retry or anyone else."""
    at_value = connection.ops.adapt_datetimefield_value(at)
    params = [drive_id, table_game_id, key, kind, winner_id, device, agent, actor_id, source]
    with connection.cursor() as cursor:
        cursor.execute(_SUBMISSION_ADD, [*params, at_value, answer_status, answer])
        return cursor.rowcount == 1


def _result_set_sql(clear_codes: bool) -> str:
    clear = f"{_TABLE_GAME.wrong_codes} = 0, " if clear_codes else ""
    return (
        f"UPDATE {_TABLE_GAME} SET {_TABLE_GAME.winner_id} = %s, {_TABLE_GAME.status} = %s, "
        f"{_TABLE_GAME.source} = %s, {_TABLE_GAME.reported_device} = %s, "
        f"{_TABLE_GAME.entered_by_id} = %s, {_TABLE_GAME.entered_at} = %s, {clear}"
        f"{_TABLE_GAME.version} = {_TABLE_GAME.version} + 1 WHERE {_TABLE_GAME.id} = %s"
    )


_RESULT_SET = {clear: _result_set_sql(clear) for clear in (False, True)}


def result_set(
    *,
    table_game_id: int,
    winner_id: int | None,
    status: str,
    source: str,
    device: str,
    actor_id: int | None,
    at: datetime,
    clear_codes: bool = False,
) -> None:
    """Write a table's result and count its version up (the screens' ETags follow it).
    clear_codes: the front table's entry, which also sets the table's wrong pair codes back
    to none, in the same statement."""
    at_value = connection.ops.adapt_datetimefield_value(at)
    with connection.cursor() as cursor:
        cursor.execute(
            _RESULT_SET[clear_codes],
            [winner_id, status, source, device, actor_id, at_value, table_game_id],
        )


_WRONG_CODE_ADD = (
    f"UPDATE {_TABLE_GAME} SET {_TABLE_GAME.wrong_codes} = {_TABLE_GAME.wrong_codes} + 1 "
    f"WHERE {_TABLE_GAME.id} = %s AND {_TABLE_GAME.wrong_codes} < %s"
)


def wrong_code_add(*, table_game_id: int, tries: int) -> bool:
    """Count one more wrong pair code at a table, up to ``tries`` (call it with the table's
    row locked, as read by locked_table); False, with nothing written, once the table has
    had its tries."""
    with connection.cursor() as cursor:
        cursor.execute(_WRONG_CODE_ADD, [table_game_id, tries])
        return cursor.rowcount == 1


AUDIT_JSON = ("old", "new", "words")


def audit_add(entry: dict) -> None:
    """Write an audit entry: the values clubs.interface.audit_row made (AuditEntry's fields
    by attname, cut and filled there), its old and new states and its words as JSON, in
    the model's order. record_audit writes the same values through the ORM."""
    fields = _order(AuditEntry, tuple(entry))
    if len(fields) != len(entry):
        raise ValueError(f"AuditEntry has no field among {sorted(entry)}")
    as_json = "CAST(%s AS jsonb)" if connection.vendor == "postgresql" else "%s"
    marks = ", ".join(as_json if f.attname in AUDIT_JSON else "%s" for f in fields)
    sql = f"INSERT INTO {_AUDIT} ({_AUDIT.columns([f.attname for f in fields])}) VALUES ({marks})"
    values = {**entry, "at": connection.ops.adapt_datetimefield_value(entry["at"])}
    values.update({name: _json(values[name]) for name in AUDIT_JSON if name in values})
    with connection.cursor() as cursor:
        cursor.execute(sql, [values[f.attname] for f in fields])


def _json(value: object | None) -> str | None:
    return None if value is None else json.dumps(value)


_GAME_STRIP = (
    f"SELECT {_TABLE_GAME.table}, {_TABLE_GAME.status} FROM {_TABLE_GAME} "
    f"WHERE {_TABLE_GAME.drive_id} = %s AND {_TABLE_GAME.game} = %s "
    f"ORDER BY {_TABLE_GAME.table}"
)


def game_strip(*, drive_id: int, game: int) -> list[tuple[int, str]]:
    """(table, status) of every table of a game, by table number."""
    with connection.cursor() as cursor:
        cursor.execute(_GAME_STRIP, [drive_id, game])
        return [tuple(row) for row in cursor.fetchall()]


_COUNTED_WINNER = (
    f"SELECT {_P.number} FROM {_TG} JOIN {_P} ON {_P.id} = {_TG.winner_id} "
    f"WHERE {_TG.drive_id} = %s AND {_TG.game} = %s AND {_TG.table} = %s "
    f"AND {_TG.status} = '{CONFIRMED}'"
)


def counted_winner(*, drive_id: int, game: int, table: int) -> int | None:
    """The winning pair's number of a table whose result counts (None otherwise)."""
    with connection.cursor() as cursor:
        cursor.execute(_COUNTED_WINNER, [drive_id, game, table])
        row = cursor.fetchone()
    return None if row is None else row[0]


@dataclass(frozen=True)
class Card:
    """A table card's link with its club, the running drive it opens (or None) and, if
    with_table, that drive's table of the current game with its seats (or None)."""

    link: TableLink
    drive: Drive | None
    table_game: TableGame | None
    with_table: bool = True


def _card_sql(table_join: str) -> str:
    return (
        f"SELECT {_L.columns(LINK)}, {_C.columns(CLUB)}, {_D.columns(DRIVE)}, "
        f"{_TG.columns(TABLE_GAME)}, {_S.columns(SEAT)}, {_P.columns(PAIR)} "
        f"FROM {_L} "
        f"JOIN {_C} ON {_C.id} = {_L.club_id} "
        f"LEFT JOIN {_D} ON {_D.id} = {_C.table_drive_id} AND {_D.club_id} = {_C.id} "
        f"AND {_D.status} = '{RUNNING}' "
        f"LEFT JOIN {_TG} ON {table_join} "
        f"LEFT JOIN {_S} ON {_S.table_game_id} = {_TG.id} "
        f"LEFT JOIN {_P} ON {_P.id} = {_S.pair_id} "
        f"WHERE {_L.token} = %s ORDER BY {_S.slot}"
    )


_CARD = _card_sql(
    f"{_TG.drive_id} = {_D.id} AND {_TG.game} = {_D.current_game} AND {_TG.table} = {_L.table}"
)
_CARD_LINK = _card_sql("1 = 0")


def table_card(token: str, *, with_table: bool = True) -> Card | None:
    """The table card of a token, in one statement; None if no card has it.

    with_table: read the table of the current game too (the page), or only the link and
    the drive (a submission, whose service reads the table under its lock)."""
    with connection.cursor() as cursor:
        cursor.execute(_CARD if with_table else _CARD_LINK, [token])
        rows = cursor.fetchall()
    if not rows:
        return None
    link_v, club_v, d, tg = _split(rows[0], LINK, CLUB, DRIVE, TABLE_GAME)
    link = _make(TableLink, LINK, link_v)
    link.club = _make(Club, CLUB, club_v)
    drive = _make(Drive, DRIVE, d) if d[0] is not None else None
    if drive is None or tg[0] is None:
        return Card(link, drive, None, with_table)
    tg = _make(TableGame, TABLE_GAME, tg)
    tg.drive = drive
    seats = []
    for row in rows:
        *_head, s, p = _split(row, LINK, CLUB, DRIVE, TABLE_GAME, SEAT, PAIR)
        if s[0] is None:
            continue
        seat = _make(Seat, SEAT, s)
        seat.pair = _make(Pair, PAIR, p)
        seat.table_game = tg
        seats.append(seat)
    if not seats:
        return Card(link, drive, None)
    tg.seat_list = seats
    return Card(link, drive, tg)


# What a live screen shows of the current game, in one SELECT of scalar subqueries, each an
# index lookup: the ORM's eleven Subquery annotations took some 10 ms a poll to compile.
_XTG, _XS = _Names(TableGame, "x"), _Names(Seat, "x")
_XP, _XA = _Names(Pair, "x"), _Names(AuditEntry, "x")
_THIS_GAME = f"{_XTG.drive_id} = {_D.id} AND {_XTG.game} = {_D.current_game}"
_SEAT_GAME = f"{_XS.drive_id} = {_D.id} AND {_XS.game} = {_D.current_game}"
# The fingerprint's columns of the drive `d` (its parameters: the table statuses, in order).
_FINGERPRINT_COLUMNS = f"{_D.status}, {_D.current_game}, " + ", ".join(
    [
        *(
            f"(SELECT COUNT(*) FROM {_XTG} WHERE {_THIS_GAME} AND {_XTG.status} = %s)"
            for _ in TableGame.Status.values
        ),
        f"(SELECT SUM({_XTG.version}) FROM {_XTG} WHERE {_THIS_GAME})",
        f"(SELECT MAX({_XTG.id}) FROM {_XTG} WHERE {_THIS_GAME})",
        f"(SELECT COUNT(*) FROM {_XS} WHERE {_SEAT_GAME})",
        f"(SELECT MAX({_XS.id}) FROM {_XS} WHERE {_SEAT_GAME})",
        f"(SELECT COUNT(*) FROM {_XP} WHERE {_XP.drive_id} = {_D.id})",
        f"(SELECT MAX({_XA.id}) FROM {_XA} WHERE {_XA.drive_id} = {_D.id})",
    ]
)
_FINGERPRINT = f"SELECT {_FINGERPRINT_COLUMNS} FROM {_D} WHERE {_D.id} = %s"
# Where the number of pairs stands among them: after status, game, the counts, the version
# sum, the newest table, the seat count and the newest seat.
_FINGERPRINT_PAIRS = 2 + len(TableGame.Status.values) + 4


def fingerprint(drive_id: int) -> tuple | None:
    """The drive's status and current game; over the current game's tables, the count by
    status, the sum of the result versions and the newest row id; the seat count and newest
    seat id; the number of pairs; the newest audit entry. None: no such drive."""
    with connection.cursor() as cursor:
        cursor.execute(_FINGERPRINT, [*TableGame.Status.values, drive_id])
        return cursor.fetchone()


# A pair's own page (no login, its card token the key): the pair, its drive and club, and the
# drive's fingerprint, in one statement; the page's poll is this statement alone.
CARD_PAIR = ("id", "drive_id", "number", "player1", "player2", "arrived_game")
CARD_PAIR += ("left_after_game", "card_token")
_PAIR_CARD = (
    f"SELECT {_P.columns(CARD_PAIR)}, {_D.columns(DRIVE)}, {_C.name}, {_C.language}, "
    f"{_C.suspended_at}, {_C.suspended_reason}, "
    f"{_FINGERPRINT_COLUMNS} "
    f"FROM {_P} JOIN {_D} ON {_D.id} = {_P.drive_id} JOIN {_C} ON {_C.id} = {_D.club_id} "
    f"WHERE {_P.card_token} = %s"
)


@dataclass(frozen=True)
class PairCard:
    """A card token's pair (number, names, arrival and leaving; never its pair code) with
    its drive, its club's name and language, the club's suspension (when and why, None and
    "" for a club in use) and the drive's fingerprint (as fingerprint() reads it)."""

    pair: Pair
    drive: Drive
    club_name: str
    club_language: str
    club_suspended_at: object
    club_suspended_reason: str
    fingerprint: tuple

    @property
    def pair_count(self) -> int:
        """The drive's number of pairs (a column of the fingerprint)."""
        return self.fingerprint[_FINGERPRINT_PAIRS]


def pair_card(token: str) -> PairCard | None:
    """The pair a card token opens, with its drive, club and the drive's fingerprint, in one
    statement; None if no pair has that token."""
    with connection.cursor() as cursor:
        cursor.execute(_PAIR_CARD, [*TableGame.Status.values, token])
        row = cursor.fetchone()
    if row is None:
        return None
    club_columns = ("name", "language", "suspended_at", "suspended_reason")
    p, d, club = _split(row, CARD_PAIR, DRIVE, club_columns)
    fingerprint = row[len(CARD_PAIR) + len(DRIVE) + len(club_columns) :]
    pair = _make(Pair, CARD_PAIR, p)
    drive = _make(Drive, DRIVE, d)
    pair.drive = drive
    return PairCard(pair, drive, *club, tuple(fingerprint))


BOARD_DRIVE = ("id", "club_id", "name", "date", "status", "current_game", "games")
BOARD_DRIVE += ("board_public", "standings_public")
# With the club's language: a projector that has not chosen one shows the club's. A
# suspended club's screens are not shown (the same 404 as a screen switched off).
_PUBLIC = {
    screen: f"SELECT {_D.columns(BOARD_DRIVE)}, {_C.language} FROM {_D} "
    f"JOIN {_C} ON {_C.id} = {_D.club_id} "
    f"WHERE {_D.id} = %s AND {getattr(_D, screen)} = %s AND {_C.suspended_at} IS NULL"
    for screen in ("board_public", "standings_public")
}


def public_drive(drive_id: int, screen: str) -> Drive | None:
    """The drive if its public screen ("board_public" or "standings_public") is on and its
    club is not suspended, with
    the columns the public screens show (the others deferred) and its club's language as
    `club_language`; else None."""
    with connection.cursor() as cursor:
        cursor.execute(_PUBLIC[screen], [drive_id, True])
        row = cursor.fetchone()
    if row is None:
        return None
    drive = _make(Drive, BOARD_DRIVE, row[:-1])
    drive.club_language = row[-1]
    return drive


BOARD_PAIR = ("id", "drive_id", "number", "player1", "player2")
_PAIR_WINS = (
    f"SELECT {_P.columns(BOARD_PAIR)}, COUNT({_TG.id}) FROM {_P} "
    f"LEFT JOIN {_TG} ON {_TG.winner_id} = {_P.id} AND {_TG.status} IN (%s, %s) "
    f"WHERE {_P.drive_id} = %s "
    f"GROUP BY {_P.columns(BOARD_PAIR)} ORDER BY {_P.number}"
)


def pair_wins(drive_id: int) -> list[tuple[Pair, int]]:
    """Each pair of the drive (number and names) with its games won that count, by number."""
    with connection.cursor() as cursor:
        cursor.execute(_PAIR_WINS, [*TableGame.COUNTED, drive_id])
        rows = cursor.fetchall()
    return [(_make(Pair, BOARD_PAIR, row[:-1]), row[-1]) for row in rows]


# ---- the nights of a series (seasons reads them through drives.queries.pairs_won) ----------
# Built once with a hole for the drives' placeholders, filled per call with "%s, %s, ...".
# Against the ORM's two queries, 4-5 ms less of a 30-night series' 40 ms read.
_NIGHTS_WINS = (
    f"SELECT {_TABLE_GAME.winner_id}, COUNT(*) FROM {_TABLE_GAME} "
    f"WHERE {_TABLE_GAME.drive_id} IN ({{drives}}) AND {_TABLE_GAME.status} IN (%s, %s) "
    f"AND {_TABLE_GAME.winner_id} IS NOT NULL GROUP BY {_TABLE_GAME.winner_id}"
)
_PAIRS = _Names(Pair)
NIGHT_PAIR = ("id", "drive_id", "number", "player1", "player2", "person1_id", "person2_id")
NIGHT_PAIR += ("side",)
# Games lost: a counted table game where the pair sat facing another pair and it won (a
# sit-out is never lost), counted per pair in a subquery joined to the pairs.
_LOST = (
    f"SELECT {_S.pair_id} AS pair_id, COUNT(*) AS lost FROM {_S} "
    f"JOIN {_TG} ON {_TG.id} = {_S.table_game_id} "
    f"WHERE {_TG.drive_id} IN ({{drives}}) AND {_TG.status} = %s "
    f"AND {_TG.winner_id} <> {_S.pair_id} GROUP BY {_S.pair_id}"
)
_NIGHTS_PAIRS = (
    f"SELECT {_PAIRS.columns(NIGHT_PAIR)}, COALESCE(lg.lost, 0) FROM {_PAIRS} "
    f"LEFT JOIN ({_LOST}) lg ON lg.pair_id = {_PAIRS.id} "
    f"WHERE {_PAIRS.drive_id} IN ({{drives}}) "
    f"ORDER BY {_PAIRS.drive_id}, {_PAIRS.number}"
)


def nights_pairs(drive_ids: Sequence[int]) -> tuple[dict[int, int], list[tuple]]:
    """The games won that count of every pair of the drives (pair id -> games won), and
    the pairs (NIGHT_PAIR's columns, then their games lost) by drive and number: two
    statements."""
    if not drive_ids:
        return {}, []
    holes = ", ".join(["%s"] * len(drive_ids))
    with connection.cursor() as cursor:
        cursor.execute(_NIGHTS_WINS.format(drives=holes), [*drive_ids, *TableGame.COUNTED])
        wins = dict(cursor.fetchall())
        cursor.execute(_NIGHTS_PAIRS.format(drives=holes), [*drive_ids, CONFIRMED, *drive_ids])
        pairs = cursor.fetchall()
    return wins, pairs


_SEATINGS = (
    f"SELECT {_TG.columns(('game', 'table', 'deal_first_id'))}, "
    f"{_S.columns(('pair_id', 'from_table'))} "
    f"FROM {_TG} LEFT JOIN {_S} ON {_S.table_game_id} = {_TG.id} "
    f"WHERE {_TG.drive_id} = %s AND {_TG.game} IN (%s, %s) "
    f"ORDER BY {_TG.game}, {_TG.table}, {_S.slot}"
)


def seatings(drive_id: int, before: int, after: int) -> tuple[movement.Seating, movement.Seating]:
    """The recorded seatings of two games, in the movement's terms (pair ids), in one
    statement: what services.seating_of gives for each."""
    with connection.cursor() as cursor:
        cursor.execute(_SEATINGS, [drive_id, before, after])
        rows = cursor.fetchall()
    tables: dict[int, dict[int, tuple]] = {before: {}, after: {}}
    for game, table, deal, pair_id, from_table in rows:
        pairs, came, _deal = tables[game].get(table, ((), (), deal))
        if pair_id is not None:
            pairs, came = (*pairs, pair_id), (*came, from_table)
        tables[game][table] = (pairs, came, deal)
    return tuple(
        tuple(
            movement.Table(number=t, pairs=pairs, deals_first=deal, came_from=came)
            for t, (pairs, came, deal) in sorted(tables[game].items())
        )
        for game in (before, after)
    )


# ---- seating a game ("next game") -------------------------------------------------------
# At 60 tables the ORM took 10-20 ms to build 180 model objects and compile their inserts,
# and 5-10 ms to load the game's tables with their seats, for about 2 ms of SQL in all.

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


_GAME_SEATS = (
    f"SELECT {_TG.columns(('table', 'status', 'winner_id', 'deal_first_id'))}, "
    f"{_S.columns(('pair_id', 'slot', 'from_table'))}, {_P.number} "
    f"FROM {_TG} "
    f"LEFT JOIN {_S} ON {_S.table_game_id} = {_TG.id} "
    f"LEFT JOIN {_P} ON {_P.id} = {_S.pair_id} "
    f"WHERE {_TG.drive_id} = %s AND {_TG.game} = %s "
    f"ORDER BY {_TG.table}, {_S.slot}"
)


def game_seats(drive_id: int, game: int) -> list[SeatRow]:
    """Every table of the game with its seats and their pairs' numbers, by table then slot."""
    with connection.cursor() as c:
        c.execute(_GAME_SEATS, [drive_id, game])
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
        _insert(_SEAT, columns, chunk)


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
        "wrong_codes",
    )
    # Nobody entered a result yet (entered_by, entered_at), version 0, no reporting device,
    # no wrong pair code typed.
    unentered = (None, None, 0, "", 0)
    rows = [
        (drive_id, game, t.table, t.deal_first_id, t.winner_id, t.status, t.source, *unentered)
        for t in tables
    ]
    sql = _insert_sql(_TABLE_GAME, columns, len(rows))
    with connection.cursor() as c:
        if connection.features.can_return_rows_from_bulk_insert:
            c.execute(f"{sql} RETURNING {_TABLE_GAME.columns(('table', 'id'))}", _flat(rows))
            return dict(c.fetchall())
        c.execute(sql, _flat(rows))
        c.execute(
            f"SELECT {_TABLE_GAME.columns(('table', 'id'))} FROM {_TABLE_GAME}"
            f" WHERE {_TABLE_GAME.drive_id} = %s AND {_TABLE_GAME.game} = %s",
            [drive_id, game],
        )
        return dict(c.fetchall())


def _insert(table: _Names, columns: Sequence[str], rows: Sequence[tuple]) -> None:
    with connection.cursor() as c:
        c.execute(_insert_sql(table, columns, len(rows)), _flat(rows))


def _insert_sql(table: _Names, columns: Sequence[str], n: int) -> str:
    one = "(" + ", ".join(["%s"] * len(columns)) + ")"
    return f"INSERT INTO {table} ({table.columns(columns)}) VALUES {', '.join([one] * n)}"


def _flat(rows: Sequence[tuple]) -> list:
    return [v for row in rows for v in row]


def _chunks(rows: Sequence) -> list[Sequence]:
    return [rows[i : i + _ROWS_PER_INSERT] for i in range(0, len(rows), _ROWS_PER_INSERT)]
