"""A game as moves (scoring/play/game.py), on tables set by hand: whose turn, robbing the
turned-up card, each refusal word for word, a hand played out and scored, the bidding,
naming trump and the draw of Auction Forty-Fives, and the next deal."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest

from scoring.games import apply_hand, score_hand
from scoring.games.cards import JOKER, Card, Suit, card, deck
from scoring.games.core import NO_TRUMP, Call, HandRecord
from scoring.play import game as g
from scoring.play import rules
from scoring.play.deal import deal, hand_seed, shuffled
from scoring.play.game import IllegalMove, Phase, State, new_game, replay, undo
from scoring.play.records import TrickResult
from scoring.play.rules import PlayOptions
from scoring.play.setup import (
    Bid,
    Discard,
    Hold,
    NameTrump,
    NoRob,
    Pass,
    Play,
    Rob,
    auction,
    forty_fives,
)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(card(t) for t in text.split())


def table(
    setup=None,
    *,
    hands,
    trump=Suit.HEARTS,
    turn_up="9♥",
    dealer=0,
    to_act=None,
    phase=Phase.PLAY,
    seed=1,
    stock=None,
    **more,
) -> State:
    """A hand dealt as the test says: ``hands`` as text by seat."""
    setup = setup or forty_fives(2)
    start = new_game(setup, seed)
    held = tuple(cards(h) for h in hands)
    up = None if turn_up is None else card(turn_up)
    if stock is None:
        used = {c for h in held for c in h} | {up}
        stock = tuple(c for c in deck(joker=setup.options.joker) if c not in used)
    else:
        stock = cards(stock)
    return replace(
        start,
        hands=held,
        trump=trump,
        turn_up=up,
        dealer=dealer,
        to_act=(dealer + 1) % setup.players if to_act is None else to_act,
        phase=phase,
        stock=stock,
        discards=((),) * setup.players,
        taken_by=None,
        **more,
    )


def refused(state: State, move) -> str:
    with pytest.raises(IllegalMove) as caught:
        state.apply(move)
    return str(caught.value.reason)


# ---- reading the state ---------------------------------------------------------------


def test_a_new_game_before_its_first_move():
    s = new_game(forty_fives(), 3)
    assert s.moves == () and s.records == () and s.summaries == () and s.hand_no == 0
    assert s.scores == (0, 0, 0) and s.winner is None and not s.over
    assert s.last_hand is None and s.options is s.setup.options
    assert s.tricks_won() == (0, 0, 0) and s.leader() == 1 and s.played() == ()
    assert s.dealer == 0 and s.trump is s.turn_up.suit and s.taken_by is None
    d = deal(shuffled(hand_seed(3, 0)), 3, 0, turn_up=True)
    assert s.hands == d.hands and s.stock == d.stock and s.turn_up == d.turn_up
    assert s.discards == ((), (), ())


def test_the_first_dealer_deals_and_the_next_seat_acts():
    s = new_game(forty_fives(4, partnerships=True, first_dealer=3), 5)
    assert s.dealer == 3 and s.leader() == 0
    d = deal(shuffled(hand_seed(5, 0)), 4, 3, turn_up=True)
    assert s.hands == d.hands and s.turn_up == d.turn_up
    a = new_game(auction(first_dealer=2), 5)
    assert a.phase is Phase.BID and a.to_act == 3 and a.dealer == 2
    assert a.turn_up is None and a.trump is None and a.ace_of_trumps() is None
    assert len(a.stock) == 52 - 20
    da = deal(shuffled(hand_seed(5, 0)), 4, 2, turn_up=False)
    assert a.hands == da.hands and a.stock == da.stock


def test_a_joker_deal_uses_the_53_card_deck():
    s = new_game(forty_fives(options=PlayOptions(joker=True)), 8)
    d = deal(shuffled(hand_seed(8, 0), joker=True), 3, 0, turn_up=True)
    assert s.hands == d.hands and len(s.all_cards()) == 53


def test_the_newfoundland_deal_pattern_is_used():
    options = PlayOptions(deal="2-3")
    s = new_game(forty_fives(options=options), 8)
    d = deal(shuffled(hand_seed(8, 0)), 3, 0, pattern="2-3", turn_up=True)
    assert s.hands == d.hands


def test_tricks_won_by_side_and_the_leader_of_each_trick():
    s = table(forty_fives(4, partnerships=True), hands=["2♣", "3♣", "4♣", "6♣"], dealer=3)
    t1 = TrickResult(((0, card("2♣")),), 2, "")
    t2 = TrickResult(((0, card("3♣")),), 1, "")
    t3 = TrickResult(((0, card("4♣")),), 0, "")
    s = replace(s, tricks=(t1, t2, t3), trick=((1, card("6♣")),))
    assert s.tricks_won() == (2, 1)
    assert s.leader() == 0
    assert replace(s, tricks=(t1, t2)).leader() == 1
    assert replace(s, tricks=()).leader() == 0
    assert s.played() == ((0, card("2♣")), (0, card("3♣")), (0, card("4♣")), (1, card("6♣")))


def test_every_card_is_somewhere_and_the_turned_up_card_once():
    s = table(hands=["2♣ 3♣", "4♣ 6♣"], turn_up="9♥")
    everything = s.all_cards()
    assert len(everything) == 52 and set(everything) == set(deck())
    assert everything[:4] == list(cards("2♣ 3♣ 4♣ 6♣"))
    assert everything[-1] == card("9♥")
    taken = replace(s, hands=(cards("2♣ 9♥"), cards("4♣ 6♣")), taken_by=0)
    taken = replace(taken, discards=(cards("3♣"), ()))
    assert sorted(map(str, taken.all_cards())) == sorted(map(str, deck()))
    played = replace(s, hands=(cards("3♣"), cards("4♣ 6♣")), trick=((0, card("2♣")),))
    assert sorted(map(str, played.all_cards())) == sorted(map(str, deck()))


def test_the_game_over_reads_as_over():
    s = replace(new_game(forty_fives(), 1), phase=Phase.OVER, to_act=None)
    assert s.over and s.legal_moves() == ()
    assert refused(s, Play(card("2♣"))) == "The game is over."


# ---- robbing the turned-up card --------------------------------------------------------


def test_the_holder_of_the_ace_of_trumps_may_rob_before_its_first_card_only():
    s = table(hands=["2♣ 3♣", "A♥ 4♣"], turn_up="9♥", dealer=0, to_act=1)
    assert s.ace_of_trumps() == card("A♥")
    assert s.may_rob(1) and not s.may_rob(0)
    assert not replace(s, turn_up=None).may_rob(1)
    assert not replace(s, taken_by=0).may_rob(1)
    assert not replace(s, trick=((1, card("4♣")),)).may_rob(1)
    assert replace(s, trick=((0, card("2♣")),)).may_rob(1)
    assert not replace(s, tricks=(TrickResult(((1, card("5♣")),), 1, ""),)).may_rob(1)
    assert not replace(s, trump=Suit.CLUBS).may_rob(1)
    assert s.turn_to(1).phase is Phase.ROB and s.turn_to(1).to_act == 1
    assert s.turn_to(0).phase is Phase.PLAY and s.turn_to(0).to_act == 0


def test_the_dealer_must_take_an_ace_turned_up_before_any_card():
    s = table(hands=["2♣ 3♣", "4♣ 6♣"], turn_up="A♦", trump=Suit.DIAMONDS, to_act=0)
    assert s.dealer_must_take_ace()
    assert not replace(s, to_act=1).dealer_must_take_ace()
    assert not replace(s, taken_by=0).dealer_must_take_ace()
    assert not replace(s, trick=((1, card("4♣")),)).dealer_must_take_ace()
    assert not replace(s, turn_up=None).dealer_must_take_ace()
    assert not replace(s, turn_up=card("K♦")).dealer_must_take_ace()
    done = TrickResult(((1, card("5♣")),), 1, "")
    assert not replace(s, tricks=(done,)).dealer_must_take_ace()
    rob = replace(s, phase=Phase.ROB)
    assert rob.legal_moves() == (Rob(card("2♣")), Rob(card("3♣")))
    assert refused(rob, NoRob()) == "An ace is turned up: the dealer must take it."
    after = rob.apply(Rob(card("3♣")))
    assert after.hands[0] == cards("2♣ A♦") and after.discards == (cards("3♣"), ())
    assert after.taken_by == 0 and after.phase is Phase.PLAY and after.to_act == 1
    assert after.moves == (Rob(card("3♣")),) and not after.declined


def test_robbing_or_not_before_the_first_card():
    s = table(hands=["2♣ 3♣", "A♥ 4♣"], turn_up="9♥", to_act=1, phase=Phase.ROB)
    # the ace of trumps (hearts are trumps: the A♥) gives the right to rob: never the discard
    assert s.legal_moves() == (NoRob(), Rob(card("4♣")))
    assert refused(s, Rob(card("A♥"))) == "Keep A♥: it gives you the right to rob."
    diamonds = table(
        hands=["2♣ 3♣", "A♦ 4♣"], trump=Suit.DIAMONDS, turn_up="9♦", to_act=1, phase=Phase.ROB
    )
    assert diamonds.legal_moves() == (NoRob(), Rob(card("4♣")))
    assert refused(diamonds, Rob(card("A♦"))) == "Keep A♦: it gives you the right to rob."
    left = s.apply(NoRob())
    assert left.phase is Phase.PLAY and left.declined and left.to_act == 1
    assert left.hands == s.hands and left.taken_by is None
    robbed = s.apply(Rob(card("4♣")))
    assert robbed.hands[1] == cards("A♥ 9♥") and robbed.discards == ((), cards("4♣"))
    assert robbed.taken_by == 1 and robbed.phase is Phase.PLAY and robbed.to_act == 1
    assert not robbed.declined
    assert refused(s, Rob(card("2♣"))) == "You do not hold 2♣."
    assert refused(s, Play(card("A♥"))) == "It is time to rob or not."
    assert refused(s, Pass()) == "It is time to rob or not."


def test_a_seat_that_declined_to_rob_plays_and_the_flag_clears():
    s = table(hands=["2♣ 3♣", "A♥ 4♣"], turn_up="9♥", to_act=1, phase=Phase.ROB)
    s = s.apply(NoRob())
    after = s.apply(Play(card("4♣")))
    assert not after.declined and after.to_act == 0 and after.phase is Phase.PLAY


# ---- playing cards ----------------------------------------------------------------------


def test_the_legal_plays_are_the_rules_legal_cards():
    options = PlayOptions(hearts_on_hearts=True)
    setup = forty_fives(2, options=options)
    s = table(setup, hands=["2♣ 3♣ K♠", "A♥ 4♣ 5♦"], trump=Suit.DIAMONDS, turn_up="9♦")
    assert s.legal_moves() == (
        Play(card("A♥")),
        Play(card("4♣")),
        Play(card("5♦")),
        Play(card("A♥"), call=True),
    )
    led = replace(s, to_act=0, trick=((1, card("4♣")),))
    want = rules.legal_cards(cards("2♣ 3♣ K♠"), cards("4♣"), Suit.DIAMONDS, options)
    assert led.legal_moves() == tuple(Play(c) for c in want) == (Play(card("2♣")), Play(card("3♣")))
    plain = table(hands=["2♣", "A♥ 4♣"], trump=Suit.DIAMONDS, turn_up="9♦")
    assert Play(card("A♥"), call=True) not in plain.legal_moves()
    no_ace = table(setup, hands=["2♣", "K♥ 4♣"], trump=Suit.DIAMONDS, turn_up="9♦")
    assert no_ace.legal_moves() == (Play(card("K♥")), Play(card("4♣")))


def test_a_called_ace_of_hearts_binds_the_trick():
    options = PlayOptions(hearts_on_hearts=True)
    setup = forty_fives(2, options=options)
    s = table(setup, hands=["2♥ 5♣ K♥", "A♥ 4♣"], trump=Suit.CLUBS, turn_up="9♣")
    called = s.apply(Play(card("A♥"), call=True))
    assert called.called and called.to_act == 0
    want = rules.legal_cards(cards("2♥ 5♣ K♥"), cards("A♥"), Suit.CLUBS, options, called=True)
    assert called.legal_moves() == tuple(Play(c) for c in want)
    plain = s.apply(Play(card("A♥")))
    assert not plain.called
    free = rules.legal_cards(cards("2♥ 5♣ K♥"), cards("A♥"), Suit.CLUBS, options)
    assert plain.legal_moves() == tuple(Play(c) for c in free)
    assert want != free
    reason = rules.refusal(cards("2♥ 5♣ K♥"), card("2♥"), cards("A♥"), Suit.CLUBS, options)
    assert reason is None
    said = rules.refusal(
        cards("2♥ 5♣ K♥"), card("2♥"), cards("A♥"), Suit.CLUBS, options, called=True
    )
    assert refused(called, Play(card("2♥"))) == said
    done = called.apply(Play(card("5♣")))
    assert done.tricks[-1].called and not done.called
    assert done.tricks[-1].winner == 0


def test_only_the_leader_of_the_ace_of_hearts_may_call_it():
    setup = forty_fives(2, options=PlayOptions(hearts_on_hearts=True))
    s = table(setup, hands=["A♥ 2♣", "4♣ 6♣"], trump=Suit.CLUBS, turn_up="9♣", to_act=0)
    led = replace(s, trick=((1, card("4♣")),))
    assert refused(led, Play(card("A♥"), call=True)) == (
        "Only the leader of the ace of hearts may call it."
    )
    assert refused(s, Play(card("2♣"), call=True)) == (
        "Only the leader of the ace of hearts may call it."
    )
    plain = table(hands=["A♥ 2♣", "4♣ 6♣"], trump=Suit.CLUBS, turn_up="9♣", to_act=0)
    assert refused(plain, Play(card("A♥"), call=True)) == (
        "Hearts on hearts is not played at this table."
    )


def test_a_refused_card_gives_the_rules_reason():
    s = table(hands=["2♣ 3♦", "4♣ 6♠"], trump=Suit.HEARTS, to_act=0, trick=((1, card("4♣")),))
    assert refused(s, Play(card("3♦"))) == "You must follow clubs."
    assert refused(s, Play(card("K♠"))) == "You do not hold K♠."
    assert refused(s, Rob(card("2♣"))) == "It is time to play a card."
    assert refused(s, Discard()) == "It is time to play a card."


def test_a_card_played_passes_the_turn_to_the_left():
    s = table(forty_fives(), hands=["2♣ 3♣", "4♣ 6♣", "7♣ 8♣"], dealer=2, to_act=2)
    s = replace(s, trick=((0, card("2♣")), (1, card("4♣"))))
    # seat 2 plays the third and last card of the trick
    done = s.apply(Play(card("8♣")))
    assert done.trick == () and len(done.tricks) == 1
    t = done.tricks[0]
    assert t.plays == ((0, card("2♣")), (1, card("4♣")), (2, card("8♣")))
    assert t.winner == 0 and not t.called
    assert t.explanation == rules.explain_winner(cards("2♣ 4♣ 8♣"), Suit.HEARTS, s.options)
    assert t.explanation == "2♣ beats 4♣ and 8♣: in clubs, black, low numbers beat high."
    assert done.to_act == 0 and done.phase is Phase.PLAY and done.hands[2] == cards("7♣")
    first = table(forty_fives(), hands=["2♣ 3♣", "4♣ 6♣", "7♣ 8♣"], dealer=1, to_act=2)
    nxt = first.apply(Play(card("7♣")))
    assert nxt.to_act == 0 and nxt.trick == ((2, card("7♣")),)
    assert nxt.hands == (cards("2♣ 3♣"), cards("4♣ 6♣"), cards("8♣"))
    assert nxt.moves == (Play(card("7♣")),) and nxt.phase is Phase.PLAY


def test_the_winner_of_a_trick_robs_if_it_may_only_before_its_first_card():
    s = table(hands=["2♣ 3♣", "4♣ A♥"], turn_up="9♥", dealer=1, to_act=0)
    after = s.apply(Play(card("2♣")))
    assert after.to_act == 1 and after.phase is Phase.ROB


def hand_of_five(setup=None, **kw):
    """Seat 1 leads the top trumps; seat 0 follows with clubs."""
    return table(
        setup,
        hands=["2♣ 3♣ 4♣ 6♣ 7♣", "5♥ J♥ A♥ K♥ Q♥"],
        turn_up="9♥",
        dealer=0,
        to_act=1,
        **kw,
    )


def play_out(s, leads: str, follows: str):
    for lead, follow in zip(leads.split(), follows.split(), strict=True):
        s = s.apply(Play(card(lead))).apply(Play(card(follow)))
    return s


def test_a_hand_of_five_tricks_is_scored_and_the_next_deal_made():
    s = hand_of_five(seed=4)
    s = play_out(s, "5♥ J♥ A♥ K♥ Q♥", "2♣ 3♣ 4♣ 6♣ 7♣")
    last = s.last_hand
    assert last.number == 1 and last.dealer == 0 and last.trump is Suit.HEARTS
    assert last.tricks == (0, 5) and last.best == card("5♥") and last.best_seat == 1
    assert last.points == (0, 30) and last.changes == (0, 30) and last.scores == (0, 30)
    assert last.bidder is None and last.bid is None
    assert s.scores == (0, 30) and s.records == (HandRecord((0, 5), 1),)
    assert s.summaries == (last,) and s.winner is None
    # the next hand: dealt by the dealer's left from the game's seed
    assert s.hand_no == 1 and s.dealer == 1
    d = deal(shuffled(hand_seed(4, 1)), 2, 1, turn_up=True)
    assert s.hands == d.hands and s.stock == d.stock and s.turn_up == d.turn_up
    assert s.trump is d.turn_up.suit and s.tricks == () and s.trick == ()
    assert s.discards == ((), ()) and s.taken_by is None and not s.called
    if d.turn_up.rank == "A":
        assert s.phase is Phase.ROB and s.to_act == 1
    else:
        assert s.to_act == 0
        assert s.phase is (Phase.ROB if s.may_rob(0) else Phase.PLAY)


def test_four_tricks_do_not_end_the_hand():
    s = hand_of_five()
    s = play_out(s, "5♥ J♥ A♥ K♥", "2♣ 3♣ 4♣ 6♣")
    assert len(s.tricks) == 4 and s.summaries == () and s.to_act == 1
    assert s.tricks_won() == (0, 4)


def test_the_best_trump_played_scores_its_side():
    s = table(hands=["5♥ 2♣ 3♣ 4♣ 6♣", "J♥ 7♠ 8♠ 9♠ 10♠"], dealer=1, to_act=0)
    s = play_out(s, "5♥", "J♥")
    s = play_out(s, "2♣ 3♣ 4♣ 6♣", "7♠ 8♠ 9♠ 10♠")
    last = s.last_hand
    assert last.best == card("5♥") and last.best_seat == 0
    assert last.tricks == (5, 0) and last.points == (30, 0)


def test_no_trump_played_scores_25():
    s = table(
        hands=["2♣ 3♣ 4♣ 6♣ 7♣", "8♠ 9♠ 10♠ J♠ Q♠"],
        trump=Suit.HEARTS,
        turn_up="9♥",
        dealer=1,
        to_act=0,
    )
    s = play_out(s, "2♣ 3♣ 4♣ 6♣ 7♣", "8♠ 9♠ 10♠ J♠ Q♠")
    last = s.last_hand
    assert last.best is None and last.best_seat is None
    assert last.points == (25, 0) and s.records == (HandRecord((5, 0), NO_TRUMP),)


def test_with_the_five_only_bonus_only_the_five_of_trumps_scores_it():
    setup = forty_fives(2, five_only_bonus=True)
    s = hand_of_five(setup)
    s = play_out(s, "5♥ J♥ A♥ K♥ Q♥", "2♣ 3♣ 4♣ 6♣ 7♣")
    assert s.last_hand.best == card("5♥") and s.last_hand.points == (0, 30)
    s = table(setup, hands=["2♣ 3♣ 4♣ 6♣ 7♣", "J♥ A♥ K♥ Q♥ 10♥"], dealer=0, to_act=1)
    s = play_out(s, "J♥ A♥ K♥ Q♥ 10♥", "2♣ 3♣ 4♣ 6♣ 7♣")
    assert s.last_hand.best is None and s.last_hand.best_seat is None
    assert s.last_hand.points == (0, 25)


def test_the_joker_is_a_best_trump_with_the_joker_rules():
    setup = forty_fives(2, options=PlayOptions(joker=True))
    s = table(setup, hands=["Joker 3♣ 4♣ 6♣ 7♣", "K♥ 8♠ 9♠ 10♠ J♠"], dealer=1, to_act=0)
    s = play_out(s, "Joker", "K♥")
    s = play_out(s, "3♣ 4♣ 6♣ 7♣", "8♠ 9♠ 10♠ J♠")
    assert s.last_hand.best == JOKER and s.last_hand.best_seat == 0
    assert s.last_hand.points == (30, 0)


def test_the_hand_that_reaches_the_target_ends_the_game():
    s = hand_of_five()
    s = replace(s, score=replace(s.score, scores=(0, 20)))
    s = play_out(s, "5♥ J♥ A♥ K♥ Q♥", "2♣ 3♣ 4♣ 6♣ 7♣")
    assert s.over and s.phase is Phase.OVER and s.to_act is None and s.winner == 1
    assert s.scores == (0, 50) and s.hand_no == 0 and s.legal_moves() == ()
    assert refused(s, Play(card("2♣"))) == "The game is over."


def test_replay_and_undo():
    setup = forty_fives()
    s = new_game(setup, 6)
    moves = []
    for _ in range(4):
        move = s.legal_moves()[-1]
        moves.append(move)
        s = s.apply(move)
    assert s.moves == tuple(moves)
    assert replay(setup, 6, moves) == s
    assert undo(s) == replay(setup, 6, moves[:-1])
    assert undo(s).moves == tuple(moves[:-1])
    with pytest.raises(IllegalMove) as caught:
        undo(new_game(setup, 6))
    assert str(caught.value.reason) == "There is nothing to undo."


# ---- Auction Forty-Fives ----------------------------------------------------------------


def test_the_bidding_goes_round_to_the_dealer():
    s = new_game(auction(), 2)
    assert s.legal_moves() == (Pass(), Bid(15), Bid(20), Bid(25), Bid(30))
    s = s.apply(Bid(20))
    assert s.to_act == 2 and s.phase is Phase.BID and s.calls == ((1, Bid(20)),)
    assert s.legal_moves() == (Pass(), Bid(25), Bid(30))
    assert refused(s, Bid(20)) == "Bids must rise by 5."
    assert refused(s, Hold()) == "Only the dealer may hold."
    assert refused(s, NameTrump(Suit.CLUBS)) == "It is time to bid or pass."
    s = s.apply(Pass()).apply(Bid(25))
    assert s.to_act == 0 and s.bidder is None
    assert refused(s, Hold()) == "The dealer may not hold under this drive's rules."
    s = s.apply(Pass())
    assert s.phase is Phase.TRUMP and s.bidder == 3 and s.to_act == 3 and s.bid == 25
    assert s.calls == ((1, Bid(20)), (2, Pass()), (3, Bid(25)), (0, Pass()))
    assert s.legal_moves() == tuple(NameTrump(x) for x in Suit)
    assert refused(s, Pass()) == "It is time to name trump."


def test_the_bidding_as_the_scorekeeper_reads_it():
    s = new_game(auction(dealer_may_hold=True), 2)
    s = s.apply(Bid(20)).apply(Pass()).apply(Pass())
    assert g.core_calls(s) == (Call(1, 20), Call(0), Call(1))
    s2 = s.apply(Hold())
    assert g.core_calls(s2) == (Call(1, 20), Call(0), Call(1), Call(0, None, True))
    record = g.hand_record(s, ())
    assert record == HandRecord((5, 0), None, dealer=0, calls=g.core_calls(s))
    assert g.hand_record(s, (2, 3), best=1) == HandRecord(
        (2, 3), 1, dealer=0, calls=g.core_calls(s)
    )
    later = replace(s, dealer=1)
    assert g.hand_record(later, (), Call(1, 25)).dealer == 1
    assert g.hand_record(later, (), Call(1, 25)).calls[-1] == Call(1, 25)
    assert g.bid_refusal(s, Pass()) is None
    assert g.bid_refusal(s, Hold()) is None
    assert g.bid_refusal(s, Bid(25)) is None
    assert g.bid_refusal(s, Bid(20)) == "Bids must rise by 5."
    assert g.bid_refusal(s, Play(card("2♣"))) == "It is time to bid or pass."


def test_the_dealer_who_holds_names_trump():
    s = new_game(auction(dealer_may_hold=True), 2)
    partner = s.apply(Pass()).apply(Bid(20)).apply(Pass())
    assert partner.legal_moves() == (Pass(), Bid(25), Bid(30))
    assert refused(partner, Hold()) == "The dealer's side already has the highest bid."
    s = s.apply(Bid(20)).apply(Pass()).apply(Pass())
    assert s.legal_moves() == (Pass(), Hold(), Bid(25), Bid(30))
    s = s.apply(Hold())
    assert s.phase is Phase.TRUMP and s.bidder == 0 and s.to_act == 0 and s.bid == 20
    assert s.calls[-1] == (0, Hold())


def test_the_last_bid_wins_when_the_dealer_passes():
    s = new_game(auction(), 2)
    s = s.apply(Bid(15)).apply(Bid(20)).apply(Pass()).apply(Pass())
    assert s.bidder == 2 and s.bid == 20


def test_everyone_passing_bags_the_dealer():
    s = new_game(auction(first_dealer=1), 2)
    for _ in range(4):
        s = s.apply(Pass())
    assert s.bidder == 1 and s.to_act == 1 and s.bid == 15 and s.phase is Phase.TRUMP


def draw_table(**kw):
    s = new_game(auction(), 2)
    s = s.apply(Bid(20)).apply(Pass()).apply(Pass()).apply(Pass())
    return s.apply(NameTrump(Suit.SPADES))


def test_naming_trump_starts_the_draw_at_the_dealers_left():
    s = draw_table()
    assert s.trump is Suit.SPADES and s.phase is Phase.DISCARD and s.to_act == 1
    assert s.moves[-1] == NameTrump(Suit.SPADES)
    assert s.ace_of_trumps() == card("A♠")
    n = len(s.hands[1])
    assert len(s.legal_moves()) == 2**n
    assert s.legal_moves()[0] == Discard() and s.legal_moves()[-1] == Discard(s.hands[1])
    assert set(s.legal_moves()) == {
        Discard(cs) for k in range(n + 1) for cs in combinations(s.hands[1], k)
    }
    short = replace(s, stock=s.stock[:2])
    assert len(short.legal_moves()) == 1 + 5 + 10
    assert refused(s, Pass()) == "It is time to discard and draw."


def test_each_seat_discards_and_draws_from_the_top():
    s = draw_table()
    stock, hand = s.stock, s.hands[1]
    s = s.apply(Discard(hand[1:3]))
    assert s.hands[1] == hand[:1] + hand[3:] + stock[:2]
    assert s.stock == stock[2:] and s.discards[1] == hand[1:3] and s.to_act == 2
    assert s.phase is Phase.DISCARD


def test_the_draws_refusals_in_words():
    s = draw_table()
    hand, stock = s.hands[1], s.stock
    outside = next(c for c in deck() if c not in hand)
    assert refused(s, Discard((outside,))) == f"You do not hold {outside}."
    assert refused(s, Discard((hand[0], hand[0]))) == "Name each card once."
    assert refused(s, Discard(hand[:2], (stock[0], stock[0]))) == "Name each card once."
    low = replace(s, stock=stock[:1])
    assert refused(low, Discard(hand[:2])) == "Only 1 cards are left in the stock."
    assert low.apply(Discard(hand[:1])).stock == ()
    assert refused(s, Discard(hand[:1], (stock[0],))) == "Only the dealer may rob the pack."
    dealer = replace(s, to_act=0)
    mine = dealer.hands[0]
    assert refused(dealer, Discard(mine[:2], (stock[0],))) == (
        "Take as many cards from the pack as you discard."
    )
    assert refused(dealer, Discard(mine[:1], (hand[0],))) == f"{hand[0]} is not in the pack."


def test_the_dealer_draws_last_may_rob_the_pack_and_play_starts():
    s = draw_table()
    s = s.apply(Discard()).apply(Discard()).apply(Discard())
    assert s.to_act == 0 and s.phase is Phase.DISCARD
    stock, mine = s.stock, s.hands[0]
    take = (stock[-1], stock[3])
    robbed = s.apply(Discard(mine[:2], take))
    assert robbed.hands[0] == mine[2:] + take
    assert robbed.stock == tuple(c for c in stock if c not in take)
    assert robbed.discards[0] == mine[:2]
    assert robbed.phase is Phase.PLAY and robbed.to_act == 1
    blind = s.apply(Discard(mine[:1]))
    assert blind.hands[0] == mine[1:] + stock[:1] and blind.to_act == 1
    assert blind.phase is Phase.PLAY


def test_an_auction_hand_is_scored_with_its_bidding():
    s = new_game(auction(), 2)
    s = s.apply(Bid(20)).apply(Pass()).apply(Pass()).apply(Pass())
    s = s.apply(NameTrump(Suit.SPADES))
    s = s.apply(Discard()).apply(Discard()).apply(Discard()).apply(Discard())
    before = s
    while len(s.summaries) == 0:
        s = s.apply(s.legal_moves()[0])
    last = s.last_hand
    assert last.bidder == 1 and last.bid == 20 and last.trump is Suit.SPADES
    record = s.records[0]
    assert record.calls == g.core_calls(before) and record.dealer == 0
    outcome = score_hand(s.setup.variant, before.score, record)
    assert last.made == outcome.made and last.points == outcome.points
    assert last.changes == outcome.changes
    assert s.scores == apply_hand(s.setup.variant, before.score, record).scores
    assert s.phase is Phase.BID and s.dealer == 1 and s.to_act == 2 and s.hand_no == 1
    assert s.calls == () and s.bidder is None and s.bid is None and s.trump is None
    assert s.turn_up is None


def test_a_move_in_the_wrong_phase_says_what_is_due():
    s = new_game(auction(), 2)
    assert refused(s, Discard()) == "It is time to bid or pass."
    assert refused(s, NoRob()) == "It is time to bid or pass."


# ---- the flags each move clears, and the deal of every hand --------------------------------


def test_a_card_played_after_declining_to_rob_clears_the_flags():
    s = table(hands=["2♣ 3♣", "A♥ 4♣"], turn_up="9♥", to_act=1, phase=Phase.ROB)
    mid = s.apply(NoRob()).apply(Play(card("4♣")))
    assert mid.declined is False and mid.called is False
    last = table(hands=["2♣ 3♣", "A♥ 4♣"], turn_up="9♥", dealer=1, to_act=1, phase=Phase.ROB)
    last = replace(last, trick=((0, card("2♣")),), hands=(cards("3♣"), cards("A♥ 4♣")))
    last = last.apply(NoRob())
    assert last.declined
    done = last.apply(Play(card("4♣")))
    assert len(done.tricks) == 1 and done.trick == ()
    assert done.declined is False and done.called is False


def test_a_called_trick_done_clears_the_call():
    setup = forty_fives(2, options=PlayOptions(hearts_on_hearts=True))
    s = table(setup, hands=["2♥ 5♣ K♥", "A♥ 4♣"], trump=Suit.CLUBS, turn_up="9♣")
    done = s.apply(Play(card("A♥"), call=True)).apply(Play(card("5♣")))
    assert done.called is False and done.tricks[-1].called is True


def test_the_next_hand_starts_clean_after_a_rob():
    s = table(
        hands=["2♣ 3♣ 4♣ 6♣ 7♣", "5♥ J♥ A♥ K♥ 2♠"],
        turn_up="9♥",
        dealer=0,
        to_act=1,
        phase=Phase.ROB,
        seed=4,
    )
    s = s.apply(Rob(card("2♠")))
    assert s.taken_by == 1 and s.discards == ((), cards("2♠"))
    s = play_out(s, "5♥ J♥ A♥ K♥ 9♥", "2♣ 3♣ 4♣ 6♣ 7♣")
    assert s.hand_no == 1 and s.taken_by is None and s.discards == ((), ())
    assert s.called is False and s.declined is False and s.trick == () and s.tricks == ()


def test_an_ace_turned_up_in_the_deal_is_the_dealers_to_take():
    s = new_game(forty_fives(), 18)
    assert s.turn_up.rank == "A" and s.phase is Phase.ROB and s.to_act == 0
    assert s.dealer_must_take_ace()


def test_the_seat_on_the_dealers_left_acts_first():
    s = new_game(forty_fives(first_dealer=1), 0)
    assert s.turn_up.rank != "A" and s.phase is Phase.PLAY and s.to_act == 2
    assert new_game(forty_fives(4, partnerships=True, first_dealer=2), 0).leader() == 3


def test_naming_trump_passes_the_turn_to_the_dealers_left_whoever_bid():
    s = new_game(auction(), 2)
    s = s.apply(Pass()).apply(Pass()).apply(Bid(20)).apply(Pass())
    assert s.to_act == 3 and s.bidder == 3
    s = s.apply(NameTrump(Suit.HEARTS))
    assert s.to_act == 1 and s.phase is Phase.DISCARD and s.trump is Suit.HEARTS


def test_an_auction_hand_record_holds_the_tricks_and_the_best_trump():
    s = new_game(auction(), 2)
    s = s.apply(Bid(20)).apply(Pass()).apply(Pass()).apply(Pass())
    s = s.apply(NameTrump(Suit.SPADES))
    s = s.apply(Discard()).apply(Discard()).apply(Discard()).apply(Discard())
    calls = g.core_calls(s)
    while len(s.summaries) == 0:
        s = s.apply(s.legal_moves()[-1])
    last = s.last_hand
    best = NO_TRUMP if last.best_seat is None else s.setup.side_of(last.best_seat)
    assert s.records == (HandRecord(last.tricks, best, dealer=0, calls=calls),)
    assert sum(last.tricks) == 5
