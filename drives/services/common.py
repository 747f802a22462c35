"""What every writer of drive state shares: the drive's row lock, the current-game check and
new pair codes. The error types, the origin of a change and the audit writer are the ground
floor's (clubs.interface).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from clubs.interface import DriveError, StaleError

from .. import pair_codes
from ..models import Drive, Pair


def locked_drive(drive: Drive) -> Drive:
    """Re-read the drive under a row lock so racing requests serialize."""
    return Drive.objects.select_for_update().get(pk=drive.pk)


def _check_current(drive: Drive, game: int) -> None:
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
