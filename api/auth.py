"""Who calls the API: a key from the profile page (Authorization: Bearer cd_...).

A call without a working key is answered 401 in plain words: no key sent, a key not known
here, a key revoked (on its person's profile, or by a new password), or its person removed.
"""

from __future__ import annotations

from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _
from ninja.security import HttpBearer

from accounts import interface as api_tokens
from clubs.interface import DriveError, suspension_words


class BearerKey(HttpBearer):
    """A key from the profile page; the request then acts as its person."""

    def __call__(self, request: HttpRequest):
        found = super().__call__(request)
        if found is None:  # no Authorization: Bearer header at all
            raise DriveError(
                _("Send a key from your profile page as the header Authorization: Bearer cd_…"),
                401,
            )
        return found

    def authenticate(self, request: HttpRequest, token: str):
        found = api_tokens.token_authenticate(token, now=timezone.now())
        if found is None:
            raise DriveError(api_tokens.token_refusal(token), 401)
        if found.club_suspended_at is not None:
            raise DriveError(suspension_words(found.club_suspended_reason), 403)
        request.user = found.user
        return found
