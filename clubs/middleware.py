"""Two answers given for every view: control characters refused, a busy database a 503.

RefuseControlCharacters: a NUL or another control character is never part of a name,
a number or a choice; PostgreSQL cannot even store a NUL, so text holding one broke the
page with a server error wherever a view passed it on unchecked. Here any such
character in the address, the query or a posted form is a 400 with a plain message,
and nothing is read further. Tabs and line breaks (a pasted list of pairs) are fine.

DatabaseUnavailable: a database locked past the busy timeout, or read-only, is a 503
with a plain message and a Retry-After (JSON on the API), never a server error.
"""

from __future__ import annotations

import logging

from django.db import InternalError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from .text import control_character
from .views import htmx_refusal

log = logging.getLogger(__name__)


def _has_control(request) -> bool:
    if control_character(request.path):
        return True
    for data in (request.GET, request.POST) if request.method == "POST" else (request.GET,):
        for key, values in data.lists():
            if control_character(key) or any(control_character(v) for v in values):
                return True
    return False


class RefuseControlCharacters:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        # The API refuses by its schema (422, NUL) and its services (400, names), as its
        # OpenAPI document says.
        if request.path.startswith("/api/") or not _has_control(request):
            return None
        message = _(
            "What was sent holds a control character (such as a null), which no name or "
            "number has: type it again."
        )
        if getattr(request, "htmx", False):
            return htmx_refusal(request, message, 400)
        ctx = {"message": message, "back": reverse("drives:drive_list")}
        return render(request, "clubs/refused.html", ctx, status=400)


# What SQLite and PostgreSQL say when the database cannot take a write for now: locked
# past the busy timeout (another program holds it: a backup tool, a second copy of the
# site), or read-only (a full or read-only disk, a file copied back without write access).
_UNAVAILABLE = (
    "database is locked",
    "database table is locked",
    "readonly database",
    "read-only transaction",
    "lock timeout",
)
RETRY_AFTER_SECONDS = 10


def unavailable(exc: BaseException) -> bool:
    """Whether a database error means "busy or read-only for now", not a bug."""
    if not isinstance(exc, OperationalError | InternalError):
        return False
    return any(words in str(exc).lower() for words in _UNAVAILABLE)


class DatabaseUnavailable:
    """A database that is locked or read-only answers 503 with a plain message and a
    Retry-After, not a server error: the change was not made (its transaction rolled
    back), and the same request works once the lock goes, with nothing to restart."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not unavailable(exception):
            return None
        log.warning("Database busy or read-only for %s: %s", request.path, exception)
        message = _(
            "The database is busy or cannot be written just now, so nothing was changed. "
            "Try again in a moment."
        )
        if request.path.startswith("/api/"):
            response = JsonResponse({"detail": message}, status=503)
        elif getattr(request, "htmx", False):
            response = htmx_refusal(request, message, 503)
        else:
            # A page of its own: the usual one reads the database for the top bar.
            response = HttpResponse(
                render_to_string("clubs/unavailable.html", {"message": message}), status=503
            )
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
