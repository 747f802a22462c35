"""Login throttling (django-axes): wrong passwords lock a username and an address.

The login page then says plainly that logging in is locked and for how long;
the organizer unlocks a person from the People page (audited), and
`manage.py axes_reset_username` unlocks from the laptop.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from clubs.models import AuditEntry
from tests.builders import HTMX, make_club, make_user

pytestmark = pytest.mark.django_db

LOGIN = reverse("login")
PEOPLE = reverse("club:people")
RIGHT = "pw-for-tests-1"  # conftest.make_user's password


def log_in(username: str, password: str, address: str = "10.0.0.5"):
    return Client(REMOTE_ADDR=address).post(LOGIN, {"username": username, "password": password})


def got_in(response) -> bool:
    return response.status_code == 302 and response.url == reverse("drives:drive_list")


def lock(username: str, address: str = "10.0.0.5") -> None:
    for _ in range(settings.AXES_FAILURE_LIMIT):
        log_in(username, "not-the-password", address)


@pytest.fixture
def mary(club):
    return make_user(club, username="mary", role="scorer")


def test_forty_wrong_passwords_then_the_right_one_is_refused(organizer):
    for _ in range(40):
        assert not got_in(log_in("organizer", "guess-1234"))
    r = log_in("organizer", RIGHT)
    assert not got_in(r)
    assert r.status_code == 429


def test_a_few_wrong_passwords_do_not_lock(organizer):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        log_in("organizer", "typo-password")
    assert got_in(log_in("organizer", RIGHT))


def test_the_login_page_says_it_is_locked_and_for_how_long(organizer):
    lock("organizer")
    r = log_in("organizer", RIGHT)
    page = r.content.decode()
    assert r.status_code == 429
    assert "Too many wrong passwords" in page
    assert "locked for 15 minutes" in page
    assert "People page" in page  # who can unlock it
    assert 'name="username"' in page  # still the login page, not a bare error


def test_a_username_is_locked_whatever_the_address(organizer):
    for n in range(settings.AXES_FAILURE_LIMIT):
        log_in("organizer", "guess", address=f"10.0.1.{n + 1}")
    assert not got_in(log_in("organizer", RIGHT, address="10.0.2.1"))


def test_an_address_trying_many_usernames_is_locked(club, organizer, mary):
    for n in range(settings.AXES_FAILURE_LIMIT):
        log_in(f"someone-{n}", "guess", address="10.0.3.3")
    assert not got_in(log_in("mary", RIGHT, address="10.0.3.3"))
    # The rest of the hall logs in as usual.
    assert got_in(log_in("organizer", RIGHT, address="10.0.3.4"))


def test_manage_py_axes_reset_username_unlocks(organizer):
    lock("organizer")
    call_command("axes_reset_username", "organizer")
    assert got_in(log_in("organizer", RIGHT))


# --- Unlock from the People page ---------------------------------------------------------


def unlock_url(user) -> str:
    return reverse("club:member_unlock", args=[user.pk])


def test_the_people_page_shows_who_is_locked_with_an_unlock_button(org_client, mary):
    lock("mary")
    page = org_client.get(PEOPLE).content.decode()
    card = page[page.index(f'id="member-{mary.pk}"') :]
    card = card[: card.index("</li>")]
    assert "Locked out" in card and unlock_url(mary) in card
    assert unlock_url(mary) not in page.replace(card, "")  # nobody else is locked


def test_the_organizer_unlocks_a_person_and_it_is_audited(org_client, organizer, mary):
    lock("mary", address="10.0.4.4")
    assert not got_in(log_in("mary", RIGHT, address="10.0.4.5"))
    r = org_client.post(unlock_url(mary))
    assert r.status_code == 302 and r.url == PEOPLE
    assert "mary can log in again." in org_client.get(PEOPLE).content.decode()
    assert got_in(log_in("mary", RIGHT, address="10.0.4.5"))
    [entry] = AuditEntry.objects.filter(action="member_unlock")
    assert entry.actor == organizer and entry.summary == "Login of 'mary' unlocked"


def test_unlock_with_htmx_answers_the_fresh_page(org_client, mary):
    lock("mary")
    r = org_client.post(unlock_url(mary), **HTMX)
    assert r.status_code == 200
    page = r.content.decode()
    assert "<html" not in page and "mary can log in again." in page
    assert "Locked out" not in page


def test_unlock_takes_only_post(org_client, mary):
    assert org_client.get(unlock_url(mary)).status_code == 405


def test_a_scorer_cannot_unlock_and_nothing_changes(scorer_client, mary):
    lock("mary")
    assert scorer_client.post(unlock_url(mary)).status_code == 403
    assert not got_in(log_in("mary", RIGHT))


def test_another_clubs_organizer_cannot_unlock_our_people(other_club_client, mary):
    lock("mary")
    assert other_club_client.post(unlock_url(mary)).status_code == 404
    assert not AuditEntry.objects.filter(action="member_unlock").exists()


def test_a_stranger_is_sent_to_log_in(mary):
    r = Client().post(unlock_url(mary))
    assert r.status_code == 302 and r.url.startswith(LOGIN)


def test_a_person_of_another_club_is_not_found(org_client):
    stranger = make_user(make_club("Legion Branch 12"), username="legion", role="scorer")
    assert org_client.post(unlock_url(stranger)).status_code == 404
