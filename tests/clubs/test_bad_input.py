"""Bad input gets a 400 with a message and writes nothing, never a server error
(clubs/text.py, clubs/converters.py, clubs/middleware.py): digits that are not
0-9, numbers past what int() or the database take, ids too large for any row, and
control characters.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from clubs.models import AuditEntry
from drives import services
from drives.models import Hand, Pair
from scorekeeper.models import ScoreGame, ScoreHand
from tests.builders import HTMX, NOW, play_game, row_counts, started_drive
from tests.builders.scoresheets import hand, seated

pytestmark = pytest.mark.django_db

# "²" is a digit to str.isdigit() but not to int(); int() refuses more than 4,300 digits;
# 30 digits are past any database id.
BAD_NUMBERS = ["²", "9" * 5000, "9" * 30, "١٢٣٤٥٦٧٨٩٠١٢٣٤٥٦٧٨٩٠"]


def written() -> dict:
    return {
        **row_counts(),
        "Hand": Hand.objects.count(),
        "ScoreGame": ScoreGame.objects.count(),
        "ScoreHand": ScoreHand.objects.count(),
        "users": get_user_model().objects.count(),
    }


def message_of(response) -> str:
    return response.content.decode()


@pytest.fixture
def at_game_2(club, organizer):
    drive = started_drive(club, organizer, pairs=8)
    play_game(drive, organizer)
    return services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW)


@pytest.mark.parametrize("value", BAD_NUMBERS)
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_a_correction_with_a_number_that_is_no_pair_is_refused(org_client, at_game_2, value, htmx):
    url = reverse("drives:result_correct", args=[at_game_2.pk, 1, 1])
    before = written()
    headers = HTMX if htmx else {}
    shown = org_client.get(url, {"winner": value}, **headers)
    assert shown.status_code == 400
    assert "Tap the pair that really won." in message_of(shown)
    for data in ({"winner": value, "from_game": "2"}, {"winner": "1", "from_game": value}):
        r = org_client.post(url, data, **headers)
        assert r.status_code == 400, data
    assert written() == before


@pytest.mark.parametrize("value", BAD_NUMBERS)
def test_a_scoresheet_undo_with_a_number_that_is_no_hand_is_refused_and_undoes_nothing(
    org_client, club, organizer, value
):
    drive = started_drive(club, organizer, pairs=8)
    table, a, b = seated(drive)
    hand(drive, table, 1, {a: 3, b: 2}, a, actor=organizer)
    before = written()
    r = org_client.post(
        reverse("drives:hand_undo", args=[drive.pk, 1, table]), {"number": value}, **HTMX
    )
    assert r.status_code == 400
    assert "This page is out of date: reload it." in message_of(r)
    assert written() == before


NEW_GAME = {"game": "forty_fives:forty_fives_45", "line_up": "2x2"}


@pytest.mark.parametrize("value", BAD_NUMBERS)
def test_the_scorekeeper_refuses_a_target_that_is_no_number(org_client, value):
    before = written()
    r = org_client.post(
        reverse("scorekeeper:game_new"),
        {"game": "all_fours:seven_up", "line_up": "2x1", "target": value},
    )
    assert r.status_code == 400
    assert "The target is a whole number of points." in message_of(r)
    assert written() == before


@pytest.fixture
def kept_game(org_client):
    org_client.post(reverse("scorekeeper:game_new"), NEW_GAME)
    return ScoreGame.objects.get()


@pytest.mark.parametrize("value", BAD_NUMBERS)
@pytest.mark.parametrize("field", ["tricks_0", "number"])
def test_the_scorekeeper_refuses_a_hand_with_a_number_that_is_none(
    org_client, kept_game, field, value
):
    data = {"number": "1", "key": "k-1", "tricks_0": "3", "tricks_1": "2", "best": "0"}
    before = written()
    r = org_client.post(
        reverse("scorekeeper:hand_add", args=[kept_game.pk]), {**data, field: value}
    )
    assert r.status_code == 400
    assert written() == before


@pytest.mark.parametrize("value", BAD_NUMBERS)
def test_the_scorekeeper_undo_with_a_number_that_is_no_hand_undoes_nothing(
    org_client, kept_game, value
):
    data = {"number": "1", "key": "k-1", "tricks_0": "3", "tricks_1": "2", "best": "0"}
    assert (
        org_client.post(reverse("scorekeeper:hand_add", args=[kept_game.pk]), data).status_code
        == 302
    )
    before = written()
    r = org_client.post(reverse("scorekeeper:hand_undo", args=[kept_game.pk]), {"number": value})
    assert r.status_code == 400
    assert written() == before


@pytest.mark.parametrize("field", ["title", "side_0", "side_1"])
@pytest.mark.parametrize("bad", ["a\x00b", "Pair\x01one", "\x7f"])
def test_a_control_character_in_a_scorekeeper_title_or_side_is_refused(org_client, field, bad):
    before = written()
    r = org_client.post(reverse("scorekeeper:game_new"), {**NEW_GAME, field: bad})
    assert r.status_code == 400
    assert "control character" in message_of(r)
    assert written() == before


def test_a_null_anywhere_in_a_form_or_an_address_is_refused_before_any_view(org_client, club):
    before = written()
    r = org_client.post(reverse("drives:drive_create"), {"name": "Friday\x00", "games": "25"})
    assert r.status_code == 400
    r = org_client.get("/t/abc%00def/", **HTMX)
    assert r.status_code == 400
    assert "control character" in message_of(r)
    assert written() == before


def test_a_pasted_list_of_pairs_keeps_its_tabs_and_line_breaks(org_client, club, organizer):
    drive = services.drive_create(
        club=club, actor=organizer, now=NOW, name="Friday", date=NOW.date(), venue="Hall"
    )
    text = "Mary\tMacNeil & John Boudreau\r\nAnn & Bob"
    r = org_client.post(reverse("drives:pairs_bulk", args=[drive.pk]), {"text": text})
    assert r.status_code == 302
    assert Pair.objects.filter(drive=drive).count() == 2


HUGE_IDS = ["9" * 19, "9223372036854775808", "9" * 30, "9" * 5000]


@pytest.mark.parametrize("n", HUGE_IDS)
@pytest.mark.parametrize("action", ["password", "role", "remove"])
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_a_person_id_too_large_for_any_row_is_a_plain_400(org_client, n, action, htmx):
    before = written(), AuditEntry.objects.count()
    r = org_client.post(f"/club/people/{n}/{action}/", {"role": "scorer"}, **(HTMX if htmx else {}))
    assert r.status_code == 400
    assert "so large a number" in message_of(r)
    assert (written(), AuditEntry.objects.count()) == before


@pytest.mark.parametrize(
    "url",
    [
        "/drives/{n}/",
        "/drives/1/games/{n}/tables/1/correct/",
        "/drives/1/pairs/{n}/edit/",
        "/prizes/1/jar/pairs/{n}/",
        "/scorekeeper/{n}/",
        "/board/{n}/",
        "/club/tables/{n}/rotate/",
        "/club/profile/tokens/{n}/revoke/",
    ],
)
def test_every_address_refuses_a_number_too_large_for_any_row(org_client, url):
    r = org_client.post(url.format(n="9" * 30))
    assert r.status_code == 400
    assert "so large a number" in message_of(r)


def test_the_largest_id_a_row_can_have_is_still_looked_up_and_not_found(org_client):
    assert org_client.get(f"/drives/{2**63 - 1}/").status_code == 404
