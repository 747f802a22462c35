"""A series and its rules: create and change (seasons.standings reads the rules)."""

from __future__ import annotations

from datetime import datetime

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs.interface import FRONT, DriveError, Origin, TextError, clean_name, record_audit
from clubs.models import Club
from scoring.words import gettext_noop

from ..models import MAX_NIGHTS, MAX_POINT_PLACES, MAX_POINTS, Series

RULE_FIELDS = ("name", "counts", "points", "best_nights", "min_nights", "by")


def rules_of(series: Series) -> dict:
    """The series' name and rules as an audit entry keeps them."""
    return {k: getattr(series, k) for k in RULE_FIELDS}


def whole(value, *, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise DriveError(
            _("%(what)s: give a whole number from %(low)d to %(high)d.")
            % {"what": what, "low": low, "high": high}
        )
    return value


def clean_rules(values: dict) -> dict:
    """The rules as kept, or a DriveError saying what is wrong, in the organizer's words."""
    unknown = set(values) - set(RULE_FIELDS)
    if unknown:
        raise TypeError(f"unknown series settings: {sorted(unknown)}")
    out = dict(values)
    if "name" in out:
        try:
            out["name"] = clean_name(out["name"], max_length=120, what=_("The series' name"))
        except TextError as e:
            raise DriveError(str(e)) from e
    if "counts" in out and out["counts"] not in Series.Counts.values:
        raise DriveError(_("Choose what counts: games won or points by place."))
    if "by" in out and out["by"] not in Series.By.values:
        raise DriveError(_("Choose whether the series counts players or pairs."))
    if "points" in out:
        points = list(out["points"] or [])
        if len(points) > MAX_POINT_PLACES:
            raise DriveError(_("Points go to at most %(n)d places.") % {"n": MAX_POINT_PLACES})
        for p in points:
            whole(p, low=0, high=MAX_POINTS, what=_("Each place's points"))
        if any(b > a for a, b in zip(points, points[1:], strict=False)):
            raise DriveError(_("A place cannot get more points than the place above it."))
        out["points"] = points
    if out.get("best_nights") is not None:
        out["best_nights"] = whole(
            out["best_nights"], low=1, high=MAX_NIGHTS, what=_("The nights that count")
        )
    if "min_nights" in out:
        out["min_nights"] = whole(
            out["min_nights"], low=1, high=MAX_NIGHTS, what=_("The nights to qualify")
        )
    return out


def check_points(series: Series) -> None:
    if series.counts == Series.Counts.POINTS and not any(series.points):
        raise DriveError(_("Give the points for first place at least (for example 10, 8, 6)."))


def saved(series: Series) -> None:
    try:
        with transaction.atomic():
            series.save()
    except IntegrityError as e:
        raise DriveError(
            _("The club already has a series named “%(name)s”.") % {"name": series.name}, 409
        ) from e


def series_create(*, club: Club, actor, now: datetime, origin: Origin = FRONT, **values) -> Series:
    values = clean_rules(values)
    if "name" not in values:
        raise DriveError(_("Give the series a name."))
    with transaction.atomic():
        series = Series(club=club, created_at=now, **values)
        check_points(series)
        saved(series)
        record_audit(
            club=club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="series_create",
            summary=gettext_noop("Series created: %(name)s") % {"name": series.name},
            new=rules_of(series),
        )
    return series


def series_update(
    *, series: Series, actor, now: datetime, origin: Origin = FRONT, **values
) -> Series:
    values = clean_rules(values)
    with transaction.atomic():
        series = Series.objects.select_for_update().get(pk=series.pk)
        old = rules_of(series)
        for k, v in values.items():
            setattr(series, k, v)
        check_points(series)
        if rules_of(series) == old:
            return series
        saved(series)
        record_audit(
            club=series.club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="series_update",
            summary=gettext_noop("Series rules changed: %(name)s") % {"name": series.name},
            old=old,
            new=rules_of(series),
        )
    return series
