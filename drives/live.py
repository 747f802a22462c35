"""A cheap way to tell when a live screen of a drive has changed.

The result screen and the projector board (board/) poll every few seconds; most
polls find nothing new. game_fingerprint answers "has anything on screen changed?"
in one query of aggregates, so an unchanged poll is answered 204 or 304 without
loading a table or a pair.
"""

from __future__ import annotations

from django.db import connection

from clubs.models import AuditEntry

from .models import Drive, Pair, Seat, TableGame


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
