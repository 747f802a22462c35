"""The All Fours rules as the sources state them, and the options they name
(game-scoring.md, "All Fours family"): pure, no database."""

from __future__ import annotations

import pytest

from scoring.games.all_fours import (
    GIFT,
    Deal,
    DealError,
    alone,
    apply_deal,
    make_variant,
    new_game,
)

BEGGING = ("seven_up", "running_all_fours", "caribbean", "all_fives")


def events(entries):
    return [(e.event, e.side, e.points) for e in entries]


# --- a gift that puts the elder out -------------------------------------------------------


@pytest.mark.parametrize("key", BEGGING)
def test_a_gift_that_takes_the_elder_to_the_target_wins_on_the_spot(key):
    v = make_variant(key)  # two pairs; the dealer's pair is side 0, the elder's side 1
    state = apply_deal(v, new_game(v, (0, v.target - 1)), Deal(0, ("9C",), beg="gift"))
    assert state.scores == (0, v.target)
    assert state.winner == 1
    assert events(state.log) == [("gift", 1, 1)]


@pytest.mark.parametrize("key", BEGGING)
def test_a_gift_to_an_elder_two_short_is_given_and_the_deal_is_played(key):
    v = make_variant(key)
    deal = Deal(0, ("9C",), beg=GIFT, high=0, low=0, jack=0, game=0)
    state = apply_deal(v, new_game(v, (0, v.target - 2)), deal)
    assert state.scores[1] == v.target - 1 and state.winner is None
    assert events(state.log)[0] == ("gift", 1, 1)


def test_a_gift_ends_the_game_before_play_so_the_table_enters_nothing_more():
    v = make_variant("seven_up", alone("Dealer", "Elder"))
    with pytest.raises(DealError, match="the game was won before play"):
        apply_deal(v, new_game(v, (3, 6)), Deal(0, ("9C",), beg=GIFT, high=0, low=0, game=0))


def test_in_cut_throat_the_gift_goes_round_from_the_elder_and_the_first_out_wins():
    v = make_variant("seven_up", alone("A", "B", "C"))
    # A deals: B is the elder, then C; both are on 6.
    state = apply_deal(v, new_game(v, (0, 6, 6)), Deal(0, ("9C",), beg=GIFT))
    assert state.winner == 1 and state.scores == (0, 7, 6)


@pytest.mark.parametrize("key", BEGGING)
def test_option_no_gift_to_go_out_makes_the_dealer_run_the_cards(key):
    v = make_variant(key, no_gift_to_go_out=True)
    with pytest.raises(DealError, match="cannot give a point that would put B out"):
        apply_deal(v, new_game(v, (0, v.target - 1)), Deal(0, ("9C",), beg=GIFT))
    # Short of the target the gift is given as usual.
    deal = Deal(0, ("9C",), beg=GIFT, high=0, low=0, jack=0, game=0)
    assert apply_deal(v, new_game(v, (0, v.target - 2)), deal).scores[1] == v.target - 1


def test_no_gift_to_go_out_is_an_option_of_the_begging_games_only():
    with pytest.raises(Exception, match="no gift to go out is not an option of Pitch"):
        make_variant("pitch", no_gift_to_go_out=True)


# --- California Jack: every card is played, so Game's card points total 80 ---------------


@pytest.mark.parametrize("counts", [(30, 30), (50, 40), (0, 0), (81, 0)])
def test_california_jack_refuses_card_points_that_do_not_total_80(counts):
    v = make_variant("california_jack", alone("A", "B"))
    deal = Deal(0, high=0, low=1, jack=0, counts=counts)
    with pytest.raises(DealError) as refused:
        apply_deal(v, new_game(v), deal)
    assert str(refused.value) == (
        "every card is played in California Jack, so the card points for Game "
        f"add up to 80, not {sum(counts)}"
    )


def test_california_jack_takes_card_points_that_total_80():
    v = make_variant("california_jack", alone("A", "B"))
    state = apply_deal(v, new_game(v), Deal(0, high=0, low=1, jack=0, counts=(44, 36)))
    assert events(state.log) == [("high", 0, 1), ("low", 1, 1), ("jack", 0, 1), ("game", 0, 1)]


# --- Yorkshire: the pub count ------------------------------------------------------------

YORKSHIRE = make_variant("yorkshire")
PUB = make_variant("yorkshire", pub_count=True)


def test_yorkshire_counts_out_but_the_pub_count_scores_the_whole_deal_first():
    deal = Deal(0, high=0, low=1, jack=1, game=1)
    counted_out = apply_deal(YORKSHIRE, new_game(YORKSHIRE, (10, 9)), deal)
    assert counted_out.scores == (11, 9) and counted_out.winner == 0
    pub = apply_deal(PUB, new_game(PUB, (10, 9)), deal)
    assert pub.scores == (11, 12) and pub.winner == 1
    assert events(pub.log) == [("high", 0, 1), ("low", 1, 1), ("jack", 1, 1), ("game", 1, 1)]


def test_pub_count_level_at_the_target_plays_two_more_deals_then_the_higher_wins():
    state = apply_deal(PUB, new_game(PUB, (9, 9)), Deal(0, high=0, low=1, jack=0, game=1))
    assert state.scores == (11, 11) and state.winner is None and state.extra_deals == 2
    state = apply_deal(PUB, state, Deal(1, high=1, low=1))  # Game tied: nobody scores it
    assert state.scores == (11, 13) and state.winner is None and state.extra_deals == 1
    state = apply_deal(PUB, state, Deal(0, high=0, low=0, jack=0, game=0))
    assert state.scores == (15, 13) and state.winner == 0 and state.extra_deals == 0


def test_pub_count_level_again_after_the_two_deals_plays_two_more():
    state = apply_deal(PUB, new_game(PUB, (9, 9)), Deal(0, high=0, low=1, jack=0, game=1))
    state = apply_deal(PUB, state, Deal(1, high=1, low=0))
    state = apply_deal(PUB, state, Deal(0, high=0, low=1))
    assert state.scores == (13, 13) and state.winner is None and state.extra_deals == 2


def test_pub_count_is_yorkshires_option_only():
    with pytest.raises(Exception, match="pub count is not an option of Lancashire All Fours"):
        make_variant("lancashire", pub_count=True)


# --- Low to the holder, or to the winner --------------------------------------------------


@pytest.mark.parametrize(
    ("key", "low_to"),
    [
        ("seven_up", "holder"),
        ("running_all_fours", "holder"),
        ("caribbean", "holder"),
        ("yorkshire", "holder"),
        ("lancashire", "winner"),
        ("pitch", "holder"),
        ("auction_pitch", "holder"),
        ("commercial_pitch", "holder"),
        ("all_fives", "holder"),
        ("california_jack", "winner"),
    ],
)
def test_low_goes_to_the_holder_unless_the_variant_or_the_option_says_the_winner(key, low_to):
    assert make_variant(key).low_to == low_to
    if low_to == "holder" and key != "yorkshire":
        assert make_variant(key, low_to_winner=True).low_to == "winner"


def test_low_to_the_winner_worked_example():
    # Seven Up, heads-up: A was dealt the 2 of trumps, the lowest in play; B won it in
    # a trick. Low to the holder scores A; with the option, B. The table taps the side
    # the drive's rule names, and that side scores Low.
    holder = make_variant("seven_up", alone("A", "B"))
    winner = make_variant("seven_up", alone("A", "B"), low_to_winner=True)
    deal_as_held = Deal(0, ("9C",), high=1, low=0, game=1)
    deal_as_won = Deal(0, ("9C",), high=1, low=1, game=1)
    assert apply_deal(holder, new_game(holder), deal_as_held).scores == (1, 2)
    assert apply_deal(winner, new_game(winner), deal_as_won).scores == (0, 3)


def test_yorkshire_keeps_low_to_the_holder_lancashire_is_the_game_with_it_won():
    with pytest.raises(Exception, match="low to winner is not an option of Yorkshire"):
        make_variant("yorkshire", low_to_winner=True)


# --- All Fives: every counting card scores at once, or trumps only -------------------------

ALL_FIVES = make_variant("all_fives", alone("A", "B"))
TRUMPS_ONLY = make_variant("all_fives", alone("A", "B"), trumps_only=True)


def test_all_fives_the_tricks_winner_scores_every_counting_card_at_once():
    # Hearts are trumps (7H turned). A takes a trick with the 10 of clubs and the
    # king of spades (13), B one with the five of trumps and the ace of diamonds (9).
    deal = Deal(0, ("7H",), captures=((0, 13), (1, 9)), high=0, low=1, counts=(13, 9))
    state = apply_deal(ALL_FIVES, new_game(ALL_FIVES), deal)
    assert events(state.log) == [
        ("card_points", 0, 13),
        ("card_points", 1, 9),
        ("high", 0, 1),
        ("low", 1, 1),
        ("game", 0, 1),
    ]
    assert state.scores == (15, 10)


def test_all_fives_option_trumps_only_scores_only_trumps_at_once():
    # The same tricks: only the five of trumps scores at once; the rest counts for Game.
    deal = Deal(0, ("7H",), captures=((1, 5),), high=0, low=1, counts=(13, 9))
    state = apply_deal(TRUMPS_ONLY, new_game(TRUMPS_ONLY), deal)
    assert events(state.log) == [
        ("card_points", 1, 5),
        ("high", 0, 1),
        ("low", 1, 1),
        ("game", 0, 1),
    ]
    assert state.scores == (2, 6)


def test_all_fives_card_points_scored_at_once_are_the_card_points_for_game():
    deal = Deal(0, ("7H",), captures=((0, 13),), high=0, low=1, counts=(20, 9))
    with pytest.raises(DealError, match="A scored 13 card points in its tricks, so its card"):
        apply_deal(ALL_FIVES, new_game(ALL_FIVES), deal)


def test_all_fives_refuses_more_card_points_than_the_pack_holds():
    # 80 in the four suits and the five of trumps 5; the ace turned up is out of play.
    deal = Deal(0, ("AH",), captures=((0, 40), (1, 42)), high=0, low=1, game=0)
    with pytest.raises(DealError, match="only 81 card points were in play, not 82"):
        apply_deal(ALL_FIVES, new_game(ALL_FIVES), deal)
    ok = Deal(0, ("AH",), captures=((0, 40), (1, 41)), high=0, low=1, game=0)
    assert apply_deal(ALL_FIVES, new_game(ALL_FIVES), ok).winner is None
