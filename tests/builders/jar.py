"""Drives with a cookie jar: pairs buying in, games played to the end."""

from __future__ import annotations

from django.urls import reverse

from drives import services as drive_services
from drives.models import JarEntry, PrizeSettings
from prizes.models import JarDraw
from prizes.services import jar
from tests.builders import NOW, add_pairs, make_drive, play_game, row_counts

PRICE = 200


def jar_on(drive, *, games=1, price=PRICE, on=True):
    PrizeSettings.objects.update_or_create(
        drive=drive, defaults={"jar": on, "jar_games": games, "jar_price": price}
    )


def setup_drive(club, actor, *, pairs=6, games=2, jar_games=1, price=PRICE, **values):
    drive = make_drive(club, actor, games=games, **values)
    add_pairs(drive, actor, pairs)
    jar_on(drive, games=jar_games, price=price)
    return drive


def opt_in(drive, actor, numbers):
    for p in drive.pairs.filter(number__in=numbers):
        jar.jar_opt_in(pair=p, actor=actor, now=NOW)


def start(drive, actor):
    return drive_services.drive_start(drive=drive, actor=actor, now=NOW, seed=42)


def play_all(drive, actor, games=None):
    """Play `games` games (all of them by default) and finish the drive."""
    drive.refresh_from_db()
    games = games or drive.games
    for g in range(1, games + 1):
        play_game(drive, actor)
        if g < games:
            drive_services.game_advance(drive=drive, from_game=g, actor=actor, now=NOW)
    if games == drive.games:
        drive_services.drive_finish(drive=drive, from_game=games, actor=actor, now=NOW)
    else:
        drive_services.drive_finish_early(drive=drive, from_game=games, actor=actor, now=NOW)
    drive.refresh_from_db()
    return drive


def everything():
    """Every row a jar action could write, and every drive's carried-in jar."""
    from drives.models import Drive

    return {
        **row_counts(),
        "JarEntry": JarEntry.objects.count(),
        "JarDraw": JarDraw.objects.count(),
        "carried": sorted(Drive.objects.values_list("pk", "jar_carried_in")),
    }


def url(drive, name="jar", *args):
    return reverse(f"prizes:{name}", args=[drive.pk, *args])
