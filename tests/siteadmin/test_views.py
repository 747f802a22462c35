"""The site administrator's screens under /site/: the clubs with their use, a new club with
its organizer, a suspension and a restore. Only a site administrator sees them."""

from __future__ import annotations

import pytest
from django.contrib.auth import authenticate
from django.test import Client
from django.urls import reverse

from clubs.models import AuditEntry, Club, Membership
from drives.models import Drive
from siteadmin import services
from tests.builders import HTMX, NOW, add_pairs, make_drive, make_user, started_drive
from tests.builders.players import make_player
from tests.builders.server import PASSWORD, make_site_admin, new_club
from tests.support import assert_statement_count

pytestmark = pytest.mark.django_db

CLUBS = reverse("siteadmin:clubs")
NEW = reverse("siteadmin:club_new")


@pytest.fixture
def admin():
    return make_site_admin()


@pytest.fixture
def admin_client(admin):
    c = Client()
    c.force_login(admin)
    return c


@pytest.fixture
def legion(admin):
    return new_club(admin, "Legion Branch 12", "legion").club


def suspend_url(club):
    return reverse("siteadmin:club_suspend", args=[club.pk])


def restore_url(club):
    return reverse("siteadmin:club_restore", args=[club.pk])


def goes_to_login(response) -> bool:
    return response.status_code == 302 and response.url.startswith(reverse("login"))


def state() -> tuple:
    return (
        list(Club.objects.order_by("pk").values_list("name", "suspended_at", "suspended_reason")),
        Membership.objects.count(),
        AuditEntry.objects.count(),
    )


# --- Who may come in --------------------------------------------------------------------


def every_address(club) -> list[str]:
    return [CLUBS, NEW, suspend_url(club), restore_url(club)]


def test_anonymous_is_sent_to_log_in(legion):
    for url in every_address(legion):
        assert goes_to_login(Client().get(url)), url
        assert goes_to_login(Client().post(url, {"reason": "x"})), url
    assert legion.suspended_at is None


def test_a_clubs_organizer_or_scorer_is_not_the_site_administrator(
    legion, org_client, scorer_client
):
    legion_organizer = Client()
    legion_organizer.force_login(Membership.objects.get(club=legion).user)
    before = state()
    for client in (org_client, scorer_client, legion_organizer):
        for url in every_address(legion):
            assert client.get(url).status_code == 404, url
            assert (
                client.post(url, {"reason": "x", "name": "A", "language": "en"}).status_code == 404
            )
            assert client.post(url, {}, **HTMX).status_code == 404, url
    assert state() == before


def test_a_site_administrator_lands_on_the_clubs_when_logging_in(admin):
    r = Client().post(reverse("login"), {"username": "association", "password": PASSWORD})
    assert r.status_code == 302 and r.url == CLUBS


def test_a_clubs_organizer_still_lands_on_the_drives(organizer):
    r = Client().post(reverse("login"), {"username": "organizer", "password": "pw-for-tests-1"})
    assert r.status_code == 302 and r.url == reverse("drives:drive_list")


def test_the_site_administrators_pages_link_to_the_clubs(admin_client):
    page = admin_client.get(reverse("club:profile"))
    assert page.status_code == 403  # the site administrator belongs to no club
    assert f'href="{CLUBS}"' in page.content.decode()


# --- The clubs --------------------------------------------------------------------------


def test_the_clubs_show_their_use(admin, admin_client, club, organizer, legion):
    finished = started_drive(club, organizer, pairs=4, date=NOW.date())
    Drive.objects.filter(pk=finished.pk).update(status=Drive.Status.FINISHED)
    make_drive(club, organizer, name="Next week", date=NOW.date().replace(day=30))  # not played
    for name in ("Mary MacNeil", "Angus MacIsaac"):
        make_player(club, name, actor=organizer)
    removed = make_player(club, "Joe Aucoin", actor=organizer)
    type(removed).objects.filter(pk=removed.pk).update(removed_at=NOW)
    make_user(club, username="scorer", role="scorer")
    services.club_suspend(club=legion, reason="Dues unpaid", actor=admin, now=NOW)
    r = admin_client.get(CLUBS)
    assert r.status_code == 200
    text = r.content.decode()
    hall = text[text.index(f'id="club-{club.pk}"') :]
    hall = hall[: hall.index("</li>")]
    # The 4 pairs' 8 people joined the register as they were registered, and the 2 added.
    assert "2 drives" in hall and "10 players in its register" in hall and "2 members" in hall
    assert "Last night: Nov. 29, 2026" in hall
    assert reverse("siteadmin:club_suspend", args=[club.pk]) in hall
    branch = text[text.index(f'id="club-{legion.pk}"') :]
    branch = branch[: branch.index("</li>")]
    assert "0 drives" in branch and "1 member" in branch and "No night played yet." in branch
    assert "Suspended" in branch and "Dues unpaid" in branch
    assert restore_url(legion) in branch


def test_the_clubs_are_read_in_a_fixed_number_of_statements(admin, admin_client):
    def count_for(clubs: int) -> int:
        for n in range(Club.objects.count(), clubs):
            member = new_club(admin, f"Hall {n}", f"organizer-{n}")
            drive = make_drive(member.club, member.user)
            add_pairs(drive, member.user, 2)
            make_player(member.club, f"Mary {n}", actor=member.user)
        with assert_statement_count(3, label=f"{clubs} clubs"):
            r = admin_client.get(CLUBS)
        assert r.content.decode().count('class="card stack') == clubs
        return r.status_code

    # The session, its person, and the clubs with their figures: 3, whatever the number.
    assert count_for(1) == 200
    assert count_for(6) == 200


def test_the_clubs_as_an_htmx_partial(admin_client, legion):
    r = admin_client.get(CLUBS, **HTMX)
    assert r.status_code == 200
    text = r.content.decode()
    assert "Legion Branch 12" in text and "<html" not in text


def test_the_clubs_take_no_post(admin_client, legion):
    before = state()
    assert admin_client.post(CLUBS, {}).status_code == 405
    assert state() == before


def test_the_clubs_speak_french(admin_client, legion):
    admin_client.cookies["django_language"] = "fr"
    text = admin_client.get(CLUBS).content.decode()
    assert "Nouveau club" in text and "1 membre" in text


# --- A new club ---------------------------------------------------------------------------


def test_a_new_club_is_made_with_its_organizer_and_the_password_shown_once(admin, admin_client):
    assert admin_client.get(NEW).status_code == 200
    r = admin_client.post(NEW, {"name": "Salle Saint-Pierre", "language": "fr", "username": "Rita"})
    assert r.status_code == 201
    assert "no-store" in r["Cache-Control"]
    club = Club.objects.get(name="Salle Saint-Pierre")
    member = Membership.objects.select_related("user").get(club=club)
    assert (club.language, member.role, member.user.username) == ("fr", "organizer", "Rita")
    text = r.content.decode()
    password = text.split('id="made-password">')[1].split("<")[0]
    assert len(password) >= 12
    assert authenticate(username="Rita", password=password) == member.user
    (entry,) = AuditEntry.objects.filter(club=club)
    assert (entry.action, entry.actor) == ("club_create", admin)
    assert password not in str(entry.new) and password not in entry.summary
    # The new organizer logs in and sees their club, in its language.
    rita = Client()
    assert rita.login(username="Rita", password=password)
    assert rita.get(reverse("drives:drive_list")).status_code == 200
    assert rita.get(reverse("club:people")).status_code == 200


def test_a_new_club_refused_says_why_and_writes_nothing(admin_client, organizer):
    before = state()
    r = admin_client.post(NEW, {"name": "Legion", "language": "en", "username": "ORGANIZER"})
    assert r.status_code == 400
    assert "The username ORGANIZER is taken. Choose another one." in r.content.decode()
    r = admin_client.post(NEW, {"name": " ", "language": "en", "username": "rita"})
    assert r.status_code == 400 and "This field is required." in r.content.decode()
    r = admin_client.post(NEW, {"name": "Legion", "language": "xx", "username": "rita"})
    assert r.status_code == 400
    r = admin_client.post(NEW, {"name": "x" * 121, "language": "en", "username": "rita"})
    assert r.status_code == 400
    assert state() == before


def test_a_new_club_as_an_htmx_partial(admin_client):
    r = admin_client.get(NEW, **HTMX)
    assert r.status_code == 200 and "<html" not in r.content.decode()
    r = admin_client.post(NEW, {"name": "Hall", "language": "en", "username": "hall"}, **HTMX)
    assert r.status_code == 201 and 'id="made-password"' in r.content.decode()


def test_a_new_club_takes_only_get_and_post(admin_client):
    before = state()
    assert admin_client.put(NEW).status_code == 405
    assert admin_client.delete(NEW).status_code == 405
    assert state() == before


# --- Suspend and restore ------------------------------------------------------------------


def test_a_club_is_suspended_once_confirmed_with_a_reason(admin, admin_client, legion):
    page = admin_client.get(suspend_url(legion))
    assert page.status_code == 200
    assert "Yes, suspend Legion Branch 12" in page.content.decode()
    r = admin_client.post(suspend_url(legion), {"reason": "Dues unpaid since June"})
    assert r.status_code == 302 and r.url == CLUBS
    legion.refresh_from_db()
    assert legion.suspended_reason == "Dues unpaid since June" and legion.suspended_at
    entry = AuditEntry.objects.filter(club=legion).first()
    assert (entry.action, entry.actor) == ("club_suspend", admin)
    assert "Legion Branch 12 is suspended." in admin_client.get(CLUBS).content.decode()


def test_a_suspension_without_a_reason_is_refused(admin_client, legion):
    before = state()
    r = admin_client.post(suspend_url(legion), {"reason": "  "})
    assert r.status_code == 400 and "This field is required." in r.content.decode()
    r = admin_client.post(suspend_url(legion), {"reason": "x" * 301})
    assert r.status_code == 400
    assert state() == before


def test_a_suspended_club_is_not_suspended_again(admin, admin_client, legion):
    services.club_suspend(club=legion, reason="Dues", actor=admin, now=NOW)
    before = state()
    r = admin_client.post(suspend_url(legion), {"reason": "Again"})
    assert r.status_code == 409
    assert "Legion Branch 12 is already suspended." in r.content.decode()
    assert state() == before


def test_a_club_is_restored_once_confirmed(admin, admin_client, legion):
    services.club_suspend(club=legion, reason="Dues unpaid", actor=admin, now=NOW)
    page = admin_client.get(restore_url(legion))
    assert page.status_code == 200
    assert "Yes, restore Legion Branch 12" in page.content.decode()
    r = admin_client.post(restore_url(legion))
    assert r.status_code == 302 and r.url == CLUBS
    legion.refresh_from_db()
    assert not legion.is_suspended
    assert AuditEntry.objects.filter(club=legion).first().action == "club_restore"


def test_a_club_in_use_is_not_restored(admin_client, legion):
    before = state()
    assert "is not suspended" in admin_client.get(restore_url(legion)).content.decode()
    r = admin_client.post(restore_url(legion))
    assert r.status_code == 409 and "Legion Branch 12 is not suspended." in r.content.decode()
    assert state() == before


def test_suspend_and_restore_as_htmx_partials(admin, admin_client, legion):
    for url in (suspend_url(legion), restore_url(legion)):
        r = admin_client.get(url, **HTMX)
        assert r.status_code == 200 and "<html" not in r.content.decode()
    r = admin_client.post(suspend_url(legion), {"reason": ""}, **HTMX)
    assert r.status_code == 400 and "<html" not in r.content.decode()


def test_suspend_and_restore_take_only_get_and_post(admin_client, legion):
    before = state()
    for url in (suspend_url(legion), restore_url(legion)):
        assert admin_client.put(url).status_code == 405
        assert admin_client.patch(url).status_code == 405
    assert state() == before


def test_a_club_that_is_not_there_is_not_found(admin_client):
    for name in ("siteadmin:club_suspend", "siteadmin:club_restore"):
        url = reverse(name, args=[987654])
        assert admin_client.get(url).status_code == 404
        assert admin_client.post(url, {"reason": "x"}).status_code == 404
