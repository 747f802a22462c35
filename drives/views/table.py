"""The table page: players report their table's result from a phone or tablet.

The table link's token is the only credential: it opens its own table of the
running drive the club's table cards serve (Club.table_drive, chosen by the
organizer), for the current game only. Every submission carries a
key made on the device, so a retry is answered once and never counted twice.
"""

from __future__ import annotations

import hashlib
import re
import secrets

from django import forms
from django.contrib import messages
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from clubs.interface import DriveError, Origin, club_open, note_club
from clubs.views import speak_club_language

from .. import queries, services
from ..models import Drive, TableLink

DEVICE_COOKIE = "cd_device"
TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{8,64}$")


class ReportForm(forms.Form):
    game = forms.IntegerField(min_value=1, max_value=60)
    winner = forms.IntegerField(min_value=1, max_value=9999)
    key = forms.CharField(max_length=64)


class ConfirmForm(ReportForm):
    # The pair that agrees: typed by the players, or sent by the "Pair 7 agrees" button;
    # or, when the drive confirms by pair code, the code the other pair typed.
    confirmer = forms.IntegerField(min_value=1, max_value=9999, required=False)
    code = forms.CharField(max_length=16, required=False, strip=True)


class WithdrawForm(forms.Form):
    game = forms.IntegerField(min_value=1, max_value=60)
    key = forms.CharField(max_length=64)


def _card(request: HttpRequest, token: str, *, with_table: bool = True) -> queries.Card:
    """The table card of the token: its link and club, the running drive the club's table
    cards open (never simply the newest running drive), and with_table, that drive's table
    in the current game with its seats. One statement."""
    if not TOKEN_RE.match(token):
        raise Http404(_("This table card is not valid."))
    card = queries.table_card(token, with_table=with_table)
    if card is None:
        raise Http404(_("This table card is not valid."))
    speak_club_language(request, card.link.club.language)
    note_club(card.link.club.pk, card.link.club.name)
    club_open(card.link.club)
    return card


def _device(request: HttpRequest) -> str:
    """The device's own id (a cookie), or a stand-in from its address and browser."""
    cookie = request.COOKIES.get(DEVICE_COOKIE, "")
    if re.fullmatch(r"[0-9a-f]{16,32}", cookie):
        return cookie
    seen = f"{request.META.get('REMOTE_ADDR', '')} {request.headers.get('User-Agent', '')}"
    return "ua-" + hashlib.sha256(seen.encode()).hexdigest()[:16]


def origin_of(request: HttpRequest, link: TableLink) -> Origin:
    agent = request.headers.get("User-Agent", "")[:150]
    addr = request.META.get("REMOTE_ADDR", "")
    return Origin(
        source=f"table {link.table}: {_device(request)}", device=f"{addr} {agent}".strip()
    )


def _context(
    request, card: queries.Card, message: str = "", error: bool = False, fresh=None
) -> dict:
    """What the panel shows. fresh: the table's row just written by a service (with its
    seats and drive), which saves reading them again."""
    if fresh is not None and hasattr(fresh, "seat_list"):
        drive, tg = fresh.drive, fresh
    else:
        if not card.with_table:
            card = _card(request, card.link.token)
        drive, tg = card.drive, card.table_game
    link = card.link
    ctx = {
        "link": link,
        "club": link.club,
        "drive": drive,
        "tg": tg,
        "message": message,
        "error": error,
        "device": _device(request),
        "form_key": secrets.token_hex(16),
    }
    if tg is not None and len(tg.seat_list) == 2:
        by_id = {s.pair_id: s for s in tg.seat_list}
        ctx["seats"] = tg.seat_list
        ctx["dealer"] = by_id.get(tg.deal_first_id)
        if tg.winner_id:
            ctx["winner"] = by_id[tg.winner_id].pair
            ctx["loser"] = next(s.pair for s in tg.seat_list if s.pair_id != tg.winner_id)
        ctx["mine"] = tg.reported_device == ctx["device"]
        # Too many wrong pair codes: the table takes no more, the front enters the result.
        ctx["codes_locked"] = drive.confirm_by_code and tg.codes_locked
        if ctx["codes_locked"] and message == services.codes_locked_words():
            ctx["message"] = ""  # the panel says it, once
    if tg is not None and drive.movement == services.TEAM_MATCH:
        # A team match: where each pair of this table goes next, by its schedule (one more
        # statement, for a team match only).
        after = services.next_seats(drive, tg.game)
        ctx["next_seats"] = [after[s.pair.number] for s in tg.seat_list if s.pair.number in after]
    if drive is None and link.club.table_drive_id is not None:
        ctx.update(_cards_finished(link.club))
    return ctx


def _cards_finished(club) -> dict:
    """While the club's cards serve a drive that has finished: that drive ("served") and the
    newest drive of the club being played ("running", or None), whose tables the cards
    open once the organizer gives it them. One statement, only while the cards open no
    running drive."""
    rows = list(
        Drive.objects.filter(club_id=club.pk)
        .filter(
            Q(pk=club.table_drive_id, status=Drive.Status.FINISHED) | Q(status=Drive.Status.RUNNING)
        )
        .order_by("-date", "-id")
        .only("id", "name", "date", "status")
    )
    served = next((d for d in rows if d.pk == club.table_drive_id), None)
    if served is None:
        return {}
    running = next((d for d in rows if d.is_running), None)
    return {"served": served, "running": running}


def _partial(request) -> bool:
    return bool(request.htmx) or request.headers.get("X-Requested-With") == "fetch"


def _render(
    request, card, message="", error=False, status=200, ctx=None, fresh=None
) -> HttpResponse:
    ctx = ctx or _context(request, card, message, error, fresh)
    if _partial(request):
        response = render(request, "drives/table.html#table-panel", ctx, status=status)
    else:
        response = render(request, "drives/table.html", ctx, status=status)
    if DEVICE_COOKIE not in request.COOKIES:
        response.set_cookie(
            DEVICE_COOKIE, secrets.token_hex(12), max_age=3 * 365 * 86400, samesite="Lax"
        )
    response["Cache-Control"] = "no-cache"
    return response


def _etag(request, ctx: dict) -> str:
    """Names what the panel shows, without rendering it (the form keys differ each time)."""
    drive, tg = ctx["drive"], ctx["tg"]
    shown = [
        "panel" if _partial(request) else "page",
        get_language() or "",
        ctx["club"].name,
        drive and (drive.pk, drive.name, drive.current_game, drive.status, drive.games),
        drive and drive.confirm_mode,
        [(d.pk, d.name, d.status) for d in (ctx.get("served"), ctx.get("running")) if d],
        tg and (tg.pk, tg.version, tg.status, tg.deal_first_id, ctx.get("mine")),
        ctx.get("codes_locked"),
        tg and [(s.pk, s.pair.number, s.pair.player1, s.pair.player2) for s in tg.seat_list],
    ]
    return 'W/"' + hashlib.sha256(repr(shown).encode()).hexdigest()[:24] + '"'


@require_GET
def table_page(request, token):
    card = _card(request, token)
    ctx = _context(request, card)
    # Each table polls every few seconds: an unchanged panel is answered 304.
    etag = _etag(request, ctx)
    # A message waiting to be shown (after a tap without JavaScript) always renders.
    waiting = "messages" in request.COOKIES
    response = None if waiting else get_conditional_response(request, etag=etag)
    if response is None:
        response = _render(request, card, ctx=ctx)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ("HX-Request",))
    return response


def _read_tap(request, token, form_class) -> tuple[queries.Card, dict, HttpResponse | None]:
    """The table card and the tap's cleaned fields, or the answer refusing the tap (a form
    not understood, no drive running) as the third item."""
    card = _card(request, token, with_table=False)
    form = form_class(request.POST)
    if not form.is_valid():
        if "key" in form.errors:
            message = _("This tap has no valid key: reload the page and tap again.")
        else:
            message = _("That tap was not understood: reload the page and tap again.")
        return card, {}, _answer(request, card, message, error=True, status=400)
    if card.drive is None:
        refusal = _answer(
            request, card, _("No drive is running: nothing was saved."), error=True, status=409
        )
        return card, {}, refusal
    return card, form.cleaned_data, None


def _tap_arguments(request, card: queries.Card, data: dict) -> dict:
    """The arguments every table service takes: the drive, game and table, the retry key,
    the device, the time and the origin."""
    return {
        "drive": card.drive,
        "game": data["game"],
        "table": card.link.table,
        "key": data["key"],
        "device": _device(request),
        "now": timezone.now(),
        "origin": origin_of(request, card.link),
    }


def _answer(request, card, message, error=False, status=200, fresh=None) -> HttpResponse:
    """The table panel with the message (htmx or fetch), or a redirect to the page without JS."""
    if _partial(request):
        return _render(request, card, message, error, status, fresh=fresh)
    if status >= 400:
        return _render(request, card, message, error, status)
    messages.success(request, message)
    return redirect(reverse("table:page", args=[card.link.token]))


def _answered(request, card, answer) -> HttpResponse:
    """The answer to a tap the service took (or answered again, for a retried key)."""
    return _answer(request, card, answer.message, status=answer.status, fresh=answer.table_game)


def _refused(request, card, error: DriveError) -> HttpResponse:
    return _answer(request, card, error.message, error=True, status=error.status)


@require_POST
def table_report(request, token):
    card, data, refusal = _read_tap(request, token, ReportForm)
    if refusal is not None:
        return refusal
    try:
        answer = services.table_report(
            **_tap_arguments(request, card, data), winner_number=data["winner"]
        )
    except DriveError as e:
        return _refused(request, card, e)
    return _answered(request, card, answer)


@require_POST
def table_confirm(request, token):
    card, data, refusal = _read_tap(request, token, ConfirmForm)
    if refusal is not None:
        return refusal
    try:
        answer = services.table_confirm(
            **_tap_arguments(request, card, data),
            winner_number=data["winner"],
            confirmer_number=data["confirmer"],
            code=data["code"],
        )
    except DriveError as e:
        return _refused(request, card, e)
    return _answered(request, card, answer)


@require_POST
def table_withdraw(request, token):
    card, data, refusal = _read_tap(request, token, WithdrawForm)
    if refusal is not None:
        return refusal
    try:
        answer = services.table_withdraw(**_tap_arguments(request, card, data))
    except DriveError as e:
        return _refused(request, card, e)
    return _answered(request, card, answer)
