"""Every pair's place and, once the night is over, what it won and how a tie went.

One function, pair_places, is the only source of a pair's place and its words:
the standings page, the projector board, the final score cards, the standings
sheet and the prize report all show what it says, so they cannot disagree.

The place is the pair's position by games won; pairs on the same number of games
share it (18, 18, 16 -> 1, 1, 3). The words say the prize and how its tie was
settled: "first prize, $40", "shares first prize, $10", "won the cut for second
prize", "lost the play-off for second prize", "tied for third prize: not settled
yet". A pair holding no prize has no words.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from drives.interface import standings
from drives.models import Drive, Pair
from prizes.models import Decision
from prizes.services.ties import PrizeGroup, PrizeGroups, parse_prize, prize_groups
from prizes.templatetags.money import cents as dollars

__all__ = ["PairPlace", "pair_places", "places_by_number", "prize_name"]


@dataclass(frozen=True)
class PairPlace:
    """One pair's line: its place, games won, punched and missed games, and words."""

    place: int
    pair: Pair
    won: int
    punched: frozenset[int]
    missed: frozenset[int]  # games the pair was not there for (came late, left early)
    words: str = ""

    @property
    def number(self) -> int:
        return self.pair.number

    @property
    def rank(self) -> int:  # the standings sheet's and the old rows' name for it
        return self.place

    @property
    def text(self) -> str:
        """ "Place 3 · lost the cut for second prize" (the words only when there are any)."""
        head = _("Place %(place)d") % {"place": self.place}
        return f"{head} · {self.words}" if self.words else head


def prize_name(prize: str) -> str:
    """ "place-1" -> "first prize", "place-4" -> "prize 4", "booby" -> "the booby prize"."""
    place = parse_prize(prize)
    if place is None:
        return _("the booby prize")
    names = {1: _("first prize"), 2: _("second prize"), 3: _("third prize")}
    return names.get(place) or _("prize %(n)d") % {"n": place}


def _value(g: PrizeGroup, cents: int | None) -> str:
    """ ", $40" or ": a box of chocolates" after a prize's name ("" for neither)."""
    if cents is not None:
        return ", " + dollars(cents)
    if g.item:
        return ": " + g.item
    return ""


def _words(g: PrizeGroup, number: int) -> str:
    name = prize_name(g.prize)
    if not g.is_tie:
        return name + _value(g, g.cents)
    if g.stale is not None:
        return _("tied for %(prize)s: to be settled again") % {"prize": name}
    if not g.is_decided:
        return _("tied for %(prize)s: not settled yet") % {"prize": name}
    row: Decision = g.decision
    won = number in g.winners
    payout = g.payout
    if row.method == Decision.Method.SPLIT:
        share = payout.share if payout is not None else None
        return _("shares %(prize)s") % {"prize": name} + _value(g, share)
    value = _value(g, g.cents) if won else ""
    if row.method == Decision.Method.PLAYOFF:
        if number in (row.detail or {}).get("forfeited", ()):
            return _("declined the play-off for %(prize)s") % {"prize": name}
        if won:
            return _("won the play-off for %(prize)s") % {"prize": name} + value
        return _("lost the play-off for %(prize)s") % {"prize": name}
    if won:
        return _("won the cut for %(prize)s") % {"prize": name} + value
    return _("lost the cut for %(prize)s") % {"prize": name}


def words_by_number(state: PrizeGroups) -> dict[int, str]:
    """pair number -> its place prize or booby words (pairs of no prize are absent)."""
    out: dict[int, str] = {}
    for g in state.all:
        for n in g.numbers:
            out[n] = _words(g, n)
    return out


def pair_places(drive: Drive, *, state: PrizeGroups | None = None) -> list[PairPlace]:
    """Every pair in standings order with its place; the prize words once the drive
    is finished (during the night a tie may still be broken by the next game)."""
    words: dict[int, str] = {}
    if drive.is_finished:
        words = words_by_number(state or prize_groups(drive))
    out = []
    for r in standings(drive):
        p = r.pair
        out.append(
            PairPlace(
                place=r.rank,
                pair=p,
                won=r.won,
                punched=r.punched,
                missed=r.missed,
                words=words.get(p.number, ""),
            )
        )
    return out


def places_by_number(drive: Drive, *, state: PrizeGroups | None = None) -> dict[int, PairPlace]:
    return {p.number: p for p in pair_places(drive, state=state)}
