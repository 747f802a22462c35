"""A team match in a drive file: its movement and each pair's team go out and come back, an
older file without the teams still reads, and the imported night plays on by its schedule."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from clubs.interface import DriveError
from drives import services
from drives.models import Drive
from exchange import document as exchange
from tests.builders import NOW, make_club, make_user, play_game, started_drive
from tests.builders.team_match import next_game, seated, team_match

pytestmark = pytest.mark.django_db

IMPORTED_AT = NOW + dt.timedelta(days=1)


def imported(document: dict, club, actor) -> Drive:
    return exchange.drive_import(
        club=club,
        document=exchange.read_document(json.dumps(document).encode()),
        actor=actor,
        now=IMPORTED_AT,
        filename="drive-2026-11-29-friday-45s.json",
    )


@pytest.fixture
def other_club(db):
    club = make_club("Legion Branch 12")
    return club, make_user(club, username="legion-organizer")


@pytest.fixture
def at_game_2(club, organizer):
    drive = team_match(club, organizer, one=2, two=3)
    play_game(drive, organizer)
    return next_game(drive, organizer)


def test_the_file_carries_the_movement_and_each_pairs_team(at_game_2):
    doc = exchange.drive_export(at_game_2)
    assert doc["drive"]["movement"] == "team_match"
    assert {p["number"]: p["side"] for p in doc["pairs"]} == {1: 1, 2: 1, 3: 2, 4: 2, 5: 2}
    assert [len(t["seats"]) for t in doc["games"][1]["tables"]] == [2, 2, 1]


def test_an_imported_team_match_plays_on_by_its_schedule(at_game_2, other_club):
    club, actor = other_club
    copy_ = imported(exchange.drive_export(at_game_2), club, actor)
    assert copy_.movement == "team_match" and copy_.games == 3 and not copy_.sitout_wins
    assert dict(copy_.pairs.values_list("number", "side")) == {1: 1, 2: 1, 3: 2, 4: 2, 5: 2}
    assert seated(copy_, 2) == seated(at_game_2, 2)
    play_game(copy_, actor)
    copy_ = next_game(copy_, actor)
    assert seated(copy_, 3) == [(1, (1, 4)), (2, (2, 5)), (3, (3,))]
    again = exchange.drive_export(copy_)
    assert [p["side"] for p in again["pairs"]] == [1, 1, 2, 2, 2]


def test_an_older_file_without_the_teams_still_reads(club, organizer, other_club):
    drive = team_match(club, organizer, one=2, two=2, start=False)
    doc = exchange.drive_export(drive)
    for p in doc["pairs"]:
        p.pop("side")
    copy_ = imported(doc, *other_club)
    assert set(copy_.pairs.values_list("side", flat=True)) == {None}


@pytest.mark.parametrize("side", [0, -1, "1", True, 10000, 1.5])
def test_a_team_that_is_not_a_number_from_1_is_refused(club, organizer, other_club, side):
    drive = team_match(club, organizer, one=1, two=1, start=False)
    doc = exchange.drive_export(drive)
    doc["pairs"][0]["side"] = side
    with pytest.raises(DriveError, match=r"pairs\[0\]\.side: must be a whole number from 1 to"):
        imported(doc, *other_club)
    assert not Drive.objects.filter(club=other_club[0]).exists()


def test_a_movement_the_site_does_not_have_is_refused(club, organizer, other_club):
    drive = team_match(club, organizer, one=1, two=1, start=False)
    doc = exchange.drive_export(drive)
    doc["drive"]["movement"] = "head_table"
    with pytest.raises(DriveError, match="drive.movement: must be one of winners_move, team_match"):
        imported(doc, *other_club)


def test_an_ordinary_nights_pairs_have_no_team(club, organizer):
    drive = started_drive(club, organizer, pairs=4, games=2)
    doc = exchange.drive_export(drive)
    assert {p["side"] for p in doc["pairs"]} == {None}
    assert services.team_match_of(drive) is None
