"""Deal codes and move codes (practice/codes.py): each letter of a code, the check letter,
the seed's bounds, every move's text, and each refusal word for word."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from practice.codes import (
    ALPHABET,
    GAMES,
    MAX_SEED,
    SEED_BITS,
    CodeError,
    Deal,
    card_code,
    move_code,
    read_deal,
    read_move,
)
from scoring.games.cards import JOKER, Card, Suit, card
from scoring.play import (
    Bid,
    Discard,
    Hold,
    NameTrump,
    NoRob,
    Pass,
    Play,
    PlayOptions,
    Renege,
    Rob,
    auction,
    forty_fives,
)

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def check_letter(text: str) -> str:
    """The check letter as the hall reads it: each letter's place in the alphabet times its
    position (from 1), summed, modulo 32."""
    total = 0
    for position, ch in enumerate(text, start=1):
        total += position * LETTERS.index(ch)
    return LETTERS[total % 32]


def seed_letters(n: int) -> str:
    digits = []
    while True:
        digits.append(LETTERS[n % 32])
        n //= 32
        if n == 0:
            return "".join(reversed(digits))


def refusal(call, *args):
    with pytest.raises(CodeError) as caught:
        call(*args)
    (said,) = caught.value.args
    return said


# ---- the code's parts ------------------------------------------------------------------


def test_the_alphabet_is_base32_and_the_seed_has_forty_bits():
    assert ALPHABET == LETTERS
    assert SEED_BITS == 40
    assert MAX_SEED == 2**40 - 1
    assert GAMES == ("traditional", "auction")


@pytest.mark.parametrize(
    ("deal", "code"),
    [
        (Deal("traditional", 3, PlayOptions(), 12345), "T3S-MBZK"),
        (
            Deal(
                "auction",
                4,
                PlayOptions(
                    joker=True,
                    aces_high=True,
                    must_follow=False,
                    renege=Renege.NONE,
                    ace_hearts_led=False,
                ),
                0,
            ),
            "A4NJHMX-AP",
        ),
        (Deal("traditional", 2, PlayOptions(renege=Renege.SOURCE), 31), "T2S-7Z"),
        (Deal("traditional", 2, PlayOptions(renege=Renege.LOWER_LED), 31), "T2L-7E"),
        (Deal("traditional", 2, PlayOptions(renege=Renege.FIVE_ONLY), 31), "T2F-7S"),
        (Deal("traditional", 2, PlayOptions(renege=Renege.NONE), 31), "T2N-7K"),
        (Deal("traditional", 4, PlayOptions(joker=True), 32), "T4SJ-BAK"),
        (Deal("traditional", 3, PlayOptions(aces_high=True), MAX_SEED), "T3SH-77777777X"),
        (Deal("traditional", 3, PlayOptions(must_follow=False), 1), "T3SM-BU"),
        (Deal("traditional", 3, PlayOptions(ace_hearts_led=False), 1), "T3SX-BA"),
        (Deal("traditional", 3, PlayOptions(hearts_on_hearts=True), 1), "T3SC-BM"),
        (
            Deal("auction", 4, PlayOptions(ace_hearts_led=False, hearts_on_hearts=True), 2),
            "A4SXC-CA",
        ),
    ],
)
def test_each_letter_of_a_deal_code(deal, code):
    assert deal.code == code
    assert read_deal(code) == deal
    head, tail = code.split("-")
    assert tail[-1] == check_letter(head + tail[:-1])
    assert tail[:-1] == seed_letters(deal.seed)


@given(st.integers(0, MAX_SEED))
def test_the_seed_is_written_in_base32_with_the_check_letter_last(seed):
    code = Deal("traditional", 3, PlayOptions(), seed).code
    letters = seed_letters(seed)
    assert code == "T3S-" + letters + check_letter("T3S" + letters)
    assert read_deal(code).seed == seed


def test_the_smallest_and_largest_seeds():
    assert Deal("traditional", 3, PlayOptions(), 0).code == "T3S-A" + check_letter("T3SA")
    assert read_deal("T3S-A" + check_letter("T3SA")).seed == 0
    big = "7" * 8
    assert read_deal("T3S-" + big + check_letter("T3S" + big)).seed == MAX_SEED


def test_a_code_reads_with_spaces_and_in_lower_case():
    deal = Deal("traditional", 3, PlayOptions(), 12345)
    assert read_deal("  t3s - mb zk\n") == deal
    assert read_deal("T3S-MBZK\t") == deal


@pytest.mark.parametrize(
    "typed",
    [
        "T3S MBZK",  # read aloud and typed with a space for the dash
        "t3s   mbzk",
        " T3S\u00a0MB ZK ",  # a no-break space, and a space inside the seed
        "T3S\u2013MBZK",  # a phone's dash
        "T3S\u2014MBZK",
        "T3S\u2011MBZK",
        "T3S\u2212MBZK",
    ],
)
def test_a_code_reads_with_a_space_or_another_dash_for_its_dash(typed):
    assert read_deal(typed) == Deal("traditional", 3, PlayOptions(), 12345)


def test_a_space_stands_for_the_dash_only_when_there_is_no_dash():
    assert read_deal("T3 S-MBZK") == Deal("traditional", 3, PlayOptions(), 12345)
    assert refusal(read_deal, "T3S MB-ZK") == "not a deal code"
    assert refusal(read_deal, "T3S--MBZK") == "not a deal code"


def test_a_seed_may_start_with_b_but_not_with_a_leading_a():
    assert read_deal("T3S-BA" + check_letter("T3SBA")).seed == 32
    assert refusal(read_deal, "T3S-AB" + check_letter("T3SAB")) == (
        "the check letter does not match"
    )
    assert refusal(read_deal, "T3S-AMBZK" + check_letter("T3SAMBZK")) == (
        "the check letter does not match"
    )


@pytest.mark.parametrize(
    "bad",
    [
        None,
        "",
        "T3S",
        "T3S-",
        "X3S-MBZK",
        "T5S-MBZK",
        "T3Q-MBZK",
        "T3SHJ-MBZK",
        "T3SCX-MBZK",
        "T3S-MBZKMBZKMB",
        "T3S-MB1K",
        "T3SMBZK",
        "xT3S-MBZK",
    ],
)
def test_what_is_not_a_deal_code(bad):
    assert refusal(read_deal, bad) == "not a deal code"


def test_a_wrong_check_letter_is_refused():
    assert refusal(read_deal, "T3S-MBZA") == "the check letter does not match"
    assert refusal(read_deal, "T2S-MBZK") == "the check letter does not match"


def test_the_letters_read_as_the_rules_of_play():
    deal = read_deal("A4NJHMX-AP")
    assert deal.game == "auction" and deal.players == 4 and deal.seed == 0
    assert deal.options == PlayOptions(
        joker=True, aces_high=True, must_follow=False, renege=Renege.NONE, ace_hearts_led=False
    )
    plain = read_deal("T3S-MBZK").options
    assert plain == PlayOptions()
    assert plain.must_follow and plain.ace_hearts_led and not plain.joker
    assert read_deal("T2L-7E").options.renege is Renege.LOWER_LED
    assert read_deal("T2F-7S").options.renege is Renege.FIVE_ONLY
    assert read_deal("T2S-7Z").options.renege is Renege.SOURCE
    assert read_deal("T2N-7K").players == 2


# ---- the deal and its game -------------------------------------------------------------


def test_a_deals_refusals():
    assert refusal(Deal, "euchre", 4, PlayOptions(), 1) == "no such game"
    assert refusal(Deal, "auction", 3, PlayOptions(), 1) == "Auction Forty-Fives is for 4 players"
    assert refusal(Deal, "auction", 5, PlayOptions(), 1) == "Auction Forty-Fives is for 4 players"
    assert refusal(Deal, "traditional", 1, PlayOptions(), 1) == "2, 3 or 4 players"
    assert refusal(Deal, "traditional", 5, PlayOptions(), 1) == "2, 3 or 4 players"
    assert refusal(Deal, "traditional", 3, PlayOptions(), -1) == "the seed is out of range"
    assert refusal(Deal, "traditional", 3, PlayOptions(), MAX_SEED + 1) == (
        "the seed is out of range"
    )
    assert refusal(read_deal, "A2S-A" + check_letter("A2SA")) == (
        "Auction Forty-Fives is for 4 players"
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_number_of_players_and_both_bounds_of_the_seed_are_a_deal(players):
    for seed in (0, MAX_SEED):
        assert Deal("traditional", players, PlayOptions(), seed).seed == seed
    assert Deal("auction", 4, PlayOptions(), MAX_SEED).players == 4


def test_four_players_play_in_partnerships_and_fewer_alone():
    options = PlayOptions(joker=True, renege=Renege.NONE)
    assert Deal("traditional", 4, options, 1).partnerships
    assert not Deal("traditional", 3, options, 1).partnerships
    assert not Deal("traditional", 2, options, 1).partnerships
    assert Deal("traditional", 2, options, 1).setup() == forty_fives(2, options=options)
    assert Deal("traditional", 3, options, 1).setup() == forty_fives(3, options=options)
    assert Deal("traditional", 4, options, 1).setup() == forty_fives(
        4, partnerships=True, options=options
    )
    assert Deal("auction", 4, options, 1).setup() == auction(options=options)
    assert Deal("auction", 4, options, 1).setup().options == options


# ---- moves -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (Play(card("10♥")), "p:10h"),
        (Play(card("A♥"), call=True), "c:Ah"),
        (Play(JOKER), "p:Joker"),
        (Rob(card("Q♠")), "r:Qs"),
        (NoRob(), "n"),
        (Bid(25), "b:25"),
        (Pass(), "pass"),
        (Hold(), "hold"),
        (NameTrump(Suit.CLUBS), "t:clubs"),
        (NameTrump(Suit.DIAMONDS), "t:diamonds"),
        (Discard(()), "d:"),
        (Discard((card("2♣"), card("K♦"))), "d:2c.Kd"),
        (Discard((card("2♣"),), (card("5♥"),)), "d:2c/5h"),
        (Discard((card("2♣"), JOKER), (card("5♥"), card("J♥"))), "d:2c.Joker/5h.Jh"),
    ],
)
def test_each_move_as_text(move, text):
    assert move_code(move) == text
    assert read_move(text) == move


def test_a_card_as_a_form_sends_it():
    assert card_code(Card("10", Suit.HEARTS)) == "10h"
    assert card_code(Card("Q", Suit.SPADES)) == "Qs"
    assert card_code(Card("2", Suit.DIAMONDS)) == "2d"
    assert card_code(JOKER) == "Joker"


def test_a_move_code_is_read_loosely_where_harmless():
    assert read_move("  p:10h \n") == Play(card("10♥"))
    assert read_move("p:10♥") == Play(card("10♥"))
    assert read_move("d:2c..Kd.") == Discard((card("2♣"), card("K♦")))
    assert read_move("d:/") == Discard()
    assert read_move("d:/5h") == Discard((), (card("5♥"),))
    assert read_move("b:120") == Bid(120)
    assert read_move("b:5") == Bid(5)
    assert read_move("t:spades") == NameTrump(Suit.SPADES)
    assert read_move("t:hearts") == NameTrump(Suit.HEARTS)
    assert read_move("n") == NoRob() and read_move("pass") == Pass()
    assert read_move("hold") == Hold()


def test_a_move_code_of_eighty_letters_reads_and_longer_is_refused():
    eighty = "d:" + ".".join(["10h"] * 19 + ["2h"])
    assert len(eighty) == 80
    assert read_move(eighty) == Discard((card("10♥"),) * 19 + (card("2♥"),))
    longer = "d:" + ".".join(["10h"] * 20)
    assert len(longer) == 81
    assert refusal(read_move, longer) == "not a move"


@pytest.mark.parametrize(
    "bad",
    [
        None,
        "",
        "x",
        "N",
        "Pass",
        "p",
        "p:",
        "p:1h",
        "c:zz",
        "r:",
        "b:",
        "b:1000",
        "b:12a",
        "b:-5",
        "t:",
        "t:Hearts",
        "t:stars",
        "d:zz",
        "d:2c/zz",
        "q:2c",
        "pass:x",
    ],
)
def test_a_made_up_move_code_is_refused_in_words(bad):
    assert refusal(read_move, bad) == "not a move"


def test_a_card_that_does_not_read_is_behind_the_refusal():
    with pytest.raises(CodeError) as caught:
        read_move("p:1h")
    assert isinstance(caught.value.__cause__, ValueError)


def test_what_is_not_a_move_has_no_code():
    assert refusal(move_code, "play 10h") == "not a move"
    assert refusal(move_code, None) == "not a move"
