"""Ending a person's sessions on the server (accounts.models.Session).

Not a change of its own: it is part of logging out, a new password or removing
a person, each of which is audited where it happens.
"""

from __future__ import annotations

from ..models import Session


def sessions_end(*, user_id: int, keep: str | None = None) -> int:
    """Delete every stored session of the person (but `keep`, a session key); how many."""
    sessions = Session.objects.filter(user_id=user_id)
    if keep:
        sessions = sessions.exclude(session_key=keep)
    deleted, _ = sessions.delete()
    return deleted
