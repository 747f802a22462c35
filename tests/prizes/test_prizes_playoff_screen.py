"""A play-off of three tied pairs on the tie screen (prizes/views/ties.py, tie_steps.py):
two pairs play, the loser is out, the winner meets the third, or the organizer chooses
who plays next; every game is kept as it is recorded, and the decision names them all.
"""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse

from clubs.models import AuditEntry
from drives.models import PlacePrize
from prizes.models import Decision
from prizes.services import ties
from tests.builders import HTMX
from tests.builders.ties import THREE_WAY, everything, finished_night

pytestmark = pytest.mark.django_db


@pytest.fixture
def three_way(club, organizer):
    """Pairs 1, 2 and 3 tie for first ($30) on 4 games."""
    drive = finished_night(club, organizer, THREE_WAY, games=5, seed=1)
    PlacePrize.objects.create(drive=drive, place=1, cents=3000)
    return drive


def url(drive, prize="place-1"):
    return reverse("prizes:tie", args=[drive.pk, prize])


def text(response) -> str:
    return unescape(response.content.decode())


def ask_playoff(client, drive, pair=3):
    return client.post(url(drive), {"action": "ticks", "playoff": [str(pair)]})


def won(client, drive, winner, game="", **extra):
    data = {"action": "playoff", "winner": str(winner), **extra}
    if game:
        data["game"] = game
    return client.post(url(drive), data)


def test_three_pairs_are_told_how_they_play_off(org_client, three_way):
    ask_playoff(org_client, three_way)
    page = text(org_client.get(url(three_way)))
    assert "the tied pairs play off two at a time" in page
    assert "the winner meets the next pair" in page
    assert "the tied pairs play another game" not in page
    assert "Game 1 of the play-off: pair 1 against pair 2" in page
    assert "Still in the play-off: pairs 1, 2 and 3." in page
    assert page.count('name="game" value="1-2"') == 2  # a button for each of the two
    assert '<option value="2-3">Pair 2 against pair 3</option>' in page


def test_two_play_the_winner_meets_the_third_and_each_game_is_recorded(org_client, three_way):
    ask_playoff(org_client, three_way)
    r = won(org_client, three_way, 2, "1-2")  # game 1: pair 2 beats pair 1, at once
    assert r.status_code == 302
    row = Decision.objects.get(drive=three_way, prize="place-1")
    assert row.status == "open" and row.detail["games"] == [[1, 2, 2]]
    steps = AuditEntry.objects.filter(drive=three_way, action="prize_step").order_by("id")
    assert steps.last().summary == "First prize: play-off game 1: pair 2 beat pair 1"
    page = text(org_client.get(url(three_way)))
    assert "Game 1: pair 2 beat pair 1" in page
    assert "Game 2, the last: pair 2 against pair 3" in page
    assert "Still in the play-off: pairs 2 and 3." in page
    # The last game decides the prize: it asks first.
    before = everything()
    r = won(org_client, three_way, 3, "2-3")
    assert r.status_code == 200 and everything() == before
    assert "Pair 3 won the play-off for first prize: is that right?" in text(r)
    r = won(org_client, three_way, 3, "2-3", confirm="yes")
    row.refresh_from_db()
    assert (row.status, row.method, row.winners) == ("decided", "playoff", [3])
    assert row.detail["games"] == [[1, 2, 2], [2, 3, 3]]
    how = ties.prize_groups(three_way).places[0].how
    assert how == (
        "play-off: pair 3 asked for it; game 1: pair 2 beat pair 1; "
        "game 2: pair 3 beat pair 2 — pair 3 won"
    )
    assert row.detail["summary"] == (
        "Tie between pairs 1, 2 and 3: pair 3 asked for a play-off; game 1: pair 2 beat "
        "pair 1; game 2: pair 3 beat pair 2; pair 3 won the play-off."
    )


def test_the_organizer_may_choose_who_plays_first(org_client, three_way):
    ask_playoff(org_client, three_way)
    page = text(org_client.get(url(three_way) + "?game=1-3"))
    assert "Game 1 of the play-off: pair 1 against pair 3" in page
    assert page.count('name="game" value="1-3"') == 2
    won(org_client, three_way, 3, "1-3")
    page = text(org_client.get(url(three_way)))
    assert "Game 2, the last: pair 2 against pair 3" in page  # the winner meets pair 2


def test_a_game_that_cannot_be_played_is_refused_and_writes_nothing(org_client, three_way):
    ask_playoff(org_client, three_way)
    won(org_client, three_way, 2, "1-2")
    before = everything()
    r = won(org_client, three_way, 1, "1-3")  # pair 1 lost game 1: it is out
    assert r.status_code == 400 and "Choose two pairs still in the play-off" in text(r)
    r = won(org_client, three_way, 1, "2-3")
    assert r.status_code == 400 and "Pair 1 did not play this game" in text(r)
    r = won(org_client, three_way, 3, "nonsense")
    assert r.status_code == 400
    assert org_client.get(url(three_way) + "?game=1-3").status_code == 400
    assert everything() == before


def test_a_game_can_be_taken_back(org_client, three_way):
    ask_playoff(org_client, three_way)
    won(org_client, three_way, 2, "1-2")
    r = org_client.post(url(three_way), {"action": "playoff_undo", "playoff": ["3"]}, **HTMX)
    assert r.status_code == 200 and "Game 1 of the play-off: pair 1 against pair 2" in text(r)
    row = Decision.objects.get(drive=three_way, prize="place-1")
    assert row.detail["games"] == []
    last = AuditEntry.objects.filter(action="prize_step").order_by("id").last()
    assert last.summary == "First prize: play-off game 1 taken back"
    r = org_client.post(url(three_way), {"action": "playoff_undo", "playoff": ["3"]})
    assert r.status_code == 409


def test_once_games_are_played_the_request_cannot_be_taken_back(org_client, three_way):
    ask_playoff(org_client, three_way)
    won(org_client, three_way, 2, "1-2")
    before = everything()
    r = org_client.post(url(three_way), {"action": "ticks"})
    assert r.status_code == 409 and "take back its games" in text(r)
    assert everything() == before


def test_a_pair_that_declines_leaves_two_to_play_one_game(org_client, three_way):
    org_client.post(url(three_way), {"action": "ticks", "playoff": ["3"], "declined": ["2"]})
    page = text(org_client.get(url(three_way)))
    assert "the tied pairs play another game" in page and "two at a time" not in page
    r = won(org_client, three_way, 1, playoff=["3"], declined=["2"], confirm="yes")
    assert r.status_code == 302
    row = Decision.objects.get(drive=three_way, prize="place-1")
    assert row.winners == [1] and row.detail["games"] == [[1, 3, 1]]


def test_the_screen_under_htmx_and_for_outsiders(
    org_client, other_club_client, scorer_client, three_way
):
    ask_playoff(org_client, three_way)
    r = org_client.get(url(three_way) + "?game=2-3", **HTMX)
    assert r.status_code == 200 and b"<html" not in r.content
    assert "pair 2 against pair 3" in text(r)
    data = {"action": "playoff", "winner": "2", "game": "1-2"}
    before = everything()
    assert other_club_client.post(url(three_way), data).status_code == 404
    assert scorer_client.post(url(three_way), data).status_code == 403
    assert everything() == before
    r = org_client.post(url(three_way), data, **HTMX)
    assert r.status_code == 200 and "Game 2, the last: pair 2 against pair 3" in text(r)


def test_a_refusal_under_htmx_is_picked_out_for_the_flash(org_client, three_way):
    # The tie page's forms select #content from an answer; a refusal has none, so it is
    # picked out by its message (else a stale tablet's tap said nothing at all).
    ask_playoff(org_client, three_way)
    won(org_client, three_way, 2, "1-2")
    r = org_client.post(url(three_way), {"action": "playoff", "winner": "1", "game": "1-2"}, **HTMX)
    assert r.status_code == 400 and r["HX-Retarget"] == "#flash" and r["HX-Reselect"] == ".msg"
    assert '<p class="msg error">' in r.content.decode()
