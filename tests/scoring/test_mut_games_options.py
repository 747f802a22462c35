"""A drive's game options (scoring/games/options.py): which options each game offers and in
what order, the values each option takes or refuses (word for word), what a drive's chosen
options make of the variant, and the rules page's sentence for each."""

from __future__ import annotations

import pytest

from scoring.games import all_fours
from scoring.games.core import (
    BidderAdds,
    Game,
    Overcall,
    SetupError,
    Side,
    ThirtyForSixty,
    alone,
    two_pairs,
)
from scoring.games.options import (
    AGREED_TARGET,
    ALL_FOURS,
    ALL_GAMES,
    AUCTION,
    CARIBBEAN,
    ONE_TEN,
    OPTION,
    OPTIONS,
    chosen,
    options_for,
    stated,
    variant_of,
)
from scoring.words import Msg

FORTY_FIVES_OPTIONS = ["joker", "off_suit_aces_high", "five_only_bonus"]
AUCTION_OPTIONS = [
    *FORTY_FIVES_OPTIONS,
    "dealer_may_hold",
    "no_hold_under_20",
    "minimum_20_at_100",
    "thirty_for_sixty",
    "slam",
    "dreaded_45",
    "overcall",
    "sixty_for_120",
    "blind_thirty_for_sixty",
    "defenders_30",
    "call_partner",
]


def refusal(call, *args) -> str:
    with pytest.raises(SetupError) as caught:
        call(*args)
    (said,) = caught.value.args
    return said


@pytest.mark.parametrize(
    ("key", "names"),
    [
        ("forty_fives_45", FORTY_FIVES_OPTIONS),
        ("forty_fives_120", FORTY_FIVES_OPTIONS),
        ("auction_45", AUCTION_OPTIONS),
        ("one_ten", [*FORTY_FIVES_OPTIONS, "bidder_adds", "bell", "elimination_floor"]),
        ("seven_up", ["target", "no_gift_to_go_out", "low_to_winner"]),
        ("running_all_fours", ["no_gift_to_go_out", "low_to_winner"]),
        ("caribbean", ["no_gift_to_go_out", "low_to_winner", "tobago", "game_worth_2"]),
        ("yorkshire", ["pub_count"]),
        ("lancashire", []),
        ("pitch", ["target", "low_to_winner"]),
        ("auction_pitch", ["target", "low_to_winner"]),
        ("commercial_pitch", ["target", "low_to_winner"]),
        ("all_fives", ["no_gift_to_go_out", "low_to_winner", "trumps_only"]),
        ("california_jack", ["target"]),
    ],
)
def test_each_game_offers_its_options_in_the_tables_order(key, names):
    assert [o.name for o in options_for(key)] == names
    assert all(o.applies_to(key) for o in options_for(key))
    assert not any(o.applies_to(key) for o in OPTIONS if o.name not in names)


def test_the_option_groups_name_the_games_they_are_for():
    assert {"forty_fives_45", "forty_fives_120", "auction_45", "one_ten"} == ALL_GAMES
    assert {"auction_45"} == AUCTION and {"one_ten"} == ONE_TEN
    assert set(all_fours.RULES) == ALL_FOURS
    assert {
        "seven_up",
        "pitch",
        "auction_pitch",
        "commercial_pitch",
        "california_jack",
    } == AGREED_TARGET
    assert {"caribbean"} == CARIBBEAN
    assert OPTION["trumps_only"].games == {"all_fives"}
    assert OPTION["pub_count"].games == {"yorkshire"}
    assert OPTION["no_gift_to_go_out"].games == {
        "seven_up",
        "running_all_fours",
        "caribbean",
        "all_fives",
    }


@pytest.mark.parametrize("key", ["chess", "", "forty_fives", "auction"])
def test_an_unknown_game_is_refused(key):
    said = refusal(options_for, key)
    assert said == f"unknown game: {key}"
    assert said.msgid == "unknown game: {key}"
    assert refusal(chosen, key, {}) == said


@pytest.mark.parametrize(
    ("name", "value", "said"),
    [
        ("slam", 1, "slam: answer yes or no"),
        ("slam", "yes", "slam: answer yes or no"),
        ("slam", None, "slam: answer yes or no"),
        ("dealer_may_hold", 0, "dealer may hold: answer yes or no"),
        ("thirty_for_sixty", "loses_90", "30 for 60: choose one of off, loses_30, loses_60"),
        ("thirty_for_sixty", True, "30 for 60: choose one of off, loses_30, loses_60"),
        ("thirty_for_sixty", None, "30 for 60: choose one of off, loses_30, loses_60"),
        ("overcall", "on", "30 for 60 overcall: choose one of off, scores_60, scores_30"),
        ("bidder_adds", "all", "bidder adds: choose one of bid, points"),
        ("elimination_floor", "-80", "elimination: enter a whole number, or leave it blank"),
        ("elimination_floor", True, "elimination: enter a whole number, or leave it blank"),
        ("elimination_floor", -80.0, "elimination: enter a whole number, or leave it blank"),
        ("target", "11", "target: enter a whole number, or leave it blank"),
    ],
)
def test_a_value_that_is_not_one_of_the_options_is_refused(name, value, said):
    option = OPTION[name]
    refused = refusal(option.checked, value)
    assert refused == said
    named = refused.params["option"]
    assert named == option.term.lower() and named.msgid == option.term and named.style == "{}"


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("slam", True),
        ("slam", False),
        ("thirty_for_sixty", "loses_30"),
        ("thirty_for_sixty", "off"),
        ("overcall", "scores_30"),
        ("bidder_adds", "points"),
        ("elimination_floor", -80),
        ("elimination_floor", 0),
        ("elimination_floor", None),
        ("target", 11),
    ],
)
def test_a_value_of_the_option_is_taken_as_it_is_stored(name, value):
    taken = OPTION[name].checked(value)
    assert taken == value and type(taken) is type(value)


def test_a_choice_given_as_its_enum_is_stored_as_plain_words():
    taken = OPTION["thirty_for_sixty"].checked(ThirtyForSixty.LOSES_60)
    assert taken == "loses_60" and type(taken) is str
    assert type(OPTION["overcall"].checked(Overcall.SCORES_60)) is str
    assert type(OPTION["bidder_adds"].checked(BidderAdds.POINTS)) is str


@pytest.mark.parametrize(
    ("name", "value", "rule"),
    [
        (
            "thirty_for_sixty",
            "loses_30",
            "a bid of 30 that is made scores 60; a failed bid of 30 loses 30.",
        ),
        (
            "thirty_for_sixty",
            "loses_60",
            "a bid of 30 that is made scores 60; a failed bid of 30 loses 60.",
        ),
        ("thirty_for_sixty", "off", ""),
        ("thirty_for_sixty", "loses_90", ""),
        ("thirty_for_sixty", None, ""),
        ("overcall", "off", ""),
        (
            "bidder_adds",
            "points",
            "a pair that makes its bid adds all the points it took, not just its bid.",
        ),
        ("bidder_adds", "bid", ""),
        ("bell", True, "a bid of 30 that is made scores 60."),
        ("bell", False, ""),
        (
            "elimination_floor",
            -80,
            "a pair at or below {value} is out of the game; the last pair left wins.",
        ),
        ("elimination_floor", None, ""),
        ("target", 11, "the game is played to {value} points."),
    ],
)
def test_the_rules_page_says_a_sentence_only_for_an_option_that_is_on(name, value, rule):
    assert OPTION[name].rule_for(value) == rule


def test_chosen_keeps_the_options_of_the_game_that_are_not_off():
    assert chosen("auction_45", {}) == {}
    assert chosen("auction_45", {"slam": True, "bell": True, "dreaded_45": False}) == {"slam": True}
    assert chosen(
        "auction_45",
        {"thirty_for_sixty": "off", "overcall": "scores_30", "moon": True, "slam": False},
    ) == {"overcall": "scores_30"}
    assert chosen("one_ten", {"elimination_floor": -80, "bidder_adds": "bid", "bell": True}) == {
        "bell": True,
        "elimination_floor": -80,
    }
    assert chosen("one_ten", {"elimination_floor": None}) == {}
    assert chosen("seven_up", {"target": 11, "slam": True}) == {"target": 11}
    assert chosen("forty_fives_45", {"five_only_bonus": True, "slam": True}) == {
        "five_only_bonus": True
    }


def test_chosen_keeps_the_tables_order():
    values = {"slam": True, "joker": True, "call_partner": True, "dealer_may_hold": True}
    assert list(chosen("auction_45", values)) == [
        "joker",
        "dealer_may_hold",
        "slam",
        "call_partner",
    ]


def test_chosen_refuses_a_value_that_is_not_the_options():
    assert refusal(chosen, "auction_45", {"slam": "yes"}) == "slam: answer yes or no"
    assert chosen("forty_fives_45", {"slam": "yes"}) == {}  # not a Forty-Fives option


def test_a_drive_gets_the_variant_of_its_game_with_its_options():
    v = variant_of("auction_45", {"slam": True, "thirty_for_sixty": "loses_60", "bell": True})
    assert v.game is Game.AUCTION and v.slam and v.thirty_for_sixty is ThirtyForSixty.LOSES_60
    assert v.sides == two_pairs()
    w = variant_of("one_ten", {"elimination_floor": -80, "bidder_adds": "points"})
    assert w.elimination_floor == -80 and w.bidder_adds is BidderAdds.POINTS
    assert variant_of("forty_fives_120", {}).target == 120


def test_a_drive_gets_the_variant_with_the_sides_given():
    sides = alone("Ann", "Bob", "Cy")
    assert variant_of("one_ten", {}, sides).sides == sides
    assert variant_of("seven_up", {}, alone("Ann", "Bob")).sides == (Side("Ann"), Side("Bob"))


def test_an_all_fours_game_takes_its_agreed_target_and_options():
    v = variant_of("seven_up", {"target": 11, "low_to_winner": True})
    assert (v.key, v.target, v.options) == ("seven_up", 11, {"low_to_winner"})
    w = variant_of("seven_up", {"no_gift_to_go_out": False})
    assert (w.target, w.options) == (7, frozenset())
    assert variant_of("pitch", {"target": None}).target == 7
    assert variant_of("caribbean", {"tobago": True}).options == {"tobago"}


def test_options_that_do_not_go_together_are_refused_by_the_variant():
    assert refusal(variant_of, "auction_45", {"no_hold_under_20": True}) == (
        "no hold under 20 needs the option dealer may hold"
    )


def test_the_rules_page_states_each_option_chosen_in_the_tables_order():
    assert stated("auction_45", {"slam": True, "thirty_for_sixty": "loses_60"}) == (
        ("30 for 60", "a bid of 30 that is made scores 60; a failed bid of 30 loses 60."),
        (
            "Slam",
            "a pair may bid to take all 5 tricks; if it takes them all it scores 120, "
            "otherwise it loses 60.",
        ),
    )
    said = stated("one_ten", {"bell": True, "elimination_floor": -80})
    assert said == (
        ("Bell", "a bid of 30 that is made scores 60."),
        ("Elimination", "a pair at or below -80 is out of the game; the last pair left wins."),
    )
    assert stated("seven_up", {"target": 11}) == (("Target", "the game is played to 11 points."),)
    assert stated("auction_45", {}) == () == stated("auction_45", {"bell": True})


def test_the_rules_page_sentences_remember_what_to_translate():
    ((term, sentence),) = stated("one_ten", {"elimination_floor": -80})
    assert isinstance(term, Msg) and term == "Elimination"
    assert sentence.msgid == (
        "a pair at or below {value} is out of the game; the last pair left wins."
    )
    assert sentence.params == {"value": -80}


def test_the_rules_page_translates_the_words_before_the_number_is_filled_in():
    def french(text):
        return {
            "Elimination": "Élimination",
            "a pair at or below {value} is out of the game; the last pair left wins.": (
                "une paire à {value} ou moins est éliminée."
            ),
            "Bell": "Cloche",
            "a bid of 30 that is made scores 60.": "une enchère de 30 réussie vaut 60.",
        }[text]

    assert stated("one_ten", {"elimination_floor": -80, "bell": True}, french) == (
        ("Cloche", "une enchère de 30 réussie vaut 60."),
        ("Élimination", "une paire à -80 ou moins est éliminée."),
    )
