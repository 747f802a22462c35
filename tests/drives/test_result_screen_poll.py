"""The result screen's poll answers only what changed (drives/views/night.py game_live):
the page says which tiles it holds, a changed table comes back swapped out of band, an
unchanged one does not, nothing changed is a 204, and a "have" that cannot be read or
no longer fits the game gets the whole live region, never a 500."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from clubs.interface import Origin
from drives import services
from tests.builders import HTMX, NOW, play_game, started_drive
from tests.builders.tables import at_table, tap_url

pytestmark = pytest.mark.django_db


@pytest.fixture
def hall(club, organizer):
    """20 pairs: 10 tables in game 1 of 3."""
    return started_drive(club, organizer, pairs=20, games=3, seed=7)


def report(drive, table, device="phone-one"):
    return services.table_report(
        drive=drive, game=drive.current_game, table=table,
        winner_number=at_table(drive, table)[0], key=f"{device}-{table}", device=device,
        now=NOW, origin=Origin(source=f"table {table}: {device}", device="10.0.0.9"),
    )  # fmt: skip


def poll_url(text: str) -> str:
    """The address the page's (or an answer's) poller asks next."""
    m = re.search(r'<div id="live-poll"[^>]*hx-get="([^"]+)"', text)
    assert m, "no poller"
    return html.unescape(m.group(1))


def game_url(drive, game=1):
    return reverse("drives:game", args=[drive.pk, game])


def live_url(drive, game=1):
    return reverse("drives:game_live", args=[drive.pk, game])


def oob_tiles(text: str) -> list[int]:
    return [int(n) for n in re.findall(r'<article id="table-(\d+)" hx-swap-oob="true"', text)]


def test_the_page_polls_every_5s_without_swapping_itself(org_client, hall):
    page = org_client.get(game_url(hall)).content.decode()
    poller = re.search(r'<div id="live-poll"[^>]*>', page).group(0)
    assert 'hx-trigger="every 5s"' in poller and 'hx-swap="none"' in poller
    assert "data-poll-when-idle" in poller
    assert poll_url(page).startswith(live_url(hall) + "?have=")


def test_nothing_changed_is_a_204(org_client, hall):
    page = org_client.get(game_url(hall)).content.decode()
    r = org_client.get(poll_url(page), **HTMX)
    assert r.status_code == 204 and r.content == b""


def test_a_changed_table_comes_back_and_an_unchanged_one_does_not(org_client, hall):
    page = org_client.get(game_url(hall)).content.decode()
    report(hall, 3)
    r = org_client.get(poll_url(page), **HTMX)
    body = r.content.decode()
    assert r.status_code == 200
    assert oob_tiles(body) == [3]
    assert "waiting for the other pair to agree" in body
    assert 'id="count" class="countbar" hx-swap-oob="true"' in body
    assert 'href="#table-3" class="chip reported"' in body
    assert '<div id="game-actions" class="actions undo" hx-swap-oob="true">' in body
    assert 'name="csrfmiddlewaretoken" value="' in body and "\x00" not in body
    # The answer's poller holds the new tile: asked again, nothing has changed.
    assert re.search(r'<div id="live-poll"[^>]*hx-swap-oob="true"', body)
    assert org_client.get(poll_url(body), **HTMX).status_code == 204


def test_a_change_elsewhere_sends_the_bar_but_no_tile(org_client, organizer, hall):
    page = org_client.get(game_url(hall)).content.decode()
    pair = hall.pairs.get(number=1)
    services.pair_set_paid(pair=pair, actor=organizer, now=NOW, paid=not pair.paid)
    r = org_client.get(poll_url(page), **HTMX)  # the audit trail moved on, no tile did
    assert r.status_code == 200 and 'id="count"' in r.content.decode()
    assert oob_tiles(r.content.decode()) == []


def test_a_renamed_player_comes_back_on_its_tile(org_client, organizer, hall):
    page = org_client.get(game_url(hall)).content.decode()
    number = at_table(hall, 4)[0]
    pair = hall.pairs.get(number=number)
    services.pair_update(
        pair=pair, player1="Marguerite", player2=pair.player2, actor=organizer, now=NOW
    )
    body = org_client.get(poll_url(page), **HTMX).content.decode()
    assert oob_tiles(body) == [4] and "Marguerite" in body


def test_the_front_tables_own_tap_is_sent_again_only_once(org_client, hall):
    page = org_client.get(game_url(hall)).content.decode()
    org_client.post(tap_url(hall, 2), {"winner": at_table(hall, 2)[0]}, **HTMX)
    body = org_client.get(poll_url(page), **HTMX).content.decode()
    assert oob_tiles(body) == [2]
    assert org_client.get(poll_url(body), **HTMX).status_code == 204


@pytest.mark.parametrize(
    "have",
    [
        "",
        "garbage",
        "0" * 24,
        "0" * 24 + "_1-zzzzzzzzzz",
        "0" * 24 + "_99999-0000000000",
        "<script>" * 50,
        "0" * 24 + "_" + ".".join(f"{n}-0000000000" for n in range(1, 2000)),
    ],
)
def test_a_have_that_cannot_be_read_gets_the_whole_region(org_client, hall, have):
    r = org_client.get(live_url(hall), {"have": have}, **HTMX)
    body = r.content.decode()
    assert r.status_code == 200
    assert body.lstrip().startswith('<div id="live" hx-swap-oob="true">')
    assert len(re.findall(r'<article id="table-\d+"', body)) == 10
    assert poll_url(body).startswith(live_url(hall) + "?have=")


def test_a_page_holding_other_tables_gets_the_whole_region(org_client, hall):
    page = org_client.get(game_url(hall)).content.decode()
    # An older page of this game: another key, and no table 10 (before a seat change).
    fewer = re.sub(r"\.10-[0-9a-f]{10}", "", poll_url(page))
    fewer = re.sub(r"have=[0-9a-f]{24}_", "have=" + "0" * 24 + "_", fewer)
    assert fewer != poll_url(page)
    body = org_client.get(fewer, **HTMX).content.decode()
    assert body.lstrip().startswith('<div id="live" hx-swap-oob="true">')


def test_a_game_moved_on_gets_the_whole_region_without_a_poller(org_client, organizer, hall):
    page = org_client.get(game_url(hall)).content.decode()
    play_game(hall, organizer)
    services.game_advance(drive=hall, from_game=1, actor=organizer, now=NOW)
    body = org_client.get(poll_url(page), **HTMX).content.decode()
    assert body.lstrip().startswith('<div id="live" hx-swap-oob="true">')
    assert "live-poll" not in body and "disabled" in body


def test_a_question_to_change_a_result_stays_through_the_poll(org_client, hall):
    a, b = at_table(hall, 1)
    org_client.post(tap_url(hall, 1), {"winner": a})
    page = org_client.post(tap_url(hall, 1), {"winner": b}, follow=True).content.decode()
    assert "Change it to pair" in page
    assert org_client.get(poll_url(page), **HTMX).status_code == 204


def test_the_poll_is_for_the_club_only(anon_client, other_club_client, org_client, hall):
    have = poll_url(org_client.get(game_url(hall)).content.decode())
    assert anon_client.get(have).status_code == 302  # not logged in: to the login page
    assert other_club_client.get(have, **HTMX).status_code == 404
    assert org_client.post(have, **HTMX).status_code == 405


def test_a_scorer_polls_too(scorer_client, hall):
    page = scorer_client.get(game_url(hall)).content.decode()
    report(hall, 5)
    body = scorer_client.get(poll_url(page), **HTMX).content.decode()
    assert oob_tiles(body) == [5]


def test_a_poll_leaves_the_last_steps_message_to_the_page(org_client, hall):
    page = org_client.get(game_url(hall)).content.decode()
    a = at_table(hall, 2)[0]
    org_client.post(tap_url(hall, 2), {"winner": a})  # without htmx: a message, a redirect
    assert org_client.get(poll_url(page), **HTMX).status_code == 200
    assert org_client.get(live_url(hall), **HTMX).status_code == 200
    again = org_client.get(game_url(hall)).content.decode()
    assert f"Table 2: pair {a} won." in again
