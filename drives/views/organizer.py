"""The organizer's screens before and around the night: drives, pairs, the start,
punch cards, the audit, a new drive from a previous one and the rules page.
"""

from __future__ import annotations

import hashlib

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.db.models import Q
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from clubs.interface import DriveError
from clubs.models import AuditEntry
from clubs.views import (
    address_note,
    handle_drive_errors,
    membership_of,
    organizer_only,
    origin_of,
    page,
    posted,
)

from .. import game_options, queries, services, snapshots
from ..forms import (
    BulkPairsForm,
    DriveCopyForm,
    DriveForm,
    PaidForm,
    PairForm,
    ReregisterForm,
    StartForm,
)
from ..models import Drive, Pair
from .shared import get_drive_for_user, pair_row, pair_rows

# --- Drives -----------------------------------------------------------------


@login_required
@require_GET
def drive_list(request):
    m = membership_of(request)
    drives = Drive.objects.filter(club=m.club)
    return page(
        request, "drives/drive_list.html", {"club": m.club, "drives": drives, "role": m.role}
    )


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def drive_create(request):
    m = membership_of(request)
    organizer_only(m.role)
    form = DriveForm(posted(request), initial={"date": timezone.localdate()})
    if request.method == "POST" and form.is_valid():
        try:
            drive = services.drive_create(
                club=m.club,
                actor=request.user,
                now=timezone.now(),
                origin=origin_of(request, "new drive"),
                **form.cleaned_data,
            )
        except ValidationError as e:
            form.add_error(None, e)
        else:
            messages.success(request, _("Drive created. Now register the pairs."))
            return redirect("drives:pairs", drive_id=drive.pk)
    status = 400 if request.method == "POST" else 200
    ctx = {"form": form, "drive": None, **queries.confirm_setting(None)}
    return page(request, "drives/drive_form.html", ctx, status)


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def drive_edit(request, drive_id):
    drive = get_drive_for_user(request, drive_id)
    form = DriveForm(posted(request), instance=drive)
    if request.method == "POST":
        if not drive.is_setup:
            raise DriveError(_("The drive has started: its settings can no longer change."), 409)
        if form.is_valid():
            services.drive_update(
                drive=drive,
                actor=request.user,
                now=timezone.now(),
                origin=origin_of(request, "drive settings"),
                **form.cleaned_data,
            )
            messages.success(request, _("Settings saved."))
            return redirect("drives:drive_detail", drive_id=drive.pk)
    status = 400 if request.method == "POST" else 200
    drive.refresh_from_db()
    ctx = {"form": form, "drive": drive, **queries.confirm_setting(drive)}
    return page(request, "drives/drive_form.html", ctx, status)


class ScreensForm(forms.Form):
    board_public = forms.BooleanField(required=False)
    standings_public = forms.BooleanField(required=False)
    confirm_by_number = forms.BooleanField(required=False)
    confirm_by_code = forms.BooleanField(required=False)


@login_required
@require_POST
@handle_drive_errors
def drive_screens(request, drive_id):
    """Turn the projector board, public standings and typed confirmation on or off,
    before or during the night."""
    drive = get_drive_for_user(request, drive_id)
    form = ScreensForm(request.POST)
    form.is_valid()  # check boxes: anything unticked or unreadable is "off"
    services.drive_screens_set(
        drive=drive,
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, "drive page"),
        **form.cleaned_data,
    )
    messages.success(request, _("Saved."))
    url = reverse("drives:drive_detail", args=[drive.pk])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@login_required
@require_GET
def drive_detail(request, drive_id):
    drive = get_drive_for_user(request, drive_id, scorer_ok=True)
    ctx = {
        "drive": drive,
        "pair_count": drive.pairs.count(),
        "address_note": address_note(request),
    }
    if drive.current_game:
        ctx["count"] = queries.game_count(drive, drive.current_game)
    if drive.is_running:
        ctx["table_drive"] = services.table_drive_of(drive.club)
        ctx["snapshot"] = snapshots.last_snapshot()
    if request.role == "organizer":  # the confirmation setting is the organizer's
        ctx.update(queries.confirm_setting(drive))
    return page(request, "drives/drive_detail.html", ctx)


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def drive_delete(request, drive_id):
    """GET asks first ("Delete the demo drive?"); POST deletes it. Only a demo drive
    (loaded by `make run`) can be deleted: a real night is a record."""
    drive = get_drive_for_user(request, drive_id)
    if request.method == "GET":
        if not drive.is_demo:
            raise DriveError(_("Only a demo drive can be deleted."), 409)
        return page(request, "drives/drive_delete.html", {"drive": drive})
    services.drive_delete_demo(
        drive=drive, actor=request.user, now=timezone.now(), origin=origin_of(request, "delete")
    )
    messages.success(request, _("The demo drive %(drive)s is deleted.") % {"drive": drive.name})
    url = reverse("drives:drive_list")
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


# --- Pairs ------------------------------------------------------------------


def _pairs_context(drive, **extra):
    pairs = list(drive.pairs.all())
    ctx = {
        **pair_rows(drive, pairs),
        "pairs": pairs,
        "pair_count": len(pairs),
        "paid_count": sum(p.paid for p in pairs),
        "form": PairForm(),
        "bulk_form": BulkPairsForm(),
    }
    paste = services.last_paste(drive)
    if paste is not None:
        numbers = [p["number"] for p in paste.new or []]
        ctx["last_paste"] = {"id": paste.pk, "count": len(numbers), "numbers": numbers}
    # A drive copied from an earlier night offers that night's pairs while registering.
    source = drive.copied_from if drive.is_setup and drive.copied_from_id else None
    ctx["copied_from"] = source
    ctx["last_night"] = services.pairs_to_reregister(drive, source) if source else []
    ctx.update(extra)
    return ctx


@login_required
@require_GET
def pairs(request, drive_id):
    drive = get_drive_for_user(request, drive_id)
    return page(request, "drives/pairs.html", _pairs_context(drive))


@login_required
@require_POST
@handle_drive_errors
def pair_add(request, drive_id):
    drive = get_drive_for_user(request, drive_id)
    form = PairForm(request.POST)
    if not form.is_valid():
        return page(request, "drives/pairs.html", _pairs_context(drive, form=form), 400)
    try:
        pair = services.pair_add(
            drive=drive,
            actor=request.user,
            now=timezone.now(),
            origin=origin_of(request, "pairs"),
            **form.cleaned_data,
        )
    except DriveError as e:
        form.add_error(None, e.message)
        return page(request, "drives/pairs.html", _pairs_context(drive, form=form), e.status)
    messages.success(request, _("Pair %(n)d added.") % {"n": pair.number})
    if request.htmx:
        return page(request, "drives/pairs.html", _pairs_context(drive))
    return redirect("drives:pairs", drive_id=drive.pk)


@login_required
@require_POST
@handle_drive_errors
def pairs_bulk(request, drive_id):
    drive = get_drive_for_user(request, drive_id)
    form = BulkPairsForm(request.POST)
    if not form.is_valid():
        return page(request, "drives/pairs.html", _pairs_context(drive, bulk_form=form), 400)
    text = form.cleaned_data["text"]
    step = request.POST.get("step", "")
    choices = None
    if step == "save" and request.POST.get("checked") != paste_digest(text):
        # The list was changed after it was checked: check it again before saving.
        messages.warning(request, _("The list changed since it was checked: check it again."))
        step = "check"
    if step == "check":
        return _paste_preview(request, drive, form)
    if step == "save":
        lines = len([ln for ln in text.splitlines() if ln.strip()])
        choices = [
            tuple(services.parse_choice(request.POST.get(f"pick-{i}-{s}")) for s in (1, 2))
            for i in range(1, lines + 1)
        ]
    try:
        added = services.pairs_bulk_add(
            drive=drive,
            actor=request.user,
            now=timezone.now(),
            origin=origin_of(request, "pairs"),
            choices=choices,
            **form.cleaned_data,
        )
    except services.DuplicatePairs as e:
        ctx = _pairs_context(drive, bulk_form=form, duplicates=e.lines, warning=e.message)
        return page(request, "drives/pairs.html", ctx, e.status)
    except DriveError as e:
        form.add_error("text", e.message)
        return page(request, "drives/pairs.html", _pairs_context(drive, bulk_form=form), e.status)
    messages.success(
        request,
        ngettext("%(n)d pair added.", "%(n)d pairs added.", len(added)) % {"n": len(added)},
    )
    if request.htmx:
        return page(request, "drives/pairs.html", _pairs_context(drive))
    return redirect("drives:pairs", drive_id=drive.pk)


@login_required
@require_POST
@handle_drive_errors
def pairs_bulk_undo(request, drive_id):
    """Take back the last paste whole (before the start)."""
    drive = get_drive_for_user(request, drive_id)
    removed = services.pairs_bulk_undo(
        drive=drive,
        entry_id=parse_id(request.POST.get("paste")),
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, "pairs"),
    )
    messages.success(
        request,
        ngettext(
            "Paste taken back: %(n)d pair removed.",
            "Paste taken back: %(n)d pairs removed.",
            removed,
        )
        % {"n": removed},
    )
    if request.htmx:
        return page(request, "drives/pairs.html", _pairs_context(drive))
    return redirect("drives:pairs", drive_id=drive.pk)


def paste_digest(text: str) -> str:
    """What the preview was made of: a save of another text is checked again first."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _paste_preview(request, drive, form):
    """The paste's names matched to the register, nothing saved (pairs_paste_preview)."""
    try:
        preview, twice = services.pairs_paste_preview(drive=drive, text=form.cleaned_data["text"])
    except DriveError as e:
        form.add_error("text", e.message)
        return page(request, "drives/pairs.html", _pairs_context(drive, bulk_form=form), e.status)
    counts = {"exact": 0, "likely": 0, "new": 0}
    for line in preview:
        for n in line.names:
            counts[n.decision] += 1
    ctx = _pairs_context(
        drive,
        bulk_form=form,
        preview=preview,
        preview_counts=counts,
        checked=paste_digest(form.cleaned_data["text"]),
    )
    if twice:
        ctx.update(duplicates=twice, warning=services.DuplicatePairs(twice).message)
    return page(request, "drives/pairs.html", ctx)


def parse_id(raw: str | None) -> int:
    """A row id from a form: a plain positive number within the database's range, else 400."""
    if not raw or not raw.isascii() or not raw.isdigit() or len(raw) > 18:
        raise DriveError(_("That page is out of date: reload it and try again."), 400)
    return int(raw)


def _get_pair(drive, pair_id) -> Pair:
    return get_object_or_404(Pair, pk=pair_id, drive=drive)


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def pair_edit(request, drive_id, pair_id):
    drive = get_drive_for_user(request, drive_id)
    pair = _get_pair(drive, pair_id)
    initial = {
        "number": pair.number,
        "player1": pair.player1,
        "player2": pair.player2,
        "paid": pair.paid,
    }
    form = PairForm(posted(request), initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            services.pair_update(
                pair=pair,
                actor=request.user,
                now=timezone.now(),
                origin=origin_of(request, "pairs"),
                player1=data["player1"],
                player2=data["player2"],
                paid=data["paid"],
                number=data["number"] if drive.is_setup else None,
            )
        except DriveError as e:
            form.add_error(None, e.message)
        else:
            messages.success(request, _("Pair %(n)d saved.") % {"n": pair.number})
            return redirect("drives:pairs", drive_id=drive.pk)
    status = 400 if request.method == "POST" else 200
    return page(
        request, "drives/pair_form.html", {"drive": drive, "pair": pair, "form": form}, status
    )


@login_required
@require_POST
@handle_drive_errors
def pair_remove(request, drive_id, pair_id):
    drive = get_drive_for_user(request, drive_id)
    pair = _get_pair(drive, pair_id)
    number = pair.number
    services.pair_remove(
        pair=pair, actor=request.user, now=timezone.now(), origin=origin_of(request, "pairs")
    )
    messages.success(request, _("Pair %(n)d removed.") % {"n": number})
    if request.htmx:
        return page(request, "drives/pairs.html", _pairs_context(drive))
    return redirect("drives:pairs", drive_id=drive.pk)


@login_required
@require_POST
@handle_drive_errors
def pair_paid(request, drive_id, pair_id):
    drive = get_drive_for_user(request, drive_id)
    pair = _get_pair(drive, pair_id)
    form = PaidForm(request.POST)
    form.is_valid()
    pair = services.pair_set_paid(
        pair=pair,
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, "pairs"),
        paid=form.cleaned_data.get("paid", False),
    )
    if request.htmx:
        return pair_row(request, drive, pair)
    return redirect("drives:pairs", drive_id=drive.pk)


# --- Start ------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def drive_start(request, drive_id):
    """Start the drive. While another drive of the club is running, the screen asks first
    ("Start this drive as well?") and starts it only on a yes (the form's "alongside")."""
    drive = get_drive_for_user(request, drive_id)
    form = StartForm(posted(request))
    status = 400 if request.method == "POST" else 200
    already = None
    if request.method == "POST" and form.is_valid():
        try:
            services.drive_start(
                drive=drive,
                actor=request.user,
                now=timezone.now(),
                origin=origin_of(request, "start"),
                seed=form.cleaned_data["seed"],
                alongside=form.cleaned_data["alongside"],
                # Unticked: the cards stay with a running drive that has them (the default).
                table_cards=form.cleaned_data["table_cards"] or None,
            )
        except services.AlreadyRunning as e:
            already, status = e.running, e.status
        else:
            drive.refresh_from_db()
            if drive.movement == services.TEAM_MATCH:
                messages.success(request, _("Game 1 is seated by the match's schedule."))
            else:
                seed = {"seed": drive.seed}
                messages.success(request, _("Game 1 is seated (seed %(seed)d).") % seed)
            serving = services.table_drive_of(drive.club)
            if serving is not None and serving.pk == drive.pk:
                messages.success(request, _("The table cards open this drive's tables."))
            elif serving is not None:
                messages.warning(
                    request,
                    _("The table cards still open the tables of %(other)s.")
                    % {"other": serving.name},
                )
            url = reverse("drives:game", args=[drive.pk, 1])
            return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    if already is None and drive.is_setup:
        already = (
            Drive.objects.filter(club_id=drive.club_id, status=Drive.Status.RUNNING)
            .order_by("-date", "-id")
            .first()
        )
    # Which running drive the club's table cards open; a demo's are offered to the new drive.
    serving = services.table_drive_of(drive.club) if drive.is_setup else None
    if request.method == "POST" and form.is_bound:
        take_cards = form.data.get("table_cards") == "on"
    else:
        take_cards = serving is not None and serving.is_demo
    pair_count = drive.pairs.count()
    ctx = {
        "drive": drive,
        "form": form,
        "already": already,
        "serving": serving,
        "take_cards": take_cards,
        "pair_count": pair_count,
        "table_count": (pair_count + 1) // 2,
        "sitout": pair_count % 2 == 1,
        "unpaid": list(drive.pairs.filter(paid=False).order_by("number")),
    }
    if drive.is_setup and drive.movement == services.TEAM_MATCH:
        ctx.update(_team_match_start(drive))
    return page(request, "drives/start.html", ctx, status)


def _team_match_start(drive: Drive) -> dict:
    """What the Start page says of a team match: its teams and games, or why it cannot
    start yet (a pair without its team, a team without pairs)."""
    try:
        match = services.team_match_of(drive)
    except DriveError as e:
        return {"team_match": None, "team_problem": e.message}
    return {"team_match": match, "team_problem": "", "team_lines": team_match_lines(match)}


def team_match_lines(match) -> list[str]:
    """The Start page's sentences on a team match, counted in the plain words of the hall:
    "1 pair", "table 1", never "1 pairs" or "tables 1 to 1"."""

    def pairs(n: int) -> str:
        return ngettext("%(n)d pair", "%(n)d pairs", n) % {"n": n}

    games = match.rounds
    lines = [
        _(
            "A team match: team 1's %(first)s against team 2's %(second)s, %(games)s. "
            "Every pair meets every pair of the other team once."
        )
        % {
            "first": pairs(len(match.side1)),
            "second": pairs(len(match.side2)),
            "games": ngettext("%(n)d game", "%(n)d games", games) % {"n": games},
        }
    ]
    tables = len(match.stationary)
    if tables == 1:
        lines.append(
            _(
                "Team %(team)d stays at table 1; the pairs of the other team take turns "
                "there, one each game."
            )
            % {"team": match.stationary_side}
        )
    else:
        lines.append(
            _(
                "Team %(team)d stays at tables 1 to %(tables)d; the pairs of the other team "
                "move up one table each game, whoever wins."
            )
            % {"team": match.stationary_side, "tables": tables}
        )
    if match.sitouts:
        lines.append(
            ngettext(
                "Each game %(n)d pair of the larger team sits out; a sit-out counts as no "
                "game won.",
                "Each game %(n)d pairs of the larger team sit out; a sit-out counts as no "
                "game won.",
                match.sitouts,
            )
            % {"n": match.sitouts}
        )
    return lines


# --- Cards, audit ------------------------------------------------------------


@login_required
@require_GET
def pair_card(request, drive_id, number):
    drive = get_drive_for_user(request, drive_id, scorer_ok=True)
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
    return page(request, "drives/pair_card.html", ctx)


@login_required
@require_GET
def audit(request, drive_id):
    """The audit trail, newest first, 50 a page, filtered by game, table and pair."""
    drive = get_drive_for_user(request, drive_id)
    filters = {name: _filter_number(request.GET.get(name)) for name in ("game", "table", "pair")}
    entries = AuditEntry.objects.filter(drive=drive).select_related("actor")
    if filters["game"] is not None:
        entries = entries.filter(new__game=filters["game"])
    if filters["table"] is not None:
        entries = entries.filter(new__table=filters["table"])
    if (n := filters["pair"]) is not None:
        # Result entries name the winner; other entries say "pair 12" in their words.
        entries = entries.filter(
            Q(new__winner=n)
            | Q(old__winner=n)
            | Q(new__number=n)
            | Q(old__number=n)
            | Q(summary__iregex=rf"(^|[^0-9])pairs? {n}([^0-9]|$)")
        )
    paginator = Paginator(entries, AUDIT_PAGE)
    page_obj = paginator.get_page(request.GET.get("page"))
    query = {k: v for k, v in filters.items() if v is not None}
    ctx = {
        "drive": drive,
        "entries": page_obj.object_list,
        "page_obj": page_obj,
        "filters": filters,
        "query": urlencode(query),
        "games": range(1, (drive.current_game or 0) + 1),
    }
    return page(request, "drives/audit.html", ctx)


AUDIT_PAGE = 50


def _filter_number(raw: str | None) -> int | None:
    """A filter's number, or None for "all" (blank or not a plain number in range)."""
    raw = (raw or "").strip()
    if not raw.isascii() or not raw.isdigit() or len(raw) > 5:
        return None
    return int(raw)


# --- A new drive from a previous one ------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def drive_copy(request, drive_id):
    """Ask the new drive's name and date; everything else is copied from this one."""
    source = get_drive_for_user(request, drive_id)
    if request.method == "GET":
        form = DriveCopyForm(initial={"name": source.name, "date": timezone.localdate()})
    else:
        form = DriveCopyForm(request.POST)
    if request.method == "GET" or not form.is_valid():
        ctx = {"drive": source, "form": form, "planned": services.planned_games(source)}
        return page(request, "drives/drive_copy.html", ctx, 400 if form.is_bound else 200)
    drive = services.drive_copy(
        source=source,
        name=form.cleaned_data["name"],
        date=form.cleaned_data["date"],
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, "new drive from this one"),
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
    drive = get_drive_for_user(request, drive_id)
    source = drive.copied_from
    if source is None:
        raise DriveError(_("This drive was not made from an earlier one."), 404)
    form = ReregisterForm(request.POST)
    if not form.is_valid():
        raise DriveError(_("Tap a pair to add."), 400)
    if form.cleaned_data["numbers"] == "all":
        numbers = [p.number for p in services.pairs_to_reregister(drive, source)]
        if not numbers:
            raise DriveError(_("Every pair of last night is registered already."), 409)
    else:
        numbers = [form.cleaned_data["number"]]
    added = services.pairs_reregister(
        drive=drive,
        source=source,
        numbers=numbers,
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, "pairs"),
    )
    if len(added) > 1:
        messages.success(
            request,
            ngettext("%(n)d pair added.", "%(n)d pairs added.", len(added)) % {"n": len(added)},
        )
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
        return page(request, "drives/pairs.html", _pairs_context(drive))
    return redirect("drives:pairs", drive_id=drive.pk)


# --- Rules of the game ------------------------------------------------------


@login_required
@require_GET
def rules(request, drive_id):
    """The drive's game and options in plain words, with the card ranks for each trump."""
    drive = get_drive_for_user(request, drive_id, scorer_ok=True)
    ctx = {"drive": drive, "tab": "rules", **game_options.rules_context(drive)}
    return page(request, "drives/rules.html", ctx)
