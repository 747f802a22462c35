"""Cards, cuts, decisions and the booby prize (prizes/rules/ties.py): the card words, the
boundaries, and each refusal word for word with its msgid and values."""

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


# ---------------------------------------------------------------- aces high, digital cuts


def test_a_round_of_aces_only_is_all_equal_when_aces_are_high():
    aces = prizes.CutRound(((3, (1, "S")), (5, (1, "H")), (7, (1, "D"))))
    assert aces.lowest(ace_low=False) == (3, 5, 7)
    assert aces.lowest() == (3, 5, 7)


def test_who_cuts_next_takes_the_ace_as_low_unless_told():
    rounds = [{3: (1, "S"), 5: (1, "H"), 7: (2, "C")}]
    assert prizes.who_cuts_next([3, 5, 7], rounds) == (3, 5)
    assert prizes.who_cuts_next([3, 5, 7], rounds, ace_low=False) == ()


def test_a_digital_cut_with_aces_high_keeps_the_setting_on_its_report():
    # Seed 5 deals pair 3 the ace of spades and pair 7 the 4 of diamonds.
    r = prizes.digital_cut([3, 7], seed=5, ace_low=False)
    assert r.ace_low is False
    assert r.rounds == (prizes.CutRound(((3, (1, "S")), (7, (4, "D")))),)
    assert r.winner == 7
    assert r.lines == ("Round 1: pair 3 A\u2660, pair 7 4\u2666. Pair 7 cut the lowest card.",)
    assert prizes.digital_cut([3, 7], seed=5).ace_low is True
    o = prizes.settle([3, 7], money_prize=True, cut=r)
    assert o.summary == (
        "Tie between pairs 3 and 7 settled by a digital cut (seed 5, ace high). "
        "Round 1: pair 3 A\u2660, pair 7 4\u2666. Pair 7 cut the lowest card."
    )


@given(
    st.lists(st.integers(1, 60), min_size=2, max_size=8, unique=True),
    st.integers(0, 2**32),
    st.booleans(),
)
def test_a_digital_cut_reads_as_the_same_cut_recorded_by_hand(pairs, seed, ace_low):
    r = prizes.digital_cut(pairs, seed, ace_low)
    assert (r.ace_low, r.seed, r.pairs) == (ace_low, seed, tuple(sorted(pairs)))
    by_hand = prizes.physical_cut(pairs, [dict(x.cards) for x in r.rounds], ace_low)
    assert by_hand.lines == r.lines
    assert (by_hand.winner, by_hand.ace_low, by_hand.seed) == (r.winner, ace_low, None)


def test_a_cut_with_no_round_recorded_reports_no_round():
    # A CutResult built by hand with no round: the report says how, and nothing more.
    bare = prizes.CutResult(pairs=(3, 7), rounds=(), winner=3)
    assert bare.lines == ()
    o = prizes.settle([3, 7], money_prize=False, cut=bare)
    assert (
        o.summary
        == "Tie between pairs 3 and 7 settled by a cut recorded by the organizer (ace low). "
    )


# ---------------------------------------------------------------- play-off order


def test_after_a_game_the_organizer_chose_the_winner_meets_the_lowest_pair_waiting():
    # The organizer sends pairs 3 and 4 first; pair 4 wins and meets pair 1, not 1 against 2.
    assert prizes.playoff_next([1, 2, 3, 4], [G((3, 4), 4)]) == (1, 4)
    assert prizes.playoff_next([1, 2, 3, 4], [G((3, 4), 4), G((1, 4), 1)]) == (1, 2)
    # When every pair left has played, the two lowest numbers left play.
    assert prizes.playoff_next([1, 2, 3, 4], [G((1, 2), 1), G((3, 4), 3)]) == (1, 3)


@pytest.mark.parametrize(
    ("game", "words", "params"),
    [
        (G((True, 3), 3), "Game 1 of the play-off needs two different pairs.", {"n": 1}),
        (G((1, False), 1), "Game 1 of the play-off needs two different pairs.", {"n": 1}),
        (G(("1", "3"), "3"), "Game 1 of the play-off needs two different pairs.", {"n": 1}),
        (G((3, 1), 3), "Game 1 of the play-off needs two different pairs.", {"n": 1}),
        (G([1, 3], 3), "Game 1 of the play-off needs two different pairs.", {"n": 1}),
        (G((1, 3, 5), 3), "Game 1 of the play-off needs two different pairs.", {"n": 1}),
        ((1, 3), "Game 1 of the play-off needs two different pairs.", {"n": 1}),
    ],
)
def test_a_play_off_game_is_two_pair_numbers_in_order(game, words, params):
    said = refusal(prizes.playoff_left, [1, 3, 5], [game])
    assert said == words
    assert msgid(said) == "Game {n} of the play-off needs two different pairs."
    assert said.params == params


@pytest.mark.parametrize("players", [[3], []])
def test_a_play_off_of_fewer_than_two_pairs_has_no_game(players):
    assert prizes.playoff_left(players, []) == tuple(players)
    assert prizes.playoff_next(players, []) is None
    said = refusal(prizes.playoff_left, players, [G((3, 5), 3)])
    assert said == "A play-off needs at least two pairs to play."
    assert msgid(said) == "A play-off needs at least two pairs to play."


# ---------------------------------------------------------------- settling, word for word


def test_a_digital_cut_needs_two_tied_pairs():
    for pairs in ([3], [], [3, 3]):
        said = refusal(prizes.digital_cut, pairs, seed=1)
        assert said == "A cut needs at least two tied pairs."
        assert msgid(said) == "A cut needs at least two tied pairs."


def test_a_lone_pair_wins_outright_and_has_no_tie_to_settle():
    o = prizes.settle([5], money_prize=True)
    assert (o.method, o.pairs, o.winners, o.recipient) == ("outright", (5,), (5,), 5)
    assert o.summary == "Pair 5, with no tie."
    for kwargs in (
        {"playoff_winner": 5},
        {"cut": prizes.digital_cut([5, 9], seed=1)},
        {"declined": [5]},
    ):
        said = refusal(prizes.settle, [5], money_prize=True, **kwargs)
        assert said == "Pair 5 has no tie to settle."
        assert msgid(said) == "Pair {pair} has no tie to settle."
        assert said.params == {"pair": 5}


@pytest.mark.parametrize(
    ("requests", "words"),
    [
        ((7,), "Pair 7 asked for a play-off, so this tie is not settled by a cut."),
        ((3, 7), "Pairs 3 and 7 asked for a play-off, so this tie is not settled by a cut."),
        ((3, 5, 7), "Pairs 3, 5 and 7 asked for a play-off, so this tie is not settled by a cut."),
    ],
)
def test_a_play_off_asked_for_refuses_a_cut_in_its_words(requests, words):
    cut = prizes.digital_cut([3, 5, 7], seed=1)
    said = refusal(prizes.settle, [3, 5, 7], money_prize=True, playoff_requests=requests, cut=cut)
    assert said == words
    assert (
        msgid(said) == "Pair {numbers} asked for a play-off, so this tie is not settled by a cut."
    )
    assert said.plural == (
        "Pairs {numbers} asked for a play-off, so this tie is not settled by a cut."
    )
    assert said.count == len(requests)


def settle_playoff(**kwargs):
    """Pairs 3, 5 and 7 tie for a money prize; pair 5 asks for a play-off unless told."""
    return prizes.settle([3, 5, 7], **{"money_prize": True, "playoff_requests": [5], **kwargs})


PLAYOFF_REFUSALS = [
    (
        {"playoff_requests": [3, 5], "declined": [7, 3]},
        "Pair 3 asked for the play-off, so it cannot decline it; take back its request first.",
        "Pair {pair} asked for the play-off, so it cannot decline it; take back its request first.",
        {"pair": 3},
    ),
    (
        {"declined": [3, 7], "playoff_games": [G((3, 5), 5)]},
        "Pair 5 is the only pair left to play: there is no game to record.",
        "Pair {pair} is the only pair left to play: there is no game to record.",
        {"pair": 5},
    ),
    (
        {"declined": [3, 7], "playoff_winner": 9},
        "Pair 9 is not in this tie.",
        "Pair {pair} is not in this tie.",
        {"pair": 9},
    ),
    (
        {"declined": [7], "playoff_winner": 9},
        "Pair 9 is not in this tie.",
        "Pair {pair} is not in this tie.",
        {"pair": 9},
    ),
    (
        {"declined": [7]},
        "Record which of pairs 3 and 5 won the play-off.",
        "Record which of {pairs} won the play-off.",
        {"pairs": "pairs 3 and 5"},
    ),
    (
        {},
        "Pairs 3, 5 and 7 play off two at a time: record each game of the play-off until one "
        "pair is left.",
        "Pairs {numbers} play off two at a time: record each game of the play-off until one "
        "pair is left.",
        {"numbers": "3, 5 and 7"},
    ),
    (
        {"playoff_games": [G((3, 5), 5), G((5, 7), 5)], "playoff_winner": 7},
        "Pair 5 won the play-off's games, not pair 7.",
        "Pair {pair} won the play-off's games, not pair {other}.",
        {"pair": 5, "other": 7},
    ),
    (
        {"declined": [7], "playoff_games": [G((3, 5), 3)], "playoff_winner": 5},
        "Pair 3 won the play-off's games, not pair 5.",
        "Pair {pair} won the play-off's games, not pair {other}.",
        {"pair": 3, "other": 5},
    ),
]


@pytest.mark.parametrize(("kwargs", "words", "template", "params"), PLAYOFF_REFUSALS)
def test_a_play_off_is_refused_in_its_words(kwargs, words, template, params):
    said = refusal(settle_playoff, **kwargs)
    assert said == words
    assert msgid(said) == template
    assert said.params == params


def test_the_only_pair_left_to_play_wins_and_the_ticks_are_kept():
    o = prizes.settle(
        [3, 5, 7], money_prize=True, playoff_requests=[5], split_agreements=[3, 5], declined=[3, 7]
    )
    assert (o.method, o.pairs, o.winners, o.recipient) == ("playoff", (3, 5, 7), (5,), 5)
    assert (o.playoff_requests, o.split_agreements, o.forfeited) == ((5,), (3, 5), (3, 7))
    assert o.playoff_games == ()
    assert o.summary == (
        "Tie between pairs 3, 5 and 7: pair 5 asked for a play-off; "
        "pairs 3 and 7 decline and forfeit; pair 5 wins as the only pair left to play."
    )
    same = prizes.settle(
        [3, 5, 7], money_prize=True, playoff_requests=[5], declined=[3, 7], playoff_winner=5
    )
    assert same.winners == (5,)


def test_a_play_off_keeps_who_agreed_to_split():
    o = prizes.settle(
        [3, 7], money_prize=True, playoff_requests=[7], split_agreements=[3], playoff_winner=3
    )
    assert (o.split_agreements, o.playoff_requests, o.forfeited) == ((3,), (7,), ())
    assert o.playoff_games == (G((3, 7), 3),)
    assert o.summary == (
        "Tie between pairs 3 and 7: pair 7 asked for a play-off; pair 3 won the play-off."
    )


def test_a_split_keeps_who_agreed():
    o = prizes.settle([7, 3], money_prize=True, split_agreements=[7, 3])
    assert (o.method, o.pairs, o.winners, o.split_agreements) == ("split", (3, 7), (3, 7), (3, 7))
    assert (o.is_split, o.recipient, o.playoff_requests, o.forfeited, o.cut) == (
        True,
        None,
        (),
        (),
        None,
    )


def test_a_cut_is_refused_until_it_is_recorded_and_for_other_pairs():
    said = refusal(prizes.settle, [3, 7], money_prize=True)
    assert said == "Record the card each tied pair cut, or let the site cut for them."
    assert msgid(said) == "Record the card each tied pair cut, or let the site cut for them."
    said = refusal(prizes.settle, [3, 7], money_prize=True, cut=prizes.digital_cut([3, 5], seed=1))
    assert said == "This cut was for pairs 3 and 5, not pairs 3 and 7."
    assert msgid(said) == "This cut was for {pairs}, not {group}."
    assert said.params == {"pairs": "pairs 3 and 5", "group": "pairs 3 and 7"}
    cut = prizes.digital_cut([3, 7], seed=1)
    o = prizes.settle([3, 7], money_prize=True, split_agreements=[3], cut=cut)
    assert (o.method, o.winners, o.split_agreements, o.cut) == ("cut", (cut.winner,), (3,), cut)
