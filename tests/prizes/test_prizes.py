"""Settling prizes (scoring/prizes.py): pure, no database."""

import doctest
from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from prizes import rules as prizes
from prizes.places import place_groups
from prizes.rules import (
    DECK,
    ClubDrive,
    Decision,
    Payout,
    Prize,
    PrizeError,
    PrizeSettings,
    booby_candidates,
    card_label,
    carry_over_drive,
    cash_summary,
    cookie_jar_draw,
    cookie_jar_manual,
    cookie_jar_opt_in,
    cookie_jar_payout,
    cookie_jar_winners,
    cut_rank,
    digital_cut,
    door_prize_draw,
    fifty_fifty_draw,
    jackpot,
    payout,
    physical_cut,
    settle,
    settle_method,
    split_cents,
    travelling_prize_draw,
    who_cuts_next,
)

A, TWO, FOUR, NINE, KING = 1, 2, 4, 9, 13


def refused(message_part):
    return pytest.raises(PrizeError, match=message_part)


# ---------------------------------------------------------------- defaults


def test_defaults_match_the_spec():
    s = PrizeSettings()
    assert s.places == 3
    assert s.ace_low is True
    assert s.cash_unit == 5
    assert s.booby is True
    assert s.booby_excludes_late_or_early and s.booby_excludes_place_holders
    assert s.jar_games == 8
    assert not (s.cookie_jar or s.jackpot or s.fifty_fifty or s.travelling_prize or s.door_prizes)


def test_settings_refuse_a_zero_cash_unit():
    with refused("smallest cash unit"):
        PrizeSettings(cash_unit=0)


def test_a_prize_is_money_or_an_item_not_both():
    assert Prize("First prize", cents=2000).is_money
    assert not Prize("Second prize", item="a ham").is_money
    with refused("either an amount of money or an item"):
        Prize("Third prize", cents=500, item="a ham")
    with refused("either an amount of money or an item"):
        Prize("Third prize")
    with refused("cannot be negative"):
        Prize("Third prize", cents=-5)


# ---------------------------------------------------------------- cards and cuts


def test_the_deck_has_52_different_cards():
    assert len(DECK) == len(set(DECK)) == 52


def test_card_labels_and_ace_low_or_high():
    assert card_label((A, "S")) == "A\u2660"
    assert card_label((KING, "H")) == "K\u2665"
    assert cut_rank((A, "D")) == 1
    assert cut_rank((A, "D"), ace_low=False) == 14
    with refused("not a playing card"):
        card_label((14, "S"))
    with refused("not a playing card"):
        cut_rank((3, "X"))


def test_lowest_card_wins_ace_low_by_default():
    r = physical_cut([3, 7], [{3: (A, "S"), 7: (TWO, "D")}])
    assert r.winner == 3
    assert r.seed is None and not r.is_digital


def test_ace_high_as_an_option():
    r = physical_cut([3, 7], [{3: (A, "S"), 7: (TWO, "D")}], ace_low=False)
    assert r.winner == 7


def test_pairs_equal_on_the_lowest_rank_cut_again_among_themselves():
    first = {3: (FOUR, "S"), 5: (FOUR, "H"), 7: (NINE, "C")}
    assert who_cuts_next([3, 5, 7], [first]) == (3, 5)
    with refused("Pairs 3 and 5 are equal on the lowest card and must cut again."):
        physical_cut([3, 5, 7], [first])
    with refused("needs one card from each of pairs 3 and 5"):
        physical_cut([3, 5, 7], [first, {3: (2, "C"), 5: (5, "C"), 7: (A, "C")}])
    r = physical_cut([3, 5, 7], [first, {3: (KING, "C"), 5: (5, "C")}])
    assert r.winner == 5
    # every card cut is kept and shown
    assert [len(x.cards) for x in r.rounds] == [3, 2]
    assert r.lines == (
        "Round 1: pair 3 4\u2660, pair 5 4\u2665, pair 7 9\u2663. "
        "Pairs 3 and 5 are equal on the lowest card and cut again.",
        "Round 2: pair 3 K\u2663, pair 5 5\u2663. Pair 5 cut the lowest card.",
    )


def test_pairs_equal_above_the_lowest_card_do_not_cut_again():
    r = physical_cut([3, 5, 7], [{3: (TWO, "S"), 5: (NINE, "H"), 7: (NINE, "C")}])
    assert r.winner == 3 and len(r.rounds) == 1


def test_suits_do_not_break_a_cut_and_the_same_card_twice_is_accepted():
    assert who_cuts_next([1, 2], [{1: (5, "S"), 2: (5, "C")}]) == (1, 2)
    assert who_cuts_next([1, 2], [{1: (5, "S"), 2: (5, "S")}]) == (1, 2)


def test_a_physical_cut_must_be_recorded_round_by_round():
    with refused("Record the card each tied pair cut."):
        physical_cut([1, 2], [])
    with refused("needs one card from each of pairs 1 and 2"):
        physical_cut([1, 2], [{1: (5, "S")}])
    with refused("Round 2 is not needed: pair 1 already cut the lowest card."):
        physical_cut([1, 2], [{1: (5, "S"), 2: (6, "S")}, {1: (5, "S"), 2: (6, "S")}])
    with refused("at least two tied pairs"):
        physical_cut([1], [{1: (5, "S")}])
    with refused("not a playing card"):
        physical_cut([1, 2], [{1: (0, "S"), 2: (6, "S")}])


def test_digital_cut_reproduces_from_its_seed_and_shows_every_card():
    r = digital_cut([12, 4, 9], seed=2024)
    assert r == digital_cut([4, 9, 12], seed=2024)
    assert r.seed == 2024 and r.is_digital and r.pairs == (4, 9, 12)
    assert len(r.lines) == len(r.rounds)
    again = physical_cut(r.pairs, [dict(x.cards) for x in r.rounds], ace_low=r.ace_low)
    assert again.winner == r.winner


def test_digital_cut_draws_different_cards_within_a_round():
    r = digital_cut(range(1, 53), seed=5)
    assert len({c for _, c in r.rounds[0].cards}) == 52


def test_digital_cut_works_for_more_pairs_than_cards():
    r = digital_cut(range(1, 121), seed=8)
    assert len(r.rounds[0].cards) == 120
    assert r.winner in range(1, 121)


def test_digital_cut_recuts_when_the_lowest_is_shared():
    seed = next(s for s in range(1000) if len(digital_cut([1, 2], seed=s).rounds) > 1)
    r = digital_cut([1, 2], seed=seed)
    assert r.rounds[0].lowest() == (1, 2)
    assert "cut again" in r.lines[0]


def test_digital_cut_needs_a_whole_number_seed():
    with refused("whole-number seed"):
        digital_cut([1, 2], seed="abc")


# ---------------------------------------------------------------- method order


def test_a_play_off_wins_if_any_tied_pair_asks_even_if_all_agree_to_split():
    assert settle_method((1, 2, 3), (2,), (1, 2, 3), True) == "playoff"


def test_a_split_needs_every_tied_pair_to_agree():
    assert settle_method((1, 2, 3), (), (1, 2, 3), True) == "split"
    assert settle_method((1, 2, 3), (), (1, 2), True) == "cut"


def test_only_money_prizes_are_split():
    assert settle_method((1, 2), (), (1, 2), False) == "cut"


def test_a_method_needs_a_real_tie():
    with refused("A tie needs at least two pairs."):
        settle_method((1,), (), (), True)
    with refused("Pair 9 is not in this tie."):
        settle_method((1, 2), (9,), (), True)


# ---------------------------------------------------------------- settling


def test_a_lone_pair_wins_outright():
    o = settle([16], money_prize=True)
    assert (o.method, o.winners, o.recipient) == ("outright", (16,), 16)
    assert o.summary == "Pair 16, with no tie."
    with refused("Pair 16 has no tie to settle."):
        settle([16], money_prize=True, cut=digital_cut([1, 2], seed=1))


def test_play_off_asked_by_one_pair_of_three_one_declines():
    o = settle([3, 5, 7], money_prize=True, playoff_requests=[5], declined=[7], playoff_winner=3)
    assert (o.method, o.winners, o.forfeited) == ("playoff", (3,), (7,))
    assert o.summary == (
        "Tie between pairs 3, 5 and 7: pair 5 asked for a play-off; "
        "pair 7 declines and forfeits; pair 3 won the play-off."
    )


def test_play_off_with_every_other_pair_declining_is_won_by_forfeit():
    o = settle([3, 5, 7], money_prize=False, playoff_requests=[5], declined=[3, 7])
    assert o.winners == (5,)
    assert o.summary.endswith("pair 5 wins as the only pair left to play.")


def test_play_off_refusals():
    with refused("Pairs 3, 5 and 7 play off two at a time: record each game"):
        settle([3, 5, 7], money_prize=True, playoff_requests=[5])
    with refused("Record which of pairs 3 and 5 won the play-off."):
        settle([3, 5, 7], money_prize=True, playoff_requests=[5], declined=[7])
    with refused("Pair 7 declined the play-off, so it cannot win it."):
        settle([3, 5, 7], money_prize=True, playoff_requests=[5], declined=[7], playoff_winner=7)
    with refused("Pair 5 asked for the play-off, so it cannot decline it"):
        settle([3, 5], money_prize=True, playoff_requests=[5], declined=[5])
    with refused("Pair 9 is not in this tie."):
        settle([3, 5], money_prize=True, playoff_requests=[5], playoff_winner=9)
    with refused("Pair 5 asked for a play-off, so this tie is not settled by a cut."):
        settle([3, 5], money_prize=True, playoff_requests=[5], cut=digital_cut([3, 5], seed=1))


def test_split_when_every_pair_agrees_pays_each_an_equal_share():
    o = settle([2, 4, 6], money_prize=True, split_agreements=[6, 4, 2])
    assert o.is_split and o.recipient is None and o.winners == (2, 4, 6)
    p = payout("First prize", 1000, o.winners, unit=5)
    assert (p.share, p.kept_by_hall, p.paid) == (330, 10, 990)
    p = payout("First prize", 1000, o.winners, unit=1)
    assert (p.share, p.kept_by_hall, p.paid) == (333, 1, 999)


def test_a_split_refuses_a_cut_and_a_play_off_winner():
    with refused("Every tied pair agreed to split, so this tie is not settled by a cut."):
        settle([2, 4], money_prize=True, split_agreements=[2, 4], cut=digital_cut([2, 4], seed=1))
    with refused("No tied pair asked for a play-off"):
        settle([2, 4], money_prize=True, split_agreements=[2, 4], playoff_winner=2)


def test_otherwise_a_cut_settles_it():
    cut = digital_cut([2, 4, 6], seed=77)
    o = settle([2, 4, 6], money_prize=False, split_agreements=[2, 4, 6], cut=cut)
    assert (o.method, o.winners, o.cut) == ("cut", (cut.winner,), cut)
    assert o.summary.startswith(
        "Tie between pairs 2, 4 and 6 settled by a digital cut (seed 77, ace low). Round 1: "
    )
    with refused("Record the card each tied pair cut, or let the site cut for them."):
        settle([2, 4, 6], money_prize=True)
    with refused("This cut was for pairs 2 and 4, not pairs 2, 4 and 6."):
        settle([2, 4, 6], money_prize=True, cut=digital_cut([2, 4], seed=1))


def test_a_physical_cut_is_reported_as_recorded_by_the_organizer():
    cut = physical_cut([1, 2], [{1: (3, "S"), 2: (A, "H")}], ace_low=False)
    o = settle([1, 2], money_prize=True, cut=cut)
    assert o.winners == (1,)
    assert o.summary == (
        "Tie between pairs 1 and 2 settled by a cut recorded by the organizer (ace high). "
        "Round 1: pair 1 3\u2660, pair 2 A\u2665. Pair 1 cut the lowest card."
    )


def test_all_pairs_tied_settled_by_one_cut():
    tallies = dict.fromkeys(range(1, 31), 10)
    (group,) = place_groups(tallies).groups
    cut = digital_cut(group.pairs, seed=1)
    o = settle(group.pairs, money_prize=True, cut=cut)
    assert o.winners == (cut.winner,)


# ---------------------------------------------------------------- decisions


def _split_outcome():
    return settle([3, 7], money_prize=True, split_agreements=[3, 7])


def test_a_decision_is_recorded_and_cannot_be_made_twice_without_reopening():
    d = Decision("First prize", (3, 7))
    assert not d.is_decided
    d = d.decide(_split_outcome(), conflicts=0)
    assert d.is_decided
    with refused("First prize is already decided; reopen it to decide it again."):
        d.decide(_split_outcome(), conflicts=0)
    d = d.reopen("pair 7 took back its agreement")
    assert not d.is_decided
    cut = digital_cut([3, 7], seed=4)
    d = d.decide(settle([3, 7], money_prize=True, cut=cut), conflicts=0)
    assert [e.action for e in d.history] == ["decided", "reopened", "decided"]
    assert d.history[1].reason == "pair 7 took back its agreement"
    assert d.history[1].outcome == _split_outcome()
    assert d.outcome.winners == (cut.winner,)


def test_nothing_to_reopen_before_a_decision():
    with refused("Booby prize has not been decided, so there is nothing to reopen."):
        Decision("Booby prize", (1, 2)).reopen()


def test_no_prize_is_settled_while_a_result_is_in_conflict():
    d = Decision("First prize", (3, 7))
    with refused("Prizes cannot be settled while 1 result is in conflict"):
        d.decide(_split_outcome(), conflicts=1)
    with refused("while 2 results are in conflict"):
        Decision("Second prize", (16,)).decide(settle([16], money_prize=True), conflicts=2)


def test_a_decision_refuses_an_outcome_for_other_pairs():
    with refused("First prize is for pairs 3 and 9, not pairs 3 and 7."):
        Decision("First prize", (3, 9)).decide(_split_outcome(), conflicts=0)
    with refused("listed once each, in number order"):
        Decision("First prize", (9, 3))


# ---------------------------------------------------------------- booby prize


def test_booby_goes_to_the_fewest_games_and_a_tie_is_settled_the_same_ways():
    tallies = {1: 18, 2: 16, 3: 15, 4: 6, 5: 3, 6: 3}
    assert booby_candidates(tallies) == (5, 6)
    o = settle((5, 6), money_prize=True, cut=digital_cut((5, 6), seed=3))
    assert o.method == "cut"


def test_late_or_early_pairs_are_not_eligible_by_default():
    tallies = {1: 18, 2: 16, 3: 15, 4: 6, 5: 3}
    assert booby_candidates(tallies, late_or_early=[5]) == (4,)
    assert booby_candidates(tallies, late_or_early=[5], exclude_late_or_early=False) == (5,)


def test_three_pair_drive_booby_is_not_given_to_a_place_holder():
    tallies = {1: 9, 2: 7, 3: 4}
    assert booby_candidates(tallies) == ()
    assert booby_candidates(tallies, exclude_place_holders=False) == (3,)
    # with fewer places the last pair holds none and gets the booby
    assert booby_candidates(tallies, places=2) == (3,)


def test_booby_with_every_pair_excluded_is_not_awarded():
    assert booby_candidates({1: 5, 2: 3, 3: 1, 4: 0}, late_or_early=[4]) == ()
    assert booby_candidates({}) == ()


# ---------------------------------------------------------------- money


def test_split_1000_cents_three_ways():
    assert split_cents(1000, 3, unit=1) == (333, 1)
    assert split_cents(1000, 3, unit=5) == (330, 10)
    assert split_cents(1000, 3) == (330, 10)


def test_split_refusals():
    with refused("at least one pair"):
        split_cents(1000, 0)
    with refused("smallest cash unit"):
        split_cents(1000, 2, unit=0)
    with refused("cannot be negative"):
        split_cents(-5, 2)
    with refused("whole number of cents"):
        split_cents(10.5, 2)


def test_a_payout_must_add_up():
    with refused("does not add up"):
        Payout("First prize", 1000, (1,), 990)


def test_cash_summary_shows_what_the_hall_adds():
    s = cash_summary(
        entry_fee=500,
        pairs_paid=4,
        jar_price=200,
        jar_pairs=3,
        jar_carried_in=1000,
        fifty_fifty=3000,
        payouts=[
            payout("First prize", 3000, [1]),
            payout("Second prize", 2000, [2, 3]),
            cookie_jar_payout(1600, []),
            fifty_fifty_draw([(1, 30)], takings=3000, seed=1).payout,
        ],
    )
    assert (s.entries, s.cookie_jar, s.jar_carried_in, s.fifty_fifty) == (2000, 600, 1000, 3000)
    assert s.takings == 6600
    assert s.paid_out == 3000 + 2000 + 1500
    assert s.carried_over == 1600
    assert s.remaining == 6600 - 6500 - 1600 == -1500


def test_cash_summary_shows_rounding_kept_by_the_hall():
    s = cash_summary(entry_fee=1000, pairs_paid=3, payouts=[payout("Jar", 1000, [1, 2, 3])])
    assert s.kept_from_rounding == 10
    assert s.remaining == 3000 - 990


# ---------------------------------------------------------------- cookie jar


def test_opting_in_before_the_first_game_only():
    cookie_jar_opt_in(4, jar_on=True, first_game_started=False)
    with refused("Pair 4 cannot join the cookie jar: pairs join before the first game starts."):
        cookie_jar_opt_in(4, jar_on=True, first_game_started=True)
    with refused("This drive has no cookie jar."):
        cookie_jar_opt_in(4, jar_on=False, first_game_started=False)


def test_jar_draw_is_distinct_in_range_and_reproducible():
    d = cookie_jar_draw(25, seed=99)
    assert len(d.numbers) == 8 and len(set(d.numbers)) == 8
    assert all(1 <= n <= 25 for n in d.numbers)
    assert d.numbers == tuple(sorted(d.numbers))
    assert d == cookie_jar_draw(25, 8, seed=99)
    assert d.seed == 99


def test_jar_draw_on_a_drive_finished_early_uses_games_played():
    d = cookie_jar_draw(12, 8, seed=4)
    assert d.games_played == 12 and all(1 <= n <= 12 for n in d.numbers)
    assert cookie_jar_draw(6, 8, seed=4).numbers == (1, 2, 3, 4, 5, 6)
    punched = {1: (1, 2, 3, 4, 5, 6), 2: (1, 2, 3, 4, 5), 3: (1, 2, 3, 4, 5, 6)}
    assert cookie_jar_winners(punched, [1, 2], cookie_jar_draw(6, 8, seed=4)) == (1,)


def test_jar_draw_refusals():
    with refused("after at least one game has been played"):
        cookie_jar_draw(0, seed=1)
    with refused("at least 1 game"):
        cookie_jar_draw(10, 0, seed=1)


def test_numbers_drawn_by_hand_are_checked():
    d = cookie_jar_manual([9, 3, 1], games_played=12, count=3)
    assert d.numbers == (1, 3, 9) and d.seed is None
    with refused("Game 13 was not played: enter numbers from 1 to 12."):
        cookie_jar_manual([13, 3, 1], games_played=12, count=3)
    with refused("Game 0 was not played"):
        cookie_jar_manual([0, 3, 1], games_played=12, count=3)
    with refused("Game 3 is entered twice; each game can be drawn once."):
        cookie_jar_manual([3, 3, 1], games_played=12, count=3)
    with refused("Enter 3 game numbers; 2 were entered."):
        cookie_jar_manual([3, 1], games_played=12, count=3)
    with refused("Enter 2 game numbers; 1 was entered."):
        cookie_jar_manual([2], games_played=2, count=8)


DRAWN = cookie_jar_manual([2, 5, 9], games_played=10, count=3)
JAR_CARDS = {
    1: (2, 5, 9),
    2: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
    3: (2, 5, 8, 9),
    4: (2, 5),
    5: (2, 5, 9),  # did not opt in
}


def test_jar_with_no_winner_carries_over():
    assert cookie_jar_winners(JAR_CARDS, [4, 6], DRAWN) == ()
    p = cookie_jar_payout(2400, [])
    assert (p.paid, p.carried_over, p.kept_by_hall) == (0, 2400, 0)


def test_jar_with_one_winner_pays_it_all():
    assert cookie_jar_winners(JAR_CARDS, [1, 4], DRAWN) == (1,)
    p = cookie_jar_payout(2400, [1])
    assert (p.recipients, p.share, p.carried_over) == ((1,), 2400, 0)


def test_jar_with_three_winners_splits_it():
    winners = cookie_jar_winners(JAR_CARDS, [1, 2, 3, 4], DRAWN)
    assert winners == (1, 2, 3)
    p = cookie_jar_payout(1000, winners, unit=5)
    assert (p.share, p.kept_by_hall, p.carried_over) == (330, 10, 0)


def test_jar_carries_over_to_the_clubs_next_drive_not_started():
    tonight = ClubDrive(10, date(2025, 3, 1), started=True)
    drives = [
        tonight,
        ClubDrive(9, date(2025, 2, 1), started=False),  # earlier, never run
        ClubDrive(11, date(2025, 3, 8), started=True),
        ClubDrive(13, date(2025, 3, 15), started=False),
        ClubDrive(12, date(2025, 3, 22), started=False),
    ]
    assert carry_over_drive(tonight, drives) == 13
    assert carry_over_drive(tonight, drives[:3]) is None


# ---------------------------------------------------------------- side prizes


def test_jackpot_is_shared_by_every_pair_reaching_the_threshold():
    p = jackpot({1: 21, 2: 20, 3: 19, 4: 20}, threshold=20, amount=5000, unit=5)
    assert (p.recipients, p.share, p.kept_by_hall) == ((1, 2, 4), 1665, 5)
    assert jackpot({1: 19}, threshold=20, amount=5000) is None


def test_fifty_fifty_draws_one_ticket_from_the_ranges_sold():
    r = fifty_fifty_draw([(101, 150), (1, 20)], takings=3505, seed=12)
    assert r.tickets_sold == 70
    assert 1 <= r.ticket <= 20 or 101 <= r.ticket <= 150
    assert r.payout.recipients == (r.ticket,)
    assert (r.payout.share, r.payout.kept_by_hall) == (1750, 2)
    assert r == fifty_fifty_draw([(1, 20), (101, 150)], takings=3505, seed=12)


def test_fifty_fifty_refusals():
    with refused("No 50/50 tickets were sold."):
        fifty_fifty_draw([], takings=0, seed=1)
    with refused("Tickets 1 to 20 and 15 to 30 overlap."):
        fifty_fifty_draw([(1, 20), (15, 30)], takings=100, seed=1)
    with refused("Tickets 9 to 3 are not a range of ticket numbers."):
        fifty_fifty_draw([(9, 3)], takings=100, seed=1)


def test_travelling_prize_card_is_announced_and_holder_recorded():
    t = travelling_prize_draw(31)
    assert t == travelling_prize_draw(31) and t.card in DECK and t.holder is None
    assert t.held_by(8).holder == 8
    with refused("not a pair number"):
        t.held_by(0)


def test_door_prizes_never_draw_a_pair_twice():
    first = door_prize_draw([1, 2, 3, 4], seed=6, count=2)
    second = door_prize_draw([1, 2, 3, 4], seed=7, count=2, already_drawn=first)
    assert sorted(first + second) == [1, 2, 3, 4]
    with refused("Every pair present has already won a door prize."):
        door_prize_draw([1, 2, 3, 4], seed=8, already_drawn=first + second)
    with refused("Only 2 pairs present can still win a door prize, not 3."):
        door_prize_draw([1, 2, 3, 4], seed=8, count=3, already_drawn=first)
    with refused("Draw at least one door prize."):
        door_prize_draw([1, 2], seed=8, count=0)


def test_docstring_examples_hold():
    assert doctest.testmod(prizes).failed == 0


# ---------------------------------------------------------------- properties

pairs_st = st.lists(st.integers(1, 120), min_size=2, max_size=12, unique=True)
seed_st = st.integers(0, 2**32)


@given(pairs_st, seed_st, st.booleans())
def test_digital_cuts_reproduce_from_their_seed(pairs, seed, ace_low):
    r = digital_cut(pairs, seed, ace_low)
    assert r == digital_cut(list(reversed(pairs)), seed, ace_low)
    assert r.rounds[0].cards and tuple(p for p, _ in r.rounds[0].cards) == tuple(sorted(pairs))
    for before, after in zip(r.rounds, r.rounds[1:], strict=False):
        assert tuple(p for p, _ in after.cards) == before.lowest(ace_low)
    assert r.rounds[-1].lowest(ace_low) == (r.winner,)
    recorded = [dict(x.cards) for x in r.rounds]
    again = physical_cut(pairs, recorded, ace_low)
    assert (again.rounds, again.winner) == (r.rounds, r.winner)


@given(
    pairs_st,
    st.data(),
    st.booleans(),
    seed_st,
)
def test_every_awarded_prize_has_one_recipient_or_a_recorded_split(pairs, data, money, seed):
    requests = data.draw(st.lists(st.sampled_from(pairs), max_size=2, unique=True))
    agreements = data.draw(st.lists(st.sampled_from(pairs), unique=True))
    declined = [p for p in data.draw(st.lists(st.sampled_from(pairs))) if p not in requests]
    players = [p for p in pairs if p not in declined]
    kwargs = {}
    method = settle_method(pairs, requests, agreements, money)
    if method == "playoff":
        # Two at a time (a game of 45s is two pairs): the loser is out, until one is left.
        games = []
        while len(left := prizes.playoff_left(players, games)) > 1:
            a, b = data.draw(st.lists(st.sampled_from(left), min_size=2, max_size=2, unique=True))
            games.append(
                prizes.PlayoffGame((min(a, b), max(a, b)), data.draw(st.sampled_from((a, b))))
            )
        kwargs = {"declined": declined, "playoff_games": games}
    elif method == "cut":
        kwargs = {"cut": digital_cut(pairs, seed)}
    o = settle(
        pairs, money_prize=money, playoff_requests=requests, split_agreements=agreements, **kwargs
    )
    if o.is_split:
        assert money and o.winners == tuple(sorted(pairs)) == o.split_agreements
    else:
        assert len(o.winners) == 1 and o.recipient in pairs
    d = Decision("Prize", tuple(sorted(pairs))).decide(o, conflicts=0)
    assert d.outcome == o


@given(st.lists(st.sampled_from(["decide", "reopen"]), max_size=8))
def test_a_decision_alternates_decided_and_reopened(actions):
    d = Decision("First prize", (3, 7))
    outcome = _split_outcome()
    for action in actions:
        if action == "decide":
            if d.is_decided:
                with pytest.raises(PrizeError):
                    d.decide(outcome, conflicts=0)
            else:
                d = d.decide(outcome, conflicts=0)
        elif d.is_decided:
            d = d.reopen()
        else:
            with pytest.raises(PrizeError):
                d.reopen()
    kinds = [e.action for e in d.history]
    assert kinds == ["decided", "reopened"] * (len(kinds) // 2) + ["decided"] * (len(kinds) % 2)
    assert d.is_decided == (len(kinds) % 2 == 1)


@given(st.integers(0, 10**7), st.integers(1, 60), st.sampled_from([1, 5, 10, 25]))
def test_split_shares_are_whole_units_and_nothing_is_lost(total, n, unit):
    share, rest = split_cents(total, n, unit)
    assert share % unit == 0
    assert share * n + rest == total
    assert 0 <= rest < n * unit


@given(st.integers(1, 60), st.integers(1, 20), seed_st)
def test_jar_draws_distinct_games_played(games_played, count, seed):
    d = cookie_jar_draw(games_played, count, seed=seed)
    assert len(d.numbers) == min(count, games_played) == len(set(d.numbers))
    assert all(1 <= n <= games_played for n in d.numbers)
    assert cookie_jar_manual(d.numbers, games_played, count).numbers == d.numbers


@given(st.lists(st.integers(1, 120), unique=True, min_size=1, max_size=30), seed_st, st.data())
def test_door_prizes_are_distinct_pairs_present(present, seed, data):
    count = data.draw(st.integers(1, len(present)))
    drawn = door_prize_draw(present, seed=seed, count=count)
    assert len(set(drawn)) == count and set(drawn) <= set(present)


@st.composite
def drives(draw):
    """A finished drive: tallies, punches, jar entries, ranges, prize amounts."""
    games = draw(st.integers(1, 25))
    n = draw(st.integers(1, 30))
    punched = {p: tuple(sorted(draw(st.sets(st.integers(1, games))))) for p in range(1, n + 1)}
    return {
        "games": games,
        "punched": punched,
        "jar_pairs": draw(st.lists(st.sampled_from(range(1, n + 1)), unique=True)),
        "fee": draw(st.integers(0, 1000)),
        "jar_price": draw(st.integers(0, 500)),
        "carried_in": draw(st.integers(0, 5000)),
        "fifty": draw(st.integers(0, 20000)),
        "place_cents": draw(st.lists(st.integers(0, 10000), min_size=3, max_size=3)),
        "booby": draw(st.integers(0, 1000)),
        "jackpot": draw(st.integers(0, 10000)),
        "unit": draw(st.sampled_from([1, 5])),
        "seed": draw(seed_st),
        "splits": draw(st.booleans()),
    }


@given(drives())
def test_paid_out_plus_carried_over_plus_remaining_is_takings(d):
    tallies = {p: len(g) for p, g in d["punched"].items()}
    unit, seed = d["unit"], d["seed"]
    paid = []
    for group, cents in zip(place_groups(tallies).groups, d["place_cents"], strict=False):
        agree = group.pairs if d["splits"] else ()
        cut = None if (d["splits"] or not group.is_tie) else digital_cut(group.pairs, seed)
        o = settle(group.pairs, money_prize=True, split_agreements=agree, cut=cut)
        paid.append(payout(f"Prize {group.place}", cents, o.winners, unit))
    booby = booby_candidates(tallies)
    if booby:
        cut = digital_cut(booby, seed) if len(booby) > 1 else None
        winners = settle(booby, money_prize=True, cut=cut).winners
        paid.append(payout("Booby", d["booby"], winners, unit))
    jar = d["jar_price"] * len(d["jar_pairs"]) + d["carried_in"]
    draw = cookie_jar_draw(d["games"], seed=seed)
    jar_payout = cookie_jar_payout(
        jar, cookie_jar_winners(d["punched"], d["jar_pairs"], draw), unit
    )
    paid.append(jar_payout)
    jp = jackpot(tallies, threshold=max(1, d["games"] - 2), amount=d["jackpot"], unit=unit)
    if jp:
        paid.append(jp)
    if d["fifty"]:
        paid.append(fifty_fifty_draw([(1, 100)], takings=d["fifty"], seed=seed, unit=unit).payout)

    s = cash_summary(
        entry_fee=d["fee"],
        pairs_paid=len(tallies),
        jar_price=d["jar_price"],
        jar_pairs=len(d["jar_pairs"]),
        jar_carried_in=d["carried_in"],
        fifty_fifty=d["fifty"],
        payouts=paid,
    )
    assert s.paid_out + s.carried_over + s.remaining == s.takings
    assert s.carried_over == (jar if not jar_payout.recipients else 0)
    assert all(p.paid + p.kept_by_hall + p.carried_over == p.amount for p in paid)
    assert all(p.share % unit == 0 for p in paid)
