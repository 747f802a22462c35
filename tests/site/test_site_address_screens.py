"""Addresses on the screens that print or show them: a warning when table cards would carry
an address no phone can open, a note when the page is open at the laptop's own name, and
the "test a table card" step (a QR code a phone scans to see it reaches the laptop)."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from django.urls import reverse

from tests.builders import make_drive, started_drive

SCREENS = ["club:table_links", "club:table_card_test", "print", "drive"]


def screen_url(name, drive):
    if name == "print":
        return reverse("printing:print", args=[drive.pk])
    if name == "drive":
        return reverse("drives:drive_detail", args=[drive.pk])
    return reverse(name)


@pytest.fixture
def drive(club, organizer):
    return make_drive(club, organizer)


@pytest.mark.parametrize("name", SCREENS)
def test_cards_that_would_carry_a_loopback_address_are_warned_about(
    org_client, drive, settings, name
):
    settings.SITE_BASE_URL = "http://127.0.0.1:8000"
    page = org_client.get(screen_url(name, drive)).content.decode()
    assert "would carry http://127.0.0.1:8000, which no phone can open" in page
    assert 'class="msg error" id="address-note"' in page


@pytest.mark.parametrize("name", SCREENS)
def test_a_page_open_at_localhost_says_which_address_phones_use(org_client, drive, settings, name):
    settings.SITE_BASE_URL = "http://192.168.1.10:8000"
    settings.ALLOWED_HOSTS = ["*"]
    r = org_client.get(screen_url(name, drive), HTTP_HOST="localhost:8000")
    page = r.content.decode()
    assert "this laptop&#x27;s own name for itself" in page or "own name for itself" in page
    assert "Phones and tablets use http://192.168.1.10:8000" in page


@pytest.mark.parametrize("name", SCREENS)
def test_a_page_open_at_the_hall_address_says_nothing_about_addresses(
    org_client, drive, settings, name
):
    settings.SITE_BASE_URL = "http://192.168.1.10:8000"
    settings.ALLOWED_HOSTS = ["*"]
    page = org_client.get(screen_url(name, drive), HTTP_HOST="192.168.1.10:8000").content
    assert b'id="address-note"' not in page


def test_the_table_card_test_shows_a_qr_code_of_the_reach_page(org_client, settings):
    settings.SITE_BASE_URL = "http://192.168.1.10:8000"
    page = org_client.get(reverse("club:table_card_test")).content.decode()
    assert "http://192.168.1.10:8000/club/reach/" in page
    assert f'src="{reverse("club:table_card_test_qr")}"' in page
    qr = org_client.get(reverse("club:table_card_test_qr"))
    assert qr.status_code == 200
    assert qr["Content-Type"] == "image/svg+xml"
    assert qr.content.startswith(b"<?xml") and b"<svg" in qr.content


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm is not installed")
def test_the_qr_code_reads_back_as_the_reach_address(tmp_path):
    """The code (the same drawing the SVG is made from), rendered and scanned, holds
    exactly the reach address."""
    import zxingcpp
    from PIL import Image
    from reportlab.graphics import renderPDF

    from drives.views.links import qr_drawing

    url = "http://192.168.1.10:8000/club/reach/"
    (tmp_path / "qr.pdf").write_bytes(renderPDF.drawToString(qr_drawing(url)))
    subprocess.run(
        ["pdftoppm", "-r", "100", "-png", "-singlefile", "qr.pdf", "qr"], cwd=tmp_path, check=True
    )
    assert [b.text for b in zxingcpp.read_barcodes(Image.open(tmp_path / "qr.png"))] == [url]


def test_the_reach_page_needs_no_login_and_says_it_worked(client, db, settings):
    settings.SITE_BASE_URL = "http://192.168.1.10:8000"
    r = client.get(reverse("club:reach"))
    assert r.status_code == 200
    page = r.content.decode()
    assert "This phone reaches the laptop" in page
    assert "http://192.168.1.10:8000" in page
    assert client.post(reverse("club:reach")).status_code == 405


def test_the_table_card_test_is_for_organizers(scorer_client, other_club_client, client, db):
    for name in ("club:table_card_test", "club:table_card_test_qr"):
        assert scorer_client.get(reverse(name)).status_code == 403
        assert other_club_client.get(reverse(name)).status_code == 200  # their own club's test
        anonymous = client.get(reverse(name))
        assert anonymous.status_code == 302 and "login" in anonymous.url


def test_the_table_card_test_answers_htmx_with_the_content(org_client):
    r = org_client.get(reverse("club:table_card_test"), HTTP_HX_REQUEST="true")
    assert r.status_code == 200
    assert b"<html" not in r.content
    assert b"Test a table card" in r.content


def test_a_started_drive_page_has_the_note_too(org_client, club, organizer, settings):
    settings.SITE_BASE_URL = "http://127.0.0.1:8000"
    drive = started_drive(club, organizer, pairs=4)
    page = org_client.get(reverse("drives:drive_detail", args=[drive.pk])).content.decode()
    assert "which no phone can open" in page
