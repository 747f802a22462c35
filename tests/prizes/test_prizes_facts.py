"""Facts of the pure prize rules (prizes/rules) that no test stated before: a mutation run
left these untested."""

import pytest

from prizes import rules as prizes
from prizes.rules import PrizeError


def test_a_drive_may_have_no_place_prizes_but_not_fewer():
    assert prizes.PrizeSettings(places=0).places == 0
    with pytest.raises(PrizeError, match="0 or more"):
        prizes.PrizeSettings(places=-1)


@pytest.mark.parametrize(
    ("ace_low", "next_to_cut"),
    [
        (True, (3, 5)),  # two aces are the lowest cards: pairs 3 and 5 cut again
        (False, ()),  # aces high: pair 7's 2 is lowest alone, the tie is settled
    ],
)
def test_aces_low_or_high_decide_who_cuts_next(ace_low, next_to_cut):
    rounds = [{3: (1, "S"), 5: (1, "H"), 7: (2, "C")}]
    assert prizes.who_cuts_next([3, 5, 7], rounds, ace_low=ace_low) == next_to_cut


def test_aces_high_puts_the_ace_above_the_king():
    rounds = [{3: (1, "S"), 5: (13, "H")}]
    assert prizes.who_cuts_next([3, 5], rounds, ace_low=False) == ()
    result = prizes.physical_cut([3, 5], rounds, ace_low=False)
    assert result.winner == 5  # the king is low when aces are high
    assert prizes.physical_cut([3, 5], rounds, ace_low=True).winner == 3


@pytest.mark.parametrize(
    ("unit", "share", "kept"),
    [(1, 1755, 0), (5, 1755, 0), (25, 1750, 5), (100, 1700, 55)],
)
def test_the_50_50_half_is_rounded_down_to_the_cash_unit(unit, share, kept):
    draw = prizes.fifty_fifty_draw([(1, 100)], takings=3510, seed=2, unit=unit)
    assert draw.payout.share == share
    assert draw.payout.kept_by_hall == kept
    assert draw.payout.amount == 1755


def test_the_pairs_that_agreed_to_split_are_kept_when_the_tie_goes_to_a_cut():
    cut = prizes.digital_cut([3, 5, 7], seed=4)
    outcome = prizes.settle([3, 5, 7], money_prize=True, split_agreements=[3, 5], cut=cut)
    assert outcome.method == "cut"
    assert outcome.split_agreements == (3, 5)
    assert outcome.winners == (cut.winner,)


@pytest.mark.parametrize(
    ("card", "label"),
    [
        ((1, "S"), "A♠"),
        ((2, "C"), "2♣"),
        ((10, "H"), "10♥"),
        ((11, "D"), "J♦"),
        ((12, "C"), "Q♣"),
        ((13, "S"), "K♠"),
    ],
)
def test_the_cards_are_labelled_as_printed_on_the_prize_sheet(card, label):
    assert prizes.card_label(card) == label


@pytest.mark.parametrize("card", [(0, "S"), (14, "H"), (5, "X"), ("5", "S")])
def test_a_card_that_does_not_exist_has_no_label(card):
    with pytest.raises(PrizeError):
        prizes.card_label(card)
