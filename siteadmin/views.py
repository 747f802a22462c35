"""The association's site administrator's screens, under /site/: every club with its use,
a new club with its first organizer, a club suspended and restored.

Only a site administrator (Django's is_superuser) sees them: anyone else logged in is told
there is nothing here (404), as if the screens did not exist; anonymous is sent to log in.
"""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from clubs.interface import DriveError
from clubs.models import Club
from clubs.views import origin_of, page, posted

from . import queries, services
from .forms import ClubForm, SuspendForm

SCREEN = "site"


def site_admin_only(view):
    """The site administrator's door: log in first; a club's organizer or scorer gets 404."""

    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs):
        if not (request.user.is_active and request.user.is_superuser):
            raise Http404(_("There is no such page."))
        return view(request, *args, **kwargs)

    return wrapper


def _club_or_404(club_id: int) -> Club:
    club = queries.club_of(club_id)
    if club is None:
        raise Http404(_("There is no such club."))
    return club


@site_admin_only
@require_GET
def clubs(request: HttpRequest) -> HttpResponse:
    return page(request, "siteadmin/clubs.html", {"clubs": list(queries.clubs_in_use())})


@site_admin_only
@require_http_methods(["GET", "POST"])
def club_new(request: HttpRequest) -> HttpResponse:
    form = ClubForm(posted(request))
    if not form.is_bound or not form.is_valid():
        status = 400 if form.is_bound else 200
        return page(request, "siteadmin/club_new.html", {"form": form}, status=status)
    password = services.new_password()
    try:
        member = services.club_create(
            **form.cleaned_data,
            password=password,
            actor=request.user,
            now=timezone.now(),
            origin=origin_of(request, SCREEN),
        )
    except DriveError as e:
        ctx = {"form": form, "error": e.message}
        return page(request, "siteadmin/club_new.html", ctx, status=e.status)
    # The password is shown here once: never stored in the clear, never sent again.
    ctx = {"club": member.club, "username": member.user.get_username(), "password": password}
    response = page(request, "siteadmin/club_made.html", ctx, status=201)
    patch_cache_control(response, no_store=True)
    return response


@site_admin_only
@require_http_methods(["GET", "POST"])
def club_suspend(request: HttpRequest, club_id: int) -> HttpResponse:
    club = _club_or_404(club_id)
    form = SuspendForm(posted(request))
    if form.is_bound and form.is_valid():
        try:
            services.club_suspend(
                club=club,
                reason=form.cleaned_data["reason"],
                actor=request.user,
                now=timezone.now(),
                origin=origin_of(request, SCREEN),
            )
        except DriveError as e:
            ctx = {"club": club, "form": form, "error": e.message}
            return page(request, "siteadmin/club_suspend.html", ctx, status=e.status)
        messages.success(request, _("%(club)s is suspended.") % {"club": club.name})
        return redirect("siteadmin:clubs")
    status = 400 if form.is_bound else 200
    ctx = {"club": club, "form": form}
    return page(request, "siteadmin/club_suspend.html", ctx, status=status)


@site_admin_only
@require_http_methods(["GET", "POST"])
def club_restore(request: HttpRequest, club_id: int) -> HttpResponse:
    club = _club_or_404(club_id)
    if request.method == "POST":
        try:
            services.club_restore(
                club=club, actor=request.user, now=timezone.now(), origin=origin_of(request, SCREEN)
            )
        except DriveError as e:
            ctx = {"club": club, "error": e.message}
            return page(request, "siteadmin/club_restore.html", ctx, status=e.status)
        messages.success(request, _("%(club)s is restored.") % {"club": club.name})
        return redirect("siteadmin:clubs")
    return page(request, "siteadmin/club_restore.html", {"club": club})
