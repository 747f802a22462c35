"""The prizes page, the prize settings and the printable prize report."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from clubs.interface import club_paper_size_set
from clubs.views import handle_drive_errors, origin_of, page, posted
from drives.views.shared import get_drive_for_user
from prizes.forms import CashUnitForm, PrizeSettingsForm
from prizes.services import money
from prizes.services import report as report_service
from prizes.services.common import prize_settings as settings_of


@login_required
@require_GET
def prizes(request, drive_id):
    drive = get_drive_for_user(request, drive_id)
    ctx = {"drive": drive, **report_service.prize_report(drive), "report": False}
    return page(request, "prizes/prizes.html", ctx)


@login_required
@require_GET
def report(request, drive_id):
    drive = get_drive_for_user(request, drive_id)
    ctx = {
        "drive": drive,
        **report_service.prize_report(drive),
        "report": True,
        "generated_at": timezone.now(),
    }
    return page(request, "prizes/report.html", ctx)


def _initial(drive) -> dict:
    s = settings_of(drive)
    initial = {k: getattr(s, k) for k in money.SETTING_FIELDS}
    for n, p in money.place_prizes(drive).items():
        initial[f"place_{n}_cents"] = p.cents
        initial[f"place_{n}_item"] = p.item
    return initial


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def prize_settings(request, drive_id):
    drive = get_drive_for_user(request, drive_id)
    data = posted(request)
    which = request.POST.get("form") if request.method == "POST" else None
    form = PrizeSettingsForm(
        data if which != "cash_unit" else None, places=drive.prize_places, initial=_initial(drive)
    )
    unit_form = CashUnitForm(
        data if which == "cash_unit" else None,
        initial={"cash_unit": drive.club.cash_unit, "paper_size": drive.club.paper_size},
    )
    if which == "cash_unit" and unit_form.is_valid():
        money.club_cash_unit_set(
            club=drive.club,
            cents=unit_form.cleaned_data["cash_unit"],
            actor=request.user,
            now=timezone.now(),
            origin=origin_of(request, "prize settings"),
        )
        if unit_form.cleaned_data.get("paper_size"):
            club_paper_size_set(
                club=drive.club,
                paper_size=unit_form.cleaned_data["paper_size"],
                actor=request.user,
                now=timezone.now(),
                origin=origin_of(request, "prize settings"),
            )
        messages.success(request, _("Smallest cash unit saved."))
        return redirect("prizes:prize_settings", drive_id=drive.pk)
    if request.method == "POST" and which != "cash_unit" and form.is_valid():
        money.prize_settings_save(
            drive=drive,
            values=form.values(),
            places=form.places_values(),
            actor=request.user,
            now=timezone.now(),
            origin=origin_of(request, "prize settings"),
        )
        messages.success(request, _("Prize settings saved."))
        return redirect("prizes:prizes", drive_id=drive.pk)
    status = 400 if request.method == "POST" else 200
    ctx = {"drive": drive, "form": form, "unit_form": unit_form}
    return page(request, "prizes/prize_settings.html", ctx, status)
