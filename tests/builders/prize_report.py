"""A finished night with every prize on: places, the booby, the jar and the 50/50."""

from __future__ import annotations

from drives import services as drive_services
from prizes.services import jar, money
from tests.builders import NOW, add_pairs, make_drive, play_game


def finished(club, actor, *, pairs=6, games=3, fee=1000, jar_price=200, places=None, **extra):
    drive = make_drive(club, actor, games=games)
    add_pairs(drive, actor, pairs)
    for p in drive.pairs.all():
        drive_services.pair_set_paid(pair=p, actor=actor, now=NOW, paid=True)
    values = {
        "entry_fee": fee,
        "ace_low": True,
        "booby": True,
        "booby_cents": 500,
        "booby_item": "",
        "booby_excludes_late_or_early": True,
        "jar": bool(jar_price),
        "jar_games": 2,
        "jar_price": jar_price,
        "jackpot": False,
        "jackpot_threshold": 20,
        "jackpot_cents": 0,
        "fifty_fifty": True,
        "travelling": False,
        "travelling_item": "",
        "door_prizes": 0,
        **extra,
    }
    money.prize_settings_save(
        drive=drive,
        values=values,
        places=places or {1: (3000, ""), 2: (2000, ""), 3: (None, "a turkey")},
        actor=actor,
        now=NOW,
    )
    if jar_price:
        for p in drive.pairs.all()[:3]:
            jar.jar_opt_in(pair=p, actor=actor, now=NOW)
    drive = drive_services.drive_start(drive=drive, actor=actor, now=NOW, seed=5)
    for game in range(1, games + 1):
        play_game(drive, actor, pick=game)
        if game < games:
            drive_services.game_advance(drive=drive, from_game=game, actor=actor, now=NOW)
    return drive_services.drive_finish(drive=drive, from_game=games, actor=actor, now=NOW)
