"""drives.queries.pairs_won: every pair of several drives with its games won, as the
night's standings count them (a series reads its nights through it)."""

import pytest

from drives import queries, services
from tests.builders import NOW, play_game, started_drive
from tests.support import assert_statement_count

pytestmark = pytest.mark.django_db


def test_the_games_won_are_the_standings_of_each_drive(club, organizer):
    odd = started_drive(club, organizer, pairs=7, games=3, seed=3)  # a sit-out each game
    play_game(odd, organizer)
    services.game_advance(drive=odd, from_game=1, actor=organizer, now=NOW)
    play_game(odd, organizer, pick=1)
    even = started_drive(club, organizer, pairs=4, games=2, seed=4, name="Other night")
    play_game(even, organizer)
    with assert_statement_count(2):
        rows = queries.pairs_won([odd.pk, even.pk])
    assert [(r.drive_id, r.number) for r in rows] == sorted(
        [(odd.pk, n) for n in range(1, 8)] + [(even.pk, n) for n in range(1, 5)]
    )
    for drive in (odd, even):
        want = {s.pair.number: s.won for s in queries.standings(drive)}
        got = {r.number: r.won for r in rows if r.drive_id == drive.pk}
        assert got == want
    assert sum(r.won for r in rows if r.drive_id == odd.pk) > 0
    assert queries.pairs_won([]) == []
