"""The prize report: every part's section and one cash summary that adds up.

The places and booby section is built here, where it is read: it joins the tie
groups (ties) with every pair's place (standing, which reads those groups), so
the writers of ties need not import the readers of places back.

paid out + carried over + remaining for the hall = takings, by construction:
"remaining" is what is left (negative when the hall adds money).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from drives.models import Drive
from prizes.services import jar, side, ties
from prizes.services.common import conflicts, prize_settings
from prizes.services.standing import places_by_number


@dataclass(frozen=True)
class CashSummary:
    money_in: list[tuple[str, int]]
    money_out: list[tuple[str, int]]
    takings: int
    paid_out: int
    carried_over: int

    @property
    def remaining(self) -> int:
        return self.takings - self.paid_out - self.carried_over


def cash_summary(drive: Drive) -> CashSummary:
    fee = prize_settings(drive).entry_fee
    paid = drive.pairs.filter(paid=True).count()
    money_in = [(_("Entries: %(n)d pairs paid") % {"n": paid}, fee * paid)] if fee else []
    money_out: list[tuple[str, int]] = []
    takings, paid_out, carried = fee * paid, 0, 0
    for part in (ties.cash(drive), jar.cash(drive), side.cash(drive)):
        takings += part["takings"]
        paid_out += part["paid_out"]
        carried += part["carried_over"]
        for label, cents, kind in part["lines"]:
            (money_in if kind == "in" else money_out).append((label, cents))
    return CashSummary(
        money_in=money_in,
        money_out=money_out,
        takings=takings,
        paid_out=paid_out,
        carried_over=carried,
    )


def places_section(drive: Drive) -> dict:
    """Everything the places and booby part of the prizes page and report show."""
    state = ties.prize_groups(drive)
    return {
        "pair_places": places_by_number(drive, state=state),
        "places": state.places,
        "played": state.played,
        "place_prizes": state.place_prizes,
        "booby_prize": state.booby_prize,
        "unawarded": state.unawarded,
        "unawarded_note": state.unawarded_note,
        "booby_on": state.booby_on,
        "booby": state.booby,
        "booby_note": state.booby_note,
        "open_ties": len(state.open_ties),
        "finished": state.finished,
        "conflicts": state.conflicts,
        "marks_unpaid": ties.marks_unpaid(drive),
    }


def prize_report(drive: Drive) -> dict:
    """Everything the prize page and the printed report show."""
    return {
        "sections": {
            "ties": places_section(drive),
            "jar": jar.section(drive),
            "side": side.section(drive),
        },
        "cash": cash_summary(drive),
        "conflicts": conflicts(drive),
        "unpaid": [
            (n, f"{p1} & {p2}")
            for n, p1, p2 in drive.pairs.filter(paid=False)
            .order_by("number")
            .values_list("number", "player1", "player2")
        ],
    }
