"""Hands kept at a drive's table: entering one, the sheet's address, the seats of a table."""

from __future__ import annotations

from django.urls import reverse

from clubs.interface import Origin
from drives import services
from drives.models import Drive, TableGame
from tests.builders import NOW


def seated(drive, game=1):
    """The first two-pair table of a game and its pairs in seat-slot order (A, B)."""
    for tg in TableGame.objects.filter(drive=drive, game=game).order_by("table"):
        numbers = [s.pair.number for s in tg.seats.select_related("pair").order_by("slot")]
        if len(numbers) == 2:
            return tg.table, numbers[0], numbers[1]
    raise AssertionError("no two-pair table")


def hand(
    drive,
    table,
    number,
    tricks,
    best,
    *,
    actor,
    bidder=None,
    bid=None,
    key=None,
    game=None,
):
    """Enter one hand; tricks and best/bidder in pair numbers."""
    drive.refresh_from_db()
    return services.hand_add(
        drive=drive,
        game=game or drive.current_game,
        table=table,
        record={"tricks": tricks, "best": best, "bidder": bidder, "bid": bid},
        number=number,
        key=key or f"key-{number}",
        actor=actor,
        now=NOW,
        origin=Origin(source="front: scoresheet", device="test tablet"),
    )


def sheet(drive, table, game=1):
    return services.scoresheet(drive, game, table)


def with_options(drive, **options):
    Drive.objects.filter(pk=drive.pk).update(game_options=options)
    drive.refresh_from_db()
    return drive


def sheet_url(drive, table, game=1, name="drives:scoresheet"):
    return reverse(name, args=[drive.pk, game, table])


def posted(a, b, ta, tb, best, number=1, key="page-key-1", **extra):
    data = {
        "number": str(number),
        "key": key,
        f"tricks_{a}": str(ta),
        f"tricks_{b}": str(tb),
        "best": str(best),
    }
    data.update({k: str(v) for k, v in extra.items()})
    return data


def deal(drive, table, number, *, actor, key=None, **record):
    """Enter one deal; sides in pair numbers."""
    drive.refresh_from_db()
    return services.hand_add(
        drive=drive,
        game=drive.current_game,
        table=table,
        record=record,
        number=number,
        key=key or f"key-{number}",
        actor=actor,
        now=NOW,
        origin=Origin(source="front: scoresheet", device="test tablet"),
    )
