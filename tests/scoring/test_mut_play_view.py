"""What one seat may know (scoring/play/view.py), on tables set by hand: every part of a
view, what plays reveal, the pack the dealer saw, and full games rebuilt from a guess."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from scoring.games.cards import JOKER, Card, Suit, card, deck
from scoring.play import rules
from scoring.play.game import Phase, State, new_game
from scoring.play.records import TrickResult
from scoring.play.rules import PlayOptions
from scoring.play.setup import Bid, Discard, NameTrump, Pass, auction, forty_fives
from scoring.play.view import PlayerView, Void, determinize, sample, view_of


def cards(text: str) -> tuple[Card, ...]:
    return tuple(card(t) for t in text.split())


def table(setup=None, *, hands, trump=Suit.HEARTS, turn_up="9♥", stock=None, **more) -> State:
    """A hand dealt as the test says (``hands``, ``stock`` as text); the rest as given."""
    setup = setup or forty_fives()
    start = new_game(setup, 1)
    held = tuple(cards(h) for h in hands)
    up = None if turn_up is None else card(turn_up)
    if stock is None:
        used = {c for h in held for c in h} | {up}
        stock = tuple(c for c in deck(joker=setup.options.joker) if c not in used)
    else:
        stock = cards(stock)
    fields = {
        "hands": held,
        "trump": trump,
        "turn_up": up,
        "dealer": 0,
        "to_act": 1,
        "phase": Phase.PLAY,
        "stock": stock,
        "discards": ((),) * setup.players,
        "taken_by": None,
    }
    return replace(start, **(fields | more))


# ---- the view --------------------------------------------------------------------------


def test_a_view_holds_the_seats_cards_and_what_the_table_showed():
    done = TrickResult(((1, card("4♣")), (2, card("6♣")), (0, card("2♣"))), 0, "why")
    s = table(
        hands=["3♣ 7♦", "8♣ 9♠", "10♣ J♠"],
        stock="K♠ Q♠",
        discards=((card("2♦"),), (), (card("3♦"), card("4♦"))),
        tricks=(done,),
        trick=((0, card("5♣")),),
        to_act=1,
        hand_no=2,
        dealer=2,
        declined=True,
    )
    v = view_of(s, 0)
    want = PlayerView(
        seat=0,
        setup=s.setup,
        score=s.score,
        records=s.records,
        summaries=s.summaries,
        hand_no=2,
        dealer=2,
        phase=Phase.PLAY,
        to_act=1,
        hand=cards("3♣ 7♦"),
        trump=Suit.HEARTS,
        turn_up=card("9♥"),
        taken_by=None,
        calls=(),
        bidder=None,
        bid=None,
        plays=done.plays + ((0, card("5♣")),),
        tricks=(done,),
        trick=((0, card("5♣")),),
        called=False,
        hand_sizes=(2, 2, 2),
        stock_size=2,
        discards=(card("2♦"),),
        discard_counts=(1, 0, 2),
        known=((), (), ()),
        pack=(),
        cannot_hold=v.cannot_hold,
        voids=v.voids,
        legal=(),
        declined=False,
    )
    assert v == want
    mine = view_of(s, 1)
    assert mine.legal == s.legal_moves() and mine.legal
    assert mine.declined and mine.discards == () and mine.hand == cards("8♣ 9♠")
    assert view_of(s, 2).discards == cards("3♦ 4♦")


@pytest.mark.parametrize("seat", [-1, 3])
def test_no_such_seat(seat):
    with pytest.raises(ValueError) as caught:
        view_of(new_game(forty_fives(), 1), seat)
    assert caught.value.args == ("no such seat",)


def test_the_last_seat_has_a_view():
    s = new_game(forty_fives(), 1)
    assert view_of(s, 2).hand == s.hands[2] and view_of(s, 0).seat == 0


def test_only_the_seat_about_to_rob_sees_it_may():
    s = table(hands=["2♣", "A♥ 3♣", "4♣"], to_act=1, phase=Phase.ROB)
    assert view_of(s, 1).phase is Phase.ROB
    assert view_of(s, 0).phase is Phase.PLAY and view_of(s, 2).phase is Phase.PLAY
    ace_up = table(hands=["2♣", "3♣", "4♣"], turn_up="A♦", trump=Suit.DIAMONDS)
    ace_up = replace(ace_up, to_act=0, phase=Phase.ROB)
    assert [view_of(ace_up, seat).phase for seat in range(3)] == [Phase.ROB] * 3
    assert view_of(s, 0).legal == () and view_of(s, 1).legal == s.legal_moves()


def test_the_turned_up_card_taken_is_known_to_the_others_until_played():
    s = table(hands=["2♣", "9♥ 3♣", "4♣"], taken_by=1, discards=((), (card("K♣"),), ()))
    assert view_of(s, 0).known == ((), (card("9♥"),), ())
    assert view_of(s, 2).known == ((), (card("9♥"),), ())
    assert view_of(s, 1).known == ((), (), ())
    played = replace(s, hands=(cards("2♣"), cards("3♣"), cards("4♣")), trick=((1, card("9♥")),))
    assert view_of(played, 0).known == ((), (), ())


def test_unseen_cards_are_the_rest_of_the_deck_in_order():
    s = table(
        hands=["2♣ 3♣", "4♣ 9♥", "6♣ 7♣"],
        stock="K♠ Q♠",
        taken_by=1,
        discards=((card("2♦"),), (card("A♣"),), ()),
        trick=((2, card("8♣")),),
    )
    v = view_of(s, 0)
    seen = set(cards("2♣ 3♣ 9♥ 8♣ 2♦"))
    assert v.unseen() == tuple(c for c in deck() if c not in seen)
    assert card("9♥") not in v.unseen()
    untaken = view_of(replace(s, taken_by=None), 0)
    assert card("9♥") not in untaken.unseen()
    joker = table(forty_fives(options=PlayOptions(joker=True)), hands=["2♣", "3♣", "4♣"])
    assert JOKER in view_of(joker, 0).unseen() and len(view_of(joker, 0).unseen()) == 51


def test_what_a_seat_could_hold():
    s = table(hands=["2♣ 3♣", "4♣ 9♥", "6♣ 7♣"], taken_by=1)
    v = view_of(s, 0)
    assert v.could_hold(0, card("2♣")) and not v.could_hold(0, card("4♣"))
    assert v.could_hold(1, card("9♥")) and not v.could_hold(2, card("9♥"))
    assert v.could_hold(2, card("6♣")) and v.could_hold(1, card("6♣"))
    assert not v.could_hold(1, card("2♣"))
    void = replace(s, trick=((2, card("7♣")), (0, card("3♣")), (1, card("K♦"))))
    void = replace(void, hands=(cards("2♣"), cards("4♣ 9♥"), cards("6♣")))
    v = view_of(void, 0)
    assert not v.could_hold(1, card("5♣")) and v.could_hold(2, card("5♣"))


# ---- what plays reveal ------------------------------------------------------------------


def test_a_seat_that_does_not_follow_shows_a_void():
    s = table(
        hands=["2♣", "3♦", "4♣"],
        trick=((0, card("6♣")), (1, card("K♦"))),
        to_act=2,
        dealer=2,
    )
    v = view_of(s, 2)
    gone = rules.ruled_out(card("K♦"), cards("6♣"), Suit.HEARTS, s.options, among=deck())
    assert v.cannot_hold == (frozenset(), gone, frozenset())
    assert {c for c in deck() if c.suit is Suit.CLUBS and c != card("6♣")} == gone
    assert v.voids == (Void(1, Suit.CLUBS, 0),)


def test_a_void_is_dated_by_its_trick_and_each_seat_keeps_its_own():
    done = TrickResult(((1, card("4♣")), (2, card("2♦")), (0, card("5♣"))), 0, "")
    s = table(
        hands=["2♣", "3♦", "4♦"],
        tricks=(done,),
        trick=((0, card("6♠")), (1, card("7♦"))),
        to_act=2,
    )
    v = view_of(s, 0)
    assert v.voids == (Void(2, Suit.CLUBS, 0), Void(1, Suit.SPADES, 1))
    clubs = {c for c in deck() if c.suit is Suit.CLUBS and c not in cards("4♣")}
    assert clubs <= v.cannot_hold[2]
    assert v.cannot_hold[0] == frozenset()


def test_a_seat_that_plays_no_trump_to_a_trump_lead_shows_none_it_must_play():
    s = table(hands=["2♣", "3♦", "4♦"], trick=((0, card("4♥")), (1, card("K♣"))), to_act=2)
    v = view_of(s, 2)
    assert Void(1, None, 0) in v.voids
    assert card("3♥") in v.cannot_hold[1] and card("5♥") not in v.cannot_hold[1]
    assert all(void.suit is not Suit.HEARTS for void in v.voids)


def test_following_suit_reveals_nothing_and_no_trump_no_voids():
    s = table(hands=["2♣", "3♦", "4♦"], trick=((0, card("4♣")), (1, card("K♣"))), to_act=2)
    v = view_of(s, 2)
    assert v.voids == () and v.cannot_hold == (frozenset(),) * 3
    bidding = new_game(auction(), 3)
    bv = view_of(bidding, 0)
    assert bv.cannot_hold == (frozenset(),) * 4 and bv.voids == ()


def test_the_called_ace_of_hearts_binds_what_a_play_reveals():
    options = PlayOptions(hearts_on_hearts=True)
    setup = forty_fives(options=options)
    lead = ((0, card("A♥")),)
    s = table(setup, hands=["2♣", "3♦", "4♦"], trump=Suit.CLUBS, turn_up="9♣", trick=lead)
    s = replace(s, trick=lead + ((1, card("2♦")),), to_act=2)
    free = view_of(s, 2).cannot_hold[1]
    bound = view_of(replace(s, called=True), 2).cannot_hold[1]
    assert bound == rules.ruled_out(
        card("2♦"), cards("A♥"), Suit.CLUBS, options, called=True, among=deck()
    )
    assert free != bound and card("5♣") in bound and card("5♣") not in free
    done = TrickResult(s.trick + ((2, card("4♦")),), 0, "", called=True)
    later = view_of(replace(s, trick=(), tricks=(done,), to_act=0), 0).cannot_hold[1]
    assert later == bound


# ---- the pack the dealer saw (Auction) ----------------------------------------------------


def draw(seed=2):
    s = new_game(auction(), seed)
    s = s.apply(Bid(20)).apply(Pass()).apply(Pass()).apply(Pass())
    return s.apply(NameTrump(Suit.SPADES))


def test_only_the_dealer_sees_the_pack_and_only_from_its_draw():
    s = draw()
    assert all(view_of(s, seat).pack == () for seat in range(4))
    s = s.apply(Discard()).apply(Discard()).apply(Discard())
    assert view_of(s, 0).pack == s.stock and view_of(s, 1).pack == ()
    assert set(s.stock).isdisjoint(view_of(s, 0).unseen())
    s = s.apply(Discard())
    assert s.phase is Phase.PLAY and view_of(s, 0).pack == s.stock
    assert view_of(s, 3).pack == ()
    assert view_of(replace(s, phase=Phase.OVER), 0).pack == s.stock
    assert view_of(replace(s, phase=Phase.TRUMP), 0).pack == ()
    assert view_of(replace(s, phase=Phase.DISCARD, to_act=1), 0).pack == ()
    traditional = table(hands=["2♣", "3♣", "4♣"])
    assert view_of(traditional, 0).pack == ()


# ---- full games from a guess ---------------------------------------------------------------


def spread():
    """Seats 1 and 2 robbed and discarded; a stock of 2; seat 0 has seen every other card."""
    placed = cards("2♣ 3♣ 4♣ 6♣ 7♣ 8♣ K♠ Q♠ 3♦ 4♦ 5♦ 9♥")
    mine = tuple(c for c in deck() if c not in placed)
    return table(
        hands=["2♣ 3♣", "4♣ 6♣", "7♣ 8♣"],
        stock="K♠ Q♠",
        discards=(mine, (card("3♦"),), (card("4♦"), card("5♦"))),
        to_act=1,
    )


def test_the_true_cards_rebuild_the_true_state():
    s = spread()
    v = view_of(s, 0)
    assert v.unseen() == cards("3♦ 4♦ 5♦ 4♣ 6♣ 7♣ 8♣ Q♠ K♠")
    rest = cards("K♠ Q♠ 3♦ 4♦ 5♦")
    hands = {1: cards("4♣ 6♣"), 2: cards("7♣ 8♣")}
    rebuilt = determinize(v, hands, rest, seed=s.seed)
    assert rebuilt == replace(s, moves=())
    assert determinize(v, hands, list(rest)) == replace(s, moves=(), seed=0)
    assert determinize(v, hands, rest, seed=9).seed == 9


def full_deck_table():
    """Seat 0 has seen every card but the 4 others hold: the guess is only of those."""
    s = table(hands=["2♣", "4♣ 6♣", "7♣ 8♣"], stock="")
    rest = tuple(c for c in deck() if c not in cards("2♣ 4♣ 6♣ 7♣ 8♣ 9♥"))
    return replace(s, discards=(rest, (), ()))


def test_the_guessed_hands_and_the_known_card_make_the_state():
    s = full_deck_table()
    s = replace(s, hands=(cards("2♣"), cards("4♣ 9♥"), cards("6♣ 7♣ 8♣")), taken_by=1)
    v = view_of(s, 0)
    assert v.unseen() == cards("4♣ 6♣ 7♣ 8♣")
    built = determinize(v, {1: cards("8♣"), 2: cards("4♣ 6♣ 7♣")})
    assert built.hands == (cards("2♣"), cards("8♣ 9♥"), cards("4♣ 6♣ 7♣"))
    assert built.stock == () and built.discards == s.discards
    assert built.moves == () and built.taken_by == 1 and built.turn_up == card("9♥")


def test_a_guess_that_does_not_fit_is_refused_in_words():
    s = full_deck_table()
    v = view_of(s, 0)

    def refused(hands, rest=None):
        with pytest.raises(ValueError) as caught:
            determinize(v, hands, rest)
        (said,) = caught.value.args
        return said

    assert refused({1: cards("4♣"), 2: cards("6♣ 7♣")}) == "seat 1 holds 2 unseen cards, not 1"
    assert refused({1: cards("4♣ 6♣")}) == "seat 2 holds 2 unseen cards, not 0"
    assert refused({1: cards("4♣ 2♣"), 2: cards("6♣ 7♣")}) == "2♣ is not unseen or is given twice"
    assert refused({1: cards("4♣ 4♣"), 2: cards("6♣ 7♣")}) == "4♣ is not unseen or is given twice"
    assert refused({1: cards("4♣ 6♣"), 2: cards("7♣ 8♣")}, ["7♣"]) == (
        "rest must be the other unseen cards, each once"
    )
    v2 = view_of(spread(), 0)
    with pytest.raises(ValueError) as caught:
        determinize(v2, {1: cards("4♣ 6♣"), 2: cards("7♣ 8♣")}, list(cards("K♠ K♠ 3♦ 4♦")))
    assert caught.value.args == ("rest must be the other unseen cards, each once",)
    void = replace(
        s,
        hands=(cards("2♣"), cards("4♦ 6♦"), cards("7♣ 8♣")),
        trick=((0, card("5♣")), (1, card("K♦"))),
        to_act=2,
    )
    rest = tuple(c for c in deck() if c not in cards("2♣ 4♦ 6♦ 7♣ 8♣ 9♥ 5♣ K♦"))
    void = replace(void, discards=(rest, (), ()))
    vv = view_of(void, 0)
    with pytest.raises(ValueError) as caught:
        determinize(vv, {1: cards("7♣ 4♦"), 2: cards("6♦ 8♣")})
    assert caught.value.args == ("seat 1 has shown it does not hold 7♣",)


def test_the_rest_lies_in_deck_order_by_default_stock_first():
    s = spread()
    v = view_of(s, 0)
    hands = {1: cards("4♣ 6♣"), 2: cards("7♣ 8♣")}
    built = determinize(v, hands)
    assert built.stock == cards("3♦ 4♦")
    assert built.discards == (s.discards[0], cards("5♦"), cards("Q♠ K♠"))
    assert built.hands == s.hands


def test_a_guess_that_gives_the_seat_to_act_the_ace_of_trumps_has_it_rob():
    s = full_deck_table()
    s = replace(s, hands=(cards("2♣"), cards("4♣ A♥"), cards("6♣ 7♣")))
    rest = tuple(c for c in deck() if c not in cards("2♣ 4♣ A♥ 6♣ 7♣ 9♥"))
    s = replace(s, discards=(rest, (), ()), to_act=2)
    v = view_of(s, 0)
    assert determinize(v, {1: cards("6♣ 7♣"), 2: cards("4♣ A♥")}).phase is Phase.ROB
    assert determinize(v, {1: cards("4♣ A♥"), 2: cards("6♣ 7♣")}).phase is Phase.PLAY
    own = view_of(replace(s, to_act=0), 0)
    assert determinize(own, {1: cards("6♣ 7♣"), 2: cards("4♣ A♥")}).to_act == 0
    rob = view_of(replace(s, to_act=2, phase=Phase.ROB, hands=s.hands), 2)
    assert determinize(rob, {0: cards("2♣"), 1: cards("4♣ A♥")}).phase is Phase.ROB


def test_a_guess_rebuilds_the_bidding_and_the_score():
    s = draw()
    v = view_of(s, 2)
    guess = sample(v, random.Random(1))
    assert guess.calls == s.calls and guess.bidder == 1 and guess.bid == 20
    assert guess.trump is Suit.SPADES and guess.phase is Phase.DISCARD and guess.to_act == 1
    assert guess.score == s.score and guess.hand_no == 0 and guess.dealer == 0
    assert view_of(guess, 2) == v


def void_table():
    """Seat 1 has shown no clubs; of the 4 cards seat 0 cannot see, 2 are clubs."""
    s = table(hands=["2♣", "3♦ 4♦", "6♣ 7♣ 8♣"], stock="")
    s = replace(s, trick=((2, card("5♣")), (0, card("10♣")), (1, card("K♦"))), to_act=2)
    s = replace(s, hands=(cards("2♣"), cards("3♦ 4♦"), cards("6♣ 7♣")))
    rest = tuple(c for c in deck() if c not in cards("2♣ 3♦ 4♦ 6♣ 7♣ 5♣ 10♣ K♦ 9♥"))
    return replace(s, discards=(rest, (), ()))


def test_a_random_guess_deals_the_most_constrained_seat_first():
    v = view_of(void_table(), 0)
    assert Void(1, Suit.CLUBS, 0) in v.voids
    assert set(v.unseen()) == set(cards("3♦ 4♦ 6♣ 7♣"))
    for k in range(12):
        guess = sample(v, random.Random(k), tries=1)
        assert set(guess.hands[1]) == set(cards("3♦ 4♦"))
        assert view_of(guess, 0) == v


def test_a_random_guess_fits_or_is_refused():
    v = view_of(void_table(), 0)
    with pytest.raises(ValueError) as caught:
        sample(v, random.Random(0), tries=0)
    assert caught.value.args == ("no deal of the unseen cards fits this view",)
    impossible = replace(v, hand_sizes=(1, 3, 1))
    with pytest.raises(ValueError) as caught:
        sample(impossible, random.Random(0))
    assert caught.value.args == ("no deal of the unseen cards fits this view",)
    guess = sample(view_of(void_table(), 0), random.Random(5))
    assert guess.hands[2] != () and len(guess.hands[2]) == 2


def test_sample_tries_again_after_a_deal_that_does_not_fit():
    v = view_of(void_table(), 0)
    # with seat 2 dealt first a shuffle may leave seat 1 only clubs; with seat 1 first never
    results = {tuple(sample(v, random.Random(k)).hands[2]) for k in range(12)}
    assert all(set(h) == set(cards("6♣ 7♣")) for h in results)


def test_a_played_card_is_not_guessed():
    s = new_game(forty_fives(), 4)
    while s.phase is not Phase.PLAY:
        s = s.apply(s.legal_moves()[0])
    s = s.apply(s.legal_moves()[0])
    v = view_of(s, 0)
    guess = sample(v, random.Random(2))
    assert guess.trick == s.trick and guess.played() == s.played()
    assert not set(guess.hands[1] + guess.hands[2]) & {c for _, c in s.played()}


def later_void_table():
    """Seat 2, after seat 1, has shown no clubs; seat 0 is to play."""
    s = table(hands=["2♣ 10♣", "6♣ 7♣", "3♦ 4♦"], stock="")
    s = replace(s, trick=((1, card("5♣")), (2, card("K♦"))), to_act=0)
    rest = tuple(c for c in deck() if c not in cards("2♣ 10♣ 3♦ 4♦ 6♣ 7♣ 5♣ K♦ 9♥"))
    return replace(s, discards=(rest, (), ()))


def test_the_most_constrained_seat_is_dealt_first_whatever_its_number():
    v = view_of(later_void_table(), 0)
    assert v.voids == (Void(2, Suit.CLUBS, 0),)
    for k in range(12):
        guess = sample(v, random.Random(k), tries=1)
        assert set(guess.hands[2]) == set(cards("3♦ 4♦"))
        assert set(guess.hands[1]) == set(cards("6♣ 7♣"))


def test_a_random_guess_leaves_the_known_card_where_it_is():
    s = full_deck_table()
    s = replace(s, hands=(cards("2♣"), cards("4♣ 9♥"), cards("6♣ 7♣ 8♣")), taken_by=1)
    v = view_of(s, 0)
    for k in range(6):
        guess = sample(v, random.Random(k))
        assert card("9♥") in guess.hands[1] and len(guess.hands[1]) == 2
        assert len(guess.hands[2]) == 3 and view_of(guess, 0) == v


def test_the_stock_of_a_random_guess_lies_in_a_random_order():
    s = new_game(forty_fives(), 3)
    v = view_of(s, 0)
    order = {c: i for i, c in enumerate(deck())}
    stocks = [sample(v, random.Random(k)).stock for k in range(4)]
    assert any(list(st) != sorted(st, key=order.__getitem__) for st in stocks)
    assert all(len(st) == len(s.stock) for st in stocks)


def test_a_seats_voids_add_up_over_the_hand():
    done = TrickResult(((0, card("4♣")), (1, card("2♦")), (2, card("5♣"))), 2, "")
    s = table(
        hands=["2♣", "3♦", "4♦"],
        tricks=(done,),
        trick=((0, card("6♠")), (1, card("7♦"))),
        to_act=2,
    )
    v = view_of(s, 0)
    assert v.voids == (Void(1, Suit.CLUBS, 0), Void(1, Suit.SPADES, 1))
    spades = {c for c in deck() if c.suit is Suit.SPADES and c != card("6♠")}
    clubs = {c for c in deck() if c.suit is Suit.CLUBS and c != card("4♣")}
    assert v.cannot_hold[1] == frozenset(spades | clubs)


def test_without_reneging_no_trump_to_a_trump_lead_shows_no_trumps_at_all():
    setup = forty_fives(options=PlayOptions(renege=rules.Renege.NONE))
    s = table(setup, hands=["2♣", "3♦", "4♦"], trick=((0, card("4♥")), (1, card("K♣"))))
    s = replace(s, to_act=2)
    v = view_of(s, 2)
    assert v.voids == (Void(1, None, 0),)
    trumps = {c for c in deck() if c.suit is Suit.HEARTS and c != card("4♥")}
    assert v.cannot_hold[1] == frozenset(trumps)


def test_with_the_joker_a_seat_without_trumps_has_no_joker():
    setup = forty_fives(options=PlayOptions(joker=True, renege=rules.Renege.NONE))
    s = table(setup, hands=["2♣", "3♦", "4♦"], trick=((0, card("4♥")), (1, card("K♣"))))
    v = view_of(replace(s, to_act=2), 2)
    assert JOKER in v.cannot_hold[1]


def test_the_dealers_guess_keeps_the_pack_it_saw():
    s = draw()
    s = s.apply(Discard()).apply(Discard()).apply(Discard())
    v = view_of(s, 0)
    assert v.pack == s.stock
    guess = sample(v, random.Random(4))
    assert guess.stock == s.stock and view_of(guess, 0) == v
    hands = {seat: s.hands[seat] for seat in (1, 2, 3)}
    assert determinize(v, hands, seed=s.seed) == replace(s, moves=())


def test_a_guess_keeps_the_tricks_the_call_and_the_declined_rob():
    setup = forty_fives(options=PlayOptions(hearts_on_hearts=True))
    done = TrickResult(((1, card("3♠")), (2, card("4♠")), (0, card("5♠"))), 0, "why")
    s = full_deck_table()
    s = replace(
        s,
        setup=setup,
        hands=(cards("2♣"), cards("4♣ 6♣"), cards("7♣ 8♣")),
        tricks=(done,),
        trick=((0, card("A♥")),),
        called=True,
        to_act=1,
        declined=True,
    )
    rest = tuple(c for c in deck() if c not in cards("2♣ 4♣ 6♣ 7♣ 8♣ 9♥ 3♠ 4♠ 5♠ A♥"))
    s = replace(s, discards=((), (), ()), stock=rest)
    v = view_of(s, 1)
    assert v.declined and v.called and v.tricks == (done,)
    hands = {0: cards("2♣"), 2: cards("7♣ 8♣")}
    rebuilt = determinize(v, hands, s.stock, seed=s.seed)
    assert rebuilt == replace(s, moves=())


class Rigged(random.Random):
    """Shuffles the unseen cards of ``two_voids_table`` into a deal that cannot fit for the
    first ``bad`` shuffles, then into one that fits."""

    def __init__(self, bad: int) -> None:
        super().__init__(0)
        self.bad, self.calls = bad, 0

    def shuffle(self, x) -> None:
        self.calls += 1
        order = cards("3♦ 7♠ 6♣") if self.calls <= self.bad else cards("7♠ 3♦ 6♣")
        x[:] = sorted(x, key=order.index)


def two_voids_table():
    """Seat 1 has shown no clubs and seat 2 no spades; seat 0 cannot see 3♦ 6♣ 7♠."""
    first = TrickResult(((0, card("4♣")), (1, card("2♦")), (2, card("5♣"))), 2, "")
    second = TrickResult(((0, card("8♠")), (1, card("9♠")), (2, card("K♦"))), 1, "")
    s = table(hands=["2♣", "7♠", "3♦ 6♣"], stock="", tricks=(first, second), to_act=0)
    rest = tuple(c for c in deck() if c not in cards("2♣ 7♠ 3♦ 6♣ 4♣ 2♦ 5♣ 8♠ 9♠ K♦ 9♥"))
    return replace(s, discards=(rest, (), ()))


def test_a_random_guess_gives_up_after_200_shuffles():
    v = view_of(two_voids_table(), 0)
    assert v.voids == (Void(1, Suit.CLUBS, 0), Void(2, Suit.SPADES, 1))
    guess = sample(v, Rigged(199))
    assert guess.hands[1] == cards("7♠") and set(guess.hands[2]) == set(cards("3♦ 6♣"))
    with pytest.raises(ValueError, match="no deal of the unseen cards fits this view"):
        sample(v, Rigged(200))
    assert sample(v, Rigged(4), tries=5).hands[1] == cards("7♠")
    with pytest.raises(ValueError):
        sample(v, Rigged(5), tries=5)
