"""The profile page (drives/profile_views.py): one's own API keys, made and revoked."""

from __future__ import annotations

import hashlib
import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from accounts.services import tokens as api_tokens
from clubs.models import ApiToken, AuditEntry
from tests.builders import HTMX, NOW, make_club, make_user, row_counts

pytestmark = pytest.mark.django_db

PROFILE = reverse("club:profile")
WARNING = "Copy it now: it will not be shown again."


def goes_to_login(response) -> bool:
    return response.status_code == 302 and response.url.startswith(reverse("login"))


def revoke_url(token) -> str:
    return reverse("club:token_revoke", args=[token.pk])


def everything() -> dict:
    return {
        **row_counts(),
        "tokens": list(ApiToken.objects.order_by("pk").values_list("pk", "revoked_at")),
    }


def shown_key(response) -> str:
    found = re.findall(r"cd_[A-Za-z0-9_-]{43}", response.content.decode())
    assert len(set(found)) == 1, found
    return found[0]


@pytest.fixture
def key(organizer):
    return api_tokens.token_create(actor=organizer, name="Scoreboard", now=NOW)


# --- Happy paths ---------------------------------------------------------------------


def test_the_profile_shows_the_persons_keys_and_the_form(org_client, organizer, key):
    response = org_client.get(PROFILE)
    assert response.status_code == 200
    page = response.content.decode()
    assert "API keys" in page and "Scoreboard" in page
    assert f"{key.token.prefix}…" in page
    assert key.key not in page
    assert revoke_url(key.token) in page
    assert reverse("api:openapi-view") in page
    assert 'name="name"' in page


def test_a_new_key_is_shown_once_with_a_warning_and_only_its_hash_is_stored(
    org_client, organizer, club
):
    response = org_client.post(PROFILE, {"name": "League site"})
    assert response.status_code == 200
    assert WARNING in response.content.decode()
    assert "no-store" in response["Cache-Control"]
    new = shown_key(response)
    token = ApiToken.objects.get(user=organizer)
    assert token.digest == hashlib.sha256(new.encode()).hexdigest()
    assert token.prefix == new[:8] and token.name == "League site"
    stored = json.dumps(
        [list(ApiToken.objects.values()), list(AuditEntry.objects.values())], default=str
    )
    assert new not in stored
    entry = AuditEntry.objects.get(action="token_create")
    assert (entry.club, entry.drive, entry.actor) == (club, None, organizer)
    assert entry.source == "front: profile"
    # Shown once: the page does not show it again.
    again = org_client.get(PROFILE).content.decode()
    assert new not in again and WARNING not in again
    # And it works, as this person.
    api = Client(HTTP_AUTHORIZATION=f"Bearer {new}")
    assert api.get("/api/drives").status_code == 200


def test_a_scorer_makes_their_own_key(scorer_client):
    response = scorer_client.post(PROFILE, {"name": "My phone"})
    assert response.status_code == 200
    assert ApiToken.objects.get().user.username == "scorer"
    assert shown_key(response)


def test_revoking_a_key_stops_it_and_returns_to_the_profile(org_client, organizer, key):
    response = org_client.post(revoke_url(key.token))
    assert response.status_code == 302 and response.url == PROFILE
    key.token.refresh_from_db()
    assert key.token.revoked_at is not None
    assert AuditEntry.objects.filter(action="token_revoke", actor=organizer).count() == 1
    assert Client(HTTP_AUTHORIZATION=f"Bearer {key.key}").get("/api/drives").status_code == 401
    page = org_client.get(PROFILE).content.decode()
    assert "revoked" in page and revoke_url(key.token) not in page


def test_a_blank_name_is_refused_and_nothing_is_written(org_client):
    before = everything()
    response = org_client.post(PROFILE, {"name": "   "})
    assert response.status_code == 400
    assert "cd_" not in response.content.decode()
    assert everything() == before


def test_a_twenty_first_live_key_is_refused(org_client, organizer):
    for i in range(api_tokens.MAX_ACTIVE):
        api_tokens.token_create(actor=organizer, name=f"Key {i}", now=NOW)
    before = everything()
    response = org_client.post(PROFILE, {"name": "One more"})
    assert response.status_code == 400
    assert "revoke one" in response.content.decode()
    assert everything() == before


def test_the_top_bar_links_to_the_profile_with_a_big_enough_button(org_client):
    page = org_client.get(reverse("drives:drive_list")).content.decode()
    link = re.search(rf'<a class="([^"]*)" href="{re.escape(PROFILE)}">', page)
    assert link and link[1] == "btn small secondary"


# --- Wrong method ---------------------------------------------------------------------


def test_the_profile_takes_only_get_and_post(org_client):
    before = everything()
    assert org_client.put(PROFILE).status_code == 405
    assert org_client.delete(PROFILE).status_code == 405
    assert everything() == before


def test_revoking_takes_only_post(org_client, key):
    before = everything()
    assert org_client.get(revoke_url(key.token)).status_code == 405
    assert everything() == before


# --- Outsiders ----------------------------------------------------------------------------


def test_a_stranger_is_sent_to_log_in_and_nothing_changes(anon_client, key):
    before = everything()
    assert goes_to_login(anon_client.get(PROFILE))
    assert goes_to_login(anon_client.post(PROFILE, {"name": "Mine"}))
    assert goes_to_login(anon_client.post(revoke_url(key.token)))
    assert everything() == before


def test_nobody_else_can_revoke_a_key(scorer_client, other_club_client, key):
    before = everything()
    for client in (scorer_client, other_club_client):
        assert client.post(revoke_url(key.token)).status_code == 404
        assert client.post(revoke_url(key.token), **HTMX).status_code == 404
    assert everything() == before


def test_another_persons_keys_are_not_listed(scorer_client, key):
    page = scorer_client.get(PROFILE).content.decode()
    assert key.token.prefix not in page and revoke_url(key.token) not in page
    assert "You have no keys yet." in page


def test_an_account_without_a_club_is_refused(db):
    from django.contrib.auth import get_user_model

    lone = get_user_model().objects.create_user(username="lone", password="pw-for-tests-1")
    client = Client()
    client.force_login(lone)
    before = everything()
    assert client.get(PROFILE).status_code == 403
    assert client.post(PROFILE, {"name": "Mine"}).status_code == 403
    assert everything() == before


# --- htmx --------------------------------------------------------------------------------


def test_htmx_gets_just_the_content_region(org_client, key):
    response = org_client.get(PROFILE, **HTMX)
    page = response.content.decode()
    assert response.status_code == 200
    assert 'id="content"' in page and "<html" not in page


def test_htmx_making_a_key_shows_it_in_the_content_region(org_client):
    response = org_client.post(PROFILE, {"name": "Scoreboard"}, **HTMX)
    page = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in page and WARNING in page
    assert shown_key(response)


def test_htmx_revoking_answers_with_the_fresh_region_and_the_message(org_client, key):
    response = org_client.post(revoke_url(key.token), **HTMX)
    page = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in page and 'id="content"' in page
    assert "revoked: it no longer works" in page
    key.token.refresh_from_db()
    assert key.token.revoked_at is not None


def test_a_key_of_a_person_in_another_club_is_not_found_for_htmx_either(db, key):
    other = make_user(make_club("Legion Branch 12"), username="other-organizer")
    client = Client()
    client.force_login(other)
    assert client.post(revoke_url(key.token), **HTMX).status_code == 404


# --- One's own password --------------------------------------------------------------

PASSWORD = reverse("club:password_change")
OLD = "pw-for-tests-1"  # conftest.make_user's password


def change(client, old=OLD, new="a-new-hall-password", again=None, **extra):
    data = {"old_password": old, "new_password1": new, "new_password2": again or new}
    return client.post(PASSWORD, data, **extra)


def test_the_profile_offers_to_change_ones_own_password(org_client):
    page = org_client.get(PROFILE).content.decode()
    assert f'action="{PASSWORD}"' in page and 'name="old_password"' in page


def test_a_person_changes_their_own_password_and_stays_logged_in(organizer):
    from django.contrib.auth import authenticate

    tablet, other = Client(), Client()
    tablet.force_login(organizer)
    other.force_login(organizer)
    r = change(tablet)
    assert r.status_code == 302 and r.url == PROFILE
    assert "Your password was changed." in tablet.get(PROFILE).content.decode()
    assert authenticate(username="organizer", password="a-new-hall-password") == organizer
    assert goes_to_login(other.get(PROFILE))  # every other device is logged out
    [entry] = AuditEntry.objects.filter(action="password_change")
    assert entry.actor == organizer and entry.summary == "'organizer' changed their password"
    assert "a-new-hall-password" not in json.dumps([entry.summary, entry.old, entry.new])


def test_a_scorer_changes_their_own_password_with_htmx(scorer_client):
    r = change(scorer_client, **HTMX)
    assert r.status_code == 200
    page = r.content.decode()
    assert "<html" not in page and "Your password was changed." in page


@pytest.mark.parametrize(
    ("old", "new", "again", "reason"),
    [
        ("wrong-old-password", "a-new-hall-password", None, "Your old password was entered"),
        (OLD, "12345678", None, "This password is too common."),
        (OLD, "password", None, "This password is too common."),
        (OLD, "organizer", None, "too similar to the username"),
        (OLD, "a-new-hall-password", "another-password", "didn’t match"),
    ],
)
def test_a_wrong_old_or_weak_new_password_is_refused_with_the_reason(
    org_client, organizer, old, new, again, reason
):
    before = organizer.password
    r = change(org_client, old=old, new=new, again=again)
    assert r.status_code == 400 and reason in r.content.decode()
    organizer.refresh_from_db()
    assert organizer.password == before
    assert not AuditEntry.objects.filter(action="password_change").exists()


def test_changing_ones_password_takes_only_post(org_client):
    assert org_client.get(PASSWORD).status_code == 405


def test_a_stranger_cannot_change_a_password(anon_client):
    assert goes_to_login(change(anon_client))
