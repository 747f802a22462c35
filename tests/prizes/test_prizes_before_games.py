"""Before any game is won the prizes page shows the prize settings and nothing to settle:
every pair on 0 is not a tie."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from drives.models import PlacePrize, PrizeSettings
from printing.pdf import data
from tests.builders import add_pairs, make_drive, started_drive

pytestmark = pytest.mark.django_db


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.fixture
def drive(club, organizer):
    d = make_drive(club, organizer)
    add_pairs(d, organizer, 8)
    PlacePrize.objects.create(drive=d, place=1, cents=4000)
    PlacePrize.objects.create(drive=d, place=2, item="a turkey")
    PrizeSettings.objects.create(drive=d, booby_item="a deck of cards")
    return d


def test_before_the_start_the_prizes_page_shows_the_settings_and_no_tie(drive, org_client):
    r = org_client.get(reverse("prizes:prizes", args=[drive.pk]))
    assert r.status_code == 200
    page = _text(r.content.decode())
    assert "Tie: settle" not in page and "Tie: not settled yet" not in page
    assert "Nothing to settle until games are played" in page
    assert "Place 1: $40.00" in page and "Place 2: a turkey" in page and "Place 3: no prize" in page
    assert "Booby prize: a deck of cards" in page


def test_a_tie_screen_before_any_game_has_nothing_to_settle(drive, org_client):
    r = org_client.get(reverse("prizes:tie", args=[drive.pk, "place-1"]))
    assert r.status_code == 404
    assert b"no pair has a score" in r.content


def test_during_game_one_with_no_result_yet_still_nothing_to_settle(club, organizer, org_client):
    d = started_drive(club, organizer, pairs=8)
    page = _text(org_client.get(reverse("prizes:prizes", args=[d.pk])).content.decode())
    assert "Tie: settle" not in page and "Nothing to settle until games are played" in page
    lines = [getattr(i, "text", "") for s in data.prize_report(d).sections for i in s.items]
    assert any("Nothing to settle until games are played" in t for t in lines)
