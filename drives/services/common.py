"""What every writer of drive state shares: the drive's row lock, the current-game check, a
table's result row under its lock and new pair codes. The error types, the origin of a change
and the audit writer are the ground floor's (clubs.interface).
"""

from __future__ import annotations

from typing import NoReturn

from django.utils.translation import gettext as _

from clubs.interface import DriveError, StaleError

from .. import pair_codes
from ..models import Drive, Pair, Seat, TableGame


def locked_drive(drive: Drive) -> Drive:
    """Re-read the drive under a row lock so racing requests serialize."""
    return Drive.objects.select_for_update().get(pk=drive.pk)


def check_current_game(drive: Drive, game: int) -> None:
    """Refuse a write for ``game`` unless the drive is running it (409: finished, not started,
    or another game)."""
    if not drive.is_running:
        if drive.is_finished:
            raise DriveError(_("The drive is finished: results are read-only."), 409)
        raise DriveError(_("The drive has not started yet."), 409)
    if game != drive.current_game:
        raise StaleError(
            _("Game %(game)d is not the current game (game %(current)d is being played).")
            % {"game": game, "current": drive.current_game}
        )


def new_pair_codes(drive: Drive, n: int) -> list[str]:
    """Codes for ``n`` new pairs of the drive, none already in it. Call it with the drive's
    row locked, so two requests adding pairs cannot draw the same code."""
    taken = set(Pair.objects.filter(drive_id=drive.pk).values_list("code", flat=True))
    return pair_codes.draw(taken, n)


def locked_table(drive: Drive, game: int, table: int) -> TableGame:
    """The table's result row with its seats and drive, locked, in one query.

    Locking the drive row too keeps a result from changing while "next game"
    reads the results (PostgreSQL); SQLite's IMMEDIATE transactions serialize
    writers anyway. The seats are attached as tg.seat_list.
    """
    seats = list(
        Seat.objects.select_for_update(of=("table_game", "table_game__drive"))
        .select_related("pair", "table_game", "table_game__drive", "table_game__drive__club")
        .filter(drive_id=drive.pk, game=game, table_game__table=table)
        .order_by("slot")
    )
    if not seats:
        refuse_missing_table(drive, game, table)
    tg = seats[0].table_game
    for seat in seats:
        seat.table_game = tg
    tg.seat_list = seats
    check_current_game(tg.drive, game)
    return tg


def refuse_missing_table(drive: Drive, game: int, table: int) -> NoReturn:
    """Refuse a write to a table the game does not have: the drive's own reason first (not
    running, another game), else a 404."""
    fresh = Drive.objects.get(pk=drive.pk)
    check_current_game(fresh, game)
    raise DriveError(
        _("There is no table %(table)d in game %(game)d.") % {"table": table, "game": game}, 404
    )
