"""The organizer's table links: one reusable QR link per table number."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect
from reportlab.graphics import renderSVG
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing

from clubs.interface import DriveError, club_language_set
from clubs.views import (
    address_note,
    handle_drive_errors,
    membership_of,
    organizer_only,
    origin_of,
    page,
)

from .. import services
from ..models import Drive
from .shared import get_drive_for_user


class TablesForm(forms.Form):
    upto = forms.IntegerField(min_value=1, max_value=services.MAX_TABLES)


def _organizer_club(request):
    membership = membership_of(request)
    organizer_only(membership.role)
    return membership.club


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def table_links(request):
    club = _organizer_club(request)
    form = TablesForm(request.POST if request.method == "POST" else None)
    status = 200
    upto = services.tables_needed(club)
    if request.method == "POST":
        if form.is_valid():
            upto = form.cleaned_data["upto"]
            services.table_links(club, upto)
            messages.success(request, _("Links are ready for tables 1 to %(n)d.") % {"n": upto})
            return redirect("club:table_links")
        status = 400
    # A refused form writes nothing: it shows the links there are and makes none.
    links = services.table_links(club, upto if status == 200 else 0)
    drive = (
        Drive.objects.filter(club=club).exclude(status=Drive.Status.FINISHED).first()
        or Drive.objects.filter(club=club).first()
    )
    rows = [(link, services.table_link_url(link)) for link in links]
    ctx = {
        "club": club,
        "rows": rows,
        "form": form,
        "drive": drive,
        "upto": upto,
        "address_note": address_note(request),
    }
    return page(request, "drives/table_links.html", ctx, status=status)


@login_required
@require_POST
@handle_drive_errors
def table_link_rotate(request, table):
    club = _organizer_club(request)
    services.table_link_rotate(
        club=club,
        table=table,
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, "table links"),
    )
    messages.success(
        request,
        _("Table %(table)d has a new link. Print its card again: the old one no longer works.")
        % {"table": table},
    )
    url = f"{redirect('club:table_links').url}#link-{table}"
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@login_required
@require_POST
@handle_drive_errors
def table_cards_serve(request, drive_id):
    """The club's table cards open this running drive's tables from now on (organizers)."""
    drive = get_drive_for_user(request, drive_id)
    services.table_drive_set(
        drive=drive, actor=request.user, now=timezone.now(), origin=origin_of(request, "drive page")
    )
    messages.success(
        request,
        _("The table cards now open the tables of %(drive)s.") % {"drive": drive.name},
    )
    url = reverse("drives:drive_detail", args=[drive.pk])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


# --- Does a phone reach the laptop? -------------------------------------------


@login_required
@require_GET
def table_card_test(request):
    """A QR code on screen for a phone to scan before the night: if the phone opens the
    page it leads to, printed table cards will work on this network."""
    club = _organizer_club(request)
    reach = settings.SITE_BASE_URL + reverse("club:reach")
    ctx = {
        "club": club,
        "reach": reach,
        "address": settings.SITE_BASE_URL,
        "address_note": address_note(request),
    }
    return page(request, "drives/table_card_test.html", ctx)


@login_required
@require_GET
def table_card_test_qr(request):
    """The test's QR code as an SVG image (served, not inline: the page has no inline code)."""
    _organizer_club(request)
    svg = qr_svg(settings.SITE_BASE_URL + reverse("club:reach"))
    response = HttpResponse(svg, content_type="image/svg+xml")
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def reach(request):
    """What the phone that scanned the test QR code shows: no login, nothing about any drive."""
    return render(request, "drives/reach.html", {"address": settings.SITE_BASE_URL})


def qr_drawing(data: str, size: int = 320) -> Drawing:
    """A QR code for ``data``, drawn with reportlab's own QR widget, ``size`` points square."""
    widget = QrCodeWidget(data, barLevel="M", barBorder=4)
    x0, y0, x1, y1 = widget.getBounds()
    drawing = Drawing(size, size, transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), 0, 0])
    drawing.add(widget)
    return drawing


def qr_svg(data: str, size: int = 320) -> str:
    """The QR code as SVG text, for a screen."""
    return renderSVG.drawToString(qr_drawing(data, size))


class ClubLanguageForm(forms.Form):
    language = forms.ChoiceField(choices=settings.LANGUAGES)


@login_required
@require_POST
@handle_drive_errors
def club_language(request):
    """The club's language (organizers): the screens of devices that have not chosen one,
    and the printouts of drives that do not say otherwise."""
    club = _organizer_club(request)
    form = ClubLanguageForm(request.POST)
    if not form.is_valid():
        raise DriveError(_("Choose English or French."))
    club = club_language_set(
        club=club,
        language=form.cleaned_data["language"],
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, "people"),
    )
    messages.success(
        request,
        _("The club's language is now %(language)s.")
        % {"language": dict(settings.LANGUAGES)[club.language]},
    )
    # The whole page changes language (this device too, unless it chose one): reload it.
    if request.htmx:
        return HttpResponseClientRedirect(reverse("club:people"))
    return redirect("club:people")
