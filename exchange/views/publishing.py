"""The laptop's end of publishing (organizers only): where the club's nights are published
(/club/publishing/), and a drive's publish state and button (/drives/<id>/publish/, shown
on the drive's page, which asks for it with htmx).

While a night runs, and once more after it finishes, the drive page's publish region posts
`auto` every minute: the night is sent if it changed since the server took it. The call to
the server has a short timeout and runs outside any transaction, so no result waits for it.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from clubs.interface import DriveError
from clubs.views import handle_drive_errors, membership_of, organizer_only, origin_of, page
from drives.models import Drive
from drives.views.shared import get_drive_for_user

from ..models import PublishingTarget, PublishState
from ..services import publishing


class PublishingForm(forms.Form):
    server = forms.CharField(
        label=gettext_lazy("The association's server"),
        max_length=200,
        help_text=gettext_lazy("Its whole address, for example https://results.example.org"),
        widget=forms.URLInput(attrs={"autocomplete": "url", "inputmode": "url"}),
    )
    key = forms.CharField(
        label=gettext_lazy("The club's API key on that server"),
        max_length=200,
        required=False,
        help_text=gettext_lazy(
            "Made by an organizer of the club on the server's profile page (it starts with "
            "cd_). Leave empty to keep the key already entered."
        ),
        widget=forms.PasswordInput(attrs={"autocomplete": "off"}),
    )


def _settings_page(request, club, form, status=200) -> HttpResponse:
    target = PublishingTarget.objects.filter(club=club).first()
    return page(request, "exchange/publishing.html", {"form": form, "target": target}, status)


@login_required
@require_http_methods(["GET", "POST"])
def publishing_settings(request: HttpRequest) -> HttpResponse:
    """Where the club's nights are published: the server's address and the club's key."""
    m = membership_of(request)
    organizer_only(m.role)
    if request.method == "GET":
        target = PublishingTarget.objects.filter(club=m.club).first()
        initial = {"server": target.server} if target else {}
        return _settings_page(request, m.club, PublishingForm(initial=initial))
    form = PublishingForm(request.POST)
    if not form.is_valid():
        return _settings_page(request, m.club, form, 400)
    try:
        target = publishing.publishing_set(
            club=m.club,
            server=form.cleaned_data["server"],
            key=form.cleaned_data["key"],
            actor=request.user,
            now=timezone.now(),
            origin=origin_of(request, "publishing"),
        )
    except DriveError as e:
        form.add_error(None, e.message)
        return _settings_page(request, m.club, form, e.status)
    messages.success(
        request,
        _("The club's nights are published to %(server)s.") % {"server": target.server_name},
    )
    return _settings_page(request, m.club, PublishingForm(initial={"server": target.server}))


@login_required
@require_POST
@handle_drive_errors
def publishing_stop(request: HttpRequest) -> HttpResponse:
    """Stop publishing: the server's address and the club's key are forgotten here."""
    m = membership_of(request)
    organizer_only(m.role)
    publishing.publishing_stop(
        club=m.club, actor=request.user, now=timezone.now(), origin=origin_of(request, "publishing")
    )
    messages.success(request, _("Publishing stopped: the key is no longer kept here."))
    return _settings_page(request, m.club, PublishingForm())


def _publish_region(request, drive: Drive, status: int = 200) -> HttpResponse:
    target = PublishingTarget.objects.filter(club_id=drive.club_id).first()
    state = PublishState.objects.filter(drive=drive).first()
    # Sent again by itself while the night runs, and once after it finishes.
    finished_unsent = drive.is_finished and (
        state is None
        or state.published_at is None
        or (drive.finished_at and state.published_at < drive.finished_at)
        or bool(state.error)
    )
    ctx = {
        "drive": drive,
        "target": target,
        "state": state,
        "live": target is not None and (drive.is_running or finished_unsent),
    }
    if request.htmx:
        return render(request, "exchange/publish.html#publish", ctx, status=status)
    return page(request, "exchange/publish.html", ctx, status)


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def drive_publish(request: HttpRequest, drive_id: int) -> HttpResponse:
    """A drive's publish state (GET), and "Publish to <server>" (POST; `auto`: only if the
    night changed since the server took it, the drive page's minute-by-minute publish)."""
    drive = get_drive_for_user(request, drive_id)
    if request.method == "GET":
        return _publish_region(request, drive)
    state = publishing.night_publish(
        drive=drive,
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, "publish"),
        only_if_changed=request.POST.get("auto") == "1",
    )
    if not request.htmx:
        if state.error:
            messages.error(request, state.error)
        else:
            messages.success(request, _("Published."))
        return redirect("exchange:drive_publish", drive_id=drive.pk)
    return _publish_region(request, drive)
