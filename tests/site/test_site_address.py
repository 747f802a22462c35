"""The site's own address on printed table cards, their QR codes, the table links page and the
board's address on the drive page (config/network.py, drives/services/links.py).

They come from SITE_BASE_URL, or the hall network address found once at start: never from the
Host header a request happens to carry, which any device on the network can fake (with
ALLOWED_HOSTS=* the site answers whatever Host it is sent).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from drives import services
from tests.builders import started_drive
from tests.builders.pdf import pages_text

pytestmark = pytest.mark.django_db

EVIL = "evil.example"


@pytest.fixture
def first(club, organizer):
    return started_drive(club, organizer, pairs=8, name="Friday 45s")


def test_table_links_and_cards_ignore_a_faked_host(org_client, club, first):
    page = org_client.get(reverse("club:table_links"), HTTP_HOST=EVIL).content.decode()
    assert EVIL not in page
    assert "/t/" in page
    pdf = org_client.get(
        reverse("printing:pdf_table_cards", args=[first.pk]) + "?tables=1", HTTP_HOST=EVIL
    )
    text = pages_text(pdf)[0].replace("\n", "")
    token = services.table_links(club, 1)[0].token
    assert EVIL not in text and f"/t/{token}/" in text


def test_the_board_address_on_the_drive_page_ignores_a_faked_host(org_client, first):
    first.board_public = True
    first.save()
    page = org_client.get(
        reverse("drives:drive_detail", args=[first.pk]), HTTP_HOST=EVIL
    ).content.decode()
    assert EVIL not in page
    assert f"/board/{first.pk}/" in page


def test_the_cards_address_is_the_configured_one_else_the_hall_network(settings):
    from config import network

    assert network.base_url(configured="http://carddrive.local:8000/", port="8000") == (
        "http://carddrive.local:8000"
    )
    found = network.base_url(configured="", port="8123")
    assert found.startswith("http://") and found.endswith(":8123")
    assert settings.SITE_BASE_URL.startswith("http://")
