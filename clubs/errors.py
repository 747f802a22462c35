"""The two refusals every writer of club state raises: one for the person, one for a stale
screen. Any other exception is a bug."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from scoring.speak import say


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


class ClubSuspended(PermissionDenied):
    """A club the association's site administrator suspended: its members, keys, cards and
    public screens are refused (403) with the reason and who to ask. The message is the
    whole sentence, in the active language."""

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(suspension_words(reason))


def suspension_words(reason: str) -> str:
    """What a suspended club's people read: the reason and who to ask (SITE_CONTACT)."""
    reason = reason.strip().rstrip(".")
    contact = settings.SITE_CONTACT
    if contact:
        return _(
            "This club is suspended: %(reason)s. Ask the association's site administrator "
            "(%(contact)s) to restore it."
        ) % {"reason": reason, "contact": contact}
    return _(
        "This club is suspended: %(reason)s. Ask the association's site administrator to "
        "restore it."
    ) % {"reason": reason}


def club_open(club) -> None:
    """Let a club's screen, key or card go on, or refuse it: the one check every audience
    passes (membership_of, the drive guard, the API key, the table and pair cards)."""
    if club.suspended_at is not None:
        raise ClubSuspended(club.suspended_reason)
