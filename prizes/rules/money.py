"""Money: splitting a prize into the club's cash unit, payouts and the cash summary."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from prizes.places import (
    PrizeError,
)
from scoring.words import gettext_noop

from .base import DEFAULT_CASH_UNIT, check_cash_unit, check_cents, pair_numbers

_ = gettext_noop

# ---------------------------------------------------------------- money


def split_cents(total: int, n: int, unit: int = DEFAULT_CASH_UNIT) -> tuple[int, int]:
    """Split `total` cents n ways, each share rounded down to the cash unit.

    Returns (share, remainder); the remainder stays with the hall.

    >>> split_cents(1000, 3, unit=5)
    (330, 10)
    >>> split_cents(1000, 3, unit=1)
    (333, 1)
    """
    check_cents(total, _("A prize"))
    check_cash_unit(unit)
    if n < 1:
        raise PrizeError(_("A prize must be split among at least one pair."))
    share = total // n // unit * unit
    return share, total - share * n


@dataclass(frozen=True)
class Payout:
    """Money leaving the cash box for one prize.

    Every recipient gets `share`; recipients are pair numbers (ticket numbers
    for the 50/50). amount = paid + kept_by_hall + carried_over.
    """

    prize: str
    amount: int
    recipients: tuple[int, ...]
    share: int
    kept_by_hall: int = 0
    carried_over: int = 0

    def __post_init__(self) -> None:
        if self.paid + self.kept_by_hall + self.carried_over != self.amount:
            raise PrizeError(_("The money for {prize} does not add up.").format(prize=self.prize))

    @property
    def paid(self) -> int:
        return self.share * len(self.recipients)


def payout(
    prize: str, amount: int, recipients: Iterable[int], unit: int = DEFAULT_CASH_UNIT
) -> Payout:
    """Pay a money prize to one pair or split it equally among several.

    >>> payout("Cookie jar", 1000, [4, 8, 9]).share
    330
    """
    who = pair_numbers(recipients)
    if not who:
        raise PrizeError(_("{prize} has nobody to pay.").format(prize=prize))
    share, rest = split_cents(amount, len(who), unit)
    return Payout(prize, amount, who, share, kept_by_hall=rest)


@dataclass(frozen=True)
class CashSummary:
    """The night's cash, for the report. All amounts are cents.

    takings counts the cookie jar carried in from an earlier drive, since it
    is in the jar tonight. remaining is what the hall keeps; negative when
    the hall adds money (prizes larger than the takings).
    """

    entries: int
    cookie_jar: int
    jar_carried_in: int
    fifty_fifty: int
    paid_out: int
    carried_over: int
    kept_from_rounding: int

    @property
    def takings(self) -> int:
        return self.entries + self.cookie_jar + self.jar_carried_in + self.fifty_fifty

    @property
    def remaining(self) -> int:
        return self.takings - self.paid_out - self.carried_over


def cash_summary(
    *,
    entry_fee: int,
    pairs_paid: int,
    jar_price: int = 0,
    jar_pairs: int = 0,
    jar_carried_in: int = 0,
    fifty_fifty: int = 0,
    payouts: Iterable[Payout] = (),
) -> CashSummary:
    """Add up the night: takings, paid out, carried over, left for the hall.

    >>> s = cash_summary(entry_fee=500, pairs_paid=20, payouts=[payout("First", 3000, [1])])
    >>> s.takings, s.paid_out, s.remaining
    (10000, 3000, 7000)
    """
    for value, what in (
        (entry_fee, _("The entry fee")),
        (pairs_paid, _("The number of pairs paid")),
        (jar_price, _("The cookie jar price")),
        (jar_pairs, _("The number of pairs in the cookie jar")),
        (jar_carried_in, _("The cookie jar carried in")),
        (fifty_fifty, _("The 50/50 takings")),
    ):
        check_cents(value, what)
    paid = list(payouts)
    return CashSummary(
        entries=entry_fee * pairs_paid,
        cookie_jar=jar_price * jar_pairs,
        jar_carried_in=jar_carried_in,
        fifty_fifty=fifty_fifty,
        paid_out=sum(p.paid for p in paid),
        carried_over=sum(p.carried_over for p in paid),
        kept_from_rounding=sum(p.kept_by_hall for p in paid),
    )
