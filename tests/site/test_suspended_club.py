"""A suspended club: every row kept, and every audience refused with the reason and who to
ask: its members on every club screen (a plain 403 page, or the flash region for htmx), its
API keys (403 JSON), its table cards and pair cards (403), its public boards (not shown,
as a board switched off). Restored, all of it works again; other clubs never notice."""

from __future__ import annotations

import json
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from drives.models import Drive
from siteadmin import services
from tests.builders import HTMX, NOW, row_counts
from tests.builders.api import Api
from tests.builders.roles import ROUTES, state
from tests.builders.server import address_values, club_in_use, make_site_admin

pytestmark = pytest.mark.django_db

REASON = "Dues unpaid since June"
SAID = f"This club is suspended: {REASON}. Ask the association's site administrator to restore it."


@pytest.fixture
def server():
    admin = make_site_admin()
    hall, legion = club_in_use(admin, 1), club_in_use(admin, 2)
    for c in (hall, legion):
        Drive.objects.filter(club=c.club).update(board_public=True, standings_public=True)
    services.club_suspend(club=hall.club, reason=REASON, actor=admin, now=NOW)
    return admin, hall, legion


def client_of(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def club_screens(c) -> list[str]:
    """Addresses of the club's screens that its members open, one or more per app."""
    values = address_values(c)
    names = [
        "drives:drive_list",
        "drives:drive_detail",
        "drives:game",
        "drives:pairs",
        "prizes:prizes",
        "printing:print",
        "exchange:drive_export",
        "board:drive_standings",
        "seasons:series_list",
        "seasons:series_standings",
        "leagues:league_list",
        "leagues:league_detail",
        "leagues:night_detail",
        "players:register",
        "players:player",
        "scorekeeper:game_list",
        "scorekeeper:game",
        "club:people",
        "club:profile",
        "club:table_links",
    ]
    return [ROUTES[name].url(values) for name in names]


def test_its_members_read_the_reason_on_every_screen(server):
    _admin, hall, _legion = server
    before = state()
    for user in (hall.organizer, hall.scorer):
        client = client_of(user)
        for url in club_screens(hall):
            r = client.get(url)
            assert r.status_code == 403, (user, url, r.status_code)
            text = r.content.decode()
            assert "This club is suspended" in text and REASON in text, url
            assert "Finished night 1" not in text and "Mary MacNeil 1" not in text, url
    assert state() == before


def test_its_members_writes_are_refused_and_write_nothing(server):
    _admin, hall, _legion = server
    client = client_of(hall.organizer)
    before = state()
    values = address_values(hall)
    for name in ("drives:drive_create", "drives:pair_add", "drives:result_record", "club:people"):
        url = ROUTES[name].url(values)
        r = client.post(url, {"name": "x", "player1": "A", "player2": "B", "winner": 1})
        assert r.status_code == 403, (name, r.status_code)
        htmx = client.post(url, {}, **HTMX)
        assert htmx.status_code == 403 and SAID in unescape(htmx.content.decode()), name
    assert state() == before


def test_the_page_names_who_to_ask_when_the_server_says(server, settings):
    settings.SITE_CONTACT = "office@cb45s.ca"
    _admin, hall, _legion = server
    text = client_of(hall.organizer).get(reverse("drives:drive_list")).content.decode()
    assert "Ask the association&#x27;s site administrator (office@cb45s.ca) to restore it." in text


def test_its_api_keys_are_refused_with_the_reason(server):
    _admin, hall, legion = server
    for path in ("/api/drives", f"/api/drives/{hall.drive.pk}/standings"):
        r = Api(hall.key).get(path)
        assert r.status_code == 403, path
        assert json.loads(r.content) == {"detail": SAID}
    before = row_counts()
    r = Api(hall.key).post("/api/drives", {"name": "Friday", "date": "2026-12-11"})
    assert r.status_code == 403 and row_counts() == before
    assert Api(legion.key).get("/api/drives").status_code == 200


def test_its_table_cards_and_pair_cards_refuse(server):
    _admin, hall, _legion = server
    phone = Client()
    before = state()
    table = reverse("table:page", args=[hall.link.token])
    card = reverse("card:page", args=[hall.pair.card_token])
    for url in (table, card):
        r = phone.get(url)
        assert r.status_code == 403 and REASON in r.content.decode(), url
    report = reverse("table:report", args=[hall.link.token])
    r = phone.post(report, {"game": 1, "winner": hall.pair.number, "key": "k" * 16})
    assert r.status_code == 403
    assert phone.get(card, **HTMX).status_code == 403
    assert state() == before


def test_its_public_boards_are_not_shown(server):
    _admin, hall, legion = server
    for name in ("board:board", "board:standings"):
        assert Client().get(reverse(name, args=[hall.drive.pk])).status_code == 404
        assert Client().get(reverse(name, args=[legion.drive.pk])).status_code == 200


def test_every_row_is_kept_and_a_restore_opens_it_all_again(server):
    admin, hall, _legion = server
    counts = state()
    services.club_restore(club=hall.club, actor=admin, now=NOW)
    after = state()
    assert after["AuditEntry"] == counts["AuditEntry"] + 1
    assert {k: v for k, v in after.items() if "Audit" not in k} == {
        k: v for k, v in counts.items() if "Audit" not in k
    }
    client = client_of(hall.organizer)
    for url in club_screens(hall):
        assert client.get(url).status_code == 200, url
    assert Api(hall.key).get("/api/drives").status_code == 200
    assert Client().get(reverse("table:page", args=[hall.link.token])).status_code == 200
    assert Client().get(reverse("card:page", args=[hall.pair.card_token])).status_code == 200
    assert Client().get(reverse("board:board", args=[hall.drive.pk])).status_code == 200


def test_another_clubs_people_do_not_notice(server):
    _admin, _hall, legion = server
    client = client_of(legion.organizer)
    for url in club_screens(legion):
        assert client.get(url).status_code == 200, url
