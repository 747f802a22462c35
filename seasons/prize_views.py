"""A series' prizes: the places and their amounts, and each tie settled on the night's own
tie steps (templates/prizes/_tie_steps.html, with the tied named rather than numbered).

GET /series/<id>/prizes/ shows the places by score level of the series totals, with the
form that sets the prizes; POST saves the prizes. /series/<id>/prizes/<place>/ is a tie:
every tick, cut round and play-off game is saved as it is made (seasons.services.prizes),
and the play-off winner and the digital cut ask "sure?" first, as the night's tie does.
"""

from __future__ import annotations

import re
from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, QueryDict
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import reselect

from clubs.interface import DriveError
from clubs.views import handle_drive_errors, membership_of, organizer_only, origin_of, page
from prizes import interface as rules
from scoring.speak import say
from seasons.models import Series
from seasons.services import prizes as services

TEMPLATE = "seasons/series_prizes.html"
TIE_TEMPLATE = "seasons/series_tie.html"
ACTIONS = ("playoff", "playoff_undo", "split", "digital", "physical", "ticks", "restart")
RANKS = tuple((r, {1: "A", 11: "J", 12: "Q", 13: "K"}.get(r, str(r))) for r in range(1, 14))
SUITS = (("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠"))
_NUMBER = re.compile(r"^[0-9]{1,4}$")
_CARD_FIELD = re.compile(r"^r([0-9]{1,2})-([0-9]{1,4})-(rank|suit)$")
_GAME_FIELD = re.compile(r"^([0-9]{1,4})-([0-9]{1,4})$")
_AMOUNT = re.compile(r"^\$?\s*([0-9]{1,6})(?:[.,]([0-9]{2}))?\s*\$?$")


def series_for_organizer(request: HttpRequest, series_id: int) -> Series:
    """The series if it is of the user's club (else 404) and the user is its organizer."""
    membership = membership_of(request)
    series = Series.objects.select_related("club").filter(pk=series_id, club=membership.club)
    found = series.first()
    if found is None:
        raise Http404(_("No such series in your club."))
    organizer_only(membership.role)
    return found


def _said_in_flash(view):
    """A refusal for the flash region is picked out whole (the forms select #content)."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        if request.htmx and response.get("HX-Retarget") == "#flash":
            response = reselect(response, ".msg")
        return response

    return wrapper


# ---------------------------------------------------------------- the prizes page


def _amount(text: str, place: int) -> int | None:
    text = (text or "").strip()
    if not text:
        return None
    m = _AMOUNT.match(text)
    if not m:
        raise DriveError(
            _("Prize %(n)d: “%(value)s” is not an amount of money (write 50 or 50.00).")
            % {"n": place, "value": text[:20]}
        )
    return int(m.group(1)) * 100 + int(m.group(2) or 0)


def _posted_places(data: QueryDict) -> list[tuple[int | None, str]]:
    """The places typed in the form, in order; a place left empty ends the list."""
    out: list[tuple[int | None, str]] = []
    for place in range(1, services.MAX_PLACES + 1):
        cents = _amount(data.get(f"cents-{place}", ""), place)
        item = (data.get(f"item-{place}") or "").strip()
        if cents is None and not item:
            break
        if cents is not None and item:
            raise DriveError(_("Prize %(n)d: give an amount or an item, not both.") % {"n": place})
        out.append((cents, item))
    return out


def _page_context(series: Series) -> dict:
    state = services.series_prize_groups(series)
    rows = []
    saved = {p.place: p for p in state.prizes}
    # The places saved and one more (three at least): a longer list is one save away.
    shown = min(services.MAX_PLACES, max(3, len(saved) + 1))
    for place in range(1, shown + 1):
        p = saved.get(place)
        rows.append(
            {
                "place": place,
                "label": services.prize_label(place),
                "cents": "" if p is None or p.cents is None else f"{p.cents / 100:.2f}",
                "item": "" if p is None else p.item,
            }
        )
    return {"series": series, "state": state, "form_rows": rows}


@login_required
@require_http_methods(["GET", "POST"])
@_said_in_flash
@handle_drive_errors
def series_prizes(request: HttpRequest, series_id: int):
    series = series_for_organizer(request, series_id)
    if request.method == "POST":
        places = _posted_places(request.POST)
        services.series_prizes_set(
            series=series,
            places=places,
            actor=request.user,
            now=timezone.now(),
            origin=origin_of(request, "series: prizes"),
        )
        messages.success(request, _("The series' prizes are saved."))
        if not request.htmx:
            return redirect("seasons:series_prizes", series_id=series.pk)
    return page(request, TEMPLATE, _page_context(series))


# ---------------------------------------------------------------- a tie


def _number(value: str, group: services.SeriesPrizeGroup) -> int:
    value = (value or "").strip()
    if not _NUMBER.match(value) or int(value) not in group.numbers:
        raise DriveError(_("That is not one of the tied."))
    return int(value)


def _ticks(data: QueryDict, group) -> dict[str, tuple[int, ...]]:
    out = {}
    for name in services.TICKS:
        got = [_number(v, group) for v in data.getlist(name)]
        if len(set(got)) != len(got):
            raise DriveError(_("One of the tied is ticked twice."))
        out[name] = tuple(sorted(got))
    return out


def _next_round(data: QueryDict, group, saved: list) -> list[dict[int, rules.Card]]:
    """The saved rounds, then the round sent in the fields r<round>-<n>-rank / -suit."""
    found: dict[int, dict[str, str]] = {}
    for key in data:
        m = _CARD_FIELD.match(key)
        if not m:
            continue
        if int(m.group(1)) != len(saved) + 1:
            raise DriveError(
                _("The cut has moved on on another screen: look at the cards again."), 409
            )
        found.setdefault(_number(m.group(2), group), {})[m.group(3)] = data.get(key, "").strip()
    if not found:
        raise DriveError(_("Choose the card each one cut: a rank from A to K and a suit."))
    cards: dict[int, rules.Card] = {}
    suits = {s for s, _symbol in SUITS}
    for n, card in sorted(found.items()):
        rank, suit = card.get("rank", ""), card.get("suit", "")
        if not (_NUMBER.match(rank) and 1 <= int(rank) <= 13 and suit in suits):
            raise DriveError(
                _("Choose the card %(name)s cut: a rank from A to K and a suit.")
                % {"name": group.name_of(n)}
            )
        cards[n] = (int(rank), suit)
    return [*saved, cards]


def _pairing(value: str | None, left: tuple[int, ...]) -> tuple[int, int] | None:
    value = (value or "").strip()
    if not value:
        return None
    m = _GAME_FIELD.match(value)
    a, b = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
    if not m or a == b or a not in left or b not in left:
        raise DriveError(_("Choose two still in the play-off to play the next game."))
    return (min(a, b), max(a, b))


def _playoff(group, ticks, chosen: str | None = None) -> dict | None:
    players = tuple(n for n in group.numbers if n not in ticks["declined"])
    games = services.saved_games(group)
    if len(players) < 3 and not games:
        return None
    left = rules.playoff_left(players, games)
    nxt = _pairing(chosen, left) or rules.playoff_next(players, games)
    by_number = {e.number: e for e in group.pairs}
    return {
        "players": [by_number[n] for n in players],
        "games": [
            {
                "n": i,
                "winner": g.winner,
                "loser": g.loser,
                "winner_name": group.name_of(g.winner),
                "loser_name": group.name_of(g.loser),
            }
            for i, g in enumerate(games, start=1)
        ],
        "left": left,
        "left_text": ", ".join(group.name_of(n) for n in left),
        "next_number": len(games) + 1,
        "next": [by_number[n] for n in nxt] if nxt else [],
        "next_value": f"{nxt[0]}-{nxt[1]}" if nxt else "",
        "last": len(left) == 2,
        "choices": [
            (f"{a}-{b}", f"{group.name_of(a)} / {group.name_of(b)}")
            for i, a in enumerate(left)
            for b in left[i + 1 :]
        ],
    }


def _tie_context(series, state, group, confirm=None, chosen=None) -> dict:
    ticks = services.saved_ticks(group)
    rounds = services.saved_rounds(group)
    method = next_cutters = None
    playoff = None
    if group.is_tie and not group.is_decided and group.stale is None:
        try:
            method = rules.settle_method(
                group.numbers, ticks["playoff"], ticks["split"], group.is_money
            )
            next_cutters = rules.who_cuts_next(group.numbers, rounds)
            playoff = _playoff(group, ticks, chosen) if method == "playoff" else None
        except rules.PrizeError as e:
            raise DriveError(say(e.args[0])) from None
    split_share = None
    if method == "split":
        split_share = rules.split_cents(group.cents, len(group.pairs), series.club.cash_unit)
    return {
        "series": series,
        "state": state,
        "group": group,
        "people": True,
        "marks_unpaid": False,
        "ticks": ticks,
        "method": method,
        "players": [e for e in group.pairs if e.number not in ticks["declined"]],
        "playoff": playoff,
        "split_share": split_share,
        "split_warnings": [],
        "confirm": confirm,
        "started": any(ticks.values()) or bool(rounds),
        "rounds": [
            [(group.name_of(n), rules.card_label(c)) for n, c in sorted(r.items())] for r in rounds
        ],
        "next_round": len(rounds) + 1,
        "next_cutters": [e for e in group.pairs if e.number in (next_cutters or ())],
        "ace_low": True,
        "ranks": RANKS,
        "suits": SUITS,
        "blocked": state.blocked,
        "tie_url": reverse("seasons:series_tie", args=[series.pk, group.place]),
        "reopen_url": reverse("seasons:series_tie_reopen", args=[series.pk, group.place]),
    }


def _after(request, series, place: int):
    state = services.series_prize_groups(series)
    try:
        group = state.get(place)
    except DriveError:
        return redirect("seasons:series_prizes", series_id=series.pk)
    if request.htmx:
        return page(request, TIE_TEMPLATE, _tie_context(series, state, group))
    return redirect("seasons:series_tie", series_id=series.pk, place=place)


@login_required
@require_http_methods(["GET", "POST"])
@_said_in_flash
@handle_drive_errors
def series_tie(request: HttpRequest, series_id: int, place: int):
    series = series_for_organizer(request, series_id)
    if request.method == "GET":
        state = services.series_prize_groups(series)
        group = state.get(place)
        ctx = _tie_context(series, state, group, chosen=request.GET.get("game"))
        return page(request, TIE_TEMPLATE, ctx)
    data = request.POST
    action = data.get("action", "")
    if action not in ACTIONS:
        raise DriveError(_("Choose how the tie is settled."))
    state = services.series_prize_groups(series)
    group = state.get(place)
    services.check_open(state, group)
    common = {
        "series": series,
        "place": place,
        "actor": request.user,
        "now": timezone.now(),
        "origin": origin_of(request, "series: tie"),
    }
    if action == "ticks":
        services.series_tie_step(ticks=_ticks(data, group), **common)
        return _after(request, series, place)
    if action == "restart":
        services.series_tie_step(rounds=[], **common)
        return _after(request, series, place)
    if action == "playoff_undo":
        games = services.saved_games(group)
        if not games:
            raise DriveError(_("No game of the play-off has been recorded."), 409)
        services.series_tie_step(games=games[:-1], **common)
        return _after(request, series, place)
    kw: dict = {}
    if action == "split":
        kw["split"] = True
    elif action == "digital":
        if data.get("confirm") != "yes":
            ctx = _tie_context(series, state, group, confirm={"action": "digital"})
            return page(request, TIE_TEMPLATE, ctx)
        kw["cut"] = "digital"
    elif action == "physical":
        rounds = _next_round(data, group, services.saved_rounds(group))
        try:
            waiting = rules.who_cuts_next(group.numbers, rounds)
        except rules.PrizeError as e:
            raise DriveError(say(e.args[0])) from None
        if waiting:
            services.series_tie_step(rounds=rounds, **common)
            return _after(request, series, place)
        kw["cut"] = rounds
    elif action == "playoff":
        winner = _number(data.get("winner", ""), group)
        ticks = services.saved_ticks(group)
        players = tuple(n for n in group.numbers if n not in ticks["declined"])
        games = services.saved_games(group)
        if len(players) >= 3 or games:
            try:
                left = rules.playoff_left(players, games)
                pairing = _pairing(data.get("game"), left) or rules.playoff_next(players, games)
                if pairing is None or winner not in pairing:
                    raise DriveError(_("That one did not play this game of the play-off."))
                games = [*games, rules.PlayoffGame(pairing, winner)]
                left = rules.playoff_left(players, games)
            except rules.PrizeError as e:
                raise DriveError(say(e.args[0])) from None
            if len(left) > 1:
                services.series_tie_step(games=games, **common)
                return _after(request, series, place)
            kw["playoff_games"] = games
        else:
            kw["playoff_winner"] = winner
        if data.get("confirm") != "yes":
            confirm = {
                "action": "playoff",
                "winner": winner,
                "winner_name": group.name_of(winner),
                "game": data.get("game", ""),
            }
            ctx = _tie_context(series, state, group, confirm=confirm, chosen=confirm["game"])
            return page(request, TIE_TEMPLATE, ctx)
    row = services.series_tie_decide(**common, **kw)
    decided = services.series_prize_groups(series).get(place)
    messages.success(
        request,
        _("%(prize)s is decided: %(how)s.")
        % {"prize": group.label, "how": decided.how if decided.decision == row else ""},
    )
    return _after(request, series, place)


@login_required
@require_POST
@_said_in_flash
@handle_drive_errors
def series_tie_reopen(request: HttpRequest, series_id: int, place: int):
    series = series_for_organizer(request, series_id)
    services.series_tie_reopen(
        series=series,
        place=place,
        reason=request.POST.get("reason", ""),
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, "series: tie"),
    )
    messages.success(
        request,
        _("%(prize)s is reopened: settle it again.") % {"prize": services.prize_label(place)},
    )
    return _after(request, series, place)
