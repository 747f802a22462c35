"""The busy screens cost the same number of SQL queries at 20 pairs as at 120:
a big hall's night must not slow to a crawl table by table (drives/queries.py)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from drives.models import TableGame
from tests.conftest import play_game, started_drive

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
SIZES = (20, 120)


def queries_of(call) -> int:
    with CaptureQueriesContext(connection) as ctx:
        response = call()
    assert response.status_code in (200, 302), response.content[:300]
    return len(ctx.captured_queries)


@pytest.fixture
def drives(club, organizer):
    """A small and a big drive, each with game 1 seated and every result in."""
    out = {}
    for n in SIZES:
        drive = started_drive(club, organizer, pairs=n, games=5, seed=n)
        play_game(drive, organizer)
        out[n] = drive
    return out


def first_table(drive):
    tg = TableGame.objects.get(drive=drive, game=drive.current_game, table=1)
    return [s.pair.number for s in tg.seats.select_related("pair").order_by("slot")]


def test_the_drives_really_differ_in_size(drives):
    assert [TableGame.objects.filter(drive=drives[n], game=1).count() for n in SIZES] == [10, 60]


def test_a_result_tap_costs_the_same_at_20_and_120_pairs(org_client, drives):
    counts = []
    for n in SIZES:
        drive = drives[n]
        _, loser = first_table(drive)
        url = reverse("drives:result_record", args=[drive.pk, 1, 1])
        # Changing a winner is the costliest tap: a read, an update and an audit entry.
        counts.append(
            queries_of(lambda url=url, w=loser: org_client.post(url, {"winner": w}, **HTMX))
        )
    assert counts[0] == counts[1]


def test_the_result_screen_costs_the_same_at_20_and_120_pairs(org_client, drives):
    counts = [
        queries_of(lambda d=drives[n]: org_client.get(reverse("drives:game", args=[d.pk, 1])))
        for n in SIZES
    ]
    assert counts[0] == counts[1]


def test_the_standings_cost_the_same_at_20_and_120_pairs(org_client, drives):
    counts = [
        queries_of(
            lambda d=drives[n]: org_client.get(reverse("board:drive_standings", args=[d.pk]))
        )
        for n in SIZES
    ]
    assert counts[0] == counts[1]


def test_next_game_costs_the_same_at_20_and_120_pairs(org_client, drives):
    counts = []
    for n in SIZES:
        url = reverse("drives:game_next", args=[drives[n].pk, 1])
        counts.append(queries_of(lambda url=url: org_client.post(url, {"from_game": "1"})))
        drives[n].refresh_from_db()
        assert drives[n].current_game == 2
    assert counts[0] == counts[1]
