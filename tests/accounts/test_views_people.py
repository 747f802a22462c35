"""The People page (drives/people_views.py): list and add, password, role, remove."""

from __future__ import annotations

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.urls import reverse

from accounts.services import people as accounts
from clubs.models import AuditEntry, Membership
from tests.builders import HTMX, NOW, make_club, make_user, row_counts

pytestmark = pytest.mark.django_db

GOOD = "hall-password-1"
PEOPLE = reverse("club:people")


def goes_to_login(response) -> bool:
    return response.status_code == 302 and response.url.startswith(reverse("login"))


def everything() -> dict:
    users = get_user_model().objects.order_by("pk")
    return {
        **row_counts(),
        "users": [(u.username, u.is_active, u.password) for u in users],
        "members": sorted(Membership.objects.values_list("club_id", "user_id", "role")),
    }


@pytest.fixture
def mary(club, organizer):
    return accounts.member_add(
        club=club, username="mary", password=GOOD, role="scorer", actor=organizer, now=NOW
    ).user


def url(name, user):
    return reverse(f"club:{name}", args=[user.pk])


# Every People action, with data that would change something if it were allowed.
ACTIONS = {
    "people": ("get", None, None),
    "member_add": ("post", None, {"username": "joan", "password": GOOD, "role": "organizer"}),
    "member_password": ("post", "member_password", {"password": "new-hall-password"}),
    "member_role": ("post", "member_role", {"role": "organizer"}),
    "member_remove": ("post", "member_remove", {"confirm": "yes"}),
}


def send(client, action, member, **extra):
    method, name, data = ACTIONS[action]
    target = url(name, member) if name else PEOPLE
    return getattr(client, method)(target, data or {}, **extra)


@pytest.mark.parametrize("action", ACTIONS)
def test_a_stranger_is_sent_to_log_in_and_nothing_changes(anon_client, mary, action):
    before = everything()
    assert goes_to_login(send(anon_client, action, mary))
    assert everything() == before


@pytest.mark.parametrize("action", ACTIONS)
def test_a_scorer_cannot_manage_people(scorer_client, mary, action):
    before = everything()
    assert send(scorer_client, action, mary).status_code == 403
    assert send(scorer_client, action, mary, **HTMX).status_code == 403
    assert everything() == before


@pytest.mark.parametrize("action", ["member_password", "member_role", "member_remove"])
def test_another_clubs_organizer_gets_not_found_for_our_people(other_club_client, mary, action):
    before = everything()
    assert send(other_club_client, action, mary).status_code == 404
    assert send(other_club_client, action, mary, **HTMX).status_code == 404
    assert everything() == before


def test_another_clubs_organizer_sees_only_their_own_people(other_club_client, mary):
    page = other_club_client.get(PEOPLE).content.decode()
    assert "other-organizer" in page
    assert f'id="member-{mary.pk}"' not in page and ">mary<" not in page


@pytest.mark.parametrize(
    "name,method",
    [
        (None, "put"),
        (None, "delete"),
        ("member_password", "get"),
        ("member_role", "get"),
        ("member_remove", "get"),
        ("member_remove", "put"),
    ],
)
def test_the_wrong_method_is_refused(org_client, mary, name, method):
    before = everything()
    target = url(name, mary) if name else PEOPLE
    assert getattr(org_client, method)(target).status_code == 405
    assert everything() == before


# --- The list and adding someone -------------------------------------------------


def test_the_page_lists_everyone_with_their_role(org_client, mary):
    r = org_client.get(PEOPLE)
    assert r.status_code == 200
    page = r.content.decode()
    assert f'id="member-{mary.pk}"' in page
    assert "Scorer" in page and "Organizer" in page
    assert "Make organizer" in page  # for mary
    assert 'name="username"' in page and "<html" in page


def test_the_htmx_page_is_just_the_content(org_client, mary):
    r = org_client.get(PEOPLE, **HTMX)
    assert r.status_code == 200
    page = r.content.decode()
    assert '<div id="content"' in page and "mary" in page
    assert "<html" not in page


def test_the_only_organizer_has_no_demote_or_remove_buttons(org_client, organizer):
    page = org_client.get(PEOPLE).content.decode()
    assert "The only organizer" in page
    assert url("member_remove", organizer) not in page
    assert url("member_role", organizer) not in page


def test_adding_a_scorer_lets_them_log_in(org_client, club):
    r = org_client.post(PEOPLE, {"username": "mary", "password": GOOD, "role": "scorer"})
    assert r.status_code == 302 and r.url == PEOPLE
    user = authenticate(username="mary", password=GOOD)
    assert Membership.objects.get(user=user).club == club
    page = org_client.get(PEOPLE).content.decode()
    assert "Scorer mary added." in page
    entry = AuditEntry.objects.get(action="member_add")
    assert entry.source == "front: people" and GOOD not in entry.summary


def test_adding_with_htmx_answers_the_fresh_page_and_the_message(org_client):
    data = {"username": "joan", "password": GOOD, "role": "organizer"}
    r = org_client.post(PEOPLE, data, **HTMX)
    assert r.status_code == 200
    page = r.content.decode()
    assert "Organizer joan added." in page and 'hx-swap-oob="true"' in page
    assert 'value="joan"' not in page  # the add form is empty again
    assert Membership.objects.get(user__username="joan").role == "organizer"


def test_a_weak_password_is_refused_with_the_reason_and_the_name_kept(org_client):
    before = everything()
    r = org_client.post(PEOPLE, {"username": "mary", "password": "short", "role": "scorer"})
    assert r.status_code == 400
    page = r.content.decode()
    assert "This password is too short" in page
    assert 'value="mary"' in page and 'value="short"' not in page
    assert everything() == before


@pytest.mark.parametrize(
    ("username", "password", "reason"),
    [
        ("joan", "12345678", "This password is too common."),
        ("joan", "password", "This password is too common."),
        ("front-table", "front-table", "The password is too similar to the username."),
    ],
)
def test_a_common_or_username_password_is_refused_on_the_page(
    org_client, username, password, reason
):
    before = everything()
    r = org_client.post(PEOPLE, {"username": username, "password": password, "role": "scorer"})
    assert r.status_code == 400 and reason in r.content.decode()
    assert everything() == before


def test_the_add_form_states_the_password_rules(org_client):
    page = org_client.get(PEOPLE).content.decode()
    assert "can’t be a commonly used password" in page
    assert "can’t be entirely numeric" in page


def test_a_taken_username_is_refused(org_client, mary):
    before = everything()
    r = org_client.post(PEOPLE, {"username": "Mary", "password": GOOD, "role": "scorer"}, **HTMX)
    assert r.status_code == 400
    assert "The username Mary is taken" in r.content.decode()
    assert everything() == before


def test_an_empty_add_form_is_refused(org_client):
    before = everything()
    r = org_client.post(PEOPLE, {})
    assert r.status_code == 400 and "This field is required" in r.content.decode()
    assert everything() == before


# --- Password ---------------------------------------------------------------------


def test_a_new_password_works_and_the_old_one_does_not(org_client, mary):
    r = org_client.post(url("member_password", mary), {"password": "new-hall-password"})
    assert r.status_code == 302 and r.url == PEOPLE
    assert authenticate(username="mary", password="new-hall-password") == mary
    assert authenticate(username="mary", password=GOOD) is None
    assert "Password for mary changed." in org_client.get(PEOPLE).content.decode()


def test_a_new_password_with_htmx_answers_the_page_and_the_message(org_client, mary):
    r = org_client.post(url("member_password", mary), {"password": "new-hall-password"}, **HTMX)
    assert r.status_code == 200
    page = r.content.decode()
    assert "Password for mary changed." in page and "<html" not in page


def test_a_weak_new_password_is_shown_under_that_person(org_client, mary):
    before = everything()
    r = org_client.post(url("member_password", mary), {"password": "1234"}, **HTMX)
    assert r.status_code == 400
    page = r.content.decode()
    card = page[page.index(f'id="member-{mary.pk}"') :]
    assert "<details open>" in card and "This password is too short" in card
    assert everything() == before


def test_an_organizer_changing_their_own_password_stays_logged_in(org_client, organizer):
    r = org_client.post(url("member_password", organizer), {"password": "new-hall-password"})
    assert r.status_code == 302
    assert org_client.get(PEOPLE).status_code == 200
    organizer.refresh_from_db()
    assert organizer.check_password("new-hall-password")


# --- Role -----------------------------------------------------------------------


def test_a_scorer_made_an_organizer(org_client, mary):
    r = org_client.post(url("member_role", mary), {"role": "organizer"})
    assert r.status_code == 302 and r.url == PEOPLE
    assert Membership.objects.get(user=mary).role == "organizer"
    assert "mary is now an organizer." in org_client.get(PEOPLE).content.decode()


def test_a_role_change_with_htmx_answers_the_page(org_client, mary):
    r = org_client.post(url("member_role", mary), {"role": "organizer"}, **HTMX)
    assert r.status_code == 200
    assert "mary is now an organizer." in r.content.decode()


def test_the_last_organizer_cannot_be_made_a_scorer(org_client, organizer, mary):
    before = everything()
    r = org_client.post(url("member_role", organizer), {"role": "scorer"})
    assert r.status_code == 409 and "only organizer" in r.content.decode()
    r = org_client.post(url("member_role", organizer), {"role": "scorer"}, **HTMX)
    assert r.status_code == 409 and r["HX-Retarget"] == "#flash"
    assert everything() == before


def test_an_unknown_role_is_refused(org_client, mary):
    before = everything()
    r = org_client.post(url("member_role", mary), {"role": "treasurer"})
    assert r.status_code == 400 and "Choose organizer or scorer." in r.content.decode()
    assert everything() == before


def test_an_organizer_who_steps_down_leaves_the_people_page(org_client, club, organizer, mary):
    accounts.member_role_set(club=club, user_id=mary.pk, role="organizer", actor=organizer, now=NOW)
    r = org_client.post(url("member_role", organizer), {"role": "scorer"})
    assert r.status_code == 302 and r.url == reverse("drives:drive_list")
    r = org_client.post(url("member_role", mary), {"role": "scorer"}, **HTMX)
    assert r.status_code == 403  # a scorer now
    assert Membership.objects.get(user=organizer).role == "scorer"


# --- Remove ---------------------------------------------------------------------


def test_remove_asks_first_and_changes_nothing(org_client, mary):
    before = everything()
    r = org_client.post(url("member_remove", mary))
    assert r.status_code == 200
    page = r.content.decode()
    assert "Remove mary?" in page and "Yes, remove mary" in page
    assert 'name="confirm" value="yes"' in page
    r = org_client.post(url("member_remove", mary), **HTMX)
    assert r.status_code == 200 and "<html" not in r.content.decode()
    assert everything() == before


def test_a_confirmed_remove_ends_the_login(org_client, mary):
    r = org_client.post(url("member_remove", mary), {"confirm": "yes"})
    assert r.status_code == 302 and r.url == PEOPLE
    mary.refresh_from_db()
    assert not mary.is_active and not Membership.objects.filter(user=mary).exists()
    page = org_client.get(PEOPLE).content.decode()
    assert "mary removed: that account can no longer log in." in page
    assert f'id="member-{mary.pk}"' not in page


def test_a_confirmed_remove_with_htmx_answers_the_page(org_client, mary):
    r = org_client.post(url("member_remove", mary), {"confirm": "yes"}, **HTMX)
    assert r.status_code == 200
    assert "mary removed" in r.content.decode()


def test_a_removed_scorer_is_logged_out_of_their_tablet(org_client, club, mary):
    from django.test import Client

    tablet = Client()
    tablet.force_login(mary)
    assert tablet.get(reverse("drives:drive_list")).status_code == 200
    org_client.post(url("member_remove", mary), {"confirm": "yes"})
    assert goes_to_login(tablet.get(reverse("drives:drive_list")))


def test_the_last_organizer_cannot_be_removed(org_client, organizer, mary):
    before = everything()
    r = org_client.post(url("member_remove", organizer), {"confirm": "yes"})
    assert r.status_code == 409 and "only organizer" in r.content.decode()
    assert everything() == before


def test_an_organizer_removing_themselves_is_logged_out(org_client, club, organizer, mary):
    accounts.member_role_set(club=club, user_id=mary.pk, role="organizer", actor=organizer, now=NOW)
    r = org_client.post(url("member_remove", organizer), {"confirm": "yes"})
    assert r.status_code == 302 and r.url == reverse("login")
    assert goes_to_login(org_client.get(PEOPLE))


def test_a_member_of_another_club_is_not_found(org_client):
    stranger = make_user(make_club("Legion Branch 12"), username="legion", role="scorer")
    before = everything()
    for name in ("member_password", "member_role", "member_remove"):
        r = org_client.post(url(name, stranger), {"confirm": "yes", "role": "organizer"})
        assert r.status_code == 404
    assert everything() == before


# --- The way in -----------------------------------------------------------------


def test_the_drive_list_offers_people_to_organizers_only(org_client, scorer_client):
    assert PEOPLE in org_client.get(reverse("drives:drive_list")).content.decode()
    assert PEOPLE not in scorer_client.get(reverse("drives:drive_list")).content.decode()
