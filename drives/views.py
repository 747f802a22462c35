"""Organizer screens. Views parse, call one service, render.

Every view that touches a drive goes through _get_drive_for_user, which does
the 404 (not this club's drive) and the role check, so no view forgets it.
"""

from __future__ import annotations

import hashlib
import uuid
from functools import wraps

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import F
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views import defaults
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect, reswap, retarget

from scoring.games import all_fours

from . import game_options, live, queries, services
from .forms import (
    BulkPairsForm,
    CorrectionForm,
    DealForm,
    DriveForm,
    GameStepForm,
    HandForm,
    PaidForm,
    PairForm,
    ReregisterForm,
    ResultForm,
    SeatChangeForm,
    StartForm,
)
from .models import AuditEntry, Drive, Hand, Membership, Pair, TableGame

ORGANIZER = Membership.Role.ORGANIZER
SCORER = Membership.Role.SCORER


def _membership(request: HttpRequest) -> Membership:
    m = Membership.objects.select_related("club").filter(user=request.user).first()
    if m is None:
        raise PermissionDenied(_("This account does not belong to a club."))
    return m


def _get_drive_for_user(request: HttpRequest, drive_id: int, *, scorer_ok: bool = False) -> Drive:
    """The drive if it belongs to the user's club (else 404) and the role may act (else 403).

    One query: the drive joined with the user's membership of its club.
    """
    drive = (
        Drive.objects.select_related("club")
        .filter(pk=drive_id, club__memberships__user=request.user)
        .annotate(member_role=F("club__memberships__role"))
        .first()
    )
    if drive is None:
        _membership(request)  # an account without a club gets a plain 403
        raise Http404(_("No such drive in your club."))
    if drive.member_role != ORGANIZER and not scorer_ok:
        raise PermissionDenied(_("Only an organizer can do this."))
    request.role = drive.member_role
    return drive


def _posted(request: HttpRequest) -> QueryDict | None:
    """The form data of a POST, even an empty one; None for a GET.

    `request.POST or None` would treat an empty POST as a GET: nothing
    saved, no error shown, and a start button without a seed box ignored.
    """
    return request.POST if request.method == "POST" else None


def _origin(request: HttpRequest, screen: str) -> services.Origin:
    agent = request.headers.get("User-Agent", "")[:150]
    addr = request.META.get("REMOTE_ADDR", "")
    return services.Origin(source=f"front: {screen}", device=f"{addr} {agent}".strip())


def _page(request: HttpRequest, template: str, context: dict, status: int = 200) -> HttpResponse:
    """The full page, or just its #content region for an htmx request."""
    if request.htmx and not request.htmx.boosted:
        response = render(request, f"{template}#content", context, status=status)
        # Messages live outside #content: send them out of band so "Pair 3 added." shows now.
        response.write(render_to_string("drives/_flash_oob.html", request=request))
        return response
    return render(request, template, context, status=status)


def handle_drive_errors(view):
    """Turn a refused action into a clear 4xx: a message in the page's flash
    region for htmx, a "could not do that" page otherwise. Nothing was written."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except services.DriveError as e:
            drive_id = kwargs.get("drive_id")
            back = (
                reverse("drives:drive_detail", args=[drive_id])
                if drive_id
                else reverse("drives:drive_list")
            )
            if request.htmx:
                response = render(
                    request, "drives/_error.html", {"message": e.message}, status=e.status
                )
                return reswap(retarget(response, "#flash"), "innerHTML")
            ctx = {"message": e.message, "back": back}
            return render(request, "drives/refused.html", ctx, status=e.status)

    return wrapper


def _htmx_refusal(request, message: str, status: int) -> HttpResponse:
    response = render(request, "drives/_error.html", {"message": message}, status=status)
    return reswap(retarget(response, "#flash"), "innerHTML")


def not_found(request, exception=None):
    """404: for htmx a message in the flash region, not a whole page inside a table card."""
    if getattr(request, "htmx", False):
        return _htmx_refusal(request, _("That is not in your club's drives."), 404)
    return defaults.page_not_found(request, exception)


def forbidden(request, exception=None):
    if getattr(request, "htmx", False):
        return _htmx_refusal(request, _("Only an organizer can do this."), 403)
    return defaults.permission_denied(request, exception)


# --- Drives -----------------------------------------------------------------


@login_required
@require_GET
def drive_list(request):
    m = _membership(request)
    drives = Drive.objects.filter(club=m.club)
    return _page(
        request, "drives/drive_list.html", {"club": m.club, "drives": drives, "role": m.role}
    )


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def drive_create(request):
    m = _membership(request)
    if m.role != ORGANIZER:
        raise PermissionDenied(_("Only an organizer can do this."))
    form = DriveForm(_posted(request), initial={"date": timezone.localdate()})
    if request.method == "POST" and form.is_valid():
        try:
            drive = services.drive_create(
                club=m.club,
                actor=request.user,
                now=timezone.now(),
                origin=_origin(request, "new drive"),
                **form.cleaned_data,
            )
        except ValidationError as e:
            form.add_error(None, e)
        else:
            messages.success(request, _("Drive created. Now register the pairs."))
            return redirect("drives:pairs", drive_id=drive.pk)
    status = 400 if request.method == "POST" else 200
    return _page(request, "drives/drive_form.html", {"form": form, "drive": None}, status)


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def drive_edit(request, drive_id):
    drive = _get_drive_for_user(request, drive_id)
    form = DriveForm(_posted(request), instance=drive)
    if request.method == "POST":
        if not drive.is_setup:
            raise services.DriveError(
                _("The drive has started: its settings can no longer change."), 409
            )
        if form.is_valid():
            services.drive_update(
                drive=drive,
                actor=request.user,
                now=timezone.now(),
                origin=_origin(request, "drive settings"),
                **form.cleaned_data,
            )
            messages.success(request, _("Settings saved."))
            return redirect("drives:drive_detail", drive_id=drive.pk)
    status = 400 if request.method == "POST" else 200
    drive.refresh_from_db()
    return _page(request, "drives/drive_form.html", {"form": form, "drive": drive}, status)


class ScreensForm(forms.Form):
    board_public = forms.BooleanField(required=False)
    standings_public = forms.BooleanField(required=False)
    confirm_by_number = forms.BooleanField(required=False)


@login_required
@require_POST
@handle_drive_errors
def drive_screens(request, drive_id):
    """Turn the projector board, public standings and typed confirmation on or off,
    before or during the night."""
    drive = _get_drive_for_user(request, drive_id)
    form = ScreensForm(request.POST)
    form.is_valid()  # three check boxes: anything unticked or unreadable is "off"
    services.drive_screens_set(
        drive=drive,
        actor=request.user,
        now=timezone.now(),
        origin=_origin(request, "drive page"),
        **form.cleaned_data,
    )
    messages.success(request, _("Saved."))
    url = reverse("drives:drive_detail", args=[drive.pk])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@login_required
@require_GET
def drive_detail(request, drive_id):
    drive = _get_drive_for_user(request, drive_id, scorer_ok=True)
    ctx = {"drive": drive, "pair_count": drive.pairs.count()}
    if drive.current_game:
        ctx["count"] = queries.game_count(drive, drive.current_game)
    return _page(request, "drives/drive_detail.html", ctx)


# --- Pairs ------------------------------------------------------------------


def _pairs_context(drive, **extra):
    pairs = list(drive.pairs.all())
    ctx = {
        "drive": drive,
        "pairs": pairs,
        "pair_count": len(pairs),
        "paid_count": sum(p.paid for p in pairs),
        "form": PairForm(),
        "bulk_form": BulkPairsForm(),
    }
    # A drive copied from an earlier night offers that night's pairs while registering.
    source = drive.copied_from if drive.is_setup and drive.copied_from_id else None
    ctx["copied_from"] = source
    ctx["last_night"] = services.pairs_to_reregister(drive, source) if source else []
    ctx.update(extra)
    return ctx


@login_required
@require_GET
def pairs(request, drive_id):
    drive = _get_drive_for_user(request, drive_id)
    return _page(request, "drives/pairs.html", _pairs_context(drive))


@login_required
@require_POST
@handle_drive_errors
def pair_add(request, drive_id):
    drive = _get_drive_for_user(request, drive_id)
    form = PairForm(request.POST)
    if not form.is_valid():
        return _page(request, "drives/pairs.html", _pairs_context(drive, form=form), 400)
    try:
        pair = services.pair_add(
            drive=drive,
            actor=request.user,
            now=timezone.now(),
            origin=_origin(request, "pairs"),
            **form.cleaned_data,
        )
    except services.DriveError as e:
        form.add_error(None, e.message)
        return _page(request, "drives/pairs.html", _pairs_context(drive, form=form), e.status)
    messages.success(request, _("Pair %(n)d added.") % {"n": pair.number})
    if request.htmx:
        return _page(request, "drives/pairs.html", _pairs_context(drive))
    return redirect("drives:pairs", drive_id=drive.pk)


@login_required
@require_POST
@handle_drive_errors
def pairs_bulk(request, drive_id):
    drive = _get_drive_for_user(request, drive_id)
    form = BulkPairsForm(request.POST)
    if not form.is_valid():
        return _page(request, "drives/pairs.html", _pairs_context(drive, bulk_form=form), 400)
    try:
        added = services.pairs_bulk_add(
            drive=drive,
            actor=request.user,
            now=timezone.now(),
            origin=_origin(request, "pairs"),
            **form.cleaned_data,
        )
    except services.DriveError as e:
        form.add_error("text", e.message)
        return _page(request, "drives/pairs.html", _pairs_context(drive, bulk_form=form), e.status)
    messages.success(request, _("%(n)d pairs added.") % {"n": len(added)})
    if request.htmx:
        return _page(request, "drives/pairs.html", _pairs_context(drive))
    return redirect("drives:pairs", drive_id=drive.pk)


def _get_pair(drive, pair_id) -> Pair:
    return get_object_or_404(Pair, pk=pair_id, drive=drive)


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def pair_edit(request, drive_id, pair_id):
    drive = _get_drive_for_user(request, drive_id)
    pair = _get_pair(drive, pair_id)
    initial = {
        "number": pair.number,
        "player1": pair.player1,
        "player2": pair.player2,
        "paid": pair.paid,
    }
    form = PairForm(_posted(request), initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            services.pair_update(
                pair=pair,
                actor=request.user,
                now=timezone.now(),
                origin=_origin(request, "pairs"),
                player1=data["player1"],
                player2=data["player2"],
                paid=data["paid"],
                number=data["number"] if drive.is_setup else None,
            )
        except services.DriveError as e:
            form.add_error(None, e.message)
        else:
            messages.success(request, _("Pair %(n)d saved.") % {"n": pair.number})
            return redirect("drives:pairs", drive_id=drive.pk)
    status = 400 if request.method == "POST" else 200
    return _page(
        request, "drives/pair_form.html", {"drive": drive, "pair": pair, "form": form}, status
    )


@login_required
@require_POST
@handle_drive_errors
def pair_remove(request, drive_id, pair_id):
    drive = _get_drive_for_user(request, drive_id)
    pair = _get_pair(drive, pair_id)
    number = pair.number
    services.pair_remove(
        pair=pair, actor=request.user, now=timezone.now(), origin=_origin(request, "pairs")
    )
    messages.success(request, _("Pair %(n)d removed.") % {"n": number})
    if request.htmx:
        return _page(request, "drives/pairs.html", _pairs_context(drive))
    return redirect("drives:pairs", drive_id=drive.pk)


@login_required
@require_POST
@handle_drive_errors
def pair_paid(request, drive_id, pair_id):
    drive = _get_drive_for_user(request, drive_id)
    pair = _get_pair(drive, pair_id)
    form = PaidForm(request.POST)
    form.is_valid()
    pair = services.pair_set_paid(
        pair=pair,
        actor=request.user,
        now=timezone.now(),
        origin=_origin(request, "pairs"),
        paid=form.cleaned_data.get("paid", False),
    )
    if request.htmx:
        ctx = {
            "drive": drive,
            "p": pair,
            "pair_count": drive.pairs.count(),
            "paid_count": drive.pairs.filter(paid=True).count(),
            "oob": True,
        }
        return render(request, "drives/pairs.html#pair-row", ctx)
    return redirect("drives:pairs", drive_id=drive.pk)


# --- Start ------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def drive_start(request, drive_id):
    drive = _get_drive_for_user(request, drive_id)
    form = StartForm(_posted(request))
    if request.method == "POST" and form.is_valid():
        services.drive_start(
            drive=drive,
            actor=request.user,
            now=timezone.now(),
            origin=_origin(request, "start"),
            seed=form.cleaned_data["seed"],
        )
        drive.refresh_from_db()
        messages.success(request, _("Game 1 is seated (seed %(seed)d).") % {"seed": drive.seed})
        url = reverse("drives:game", args=[drive.pk, 1])
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    pair_count = drive.pairs.count()
    ctx = {
        "drive": drive,
        "form": form,
        "pair_count": pair_count,
        "table_count": (pair_count + 1) // 2,
        "sitout": pair_count % 2 == 1,
        "unpaid": drive.pairs.filter(paid=False).count(),
    }
    return _page(request, "drives/start.html", ctx, 400 if request.method == "POST" else 200)


# --- Results ----------------------------------------------------------------


def _game_or_404(drive: Drive, game: int) -> int:
    if not 1 <= game <= max(drive.current_game, 0):
        raise Http404(_("Game %(game)d has not been seated.") % {"game": game})
    return game


def _result_base(drive: Drive, game: int) -> str:
    """The result URL of table 1 without its tail, so 60 table cards reverse one URL, not 60."""
    url = reverse("drives:result_record", args=[drive.pk, game, 1])
    return url[: url.rindex("/1/result/") + 1]


def _game_context(drive, game):
    return {
        "drive": drive,
        "game": game,
        "result_base": _result_base(drive, game),
        "tables": queries.game_tables(drive, game),
        "count": queries.game_count(drive, game),
        "editable": drive.is_running and game == drive.current_game,
        "is_last": game >= drive.games,
        "entered": TableGame.objects.filter(
            drive=drive,
            game=game,
            status__in=(TableGame.Status.CONFIRMED, TableGame.Status.REPORTED),
        ).exists(),
        # Tables whose game was kept hand by hand: their hands stay with the result.
        "hand_tables": set(
            Hand.objects.filter(table_game__drive=drive, table_game__game=game).values_list(
                "table_game__table", flat=True
            )
        ),
    }


@login_required
@require_GET
def game(request, drive_id, game):
    drive = _get_drive_for_user(request, drive_id, scorer_ok=True)
    _game_or_404(drive, game)
    return _page(request, "drives/game.html", _game_context(drive, game))


@login_required
@require_GET
def game_live(request, drive_id, game):
    """The result screen's live region (count, undo, tables), polled every few seconds
    while tables report from their own devices. Unchanged polls are answered 304."""
    drive = _get_drive_for_user(request, drive_id, scorer_ok=True)
    _game_or_404(drive, game)
    text = f"{live.game_fingerprint(drive)}/{game}/{request.role}/{get_language()}"
    etag = 'W/"' + hashlib.sha256(text.encode()).hexdigest()[:24] + '"'
    response = get_conditional_response(request, etag=etag)
    if response is None:
        response = render(request, "drives/game.html#live", _game_context(drive, game))
    response["ETag"] = etag
    patch_cache_control(response, no_cache=True)
    return response


@login_required
@require_POST
@handle_drive_errors
def result_record(request, drive_id, game, table):
    drive = _get_drive_for_user(request, drive_id, scorer_ok=True)
    form = ResultForm(request.POST)
    if not form.is_valid():
        raise services.DriveError(_("Tap the pair that won."), 400)
    tg = services.result_record(
        drive=drive,
        game=game,
        table=table,
        winner_number=form.cleaned_data["winner"],
        actor=request.user,
        now=timezone.now(),
        origin=_origin(request, "results"),
    )
    if request.htmx:
        queries.attach_reports([tg])
        ctx = {
            "drive": drive,
            "game": game,
            "t": tg,
            "result_base": _result_base(drive, game),
            "count": queries.game_count(drive, game),
            "editable": True,
            "is_last": game >= drive.games,
            "entered": True,
            "oob": True,
        }
        return render(request, "drives/game.html#table-row", ctx)
    return redirect(f"{reverse('drives:game', args=[drive.pk, game])}#table-{table}")


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def game_next(request, drive_id, game):
    drive = _get_drive_for_user(request, drive_id, scorer_ok=True)
    _game_or_404(drive, game)
    if request.method == "POST":
        form = GameStepForm(request.POST)
        if not form.is_valid():
            raise services.DriveError(_("This page is out of date: reload it."), 400)
        services.game_advance(
            drive=drive,
            from_game=form.cleaned_data["from_game"],
            actor=request.user,
            now=timezone.now(),
            origin=_origin(request, "next game"),
        )
        drive.refresh_from_db()
        messages.success(request, _("Game %(game)d is seated.") % {"game": drive.current_game})
        url = reverse("drives:game", args=[drive.pk, drive.current_game])
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    if game != drive.current_game or not drive.is_running:
        return redirect("drives:game", drive_id=drive.pk, game=drive.current_game)
    plan = services.advance_plan(drive) if game < drive.games else None
    ctx = {"drive": drive, "game": game, "plan": plan, "count": queries.game_count(drive, game)}
    return _page(request, "drives/next.html", ctx)


@login_required
@require_POST
@handle_drive_errors
def result_undo(request, drive_id, game):
    drive = _get_drive_for_user(request, drive_id, scorer_ok=True)
    if game != drive.current_game:
        raise services.StaleError(_("This page is out of date: reload it."))
    tg = services.result_undo(
        drive=drive, actor=request.user, now=timezone.now(), origin=_origin(request, "results")
    )
    messages.success(request, _("Undone at table %(table)d.") % {"table": tg.table})
    url = f"{reverse('drives:game', args=[drive.pk, game])}#table-{tg.table}"
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@login_required
@require_POST
@handle_drive_errors
def game_undo(request, drive_id, game):
    drive = _get_drive_for_user(request, drive_id, scorer_ok=True)
    drive = services.game_undo(
        drive=drive,
        from_game=game,
        actor=request.user,
        now=timezone.now(),
        origin=_origin(request, "results"),
    )
    messages.success(
        request,
        _("Back to game %(game)d: its results can be changed.") % {"game": drive.current_game},
    )
    url = reverse("drives:game", args=[drive.pk, drive.current_game])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@login_required
@require_POST
@handle_drive_errors
def drive_finish(request, drive_id):
    drive = _get_drive_for_user(request, drive_id)
    form = GameStepForm(request.POST)
    if not form.is_valid():
        raise services.DriveError(_("This page is out of date: reload it."), 400)
    services.drive_finish(
        drive=drive,
        from_game=form.cleaned_data["from_game"],
        actor=request.user,
        now=timezone.now(),
        origin=_origin(request, "finish"),
    )
    messages.success(request, _("The drive is finished. Here are the final standings."))
    url = reverse("drives:standings", args=[drive.pk])
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
    }
    ctx.update(extra)
    return ctx


@login_required
@require_GET
def seating(request, drive_id):
    """The coming game's seating with the four changes: late pair, leaver, swap, move."""
    drive = _get_drive_for_user(request, drive_id)
    return _page(request, "drives/seating.html", _seating_context(drive))


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
    drive = _get_drive_for_user(request, drive_id)
    form, plan = _seat_form(request, drive, request.GET)
    if plan is None:
        return _page(request, "drives/seating.html", _seating_context(drive, form=form), 400)
    ctx = {"drive": drive, "form": form, "plan": plan, "kind": form.cleaned_data["kind"]}
    ctx["kind_label"] = SeatChangeForm.KINDS[ctx["kind"]]
    ctx["params"] = request.GET.urlencode()
    return _page(request, "drives/seating_preview.html", ctx)


@login_required
@require_POST
@handle_drive_errors
def seating_change(request, drive_id):
    drive = _get_drive_for_user(request, drive_id)
    form = SeatChangeForm(request.POST)
    step = GameStepForm(request.POST)
    if not form.is_valid():
        return _page(request, "drives/seating.html", _seating_context(drive, form=form), 400)
    if not step.is_valid():
        # The preview's hidden game number is missing or garbled: the form has no field to mark.
        raise services.DriveError(_("This page is out of date: reload it."), 400)
    d, kw = (
        form.cleaned_data,
        {
            "drive": drive,
            "from_game": step.cleaned_data["from_game"],
            "actor": request.user,
            "now": timezone.now(),
            "origin": _origin(request, "seats"),
            # The seating the preview showed; absent (a plain form post) means "as it is now".
            "seating_token": request.POST.get("seating") or None,
        },
    )
    kind = d["kind"]
    if kind == "arrive":
        pair = services.pair_arrive(
            player1=d["player1"], player2=d["player2"], number=d["number"], paid=d["paid"], **kw
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
    drive = _get_drive_for_user(request, drive_id)
    if request.method == "POST":
        form = CorrectionForm(request.POST)
        if not form.is_valid():
            raise services.DriveError(_("Tap the pair that really won."), 400)
        services.result_correct(
            drive=drive,
            game=game,
            table=table,
            winner_number=form.cleaned_data["winner"],
            from_game=form.cleaned_data["from_game"],
            actor=request.user,
            now=timezone.now(),
            origin=_origin(request, "correction"),
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
        if not winner.isdigit():
            raise services.DriveError(_("Tap the pair that really won."), 400)
        plan = services.correction_plan(drive, game, table, int(winner))
    ctx = {"drive": drive, "game": game, "t": tables[0], "plan": plan}
    return _page(request, "drives/correct.html", ctx)


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def finish_early(request, drive_id):
    drive = _get_drive_for_user(request, drive_id)
    if request.method == "POST":
        form = GameStepForm(request.POST)
        if not form.is_valid():
            raise services.DriveError(_("This page is out of date: reload it."), 400)
        drive = services.drive_finish_early(
            drive=drive,
            from_game=form.cleaned_data["from_game"],
            actor=request.user,
            now=timezone.now(),
            origin=_origin(request, "finish early"),
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
        url = reverse("drives:standings", args=[drive.pk])
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    if not drive.is_running:
        return redirect("drives:drive_detail", drive_id=drive.pk)
    count = queries.game_count(drive, drive.current_game)
    results_in = services.game_has_results(drive, drive.current_game)
    ctx = {
        "drive": drive,
        "count": count,
        "results_in": results_in,
        "played": drive.current_game if count.complete else drive.current_game - 1,
    }
    return _page(request, "drives/finish_early.html", ctx)


# --- Standings, cards, audit ------------------------------------------------


@login_required
@require_GET
def standings(request, drive_id):
    drive = _get_drive_for_user(request, drive_id, scorer_ok=True)
    played = drive.current_game
    ctx = {
        "drive": drive,
        "rows": queries.standings(drive),
        "game_numbers": range(1, drive.games + 1),
        "played": played,
    }
    return _page(request, "drives/standings.html", ctx)


@login_required
@require_GET
def pair_card(request, drive_id, number):
    drive = _get_drive_for_user(request, drive_id, scorer_ok=True)
    pair = get_object_or_404(Pair, drive=drive, number=number)
    lines = queries.pair_card(drive, pair)
    ctx = {
        "drive": drive,
        "pair": pair,
        "lines": lines,
        "won": sum(1 for ln in lines if ln.punched),
        "punched": {ln.game for ln in lines if ln.punched},
        "game_numbers": range(1, drive.games + 1),
    }
    return _page(request, "drives/pair_card.html", ctx)


@login_required
@require_GET
def audit(request, drive_id):
    drive = _get_drive_for_user(request, drive_id)
    entries = AuditEntry.objects.filter(drive=drive).select_related("actor")[:1000]
    return _page(request, "drives/audit.html", {"drive": drive, "entries": entries})


# --- A new drive from a previous one ------------------------------------------


@login_required
@require_POST
@handle_drive_errors
def drive_copy(request, drive_id):
    source = _get_drive_for_user(request, drive_id)
    drive = services.drive_copy(
        source=source,
        actor=request.user,
        now=timezone.now(),
        origin=_origin(request, "new drive from this one"),
    )
    messages.success(
        request,
        _("New drive with the settings of “%(name)s”. Tap last night's pairs to register them.")
        % {"name": source.name},
    )
    url = reverse("drives:pairs", args=[drive.pk])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@login_required
@require_POST
@handle_drive_errors
def pairs_reregister(request, drive_id):
    drive = _get_drive_for_user(request, drive_id)
    source = drive.copied_from
    if source is None:
        raise services.DriveError(_("This drive was not made from an earlier one."), 404)
    form = ReregisterForm(request.POST)
    if not form.is_valid():
        raise services.DriveError(_("Tap a pair to add."), 400)
    if form.cleaned_data["numbers"] == "all":
        numbers = [p.number for p in services.pairs_to_reregister(drive, source)]
        if not numbers:
            raise services.DriveError(_("Every pair of last night is registered already."), 409)
    else:
        numbers = [form.cleaned_data["number"]]
    added = services.pairs_reregister(
        drive=drive,
        source=source,
        numbers=numbers,
        actor=request.user,
        now=timezone.now(),
        origin=_origin(request, "pairs"),
    )
    if len(added) > 1:
        messages.success(request, _("%(n)d pairs added.") % {"n": len(added)})
    elif added[0].number == numbers[0]:
        messages.success(
            request, _("Pair %(n)d added: %(names)s.") % {"n": numbers[0], "names": added[0].names}
        )
    else:
        # The button said "Add pair 12": say why the pair got another number.
        messages.success(
            request,
            _("%(names)s added as pair %(n)d (pair %(old)d is taken tonight).")
            % {"names": added[0].names, "n": added[0].number, "old": numbers[0]},
        )
    if request.htmx:
        return _page(request, "drives/pairs.html", _pairs_context(drive))
    return redirect("drives:pairs", drive_id=drive.pk)


# --- Rules of the game ------------------------------------------------------


@login_required
@require_GET
def rules(request, drive_id):
    """The drive's game and options in plain words, with the card ranks for each trump."""
    drive = _get_drive_for_user(request, drive_id, scorer_ok=True)
    ctx = {"drive": drive, "tab": "rules", **game_options.rules_context(drive)}
    return _page(request, "drives/rules.html", ctx)


# --- Scorekeeper --------------------------------------------------------------


def _hand_controls(sheet: services.Scoresheet, kept) -> dict:
    """The big tap targets of the hand form, with a refused hand's taps still on."""

    def on(name: str, value) -> bool:
        return kept.get(name) == str(value)

    pair_choices = [(p.number, _("Pair %(n)d") % {"n": p.number}) for p in sheet.pairs]
    return {
        "tricks": [
            {
                "pair": p,
                "name": f"tricks_{p.number}",
                "options": [(t, on(f"tricks_{p.number}", t)) for t in range(6)],
            }
            for p in sheet.pairs
        ],
        "best": [(v, label, on("best", v)) for v, label in pair_choices]
        + [("none", _("No trump played"), on("best", "none"))],
        "bidder": [(v, label, on("bidder", v)) for v, label in pair_choices],
        "bids": [(b, label, on("bid", b)) for b, label in sheet.bids],
    }


SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SEATS = {
    0: _lazy("Elder (dealer's left)"),
    1: _lazy("Dealer's partner"),
    2: _lazy("Elder's partner"),
    3: _lazy("Dealer"),
}


def _deal_controls(sheet: services.Scoresheet, kept) -> dict:
    """The taps of an All Fours deal, only those the variant uses (all_fours.RULES)."""
    rules = sheet.variant.rules

    def on(name: str, value) -> bool:
        return kept.get(name) == str(value)

    pairs = [(p.number, _("Pair %(n)d") % {"n": p.number}) for p in sheet.pairs]
    not_in_play = ("none", _("Not in play"))
    if kept:
        dealer = [(v, label, on("dealer", v)) for v, label in pairs]
    else:
        # The deal passes to the left, so the dealer's pair changes every deal.
        last = sheet.hands[-1].dealer if sheet.hands else None
        dealer = [(v, label, last is not None and v != last) for v, label in pairs]
    jack = [*pairs, not_in_play]
    if rules.hang_jack:
        jack += [(f"hang_{n}", _("Pair %(n)d hanged it") % {"n": n}) for n in sheet.numbers]
    game = list(pairs)
    if rules.tie == "nobody":
        game.append(("none", _("Tie: nobody")))
    return {
        "rules": rules,
        "dealer": dealer,
        "cards": [
            {
                "i": i,
                "ranks": [(r, on(f"rank_{i}", r)) for r in all_fours.RANKS],
                "suits": [(s, SUIT_SYMBOLS[s], on(f"suit_{i}", s)) for s in all_fours.SUITS],
            }
            for i in range(1, DealForm.CARDS + 1)
        ]
        if rules.trump == all_fours.TURNED
        else [],
        "beg": [
            (v, label, on("beg", v) or (not kept.get("beg") and v == "stood"))
            for v, label in (
                ("stood", _("Stood")),
                ("gift", _("Begged and given")),
                ("run", _("Begged and run")),
            )
        ]
        if rules.beg
        else [],
        "bids": [
            {
                "name": f"bid_{seat}",
                "label": SEATS[seat],
                "options": [
                    (b, _("Pass") if b == 0 else str(b), on(f"bid_{seat}", b))
                    for b in range(all_fours.MAX_BID + 1)
                ],
            }
            for seat in DealForm.bid_seats(rules)
        ],
        "sold": rules.bidding == all_fours.COMMERCIAL,
        "sold_checked": bool(kept.get("sold")),
        "points": [
            (name, legend, [(v, label, on(name, v)) for v, label in choices])
            for name, legend, choices in (
                ("high", _("High"), [*pairs, not_in_play]),
                ("low", _("Low"), [*pairs, not_in_play]),
                ("jack", _("Jack"), jack),
                ("game", _("Game"), game),
            )
        ],
        "counts": [
            (p.number, f"count_{p.number}", kept.get(f"count_{p.number}", "")) for p in sheet.pairs
        ],
        "captures": [
            (p.number, f"capture_{p.number}", kept.get(f"capture_{p.number}", ""))
            for p in sheet.pairs
        ]
        if rules.card_points
        else [],
    }


def _sheet_page(request, sheet: services.Scoresheet, kept=None, status: int = 200):
    """The scoresheet; ``kept`` is a refused hand's form data, shown again with its key
    so that sending it again cannot keep the hand twice."""
    kept = kept or {}
    controls = _deal_controls if sheet.all_fours else _hand_controls
    ctx = {
        "drive": sheet.drive,
        "game": sheet.game,
        "sheet": sheet,
        "controls": controls(sheet, kept),
        "key": kept.get("key") or uuid.uuid4().hex,
        "results_url": f"{reverse('drives:game', args=[sheet.drive.pk, sheet.game])}"
        f"#table-{sheet.table}",
    }
    return _page(request, "drives/scoresheet.html", ctx, status)


def _sheet_url(drive_id: int, game: int, table: int) -> str:
    return reverse("drives:scoresheet", args=[drive_id, game, table])


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def scoresheet(request, drive_id, game, table):
    """A table's game hand by hand: the running score, the hands, and the next hand's
    taps. A POST enters one hand (the URL is also named hand_add)."""
    drive = _get_drive_for_user(request, drive_id, scorer_ok=True)
    _game_or_404(drive, game)
    sheet = services.scoresheet(drive, game, table)
    if request.method == "POST":
        return _hand_add(request, drive, sheet)
    return _sheet_page(request, sheet)


def _hand_add(request, drive: Drive, sheet: services.Scoresheet) -> HttpResponse:
    game, table = sheet.game, sheet.table
    if sheet.all_fours:
        form = DealForm(request.POST, numbers=sheet.numbers, rules=sheet.variant.rules)
    else:
        form = HandForm(request.POST, numbers=sheet.numbers)
    try:
        if not form.is_valid():
            raise services.DriveError(form.first_error())
        hand = services.hand_add(
            drive=drive,
            game=game,
            table=table,
            record=form.record(),
            number=form.cleaned_data["number"],
            key=form.cleaned_data["key"],
            actor=request.user,
            now=timezone.now(),
            origin=_origin(request, "scoresheet"),
        )
    except services.DriveError as e:
        if e.status == 404:
            raise
        # A hand the rules refuse keeps its taps; after another device's change the
        # page shows the hands as they are now, with a fresh form.
        messages.error(request, e.message)
        kept = request.POST if e.status == 400 else None
        return _sheet_page(request, services.scoresheet(drive, game, table), kept, e.status)
    entered = _("Deal %(n)d entered.") if sheet.all_fours else _("Hand %(n)d entered.")
    messages.success(request, entered % {"n": hand.number})
    if request.htmx:
        return _sheet_page(request, services.scoresheet(drive, game, table))
    return redirect(_sheet_url(drive.pk, game, table))


@login_required
@require_POST
@handle_drive_errors
def hand_undo(request, drive_id, game, table):
    drive = _get_drive_for_user(request, drive_id, scorer_ok=True)
    _game_or_404(drive, game)
    number = request.POST.get("number", "")
    undone = services.hand_undo(
        drive=drive,
        game=game,
        table=table,
        number=int(number) if number.isdigit() else None,
        actor=request.user,
        now=timezone.now(),
        origin=_origin(request, "scoresheet"),
    )
    taken_back = (
        _("Deal %(n)d taken back.")
        if drive.game in all_fours.RULES
        else _("Hand %(n)d taken back.")
    )
    message = taken_back % {"n": undone.number}
    if undone.result_taken_back:
        message += " " + _("The table's result was taken back too: it is waiting again.")
    messages.success(request, message)
    if request.htmx:
        return _sheet_page(request, services.scoresheet(drive, game, table))
    return redirect(_sheet_url(drive.pk, game, table))
