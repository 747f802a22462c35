"""The view helpers every app's screens share; other apps import them from here by name.

- get_drive_for_user: the 404 (not this club's drive) and the role check, so no view forgets it
- membership_of: the logged-in person's club and role
- handle_drive_errors: a DriveError becomes a message and a 4xx, never a 500
- page: one view serves the whole page or, for htmx, the named partial
- htmx_refusal: a refusal shown in the flash region of the page
- origin_of, posted: where a change came from; the form data of a POST
"""

from __future__ import annotations

from functools import wraps

from django.core.exceptions import PermissionDenied
from django.db.models import F
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import defaults
from django_htmx.http import reswap, retarget

from .. import services
from ..converters import TooLarge
from ..models import Drive, Membership

ORGANIZER = Membership.Role.ORGANIZER
SCORER = Membership.Role.SCORER


def membership_of(request: HttpRequest) -> Membership:
    m = Membership.objects.select_related("club").filter(user=request.user).first()
    if m is None:
        raise PermissionDenied(_("This account does not belong to a club."))
    return m


def get_drive_for_user(request: HttpRequest, drive_id: int, *, scorer_ok: bool = False) -> Drive:
    """The drive if it belongs to the user's club (else 404) and the role may act (else 403).

    One query: the drive joined with the user's membership of its club.
    """
    drive = (
        Drive.objects.select_related("club")
        .filter(pk=drive_id, club__memberships__user=request.user)
        .annotate(member_role=F("club__memberships__role"))
        .first()
    )
    if drive is None:
        membership_of(request)  # an account without a club gets a plain 403
        raise Http404(_("No such drive in your club."))
    if drive.member_role != ORGANIZER and not scorer_ok:
        raise PermissionDenied(_("Only an organizer can do this."))
    request.role = drive.member_role
    return drive


def posted(request: HttpRequest) -> QueryDict | None:
    """The form data of a POST, even an empty one; None for a GET.

    `request.POST or None` would treat an empty POST as a GET: nothing
    saved, no error shown, and a start button without a seed box ignored.
    """
    return request.POST if request.method == "POST" else None


def origin_of(request: HttpRequest, screen: str) -> services.Origin:
    agent = request.headers.get("User-Agent", "")[:150]
    addr = request.META.get("REMOTE_ADDR", "")
    return services.Origin(source=f"front: {screen}", device=f"{addr} {agent}".strip())


def page(request: HttpRequest, template: str, context: dict, status: int = 200) -> HttpResponse:
    """The full page, or just its #content region for an htmx request."""
    if request.htmx and not request.htmx.boosted:
        response = render(request, f"{template}#content", context, status=status)
        # Messages live outside #content: send them out of band so "Pair 3 added." shows now.
        response.write(render_to_string("drives/_flash_oob.html", request=request))
        return response
    return render(request, template, context, status=status)


def handle_drive_errors(view):
    """Turn a refused action into a clear 4xx: a message in the page's flash
    region for htmx, a "could not do that" page otherwise. Nothing was written."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except services.DriveError as e:
            drive_id = kwargs.get("drive_id")
            back = (
                reverse("drives:drive_detail", args=[drive_id])
                if drive_id
                else reverse("drives:drive_list")
            )
            if request.htmx:
                response = render(
                    request, "drives/_error.html", {"message": e.message}, status=e.status
                )
                return reswap(retarget(response, "#flash"), "innerHTML")
            ctx = {"message": e.message, "back": back}
            return render(request, "drives/refused.html", ctx, status=e.status)

    return wrapper


def htmx_refusal(request, message: str, status: int) -> HttpResponse:
    response = render(request, "drives/_error.html", {"message": message}, status=status)
    return reswap(retarget(response, "#flash"), "innerHTML")


def not_found(request, exception=None):
    """404: for htmx a message in the flash region, not a whole page inside a table card."""
    if getattr(request, "htmx", False):
        return htmx_refusal(request, _("That is not in your club's drives."), 404)
    return defaults.page_not_found(request, exception)


def bad_request(request, exception=None):
    """400: a refusal that says what was wrong (an address with a number too large for any
    row), in the flash region for htmx; Django's other refusals keep their plain page."""
    message = str(exception) if isinstance(exception, TooLarge) else ""
    if getattr(request, "htmx", False):
        return htmx_refusal(request, message or _("That request could not be understood."), 400)
    if message:
        ctx = {"message": message, "back": reverse("drives:drive_list")}
        return render(request, "drives/refused.html", ctx, status=400)
    return defaults.bad_request(request, exception)


def forbidden(request, exception=None):
    if getattr(request, "htmx", False):
        return htmx_refusal(request, _("Only an organizer can do this."), 403)
    return defaults.permission_denied(request, exception)
