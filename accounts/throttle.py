"""Login throttling with django-axes (settings: AXES_*).

Wrong passwords are counted by username and address together: past AXES_FAILURE_LIMIT
within AXES_COOLOFF_TIME, that username cannot log in from that address (one phone or
tablet), even with the right password, until the time is up or the organizer unlocks the
person on the People page. Every other device logs in as usual, so no phone can lock the
organizer out of their own laptop.

The laptop itself is never locked out (from_the_laptop): a login from a loopback address
reaches the site from the machine that runs it, which no phone on the hall network can do.
"""

from __future__ import annotations

import ipaddress
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime

from axes.backends import AxesStandaloneBackend
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.db.models import Max, Sum
from django.http import HttpRequest, HttpResponse
from django.http.request import split_domain_port
from django.shortcuts import render
from django.utils.translation import gettext as _

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


RESET_COMMAND = ".venv/bin/python manage.py axes_reset_username"


def lock_minutes() -> int:
    return max(1, round(settings.AXES_COOLOFF_TIME.total_seconds() / 60))


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.strip())
    except ValueError:
        return None


def is_loopback(text: str) -> bool:
    """127.0.0.0/8 or ::1 (also written as an IPv4-mapped IPv6 address): this machine."""
    ip = _ip(text or "")
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip is not None and ip.is_loopback


def forwarded_address(request: HttpRequest) -> str | None:
    """The address the proxy added last to X-Forwarded-For, or None when there is none."""
    ip = _ip(request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")[-1])
    return None if ip is None else str(ip)


def from_the_laptop(request: HttpRequest, credentials=None) -> bool:
    """True when the request comes from the machine that runs Card Drive (AXES_WHITELIST_CALLABLE).

    Without a proxy that is a loopback client address. Behind one (BEHIND_PROXY), the proxy
    must say the client was on loopback, and be on this machine itself (a loopback hop, or
    a Unix socket, which has no address): a phone that reaches the app some other way and
    writes its own X-Forwarded-For is not taken for the laptop.
    """
    hop = request.META.get("REMOTE_ADDR") or ""
    if not settings.BEHIND_PROXY:
        return is_loopback(hop)
    forwarded = forwarded_address(request)
    return forwarded is not None and is_loopback(forwarded) and (not hop or is_loopback(hop))


def laptop_url(request: HttpRequest) -> str:
    """The address to open on the laptop itself: localhost, on the port this page came from."""
    _, port = split_domain_port(request.get_host())
    return f"{request.scheme}://localhost{':' + port if port else ''}/"


def locked_out(request: HttpRequest, response, credentials) -> HttpResponse:
    """The login page, saying plainly that logging in is locked, for how long, and the
    ways in that no phone can close (the laptop's own address, the reset command)."""
    username = (credentials or {}).get("username") or request.POST.get("username", "")
    form = AuthenticationForm(request, initial={"username": username})
    context = {
        "form": form,
        "locked_minutes": lock_minutes(),
        # The command that exists (django-axes'), for this name, to copy on the laptop.
        "reset_command": RESET_COMMAND + " " + (username or _("NAME")),
        "laptop_url": laptop_url(request),
        "next": request.POST.get("next", request.GET.get("next", "")),
    }
    return render(request, "registration/login.html", context, status=429)


@dataclass(frozen=True)
class Lockout:
    """A username locked out on `devices` addresses; the last of those locks ends at `until`."""

    until: datetime
    devices: int


def lockouts(usernames, now: datetime) -> dict[str, Lockout]:
    """{username: their lockout} for those of `usernames` locked out now on some device.

    Counted as axes counts them: the wrong passwords of one username from one address
    within the cool-off (its rows differ only by browser), at least AXES_FAILURE_LIMIT.
    """
    since = now - settings.AXES_COOLOFF_TIME
    rows = (
        AccessAttempt.objects.filter(username__in=list(usernames), attempt_time__gte=since)
        .order_by()
        .values("username", "ip_address")
        .annotate(failures=Sum("failures_since_start"), last=Max("attempt_time"))
    )
    locks: dict[str, list[datetime]] = defaultdict(list)
    for r in rows:
        if r["failures"] >= settings.AXES_FAILURE_LIMIT:
            locks[r["username"]].append(r["last"] + settings.AXES_COOLOFF_TIME)
    return {name: Lockout(until=max(ends), devices=len(ends)) for name, ends in locks.items()}
