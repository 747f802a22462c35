"""The demo drive of `make run` and the table cards on the first real night.

`make run` on an empty database loads a demo club with a finished night and one stopped at
game 12. A demo drive is one setup_site loaded (Drive.is_demo): it never keeps the club's
table cards, so the first real drive started gets them, and it can be deleted on screen.
Whenever the cards open another drive's tables, the Start page and the result screen say so.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from clubs.models import AuditEntry, Club
from drives import services
from drives.models import Drive, Pair, TableGame
from tests.builders import HTMX, NOW, add_pairs, make_drive, make_user, row_counts, started_drive

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(settings, tmp_path, monkeypatch, capsys):
    """What `make run` leaves on an empty database, and a client logged in as its organizer."""
    monkeypatch.delenv("ORGANIZER_PASSWORD", raising=False)
    settings.ORGANIZER_PASSWORD_FILE = tmp_path / "organizer-password.txt"
    call_command("setup_site")
    capsys.readouterr()
    club = Club.objects.get()
    client = Client()
    client.force_login(club.memberships.get().user)
    return club, client


def table_page(club, table=1):
    link = services.table_links(club, table)[table - 1]
    return Client().get(link.path).content.decode()


def real_drive(club, pairs=8):
    organizer = club.memberships.get().user
    drive = make_drive(club, organizer, name="Friday night 45s", date=dt.date(2026, 12, 4))
    add_pairs(drive, organizer, pairs)
    return drive


def test_make_run_leaves_no_demo_drive_holding_the_table_cards(demo):
    club, _client = demo
    finished, tonight = Drive.objects.order_by("date")
    assert finished.is_demo and tonight.is_demo
    assert tonight.is_running
    assert club.table_drive_id is None
    page = table_page(club)
    assert "Tonight" not in page and "No drive is running at Demo Parish Hall" in page


def test_the_first_real_night_after_make_run_gets_the_table_cards(demo):
    club, client = demo
    drive = real_drive(club)
    start = reverse("drives:drive_start", args=[drive.pk])
    page = client.get(start).content.decode()
    assert "Tonight&#x27;s 45s drive is running" in page
    assert "is the demo drive" in page
    assert "The table cards will open this drive's tables." in page
    r = client.post(start, {"seed": "7", "alongside": "on"}, follow=True)
    assert r.redirect_chain[-1][0] == reverse("drives:game", args=[drive.pk, 1])
    said = r.content.decode()
    assert "The table cards open this drive&#x27;s tables." in said
    assert 'id="table-cards-elsewhere"' not in said
    club.refresh_from_db()
    assert club.table_drive_id == drive.pk
    assert "Friday night 45s" in table_page(club)


@pytest.fixture
def first(club, organizer):
    return started_drive(club, organizer, pairs=8, name="Friday 45s")


@pytest.fixture
def second(club, organizer):
    drive = make_drive(club, organizer, name="Christmas drive", date=dt.date(2026, 12, 18))
    add_pairs(drive, organizer, 6)
    return drive


def test_the_start_page_offers_the_table_cards_when_another_drive_has_them(
    org_client, club, first, second
):
    start = reverse("drives:drive_start", args=[second.pk])
    page = org_client.get(start).content.decode()
    assert "The table cards open the tables of Friday 45s" in page
    assert 'name="table_cards"' in page and "Use the table cards for this drive" in page
    # A real drive keeps them unless the organizer ticks the box.
    assert 'name="table_cards" checked' not in page
    before = AuditEntry.objects.count()
    r = org_client.post(start, {"seed": "", "alongside": "on", "table_cards": "on"})
    assert r.status_code == 302
    club.refresh_from_db()
    assert club.table_drive_id == second.pk
    # One state change, one audit entry: the start says it took the table cards.
    assert AuditEntry.objects.count() == before + 1
    entry = AuditEntry.objects.get(action="drive_start", drive=second)
    assert entry.new["table_cards"] is True
    assert "Christmas drive" in table_page(club)


def test_the_start_page_ticks_the_box_when_the_demo_has_the_cards(demo):
    club, client = demo
    organizer = club.memberships.get().user
    tonight = Drive.objects.get(is_demo=True, status=Drive.Status.RUNNING)
    services.table_drive_set(drive=tonight, actor=organizer, now=NOW)
    drive = real_drive(club)
    page = client.get(reverse("drives:drive_start", args=[drive.pk])).content.decode()
    assert "The table cards open the tables of Tonight&#x27;s 45s drive" in page
    assert 'name="table_cards" checked' in page


def test_the_result_screen_says_in_red_when_the_cards_open_another_drive(
    org_client, scorer_client, organizer, first, second
):
    services.drive_start(drive=second, actor=organizer, now=NOW, seed=1, alongside=True)
    page = org_client.get(reverse("drives:game", args=[second.pk, 1])).content.decode()
    assert 'id="table-cards-elsewhere" class="msg error' in page  # in red
    assert "The table cards open the tables of Friday 45s, not this drive" in page
    assert reverse("drives:table_cards_serve", args=[second.pk]) in page
    # A scorer reads it too, without the organizer's button.
    seen = scorer_client.get(reverse("drives:game", args=[second.pk, 1])).content.decode()
    assert 'id="table-cards-elsewhere"' in seen
    assert reverse("drives:table_cards_serve", args=[second.pk]) not in seen
    mine = org_client.get(reverse("drives:game", args=[first.pk, 1])).content.decode()
    assert 'id="table-cards-elsewhere"' not in mine


def test_the_result_screen_says_so_when_the_cards_open_no_drive(org_client, club, first):
    Club.objects.filter(pk=club.pk).update(table_drive=None)
    page = org_client.get(reverse("drives:game", args=[first.pk, 1])).content.decode()
    assert 'id="table-cards-elsewhere"' in page
    assert "The table cards open no drive right now" in page


# --- Deleting the demo -----------------------------------------------------------


def delete_url(drive):
    return reverse("drives:drive_delete", args=[drive.pk])


def test_a_demo_drive_is_deleted_on_screen_with_one_audit_entry(demo):
    club, client = demo
    tonight = Drive.objects.get(is_demo=True, status=Drive.Status.RUNNING)
    detail = client.get(reverse("drives:drive_detail", args=[tonight.pk])).content.decode()
    assert "Delete the demo drive" in detail and delete_url(tonight) in detail
    listing = client.get(reverse("drives:drive_list")).content.decode()
    assert "Demo" in listing
    asked = client.get(delete_url(tonight))
    assert asked.status_code == 200
    assert "Delete Tonight&#x27;s 45s drive?" in asked.content.decode()
    entries = AuditEntry.objects.count()
    drive_entries = AuditEntry.objects.filter(drive=tonight).count()
    r = client.post(delete_url(tonight))
    assert r.status_code == 302 and r["Location"] == reverse("drives:drive_list")
    assert not Drive.objects.filter(pk=tonight.pk).exists()
    assert not Pair.objects.filter(drive_id=tonight.pk).exists()
    assert not TableGame.objects.filter(drive_id=tonight.pk).exists()
    # The drive's own trail goes with it; one entry on the club's trail says it went.
    assert AuditEntry.objects.count() == entries - drive_entries + 1
    entry = AuditEntry.objects.get(action="drive_delete")
    assert entry.drive_id is None and entry.club_id == club.pk
    assert entry.old["name"] == "Tonight's 45s drive"
    after = client.get(reverse("drives:drive_list")).content.decode()
    assert reverse("drives:drive_detail", args=[tonight.pk]) not in after
    assert "The demo drive Tonight&#x27;s 45s drive is deleted." in after


def test_deleting_htmx_wrong_method_and_outsiders(demo, db):
    club, client = demo
    finished = Drive.objects.get(is_demo=True, status=Drive.Status.FINISHED)
    asked = client.get(delete_url(finished), **HTMX)
    assert asked.status_code == 200 and "<html" not in asked.content.decode()
    assert client.put(delete_url(finished)).status_code == 405
    scorer = Client()
    scorer.force_login(make_user(club, username="mary", role="scorer"))
    other = Client()
    other.force_login(make_user(Club.objects.create(name="Legion"), username="legion"))
    before = row_counts()
    assert scorer.post(delete_url(finished)).status_code == 403
    assert other.post(delete_url(finished)).status_code == 404
    assert Client().post(delete_url(finished)).status_code == 302  # to the login
    assert row_counts() == before
    r = client.post(delete_url(finished), **HTMX)
    assert r.status_code == 200 and r["HX-Redirect"] == reverse("drives:drive_list")
    assert not Drive.objects.filter(pk=finished.pk).exists()


def test_a_real_drive_cannot_be_deleted(org_client, first):
    page = org_client.get(reverse("drives:drive_detail", args=[first.pk])).content.decode()
    assert delete_url(first) not in page
    before = row_counts()
    r = org_client.post(delete_url(first))
    assert r.status_code == 409
    assert "Only a demo drive can be deleted" in r.content.decode()
    assert row_counts() == before
