"""A hall's laptop publishes its club's nights to an association's server.

The organizer enters the server's address and the club's key there once
(`publishing_set`). `night_publish` sends a drive as its drive file (the document the
export writes) with its revision, and keeps how it went in the drive's `PublishState`:
the revision the server took and when, or why not. The laptop needs nothing from the
server: a failed publish changes nothing but that state, and the next one sends the
whole night again.
"""

from __future__ import annotations

from datetime import datetime
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from clubs.interface import DriveError, Origin, record_audit
from clubs.models import Club
from drives.models import Drive
from scoring.words import gettext_noop

from ..document import drive_export
from ..models import PublishingTarget, PublishState
from . import wire
from .wire import Reply, body_of, revision_of, source_of

KEY_START = "cd_"


def clean_server(server: str) -> str:
    """The server's address as it is kept: http(s)://host[:port][/path], no trailing slash."""
    server = (server or "").strip()
    parts = urlsplit(server)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise DriveError(_("Give the server's whole address, starting with https:// (or http://)."))
    if parts.query or parts.fragment or parts.username or parts.password:
        raise DriveError(_("Give the server's address alone: no ?, # or password in it."))
    return server.rstrip("/")


def publishing_set(
    *, club: Club, server: str, key: str, actor, now: datetime, origin: Origin
) -> PublishingTarget:
    """Where the club's nights are published: the server and the club's key there. A blank
    key keeps the one already entered."""
    server = clean_server(server)
    key = (key or "").strip()
    with transaction.atomic():
        target = PublishingTarget.objects.select_for_update().filter(club=club).first()
        if not key and target is None:
            raise DriveError(_("Enter the club's API key from the server's profile page."))
        if key and (not key.startswith(KEY_START) or len(key) > 200 or " " in key):
            raise DriveError(
                _("That is not an API key: a key starts with “cd_” (the server's profile page).")
            )
        old = None if target is None else {"server": target.server, "key": target.key_hint}
        if target is None:
            target = PublishingTarget(club=club)
        target.server = server
        target.key = key or target.key
        target.changed_at = now
        target.save()
        record_audit(
            club=club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="publishing_set",
            summary=gettext_noop("Publishing to %(server)s set") % {"server": target.server_name},
            old=old,
            # The key is a secret: the trail names its first characters only.
            new={"server": target.server, "key": target.key_hint, "key_changed": bool(key)},
        )
    return target


def publishing_stop(*, club: Club, actor, now: datetime, origin: Origin) -> None:
    """The club's nights are no longer published: the server's address and key forgotten."""
    with transaction.atomic():
        target = PublishingTarget.objects.select_for_update().filter(club=club).first()
        if target is None:
            raise DriveError(_("Publishing is not set up."), 409)
        old = {"server": target.server, "key": target.key_hint}
        target.delete()
        record_audit(
            club=club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="publishing_stop",
            summary=gettext_noop("Publishing to %(server)s stopped")
            % {"server": old["server"].split("://", 1)[-1]},
            old=old,
        )


def night_publish(
    *,
    drive: Drive,
    actor,
    now: datetime,
    origin: Origin,
    only_if_changed: bool = False,
) -> PublishState:
    """Send the drive to the club's server and keep how it went (the drive's PublishState).

    The call to the server is made outside any transaction, with a short timeout
    (PUBLISH_TIMEOUT), so no result waits for it. `only_if_changed` (the drive page's
    minute-by-minute publish while the night runs) sends nothing when the server already
    has this revision. An audit entry on the club's trail (not the drive's, or the next
    publish would be a new revision) says each change of what the page shows: published,
    or a new reason it was not.
    """
    target = PublishingTarget.objects.filter(club_id=drive.club_id).first()
    if target is None:
        raise DriveError(
            _("Publishing is not set up: enter the server's address and key first."), 409
        )
    document = drive_export(drive)
    revision = revision_of(document)
    state = PublishState.objects.filter(drive=drive).first()
    if (
        only_if_changed
        and state is not None
        and not state.error
        and state.revision == revision
        and state.server == target.server
    ):
        return state
    reply = wire.send_night(
        server=target.server,
        key=target.key,
        source=source_of(settings.INSTALL_ID, drive.pk),
        body=body_of(revision, document),
        timeout=settings.PUBLISH_TIMEOUT,
    )
    with transaction.atomic():
        state = PublishState.objects.select_for_update().filter(drive=drive).first()
        before = None if state is None else (state.revision, state.server, state.error)
        if state is None:
            state = PublishState(drive=drive)
        state.tried_at = now
        if reply.ok:
            state.revision, state.server, state.published_at = revision, target.server, now
            state.error = ""
        else:
            state.error = reply.error[:500]
        state.save()
        if before != (state.revision, state.server, state.error):
            _audit_attempt(drive, state, reply, target, actor=actor, now=now, origin=origin)
    return state


def _audit_attempt(
    drive: Drive, state: PublishState, reply: Reply, target, *, actor, now, origin
) -> None:
    values = {"drive": drive.pk, "server": target.server, "revision": state.revision}
    if reply.ok:
        summary = gettext_noop("%(drive)s published to %(server)s (%(outcome)s)") % {
            "drive": drive.name,
            "server": target.server_name,
            "outcome": reply.outcome,
        }
        action = "night_publish"
    else:
        summary = gettext_noop("%(drive)s not published to %(server)s") % {
            "drive": drive.name,
            "server": target.server_name,
        }
        action = "night_publish_failed"
        values["error"] = state.error
    record_audit(
        club=drive.club,
        drive=None,
        actor=actor,
        now=now,
        origin=origin,
        action=action,
        summary=summary,
        new=values,
    )
