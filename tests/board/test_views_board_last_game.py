"""The projector board (board/views.py, board/contents.py) at the drive's last game:
once every table is in, what comes next is the prizes, not a next game."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from board import contents
from drives import services
from tests.builders import NOW, play_game, started_drive

pytestmark = pytest.mark.django_db


def text_of(response) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


def at_game(club, organizer, game: int, games: int = 3):
    drive = started_drive(club, organizer, pairs=8, games=games, seed=5, board_public=True)
    for g in range(1, game):
        play_game(drive, organizer)
        services.game_advance(drive=drive, from_game=g, actor=organizer, now=NOW)
    drive.refresh_from_db()
    return drive


def board(client, drive) -> str:
    return text_of(client.get(reverse("board:board", args=[drive.pk])))


def test_every_table_in_at_the_last_game_says_the_prizes_come_next(anon_client, club, organizer):
    drive = at_game(club, organizer, 3)
    assert contents.board(drive).is_last_game
    play_game(drive, organizer)
    text = board(anon_client, drive)
    assert "Every table is in." in text
    assert "That was the last game: the prizes come next." in text
    assert "The next game is coming." not in text


def test_before_the_last_game_the_next_game_is_coming(anon_client, club, organizer):
    drive = at_game(club, organizer, 2)
    assert not contents.board(drive).is_last_game
    play_game(drive, organizer)
    text = board(anon_client, drive)
    assert "The next game is coming." in text and "the prizes come next" not in text


def test_the_moves_are_numbers_in_columns_with_the_sentence_for_a_reader(
    anon_client, club, organizer
):
    drive = at_game(club, organizer, 2)
    page = anon_client.get(reverse("board:board", args=[drive.pk])).content.decode()
    moves = contents.board(drive).moves
    assert moves and "Pair: table → table" in page
    for m in moves:
        assert (
            f'<span class="vh">Pair {m["pair"]}: table {m["from_table"]} → {m["to_table"]}</span>'
            f'<span class="mv" aria-hidden="true"><span class="pn">{m["pair"]}</span>:'
            f" {m['from_table']} → {m['to_table']}</span>"
        ) in page
