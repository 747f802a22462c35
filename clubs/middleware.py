"""Three answers given for every view: control characters refused, a busy database a 503.

RefuseControlCharacters: a NUL or another control character is never part of a name,
a number or a choice; PostgreSQL cannot even store a NUL, so text holding one broke the
page with a server error wherever a view passed it on unchecked. Here any such
character in the address, the query or a posted form is a 400 with a plain message,
and nothing is read further. Tabs and line breaks (a pasted list of pairs) are fine.

DatabaseUnavailable: a database locked past the busy timeout, or read-only, is a 503
with a plain message and a Retry-After (JSON on the API), never a server error. So is a
full disk, with words of its own: the database could not grow (SQLite's SQLITE_FULL,
PostgreSQL's DiskFull) or a file could not be written (ENOSPC). A full disk met after the
view, where no middleware's process_exception sees it (the session saved on the way out),
gets the same answer from `server_error`, the site's 500 handler (config/urls.py).

Refusals: a DriveError no view handled is its plain 4xx (below).
"""

from __future__ import annotations

import logging
import sys

from django.db import InternalError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.defaults import server_error as django_server_error

from .disk import disk_full
from .errors import DriveError
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


# A disk is not freed in seconds: the browser and the API's callers wait longer.
DISK_FULL_RETRY_AFTER_SECONDS = 60


def _answer(request, message: str, title: str, retry_after: int) -> HttpResponse:
    if request.path.startswith("/api/"):
        response = JsonResponse({"detail": message}, status=503)
    elif getattr(request, "htmx", False):
        response = htmx_refusal(request, message, 503)
    else:
        # A page of its own: the usual one reads the database for the top bar.
        ctx = {"message": message, "title": title}
        response = HttpResponse(render_to_string("clubs/unavailable.html", ctx), status=503)
    response["Retry-After"] = str(retry_after)
    return response


def unavailable_response(request, exception: BaseException) -> HttpResponse | None:
    """The 503 for a full disk or a busy or read-only database, or None for any other error."""
    if disk_full(exception):
        log.error("The disk is full: %s was not saved: %s", request.path, exception)
        message = _(
            "The laptop's disk is full: nothing was saved. Free some space (delete old "
            "files), then try again."
        )
        return _answer(request, message, _("The disk is full"), DISK_FULL_RETRY_AFTER_SECONDS)
    if unavailable(exception):
        log.warning("Database busy or read-only for %s: %s", request.path, exception)
        message = _(
            "The database is busy or cannot be written just now, so nothing was changed. "
            "Try again in a moment."
        )
        return _answer(request, message, _("Try again in a moment"), RETRY_AFTER_SECONDS)
    return None


class DatabaseUnavailable:
    """A database that is locked or read-only answers 503 with a plain message and a
    Retry-After, not a server error: the change was not made (its transaction rolled
    back), and the same request works once the lock goes, with nothing to restart. A full
    disk answers 503 the same way, saying so."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        return unavailable_response(request, exception)


class Refusals:
    """A refusal (DriveError) no view turned into its answer is still a plain 4xx with its
    message, never a 500: the club guard's own (drives.views.shared.get_drive_for_user
    refuses every change to a night published from a hall's laptop, 409) comes before any
    view's handling. Nothing was written."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, DriveError):
            return None
        if getattr(request, "htmx", False):
            return htmx_refusal(request, exception.message, exception.status)
        ctx = {"message": exception.message, "back": reverse("drives:drive_list")}
        return render(request, "clubs/refused.html", ctx, status=exception.status)


def server_error(request, template_name: str = "500.html") -> HttpResponse:
    """The site's 500 handler: a full disk or a busy database met outside any view (a
    middleware's own write on the way out) is the same 503; anything else is Django's 500."""
    exception = sys.exc_info()[1]
    if exception is not None:
        response = unavailable_response(request, exception)
        if response is not None:
            return response
    return django_server_error(request, template_name)
