"""A club's public page and the nights it shows, for the public pages' tests."""

from __future__ import annotations

import datetime as _dt

from . import NOW, make_drive


def public_page(club, actor, slug="st-josephs", on=True, histories=False):
    from public import services

    return services.page_set(club=club, actor=actor, now=NOW, slug=slug, on=on, histories=histories)


def finished_night(club, actor, *, day=20, pairs=4, games=2, names=None, name=None):
    """A drive on Nov `day` with `pairs` pairs (or `names`, "Ann & Bob" lines), `games`
    games played (the first seat of each table wins) and the night closed."""
    from drives import services

    drive = make_drive(
        club, actor, name=name or f"Night {day}", date=_dt.date(2026, 11, day), games=games
    )
    text = "\n".join(names or [f"Player {day}-{i}a & Player {day}-{i}b" for i in range(pairs)])
    services.pairs_bulk_add(drive=drive, actor=actor, now=NOW, text=text)
    drive = services.drive_start(drive=drive, actor=actor, now=NOW, seed=7, alongside=True)
    from . import play_game

    for game in range(games):
        play_game(drive, actor)
        drive.refresh_from_db()
        if game + 1 < games:
            services.game_advance(drive=drive, actor=actor, now=NOW, from_game=drive.current_game)
    services.drive_finish(drive=drive, actor=actor, now=NOW, from_game=drive.current_game)
    drive.refresh_from_db()
    return drive


def show(thing, actor, shown=True):
    """Show a drive, a series or a league on its club's public page."""
    from drives.models import Drive
    from leagues.models import League
    from public import services

    if isinstance(thing, Drive):
        return services.drive_show(drive=thing, shown=shown, actor=actor, now=NOW)
    if isinstance(thing, League):
        return services.league_show(league=thing, shown=shown, actor=actor, now=NOW)
    return services.series_show(series=thing, shown=shown, actor=actor, now=NOW)
