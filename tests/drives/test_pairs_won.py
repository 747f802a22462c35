"""drives.queries.pairs_won: every pair of several drives with its games won, as the
night's standings count them (a series reads its nights through it)."""

import pytest

from drives import queries, services
from drives.models import Seat, TableGame
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


def test_each_pair_has_its_games_lost_and_no_team_on_an_ordinary_night(club, organizer):
    odd = started_drive(club, organizer, pairs=5, games=3, seed=5)  # a sit-out each game
    play_game(odd, organizer)
    services.game_advance(drive=odd, from_game=1, actor=organizer, now=NOW)
    play_game(odd, organizer, pick=1)
    services.game_advance(drive=odd, from_game=2, actor=organizer, now=NOW)  # not played
    with assert_statement_count(2):
        rows = queries.pairs_won([odd.pk])
    for row in rows:
        seats = Seat.objects.filter(drive=odd, pair__number=row.number).select_related("table_game")
        faced = [s.table_game for s in seats if s.table_game.status == TableGame.Status.CONFIRMED]
        lost = [tg for tg in faced if tg.winner.number != row.number]
        assert (row.lost, row.side) == (len(lost), None)
    # Every counted game at a table of two has one winner and one loser.
    played = TableGame.objects.filter(drive=odd, status=TableGame.Status.CONFIRMED).count()
    assert sum(r.lost for r in rows) == played
