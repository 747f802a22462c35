"""What every prize service needs: the drive's prize settings, its tallies and checks."""

from __future__ import annotations

from django.db.models import Count
from django.utils import translation
from django.utils.translation import gettext as _

from clubs.interface import DriveError, Origin, record_audit
from drives.models import Drive, PrizeSettings, TableGame
from prizes.places import PrizeError
from prizes.templatetags.money import cents
from scoring.speak import say

__all__ = [
    "DriveError",
    "Origin",
    "PrizeError",
    "as_drive_error",
    "audit_dollars",
    "conflicts",
    "prize_settings",
    "record_audit",
    "require_finished",
    "tallies",
]


def prize_settings(drive: Drive) -> PrizeSettings:
    """The drive's prize settings; the defaults (unsaved) when none were saved."""
    found = PrizeSettings.objects.filter(drive=drive).first()
    return found or PrizeSettings(drive=drive)


def tallies(drive: Drive) -> dict[int, int]:
    """pair number -> games won (punched), every pair of the drive included."""
    won = dict(
        TableGame.objects.filter(drive=drive, status__in=TableGame.COUNTED, winner__isnull=False)
        .values_list("winner__number")
        .annotate(n=Count("id"))
        .values_list("winner__number", "n")
    )
    return {n: won.get(n, 0) for n in drive.pairs.values_list("number", flat=True)}


def conflicts(drive: Drive) -> int:
    return TableGame.objects.filter(drive=drive, status=TableGame.Status.CONFLICT).count()


def require_finished(drive: Drive) -> None:
    """Prizes are settled once the night is over and no result is in conflict."""
    if not drive.is_finished:
        raise DriveError(_("Prizes are settled after the last game: finish the drive first."), 409)
    if conflicts(drive):
        raise DriveError(
            _("A result of this drive is in conflict: settle it before any prize."), 409
        )


def as_drive_error(error: PrizeError, status: int = 400) -> DriveError:
    """The pure rules' refusal, shown to the organizer like any other (in the active language)."""
    return DriveError(say(error.args[0]) if error.args else str(error), status)


def audit_dollars(value: int) -> str:
    """Money as an audit summary writes it: in English, like the rest of its plain text
    (the sentence around it is said in the reader's language, the amount stays as written)."""
    with translation.override("en"):
        return cents(value)
