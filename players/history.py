"""A person's history: every night they played, read from the drives and their standings.

For each pair that names the person (drives' Pair.person1/person2): the drive, the partner's
name, the games won, the place (by score level, as the standings count it) and, once the
night is finished, the prize words ("first prize", "the booby prize"; prizes.pair_places).
A night still being registered has no games yet: no place.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from clubs.interface import Player
from drives.models import Drive, Pair
from prizes.interface import pair_places


@dataclass(frozen=True)
class Night:
    drive: Drive
    pair: Pair
    partner: str
    won: int
    place: int | None
    prize: str

    @property
    def playing(self) -> bool:
        return not self.drive.is_setup


@dataclass(frozen=True)
class History:
    player: Player
    nights: tuple[Night, ...]

    @property
    def played(self) -> int:
        return sum(n.playing for n in self.nights)

    @property
    def games_won(self) -> int:
        return sum(n.won for n in self.nights)


def history(player: Player) -> History:
    pairs = (
        Pair.objects.filter(Q(person1=player) | Q(person2=player))
        .select_related("drive", "person1", "person2")
        .order_by("-drive__date", "-drive_id")
    )
    nights = []
    for pair in pairs:
        first = pair.person1_id == player.pk
        # The partner as the register writes them when they are in it, else as typed.
        other = pair.person2 if first else pair.person1
        partner = other.name if other is not None else (pair.player2 if first else pair.player1)
        place, won, prize = None, 0, ""
        if not pair.drive.is_setup:
            row = next((r for r in pair_places(pair.drive) if r.pair.pk == pair.pk), None)
            if row is not None:
                place, won, prize = row.place, row.won, row.words
        nights.append(
            Night(drive=pair.drive, pair=pair, partner=partner, won=won, place=place, prize=prize)
        )
    return History(player=player, nights=tuple(nights))
