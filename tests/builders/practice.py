"""The practice game a test browser keeps: read from its game cookie as the views read it."""

from __future__ import annotations

from practice import services
from practice.store import COOKIE, GameStore


def game_store(client) -> GameStore:
    """The store of ``client``'s practice cookie (none: an empty store)."""
    morsel = client.cookies.get(COOKIE)
    return GameStore(morsel.value if morsel else None)


def kept(client) -> dict | None:
    """The game as ``client``'s cookie holds it (deal, level, moves, seen), or None."""
    return game_store(client).read()


def played_in(client) -> services.Played | None:
    """``client``'s game replayed, as the table shows it."""
    return services.play(game_store(client))


def at_of(client) -> str:
    """The state ``client``'s table is drawn from, as its move forms send it."""
    return services.screen_mark(services.load(game_store(client)))
