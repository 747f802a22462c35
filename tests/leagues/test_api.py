"""The API's twin of the league standings screen: the schedule, the teams by place with
their points night by night, and the players' table; another club's league is a 404."""

import json

import pytest

from drives.models import Drive
from tests.builders import make_club, make_user
from tests.builders.api import Api, key_for
from tests.builders.leagues import four_teams, make_league, night_with_pairs, play_by_strength

pytestmark = pytest.mark.django_db


@pytest.fixture
def org_api(organizer):
    return Api(key_for(organizer))


def test_the_league_with_its_standings(club, organizer, org_api):
    league = make_league(club, organizer)
    k, legion, _s, _e = four_teams(league, organizer, players=4)
    night = night_with_pairs(
        league, organizer, day=10, kind="match", teams=(k, legion), pairs={k: 2, legion: 1}
    )
    # Knights' pairs 1 and 2 both beat Legion's pair 3: 2 games to 0.
    play_by_strength(Drive.objects.get(pk=night.drive_id), organizer, [1, 2, 3])
    r = org_api.get(f"/api/leagues/{league.pk}")
    assert r.status_code == 200
    got = json.loads(r.content)
    assert (got["name"], got["season"]) == ("Merrimack Valley 45s", "2026-27")
    assert got["nights"] == [
        {
            "number": 1,
            "date": "2026-12-10",
            "venue": "K of C Hall",
            "kind": "match",
            "teams": [k.pk, legion.pk],
            "drive": night.drive_id,
            "played": True,
        }
    ]
    top, last = got["teams"][0], got["teams"][-1]
    assert (top["name"], top["points"], top["won"], top["lost"], top["place"]) == (
        "Knights of Columbus",
        2,
        2,
        0,
        1,
    )
    assert top["night_points"] == {"1": 2}
    # Legion, Sons and Elks have no points; no head to head, no games won: the 2 games
    # Legion lost put it behind the two teams that lost none.
    assert (last["name"], last["points"], last["lost"]) == ("Legion Branch 12", 0, 2)
    assert [t["place"] for t in got["teams"]] == [1, 2, 2, 4]
    players = {p["name"]: p for p in got["players"]}
    assert players["Knights Player 1"]["won"] == 1 and players["Knights Player 1"]["player"]
    assert "A team match: 2 points for a win, 1 for a draw, 0 for a loss." in got["rules"]


def test_another_clubs_league_is_a_404(club, organizer):
    league = make_league(club, organizer)
    other = make_club("Legion")
    r = Api(key_for(make_user(other, "legion-organizer"))).get(f"/api/leagues/{league.pk}")
    assert r.status_code == 404
