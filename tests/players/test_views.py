"""The register's screens (players/views.py): list and search, add, change, remove and put
back, merge and take back, a person's history; each with the wrong method, an outsider, a
scorer, a stranger and its htmx partial."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.interface import Player
from clubs.models import AuditEntry
from tests.builders import HTMX, add_pairs, make_drive, play_game, started_drive
from tests.builders.players import link, make_player

pytestmark = pytest.mark.django_db
REGISTER = reverse("players:register")


@pytest.fixture
def mary(club, organizer):
    return make_player(club, "Mary MacNeil", phone="902 555 0101", actor=organizer)


@pytest.fixture
def twin(club, organizer):
    return make_player(club, "Mary Mc Neil", actor=organizer)


def url(name, player):
    return reverse(f"players:{name}", args=[player.pk])


# Every address with the method it takes and data that would change something.
ACTIONS = {
    "register": ("get", None),
    "player": ("get", None),
    "player_edit": ("post", {"name": "Máire MacNeil"}),
    "player_remove": ("post", {}),
    "player_merge": ("post", "twin"),
}


def send(client, name, mary, twin, **extra):
    method, data = ACTIONS[name]
    target = REGISTER if name == "register" else url(name, mary)
    if data == "twin":
        data = {"other": twin.pk}
    return getattr(client, method)(target, data or {}, **extra)


@pytest.mark.parametrize("name", ACTIONS)
def test_a_stranger_is_sent_to_log_in(anon_client, mary, twin, name):
    r = send(anon_client, name, mary, twin)
    assert r.status_code == 302 and r.url.startswith(reverse("login"))


@pytest.mark.parametrize("name", [n for n in ACTIONS if n != "register"])
def test_another_clubs_organizer_gets_404_and_nothing_changes(other_club_client, mary, twin, name):
    before = AuditEntry.objects.count()
    assert send(other_club_client, name, mary, twin).status_code == 404
    assert AuditEntry.objects.count() == before


def test_another_club_sees_its_own_empty_register(other_club_client, mary):
    r = other_club_client.get(REGISTER)
    assert r.status_code == 200 and "Mary MacNeil" not in r.content.decode()


@pytest.mark.parametrize("name", ACTIONS)
def test_a_scorer_is_refused(scorer_client, mary, twin, name):
    assert send(scorer_client, name, mary, twin).status_code == 403


@pytest.mark.parametrize(
    ("name", "wrong"),
    [
        ("register", "put"),
        ("player", "post"),
        ("player_edit", "get"),
        ("player_remove", "get"),
        ("player_restore", "get"),
        ("player_merge", "get"),
        ("player_unmerge", "get"),
    ],
)
def test_the_wrong_method_is_405(org_client, mary, name, wrong):
    target = REGISTER if name == "register" else url(name, mary)
    assert getattr(org_client, wrong)(target).status_code == 405


def test_the_register_lists_and_searches_without_accents(org_client, club, organizer, mary):
    make_player(club, "Rémi Thériault", actor=organizer)
    page = org_client.get(REGISTER).content.decode()
    assert "Mary MacNeil" in page and "Rémi Thériault" in page
    r = org_client.get(REGISTER, {"q": "theriault"}, **HTMX, HTTP_HX_TARGET="register-list")
    body = r.content.decode()
    assert r.status_code == 200 and body.lstrip().startswith('<div id="register-list">')
    assert "Rémi Thériault" in body and "Mary MacNeil" not in body


def test_adding_a_player(org_client, club):
    r = org_client.post(REGISTER, {"name": "Éamon Ó Néill", "email": "eamon@example.ca"})
    assert r.status_code == 302
    p = Player.objects.get(club=club)
    assert (p.name, p.match_key, p.email) == ("Éamon Ó Néill", "eamon oneill", "eamon@example.ca")
    r = org_client.post(REGISTER, {"name": "Flora Gillis"}, **HTMX)
    assert r.status_code == 200 and 'id="content"' in r.content.decode()
    assert "Flora Gillis" in r.content.decode()


def test_a_bad_entry_is_shown_with_its_reason_and_nothing_saved(org_client, club):
    r = org_client.post(REGISTER, {"name": "Flora", "email": "flora at home"})
    assert r.status_code == 400 and "is not an e-mail address" in r.content.decode()
    r = org_client.post(REGISTER, {"name": "\u200b"}, **HTMX)
    assert r.status_code == 400 and Player.objects.count() == 0


def test_changing_an_entry(org_client, mary):
    r = org_client.post(url("player_edit", mary), {"name": "Máire MacNeil", "phone": ""})
    assert r.status_code == 302
    mary.refresh_from_db()
    assert (mary.name, mary.phone) == ("Máire MacNeil", "")
    r = org_client.post(url("player_edit", mary), {"name": "Mary MacNeil"}, **HTMX)
    assert r.status_code == 200 and "Mary MacNeil" in r.content.decode()
    r = org_client.post(url("player_edit", mary), {"name": "   "})
    assert r.status_code == 400


def test_removing_then_putting_back(org_client, mary):
    r = org_client.post(url("player_remove", mary), **HTMX)
    assert r.status_code == 200 and "Put Mary MacNeil back" in r.content.decode()
    mary.refresh_from_db()
    assert mary.removed_at is not None
    r = org_client.post(url("player_restore", mary))
    assert r.status_code == 302
    mary.refresh_from_db()
    assert mary.is_active
    assert org_client.post(url("player_restore", mary)).status_code == 409


def test_the_history_shows_nights_games_places_and_prizes(org_client, club, organizer, mary):
    drive = started_drive(club, organizer, pairs=4, games=2)
    link(drive.pairs.get(number=1), person1=mary)
    play_game(drive, organizer)
    waiting = make_drive(club, organizer, name="Next Friday")
    add_pairs(waiting, organizer, 2)
    link(waiting.pairs.get(number=2), person2=mary)
    r = org_client.get(url("player", mary))
    body = r.content.decode()
    assert r.status_code == 200
    assert "2 nights played" not in body and "1 night played" in body
    assert "Friday 45s" in body and "Next Friday" in body and "Player 1b" in body
    assert "not started" in body
    r = org_client.get(url("player", mary), **HTMX)
    assert r.status_code == 200 and r.content.decode().lstrip().startswith('<div id="content"')


def test_merging_from_the_page_and_taking_it_back(org_client, club, organizer, mary, twin):
    page = org_client.get(url("player", mary)).content.decode()
    assert "Merge Mary Mc Neil into this entry" in page
    r = org_client.post(url("player_merge", mary), {"other": twin.pk}, **HTMX)
    assert r.status_code == 200 and "Take back: Mary Mc Neil on its own again" in r.content.decode()
    twin.refresh_from_db()
    assert twin.merged_into_id == mary.pk
    r = org_client.post(url("player_unmerge", twin))
    assert r.status_code == 302 and r.url == url("player", mary)
    twin.refresh_from_db()
    assert twin.is_active


@pytest.mark.parametrize("other", ["", "abc", "99999999", "1" * 30])
def test_merging_a_wrong_entry_is_refused(org_client, mary, other):
    r = org_client.post(url("player_merge", mary), {"other": other})
    assert r.status_code in (400, 404)
    assert not Player.objects.filter(merged_into=mary).exists()


def test_merging_another_clubs_entry_is_refused(org_client, mary):
    from tests.builders import make_club

    stranger = make_player(make_club("Legion"), "Mary MacNeil")
    r = org_client.post(url("player_merge", mary), {"other": stranger.pk})
    assert r.status_code == 404
    stranger.refresh_from_db()
    assert stranger.merged_into_id is None


def test_partners_refused_in_the_page(org_client, club, organizer, mary, twin):
    drive = make_drive(club, organizer)
    add_pairs(drive, organizer, 1)
    link(drive.pairs.get(), person1=mary, person2=twin)
    r = org_client.post(url("player_merge", mary), {"other": twin.pk}, **HTMX)
    assert r.status_code == 409 and "two people" in r.content.decode()


def test_another_entry_by_any_name_can_be_found_to_merge(org_client, club, organizer, mary):
    maire = make_player(club, "Máire Nic Néill", actor=organizer)
    page = org_client.get(url("player", mary)).content.decode()
    assert "Merge Máire Nic Néill into this entry" not in page  # not alike by name
    r = org_client.get(url("player", mary), {"q": "maire"}, **HTMX)
    assert r.status_code == 200 and "Merge Máire Nic Néill into this entry" in r.content.decode()
    r = org_client.get(url("player", mary), {"q": "zzz"})
    assert "No one in the register by that name." in r.content.decode()
    assert org_client.post(url("player_merge", mary), {"other": maire.pk}).status_code == 302
