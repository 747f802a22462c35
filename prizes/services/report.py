"""The prize report: every part's section and one cash summary that adds up.

paid out + carried over + remaining for the hall = takings, by construction:
"remaining" is what is left (negative when the hall adds money).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module

from django.utils.translation import gettext as _

from drives.models import Drive
from prizes.services.common import conflicts, prize_settings

PARTS = ("ties", "jar", "side")


def _part(name: str):
    return import_module(f"prizes.services.{name}")


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
    for name in PARTS:
        part = _part(name).cash(drive)
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


def prize_report(drive: Drive) -> dict:
    """Everything the prize page and the printed report show."""
    return {
        "sections": {name: _part(name).section(drive) for name in PARTS},
        "cash": cash_summary(drive),
        "conflicts": conflicts(drive),
        "unpaid": [
            (n, f"{p1} & {p2}")
            for n, p1, p2 in drive.pairs.filter(paid=False)
            .order_by("number")
            .values_list("number", "player1", "player2")
        ],
    }
