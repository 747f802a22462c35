"""The club's player register as the screens above read it, and the one way a name becomes a
new entry inside another writer's transaction (a pair registered with a new name: its audit
entry says so, so this writes none).

- register_of: the club's entries in the register (not merged away, not removed), indexed
  for matching (clubs.matching.Register), in one statement of three columns.
- player_name: a typed name cleaned as a player's name (clubs.text.clean_name).
- player_new: a new entry of that name (the caller holds the transaction and writes the audit).
- person_of: the entry a chosen id names, if it is the club's and still in the register.
"""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext as _

from .errors import DriveError
from .matching import Entry, Register, fold
from .models import PLAYER_NAME_MAX, Club, Player
from .text import TextError, clean_name


def active_players(club: Club):
    """The club's entries in the register: neither merged into another nor removed."""
    return Player.objects.filter(club=club, merged_into__isnull=True, removed_at__isnull=True)


def register_of(club: Club) -> Register:
    rows = active_players(club).order_by("id").values_list("id", "name", "match_key")
    return Register([Entry(i, n, k) for i, n, k in rows])


def player_name(raw: str | None) -> str:
    """A player's name as kept; DriveError (400) with the reason otherwise."""
    try:
        return clean_name(raw, max_length=PLAYER_NAME_MAX, what=_("A player's name"))
    except TextError as e:
        raise DriveError(e.message) from None


def player_new(*, club: Club, name: str, now: datetime) -> Player:
    name = player_name(name)
    return Player.objects.create(club=club, name=name, match_key=fold(name), created_at=now)


def person_of(club: Club, player_id: int | None) -> Player | None:
    if player_id is None:
        return None
    return active_players(club).filter(pk=player_id).first()


def player_fields(player: Player) -> dict:
    """What an audit entry keeps of a register entry."""
    return {
        "id": player.pk,
        "name": player.name,
        "phone": player.phone,
        "email": player.email,
        "notes": player.notes,
    }
