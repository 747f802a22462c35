"""Nights whose recorded seeds seat the pairs in order, so each change's seating can be
worked out by hand; reading their seatings, dealers and punches back from the database."""

from __future__ import annotations

import pytest

from clubs.interface import DriveError
from clubs.models import AuditEntry
from drives import queries, services
from drives.models import Drive, Pair, Seat, TableGame
from tests.builders import NOW, play_game, row_counts, started_drive

# Seeds that seat pair numbers in order, so the worked examples read plainly.
SEEDS = {2: 1, 6: 654, 7: 11164}


def night(club, organizer, pairs=6, **values) -> Drive:
    return started_drive(club, organizer, pairs=pairs, seed=SEEDS[pairs], **values)


def fresh(drive: Drive) -> Drive:
    drive.refresh_from_db()
    return drive


def next_game(drive: Drive, actor) -> Drive:
    fresh(drive)
    services.game_advance(drive=drive, from_game=drive.current_game, actor=actor, now=NOW)
    return fresh(drive)


def record(drive: Drive, actor, table: int, winner: int) -> None:
    fresh(drive)
    services.result_record(
        drive=drive,
        game=drive.current_game,
        table=table,
        winner_number=winner,
        actor=actor,
        now=NOW,
    )


def seating(drive: Drive, game: int | None = None) -> list[tuple[int, tuple[int, ...]]]:
    """(table, pair numbers in seat order) for each table of a game, from the database."""
    fresh(drive)
    return [
        (t.table, tuple(s.pair.number for s in t.seat_list))
        for t in queries.game_tables(drive, game or drive.current_game)
    ]


def dealers(drive: Drive, game: int | None = None) -> dict[int, int | None]:
    """table -> the pair dealing first (None: the table cuts for the deal)."""
    fresh(drive)
    return {
        t.table: next((s.pair.number for s in t.seat_list if s.pair_id == t.deal_first_id), None)
        for t in queries.game_tables(drive, game or drive.current_game)
    }


def punched(drive: Drive) -> dict[int, tuple[int, ...]]:
    """pair number -> the games punched on its card, for every pair of the drive."""
    games = queries.punched_games(drive)
    return {p.number: tuple(games.get(p.pk, ())) for p in drive.pairs.all()}


def tallies(drive: Drive) -> dict[int, int]:
    return {row.pair.number: row.won for row in queries.standings(drive)}


def every_seat(drive: Drive) -> set[tuple[int, int, int, int, int | None]]:
    """(game, table, pair number, slot, came from) for every seat of every game."""
    return set(
        Seat.objects.filter(drive=drive).values_list(
            "game", "table_game__table", "pair__number", "slot", "from_table"
        )
    )


def winner_at(drive: Drive, game: int, table: int) -> int | None:
    tg = TableGame.objects.select_related("winner").get(drive=drive, game=game, table=table)
    return tg.winner.number if tg.winner else None


def pair(drive: Drive, number: int) -> Pair:
    return drive.pairs.get(number=number)


def entries(drive: Drive, action: str | None = None) -> list[AuditEntry]:
    qs = AuditEntry.objects.filter(drive=drive)
    return list(qs.filter(action=action) if action else qs)


def refused(action, message: str) -> DriveError:
    """The action is refused with a message for the organizer, and nothing is written."""
    before = row_counts()
    with pytest.raises(DriveError) as caught:
        action()
    assert message in caught.value.message
    assert row_counts() == before
    return caught.value


def change(drive: Drive, actor, kind: str, **params):
    """Make one change to the coming game's seating through its service."""
    fresh(drive)
    common = {"drive": drive, "from_game": drive.current_game, "actor": actor, "now": NOW}
    if kind == "arrive":
        return services.pair_arrive(
            player1=params.get("player1", "Kenny MacLeod"),
            player2=params.get("player2", "Jeannette Aucoin"),
            number=params.get("number"),
            **common,
        )
    if kind == "leave":
        return services.pair_leave(number=params["number"], **common)
    if kind == "swap":
        return services.seat_swap(a=params["a"], b=params["b"], **common)
    if kind == "move":
        return services.seat_move(number=params["number"], table=params["table"], **common)
    raise AssertionError(kind)


def correct(drive: Drive, actor, game: int, table: int, winner: int, from_game=None):
    fresh(drive)
    return services.result_correct(
        drive=drive,
        game=game,
        table=table,
        winner_number=winner,
        from_game=drive.current_game if from_game is None else from_game,
        actor=actor,
        now=NOW,
    )


def finish_early(drive: Drive, actor, from_game=None) -> Drive:
    fresh(drive)
    return services.drive_finish_early(
        drive=drive,
        from_game=drive.current_game if from_game is None else from_game,
        actor=actor,
        now=NOW,
    )


GAME_1_OF_SIX = [(1, (1, 2)), (2, (3, 4)), (3, (5, 6))]


# Pairs 1, 3 and 5 win game 1 and move up a table; 2, 4 and 6 stay.
GAME_2_OF_SIX = [(1, (5, 2)), (2, (1, 4)), (3, (3, 6))]


GAME_1_OF_SEVEN = [(1, (1, 2)), (2, (3, 4)), (3, (5, 6)), (4, (7,))]


# Pair 7 sat out and moves up like a winner; pair 5 arrives at table 4 and sits out.
GAME_2_OF_SEVEN = [(1, (7, 2)), (2, (1, 4)), (3, (3, 6)), (4, (5,))]


def six_at_game_2(club, organizer, **values) -> Drive:
    drive = night(club, organizer, pairs=6, **values)
    play_game(drive, organizer)
    return next_game(drive, organizer)


def seven_at_game_2(club, organizer, **values) -> Drive:
    drive = night(club, organizer, pairs=7, **values)
    play_game(drive, organizer)
    return next_game(drive, organizer)


def six_at_game_3(club, organizer, **values):
    drive = six_at_game_2(club, organizer, **values)
    play_game(drive, organizer)  # pairs 5, 1 and 3 win game 2
    return next_game(drive, organizer)
