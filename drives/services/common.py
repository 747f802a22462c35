"""What every writer of drive state shares: the error types, where a change came from, the
audit entry, the drive's row lock and the current-game check.

Other apps reach these through drives.interface.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils import translation
from django.utils.translation import gettext as _

from scoring.speak import say
from scoring.words import Msg, Said, gettext_noop, to_json

from .. import pair_codes
from ..models import (
    AuditEntry,
    Drive,
    Pair,
)


class DriveError(Exception):
    """A request the rules refuse; the message is for the organizer."""

    status = 400

    def __init__(self, message: str, status: int | None = None):
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status


class StaleError(DriveError):
    """The screen was out of date (another device moved the night on)."""

    status = 409


def refusal_error(refusal) -> DriveError:
    """A hand the rules library's hand keeping refuses (scoring.keeping: a Refused, or the
    EntryError of a hand in the wrong shape) as the error every scorekeeper shows, in the
    active language: a StaleError (409) when another device moved the game on."""
    error = StaleError if getattr(refusal, "stale", False) else DriveError
    return error(say(refusal.reason))


@dataclass(frozen=True)
class Origin:
    """Where a change came from: the screen and the device."""

    source: str = "front"
    device: str = ""


FRONT = Origin()


def _audit(*, club, drive, actor, now, action, summary, origin, old=None, new=None):
    AuditEntry.objects.create(
        club=club,
        drive=drive,
        actor=actor if getattr(actor, "is_authenticated", False) else None,
        at=now,
        action=action,
        summary=summary[:300],
        source=origin.source[:120],
        device=origin.device[:200],
        old=old,
        new=new,
        words=audit_words(summary),
    )


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


# Other apps (prizes, accounts, the scorekeeper) write their audit entries the same way.
record_audit = _audit


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
