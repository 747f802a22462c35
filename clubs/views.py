"""The view helpers every app's screens share; other apps import them from here by name.

- membership_of: the logged-in person's club and role; organizer_only: the role check
- speak_club_language: the club's language on a device that has not chosen one
- handle_drive_errors: a DriveError becomes a message and a 4xx, never a 500
- page: one view serves the whole page or, for htmx, the named partial
- htmx_refusal: a refusal shown in the flash region of the page
- origin_of, posted: where a change came from; the form data of a POST
- client_address: the address a client is counted by (logins, the practice table's pace)
- not_found, bad_request, forbidden: the error pages (config/urls.py's handlers)
- address_note: what the screens that print or show addresses say about them
"""

from __future__ import annotations

import ipaddress
from functools import wraps
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django_htmx.http import reswap, retarget

from .audit import Origin
from .converters import TooLarge
from .errors import ClubSuspended, DriveError, club_open
from .logs import note_club
from .models import Membership

ORGANIZER = Membership.Role.ORGANIZER
SCORER = Membership.Role.SCORER


def speak_club_language(request: HttpRequest, language: str) -> None:
    """Speak the club's language to a device that has not chosen one (no language cookie).

    A device's own choice (the switch on every page, kept in a cookie) always wins; before
    it, the club's default: a French hall's phones open in French whatever their browser
    says. The API answers in the language its caller asks for (Accept-Language). Called
    where the club is read anyway, so it costs no statement."""
    if settings.LANGUAGE_COOKIE_NAME in request.COOKIES:
        return
    if request.path.startswith("/api/"):
        return  # a program asks for its language with Accept-Language
    if language in dict(settings.LANGUAGES) and language != translation.get_language():
        translation.activate(language)
        request.LANGUAGE_CODE = language


def membership_of(request: HttpRequest) -> Membership:
    """The person's membership with its club; a plain 403 for an account of no club, and
    for a suspended club's members its reason (clubs.errors.club_open)."""
    m = Membership.objects.select_related("club").filter(user=request.user).first()
    if m is None:
        raise PermissionDenied(_("This account does not belong to a club."))
    speak_club_language(request, m.club.language)
    note_club(m.club.pk, m.club.name)
    club_open(m.club)
    return m


def organizer_only(role: str) -> None:
    """The role check: only an organizer may go on (a scorer gets a plain 403)."""
    if role != ORGANIZER:
        raise PermissionDenied(_("Only an organizer can do this."))


def posted(request: HttpRequest) -> QueryDict | None:
    """The form data of a POST, even an empty one; None for a GET.

    `request.POST or None` would treat an empty POST as a GET: nothing
    saved, no error shown, and a start button without a seed box ignored.
    """
    return request.POST if request.method == "POST" else None


def client_address(request: HttpRequest) -> str | None:
    """The address a client is counted by (wrong passwords, the practice table's pace): the
    client's, or behind a trusted proxy (BEHIND_PROXY) the one the proxy added last to
    X-Forwarded-For."""
    if settings.BEHIND_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")[-1].strip()
        try:
            return str(ipaddress.ip_address(forwarded))
        except ValueError:
            pass
    return request.META.get("REMOTE_ADDR")


def origin_of(request: HttpRequest, screen: str) -> Origin:
    agent = request.headers.get("User-Agent", "")[:150]
    addr = request.META.get("REMOTE_ADDR", "")
    return Origin(source=f"front: {screen}", device=f"{addr} {agent}".strip())


def page(request: HttpRequest, template: str, context: dict, status: int = 200) -> HttpResponse:
    """The full page, or just its #content region for an htmx request."""
    if request.htmx and not request.htmx.boosted:
        response = render(request, f"{template}#content", context, status=status)
        # Messages live outside #content: send them out of band so "Pair 3 added." shows now.
        response.write(render_to_string("clubs/_flash_oob.html", request=request))
        return response
    return render(request, template, context, status=status)


def handle_drive_errors(view):
    """Turn a refused action into a clear 4xx: a message in the page's flash
    region for htmx, a "could not do that" page otherwise. Nothing was written."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except DriveError as e:
            drive_id = kwargs.get("drive_id")
            back = (
                reverse("drives:drive_detail", args=[drive_id])
                if drive_id
                else reverse("drives:drive_list")
            )
            if request.htmx:
                response = render(
                    request, "clubs/_error.html", {"message": e.message}, status=e.status
                )
                return reswap(retarget(response, "#flash"), "innerHTML")
            ctx = {"message": e.message, "back": back}
            return render(request, "clubs/refused.html", ctx, status=e.status)

    return wrapper


def htmx_refusal(request, message: str, status: int) -> HttpResponse:
    response = render(request, "clubs/_error.html", {"message": message}, status=status)
    return reswap(retarget(response, "#flash"), "innerHTML")


def _suspended_page(request, exception: ClubSuspended) -> HttpResponse:
    """A suspended club's screens, cards and phones: the reason and who to ask, with only a
    way to log out (nothing of the club is reachable)."""
    if getattr(request, "htmx", False):
        return htmx_refusal(request, exception.args[0], 403)
    ctx = {"title": _("This club is suspended"), "text": exception.args[0]}
    return render(request, "clubs/suspended.html", ctx, status=403)


def _error_page(request, status: int, title: str, text: str) -> HttpResponse:
    """A refusal in the product's words with a way back, as a page (or, for htmx, in the
    flash region of the page the request came from)."""
    if getattr(request, "htmx", False):
        return htmx_refusal(request, text, status)
    if request.user.is_authenticated and request.user.is_superuser:
        back = (reverse("siteadmin:clubs"), _("The clubs of this server"))
    elif request.user.is_authenticated:
        back = (reverse("drives:drive_list"), _("Back to the drives"))
    elif request.path.startswith(("/t/", "/board/")):
        back = (None, "")  # a phone or a projector: nobody there can log in
    else:
        back = (reverse("login"), _("Log in"))
    ctx = {"title": title, "text": text, "back_url": back[0], "back_label": back[1]}
    return render(request, "errors/error.html", ctx, status=status)


@require_safe
def health(request: HttpRequest) -> JsonResponse:
    """The load balancer's and the monitor's probe, /health/: 200 when this app server
    answers and reaches its database, 503 when it cannot reach it (so the balancer sends
    the hall elsewhere). No login, no session, nothing written, never cached."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        response = JsonResponse({"status": "down", "database": "unreachable"}, status=503)
        response["Retry-After"] = "10"
    else:
        response = JsonResponse({"status": "ok", "database": "ok"})
    response["Cache-Control"] = "no-store"
    return response


def not_found(request, exception=None):
    """404 in the hall's words: a table card out of date, a board that is not there, or a
    page that is not in this club's drives."""
    if request.path.startswith("/t/"):
        return _error_page(
            request,
            404,
            _("This table card is out of date"),
            _("Ask the front table for the new card or link for this table."),
        )
    if request.path.startswith("/board/"):
        return _error_page(
            request,
            404,
            _("There is no such screen"),
            _("Ask the front table for the address of the board."),
        )
    return _error_page(request, 404, _("Not found"), _("That is not in your club's drives."))


def bad_request(request, exception=None):
    """400: a refusal that says what was wrong (an address with a number too large for any
    row), in the flash region for htmx; Django's other refusals keep their plain page."""
    message = str(exception) if isinstance(exception, TooLarge) else ""
    return _error_page(
        request,
        400,
        _("That could not be done"),
        message or _("That request could not be understood."),
    )


def forbidden(request, exception=None):
    if isinstance(exception, ClubSuspended):
        return _suspended_page(request, exception)
    return _error_page(
        request, 403, _("Only an organizer can do this"), _("Only an organizer can do this.")
    )


LOOPBACK = ("localhost", "127.", "[::1]", "::1", "0.0.0.0")


def address_note(request: HttpRequest) -> dict | None:
    """What to say about addresses on the screens that print or show them (Table links,
    Print, the drive page): a warning when table cards would carry an address no phone can
    open, a note when this page is open at the laptop's own name for itself."""
    site = settings.SITE_BASE_URL
    if (urlsplit(site).hostname or "").startswith(LOOPBACK):
        return {
            "level": "error",
            "text": _(
                "Table cards and QR codes would carry %(address)s, which no phone can open. "
                "Connect this laptop to the hall's network and start it again, or set "
                "SITE_BASE_URL."
            )
            % {"address": site},
        }
    if request.get_host().split(":")[0].startswith(LOOPBACK):
        return {
            "level": "info",
            "text": _(
                "This page is open at this laptop's own name for itself. Phones and tablets "
                "use %(address)s: table cards and QR codes carry that address."
            )
            % {"address": site},
        }
    return None
