"""The site administrator's writers: a new club with its first organizer, a suspension and
a restore, each one transaction and one audit entry in the club; a refusal writes nothing."""

from __future__ import annotations

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.db import IntegrityError, transaction

from clubs.interface import DriveError
from clubs.models import AuditEntry, Club, Membership
from siteadmin import services
from tests.builders import NOW, make_club, make_user
from tests.builders.server import PASSWORD, make_site_admin, new_club

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin():
    return make_site_admin()


def rows() -> tuple:
    return (
        Club.objects.count(),
        get_user_model().objects.count(),
        Membership.objects.count(),
        AuditEntry.objects.count(),
    )


def test_a_new_club_comes_with_its_organizer_and_one_audit_entry(admin):
    member = new_club(admin, "Salle paroissiale Saint-Joseph", "marie", language="fr")
    club = member.club
    assert (club.name, club.language, club.is_suspended) == (
        "Salle paroissiale Saint-Joseph",
        "fr",
        False,
    )
    assert member.role == Membership.Role.ORGANIZER and member.user.username == "marie"
    assert authenticate(username="marie", password=PASSWORD) == member.user
    assert not member.user.is_superuser and not member.user.is_staff
    (entry,) = AuditEntry.objects.filter(club=club)
    assert (entry.action, entry.actor, entry.drive) == ("club_create", admin, None)
    assert entry.summary == "Club 'Salle paroissiale Saint-Joseph' made, with its organizer 'marie'"
    assert entry.new == {"name": club.name, "language": "fr", "organizer": "marie"}


def test_two_halls_may_share_a_name(admin):
    new_club(admin, "St. Joseph's", "joe-north")
    new_club(admin, "St. Joseph's", "joe-south")
    assert Club.objects.filter(name="St. Joseph's").count() == 2


@pytest.mark.parametrize(
    ("name", "language", "username", "password", "words"),
    [
        ("", "en", "mary", PASSWORD, "The club's name is blank."),
        ("\u200b", "en", "mary", PASSWORD, "The club's name has no letters you can see."),
        ("Hall", "de", "mary", PASSWORD, "Choose English or French."),
        ("Hall", "en", "", PASSWORD, "Type a username."),
        ("Hall", "en", "mary smith!", PASSWORD, "Enter a valid username."),
        ("Hall", "en", "ORGANIZER", PASSWORD, "The username ORGANIZER is taken."),
        ("Hall", "en", "mary", "password", "This password is too common."),
        ("Hall", "en", "mary", "mary1234567", "This password is made from the username"),
    ],
)
def test_a_new_club_refused_writes_nothing(admin, name, language, username, password, words):
    make_user(make_club("Legion Branch 12"))  # "organizer" is taken on this server
    before = rows()
    with pytest.raises(DriveError) as refused:
        services.club_create(
            name=name,
            language=language,
            username=username,
            password=password,
            actor=admin,
            now=NOW,
        )
    assert refused.value.status == 400
    assert words in refused.value.message
    assert rows() == before


def test_a_suspension_keeps_the_reason_and_a_restore_clears_it(admin):
    club = new_club(admin, "Legion Branch 12", "legion").club
    services.club_suspend(club=club, reason="  Dues unpaid since June ", actor=admin, now=NOW)
    club.refresh_from_db()
    assert (club.suspended_at, club.suspended_reason) == (NOW, "Dues unpaid since June")
    services.club_restore(club=club, actor=admin, now=NOW)
    club.refresh_from_db()
    assert (club.suspended_at, club.suspended_reason) == (None, "")
    trail = list(AuditEntry.objects.filter(club=club).order_by("id").values_list("action", "new"))
    assert trail == [
        ("club_create", {"name": "Legion Branch 12", "language": "en", "organizer": "legion"}),
        ("club_suspend", {"suspended": True, "reason": "Dues unpaid since June"}),
        ("club_restore", {"suspended": False}),
    ]
    restore = AuditEntry.objects.get(club=club, action="club_restore")
    assert restore.old == {"suspended": True, "reason": "Dues unpaid since June"}
    assert restore.actor == admin


def test_a_suspension_says_why(admin):
    club = new_club(admin, "Legion Branch 12", "legion").club
    before = rows()
    with pytest.raises(DriveError, match="The reason is blank."):
        services.club_suspend(club=club, reason="   ", actor=admin, now=NOW)
    with pytest.raises(DriveError, match="longer than 300 characters"):
        services.club_suspend(club=club, reason="x" * 301, actor=admin, now=NOW)
    assert rows() == before
    club.refresh_from_db()
    assert not club.is_suspended


def test_suspending_twice_or_restoring_a_club_in_use_is_refused(admin):
    club = new_club(admin, "Legion Branch 12", "legion").club
    with pytest.raises(DriveError, match="is not suspended") as refused:
        services.club_restore(club=club, actor=admin, now=NOW)
    assert refused.value.status == 409
    services.club_suspend(club=club, reason="Dues", actor=admin, now=NOW)
    before = rows()
    with pytest.raises(DriveError, match="is already suspended") as refused:
        services.club_suspend(club=club, reason="Again", actor=admin, now=NOW)
    assert refused.value.status == 409
    assert rows() == before
    club.refresh_from_db()
    assert club.suspended_reason == "Dues"


def test_the_database_keeps_a_suspension_and_its_reason_together(admin):
    club = new_club(admin, "Legion Branch 12", "legion").club
    with pytest.raises(IntegrityError), transaction.atomic():
        Club.objects.filter(pk=club.pk).update(suspended_at=NOW)
    with pytest.raises(IntegrityError), transaction.atomic():
        Club.objects.filter(pk=club.pk).update(suspended_reason="Dues")


def test_a_first_password_reads_out_plainly():
    passwords = {services.new_password() for _ in range(200)}
    assert len(passwords) == 200
    for password in passwords:
        assert len(password) == 14 and password.count("-") == 2
        assert not set(password) & set("0o1liI")
