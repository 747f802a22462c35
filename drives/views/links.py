"""The organizer's table links: one reusable QR link per table number."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from .. import services
from ..models import Drive, Membership
from .shared import get_drive_for_user, handle_drive_errors, membership_of, origin_of, page


class TablesForm(forms.Form):
    upto = forms.IntegerField(min_value=1, max_value=services.MAX_TABLES)


def _organizer_club(request):
    membership = membership_of(request)
    if membership.role != Membership.Role.ORGANIZER:
        raise PermissionDenied(_("Only an organizer can do this."))
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
    ctx = {"club": club, "rows": rows, "form": form, "drive": drive, "upto": upto}
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
