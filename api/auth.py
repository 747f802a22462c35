"""Who calls the API: a key from the profile page (Authorization: Bearer cd_...)."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils import timezone
from ninja.security import HttpBearer

from accounts import interface as api_tokens


class BearerKey(HttpBearer):
    """A key from the profile page; the request then acts as its person."""

    def authenticate(self, request: HttpRequest, token: str):
        found = api_tokens.token_authenticate(token, now=timezone.now())
        if found is None:
            return None
        request.user = found.user
        return found
