"""Getting about the night's screens (drives/views/night.py): every game seated is one tap
away in the game picker, the sticky bar names its game, the correction form has a way
back, "Finish early" is not offered at the drive's last game, and the Finish-early page
says what the cookie jar draws from."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from drives import services
from drives.models import PrizeSettings, TableGame
from tests.builders import NOW, play_game, started_drive

pytestmark = pytest.mark.django_db


def text_of(response) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


def advanced(drive, actor, to_game: int):
    """Play every game before `to_game` and seat it."""
    for game in range(drive.current_game, to_game):
        play_game(drive, actor)
        services.game_advance(drive=drive, from_game=game, actor=actor, now=NOW)
    drive.refresh_from_db()
    return drive


@pytest.fixture
def at_game_20(club, organizer):
    drive = started_drive(club, organizer, pairs=8, games=25, seed=5)
    return advanced(drive, organizer, 20)


def game_url(drive, game):
    return reverse("drives:game", args=[drive.pk, game])


def count_bar(html: str) -> str:
    return re.search(r'<div id="count".*?</nav>', html, re.S).group(0)


def test_the_game_picker_reaches_every_game_seated_in_one_tap(org_client, at_game_20):
    page = org_client.get(game_url(at_game_20, 20)).content.decode()
    picker = re.search(r'<details class="game-list">.*?</details>', page, re.S).group(0)
    links = re.findall(r'<a class="btn secondary game-link[^"]*" href="([^"]+)"', picker)
    assert links == [game_url(at_game_20, g) for g in range(1, 21)]
    assert 'aria-current="page"' in picker and ">Other games<" in picker
    # Game 3 from game 20: the picker is on that page too, with game 3 marked.
    page = org_client.get(game_url(at_game_20, 3)).content.decode()
    picker = re.search(r'<details class="game-list">.*?</details>', page, re.S).group(0)
    assert re.search(r'game-link on" href="[^"]+/games/3/" aria-current="page"', picker)


def test_the_sticky_bar_names_its_game(org_client, at_game_20):
    for game in (3, 20):
        bar = count_bar(org_client.get(game_url(at_game_20, game)).content.decode())
        assert f'<p class="count-game">Game {game}</p>' in bar
    # The bar a tap brings back (htmx, out of band) names it too.
    tg = TableGame.objects.get(drive=at_game_20, game=20, table=1)
    a, _b = (s.pair.number for s in tg.seats.order_by("slot").select_related("pair"))
    r = org_client.post(
        reverse("drives:result_record", args=[at_game_20.pk, 20, 1]),
        {"winner": a},
        HTTP_HX_REQUEST="true",
    )
    assert '<p class="count-game">Game 20</p>' in count_bar(r.content.decode())


def test_the_result_screen_has_a_tables_button_for_the_phone(org_client, at_game_20):
    bar = count_bar(org_client.get(game_url(at_game_20, 20)).content.decode())
    assert re.search(
        r'<button type="button" class="btn secondary strip-toggle" aria-controls="table-strip"'
        r' aria-expanded="false">Tables ',
        bar,
    )


def test_a_first_game_has_no_picker(org_client, club, organizer):
    drive = started_drive(club, organizer, pairs=8, games=3)
    page = org_client.get(game_url(drive, 1)).content.decode()
    assert "game-list" not in page


# --- The correction form's way back ----------------------------------------------


def test_the_correction_form_has_a_way_back_before_a_pair_is_picked(org_client, at_game_20):
    url = reverse("drives:result_correct", args=[at_game_20.pk, 3, 1])
    r = org_client.get(url)
    assert r.status_code == 200
    back = f'<a class="btn secondary big" href="{game_url(at_game_20, 3)}#table-1">'
    assert back in r.content.decode() and "Cancel" in text_of(r)
    # And once a pair is picked, Cancel goes back to the same table.
    winner = re.search(r'<a class="pairbtn" href="\?winner=(\d+)"', r.content.decode()).group(1)
    r = org_client.get(url, {"winner": winner})
    assert back in r.content.decode()


# --- Finish early -------------------------------------------------------------


@pytest.fixture
def last_game(club, organizer):
    drive = started_drive(club, organizer, pairs=8, games=3, seed=5)
    return advanced(drive, organizer, 3)


def finish_early_url(drive):
    return reverse("drives:finish_early", args=[drive.pk])


def test_finish_early_is_not_offered_at_the_last_game(org_client, organizer, last_game):
    page = org_client.get(game_url(last_game, 3)).content.decode()
    assert finish_early_url(last_game) not in page
    play_game(last_game, organizer)
    page = org_client.get(game_url(last_game, 3)).content.decode()
    assert finish_early_url(last_game) not in page
    assert reverse("drives:drive_finish", args=[last_game.pk]) in page
    # Its page, opened from an old bookmark, sends the organizer to Finish.
    r = org_client.get(finish_early_url(last_game))
    assert r.status_code == 302 and r["Location"] == reverse(
        "drives:drive_finish", args=[last_game.pk]
    )


def test_finish_early_is_still_offered_before_the_last_game(org_client, club, organizer):
    drive = advanced(started_drive(club, organizer, pairs=8, games=3, seed=5), organizer, 2)
    page = org_client.get(game_url(drive, 2)).content.decode()
    assert finish_early_url(drive) in page
    assert org_client.get(finish_early_url(drive)).status_code == 200


def test_the_finish_early_page_says_what_the_jar_draws(org_client, club, organizer):
    drive = started_drive(club, organizer, pairs=8, games=25, seed=5)
    PrizeSettings.objects.create(drive=drive, jar=True, jar_games=8, jar_price=200)
    drive = advanced(drive, organizer, 6)
    text = text_of(org_client.get(finish_early_url(drive)))
    assert "The cookie jar then draws 5 games from games 1 to 5, not 8 of 25." in text
    # Played past the jar's 8 games: it draws its 8 from those played.
    drive = advanced(drive, organizer, 12)
    text = text_of(org_client.get(finish_early_url(drive)))
    assert "The cookie jar then draws its 8 games from games 1 to 11." in text


def test_the_finish_early_page_says_nothing_of_a_jar_the_drive_has_not(org_client, club, organizer):
    drive = advanced(started_drive(club, organizer, pairs=8, games=25, seed=5), organizer, 3)
    assert "cookie jar" not in text_of(org_client.get(finish_early_url(drive)))
