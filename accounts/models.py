"""The accounts app's own table: sessions kept under their person.

(Membership and ApiToken live beside Club in clubs.models.)
"""

from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore as DBStore
from django.contrib.sessions.base_session import AbstractBaseSession
from django.db import models


class Session(AbstractBaseSession):
    """Django's database session with the logged-in person beside it, so every
    session of one person can be ended at once (log out, new password, removed)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
    )

    @classmethod
    def get_session_store_class(cls):
        # Reading a row back (get_decoded) needs only Django's decoding; accounts.sessions
        # stands on this model, not the other way round.
        return DBStore

    class Meta(AbstractBaseSession.Meta):
        db_table = "accounts_session"
