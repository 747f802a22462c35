"""The standings screens: the projector board and the read-only standings (public, no
login), and the organizer's Standings page.

Each public screen is shown only while its setting is on; otherwise (or for a drive that
does not exist) the answer is the same plain 404, so nothing is revealed.

The board polls every 5 seconds. Its ETag is made from drives' game_fingerprint
(one query) before anything is rendered, so an unchanged poll costs two small
queries and a 304.
"""

from __future__ import annotations

import hashlib

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.translation import get_language
from django.views.decorators.http import require_GET, require_safe

from clubs.interface import note_club
from clubs.views import page, speak_club_language
from drives.interface import game_fingerprint, public_drive, standings_rows
from drives.models import Drive
from drives.views.shared import get_drive_for_user
from prizes.interface import pair_places

from . import contents


def _public_drive(drive_id: int, setting: str) -> Drive | None:
    """The drive if that public screen of it is on and its club not suspended, else None
    (one query)."""
    found = Drive.objects.select_related("club").filter(club__suspended_at__isnull=True)
    return found.filter(pk=drive_id, **{setting: True}).first()


def _not_shown(request: HttpRequest, *, poll: bool = False) -> HttpResponse:
    """The one 404 for a screen that is off or a drive that does not exist.

    For the board's poll it is the #board region itself, so a board switched
    off mid-night clears instead of showing old results.
    """
    template = "board/board_off.html#board" if request.htmx else "board/board_off.html"
    return render(request, template, {"poll": poll}, status=404)


def _fresh(response: HttpResponse) -> HttpResponse:
    # no-cache: the browser keeps the copy but asks each time; the full page and
    # the #board region share the address, so the cache must tell them apart.
    patch_cache_control(response, no_cache=True)
    patch_vary_headers(response, ("HX-Request",))
    return response


def board_page(request: HttpRequest) -> str:
    """Which page of the board is asked: "series" (the drive's series, between games),
    "league" (the league of a league night, between games) or "" (the night)."""
    page = request.GET.get("page")
    return page if page in ("series", "league") else ""


def board_etag(request: HttpRequest, drive: Drive) -> str:
    """Names what the board would show, without rendering it.

    Weak: the full page carries a fresh CSRF token, so equal pages are not
    byte-identical.
    """
    part = "board" if request.htmx else "page"
    text = "/".join(
        (
            game_fingerprint(drive),
            part,
            get_language() or "",
            drive.name,
            str(drive.standings_public),
            board_page(request),
        )
    )
    digest = hashlib.sha256(text.encode()).hexdigest()[:24]
    return f'W/"{digest}"'


@require_safe
def board(request: HttpRequest, drive_id: int) -> HttpResponse:
    # The poll: only the columns the board shows (every 5 s, from every projector).
    drive = public_drive(drive_id, "board_public")
    if drive is None:
        return _fresh(_not_shown(request, poll=True))
    speak_club_language(request, drive.club_language)
    note_club(drive.club_id)
    etag = board_etag(request, drive)
    response = get_conditional_response(request, etag=etag)
    if response is not None:
        if isinstance(response, HttpResponseNotModified):
            response["ETag"] = etag
        return _fresh(response)
    # The ETag is read before the contents: a change in between is shown by the
    # next poll (its ETag differs), never hidden behind a 304.
    b = contents.board(drive)
    ctx = {"board": b, "drive": drive}
    if contents.shows_series(b):
        # Between games the board turns between two pages, the night and the drive's
        # series (when it is a night of one), at each poll of the rotation.
        series_page = contents.series_page(drive)
        if series_page is not None:
            on_series = board_page(request) == "series"
            ctx["series_page"] = series_page if on_series else None
            ctx["next_page"] = "" if on_series else "series"
            ctx["rotating"] = True
        elif (league_page := contents.league_page(drive)) is not None:
            # A league night turns to the league's teams the same way.
            on_league = board_page(request) == "league"
            ctx["league_page"] = league_page if on_league else None
            ctx["next_page"] = "" if on_league else "league"
            ctx["rotating"] = True
    if drive.is_finished:
        # The final leaders read as the standings and the cards do: place and prize (from
        # the whole drive: its prize settings).
        places = pair_places(Drive.objects.get(pk=drive.pk))
        ctx["places"] = {p.number: p.text for p in places}
    template = "board/board.html#board" if request.htmx else "board/board.html"
    response = render(request, template, ctx)
    response["ETag"] = etag
    return _fresh(response)


@require_safe
def standings(request: HttpRequest, drive_id: int) -> HttpResponse:
    drive = _public_drive(drive_id, "standings_public")
    if drive is None:
        return _fresh(_not_shown(request))
    speak_club_language(request, drive.club.language)
    note_club(drive.club.pk, drive.club.name)
    ctx = {
        "drive": drive,
        "rows": pair_places(drive),
        "game_numbers": range(1, drive.games + 1),
        "played": drive.current_game,
    }
    return _fresh(render(request, "board/board_standings.html", ctx))


@login_required
@require_GET
def drive_standings(request: HttpRequest, drive_id: int) -> HttpResponse:
    """The organizer's Standings page: every pair by place, with its prize words and card."""
    drive = get_drive_for_user(request, drive_id, scorer_ok=True)
    played = drive.current_game
    # One address reversed for all the rows' card links: a pair's adds its number.
    card_base = reverse("drives:pair_card", args=[drive.pk, 1])[: -len("1/")]
    ctx = {
        "drive": drive,
        "rows": standings_rows(
            pair_places(drive),
            card_base=card_base,
            game_numbers=range(1, drive.games + 1),
            played=played,
        ),
        "played": played,
    }
    return page(request, "board/standings.html", ctx)
