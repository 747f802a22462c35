"""No password built from the username (accounts/passwords.py), wherever one is set.

`scorer1scorer1` for `scorer1` passed Django's likeness check (0.667 < 0.7): the rule
refuses the username with digits or signs around it, twice, or backwards, on the People
page, the Profile, setup_site's ORGANIZER_PASSWORD and `manage.py changepassword`. (The API
sets no passwords.)
"""

from __future__ import annotations

import html

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.password_validation import (
    UserAttributeSimilarityValidator,
    validate_password,
)
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from accounts.passwords import built_from_username
from accounts.services import people as accounts
from clubs.interface import DriveError
from clubs.models import AuditEntry
from tests.builders import NOW, make_user

pytestmark = pytest.mark.django_db

REASON = "This password is made from the username"
FROM_SCORER1 = [
    "scorer1scorer1",
    "Scorer1!",
    "SCORER1",
    "1rerocs",
    "scorer12024",
    "2024scorer1",
    "!!scorer1!!",
    "scorer 1 scorer 1",
    "s.c.o.r.e.r.1",
    "scorerscorer",  # the name without its digit, twice
    "reroCS-2026",
]
NOT_FROM_SCORER1 = ["hall-password-1", "scorer1 deals trumps", "st-josephs-45s-night"]


def refusal(password: str, username: str) -> str:
    with pytest.raises(ValidationError) as caught:
        validate_password(password, get_user_model()(username=username))
    return " ".join(caught.value.messages)


@pytest.mark.parametrize("password", FROM_SCORER1)
def test_the_username_with_digits_or_signs_around_it_is_refused(password):
    assert built_from_username(password, "scorer1")
    assert REASON in refusal(password, "scorer1")


@pytest.mark.parametrize("password", NOT_FROM_SCORER1)
def test_a_password_with_words_of_its_own_is_not_taken_for_the_username(password):
    assert not built_from_username(password, "scorer1")


def test_djangos_likeness_check_alone_lets_scorer1scorer1_through():
    """Why the rule is ours: this is the issue's password."""
    UserAttributeSimilarityValidator().validate("scorer1scorer1", get_user_model()("scorer1"))
    assert REASON in refusal("scorer1scorer1", "scorer1")


def test_a_name_of_signs_only_or_a_short_stem_refuses_nothing_by_itself():
    assert not built_from_username("banana-split-9", "a")
    assert not built_from_username("al-pine-2024", "al2")  # "al" is part of words
    assert not built_from_username("12345678", "mary")  # digits alone: not the name
    assert not built_from_username("hall-password-1", "--")


def test_the_rule_is_stated_with_the_others_where_passwords_are_typed(org_client):
    for page in (reverse("club:people"), reverse("club:profile")):
        text = html.unescape(org_client.get(page).content.decode())
        assert "can’t be your username with digits or signs added" in text


@pytest.mark.parametrize(
    "username",
    ["organizer", "scorer", "mary", "joan", "legion", "other-organizer", "leaver", "lone"],
)
def test_the_test_builders_password_keeps_the_rules(username):
    validate_password("pw-for-tests-1", get_user_model()(username=username))


# --- Every place a password is set -----------------------------------------------------


def test_adding_a_person_refuses_it(club, organizer):
    with pytest.raises(DriveError, match=REASON) as caught:
        accounts.member_add(
            club=club,
            username="scorer1",
            password="scorer1scorer1",
            role="scorer",
            actor=organizer,
            now=NOW,
        )
    assert caught.value.status == 400
    assert not get_user_model().objects.filter(username="scorer1").exists()


def test_the_people_page_refuses_it_when_adding(org_client):
    data = {"username": "scorer1", "password": "Scorer1!", "role": "scorer"}
    r = org_client.post(reverse("club:people"), data)
    assert r.status_code == 400 and REASON in html.unescape(r.content.decode())
    assert not get_user_model().objects.filter(username="scorer1").exists()


def test_the_people_page_refuses_it_for_someone_elses_new_password(org_client, club):
    scorer = make_user(club, username="scorer1", role="scorer")
    url = reverse("club:member_password", args=[scorer.pk])
    r = org_client.post(url, {"password": "1rerocs!!"})
    assert r.status_code == 400 and REASON in html.unescape(r.content.decode())
    assert authenticate(username="scorer1", password="pw-for-tests-1") == scorer
    assert not AuditEntry.objects.filter(action="member_password_set").exists()


def test_the_profile_refuses_it_for_ones_own_new_password(club):
    scorer = make_user(club, username="scorer1", role="scorer")
    client = Client()
    client.force_login(scorer)
    data = {
        "old_password": "pw-for-tests-1",
        "new_password1": "scorer1scorer1",
        "new_password2": "scorer1scorer1",
    }
    r = client.post(reverse("club:password_change"), data)
    assert r.status_code == 400 and REASON in html.unescape(r.content.decode())
    assert authenticate(username="scorer1", password="pw-for-tests-1") == scorer


def test_setup_site_refuses_it_as_the_first_organizers_password(settings, tmp_path, monkeypatch):
    settings.ORGANIZER_PASSWORD_FILE = tmp_path / "organizer-password.txt"
    monkeypatch.setenv("ORGANIZER_PASSWORD", "Organizer2026!")
    with pytest.raises(CommandError, match=REASON):
        call_command("setup_site", "--no-demo")
    assert not get_user_model().objects.exists()


def test_manage_py_changepassword_refuses_it(organizer, monkeypatch, capsys):
    monkeypatch.setattr("getpass.getpass", lambda prompt="": "organizer.organizer")
    with pytest.raises(CommandError):
        call_command("changepassword", "organizer")
    assert REASON in capsys.readouterr().err
    assert authenticate(username="organizer", password="pw-for-tests-1") == organizer
