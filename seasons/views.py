"""The series' screens: the list, new and edit (the rules, explained), a series' page with
its nights (add a drive, take one out), its standings, and a new drive made in a series.

Every member of the club reads a series; only an organizer changes one. Another club's
series is not found (404)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.interface import DriveError
from clubs.models import Membership
from clubs.views import (
    handle_drive_errors,
    membership_of,
    organizer_only,
    origin_of,
    page,
    posted,
)
from drives.interface import DriveForm, confirm_setting
from drives.models import Drive

from . import queries, services
from .forms import NightAddForm, SeriesForm, free_drives
from .fragments import card_row
from .fragments import standing_rows as fragment_rows
from .models import Series


def series_for_user(
    request, series_id: int, *, organizer: bool = False
) -> tuple[Series, Membership]:
    """The series if it is of the user's club (else 404); an organizer's only when asked."""
    m = membership_of(request)
    series = Series.objects.select_related("club").filter(pk=series_id, club=m.club).first()
    if series is None:
        raise Http404(_("No such series in your club."))
    if organizer:
        organizer_only(m.role)
    request.role = m.role
    return series, m


def drive_of_club(series: Series, drive_id: int) -> Drive:
    drive = Drive.objects.filter(pk=drive_id, club_id=series.club_id).first()
    if drive is None:
        raise Http404(_("No such drive in your club."))
    return drive


@login_required
@require_GET
def series_list(request):
    m = membership_of(request)
    rows = [
        {"series": s, "nights": s.nights.count(), "rules": queries.rules_words(s)}
        for s in Series.objects.filter(club=m.club)
    ]
    return page(request, "seasons/series_list.html", {"rows": rows, "role": m.role})


def rule_values(form: SeriesForm) -> dict:
    return {
        "name": form.cleaned_data["name"],
        "counts": form.cleaned_data["counts"],
        "points": form.cleaned_data["points"],
        "best_nights": form.cleaned_data["best_nights"],
        "min_nights": form.cleaned_data["min_nights"],
        "by": form.cleaned_data["by"],
    }


def refused_on_form(form, error: DriveError) -> None:
    form.add_error(None, error.message)


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def series_create(request):
    m = membership_of(request)
    organizer_only(m.role)
    form = SeriesForm(posted(request))
    if request.method == "POST" and form.is_valid():
        try:
            series = services.series_create(
                club=m.club,
                actor=request.user,
                now=timezone.now(),
                origin=origin_of(request, "new series"),
                **rule_values(form),
            )
        except DriveError as e:
            refused_on_form(form, e)
        else:
            messages.success(request, _("Series created. Now add its nights."))
            return redirect("seasons:series_detail", series_id=series.pk)
    status = 400 if request.method == "POST" else 200
    return page(request, "seasons/series_form.html", {"form": form, "series": None}, status)


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def series_edit(request, series_id):
    series, _m = series_for_user(request, series_id, organizer=True)
    form = SeriesForm(posted(request), initial=SeriesForm.initial_of(series))
    if request.method == "POST" and form.is_valid():
        try:
            services.series_update(
                series=series,
                actor=request.user,
                now=timezone.now(),
                origin=origin_of(request, "series rules"),
                **rule_values(form),
            )
        except DriveError as e:
            refused_on_form(form, e)
        else:
            messages.success(request, _("Rules saved: the standings follow them at once."))
            return redirect("seasons:series_detail", series_id=series.pk)
    status = 400 if request.method == "POST" else 200
    return page(request, "seasons/series_form.html", {"form": form, "series": series}, status)


def nights_context(series: Series, role: str, removed: Drive | None = None) -> dict:
    return {
        "series": series,
        "nights": queries.series_standings(series).nights,
        "add_form": NightAddForm(club=series.club),
        "has_free": free_drives(series.club).exists(),
        "rules": queries.rules_words(series),
        "role": role,
        "removed": removed,
    }


@login_required
@require_GET
def series_detail(request, series_id):
    series, m = series_for_user(request, series_id)
    return page(request, "seasons/series_detail.html", nights_context(series, m.role))


def partial(request, template: str, ctx: dict) -> HttpResponse:
    """One region for htmx, with the flash messages out of band ("… is now a night")."""
    response = render(request, template, ctx)
    response.write(render_to_string("clubs/_flash_oob.html", request=request))
    return response


def nights_answer(request, series: Series, role: str, removed: Drive | None = None):
    """The nights region for htmx, else back to the series' page."""
    if request.htmx:
        ctx = nights_context(series, role, removed)
        return partial(request, "seasons/series_detail.html#series-nights", ctx)
    return redirect("seasons:series_detail", series_id=series.pk)


@login_required
@require_POST
@handle_drive_errors
def night_add(request, series_id):
    series, m = series_for_user(request, series_id, organizer=True)
    form = NightAddForm(request.POST, club=series.club)
    if not form.is_valid():
        raise DriveError(_("Choose one of the club's drives that is in no series yet."))
    drive = form.cleaned_data["drive"]
    services.night_add(
        series=series,
        drive=drive,
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, "series nights"),
    )
    messages.success(request, _("%(drive)s is now a night of the series.") % {"drive": drive.name})
    return nights_answer(request, series, m.role)


@login_required
@require_POST
@handle_drive_errors
def night_remove(request, series_id, drive_id):
    series, m = series_for_user(request, series_id, organizer=True)
    drive = drive_of_club(series, drive_id)
    services.night_remove(
        series=series,
        drive=drive,
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, "series nights"),
    )
    messages.success(
        request,
        _("%(drive)s is no longer a night of the series; its results are kept.")
        % {"drive": drive.name},
    )
    return nights_answer(request, series, m.role, removed=drive)


@login_required
@require_GET
def series_standings(request, series_id):
    series, m = series_for_user(request, series_id)
    table = queries.series_standings(series)
    played = [n for n in table.nights if n.played]
    rows = standing_rows(table, played)
    ctx = {
        "series": series,
        "table": table,
        "played": played,
        "rows": rows,
        "rows_html": fragment_rows(rows),
        "rules": queries.rules_words(series),
        "role": m.role,
    }
    if request.htmx and request.htmx.target == "series-standings":
        return render(request, "seasons/series_standings.html#series-standings", ctx)
    return page(request, "seasons/series_standings.html", ctx)


def standing_rows(table, played) -> list[dict]:
    """Each entry with one small card per night played in the series (empty where the
    person was not there), and how many nights it still needs to qualify."""
    need = table.series.min_nights
    rows = []
    for entry in table.entries:
        by_night = {n.night: n for n in entry.nights}
        rows.append(
            {
                "entry": entry,
                "names": " & ".join(entry.names),
                "cards": card_row([(n.number, by_night.get(n.number)) for n in played]),
                "to_qualify": max(need - entry.played, 0),
            }
        )
    return rows


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def drive_create(request, series_id):
    """The new-drive form for a night of this series: the drive is in the series from the
    moment it is made."""
    series, _m = series_for_user(request, series_id, organizer=True)
    form = DriveForm(posted(request), initial={"date": timezone.localdate()})
    if request.method == "POST" and form.is_valid():
        try:
            drive = services.drive_create_in_series(
                series=series,
                actor=request.user,
                now=timezone.now(),
                origin=origin_of(request, "new drive in a series"),
                **form.cleaned_data,
            )
        except ValidationError as e:
            form.add_error(None, e)
        else:
            messages.success(
                request,
                _("Drive created as a night of %(series)s. Now register the pairs.")
                % {"series": series.name},
            )
            return redirect("drives:pairs", drive_id=drive.pk)
    status = 400 if request.method == "POST" else 200
    ctx = {"form": form, "drive": None, "series": series, **confirm_setting(None)}
    return page(request, "drives/drive_form.html", ctx, status)
