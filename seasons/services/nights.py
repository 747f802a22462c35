"""A drive in or out of a series, and a new drive made in one."""

from __future__ import annotations

from datetime import datetime

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs.interface import FRONT, DriveError, Origin, record_audit
from drives.interface import drive_create
from drives.models import Drive
from scoring.words import gettext_noop

from ..models import Series, SeriesNight


def locked_series(series: Series) -> Series:
    return Series.objects.select_for_update().get(pk=series.pk)


def add(series: Series, drive: Drive, *, actor, now: datetime, origin: Origin) -> SeriesNight:
    if drive.club_id != series.club_id:
        raise DriveError(_("That drive is not one of this club's."), 404)
    other = SeriesNight.objects.filter(drive=drive).select_related("series").first()
    if other is not None:
        if other.series_id == series.pk:
            raise DriveError(_("That drive is already a night of this series."), 409)
        raise DriveError(
            _("That drive is already a night of the series “%(name)s”: remove it there first.")
            % {"name": other.series.name},
            409,
        )
    try:
        with transaction.atomic():
            night = SeriesNight.objects.create(series=series, drive=drive, added_at=now)
    except IntegrityError as e:  # another device added it meanwhile
        raise DriveError(_("That drive is already a night of a series."), 409) from e
    record_audit(
        club=series.club,
        drive=drive,
        actor=actor,
        now=now,
        origin=origin,
        action="series_night_add",
        summary=gettext_noop("Drive added to the series %(name)s") % {"name": series.name},
        new={"series": series.pk, "drive": drive.pk},
    )
    return night


def night_add(
    *, series: Series, drive: Drive, actor, now: datetime, origin: Origin = FRONT
) -> SeriesNight:
    """Count a drive of the club as a night of the series (at most one series a drive)."""
    with transaction.atomic():
        series = locked_series(series)
        return add(series, drive, actor=actor, now=now, origin=origin)


def night_remove(
    *, series: Series, drive: Drive, actor, now: datetime, origin: Origin = FRONT
) -> None:
    """Take a drive out of the series: the drive and its results stay as they are."""
    with transaction.atomic():
        series = locked_series(series)
        deleted, _rows = SeriesNight.objects.filter(series=series, drive=drive).delete()
        if not deleted:
            raise DriveError(_("That drive is not a night of this series."), 409)
        record_audit(
            club=series.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="series_night_remove",
            summary=gettext_noop("Drive taken out of the series %(name)s") % {"name": series.name},
            old={"series": series.pk, "drive": drive.pk},
        )


def drive_create_in_series(
    *, series: Series, actor, now: datetime, origin: Origin = FRONT, **values
) -> Drive:
    """A new drive that is a night of the series from the start: the drive's own entry
    ("Drive created") and the series' one, in one transaction (both or neither)."""
    with transaction.atomic():
        series = locked_series(series)
        drive = drive_create(club=series.club, actor=actor, now=now, origin=origin, **values)
        add(series, drive, actor=actor, now=now, origin=origin)
    return drive
