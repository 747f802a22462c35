"""API keys end with the password (accounts/services/tokens.py, people.py, signals.py).

A new password, set by the person on their Profile or by an organizer on the People page,
revokes every key of theirs in the same transaction and the same audit entry; `manage.py
changepassword` revokes them too. The Profile says so and revokes all of one's keys at a
tap. The API answers a dead key 401 in plain words.
"""

from __future__ import annotations

import html
import json

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from accounts.services import people as accounts
from accounts.services import tokens as api_tokens
from clubs.interface import DriveError
from clubs.models import ApiToken, AuditEntry
from tests.builders import HTMX, NOW, make_user, row_counts
from tests.builders.api import Api, key_for

pytestmark = pytest.mark.django_db

OLD = "pw-for-tests-1"  # tests.builders.make_user's password
NEW = "a-new-hall-password"
PROFILE = reverse("club:profile")
REVOKE_ALL = reverse("club:tokens_revoke_all")
SAYS = "Changing your password ends your API keys."


def works(key: str) -> bool:
    return Api(key).get("/api/drives").status_code == 200


def live(user) -> int:
    return ApiToken.objects.filter(user=user, revoked_at__isnull=True).count()


def everything() -> dict:
    return {
        **row_counts(),
        "tokens": list(ApiToken.objects.order_by("pk").values_list("pk", "revoked_at")),
    }


@pytest.fixture
def mary(club):
    return make_user(club, username="mary", role="scorer")


# --- A new password revokes the keys -----------------------------------------------------


def test_changing_ones_own_password_ends_ones_keys_in_its_one_audit_entry(club, organizer, mary):
    """The issue's case: the keys kept working after the password changed."""
    board, site = key_for(organizer, "Scoreboard"), key_for(organizer, "League site")
    marys = key_for(mary)
    before = AuditEntry.objects.count()
    later = NOW.replace(hour=21)
    accounts.password_change(
        user=organizer, club=club, old_password=OLD, new_password=NEW, now=later
    )
    assert not works(board) and not works(site)
    assert works(marys)  # only the person's own keys
    assert set(ApiToken.objects.filter(user=organizer).values_list("revoked_at", flat=True)) == {
        later
    }
    assert AuditEntry.objects.count() == before + 1
    [entry] = AuditEntry.objects.filter(action="password_change")
    assert entry.summary == "'organizer' changed their password; their 2 API keys were revoked"
    assert [k["name"] for k in entry.new["api_keys_revoked"]] == ["League site", "Scoreboard"]
    stored = json.dumps([entry.summary, entry.old, entry.new])
    assert board not in stored and site not in stored and NEW not in stored


def test_an_organizer_setting_a_persons_password_ends_that_persons_keys(club, organizer, mary):
    marys, mine = key_for(mary), key_for(organizer)
    accounts.member_password_set(club=club, user_id=mary.pk, password=NEW, actor=organizer, now=NOW)
    assert not works(marys) and works(mine)
    [entry] = AuditEntry.objects.filter(action="member_password_set")
    assert entry.summary == "Password for 'mary' changed; their 1 API key was revoked"
    assert AuditEntry.objects.filter(action="token_revoke").count() == 0


def test_a_key_revoked_before_keeps_its_time(club, organizer):
    old = api_tokens.token_create(actor=organizer, name="Old", now=NOW)
    earlier = NOW.replace(hour=18)
    api_tokens.token_revoke(token=old.token, actor=organizer, now=earlier)
    accounts.password_change(user=organizer, club=club, old_password=OLD, new_password=NEW, now=NOW)
    old.token.refresh_from_db()
    assert old.token.revoked_at == earlier
    [entry] = AuditEntry.objects.filter(action="password_change")
    assert entry.summary == "'organizer' changed their password"  # no key was working
    assert "api_keys_revoked" not in entry.new


def test_a_refused_new_password_leaves_the_keys_working(club, organizer):
    key = key_for(organizer)
    before = everything()
    with pytest.raises(DriveError):
        accounts.password_change(
            user=organizer, club=club, old_password=OLD, new_password="organizer1", now=NOW
        )
    with pytest.raises(DriveError):
        accounts.password_change(
            user=organizer, club=club, old_password="wrong-one", new_password=NEW, now=NOW
        )
    assert everything() == before and works(key)


def test_manage_py_changepassword_ends_the_keys_too(organizer, monkeypatch):
    key = key_for(organizer)
    monkeypatch.setattr("getpass.getpass", lambda prompt="": NEW)
    call_command("changepassword", "organizer", stdout=None)
    assert not works(key)


# --- What the API says -----------------------------------------------------------------


def refusal(response) -> str:
    assert response.status_code == 401
    assert response["Content-Type"].startswith("application/json")
    return response.json()["detail"]


def test_the_api_says_in_plain_words_that_a_key_ended_with_the_password(club, organizer):
    key = key_for(organizer)
    accounts.password_change(user=organizer, club=club, old_password=OLD, new_password=NEW, now=NOW)
    detail = refusal(Api(key).get("/api/drives"))
    assert detail.startswith("This key was revoked, so it no longer works")
    assert "when their password changes" in detail


def test_the_api_says_why_other_keys_do_not_work(club, organizer, mary):
    assert refusal(Api().get("/api/drives")).startswith("Send a key from your profile page")
    unknown = refusal(Api("cd_" + "x" * 43).get("/api/drives"))
    assert unknown == "That key is not known here. Make one on your profile page."
    assert refusal(Api("not-a-key").get("/api/drives")) == unknown
    leaver = key_for(mary)
    accounts.member_remove(club=club, user_id=mary.pk, actor=organizer, now=NOW)
    assert refusal(Api(leaver).get("/api/drives")) == (
        "This key's person was removed from the club, so it no longer works."
    )


# --- Revoke all my keys (Profile) ------------------------------------------------------------


def test_the_profile_says_keys_end_with_the_password_and_offers_revoke_all(org_client, organizer):
    page = html.unescape(org_client.get(PROFILE).content.decode())
    assert page.count(SAYS) == 2  # by the password form and by the keys
    assert REVOKE_ALL not in page  # no key to revoke
    key_for(organizer)
    page = html.unescape(org_client.get(PROFILE).content.decode())
    assert REVOKE_ALL in page and "Revoke all my API keys" in page


def test_revoke_all_stops_every_key_of_mine_with_one_audit_entry(org_client, organizer, mary):
    mine = [key_for(organizer, f"Key {n}") for n in range(3)]
    marys = key_for(mary)
    r = org_client.post(REVOKE_ALL)
    assert r.status_code == 302 and r.url == PROFILE
    assert "3 keys revoked: they no longer work." in org_client.get(PROFILE).content.decode()
    assert not any(works(k) for k in mine) and works(marys)
    [entry] = AuditEntry.objects.filter(action="tokens_revoke_all")
    assert entry.actor == organizer and entry.source == "front: profile"
    assert entry.summary == "3 API keys of organizer revoked (all of them)"
    assert AuditEntry.objects.filter(action="token_revoke").count() == 0


def test_revoke_all_with_no_working_key_changes_nothing(org_client):
    before = everything()
    r = org_client.post(REVOKE_ALL, follow=True)
    assert "You had no working keys: nothing changed." in html.unescape(r.content.decode())
    assert everything() == before


def test_revoke_all_with_htmx_answers_the_content_region(scorer_client):
    from django.contrib.auth import get_user_model

    key = key_for(get_user_model().objects.get(username="scorer"))
    r = scorer_client.post(REVOKE_ALL, **HTMX)
    page = r.content.decode()
    assert r.status_code == 200
    assert "<html" not in page and 'id="content"' in page
    assert "1 key revoked: it no longer works." in page
    assert "Revoke all my API keys" not in page
    assert not works(key)


def test_revoke_all_takes_only_post(org_client, organizer):
    key = key_for(organizer)
    assert org_client.get(REVOKE_ALL).status_code == 405
    assert works(key)


def test_a_stranger_is_sent_to_log_in_and_no_key_ends(anon_client, organizer):
    key = key_for(organizer)
    r = anon_client.post(REVOKE_ALL)
    assert r.status_code == 302 and r.url.startswith(reverse("login"))
    assert works(key)


def test_another_person_revoking_all_theirs_leaves_mine(other_club_client, organizer):
    key = key_for(organizer)
    assert other_club_client.post(REVOKE_ALL).status_code == 302
    assert works(key) and live(organizer) == 1


def test_an_account_without_a_club_is_refused(db):
    from django.contrib.auth import get_user_model

    lone = get_user_model().objects.create_user(username="lone", password=OLD)
    client = Client()
    client.force_login(lone)
    assert client.post(REVOKE_ALL).status_code == 403
    assert client.post(REVOKE_ALL, **HTMX).status_code == 403


# --- The screens' words after a new password ---------------------------------------------


def test_the_profile_says_the_keys_went_with_the_old_password(org_client, organizer):
    key_for(organizer)
    data = {"old_password": OLD, "new_password1": NEW, "new_password2": NEW}
    r = org_client.post(reverse("club:password_change"), data, follow=True)
    page = html.unescape(r.content.decode())
    assert "Your password was changed." in page
    assert "Your API keys were revoked with it: make new ones where needed." in page
    assert live(organizer) == 0


def test_the_people_page_says_a_persons_keys_went_with_their_password(org_client, mary):
    key_for(mary)
    url = reverse("club:member_password", args=[mary.pk])
    r = org_client.post(url, {"password": NEW}, follow=True)
    page = html.unescape(r.content.decode())
    assert "Password for mary changed." in page
    assert "The API keys of mary were revoked with it: they no longer work." in page
    assert live(mary) == 0


def test_no_word_of_keys_for_a_person_who_had_none(org_client, mary):
    url = reverse("club:member_password", args=[mary.pk])
    page = html.unescape(org_client.post(url, {"password": NEW}, follow=True).content.decode())
    assert "Password for mary changed." in page and "API keys of mary" not in page
