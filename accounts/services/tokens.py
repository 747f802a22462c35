"""Keys for the JSON API: made on a person's profile page, shown once, kept as a hash.

A key acts as the person who made it, with their role in their club (an
organizer's key may do what the organizer may; a scorer's what a scorer may).
Like services.py, each change is one transaction with one audit entry (the
key itself is never written anywhere). A key ends with its person's password:
a new password revokes every key of theirs (tokens_end, inside the password's
own transaction and audit entry).
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from clubs.interface import FRONT, DriveError, Origin, TextError, clean_text, record_audit
from clubs.models import ApiToken, Membership
from scoring.words import gettext_noop, ngettext_noop

KEY_START = "cd_"
# Shown on the profile page so a person can tell their keys apart; too short to guess with.
PREFIX_LENGTH = 8
NAME_MAX = 80
# A person rarely needs more: one per scoreboard or script.
MAX_ACTIVE = 20
# last_used_at is refreshed at most this often, so reads do not each write a row.
TOUCH_EVERY = timedelta(minutes=1)


@dataclass(frozen=True)
class NewToken:
    """A key just made: `key` exists only here, to be shown once."""

    token: ApiToken
    key: str


def digest_of(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def _club_of(user):
    m = Membership.objects.select_related("club").filter(user=user).first()
    if m is None:
        raise DriveError(_("This account does not belong to a club."), 403)
    return m.club


def _clean_token_name(raw: str) -> str:
    try:
        name = clean_text(raw, what=_("A key's name"))
    except TextError as e:
        raise DriveError(e.message) from None
    if not name:
        raise DriveError(_("Give the key a name, like “Scoreboard”."))
    if len(name) > NAME_MAX:
        raise DriveError(_("A key's name can be at most %(max)d characters.") % {"max": NAME_MAX})
    return name


def token_create(*, actor, name: str, now: datetime, origin: Origin = FRONT) -> NewToken:
    """A new key for the actor's own use; only its sha256 and first characters are stored."""
    club = _club_of(actor)
    name = _clean_token_name(name)
    with transaction.atomic():
        active = ApiToken.objects.select_for_update().filter(user=actor, revoked_at__isnull=True)
        if len(active) >= MAX_ACTIVE:
            raise DriveError(
                _("You have %(n)d keys already: revoke one you no longer use first.")
                % {"n": MAX_ACTIVE},
                409,
            )
        key = KEY_START + secrets.token_urlsafe(32)
        token = ApiToken.objects.create(
            user=actor,
            name=name,
            prefix=key[:PREFIX_LENGTH],
            digest=digest_of(key),
            created_at=now,
        )
        record_audit(
            club=club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="token_create",
            summary=gettext_noop("API key “%(name)s” (%(prefix)s…) made for %(user)s")
            % {"name": name, "prefix": token.prefix, "user": actor.get_username()},
            new={"id": token.pk, "name": name, "prefix": token.prefix},
        )
    return NewToken(token=token, key=key)


def token_revoke(*, token: ApiToken, actor, now: datetime, origin: Origin = FRONT) -> ApiToken:
    """Stop a key working at once. Revoking a revoked key changes nothing."""
    club = _club_of(actor)
    with transaction.atomic():
        token = ApiToken.objects.select_for_update().filter(pk=token.pk, user=actor).first()
        if token is None:
            raise DriveError(_("You have no such key."), 404)
        if token.revoked_at is not None:
            return token
        token.revoked_at = now
        token.save(update_fields=["revoked_at"])
        record_audit(
            club=club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="token_revoke",
            summary=gettext_noop("API key “%(name)s” (%(prefix)s…) of %(user)s revoked")
            % {"name": token.name, "prefix": token.prefix, "user": actor.get_username()},
            old={"id": token.pk, "name": token.name, "prefix": token.prefix},
        )
    return token


def tokens_end(*, user, now: datetime) -> list[ApiToken]:
    """Revoke every live key of the person; the keys revoked.

    Part of a change audited where it happens (a new password), so it writes no entry of
    its own; call it inside that change's transaction.
    """
    # Its own atomic block too, for `changepassword` and the admin (accounts.signals), which
    # save a password outside any transaction of ours.
    with transaction.atomic():
        live = list(ApiToken.objects.select_for_update().filter(user=user, revoked_at__isnull=True))
        if live:
            ApiToken.objects.filter(pk__in=[t.pk for t in live]).update(revoked_at=now)
    return live


def keys_ended(tokens: list[ApiToken]) -> list[dict]:
    """What an audit entry keeps of the keys a change revoked (never the key itself)."""
    return [{"id": t.pk, "name": t.name, "prefix": t.prefix} for t in tokens]


def tokens_revoke_all(*, actor, now: datetime, origin: Origin = FRONT) -> int:
    """Stop every key of the actor at once; how many were still working (0 writes nothing)."""
    club = _club_of(actor)
    with transaction.atomic():
        ended = tokens_end(user=actor, now=now)
        if not ended:
            return 0
        record_audit(
            club=club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="tokens_revoke_all",
            summary=ngettext_noop(
                "%(n)d API key of %(user)s revoked (all of them)",
                "%(n)d API keys of %(user)s revoked (all of them)",
                len(ended),
            )
            % {"n": len(ended), "user": actor.get_username()},
            old={"keys": keys_ended(ended)},
        )
    return len(ended)


def token_authenticate(key: str, *, now: datetime) -> ApiToken | None:
    """The live key this is (with its user and, as club_suspended_at and
    club_suspended_reason, its club's suspension), or None: unknown, revoked, or its person
    removed."""
    if not key or not key.startswith(KEY_START) or len(key) > 200:
        return None
    # With the club of the key's person (one club an account: a unique membership), so the
    # API refuses a suspended club's key in the same statement.
    token = (
        ApiToken.objects.select_related("user")
        .filter(digest=digest_of(key), revoked_at__isnull=True)
        .annotate(
            club_suspended_at=F("user__memberships__club__suspended_at"),
            club_suspended_reason=F("user__memberships__club__suspended_reason"),
        )
        .first()
    )
    if token is None or not token.user.is_active:
        return None
    if token.last_used_at is None or now - token.last_used_at >= TOUCH_EVERY:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
    return token


def token_refusal(key: str) -> str:
    """Plain words for a key token_authenticate did not take: why it does not work."""
    token = None
    if key and key.startswith(KEY_START) and len(key) <= 200:
        token = ApiToken.objects.select_related("user").filter(digest=digest_of(key)).first()
    if token is None:
        return _("That key is not known here. Make one on your profile page.")
    if token.revoked_at is not None:
        return _(
            "This key was revoked, so it no longer works: a key ends when it is revoked on "
            "its person's profile page or when their password changes. Make a new one there."
        )
    return _("This key's person was removed from the club, so it no longer works.")
