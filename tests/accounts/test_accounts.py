"""drives/accounts.py: the club's logins (add, password, role, remove).

Each change is one transaction with one audit entry and never a password in
it; a refusal is a DriveError with a 4xx and leaves every row as it was. The
club always keeps an organizer.
"""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import authenticate, get_user_model

from accounts.services import people as accounts
from clubs.interface import DriveError, Origin
from clubs.models import AuditEntry, Membership
from drives.models import TableGame
from tests.builders import NOW, make_club, make_user, row_counts, started_drive

pytestmark = pytest.mark.django_db

GOOD = "hall-password-1"
ORIGIN = Origin(source="front: people", device="127.0.0.1 tablet")


def everything() -> dict:
    """row_counts() plus the accounts: who exists, their role, login and password."""
    users = get_user_model().objects.order_by("pk")
    return {
        **row_counts(),
        "users": [(u.username, u.is_active, u.password) for u in users],
        "members": sorted(Membership.objects.values_list("club_id", "user_id", "role")),
    }


def refused(call, match: str, status: int) -> DriveError:
    before = everything()
    with pytest.raises(DriveError, match=match) as caught:
        call()
    assert caught.value.status == status
    assert everything() == before
    return caught.value


def audit(action: str) -> list[AuditEntry]:
    return list(AuditEntry.objects.filter(action=action).order_by("id"))


def no_password_in(entry: AuditEntry, password: str) -> bool:
    stored = json.dumps([entry.summary, entry.old, entry.new, entry.source, entry.device])
    return password not in stored


def add(club, actor, username="mary", password=GOOD, role="scorer"):
    return accounts.member_add(
        club=club,
        username=username,
        password=password,
        role=role,
        actor=actor,
        now=NOW,
        origin=ORIGIN,
    )


# --- member_add ------------------------------------------------------------------


def test_a_scorer_added_can_log_in_with_the_typed_password(club, organizer):
    member = add(club, organizer)
    assert (member.club, member.role) == (club, "scorer")
    assert authenticate(username="mary", password=GOOD) == member.user
    [entry] = audit("member_add")
    assert entry.summary == "Scorer account 'mary' added"
    assert (entry.club, entry.drive, entry.actor, entry.at) == (club, None, organizer, NOW)
    assert (entry.source, entry.device) == ("front: people", "127.0.0.1 tablet")
    assert entry.new == {"username": "mary", "role": "scorer"}
    assert no_password_in(entry, GOOD)
    assert AuditEntry.objects.count() == 1


def test_an_organizer_can_be_added_too(club, organizer):
    add(club, organizer, username="joan", role="organizer")
    assert Membership.objects.get(user__username="joan").role == "organizer"
    assert audit("member_add")[0].summary == "Organizer account 'joan' added"


@pytest.mark.parametrize("taken", ["mary", "Mary", " MARY "])
def test_a_username_already_taken_is_refused_whatever_its_case(club, organizer, taken):
    add(club, organizer)
    refused(lambda: add(club, organizer, username=taken), "username .* is taken", 400)


def test_a_username_of_another_club_is_taken_too(club, organizer):
    make_user(make_club("Legion Branch 12"), username="mary")
    refused(lambda: add(club, organizer), "username mary is taken", 400)


@pytest.mark.parametrize("username", ["", "   ", "mary jane", "x" * 151])
def test_a_username_that_cannot_log_in_is_refused(club, organizer, username):
    refused(lambda: add(club, organizer, username=username), ".", 400)


def test_a_weak_password_is_refused_with_djangos_reason(club, organizer):
    e = refused(lambda: add(club, organizer, password="short"), "too short", 400)
    assert "at least 8 characters" in e.message


def test_an_unknown_role_is_refused(club, organizer):
    refused(lambda: add(club, organizer, role="treasurer"), "organizer or scorer", 400)


# Django's standard validators: common, all-digit, and like the username.
WEAK = [
    ("mary", "12345678", "This password is too common."),
    ("mary", "password", "This password is too common."),
    ("mary", "90125734", "This password is entirely numeric."),
    ("front-table", "front-table", "The password is too similar to the username."),
]


@pytest.mark.parametrize(("username", "password", "reason"), WEAK)
def test_a_common_numeric_or_username_password_is_refused(
    club, organizer, username, password, reason
):
    e = refused(lambda: add(club, organizer, username=username, password=password), ".", 400)
    assert reason in e.message


# --- member_password_set ---------------------------------------------------------


def set_password(club, actor, user_id, password):
    return accounts.member_password_set(
        club=club, user_id=user_id, password=password, actor=actor, now=NOW, origin=ORIGIN
    )


def test_a_new_password_replaces_the_old_one(club, organizer):
    mary = add(club, organizer).user
    set_password(club, organizer, mary.pk, "new-hall-password")
    assert authenticate(username="mary", password=GOOD) is None
    assert authenticate(username="mary", password="new-hall-password") == mary
    [entry] = audit("member_password_set")
    assert entry.summary == "Password for 'mary' changed"
    assert entry.actor == organizer and entry.new == {"username": "mary"}
    assert no_password_in(entry, "new-hall-password")
    assert AuditEntry.objects.count() == 2  # the add and the password


def test_a_weak_new_password_is_refused_and_the_old_one_still_works(club, organizer):
    mary = add(club, organizer).user
    refused(lambda: set_password(club, organizer, mary.pk, "1234"), "too short", 400)
    assert authenticate(username="mary", password=GOOD) == mary


@pytest.mark.parametrize("password", ["12345678", "password", "qwertyuiop", "maryjane"])
def test_a_common_or_username_like_new_password_is_refused(club, organizer, password):
    mary = add(club, organizer).user
    mary.first_name = "Mary Jane"
    mary.save()
    refused(lambda: set_password(club, organizer, mary.pk, password), ".", 400)
    assert authenticate(username="mary", password=GOOD) == mary


def test_the_password_of_someone_outside_the_club_cannot_be_set(club, organizer):
    outsider = make_user(make_club("Legion Branch 12"), username="legion")
    refused(lambda: set_password(club, organizer, outsider.pk, GOOD), "not in your club", 404)
    refused(lambda: set_password(club, organizer, 999_999, GOOD), "not in your club", 404)


# --- member_role_set -------------------------------------------------------------


def set_role(club, actor, user_id, role):
    return accounts.member_role_set(
        club=club, user_id=user_id, role=role, actor=actor, now=NOW, origin=ORIGIN
    )


def test_a_scorer_can_be_made_an_organizer_and_back(club, organizer):
    mary = add(club, organizer).user
    assert set_role(club, organizer, mary.pk, "organizer").role == "organizer"
    assert set_role(club, organizer, mary.pk, "scorer").role == "scorer"
    up, down = audit("member_role_set")
    assert up.summary == "'mary' is now an organizer"
    assert (up.old, up.new) == (
        {"username": "mary", "role": "scorer"},
        {"username": "mary", "role": "organizer"},
    )
    assert down.summary == "'mary' is now a scorer"


def test_setting_the_role_a_member_has_writes_nothing(club, organizer):
    mary = add(club, organizer).user
    before = everything()
    set_role(club, organizer, mary.pk, "scorer")
    assert everything() == before


def test_the_last_organizer_cannot_become_a_scorer(club, organizer):
    add(club, organizer)  # a scorer does not count
    refused(lambda: set_role(club, organizer, organizer.pk, "scorer"), "only organizer", 409)
    assert Membership.objects.get(user=organizer).role == "organizer"


def test_two_organizers_demoting_each_other_leave_one(club, organizer):
    joan = add(club, organizer, username="joan", role="organizer").user
    set_role(club, organizer, joan.pk, "scorer")
    # Joan's screen was from before: her demoting the other organizer now is refused.
    refused(lambda: set_role(club, joan, organizer.pk, "scorer"), "only organizer", 409)
    roles = dict(Membership.objects.filter(club=club).values_list("user__username", "role"))
    assert roles == {"organizer": "organizer", "joan": "scorer"}


def test_the_role_of_someone_outside_the_club_cannot_change(club, organizer):
    outsider = make_user(make_club("Legion Branch 12"), username="legion", role="scorer")
    refused(lambda: set_role(club, organizer, outsider.pk, "organizer"), "not in your club", 404)


def test_an_unknown_role_cannot_be_set(club, organizer):
    mary = add(club, organizer).user
    refused(lambda: set_role(club, organizer, mary.pk, "admin"), "organizer or scorer", 400)


# --- member_remove ---------------------------------------------------------------


def remove(club, actor, user_id):
    return accounts.member_remove(club=club, user_id=user_id, actor=actor, now=NOW, origin=ORIGIN)


def test_a_removed_scorer_cannot_log_in_but_their_results_keep_their_name(club, organizer):
    mary = add(club, organizer).user
    drive = started_drive(club, organizer)
    tg = TableGame.objects.filter(drive=drive, game=1, status="pending").first()
    winner = tg.seats.order_by("slot").first().pair.number
    from drives import services

    services.result_record(
        drive=drive, game=1, table=tg.table, winner_number=winner, actor=mary, now=NOW
    )
    entries_by_mary = AuditEntry.objects.filter(actor=mary).count()
    assert entries_by_mary == 1

    remove(club, organizer, mary.pk)

    mary.refresh_from_db()
    assert not mary.is_active
    assert authenticate(username="mary", password=GOOD) is None
    assert not Membership.objects.filter(user=mary).exists()
    assert AuditEntry.objects.filter(actor=mary).count() == entries_by_mary
    assert TableGame.objects.get(pk=tg.pk).entered_by == mary
    [entry] = audit("member_remove")
    assert entry.summary == "Scorer account 'mary' removed"
    assert entry.old == {"username": "mary", "role": "scorer"} and entry.actor == organizer


def test_removing_writes_one_audit_entry(club, organizer):
    mary = add(club, organizer).user
    before = AuditEntry.objects.count()
    remove(club, organizer, mary.pk)
    assert AuditEntry.objects.count() == before + 1


def test_an_organizer_can_be_removed_while_another_remains(club, organizer):
    joan = add(club, organizer, username="joan", role="organizer").user
    remove(club, organizer, joan.pk)
    assert audit("member_remove")[0].summary == "Organizer account 'joan' removed"
    assert list(Membership.objects.filter(club=club).values_list("user", flat=True)) == [
        organizer.pk
    ]


def test_the_last_organizer_cannot_be_removed(club, organizer):
    add(club, organizer)
    refused(lambda: remove(club, organizer, organizer.pk), "only organizer", 409)
    organizer.refresh_from_db()
    assert organizer.is_active


def test_someone_outside_the_club_cannot_be_removed(club, organizer):
    outsider = make_user(make_club("Legion Branch 12"), username="legion", role="scorer")
    refused(lambda: remove(club, organizer, outsider.pk), "not in your club", 404)
    outsider.refresh_from_db()
    assert outsider.is_active


def test_a_removed_name_stays_taken_so_the_history_names_one_person(club, organizer):
    mary = add(club, organizer).user
    remove(club, organizer, mary.pk)
    refused(lambda: add(club, organizer), "username mary is taken", 400)
