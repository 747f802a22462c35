"""What an audit entry holds and its writer, where a change came from, the words of summaries.

Every state change of every app (drives, prizes, accounts, the scorekeeper) writes one
entry, in the change's transaction: through record_audit, or in the hall's hot paths in
their own statement (drives.sql.audit_add). Both write the values audit_row makes, so an
entry is cut and filled in one place.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.utils import translation

from scoring.words import Msg, Said, gettext_noop, to_json

from .models import AuditEntry, Club


@dataclass(frozen=True)
class Origin:
    """Where a change came from: the screen and the device."""

    source: str = "front"
    device: str = ""


FRONT = Origin()


def audit_row(
    *,
    club_id: int,
    drive_id: int | None,
    actor,
    now: datetime,
    action: str,
    summary: str,
    origin: Origin,
    old=None,
    new=None,
) -> dict:
    """What one audit entry holds, field by field (AuditEntry's attnames): who (an anonymous
    actor is kept as none), when, from where, what (the summary and the words it was made
    of) and the old and new states. The one place an entry's values are cut and filled:
    record_audit writes them through the ORM, drives.sql.audit_add in the hot paths' own
    statement."""
    return {
        "club_id": club_id,
        "drive_id": drive_id,
        "actor_id": actor.pk if getattr(actor, "is_authenticated", False) else None,
        "at": now,
        "action": action,
        "summary": summary[:300],
        "source": origin.source[:120],
        "device": origin.device[:200],
        "old": old,
        "new": new,
        "words": audit_words(summary),
    }


def record_audit(
    *,
    club: Club,
    drive,
    actor,
    now: datetime,
    action: str,
    summary: str,
    origin: Origin,
    old=None,
    new=None,
) -> AuditEntry:
    """Write one audit entry (audit_row's values) through the ORM. A drive not yet saved is
    refused: its entry would be written as of no drive."""
    if drive is not None and drive.pk is None:
        raise ValueError("record_audit: save the drive before its audit entry")
    row = audit_row(
        club_id=club.pk,
        drive_id=None if drive is None else drive.pk,
        actor=actor,
        now=now,
        action=action,
        summary=summary,
        origin=origin,
        old=old,
        new=new,
    )
    return AuditEntry.objects.create(**row)


# An audit summary is written in English from marked sentences (scoring.words), and keeps
# what it was made of, so the trail reads in its reader's language (AuditEntry.text).


def audit_words(summary: str) -> object | None:
    """What a marked summary was made of, for AuditEntry.words; None for plain text."""
    return to_json(summary) if isinstance(summary, Msg | Said) else None


def words_join(parts: Iterable[str], separator: str = ", ") -> str:
    """Sentences joined by a separator into one sentence that keeps its parts, so each part
    (and a marked separator, e.g. gettext_noop("; cut again: ")) is said in the reader's
    language; a name or a number stays as it is.

    >>> str(words_join([gettext_noop("pair %(n)d won") % {"n": 3}, "Mary"], " · "))
    'pair 3 won · Mary'
    """
    parts = list(parts)
    if len(parts) < 2:
        return parts[0] if parts else ""
    # Only placeholders: not for the catalog, gettext gives it back as it is.
    template = Msg("%(separator)s".join(f"%(part{i})s" for i in range(len(parts))))
    return template % {"separator": separator, **{f"part{i}": p for i, p in enumerate(parts)}}


def label_words(label) -> Msg:
    """A choice's label (``Club.PaperSize(value).label``) as a marked word: its msgid,
    whatever the active language."""
    with translation.override(None):
        return gettext_noop(str(label))
