"""The People page: the club's organizers and scorers. Organizers only.

Every view goes through _organizer or _get_member_for_user, which do the role
check (403) and the 404 for a person who is not in the organizer's club.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import logout, update_session_auth_hash
from django.contrib.auth.decorators import login_required
from django.contrib.auth.password_validation import password_validators_help_texts
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from clubs.interface import DriveError
from clubs.models import ApiToken, Membership
from clubs.views import (
    ORGANIZER,
    handle_drive_errors,
    membership_of,
    organizer_only,
    origin_of,
    page,
    posted,
)

from .. import throttle
from ..forms import MemberAddForm, PasswordForm, RoleForm
from ..services import people as accounts

TEMPLATE = "accounts/people.html"
SCREEN = "people"


def _organizer(request: HttpRequest) -> Membership:
    """The user's membership if they organize their club, else 403."""
    me = membership_of(request)
    organizer_only(me.role)
    return me


def _get_member_for_user(request: HttpRequest, user_id: int) -> tuple[Membership, Membership]:
    """(the organizer's membership, the member's) or 404 when the member is not in that club."""
    me = _organizer(request)
    member = Membership.objects.select_related("user").filter(club=me.club, user_id=user_id).first()
    if member is None:
        raise Http404(_("That person is not in your club."))
    return me, member


def _people_context(me: Membership, *, add_form=None, failed=None, removing=None) -> dict:
    """failed: (user_id, PasswordForm with errors) to show open under that person."""
    rows = []
    members = list(
        Membership.objects.filter(club=me.club)
        .select_related("user")
        .order_by("role", "user__username")
    )
    locked = throttle.lockouts((m.user.get_username() for m in members), timezone.now())
    for m in members:
        form = failed[1] if failed and failed[0] == m.user_id else PasswordForm()
        rows.append(
            {
                "m": m,
                "password_form": form,
                "open": form.is_bound,
                "me": m.pk == me.pk,
                "lockout": locked.get(m.user.get_username()),
            }
        )
    return {
        "club": me.club,
        "rows": rows,
        "organizers": sum(r["m"].role == ORGANIZER for r in rows),
        "add_form": add_form or MemberAddForm(),
        "password_rules": password_validators_help_texts(),
        "removing": removing,
    }


def _done(request: HttpRequest, me: Membership) -> HttpResponse:
    """After a change: the fresh page for htmx, else back to it (a reload does not repeat it)."""
    if request.htmx:
        return page(request, TEMPLATE, _people_context(me))
    return redirect("club:people")


def _leave(request: HttpRequest, to: str) -> HttpResponse:
    """The organizer changed their own account so the People page is no longer theirs."""
    url = reverse(to)
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def people(request):
    me = _organizer(request)
    form = MemberAddForm(posted(request))
    if request.method == "POST":
        if form.is_valid():
            try:
                member = accounts.member_add(
                    club=me.club,
                    actor=request.user,
                    now=timezone.now(),
                    origin=origin_of(request, SCREEN),
                    **form.cleaned_data,
                )
            except DriveError as e:
                form.add_error(None, e.message)
            else:
                name = member.user.get_username()
                if member.role == ORGANIZER:
                    messages.success(request, _("Organizer %(name)s added.") % {"name": name})
                else:
                    messages.success(request, _("Scorer %(name)s added.") % {"name": name})
                return _done(request, me)
        return page(request, TEMPLATE, _people_context(me, add_form=form), 400)
    return page(request, TEMPLATE, _people_context(me))


@login_required
@require_POST
@handle_drive_errors
def member_password(request, user_id):
    me, member = _get_member_for_user(request, user_id)
    form = PasswordForm(request.POST)
    if form.is_valid():
        # Only for the message: the service revokes them, under its lock.
        had_keys = ApiToken.objects.filter(user_id=member.user_id, revoked_at__isnull=True).exists()
        try:
            user = accounts.member_password_set(
                club=me.club,
                user_id=member.user_id,
                password=form.cleaned_data["password"],
                actor=request.user,
                now=timezone.now(),
                origin=origin_of(request, SCREEN),
            )
        except DriveError as e:
            if e.status != 400:
                raise
            form.add_error("password", e.message)
        else:
            if user.pk == request.user.pk:
                # A new password ends every session of the account, this one included.
                update_session_auth_hash(request, user)
            name = user.get_username()
            messages.success(request, _("Password for %(name)s changed.") % {"name": name})
            if had_keys:
                messages.info(
                    request,
                    _("The API keys of %(name)s were revoked with it: they no longer work.")
                    % {"name": name},
                )
            return _done(request, me)
    ctx = _people_context(me, failed=(member.user_id, form))
    return page(request, TEMPLATE, ctx, 400)


@login_required
@require_POST
@handle_drive_errors
def member_role(request, user_id):
    me, member = _get_member_for_user(request, user_id)
    form = RoleForm(request.POST)
    if not form.is_valid():
        raise DriveError(_("Choose organizer or scorer."), 400)
    role = form.cleaned_data["role"]
    accounts.member_role_set(
        club=me.club,
        user_id=member.user_id,
        role=role,
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, SCREEN),
    )
    name = member.user.get_username()
    if role == ORGANIZER:
        messages.success(request, _("%(name)s is now an organizer.") % {"name": name})
    else:
        messages.success(request, _("%(name)s is now a scorer.") % {"name": name})
    if member.pk == me.pk and role != ORGANIZER:
        return _leave(request, "drives:drive_list")
    return _done(request, me)


@login_required
@require_POST
@handle_drive_errors
def member_remove(request, user_id):
    """The first POST asks "are you sure?"; the one with confirm=yes removes."""
    me, member = _get_member_for_user(request, user_id)
    if request.POST.get("confirm") != "yes":
        return page(request, TEMPLATE, _people_context(me, removing=member))
    name = member.user.get_username()
    accounts.member_remove(
        club=me.club,
        user_id=member.user_id,
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, SCREEN),
    )
    if member.pk == me.pk:
        logout(request)
        return _leave(request, "login")
    messages.success(
        request, _("%(name)s removed: that account can no longer log in.") % {"name": name}
    )
    return _done(request, me)


@login_required
@require_POST
@handle_drive_errors
def member_unlock(request, user_id):
    """Let a person locked out by wrong passwords log in again at once."""
    me, member = _get_member_for_user(request, user_id)
    unlocked = accounts.member_unlock(
        club=me.club,
        user_id=member.user_id,
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, SCREEN),
    )
    name = member.user.get_username()
    if unlocked:
        messages.success(request, _("%(name)s can log in again.") % {"name": name})
    else:
        messages.info(request, _("%(name)s was not locked out.") % {"name": name})
    return _done(request, me)
