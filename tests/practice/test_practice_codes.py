"""Deal codes, move codes and the stand-in computer player of the practice table."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from practice import computer
from practice.codes import MAX_SEED, CodeError, Deal, move_code, read_deal, read_move
from scoring.games.cards import Suit, deck
from scoring.play import (
    Bid,
    Discard,
    Hold,
    NameTrump,
    NoRob,
    Pass,
    Phase,
    Play,
    PlayOptions,
    Renege,
    Rob,
    auction,
    determinize,
    forty_fives,
    new_game,
    view_of,
)

options = st.builds(
    PlayOptions,
    joker=st.booleans(),
    aces_high=st.booleans(),
    must_follow=st.booleans(),
    renege=st.sampled_from(list(Renege)),
    ace_hearts_led=st.booleans(),
    hearts_on_hearts=st.booleans(),
)
deals = st.one_of(
    st.builds(
        Deal, st.just("traditional"), st.sampled_from([2, 3, 4]), options, st.integers(0, MAX_SEED)
    ),
    st.builds(Deal, st.just("auction"), st.just(4), options, st.integers(0, MAX_SEED)),
)


@given(deals)
def test_a_deal_code_reads_back_as_the_same_deal(deal):
    assert read_deal(deal.code) == deal
    assert read_deal(deal.code.lower()) == deal
    assert len(deal.code) <= 18  # every rule letter, and a 40-bit seed


@given(deals, st.data())
def test_changing_one_letter_of_a_deal_code_is_caught(deal, data):
    code = deal.code
    i = data.draw(st.sampled_from([i for i, ch in enumerate(code) if ch != "-"]))
    new = data.draw(
        st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567").filter(lambda ch: ch != code[i])
    )
    edited = code[:i] + new + code[i + 1 :]
    try:
        other = read_deal(edited)
    except CodeError:
        return
    # A few edits give another valid code by chance; never the same deal read wrongly.
    assert other.code == edited


def test_a_seed_beyond_forty_bits_is_refused():
    with pytest.raises(CodeError):
        Deal("traditional", 3, PlayOptions(), MAX_SEED + 1)
    with pytest.raises(CodeError):
        read_deal("T3S-" + "7" * 9 + "A")


cards = st.sampled_from(deck(joker=True))


@given(
    st.one_of(
        st.builds(Play, cards, st.booleans()),
        st.builds(Rob, cards),
        st.just(NoRob()),
        st.builds(Bid, st.integers(15, 120)),
        st.just(Pass()),
        st.just(Hold()),
        st.builds(NameTrump, st.sampled_from(list(Suit))),
        st.builds(
            Discard,
            st.lists(cards, max_size=5, unique=True).map(tuple),
            st.lists(cards, max_size=3, unique=True).map(tuple),
        ),
    )
)
def test_a_move_code_reads_back_as_the_same_move(move):
    assert read_move(move_code(move)) == move


@pytest.mark.parametrize("bad", ["", "x", "p:", "p:1h", "b:", "b:-5", "t:stars", "d:zz", "p" * 90])
def test_a_made_up_move_code_is_refused(bad):
    with pytest.raises(CodeError):
        read_move(bad)


# ---- the stand-in computer player ---------------------------------------------------


# Angus plays whole games in tests/scoring/test_play_players.py; here the quicker levels.
@pytest.mark.parametrize("level", [k for k in computer.LEVELS if k != "angus"])
@pytest.mark.parametrize("setup", [forty_fives(), forty_fives(2), auction()], ids=str)
def test_the_computer_plays_only_legal_moves_to_the_end_of_a_game(setup, level):
    state = new_game(setup, seed=5)
    while not state.over:
        move = computer.choose_move(state, state.to_act, level, len(state.moves))
        state = state.apply(move)  # IllegalMove would fail the test
    assert state.winner is not None


# Angus plays whole games in tests/scoring/test_play_players.py; here the quicker levels.
@pytest.mark.parametrize("level", [k for k in computer.LEVELS if k != "angus"])
def test_the_computer_does_not_read_hidden_cards(level):
    """Dealing the cards it cannot see differently among the others does not change its move."""
    rng = random.Random(3)
    for seed in range(30):
        state = new_game(forty_fives(4, partnerships=True), seed=seed)
        while not state.over and state.to_act is not None and len(state.moves) < 9:
            seat = state.to_act
            view = view_of(state, seat)
            if view.phase is Phase.PLAY:
                unseen = [c for s in range(4) if s != seat for c in state.hands[s]]
                if not any(view.known):
                    rng.shuffle(unseen)
                    hands, i = {}, 0
                    for s in range(4):
                        if s != seat:
                            n = view.hand_sizes[s]
                            hands[s] = unseen[i : i + n]
                            i += n
                    try:
                        other = determinize(view, hands, seed=seed)
                    except ValueError:
                        other = None  # that deal contradicts a void shown: not a fair guess
                    if other is not None:
                        assert computer.choose_move(other, seat, level, 1) == (
                            computer.choose_move(state, seat, level, 1)
                        )
            state = state.apply(computer.choose_move(state, seat, level, len(state.moves)))


def test_margaret_is_the_default_and_offered_first_then_angus():
    from scoring.play import players
    from scoring.play import setup as play_setup
    from scoring.play.game import new_game

    assert list(computer.LEVELS)[:2] == ["margaret", "angus"]
    assert computer.DEFAULT_LEVEL == "margaret"
    state = new_game(play_setup.forty_fives(), 7)
    seat = state.to_act
    for level in ("margaret", "angus"):
        assert computer.choose_move(state, seat, level, 3) == players.choose(
            level, view_of(state, seat), seed=3
        )
