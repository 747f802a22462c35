"""The side prizes screen: jackpot, 50/50, travelling prize and door prizes.

Each button posts to one view that calls one service. Under htmx the side
prizes section is swapped in place (on this screen or on the prizes page);
without JavaScript the browser comes back to this screen.
"""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from clubs.interface import DriveError
from clubs.views import htmx_refusal, origin_of, page
from drives.views.shared import get_drive_for_user
from prizes.forms import parse_cents
from prizes.services import side

SCREEN = "side prizes"


def _context(drive, **extra) -> dict:
    return {"drive": drive, "section": side.section(drive), "report": False, **extra}


def _on_this_screen(request, drive) -> bool:
    """An htmx post from this screen (not the prizes page): its h1 already names the section."""
    current = request.htmx.current_url_abs_path or ""
    return current.split("?")[0] == reverse("prizes:side", args=[drive.pk])


def _refusals(view):
    """A refused draw or bad input: a message in the flash region under htmx
    (what was typed stays on screen); otherwise this screen again with the
    message and the typed values, with the same 4xx. Nothing was written."""

    @wraps(view)
    def wrapper(request, drive_id):
        try:
            return view(request, drive_id)
        except DriveError as e:
            if request.htmx:
                return htmx_refusal(request, e.message, e.status)
            drive = get_drive_for_user(request, drive_id)
            ctx = _context(drive, error=e.message, posted=request.POST, standalone=True)
            return render(request, "prizes/side.html", ctx, status=e.status)

    return wrapper


def _done(request, drive, message: str):
    """After a draw: the updated section in place (htmx) or back to the screen."""
    messages.success(request, message)
    if request.htmx:
        ctx = _context(drive, standalone=_on_this_screen(request, drive))
        html = render_to_string("prizes/_side_section.html", ctx, request=request)
        html += render_to_string("clubs/_flash_oob.html", request=request)
        return HttpResponse(html)
    return redirect("prizes:side", drive_id=drive.pk)


def _whole(value: str, what: str, *, low: int = 1, high: int = 9999) -> int:
    value = (value or "").strip()
    ok = value.isascii() and value.isdigit() and len(value) <= 6
    if not ok or not low <= int(value) <= high:
        raise DriveError(
            _("%(what)s must be a number from %(low)d to %(high)d.")
            % {"what": what, "low": low, "high": high}
        )
    return int(value)


@login_required
@require_GET
def side_prizes(request, drive_id):
    drive = get_drive_for_user(request, drive_id)
    return page(request, "prizes/side.html", _context(drive, standalone=True))


@login_required
@require_POST
@_refusals
def fifty_fifty(request, drive_id):
    drive = get_drive_for_user(request, drive_id)
    ranges = side.parse_ticket_ranges(request.POST.get("ranges", ""))
    try:
        takings = parse_cents(request.POST.get("takings", ""))
    except ValidationError as e:
        raise DriveError(_("50/50 takings: %(error)s") % {"error": e.messages[0]}) from None
    draw = side.fifty_fifty_draw(
        drive=drive,
        ranges=ranges,
        takings_cents=takings,
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, SCREEN),
    )
    return _done(request, drive, _("Ticket %(t)d wins the 50/50.") % {"t": draw.result["ticket"]})


@login_required
@require_POST
@_refusals
def travelling(request, drive_id):
    drive = get_drive_for_user(request, drive_id)
    draw = side.travelling_draw(
        drive=drive, actor=request.user, now=timezone.now(), origin=origin_of(request, SCREEN)
    )
    message = _("The travelling prize's card is %(card)s.") % {"card": draw.result["label"]}
    return _done(request, drive, message)


@login_required
@require_POST
@_refusals
def travelling_holder(request, drive_id):
    drive = get_drive_for_user(request, drive_id)
    number = _whole(request.POST.get("pair", ""), _("The pair number"))
    side.travelling_holder(
        drive=drive,
        pair_number=number,
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, SCREEN),
    )
    return _done(request, drive, _("Pair %(n)d wins the travelling prize.") % {"n": number})


@login_required
@require_POST
@_refusals
def door(request, drive_id):
    drive = get_drive_for_user(request, drive_id)
    raw = request.POST.get("count", "")
    count = _whole(raw, _("The number of door prizes"), high=500) if raw.strip() else None
    draw = side.door_draw(
        drive=drive,
        count=count,
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, SCREEN),
    )
    pairs = draw.result["pairs"]
    message = ngettext(
        "Door prize drawn: pair %(list)s.", "Door prizes drawn: pairs %(list)s.", len(pairs)
    ) % {"list": ", ".join(str(n) for n in pairs)}
    return _done(request, drive, message)
