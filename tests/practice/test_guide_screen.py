"""The guide box's words (practice/guide_screen.py): every topic said in English and
French, with this hand's cards where they help, and as the table's rules have it."""

from __future__ import annotations

import pytest
from django.utils import translation

from practice.codes import Deal
from practice.guide import Guide, Topic
from practice.guide_screen import guide_box, title, words
from practice.services import Game, Played
from scoring.games.cards import Suit
from scoring.play import PlayOptions
from tests.builders.practice import table

RENEGE_MOMENT = {"mine": "J♦ 9♣ K♠ 3♥ 2♠", "trick": ((1, "4♦"), (2, "7♦")), "dealer": 0}
OPEN = Guide()


def played_at(state, guide: Guide | None = OPEN) -> Played:
    deal = Deal("traditional", 3, state.options, 1)
    return Played(Game(deal, "rosie", guide=guide), state, (), None)


@pytest.mark.parametrize("topic", list(Topic))
def test_every_topic_has_a_title_and_words_in_english_and_french(topic):
    played = played_at(table(**RENEGE_MOMENT))
    english = (title(topic), words(topic, played))
    with translation.override("fr"):
        french = (title(topic), words(topic, played))
    assert all(english) and all(french)
    assert english[1] != french[1]


def test_holding_back_names_the_cards_you_may_keep():
    said = words(Topic.RENEGE, played_at(table(**RENEGE_MOMENT)))
    assert "the 5 and the jack of trumps and the ace of hearts may be held back" in said
    assert said.endswith("Here you may keep J♦.")
    # Listed later, when nothing may be held back now, only the rule is said.
    later = words(Topic.RENEGE, played_at(table("9♣ 3♠ K♥ 7♦ 2♣")))
    assert "Here you may keep" not in later


def test_the_top_trumps_are_named_for_this_hand():
    clubs = table("9♣ 3♠ K♥ 7♦ 2♣", trump=Suit.CLUBS, turn_up="9♣")
    assert words(Topic.TOP_TRUMPS, played_at(clubs)).endswith("This hand: 5♣ J♣ A♥ A♣.")
    hearts = table("9♣ 3♠ K♥ 7♦ 2♣", trump=Suit.HEARTS, turn_up="9♥")
    said = words(Topic.TOP_TRUMPS, played_at(hearts))
    assert "the ace of trumps when hearts are trumps" in said and said.endswith("5♥ J♥ A♥.")


def test_red_high_black_low_is_said_as_the_ranks_are():
    said = words(Topic.RED_HIGH, played_at(table("9♣ 3♠ K♥ 7♦ 2♣")))
    assert "the king, queen and jack are best" in said
    assert "the ace of diamonds is lowest" in said
    assert "in black suits the ace comes next, then the lower number wins: 2 beats 10" in said
    aces = table("9♣ 3♠ K♥ 7♦ 2♣", options=PlayOptions(aces_high=True))
    assert "the ace is best at this table" in words(Topic.RED_HIGH, played_at(aces))


def test_following_suit_is_said_as_the_table_plays_it():
    source = words(Topic.FOLLOW, played_at(table("9♣ 3♠ K♥ 7♦ 2♣")))
    assert "not a trump either" in source
    halls = table("9♣ 3♠ K♥ 7♦ 2♣", options=PlayOptions(must_follow=False))
    assert "or a trump: you may not throw off another suit" in words(Topic.FOLLOW, played_at(halls))


def test_the_ace_of_hearts_led_is_said_as_the_table_plays_it():
    source = words(Topic.ACE_HEARTS, played_at(table("9♣ 3♠ K♥ 7♦ 2♣")))
    assert "With no trump, you must play a heart if you have one." in source
    off = table("9♣ 3♠ K♥ 7♦ 2♣", options=PlayOptions(ace_hearts_led=False))
    assert words(Topic.ACE_HEARTS, played_at(off)).endswith("With no trump, play any card.")


def test_the_scoring_names_the_games_target():
    said = words(Topic.SCORING, played_at(table("9♣ 3♠ K♥ 7♦ 2♣")))
    assert "5 points" in said and "worth 10" in said and "reach 45 points" in said


def test_the_box_shows_the_new_topics_open_and_lists_what_was_learned():
    state = table("9♣ 3♠ K♥ 7♦ 2♣")
    guide = Guide(seen=(Topic.FOLLOW, Topic.TRUMP), now=(Topic.FOLLOW,))
    box = guide_box(played_at(state, guide))
    assert [t["key"] for t in box["now"]] == ["follow"]
    assert [t["key"] for t in box["learned"]] == ["trump", "follow"]  # the guide's order
    closed = guide_box(played_at(state, Guide(open=False, seen=guide.seen, now=guide.now)))
    assert closed["open"] is False and closed["now"] == []
    assert guide_box(played_at(state, None)) is None
