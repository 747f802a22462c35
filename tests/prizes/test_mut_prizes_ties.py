"""Cards, cuts, decisions and the booby prize (prizes/rules/ties.py): the card words, the
boundaries, and each refusal word for word with its msgid and values."""

from __future__ import annotations

import pytest

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


def test_the_deck_is_52_cards_of_four_suits():
    assert prizes.SUITS == ("C", "D", "H", "S")
    assert len(prizes.DECK) == len(set(prizes.DECK)) == 52
    assert prizes.DECK[0] == (1, "C") and prizes.DECK[-1] == (13, "S")


@pytest.mark.parametrize(
    ("card", "label"),
    [
        ((1, "S"), "A\u2660"),
        ((2, "C"), "2\u2663"),
        ((10, "H"), "10\u2665"),
        ((11, "D"), "J\u2666"),
        ((12, "C"), "Q\u2663"),
        ((13, "S"), "K\u2660"),
    ],
)
def test_a_card_as_printed(card, label):
    assert prizes.card_label(card) == label


@pytest.mark.parametrize(
    "card", [(0, "S"), (14, "S"), (5, "X"), (5,), (5, "S", 1), [5, "S"], ("5", "S"), None]
)
def test_what_is_not_a_card_is_refused_with_its_repr(card):
    for call in (prizes.check_card, prizes.card_label, prizes.cut_rank):
        said = refusal(call, card)
        assert said == f"{card!r} is not a playing card."
        assert msgid(said) == "{card} is not a playing card."
        assert said.params == {"card": repr(card)}


def test_every_card_of_the_deck_is_a_card():
    for card in prizes.DECK:
        assert prizes.check_card(card) is None


@pytest.mark.parametrize("rank", range(1, 14))
def test_the_cut_ranks_the_ace_low_or_above_the_king(rank):
    assert prizes.cut_rank((rank, "H")) == rank
    assert prizes.cut_rank((rank, "H"), ace_low=True) == rank
    assert prizes.cut_rank((rank, "H"), ace_low=False) == (14 if rank == 1 else rank)


def test_a_cut_round_is_won_by_the_lowest_rank_whatever_the_suit():
    rnd = prizes.CutRound(((3, (4, "S")), (5, (4, "C")), (7, (9, "D"))))
    assert rnd.lowest() == (3, 5)
    aces = prizes.CutRound(((3, (1, "S")), (5, (13, "C"))))
    assert aces.lowest() == (3,)
    assert aces.lowest(ace_low=False) == (5,)


def test_the_cut_lines_for_the_report():
    result = prizes.physical_cut([3, 7], [{3: (1, "S"), 7: (5, "D")}])
    assert result.lines == ("Round 1: pair 3 A\u2660, pair 7 5\u2666. Pair 3 cut the lowest card.",)
    assert (result.winner, result.is_digital, result.seed) == (3, False, None)
    digital = prizes.digital_cut([3, 7], seed=4)
    assert digital.is_digital and digital.seed == 4
    assert digital.winner in (3, 7)


def test_settling_waits_for_conflicts():
    assert prizes.check_can_settle(0) is None
    for n, words in [
        (1, "Prizes cannot be settled while 1 result is in conflict; settle the conflict first."),
        (2, "Prizes cannot be settled while 2 results are in conflict; settle the conflict first."),
    ]:
        said = refusal(prizes.check_can_settle, n)
        assert said == words
        assert msgid(said) == (
            "Prizes cannot be settled while {n} result is in conflict; settle the conflict first."
        )
        assert said.params == {"n": n}


def split(pairs):
    return prizes.settle(pairs, money_prize=True, split_agreements=pairs)


@pytest.mark.parametrize("pairs", [(), (7, 3), (3, 3, 7), (0, 3)])
def test_a_decision_needs_its_pairs_once_each_in_order(pairs):
    said = refusal(prizes.Decision, "First prize", pairs)
    if pairs == (0, 3):
        assert said == "0 is not a pair number."
        return
    assert said == "First prize needs its pairs listed once each, in number order."
    assert msgid(said) == "{prize} needs its pairs listed once each, in number order."
    assert said.params == {"prize": "First prize"}


def test_a_decision_is_made_reopened_and_made_again_with_its_history():
    d = prizes.Decision("First prize", (3, 7))
    assert (d.is_decided, d.outcome, d.history) == (False, None, ())
    first = split((3, 7))
    d = d.decide(first, conflicts=0)
    assert (d.is_decided, d.outcome) == (True, first)
    assert [(e.action, e.outcome, e.reason) for e in d.history] == [("decided", first, "")]
    d = d.reopen("  pair 7 changed its mind ")
    assert (d.is_decided, d.outcome) == (False, None)
    assert [(e.action, e.outcome, e.reason) for e in d.history] == [
        ("decided", first, ""),
        ("reopened", first, "pair 7 changed its mind"),
    ]
    unsaid = prizes.Decision("Second prize", (3, 7)).decide(first, conflicts=0).reopen()
    assert unsaid.history[-1].reason == ""
    again = prizes.settle((3, 7), money_prize=True, playoff_requests=(3,), playoff_winner=7)
    d = d.decide(again, conflicts=0)
    assert [e.action for e in d.history] == ["decided", "reopened", "decided"]
    assert d.outcome == again


def test_a_decision_is_refused_twice_for_other_pairs_or_during_a_conflict():
    d = prizes.Decision("First prize", (3, 7))
    said = refusal(d.decide, split((3, 7)), conflicts=1)
    assert msgid(said).startswith("Prizes cannot be settled while {n} result")
    said = refusal(d.decide, split((3, 8)), conflicts=0)
    assert said == "First prize is for pairs 3 and 7, not pairs 3 and 8."
    assert msgid(said) == "{prize} is for {pairs}, not {others}."
    assert said.params["prize"] == "First prize"
    assert (said.params["pairs"], said.params["others"]) == ("pairs 3 and 7", "pairs 3 and 8")
    decided = d.decide(split((3, 7)), conflicts=0)
    said = refusal(decided.decide, split((3, 7)), conflicts=0)
    assert said == "First prize is already decided; reopen it to decide it again."
    assert msgid(said) == "{prize} is already decided; reopen it to decide it again."
    assert said.params == {"prize": "First prize"}
    said = refusal(d.reopen)
    assert said == "First prize has not been decided, so there is nothing to reopen."
    assert msgid(said) == "{prize} has not been decided, so there is nothing to reopen."
    assert said.params == {"prize": "First prize"}


TALLIES = {1: 9, 2: 7, 3: 4, 4: 2, 5: 2, 6: 3}


def test_the_booby_goes_to_the_fewest_games_outside_the_places():
    assert prizes.booby_candidates(TALLIES) == (4, 5)
    assert prizes.booby_candidates({1: 9, 2: 7, 3: 4}) == ()
    assert prizes.booby_candidates({}) == ()


def test_late_or_early_pairs_are_not_eligible_unless_told():
    assert prizes.booby_candidates(TALLIES, late_or_early=[4]) == (5,)
    assert prizes.booby_candidates(TALLIES, late_or_early=[4, 5]) == (6,)
    kept = prizes.booby_candidates(TALLIES, late_or_early=[4], exclude_late_or_early=False)
    assert kept == (4, 5)


def test_place_holders_are_not_eligible_unless_told():
    assert prizes.booby_candidates({1: 9, 2: 7}, places=1) == (2,)
    assert prizes.booby_candidates({1: 9, 2: 7}, places=0) == (2,)
    assert prizes.booby_candidates({1: 9, 2: 7}, exclude_place_holders=False) == (2,)
    everyone = prizes.booby_candidates({1: 9, 2: 7, 3: 4}, exclude_place_holders=False)
    assert everyone == (3,)
    said = refusal(prizes.booby_candidates, TALLIES, late_or_early=[0])
    assert said == "0 is not a pair number."


G = prizes.PlayoffGame
CUT_AND_PLAYOFF_REFUSALS = [
    (lambda: prizes.physical_cut([3], []), "A cut needs at least two tied pairs.", {}),
    (
        lambda: prizes.physical_cut([3, 7], [{3: (1, "S"), 7: (5, "D")}, {3: (2, "S")}]),
        "Round 2 is not needed: pair 3 already cut the lowest card.",
        {"n": 2, "pair": 3},
    ),
    (
        lambda: prizes.physical_cut([3, 7], [{3: (1, "S")}]),
        "Round 1 of the cut needs one card from each of pairs 3 and 7.",
        {"n": 1, "pairs": "pairs 3 and 7"},
    ),
    (lambda: prizes.physical_cut([3, 7], []), "Record the card each tied pair cut.", {}),
    (
        lambda: prizes.physical_cut([3, 7], [{3: (1, "S"), 7: (1, "D")}]),
        "Pairs 3 and 7 are equal on the lowest card and must cut again.",
        {"numbers": "3 and 7"},
    ),
    (lambda: prizes.digital_cut([3, 7], seed=1.5), "A digital cut needs a whole-number seed.", {}),
    (lambda: prizes.digital_cut([3, 7], seed=True), "A digital cut needs a whole-number seed.", {}),
    (lambda: prizes.settle_method([3], (), (), True), "A tie needs at least two pairs.", {}),
    (lambda: prizes.settle([], money_prize=True), "There is no pair to give this prize to.", {}),
    (
        lambda: prizes.settle([3, 7], money_prize=True, playoff_winner=3),
        "No tied pair asked for a play-off, so there is no play-off to record.",
        {},
    ),
    (
        lambda: prizes.settle(
            [3, 7],
            money_prize=True,
            split_agreements=(3, 7),
            cut=prizes.digital_cut([3, 7], seed=1),
        ),
        "Every tied pair agreed to split, so this tie is not settled by a cut.",
        {},
    ),
    (
        lambda: prizes.settle(
            [3, 5, 7], money_prize=True, playoff_requests=(3,), declined=(5,), playoff_winner=5
        ),
        "Pair 5 declined the play-off, so it cannot win it.",
        {"pair": 5},
    ),
    (
        lambda: prizes.playoff_left([3, 5, 7], [G((3, 3), 3)]),
        "Game 1 of the play-off needs two different pairs.",
        {"n": 1},
    ),
    (
        lambda: prizes.playoff_left([3, 5, 7], [G((3, 9), 3)]),
        "Game 1 of the play-off: pair 9 is not in the play-off any more.",
        {"n": 1, "pair": 9},
    ),
    (
        lambda: prizes.playoff_left([3, 5, 7], [G((3, 5), 7)]),
        "Game 1 of the play-off: pair 7 did not play in it.",
        {"n": 1, "pair": 7},
    ),
    (
        lambda: prizes.playoff_left([3, 5, 7], [G((3, 5), 3), G((5, 7), 7)]),
        "Game 2 of the play-off: pair 5 is not in the play-off any more.",
        {"n": 2, "pair": 5},
    ),
    (
        lambda: prizes.playoff_left([3, 5], [G((3, 5), 3), G((3, 5), 5)]),
        "Game 2 is not needed: pair 3 has already won the play-off.",
        {"n": 2, "pair": 3},
    ),
]


@pytest.mark.parametrize(("call", "words", "params"), CUT_AND_PLAYOFF_REFUSALS)
def test_a_cut_or_a_play_off_is_refused_in_its_words(call, words, params):
    said = refusal(call)
    assert said == words
    if params:
        assert said.params == params
    else:
        assert msgid(said) == words
