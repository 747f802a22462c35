"""Team match nights (drives.team_match): team 1's pairs numbered first, then team 2's."""

from __future__ import annotations

from drives import services
from drives.models import Drive, TableGame
from tests.builders import NOW, make_drive


def team_match(club, actor, one: int = 3, two: int = 4, start: bool = True, **values) -> Drive:
    """A team match of `one` pairs (team 1: pairs 1..one) against `two` (team 2: the next
    numbers), started (game 1 seated) unless `start` is False."""
    drive = make_drive(club, actor, movement="team_match", **values)
    for side, count, first in ((1, one, 1), (2, two, one + 1)):
        if count:
            entries = [(n, f"Player {n}a", f"Player {n}b") for n in range(first, first + count)]
            services.pairs_add_many(drive=drive, actor=actor, now=NOW, entries=entries, side=side)
    if start:
        services.drive_start(drive=drive, actor=actor, now=NOW, seed=1, alongside=True)
        drive.refresh_from_db()
    return drive


def seated(drive: Drive, game: int) -> list[tuple[int, tuple[int, ...]]]:
    """A game's tables as (table, pair numbers by slot), in table order."""
    tables = (
        TableGame.objects.filter(drive=drive, game=game)
        .order_by("table")
        .prefetch_related("seats__pair")
    )
    return [
        (tg.table, tuple(s.pair.number for s in sorted(tg.seats.all(), key=lambda s: s.slot)))
        for tg in tables
    ]


def next_game(drive: Drive, actor) -> Drive:
    drive.refresh_from_db()
    services.game_advance(drive=drive, from_game=drive.current_game, actor=actor, now=NOW)
    drive.refresh_from_db()
    return drive
