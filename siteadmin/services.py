"""The association's site administrator's writers: a new club with its first organizer, a
club suspended and restored.

Each is one transaction and one audit entry, in the club it is about (the club's own trail
shows who made, suspended or restored it). A DriveError is for the site administrator.
"""

from __future__ import annotations

import secrets
from datetime import datetime

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.interface import account_new
from clubs.interface import FRONT, DriveError, Origin, TextError, clean_name, record_audit
from clubs.models import Club, Membership
from scoring.words import gettext_noop

REASON_MAX = Club._meta.get_field("suspended_reason").max_length
NAME_MAX = Club._meta.get_field("name").max_length


# No 0/o, 1/l/i: a first password is read out on the telephone or copied from paper.
PASSWORD_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"


def new_password() -> str:
    """A first password to read out or write down: three groups of four letters and digits
    drawn at random (some 59 bits), e.g. "k7mq-x3fd-9hwp"."""
    letters = [secrets.choice(PASSWORD_LETTERS) for _ in range(12)]
    return "-".join("".join(letters[i : i + 4]) for i in range(0, 12, 4))


def _club_name(raw: str) -> str:
    try:
        return clean_name(raw, max_length=NAME_MAX, what=_("The club's name"))
    except TextError as e:
        raise DriveError(e.message, 400) from e


def _language(raw: str) -> str:
    if raw not in dict(settings.LANGUAGES):
        raise DriveError(_("Choose English or French."), 400)
    return raw


def club_create(
    *,
    name: str,
    language: str,
    username: str,
    password: str,
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> Membership:
    """A new club and its first organizer (a login of their own, the password given), in
    one transaction with one audit entry in the new club. Two clubs may share a name (two
    halls called St. Joseph's); a username is the whole server's."""
    name = _club_name(name)
    language = _language(language)
    with transaction.atomic():
        club = Club.objects.create(name=name, language=language)
        user = account_new(username=username, password=password)
        member = Membership.objects.create(club=club, user=user, role=Membership.Role.ORGANIZER)
        record_audit(
            club=club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="club_create",
            summary=gettext_noop("Club '%(club)s' made, with its organizer '%(name)s'")
            % {"club": name, "name": user.get_username()},
            new={"name": name, "language": language, "organizer": user.get_username()},
        )
    return member


def _reason(raw: str) -> str:
    try:
        return clean_name(raw, max_length=REASON_MAX, what=_("The reason"))
    except TextError as e:
        raise DriveError(e.message, 400) from e


def _locked(club: Club) -> Club:
    found = Club.objects.select_for_update().filter(pk=club.pk).first()
    if found is None:
        raise DriveError(_("There is no such club."), 404)
    return found


def club_suspend(*, club: Club, reason: str, actor, now: datetime, origin: Origin = FRONT) -> Club:
    """Suspend a club: every row of it kept, its members, keys, cards and public screens
    refused with the reason until it is restored."""
    reason = _reason(reason)
    with transaction.atomic():
        club = _locked(club)
        if club.suspended_at is not None:
            raise DriveError(_("%(club)s is already suspended.") % {"club": club.name}, 409)
        club.suspended_at, club.suspended_reason = now, reason
        club.save(update_fields=["suspended_at", "suspended_reason"])
        record_audit(
            club=club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="club_suspend",
            summary=gettext_noop("Club suspended: %(reason)s") % {"reason": reason},
            old={"suspended": False},
            new={"suspended": True, "reason": reason},
        )
    return club


def club_restore(*, club: Club, actor, now: datetime, origin: Origin = FRONT) -> Club:
    """A suspended club back in use, as it was: its people, keys and cards work again."""
    with transaction.atomic():
        club = _locked(club)
        if club.suspended_at is None:
            raise DriveError(_("%(club)s is not suspended.") % {"club": club.name}, 409)
        reason = club.suspended_reason
        club.suspended_at, club.suspended_reason = None, ""
        club.save(update_fields=["suspended_at", "suspended_reason"])
        record_audit(
            club=club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="club_restore",
            summary=gettext_noop("Club restored (it was suspended: %(reason)s)")
            % {"reason": reason},
            old={"suspended": True, "reason": reason},
            new={"suspended": False},
        )
    return club
