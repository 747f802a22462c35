"""The public screens (board/views.py): the projector board and the standings.

No login. Each is shown only while its setting is on; the board answers an
unchanged poll with a 304 worked out before anything is rendered (its statements are
counted in tests/site/test_query_counts.py).
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from board import views as board_views
from clubs.interface import Origin
from clubs.models import AuditEntry
from drives import movement, queries, services
from drives.models import Drive, TableGame
from tests.builders import HTMX, NOW, make_drive, play_game, started_drive

pytestmark = pytest.mark.django_db

TABLE = Origin(source="table", device="tablet at the table")


def board_url(drive) -> str:
    return reverse("board:board", args=[drive.pk])


def standings_url(drive) -> str:
    return reverse("board:standings", args=[drive.pk])


def text_of(response) -> str:
    """The page's words with tags and runs of spaces taken out."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def two_pair_tables(drive):
    out = []
    tables = TableGame.objects.filter(drive=drive, game=drive.current_game).order_by("table")
    for tg in tables.prefetch_related("seats__pair"):
        numbers = [s.pair.number for s in sorted(tg.seats.all(), key=lambda s: s.slot)]
        if len(numbers) == 2:
            out.append((tg.table, numbers))
    return out


def record(drive, organizer, table, winner):
    services.result_record(
        drive=drive,
        game=drive.current_game,
        table=table,
        winner_number=winner,
        actor=organizer,
        now=NOW,
    )


@pytest.fixture
def night(club, organizer):
    """9 pairs (four tables and a sit-out), board and standings public, game 2 seated."""
    drive = started_drive(
        club, organizer, pairs=9, games=25, seed=7, board_public=True, standings_public=True
    )
    play_game(drive, organizer, pick=0)
    services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW)
    drive.refresh_from_db()
    return drive


# --- The board -----------------------------------------------------------------


def test_the_board_shows_the_game_without_a_login(anon_client, night, organizer):
    [(first, (a, _b)), *_] = two_pair_tables(night)
    record(night, organizer, first, a)
    r = anon_client.get(board_url(night))
    assert r.status_code == 200
    text = text_of(r)
    assert "Friday 45s" in text
    assert "Game 2 of 25" in text
    # Four tables of two and a sit-out (counted at once); one result in.
    assert "2 of 5 tables in" in text
    playing = [t for t, _ in two_pair_tables(night) if t != first]
    chips = re.search(r'<ul class="board-chips[^"]*"[^>]*>(.*?)</ul>', r.content.decode(), re.S)
    assert [int(n) for n in re.findall(r"<li>(\d+)</li>", chips.group(1))] == playing
    # No login link, no organizer screens: a public page has nothing to tap but the standings.
    assert reverse("drives:drive_list") not in r.content.decode()
    assert reverse("login") not in r.content.decode()


def test_the_board_lists_the_moves_into_the_current_game(anon_client, night):
    moves = services.describe_moves(
        movement.moves(services.seating_of(night, 1), services.seating_of(night, 2)),
        dict(night.pairs.values_list("pk", "number")),
    )
    assert moves
    text = text_of(anon_client.get(board_url(night)))
    assert "Moves into game 2" in text
    for m in moves:
        assert f"Pair {m['pair']}: table {m['from_table']} → {m['to_table']}" in text


def test_the_board_shows_the_top_pairs_by_games_won_with_their_names(anon_client, night):
    page = unescape(anon_client.get(board_url(night)).content.decode())
    assert "Most games won" in page
    levels = re.findall(
        r'<span class="won">(\d+)</span>\s*<ul class="board-pairs">(.*?)</ul>', page, re.S
    )
    shown = {
        int(won): re.findall(r'<span class="pn">Pair (\d+)</span>', pairs) for won, pairs in levels
    }
    punched = queries.punched_games(night)
    expected: dict[int, list[str]] = {}
    for pair in night.pairs.all():
        if punched.get(pair.pk):
            expected.setdefault(len(punched[pair.pk]), []).append(str(pair.number))
            assert f'<span class="names">{pair.player1} & {pair.player2}</span>' in page
    # One line per score level, most games first, pairs in number order.
    assert list(shown) == sorted(expected, reverse=True) == [2, 1]
    assert shown == expected


def test_a_table_in_conflict_is_said_plainly(anon_client, night):
    [(table, (a, b)), *_] = two_pair_tables(night)
    report = {"drive": night, "game": 2, "table": table, "now": NOW, "origin": TABLE}
    services.table_report(**report, winner_number=a, key="report-one", device="phone-a")
    assert f"Table {table}: waiting for the other pair to agree" in text_of(
        anon_client.get(board_url(night))
    )
    services.table_report(**report, winner_number=b, key="report-two", device="phone-b")
    text = text_of(anon_client.get(board_url(night)))
    assert f"Table {table}: waiting for the front table" in text
    assert f"Table {table}: waiting for the other pair" not in text


def test_tables_waiting_for_the_other_pair_share_one_line(anon_client, night):
    [(t1, (a, _)), (t2, (c, _)), *_] = two_pair_tables(night)
    for table, winner, key in ((t1, a, "report-one"), (t2, c, "report-two")):
        services.table_report(
            drive=night,
            game=2,
            table=table,
            now=NOW,
            origin=TABLE,
            winner_number=winner,
            key=key,
            device=f"phone-{table}",
        )
    text = text_of(anon_client.get(board_url(night)))
    assert f"Tables {t1}, {t2}: waiting for the other pairs to agree" in text


def test_a_big_hall_says_how_many_tables_play_until_few_are_left(anon_client, club, organizer):
    drive = started_drive(club, organizer, pairs=60, games=5, seed=60, board_public=True)
    tables = two_pair_tables(drive)
    assert len(tables) == 30
    text = text_of(anon_client.get(board_url(drive)))
    assert "Still playing: 30 tables" in text
    assert 'id="board-playing"' not in anon_client.get(board_url(drive)).content.decode()
    for table, (a, _b) in tables[:6]:
        record(drive, organizer, table, a)
    r = anon_client.get(board_url(drive))
    chips = re.search(r'<ul class="board-chips[^"]*"[^>]*>(.*?)</ul>', r.content.decode(), re.S)
    assert [int(n) for n in re.findall(r"<li>(\d+)</li>", chips.group(1))] == [
        t for t, _ in tables[6:]
    ]


def test_every_table_in_says_the_next_game_is_coming(anon_client, night, organizer):
    play_game(night, organizer)
    text = text_of(anon_client.get(board_url(night)))
    assert "5 of 5 tables in" in text
    assert "Every table is in." in text
    assert "Still playing" not in text


def test_a_finished_drive_shows_the_final_top_pairs(anon_client, club, organizer):
    drive = started_drive(club, organizer, pairs=4, games=1, seed=3, board_public=True)
    play_game(drive, organizer)
    services.drive_finish(drive=drive, from_game=1, actor=organizer, now=NOW)
    text = text_of(anon_client.get(board_url(drive)))
    assert "Final, after 1 game" in text
    assert "Final: most games won" in text
    assert "Still playing" not in text and "Moves into" not in text


def test_a_drive_not_started_shows_the_pairs_registered(anon_client, club, organizer):
    drive = make_drive(club, organizer, board_public=True)
    services.pairs_bulk_add(drive=drive, actor=organizer, now=NOW, text="A & B\nC & D\nE & F")
    text = text_of(anon_client.get(board_url(drive)))
    assert "The drive has not started." in text
    assert "3 pairs registered" in text


def test_the_board_is_a_404_while_it_is_off_and_says_no_more_than_for_no_drive(
    anon_client, org_client, club, organizer
):
    drive = started_drive(club, organizer, pairs=4, games=3, standings_public=True)
    off = anon_client.get(board_url(drive))
    missing = anon_client.get(reverse("board:board", args=[drive.pk + 1000]))
    assert off.status_code == missing.status_code == 404
    # The same words either way: nothing tells that the drive exists.
    assert text_of(off) == text_of(missing)
    assert drive.name not in off.content.decode()
    # Being the organizer does not open a board that is off.
    assert org_client.get(board_url(drive)).status_code == 404


def test_a_board_switched_off_clears_at_the_next_poll(anon_client, night):
    Drive.objects.filter(pk=night.pk).update(board_public=False)
    r = anon_client.get(board_url(night), **HTMX)
    assert r.status_code == 404
    html = r.content.decode()
    assert html.lstrip().startswith('<div id="board"')
    assert "Nothing is shown at this address." in html
    assert night.name not in html and "Game 2" not in html


def test_the_board_refuses_other_methods(anon_client, night):
    assert anon_client.post(board_url(night)).status_code == 405
    assert anon_client.put(board_url(night)).status_code == 405
    assert anon_client.head(board_url(night)).status_code == 200


def test_the_poll_is_only_the_board_region(anon_client, night):
    r = anon_client.get(board_url(night), **HTMX)
    assert r.status_code == 200
    html = r.content.decode().strip()
    assert html.startswith('<div id="board"') and html.endswith("</div>")
    assert "<html" not in html and "<body" not in html
    assert html.count('id="board"') == 1
    assert 'hx-trigger="every 5s"' in html
    assert "Game 2 of 25" in html


def test_the_full_page_polls_every_5_seconds_with_the_csrf_header(anon_client, night):
    html = anon_client.get(board_url(night)).content.decode()
    assert re.search(r'<div id="board"[^>]*hx-trigger="every 5s"', html)
    assert f'hx-get="{board_url(night)}"' in html
    assert 'hx-headers=\'{"X-CSRFToken": "' in html
    assert '"responseHandling"' in html
    assert "vendor/htmx.min.js" in html


def test_the_board_links_to_the_public_standings_only_when_they_are_on(anon_client, night):
    assert standings_url(night) in anon_client.get(board_url(night)).content.decode()
    Drive.objects.filter(pk=night.pk).update(standings_public=False)
    assert standings_url(night) not in anon_client.get(board_url(night)).content.decode()


# --- 304 for an unchanged poll ---------------------------------------------------------


def test_an_unchanged_poll_is_a_304_with_no_body_and_no_rendering(anon_client, night, monkeypatch):
    first = anon_client.get(board_url(night), **HTMX)
    etag = first["ETag"]
    assert etag.startswith('W/"')
    assert "no-cache" in first["Cache-Control"]
    assert "HX-Request" in first["Vary"]

    def refuse(*args, **kwargs):
        raise AssertionError("an unchanged poll read the board or rendered it")

    # Worked out from the fingerprint alone: nothing read for the board, nothing rendered.
    monkeypatch.setattr(board_views.contents, "board", refuse)
    monkeypatch.setattr(board_views, "render", refuse)
    again = anon_client.get(board_url(night), HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag
    assert "no-cache" in again["Cache-Control"]


def test_a_recorded_result_makes_the_next_poll_a_200_with_a_new_etag(anon_client, night, organizer):
    etag = anon_client.get(board_url(night), **HTMX)["ETag"]
    [(table, (a, _b)), *_] = two_pair_tables(night)
    record(night, organizer, table, a)
    r = anon_client.get(board_url(night), HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert r.status_code == 200
    assert r["ETag"] != etag
    assert "2 of 5 tables in" in text_of(r)
    assert (
        anon_client.get(board_url(night), HTTP_IF_NONE_MATCH=r["ETag"], **HTMX).status_code == 304
    )


def test_the_page_and_the_region_and_each_language_have_their_own_etag(anon_client, night):
    page = anon_client.get(board_url(night))["ETag"]
    region = anon_client.get(board_url(night), **HTMX)["ETag"]
    anon_client.cookies["django_language"] = "fr"  # the projector's own choice
    french = anon_client.get(board_url(night), **HTMX)["ETag"]
    assert len({page, region, french}) == 3
    del anon_client.cookies["django_language"]
    # The full page is not answered 304 with the region's ETag (nor the other way round).
    r = anon_client.get(board_url(night), HTTP_IF_NONE_MATCH=region)
    assert r.status_code == 200


def test_a_renamed_pair_shows_at_the_next_poll(anon_client, night, organizer):
    etag = anon_client.get(board_url(night), **HTMX)["ETag"]
    pair = night.pairs.get(number=1)
    services.pair_update(pair=pair, actor=organizer, now=NOW, player1="Máire", player2="Seán")
    r = anon_client.get(board_url(night), HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert r.status_code == 200


# --- Public standings ------------------------------------------------------------------


def test_the_public_standings_list_every_pair_with_its_punched_games(anon_client, night):
    r = anon_client.get(standings_url(night))
    assert r.status_code == 200
    html = r.content.decode()
    rows = re.findall(
        r'<td class="num">(\d+)</td>\s*<td class="num">(\d+)</td>\s*<td class="names">',
        html,
    )
    assert sorted(int(pair) for _, pair in rows) == list(range(1, 10))
    won = {
        tg.winner.number
        for tg in TableGame.objects.filter(drive=night, game=1, winner__isnull=False)
    }
    # The winners of game 1 come first; every counted win is a punched hole.
    assert {int(pair) for _, pair in rows[: len(won)]} == won
    counted = TableGame.objects.filter(
        drive=night, status__in=TableGame.COUNTED, winner__isnull=False
    )
    assert html.count('class="hole punched"') == counted.count() == len(won) + 1
    # Read-only: no pair cards (login-only) and no organizer screens linked.
    assert "/drives/" not in html
    assert board_url(night) in html


def test_the_public_standings_are_a_404_while_off(anon_client, club, organizer):
    drive = started_drive(club, organizer, pairs=4, games=3, board_public=True)
    assert anon_client.get(standings_url(drive)).status_code == 404
    assert anon_client.get(reverse("board:standings", args=[drive.pk + 1000])).status_code == 404


def test_the_public_standings_refuse_other_methods(anon_client, night):
    assert anon_client.post(standings_url(night)).status_code == 405


# --- Settings and the drive's page --------------------------------------------------------

NEW_DRIVE = {
    "name": "Christmas drive",
    "date": "2026-12-18",
    "venue": "Legion",
    "games": "20",
    "game": "forty_fives",
    "prize_places": "3",
    "sitout_wins": "on",
}


def test_a_new_drive_saves_the_three_toggles(org_client, club):
    data = {**NEW_DRIVE, "confirm_by_number": "on", "board_public": "on", "standings_public": "on"}
    assert org_client.post(reverse("drives:drive_create"), data).status_code == 302
    drive = Drive.objects.get(club=club, name="Christmas drive")
    assert (drive.confirm_by_number, drive.board_public, drive.standings_public) == (
        True,
        True,
        True,
    )


def test_the_drive_settings_turn_the_toggles_on_and_off_and_audit_it(org_client, club, organizer):
    drive = make_drive(club, organizer, name="Christmas drive")
    url = reverse("drives:drive_edit", args=[drive.pk])
    form = org_client.get(url).content.decode()
    assert f"Show the projector board at {board_url(drive)} without a login." in form
    org_client.post(url, {**NEW_DRIVE, "board_public": "on", "standings_public": "on"})
    drive.refresh_from_db()
    assert (drive.confirm_by_number, drive.board_public, drive.standings_public) == (
        False,
        True,
        True,
    )
    entry = AuditEntry.objects.filter(drive=drive, action="drive_update").latest("id")
    assert (entry.old["board_public"], entry.new["board_public"]) == (False, True)
    org_client.post(url, {**NEW_DRIVE, "confirm_by_number": "on"})
    drive.refresh_from_db()
    assert (drive.confirm_by_number, drive.board_public, drive.standings_public) == (
        True,
        False,
        False,
    )


def test_the_drives_page_links_the_public_addresses_only_when_on(
    org_client, club, organizer, settings
):
    base = settings.SITE_BASE_URL  # the hall network address found at start
    drive = make_drive(club, organizer)
    page = org_client.get(reverse("drives:drive_detail", args=[drive.pk])).content.decode()
    assert board_url(drive) not in page and standings_url(drive) not in page
    Drive.objects.filter(pk=drive.pk).update(board_public=True, standings_public=True)
    page = org_client.get(reverse("drives:drive_detail", args=[drive.pk])).content.decode()
    assert f'<a href="{board_url(drive)}">{base}{board_url(drive)}</a>' in page
    assert f'<a href="{standings_url(drive)}">{base}{standings_url(drive)}</a>' in page


def test_the_drives_page_uses_the_configured_address(org_client, club, organizer, settings):
    settings.SITE_BASE_URL = "http://carddrive.local:8000"
    drive = make_drive(club, organizer, board_public=True)
    page = org_client.get(reverse("drives:drive_detail", args=[drive.pk])).content.decode()
    assert f"http://carddrive.local:8000{board_url(drive)}" in page
