"""Login throttling (django-axes): wrong passwords lock a username at one address.

A phone's wrong passwords lock that phone for that name, never the same person on
another device, and never the laptop that runs the site (a loopback address). The login
page then says plainly that logging in is locked, for how long, and the ways in no phone
can close; the organizer unlocks a person from the People page (audited), and
`manage.py axes_reset_username` unlocks from the laptop.
"""

from __future__ import annotations

import html

import pytest
from axes.models import AccessAttempt
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


def log_in(username: str, password: str, address: str = "10.0.0.5", **headers):
    client = Client(REMOTE_ADDR=address, **headers)
    return client.post(LOGIN, {"username": username, "password": password})


def got_in(response) -> bool:
    return response.status_code == 302 and response.url == reverse("drives:drive_list")


def lock(username: str, address: str = "10.0.0.5", **headers) -> None:
    for _ in range(settings.AXES_FAILURE_LIMIT):
        log_in(username, "not-the-password", address, **headers)


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


def test_a_phones_wrong_passwords_never_lock_the_organizer_on_another_device(organizer):
    """The issue's case: ten (or fifty) wrong passwords from a phone on the hall Wi-Fi
    locked `organizer` everywhere, the laptop included."""
    for _ in range(50):
        log_in("organizer", "guess", address="192.168.1.77")
    assert not got_in(log_in("organizer", RIGHT, address="192.168.1.77"))
    assert got_in(log_in("organizer", RIGHT, address="192.168.1.10"))


def test_the_organizer_logging_in_elsewhere_leaves_the_phone_locked(organizer):
    lock("organizer", address="192.168.1.77")
    assert got_in(log_in("organizer", RIGHT, address="192.168.1.10"))
    assert not got_in(log_in("organizer", RIGHT, address="192.168.1.77"))


def test_wrong_passwords_from_many_addresses_lock_none_of_them(organizer):
    for n in range(settings.AXES_FAILURE_LIMIT):
        log_in("organizer", "guess", address=f"10.0.1.{n + 1}")
    assert got_in(log_in("organizer", RIGHT, address="10.0.1.1"))


def test_a_phone_that_tries_every_name_locks_only_itself(club, organizer, mary):
    for name in ("organizer", "mary"):
        lock(name, address="10.0.3.3")
    assert not got_in(log_in("mary", RIGHT, address="10.0.3.3"))
    assert not got_in(log_in("organizer", RIGHT, address="10.0.3.3"))
    # The rest of the hall logs in as usual.
    assert got_in(log_in("mary", RIGHT, address="10.0.3.4"))
    assert got_in(log_in("organizer", RIGHT, address="10.0.3.4"))


def test_a_phone_that_goes_on_guessing_after_unlock_locks_only_itself_again(
    org_client, organizer, mary
):
    lock("mary", address="10.0.5.5")
    org_client.post(unlock_url(mary))
    lock("mary", address="10.0.5.5")
    assert not got_in(log_in("mary", RIGHT, address="10.0.5.5"))
    assert got_in(log_in("mary", RIGHT, address="10.0.5.6"))


# --- The laptop's own way in ------------------------------------------------------------


@pytest.mark.parametrize("laptop", ["127.0.0.1", "127.0.0.2", "::1", "::ffff:127.0.0.1"])
def test_the_laptop_is_never_locked_out(organizer, laptop):
    lock("organizer", address="10.0.0.5")
    for _ in range(50):
        assert not got_in(log_in("organizer", "guess", address=laptop))
    assert got_in(log_in("organizer", RIGHT, address=laptop))


def test_wrong_passwords_on_the_laptop_are_not_counted(organizer):
    for _ in range(50):
        log_in("organizer", "guess", address="127.0.0.1")
    assert not AccessAttempt.objects.exists()


@pytest.fixture
def behind_proxy(settings):
    """As `make run` serves: a buffering front on this laptop, adding X-Forwarded-For."""
    settings.BEHIND_PROXY = True


def through_the_front(forwarded: str | None, hop: str = "127.0.0.1") -> dict:
    headers = {"address": hop}
    if forwarded is not None:
        headers["HTTP_X_FORWARDED_FOR"] = forwarded
    return headers


def test_behind_the_front_the_laptops_browser_is_never_locked(behind_proxy, organizer):
    for _ in range(50):
        log_in("organizer", "guess", **through_the_front("127.0.0.1"))
    assert got_in(log_in("organizer", RIGHT, **through_the_front("127.0.0.1")))


@pytest.mark.parametrize(
    ("forwarded", "hop"),
    [
        ("192.168.1.77", "127.0.0.1"),  # a phone, through the front
        ("127.0.0.1, 192.168.1.77", "127.0.0.1"),  # a phone that wrote its own header first
        ("127.0.0.1", "192.168.1.77"),  # a phone that reached the app around the front
        (None, "127.0.0.1"),  # a front that said nothing: not taken for the laptop
    ],
)
def test_behind_the_front_a_phone_cannot_pass_for_the_laptop(
    behind_proxy, organizer, forwarded, hop
):
    lock("organizer", **through_the_front(forwarded, hop))
    assert not got_in(log_in("organizer", RIGHT, **through_the_front(forwarded, hop)))


def test_behind_the_front_a_phone_is_counted_by_its_own_address(behind_proxy, organizer):
    lock("organizer", **through_the_front("192.168.1.77"))
    [attempt] = AccessAttempt.objects.all()
    assert attempt.ip_address == "192.168.1.77"
    assert got_in(log_in("organizer", RIGHT, **through_the_front("192.168.1.10")))


def test_the_locked_page_names_the_laptops_address_and_the_reset_command(organizer):
    lock("organizer", address="192.168.1.77")
    r = log_in("organizer", RIGHT, address="192.168.1.77", HTTP_HOST="192.168.1.10:8000")
    assert r.status_code == 429
    page = html.unescape(r.content.decode())
    assert (
        "On the laptop that runs Card Drive, open http://localhost:8000/ and log in there: "
        "a phone cannot lock that."
    ) in page
    assert "manage.py axes_reset_username organizer" in page


def test_the_laptops_address_keeps_the_port_the_page_came_from(organizer):
    lock("organizer", address="192.168.1.77")
    r = log_in("organizer", RIGHT, address="192.168.1.77", HTTP_HOST="carddrive.local")
    assert "open http://localhost/ and log in there" in r.content.decode()


def test_manage_py_axes_reset_username_unlocks(organizer):
    lock("organizer")
    call_command("axes_reset_username", "organizer")
    assert got_in(log_in("organizer", RIGHT))


# --- Unlock from the People page ---------------------------------------------------------


def unlock_url(user) -> str:
    return reverse("club:member_unlock", args=[user.pk])


def member_card(page: str, user) -> str:
    card = page[page.index(f'id="member-{user.pk}"') :]
    return card[: card.index("</li>")]


def test_the_people_page_shows_who_is_locked_with_an_unlock_button(org_client, mary):
    lock("mary")
    page = org_client.get(PEOPLE).content.decode()
    card = member_card(page, mary)
    assert "Locked out on 1 phone or tablet" in card and unlock_url(mary) in card
    assert "Other devices can still log in." in card
    assert unlock_url(mary) not in page.replace(card, "")  # nobody else is locked


def test_the_people_page_counts_the_devices_a_person_is_locked_on(org_client, mary):
    lock("mary", address="10.0.4.1")
    lock("mary", address="10.0.4.2")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):  # a third, not yet locked
        log_in("mary", "guess", address="10.0.4.3")
    card = member_card(org_client.get(PEOPLE).content.decode(), mary)
    assert "Locked out on 2 phones or tablets" in card


def test_unlock_frees_every_device_the_person_was_locked_on(org_client, mary):
    lock("mary", address="10.0.4.1")
    lock("mary", address="10.0.4.2")
    org_client.post(unlock_url(mary))
    assert got_in(log_in("mary", RIGHT, address="10.0.4.1"))
    assert got_in(log_in("mary", RIGHT, address="10.0.4.2"))


def test_the_organizer_unlocks_a_person_and_it_is_audited(org_client, organizer, mary):
    lock("mary", address="10.0.4.4")
    assert not got_in(log_in("mary", RIGHT, address="10.0.4.4"))
    r = org_client.post(unlock_url(mary))
    assert r.status_code == 302 and r.url == PEOPLE
    assert "mary can log in again." in org_client.get(PEOPLE).content.decode()
    assert got_in(log_in("mary", RIGHT, address="10.0.4.4"))
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
