"""The club's player register: the list (search), add, change, remove and put back, merge two
entries and take it back, and a person's history. Organizers only.

Every view goes through _organizer or _get_player_for_user, which do the role check (403)
and the 404 for an entry that is not in the organizer's club.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.interface import DriveError, Player, active_players, register_of
from clubs.models import Membership
from clubs.views import handle_drive_errors, membership_of, organizer_only, origin_of, page, posted

from . import services
from .forms import PlayerForm
from .history import history

SCREEN = "player register"
# The longest list the register page shows at once; a search finds the others.
SHOWN = 200


def _organizer(request: HttpRequest) -> Membership:
    me = membership_of(request)
    organizer_only(me.role)
    return me


def _get_player_for_user(request: HttpRequest, player_id: int) -> tuple[Membership, Player]:
    me = _organizer(request)
    player = Player.objects.filter(club=me.club, pk=player_id).select_related("merged_into").first()
    if player is None:
        raise Http404(_("That player is not in your club's register."))
    return me, player


def _register_context(me: Membership, q: str = "", *, form=None) -> dict:
    q = (q or "")[: PlayerForm.base_fields["name"].max_length]
    if q.strip():
        found = register_of(me.club).suggest(q, limit=SHOWN)
        by_id = active_players(me.club).in_bulk([c.id for c in found])
        players = [by_id[c.id] for c in found if c.id in by_id]
    else:
        players = list(active_players(me.club).order_by("match_key", "id")[:SHOWN])
    removed = Player.objects.filter(
        club=me.club, removed_at__isnull=False, merged_into__isnull=True
    ).order_by("-removed_at", "-id")[:10]
    return {
        "club": me.club,
        "q": q,
        "players": players,
        "total": active_players(me.club).count(),
        "removed": removed,
        "form": form or PlayerForm(),
        "shown": SHOWN,
    }


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def register(request):
    """The list with its search box (GET ?q=), and the form that adds a player (POST)."""
    me = _organizer(request)
    if request.method == "GET":
        ctx = _register_context(me, request.GET.get("q", ""))
        if request.htmx and request.htmx.target == "register-list":
            return render(request, "players/register.html#register-list", ctx)
        return page(request, "players/register.html", ctx)
    form = PlayerForm(posted(request))
    if form.is_valid():
        try:
            player = services.player_add(
                club=me.club,
                actor=request.user,
                now=timezone.now(),
                origin=origin_of(request, SCREEN),
                **form.cleaned_data,
            )
        except DriveError as e:
            form.add_error(None, e.message)
        else:
            messages.success(request, _("%(name)s added.") % {"name": player.name})
            if request.htmx:
                return page(request, "players/register.html", _register_context(me))
            return redirect("players:register")
    return page(request, "players/register.html", _register_context(me, form=form), 400)


def _player_context(me: Membership, player: Player, *, form=None, q: str = "") -> dict:
    """q: the name of another entry to merge, searched; else the entries like this one."""
    register = register_of(me.club)
    q = (q or "")[: PlayerForm.base_fields["name"].max_length]
    if q.strip():
        found = register.suggest(q, limit=6)
    else:
        found = register.match(player.name, limit=6).candidates
    same = [c for c in found if c.id != player.pk]
    return {
        "club": me.club,
        "player": player,
        "history": history(player),
        "form": form
        or PlayerForm(
            initial={
                "name": player.name,
                "phone": player.phone,
                "email": player.email,
                "notes": player.notes,
            }
        ),
        "alike": same[:5] if player.is_active else [],
        "merged_entries": list(player.merged_entries.all().order_by("match_key", "id")),
        "merge_q": q,
    }


@login_required
@require_GET
def player(request, player_id):
    """A person's history: nights, games won, places and prizes; their entry's changes."""
    me, p = _get_player_for_user(request, player_id)
    ctx = _player_context(me, p, q=request.GET.get("q", ""))
    return page(request, "players/player.html", ctx)


@login_required
@require_POST
@handle_drive_errors
def player_edit(request, player_id):
    me, p = _get_player_for_user(request, player_id)
    form = PlayerForm(request.POST)
    if form.is_valid():
        try:
            p = services.player_update(
                player=p,
                actor=request.user,
                now=timezone.now(),
                origin=origin_of(request, SCREEN),
                **form.cleaned_data,
            )
        except DriveError as e:
            if e.status != 400:
                raise
            form.add_error(None, e.message)
        else:
            messages.success(request, _("%(name)s saved.") % {"name": p.name})
            if request.htmx:
                return page(request, "players/player.html", _player_context(me, p))
            return redirect("players:player", player_id=p.pk)
    return page(request, "players/player.html", _player_context(me, p, form=form), 400)


def _back_to_register(request: HttpRequest, me: Membership) -> HttpResponse:
    if request.htmx:
        return page(request, "players/register.html", _register_context(me))
    return redirect("players:register")


@login_required
@require_POST
@handle_drive_errors
def player_remove(request, player_id):
    me, p = _get_player_for_user(request, player_id)
    services.player_remove(
        player=p, actor=request.user, now=timezone.now(), origin=origin_of(request, SCREEN)
    )
    messages.success(
        request,
        _("%(name)s removed from the register; the nights played keep the name.")
        % {"name": p.name},
    )
    return _back_to_register(request, me)


@login_required
@require_POST
@handle_drive_errors
def player_restore(request, player_id):
    me, p = _get_player_for_user(request, player_id)
    services.player_restore(
        player=p, actor=request.user, now=timezone.now(), origin=origin_of(request, SCREEN)
    )
    messages.success(request, _("%(name)s is back in the register.") % {"name": p.name})
    return _back_to_register(request, me)


def _parse_id(raw: str | None) -> int:
    if not raw or not raw.isascii() or not raw.isdigit() or len(raw) > 18:
        raise DriveError(_("Choose the entry to merge into this one."), 400)
    return int(raw)


@login_required
@require_POST
@handle_drive_errors
def player_merge(request, player_id):
    """Merge another entry (POST other=<id>) into this one: one person, one entry."""
    me, keep = _get_player_for_user(request, player_id)
    other = Player.objects.filter(club=me.club, pk=_parse_id(request.POST.get("other"))).first()
    if other is None:
        raise DriveError(_("That entry is not in your club's register."), 404)
    services.players_merge(
        keep=keep,
        merged=other,
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, SCREEN),
    )
    messages.success(
        request, _("%(merged)s merged into %(keep)s.") % {"merged": other.name, "keep": keep.name}
    )
    keep.refresh_from_db()
    if request.htmx:
        return page(request, "players/player.html", _player_context(me, keep))
    return redirect("players:player", player_id=keep.pk)


@login_required
@require_POST
@handle_drive_errors
def player_unmerge(request, player_id):
    """Take back the merge of this entry (merged into another): two entries again."""
    me, merged = _get_player_for_user(request, player_id)
    keep = merged.merged_into
    services.players_unmerge(
        merged=merged, actor=request.user, now=timezone.now(), origin=origin_of(request, SCREEN)
    )
    messages.success(
        request,
        _("Merge taken back: %(merged)s is an entry of its own again.") % {"merged": merged.name},
    )
    target = keep if keep is not None else merged
    target.refresh_from_db()
    if request.htmx:
        return page(request, "players/player.html", _player_context(me, target))
    return redirect("players:player", player_id=target.pk)
