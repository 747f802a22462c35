"""Splits, payouts and the night's cash (prizes/rules/money.py): worked examples with exact
cents, and each refusal word for word with its msgid and values."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from prizes import rules as prizes
from prizes.rules import PrizeError
from scoring.words import Msg


def refusal(call, *args, **kwargs):
    with pytest.raises(PrizeError) as caught:
        call(*args, **kwargs)
    (said,) = caught.value.args
    return said


def msgid(said):
    return said.msgid if hasattr(said, "msgid") else (str(said) if isinstance(said, Msg) else None)


@pytest.mark.parametrize(
    ("total", "n", "unit", "split"),
    [
        (1000, 3, 5, (330, 10)),
        (1000, 3, 1, (333, 1)),
        (1000, 1, 5, (1000, 0)),
        (1003, 1, 5, (1000, 3)),
        (0, 4, 5, (0, 0)),
        (2400, 7, 25, (325, 125)),
    ],
)
def test_a_split_rounds_each_share_down_to_the_unit(total, n, unit, split):
    assert prizes.split_cents(total, n, unit) == split


def test_a_split_rounds_to_five_cents_unless_told():
    assert prizes.split_cents(1000, 3) == (330, 10)


@given(st.integers(0, 10**6), st.integers(1, 40), st.integers(1, 500))
def test_a_split_pays_out_every_cent_but_less_than_one_unit_a_pair(total, n, unit):
    share, rest = prizes.split_cents(total, n, unit)
    assert share % unit == 0
    assert share * n + rest == total
    assert 0 <= rest < unit * n


@pytest.mark.parametrize("n", [0, -1])
def test_a_split_needs_a_pair(n):
    said = refusal(prizes.split_cents, 1000, n)
    assert said == "A prize must be split among at least one pair."
    assert msgid(said) == str(said)


@pytest.mark.parametrize("total", [10.5, True])
def test_a_split_of_part_cents_is_refused(total):
    said = refusal(prizes.split_cents, total, 2)
    assert said == "A prize must be a whole number of cents."
    assert msgid(said) == "{what} must be a whole number of cents."


def test_a_payout_shares_equally_and_the_hall_keeps_the_rest():
    paid = prizes.payout("Cookie jar", 1000, [9, 4, 8])
    assert (paid.prize, paid.amount, paid.recipients) == ("Cookie jar", 1000, (4, 8, 9))
    assert (paid.share, paid.kept_by_hall, paid.carried_over, paid.paid) == (330, 10, 0, 990)


def test_a_payout_to_one_pair_in_one_cent_units():
    paid = prizes.payout("First prize", 1001, [2], unit=1)
    assert (paid.share, paid.kept_by_hall, paid.paid) == (1001, 0, 1001)


def test_a_payout_rounds_to_five_cents_unless_told():
    assert prizes.payout("First prize", 1003, [2]).kept_by_hall == 3


def test_a_payout_with_nobody_is_refused_by_name():
    said = refusal(prizes.payout, "First prize", 1000, [])
    assert said == "First prize has nobody to pay."
    assert msgid(said) == "{prize} has nobody to pay."
    assert said.params == {"prize": "First prize"}


def test_a_payout_that_does_not_add_up_is_refused_by_name():
    said = refusal(prizes.Payout, "First prize", 1000, (1, 2), 400, kept_by_hall=100)
    assert said == "The money for First prize does not add up."
    assert msgid(said) == "The money for {prize} does not add up."
    assert said.params == {"prize": "First prize"}
    ok = prizes.Payout("First prize", 1000, (1, 2), 400, kept_by_hall=150, carried_over=50)
    assert ok.paid == 800
    assert prizes.Payout("Jar", 700, (), 0, carried_over=700).paid == 0


def test_the_cash_summary_of_a_whole_night():
    s = prizes.cash_summary(
        entry_fee=500,
        pairs_paid=20,
        jar_price=200,
        jar_pairs=12,
        jar_carried_in=1500,
        fifty_fifty=3000,
        payouts=[
            prizes.payout("First", 3000, [1]),
            prizes.payout("Second", 1000, [2, 3, 4]),
            prizes.Payout("Cookie jar", 3900, (), 0, carried_over=3900),
        ],
    )
    assert (s.entries, s.cookie_jar, s.jar_carried_in, s.fifty_fifty) == (10000, 2400, 1500, 3000)
    assert (s.paid_out, s.carried_over, s.kept_from_rounding) == (3990, 3900, 10)
    assert s.takings == 10000 + 2400 + 1500 + 3000
    assert s.remaining == 16900 - 3990 - 3900


def test_the_cash_summary_of_entries_only():
    s = prizes.cash_summary(entry_fee=500, pairs_paid=20)
    assert (s.entries, s.cookie_jar, s.jar_carried_in, s.fifty_fifty) == (10000, 0, 0, 0)
    assert (s.paid_out, s.carried_over, s.kept_from_rounding, s.remaining) == (0, 0, 0, 10000)


def test_the_hall_adds_money_when_prizes_pass_the_takings():
    s = prizes.cash_summary(
        entry_fee=500, pairs_paid=2, payouts=[prizes.payout("First", 3000, [1])]
    )
    assert s.remaining == -2000


@pytest.mark.parametrize(
    ("field", "what"),
    [
        ("entry_fee", "The entry fee"),
        ("pairs_paid", "The number of pairs paid"),
        ("jar_price", "The cookie jar price"),
        ("jar_pairs", "The number of pairs in the cookie jar"),
        ("jar_carried_in", "The cookie jar carried in"),
        ("fifty_fifty", "The 50/50 takings"),
    ],
)
def test_the_cash_summary_refuses_each_amount_by_name(field, what):
    values = {"entry_fee": 500, "pairs_paid": 20} | {field: -1}
    said = refusal(prizes.cash_summary, **values)
    assert said == f"{what} cannot be negative."
    assert msgid(said) == "{what} cannot be negative."
    assert msgid(said.params["what"]) == what
    values[field] = 1.5
    said = refusal(prizes.cash_summary, **values)
    assert said == f"{what} must be a whole number of cents."


def test_a_jar_price_without_pairs_or_pairs_without_a_price_takes_nothing():
    priced = prizes.cash_summary(entry_fee=500, pairs_paid=2, jar_price=200)
    counted = prizes.cash_summary(entry_fee=500, pairs_paid=2, jar_pairs=12)
    assert (priced.cookie_jar, counted.cookie_jar) == (0, 0)
    assert (priced.takings, counted.takings) == (1000, 1000)


@given(st.integers(0, 10**6), st.integers(1, 40), st.integers(1, 500))
def test_shares_are_whole_cents(total, n, unit):
    share, rest = prizes.split_cents(total, n, unit)
    assert (type(share), type(rest)) == (int, int)
