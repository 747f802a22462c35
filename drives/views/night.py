"""The result screen and what moves the night on: results, next game, undo, seat changes
between games, corrections of earlier games, finishing.
"""

from __future__ import annotations

import hashlib
import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.messages import get_messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from clubs.interface import DriveError, StaleError, whole_number
from clubs.views import handle_drive_errors, origin_of, page

from .. import queries, services, snapshots
from ..forms import (
    CorrectionForm,
    GameStepForm,
    ResultForm,
    SeatChangeForm,
)
from ..models import Drive, Hand, PrizeSettings, TableGame
from ..queries import game_or_404
from . import fragments
from .shared import get_drive_for_user

# --- Results ----------------------------------------------------------------


def _result_base(drive: Drive, game: int) -> str:
    """The result URL of table 1 without its tail, so 60 table cards reverse one URL, not 60."""
    url = reverse("drives:result_record", args=[drive.pk, game, 1])
    return url[: url.rindex("/1/result/") + 1]


def _live_key(request, drive: Drive, game: int) -> str:
    """What the result screen shows as of now, in 24 hex digits: the drive's fingerprint,
    the game, the viewer's role and language. Read before the tables, so a change that
    lands in between is seen by the next poll."""
    text = f"{queries.game_fingerprint(drive)}/{game}/{request.role}/{get_language()}"
    # The last snapshot's line changes too: written a second after "next game", it shows
    # at the next poll (a file read, no statement).
    last = snapshots.last_snapshot()
    if last is not None:
        text += f"/{last.at.isoformat()}/{last.ok}"
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def _tile_screen(request, drive: Drive, game: int, *, editable: bool, hand_tables=frozenset()):
    return fragments.TileScreen(
        result_base=_result_base(drive, game),
        game_url=reverse("drives:game", args=[drive.pk, game]),
        editable=editable,
        hand_tables=frozenset(hand_tables),
        organizer=request.role == "organizer",
        words=fragments.TileWords(),
    )


def _game_context(
    drive, game, request, *, key: str | None = None, asked: tuple[int, int] | None = None, said=True
):
    """The result screen: its tiles built once each (fragments.tile_body), and what the
    page holds (``have``: the live key and each tile's digest) for its poll. A tile asking
    to change a counted result (``asked``: its table and the pair tapped) keeps the digest
    of its plain self: the poll leaves the question on screen until the table itself
    changes."""
    key = key or _live_key(request, drive, game)
    tables = queries.game_tiles(drive, game)
    change = _change_of(tables, asked)
    editable = drive.is_running and game == drive.current_game
    # Tables whose game was kept hand by hand: their hands stay with the result.
    hand_tables = set(
        Hand.objects.filter(table_game__drive=drive, table_game__game=game).values_list(
            "table_game__table", flat=True
        )
    )
    screen = _tile_screen(request, drive, game, editable=editable, hand_tables=hand_tables)
    bodies = {t.table: fragments.tile_body(screen, t) for t in tables}
    digests = {n: fragments.tile_digest(body) for n, body in bodies.items()}
    shown = dict(bodies)
    for t in tables:
        if change and t.table == change["table"]:
            shown[t.table] = fragments.tile_body(screen, t, change)
    return {
        "drive": drive,
        "game": game,
        "result_base": screen.result_base,
        "bodies": bodies,
        "digests": digests,
        "tiles": fragments.with_token(request, "".join(shown.values())),
        "have": _have_text(key, digests),
        "strip_html": fragments.strip(screen.words, [(t.table, t.status) for t in tables]),
        # A message of the last step (a correction, an undo, the next game) also shows in
        # the result screen's own live region, where the eye is, not at the top of the page.
        # A poll (said=False) leaves the messages to the page they were meant for.
        "announce": " ".join(str(m) for m in get_messages(request)) if said else "",
        "count": queries.count_of(tables),
        "editable": editable,
        "is_last": game >= drive.games,
        # The game picker: every game seated so far, one tap each.
        "game_numbers": range(1, drive.current_game + 1),
        "entered": any(
            t.status in (TableGame.Status.CONFIRMED, TableGame.Status.REPORTED) for t in tables
        ),
        "snapshot": snapshots.last_snapshot() if editable else None,
    }


def _asked(request) -> tuple[int, int] | None:
    """The table and pair of a tap that asks to change a counted result (``?change=&to=``,
    where a tap without htmx is sent back to ask), or None."""
    table = whole_number(request.GET.get("change"), lo=1, hi=9999)
    to = whole_number(request.GET.get("to"), lo=1, hi=9999)
    return None if table is None or to is None else (table, to)


def _change_of(tables, asked: tuple[int, int] | None) -> dict | None:
    """The question of a tap on the other pair of a table whose result counts: only while
    it counts for another pair seated there, so a stale or altered address asks nothing."""
    if asked is None:
        return None
    table, to = asked
    for t in tables:
        if t.table == table and t.status == TableGame.Status.CONFIRMED:
            numbers = {s.pair.pk: s.pair.number for s in t.seat_list}
            was = numbers.get(t.winner_id)
            if was is not None and was != to and to in numbers.values():
                return {"table": table, "to": to, "was": was}
    return None


def _have_text(key: str, digests: dict[int, str]) -> str:
    """The poll's "have": "<key>_<table>-<digest>.<table>-<digest>..." (URL-safe)."""
    return key + "_" + ".".join(f"{n}-{d}" for n, d in digests.items())


_HAVE = re.compile(r"([0-9a-f]{24})_((?:\d{1,4}-[0-9a-f]{10})(?:\.\d{1,4}-[0-9a-f]{10})*)?")


def _parse_have(text: str) -> tuple[str, dict[int, str]] | None:
    """The key and the tiles' digests a page says it holds; None when it is not that."""
    m = _HAVE.fullmatch(text)
    if m is None:
        return None
    tiles = {}
    for item in (m.group(2) or "").split(".") if m.group(2) else ():
        n, d = item.split("-")
        tiles[int(n)] = d
    return m.group(1), tiles


def _table_cards(drive: Drive) -> dict:
    """The result screen's banner while the club's table cards open another drive's tables
    (or none): phones at the tables do not report into this drive. The drive the cards open
    is read with the drive (get_drive_for_user), so the banner costs no statement."""
    if not drive.is_running or drive.club.table_drive_id == drive.pk:
        return {}
    serving = drive.club.table_drive
    if serving is not None and not serving.is_running:
        serving = None
    return {"cards_elsewhere": True, "cards_drive": serving}


@login_required
@require_GET
def game(request, drive_id, game):
    drive = get_drive_for_user(request, drive_id, scorer_ok=True)
    game_or_404(drive, game)
    ctx = {**_game_context(drive, game, request, asked=_asked(request)), **_table_cards(drive)}
    return page(request, "drives/game.html", ctx)


@login_required
@require_GET
def game_live(request, drive_id, game):
    """The result screen's live region (count, undo, tables), polled every 5 seconds
    while tables report from their own devices.

    The poll says what its page holds (``have``: the live key and each tile's digest). An
    unchanged screen is answered 204; a changed one with the count bar, the actions and
    only the tiles whose digest differs, each swapped out of band. A page that holds
    other tables (a seat change), a game no longer open, or a ``have`` that cannot be
    read gets the whole region. Without ``have``: the whole region, 304 when unchanged.
    """
    drive = get_drive_for_user(request, drive_id, scorer_ok=True)
    game_or_404(drive, game)
    key = _live_key(request, drive, game)
    if "have" in request.GET:
        return _live_changes(request, drive, game, key, _parse_have(request.GET["have"]))
    etag = f'W/"{key}"'
    response = get_conditional_response(request, etag=etag)
    if response is None:
        response = render(
            request,
            "drives/game.html#live",
            _game_context(drive, game, request, key=key, said=False),
        )
    response["ETag"] = etag
    patch_cache_control(response, no_cache=True)
    return response


def _live_changes(request, drive, game, key, have):
    if have is not None and have[0] == key:
        response = HttpResponse(status=204)
    else:
        ctx = _game_context(drive, game, request, key=key, said=False)
        held = have[1] if have is not None else {}
        if have is None or not ctx["editable"] or held.keys() != ctx["digests"].keys():
            response = render(request, "drives/game.html#live", {**ctx, "live_oob": True})
        else:
            changed = [
                body.replace(
                    f'<article id="table-{n}"', f'<article id="table-{n}" hx-swap-oob="true"', 1
                )
                for n, body in ctx["bodies"].items()
                if held[n] != ctx["digests"][n]
            ]
            tiles = fragments.with_token(request, "".join(changed))
            response = render(
                request, "drives/game.html#live-changes", {**ctx, "tiles": tiles, "oob": True}
            )
    patch_cache_control(response, no_cache=True)
    return response


def _tile(request, drive, game, tg, *, change=None, **extra):
    """The table's tile for htmx, with the bar's count and strip and the live region."""
    screen = _tile_screen(request, drive, game, editable=True)
    strip = queries.game_strip(drive, game)  # one read for the count and strip
    ctx = {
        "drive": drive,
        "game": game,
        "tile": fragments.with_token(request, fragments.tile_body(screen, tg, change)),
        "count": queries.GameCount.of(status for _table, status in strip),
        "strip_html": fragments.strip(screen.words, strip),
        "editable": True,
        "is_last": game >= drive.games,
        "entered": True,
        "oob": True,
        **extra,
    }
    return render(request, "drives/game.html#table-row", ctx)


@login_required
@require_POST
@handle_drive_errors
def result_record(request, drive_id, game, table):
    """One tap on the winning pair. Changing a result that already counts takes a second
    tap ("confirm=yes"): one stray tap on the other pair must not flip it silently."""
    drive = get_drive_for_user(request, drive_id, scorer_ok=True)
    origin = origin_of(request, "results")
    form = ResultForm(request.POST)
    if not form.is_valid():
        raise DriveError(_("Tap the pair that won."), 400)
    answer = services.result_enter(
        drive=drive,
        game=game,
        table=table,
        winner_number=form.cleaned_data["winner"],
        actor=request.user,
        now=timezone.now(),
        origin=origin,
        confirmed=request.POST.get("confirm") == "yes",
    )
    return _result_answer(request, drive, game, table, form.cleaned_data["winner"], answer)


def _result_answer(request, drive, game, table, winner, answer):
    """The tap's answer: for htmx the table's tile, asking first or saying what changed,
    with the bar's count and strip; else back to the result screen at that table, asking
    there (``?change=``) or with the words in a message."""
    said = "" if answer.asked else _result_said(table, winner, answer)
    if not request.htmx:
        ask = f"?change={table}&to={winner}" if answer.asked else ""
        if said:
            messages.success(request, said)
        return redirect(f"{reverse('drives:game', args=[drive.pk, game])}{ask}#table-{table}")
    change = {"table": table, "to": winner, "was": answer.was} if answer.asked else None
    queries.attach_reports([answer.table_game])
    return _tile(request, drive, game, answer.table_game, change=change, announce=said)


def _result_said(table: int, winner: int, answer) -> str:
    """What a written tap did, in the organizer's words."""
    if answer.was is not None and answer.was != winner:
        return _("Table %(table)d changed: pair %(pair)d won (it was pair %(was)d).") % {
            "table": table,
            "pair": winner,
            "was": answer.was,
        }
    if answer.table_game.status in TableGame.COUNTED:
        return _("Table %(table)d: pair %(pair)d won.") % {"table": table, "pair": winner}
    return _("Table %(table)d: in conflict, it does not count yet.") % {"table": table}


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def game_next(request, drive_id, game):
    drive = get_drive_for_user(request, drive_id, scorer_ok=True)
    game_or_404(drive, game)
    if request.method == "POST":
        form = GameStepForm(request.POST)
        if not form.is_valid():
            raise DriveError(_("This page is out of date: reload it."), 400)
        drive = services.game_advance(
            drive=drive,
            from_game=form.cleaned_data["from_game"],
            actor=request.user,
            now=timezone.now(),
            origin=origin_of(request, "next game"),
        )
        messages.success(request, _("Game %(game)d is seated.") % {"game": drive.current_game})
        url = reverse("drives:game", args=[drive.pk, drive.current_game])
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    if game != drive.current_game or not drive.is_running:
        return redirect("drives:game", drive_id=drive.pk, game=drive.current_game)
    plan = services.advance_plan(drive) if game < drive.games else None
    if plan is not None:
        _name_moves(drive, plan.moves)
    ctx = {"drive": drive, "game": game, "plan": plan, "count": queries.game_count(drive, game)}
    return page(request, "drives/next.html", ctx)


@login_required
@require_POST
@handle_drive_errors
def result_undo(request, drive_id, game):
    drive = get_drive_for_user(request, drive_id, scorer_ok=True)
    if game != drive.current_game:
        raise StaleError(_("This page is out of date: reload it."))
    tg = services.result_undo(
        drive=drive, actor=request.user, now=timezone.now(), origin=origin_of(request, "results")
    )
    messages.success(request, _("Undone at table %(table)d.") % {"table": tg.table})
    url = f"{reverse('drives:game', args=[drive.pk, game])}#table-{tg.table}"
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@login_required
@require_POST
@handle_drive_errors
def game_undo(request, drive_id, game):
    drive = get_drive_for_user(request, drive_id, scorer_ok=True)
    drive = services.game_undo(
        drive=drive,
        from_game=game,
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, "results"),
    )
    messages.success(
        request,
        _("Back to game %(game)d: its results can be changed.") % {"game": drive.current_game},
    )
    url = reverse("drives:game", args=[drive.pk, drive.current_game])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def drive_finish(request, drive_id):
    """GET asks first ("Finish the drive now?"); POST finishes it."""
    drive = get_drive_for_user(request, drive_id)
    if request.method == "GET":
        if not drive.is_running:
            return redirect("drives:drive_detail", drive_id=drive.pk)
        ctx = {"drive": drive, "count": queries.game_count(drive, drive.current_game)}
        return page(request, "drives/finish.html", ctx)
    form = GameStepForm(request.POST)
    if not form.is_valid():
        raise DriveError(_("This page is out of date: reload it."), 400)
    services.drive_finish(
        drive=drive,
        from_game=form.cleaned_data["from_game"],
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, "finish"),
    )
    messages.success(request, _("The drive is finished. Here are the final standings."))
    url = reverse("board:drive_standings", args=[drive.pk])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


# --- Seats between games, corrections, finishing early ----------------------


def _seating_context(drive, form=None, **extra):
    ctx = {
        "drive": drive,
        "game": drive.current_game,
        "tables": queries.game_tables(drive, drive.current_game) if drive.current_game else [],
        "results_in": drive.is_running and services.game_has_results(drive, drive.current_game),
        "form": form,
        "kinds": SeatChangeForm.KINDS,
        # The late pair's "In the jar" box, when the drive has a cookie jar.
        "jar_on": PrizeSettings.objects.filter(drive=drive, jar=True).exists(),
    }
    ctx.update(extra)
    return ctx


@login_required
@require_GET
def seating(request, drive_id):
    """The coming game's seating with the four changes: late pair, leaver, swap, move."""
    drive = get_drive_for_user(request, drive_id)
    return page(request, "drives/seating.html", _seating_context(drive))


def _seat_form(request, drive, data):
    form = SeatChangeForm(data)
    if not form.is_valid():
        return form, None
    return form, services.seat_change_plan(drive, form.cleaned_data["kind"], **form.params())


@login_required
@require_GET
@handle_drive_errors
def seating_preview(request, drive_id):
    """Every move the change would make, before it takes effect."""
    drive = get_drive_for_user(request, drive_id)
    form, plan = _seat_form(request, drive, request.GET)
    if plan is None:
        return page(request, "drives/seating.html", _seating_context(drive, form=form), 400)
    _name_moves(drive, plan.moves)
    ctx = {"drive": drive, "form": form, "plan": plan, "kind": form.cleaned_data["kind"]}
    ctx["kind_label"] = SeatChangeForm.KINDS[ctx["kind"]]
    ctx["params"] = request.GET.urlencode()
    return page(request, "drives/seating_preview.html", ctx)


@login_required
@require_POST
@handle_drive_errors
def seating_change(request, drive_id):
    drive = get_drive_for_user(request, drive_id)
    form = SeatChangeForm(request.POST)
    step = GameStepForm(request.POST)
    if not form.is_valid():
        return page(request, "drives/seating.html", _seating_context(drive, form=form), 400)
    if not step.is_valid():
        # The preview's hidden game number is missing or garbled: the form has no field to mark.
        raise DriveError(_("This page is out of date: reload it."), 400)
    d, kw = (
        form.cleaned_data,
        {
            "drive": drive,
            "from_game": step.cleaned_data["from_game"],
            "actor": request.user,
            "now": timezone.now(),
            "origin": origin_of(request, "seats"),
            # The seating the preview showed; absent (a plain form post) means "as it is now".
            "seating_token": request.POST.get("seating") or None,
        },
    )
    kind = d["kind"]
    if kind == "arrive":
        pair = services.pair_arrive(
            player1=d["player1"],
            player2=d["player2"],
            number=d["number"],
            paid=d["paid"],
            jar=d["jar"],
            **kw,
        )
        message = _("Pair %(n)d joined the game.") % {"n": pair.number}
    elif kind == "leave":
        services.pair_leave(number=d["number"], **kw)
        message = _("Pair %(n)d has left.") % {"n": d["number"]}
    elif kind == "swap":
        services.seat_swap(a=d["a"], b=d["b"], **kw)
        message = _("Pairs %(a)d and %(b)d swapped seats.") % {"a": d["a"], "b": d["b"]}
    else:
        services.seat_move(number=d["number"], table=d["table"], **kw)
        message = _("Pair %(n)d moved to table %(t)d.") % {"n": d["number"], "t": d["table"]}
    messages.success(request, message)
    url = reverse("drives:game", args=[drive.pk, drive.current_game])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def result_correct(request, drive_id, game, table):
    """Correct an earlier game: pick the real winner, see every consequence, confirm."""
    drive = get_drive_for_user(request, drive_id)
    if request.method == "POST":
        form = CorrectionForm(request.POST)
        if not form.is_valid():
            raise DriveError(_("Tap the pair that really won."), 400)
        services.result_correct(
            drive=drive,
            game=game,
            table=table,
            winner_number=form.cleaned_data["winner"],
            from_game=form.cleaned_data["from_game"],
            actor=request.user,
            now=timezone.now(),
            origin=origin_of(request, "correction"),
        )
        messages.success(
            request,
            _("Game %(game)d, table %(table)d corrected: pair %(pair)d won.")
            % {"game": game, "table": table, "pair": form.cleaned_data["winner"]},
        )
        url = f"{reverse('drives:game', args=[drive.pk, game])}#table-{table}"
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    tables = [t for t in queries.game_tables(drive, game) if t.table == table]
    if not tables:
        raise Http404(_("There is no such table in that game."))
    winner = request.GET.get("winner", "")
    plan = None
    if winner:
        number = whole_number(winner, lo=1, hi=9999)
        if number is None:
            raise DriveError(_("Tap the pair that really won."), 400)
        plan = services.correction_plan(drive, game, table, number)
        if plan.reseat is not None:
            _name_moves(drive, plan.reseat.moves)
    ctx = {"drive": drive, "game": game, "t": tables[0], "plan": plan}
    return page(request, "drives/correct.html", ctx)


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def finish_early(request, drive_id):
    drive = get_drive_for_user(request, drive_id)
    if request.method == "POST":
        form = GameStepForm(request.POST)
        if not form.is_valid():
            raise DriveError(_("This page is out of date: reload it."), 400)
        drive = services.drive_finish_early(
            drive=drive,
            from_game=form.cleaned_data["from_game"],
            actor=request.user,
            now=timezone.now(),
            origin=origin_of(request, "finish early"),
        )
        messages.success(
            request,
            ngettext(
                "The drive is finished after %(n)d game.",
                "The drive is finished after %(n)d games.",
                drive.current_game,
            )
            % {"n": drive.current_game},
        )
        url = reverse("board:drive_standings", args=[drive.pk])
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    if not drive.is_running:
        return redirect("drives:drive_detail", drive_id=drive.pk)
    if drive.current_game >= drive.games:
        # The last game: nothing is early any more, the drive is finished as planned.
        return redirect("drives:drive_finish", drive_id=drive.pk)
    count = queries.game_count(drive, drive.current_game)
    results_in = services.game_has_results(drive, drive.current_game)
    played = drive.current_game if count.complete else drive.current_game - 1
    ctx = {
        "drive": drive,
        "count": count,
        "results_in": results_in,
        "played": played,
        "jar": _jar_after(drive, played),
    }
    return page(request, "drives/finish_early.html", ctx)


def _jar_after(drive: Drive, played: int) -> dict | None:
    """What the cookie jar draws from once the drive is finished after `played` games:
    min(its games, games played), from games 1 to played (None: the drive has no jar)."""
    settings = PrizeSettings.objects.filter(drive=drive, jar=True).first()
    if settings is None or played < 1:
        return None
    return {"draws": min(settings.jar_games, played), "games": settings.jar_games}


def _name_moves(drive: Drive, moves: list[dict]) -> None:
    """Add the players' names to each move of a preview ("Pair 12 Mary & John: table 4 → 5")."""
    rows = drive.pairs.values_list("number", "player1", "player2")
    names = {n: f"{p1} & {p2}" for n, p1, p2 in rows}
    for m in moves:
        m["names"] = names.get(m["pair"], "")
