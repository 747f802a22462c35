"""The All Fours family's rules table (scoring/games/all_fours_rules.py) read against
game-scoring.md's table, row by row, and the words a game's log is kept in."""

from __future__ import annotations

import pytest

from scoring.games import all_fours_rules as r
from scoring.words import Msg

# game-scoring.md, "All Fours family", read separately: name, usual target, the targets
# a drive may agree, and what differs from the plain game.
SPEC = {
    "seven_up": {
        "name": "Seven Up",
        "target": 7,
        "targets": (7, 15),
        "presets": (7, 11),
        "turned_jack": True,
        "beg": True,
        "tie": r.ELDER,
        "options": {"no_gift_to_go_out", "low_to_winner"},
    },
    "running_all_fours": {
        "name": "Running All Fours",
        "target": 31,
        "targets": (31, 31),
        "turned_jack": True,
        "turned_value": True,
        "beg": True,
        "tie": r.ELDER,
        "options": {"no_gift_to_go_out", "low_to_winner"},
    },
    "caribbean": {
        "name": "Caribbean All Fours",
        "target": 14,
        "targets": (14, 14),
        "pairs_only": True,
        "kicks": True,
        "beg": True,
        "hang_jack": True,
        "seating": r.RIGHT,
        "options": {"no_gift_to_go_out", "low_to_winner", "tobago", "game_worth_2"},
    },
    "yorkshire": {
        "name": "Yorkshire All Fours",
        "target": 11,
        "targets": (11, 11),
        "pairs_only": True,
        "trump": r.LED,
        "options": {"pub_count"},
    },
    "lancashire": {
        "name": "Lancashire All Fours",
        "target": 11,
        "targets": (11, 11),
        "pairs_only": True,
        "trump": r.LED,
        "low_to": r.WINNER,
    },
    "pitch": {
        "name": "Pitch",
        "target": 7,
        "targets": (5, 99),
        "presets": (7, 11, 21),
        "trump": r.LED,
        "options": {"low_to_winner"},
    },
    "auction_pitch": {
        "name": "Auction Pitch",
        "target": 7,
        "targets": (5, 99),
        "presets": (7, 11, 21),
        "trump": r.LED,
        "bidding": r.AUCTION,
        "options": {"low_to_winner"},
    },
    "commercial_pitch": {
        "name": "Commercial Pitch",
        "target": 7,
        "targets": (5, 99),
        "presets": (7, 11, 21),
        "trump": r.LED,
        "bidding": r.COMMERCIAL,
        "options": {"low_to_winner"},
    },
    "all_fives": {
        "name": "All Fives",
        "target": 61,
        "targets": (61, 61),
        "turned_jack": True,
        "beg": True,
        "tie": r.ELDER,
        "card_points": True,
        "options": {"no_gift_to_go_out", "low_to_winner", "trumps_only"},
    },
    "california_jack": {
        "name": "California Jack",
        "target": 10,
        "targets": (5, 99),
        "presets": (7, 10, 11, 21),
        "trump": r.CUT,
        "low_to": r.WINNER,
        "every_card_played": True,
    },
}

PLAIN = {
    "presets": (),
    "pairs_only": False,
    "trump": r.TURNED,
    "turned_jack": False,
    "turned_value": False,
    "kicks": False,
    "beg": False,
    "low_to": r.HOLDER,
    "seating": r.LEFT,
    "tie": r.NOBODY,
    "hang_jack": False,
    "card_points": False,
    "bidding": None,
    "every_card_played": False,
    "options": set(),
}


def test_the_table_has_the_spec_s_ten_games_in_its_order():
    assert list(r.RULES) == list(SPEC)


@pytest.mark.parametrize("key", list(SPEC))
def test_each_game_s_row_is_the_spec_s(key):
    rules = r.RULES[key]
    want = {**PLAIN, **SPEC[key]}
    got = {field: getattr(rules, field) for field in want}
    assert got == want
    assert isinstance(rules.name, Msg)  # the game's name is said in the reader's language
    assert type(rules.options) is frozenset


def test_a_rules_row_by_default_is_the_plain_game():
    rules = r.Rules("X", 7, (7, 7))
    assert {field: getattr(rules, field) for field in PLAIN} == PLAIN


def test_the_pack_and_the_deal():
    assert (r.PACK, r.HAND, r.RUN_CARDS) == (52, 6, 3)
    assert r.RANKS == ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    assert r.SUITS == ("C", "D", "H", "S")
    assert r.SUIT_LETTERS == {"\u2663": "C", "\u2666": "D", "\u2665": "H", "\u2660": "S"}
    assert len(r.RANKS) * len(r.SUITS) == r.PACK
    assert (r.MAX_SIDES, r.MAX_PLAYERS, r.MAX_BID) == (6, 6, 4)


def test_card_points_for_game_and_in_all_fives():
    assert r.CARD_VALUES == {"A": 4, "K": 3, "Q": 2, "J": 1, "10": 10}
    assert r.PACK_POINTS == 80 == len(r.SUITS) * sum(r.CARD_VALUES.values())
    assert r.ALL_FIVES_TRUMPS == {**r.CARD_VALUES, "5": 5}
    assert r.FIVE_OF_TRUMPS == 5 == r.ALL_FIVES_TRUMPS["5"]


def test_caribbean_kicks_and_hang_jack():
    assert r.TRINIDAD_KICKS == {"A": 1, "6": 2, "J": 3}
    assert r.TOBAGO_KICKS == {"A": 1, "2": 2, "J": 3}
    assert r.HANG_JACK_POINTS == 3
    assert r.PUB_EXTRA_DEALS == 2


def test_the_words_a_deal_and_its_log_are_kept_in():
    # Stored with each game (deals and log entries), so they never change.
    assert (r.GIFT, r.RUN) == ("gift", "run")
    assert (r.TURNED, r.LED, r.CUT) == ("turned", "led", "cut")
    assert (r.ELDER, r.NOBODY, r.HOLDER, r.WINNER) == ("elder", "nobody", "holder", "winner")
    assert (r.AUCTION, r.COMMERCIAL, r.LEFT, r.RIGHT) == ("auction", "commercial", "left", "right")
    assert (r.TOBAGO, r.GAME_WORTH_2, r.NO_GIFT_TO_GO_OUT) == (
        "tobago",
        "game_worth_2",
        "no_gift_to_go_out",
    )
    assert (r.LOW_TO_WINNER, r.PUB_COUNT, r.TRUMPS_ONLY) == (
        "low_to_winner",
        "pub_count",
        "trumps_only",
    )
    events = (
        r.TURNED_JACK,
        r.TURNED_CARD,
        r.KICK,
        r.GIFT_POINT,
        r.SALE,
        r.CARD_POINTS,
        r.HIGH,
        r.LOW,
        r.JACK,
        r.HANG_JACK,
        r.GAME,
        r.SET,
    )
    assert events == (
        "turned_jack",
        "turned_card",
        "kick",
        "gift",
        "sale",
        "card_points",
        "high",
        "low",
        "jack",
        "hang_jack",
        "game",
        "set",
    )
