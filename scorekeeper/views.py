"""The stand-alone scorekeeper: a club's games list, a new game, the game page.

Scorers and organizers of the club may both use it. Every view that touches a
game goes through _game_for_user, which does the 404 (not this club's game).
"""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect, reswap

from clubs.interface import DriveError, refusal_error, whole_number
from clubs.views import handle_drive_errors, membership_of, origin_of, page
from scorekeeper import services as service
from scorekeeper.models import ScoreGame
from scoring import keeping
from scoring.games import all_fours
from scoring.games.core import HandError

SCREEN = "scorekeeper"
TEMPLATE = "scorekeeper/game.html"
# The game page swaps its #content; a refusal also brings the flash region into view.
REFUSED_SWAP = "outerHTML show:#flash:top"
FAMILIES = (service.FORTY_FIVES, service.ALL_FOURS)
MAX_SIDES = 6

# Line-up key -> (sides, players a side, as said at the table).
LINE_UPS: dict[str, tuple[int, int, str]] = {
    "2x1": (2, 1, "2 players, each alone"),
    "3x1": (3, 1, "3 players, each alone"),
    "2x2": (2, 2, "4 players in 2 pairs"),
    "5x1": (5, 1, "5 players, each alone"),
    "3x2": (3, 2, "6 players in 3 pairs"),
    "2x3": (2, 3, "6 players in 2 threes"),
}
_DEFAULT_NAME = {1: "Player %(n)d", 2: "Pair %(n)d", 3: "Team %(n)d"}


def _game_for_user(request: HttpRequest, game_id: int) -> ScoreGame:
    """The game if it belongs to the user's club, else 404 (an account without a club: 403)."""
    m = membership_of(request)
    game = ScoreGame.objects.filter(pk=game_id, club=m.club).first()
    if game is None:
        raise Http404(_("No such game in your club."))
    return game


# --- the list ----------------------------------------------------------------------


@login_required
@require_GET
def game_list(request: HttpRequest) -> HttpResponse:
    m = membership_of(request)
    rows = []
    for game in ScoreGame.objects.filter(club=m.club).prefetch_related("hands"):
        try:
            sheet = service.scoresheet(game, sorted(game.hands.all(), key=lambda h: h.number))
        except DriveError:
            sheet = None
        rows.append((game, sheet))
    return page(request, "scorekeeper/list.html", {"club": m.club, "rows": rows})


# --- a new game --------------------------------------------------------------------


def _choices() -> list[tuple[str, str, list[tuple[str, str]]]]:
    """(family, label, [(value, variant name)]) for the variant picker."""
    labels = dict(ScoreGame.Family.choices)
    return [
        (f, labels[f], [(f"{f}:{k}", name) for k, name in service.variant_names(f).items()])
        for f in FAMILIES
    ]


def _option_field(family: str, option, data) -> dict:
    """One option of the new-game form: a checkbox, a choice or a whole number, with the
    games it is for (the drive settings' words and values)."""
    name = f"opt_{family}_{option.name}"
    keys = service.variant_names(family)
    games = [keys[k] for k in keys if option.applies_to(k)]
    return {
        "name": name,
        "kind": option.kind,
        "label": _(option.label),
        "help": _(option.help) if option.help else "",
        "games": ", ".join(games) if len(games) < len(keys) else "",
        "choices": [(c.value, _(c.label)) for c in option.choices],
        "value": data.get(name, "" if option.default is None else str(option.default)),
    }


def _new_context(data=None, error: str = "") -> dict:
    data = data or {}
    return {
        "families": _choices(),
        "line_ups": [(k, label) for k, (_n, _p, label) in LINE_UPS.items()],
        "side_fields": [(i, f"side_{i}", data.get(f"side_{i}", "")) for i in range(MAX_SIDES)],
        "options": [
            (f, labels, [_option_field(f, o, data) for o in service.family_options(f)])
            for f, labels in dict(ScoreGame.Family.choices).items()
        ],
        "chosen": data.get("game", "forty_fives:forty_fives_45"),
        "chosen_line_up": data.get("line_up", "2x2"),
        "checked": {k for k in data if k.startswith("opt_")},
        "target": data.get("target", ""),
        "title": data.get("title", ""),
        "error": error,
    }


def parse_new_game(data) -> dict:
    """The new-game form as the service's arguments; DriveError when something is missing."""
    family, _sep, key = (data.get("game") or "").partition(":")
    if family not in FAMILIES or key not in service.variant_names(family):
        raise DriveError(_("Choose a game."))
    line_up = LINE_UPS.get(data.get("line_up") or "")
    if line_up is None:
        raise DriveError(_("Choose a line-up."))
    n, players, _label = line_up
    sides = []
    for i in range(n):
        name = (data.get(f"side_{i}") or "").strip() or _(_DEFAULT_NAME[players]) % {"n": i + 1}
        sides.append({"name": name, "players": players})
    target_text = (data.get("target") or "").strip()
    target = whole_number(target_text, hi=999) if target_text else None
    if target_text and target is None:
        raise DriveError(_("The target is a whole number of points."))
    options = {}
    for option in service.family_options(family):
        raw = (data.get(f"opt_{family}_{option.name}") or "").strip()
        if option.kind == "yes_no":
            options[option.name] = bool(raw)
        elif option.kind == "choice":
            options[option.name] = raw or option.default
        elif raw:
            if not raw.lstrip("-").isdigit() or len(raw) > 5:
                raise DriveError(
                    _("%(option)s: enter a whole number, or leave it blank.")
                    % {"option": _(option.term)}
                )
            options[option.name] = int(raw)
    return {
        "family": family,
        "variant": key,
        "sides": sides,
        "options": options,
        "target": target,
        "title": data.get("title") or "",
    }


@login_required
@require_http_methods(["GET", "POST"])
def game_new(request: HttpRequest) -> HttpResponse:
    m = membership_of(request)
    if request.method == "GET":
        return page(request, "scorekeeper/new.html", _new_context())
    try:
        game = service.score_game_create(
            club=m.club,
            actor=request.user,
            now=timezone.now(),
            origin=origin_of(request, SCREEN),
            **parse_new_game(request.POST),
        )
    except DriveError as e:
        ctx = _new_context(request.POST, e.message)
        return page(request, "scorekeeper/new.html", ctx, status=e.status)
    url = reverse("scorekeeper:game", args=[game.pk])
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


# --- the game page -----------------------------------------------------------------


def _radio(name: str, options: list[tuple[object, str]], kept, default: str | None = None) -> dict:
    """A row of big taps; ``kept`` is a refused hand's form data, its taps shown on again
    (else the ``default`` value is on, if any)."""
    values = [("" if v is None else str(v), label) for v, label in options]
    chosen = kept.get(name) if kept else default
    return {"name": name, "options": [(v, label, v == chosen) for v, label in values]}


def _controls(sheet: service.Sheet, kept=None) -> dict:
    """The hand entry controls this variant uses, with a refused hand's taps still on."""
    kept = kept or {}
    sides = [(s.index, s.name) for s in sheet.sides]
    if sheet.game.family == service.FORTY_FIVES:
        return {
            "tricks": [
                {
                    "name": f"tricks_{s.index}",
                    "side": s.name,
                    "options": [(t, kept.get(f"tricks_{s.index}") == str(t)) for t in range(6)],
                }
                for s in sheet.sides
            ],
            "best": _radio("best", [*sides, (keeping.NO_TRUMP_TAP, _("No trump played"))], kept),
            "bidder": _radio("bidder", sides, kept) if sheet.has_bidding else None,
            "bids": [(b, label, kept.get("bid") == str(b)) for b, label in sheet.bids],
            "partner": _radio("partner", [*sides, (keeping.ALONE, _("Nobody: 4 against 1"))], kept)
            if getattr(sheet.variant, "call_partner", False)
            else None,
            "defenders_30": getattr(sheet.variant, "defenders_30", False),
            "defenders_30_checked": bool(kept.get("defenders_30")),
        }
    rules = sheet.variant.rules
    return {
        "dealer": _radio("dealer", sides, kept),
        "turned": rules.trump == all_fours.TURNED,
        "beg": _radio(
            "beg",
            [
                (None, _("Stood")),
                (all_fours.GIFT, _("Begged: gift")),
                (all_fours.RUN, _("Begged: cards run")),
            ],
            kept,
            default="",
        )
        if rules.beg
        else None,
        "bids": rules.bidding is not None,
        "sold": rules.bidding == all_fours.COMMERCIAL,
        "sold_checked": bool(kept.get("sold")),
        "captures": [
            (f"cap_{s.index}", s.name, kept.get(f"cap_{s.index}", "")) for s in sheet.sides
        ]
        if rules.card_points
        else [],
        "points": [
            (_("High"), _radio("high", [*sides, (None, _("No trump in play"))], kept, "")),
            (_("Low"), _radio("low", [*sides, (None, _("No trump in play"))], kept, "")),
            (_("Jack"), _radio("jack", [*sides, (None, _("Not in play"))], kept, "")),
            (_("Game"), _radio("game", [*sides, (None, _("Nobody (a tie)"))], kept, "")),
        ],
        "hanged": rules.hang_jack,
        "hanged_checked": bool(kept.get("hanged")),
        "turned_text": kept.get("turned", ""),
        "bids_text": kept.get("bids", ""),
    }


def parse_hand(game: ScoreGame, data) -> dict:
    """The hand form as a record for score_hand_add (checked there)."""
    n = len(game.sides)
    if game.family == service.FORTY_FIVES:
        try:
            return keeping.read_hand(service.variant_of(game), data)
        except HandError as e:
            raise refusal_error(e) from None
    captures = []
    for i in range(n):
        value = (data.get(f"cap_{i}") or "").strip()
        if value and value != "0":
            points = whole_number(value, hi=999)
            if points is None:
                raise DriveError(_("Card points are whole numbers."))
            captures.append([i, points])
    bids = [whole_number(b, hi=999) for b in (data.get("bids") or "").replace(",", " ").split()]
    if None in bids:
        raise DriveError(_("Bids are whole numbers, 0 for a pass."))
    return {
        "dealer": data.get("dealer") or None,
        "turned": (data.get("turned") or "").replace(",", " ").split(),
        "beg": data.get("beg") or None,
        "bids": bids,
        "sold": bool(data.get("sold")),
        "captures": captures,
        "high": data.get("high") or None,
        "low": data.get("low") or None,
        "jack": data.get("jack") or None,
        "hanged": bool(data.get("hanged")),
        "game": data.get("game") or None,
        "counts": [],
    }


def _game_context(game: ScoreGame, kept=None) -> dict:
    """The game page; ``kept`` is a refused hand's form data, shown again with its key so
    that sending it again cannot keep the hand twice."""
    sheet = service.scoresheet(game)
    return {
        "game": game,
        "sheet": sheet,
        "controls": _controls(sheet, kept),
        "key": (kept or {}).get("key") or uuid.uuid4().hex,
        "all_fours": game.family == service.ALL_FOURS,
    }


def _refused(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """A refusal scrolls the page up to the flash region, where it is said: the Enter
    button is at the foot of the form, far below it on a phone."""
    return reswap(response, REFUSED_SWAP) if request.htmx else response


def _after_change(request: HttpRequest, game: ScoreGame) -> HttpResponse:
    if request.htmx:
        game.refresh_from_db()
        return page(request, TEMPLATE, _game_context(game))
    return redirect("scorekeeper:game", game.pk)


@login_required
@require_GET
@handle_drive_errors
def game_detail(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game_for_user(request, game_id)
    return page(request, TEMPLATE, _game_context(game))


def _number(data) -> int | None:
    return whole_number(data.get("number"), lo=1, hi=99999)


@login_required
@require_POST
@handle_drive_errors
def hand_add(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game_for_user(request, game_id)
    try:
        number = _number(request.POST)
        if number is None:
            raise DriveError(_("This page is out of date: reload it."))
        hand = service.score_hand_add(
            game=game,
            record=parse_hand(game, request.POST),
            number=number,
            key=request.POST.get("key", ""),
            actor=request.user,
            now=timezone.now(),
            origin=origin_of(request, SCREEN),
        )
    except DriveError as e:
        # Said on the game page as the drive's Keep score says it: the reason in the flash
        # region, a refused hand's taps still on; after another device's change, the hands
        # as they are now with a fresh form.
        messages.error(request, e.message)
        game.refresh_from_db()
        kept = request.POST if e.status == 400 else None
        return _refused(
            request, page(request, TEMPLATE, _game_context(game, kept), status=e.status)
        )
    if game.family == service.ALL_FOURS:
        messages.success(request, _("Deal %(n)d entered.") % {"n": hand.number})
    else:
        messages.success(request, _("Hand %(n)d entered.") % {"n": hand.number})
    return _after_change(request, game)


@login_required
@require_POST
@handle_drive_errors
def hand_undo(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game_for_user(request, game_id)
    # The last hand the page showed; a number that is no hand's refuses, it never undoes.
    number = _number(request.POST)
    try:
        if number is None and (request.POST.get("number") or "").strip():
            raise DriveError(_("This page is out of date: reload it."))
        undone = service.score_hand_undo(
            game=game,
            number=number,
            actor=request.user,
            now=timezone.now(),
            origin=origin_of(request, SCREEN),
        )
    except DriveError as e:
        messages.error(request, e.message)
        game.refresh_from_db()
        return _refused(request, page(request, TEMPLATE, _game_context(game), status=e.status))
    if game.family == service.ALL_FOURS:
        messages.success(request, _("Deal %(n)d taken back.") % {"n": undone.number})
    else:
        messages.success(request, _("Hand %(n)d taken back.") % {"n": undone.number})
    return _after_change(request, game)
