"""The lessons of a practice hand's review, as the summary shows them: the better choice
with its points on average over the likely deals and how sure the computer is (in how
many of the deals it did better, worse), or that no other choice did clearly better;
and kept in the cache with how sure they are (a lesson kept before that is looked at
again)."""

from __future__ import annotations

import hashlib

import pytest
from django.core.cache import cache
from django.utils import translation

from practice import computer, screen, services
from practice.codes import Deal, move_code
from scoring.games.cards import card
from scoring.play import Discard, Pass, Play, PlayOptions

Q, TWO = Play(card("Q♥")), Play(card("2♥"))
DRAW = Discard(tuple(card(c) for c in ["8♦", "9♥", "J♠", "10♥", "6♠"]))

WORDS = [
    (
        computer.Lesson(0, TWO, Q, 3.2, False, 120, 40, 5),
        "The computer would have played Q♥, worth about 3 points."
        " Over 120 likely deals it did better in 40 and worse in 5.",
        "L'ordinateur aurait joué Q♥, ce qui vaut environ 3 points."
        " Sur 120 donnes probables, son choix a fait mieux dans 40 et moins bien dans 5.",
    ),
    (
        computer.Lesson(0, TWO, Q, 0.8, False, 120, 61, 0),
        "The computer would have played Q♥, worth about 1 point."
        " Over 120 likely deals it did better in 61 and worse in 0.",
        "L'ordinateur aurait joué Q♥, ce qui vaut environ 1 point."
        " Sur 120 donnes probables, son choix a fait mieux dans 61 et moins bien dans 0.",
    ),
    (
        computer.Lesson(0, Discard(), DRAW, 9.3, False, 120, 88, 21),
        "The computer would discard 8♦ 9♥ J♠ 10♥ 6♠ and draw. That is worth about 9 points."
        " Over 120 likely deals it did better in 88 and worse in 21.",
        None,
    ),
    (
        computer.Lesson(0, Pass(), Pass(), 0.0, False, 120, 0, 0),
        "Good: no other choice did clearly better.",
        "Bien : aucun autre choix n'a fait clairement mieux.",
    ),
]


@pytest.mark.parametrize(("lesson", "english", "french"), WORDS)
def test_a_lesson_says_its_points_and_how_sure_the_computer_is(lesson, english, french):
    with translation.override("en"):
        assert screen.lesson_words(lesson) == english
    if french:
        with translation.override("fr"):
            assert screen.lesson_words(lesson) == french


DEAL = Deal("traditional", 3, PlayOptions(), 20261130)


def a_finished_hand() -> services.Played:
    game = services.Game(DEAL, "ned")
    played = services.replay(game)
    while not played.state.summaries:
        move = played.state.legal_moves()[0]
        game = services.Game(DEAL, "ned", (*game.moves, move_code(move)))
        played = services.replay(game)
    return played


def kept_key(played) -> str:
    """The cache key of the first hand's lessons (as services keeps them)."""
    moves = played.game.moves[: played.hand_ends[0]]
    digest = hashlib.sha256("|".join((played.game.deal.code, *moves)).encode()).hexdigest()
    return f"practice-coaching:{digest[:32]}:1"


def test_lessons_are_kept_with_how_sure_they_are(monkeypatch):
    cache.clear()
    played = a_finished_hand()
    lesson = computer.Lesson(0, TWO, Q, 3.2, False, 120, 40, 5)
    monkeypatch.setattr(computer, "points_lost", lambda *a, **k: (lesson,))
    assert services.coaching(played, 1) == (lesson,)
    assert cache.get(kept_key(played)) == [[0, "p:2h", "p:Qh", 3.2, False, 120, 40, 5]]
    assert services.coaching_kept(played) == (lesson,)


def test_a_lesson_kept_before_it_said_how_sure_is_looked_at_again(monkeypatch):
    cache.clear()
    played = a_finished_hand()
    cache.set(kept_key(played), [[0, "p:2h", "p:Qh", 3.2, False]])
    assert services.coaching_kept(played) is None
    lesson = computer.Lesson(0, TWO, Q, 3.2, False, 120, 40, 5)
    monkeypatch.setattr(computer, "points_lost", lambda *a, **k: (lesson,))
    assert services.coaching(played, 1) == (lesson,)
