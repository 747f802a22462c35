"""The association's server takes in nights published from hall laptops:
PUT /api/published/<source> (exchange/views/published.py, exchange/services/receiving.py)."""

from __future__ import annotations

import json

import pytest

from accounts.services import tokens as api_tokens
from clubs.models import AuditEntry, Player
from drives.models import Drive, Seat, TableGame
from exchange.models import PublishedNight
from tests.builders import NOW, make_club, make_user, started_drive
from tests.builders.api import Api, key_for
from tests.builders.publishing import (
    correct_first_table,
    laptop_night,
    night_body,
    published_rows,
    server_club,
    url,
)
from tests.support import assert_statement_count

pytestmark = pytest.mark.django_db


@pytest.fixture
def night():
    return laptop_night()


@pytest.fixture
def server():
    club, organizer = server_club()
    return club, organizer, Api(key_for(organizer))


def test_a_night_is_published_once_with_its_document_kept_as_received(night, server):
    laptop_club, _, drive = night
    club, organizer, api = server
    # The server's register already has one of the night's players.
    Player.objects.create(club=club, name="Player 1a", match_key="player 1a", created_at=NOW)
    revision, document, body = night_body(drive)

    response = api.put(url(drive), raw=body)

    assert response.status_code == 201, response.content
    answer = response.json()
    assert answer["outcome"] == "published" and answer["revision"] == revision
    kept = PublishedNight.objects.get()
    assert kept.club == club and kept.revision == revision and kept.document == document
    copy = Drive.objects.get(pk=answer["drive"])
    assert copy.club == club and copy.name == drive.name and copy.pk != drive.pk
    assert copy.current_game == drive.current_game
    assert copy.pairs.count() == drive.pairs.count()
    # Players matched to the server club's register: the one it had is not added again.
    assert Player.objects.filter(club=club, name="Player 1a").count() == 1
    assert Player.objects.filter(club=club).count() == 2 * drive.pairs.count()
    entry = AuditEntry.objects.filter(drive=copy).order_by("-id").first()
    assert entry.action == "night_published" and entry.new["source"] == kept.source
    # The laptop's trail came with it.
    assert AuditEntry.objects.filter(drive=copy).count() == (
        AuditEntry.objects.filter(drive=drive).count() + 1
    )


def test_the_same_night_again_is_one_night_answered_as_the_first_time(night, server):
    _, _, drive = night
    _, _, api = server
    _, _, body = night_body(drive)
    first = api.put(url(drive), raw=body).json()
    before = published_rows()

    with assert_statement_count(3, label="replay: the key, the membership, the night"):
        again = api.put(url(drive), raw=body)

    assert again.status_code == 200
    assert again.json() | {"outcome": "published"} == first
    assert again.json()["outcome"] == "replayed"
    assert published_rows() == before


def test_a_corrected_night_replaces_the_earlier_one_with_its_correction_in_the_audit(night, server):
    _, laptop_organizer, drive = night
    club, _, api = server
    _, _, body = night_body(drive)
    first = api.put(url(drive), raw=body).json()
    winner = correct_first_table(drive, laptop_organizer)
    revision, _, corrected = night_body(drive)

    response = api.put(url(drive), raw=corrected)

    assert response.status_code == 200, response.content
    answer = response.json()
    assert answer["outcome"] == "replaced" and answer["revision"] == revision
    assert not Drive.objects.filter(pk=first["drive"]).exists()
    assert Drive.objects.filter(club=club).count() == 1
    kept = PublishedNight.objects.get()
    assert kept.drive_id == answer["drive"] and kept.times_replaced == 1
    copy = kept.drive
    tg = TableGame.objects.select_related("winner").get(drive=copy, game=1, table=1)
    assert tg.winner.number == winner
    actions = list(AuditEntry.objects.filter(drive=copy).values_list("action", flat=True))
    assert "result_correct" in actions
    assert actions.count("night_published") == 1 and actions.count("night_replaced") == 1
    replaced = AuditEntry.objects.get(drive=copy, action="night_replaced")
    assert replaced.new["replaces_drive"] == first["drive"]
    # No player was added twice by the second import.
    assert Player.objects.filter(club=club).count() == 2 * drive.pairs.count()


def test_a_publish_that_fails_in_the_middle_writes_nothing_and_works_when_sent_again(
    night, server, monkeypatch
):
    _, _, drive = night
    _, _, api = server
    _, _, body = night_body(drive)
    before = published_rows()

    def cut_off(*args, **kwargs):
        raise ConnectionResetError("the hall's connection dropped")

    # Half the night written: its drive and pairs, then the seats fail.
    monkeypatch.setattr(Seat.objects, "bulk_create", cut_off)
    api.client.raise_request_exception = False
    assert api.put(url(drive), raw=body).status_code == 500
    assert published_rows() == before
    monkeypatch.undo()

    assert api.put(url(drive), raw=body).status_code == 201
    assert PublishedNight.objects.count() == 1


def test_a_replace_that_fails_halfway_keeps_the_earlier_version_whole(night, server, monkeypatch):
    _, laptop_organizer, drive = night
    _, _, api = server
    _, _, body = night_body(drive)
    first = api.put(url(drive), raw=body).json()
    correct_first_table(drive, laptop_organizer)
    _, _, corrected = night_body(drive)
    before = published_rows()

    def cut_off(*args, **kwargs):
        raise ConnectionResetError("cut off")

    monkeypatch.setattr(Seat.objects, "bulk_create", cut_off)
    api.client.raise_request_exception = False
    assert api.put(url(drive), raw=corrected).status_code == 500
    monkeypatch.undo()
    assert published_rows() == before
    assert PublishedNight.objects.get().drive_id == first["drive"]

    assert api.put(url(drive), raw=corrected).json()["outcome"] == "replaced"


def test_a_truncated_body_writes_nothing_and_the_whole_one_then_goes_through(night, server):
    _, _, drive = night
    _, _, api = server
    _, _, body = night_body(drive)
    before = published_rows()

    cut = api.put(url(drive), raw=body[: len(body) // 2])

    assert cut.status_code == 400
    assert "did not arrive whole" in cut.json()["detail"]
    assert published_rows() == before
    assert api.put(url(drive), raw=body).status_code == 201


def _refused(response, status, words):
    assert response.status_code == status, response.content
    assert words in response.json()["detail"]


def test_a_document_its_revision_does_not_match_is_refused(night, server):
    _, _, drive = night
    _, _, api = server
    revision, document, _ = night_body(drive)
    document["pairs"][0]["player1"] = "Someone Else"
    before = published_rows()
    response = api.put(url(drive), body={"revision": revision, "document": document})
    _refused(response, 400, "revision does not match")
    assert published_rows() == before


def test_a_bad_document_is_refused_with_the_imports_words(night, server):
    from exchange.services.wire import revision_of

    _, _, drive = night
    _, _, api = server
    _, document, _ = night_body(drive)
    document["games"][0]["tables"][0]["seats"][0]["pair"] = 999
    before = published_rows()
    response = api.put(url(drive), body={"revision": revision_of(document), "document": document})
    _refused(response, 400, "cannot be imported")
    assert published_rows() == before


@pytest.mark.parametrize(
    "body",
    [
        {"document": {}},
        {"revision": "abc", "document": {}},
        {"revision": "0" * 64, "document": [], "more": 1},
        [],
    ],
)
def test_a_body_of_another_shape_is_refused(night, server, body):
    _, _, drive = night
    _, _, api = server
    before = published_rows()
    assert api.put(url(drive), body=body).status_code == 400
    assert published_rows() == before


def test_a_scorers_key_is_refused(night, server):
    _, _, drive = night
    club, _, _ = server
    scorer_api = Api(key_for(make_user(club, username="door", role="scorer")))
    _, _, body = night_body(drive)
    before = published_rows()
    _refused(scorer_api.put(url(drive), raw=body), 403, "organizer")
    assert published_rows() == before


def test_no_key_or_a_revoked_key_is_refused(night, server):
    _, _, drive = night
    _, organizer, _ = server
    made = api_tokens.token_create(actor=organizer, name="Laptop", now=NOW)
    api_tokens.token_revoke(token=made.token, actor=organizer, now=NOW)
    _, _, body = night_body(drive)
    before = published_rows()
    assert Api().put(url(drive), raw=body).status_code == 401
    assert Api(made.key).put(url(drive), raw=body).status_code == 401
    assert published_rows() == before


def test_another_clubs_key_cannot_publish_from_a_clubs_laptop_or_take_its_night(night, server):
    laptop_club, laptop_organizer, drive = night
    _, _, api = server
    _, _, body = night_body(drive)
    assert api.put(url(drive), raw=body).status_code == 201
    other = make_user(make_club("Sydney Mines 45s"), username="sydney")
    other_api = Api(key_for(other))
    second = started_drive(laptop_club, laptop_organizer, pairs=4, name="Saturday 45s")
    _, _, second_body = night_body(second)
    before = published_rows()

    # The same night (its source), and another night of the same laptop.
    _refused(other_api.put(url(drive), raw=body), 409, "another club")
    _refused(other_api.put(url(second), raw=second_body), 409, "another club")
    assert published_rows() == before
    assert PublishedNight.objects.count() == 1


def test_an_older_version_does_not_replace_a_newer_one(night, server):
    _, laptop_organizer, drive = night
    _, _, api = server
    _, _, old_body = night_body(drive)
    correct_first_table(drive, laptop_organizer)
    _, _, new_body = night_body(drive)
    assert api.put(url(drive), raw=new_body).status_code == 201
    before = published_rows()
    _refused(api.put(url(drive), raw=old_body), 409, "older version")
    assert published_rows() == before


def test_a_malformed_source_or_a_night_too_big_is_refused(night, server, monkeypatch):
    _, _, drive = night
    _, _, api = server
    _, _, body = night_body(drive)
    before = published_rows()
    assert api.put("/api/published/not-a-laptop-source!", raw=body).status_code in (404, 422)
    _refused(api.put("/api/published/shortx-12x", raw=body), 400, "source id")
    monkeypatch.setattr("exchange.views.published.MAX_BYTES", 1000)
    _refused(api.put(url(drive), raw=body), 413, "too big")
    assert published_rows() == before


def test_a_published_night_cannot_be_changed_on_the_servers_screens(night, server, client):
    _, _, drive = night
    club, organizer, api = server
    _, _, body = night_body(drive)
    copy_id = api.put(url(drive), raw=body).json()["drive"]
    client.force_login(organizer)
    before = published_rows()

    page = client.get(f"/drives/{copy_id}/")
    assert page.status_code == 200
    assert 'id="published-night"' in page.content.decode()
    refused = client.post(f"/drives/{copy_id}/screens/", {"board_public": "on"})
    assert refused.status_code == 409
    assert "This night is kept on the hall" in refused.content.decode()
    htmx = client.post(f"/drives/{copy_id}/screens/", {}, HTTP_HX_REQUEST="true")
    assert htmx.status_code == 409
    copy = Drive.objects.get(pk=copy_id)
    game = copy.current_game
    result = api.post(f"/api/drives/{copy_id}/games/{game}/next")
    _refused(result, 409, "kept on the hall's laptop")
    assert published_rows() == before
    assert not Drive.objects.get(pk=copy_id).board_public


def test_the_schema_documents_the_publish_route(anon_client):
    schema = json.loads(anon_client.get("/api/openapi.json").content)
    put = schema["paths"]["/api/published/{source}"]["put"]
    assert {"200", "201", "400", "401", "403", "409", "413"} <= set(put["responses"])


def test_a_night_rewound_on_the_laptop_and_changed_again_replaces_the_published_one(night, server):
    """A snapshot put back on the laptop shortens its trail; the change made after it is
    later than anything published, so it is the newer night."""
    from exchange.services.wire import revision_of

    _, _, drive = night
    _, _, api = server
    _, document, body = night_body(drive)
    assert api.put(url(drive), raw=body).status_code == 201
    rewound = json.loads(json.dumps(document))
    later = dict(rewound["audit"][-1], at="2026-11-29T23:59:00+00:00")
    rewound["audit"] = rewound["audit"][:-2] + [later]
    response = api.put(url(drive), body={"revision": revision_of(rewound), "document": rewound})
    assert response.status_code == 200, response.content
    assert response.json()["outcome"] == "replaced"


def test_every_change_to_a_published_night_on_the_servers_screens_is_a_plain_409(
    night, server, client
):
    """Every address that writes to a drive, posted as the server club's organizer on a
    published night: 409 with the words, the htmx partial too, and nothing written."""
    from tests.builders.roles import ROLES, ROUTES, WRITES

    _, _, drive = night
    club, organizer, api = server
    _, _, body = night_body(drive)
    copy = Drive.objects.get(pk=api.put(url(drive), raw=body).json()["drive"])
    client.force_login(organizer)
    pair = copy.pairs.order_by("number").first()
    values = {
        "drive_id": copy.pk,
        "game": copy.current_game,
        "table": 1,
        "pair_id": pair.pk,
        "number": pair.number,
        "prize": "place-1",
        "place": 1,
        "kind": "winner",
    }
    swept = []
    before = published_rows()
    for key in WRITES:
        route = ROUTES[key]
        if "drive_id" not in route.kwargs or ROLES[key] == "public":
            continue
        if key.startswith("public:"):  # the server's choice to show the night, not a change to it
            continue
        if set(route.kwargs) - set(values):  # a series' or league's address: not the night's
            continue
        address = route.url(values)
        response = client.post(address, {})
        assert response.status_code == 409, (key, response.status_code)
        assert "This night is kept on the hall" in response.content.decode(), key
        htmx = client.post(address, {}, HTTP_HX_REQUEST="true")
        assert htmx.status_code == 409, (key, htmx.status_code)
        swept.append(key)
    assert published_rows() == before
    assert len(swept) > 30, swept


def test_a_night_sent_compressed_is_taken_and_a_cut_or_swollen_one_is_refused(
    night, server, monkeypatch
):
    import gzip

    _, _, drive = night
    _, _, api = server
    _, _, body = night_body(drive)
    packed = gzip.compress(body)
    assert len(packed) * 4 < len(body)
    gz = {"HTTP_CONTENT_ENCODING": "gzip"}
    before = published_rows()

    cut = api.client.put(
        url(drive), packed[: len(packed) // 2], "application/json", **gz, **api.extra
    )
    _refused(cut, 400, "did not arrive whole")
    other = api.client.put(
        url(drive), body, "application/json", HTTP_CONTENT_ENCODING="br", **api.extra
    )
    _refused(other, 415, "gzip")
    monkeypatch.setattr("exchange.views.published.MAX_BYTES", len(packed) + 10)
    swollen = api.client.put(url(drive), packed, "application/json", **gz, **api.extra)
    _refused(swollen, 413, "too big")
    monkeypatch.undo()
    assert published_rows() == before

    whole = api.client.put(url(drive), packed, "application/json", **gz, **api.extra)
    assert whole.status_code == 201, whole.content
