"""A friends' table for tests: started, joined by more phones, and its game replayed."""

from __future__ import annotations

from datetime import timedelta

from practice.codes import Deal
from practice.friends import services
from scoring.play import PlayOptions
from tests.builders import NOW

FOUR = Deal("traditional", 4, PlayOptions(), 20261203)  # 4 in partnerships, to 45


def friends_table(*names: str, deal: Deal = FOUR, level: str = "ned", begin: bool = True):
    """A table started by ``names[0]`` and joined by the others in seats 2, 3, ...;
    the computer in the rest. Returns the table and each person's seat key."""
    table, seat = services.table_start(
        deal=deal, level=level, name=names[0], address="192.168.1.20", now=NOW
    )
    keys = [seat.key]
    for n, name in enumerate(names[1:], start=1):
        keys.append(services.seat_join(code=table.code, number=n, name=name, now=NOW).key)
    if begin:
        table = services.table_begin(code=table.code, key=keys[0], now=NOW)
    return table, keys


def later(seconds: float):
    return NOW + timedelta(seconds=seconds)


def state_of(code: str):
    return services.replayed(services.table_of(code)).state
