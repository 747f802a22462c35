"""Reading a drive's tables: who sits at one, who won it, the address of its result tap,
and the drive's state as a test compares it before and after."""

from __future__ import annotations

from django.urls import reverse

from drives.models import TableGame
from tests.builders import row_counts


def at_table(drive, table, game=None):
    drive.refresh_from_db()
    tg = TableGame.objects.get(drive=drive, game=game or drive.current_game, table=table)
    return [s.pair.number for s in tg.seats.select_related("pair").order_by("slot")]


def winner(drive, table, game=1):
    tg = TableGame.objects.select_related("winner").get(drive=drive, game=game, table=table)
    return tg.winner.number if tg.winner else None


def state(drive):
    drive.refresh_from_db()
    return (drive.status, drive.current_game, row_counts())


def tap_url(drive, table, game=1):
    return reverse("drives:result_record", args=[drive.pk, game, table])
