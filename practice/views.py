"""The practice table: play Forty-Fives against computer players, no account needed.

The game lives in the browser's own signed cookie (practice.store): each view that
reads or changes it is wrapped in ``keeps_game``, which reads the cookie into
``request.practice`` and puts the changed game back on the answer; no session row is
written. Every view parses, calls one service, and answers with the page, or for htmx
the table's #content region; a refused move answers 4xx with the reason and changes
nothing. Without JavaScript every button is a plain form.
A view that may set the computer players thinking counts to the client's pace
(429 past it) and is answered 503 when they are busy (practice.pool), both with
Retry-After and nothing changed.
"""

from __future__ import annotations

import secrets
from functools import wraps

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import reswap, retarget

from clubs.views import htmx_refusal, page
from practice import computer, guide_screen, pool, screen, services
from practice.codes import MAX_SEED, CodeError, Deal, read_deal, read_move
from practice.store import GameStore
from scoring.games.cards import card
from scoring.play import Discard, PlayOptions, Renege

TABLE = "practice/table.html"
START = "practice/start.html"

GAMES = {
    "t3": ("traditional", 3, gettext_lazy("Forty-Fives, 3 players: you and two computer players")),
    "t2": ("traditional", 2, gettext_lazy("Forty-Fives, 2 players: you and one computer player")),
    "t4": (
        "traditional",
        4,
        gettext_lazy("Forty-Fives, 4 players in partnerships: you and a partner"),
    ),
    "auction": ("auction", 4, gettext_lazy("Auction Forty-Fives, 4 in partnerships, to 120")),
}
RENEGE = {
    Renege.SOURCE: gettext_lazy("The 5, the jack of trumps and the ace of hearts may be held back"),
    Renege.LOWER_LED: gettext_lazy("They may be held back only when a lower trump is led"),
    Renege.FIVE_ONLY: gettext_lazy("Only the 5 of trumps may be held back"),
    Renege.NONE: gettext_lazy("No holding back"),
}


# ---- reading the forms -------------------------------------------------------------


def parse_deal(data) -> Deal:
    """The start form (or a deal code in it) as a Deal; CodeError when it does not read."""
    code = (data.get("deal") or "").strip()
    if code:
        return read_deal(code)
    choice = GAMES.get(data.get("game") or "t3")
    renege = data.get("renege") or Renege.SOURCE.value
    if choice is None or renege not in {r.value for r in Renege}:
        raise CodeError("not a game")
    options = PlayOptions(
        joker=bool(data.get("joker")),
        aces_high=bool(data.get("aces_high")),
        must_follow=(data.get("follow") or "follow") == "follow",
        renege=Renege(renege),
        ace_hearts_led=bool(data.get("ace_hearts_led")),
        hearts_on_hearts=bool(data.get("hearts_on_hearts")),
    )
    return Deal(choice[0], choice[1], options, secrets.randbelow(MAX_SEED + 1))


def parse_move(data):
    text = data.get("move") or ""
    if text == "discard":
        codes = data.getlist("discard")
        if len(codes) > 5:
            raise CodeError("too many cards")
        try:
            return Discard(tuple(card(c) for c in codes))
        except ValueError as error:
            raise CodeError("not a card") from error
    return read_move(text)


# ---- the game's cookie --------------------------------------------------------------


def keeps_game(view):
    """The view reads and changes the browser's game through ``request.practice`` (a
    GameStore of its cookie); the answer carries the cookie back when the game changed."""

    @wraps(view)
    def run(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        request.practice = GameStore.of(request)
        response = view(request, *args, **kwargs)
        patch_vary_headers(response, ("Cookie",))
        return request.practice.respond(response)

    return run


# ---- answering ----------------------------------------------------------------------


def _start_page(request, *, deal: Deal | None = None, error: str = "", status: int = 200):
    ctx = {
        "games": [(k, label) for k, (_g, _n, label) in GAMES.items()],
        "levels": list(computer.LEVELS.items()),
        "default_level": computer.DEFAULT_LEVEL,
        "renege": [(r.value, label) for r, label in RENEGE.items()],
        "deal": deal,
        "deal_game": deal
        and next(label for (g, n, label) in GAMES.values() if (g, n) == (deal.game, deal.players)),
        "deal_renege": deal and RENEGE[deal.options.renege],
        "error": error,
    }
    return render(request, START, ctx, status=status)


def _table_page(request, played, *, status: int = 200, error: str = "", hint: str = "", **more):
    lessons = services.coaching_kept(played)
    ctx = {**screen.table(played, lessons), "error": error, "hint": hint, **more}
    ctx["guide"] = guide_screen.guide_box(played)
    return page(request, TABLE, ctx, status=status)


def _refused(request, message: str, status: int) -> HttpResponse:
    """A refusal in plain words, with nothing changed: in the flash region for htmx, on
    the table (or the start screen when there is no game) otherwise. A screen out of
    date (409) answers htmx too with the table as it is now, the message in it, in place
    of the table's region, so the next tap is on the table as it is."""
    if request.htmx and status != 409:
        return htmx_refusal(request, message, status)
    try:
        played = services.play(request.practice)
    except services.PracticeError:  # the game did not read: it is forgotten now
        played = None
    if request.htmx and played is None:
        return htmx_refusal(request, message, status)
    if played is None:
        return _start_page(request, error=message, status=status)
    response = _table_page(request, played, status=status, error=message)
    if request.htmx:
        return reswap(retarget(response, "#content"), "outerHTML")
    return response


def _done(request) -> HttpResponse:
    """After a change: the table's region for htmx, else back to the table (a reload then
    shows the same table and sends nothing again)."""
    if request.htmx:
        played = services.play(request.practice)
        return _table_page(request, played)
    return redirect("practice:table")


def _acting(service):
    """Run a service; a PracticeError becomes its 4xx and nothing is written."""

    def run(request, **kwargs) -> HttpResponse:
        try:
            service(store=request.practice, **kwargs)
        except services.PracticeError as error:
            return _refused(request, error.message, error.status)
        return _done(request)

    return run


def _computer_work(*, start_page: bool = False):
    """A view that may set the computer players thinking: the client's pace counted first
    (429 past it), and busy computer players answered 503 at once, both with Retry-After,
    as the table's refusals are (the start screen's page for ``start_page``); nothing is
    changed."""

    def wrap(view):
        @wraps(view)
        def run(request, *args, **kwargs) -> HttpResponse:
            wait = pool.too_fast(request)
            if wait:
                message = _(
                    "You are going faster than the computer players can think: wait a few seconds."
                )
                status = 429
            else:
                try:
                    return view(request, *args, **kwargs)
                except pool.Busy as busy:
                    message = _("The computer players are busy: try again in a moment.")
                    status, wait = 503, busy.retry_after
            if start_page and not request.htmx:
                response = _start_page(request, error=message, status=status)
            else:
                response = _refused(request, message, status)
            response["Retry-After"] = str(wait)
            return response

        return run

    return wrap


# ---- the screens ------------------------------------------------------------------


@require_GET
@keeps_game
def table(request: HttpRequest) -> HttpResponse:
    """The table, or the start screen when there is no game (or a deal code to open)."""
    if "deal" in request.GET:
        return new(request)
    try:
        played = services.play(request.practice)
    except services.PracticeError as error:
        return _start_page(request, error=error.message, status=error.status)
    if played is None:
        return _start_page(request)
    return _table_page(request, played, guide_listed="learned" in request.GET)


@require_GET
def new(request: HttpRequest) -> HttpResponse:
    """The start screen; ``?deal=CODE`` offers that deal."""
    code = request.GET.get("deal")
    if code is None:
        return _start_page(request)
    try:
        deal = read_deal(code)
    except CodeError:
        return _start_page(
            request, error=_("That deal code is not right. Check it and try again."), status=400
        )
    return _start_page(request, deal=deal)


@require_POST
@keeps_game
@_computer_work(start_page=True)
def start(request: HttpRequest) -> HttpResponse:
    try:
        deal = parse_deal(request.POST)
    except CodeError:
        return _start_page(
            request, error=_("That deal code is not right. Check it and try again."), status=400
        )
    level = request.POST.get("level") or computer.DEFAULT_LEVEL
    try:
        services.game_start(store=request.practice, deal=deal, level=level)
    except services.PracticeError as error:
        return _start_page(request, error=error.message, status=error.status)
    return redirect("practice:table")


@require_POST
@keeps_game
@_computer_work(start_page=True)
def first_game(request: HttpRequest) -> HttpResponse:
    """My first game, with a guide: Forty-Fives for 3 with the source's rules, the
    gentlest computer players, and the guide open."""
    try:
        services.first_game(store=request.practice, seed=secrets.randbelow(MAX_SEED + 1))
    except services.PracticeError as error:
        return _start_page(request, error=error.message, status=error.status)
    return redirect("practice:table")


GUIDE_CHOICES = {"open": True, "close": False}


@require_POST
@keeps_game
def guide(request: HttpRequest) -> HttpResponse:
    """Close the guide (the game goes on) or show it again: ``show`` is open or close."""
    show = GUIDE_CHOICES.get(request.POST.get("show", ""))
    if show is None:
        return _refused(request, _("Choose to show the guide or to close it."), 400)
    try:
        services.guide_show(store=request.practice, show=show)
    except services.PracticeError as error:
        return _refused(request, error.message, error.status)
    # Shown again, the guide lists what you have learned (open) as well as what is new.
    if request.htmx:
        return _table_page(request, services.play(request.practice), guide_listed=show)
    return redirect(reverse("practice:table") + ("?learned=1#guide" if show else ""))


@require_POST
@keeps_game
@_computer_work()
def move(request: HttpRequest) -> HttpResponse:
    try:
        chosen = parse_move(request.POST)
    except CodeError:
        return _refused(request, _("That is not a move in this game."), 400)
    at = request.POST.get("at", "")
    return _acting(services.game_move)(request, move=chosen, at=at)


@require_POST
@keeps_game
def undo(request: HttpRequest) -> HttpResponse:
    return _acting(services.game_undo)(request)


@require_POST
@keeps_game
@_computer_work()
def next_hand(request: HttpRequest) -> HttpResponse:
    return _acting(services.hand_next)(request)


@require_POST
@keeps_game
@_computer_work()
def again(request: HttpRequest) -> HttpResponse:
    """The same deal from its first card. A game not over is lost by it, so the table
    first asks (``sure`` not sent: nothing changes) and the answer's button sends it."""
    if not request.POST.get("sure"):
        try:
            played = services.current(request.practice)
        except services.PracticeError as error:
            return _refused(request, error.message, error.status)
        if not played.state.over:
            return _table_page(request, played, confirm_again=True)
    return _acting(services.game_again)(request)


@require_GET
@keeps_game
@_computer_work()
def hint(request: HttpRequest) -> HttpResponse:
    """What the coach would do in your seat, and why, from what you can see."""
    try:
        played = services.current(request.practice)
    except services.PracticeError as error:
        return _refused(request, error.message, error.status)
    chosen = services.hint(played)
    forced = played.state.dealer_must_take_ace()
    words = screen.hint_line(chosen, forced=forced) if chosen else _("It is not your turn.")
    if request.htmx:
        return render(request, f"{TABLE}#hint", {"hint": words})
    return _table_page(request, played, hint=words)


@require_GET
@keeps_game
@_computer_work()
def coaching(request: HttpRequest) -> HttpResponse:
    """Where you lost points in the hand just over (``?hand=N``, the summary's hand).

    The computer looks at each of your moves (a while), so the summary asks for this
    apart: htmx swaps in the coaching; without JavaScript it is the table page.
    """
    try:
        played = services.current(request.practice)
    except services.PracticeError as error:
        return _refused(request, error.message, error.status)
    try:
        hand = int(request.GET.get("hand", ""))
    except ValueError:
        return _refused(request, _("That is not a hand of this game."), 400)
    if 1 <= hand < len(played.hand_ends):
        return _refused(
            request, _("That screen was out of date. Here is the table as it is now."), 409
        )
    try:
        lessons = services.coaching(played, hand)
    except services.PracticeError as error:
        return _refused(request, error.message, error.status)
    if request.htmx:
        summary = screen.table(played, lessons)["summary"]
        if summary is None:  # you have moved on to the next hand meanwhile
            return HttpResponse(status=204)
        return render(request, f"{TABLE}#coaching", {"summary": summary})
    return redirect(reverse("practice:table") + "#coaching")
