"""The HTML the night's screens build in Python (drives/views/fragments.py): what people
typed is escaped, the CSRF token goes into every form, a tile's digest follows what it
shows, and the standings rows punch each game as the punch card tag did."""

from __future__ import annotations

from types import SimpleNamespace as NS

import pytest
from django.test import RequestFactory

from drives.queries import TilePair, TileSeat, TileTable
from drives.templatetags.drive_tags import punch_card
from drives.views import fragments

pytestmark = pytest.mark.django_db


def screen(editable=True):
    return fragments.TileScreen(
        result_base="/drives/1/games/2/tables/", game_url="/drives/1/games/2/",
        editable=editable, hand_tables=frozenset(), organizer=True, words=fragments.TileWords(),
    )  # fmt: skip


def table(name="Mary", status="pending", winner=None):
    seats = [
        TileSeat(1, TilePair(1, 3, name, "Joe")),
        TileSeat(2, TilePair(2, 8, "Ann", "Bob")),
    ]
    return TileTable(10, 4, status, winner, 1, seats)


def test_a_tile_escapes_names_and_takes_the_requests_token():
    body = fragments.tile_body(screen(), table(name='<b>"Mary"</b>'))
    assert "<b>" not in body and "&lt;b&gt;&quot;Mary&quot;&lt;/b&gt;" in body
    request = RequestFactory().get("/")
    html = fragments.with_token(request, body)
    assert "\x00" not in html and html.count('name="csrfmiddlewaretoken" value="') == 2
    assert 'action="/drives/1/games/2/tables/4/result/"' in html
    assert "Pair 3 deals first" in html and 'class="pairbtn"' in html


def test_a_tiles_digest_follows_what_it_shows():
    same = fragments.tile_digest(fragments.tile_body(screen(), table()))
    assert same == fragments.tile_digest(fragments.tile_body(screen(), table()))
    assert same != fragments.tile_digest(fragments.tile_body(screen(), table(name="Marg")))
    won = fragments.tile_body(screen(), table(status="confirmed", winner=1))
    assert same != fragments.tile_digest(won) and 'class="pairbtn won"' in won
    assert 'class="pairbtn lost"' in won


def test_a_finished_games_tile_is_read_only():
    body = fragments.tile_body(screen(editable=False), table(status="confirmed", winner=2))
    assert body.count(" disabled") == 2 and "Keep score" not in body
    assert 'href="/drives/1/games/2/tables/4/correct/"' in body


def row(place, number, won, punched, missed=(), words="", p1="Mary", p2="Joe"):
    pair = NS(number=number, player1=p1, player2=p2)
    return NS(place=place, pair=pair, won=won, punched=frozenset(punched),
              missed=frozenset(missed), words=words)  # fmt: skip


@pytest.mark.parametrize(
    "punched,missed,played",
    [((1, 3), (), 4), ((), (1, 2), 3), ((2,), (5,), 6), ((1, 7), (), 3), ((), (6,), 2)],
)
def test_standings_rows_punch_as_the_punch_card_tag(punched, missed, played):
    games = range(1, 9)
    html = fragments.standings_rows(
        [row(1, 5, len(punched), punched, missed)], card_base="/c/", game_numbers=games,
        played=played,
    )  # fmt: skip
    assert punch_card(games, frozenset(punched), played, frozenset(missed)) in html


def test_standings_rows_escape_names_and_prize_words():
    html = fragments.standings_rows(
        [row(1, 12, 3, (1, 2, 3), words="1st <prize>", p1="<i>Al</i>")],
        card_base="/drives/7/cards/", game_numbers=range(1, 4), played=3,
    )  # fmt: skip
    assert '<a href="/drives/7/cards/12/">12</a>' in html
    assert "&lt;i&gt;Al&lt;/i&gt; &amp; Joe" in html
    assert '<span class="prize-words">1st &lt;prize&gt;</span>' in html


def test_a_table_whose_result_is_in_no_longer_offers_keep_score():
    playing = fragments.tile_body(screen(), table())
    assert "Keep score" in playing
    waiting = fragments.tile_body(screen(), table(status="reported", winner=1))
    assert "Keep score" in waiting  # reported at the table, not in until the other agrees
    body = fragments.tile_body(screen(), table(status="confirmed", winner=1))
    assert "Keep score" not in body and "/tables/4/score/" not in body


def test_a_table_kept_hand_by_hand_shows_its_hands_once_its_result_is_in():
    kept = fragments.TileScreen(
        result_base="/drives/1/games/2/tables/", game_url="/drives/1/games/2/",
        editable=True, hand_tables=frozenset({4}), organizer=True, words=fragments.TileWords(),
    )  # fmt: skip
    body = fragments.tile_body(kept, table(status="confirmed", winner=1))
    assert "Keep score" not in body
    assert 'href="/drives/1/games/2/tables/4/score/">Hands</a>' in body
