"""A drive holds at most MAX_PAIRS (400) pairs, wherever a pair is made: add, paste,
re-register, a late pair, the API, import. The refusal says why and writes nothing."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from clubs.interface import DriveError
from drives import services
from drives.models import MAX_PAIRS, Drive
from exchange import document as exchange
from tests.builders import NOW, add_pairs, make_drive, play_game, row_counts
from tests.builders.api import Api, key_for

pytestmark = pytest.mark.django_db

FULL = "A drive has at most 400 pairs"


def names(first: int, count: int) -> str:
    return "\n".join(f"Player {i}a & Player {i}b" for i in range(first, first + count))


@pytest.fixture
def full(club, organizer):
    drive = make_drive(club, organizer, name="Big night")
    services.pairs_bulk_add(drive=drive, actor=organizer, now=NOW, text=names(1, MAX_PAIRS))
    return drive


def test_the_limit_is_400_pairs():
    assert MAX_PAIRS == 400


def test_a_pair_past_the_limit_is_refused_on_the_pairs_page(org_client, full):
    before = row_counts()
    r = org_client.post(
        reverse("drives:pair_add", args=[full.pk]), {"player1": "Ann", "player2": "Bob"}
    )
    assert r.status_code == 400
    assert FULL in r.content.decode()
    assert row_counts() == before


def test_a_paste_that_would_pass_the_limit_is_refused_whole(org_client, club, organizer):
    drive = make_drive(club, organizer, name="Big night")
    services.pairs_bulk_add(drive=drive, actor=organizer, now=NOW, text=names(1, 390))
    before = row_counts()
    r = org_client.post(reverse("drives:pairs_bulk", args=[drive.pk]), {"text": names(391, 11)})
    assert r.status_code == 400
    assert FULL in r.content.decode() and "10 more" not in r.content.decode()
    assert row_counts() == before
    # Up to the limit is fine.
    r = org_client.post(reverse("drives:pairs_bulk", args=[drive.pk]), {"text": names(391, 10)})
    assert r.status_code == 302
    assert drive.pairs.count() == MAX_PAIRS


def test_re_registering_last_nights_pairs_past_the_limit_is_refused(org_client, full, organizer):
    copy = services.drive_copy(source=full, actor=organizer, now=NOW)
    services.pairs_bulk_add(drive=copy, actor=organizer, now=NOW, text="Ann & Bob")
    before = row_counts()
    r = org_client.post(reverse("drives:pairs_reregister", args=[copy.pk]), {"numbers": "all"})
    assert r.status_code == 400
    assert FULL in r.content.decode()
    assert row_counts() == before


def test_a_late_pair_past_the_limit_is_refused(org_client, full, organizer):
    drive = services.drive_start(drive=full, actor=organizer, now=NOW, seed=4)
    play_game(drive, organizer)
    services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW)
    before = row_counts()
    r = org_client.post(
        reverse("drives:seating_change", args=[drive.pk]),
        {"kind": "arrive", "player1": "Ann", "player2": "Bob", "from_game": 2},
    )
    assert r.status_code == 400
    assert FULL in r.content.decode()
    assert row_counts() == before


@pytest.mark.parametrize("many", [False, True], ids=["one pair", "a list"])
def test_the_api_refuses_pairs_past_the_limit(full, organizer, many):
    api = Api(key_for(organizer))
    before = row_counts()
    pair = {"player1": "Ann", "player2": "Bob"}
    r = api.post(f"/api/drives/{full.pk}/pairs", [pair] if many else pair)
    assert r.status_code == 400
    assert FULL in r.json()["detail"]
    assert row_counts() == before


def test_an_import_of_a_drive_with_more_pairs_than_the_limit_is_refused(club, organizer):
    drive = make_drive(club, organizer, name="Small night")
    add_pairs(drive, organizer, 2)
    document = exchange.drive_export(drive)
    pair = document["pairs"][0]
    document["pairs"] = [
        {**pair, "number": n, "player1": f"P{n}a", "player2": f"P{n}b"}
        for n in range(1, MAX_PAIRS + 2)
    ]
    raw = json.dumps(document).encode()
    drives = Drive.objects.count()
    with pytest.raises(DriveError, match="at most 400 pairs"):
        exchange.drive_import(
            club=club,
            document=exchange.read_document(raw),
            actor=organizer,
            now=NOW,
            filename="big.json",
        )
    assert Drive.objects.count() == drives
