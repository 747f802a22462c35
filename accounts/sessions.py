"""The session engine (SESSION_ENGINE = "accounts.sessions"): Django's database
sessions, each row stamped with its person (accounts.models.Session)."""

from __future__ import annotations

from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore as DBStore

from .models import Session


class SessionStore(DBStore):
    @classmethod
    def get_model_class(cls):
        return Session

    def create_model_instance(self, data):
        obj = super().create_model_instance(data)
        user_id = data.get(SESSION_KEY)
        try:
            obj.user_id = int(user_id) if user_id is not None else None
        except (TypeError, ValueError):
            obj.user_id = None
        return obj
