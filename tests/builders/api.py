"""A client of the JSON API with a bearer key, and the key of an account."""

from __future__ import annotations

import json

from django.test import Client

from accounts.services import tokens as api_tokens
from tests.builders import (
    NOW,
)

NOTHING = object()  # no body at all, not even an empty JSON one


class Api:
    """A client that sends a key the way a scoreboard does."""

    def __init__(self, key: str | None = None, header: str | None = None):
        self.client = Client()
        value = header if header is not None else (f"Bearer {key}" if key else None)
        self.extra = {"HTTP_AUTHORIZATION": value} if value is not None else {}

    def get(self, path: str):
        return self.client.get(path, **self.extra)

    def post(self, path: str, body=NOTHING, raw: str | None = None):
        data = raw if raw is not None else ("" if body is NOTHING else json.dumps(body))
        return self.client.post(path, data=data, content_type="application/json", **self.extra)

    def put(self, path: str, body=NOTHING, raw: bytes | str | None = None):
        data = raw if raw is not None else ("" if body is NOTHING else json.dumps(body))
        return self.client.put(path, data=data, content_type="application/json", **self.extra)

    def call(self, method: str, path: str, body=NOTHING):
        if method == "put":
            return self.put(path, body)
        return self.get(path) if method == "get" else self.post(path, body)


def key_for(user, name="Scoreboard") -> str:
    return api_tokens.token_create(actor=user, name=name, now=NOW).key
