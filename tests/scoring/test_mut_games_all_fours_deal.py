"""The All Fours family's variants and deals as entered (scoring/games/all_fours_deal.py):
what a variant and a deal keep, and each refusal word for word, at its boundaries."""

from __future__ import annotations

import pytest

from scoring.games import all_fours_deal as afd
from scoring.games.all_fours_deal import (
    GIFT,
    RUN,
    RUN_UNTIL_NEW_SUIT,
    VARIANTS,
    Deal,
    DealError,
    SetupError,
    Variant,
    check_deal,
    check_play,
    elder,
    game_winner,
    make_variant,
    pitching_side,
    reached_play,
    sides_from_elder,
)
from scoring.games.core import Side, alone, partners, two_pairs
from scoring.words import Msg

HEADS_UP = alone("A", "B")
SEVEN_UP = make_variant("seven_up", HEADS_UP)
CUT_THROAT = make_variant("seven_up", alone("A", "B", "C"))
CARIBBEAN = make_variant("caribbean")
PITCH = make_variant("pitch", HEADS_UP)
AUCTION_HEADS_UP = make_variant("auction_pitch", HEADS_UP)
AUCTION_THREE = make_variant("auction_pitch", alone("A", "B", "C"))
AUCTION_PAIRS = make_variant("auction_pitch")
COMMERCIAL_HEADS_UP = make_variant("commercial_pitch", HEADS_UP)
COMMERCIAL_PAIRS = make_variant("commercial_pitch")
COMMERCIAL_THREE = make_variant("commercial_pitch", alone("A", "B", "C"))
ALL_FIVES = make_variant("all_fives", HEADS_UP)
ALL_FIVES_TRUMPS_ONLY = make_variant("all_fives", HEADS_UP, trumps_only=True)
CALIFORNIA = make_variant("california_jack", HEADS_UP)


def setup_refusal(call, *args, **kwargs):
    with pytest.raises(SetupError) as caught:
        call(*args, **kwargs)
    (said,) = caught.value.args
    return said


def deal_refusal(call, *args):
    with pytest.raises(DealError) as caught:
        call(*args)
    (said,) = caught.value.args
    assert caught.value.reason == said and caught.value.deal is None
    return said


# --- a variant --------------------------------------------------------------------


def test_a_variant_keeps_its_sides_as_a_tuple_and_its_options_as_a_frozen_set():
    v = Variant("pitch", 7, [Side("A"), Side("B")], {"low_to_winner"})
    assert v.sides == (Side("A"), Side("B")) and type(v.sides) is tuple
    assert v.options == frozenset({"low_to_winner"}) and type(v.options) is frozenset
    assert v == Variant("pitch", 7, (Side("A"), Side("B")), frozenset({"low_to_winner"}))
    assert hash(v) == hash(Variant("pitch", 7, HEADS_UP, frozenset({"low_to_winner"})))


def test_a_variant_says_its_name_sides_and_players():
    v = make_variant("seven_up", alone("Ann", "Bob", "Cy"))
    assert (v.name, v.n_sides, v.players) == ("Seven Up", 3, 3)
    assert [v.name_of(s) for s in range(3)] == ["Ann", "Bob", "Cy"]
    assert make_variant("seven_up").players == 4
    assert make_variant("seven_up", partners("A", "B", size=3)).players == 6
    assert v.rules is afd.RULES["seven_up"]


@pytest.mark.parametrize(
    ("key", "options", "low_to"),
    [
        ("seven_up", {}, "holder"),
        ("seven_up", {"low_to_winner": True}, "winner"),
        ("seven_up", {"low_to_winner": False}, "holder"),
        ("lancashire", {}, "winner"),
        ("california_jack", {}, "winner"),
        ("pitch", {"low_to_winner": True}, "winner"),
    ],
)
def test_low_goes_to_its_holder_unless_the_rules_or_the_option_say_its_winner(key, options, low_to):
    assert make_variant(key, **options).low_to == low_to


def test_an_unknown_game_is_refused_by_name():
    for call in (lambda: Variant("whist", 7, HEADS_UP), lambda: make_variant("whist")):
        said = setup_refusal(call)
        assert said == "unknown game: whist"
        assert said.msgid == "unknown game: {key}" and said.params == {"key": "whist"}


@pytest.mark.parametrize("target", [True, False, 7.0, "7", None])
def test_a_target_that_is_not_a_whole_number_is_refused(target):
    said = setup_refusal(Variant, "pitch", target, HEADS_UP)
    assert said == "the target must be a whole number" and isinstance(said, Msg)


@pytest.mark.parametrize("target", [30, 32, 0])
def test_a_game_played_to_one_target_refuses_any_other(target):
    said = setup_refusal(make_variant, "running_all_fours", target=target)
    assert said == "Running All Fours is played to 31"
    assert said.msgid == "{game} is played to {target}"
    assert said.params == {"game": "Running All Fours", "target": 31}
    assert make_variant("running_all_fours").target == 31


@pytest.mark.parametrize("target", [4, 100, -7])
def test_an_agreed_target_outside_its_range_is_refused(target):
    said = setup_refusal(make_variant, "pitch", target=target)
    assert said == "Pitch is played to between 5 and 99"
    assert said.params == {"game": "Pitch", "low": 5, "high": 99}


@pytest.mark.parametrize(("key", "target"), [("pitch", 5), ("pitch", 99), ("seven_up", 15)])
def test_an_agreed_target_at_either_end_of_its_range_is_taken(key, target):
    assert make_variant(key, target=target).target == target


def test_seven_up_refuses_a_target_past_15():
    assert setup_refusal(make_variant, "seven_up", target=16) == (
        "Seven Up is played to between 7 and 15"
    )
    assert setup_refusal(make_variant, "seven_up", target=6) == (
        "Seven Up is played to between 7 and 15"
    )


@pytest.mark.parametrize("sides", [alone("A"), alone(*"ABCDEFG"), ()])
def test_a_game_needs_two_to_six_sides(sides):
    said = setup_refusal(Variant, "seven_up", 7, sides)
    assert said == "a game needs 2 to 6 sides" and said.params == {"most": 6}


def test_six_sides_of_one_and_two_sides_are_taken():
    assert make_variant("seven_up", alone(*"ABCDEF")).n_sides == 6
    assert make_variant("seven_up", HEADS_UP).n_sides == 2


@pytest.mark.parametrize(
    "sides",
    [
        alone("A", "A"),
        alone("A", " A "),
        alone("A", ""),
        alone("  ", "B"),
        alone("A", "B", "A"),
    ],
)
def test_each_side_needs_a_name_of_its_own(sides):
    said = setup_refusal(make_variant, "seven_up", sides)
    assert said == "each side needs a name of its own" and isinstance(said, Msg)


@pytest.mark.parametrize(
    "sides",
    [
        (Side("A", 1), Side("B", 2)),
        (Side("A", 2), Side("B", 3)),
        partners("A", "B", size=4),
        partners("A", "B", size=0),
    ],
)
def test_sides_must_all_be_the_same_size_of_one_to_three(sides):
    said = setup_refusal(make_variant, "seven_up", sides)
    assert said == "sides must all be the same: players alone, pairs or threes"


def test_threes_are_taken():
    assert make_variant("seven_up", partners("A", "B", size=3)).players == 6


@pytest.mark.parametrize("sides", [partners("A", "B", "C", size=3), partners("A", "B", "C", "D")])
def test_at_most_six_players_sit_down(sides):
    said = setup_refusal(make_variant, "seven_up", sides)
    assert said == "Seven Up seats at most 6 players"
    assert said.params == {"game": "Seven Up", "most": 6}


def test_six_players_in_three_pairs_are_taken():
    assert make_variant("seven_up", partners("A", "B", "C")).players == 6


@pytest.mark.parametrize(
    "sides",
    [HEADS_UP, alone("A", "B", "C", "D"), partners("A", "B", "C"), partners("A", "B", size=3)],
)
def test_a_pairs_only_game_is_for_four_players_in_two_pairs(sides):
    said = setup_refusal(make_variant, "yorkshire", sides)
    assert said == "Yorkshire All Fours is for 4 players in 2 pairs"
    assert said.params == {"game": "Yorkshire All Fours"}
    assert make_variant("yorkshire").players == 4


@pytest.mark.parametrize(
    ("option", "words"),
    [
        ("tobago", "tobago"),
        ("game_worth_2", "game worth 2"),
        ("no_gift_to_go_out", "no gift to go out"),
        ("pub_count", "pub count"),
        ("trumps_only", "trumps only"),
        ("double_or_quits", "double or quits"),
    ],
)
def test_an_option_the_game_does_not_have_is_refused_in_words(option, words):
    for call in (
        lambda: make_variant("lancashire", **{option: True}),
        lambda: make_variant("lancashire", **{option: False}),
        lambda: Variant("lancashire", 11, two_pairs(), frozenset({option})),
    ):
        said = setup_refusal(call)
        assert said == f"{words} is not an option of Lancashire All Fours"
        assert said.msgid == "{option} is not an option of {game}"
        assert said.params == {"option": words, "game": "Lancashire All Fours"}
        # a known option is named in the reader's language, an unknown one as written
        assert isinstance(said.params["option"], Msg) == (option != "double_or_quits")


def test_low_to_winner_is_named_in_words_where_it_is_not_an_option():
    said = setup_refusal(make_variant, "california_jack", low_to_winner=True)
    assert said == "low to winner is not an option of California Jack"


def test_the_first_refused_option_in_alphabetical_order_is_named():
    v = ("lancashire", 11, two_pairs(), frozenset({"tobago", "pub_count", "game_worth_2"}))
    assert setup_refusal(Variant, *v) == "game worth 2 is not an option of Lancashire All Fours"
    said = setup_refusal(make_variant, "lancashire", tobago=True, pub_count=True)
    assert said == "pub count is not an option of Lancashire All Fours"


def test_make_variant_takes_its_usual_target_two_pairs_and_the_options_set_on():
    v = make_variant("caribbean", tobago=True, game_worth_2=False)
    assert (v.key, v.target, v.sides, v.options) == ("caribbean", 14, two_pairs(), {"tobago"})
    assert make_variant("seven_up", []).sides == two_pairs()
    assert make_variant("seven_up", [Side("X"), Side("Y")]).sides == alone("X", "Y")
    assert make_variant("seven_up", target=11).target == 11
    assert make_variant("pitch").target == 7


def test_every_registry_key_makes_its_variant():
    assert set(VARIANTS) == set(afd.RULES)
    for key, make in VARIANTS.items():
        v = make()
        assert v.key == key and v.target == afd.RULES[key].target
    assert VARIANTS["seven_up"](HEADS_UP, target=11) == make_variant(
        "seven_up", HEADS_UP, target=11
    )


# --- a deal -----------------------------------------------------------------------


def test_a_deal_keeps_its_lists_as_tuples():
    d = Deal(0, ["JH", "5S"], RUN, [1, 2], captures=[[0, 3], [1, 4]], counts=[3, 4])
    assert d.turned == ("JH", "5S") and type(d.turned) is tuple
    assert d.bids == (1, 2) and type(d.bids) is tuple
    assert d.captures == ((0, 3), (1, 4)) and all(type(c) is tuple for c in d.captures)
    assert type(d.captures) is tuple
    assert d.counts == (3, 4) and type(d.counts) is tuple
    assert hash(d) == hash(
        Deal(0, ("JH", "5S"), RUN, (1, 2), captures=((0, 3), (1, 4)), counts=(3, 4))
    )


def test_a_deal_by_default_says_nothing_happened():
    d = Deal(1)
    assert (d.turned, d.beg, d.bids, d.sold, d.captures) == ((), None, (), False, ())
    assert (d.high, d.low, d.jack, d.hanged, d.game, d.counts) == (
        None,
        None,
        None,
        False,
        None,
        (),
    )
    assert not reached_play(d)


def test_a_deal_error_keeps_its_reason_and_deal_number():
    error = DealError("why", deal=3)
    assert (error.reason, error.deal, str(error)) == ("why", 3, "why")
    assert DealError("why").deal is None
    assert issubclass(DealError, afd.RulesError) and issubclass(SetupError, afd.RulesError)
    assert issubclass(afd.RulesError, ValueError)


# --- helpers ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "the_elder", "order"), [(0, 1, [1, 2, 0]), (1, 2, [2, 0, 1]), (2, 0, [0, 1, 2])]
)
def test_the_elder_plays_first_and_the_dealer_last(dealer, the_elder, order):
    assert elder(CUT_THROAT, dealer) == the_elder
    assert sides_from_elder(CUT_THROAT, dealer) == order


@pytest.mark.parametrize(
    ("dealer", "counts", "winner"),
    [
        (0, (5, 10, 10), 1),
        (1, (5, 10, 10), 2),
        (2, (5, 10, 10), 1),
        (1, (10, 10, 5), 0),
        (0, (10, 10, 10), 1),
        (2, (3, 9, 4), 1),
    ],
)
def test_a_tied_game_goes_to_the_elder_of_the_tied_sides_in_seven_up(dealer, counts, winner):
    assert game_winner(CUT_THROAT, dealer, counts) == winner


def test_a_tied_game_goes_to_nobody_in_pitch_and_a_clear_one_to_its_side():
    assert game_winner(PITCH, 0, (9, 9)) is None
    assert game_winner(PITCH, 0, (9, 10)) == 1
    assert game_winner(PITCH, 1, (11, 10)) == 0


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("JH", ("J", "H")),
        ("jh", ("J", "H")),
        (" 10s ", ("10", "S")),
        ("TS", ("10", "S")),
        ("tD", ("10", "D")),
        ("A\u2663", ("A", "C")),
        ("2\u2666", ("2", "D")),
        ("Q\u2665", ("Q", "H")),
        ("K\u2660", ("K", "S")),
    ],
)
def test_a_card_is_read_in_any_case_with_t_for_ten_and_suit_signs(text, card):
    assert check_deal(SEVEN_UP, Deal(0, (text,))) == (card,)


@pytest.mark.parametrize("text", ["1H", "JX", "", "J", "H", "11S", "JHH", 5, None, ("J", "H")])
def test_what_is_not_a_card_is_refused_with_its_repr(text):
    said = deal_refusal(check_deal, SEVEN_UP, Deal(0, (text,)))
    assert said == f"{text!r} is not a card: write it as a rank and a suit, like JH or 10S"
    assert said.params == {"card": repr(text)}


@pytest.mark.parametrize("dealer", [2, -1, True, "0", None])
def test_a_dealer_who_is_not_a_side_is_refused(dealer):
    said = deal_refusal(check_deal, PITCH, Deal(dealer))
    assert said == "the dealer must be one of the 2 sides"
    assert said.msgid == "{what} must be one of the {n} sides"
    assert said.params == {"what": "the dealer", "n": 2}


# --- the card turned up -----------------------------------------------------------


def test_where_the_first_card_led_makes_trumps_no_card_is_turned_up():
    said = deal_refusal(check_deal, PITCH, Deal(0, ("JH",)))
    assert said == "in Pitch the first card led makes trumps, so no card is turned up"
    assert said.params == {"game": "Pitch"}


def test_the_card_cut_for_trumps_is_left_out():
    said = deal_refusal(check_deal, CALIFORNIA, Deal(0, ("JH",), jack=0))
    assert said == "in California Jack the card cut for trumps scores nothing: leave it out"
    assert said.params == {"game": "California Jack"}


@pytest.mark.parametrize("beg", [GIFT, RUN, "stand"])
def test_a_game_without_a_turn_up_has_no_begging(beg):
    said = deal_refusal(check_deal, PITCH, Deal(0, beg=beg))
    assert said == "Pitch has no begging" and said.params == {"game": "Pitch"}


def test_a_game_without_a_turn_up_checks_no_cards():
    assert check_deal(PITCH, Deal(0)) == ()


def test_the_card_turned_up_must_be_entered():
    said = deal_refusal(check_deal, SEVEN_UP, Deal(0))
    assert said == "enter the card turned up for trumps" and isinstance(said, Msg)


def test_the_same_card_cannot_be_turned_up_twice():
    said = deal_refusal(check_deal, SEVEN_UP, Deal(0, ("JH", "jh"), beg=RUN))
    assert said == "the same card cannot be turned up twice"


@pytest.mark.parametrize("beg", ["stand", "", "GIFT", 0])
def test_a_beg_is_answered_by_a_gift_or_a_run(beg):
    said = deal_refusal(check_deal, SEVEN_UP, Deal(0, ("JH",), beg=beg))
    assert said == "a beg is answered by a gift or by running the cards"


@pytest.mark.parametrize("beg", [None, GIFT])
def test_only_a_run_turns_up_more_than_one_card(beg):
    said = deal_refusal(check_deal, SEVEN_UP, Deal(0, ("JH", "5S"), beg=beg))
    assert said == "only one card is turned up unless the dealer runs the cards"
    assert check_deal(SEVEN_UP, Deal(0, ("JH",), beg=beg)) == (("J", "H"),)


def test_a_run_turns_up_a_new_card():
    said = deal_refusal(check_deal, SEVEN_UP, Deal(0, ("JH",), beg=RUN))
    assert said == "running the cards turns up a new card for trumps: enter it"


def test_a_run_stops_at_the_first_card_of_a_new_suit():
    said = deal_refusal(check_deal, SEVEN_UP, Deal(0, ("JH", "5S", "6H", "7D"), beg=RUN))
    assert said == RUN_UNTIL_NEW_SUIT
    assert said == "the cards are run until a card of a new suit is turned up, and no further"
    cards = check_deal(SEVEN_UP, Deal(0, ("JH", "5H", "7D"), beg=RUN))
    assert cards == (("J", "H"), ("5", "H"), ("7", "D"))


def test_heads_up_the_pack_runs_five_times_but_not_six():
    five = ("2H", "3H", "4H", "5H", "6H", "7S")
    assert len(check_deal(SEVEN_UP, Deal(0, five, beg=RUN))) == 6
    six = ("2H", "3H", "4H", "5H", "6H", "7H", "8S")
    said = deal_refusal(check_deal, SEVEN_UP, Deal(0, six, beg=RUN))
    assert said == "running the cards 6 times needs 55 cards, more than the pack"
    assert said.msgid == "running the cards {runs} time needs {needed} cards, more than the pack"
    assert said.params == {"runs": 6, "needed": 55}


def test_four_players_run_the_pack_twice_but_not_three_times():
    v = make_variant("seven_up")
    assert len(check_deal(v, Deal(0, ("2H", "3H", "4S"), beg=RUN))) == 3
    said = deal_refusal(check_deal, v, Deal(0, ("2H", "3H", "4H", "5S"), beg=RUN))
    assert said == "running the cards 3 times needs 64 cards, more than the pack"


def test_six_players_cannot_run_the_cards_at_all():
    v = make_variant("seven_up", alone(*"ABCDEF"))
    said = deal_refusal(check_deal, v, Deal(0, ("2H", "3S"), beg=RUN))
    assert said == "running the cards 1 time needs 56 cards, more than the pack"
    assert said.params == {"runs": 1, "needed": 56}


def test_three_players_run_three_times_but_not_four():
    assert len(check_deal(CUT_THROAT, Deal(0, ("2H", "3H", "4H", "5S"), beg=RUN))) == 4
    said = deal_refusal(check_deal, CUT_THROAT, Deal(0, ("2H", "3H", "4H", "5H", "6S"), beg=RUN))
    assert said == "running the cards 4 times needs 59 cards, more than the pack"


# --- bids -------------------------------------------------------------------------


@pytest.mark.parametrize("deal", [Deal(0, bids=(1, 0)), Deal(0, sold=True)])
def test_a_game_without_bidding_refuses_bids_and_sales(deal):
    said = deal_refusal(check_deal, PITCH, deal)
    assert said == "Pitch has no bidding" and said.params == {"game": "Pitch"}


@pytest.mark.parametrize(
    ("v", "bids", "n"),
    [
        (AUCTION_HEADS_UP, (1,), 2),
        (AUCTION_HEADS_UP, (1, 0, 0), 2),
        (AUCTION_PAIRS, (1, 2, 3), 4),
        (COMMERCIAL_HEADS_UP, (), 1),
        (COMMERCIAL_HEADS_UP, (1, 2), 1),
        (COMMERCIAL_PAIRS, (1, 2, 3, 4), 3),
    ],
)
def test_one_bid_is_entered_for_each_player_who_bids(v, bids, n):
    said = deal_refusal(check_deal, v, Deal(0, bids=bids))
    assert said == f"enter one bid for each player who bids, 0 for a pass: {n} in all"
    assert said.params == {"n": n}


@pytest.mark.parametrize("bid", [5, -1, True, 2.0, "2", None])
def test_a_bid_is_one_to_four_or_a_pass(bid):
    said = deal_refusal(check_deal, AUCTION_HEADS_UP, Deal(0, bids=(bid, 0)))
    assert said == "a bid is 1 to 4 points, or 0 for a pass" and said.params == {"most": 4}


@pytest.mark.parametrize("bids", [(4, 0), (0, 4), (1, 0), (0, 1), (1, 2)])
def test_bids_of_one_to_four_are_taken(bids):
    assert check_deal(AUCTION_HEADS_UP, Deal(0, bids=bids, high=0, low=0)) == ()


@pytest.mark.parametrize(("bids", "high"), [((2, 2), 2), ((3, 1), 3), ((0, 2, 1), 2)])
def test_each_bid_tops_the_one_before(bids, high):
    v = AUCTION_HEADS_UP if len(bids) == 2 else AUCTION_THREE
    said = deal_refusal(check_deal, v, Deal(0, bids=bids))
    assert said == f"a bid must be higher than {high}" and said.params == {"bid": high}


def test_the_elders_partner_cannot_bid_in_commercial_pitch():
    # Pairs, dealer 0: after the elder (side 1) bid the dealer's side, the elder's partner,
    # then the dealer.
    said = deal_refusal(check_deal, COMMERCIAL_PAIRS, Deal(0, bids=(0, 2, 0)))
    assert said == "the elder's partner cannot bid: the elder sells to the other sides"
    assert deal_refusal(check_deal, COMMERCIAL_PAIRS, Deal(1, bids=(0, 2, 0))) == said
    assert check_deal(COMMERCIAL_PAIRS, Deal(0, bids=(1, 0, 2), high=0, low=0)) == ()
    assert check_deal(COMMERCIAL_THREE, Deal(0, bids=(1, 2), high=0, low=0)) == ()


def test_in_auction_pitch_the_elders_partner_may_bid():
    assert check_deal(AUCTION_PAIRS, Deal(0, bids=(0, 0, 2, 0), high=0, low=0)) == ()


def test_only_commercial_pitch_has_a_sale():
    said = deal_refusal(check_deal, AUCTION_HEADS_UP, Deal(0, bids=(1, 0), sold=True))
    assert said == "only Commercial Pitch has a sale"


def test_when_everyone_passes_the_cards_are_dealt_again():
    said = deal_refusal(check_deal, AUCTION_HEADS_UP, Deal(0, bids=(0, 0)))
    assert said == "everyone passed, so the cards are thrown in and dealt again"


def test_the_elder_sells_only_when_somebody_bid():
    said = deal_refusal(check_deal, COMMERCIAL_HEADS_UP, Deal(0, bids=(0,), sold=True))
    assert said == "nobody bid, so the elder has nothing to sell"
    assert check_deal(COMMERCIAL_HEADS_UP, Deal(0, bids=(0,), high=0, low=0)) == ()
    assert check_deal(COMMERCIAL_HEADS_UP, Deal(0, bids=(1,), sold=True, high=0, low=0)) == ()


# --- who pitches ------------------------------------------------------------------


def test_a_game_without_bidding_has_no_pitcher():
    assert pitching_side(PITCH, Deal(0)) is None
    assert pitching_side(SEVEN_UP, Deal(0, ("JH",))) is None


@pytest.mark.parametrize(
    ("dealer", "bids", "pitcher"),
    [
        (0, (1, 0, 0), (1, 1)),
        (0, (0, 1, 0), (2, 1)),
        (0, (0, 0, 3), (0, 3)),
        (1, (0, 3, 0), (0, 3)),
        (1, (2, 0, 4), (1, 4)),
        (2, (0, 2, 3), (2, 3)),
        (2, (0, 0, 0), (0, 0)),
        (1, (0, 0, 0), (2, 0)),
    ],
)
def test_in_auction_pitch_the_highest_bidder_pitches_counting_seats_from_the_elder(
    dealer, bids, pitcher
):
    assert pitching_side(AUCTION_THREE, Deal(dealer, bids=bids)) == pitcher


@pytest.mark.parametrize(
    ("dealer", "bids", "sold", "pitcher"),
    [
        (0, (2, 0), False, (1, 2)),
        (0, (2, 0), True, (2, 2)),
        (0, (0, 3), True, (0, 3)),
        (1, (1, 3), True, (1, 3)),
        (1, (1, 0), True, (0, 1)),
        (2, (0, 4), True, (2, 4)),
        (2, (0, 4), False, (0, 4)),
    ],
)
def test_in_commercial_pitch_the_elder_pitches_unless_it_sold(dealer, bids, sold, pitcher):
    assert pitching_side(COMMERCIAL_THREE, Deal(dealer, bids=bids, sold=sold)) == pitcher


def test_a_bid_of_one_makes_its_bidder_the_pitcher():
    assert pitching_side(AUCTION_HEADS_UP, Deal(0, bids=(0, 1))) == (0, 1)
    assert pitching_side(AUCTION_PAIRS, Deal(1, bids=(0, 1, 0, 0))) == (1, 1)


# --- All Fives card points ----------------------------------------------------------


def test_card_points_during_play_are_for_all_fives_only():
    said = deal_refusal(check_deal, SEVEN_UP, Deal(0, ("9H",), captures=((0, 4),)))
    assert said == "Seven Up scores no card points during play"
    assert said.params == {"game": "Seven Up"}


@pytest.mark.parametrize("capture", [(0,), (0, 1, 2), ()])
def test_card_points_are_a_side_and_its_points(capture):
    said = deal_refusal(check_deal, ALL_FIVES, Deal(0, ("9H",), captures=(capture,)))
    assert said == "enter card points as a side and its points"


@pytest.mark.parametrize("side", [2, -1, True, None])
def test_card_points_go_to_one_of_the_sides(side):
    said = deal_refusal(check_deal, ALL_FIVES, Deal(0, ("9H",), captures=((side, 4),)))
    assert said == "card points must be one of the 2 sides"
    assert said.params == {"what": "card points", "n": 2}


@pytest.mark.parametrize("points", [0, -4, True, 4.0, "4"])
def test_card_points_taken_are_a_whole_number_above_zero(points):
    said = deal_refusal(check_deal, ALL_FIVES, Deal(0, ("9H",), captures=((0, points),)))
    assert said == "card points taken in a trick are a whole number above zero"


@pytest.mark.parametrize(
    ("turned", "beg", "in_play"),
    [
        (("2H",), None, 85),
        (("5H",), None, 80),
        (("10H",), None, 75),
        (("AH",), None, 81),
        (("JH",), None, 84),
        (("5H", "10S"), RUN, 75),
        (("10S", "5H"), RUN, 80),
        (("10H", "5H"), RUN, 85),  # a run cut short: no card made trumps
    ],
)
def test_every_card_point_but_the_turned_up_trumps_is_in_play(turned, beg, in_play):
    v = ALL_FIVES
    ok = Deal(0, turned, beg, captures=((0, in_play - 1), (1, 1)))
    assert check_deal(v, ok)
    said = deal_refusal(check_deal, v, Deal(0, turned, beg, captures=((0, in_play), (1, 1))))
    assert said == f"only {in_play} card points were in play, not {in_play + 1}"
    assert said.params == {"in_play": in_play, "total": in_play + 1}


@pytest.mark.parametrize(
    ("turned", "in_play"), [(("2H",), 25), (("5H",), 20), (("10H",), 15), (("KH",), 22)]
)
def test_with_trumps_only_every_trump_point_but_the_turned_up_one_is_in_play(turned, in_play):
    v = ALL_FIVES_TRUMPS_ONLY
    assert check_deal(v, Deal(0, turned, captures=((0, in_play),)))
    said = deal_refusal(check_deal, v, Deal(0, turned, captures=((0, in_play), (1, 1))))
    assert said == f"only {in_play} points of trumps were in play, not {in_play + 1}"
    assert said.params == {"in_play": in_play, "total": in_play + 1}


# --- the ends of a deal -----------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "what"), [("high", "High"), ("low", "Low"), ("jack", "the Jack"), ("game", "Game")]
)
@pytest.mark.parametrize("side", [2, -1, True])
def test_each_point_goes_to_one_of_the_sides(field, what, side):
    fields = {"high": 0, "low": 0, field: side}
    said = deal_refusal(check_deal, PITCH, Deal(0, **fields))
    assert said == f"{what} must be one of the 2 sides"
    assert said.params == {"what": what, "n": 2}


@pytest.mark.parametrize("fields", [{"high": 0}, {"low": 1}])
def test_high_and_low_go_together(fields):
    said = deal_refusal(check_deal, PITCH, Deal(0, **fields))
    assert said == "High and Low go together: a single trump in play is both"


def test_hang_jack_scores_in_caribbean_only():
    said = deal_refusal(check_deal, SEVEN_UP, Deal(0, ("9H",), high=0, low=0, jack=1, hanged=True))
    assert said == "hang jack does not score in Seven Up" and said.params == {"game": "Seven Up"}
    assert check_deal(CARIBBEAN, Deal(0, ("9H",), high=0, low=0, jack=1, hanged=True))


def test_a_hanged_jack_needs_the_side_that_hanged_it():
    said = deal_refusal(check_deal, CARIBBEAN, Deal(0, ("9H",), high=0, low=0, hanged=True))
    assert said == "enter the side that hanged the Jack"


@pytest.mark.parametrize(("turned", "beg"), [(("JH",), None), (("jd",), GIFT), (("5S", "JH"), RUN)])
def test_the_jack_that_made_trumps_cannot_be_won(turned, beg):
    said = deal_refusal(check_deal, SEVEN_UP, Deal(0, turned, beg, high=0, low=0, jack=0))
    assert said == "the Jack was turned up, so nobody can win it this deal"


@pytest.mark.parametrize(
    ("turned", "beg", "cards"),
    [
        (("JH", "5S"), RUN, (("J", "H"), ("5", "S"))),
        (("JH", "5H"), RUN, (("J", "H"), ("5", "H"))),
        (("QH",), None, (("Q", "H"),)),
    ],
)
def test_a_jack_that_did_not_make_trumps_can_be_won(turned, beg, cards):
    assert check_deal(SEVEN_UP, Deal(0, turned, beg, high=0, low=0, jack=1)) == cards


# --- card points for Game -----------------------------------------------------------


@pytest.mark.parametrize("counts", [(1,), (1, 2, 3)])
def test_card_points_for_game_are_one_per_side(counts):
    said = deal_refusal(check_deal, PITCH, Deal(0, high=0, low=0, counts=counts))
    assert said == "enter the card points of each of the 2 sides" and said.params == {"n": 2}


@pytest.mark.parametrize("counts", [(-1, 10), (10, -1), (True, 10), (1.0, 10), ("1", 10)])
def test_card_points_for_game_are_whole_numbers_0_or_more(counts):
    said = deal_refusal(check_deal, PITCH, Deal(0, high=0, low=0, counts=counts))
    assert said == "card points for Game are whole numbers, 0 or more"


@pytest.mark.parametrize("counts", [(0, 1), (40, 40), (80, 0), (0, 80)])
def test_card_points_for_game_up_to_the_pack_are_taken(counts):
    assert check_deal(PITCH, Deal(0, high=0, low=0, counts=counts)) == ()


@pytest.mark.parametrize("counts", [(40, 41), (81, 0), (0, 85)])
def test_card_points_for_game_cannot_pass_the_80_in_the_pack(counts):
    said = deal_refusal(check_deal, PITCH, Deal(0, high=0, low=0, counts=counts))
    total = sum(counts)
    assert said == f"card points for Game add up to {total}, more than the 80 in the pack"
    assert said.params == {"total": total, "most": 80}


@pytest.mark.parametrize("counts", [(40, 39), (0, 0), (41, 40)])
def test_in_california_jack_the_card_points_add_up_to_80(counts):
    deal = Deal(0, high=0, low=0, jack=0, counts=counts)
    said = deal_refusal(check_deal, CALIFORNIA, deal)
    assert said == (
        "every card is played in California Jack, so the card points for Game "
        f"add up to 80, not {sum(counts)}"
    )
    assert said.params == {"game": "California Jack", "pack": 80, "total": sum(counts)}
    assert check_deal(CALIFORNIA, Deal(0, high=0, low=0, jack=0, counts=(40, 40))) == ()


def test_all_fives_counts_the_five_of_trumps_toward_game_too():
    deal = Deal(0, ("2H",), captures=((0, 85),), high=0, low=0, counts=(85, 0))
    assert check_deal(ALL_FIVES, deal)


@pytest.mark.parametrize(
    ("captures", "counts", "side", "taken"),
    [
        (((0, 3),), (4, 0), "A", 3),
        (((0, 3),), (2, 0), "A", 3),
        (((0, 3), (1, 10), (0, 4)), (7, 11), "B", 10),
        ((), (0, 1), "B", 0),
    ],
)
def test_in_all_fives_the_card_points_for_game_are_those_scored_in_tricks(
    captures, counts, side, taken
):
    deal = Deal(0, ("9H",), captures=captures, high=0, low=0, counts=counts)
    said = deal_refusal(check_deal, ALL_FIVES, deal)
    assert said == (
        f"{side} scored {taken} card points in its tricks, so its card points for Game are {taken}"
    )
    assert said.params == {"side": side, "taken": taken}
    right = Deal(0, ("9H",), captures=captures, high=0, low=0, counts=tuple(_taken(captures)))
    assert check_deal(ALL_FIVES, right)


def _taken(captures):
    taken = [0, 0]
    for side, points in captures:
        taken[side] += points
    return taken


def test_with_trumps_only_the_card_points_for_game_are_at_least_the_trumps_taken():
    v = ALL_FIVES_TRUMPS_ONLY
    deal = Deal(0, ("9H",), captures=((1, 4), (0, 3), (1, 1)), high=0, low=0, counts=(3, 4))
    said = deal_refusal(check_deal, v, deal)
    assert said == "B took 5 points of trumps, so its card points for Game are at least 5"
    assert said.params == {"side": "B", "taken": 5}
    more = Deal(0, ("9H",), captures=((1, 4), (0, 3), (1, 1)), high=0, low=0, counts=(3, 5))
    assert check_deal(v, more)
    assert check_deal(v, Deal(0, ("9H",), captures=((0, 3),), high=0, low=0, counts=(30, 50)))


def test_game_entered_must_be_the_one_the_card_points_give():
    said = deal_refusal(check_deal, PITCH, Deal(0, high=0, low=0, game=0, counts=(9, 10)))
    assert said == "the card points give Game to B" and said.params == {"side": "B"}
    said = deal_refusal(check_deal, PITCH, Deal(0, high=0, low=0, game=1, counts=(10, 10)))
    assert said == "the card points are level, so nobody takes Game"
    assert check_deal(PITCH, Deal(0, high=0, low=0, game=1, counts=(9, 10))) == ()
    assert check_deal(PITCH, Deal(0, high=0, low=0, counts=(10, 10))) == ()
    said = deal_refusal(
        check_deal, SEVEN_UP, Deal(0, ("9H",), high=0, low=0, game=0, counts=(9, 9))
    )
    assert said == "the card points give Game to B"


# --- a deal that reached play ---------------------------------------------------------


@pytest.mark.parametrize(
    "fields",
    [
        {"high": 0},
        {"low": 0},
        {"jack": 0},
        {"game": 0},
        {"high": 1},
        {"hanged": True},
        {"counts": (0, 0)},
        {"captures": ((0, 1),)},
    ],
)
def test_a_deal_reached_play_when_any_point_of_play_is_entered(fields):
    assert reached_play(Deal(0, ("JH",), GIFT, (1,), True, **fields))


def test_a_deal_with_only_what_came_before_play_did_not_reach_it():
    assert not reached_play(Deal(0, ("JH", "5S"), RUN, (1, 2), True))


@pytest.mark.parametrize(
    ("v", "deal"),
    [
        (PITCH, Deal(0)),
        (SEVEN_UP, Deal(0, ("9H",), jack=0, game=0)),
        (ALL_FIVES, Deal(0, ("9H",), captures=((0, 1),), game=0)),
    ],
)
def test_high_and_low_are_there_when_a_trump_was_played(v, deal):
    said = deal_refusal(check_play, v, deal)
    assert said == "High and Low cannot both be absent when a trump was played"


def test_a_turned_up_game_may_end_with_no_trump_in_play():
    assert check_play(SEVEN_UP, Deal(0, ("9H",), game=0)) is None
    assert check_play(ALL_FIVES, Deal(0, ("9H",), counts=(3, 4))) is None


def test_in_california_jack_the_jack_goes_to_a_side():
    said = deal_refusal(check_play, CALIFORNIA, Deal(0, high=0, low=0))
    assert said == "every card is played in California Jack, so the Jack goes to a side"
    assert said.params == {"game": "California Jack"}
    assert check_play(CALIFORNIA, Deal(0, high=0, low=0, jack=1)) is None


def test_where_a_tie_goes_to_the_elder_game_must_be_entered():
    said = deal_refusal(check_play, SEVEN_UP, Deal(0, ("9H",), high=0, low=0))
    assert said == "enter who took Game: in Seven Up a tie goes to the elder"
    assert said.params == {"game": "Seven Up"}
    assert check_play(SEVEN_UP, Deal(0, ("9H",), high=0, low=0, counts=(1, 1))) is None
    assert check_play(SEVEN_UP, Deal(0, ("9H",), high=0, low=0, game=0)) is None
    assert check_play(PITCH, Deal(0, high=0, low=0)) is None
