"""Which running drive the club's table cards open.

A club's table cards (QR links) open one running drive that the organizer chose: the first
drive started, until the organizer points them at another. A second drive started the same
night, or one dated in the future, never takes them over by itself.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import AuditEntry, Club
from drives import services
from tests.builders import HTMX, NOW, add_pairs, make_drive, row_counts, started_drive

pytestmark = pytest.mark.django_db


@pytest.fixture
def first(club, organizer):
    return started_drive(club, organizer, pairs=8, name="Friday 45s")


@pytest.fixture
def second(club, organizer):
    """A second drive, dated next week, ready to start."""
    drive = make_drive(club, organizer, name="Christmas drive", date=dt.date(2026, 12, 18))
    add_pairs(drive, organizer, 6)
    return drive


def table_page(club, table=1):
    link = services.table_links(club, table)[table - 1]
    return Client().get(link.path).content.decode()


def start_url(drive):
    return reverse("drives:drive_start", args=[drive.pk])


def serve_url(drive):
    return reverse("drives:table_cards_serve", args=[drive.pk])


def test_the_table_page_names_the_drive(club, first):
    page = table_page(club)
    assert "Friday 45s" in page


def test_starting_a_second_drive_asks_first_and_writes_nothing(org_client, first, second):
    before = row_counts()
    r = org_client.post(start_url(second), {"seed": ""})
    assert r.status_code == 409
    page = r.content.decode()
    assert "Friday 45s is running" in page
    assert "Start this drive as well" in page
    assert row_counts() == before
    second.refresh_from_db()
    assert second.is_setup


def test_a_second_drive_started_does_not_take_over_the_table_cards(org_client, club, first, second):
    r = org_client.post(start_url(second), {"seed": "", "alongside": "on"})
    assert r.status_code == 302
    second.refresh_from_db()
    assert second.is_running
    page = table_page(club)
    assert "Friday 45s" in page and "Christmas drive" not in page
    club.refresh_from_db()
    assert club.table_drive_id == first.pk


def test_the_drive_page_shows_and_changes_which_drive_the_cards_open(
    org_client, club, organizer, first, second
):
    services.drive_start(drive=second, actor=organizer, now=NOW, seed=1, alongside=True)
    mine = org_client.get(reverse("drives:drive_detail", args=[first.pk])).content.decode()
    assert "The table cards open this drive" in mine
    other = org_client.get(reverse("drives:drive_detail", args=[second.pk])).content.decode()
    assert "The table cards open Friday 45s" in other
    assert "Use the table cards for this drive" in other
    r = org_client.post(serve_url(second))
    assert r.status_code == 302
    assert "Christmas drive" in table_page(club)
    entry = AuditEntry.objects.get(action="table_cards_serve")
    assert entry.drive_id == second.pk and entry.old == {"drive": first.pk}
    # Pointing them at the drive they already open writes nothing.
    before = row_counts()
    org_client.post(serve_url(second))
    assert row_counts() == before


def test_the_first_drive_started_gets_the_table_cards(club, organizer, first):
    club.refresh_from_db()
    assert club.table_drive_id == first.pk


def test_a_drive_not_running_cannot_have_the_table_cards(org_client, club, first, second):
    before = row_counts()
    r = org_client.post(serve_url(second))
    assert r.status_code == 409
    assert row_counts() == before
    assert Club.objects.get(pk=club.pk).table_drive_id == first.pk


def test_choosing_the_drive_htmx_wrong_method_and_outsiders(
    org_client, scorer_client, other_club_client, anon_client, organizer, first, second
):
    services.drive_start(drive=second, actor=organizer, now=NOW, seed=1, alongside=True)
    r = org_client.post(serve_url(second), **HTMX)
    assert r.status_code == 200
    assert r["HX-Redirect"] == reverse("drives:drive_detail", args=[second.pk])
    assert org_client.get(serve_url(second)).status_code == 405
    before = row_counts()
    assert scorer_client.post(serve_url(first)).status_code == 403
    assert other_club_client.post(serve_url(first)).status_code == 404
    assert anon_client.post(serve_url(first)).status_code == 302
    assert row_counts() == before


def test_the_start_screen_htmx_asks_too(org_client, first, second):
    r = org_client.post(start_url(second), {"seed": ""}, **HTMX)
    assert r.status_code == 409
    assert "Start this drive as well" in r.content.decode()
    assert "<html" not in r.content.decode()
