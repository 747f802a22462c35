"""The one hand-keeping engine of both scorekeepers (scoring/keeping.py), without a database:
what a screen posted read as a hand, a record cleaned to its stored shape, the hands
replayed, one more taken or refused with its reason, the hanging rule, the bid words and
the options a game keeps. Worked examples first, then properties (hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import games, keeping
from scoring.games import all_fours
from scoring.games.core import (
    BLIND_60,
    OVERCALL_60,
    OVERCALL_120,
    SLAM,
    HandError,
    HandRecord,
    SetupError,
    alone,
    partners,
)
from scoring.words import Msg, Said

FF = games.make_variant("forty_fives_45", alone("Ann", "Bob"))
CUT_THROAT = games.make_variant("forty_fives_45", alone("Ann", "Bob", "Cy"))
AUCTION = games.make_variant("auction_45", partners("A", "B"))
DEFENDERS = games.make_variant("auction_45", partners("A", "B"), defenders_30=True)
CALLING = games.make_variant("auction_45", alone(*"ABCDE"), call_partner=True)
ONE_TEN = games.make_variant("one_ten", alone("Ann", "Bob", "Cy"))
SEVEN_UP = all_fours.make_variant("seven_up", alone("Dealer", "Elder"))
ALL_FIVES = all_fours.make_variant("all_fives", alone("A", "B"))


def entry_reason(variant, record):
    with pytest.raises(keeping.EntryError) as refused:
        keeping.clean_record(variant, record)
    return refused.value.reason


def read_reason(variant, posted):
    with pytest.raises(keeping.EntryError) as refused:
        keeping.read_hand(variant, posted)
    return refused.value.reason


def played(variant, *records):
    return keeping.replay(variant, list(records)).state


# --- the bid words, the hanging rule, the refusal words ------------------------------


@pytest.mark.parametrize(
    ("bid", "said"),
    [
        (15, "15"),
        (30, "30"),
        (SLAM, "Slam"),
        (OVERCALL_60, "30 for 60"),
        (OVERCALL_120, "60 for 120"),
        (BLIND_60, "Blind 30 for 60"),
    ],
)
def test_a_bid_is_said_as_the_table_says_it(bid, said):
    text = keeping.bid_text(bid)
    assert text == said
    # The words are marked for translation; a number is a number in every language.
    assert isinstance(text, Msg) == (bid not in (15, 30))


def test_hanging_on_40_names_the_side_that_began_the_winning_hand_on_40():
    before = played(AUCTION, *[{"tricks": [4, 1], "best": 0, "bidder": 0, "bid": 25}] * 3)
    before = keeping.replay(
        AUCTION,
        [
            *[{"tricks": [4, 1], "best": 0, "bidder": 0, "bid": 25}] * 3,  # 75 - 15
            {"tricks": [1, 4], "best": 1, "bidder": 1, "bid": 25},  # 80 - 40
            {"tricks": [5, 0], "best": 0, "bidder": 0, "bid": 30},  # 110 - 40
        ],
    ).state
    assert before.scores == (110, 40)
    after = games.apply_hand(AUCTION, before, HandRecord((5, 0), 0, bidder=0, bid=30))
    assert after.winner == 0
    assert keeping.hanging(AUCTION, before, after) == (1,)
    # Only the Auction hangs: the same scores in another game say nothing.
    assert keeping.hanging(FF, before, after) == ()
    assert keeping.hanging(SEVEN_UP, before, after) == ()


def test_a_refusal_is_said_with_the_hand_or_deal_and_the_rules_reason():
    reason = Msg("tricks add up to {total}, must be {n}").format(total=6, n=5)
    said = keeping.refused(1, reason)
    assert said == "Hand 1 refused: tricks add up to 6, must be 5."
    assert said.msgid == "%(unit)s %(n)d refused: %(reason)s."
    assert said.params == {"unit": "Hand", "n": 1, "reason": reason}
    assert keeping.refused(3, "a reason", deal=True) == "Deal 3 refused: a reason."
    assert keeping.entered_elsewhere(4) == "Hand 4 was already entered on another device."


# --- the options a game keeps ----------------------------------------------------------

OFFERED = {"slam", "bell", "thirty_for_sixty", "bidder_adds", "elimination_floor", "dreaded_45"} | {
    "overcall"
}


@pytest.mark.parametrize(
    ("key", "values", "kept"),
    [
        ("auction_45", {"slam": True}, {"slam": True}),
        ("auction_45", {"slam": False, "dreaded_45": None, "bell": ""}, {}),
        ("auction_45", {"slam": ""}, {}),
        # one left off, at its default or of another game does not stop the others
        ("auction_45", {"bell": False, "slam": True}, {"slam": True}),
        ("auction_45", {"overcall": "off", "slam": True}, {"slam": True}),
        ("auction_45", {"bell": True, "slam": True}, {"slam": True}),
        # a value at its default is not kept
        ("auction_45", {"thirty_for_sixty": "off"}, {}),
        ("auction_45", {"thirty_for_sixty": "loses_60"}, {"thirty_for_sixty": "loses_60"}),
        # the old checkboxes read as the value they stood for
        ("auction_45", {"thirty_for_sixty": True}, {"thirty_for_sixty": "loses_30"}),
        ("one_ten", {"bidder_adds_points": True}, {"bidder_adds": "points"}),
        ("one_ten", {"elimination": True}, {"elimination_floor": -80}),
        ("one_ten", {"elimination_floor": -50}, {"elimination_floor": -50}),
        # a drive's settings post every game's options: another game's are dropped
        ("forty_fives_45", {"slam": True, "bell": True}, {}),
        # and an option the screen does not offer is dropped
        ("auction_45", {"joker": True, "no_such_option": True}, {}),
    ],
)
def test_the_options_a_game_keeps(key, values, kept):
    assert keeping.clean_options(key, values, offered=OFFERED) == kept


def test_an_option_value_the_option_does_not_take_is_refused_with_the_reason():
    with pytest.raises(SetupError, match="elimination: enter a whole number"):
        keeping.clean_options("one_ten", {"elimination_floor": "x"}, offered=OFFERED)
    with pytest.raises(SetupError, match="30 for 60: choose one of off, loses_30, loses_60"):
        keeping.clean_options("auction_45", {"thirty_for_sixty": "often"}, offered=OFFERED)


def test_the_scorekeeper_refuses_an_option_of_another_game_or_none_in_its_words():
    with pytest.raises(SetupError) as refused:
        keeping.clean_options("forty_fives_45", {"slam": True}, offered=OFFERED, game="45")
    reason = refused.value.args[0]
    assert reason == "slam is not an option of 45"
    assert reason.msgid == "%(option)s is not an option of %(game)s"
    assert reason.params["option"].msgid == "Slam"  # the term, translated as the term
    with pytest.raises(SetupError) as refused:
        keeping.clean_options("auction_45", {"joker_wild": True}, offered=OFFERED, game="45")
    assert refused.value.args[0] == "joker wild is not an option"
    # Both wrong: the first in the order of their names is named.
    with pytest.raises(SetupError, match="^a b is not an option$"):
        keeping.clean_options("auction_45", {"z_z": 1, "a_b": 1}, offered=OFFERED, game="45")
    # Off, or at its default, it says nothing.
    assert keeping.clean_options("one_ten", {"slam": False}, offered=OFFERED, game="110") == {}
    assert (
        keeping.clean_options(
            "forty_fives_45", {"thirty_for_sixty": "off"}, offered=OFFERED, game="45"
        )
        == {}
    )


# --- a whole number, a side ------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "number"),
    [
        (3, 3),
        (0, 0),
        (-2, -2),
        ("3", 3),
        (" 12 ", 12),
        ("-80", -80),
        ("999999", 999999),
        ("1234567", None),
        ("3.5", None),
        ("x", None),
        ("", None),
        (None, None),
        (True, None),
        (False, None),
        (2.0, None),
        ("1 2", None),
    ],
)
def test_a_whole_number_is_a_number_or_its_digits(value, number):
    assert keeping.whole_or_none(value) == number


# --- reading a posted hand ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "posted", "record"),
    [
        (
            FF,
            {"tricks_0": "4", "tricks_1": "1", "best": "0"},
            {"tricks": [4, 1], "best": 0, "bidder": None, "bid": None},
        ),
        (
            FF,
            {"tricks_0": "2", "tricks_1": "3", "best": "none"},
            {"tricks": [2, 3], "best": None, "bidder": None, "bid": None},
        ),
        (
            AUCTION,
            {"tricks_0": "2", "tricks_1": "3", "best": "1", "bidder": "1", "bid": "20"},
            {"tricks": [2, 3], "best": 1, "bidder": 1, "bid": 20},
        ),
        (
            DEFENDERS,
            {"tricks_0": "2", "tricks_1": "3", "best": "none", "bidder": "1", "bid": "20"}
            | {"defenders_30": "on"},
            {"tricks": [2, 3], "best": None, "bidder": 1, "bid": 20, "defenders_30": True},
        ),
        (
            CALLING,
            {f"tricks_{i}": t for i, t in enumerate("11210")}
            | {"best": "2", "bidder": "0", "bid": "20", "partner": "alone"},
            {"tricks": [1, 1, 2, 1, 0], "best": 2, "bidder": 0, "bid": 20, "partner": 0},
        ),
        (
            CALLING,
            {f"tricks_{i}": t for i, t in enumerate("11210")}
            | {"best": "2", "bidder": "0", "bid": "20", "partner": "2"},
            {"tricks": [1, 1, 2, 1, 0], "best": 2, "bidder": 0, "bid": 20, "partner": 2},
        ),
    ],
)
def test_a_posted_hand_is_read_as_its_record(variant, posted, record):
    assert keeping.read_hand(variant, posted) == record


@pytest.mark.parametrize(
    ("posted", "reason"),
    [
        ({"tricks_1": "1", "best": "0"}, "Tap the tricks of Ann."),
        ({"tricks_0": "4", "tricks_1": "", "best": "0"}, "Tap the tricks of Bob."),
        ({"tricks_0": "4", "tricks_1": "one", "best": "0"}, "Tap the tricks of Bob."),
        ({"tricks_0": "4", "tricks_1": "1"}, "Tap who won the best trump, or “No trump played”."),
        (
            {"tricks_0": "4", "tricks_1": "1", "best": ""},
            "Tap who won the best trump, or “No trump played”.",
        ),
        (
            {"tricks_0": "4", "tricks_1": "1", "best": "2"},
            "The side with the best trump must be one of the sides.",
        ),
    ],
)
def test_a_posted_hand_with_a_tap_missing_or_wrong_is_refused_with_the_tap(posted, reason):
    assert read_reason(FF, posted) == reason


def test_the_missing_tap_names_the_side_in_its_words():
    reason = read_reason(CUT_THROAT, {"tricks_0": "1", "tricks_1": "1", "best": "0"})
    assert reason == "Tap the tricks of Cy." and reason.params == {"side": "Cy"}


# --- cleaning a record ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("record", "cleaned"),
    [
        (
            {"tricks": [4, 1], "best": 0},
            {"tricks": [4, 1], "best": 0, "bidder": None, "bid": None},
        ),
        (
            {"tricks": ("4", "1"), "best": "", "bidder": "", "bid": ""},
            {"tricks": [4, 1], "best": None, "bidder": None, "bid": None},
        ),
        (
            {"tricks": [4, 1], "best": "1", "bidder": "0", "bid": "25", "junk": 1},
            {"tricks": [4, 1], "best": 1, "bidder": 0, "bid": 25},
        ),
        (
            {"tricks": [4, 1], "best": 1, "defenders_30": False, "partner": ""},
            {"tricks": [4, 1], "best": 1, "bidder": None, "bid": None},
        ),
        (
            {"tricks": [4, 1], "best": 1, "bidder": 1, "partner": "alone"},
            {"tricks": [4, 1], "best": 1, "bidder": 1, "bid": None, "partner": 1},
        ),
        ({"best": 0}, {"tricks": [], "best": 0, "bidder": None, "bid": None}),
    ],
)
def test_a_record_is_cleaned_to_its_stored_shape(record, cleaned):
    assert keeping.clean_record(AUCTION, record) == cleaned


@pytest.mark.parametrize(
    ("record", "reason"),
    [
        ([4, 1], "Enter the hand."),
        ({"tricks": "41", "best": 0}, "Tricks: enter whole numbers."),
        ({"tricks": [4, "x"], "best": 0}, "Tricks: enter whole numbers."),
        ({"tricks": [4, True], "best": 0}, "Tricks: enter whole numbers."),
        ({"tricks": [4, 1], "best": 0, "bid": "twenty"}, "Choose a bid."),
        ({"tricks": [4, 1], "best": 2}, "The side with the best trump must be one of the sides."),
        ({"tricks": [4, 1], "best": -1}, "The side with the best trump must be one of the sides."),
        (
            {"tricks": [4, 1], "best": True},
            "The side with the best trump must be one of the sides.",
        ),
        ({"tricks": [4, 1], "best": 0, "bidder": "B"}, "The bidder must be one of the sides."),
        ({"tricks": [4, 1], "best": 0, "partner": "alone"}, "Choose who won the bid."),
        ({"tricks": [4, 1], "best": 0, "partner": 7}, "The partner must be one of the sides."),
    ],
)
def test_a_record_in_a_shape_no_hand_has_is_refused(record, reason):
    said = entry_reason(AUCTION, record)
    assert said == reason
    assert isinstance(said, Msg | Said)  # marked: each screen says it in its language


@pytest.mark.parametrize(
    ("record", "cleaned"),
    [
        (
            {"dealer": 0, "turned": "7h  jc", "high": 1, "low": "0", "game": ""},
            {
                "dealer": 0,
                "turned": ["7H", "JC"],
                "beg": None,
                "bids": [],
                "sold": False,
                "captures": [],
                "high": 1,
                "low": 0,
                "jack": None,
                "hanged": False,
                "game": None,
                "counts": [],
            },
        ),
        (
            {
                "dealer": "1",
                "turned": [" 10s ", "", "ad"],
                "beg": "run",
                "bids": ["0", 2],
                "sold": "on",
                "captures": [["1", "4"], [0, 10]],
                "jack": 1,
                "hanged": 1,
                "counts": ["30", 25],
            },
            {
                "dealer": 1,
                "turned": ["10S", "AD"],
                "beg": "run",
                "bids": [0, 2],
                "sold": True,
                "captures": [[1, 4], [0, 10]],
                "high": None,
                "low": None,
                "jack": 1,
                "hanged": True,
                "game": None,
                "counts": [30, 25],
            },
        ),
        (
            {"dealer": 0, "beg": "gift", "turned": None, "bids": "", "captures": None},
            {
                "dealer": 0,
                "turned": [],
                "beg": "gift",
                "bids": [],
                "sold": False,
                "captures": [],
                "high": None,
                "low": None,
                "jack": None,
                "hanged": False,
                "game": None,
                "counts": [],
            },
        ),
    ],
)
def test_a_deal_is_cleaned_to_its_stored_shape(record, cleaned):
    assert keeping.clean_record(SEVEN_UP, record) == cleaned


@pytest.mark.parametrize(
    ("record", "reason"),
    [
        ({"turned": "7H"}, "Choose the dealer."),
        ({"dealer": ""}, "Choose the dealer."),
        ({"dealer": 2}, "The dealer must be one of the sides."),
        ({"dealer": 0, "beg": "begged"}, "A beg is answered by a gift or by running the cards."),
        ({"dealer": 0, "bids": [1, "pass"]}, "Bids: enter whole numbers."),
        ({"dealer": 0, "captures": [[0, 4, 1]]}, "Enter card points as a side and its points."),
        ({"dealer": 0, "captures": [[0]]}, "Enter card points as a side and its points."),
        ({"dealer": 0, "captures": [[0, "x"]]}, "Card points: enter whole numbers."),
        ({"dealer": 0, "captures": [[2, 4]]}, "Card points must be one of the sides."),
        ({"dealer": 0, "high": 2}, "High must be one of the sides."),
        ({"dealer": 0, "low": 2}, "Low must be one of the sides."),
        ({"dealer": 0, "jack": 2}, "Jack must be one of the sides."),
        ({"dealer": 0, "game": 2}, "Game must be one of the sides."),
        ({"dealer": 0, "counts": "30"}, "Card points for Game: enter whole numbers."),
    ],
)
def test_a_deal_in_a_shape_no_deal_has_is_refused(record, reason):
    assert entry_reason(SEVEN_UP, record) == reason


# --- the library's terms -------------------------------------------------------------------


def test_a_record_in_the_rules_librarys_terms():
    record = {"tricks": [4, 1], "best": 0, "bidder": 0, "bid": 20, "partner": 0}
    assert keeping.hand_of(CALLING, record | {"defenders_30": True}) == HandRecord(
        (4, 1), 0, bidder=0, bid=20, defenders_30=True, partner=0
    )
    assert keeping.hand_of(FF, {"tricks": [2, 3], "best": None}) == HandRecord((2, 3), None)
    deal = {"dealer": 1, "turned": ["7H"], "high": 0, "counts": [], "other": 3}
    assert keeping.hand_of(SEVEN_UP, deal) == all_fours.Deal(1, ("7H",), high=0)
    assert keeping.is_deals(SEVEN_UP) and not keeping.is_deals(FF)
    assert keeping.new_state(FF) == games.new_game(FF)
    assert keeping.new_state(SEVEN_UP) == all_fours.new_game(SEVEN_UP)


# --- replaying and taking hands --------------------------------------------------------------


def test_the_worked_example_replayed_hand_by_hand():
    """game-scoring.md: A 25-5, 35-25, then 50-40 and A wins."""
    kept = keeping.replay(
        FF,
        [
            {"tricks": [4, 1], "best": 0},
            {"tricks": [2, 3], "best": 1},
            {"tricks": [2, 3], "best": 0},
        ],
    )
    assert [r.number for r in kept.rows] == [1, 2, 3]
    assert [r.totals for r in kept.rows] == [(25, 5), (35, 25), (50, 40)]
    assert [r.changes for r in kept.rows] == [(25, 5), (10, 20), (15, 15)]
    assert kept.rows[0].record == {"tricks": [4, 1], "best": 0}
    assert kept.state.winner == 0 and kept.rows[-1].made is None


def test_an_auction_hand_says_whether_the_bid_was_made_and_who_hung():
    hands = [
        *[{"tricks": [4, 1], "best": 0, "bidder": 0, "bid": 25}] * 3,
        {"tricks": [1, 4], "best": 1, "bidder": 1, "bid": 25},
        {"tricks": [5, 0], "best": 0, "bidder": 0, "bid": 30},
        {"tricks": [5, 0], "best": 0, "bidder": 0, "bid": 30},
    ]
    kept = keeping.replay(AUCTION, hands)
    assert kept.rows[-1].totals == (140, 40) and kept.state.winner == 0
    assert [r.hanging for r in kept.rows] == [(), (), (), (), (), (1,)]
    assert all(r.made for r in kept.rows)
    set_hand = keeping.replay(AUCTION, [{"tricks": [3, 2], "best": 1, "bidder": 0, "bid": 25}])
    assert set_hand.rows[0].made is False and set_hand.rows[0].changes == (-25, 15)


def test_a_deal_replayed_says_how_it_counted_out():
    kept = keeping.replay(
        SEVEN_UP,
        [
            {"dealer": 0, "turned": ["JH"], "high": 1, "low": 0, "game": 1},
            {"dealer": 1, "turned": ["7C"], "high": 0, "low": 0, "jack": 0, "game": 0},
        ],
    )
    assert [r.totals for r in kept.rows] == [(2, 2), (6, 2)]
    assert [r.number for r in kept.rows] == [1, 2]
    assert kept.rows[0].record == {"dealer": 0, "turned": ["JH"], "high": 1, "low": 0, "game": 1}
    assert [r.changes for r in kept.rows] == [(2, 2), (4, 0)]
    assert [(e.event, e.side, e.points) for e in kept.rows[0].events] == [
        (all_fours.TURNED_JACK, 0, 1),
        (all_fours.HIGH, 1, 1),
        (all_fours.LOW, 0, 1),
        (all_fours.GAME, 1, 1),
    ]
    assert all(e.deal == 2 for e in kept.rows[1].events) and len(kept.rows[1].events) == 4
    assert kept.rows[0].made is None and kept.rows[0].hanging == ()


def test_a_kept_hand_the_rules_no_longer_take_is_named_by_its_number():
    with pytest.raises(keeping.Unscorable) as refused:
        keeping.replay(FF, [{"tricks": [4, 1], "best": 0}, {"tricks": [4, 2], "best": 0}])
    assert refused.value.number == 2
    assert refused.value.reason == "tricks add up to 6, must be 5"
    assert str(refused.value) == "tricks add up to 6, must be 5"
    with pytest.raises(keeping.Unscorable) as refused:
        keeping.replay(SEVEN_UP, [{"dealer": 0, "turned": ["JH"], "jack": 1}])
    assert refused.value.number == 1 and "Jack was turned up" in refused.value.reason


def test_a_hand_taken_is_its_record_the_game_after_it_and_its_row():
    state = played(FF, {"tricks": [4, 1], "best": 0})
    taken = keeping.take(FF, state, {"tricks": ["2", "3"], "best": "1"}, 2, kept=1)
    assert isinstance(taken, keeping.Taken) and taken.reason is None
    assert taken.record == {"tricks": [2, 3], "best": 1, "bidder": None, "bid": None}
    assert taken.after.scores == (35, 25)
    assert taken.row == keeping.Row(2, taken.record, (10, 20), (35, 25))


@pytest.mark.parametrize(
    ("number", "kept", "reason"),
    [
        (1, 1, "Hand 1 was already entered on another device."),
        (0, 1, "Hand 0 was already entered on another device."),
        (3, 1, "This page is out of date: the next hand is hand 2."),
        ("2", 1, "This page is out of date: the next hand is hand 2."),
        (None, 0, "This page is out of date: the next hand is hand 1."),
    ],
)
def test_a_hand_number_that_is_not_the_next_is_stale(number, kept, reason):
    state = played(FF, *[{"tricks": [4, 1], "best": 0}] * kept)
    refusal = keeping.take(FF, state, {"tricks": [4, 1], "best": 0}, number, kept=kept)
    assert refusal == keeping.Refused(reason, stale=True)


def test_a_won_game_takes_no_more_hands():
    state = played(FF, *[{"tricks": [5, 0], "best": 0}] * 2)
    refusal = keeping.take(FF, state, {"tricks": [5, 0], "best": 0}, 3, kept=2)
    assert refusal.reason == "The game is over: Ann won. It takes no more hands."
    assert refusal.stale and refusal.reason.params == {"side": "Ann"}


def test_a_hand_the_rules_refuse_is_refused_with_its_number_and_reason():
    state = keeping.new_state(FF)
    refusal = keeping.take(FF, state, {"tricks": [4, 2], "best": 0}, 1, kept=0)
    assert refusal == keeping.Refused("Hand 1 refused: tricks add up to 6, must be 5.")
    assert not refusal.stale
    deal = keeping.take(
        SEVEN_UP, keeping.new_state(SEVEN_UP), {"dealer": 0, "turned": ["JH"], "jack": 1}, 1, kept=0
    )
    assert deal.reason.startswith("Deal 1 refused: the Jack was turned up")


def test_a_hand_in_the_wrong_shape_is_refused_as_it_is_said():
    state = keeping.new_state(FF)
    refusal = keeping.take(FF, state, {"tricks": [4, 1], "best": 5}, 1, kept=0)
    assert refusal == keeping.Refused("The side with the best trump must be one of the sides.")


def test_a_hand_sent_again_is_the_kept_one_or_stale():
    record = {"tricks": [4, 1], "best": 0, "bidder": None, "bid": None}
    assert keeping.again(FF, 1, record, dict(record)) is None
    other = keeping.again(FF, 1, record, {**record, "best": 1})
    assert other == keeping.Refused(
        "Hand 1 was already entered from this page: here it is.", stale=True
    )
    deal = keeping.again(SEVEN_UP, 2, {"dealer": 0}, {"dealer": 1})
    assert deal.reason == "Deal 2 was already entered from this page: here it is."


# --- properties ----------------------------------------------------------------------------------

VARIANTS = [FF, CUT_THROAT, AUCTION, ONE_TEN, games.make_variant("forty_fives_120")]


@st.composite
def posted_hands(draw, variant):
    """What a screen may post: taps of every kind, right or wrong."""
    n = variant.n_sides
    tap = st.sampled_from(["", "none", "x", "-1", *map(str, range(n + 1))])
    posted = {
        f"tricks_{i}": draw(st.sampled_from(["", "x", *map(str, range(-1, 7))])) for i in range(n)
    }
    posted["best"] = draw(tap)
    if draw(st.booleans()):
        posted["bidder"] = draw(tap)
        posted["bid"] = draw(st.sampled_from(["", "15", "20", "25", "30", "17", str(SLAM)]))
    return posted


@st.composite
def games_so_far(draw):
    variant = draw(st.sampled_from(VARIANTS))
    records, state = [], keeping.new_state(variant)
    for posted in draw(st.lists(posted_hands(variant), max_size=8)):
        try:
            record = keeping.read_hand(variant, posted)
        except HandError:
            continue
        taken = keeping.take(variant, state, record, len(records) + 1, kept=len(records))
        if isinstance(taken, keeping.Taken):
            records.append(taken.record)
            state = taken.after
    return variant, records, state, draw(posted_hands(variant))


@given(games_so_far())
def test_a_hand_taken_applies_in_the_rules_library_and_its_changes_add_up(game):
    variant, records, state, posted = game
    try:
        record = keeping.read_hand(variant, posted)
    except HandError as e:
        assert isinstance(e.reason, Msg | Said)
        return
    taken = keeping.take(variant, state, record, len(records) + 1, kept=len(records))
    if isinstance(taken, keeping.Refused):
        assert isinstance(taken.reason, Msg | Said)
        # A refused hand changes nothing: the kept hands replay to the same game.
        assert keeping.replay(variant, records).state == state
        return
    after = games.apply_hand(variant, state, keeping.hand_of(variant, taken.record))
    assert after == taken.after
    assert taken.row.totals == after.scores
    assert tuple(a + c for a, c in zip(state.scores, taken.row.changes, strict=True)) == (
        after.scores
    )
    assert keeping.replay(variant, [*records, taken.record]).state == after
    # The stored record cleans to itself.
    assert keeping.clean_record(variant, taken.record) == taken.record


@given(games_so_far())
def test_every_kept_hand_row_adds_up_to_the_totals(game):
    variant, records, state, _posted = game
    kept = keeping.replay(variant, records)
    totals = tuple(0 for _ in variant.sides)
    for row in kept.rows:
        totals = tuple(t + c for t, c in zip(totals, row.changes, strict=True))
        assert totals == row.totals
    assert kept.state == state


@pytest.mark.parametrize(
    ("last", "number", "refusal"),
    [
        (3, 3, None),
        (3, None, None),
        (1, 1, None),
        (None, None, keeping.Refused("No hand has been kept: there is nothing to undo.", True)),
        (None, 1, keeping.Refused("No hand has been kept: there is nothing to undo.", True)),
        (
            4,
            3,
            keeping.Refused(
                "Another device changed the hands: the last hand is now hand 4. Check it "
                "before undoing.",
                True,
            ),
        ),
    ],
)
def test_only_the_last_hand_the_page_showed_is_taken_back(last, number, refusal):
    assert keeping.take_back(last, number) == refusal
