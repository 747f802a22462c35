"""The cookie jar and the side prizes (prizes/rules/draws.py): what a draw may give, the
boundaries, and each refusal word for word with its msgid and values."""

from __future__ import annotations

from datetime import date

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


# ---------------------------------------------------------------- cookie jar


def test_a_pair_joins_the_jar_before_the_first_game():
    assert prizes.cookie_jar_opt_in(4, jar_on=True, first_game_started=False) is None


def test_no_jar_no_entry():
    said = refusal(prizes.cookie_jar_opt_in, 4, jar_on=False, first_game_started=False)
    assert said == "This drive has no cookie jar."
    assert msgid(said) == str(said)


def test_a_late_entry_is_refused_by_pair():
    said = refusal(prizes.cookie_jar_opt_in, 4, jar_on=True, first_game_started=True)
    assert said == "Pair 4 cannot join the cookie jar: pairs join before the first game starts."
    assert msgid(said) == (
        "Pair {pair} cannot join the cookie jar: pairs join before the first game starts."
    )
    assert said.params == {"pair": 4}


@given(st.integers(1, 40), st.integers(1, 12), st.integers(0, 10**6))
def test_a_jar_draw_is_distinct_played_games_in_order(played, count, seed):
    d = prizes.cookie_jar_draw(played, count, seed=seed)
    assert len(d.numbers) == min(count, played)
    assert list(d.numbers) == sorted(set(d.numbers))
    assert all(1 <= n <= played for n in d.numbers)
    assert (d.games_played, d.seed) == (played, seed)


def test_a_jar_draw_reaches_the_last_game_played():
    assert prizes.cookie_jar_draw(5, 5, seed=0).numbers == (1, 2, 3, 4, 5)
    assert prizes.cookie_jar_draw(5, seed=0).numbers == (1, 2, 3, 4, 5)  # 8 games unless told


def test_a_jar_draw_by_hand_keeps_no_seed():
    d = prizes.cookie_jar_manual([7, 2, 11], games_played=12, count=3)
    assert (d.numbers, d.games_played, d.seed) == ((2, 7, 11), 12, None)
    assert prizes.cookie_jar_manual([1, 12], games_played=12, count=2).numbers == (1, 12)


@pytest.mark.parametrize("game", [0, 13, True, 2.0])
def test_a_game_not_played_is_refused_by_number(game):
    said = refusal(prizes.cookie_jar_manual, [1, game], games_played=12, count=2)
    assert said == f"Game {game} was not played: enter numbers from 1 to 12."
    assert msgid(said) == "Game {game} was not played: enter numbers from 1 to {played}."
    assert said.params == {"game": game, "played": 12}


def test_a_game_entered_twice_is_refused_by_its_lowest_number():
    said = refusal(prizes.cookie_jar_manual, [9, 3, 9, 3], games_played=12, count=4)
    assert said == "Game 3 is entered twice; each game can be drawn once."
    assert msgid(said) == "Game {game} is entered twice; each game can be drawn once."
    assert said.params == {"game": 3}


@pytest.mark.parametrize(
    ("numbers", "played", "count", "words", "wanted", "entered"),
    [
        ([1], 12, 3, "Enter 3 game numbers; 1 was entered.", "{n} game numbers", "{n} was"),
        ([1, 2], 12, 1, "Enter 1 game number; 2 were entered.", "{n} game number", "{n} were"),
        ([1, 2, 3], 2, 8, "Game 3 was not played: enter numbers from 1 to 2.", None, None),
        ([1], 2, 8, "Enter 2 game numbers; 1 was entered.", "{n} game numbers", "{n} was"),
    ],
)
def test_the_wrong_count_of_games_by_hand(numbers, played, count, words, wanted, entered):
    said = refusal(prizes.cookie_jar_manual, numbers, games_played=played, count=count)
    assert said == words
    if wanted:
        assert msgid(said) == "Enter {wanted}; {entered} entered."
        assert (said.params["wanted"].plural, said.params["entered"].plural) == (
            "{n} game numbers",
            "{n} were",
        )
        assert (msgid(said.params["wanted"]), msgid(said.params["entered"])) == (
            "{n} game number",
            "{n} was",
        )


def test_the_jar_by_hand_draws_8_games_unless_told():
    said = refusal(prizes.cookie_jar_manual, [1], games_played=12)
    assert said == "Enter 8 game numbers; 1 was entered."


def test_the_jar_winners_have_every_drawn_game_punched():
    d = prizes.cookie_jar_manual([1, 3], games_played=3, count=2)
    punched = {1: (1, 2, 3), 2: (1, 3), 3: (2,), 4: (3, 1)}
    assert prizes.cookie_jar_winners(punched, [4, 1, 3, 5], d) == (1, 4)


def test_the_jar_is_split_among_its_winners_or_carried_over():
    paid = prizes.cookie_jar_payout(2400, [5, 2])
    assert (paid.prize, paid.recipients, paid.share, paid.kept_by_hall) == (
        "Cookie jar",
        (2, 5),
        1200,
        0,
    )
    assert prizes.cookie_jar_payout(1000, [1, 2, 3], unit=1).share == 333
    assert prizes.cookie_jar_payout(1000, [1, 2, 3]).share == 330
    kept = prizes.cookie_jar_payout(2400, [])
    assert (kept.prize, kept.amount, kept.recipients, kept.share) == ("Cookie jar", 2400, (), 0)
    assert (kept.carried_over, kept.kept_by_hall) == (2400, 0)
    assert msgid(kept.prize) == "Cookie jar"


def test_a_jar_carried_over_must_be_whole_cents():
    said = refusal(prizes.cookie_jar_payout, -5, [])
    assert said == "The cookie jar cannot be negative."
    assert msgid(said.params["what"]) == "The cookie jar"


def test_the_jar_carries_to_the_next_drive_not_started():
    tonight = prizes.ClubDrive(1, date(2025, 3, 8), True)
    drives = [
        tonight,
        prizes.ClubDrive(2, date(2025, 3, 1), False),  # earlier: not next
        prizes.ClubDrive(3, date(2025, 3, 15), True),  # started
        prizes.ClubDrive(5, date(2025, 3, 22), False),
        prizes.ClubDrive(4, date(2025, 3, 22), False),
    ]
    assert prizes.carry_over_drive(tonight, drives) == 4
    same_day = prizes.ClubDrive(9, date(2025, 3, 8), False)
    assert prizes.carry_over_drive(tonight, [*drives, same_day]) == 9
    assert prizes.carry_over_drive(tonight, drives[:3]) is None
    assert prizes.carry_over_drive(tonight, []) is None


# ---------------------------------------------------------------- side prizes


def test_the_jackpot_goes_to_every_pair_at_the_threshold():
    paid = prizes.jackpot({1: 21, 2: 20, 3: 19}, threshold=20, amount=5000)
    assert (paid.prize, paid.recipients, paid.share) == ("Jackpot", (1, 2), 2500)
    assert prizes.jackpot({1: 1}, threshold=1, amount=1001, unit=1).share == 1001
    assert prizes.jackpot({1: 1, 2: 1, 3: 1}, threshold=1, amount=1000).share == 330
    assert prizes.jackpot({1: 19}, threshold=20, amount=5000) is None


@pytest.mark.parametrize("threshold", [0, -1])
def test_the_jackpot_needs_a_game(threshold):
    said = refusal(prizes.jackpot, {1: 3}, threshold=threshold, amount=5000)
    assert said == "The jackpot needs a number of games of 1 or more."
    assert msgid(said) == str(said)


def test_the_fifty_fifty_ticket_is_one_sold():
    for seed in range(40):
        r = prizes.fifty_fifty_draw([(101, 120), (1, 50)], takings=3500, seed=seed)
        assert 1 <= r.ticket <= 50 or 101 <= r.ticket <= 120
        assert (r.tickets_sold, r.seed, r.payout.recipients) == (70, seed, (r.ticket,))
        assert (r.payout.prize, r.payout.amount, r.payout.share) == ("50/50", 1750, 1750)


def test_every_fifty_fifty_ticket_can_win():
    won = {
        prizes.fifty_fifty_draw([(1, 2), (10, 12), (20, 20)], takings=100, seed=s).ticket
        for s in range(200)
    }
    assert won == {1, 2, 10, 11, 12, 20}


def test_the_fifty_fifty_half_is_rounded_to_the_unit():
    r = prizes.fifty_fifty_draw([(1, 1)], takings=3511, seed=0)
    assert (r.ticket, r.payout.amount, r.payout.share, r.payout.kept_by_hall) == (1, 1755, 1755, 0)
    r = prizes.fifty_fifty_draw([(1, 1)], takings=3511, seed=0, unit=1)
    assert r.payout.share == 1755
    r = prizes.fifty_fifty_draw([(1, 1)], takings=3520, seed=0, unit=100)
    assert (r.payout.share, r.payout.kept_by_hall) == (1700, 60)


def test_no_fifty_fifty_tickets():
    said = refusal(prizes.fifty_fifty_draw, [], takings=0, seed=1)
    assert said == "No 50/50 tickets were sold."
    assert msgid(said) == str(said)


@pytest.mark.parametrize(("first", "last"), [(0, 5), (5, 4), (-1, 3)])
def test_a_range_that_is_not_one_is_refused(first, last):
    said = refusal(prizes.fifty_fifty_draw, [(first, last)], takings=100, seed=1)
    assert said == f"Tickets {first} to {last} are not a range of ticket numbers."
    assert msgid(said) == "Tickets {first} to {last} are not a range of ticket numbers."
    assert said.params == {"first": first, "last": last}


def test_a_one_ticket_range_starting_at_one_is_a_range():
    assert prizes.fifty_fifty_draw([(1, 1), (2, 2)], takings=100, seed=3).tickets_sold == 2


@pytest.mark.parametrize("ranges", [[(1, 10), (10, 20)], [(5, 30), (1, 10)]])
def test_overlapping_ranges_are_refused(ranges):
    said = refusal(prizes.fifty_fifty_draw, ranges, takings=100, seed=1)
    a, b = sorted(ranges)
    assert said == f"Tickets {a[0]} to {a[1]} and {b[0]} to {b[1]} overlap."
    assert msgid(said) == "Tickets {a1} to {a2} and {b1} to {b2} overlap."
    assert said.params == {"a1": a[0], "a2": a[1], "b1": b[0], "b2": b[1]}


def test_the_fifty_fifty_takings_must_be_whole_cents():
    said = refusal(prizes.fifty_fifty_draw, [(1, 5)], takings=-1, seed=1)
    assert said == "The 50/50 takings cannot be negative."
    assert msgid(said.params["what"]) == "The 50/50 takings"


def test_the_travelling_card_is_a_card_of_the_deck_and_its_holder_a_pair():
    seen = {prizes.travelling_prize_draw(s).card for s in range(60)}
    assert seen <= set(prizes.DECK)
    assert len(seen) > 20  # shuffled, not the first card every time
    t = prizes.travelling_prize_draw(5)
    assert (t.seed, t.holder) == (5, None)
    assert t.held_by(7).holder == 7
    assert (t.held_by(7).card, t.held_by(7).seed) == (t.card, 5)
    said = refusal(t.held_by, 0)
    assert said == "0 is not a pair number."


@given(st.sets(st.integers(1, 30), min_size=1), st.integers(0, 10**6), st.data())
def test_door_prizes_go_to_pairs_present_not_yet_drawn(present, seed, data):
    drawn = data.draw(st.sets(st.sampled_from(sorted(present))))
    left = present - drawn
    if not left:
        return
    count = data.draw(st.integers(1, len(left)))
    won = prizes.door_prize_draw(present, seed=seed, count=count, already_drawn=drawn)
    assert len(won) == len(set(won)) == count
    assert set(won) <= left


def test_one_door_prize_unless_told():
    assert len(prizes.door_prize_draw([1, 2, 3], seed=4)) == 1
    assert prizes.door_prize_draw([3], seed=4) == (3,)


@pytest.mark.parametrize("count", [0, -1])
def test_at_least_one_door_prize(count):
    said = refusal(prizes.door_prize_draw, [1, 2], seed=1, count=count)
    assert said == "Draw at least one door prize."
    assert msgid(said) == str(said)


def test_no_door_prize_when_every_pair_present_has_one():
    said = refusal(prizes.door_prize_draw, [1, 2], seed=1, already_drawn=[2, 1, 5])
    assert said == "Every pair present has already won a door prize."
    assert msgid(said) == str(said)
    said = refusal(prizes.door_prize_draw, [], seed=1)
    assert said == "Every pair present has already won a door prize."


@pytest.mark.parametrize(
    ("present", "count", "words"),
    [
        ([1, 2], 3, "Only 2 pairs present can still win a door prize, not 3."),
        ([1], 2, "Only 1 pair present can still win a door prize, not 2."),
    ],
)
def test_more_door_prizes_than_pairs_left(present, count, words):
    said = refusal(prizes.door_prize_draw, present, seed=1, count=count)
    assert said == words
    assert msgid(said) == "Only {n} pair present can still win a door prize, not {count}."
    assert said.plural == "Only {n} pairs present can still win a door prize, not {count}."
    assert said.params == {"n": len(present), "count": count}


def test_a_seed_kept_from_an_earlier_night_draws_the_same_again():
    # the seeds are stored with the night's records: the card and the pairs they gave then
    # are the ones they give now
    assert prizes.travelling_prize_draw(5).card == (12, "C")
    assert prizes.door_prize_draw([1, 2, 3, 4, 5], seed=1, count=2) == (2, 1)
    assert prizes.cookie_jar_draw(25, 8, seed=3).numbers == (3, 5, 8, 12, 16, 18, 19, 20)
    assert prizes.fifty_fifty_draw([(1, 50), (101, 120)], takings=3500, seed=9).ticket == 110
