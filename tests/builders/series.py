"""A club's series and its nights, for the seasons tests and the every-URL sweeps."""

from __future__ import annotations

import datetime as _dt

from . import NOW, add_pairs, make_drive, play_game


def make_series(club, actor, name="Fall 45s 2026", **rules):
    from seasons import services

    return services.series_create(club=club, actor=actor, now=NOW, name=name, **rules)


def night_of(series, actor, day, names, games=1, seed=42):
    """A drive of the series on Nov `day` with pairs named in `names` ("Ann & Bob" lines),
    started and `games` games played (the first seat of each table wins)."""
    from drives import services as drive_services
    from seasons import services

    drive = make_drive(series.club, actor, name=f"Night {day}", date=_dt.date(2026, 11, day))
    drive_services.pairs_bulk_add(drive=drive, actor=actor, now=NOW, text="\n".join(names))
    drive = drive_services.drive_start(drive=drive, actor=actor, now=NOW, seed=seed, alongside=True)
    services.night_add(series=series, drive=drive, actor=actor, now=NOW)
    for game in range(games):
        play_game(drive, actor)
        if game + 1 < games:
            drive.refresh_from_db()
            drive_services.game_advance(
                drive=drive, actor=actor, now=NOW, from_game=drive.current_game
            )
    drive.refresh_from_db()
    return drive


def setup_night(series, actor, day=1, pairs=4):
    """A drive of the series not yet started."""
    from seasons import services

    drive = make_drive(series.club, actor, name=f"Night {day}", date=_dt.date(2026, 11, day))
    add_pairs(drive, actor, pairs)
    services.night_add(series=series, drive=drive, actor=actor, now=NOW)
    return drive
