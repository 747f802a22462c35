"""The projector board of a league night: between games it turns, poll by poll, between
the night and the league's teams as they stand, tonight's points beside each team."""

from __future__ import annotations

import pytest
from django.urls import reverse

from drives import services as drive_services
from drives.models import Drive
from tests.builders import HTMX, NOW, play_game
from tests.builders.leagues import four_teams, make_league, night_with_pairs


@pytest.fixture
def night(club, organizer):
    """Game 1 of a drive night of teams, every table in (place points 4, 3, 2, 1)."""
    league = make_league(club, organizer)
    teams = four_teams(league, organizer, players=2)
    night = night_with_pairs(league, organizer, day=3, pairs=dict.fromkeys(teams, 1))
    drive = Drive.objects.get(pk=night.drive_id)
    drive_services.drive_update(drive=drive, actor=organizer, now=NOW, board_public=True)
    drive = drive_services.drive_start(drive=drive, actor=organizer, now=NOW, seed=1)
    play_game(drive, organizer)
    drive.refresh_from_db()
    return drive


def board_url(drive, page=""):
    url = reverse("board:board", args=[drive.pk])
    return f"{url}?page={page}" if page else url


def test_between_games_the_night_turns_to_the_league(anon_client, night):
    text = anon_client.get(board_url(night), **HTMX).content.decode()
    assert "Every table is in." in text
    assert f'{board_url(night, "league")}"' in text and "every 12s" in text


def test_the_league_page_shows_the_teams_with_tonights_points(anon_client, night):
    response = anon_client.get(board_url(night, "league"), **HTMX)
    assert response.status_code == 200
    text = response.content.decode()
    assert "Merrimack Valley 45s: after 1 night" in text
    # Four pairs, one a team, two tables: the two winners share 1st (4 points), the two
    # losers share 3rd (2 points).
    assert text.count('<li class="qualified">') == 4
    assert text.count("+4 tonight") == 2 and text.count("+2 tonight") == 2
    assert f'hx-get="{board_url(night)}"' in text


def test_during_a_game_the_league_night_board_stays_on_the_night(anon_client, night, organizer):
    drive_services.game_advance(drive=night, from_game=1, actor=organizer, now=NOW)
    text = anon_client.get(board_url(night, "league"), **HTMX).content.decode()
    assert "board-league" not in text and "every 5s" in text
