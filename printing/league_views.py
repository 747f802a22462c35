"""A league's printouts: its schedule for the venues' walls, its standings with the
players' table, and a team match's schedule of rounds. config/urls.py mounts them under
/leagues/<league_id>/print/ in the league_print namespace. Any member of the league's club
may print them; another club's league is a 404."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.utils import translation
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from clubs.views import membership_of
from leagues.models import League, LeagueNight

from .pdf import league, league_data


def league_of_club(request: HttpRequest, league_id: int) -> League:
    club = membership_of(request).club
    found = League.objects.select_related("club").filter(pk=league_id, club=club).first()
    if found is None:
        raise Http404(_("No such league in your club."))
    return found


def download(item: League, what: str, build: Callable[[], bytes]) -> HttpResponse:
    """The PDF in the club's language, as an attachment."""
    with translation.override(item.club.language):
        content = build()
    response = HttpResponse(content, content_type="application/pdf")
    name = league_data.file_name(item, what)
    response["Content-Disposition"] = content_disposition_header(True, name)
    return response


@login_required
@require_GET
def league_schedule_pdf(request: HttpRequest, league_id: int) -> HttpResponse:
    item = league_of_club(request, league_id)
    return download(item, "schedule", lambda: league.schedule_pdf(league_data.schedule(item)))


@login_required
@require_GET
def league_standings_pdf(request: HttpRequest, league_id: int) -> HttpResponse:
    item = league_of_club(request, league_id)
    return download(item, "standings", lambda: league.standings_pdf(league_data.standings(item)))


@login_required
@require_GET
def league_match_pdf(request: HttpRequest, league_id: int, night_id: int) -> HttpResponse:
    item = league_of_club(request, league_id)
    night = (
        LeagueNight.objects.select_related("league__club")
        .filter(pk=night_id, league=item, kind=League.Kind.MATCH, drive__isnull=False)
        .first()
    )
    if night is None:
        raise Http404(_("No such team match in this league."))
    with translation.override(item.club.language):
        data = league_data.match_schedule(night)
    if data is None:
        raise Http404(_("The match's schedule is printed once both teams have pairs."))
    return download(item, f"match-{night.number}", lambda: league.match_schedule_pdf(data))
