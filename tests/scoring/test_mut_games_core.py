"""The Forty-Fives family's core (scoring/games/core.py): the line-ups and options a variant
takes or refuses, the points of a hand, the bidding worked out from the calls, the start of a
game and the replay of its hands; each refusal word for word."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.games import forty_fives
from scoring.games.core import (
    BLIND_60,
    NO_TRUMP,
    OVERCALL_60,
    OVERCALL_120,
    SLAM,
    BidderAdds,
    Call,
    Contract,
    Game,
    GameState,
    HandError,
    HandRecord,
    Overcall,
    RulesError,
    SetupError,
    Side,
    ThirtyForSixty,
    Variant,
    alone,
    bid_amounts,
    bid_name,
    check_game,
    check_hand_options,
    check_playable,
    check_side,
    contract,
    hand_points,
    hand_total,
    hold,
    leader,
    partners,
    replay,
    sides_where,
    start_state,
    two_pairs,
)
from scoring.words import Msg

FF = Variant(Game.FORTY_FIVES, 45, two_pairs())
FIVE_ONLY = Variant(Game.FORTY_FIVES, 45, two_pairs(), five_only_bonus=True)
AUCTION = Variant(Game.AUCTION, 120, two_pairs())
HOLDING = Variant(Game.AUCTION, 120, two_pairs(), dealer_may_hold=True)
ONE_TEN = Variant(Game.ONE_TEN, 110, alone("Ann", "Bob", "Cy"), dealer_may_hold=True)
EVERY_BID = Variant(
    Game.AUCTION,
    120,
    two_pairs(),
    slam=True,
    overcall=Overcall.SCORES_60,
    sixty_for_120=True,
    blind_thirty_for_sixty=True,
)
AT_START = GameState((0, 0))


def setup_refusal(*args, **options) -> str:
    with pytest.raises(SetupError) as caught:
        Variant(*args, **options)
    (said,) = caught.value.args
    return said


def hand_refusal(call, *args) -> str:
    with pytest.raises(HandError) as caught:
        call(*args)
    (said,) = caught.value.args
    assert caught.value.reason == said and caught.value.hand is None
    return said


def bidding(variant, *calls, dealer=None, scores=None, **entered) -> Contract:
    state = GameState(scores or (0,) * variant.n_sides)
    return contract(variant, state, HandRecord((3, 2), 0, dealer=dealer, calls=calls, **entered))


def bidding_refusal(variant, *calls, dealer=None, scores=None, **entered) -> str:
    with pytest.raises(HandError) as caught:
        bidding(variant, *calls, dealer=dealer, scores=scores, **entered)
    return str(caught.value)


# --- games, sides, line-ups ---------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "label"),
    [
        (Game.FORTY_FIVES, "Forty-Fives"),
        (Game.AUCTION, "Auction Forty-Fives"),
        (Game.ONE_TEN, "110"),
    ],
)
def test_each_game_is_named_as_halls_say_it(game, label):
    assert game.label == label and isinstance(game.label, Msg)


def test_sides_alone_partners_and_two_pairs():
    assert alone("Ann", "Bob") == (Side("Ann", 1), Side("Bob", 1))
    assert partners("A", "B", "C") == (Side("A", 2), Side("B", 2), Side("C", 2))
    assert partners("A", "B", size=3) == (Side("A", 3), Side("B", 3))
    assert two_pairs() == (Side("A", 2), Side("B", 2))
    assert two_pairs("North", "East") == (Side("North", 2), Side("East", 2))
    assert Side("Ann").players == 1


def test_a_variant_takes_its_game_options_and_line_up_as_stored_words_and_lists():
    v = Variant(
        "auction",
        120,
        [Side("A", 2), Side("B", 2)],
        thirty_for_sixty="loses_30",
        overcall="scores_30",
    )
    assert type(v.game) is Game and v.game is Game.AUCTION
    assert v.sides == (Side("A", 2), Side("B", 2))
    assert v.thirty_for_sixty is ThirtyForSixty.LOSES_30
    assert v.overcall is Overcall.SCORES_30
    assert v.bidder_adds is BidderAdds.BID
    w = Variant("one_ten", 110, two_pairs(), dealer_may_hold=True, bidder_adds="points")
    assert w.bidder_adds is BidderAdds.POINTS and type(w.game) is Game
    f = Variant("forty_fives", 45, two_pairs())
    assert type(f.game) is Game and type(f.overcall) is Overcall
    assert type(f.thirty_for_sixty) is ThirtyForSixty and type(f.bidder_adds) is BidderAdds


def test_a_variant_counts_and_names_its_sides():
    v = Variant(Game.FORTY_FIVES, 45, alone("Ann", "Bob", "Cy"))
    assert v.n_sides == 3
    assert [v.name_of(i) for i in range(3)] == ["Ann", "Bob", "Cy"]


@pytest.mark.parametrize("target", [2.5, True, False, "45", None])
def test_a_target_that_is_not_a_whole_number_is_refused(target):
    assert setup_refusal(Game.FORTY_FIVES, target, two_pairs()) == (
        "the target must be a whole number"
    )


@pytest.mark.parametrize(
    ("game", "target", "said"),
    [
        (Game.AUCTION, 119, "Auction Forty-Fives is played to 120"),
        (Game.AUCTION, 45, "Auction Forty-Fives is played to 120"),
        (Game.ONE_TEN, 111, "110 is played to 110"),
        (Game.ONE_TEN, 120, "110 is played to 110"),
    ],
)
def test_auction_and_110_are_played_to_their_own_target(game, target, said):
    assert setup_refusal(game, target, two_pairs(), dealer_may_hold=True) == said


@pytest.mark.parametrize("target", [0, -5])
def test_a_target_of_zero_or_less_is_refused(target):
    assert setup_refusal(Game.FORTY_FIVES, target, two_pairs()) == "the target must be above zero"


@pytest.mark.parametrize("target", [1, 45, 120, 500])
def test_forty_fives_is_played_to_any_target_above_zero(target):
    assert Variant(Game.FORTY_FIVES, target, two_pairs()).target == target


@pytest.mark.parametrize("n", [0, 1, 7])
def test_a_game_of_fewer_than_2_or_more_than_6_sides_is_refused(n):
    names = [f"P{i}" for i in range(n)]
    assert setup_refusal(Game.FORTY_FIVES, 45, alone(*names)) == "a game needs 2 to 6 sides"


@pytest.mark.parametrize("n", [2, 3, 6])
def test_2_to_6_sides_play(n):
    assert Variant(Game.FORTY_FIVES, 45, alone(*(f"P{i}" for i in range(n)))).n_sides == n


@pytest.mark.parametrize(
    "names",
    [("A", ""), (" ", "B"), ("A", "A"), ("A", " A"), ("A ", "A"), ("A", "B", "A")],
)
def test_each_side_needs_a_name_of_its_own(names):
    assert setup_refusal(Game.FORTY_FIVES, 45, alone(*names)) == (
        "each side needs a name of its own"
    )


@pytest.mark.parametrize(
    "sides",
    [
        (Side("A", 1), Side("B", 2)),
        (Side("A", 2), Side("B", 3)),
        (Side("A", 4), Side("B", 4)),
        (Side("A", 0), Side("B", 0)),
    ],
)
def test_sides_must_all_be_alone_pairs_or_threes(sides):
    assert setup_refusal(Game.FORTY_FIVES, 45, sides) == (
        "sides must all be the same: players alone, pairs or threes"
    )


@pytest.mark.parametrize("size", [1, 2, 3])
def test_players_alone_pairs_and_threes_play(size):
    assert Variant(Game.FORTY_FIVES, 45, partners("A", "B", size=size)).sides[0].players == size


@pytest.mark.parametrize(
    ("game", "sides", "said"),
    [
        (Game.FORTY_FIVES, partners(*"ABCDEF"), "Forty-Fives seats at most 10 players"),
        (Game.FORTY_FIVES, partners(*"ABCD", size=3), "Forty-Fives seats at most 10 players"),
        (Game.AUCTION, partners(*"ABCD"), "Auction Forty-Fives seats at most 6 players"),
        (Game.AUCTION, partners(*"ABC", size=3), "Auction Forty-Fives seats at most 6 players"),
        (Game.ONE_TEN, partners(*"ABCD"), "110 seats at most 6 players"),
    ],
)
def test_each_game_seats_at_most_so_many_players(game, sides, said):
    target = {Game.FORTY_FIVES: 45, Game.AUCTION: 120, Game.ONE_TEN: 110}[game]
    assert setup_refusal(game, target, sides, dealer_may_hold=game is Game.ONE_TEN) == said


@pytest.mark.parametrize(
    ("game", "target", "sides"),
    [
        (Game.FORTY_FIVES, 45, partners(*"ABCDE")),
        (Game.FORTY_FIVES, 45, partners(*"ABC", size=3)),
        (Game.AUCTION, 120, partners(*"ABC")),
        (Game.AUCTION, 120, partners("A", "B", size=3)),
        (Game.AUCTION, 120, alone(*"ABCDEF")),
        (Game.ONE_TEN, 110, alone(*"ABCDEF")),
    ],
)
def test_a_full_table_of_players_plays(game, target, sides):
    v = Variant(game, target, sides, dealer_may_hold=game is Game.ONE_TEN)
    assert v.sides == sides


@pytest.mark.parametrize(
    ("option", "value", "term"),
    [
        ("no_hold_under_20", True, "no hold under 20"),
        ("minimum_20_at_100", True, "minimum 20 at 100"),
        ("thirty_for_sixty", "loses_30", "30 for 60"),
        ("slam", True, "slam"),
        ("dreaded_45", True, "dreaded 45"),
        ("bidder_adds", "points", "bidder adds its points"),
        ("bell", True, "bell"),
        ("elimination_floor", -80, "elimination"),
        ("overcall", "scores_60", "30 for 60 overcall"),
        ("sixty_for_120", True, "60 for 120"),
        ("blind_thirty_for_sixty", True, "blind 30 for 60"),
        ("defenders_30", True, "defenders' 30"),
        ("call_partner", True, "call your partner"),
    ],
)
def test_an_option_of_another_game_is_refused_in_forty_fives(option, value, term):
    said = setup_refusal(Game.FORTY_FIVES, 45, two_pairs(), **{option: value})
    assert said == f"{term} is not an option of Forty-Fives"
    assert said.msgid == "{option} is not an option of {game}"


@pytest.mark.parametrize(
    ("option", "value", "term"),
    [
        ("bidder_adds", "points", "bidder adds its points"),
        ("bell", True, "bell"),
        ("elimination_floor", -80, "elimination"),
    ],
)
def test_an_option_of_110_is_refused_in_auction(option, value, term):
    said = setup_refusal(Game.AUCTION, 120, two_pairs(), **{option: value})
    assert said == f"{term} is not an option of Auction Forty-Fives"


@pytest.mark.parametrize(
    ("option", "value", "term"),
    [
        ("slam", True, "slam"),
        ("thirty_for_sixty", "loses_60", "30 for 60"),
        ("call_partner", True, "call your partner"),
    ],
)
def test_an_option_of_auction_is_refused_in_110(option, value, term):
    said = setup_refusal(Game.ONE_TEN, 110, two_pairs(), dealer_may_hold=True, **{option: value})
    assert said == f"{term} is not an option of 110"


def test_the_options_of_each_game_are_taken_there():
    v = Variant(
        Game.AUCTION,
        120,
        two_pairs(),
        dealer_may_hold=True,
        no_hold_under_20=True,
        minimum_20_at_100=True,
        thirty_for_sixty="loses_60",
        slam=True,
        dreaded_45=True,
        overcall="scores_30",
        sixty_for_120=True,
        blind_thirty_for_sixty=True,
        defenders_30=True,
        five_only_bonus=True,
        joker=True,
        off_suit_aces_high=True,
    )
    assert v.slam and v.sixty_for_120 and v.defenders_30 and v.joker
    w = Variant(
        Game.ONE_TEN,
        110,
        alone("A", "B", "C"),
        dealer_may_hold=True,
        bidder_adds="points",
        bell=True,
        elimination_floor=-1,
    )
    assert w.elimination_floor == -1 and w.bell
    assert Variant(Game.FORTY_FIVES, 120, two_pairs(), joker=True, five_only_bonus=True).joker


def test_in_110_the_dealer_may_always_hold():
    assert setup_refusal(Game.ONE_TEN, 110, two_pairs()) == "in 110 the dealer may always hold"


def test_dealer_may_hold_is_not_an_option_of_forty_fives():
    assert setup_refusal(Game.FORTY_FIVES, 45, two_pairs(), dealer_may_hold=True) == (
        "dealer may hold is not an option of Forty-Fives"
    )


def test_no_hold_under_20_needs_the_dealer_to_be_allowed_to_hold():
    assert setup_refusal(Game.AUCTION, 120, two_pairs(), no_hold_under_20=True) == (
        "no hold under 20 needs the option dealer may hold"
    )
    assert Variant(Game.AUCTION, 120, two_pairs(), dealer_may_hold=True, no_hold_under_20=True)


@pytest.mark.parametrize("floor", [0, 5])
def test_the_elimination_floor_must_be_below_zero(floor):
    said = setup_refusal(
        Game.ONE_TEN, 110, alone("A", "B", "C"), dealer_may_hold=True, elimination_floor=floor
    )
    assert said == "the elimination floor must be below zero"


def test_60_for_120_needs_the_30_for_60_overcall():
    assert setup_refusal(Game.AUCTION, 120, two_pairs(), sixty_for_120=True) == (
        "60 for 120 needs the option 30 for 60 overcall"
    )


@pytest.mark.parametrize(
    "sides", [alone(*"ABCD"), alone(*"ABCDEF"), alone("A", "B"), partners("A", "B")]
)
def test_call_your_partner_is_for_five_players_each_alone(sides):
    assert setup_refusal(Game.AUCTION, 120, sides, call_partner=True) == (
        "call your partner is for 5 players, each alone"
    )


def test_five_players_each_alone_may_call_partners_and_play_defenders_30():
    v = Variant(Game.AUCTION, 120, alone(*"ABCDE"), call_partner=True, defenders_30=True)
    assert v.call_partner and v.defenders_30


@pytest.mark.parametrize("sides", [alone(*"ABC"), partners(*"ABC"), alone(*"ABCDE")])
def test_defenders_30_needs_two_sides_or_five_players_calling_partners(sides):
    assert setup_refusal(Game.AUCTION, 120, sides, defenders_30=True) == (
        "defenders' 30 needs two sides, or five players calling partners"
    )


def test_defenders_30_with_two_sides_plays():
    assert Variant(Game.AUCTION, 120, alone("A", "B"), defenders_30=True).defenders_30


def test_a_refusal_is_a_value_error_with_its_reason_and_hand():
    error = HandError("tricks add up to 6, must be 5", hand=3)
    assert error.args == ("tricks add up to 6, must be 5",) and error.hand == 3
    assert error.reason == "tricks add up to 6, must be 5"
    assert HandError("x").hand is None
    assert isinstance(error, RulesError) and isinstance(SetupError("x"), ValueError)


def test_a_hold_is_a_call_without_a_bid():
    assert hold(1) == Call(1, None, True)
    assert Call(0) == Call(0, None, False)


def test_a_hand_record_keeps_its_tricks_and_calls_as_tuples():
    hand = HandRecord([4, 1], 0, calls=[Call(0, 15)])
    assert hand.tricks == (4, 1) and hand.calls == (Call(0, 15),)
    assert HandRecord((5, 0), NO_TRUMP).calls == ()


def test_a_game_is_over_once_it_has_a_winner_even_side_0():
    assert GameState((50, 0), winner=0).over
    assert GameState((0, 50), winner=1).over
    assert not GameState((0, 0)).over


# --- sides entered and hand points --------------------------------------------------


@pytest.mark.parametrize("side", [None, True, False, -1, 2, 5])
def test_a_side_that_is_not_one_of_the_variants_is_refused(side):
    said = hand_refusal(check_side, FF, side, "the dealer")
    assert said == "the dealer must be one of the 2 sides"
    assert said.params == {"what": "the dealer", "n": 2}


@pytest.mark.parametrize("side", [0, 1])
def test_each_side_of_the_variant_is_taken(side):
    assert check_side(FF, side, "the dealer") is None


@pytest.mark.parametrize(
    ("tricks", "best", "points"),
    [
        ((4, 1), 0, (25, 5)),
        ((4, 1), 1, (20, 10)),
        ((4, 1), NO_TRUMP, (20, 5)),
        ((5, 0), 0, (30, 0)),
        ((0, 5), NO_TRUMP, (0, 25)),
        ((3, 2), NO_TRUMP, (15, 10)),
        ((2, 3), 1, (10, 20)),
    ],
)
def test_a_hand_scores_5_a_trick_and_5_more_for_the_best_trump(tricks, best, points):
    assert hand_points(FF, tricks, best) == points
    assert hand_points(FF, list(tricks), best) == points


def test_three_sides_score_their_tricks_and_the_best_trump():
    v = Variant(Game.FORTY_FIVES, 45, alone("Ann", "Bob", "Cy"))
    assert hand_points(v, (2, 2, 1), 2) == (10, 10, 10)
    assert hand_points(v, (1, 0, 4), 0) == (10, 0, 20)


def test_the_spec_worked_example_of_traditional_45():
    hands = [HandRecord((4, 1), 0), HandRecord((2, 3), 1), HandRecord((2, 3), 0)]
    assert [hand_points(FF, h.tricks, h.best) for h in hands] == [(25, 5), (10, 20), (15, 15)]


@pytest.mark.parametrize("tricks", [(5,), (2, 2, 1)])
def test_tricks_for_another_number_of_sides_are_refused(tricks):
    assert hand_refusal(hand_points, FF, tricks, NO_TRUMP) == (
        "enter the tricks of each of the 2 sides"
    )


@pytest.mark.parametrize("tricks", [(-1, 6), (6, -1), (2.5, 2.5), (True, 4), ("3", 2)])
def test_tricks_that_are_not_whole_numbers_from_0_are_refused(tricks):
    assert hand_refusal(hand_points, FF, tricks, NO_TRUMP) == (
        "a side's tricks must be a whole number, 0 or more"
    )


@pytest.mark.parametrize(("tricks", "total"), [((2, 4), 6), ((1, 1), 2), ((0, 0), 0)])
def test_tricks_must_add_up_to_5(tricks, total):
    assert hand_refusal(hand_points, FF, tricks, NO_TRUMP) == (
        f"tricks add up to {total}, must be 5"
    )


@pytest.mark.parametrize("best", [2, -1, True])
def test_the_best_trump_to_a_side_that_is_not_one_is_refused(best):
    assert hand_refusal(hand_points, FF, (4, 1), best) == (
        "the side that won the best trump must be one of the 2 sides"
    )
    assert hand_refusal(hand_points, FIVE_ONLY, (4, 1), best) == (
        "the side that won the 5 of trumps must be one of the 2 sides"
    )


def test_the_best_trump_to_a_side_with_no_trick_is_refused():
    assert hand_refusal(hand_points, FF, (5, 0), 1) == (
        "the best trump was won by a side with no trick"
    )
    assert hand_refusal(hand_points, FIVE_ONLY, (0, 5), 0) == (
        "the 5 of trumps was won by a side with no trick"
    )


def test_a_hand_is_worth_30_with_the_bonus_card_and_25_without():
    assert hand_total(FF, 0) == hand_total(FF, 1) == 30
    assert hand_total(FF, NO_TRUMP) == 25


@given(
    st.integers(0, 5).flatmap(lambda a: st.tuples(st.just(a), st.integers(0, 5 - a))),
    st.sampled_from([0, 1, 2, NO_TRUMP]),
)
def test_a_hand_of_three_sides_totals_what_it_is_worth(first_two, best):
    a, b = first_two
    tricks = (a, b, 5 - a - b)
    v = Variant(Game.FORTY_FIVES, 45, alone("Ann", "Bob", "Cy"))
    if best is not NO_TRUMP and tricks[best] == 0:
        return
    points = hand_points(v, tricks, best)
    assert sum(points) == hand_total(v, best)
    bonus = [p - 5 * t for p, t in zip(points, tricks, strict=True)]
    assert bonus == [5 if i == best else 0 for i in range(3)]


# --- bids -------------------------------------------------------------------------


def test_the_bids_a_variant_allows_lowest_first():
    assert bid_amounts(AUCTION) == (15, 20, 25, 30)
    assert bid_amounts(Variant(Game.AUCTION, 120, two_pairs(), slam=True)) == (15, 20, 25, 30, 120)
    assert bid_amounts(Variant(Game.AUCTION, 120, two_pairs(), blind_thirty_for_sixty=True)) == (
        15,
        20,
        25,
        30,
        BLIND_60,
    )
    assert bid_amounts(Variant(Game.AUCTION, 120, two_pairs(), overcall="scores_30")) == (
        15,
        20,
        25,
        30,
        OVERCALL_60,
    )
    assert bid_amounts(EVERY_BID) == (15, 20, 25, 30, BLIND_60, OVERCALL_60, OVERCALL_120, SLAM)


@pytest.mark.parametrize(
    ("bid", "name"),
    [
        (15, "15"),
        (30, "30"),
        (SLAM, "a slam"),
        (OVERCALL_60, "30 for 60"),
        (OVERCALL_120, "60 for 120"),
        (BLIND_60, "blind 30 for 60"),
    ],
)
def test_a_bid_is_named_as_the_table_says_it(bid, name):
    assert bid_name(bid) == name


def test_a_contract_entered_as_bidder_and_bid_is_taken():
    state = GameState((0, 0))
    assert contract(AUCTION, state, HandRecord((3, 2), 0, bidder=1, bid=25)) == Contract(1, 25)
    found = contract(AUCTION, state, HandRecord((3, 2), 0, bidder=0, bid=15, dealer=1))
    assert found == Contract(0, 15, held=False, bagged=False)


@pytest.mark.parametrize(
    "hand",
    [
        HandRecord((3, 2), 0, bidder=0),
        HandRecord((3, 2), 0, bid=20),
        HandRecord((3, 2), 0),
    ],
)
def test_a_half_entered_contract_is_refused(hand):
    assert hand_refusal(contract, AUCTION, AT_START, hand) == (
        "enter who won the bid and for how much"
    )


@pytest.mark.parametrize("bidder", [2, -1, True])
def test_a_bidder_that_is_not_a_side_is_refused(bidder):
    hand = HandRecord((3, 2), 0, bidder=bidder, bid=20)
    assert hand_refusal(contract, AUCTION, AT_START, hand) == (
        "the bidder must be one of the 2 sides"
    )


@pytest.mark.parametrize("dealer", [2, -1])
def test_a_dealer_that_is_not_a_side_is_refused(dealer):
    hand = HandRecord((3, 2), 0, bidder=0, bid=20, dealer=dealer)
    assert hand_refusal(contract, AUCTION, AT_START, hand) == (
        "the dealer must be one of the 2 sides"
    )


@pytest.mark.parametrize(
    ("variant", "bid", "said"),
    [
        (AUCTION, 22, "a bid must be 15, 20, 25 or 30"),
        (AUCTION, 10, "a bid must be 15, 20, 25 or 30"),
        (AUCTION, SLAM, "a bid must be 15, 20, 25 or 30"),
        (
            Variant(Game.AUCTION, 120, two_pairs(), slam=True),
            35,
            "a bid must be 15, 20, 25, 30 or a slam",
        ),
        (
            EVERY_BID,
            35,
            "a bid must be 15, 20, 25, 30, blind 30 for 60, 30 for 60, 60 for 120 or a slam",
        ),
    ],
)
def test_an_amount_that_is_not_a_bid_is_refused_naming_the_bids(variant, bid, said):
    hand = HandRecord((3, 2), 0, bidder=0, bid=bid)
    assert hand_refusal(contract, variant, GameState((0, 0)), hand) == said
    in_calls = bidding_refusal(variant, Call(0, bid))
    assert in_calls == said


def test_out_of_the_game_a_side_may_neither_deal_nor_bid():
    state = GameState((50, 40, -90), eliminated=(2,))
    dealt = HandRecord((3, 2, 0), 0, bidder=0, bid=20, dealer=2)
    assert hand_refusal(contract, ONE_TEN, state, dealt) == (
        "Cy is out of the game and cannot deal"
    )
    bid = HandRecord((3, 2, 0), 0, bidder=2, bid=20, dealer=0)
    assert hand_refusal(contract, ONE_TEN, state, bid) == "Cy is out of the game and cannot bid"
    called = HandRecord((3, 2, 0), 0, calls=(Call(0, 15), Call(2, 20)), dealer=1)
    assert hand_refusal(contract, ONE_TEN, state, called) == (
        "Cy is out of the game and cannot bid"
    )
    fine = HandRecord((3, 2, 0), 0, calls=(Call(0, 15), Call(1, 20)), dealer=1)
    assert contract(ONE_TEN, state, fine) == Contract(1, 20)


MINIMUM = Variant(Game.AUCTION, 120, two_pairs(), minimum_20_at_100=True, dealer_may_hold=True)


def test_with_minimum_20_at_100_a_side_on_100_may_not_bid_15():
    on_100 = GameState((100, 60))
    hand = HandRecord((3, 2), 0, bidder=0, bid=15)
    assert hand_refusal(contract, MINIMUM, on_100, hand) == (
        "a side on 100 may not bid 15 under this drive's rules"
    )
    assert bidding_refusal(MINIMUM, Call(0, 15), scores=(105, 60)) == (
        "a side on 105 may not bid 15 under this drive's rules"
    )
    assert contract(MINIMUM, on_100, HandRecord((3, 2), 0, bidder=0, bid=20)) == Contract(0, 20)
    assert contract(MINIMUM, GameState((99, 60)), hand) == Contract(0, 15)
    assert contract(AUCTION, on_100, hand) == Contract(0, 15)
    assert bidding(MINIMUM, Call(1, 15), Call(0, 20), scores=(100, 60)) == Contract(0, 20)


def test_a_dealer_on_100_bagged_at_15_is_not_refused_by_the_minimum():
    on_100 = GameState((100, 60))
    hand = HandRecord((3, 2), 0, bidder=0, bid=15, dealer=0)
    assert contract(MINIMUM, on_100, hand) == Contract(0, 15)
    assert bidding(MINIMUM, Call(1), Call(0), dealer=0, scores=(100, 60)) == Contract(
        0, 15, bagged=True
    )


def test_with_minimum_20_at_100_a_dealer_on_100_may_not_hold_at_15():
    assert bidding_refusal(MINIMUM, Call(1, 15), hold(0), dealer=0, scores=(100, 60)) == (
        "a side on 100 may not bid 15 under this drive's rules"
    )
    assert bidding(MINIMUM, Call(1, 20), hold(0), dealer=0, scores=(100, 60)) == Contract(
        0, 20, held=True
    )


# --- bidding from the calls -------------------------------------------------------


def test_the_highest_bid_wins_the_bidding():
    assert bidding(AUCTION, Call(0, 15), Call(1, 20), Call(0), Call(1)) == Contract(1, 20)
    assert bidding(AUCTION, Call(0), Call(1, 15)) == Contract(1, 15, held=False, bagged=False)
    assert bidding(AUCTION, Call(0, 30)) == Contract(0, 30)


def test_when_every_side_passes_the_dealer_is_bagged_at_15():
    assert bidding(AUCTION, Call(0), Call(1), dealer=1) == Contract(1, 15, held=False, bagged=True)
    assert bidding(AUCTION, Call(1), Call(0), dealer=0) == Contract(0, 15, bagged=True)


def test_every_side_passing_without_a_dealer_is_refused():
    assert bidding_refusal(AUCTION, Call(0), Call(1)) == (
        "every side passed: enter which side dealt, it is bagged at 15"
    )


def test_a_call_by_a_side_that_is_not_one_is_refused():
    assert bidding_refusal(AUCTION, Call(0, 15), Call(2, 20)) == (
        "each call must be one of the 2 sides"
    )


def test_the_dealer_holds_at_the_highest_bid():
    assert bidding(HOLDING, Call(0, 20), hold(1), dealer=1) == Contract(1, 20, held=True)
    assert bidding(HOLDING, Call(1, 15), hold(0), Call(1), dealer=0) == Contract(0, 15, held=True)


def test_a_bid_over_a_hold_takes_the_bidding_back():
    assert bidding(HOLDING, Call(0, 15), hold(1), Call(0, 20), dealer=1) == Contract(0, 20)
    assert bidding(HOLDING, Call(0, 15), hold(1), Call(0, 20), hold(1), dealer=1) == Contract(
        1, 20, held=True
    )


@pytest.mark.parametrize(
    ("variant", "calls", "dealer", "said"),
    [
        (HOLDING, (Call(0, 20), hold(1)), None, "enter which side dealt to record a hold"),
        (HOLDING, (Call(0, 20), hold(1)), 0, "only the dealer may hold"),
        (AUCTION, (Call(0, 20), hold(1)), 1, "the dealer may not hold under this drive's rules"),
        (HOLDING, (hold(1),), 1, "there is no bid to hold"),
        (HOLDING, (Call(0), hold(1)), 1, "there is no bid to hold"),
        (HOLDING, (Call(1, 20), hold(1)), 1, "the dealer's side already has the highest bid"),
        (
            HOLDING,
            (Call(1, 15), hold(0), hold(0)),
            0,
            "the dealer's side already has the highest bid",
        ),
    ],
)
def test_a_hold_the_rules_refuse(variant, calls, dealer, said):
    assert bidding_refusal(variant, *calls, dealer=dealer) == said


NO_HOLD_UNDER_20 = Variant(
    Game.AUCTION, 120, two_pairs(), dealer_may_hold=True, no_hold_under_20=True
)


def test_with_no_hold_under_20_the_dealer_holds_only_at_20_or_more():
    assert bidding_refusal(NO_HOLD_UNDER_20, Call(0, 15), hold(1), dealer=1) == (
        "the dealer may not hold at 15 under this drive's rules"
    )
    assert bidding(NO_HOLD_UNDER_20, Call(0, 20), hold(1), dealer=1) == Contract(1, 20, held=True)


@pytest.mark.parametrize(
    ("calls", "said"),
    [
        ((Call(0, 20), Call(1, 20)), "bids must rise by 5"),
        ((Call(0, 25), Call(1, 15)), "bids must rise by 5"),
        ((Call(0, SLAM), Call(1, 30)), "bids must rise by 5"),
        ((Call(0, SLAM), Call(1, SLAM)), "bids must rise by 5"),
        ((Call(0, BLIND_60), Call(1, 30)), "a bid must be higher than blind 30 for 60"),
        ((Call(0, BLIND_60), Call(1, 15)), "a bid must be higher than blind 30 for 60"),
        ((Call(0, 30), Call(1, OVERCALL_60), Call(0, 30)), "a bid must be higher than 30 for 60"),
        (
            (Call(0, 30), Call(1, OVERCALL_60), Call(0, OVERCALL_60)),
            "30 for 60 is bid only over a bid of 30",
        ),
        (
            (Call(0, 30), Call(1, OVERCALL_60), Call(0, OVERCALL_120), Call(1, SLAM), Call(0, 30)),
            "bids must rise by 5",
        ),
        (
            (Call(0, 30), Call(1, OVERCALL_60), Call(0, OVERCALL_120), Call(1, OVERCALL_60)),
            "30 for 60 is bid only over a bid of 30",
        ),
        ((Call(0, 30), Call(1, SLAM), Call(0, 25)), "bids must rise by 5"),
    ],
)
def test_a_bid_must_be_higher_than_the_highest(calls, said):
    assert bidding_refusal(EVERY_BID, *calls) == said


def test_the_overcalls_and_the_slam_follow_their_order():
    assert bidding(EVERY_BID, Call(0, 30), Call(1, OVERCALL_60)) == Contract(1, OVERCALL_60)
    assert bidding(EVERY_BID, Call(0, 30), Call(1, OVERCALL_60), Call(0, OVERCALL_120)) == Contract(
        0, OVERCALL_120
    )
    assert bidding(
        EVERY_BID, Call(0, 30), Call(1, OVERCALL_60), Call(0, OVERCALL_120), Call(1, SLAM)
    ) == Contract(1, SLAM)
    assert bidding(EVERY_BID, Call(0, BLIND_60), Call(1, SLAM)) == Contract(1, SLAM)
    assert bidding(EVERY_BID, Call(0, 15), Call(1, SLAM)) == Contract(1, SLAM)


def test_blind_30_for_60_is_called_only_before_any_bid():
    assert bidding(EVERY_BID, Call(1), Call(0, BLIND_60)) == Contract(0, BLIND_60)
    assert bidding_refusal(EVERY_BID, Call(0, 15), Call(1, BLIND_60)) == (
        "blind 30 for 60 is called before any bid, unseen"
    )


@pytest.mark.parametrize("calls", [(Call(0, OVERCALL_60),), (Call(0, 25), Call(1, OVERCALL_60))])
def test_30_for_60_is_bid_only_over_a_bid_of_30(calls):
    assert bidding_refusal(EVERY_BID, *calls) == "30 for 60 is bid only over a bid of 30"


@pytest.mark.parametrize(
    "calls",
    [(Call(0, OVERCALL_120),), (Call(0, 30), Call(1, OVERCALL_120))],
)
def test_60_for_120_is_bid_only_over_30_for_60(calls):
    assert bidding_refusal(EVERY_BID, *calls) == "60 for 120 is bid only over 30 for 60"


CALLS = (Call(0, 15), Call(1, 20))


def test_a_bid_or_bidder_entered_with_the_calls_must_agree_with_them():
    assert bidding_refusal(AUCTION, *CALLS, bid=25) == (
        "the bidding gives the bid to B at 20, not to B at 25"
    )
    assert bidding_refusal(AUCTION, *CALLS, bidder=0) == (
        "the bidding gives the bid to B at 20, not to A at 20"
    )
    assert bidding_refusal(AUCTION, *CALLS, bidder=0, bid=15) == (
        "the bidding gives the bid to B at 20, not to A at 15"
    )
    assert bidding_refusal(AUCTION, *CALLS, bidder=5, bid=20) == (
        "the bidder must be one of the 2 sides"
    )


def test_a_bid_or_bidder_that_agrees_with_the_calls_is_taken():
    assert bidding(AUCTION, *CALLS, bidder=1) == Contract(1, 20)
    assert bidding(AUCTION, *CALLS, bid=20) == Contract(1, 20)
    assert bidding(AUCTION, *CALLS, bidder=1, bid=20) == Contract(1, 20)
    assert bidding(AUCTION, Call(0), Call(1), dealer=0, bidder=0, bid=15) == Contract(
        0, 15, bagged=True
    )


def test_with_calls_the_dealer_is_checked_first():
    assert bidding_refusal(AUCTION, *CALLS, dealer=2) == "the dealer must be one of the 2 sides"


# --- hand options -----------------------------------------------------------------


def test_a_defenders_30_tick_needs_the_option():
    assert hand_refusal(check_hand_options, AUCTION, HandRecord((3, 2), 0, defenders_30=True)) == (
        "defenders' 30 is not one of this game's rules"
    )
    v = Variant(Game.AUCTION, 120, two_pairs(), defenders_30=True)
    assert check_hand_options(v, HandRecord((3, 2), 0, defenders_30=True)) is None
    assert check_hand_options(AUCTION, HandRecord((3, 2), 0)) is None


@pytest.mark.parametrize("partner", [0, 3])
def test_a_called_partner_needs_call_your_partner(partner):
    assert hand_refusal(check_hand_options, AUCTION, HandRecord((3, 2), 0, partner=partner)) == (
        "a partner is called only by five players playing call your partner"
    )


def test_a_called_partner_is_taken_where_partners_are_called():
    v = Variant(Game.AUCTION, 120, alone(*"ABCDE"), call_partner=True)
    assert check_hand_options(v, HandRecord((1, 1, 1, 1, 1), 0, partner=0)) is None


# --- game flow --------------------------------------------------------------------


def test_sides_where_lists_the_sides_that_pass_in_order():
    assert sides_where((10, 95, 30, 120), lambda s: s >= 90) == (1, 3)
    assert sides_where((0, 0), lambda s: s > 0) == ()


def test_a_game_starts_from_0_with_no_hand_played():
    state = start_state(FF)
    assert state == GameState((0, 0), 0, (), (), (), None)
    assert state.hands_played == 0 and state.winner is None and not state.over


def test_a_game_starts_from_scores_carried_over():
    assert start_state(FF, [30, 44]) == GameState((30, 44))
    assert start_state(FF, (-20, 0)).scores == (-20, 0)


def test_a_start_keeps_what_the_games_status_says():
    def status(variant, scores):
        return ((0,), (0, 1), (2,))

    state = start_state(ONE_TEN, (100, 90, -80), status)
    assert state == GameState((100, 90, -80), 0, (0,), (0, 1), (2,), None)


def test_a_start_with_fewer_than_two_sides_still_playing_is_refused():
    def status(variant, scores):
        return ((), (), (1, 2))

    with pytest.raises(SetupError) as caught:
        start_state(ONE_TEN, (0, -90, -90), status)
    assert str(caught.value) == "a game needs at least two sides still playing"


@pytest.mark.parametrize(
    ("scores", "said"),
    [
        ((0,), "enter the score of each of the 2 sides"),
        ((0, 0, 0), "enter the score of each of the 2 sides"),
        ((2.5, 0), "scores must be whole numbers"),
        ((0, True), "scores must be whole numbers"),
        ((45, 0), "a game cannot start with a side already on 45 or more"),
        ((0, 60), "a game cannot start with a side already on 45 or more"),
    ],
)
def test_a_start_the_rules_refuse(scores, said):
    with pytest.raises(SetupError) as caught:
        start_state(FF, scores)
    assert str(caught.value) == said


def test_a_hand_is_refused_once_the_game_is_over():
    state = GameState((50, 40), winner=0)
    assert hand_refusal(check_playable, FF, state, HandRecord((5, 0), 0)) == (
        "the game is over: A won"
    )
    state = GameState((40, 50), winner=1)
    assert hand_refusal(check_playable, FF, state, HandRecord((5, 0), 0)) == (
        "the game is over: B won"
    )


def test_a_state_of_another_variant_is_a_bug_not_a_refusal():
    with pytest.raises(ValueError) as caught:
        check_playable(FF, GameState((0, 0, 0)), HandRecord((5, 0), 0))
    assert not isinstance(caught.value, HandError)
    assert str(caught.value) == "the state does not belong to this variant"


def test_a_side_out_of_the_game_cannot_win_a_trick():
    state = GameState((50, 40, -90), eliminated=(2,))
    hand = HandRecord((3, 1, 1), 0)
    assert hand_refusal(check_playable, ONE_TEN, state, hand) == (
        "Cy is out of the game and cannot win a trick"
    )
    assert check_playable(ONE_TEN, state, HandRecord((3, 2, 0), 0)) is None
    assert hand_refusal(
        check_playable, ONE_TEN, GameState((-90, 40, 50), eliminated=(0,)), hand
    ) == ("Ann is out of the game and cannot win a trick")


def test_a_hand_of_too_few_sides_is_left_to_the_hand_points_to_refuse():
    state = GameState((50, 40, -90), eliminated=(2,))
    assert check_playable(ONE_TEN, state, HandRecord((3, 2), 0)) is None
    assert check_playable(FF, GameState((0, 0)), HandRecord((5, 0), 0)) is None


@pytest.mark.parametrize(
    ("scores", "among", "side"),
    [
        ((50, 40, 55), [0, 2], 2),
        ((50, 40, 50), [0, 2], None),
        ((50, 40, 55), [0, 1], 0),
        ((50, 40, 55), [1], 1),
        ((50, 40, 55), [], None),
        ((-5, -10), (0, 1), 0),
        ((10, 10, 30), range(3), 2),
    ],
)
def test_the_leader_is_the_one_side_with_the_most_points(scores, among, side):
    assert leader(scores, among) == side


def test_a_replay_applies_each_hand_from_the_start_given():
    v = forty_fives.make_variant()
    start = GameState((10, 20))
    hands = [HandRecord((4, 1), 0), HandRecord((2, 3), 1)]
    state = replay(forty_fives.apply_hand, v, hands, start)
    assert state.scores == (45, 45) and state.hands_played == 2 and state.winner is None
    assert replay(forty_fives.apply_hand, v, [], start) is start


@pytest.mark.parametrize("number", [1, 2, 3])
def test_a_replay_names_the_hand_that_was_refused(number):
    v = forty_fives.make_variant()
    hands = [HandRecord((3, 2), NO_TRUMP)] * (number - 1) + [HandRecord((2, 4), 0)]
    with pytest.raises(HandError) as caught:
        replay(forty_fives.apply_hand, v, hands, forty_fives.new_game(v))
    assert caught.value.hand == number
    assert caught.value.args == ("tricks add up to 6, must be 5",)
    assert caught.value.reason == "tricks add up to 6, must be 5"
    assert caught.value.reason.msgid == "tricks add up to {total}, must be {n}"
    assert isinstance(caught.value.__cause__, HandError) and caught.value.__cause__.hand is None


def test_a_variant_of_another_game_is_a_bug():
    assert check_game(FF, Game.FORTY_FIVES) is None
    with pytest.raises(ValueError) as caught:
        check_game(FF, Game.AUCTION)
    assert str(caught.value) == "this is a Forty-Fives variant, not Auction Forty-Fives"
    with pytest.raises(ValueError) as caught:
        check_game(AUCTION, Game.ONE_TEN)
    assert str(caught.value) == "this is a Auction Forty-Fives variant, not 110"
