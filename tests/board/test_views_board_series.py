"""The projector board's second page: between games (every table of the game in, or the
drive over) a drive that is a night of a series turns, poll by poll, between the night
and the series' standings (the top of them, in big type). Not in a series, or during a
game, the board stays on the night."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from board.contents import TOP_SERIES
from seasons import services as series_services
from tests.builders import HTMX, NOW, play_game, started_drive
from tests.builders.series import make_series


@pytest.fixture
def night(club, organizer):
    """Game 1 of a drive of the series, every table in."""
    series = make_series(club, organizer)
    earlier = started_drive(club, organizer, pairs=8, name="Last week", date=dt.date(2026, 11, 22))
    play_game(earlier, organizer)
    series_services.night_add(series=series, drive=earlier, actor=organizer, now=NOW)
    drive = started_drive(club, organizer, pairs=8, board_public=True, name="Tonight")
    series_services.night_add(series=series, drive=drive, actor=organizer, now=NOW)
    play_game(drive, organizer)
    drive.refresh_from_db()
    return drive


def board_url(drive, page=""):
    url = reverse("board:board", args=[drive.pk])
    return f"{url}?page={page}" if page else url


def test_between_games_the_night_page_turns_to_the_series_at_the_next_poll(anon_client, night):
    text = anon_client.get(board_url(night), **HTMX).content.decode()
    assert "Every table is in." in text
    assert f'{board_url(night, "series")}"' in text and "every 12s" in text


def test_the_series_page_shows_its_leaders_in_order_and_turns_back(anon_client, night):
    response = anon_client.get(board_url(night, "series"), **HTMX)
    assert response.status_code == 200
    text = response.content.decode()
    assert "Fall 45s 2026: after 2 nights" in text
    assert text.count('<li class="qualified">') == TOP_SERIES
    assert "and 4 more players" in text  # the same 16 people both nights, 12 shown
    assert "The next game is coming." in text
    assert f'hx-get="{board_url(night)}"' in text  # back to the night next


def test_the_two_pages_have_their_own_etags(anon_client, night):
    night_page = anon_client.get(board_url(night), **HTMX)
    series_page = anon_client.get(board_url(night, "series"), **HTMX)
    assert night_page["ETag"] != series_page["ETag"]
    again = anon_client.get(
        board_url(night, "series"), HTTP_IF_NONE_MATCH=series_page["ETag"], **HTMX
    )
    assert again.status_code == 304


def test_during_a_game_the_board_stays_on_the_night(anon_client, night, organizer):
    from drives import services

    services.game_advance(drive=night, from_game=1, actor=organizer, now=NOW)
    text = anon_client.get(board_url(night, "series"), **HTMX).content.decode()
    assert "board-series" not in text and "every 5s" in text


def test_a_drive_in_no_series_never_turns(anon_client, club, organizer):
    drive = started_drive(club, organizer, pairs=4, board_public=True)
    play_game(drive, organizer)
    text = anon_client.get(board_url(drive, "series"), **HTMX).content.decode()
    assert "Every table is in." in text
    assert "board-series" not in text and "?page=" not in text


def test_the_series_page_is_a_full_page_too_in_french(anon_client, night, club):
    club.language = "fr"
    club.save()
    text = anon_client.get(board_url(night, "series")).content.decode()
    assert "<html" in text and "Fall 45s 2026 : après 2 soirées" in text
