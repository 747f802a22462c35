"""The club's public pages (no login, GET only): the club's page, a finished night's
results, a series' and a league's standings, and a player's own history.

Fast and cacheable: a page reads nothing of the visitor (no session, no CSRF token, no
language cookie), so its answer is the same for everyone at that address: `Cache-Control:
public, max-age=60`, no `Vary: Cookie`, and an ETag from the page's bytes with a 304 on
a repeat. The language is the club's, or the address's `?lang=fr|en`: the address alone
says what a proxy may keep. Anything not shown, of another club, or at an address that is
not on: the same plain 404."""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.cache import get_conditional_response, patch_cache_control
from django.views.decorators.http import require_safe

from ..models import PublicPage
from ..queries import finished_drive, listing, open_page, player_history, results
from ..queries import shown_league as league_of
from ..queries import shown_series as series_of

MAX_AGE = 60
LANGUAGES = dict(settings.LANGUAGES)


def language_of(request: HttpRequest, club_language: str | None) -> tuple[str, bool]:
    """The page's language and whether the address asked for it (links then keep it)."""
    asked = request.GET.get("lang")
    if asked in LANGUAGES:
        return asked, True
    return (club_language if club_language in LANGUAGES else settings.LANGUAGE_CODE), False


def answer(
    request: HttpRequest,
    template: str,
    ctx: dict,
    language: str,
    asked: bool,
    status: int = 200,
) -> HttpResponse:
    """The page rendered in its language, cacheable, with its ETag (a 304 on a repeat)."""
    others = [(code, name) for code, name in settings.LANGUAGES if code != language]
    ctx = {**ctx, "lang_q": f"?lang={language}" if asked else "", "others": others}
    with translation.override(language):
        body = render_to_string(template, ctx)
    response = HttpResponse(body, status=status)
    response["Content-Language"] = language
    patch_cache_control(response, public=True, max_age=MAX_AGE)
    if status != 200:
        return response
    etag = '"' + hashlib.sha256(response.content).hexdigest()[:32] + '"'
    response["ETag"] = etag
    not_modified = get_conditional_response(request, etag=etag, response=response)
    return not_modified if not_modified is not None else response


def not_shown(request: HttpRequest, page: PublicPage | None = None) -> HttpResponse:
    """The one plain 404 for anything that is not shown."""
    language, asked = language_of(request, page.club.language if page else None)
    return answer(request, "public/not_found.html", {}, language, asked, status=404)


@require_safe
def club_page(request: HttpRequest, slug: str) -> HttpResponse:
    page = open_page(slug)
    if page is None:
        return not_shown(request)
    language, asked = language_of(request, page.club.language)
    found = listing(page, timezone.localdate())
    ctx = {"public": page, "club": page.club, "listing": found}
    return answer(request, "public/club.html", ctx, language, asked)


@require_safe
def drive_results(request: HttpRequest, slug: str, drive_id: int) -> HttpResponse:
    page = open_page(slug)
    drive = finished_drive(page, drive_id) if page is not None else None
    if drive is None:
        return not_shown(request, page)
    language, asked = language_of(request, page.club.language)
    with translation.override(language):  # the prize words are made in the page's language
        rows = results(drive)
    ctx = {"public": page, "club": page.club, "drive": drive, "rows": rows}
    return answer(request, "public/results.html", ctx, language, asked)


@require_safe
def series_standings(request: HttpRequest, slug: str, series_id: int) -> HttpResponse:
    page = open_page(slug)
    table = series_of(page, series_id) if page is not None else None
    if table is None:
        return not_shown(request, page)
    language, asked = language_of(request, page.club.language)
    played = [n for n in table.nights if n.played]
    ctx = {
        "public": page,
        "club": page.club,
        "series": table.series,
        "table": table,
        "played": played,
    }
    return answer(request, "public/series.html", ctx, language, asked)


@require_safe
def league_standings(request: HttpRequest, slug: str, league_id: int) -> HttpResponse:
    page = open_page(slug)
    table = league_of(page, league_id) if page is not None else None
    if table is None:
        return not_shown(request, page)
    language, asked = language_of(request, page.club.language)
    ctx = {
        "public": page,
        "club": page.club,
        "league": table.league,
        "table": table,
        "rows": [(r, table.teams.get(r.team)) for r in table.rows],
        "players": [(p, table.teams.get(p.team)) for p in table.players],
    }
    return answer(request, "public/league.html", ctx, language, asked)


@require_safe
def player_page(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    page = open_page(slug)
    found = player_history(page, player_id) if page is not None else None
    if found is None:
        return not_shown(request, page)
    language, asked = language_of(request, page.club.language)
    ctx = {"public": page, "club": page.club, "history": found}
    return answer(request, "public/player.html", ctx, language, asked)
