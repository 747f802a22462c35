"""Names that show nothing are refused, and direction overrides are taken out, wherever a
name is entered: pairs (add, paste, edit, late pair, the API), drives (the form, the API),
people, scorekeeper sides and an imported drive. One cleaning function (clubs/text.py)."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from clubs import text
from clubs.interface import DriveError
from drives import services
from drives.models import Drive, Pair
from exchange import document as exchange
from scorekeeper.models import ScoreGame
from tests.builders import NOW, add_pairs, make_drive, play_game, row_counts, started_drive
from tests.builders.api import Api, key_for

pytestmark = pytest.mark.django_db

RLO = "\u202e"  # RIGHT-TO-LEFT OVERRIDE: "Mary" would show as "yraM"
INVISIBLE = [
    "\u200b",  # zero-width space
    "\u200b\u200c\u200d\u2060\ufeff",  # zero-widths, word joiner, byte order mark
    "\u3164\u3164",  # Hangul filler: a "letter" that draws nothing
    "\u2800",  # blank braille pattern
    RLO + "\u200f ",  # only direction marks
    "\u0301\u0301",  # accents on nothing
]
API_DRIVE = {
    "name": "x",
    "date": "2026-12-18",
    "venue": "Legion",
    "games": 20,
    "game": "forty_fives",
}


def written() -> dict:
    return {
        **row_counts(),
        "users": get_user_model().objects.count(),
        "kept": ScoreGame.objects.count(),
    }


@pytest.fixture
def registering(club, organizer):
    drive = make_drive(club, organizer, name="Next Friday")
    add_pairs(drive, organizer, 2)
    return drive


@pytest.fixture
def clients(org_client, organizer):
    """The organizer's browser (also used as a Django test client) and an API key."""
    org_client.api = Api(key_for(organizer))
    return org_client


def add_pair(client, drive, name):
    return client.post(
        reverse("drives:pair_add", args=[drive.pk]), {"player1": name, "player2": "Ann"}
    )


def paste(client, drive, name):
    return client.post(reverse("drives:pairs_bulk", args=[drive.pk]), {"text": f"{name} & Ann"})


def edit_pair(client, drive, name):
    pair = drive.pairs.first()
    return client.post(
        reverse("drives:pair_edit", args=[drive.pk, pair.pk]),
        {"player1": name, "player2": "Ann", "number": pair.number},
    )


def api_pair(client, drive, name):
    return client.api.post(f"/api/drives/{drive.pk}/pairs", {"player1": name, "player2": "Ann"})


def api_pairs(client, drive, name):
    return client.api.post(
        f"/api/drives/{drive.pk}/pairs",
        [{"player1": "Bea", "player2": "Cy"}, {"player1": name, "player2": "Ann"}],
    )


def new_drive(client, drive, name):
    return client.post(
        reverse("drives:drive_create"),
        {
            "name": name,
            "date": "2026-12-18",
            "venue": "Hall",
            "games": 25,
            "game": "forty_fives",
            "prize_places": 3,
        },
    )


def api_drive(client, drive, name):
    return client.api.post("/api/drives", {**API_DRIVE, "name": name})


def person(client, drive, name):
    return client.post(
        reverse("club:people"),
        {"username": name, "password": "a long pass phrase 77", "role": "scorer"},
    )


def side(client, drive, name):
    return client.post(
        reverse("scorekeeper:game_new"),
        {"game": "forty_fives:forty_fives_45", "line_up": "2x2", "side_0": name},
    )


ENTRIES = [add_pair, paste, edit_pair, api_pair, api_pairs, new_drive, api_drive, person, side]


@pytest.mark.parametrize("name", INVISIBLE, ids=range(len(INVISIBLE)))
@pytest.mark.parametrize("entry", ENTRIES, ids=lambda f: f.__name__)
def test_a_name_that_shows_nothing_is_refused_and_nothing_is_written(
    clients, registering, entry, name
):
    names = list(Pair.objects.values_list("player1", flat=True))
    before = written()
    r = entry(clients, registering, name)
    assert r.status_code == 400, r.content[:300]
    body = r.content.decode()
    # A username is first held to Django's rule (letters, digits and @.+-_ only).
    reasons = ("no letters you can see", "is blank", "Enter a valid username")
    assert any(reason in body for reason in reasons)
    assert written() == before
    assert list(Pair.objects.values_list("player1", flat=True)) == names


def test_a_late_pair_with_an_invisible_name_is_refused(org_client, club, organizer):
    drive = started_drive(club, organizer, pairs=8)
    play_game(drive, organizer)
    services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW)
    before = written()
    r = org_client.post(
        reverse("drives:seating_change", args=[drive.pk]),
        {"kind": "arrive", "player1": "\u200b", "player2": "Ann", "from_game": 2},
    )
    assert r.status_code == 400
    assert written() == before


@pytest.mark.parametrize("entry", [add_pair, paste, edit_pair, api_pair], ids=lambda f: f.__name__)
def test_direction_overrides_are_taken_out_of_a_pairs_name(clients, registering, entry):
    r = entry(clients, registering, f"{RLO}Mary\u2066 MacNeil\u2069")
    assert r.status_code in (200, 201, 302)
    assert Pair.objects.filter(drive=registering, player1="Mary MacNeil").exists()
    assert not any(RLO in p for p in Pair.objects.values_list("player1", flat=True))


def test_direction_overrides_are_taken_out_of_a_drives_name_and_venue(org_client, registering):
    r = org_client.post(
        reverse("drives:drive_create"),
        {
            "name": f"{RLO}Friday 45s",
            "date": "2026-12-18",
            "venue": f"Legion{RLO}",
            "games": 25,
            "game": "forty_fives",
            "prize_places": 3,
        },
    )
    assert r.status_code == 302
    drive = Drive.objects.order_by("-pk").first()
    assert (drive.name, drive.venue) == ("Friday 45s", "Legion")


def test_direction_overrides_are_taken_out_of_a_scorekeeper_side(org_client):
    r = org_client.post(
        reverse("scorekeeper:game_new"),
        {"game": "forty_fives:forty_fives_45", "line_up": "2x2", "side_0": f"{RLO}The Gang"},
    )
    assert r.status_code == 302
    assert ScoreGame.objects.get().sides[0]["name"] == "The Gang"


def test_an_imported_drive_with_an_invisible_or_overridden_name_is_cleaned_or_refused(
    club, organizer, registering
):
    document = exchange.drive_export(registering)
    document["pairs"][0]["player1"] = f"{RLO}Mary"
    document["drive"]["name"] = f"Friday{RLO}"
    raw = json.dumps(document, ensure_ascii=False).encode()
    drive = exchange.drive_import(
        club=club, document=exchange.read_document(raw), actor=organizer, now=NOW, filename="x.json"
    )
    assert drive.name == "Friday"
    assert drive.pairs.get(number=1).player1 == "Mary"
    document["pairs"][1]["player2"] = "\u200b\u3164"
    raw = json.dumps(document, ensure_ascii=False).encode()
    before = written()
    with pytest.raises(DriveError, match="no letters you can see"):
        exchange.drive_import(
            club=club,
            document=exchange.read_document(raw),
            actor=organizer,
            now=NOW,
            filename="x.json",
        )
    assert written() == before


@given(st.text(st.characters(categories=["Cf", "Zs", "Mn", "Me", "Cc", "Zl", "Zp"]), max_size=12))
def test_text_made_only_of_format_spaces_marks_and_controls_is_never_a_name(raw):
    with pytest.raises(text.TextError):
        text.clean_name(raw, max_length=60)


@given(st.text(max_size=80))
def test_a_kept_name_shows_something_and_holds_no_control_or_direction_character(raw):
    try:
        name = text.clean_name(raw, max_length=80)
    except text.TextError:
        return
    assert name == name.strip() and "  " not in name
    assert not text.BIDI_CONTROLS & set(name)
    assert text.control_character(name) is None
    assert text.clean_name(name, max_length=80) == name  # cleaning twice changes nothing
