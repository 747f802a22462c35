"""The API's twins of the series screens: the club's series, and a series with its
standings, as the screens show them."""

import json

import pytest

from drives.models import Pair
from seasons.queries import series_standings
from tests.builders import make_club, make_user
from tests.builders.api import Api, key_for
from tests.builders.series import make_series, night_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def org_api(organizer):
    return Api(key_for(organizer))


def test_the_list_is_the_keys_club_with_rules_in_words(club, organizer, org_api):
    s = make_series(club, organizer, counts="points", points=[10, 8, 6], best_nights=3)
    drive = night_of(s, organizer, 6, ["Ann & Bob", "Cy & Di"])
    other = make_club("Legion")
    make_series(other, make_user(other, "legion-organizer"), name="Legion series")
    r = org_api.get("/api/series")
    assert r.status_code == 200
    (got,) = json.loads(r.content)
    assert got == {
        "id": s.pk,
        "name": "Fall 45s 2026",
        "counts": "points",
        "points": [10, 8, 6],
        "best_nights": 3,
        "min_nights": 1,
        "by": "players",
        "nights": [drive.pk],
        "rules": [
            "Each night gives points by place: 10, 8, 6 (a tie shares the place).",
            "Each player's best 3 nights count.",
            "A player qualifies after 1 night.",
        ],
    }


def test_a_series_with_its_standings_is_the_pages(club, organizer, org_api):
    s = make_series(club, organizer, best_nights=1)
    one = night_of(s, organizer, 6, ["Ann & Bob", "Cy & Di"])
    night_of(s, organizer, 13, ["Ann & Cy", "Bob & Di"])
    # Each name is linked to the club's register as its pair is made: both nights' Ann.
    ann = Pair.objects.get(drive=one, player1="Ann").person1
    assert ann is not None
    r = org_api.get(f"/api/series/{s.pk}")
    assert r.status_code == 200
    body = json.loads(r.content)
    assert [n["number"] for n in body["nights"]] == [1, 2]
    table = series_standings(s)
    assert [(e["names"], e["total"], e["place"], e["played"]) for e in body["entries"]] == [
        (list(e.names), e.total, e.place, e.played) for e in table.entries
    ]
    first_ann = next(e for e in body["entries"] if e["names"] == ["Ann"])
    assert first_ann["players"] == [ann.pk]
    assert {n["counts"] for n in first_ann["nights"]} == {True, False}


def test_another_clubs_series_is_not_found(club, organizer):
    s = make_series(club, organizer)
    other = make_club("Legion")
    api = Api(key_for(make_user(other, "legion-organizer")))
    r = api.get(f"/api/series/{s.pk}")
    assert r.status_code == 404 and "No such series" in json.loads(r.content)["detail"]
