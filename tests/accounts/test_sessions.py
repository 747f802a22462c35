"""Sessions that end (accounts/sessions.py, accounts/signals.py).

A session is kept on the server, so logging out, a new password and removing a
person end every session of that person there: a copy of the cookie taken
before stops working. A session lasts a hall night (12 hours) unless
SESSION_HOURS says otherwise.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from accounts.models import Session
from accounts.services import people as accounts
from tests.builders import NOW, make_user, settings_value

pytestmark = pytest.mark.django_db

DRIVES = reverse("drives:drive_list")
GOOD = "hall-password-1"


def goes_to_login(response) -> bool:
    return response.status_code == 302 and response.url.startswith(reverse("login"))


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def copy_of(client: Client) -> Client:
    """Another browser holding the same session cookie (a copied cookie)."""
    copy = Client()
    copy.cookies[settings.SESSION_COOKIE_NAME] = client.cookies[settings.SESSION_COOKIE_NAME].value
    return copy


def test_a_cookie_copied_before_logout_no_longer_works(organizer):
    tablet = logged_in(organizer)
    copy = copy_of(tablet)
    assert copy.get(DRIVES).status_code == 200
    assert tablet.post(reverse("logout")).status_code == 302
    assert goes_to_login(copy.get(DRIVES))
    assert goes_to_login(tablet.get(DRIVES))


def test_logging_out_ends_the_persons_sessions_on_every_device(club, organizer):
    front, laptop = logged_in(organizer), logged_in(organizer)
    mary = make_user(club, username="mary", role="scorer")
    marys_tablet = logged_in(mary)
    front.post(reverse("logout"))
    assert goes_to_login(laptop.get(DRIVES))
    assert not Session.objects.filter(user=organizer).exists()
    # Someone else's session is theirs to end.
    assert marys_tablet.get(DRIVES).status_code == 200


def test_a_session_is_stored_on_the_server_under_its_person(organizer):
    logged_in(organizer)
    assert Session.objects.filter(user=organizer).count() == 1


def test_a_new_password_set_on_the_people_page_ends_that_persons_sessions(club, organizer):
    mary = make_user(club, username="mary", role="scorer")
    tablet = logged_in(mary)
    front = logged_in(organizer)
    r = front.post(reverse("club:member_password", args=[mary.pk]), {"password": "new-" + GOOD})
    assert r.status_code == 302
    assert not Session.objects.filter(user=mary).exists()
    assert goes_to_login(tablet.get(DRIVES))
    assert front.get(DRIVES).status_code == 200


def test_ones_own_new_password_keeps_this_device_and_ends_the_others(organizer):
    front, laptop = logged_in(organizer), logged_in(organizer)
    old_copy = copy_of(front)
    own = reverse("club:member_password", args=[organizer.pk])
    r = front.post(own, {"password": "new-" + GOOD})
    assert r.status_code == 302
    assert front.get(DRIVES).status_code == 200
    assert goes_to_login(laptop.get(DRIVES))
    # The session key changed with the password: the cookie copied before is dead.
    assert goes_to_login(old_copy.get(DRIVES))
    assert Session.objects.filter(user=organizer).count() == 1


def test_a_password_changed_any_other_way_ends_the_sessions_too(organizer):
    tablet = logged_in(organizer)
    organizer.set_password("changed-at-the-laptop-9")
    organizer.save()
    assert not Session.objects.filter(user=organizer).exists()
    assert goes_to_login(tablet.get(DRIVES))


def test_removing_a_person_deletes_their_sessions(club, organizer):
    mary = make_user(club, username="mary", role="scorer")
    tablet = logged_in(mary)
    accounts.member_remove(club=club, user_id=mary.pk, actor=organizer, now=NOW)
    assert not Session.objects.filter(user=mary).exists()
    assert goes_to_login(tablet.get(DRIVES))


def test_clearsessions_drops_expired_sessions(organizer):
    logged_in(organizer)
    Session.objects.update(expire_date=NOW.replace(year=2000))
    call_command("clearsessions")
    assert not Session.objects.exists()


def test_a_session_lasts_a_hall_night_by_default():
    assert settings.SESSION_COOKIE_AGE == 12 * 60 * 60


def test_session_hours_sets_how_long_a_session_lasts(tmp_path):
    assert settings_value(tmp_path, "SESSION_COOKIE_AGE", SESSION_HOURS="4") == str(4 * 60 * 60)


def test_a_session_row_is_stamped_with_its_person_and_reads_back(club):
    """The engine writes each row with its person; the row decodes to the session's data."""
    user = make_user(club, username="reads-back", role="scorer")
    client = logged_in(user)
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    row = Session.objects.get(session_key=key)
    assert row.user_id == user.pk
    assert row.get_decoded()["_auth_user_id"] == str(user.pk)
