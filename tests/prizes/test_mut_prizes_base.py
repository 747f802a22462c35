"""Prize settings, prizes and the checks every prize rule shares (prizes/rules/base.py), through
what the rules export: the defaults, and each refusal word for word with its msgid and values.
"""

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
    """The msgid a refusal keeps: a sentence without values is its marked text itself."""
    return said.msgid if hasattr(said, "msgid") else (str(said) if isinstance(said, Msg) else None)


def test_the_settings_defaults():
    s = prizes.PrizeSettings()
    assert (s.places, s.ace_low, s.cash_unit, s.booby) == (3, True, 5, True)
    assert (s.booby_excludes_late_or_early, s.booby_excludes_place_holders) == (True, True)
    assert (s.cookie_jar, s.jar_games, s.jackpot) == (False, 8, False)
    assert (s.fifty_fifty, s.travelling_prize, s.door_prizes) == (False, False, False)
    assert (prizes.DEFAULT_CASH_UNIT, prizes.DEFAULT_JAR_GAMES) == (5, 8)


def test_the_settings_refuse_fewer_than_no_places_in_their_words():
    said = refusal(prizes.PrizeSettings, places=-1)
    assert said == "The number of prize places must be 0 or more."
    assert msgid(said) == "The number of prize places must be 0 or more."


@pytest.mark.parametrize("unit", [0, -5, True, 2.5, "5"])
def test_the_settings_refuse_a_cash_unit_below_one_cent(unit):
    said = refusal(prizes.PrizeSettings, cash_unit=unit)
    assert said == "The smallest cash unit must be 1 cent or more."
    assert msgid(said) == "The smallest cash unit must be 1 cent or more."


def test_a_one_cent_unit_and_a_one_game_jar_are_the_least_allowed():
    s = prizes.PrizeSettings(cash_unit=1, jar_games=1)
    assert (s.cash_unit, s.jar_games) == (1, 1)


@pytest.mark.parametrize("games", [0, -1])
def test_the_settings_refuse_a_jar_of_no_games(games):
    said = refusal(prizes.PrizeSettings, jar_games=games)
    assert said == "The cookie jar must draw at least 1 game."
    assert msgid(said) == "The cookie jar must draw at least 1 game."


def test_a_prize_is_money_or_an_item():
    assert prizes.Prize("First prize", cents=0).is_money is True
    assert prizes.Prize("First prize", cents=2000).cents == 2000
    item = prizes.Prize("Booby prize", item="a box of chocolates")
    assert (item.is_money, item.cents, item.item) == (False, None, "a box of chocolates")


@pytest.mark.parametrize(
    "kwargs", [{}, {"item": "   "}, {"cents": 500, "item": "a ham"}, {"cents": 0, "item": "x"}]
)
def test_a_prize_that_is_neither_or_both_is_refused_in_its_words(kwargs):
    said = refusal(prizes.Prize, "Second prize", **kwargs)
    assert said == "Second prize must be either an amount of money or an item."
    assert msgid(said) == "{prize} must be either an amount of money or an item."
    assert said.params == {"prize": "Second prize"}


@pytest.mark.parametrize("cents", [2.5, True, "500"])
def test_a_prize_of_part_cents_is_refused_in_its_words(cents):
    said = refusal(prizes.Prize, "First prize", cents=cents)
    assert said == "First prize must be a whole number of cents."
    assert msgid(said) == "{what} must be a whole number of cents."
    assert said.params == {"what": "First prize"}


def test_a_prize_of_negative_cents_is_refused_in_its_words():
    said = refusal(prizes.Prize, "First prize", cents=-1)
    assert said == "First prize cannot be negative."
    assert msgid(said) == "{what} cannot be negative."
    assert said.params == {"what": "First prize"}


def test_a_split_names_the_prize_that_is_negative():
    said = refusal(prizes.split_cents, -5, 2)
    assert said == "A prize cannot be negative."
    assert msgid(said.params["what"]) == "A prize"


@pytest.mark.parametrize("unit", [0, True, 1.5])
def test_a_split_refuses_a_unit_below_one_cent(unit):
    said = refusal(prizes.split_cents, 100, 2, unit=unit)
    assert msgid(said) == "The smallest cash unit must be 1 cent or more."


def test_a_split_by_the_one_cent_unit_is_allowed():
    assert prizes.split_cents(100, 3, unit=1) == (33, 1)


@pytest.mark.parametrize("pair", [0, -3, True, 2.0, "4", None])
def test_what_is_not_a_pair_number_is_refused_with_its_repr(pair):
    said = refusal(prizes.payout, "First prize", 1000, [1, pair])
    assert said == f"{pair!r} is not a pair number."
    assert msgid(said) == "{pair} is not a pair number."
    assert said.params == {"pair": repr(pair)}


def test_pair_numbers_are_taken_once_each_in_number_order():
    paid = prizes.payout("First prize", 1000, [9, 1, 9, 4])
    assert paid.recipients == (1, 4, 9)
    assert paid.share == 330


def test_a_pair_outside_the_tie_is_refused_by_number():
    said = refusal(
        prizes.settle_method,
        (3, 7),
        playoff_requests=(3, 8, 5),
        split_agreements=(),
        money_prize=True,
    )
    assert said == "Pair 5 is not in this tie."
    assert msgid(said) == "Pair {pair} is not in this tie."
    assert said.params == {"pair": 5}
    said = refusal(
        prizes.settle_method, (3, 7), playoff_requests=(), split_agreements=(9,), money_prize=True
    )
    assert said.params == {"pair": 9}


def test_the_tied_pairs_themselves_may_ask():
    assert (
        prizes.settle_method(
            (3, 7), playoff_requests=(7, 7), split_agreements=(3, 7), money_prize=True
        )
        == "playoff"
    )


@pytest.mark.parametrize("played", [0, -2])
def test_the_jar_is_not_drawn_before_a_game_is_played(played):
    for call in (prizes.cookie_jar_draw, prizes.cookie_jar_manual):
        args = (played,) if call is prizes.cookie_jar_draw else ([], played)
        kwargs = {"seed": 1} if call is prizes.cookie_jar_draw else {}
        said = refusal(call, *args, **kwargs)
        assert said == "The cookie jar is drawn after at least one game has been played."
        assert msgid(said) == str(said)


@pytest.mark.parametrize("count", [0, -1])
def test_the_jar_draws_at_least_one_game(count):
    said = refusal(prizes.cookie_jar_draw, 5, count, seed=1)
    assert said == "The cookie jar must draw at least 1 game."
    assert msgid(said) == str(said)


def test_one_game_played_and_one_drawn_is_enough_for_the_jar():
    assert prizes.cookie_jar_draw(1, 1, seed=4).numbers == (1,)
    assert prizes.cookie_jar_manual([1], 1, 1).numbers == (1,)
