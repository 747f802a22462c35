"""The organizer's "Public page" screen: the club's page on or off at its address, the
players' histories, and each drive, series and league shown or not, one big button each.

Only an organizer of the club changes or sees it (a scorer is refused, 403); another
club's drive, series or league is not found (404)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from clubs.interface import DriveError
from clubs.models import Membership
from clubs.views import membership_of, organizer_only, origin_of, page
from drives.models import Drive
from leagues.models import League
from seasons.models import Series

from .. import services
from ..models import PublicDrive, PublicLeague, PublicPage, PublicSeries

SCREEN = "public page"


def organizer_of(request: HttpRequest) -> Membership:
    m = membership_of(request)
    organizer_only(m.role)
    return m


def screen(request: HttpRequest, m: Membership, status: int = 200, typed: dict | None = None):
    club = m.club
    public = PublicPage.objects.filter(club=club).first()
    shown_drives = set(
        PublicDrive.objects.filter(drive__club=club).values_list("drive_id", flat=True)
    )
    shown_series = set(
        PublicSeries.objects.filter(series__club=club).values_list("series_id", flat=True)
    )
    shown_leagues = set(
        PublicLeague.objects.filter(league__club=club).values_list("league_id", flat=True)
    )
    drives = Drive.objects.filter(club=club).only("id", "name", "date", "venue", "status")
    ctx = {
        "club": club,
        "public": public,
        "slug": (typed or {}).get("slug")
        or (public.slug if public else services.slug_suggested(club)),
        "on": (typed or {}).get("on", public.on if public else False),
        "histories": (typed or {}).get("histories", public.histories if public else False),
        "drives": [(d, d.pk in shown_drives) for d in drives.order_by("-date", "-id")],
        "series": [(s, s.pk in shown_series) for s in Series.objects.filter(club=club)],
        "leagues": [(lg, lg.pk in shown_leagues) for lg in League.objects.filter(club=club)],
    }
    return page(request, "public/settings.html", ctx, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def public_settings(request: HttpRequest) -> HttpResponse:
    m = organizer_of(request)
    if request.method == "GET":
        return screen(request, m)
    typed = {
        "slug": request.POST.get("slug", ""),
        "on": request.POST.get("on") == "1",
        "histories": request.POST.get("histories") == "1",
    }
    try:
        public = services.page_set(
            club=m.club,
            actor=request.user,
            now=timezone.now(),
            origin=origin_of(request, SCREEN),
            **typed,
        )
    except DriveError as e:
        messages.error(request, e.message)
        return screen(request, m, status=e.status, typed=typed)
    if public.on:
        messages.success(request, _("Saved. The public page is on."))
    else:
        messages.success(request, _("Saved. The public page is off."))
    if request.htmx:
        return screen(request, m)
    return redirect("public:settings")


def shown_of(request: HttpRequest) -> bool:
    value = request.POST.get("shown")
    if value not in ("0", "1"):
        raise DriveError(_("Choose to show it or to take it off."))
    return value == "1"


def toggled(request: HttpRequest, m: Membership, change) -> HttpResponse:
    try:
        shown = shown_of(request)
        change(shown)
    except DriveError as e:
        messages.error(request, e.message)
        return screen(request, m, status=e.status)
    if shown:
        messages.success(request, _("Shown on the public page."))
    else:
        messages.success(request, _("Taken off the public page."))
    if request.htmx:
        return screen(request, m)
    return redirect("public:settings")


def _show(request: HttpRequest, model, pk: int, missing: str, service, field: str):
    """One of the club's drives, series or leagues shown or taken off (else 404)."""
    m = organizer_of(request)
    thing = model.objects.select_related("club").filter(pk=pk, club=m.club).first()
    if thing is None:
        raise Http404(missing)
    return toggled(
        request,
        m,
        lambda shown: service(
            **{field: thing},
            shown=shown,
            actor=request.user,
            now=timezone.now(),
            origin=origin_of(request, SCREEN),
        ),
    )


@login_required
@require_POST
def drive_show(request: HttpRequest, drive_id: int) -> HttpResponse:
    missing = _("No such drive in your club.")
    return _show(request, Drive, drive_id, missing, services.drive_show, "drive")


@login_required
@require_POST
def series_show(request: HttpRequest, series_id: int) -> HttpResponse:
    missing = _("No such series in your club.")
    return _show(request, Series, series_id, missing, services.series_show, "series")


@login_required
@require_POST
def league_show(request: HttpRequest, league_id: int) -> HttpResponse:
    missing = _("No such league in your club.")
    return _show(request, League, league_id, missing, services.league_show, "league")
