"""Nights that end on chosen scores, so that pairs tie where a test wants them to."""

from __future__ import annotations

from drives import services
from drives.models import TableGame
from prizes.models import Decision
from prizes.services.common import tallies
from tests.builders import NOW, row_counts, started_drive

THREE_WAY = {1: 4, 2: 4, 3: 4, 4: 2, 5: 1, 6: 0}


TWO_WAY = {1: 4, 2: 4, 3: 3, 4: 2, 5: 2, 6: 0}


def finished_night(club, actor, targets, *, games, seed, **values):
    """Play a drive to its end, choosing each table's winner so every pair ends on
    its target (the pair that still needs more wins, then the lower number)."""
    drive = started_drive(club, actor, pairs=len(targets), seed=seed, games=games, **values)
    for game in range(1, games + 1):
        won = tallies(drive)
        for tg in TableGame.objects.filter(drive=drive, game=game).prefetch_related("seats__pair"):
            numbers = [s.pair.number for s in tg.seats.all()]
            if len(numbers) == 2:
                winner = max(numbers, key=lambda n: (targets[n] - won[n], -n))
                services.result_record(
                    drive=drive,
                    game=game,
                    table=tg.table,
                    winner_number=winner,
                    actor=actor,
                    now=NOW,
                )
        if game < games:
            drive = services.game_advance(drive=drive, from_game=game, actor=actor, now=NOW)
    drive = services.drive_finish(drive=drive, from_game=games, actor=actor, now=NOW)
    assert tallies(drive) == targets, "the movement seats pairs differently now: pick another seed"
    return drive


def everything() -> dict:
    """Every row a prize decision could write, to show a refusal wrote nothing."""
    return {
        **row_counts(),
        "decisions": sorted(
            Decision.objects.values_list("prize", "status", "method", "winners", "pairs")
        ),
    }
