"""The practice game a test browser keeps: read from its game cookie as the views read it."""

from __future__ import annotations

from dataclasses import replace

from practice import services
from practice.store import COOKIE, GameStore
from scoring.games.cards import Suit, card, deck
from scoring.play import PlayOptions, State, forty_fives, new_game


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


def cards(text: str):
    """Cards written out: ``cards("5♦ J♦ A♥")``."""
    return tuple(card(c) for c in text.split())


def table(
    mine: str,
    *,
    trump: Suit = Suit.DIAMONDS,
    turn_up: str = "9♦",
    trick: tuple[tuple[int, str], ...] = (),
    dealer: int = 2,
    taken_by: int | None = None,
    options: PlayOptions | None = None,
) -> State:
    """A 3-player table with your cards (seat 0) ``mine``, your turn to play; the other
    seats hold cards from the rest of the deck, as many as they have not played."""
    state = new_game(forty_fives(options=options), seed=1)
    played = {seat: card(c) for seat, c in trick}
    used = set(cards(mine)) | set(played.values()) | {card(turn_up)}
    rest = [c for c in deck() if c not in used]
    hands = [cards(mine)]
    for seat in (1, 2):
        n = 5 - (seat in played)
        hands.append(tuple(rest[:n]))
        rest = rest[n:]
    state = replace(
        state,
        dealer=dealer,
        hands=tuple(hands),
        stock=tuple(rest),
        turn_up=card(turn_up),
        trump=trump,
        taken_by=taken_by,
        trick=tuple((seat, card(c)) for seat, c in trick),
    )
    return state.turn_to(0)
