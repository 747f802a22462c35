"""The club's accounts: add a person, set a password, change a role, remove.

Like services.py, each function is one transaction and writes one audit
entry (never a password). A DriveError is for the organizer.

The club always keeps an organizer: the club's membership rows are locked
before that rule is checked, so two organizers demoting or removing each
other at the same moment cannot leave the club with none.
"""

from __future__ import annotations

from datetime import datetime

from axes.utils import reset as axes_reset
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.password_validation import validate_password
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs.interface import FRONT, DriveError, Origin, TextError, clean_name, record_audit
from clubs.models import Club, Membership
from scoring.words import gettext_noop, ngettext_noop

from .sessions import sessions_end
from .tokens import keys_ended, tokens_end

ORGANIZER = Membership.Role.ORGANIZER
SCORER = Membership.Role.SCORER
USERNAME_MAX = 150


def _check_role(role: str) -> str:
    if role not in Membership.Role.values:
        raise DriveError(_("Choose organizer or scorer."), 400)
    return role


def _clean_username(raw: str) -> str:
    username = (raw or "").strip()
    if not username:
        raise DriveError(_("Type a username."), 400)
    if len(username) > USERNAME_MAX:
        raise DriveError(_("A username has at most 150 letters."), 400)
    try:
        UnicodeUsernameValidator()(username)
        # Letters that draw nothing (the Hangul filler) pass the validator: one login
        # name must not look blank on the People page and in the audit.
        clean_name(username, max_length=USERNAME_MAX, what=_("A username"))
    except ValidationError as e:
        raise DriveError(" ".join(e.messages), 400) from e
    except TextError as e:
        raise DriveError(e.message, 400) from e
    return username


def _check_password(password: str, user: AbstractBaseUser) -> None:
    try:
        validate_password(password, user=user)
    except ValidationError as e:
        raise DriveError(" ".join(e.messages), 400) from e


def _locked_members(club: Club) -> list[Membership]:
    """Every membership of the club, locked, so the last-organizer rule sees settled rows."""
    return list(
        Membership.objects.select_for_update()
        .select_related("user")
        .filter(club=club)
        .order_by("pk")
    )


def _member_in(members: list[Membership], user_id: int) -> Membership:
    for m in members:
        if m.user_id == user_id:
            return m
    raise DriveError(_("That person is not in your club."), 404)


def _keeps_an_organizer(members: list[Membership], leaving: Membership) -> None:
    if leaving.role != ORGANIZER:
        return
    if not any(m.role == ORGANIZER and m.pk != leaving.pk for m in members):
        raise DriveError(
            _(
                "%(name)s is the club's only organizer. Make someone else an organizer first: "
                "the club always needs one."
            )
            % {"name": leaving.user.get_username()},
            409,
        )


def _who(m: Membership) -> dict:
    return {"username": m.user.get_username(), "role": m.role}


def account_new(*, username: str, password: str) -> AbstractBaseUser:
    """A new login with its password, inside the caller's transaction and audit entry (a
    club's new person, a new club's first organizer): the username cleaned and free whatever
    its case, the password by the site's rules (AUTH_PASSWORD_VALIDATORS)."""
    user_model = get_user_model()
    username = _clean_username(username)
    # Case-blind: "Mary" and "mary" on one tablet's login screen would be a trap.
    if user_model.objects.filter(username__iexact=username).exists():
        raise DriveError(
            _("The username %(name)s is taken. Choose another one.") % {"name": username},
            400,
        )
    _check_password(password, user_model(username=username))
    try:
        with transaction.atomic():
            return user_model.objects.create_user(username=username, password=password)
    except IntegrityError as e:  # someone added the same name a moment ago
        raise DriveError(
            _("The username %(name)s is taken. Choose another one.") % {"name": username},
            400,
        ) from e


def member_add(
    *,
    club: Club,
    username: str,
    password: str,
    role: str,
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> Membership:
    """A new login for the club with the password the organizer typed."""
    role = _check_role(role)
    with transaction.atomic():
        user = account_new(username=username, password=password)
        username = user.get_username()
        member = Membership.objects.create(club=club, user=user, role=role)
        summary = (
            gettext_noop("Organizer account '%(name)s' added")
            if role == ORGANIZER
            else gettext_noop("Scorer account '%(name)s' added")
        )
        record_audit(
            club=club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="member_add",
            summary=summary % {"name": username},
            new=_who(member),
        )
    return member


def password_change(
    *,
    user: AbstractBaseUser,
    club: Club,
    old_password: str,
    new_password: str,
    now: datetime,
    origin: Origin = FRONT,
) -> AbstractBaseUser:
    """A person's new password for their own account, given their old one.

    Every session of the account ends (the view keeps the device it was changed on), and
    every API key of theirs is revoked.
    """
    with transaction.atomic():
        if not user.check_password(old_password):
            raise DriveError(
                _("Your old password was entered incorrectly. Please enter it again."), 400
            )
        _check_password(new_password, user)
        ended = tokens_end(user=user, now=now)
        user.set_password(new_password)
        user.save(update_fields=["password"])
        name = user.get_username()
        summary = (
            ngettext_noop(
                "'%(name)s' changed their password; their %(n)d API key was revoked",
                "'%(name)s' changed their password; their %(n)d API keys were revoked",
                len(ended),
            )
            if ended
            else gettext_noop("'%(name)s' changed their password")
        )
        record_audit(
            club=club,
            drive=None,
            actor=user,
            now=now,
            origin=origin,
            action="password_change",
            summary=summary % ({"name": name, "n": len(ended)} if ended else {"name": name}),
            new=_password_news(name, ended),
        )
    return user


def _password_news(username: str, ended) -> dict:
    """A new password's audit values: whose, and the keys it revoked (when it revoked any)."""
    news = {"username": username}
    if ended:
        news["api_keys_revoked"] = keys_ended(ended)
    return news


def member_unlock(
    *,
    club: Club,
    user_id: int,
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> bool:
    """Let a member locked out by wrong passwords log in again. False: they were not locked."""
    with transaction.atomic():
        member = _member_in(_locked_members(club), user_id)
        username = member.user.get_username()
        if not axes_reset(username=username):
            return False
        record_audit(
            club=club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="member_unlock",
            summary=gettext_noop("Login of '%(name)s' unlocked") % {"name": username},
            new={"username": username},
        )
    return True


def member_password_set(
    *,
    club: Club,
    user_id: int,
    password: str,
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> AbstractBaseUser:
    """A new password for a member of the club: their old one, their sessions and their API
    keys stop working."""
    with transaction.atomic():
        member = _member_in(_locked_members(club), user_id)
        user = member.user
        _check_password(password, user)
        ended = tokens_end(user=user, now=now)
        user.set_password(password)
        user.save(update_fields=["password"])
        name = user.get_username()
        summary = (
            ngettext_noop(
                "Password for '%(name)s' changed; their %(n)d API key was revoked",
                "Password for '%(name)s' changed; their %(n)d API keys were revoked",
                len(ended),
            )
            if ended
            else gettext_noop("Password for '%(name)s' changed")
        )
        record_audit(
            club=club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="member_password_set",
            summary=summary % ({"name": name, "n": len(ended)} if ended else {"name": name}),
            new=_password_news(name, ended),
        )
    return user


def member_role_set(
    *,
    club: Club,
    user_id: int,
    role: str,
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> Membership:
    """Make a member an organizer or a scorer; the last organizer stays one."""
    role = _check_role(role)
    with transaction.atomic():
        members = _locked_members(club)
        member = _member_in(members, user_id)
        if member.role == role:
            return member
        if role != ORGANIZER:
            _keeps_an_organizer(members, member)
        old = _who(member)
        member.role = role
        member.save(update_fields=["role"])
        summary = (
            gettext_noop("'%(name)s' is now an organizer")
            if role == ORGANIZER
            else gettext_noop("'%(name)s' is now a scorer")
        )
        record_audit(
            club=club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="member_role_set",
            summary=summary % {"name": old["username"]},
            old=old,
            new=_who(member),
        )
    return member


def member_remove(
    *,
    club: Club,
    user_id: int,
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> None:
    """Take a person off the club: the login stops working, their history stays.

    The account is deactivated rather than deleted, so the audit trail still
    names who entered each result.
    """
    with transaction.atomic():
        members = _locked_members(club)
        member = _member_in(members, user_id)
        _keeps_an_organizer(members, member)
        old = _who(member)
        user = member.user
        member.delete()
        user.is_active = False
        user.save(update_fields=["is_active"])
        sessions_end(user_id=user.pk)
        summary = (
            gettext_noop("Organizer account '%(name)s' removed")
            if old["role"] == ORGANIZER
            else gettext_noop("Scorer account '%(name)s' removed")
        )
        record_audit(
            club=club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="member_remove",
            summary=summary % {"name": old["username"]},
            old=old,
        )
