"""The logged-in person's own profile: their password and their API keys for the JSON API.

Organizers and scorers each make their own keys; a key acts with its person's
role. A key is shown once, in the answer to the POST that made it (it is never
stored, so there is nothing to redirect to). _get_token_for_user does the 404
for a key that is not the person's own.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth import update_session_auth_hash
from django.contrib.auth.decorators import login_required
from django.contrib.auth.password_validation import password_validators_help_texts
from django.http import Http404, HttpRequest
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods, require_POST

from clubs.interface import DriveError
from clubs.models import ApiToken
from clubs.views import handle_drive_errors, membership_of, origin_of, page, posted

from ..forms import OwnPasswordForm
from ..services import people as accounts
from ..services import tokens as api_tokens

TEMPLATE = "accounts/profile.html"
SCREEN = "profile"


class TokenForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Name of the new key"),
        max_length=api_tokens.NAME_MAX,
        help_text=gettext_lazy("Say where it is used, like “Scoreboard” or “League site”."),
    )


def _get_token_for_user(request: HttpRequest, token_id: int) -> ApiToken:
    """The person's own key, else 404 (another person's key is not there for them)."""
    membership_of(request)
    token = ApiToken.objects.filter(pk=token_id, user=request.user).first()
    if token is None:
        raise Http404(_("You have no such key."))
    return token


def _profile_context(request: HttpRequest, *, form=None, new=None, password_form=None) -> dict:
    tokens = list(ApiToken.objects.filter(user=request.user))
    return {
        "membership": membership_of(request),
        "tokens": tokens,
        "live_tokens": sum(t.revoked_at is None for t in tokens),
        "form": form or TokenForm(),
        "password_form": password_form or OwnPasswordForm(),
        "password_rules": password_validators_help_texts(),
        "new": new,
        "docs_url": reverse("api:openapi-view"),
        "api_url": request.build_absolute_uri(reverse("api:api-root")),
    }


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def profile(request):
    membership_of(request)
    form = TokenForm(posted(request))
    if request.method == "POST":
        if form.is_valid():
            try:
                new = api_tokens.token_create(
                    actor=request.user,
                    name=form.cleaned_data["name"],
                    now=timezone.now(),
                    origin=origin_of(request, SCREEN),
                )
            except DriveError as e:
                form.add_error("name", e.message)
            else:
                response = page(request, TEMPLATE, _profile_context(request, new=new))
                # The key is in this page only: no cache may keep a copy.
                patch_cache_control(response, no_store=True, private=True)
                return response
        return page(request, TEMPLATE, _profile_context(request, form=form), 400)
    return page(request, TEMPLATE, _profile_context(request))


@login_required
@require_POST
@handle_drive_errors
def token_revoke(request, token_id):
    token = _get_token_for_user(request, token_id)
    token = api_tokens.token_revoke(
        token=token, actor=request.user, now=timezone.now(), origin=origin_of(request, SCREEN)
    )
    messages.success(
        request, _("Key “%(name)s” revoked: it no longer works.") % {"name": token.name}
    )
    if request.htmx:
        return page(request, TEMPLATE, _profile_context(request))
    return redirect("club:profile")


@login_required
@require_POST
@handle_drive_errors
def tokens_revoke_all(request):
    """Every key of the person stops working at once (a key lost, a script retired)."""
    membership_of(request)
    revoked = api_tokens.tokens_revoke_all(
        actor=request.user, now=timezone.now(), origin=origin_of(request, SCREEN)
    )
    if revoked:
        messages.success(
            request,
            ngettext(
                "%(n)d key revoked: it no longer works.",
                "%(n)d keys revoked: they no longer work.",
                revoked,
            )
            % {"n": revoked},
        )
    else:
        messages.info(request, _("You had no working keys: nothing changed."))
    if request.htmx:
        return page(request, TEMPLATE, _profile_context(request))
    return redirect("club:profile")


@login_required
@require_POST
@handle_drive_errors
def password_change(request):
    """One's own new password: every other device is logged out, this one stays in."""
    membership = membership_of(request)
    form = OwnPasswordForm(request.POST)
    if form.is_valid():
        # Only for the message: the service revokes them, under its lock.
        had_keys = ApiToken.objects.filter(user=request.user, revoked_at__isnull=True).exists()
        try:
            user = accounts.password_change(
                user=request.user,
                club=membership.club,
                old_password=form.cleaned_data["old_password"],
                new_password=form.cleaned_data["new_password1"],
                now=timezone.now(),
                origin=origin_of(request, SCREEN),
            )
        except DriveError as e:
            form.add_error(None, e.message)
        else:
            update_session_auth_hash(request, user)
            messages.success(request, _("Your password was changed."))
            if had_keys:
                messages.info(
                    request, _("Your API keys were revoked with it: make new ones where needed.")
                )
            if request.htmx:
                return page(request, TEMPLATE, _profile_context(request))
            return redirect("club:profile")
    return page(request, TEMPLATE, _profile_context(request, password_form=form), 400)
