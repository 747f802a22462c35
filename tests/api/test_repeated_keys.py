"""A request body that names a key twice in one object is refused by name (400), and
nothing is written: Python's json would keep the last value, so `"winner": 3, "winner": 5`
would have counted for pair 5 without a word (api/views.py StrictParser)."""

from __future__ import annotations

import pytest

from drives.models import Pair, Submission
from tests.builders import make_drive, started_drive
from tests.builders.api import Api, key_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def org_api(organizer):
    return Api(key_for(organizer))


@pytest.fixture
def running(club, organizer):
    return started_drive(club, organizer, pairs=8, seed=42)


def test_a_result_naming_the_winner_twice_is_refused_and_counts_for_nobody(org_api, running):
    tg = running.table_games.filter(game=1).order_by("table").first()
    a, b = (s.pair.number for s in tg.seats.order_by("slot"))
    path = f"/api/drives/{running.pk}/games/1/tables/{tg.table}/result"
    body = f'{{"winner": {a}, "key": "board-g1-t1-0001", "winner": {b}}}'
    r = org_api.post(path, raw=body)
    assert r.status_code == 400, r.content
    assert r.json() == {"detail": "The request has the key “winner” twice: nothing was changed."}
    assert not Submission.objects.filter(key="board-g1-t1-0001").exists()
    # The same result said once counts.
    r = org_api.post(path, {"winner": a, "key": "board-g1-t1-0001"})
    assert r.status_code == 200, r.content


def test_a_pair_in_a_list_naming_a_player_twice_is_refused_with_its_place(org_api, club, organizer):
    drive = make_drive(club, organizer)
    body = (
        '[{"player1": "Rose Doucet", "player2": "Leo Poirier"},'
        ' {"player1": "Ann Boudreau", "player2": "Joe Deveau", "player2": "Joe Doucet"}]'
    )
    r = org_api.post(f"/api/drives/{drive.pk}/pairs", raw=body)
    assert r.status_code == 400, r.content
    assert r.json() == {
        "detail": "The request has the key “player2” twice (in [1]): nothing was changed."
    }
    assert not Pair.objects.filter(drive=drive).exists()


def test_a_body_that_is_not_json_keeps_its_answer(org_api, running):
    r = org_api.post(f"/api/drives/{running.pk}/games/1/tables/1/result", raw="{not json")
    assert r.status_code == 400
    assert r.json() == {"detail": "Cannot parse request body"}
