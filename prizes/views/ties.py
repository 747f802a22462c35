"""The tie screen: settle a tie for a place or the booby prize, or reopen its decision.

GET shows the tied pairs and the ticks (asks for a play-off, agrees to split,
declines the play-off); the ticks ride in the query string, so changing one
just reloads the screen with the method that follows. POST records the
decision with the same ticks; a physical cut is entered one round at a time,
the rounds so far carried in hidden fields, and nothing is written until one
pair has cut the lowest card.
"""

from __future__ import annotations

import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, QueryDict
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from drives.interface import DriveError
from drives.views.shared import get_drive_for_user, handle_drive_errors, origin_of, page
from prizes import rules as prizes
from prizes.services import ties as services
from prizes.services.common import PrizeError, as_drive_error, prize_settings, require_finished

TEMPLATE = "prizes/ties.html"
ACTIONS = ("playoff", "split", "digital", "physical")
RANKS = tuple((r, {1: "A", 11: "J", 12: "Q", 13: "K"}.get(r, str(r))) for r in range(1, 14))
SUITS = (("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠"))
_NUMBER = re.compile(r"^[0-9]{1,4}$")
_CARD_FIELD = re.compile(r"^r([0-9]{1,2})-([0-9]{1,4})-(rank|suit)$")


def _pair_number(value: str, group: services.PrizeGroup) -> int:
    value = (value or "").strip()
    if not _NUMBER.match(value):
        raise DriveError(_("“%(value)s” is not a pair number.") % {"value": value[:20]})
    n = int(value)
    if n not in group.numbers:
        raise DriveError(_("Pair %(n)d is not in this tie.") % {"n": n})
    return n


def _ticked(data: QueryDict, name: str, group: services.PrizeGroup) -> tuple[int, ...]:
    out: list[int] = []
    for value in data.getlist(name):
        n = _pair_number(value, group)
        if n in out:
            raise DriveError(_("Pair %(n)d is ticked twice.") % {"n": n})
        out.append(n)
    return tuple(sorted(out))


def _ticks(data: QueryDict, group: services.PrizeGroup) -> dict[str, tuple[int, ...]]:
    return {name: _ticked(data, name, group) for name in ("playoff", "split", "declined")}


def _rounds(data: QueryDict, group: services.PrizeGroup) -> list[dict[int, prizes.Card]]:
    """The cards cut so far, from fields r<round>-<pair>-rank / -suit."""
    found: dict[int, dict[int, dict[str, str]]] = {}
    for key in data:
        m = _CARD_FIELD.match(key)
        if not m:
            continue
        rnd, pair, part = int(m.group(1)), _pair_number(m.group(2), group), m.group(3)
        values = data.getlist(key)
        if len(values) != 1:
            raise DriveError(_("Pair %(n)d has two cards in one round.") % {"n": pair})
        found.setdefault(rnd, {}).setdefault(pair, {})[part] = values[0].strip()
    if sorted(found) != list(range(1, len(found) + 1)):
        raise DriveError(_("The rounds of the cut are out of order: start the cut again."))
    rounds = []
    suits = {s for s, _symbol in SUITS}
    for rnd in sorted(found):
        cards: dict[int, prizes.Card] = {}
        for pair, card in sorted(found[rnd].items()):
            rank, suit = card.get("rank", ""), card.get("suit", "")
            if not (_NUMBER.match(rank) and 1 <= int(rank) <= 13 and suit in suits):
                raise DriveError(
                    _("Choose the card pair %(n)d cut: a rank from A to K and a suit.")
                    % {"n": pair}
                )
            cards[pair] = (int(rank), suit)
        rounds.append(cards)
    return rounds


def _context(drive, state, group, ticks, rounds=None) -> dict:
    ace_low = prize_settings(drive).ace_low
    method = next_cutters = None
    if group.is_tie and not group.is_decided and group.stale is None:
        try:
            method = prizes.settle_method(
                group.numbers, ticks["playoff"], ticks["split"], group.is_money
            )
            next_cutters = prizes.who_cuts_next(group.numbers, rounds or [], ace_low)
        except PrizeError as e:
            raise as_drive_error(e) from None
    players = [p for p in group.pairs if p.number not in ticks["declined"]]
    split_share = None
    if method == "split":
        split_share = prizes.split_cents(group.cents, len(group.pairs), drive.club.cash_unit)
    blocked = None
    if not drive.is_finished or state.conflicts:
        try:
            require_finished(drive)
        except DriveError as e:
            blocked = e.message
    return {
        "drive": drive,
        "group": group,
        "ticks": ticks,
        "ticks_query": _query(ticks),
        "method": method,
        "players": players,
        "split_share": split_share,
        "rounds": [[(p, prizes.card_label(c)) for p, c in sorted(r.items())] for r in rounds or []],
        "round_fields": [
            (f"r{i}-{p}-rank", c[0], f"r{i}-{p}-suit", c[1])
            for i, r in enumerate(rounds or [], start=1)
            for p, c in sorted(r.items())
        ],
        "next_round": len(rounds or []) + 1,
        "next_cutters": [p for p in group.pairs if p.number in (next_cutters or ())],
        "ace_low": ace_low,
        "ranks": RANKS,
        "suits": SUITS,
        "blocked": blocked,
    }


def _query(ticks: dict[str, tuple[int, ...]]) -> str:
    q = QueryDict(mutable=True)
    for name, numbers in ticks.items():
        q.setlist(name, [str(n) for n in numbers])
    encoded = q.urlencode()
    return f"?{encoded}" if encoded else ""


def _tie_url(drive, prize: str) -> str:
    return reverse("prizes:tie", args=[drive.pk, prize])


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def tie(request: HttpRequest, drive_id: int, prize: str):
    drive = get_drive_for_user(request, drive_id)
    state = services.prize_groups(drive)
    group = state.get(prize)
    if request.method == "GET":
        ticks = _ticks(request.GET, group)
        return page(request, TEMPLATE, _context(drive, state, group, ticks))

    data = request.POST
    action = data.get("action", "")
    if action not in ACTIONS:
        raise DriveError(_("Choose how the tie is settled."))
    require_finished(drive)
    services.check_open(group)
    ticks = _ticks(data, group)
    kw: dict = {}
    if action == "playoff":
        if not data.get("winner"):
            raise DriveError(_("Tap the pair that won the play-off."))
        kw["playoff_winner"] = _pair_number(data["winner"], group)
    elif action == "digital":
        kw["cut"] = "digital"
    elif action == "physical":
        rounds = _rounds(data, group)
        try:
            waiting = prizes.who_cuts_next(group.numbers, rounds, prize_settings(drive).ace_low)
        except PrizeError as e:
            raise as_drive_error(e) from None
        if waiting:
            # Another round to cut: nothing is written until one pair is lowest.
            return page(request, TEMPLATE, _context(drive, state, group, ticks, rounds))
        kw["cut"] = rounds
    row = services.decision_record(
        drive=drive,
        prize=prize,
        playoff_requests=ticks["playoff"],
        split_agreements=ticks["split"],
        declined=ticks["declined"],
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, "prizes: tie"),
        **kw,
    )
    messages.success(
        request,
        _("%(prize)s is decided: %(how)s.")
        % {"prize": group.label, "how": services.decision_text(row)},
    )
    return _after(request, drive, prize)


def _after(request, drive, prize):
    """Back to the tie screen (its partial for htmx); to the prizes page if the prize
    is no longer awarded (a reopened decision for a level that changed)."""
    state = services.prize_groups(drive)
    try:
        group = state.get(prize)
    except DriveError:
        url = reverse("prizes:prizes", args=[drive.pk])
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    if request.htmx:
        empty = {"playoff": (), "split": (), "declined": ()}
        return page(request, TEMPLATE, _context(drive, state, group, empty))
    return redirect(_tie_url(drive, prize))


@login_required
@require_POST
@handle_drive_errors
def tie_reopen(request: HttpRequest, drive_id: int, prize: str):
    drive = get_drive_for_user(request, drive_id)
    services.parse_prize(prize)
    services.decision_reopen(
        drive=drive,
        prize=prize,
        reason=request.POST.get("reason", ""),
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, "prizes: tie"),
    )
    messages.success(
        request,
        _("%(prize)s is reopened: settle it again.") % {"prize": services.prize_label(prize)},
    )
    return _after(request, drive, prize)
