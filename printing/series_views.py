"""A series' printouts: its standings and its prize report, from the Print area of the
series' prizes page. config/urls.py mounts them under /series/<series_id>/print/ in the
series_print namespace. Any member of the series' club may print them (a scorer too, as a
night's standings); another club's series is a 404."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.utils import translation
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from clubs.views import membership_of
from seasons.models import Series

from .pdf import prize_report, series, series_data


def series_of_club(request: HttpRequest, series_id: int) -> Series:
    """The series if it is of the user's club, else 404 (one statement beside the club's)."""
    club = membership_of(request).club
    found = Series.objects.select_related("club").filter(pk=series_id, club=club).first()
    if found is None:
        raise Http404(_("No such series in your club."))
    return found


def _download(item: Series, what: str, build: Callable[[], bytes]) -> HttpResponse:
    """The PDF in the club's language, as an attachment."""
    with translation.override(item.club.language):
        content = build()
    response = HttpResponse(content, content_type="application/pdf")
    name = series_data.file_name(item, what)
    response["Content-Disposition"] = content_disposition_header(True, name)
    return response


@login_required
@require_GET
def series_standings_pdf(request: HttpRequest, series_id: int) -> HttpResponse:
    item = series_of_club(request, series_id)
    return _download(
        item, "standings", lambda: series.series_standings(series_data.series_sheet(item))
    )


@login_required
@require_GET
def series_prize_report_pdf(request: HttpRequest, series_id: int) -> HttpResponse:
    item = series_of_club(request, series_id)
    return _download(
        item,
        "prize-report",
        lambda: prize_report.prize_report(series_data.series_prize_report(item)),
    )
