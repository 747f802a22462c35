"""Download a whole drive as JSON, and import one (organizers only).

The document and its checks are exchange/document/; these views read the
upload, call it and answer.
"""

from __future__ import annotations

import json

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from clubs.interface import DriveError
from clubs.views import membership_of, organizer_only, origin_of, page
from drives.views.shared import get_drive_for_user

from .. import document as exchange


class ImportForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Drive file (.json)"),
        help_text=gettext_lazy("A file saved with “Export (JSON)” on a drive's page, up to 5 MB."),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )


@login_required
@require_GET
def drive_export(request: HttpRequest, drive_id: int) -> HttpResponse:
    """The whole drive as one JSON file: a backup, or to move it to another club."""
    drive = get_drive_for_user(request, drive_id)
    body = json.dumps(exchange.drive_export(drive), ensure_ascii=False, indent=1)
    response = HttpResponse(body.encode(), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(True, exchange.file_name(drive))
    return response


def _import_page(request: HttpRequest, form: ImportForm, status: int = 200) -> HttpResponse:
    return page(request, "exchange/import.html", {"form": form}, status)


@login_required
@require_http_methods(["GET", "POST"])
def drive_import(request: HttpRequest) -> HttpResponse:
    """Upload a drive file: it becomes a new drive of the organizer's club."""
    m = membership_of(request)
    organizer_only(m.role)
    if request.method == "GET":
        return _import_page(request, ImportForm())
    form = ImportForm(request.POST, request.FILES)
    if not form.is_valid():
        return _import_page(request, form, 400)
    upload = form.cleaned_data["file"]
    try:
        exchange.check_size(upload.size)  # before reading a big file into memory
        document = exchange.read_document(upload.read())
        drive = exchange.drive_import(
            club=m.club,
            document=document,
            actor=request.user,
            now=timezone.now(),
            filename=upload.name,
            origin=origin_of(request, "import a drive"),
        )
    except DriveError as e:
        form.add_error("file", e.message)
        return _import_page(request, form, e.status)
    messages.success(
        request, _("“%(name)s” imported as a new drive of your club.") % {"name": drive.name}
    )
    found, added = drive.players_found, drive.players_added
    messages.info(
        request,
        _("Players: %(found)d found in the register, %(added)d added to it%(names)s.")
        % {
            "found": len(found),
            "added": len(added),
            "names": (": " + ", ".join(added[:20]) + ("…" if len(added) > 20 else ""))
            if added
            else "",
        },
    )
    url = reverse("drives:drive_detail", args=[drive.pk])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
