"""A pair's own card on its phone, opened from the second QR code of its punch card.

No login: the card token is the only key, and it opens only that pair's page: its punch
card live, its games won, its place so far and where it plays now, in big plain words.
The page shows nothing another pair could not see on the board or at its table (no pair
code, no token but its own). It polls every 10 seconds with the fingerprint it shows
(``?seen=``): unchanged is a 204 after one statement (the pair with its drive, club and
the drive's fingerprint, drives.sql.pair_card); changed, the card again.

The organizer gives a pair a new token from the pair's own page (Edit, from its row on the
Pairs page) when a card is lost: the old address then opens nothing.
"""

from __future__ import annotations

import hashlib
import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from clubs.interface import ClubSuspended, note_club
from clubs.views import handle_drive_errors, origin_of, speak_club_language

from .. import queries, services
from ..models import CARD_TOKEN_LENGTH, Pair
from .shared import get_drive_for_user

TEMPLATE = "drives/pair_card_live.html"
# Tokens are made 22 characters long; an address of any other shape is read no further.
CARD_RE = re.compile(rf"^[A-Za-z0-9_-]{{{CARD_TOKEN_LENGTH}}}$")
POLL_SECONDS = 10


def seen_key(card: queries.PairCard) -> str:
    """A short text that changes whenever the pair's page would: the drive's fingerprint
    (every change of the night writes an audit entry, which it names), the pair's leaving,
    and the language it is read in."""
    parts = (*card.fingerprint, card.pair.left_after_game, get_language() or "")
    text = "|".join("-" if v is None else str(v) for v in parts)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def _fresh(response: HttpResponse) -> HttpResponse:
    # The address is the key: no shared cache keeps the page (and, as on every page, the
    # Referer goes to this site only: SECURE_REFERRER_POLICY "same-origin").
    patch_cache_control(response, no_cache=True, private=True)
    return response


def _not_a_card(request: HttpRequest) -> HttpResponse:
    """The one answer to an address that opens no pair's card: no hint of what was wrong."""
    template = f"{TEMPLATE}#own-card" if request.htmx else TEMPLATE
    return _fresh(render(request, template, {"gone": True}, status=404))


@require_GET
def pair_page(request: HttpRequest, card: str) -> HttpResponse:
    found = queries.pair_card_of(card) if CARD_RE.match(card) else None
    if found is None:
        return _not_a_card(request)
    speak_club_language(request, found.club_language)
    note_club(found.drive.club_id, found.club_name)
    if found.club_suspended_at is not None:
        raise ClubSuspended(found.club_suspended_reason)
    key = seen_key(found)
    if request.htmx and request.GET.get("seen") == key:
        return _fresh(HttpResponse(status=204))
    own = queries.own_card(found)
    drive = found.drive
    # A team match: the pair's next table is its schedule's, known before the results are.
    after = (
        services.next_seats(drive, drive.current_game)
        if drive.is_running and drive.movement == services.TEAM_MATCH
        else {}
    )
    ctx = {
        "next_seat": after.get(found.pair.number),
        "own": own,
        "pair": found.pair,
        "drive": found.drive,
        "club_name": found.club_name,
        "seen": key,
        "poll_seconds": POLL_SECONDS,
        "game_numbers": range(1, found.drive.games + 1),
    }
    template = f"{TEMPLATE}#own-card" if request.htmx else TEMPLATE
    return _fresh(render(request, template, ctx))


@login_required
@require_POST
@handle_drive_errors
def pair_card_renew(request: HttpRequest, drive_id: int, pair_id: int) -> HttpResponse:
    """A new card link for a pair whose card was lost (organizers, from the pair's page):
    its old QR code stops opening its page; the page then prints its new card."""
    drive = get_drive_for_user(request, drive_id)
    pair = get_object_or_404(Pair, pk=pair_id, drive=drive)
    pair = services.pair_card_renew(
        pair=pair, actor=request.user, now=timezone.now(), origin=origin_of(request, "pairs")
    )
    messages.success(
        request,
        _(
            "Pair %(n)d has a new card link: its old card no longer opens its page. "
            "Print its new punch card."
        )
        % {"n": pair.number},
    )
    back = reverse("drives:pair_edit", args=[drive.pk, pair.pk])
    if request.htmx:
        return HttpResponseClientRedirect(back)
    return redirect(back)
