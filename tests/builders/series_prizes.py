"""The worked series of the series' prize tests: 4 nights of 4 pairs, by pairs, the best 3
of 4 nights count, 3 to qualify; pairs 1 and 2 tie for first on 10 (see
tests/seasons/test_series_prizes.py for the standings worked by hand)."""

from __future__ import annotations

import datetime as dt

from . import NOW

# Each night: the games every pair ends on, and a seed whose seating lets them.
NIGHTS = (
    ({1: 4, 2: 2, 3: 1, 4: 1}, 1),
    ({1: 1, 2: 4, 3: 2, 4: 1}, 4),
    ({1: 3, 2: 3, 3: 1, 4: 1}, 1),
    ({1: 3, 2: 3, 3: 1, 4: 1}, 2),
)
PAIR = {n: f"Player {n}a & Player {n}b" for n in range(1, 5)}


def worked_series(club, organizer, nights=NIGHTS, prizes=((5000, ""), (2000, ""))):
    from seasons import services as series_services
    from seasons.services import prizes as prize_services

    from .series import make_series
    from .ties import finished_night

    series = make_series(club, organizer, by="pairs", best_nights=3, min_nights=3)
    for day, (targets, seed) in enumerate(nights, start=1):
        drive = finished_night(
            club, organizer, targets, games=4, seed=seed,
            name=f"Night {day}", date=dt.date(2026, 10, day),
        )  # fmt: skip
        series_services.night_add(series=series, drive=drive, actor=organizer, now=NOW)
    prize_services.series_prizes_set(series=series, places=list(prizes), actor=organizer, now=NOW)
    return series
