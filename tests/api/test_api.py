"""The JSON API (api/views.py) and its keys (accounts/services/tokens.py).

Every endpoint's happy path; who may call what (the same decisions as the
screens, from tests/site/test_roles.py's ROLES); refusals that write nothing;
a result retried with its key counted once; the schema and the docs page,
which must load with no internet.
"""

from __future__ import annotations

import hashlib
import json
import re
from datetime import timedelta

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

from accounts.services import people as accounts
from accounts.services import tokens as api_tokens
from clubs.interface import DriveError, Origin
from clubs.models import ApiToken, AuditEntry
from drives import queries, services
from drives.models import Drive, Submission, TableGame
from prizes.services import report as report_service
from seasons import services as seasons
from tests.builders import (
    NOW,
    add_pairs,
    make_club,
    make_drive,
    make_user,
    play_game,
    publishing,
    row_counts,
    started_drive,
)
from tests.builders.api import NOTHING, Api, key_for
from tests.builders.leagues import make_league
from tests.builders.players import make_player
from tests.builders.roles import API, API_OPEN, API_ORGANIZER, API_SCORER, ROLES, ROUTES
from tests.builders.series import make_series

pytestmark = pytest.mark.django_db

NEW_DRIVE = {
    "name": "Christmas drive",
    "date": "2026-12-18",
    "venue": "Legion",
    "games": 20,
    "game": "forty_fives",
    "prize_places": 3,
    "sitout_wins": True,
}


def everything() -> dict:
    """What a refused call must leave as it was."""
    return {
        **row_counts(),
        "tokens": ApiToken.objects.filter(revoked_at__isnull=True).count(),
        "drives": list(Drive.objects.order_by("pk").values_list("pk", "status", "current_game")),
        "results": list(TableGame.objects.order_by("pk").values_list("pk", "status", "winner_id")),
    }


def table_pairs(drive, game: int, table: int) -> list[int]:
    tg = next(t for t in queries.game_tables(drive, game) if t.table == table)
    return [s.pair.number for s in tg.seat_list]


def refusal(response) -> str:
    assert response["Content-Type"].startswith("application/json"), response.content[:200]
    detail = response.json()["detail"]
    assert detail
    return detail


@pytest.fixture
def scorer(club):
    return make_user(club, username="scorer", role="scorer")


@pytest.fixture
def org_api(organizer):
    return Api(key_for(organizer))


@pytest.fixture
def scorer_api(scorer):
    return Api(key_for(scorer))


@pytest.fixture
def other_api(db):
    return Api(key_for(make_user(make_club("Legion Branch 12"), username="other-organizer")))


@pytest.fixture
def running(club, organizer):
    """Game 1 of a 9-pair night (4 tables and a sit-out), no result in yet."""
    return started_drive(club, organizer, pairs=9, seed=42)


@pytest.fixture
def registering(club, organizer):
    drive = make_drive(club, organizer, name="Next Friday")
    add_pairs(drive, organizer, 4)
    return drive


# --- Keys ----------------------------------------------------------------------


def test_a_new_key_is_returned_once_and_only_its_hash_and_first_characters_are_kept(
    club, organizer
):
    new = api_tokens.token_create(actor=organizer, name="  League   site ", now=NOW)
    assert re.fullmatch(r"cd_[A-Za-z0-9_-]{43}", new.key)
    row = ApiToken.objects.get()
    assert row.digest == hashlib.sha256(new.key.encode()).hexdigest()
    assert row.prefix == new.key[:8]
    assert row.name == "League site"
    assert new.key not in json.dumps(list(ApiToken.objects.values()), default=str)
    entry = AuditEntry.objects.get(action="token_create")
    assert (entry.club, entry.drive, entry.actor) == (club, None, organizer)
    assert new.key not in f"{entry.summary} {entry.new}"
    assert row.prefix in entry.summary


def test_revoking_a_key_stops_it_and_is_recorded_once(club, organizer, running):
    new = api_tokens.token_create(actor=organizer, name="Scoreboard", now=NOW)
    assert Api(new.key).get("/api/drives").status_code == 200
    api_tokens.token_revoke(token=new.token, actor=organizer, now=NOW)
    api_tokens.token_revoke(token=new.token, actor=organizer, now=NOW)  # a double tap
    assert Api(new.key).get("/api/drives").status_code == 401
    entry = AuditEntry.objects.get(action="token_revoke")
    assert (entry.club, entry.drive, entry.actor) == (club, None, organizer)


def test_nobody_can_revoke_another_persons_key(organizer, scorer):
    token = api_tokens.token_create(actor=organizer, name="Scoreboard", now=NOW).token
    with pytest.raises(DriveError) as refused:
        api_tokens.token_revoke(token=token, actor=scorer, now=NOW)
    assert refused.value.status == 404
    token.refresh_from_db()
    assert token.revoked_at is None


def test_a_blank_or_long_key_name_is_refused_and_nothing_is_written(organizer):
    before = everything()
    for name in ("   ", "x" * 81):
        with pytest.raises(DriveError):
            api_tokens.token_create(actor=organizer, name=name, now=NOW)
    assert everything() == before


def test_last_used_is_written_at_most_once_a_minute(organizer):
    new = api_tokens.token_create(actor=organizer, name="Scoreboard", now=NOW)
    assert api_tokens.token_authenticate(new.key, now=NOW).last_used_at == NOW
    api_tokens.token_authenticate(new.key, now=NOW + timedelta(seconds=59))
    new.token.refresh_from_db()
    assert new.token.last_used_at == NOW
    later = NOW + timedelta(seconds=61)
    api_tokens.token_authenticate(new.key, now=later)
    new.token.refresh_from_db()
    assert new.token.last_used_at == later


def test_reading_with_a_key_marks_it_used(organizer):
    new = api_tokens.token_create(actor=organizer, name="Scoreboard", now=NOW)
    assert Api(new.key).get("/api/drives").status_code == 200
    new.token.refresh_from_db()
    assert new.token.last_used_at is not None


# --- Who may call what -------------------------------------------------------------

# One call per API address, with data that succeeds for a caller who may make it.
# {drive} is the running drive, {registering} the drive being set up.
CALLS = {
    "api:api-root": ("get", "/api/", NOTHING, 404),  # ninja's: "the docs are at /api/docs"
    "api:openapi-json": ("get", "/api/openapi.json", NOTHING, 200),
    "api:openapi-view": ("get", "/api/docs", NOTHING, 200),
    "api:drive_list": ("get", "/api/drives", NOTHING, 200),
    "api:drive_create": ("post", "/api/drives", NEW_DRIVE, 201),
    "api:pairs_add": (
        "post",
        "/api/drives/{registering}/pairs",
        {"player1": "Mary", "player2": "John"},
        201,
    ),
    "api:drive_start": (
        "post",
        "/api/drives/{registering}/start",
        {"seed": 7, "alongside": True},
        200,
    ),
    "api:game_seating": ("get", "/api/drives/{drive}/games/1/seating", NOTHING, 200),
    "api:result_record": (
        "post",
        "/api/drives/{drive}/games/1/tables/1/result",
        {"winner": "{winner}", "key": "matrix-key-1"},
        200,
    ),
    "api:game_next": ("post", "/api/drives/{drive}/games/1/next", NOTHING, 200),
    "api:standings": ("get", "/api/drives/{drive}/standings", NOTHING, 200),
    "api:prizes": ("get", "/api/drives/{drive}/prizes", NOTHING, 200),
    "api:player_list": ("get", "/api/players", NOTHING, 200),
    "api:player_add": ("post", "/api/players", {"name": "Rémi Thériault"}, 201),
    "api:player_match": ("get", "/api/players/match?name=Mary", NOTHING, 200),
    "api:player_history": ("get", "/api/players/{player}/history", NOTHING, 200),
    "api:series_list": ("get", "/api/series", NOTHING, 200),
    "api:series_standings": ("get", "/api/series/{series}", NOTHING, 200),
    "api:league_standings": ("get", "/api/leagues/{league}", NOTHING, 200),
    "api:night_publish": ("put", "/api/published/{source}", "{night}", 201),
}
API_NAMES = sorted(k for k, rule in ROLES.items() if rule in API)
WHO = ["no key", "not a key", "unknown key", "basic auth", "revoked key", "removed person"]
WHO += ["scorer", "other club", "organizer"]


def test_every_api_address_has_a_call_in_this_matrix():
    assert set(CALLS) == set(API_NAMES)
    assert {k for k in ROUTES if k.startswith("api:")} == set(API_NAMES)


@pytest.fixture
def world(club, organizer, scorer, registering):
    running = started_drive(club, organizer, pairs=9, seed=42)
    play_game(running, organizer)
    revoked = api_tokens.token_create(actor=organizer, name="Old", now=NOW)
    api_tokens.token_revoke(token=revoked.token, actor=organizer, now=NOW)
    leaver = make_user(club, username="leaver", role="scorer")
    leaver_key = key_for(leaver)
    accounts.member_remove(club=club, user_id=leaver.pk, actor=organizer, now=NOW)
    other = make_user(make_club("Legion Branch 12"), username="other-organizer")
    series = make_series(club, organizer)
    seasons.night_add(series=series, drive=running, actor=organizer, now=NOW)
    return {
        "values": {
            "drive": running.pk,
            "registering": registering.pk,
            "winner": table_pairs(running, 1, 1)[0],
            "player": make_player(club, "Mary MacNeil").pk,
            "series": series.pk,
            "league": make_league(club, organizer).pk,
            "source": publishing.source(running),
            "night": json.loads(publishing.night_body(running)[2]),
        },
        "clients": {
            "no key": Api(),
            "not a key": Api(header="Bearer"),
            "unknown key": Api("cd_" + "x" * 43),
            "basic auth": Api(header="Basic b3JnYW5pemVyOnB3LWZvci10ZXN0cy0x"),
            "revoked key": Api(revoked.key),
            "removed person": Api(leaver_key),
            "scorer": Api(key_for(scorer)),
            "other club": Api(key_for(other)),
            "organizer": Api(key_for(organizer)),
        },
    }


def fill(template, values):
    if template == "{night}":  # a whole night as a hall's laptop publishes it
        return values["night"]
    if isinstance(template, str):
        text = template.format(**values)
        return int(text) if template == "{winner}" else text
    if isinstance(template, dict):
        return {k: fill(v, values) for k, v in template.items()}
    return template


def expected(name: str, who: str, ok: int):
    rule = ROLES[name]
    if rule == API_OPEN:
        return ok
    if who in ("no key", "not a key", "unknown key", "basic auth", "revoked key", "removed person"):
        return 401
    if who == "other club":
        # With no drive, series, player or league in the address they act on their own club.
        kinds = {"drive_id", "series_id", "player_id", "league_id"}
        return 404 if kinds & set(ROUTES[name].kwargs) else ok
    if who == "scorer" and rule == API_ORGANIZER:
        return 403
    assert rule in (API_SCORER, API_ORGANIZER)
    return ok


@pytest.mark.parametrize("who", WHO)
@pytest.mark.parametrize("name", API_NAMES)
def test_each_key_gets_the_answer_its_role_allows_and_a_refusal_writes_nothing(world, name, who):
    method, path, body, ok = CALLS[name]
    want = expected(name, who, ok)
    before = everything()
    response = world["clients"][who].call(
        method, fill(path, world["values"]), fill(body, world["values"])
    )
    assert response.status_code == want, (name, who, response.content[:300])
    if want >= 400 and ROLES[name] != API_OPEN:
        refusal(response)
        assert everything() == before, f"{name} refused to {who} but wrote something"


# --- Drives and pairs ---------------------------------------------------------------


def test_the_drive_list_is_the_keys_club_newest_first(club, organizer, org_api):
    older = make_drive(club, organizer, name="October", date=NOW.date() - timedelta(days=30))
    newer = make_drive(club, organizer, name="November")
    make_drive(make_club("Legion Branch 12"), None, name="Not ours")
    response = org_api.get("/api/drives")
    assert response.status_code == 200
    assert [d["id"] for d in response.json()] == [newer.pk, older.pk]
    assert response.json()[0]["status"] == "setup"


def test_a_new_drive_is_made_in_the_keys_club_and_audited_as_from_the_api(club, organizer, org_api):
    response = org_api.post("/api/drives", NEW_DRIVE)
    assert response.status_code == 201, response.content
    body = response.json()
    drive = Drive.objects.get(pk=body["id"])
    assert drive.club == club
    assert (drive.name, drive.games, drive.venue) == ("Christmas drive", 20, "Legion")
    assert body["date"] == "2026-12-18" and body["current_game"] == 0
    entry = AuditEntry.objects.get(drive=drive)
    assert (entry.action, entry.actor, entry.source) == (
        "drive_create",
        organizer,
        "api: new drive",
    )
    assert ApiToken.objects.get(user=organizer).prefix in entry.device


def test_a_new_drive_takes_its_games_options(org_api):
    body = {**NEW_DRIVE, "game": "seven_up", "game_options": {"target": 11}}
    response = org_api.post("/api/drives", body)
    assert response.status_code == 201, response.content
    assert Drive.objects.get(pk=response.json()["id"]).game_options == {"target": 11}


def test_one_pair_is_added_with_the_next_number(org_api, registering):
    response = org_api.post(
        f"/api/drives/{registering.pk}/pairs", {"player1": "Máire", "player2": "Seán", "paid": True}
    )
    assert response.status_code == 201, response.content
    assert response.json() == [
        {"number": 5, "player1": "Máire", "player2": "Seán", "names": "Máire & Seán", "paid": True}
    ]
    assert AuditEntry.objects.filter(drive=registering, action="pair_add").count() == 1


def test_a_list_of_pairs_is_added_whole_with_one_audit_entry_and_names_kept_as_sent(
    org_api, registering
):
    pairs = [
        {"player1": "Mary & Co", "player2": "John / Jack", "number": 10},
        {"player1": "12 Ann", "player2": "Bob and Joe"},
    ]
    response = org_api.post(f"/api/drives/{registering.pk}/pairs", pairs)
    assert response.status_code == 201, response.content
    got = [(p["number"], p["player1"], p["player2"]) for p in response.json()]
    assert got == [(10, "Mary & Co", "John / Jack"), (11, "12 Ann", "Bob and Joe")]
    entry = AuditEntry.objects.get(drive=registering, source="api: pairs")
    assert (entry.action, entry.summary) == ("pairs_bulk_add", "2 pairs added: 10 to 11")


def test_a_list_with_one_refused_pair_adds_none(org_api, registering):
    before = everything()
    pairs = [
        {"player1": "Mary", "player2": "John"},
        {"player1": "Ann", "player2": "Bob", "number": 2},
    ]
    response = org_api.post(f"/api/drives/{registering.pk}/pairs", pairs)
    assert response.status_code == 409
    assert "Pair 2 already exists" in refusal(response)
    assert everything() == before


def test_start_seats_game_one_from_the_seed_given(org_api, registering):
    response = org_api.post(f"/api/drives/{registering.pk}/start", {"seed": 42})
    assert response.status_code == 200, response.content
    assert (response.json()["status"], response.json()["seed"]) == ("running", 42)
    assert response.json()["current_game"] == 1
    assert TableGame.objects.filter(drive=registering, game=1).count() == 2


def test_start_with_no_body_draws_a_fresh_recorded_seed(org_api, registering):
    response = org_api.post(f"/api/drives/{registering.pk}/start")
    assert response.status_code == 200, response.content
    registering.refresh_from_db()
    assert registering.seed == response.json()["seed"] is not None


def test_starting_twice_is_refused_as_out_of_date(org_api, registering):
    assert org_api.post(f"/api/drives/{registering.pk}/start").status_code == 200
    before = everything()
    response = org_api.post(f"/api/drives/{registering.pk}/start", {"seed": 1})
    assert response.status_code == 409
    assert everything() == before


# --- The night ----------------------------------------------------------------------


def test_seating_shows_each_table_its_pairs_deal_status_and_winner(organizer, org_api, running):
    response = org_api.get(f"/api/drives/{running.pk}/games/1/seating")
    assert response.status_code == 200
    body = response.json()
    assert (body["game"], body["current_game"]) == (1, 1)
    tables = body["tables"]
    assert [t["table"] for t in tables] == [1, 2, 3, 4, 5]
    for t in tables:
        for p in t["pairs"]:
            assert p["names"] == f"{p['player1']} & {p['player2']}"
    # Game 1: every table cuts for the deal; the odd pair sits out (and its sit-out counts).
    assert all(t["deal_first"] is None for t in tables)
    sitout = [t for t in tables if t["status"] == "sitout"]
    assert len(sitout) == 1 and sitout[0]["winner"] == sitout[0]["pairs"][0]["number"]
    assert all(t["winner"] is None for t in tables if t["status"] == "pending")
    for tg in queries.game_tables(running, 1):
        row = tables[tg.table - 1]
        assert [p["number"] for p in row["pairs"]] == [s.pair.number for s in tg.seat_list]

    play_game(running, organizer)
    org_api.post(f"/api/drives/{running.pk}/games/1/next")
    game1 = org_api.get(f"/api/drives/{running.pk}/games/1/seating").json()["tables"]
    game2 = org_api.get(f"/api/drives/{running.pk}/games/2/seating").json()["tables"]
    winners = {t["winner"] for t in game1}
    assert all(t["status"] == "confirmed" for t in game1 if len(t["pairs"]) == 2)
    # Winners deal first at their new table.
    dealers = [t["deal_first"] for t in game2 if t["deal_first"] is not None]
    assert dealers and set(dealers) <= winners


def test_seating_of_a_game_not_yet_seated_is_not_found(org_api, running):
    assert org_api.get(f"/api/drives/{running.pk}/games/2/seating").status_code == 404
    assert org_api.get(f"/api/drives/{running.pk}/games/0/seating").status_code == 422


def test_a_result_counts_at_once(organizer, org_api, running):
    winner = table_pairs(running, 1, 1)[1]
    response = org_api.post(
        f"/api/drives/{running.pk}/games/1/tables/1/result",
        {"winner": winner, "key": "scoreboard-0001"},
    )
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["message"] == f"Counted: pair {winner} won."
    assert body["replayed"] is False
    assert (body["game"], body["table"]["status"], body["table"]["winner"]) == (
        1,
        "confirmed",
        winner,
    )
    tg = TableGame.objects.get(drive=running, game=1, table=1)
    assert (tg.winner.number, tg.entered_by, tg.source) == (winner, organizer, "front")


def test_a_table_that_took_too_many_wrong_codes_is_entered_through_the_api_too(
    organizer, org_api, running
):
    services.drive_screens_set(drive=running, actor=organizer, now=NOW, confirm_by_code=True)
    running.refresh_from_db()
    winner, other = table_pairs(running, 1, 1)
    phone = Origin(source="table 1: phone", device="test")
    services.table_report(
        drive=running, game=1, table=1, winner_number=winner, key="report-0001",
        device="phone-a", now=NOW, origin=phone,
    )  # fmt: skip
    taken = set(running.pairs.values_list("code", flat=True))
    wrong = next(c for c in ("CCCC", "FFFF", "HHHH") if c not in taken)
    for i in range(5):
        with pytest.raises(DriveError):
            services.table_confirm(
                drive=running, game=1, table=1, winner_number=winner, code=wrong,
                key=f"agree-000{i}", device="phone-b", now=NOW, origin=phone,
            )  # fmt: skip
    assert TableGame.objects.get(drive=running, game=1, table=1).needs_the_front
    response = org_api.post(
        f"/api/drives/{running.pk}/games/1/tables/1/result",
        {"winner": winner, "key": "scoreboard-0009"},
    )
    assert response.status_code == 200, response.content
    assert response.json()["table"]["winner"] == winner
    tg = TableGame.objects.get(drive=running, game=1, table=1)
    assert (tg.status, tg.wrong_codes) == ("confirmed", 0)


def test_no_api_operation_takes_a_pair_code(anon_client):
    # A pair code is typed only on the table page, where a table counts its wrong codes.
    schema = json.loads(anon_client.get("/api/openapi.json").content)
    fields = {
        name
        for component in schema["components"]["schemas"].values()
        for name in component.get("properties", {})
    }
    params = {
        p["name"] for ops in schema["paths"].values() for op in ops.values()
        for p in op.get("parameters", [])
    }  # fmt: skip
    assert not {"code", "confirmer", "pair_code"} & (fields | params)


def test_a_result_sent_five_times_with_one_key_is_counted_once_with_one_answer(org_api, running):
    winner = table_pairs(running, 1, 2)[0]
    path = f"/api/drives/{running.pk}/games/1/tables/2/result"
    before = everything()
    answers = [org_api.post(path, {"winner": winner, "key": "tablet-7:retry.1"}) for _ in range(5)]
    assert [a.status_code for a in answers] == [200] * 5
    bodies = [a.json() for a in answers]
    assert [b["replayed"] for b in bodies] == [False, True, True, True, True]
    assert len({json.dumps({**b, "replayed": None}, sort_keys=True) for b in bodies}) == 1
    after = everything()
    assert after["Submission"] == before["Submission"] + 1
    assert after["AuditEntry"] == before["AuditEntry"] + 1
    assert Submission.objects.filter(drive=running, key="tablet-7:retry.1").count() == 1


def test_a_key_used_at_one_table_is_refused_at_another(org_api, running):
    first = table_pairs(running, 1, 1)[0]
    org_api.post(
        f"/api/drives/{running.pk}/games/1/tables/1/result", {"winner": first, "key": "same-key-99"}
    )
    before = everything()
    other = table_pairs(running, 1, 2)[0]
    response = org_api.post(
        f"/api/drives/{running.pk}/games/1/tables/2/result", {"winner": other, "key": "same-key-99"}
    )
    assert response.status_code == 409
    assert everything() == before


def test_a_key_a_table_phone_used_is_refused_to_the_api_not_replayed(org_api, scorer_api, running):
    """Retry keys belong to whoever sent them: the API never gets a phone's answer back."""
    a, b = table_pairs(running, 1, 1)
    services.table_report(
        drive=running,
        game=1,
        table=1,
        winner_number=a,
        key="shared-key-1",
        device="phone-a",
        now=NOW,
        origin=Origin(source="table 1: phone-a", device="phone"),
    )
    path = f"/api/drives/{running.pk}/games/1/tables/1/result"
    before = everything()
    response = org_api.post(path, {"winner": b, "key": "shared-key-1"})
    assert response.status_code == 409
    assert "already used" in refusal(response)
    assert everything() == before
    # The organizer's own key retried still gets its own first answer back.
    assert org_api.post(path, {"winner": b, "key": "front-key-1"}).json()["replayed"] is False
    assert org_api.post(path, {"winner": b, "key": "front-key-1"}).json()["replayed"] is True
    # Another person (the scorer) sending the organizer's key is refused too.
    before = everything()
    assert scorer_api.post(path, {"winner": b, "key": "front-key-1"}).status_code == 409
    assert everything() == before


def test_a_scorers_key_records_results_as_the_scorer(scorer, scorer_api, running):
    winner = table_pairs(running, 1, 3)[0]
    response = scorer_api.post(
        f"/api/drives/{running.pk}/games/1/tables/3/result",
        {"winner": winner, "key": "scorer-0001"},
    )
    assert response.status_code == 200, response.content
    entry = AuditEntry.objects.get(drive=running, action="result_record")
    assert (entry.actor, entry.source) == (scorer, "api: results")


def test_next_seats_the_next_game_once_and_a_repeat_is_out_of_date(organizer, org_api, running):
    path = f"/api/drives/{running.pk}/games/1/next"
    waiting = org_api.post(path)
    assert waiting.status_code == 409
    assert "Waiting for the result" in refusal(waiting)
    play_game(running, organizer)
    response = org_api.post(path)
    assert response.status_code == 200, response.content
    assert response.json()["current_game"] == 2
    before = everything()
    again = org_api.post(path)
    assert again.status_code == 409
    assert "out of date" in refusal(again)
    assert everything() == before


def test_standings_are_the_standings_pages_rows(organizer, org_api, running):
    play_game(running, organizer)
    services.game_advance(drive=running, from_game=1, actor=organizer, now=NOW)
    play_game(running, organizer, pick=1)
    response = org_api.get(f"/api/drives/{running.pk}/standings")
    assert response.status_code == 200
    body = response.json()
    assert (body["games"], body["played"]) == (25, 2)
    want = [(r.rank, r.pair.number, r.won, sorted(r.punched)) for r in queries.standings(running)]
    assert [(r["rank"], r["number"], r["won"], r["punched"]) for r in body["rows"]] == want
    assert body["rows"][0]["won"] == 2 and body["rows"][0]["punched"] == [1, 2]


def test_prizes_are_the_prize_report_in_plain_json(club, organizer, org_api):
    drive = started_drive(club, organizer, pairs=6, seed=3, games=2)
    play_game(drive, organizer)
    services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW)
    play_game(drive, organizer)
    services.drive_finish(drive=drive, from_game=2, actor=organizer, now=NOW)
    response = org_api.get(f"/api/drives/{drive.pk}/prizes")
    assert response.status_code == 200, response.content
    body = response.json()
    report = report_service.prize_report(drive)
    assert (body["status"], body["conflicts"]) == ("finished", report["conflicts"])
    places = report["sections"]["ties"]["places"]
    got = body["sections"]["ties"]["places"]
    assert [(g["prize"], g["level"], g["numbers"], g["winners"]) for g in got] == [
        (g.prize, g.level, list(g.numbers), list(g.winners)) for g in places
    ]
    assert got[0]["pairs"][0] == {
        "number": places[0].pairs[0].number,
        "names": places[0].pairs[0].names,
    }
    cash = report["cash"]
    assert (body["cash"]["takings"], body["cash"]["remaining"]) == (cash.takings, cash.remaining)
    assert set(body["sections"]) == {"ties", "jar", "side"}


# --- Refused input writes nothing --------------------------------------------------------

BAD = [
    # (what, path, body or raw JSON text, status)
    ("name missing", "/api/drives", {"date": "2026-12-18"}, 422),
    ("blank name", "/api/drives", {**NEW_DRIVE, "name": ""}, 422),
    ("huge name", "/api/drives", {**NEW_DRIVE, "name": "x" * 100_000}, 422),
    ("negative games", "/api/drives", {**NEW_DRIVE, "games": -1}, 422),
    ("too many games", "/api/drives", {**NEW_DRIVE, "games": 61}, 422),
    ("games as words", "/api/drives", {**NEW_DRIVE, "games": "twenty"}, 422),
    ("not a date", "/api/drives", {**NEW_DRIVE, "date": "next Friday"}, 422),
    ("unknown game", "/api/drives", {**NEW_DRIVE, "game": "poker"}, 422),
    ("negative places", "/api/drives", {**NEW_DRIVE, "prize_places": -3}, 422),
    (
        "refused option",
        "/api/drives",
        {**NEW_DRIVE, "game": "seven_up", "game_options": {"target": "x"}},
        400,
    ),
    ("not JSON", "/api/drives", "{name: ", 400),
    ("body too large", "/api/drives", json.dumps({**NEW_DRIVE, "venue": "x" * 600_000}), 400),
    ("blank player", "/api/drives/{registering}/pairs", {"player1": "", "player2": "B"}, 422),
    (
        "spaces for a name",
        "/api/drives/{registering}/pairs",
        {"player1": "   ", "player2": "B"},
        400,
    ),
    ("long player", "/api/drives/{registering}/pairs", {"player1": "x" * 61, "player2": "B"}, 422),
    ("NUL in a name", "/api/drives/{registering}/pairs", {"player1": "A\x00", "player2": "B"}, 422),
    (
        "lone surrogate",
        "/api/drives/{registering}/pairs",
        '{"player1": "\\ud800", "player2": "B"}',
        422,
    ),
    (
        "pair number 0",
        "/api/drives/{registering}/pairs",
        {"player1": "A", "player2": "B", "number": 0},
        422,
    ),
    (
        "negative pair",
        "/api/drives/{registering}/pairs",
        {"player1": "A", "player2": "B", "number": -5},
        422,
    ),
    (
        "pair 10000",
        "/api/drives/{registering}/pairs",
        {"player1": "A", "player2": "B", "number": 10000},
        422,
    ),
    (
        "pair taken",
        "/api/drives/{registering}/pairs",
        {"player1": "A", "player2": "B", "number": 1},
        409,
    ),
    ("empty list", "/api/drives/{registering}/pairs", [], 422),
    ("501 pairs", "/api/drives/{registering}/pairs", [{"player1": "A", "player2": "B"}] * 501, 422),
    ("pair as a number", "/api/drives/{registering}/pairs", 5, 422),
    (
        "pairs to a started drive",
        "/api/drives/{drive}/pairs",
        {"player1": "A", "player2": "B"},
        409,
    ),
    ("negative seed", "/api/drives/{registering}/start", {"seed": -1}, 422),
    ("seed too big", "/api/drives/{registering}/start", {"seed": 2**62}, 422),
    ("seed as words", "/api/drives/{registering}/start", {"seed": "lucky"}, 422),
    (
        "unknown pair",
        "/api/drives/{drive}/games/1/tables/1/result",
        {"winner": 99, "key": "k-00000001"},
        400,
    ),
    (
        "pair at another table",
        "/api/drives/{drive}/games/1/tables/1/result",
        {"winner": "{other}", "key": "k-00000002"},
        400,
    ),
    (
        "table not in the game",
        "/api/drives/{drive}/games/1/tables/99/result",
        {"winner": 1, "key": "k-00000003"},
        404,
    ),
    (
        "not the current game",
        "/api/drives/{drive}/games/2/tables/1/result",
        {"winner": 1, "key": "k-00000004"},
        409,
    ),
    (
        "negative table",
        "/api/drives/{drive}/games/1/tables/-1/result",
        {"winner": 1, "key": "k-00000005"},
        422,
    ),
    (
        "winner as words",
        "/api/drives/{drive}/games/1/tables/1/result",
        {"winner": "them", "key": "k-00000006"},
        422,
    ),
    (
        "negative winner",
        "/api/drives/{drive}/games/1/tables/1/result",
        {"winner": -1, "key": "k-00000007"},
        422,
    ),
    ("no key", "/api/drives/{drive}/games/1/tables/1/result", {"winner": 1}, 422),
    (
        "short key",
        "/api/drives/{drive}/games/1/tables/1/result",
        {"winner": 1, "key": "short"},
        422,
    ),
    (
        "key with spaces",
        "/api/drives/{drive}/games/1/tables/1/result",
        {"winner": 1, "key": "a key with spaces"},
        422,
    ),
    (
        "huge key",
        "/api/drives/{drive}/games/1/tables/1/result",
        {"winner": 1, "key": "k" * 10_000},
        422,
    ),
    ("game 0", "/api/drives/{drive}/games/0/next", NOTHING, 422),
    ("game 61", "/api/drives/{drive}/games/61/next", NOTHING, 422),
    ("drive id as words", "/api/drives/first/start", NOTHING, 422),
    ("drive id 0", "/api/drives/0/start", NOTHING, 422),
    ("huge drive id", "/api/drives/99999999999999999999999/start", NOTHING, 422),
    ("no such drive", "/api/drives/999999/start", NOTHING, 404),
]


@pytest.mark.parametrize(("what", "path", "body", "status"), BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_refused_with_a_4xx_and_nothing_is_written(
    org_api, running, registering, what, path, body, status
):
    values = {
        "drive": running.pk,
        "registering": registering.pk,
        "other": table_pairs(running, 1, 2)[0],
    }
    path = path.format(**values)
    before = everything()
    if isinstance(body, str):
        response = org_api.post(path, raw=body)
    else:
        if isinstance(body, dict) and body.get("winner") == "{other}":
            body = {**body, "winner": values["other"]}
        response = org_api.post(path, body)
    assert response.status_code == status, response.content[:300]
    refusal(response)
    assert everything() == before


# --- The same services as the screens -------------------------------------------------


def _trail(drive) -> list[tuple]:
    return [
        (e.action, e.summary, e.old, e.new)
        for e in AuditEntry.objects.filter(drive=drive).order_by("id")
    ]


def _strip_cards(trail: list[tuple]) -> list[tuple]:
    """The trail without whether the start gave the drive the table cards."""
    for _action, _summary, _old, new in trail:
        if isinstance(new, dict):
            new.pop("table_cards", None)
    return trail


def test_the_api_writes_the_same_audit_entries_as_the_screens(org_client, org_api):
    # The screens: new drive, one pair, a pasted list, start, every result, next game.
    org_client.post(reverse("drives:drive_create"), {**NEW_DRIVE, "sitout_wins": "on"})
    screens = Drive.objects.get()
    org_client.post(
        reverse("drives:pair_add", args=[screens.pk]), {"player1": "Mary", "player2": "John"}
    )
    org_client.post(
        reverse("drives:pairs_bulk", args=[screens.pk]), {"text": "Ann & Bob\nCeit & Dan"}
    )
    org_client.post(reverse("drives:drive_start", args=[screens.pk]), {"seed": "42"})
    for tg in queries.game_tables(screens, 1):
        if len(tg.seat_list) == 2:
            winner = tg.seat_list[0].pair.number
            org_client.post(
                reverse("drives:result_record", args=[screens.pk, 1, tg.table]), {"winner": winner}
            )
    org_client.post(reverse("drives:game_next", args=[screens.pk, 1]), {"from_game": "1"})

    # The API: the same night.
    made = org_api.post("/api/drives", NEW_DRIVE).json()["id"]
    api = Drive.objects.get(pk=made)
    org_api.post(f"/api/drives/{made}/pairs", {"player1": "Mary", "player2": "John"})
    org_api.post(
        f"/api/drives/{made}/pairs",
        [{"player1": "Ann", "player2": "Bob"}, {"player1": "Ceit", "player2": "Dan"}],
    )
    # The screens' drive is running: the API says yes to a second drive, as the screen asks.
    assert org_api.post(f"/api/drives/{made}/start", {"seed": 42}).status_code == 409
    org_api.post(f"/api/drives/{made}/start", {"seed": 42, "alongside": True})
    for tg in queries.game_tables(api, 1):
        if len(tg.seat_list) == 2:
            winner = tg.seat_list[0].pair.number
            org_api.post(
                f"/api/drives/{made}/games/1/tables/{tg.table}/result",
                {"winner": winner, "key": f"api-table-{tg.table}"},
            )
    assert org_api.post(f"/api/drives/{made}/games/1/next").status_code == 200

    actions = [a for a, *_ in _trail(screens)]
    assert actions[:4] == ["drive_create", "pair_add", "pairs_bulk_add", "drive_start"]
    assert actions[-1] == "game_advance" and "result_record" in actions
    # The first drive started got the table cards; the second, started alongside, did not.
    assert [e[3].pop("table_cards") for e in _trail(screens) if e[0] == "drive_start"] == [True]
    assert [e[3].pop("table_cards") for e in _trail(api) if e[0] == "drive_start"] == [False]
    # The screens' night added its eight players to the register; the API's, the same
    # names a night later, found them there.
    screens_trail, api_trail = _trail(screens), _trail(api)
    assert _new_in_register(screens_trail) == ["Mary", "John", "Ann", "Bob", "Ceit", "Dan"]
    assert _new_in_register(api_trail) == []
    assert _strip_cards(api_trail) == _strip_cards(screens_trail)
    assert {e.source.split(":")[0] for e in AuditEntry.objects.filter(drive=screens)} == {"front"}
    assert {e.source.split(":")[0] for e in AuditEntry.objects.filter(drive=api)} == {"api"}


def _new_in_register(trail) -> list[str]:
    """The names a trail's pairs added to the register, taken out of its entries."""
    names = []
    for entry in trail:
        new = entry[3]
        for item in new if isinstance(new, list) else [new]:
            if isinstance(item, dict):
                names += item.pop("new_in_register", [])
    return names


# --- The schema and its docs page -----------------------------------------------------

PATHS = {
    "/api/drives": {"get", "post"},
    "/api/drives/{drive_id}/pairs": {"post"},
    "/api/drives/{drive_id}/start": {"post"},
    "/api/drives/{drive_id}/games/{game}/seating": {"get"},
    "/api/drives/{drive_id}/games/{game}/tables/{table}/result": {"post"},
    "/api/drives/{drive_id}/games/{game}/next": {"post"},
    "/api/drives/{drive_id}/standings": {"get"},
    "/api/drives/{drive_id}/prizes": {"get"},
    "/api/players": {"get", "post"},
    "/api/players/match": {"get"},
    "/api/players/{player_id}/history": {"get"},
    "/api/series": {"get"},
    "/api/series/{series_id}": {"get"},
    "/api/leagues/{league_id}": {"get"},
    "/api/published/{source}": {"put"},
}


def test_the_openapi_schema_is_json_with_every_endpoint_and_its_refusals(anon_client):
    response = anon_client.get("/api/openapi.json")
    assert response.status_code == 200
    schema = json.loads(response.content)
    assert schema["openapi"].startswith("3.")
    assert {path: set(ops) for path, ops in schema["paths"].items()} == PATHS
    assert schema["components"]["securitySchemes"]["BearerKey"] == {
        "type": "http",
        "scheme": "bearer",
    }
    for path, ops in schema["paths"].items():
        for method, op in ops.items():
            assert op["security"] == [{"BearerKey": []}], (method, path)
            assert {"401", "403", "404", "422"} <= set(op["responses"]), (method, path)
            if method == "post":
                assert {"400", "409"} <= set(op["responses"]), (method, path)


def test_the_schema_keeps_the_operation_ids_clients_were_generated_from(anon_client):
    # A league site's client made from the schema names its methods after these.
    schema = json.loads(anon_client.get("/api/openapi.json").content)
    ids = {op["operationId"] for ops in schema["paths"].values() for op in ops.values()}
    assert ids == {
        f"drives_views_api_{name}"
        for name in (
            "drive_list",
            "drive_create",
            "pairs_add",
            "drive_start",
            "game_seating",
            "result_record",
            "game_next",
            "standings",
            "prizes",
            "player_list",
            "player_add",
            "player_match",
            "player_history",
            "series_list",
            "series_standings",
            "league_standings",
            "night_publish",
        )
    }


def test_the_docs_page_loads_everything_from_this_server(anon_client):
    response = anon_client.get("/api/docs")
    assert response.status_code == 200
    page = response.content.decode()
    assets = re.findall(r'<(?:script|link)\b[^>]*?(?:src|href)="([^"]+)"', page)
    assert any(a.endswith("swagger-ui-bundle.js") for a in assets), assets
    assert any(a.endswith("swagger-ui.css") for a in assets), assets
    for asset in assets:
        assert not re.match(r"^(https?:)?//", asset), f"{asset} comes from another host"
        assert asset.startswith("/static/"), asset
        # And the file is there to be served (collectstatic finds it in ninja's package).
        assert finders.find(asset.removeprefix("/static/")), asset
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page)
    # Swagger UI would otherwise send the schema to an online validator.
    settings = json.loads(re.search(r'id="swagger-settings">(.*?)</script>', page, re.S)[1])
    assert settings["validatorUrl"] is None
    assert settings["url"] == "/api/openapi.json"


# --- The player register ------------------------------------------------------------


def test_the_register_lists_searches_and_adds_like_its_screen(club, organizer, org_api):
    make_player(club, "Rémi Thériault")
    make_player(club, "Mary MacNeil")
    r = org_api.call("get", "/api/players")
    assert [p["name"] for p in json.loads(r.content)] == ["Mary MacNeil", "Rémi Thériault"]
    r = org_api.call("get", "/api/players?q=theriault")
    assert [p["name"] for p in json.loads(r.content)] == ["Rémi Thériault"]
    r = org_api.call("post", "/api/players", {"name": "Éamon Ó Néill", "phone": "902 555 0101"})
    assert r.status_code == 201 and json.loads(r.content)["name"] == "Éamon Ó Néill"
    entry = AuditEntry.objects.get(action="player_add", new__name="Éamon Ó Néill")
    assert entry.source == "api: player register"
    r = org_api.call("post", "/api/players", {"name": "Flora", "email": "no"})
    assert r.status_code == 400


def test_a_name_is_matched_as_the_paste_matches_it(club, org_api):
    doucette = make_player(club, "Yvette Doucette")
    r = org_api.call("get", "/api/players/match?name=yvette%20doucet")
    body = json.loads(r.content)
    assert body["decision"] == "likely" and body["candidates"][0]["id"] == doucette.pk
    r = org_api.call("get", "/api/players/match?name=YVETTE%20DOUCETTE")
    assert json.loads(r.content)["decision"] == "exact"
    r = org_api.call("get", "/api/players/match?name=Flora%20Gillis")
    assert json.loads(r.content) == {"name": "Flora Gillis", "decision": "new", "candidates": []}


def test_a_players_history_is_the_history_page(club, organizer, org_api):
    drive = started_drive(club, organizer, pairs=4, seed=1)
    pair = drive.pairs.get(number=1)
    play_game(drive, organizer)
    r = org_api.call("get", f"/api/players/{pair.person1_id}/history")
    body = json.loads(r.content)
    assert body["player"]["name"] == "Player 1a" and body["nights_played"] == 1
    [night] = body["nights"]
    assert (night["drive"], night["pair"], night["partner"]) == (drive.pk, 1, "Player 1b")
    assert night["games_won"] in (0, 1) and night["place"] >= 1
    assert org_api.call("get", "/api/players/999999/history").status_code == 404
