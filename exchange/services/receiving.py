"""The association's server takes in a night a hall's laptop published.

One row a source (`PublishedNight`): the laptop's document as received, its revision and
the drive made from it by the drive file's import (players matched to the club's register).
The same source and revision again is the same night: answered as before, nothing written.
A new revision of the source (a corrected night) replaces the drive in one transaction:
the new drive carries the laptop's audit trail (the corrections are in it) and one entry
says it replaced the earlier one. Whatever is refused, or fails halfway, writes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs.interface import DriveError, Origin
from clubs.models import AuditEntry, Club
from drives.models import Drive, Seat, Submission, TableGame
from leagues.models import LeagueNight
from prizes.models import JarDraw
from scoring.words import gettext_noop
from seasons.models import SeriesNight

from ..document import drive_import
from ..models import PublishedNight
from .wire import REVISION_RE, install_of, revision_of

PUBLISHED = "published"
REPLACED = "replaced"
REPLAYED = "replayed"
# The server's own entries on a published night: they stay with the night when a corrected
# version replaces its drive (the laptop's trail comes again with the new document).
OWN_ACTIONS = ("night_published", "night_replaced")


@dataclass(frozen=True)
class Received:
    outcome: str  # PUBLISHED, REPLACED or REPLAYED
    drive_id: int
    revision: str
    received_at: datetime


def _answer(outcome: str, kept: PublishedNight) -> Received:
    return Received(
        outcome=outcome,
        drive_id=kept.drive_id,
        revision=kept.revision,
        received_at=kept.received_at,
    )


def _check(source: str, revision: Any, document: Any) -> str:
    install = install_of(source)
    if install is None:
        raise DriveError(
            _(
                "The night's source id is not one a laptop sends (its install id, a dash and "
                "the drive's number): nothing was written."
            )
        )
    if not isinstance(revision, str) or not REVISION_RE.match(revision):
        raise DriveError(_("The night's revision is missing or malformed: nothing was written."))
    if not isinstance(document, dict):
        raise DriveError(_("The night's document is missing: nothing was written."))
    if revision_of(document) != revision:
        raise DriveError(
            _(
                "The night arrived changed or incomplete (its revision does not match it): "
                "nothing was written. Publish it again."
            )
        )
    return install


def _age(document: dict) -> tuple[datetime | None, int]:
    """How far a version of a night has gone: its latest audit entry's time, and its number
    of entries. A laptop's trail only grows, so a later version is never behind on both."""
    audit = document.get("audit")
    audit = audit if isinstance(audit, list) else []
    times = []
    for entry in audit:
        try:
            times.append(datetime.fromisoformat(entry["at"]))
        except (TypeError, KeyError, ValueError):
            continue
    return (max(times) if times else None, len(audit))


def _older(document: dict, kept: dict) -> bool:
    """Whether `document` is an earlier version than `kept`: its last change is earlier, or
    as late with fewer changes. A night rewound on the laptop (a snapshot put back) and
    changed again is newer: its last change is later."""
    (new_at, new_count), (kept_at, kept_count) = _age(document), _age(kept)
    if new_at is None or kept_at is None:
        return new_count < kept_count
    return new_at < kept_at or (new_at == kept_at and new_count < kept_count)


def _move_links(old: Drive, new: Drive) -> None:
    """What pointed at the earlier drive on this server points at the corrected one: the
    series and league nights it is, a jar carried to it, a drive copied from it, the table
    cards, the server's own audit entries of it. Then the earlier drive goes, with all it
    holds (reports, seats and tables first: they point at pairs that may not go before them)."""
    SeriesNight.objects.filter(drive=old).update(drive=new)
    LeagueNight.objects.filter(drive=old).update(drive=new)
    JarDraw.objects.filter(carried_to=old).update(carried_to=new)
    Drive.objects.filter(copied_from=old).update(copied_from=new)
    Club.objects.filter(table_drive=old).update(table_drive=new)
    AuditEntry.objects.filter(drive=old, action__in=OWN_ACTIONS).update(drive=new)
    Submission.objects.filter(drive=old).delete()
    Seat.objects.filter(drive=old).delete()
    TableGame.objects.filter(drive=old).delete()
    old.delete()


def night_receive(
    *,
    club: Club,
    source: str,
    revision: Any,
    document: Any,
    actor,
    now: datetime,
    origin: Origin,
) -> Received:
    """Take in a published night for `club` (the key's club), idempotent by source and
    revision; see the module doc. Refused (DriveError, nothing written): a malformed source
    or revision, a document its revision does not match or the import refuses, a source or
    a laptop another club publishes, an older version than the one kept."""
    install = _check(source, revision, document)
    kept = (
        PublishedNight.objects.filter(source=source, club=club)
        .only("drive_id", "revision", "received_at")
        .first()
    )
    if kept is not None and kept.revision == revision:
        return _answer(REPLAYED, kept)
    try:
        with transaction.atomic():
            return _receive(club, source, install, revision, document, actor, now, origin)
    except IntegrityError:
        # The same night sent twice at once: the other request took it in first.
        kept = PublishedNight.objects.filter(source=source, club=club).first()
        if kept is not None and kept.revision == revision:
            return _answer(REPLAYED, kept)
        raise DriveError(
            _("This night was being published twice at once: nothing was written. Publish again."),
            409,
        ) from None


def _receive(
    club: Club,
    source: str,
    install: str,
    revision: str,
    document: dict,
    actor,
    now: datetime,
    origin: Origin,
) -> Received:
    if PublishedNight.objects.filter(install=install).exclude(club=club).exists():
        raise DriveError(
            _(
                "This laptop publishes another club's nights on this server: use a key of "
                "that club. Nothing was written."
            ),
            409,
        )
    kept = PublishedNight.objects.select_for_update().filter(source=source).first()
    if kept is not None and kept.revision == revision:
        return _answer(REPLAYED, kept)
    if kept is not None and _older(document, kept.document):
        raise DriveError(
            _(
                "This is an older version of the night than the one published: nothing was "
                "written. Publish the night again from the laptop."
            ),
            409,
        )
    if kept is None:
        entry = {
            "action": "night_published",
            "summary": gettext_noop("Night published from the hall's laptop"),
            "new": {"source": source, "revision": revision},
        }
    else:
        entry = {
            "action": "night_replaced",
            "summary": gettext_noop(
                "Night published again from the hall's laptop: it replaces the earlier version"
            ),
            "new": {
                "source": source,
                "revision": revision,
                "replaces": kept.revision,
                "replaces_drive": kept.drive_id,
            },
        }
    drive = drive_import(
        club=club,
        document=document,
        actor=actor,
        now=now,
        filename=f"published-{source}.json",
        origin=origin,
        entry=entry,
    )
    if kept is None:
        kept = PublishedNight.objects.create(
            club=club,
            install=install,
            source=source,
            revision=revision,
            document=document,
            received_at=now,
            first_received_at=now,
            drive=drive,
            sent_by=actor,
        )
        return _answer(PUBLISHED, kept)
    old = kept.drive
    kept.revision, kept.document, kept.received_at = revision, document, now
    kept.drive, kept.sent_by = drive, actor
    kept.times_replaced += 1
    kept.save()
    _move_links(old, drive)
    return _answer(REPLACED, kept)
