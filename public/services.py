"""The writers of the public page: the club's page (its address, on or off, the players'
histories) and what it shows (a drive, a series, a league). Each is one transaction and
one audit entry; a change to nothing writes nothing. Everything starts off."""

from __future__ import annotations

import re
from datetime import datetime

from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from clubs.interface import FRONT, DriveError, Origin, record_audit
from clubs.models import Club
from drives.models import Drive
from leagues.models import League
from scoring.words import gettext_noop
from seasons.models import Series

from .models import SLUG_MAX, SLUG_MIN, PublicDrive, PublicLeague, PublicPage, PublicSeries

SLUG_RE = re.compile(r"^[a-z0-9]([a-z0-9-]*[a-z0-9])?$")


def slug_suggested(club: Club) -> str:
    """An address from the club's name: "St. Joseph's Parish Hall" -> "st-josephs-parish-hall"."""
    return slugify(club.name)[:SLUG_MAX].strip("-")


def clean_slug(value: str) -> str:
    slug = (value or "").strip().lower()
    if not SLUG_MIN <= len(slug) <= SLUG_MAX or not SLUG_RE.match(slug):
        raise DriveError(
            _(
                "The address takes %(low)d to %(high)d small letters, digits and dashes, "
                "for example st-josephs-hall."
            )
            % {"low": SLUG_MIN, "high": SLUG_MAX}
        )
    return slug


def settings_of(page: PublicPage) -> dict:
    return {"slug": page.slug, "on": page.on, "histories": page.histories}


def page_set(
    *,
    club: Club,
    actor,
    now: datetime,
    slug: str,
    on: bool,
    histories: bool,
    origin: Origin = FRONT,
) -> PublicPage:
    """The club's public page: its address, on or off, and the players' histories."""
    slug = clean_slug(slug)
    with transaction.atomic():
        page = PublicPage.objects.select_for_update().filter(club=club).first()
        old = settings_of(page) if page is not None else None
        if page is None:
            page = PublicPage(club=club)
        page.slug, page.on, page.histories = slug, bool(on), bool(histories)
        if settings_of(page) == old:
            return page
        page.changed_at = now
        try:
            with transaction.atomic():
                page.save()
        except IntegrityError as e:
            raise DriveError(
                _("Another club already has the address %(slug)s. Choose another.")
                % {"slug": slug},
                409,
            ) from e
        if page.on:
            summary = gettext_noop("Public page on at /p/%(slug)s/") % {"slug": slug}
        else:
            summary = gettext_noop("Public page off") % {}
        record_audit(
            club=club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="public_page_set",
            summary=summary,
            old=old,
            new=settings_of(page),
        )
    return page


def shown_set(model, field: str, thing, *, shown: bool, now: datetime) -> bool:
    """Add or remove the row that shows `thing`; True when something changed. The thing's
    own row is locked first, so two taps at once make one row and one audit entry."""
    list(type(thing).objects.select_for_update().filter(pk=thing.pk).values_list("pk"))
    rows = model.objects.filter(**{field: thing})
    if shown == rows.exists():
        return False
    if shown:
        model.objects.create(**{field: thing}, shown_at=now)
    else:
        rows.delete()
    return True


def _show(
    model, field: str, thing, *, shown: bool, said: tuple[str, str], actor, now, origin
) -> bool:
    """A drive, series or league shown on the public page or taken off: its row and, when
    something changed, one audit entry (`said`: the words for shown, then for taken off)."""
    with transaction.atomic():
        changed = shown_set(model, field, thing, shown=shown, now=now)
        if changed:
            record_audit(
                club=thing.club,
                drive=thing if field == "drive" else None,
                actor=actor,
                now=now,
                origin=origin,
                action=f"public_{field}_{'show' if shown else 'hide'}",
                summary=said[0 if shown else 1] % {"name": thing.name},
                old={"shown": not shown},
                new={"shown": shown},
            )
    return changed


def drive_show(*, drive: Drive, shown: bool, actor, now: datetime, origin: Origin = FRONT) -> bool:
    """Show the drive on the club's public page (upcoming, then its results), or stop."""
    said = (
        gettext_noop("Shown on the public page: %(name)s"),
        gettext_noop("Taken off the public page: %(name)s"),
    )
    return _show(
        PublicDrive, "drive", drive, shown=shown, said=said, actor=actor, now=now, origin=origin
    )


def series_show(
    *, series: Series, shown: bool, actor, now: datetime, origin: Origin = FRONT
) -> bool:
    """Show the series' standings on the club's public page, or stop."""
    said = (
        gettext_noop("Series shown on the public page: %(name)s"),
        gettext_noop("Series taken off the public page: %(name)s"),
    )
    return _show(
        PublicSeries, "series", series, shown=shown, said=said, actor=actor, now=now, origin=origin
    )


def league_show(
    *, league: League, shown: bool, actor, now: datetime, origin: Origin = FRONT
) -> bool:
    """Show the league's standings on the club's public page, or stop."""
    said = (
        gettext_noop("League shown on the public page: %(name)s"),
        gettext_noop("League taken off the public page: %(name)s"),
    )
    return _show(
        PublicLeague, "league", league, shown=shown, said=said, actor=actor, now=now, origin=origin
    )
