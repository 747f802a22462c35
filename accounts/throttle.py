"""Login throttling with django-axes (settings: AXES_*).

Wrong passwords are counted by username and by address. Past AXES_FAILURE_LIMIT
within AXES_COOLOFF_TIME, logging in is refused, even with the right password,
until the time is up or the organizer unlocks the person on the People page.
"""

from __future__ import annotations

from datetime import datetime

from axes.backends import AxesStandaloneBackend
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.db.models import Max, Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

# The address logins are counted by (AXES_CLIENT_IP_CALLABLE names it here); the practice
# table counts its pace by the same one, so it lives on the ground floor.
from clubs.views import client_address as client_address


class LoginThrottle(AxesStandaloneBackend):
    """Axes' check, for logins that come with a request (the login page, the admin).

    Every login over HTTP passes its request. A call from code with none (a test,
    a management command) has no address to count, so it is left to the next backend
    instead of being refused.
    """

    def authenticate(self, request=None, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


def lock_minutes() -> int:
    return max(1, round(settings.AXES_COOLOFF_TIME.total_seconds() / 60))


def locked_out(request: HttpRequest, response, credentials) -> HttpResponse:
    """The login page, saying plainly that logging in is locked and for how long."""
    username = (credentials or {}).get("username") or request.POST.get("username", "")
    form = AuthenticationForm(request, initial={"username": username})
    context = {
        "form": form,
        "locked_minutes": lock_minutes(),
        "next": request.POST.get("next", request.GET.get("next", "")),
    }
    return render(request, "registration/login.html", context, status=429)


def locked_until(usernames, now: datetime) -> dict[str, datetime]:
    """{username: when their lock ends} for those of `usernames` locked out now."""
    since = now - settings.AXES_COOLOFF_TIME
    rows = (
        AccessAttempt.objects.filter(username__in=list(usernames), attempt_time__gte=since)
        .values("username")
        .annotate(failures=Sum("failures_since_start"), last=Max("attempt_time"))
    )
    return {
        r["username"]: r["last"] + settings.AXES_COOLOFF_TIME
        for r in rows
        if r["failures"] >= settings.AXES_FAILURE_LIMIT
    }
