"""Table links: each club's reusable QR address per table number, rotation, and which
running drive the table cards open.
"""

from __future__ import annotations

import secrets
from datetime import datetime

from django.db import transaction
from django.db.models import Count as models_Count
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.interface import FRONT, DriveError, Origin, record_audit
from clubs.models import Club
from scoring.words import gettext_noop

from ..models import Drive, Pair, TableGame, TableLink

# --- Table links (QR table cards) --------------------------------------------

MAX_TABLES = 200


def _new_token() -> str:
    return secrets.token_urlsafe(18)


def table_links(club: Club, upto: int = 0) -> list[TableLink]:
    """The club's table links for tables 1..upto (made on first use), plus any beyond.

    Making a missing link is not a change of the night: no audit entry, and a
    race with another request making the same link keeps the first one.
    """
    upto = max(0, min(int(upto), MAX_TABLES))
    have = {link.table: link for link in TableLink.objects.filter(club=club)}
    missing = [t for t in range(1, upto + 1) if t not in have]
    if missing:
        now = timezone.now()
        TableLink.objects.bulk_create(
            [TableLink(club=club, table=t, token=_new_token(), created_at=now) for t in missing],
            ignore_conflicts=True,
        )
        have = {link.table: link for link in TableLink.objects.filter(club=club)}
    return [have[t] for t in sorted(have)]


def tables_needed(club: Club) -> int:
    """How many table links the club's drives use: the most tables of any drive."""
    top = TableGame.objects.filter(drive__club=club).aggregate(m=Max("table"))["m"] or 0
    pairs = (
        Pair.objects.filter(drive__club=club, drive__status=Drive.Status.SETUP)
        .values("drive")
        .annotate(n=models_Count("id"))
        .aggregate(m=Max("n"))["m"]
        or 0
    )
    return max(top, (pairs + 1) // 2)


def table_link_rotate(
    *, club: Club, table: int, actor, now: datetime, origin: Origin = FRONT
) -> TableLink:
    """A new token for one table: the old printed card stops working at once."""
    with transaction.atomic():
        if not 1 <= table <= MAX_TABLES:
            raise DriveError(_("There is no table %(table)d.") % {"table": table}, 404)
        table_links(club, table)
        link = TableLink.objects.select_for_update().get(club=club, table=table)
        link.token = _new_token()
        link.rotated_at = now
        link.save(update_fields=["token", "rotated_at"])
        record_audit(
            club=club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="table_link_rotate",
            summary=gettext_noop("Table %(table)d has a new link: its old card no longer works.")
            % {"table": table},
            new={"table": table},
        )
    return link


def table_link_url(link: TableLink) -> str:
    """The full address of a table link, as printed on its QR card: the site's own address
    (SITE_BASE_URL, or the hall network address found at start; see config/network.py),
    never the Host a request came with, which anyone can fake."""
    from django.conf import settings

    return settings.SITE_BASE_URL + link.path


# --- Which drive the table cards open -----------------------------------------


def table_drive_of(club: Club) -> Drive | None:
    """The running drive the club's table cards open: the one the organizer chose, while it
    runs. None when it has finished (or none was chosen): then the cards open no drive until
    the organizer chooses one, never the newest drive by itself."""
    if club.table_drive_id is None:
        return None
    return Drive.objects.filter(
        pk=club.table_drive_id, club_id=club.pk, status=Drive.Status.RUNNING
    ).first()


def table_drive_set(*, drive: Drive, actor, now: datetime, origin: Origin = FRONT) -> Club:
    """The club's table cards open this running drive's tables from now on."""
    with transaction.atomic():
        club = Club.objects.select_for_update().get(pk=drive.club_id)
        drive = Drive.objects.get(pk=drive.pk)
        if not drive.is_running:
            raise DriveError(
                _("Only a drive being played can have the table cards: start it first."), 409
            )
        old = club.table_drive_id
        if old == drive.pk:
            return club
        club.table_drive = drive
        club.save(update_fields=["table_drive"])
        record_audit(
            club=club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="table_cards_serve",
            summary=gettext_noop("The table cards now open the tables of %(drive)s")
            % {"drive": drive.name},
            old={"drive": old},
            new={"drive": drive.pk},
        )
    return club
