"""The two refusals every writer of club state raises: one for the person, one for a stale
screen. Any other exception is a bug."""

from __future__ import annotations

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
