"""The friends' table's screens at /practice/friends/ (no account).

One phone starts a table and gets its code (and a QR code of its address); the others
join with the code, choosing a free seat and a name. A phone holds its seat by the
seat's random key in a signed cookie of its own (``cd_friends``, sent to
/practice/friends/ only); a phone whose cookie names no seat of a table sees only the
seats to choose from, never a hand. The table's #content polls every second with the
fingerprint it was drawn from: 204 while nothing changed, else the new #content.
Every view parses, calls one service and answers the page, or for htmx the table's
#content region; a refusal answers 4xx with the reason and changes nothing.
"""

from __future__ import annotations

from functools import wraps

from django.conf import settings
from django.core import signing
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from clubs.interface import whole_number
from clubs.views import client_address, htmx_refusal
from practice import computer, pool
from practice.codes import CodeError
from practice.friends import screen, services
from practice.friends.qr import qr_svg
from practice.services import PracticeError
from practice.store import kept_for
from practice.views import GAMES, RENEGE, parse_deal, parse_move

HOME = "practice/friends/home.html"
SIT = "practice/friends/sit.html"
TABLE = "practice/friends/table.html"
COOKIE = "cd_friends"
SALT = "practice.friends"
TABLES_KEPT = 4  # seats one phone's cookie remembers (the newest)
# The games of practice.views.GAMES, said for a table of people (the computer players
# only fill the seats nobody takes); four in partnerships first.
TABLE_GAMES = {
    "t4": gettext_lazy("Forty-Fives, 4 players in partnerships"),
    "t3": gettext_lazy("Forty-Fives, 3 players"),
    "t2": gettext_lazy("Forty-Fives, 2 players"),
    "auction": gettext_lazy("Auction Forty-Fives, 4 players in partnerships, to 120"),
}


# ---- the phone's seats ------------------------------------------------------------------


def seat_keys(request: HttpRequest) -> dict[str, str]:
    """The seats this phone holds: table code -> seat key (none when the cookie is
    missing, changed or stale)."""
    try:
        data = signing.loads(request.COOKIES.get(COOKIE, ""), salt=SALT, max_age=kept_for())
    except signing.BadSignature:
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): str(v) for k, v in data.items()}


def holding(response: HttpResponse, request: HttpRequest, code: str, key: str) -> HttpResponse:
    """The answer with the phone's cookie holding ``key`` for table ``code``."""
    keys = {c: k for c, k in seat_keys(request).items() if c != code}
    keys[code] = key
    kept = dict(list(keys.items())[-TABLES_KEPT:])
    response.set_cookie(
        COOKIE,
        signing.dumps(kept, salt=SALT),
        max_age=settings.SESSION_COOKIE_AGE,
        path=reverse("practice:friends"),
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )
    return response


def _key(request: HttpRequest, code: str) -> str | None:
    return seat_keys(request).get(code)


# ---- answering ----------------------------------------------------------------------


def _home(request, *, error: str = "", status: int = 200, code: str = "") -> HttpResponse:
    ctx = {
        "games": [(k, TABLE_GAMES[k]) for k in TABLE_GAMES if k in GAMES],
        "levels": list(computer.LEVELS.items()),
        "default_level": computer.DEFAULT_LEVEL,
        "renege": [(r.value, label) for r, label in RENEGE.items()],
        "error": error,
        "code": code,
    }
    return render(request, HOME, ctx, status=status)


def _partial(request) -> bool:
    return bool(request.htmx) and not request.htmx.boosted


def _table(request, look: services.Look, *, error: str = "", status: int = 200):
    """The table for a seated phone, the seats to choose from for any other."""
    ctx = {
        **screen.table(look),
        "error": error,
        "address": settings.SITE_BASE_URL + reverse("practice:friends"),
    }
    template = TABLE if look.seat is not None else SIT
    response = render(
        request, f"{template}#content" if _partial(request) else template, ctx, status=status
    )
    patch_vary_headers(response, ("Cookie",))
    response["Cache-Control"] = "no-store"
    return response


def _address(code: str) -> str:
    return settings.SITE_BASE_URL + reverse("practice:friends_table", args=[code])


def _refused(request, code: str, message: str, status: int) -> HttpResponse:
    """A refusal in plain words, nothing changed: the flash region for htmx, else the
    table (or the start page when there is no such table)."""
    if request.htmx:
        return htmx_refusal(request, message, status)
    try:
        look = services.look(code=code, key=_key(request, code), now=timezone.now())
    except PracticeError:
        return _home(request, error=message, status=status)
    return _table(request, look, error=message, status=status)


def _code_or_404(view):
    """The view of one table: its code read from the address (404 in plain words when it
    is not a table's), a PracticeError answered as a refusal."""

    @wraps(view)
    def run(request, table_code: str) -> HttpResponse:
        code = services.read_code(table_code)
        if code is None:
            return _home(request, error=services.no_table(table_code[:16]).message, status=404)
        try:
            return view(request, code)
        except PracticeError as error:
            if error.status == 404:
                return _home(request, error=error.message, status=404, code=code)
            return _refused(request, code, error.message, error.status)

    return run


def _paced(view):
    """A change that may set the computer players thinking counts to the client's pace
    (practice.pool.too_fast): past it, 429 with Retry-After and nothing changed."""

    @wraps(view)
    def run(request, *args, **kwargs) -> HttpResponse:
        wait = pool.too_fast(request)
        if not wait:
            return view(request, *args, **kwargs)
        message = _("You are going faster than the computer players can think: wait a few seconds.")
        if request.htmx:
            response = htmx_refusal(request, message, 429)
        else:
            response = _home(request, error=message, status=429)
        response["Retry-After"] = str(wait)
        return response

    return run


def _changed(request, code: str) -> HttpResponse:
    """After a change: the table's #content for htmx, else back to the table."""
    if request.htmx:
        return _table(
            request, services.look(code=code, key=_key(request, code), now=timezone.now())
        )
    return redirect("practice:friends_table", code)


# ---- the screens ------------------------------------------------------------------


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Start a table, or join one with its code."""
    return _home(request)


@require_POST
@_paced
def start(request: HttpRequest) -> HttpResponse:
    try:
        deal = parse_deal(request.POST)
    except CodeError:
        return _home(request, error=_("Choose a game and its rules."), status=400)
    level = request.POST.get("level") or computer.DEFAULT_LEVEL
    try:
        table, seat = services.table_start(
            deal=deal,
            level=level,
            name=request.POST.get("name"),
            address=client_address(request),
            now=timezone.now(),
        )
    except PracticeError as error:
        return _home(request, error=error.message, status=error.status)
    return holding(redirect("practice:friends_table", table.code), request, table.code, seat.key)


@require_GET
def join(request: HttpRequest) -> HttpResponse:
    """The code box's answer: the table's seats, or a plain 404 when no table has it."""
    typed = request.GET.get("code")
    if typed is None:
        return _home(request)
    code = services.read_code(typed)
    shown = typed.strip()[:16]
    try:
        if code is None:
            raise services.no_table(shown)
        services.table_of(code)
    except PracticeError as error:
        return _home(request, error=error.message, status=404, code=shown)
    return redirect("practice:friends_table", code)


@require_GET
@_code_or_404
def table(request: HttpRequest, code: str) -> HttpResponse:
    return _table(request, services.look(code=code, key=_key(request, code), now=timezone.now()))


@require_GET
@_code_or_404
def poll(request: HttpRequest, code: str) -> HttpResponse:
    """The table's #content when it changed since the fingerprint ``v``, else 204."""
    look = services.look(code=code, key=_key(request, code), now=timezone.now())
    if request.GET.get("v") == look.fingerprint:
        response = HttpResponse(status=204)
        response["Cache-Control"] = "no-store"
        return response
    return _table(request, look)


@require_POST
@_code_or_404
def sit(request: HttpRequest, code: str) -> HttpResponse:
    number = whole_number(request.POST.get("seat"), lo=1, hi=4)
    if number is None:
        return _refused(request, code, _("Choose one of the table's seats."), 400)
    seat = services.seat_join(
        code=code,
        number=number - 1,
        name=request.POST.get("name"),
        now=timezone.now(),
        key=_key(request, code),
    )
    response = redirect("practice:friends_table", code)
    return holding(response, request, code, seat.key)


@require_POST
@_code_or_404
@_paced
def begin(request: HttpRequest, code: str) -> HttpResponse:
    services.table_begin(code=code, key=_key(request, code), now=timezone.now())
    return _changed(request, code)


@require_POST
@_code_or_404
@_paced
def move(request: HttpRequest, code: str) -> HttpResponse:
    try:
        chosen = parse_move(request.POST)
    except CodeError:
        return _refused(request, code, _("That is not a move in this game."), 400)
    at = whole_number(request.POST.get("at"), hi=100_000)
    if at is None:
        return _refused(request, code, _("That is not a move in this game."), 400)
    services.game_move(code=code, key=_key(request, code), move=chosen, at=at, now=timezone.now())
    return _changed(request, code)


@require_POST
@_code_or_404
@_paced
def next_hand(request: HttpRequest, code: str) -> HttpResponse:
    at = whole_number(request.POST.get("at"), hi=100_000)
    if at is None:
        return _refused(
            request, code, _("That screen was out of date. Here is the table as it is now."), 400
        )
    services.hand_next(code=code, key=_key(request, code), at=at, now=timezone.now())
    return _changed(request, code)


@require_POST
@_code_or_404
@_paced
def hand_over(request: HttpRequest, code: str) -> HttpResponse:
    number = whole_number(request.POST.get("seat"), lo=1, hi=4)
    if number is None:
        return _refused(request, code, _("Choose one of the other seats."), 400)
    services.seat_hand_over(
        code=code, key=_key(request, code), number=number - 1, now=timezone.now()
    )
    return _changed(request, code)


@require_GET
@_code_or_404
def qr(request: HttpRequest, code: str) -> HttpResponse:
    """The QR code of the table's address, for the other phones' cameras."""
    services.table_of(code)
    response = HttpResponse(qr_svg(_address(code)), content_type="image/svg+xml")
    response["Cache-Control"] = "max-age=3600"
    return response
