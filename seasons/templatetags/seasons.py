"""The player's series standings for their history page (the register's, another app):
`{% load seasons %}{% player_series player as found %}`, then
`{% include "seasons/_player_series.html" %}` shows them. A template tag, so the page of
another app of the same floor shows them without importing seasons."""

from __future__ import annotations

from django import template

from ..fragments import card_row
from ..queries import series_of_player

register = template.Library()


@register.simple_tag
def player_series(player) -> list[dict]:
    """Each series the player has played a night of, newest first: its standings' nights
    played and, for each of the player's entries (one by players; by pairs, each pair),
    place, total, nights and the row of night cards."""
    out = []
    for table, entries in series_of_player(player):
        played = [n for n in table.nights if n.played]
        rows = []
        for entry in entries:
            by_night = {n.night: n for n in entry.nights}
            rows.append(
                {
                    "entry": entry,
                    "names": " & ".join(entry.names),
                    "cards": card_row([(n.number, by_night.get(n.number)) for n in played]),
                    "to_qualify": max(table.series.min_nights - entry.played, 0),
                }
            )
        out.append({"series": table.series, "count": len(table.entries), "rows": rows})
    return out
