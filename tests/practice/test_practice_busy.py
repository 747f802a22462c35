"""The practice table when the computer players are busy, or a client goes faster than they
can think: every view that sets them thinking (start, move, next hand, again, hint, where
points were lost) answers at once, 503 or 429 with Retry-After and plain words, in the
flash region for htmx and on the page otherwise, and changes nothing; the views that set
nobody thinking (the table, undo) are answered as always."""

from __future__ import annotations

import threading
from contextlib import contextmanager
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from practice import pool, services
from practice.codes import Deal, move_code
from scoring.play import PlayOptions
from tests.builders import HTMX
from tests.builders.practice import at_of, kept, played_in

pytestmark = pytest.mark.django_db

BUSY = "The computer players are busy: try again in a moment."
TOO_FAST = "You are going faster than the computer players can think: wait a few seconds."
DEAL = Deal("traditional", 3, PlayOptions(), 20261130).code  # the computer players lead


def text(response) -> str:
    return unescape(response.content.decode())


def start(client: Client):
    r = client.post(reverse("practice:start"), {"deal": DEAL, "level": "margaret"})
    assert r.status_code == 302
    return played_in(client)


def a_move_they_answer(played) -> str:
    """A legal move of yours after which a computer player moves."""
    state = played.state
    for move in state.legal_moves():
        if state.apply(move).to_act != services.HUMAN:
            return move_code(move)
    raise AssertionError("every move leaves you to play next")


def to_the_summary(client: Client):
    """The first hand played to its summary (your first legal move each time)."""
    played = start(client)
    while not played.state.summaries:
        state = played.state
        move = move_code(state.legal_moves()[0])
        client.post(reverse("practice:move"), {"move": move, "at": at_of(client)})
        played = played_in(client)
    assert played.state.to_act != services.HUMAN  # the next hand: they play first
    return played


# What each view needs to set the computer players thinking: (method, name, data, setup).
VIEWS = {
    "start": ("post", "practice:start", lambda c: {"deal": DEAL, "level": "margaret"}),
    "move": (
        "post",
        "practice:move",
        lambda c: {
            "move": a_move_they_answer(start(c)),
            "at": at_of(c),
        },
    ),
    "next": ("post", "practice:next", lambda c: to_the_summary(c) and {}),
    "again": ("post", "practice:again", lambda c: start(c) and {"sure": "1"}),
    "hint": ("get", "practice:hint", lambda c: start(c) and {}),
    "coaching": ("get", "practice:coaching", lambda c: to_the_summary(c) and {"hand": 1}),
}


@contextmanager
def all_slots_taken(settings, tmp_path):
    """Every computer slot taken, the moves' and the reviews' (one slot each, held by other
    threads), and no room to wait."""
    settings.PRACTICE_WORK_DIR = tmp_path / "work"
    settings.PRACTICE_WORK_AT_ONCE = 1
    settings.PRACTICE_WORK_WAITING = 0
    settings.PRACTICE_WORK_WAIT = 2
    settings.PRACTICE_REVIEW_AT_ONCE = 1
    settings.PRACTICE_REVIEW_WAITING = 0
    go = threading.Event()

    def hold(review, inside):
        with pool.computing(review=review):
            inside.set()
            go.wait(30)

    threads = []
    for review in (False, True):
        inside = threading.Event()
        thread = threading.Thread(target=hold, args=(review, inside), daemon=True)
        thread.start()
        assert inside.wait(5)
        threads.append(thread)
    try:
        yield
    finally:
        go.set()
        for thread in threads:
            thread.join(5)


@pytest.fixture
def busy(settings, tmp_path):
    with all_slots_taken(settings, tmp_path):
        yield


def game_of(client):
    return dict(kept(client) or {})


@pytest.mark.parametrize("name", VIEWS)
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_busy_computer_players_are_said_at_once_and_nothing_changes(
    anon_client, settings, tmp_path, name, htmx
):
    method, url_name, setup = VIEWS[name]
    data = setup(anon_client)  # made while the computer players are free
    before = game_of(anon_client)
    with all_slots_taken(settings, tmp_path):
        r = getattr(anon_client, method)(reverse(url_name), data, **(HTMX if htmx else {}))
    assert r.status_code == 503
    assert r["Retry-After"] == "2"
    body = text(r)
    assert BUSY in body
    if htmx:
        assert r["HX-Retarget"] == "#flash" and "<html" not in body
    else:
        assert "<html" in body
    assert game_of(anon_client) == before  # nothing was played or taken back


@pytest.mark.parametrize("name", VIEWS)
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_past_its_pace_a_client_is_asked_to_wait_and_nothing_changes(
    anon_client, settings, name, htmx
):
    method, url_name, setup = VIEWS[name]
    data = setup(anon_client)
    before = game_of(anon_client)
    settings.PRACTICE_RATE = "1/m"
    assert pool.too_fast(_request_from(anon_client)) == 0  # the one this minute allows
    extra = HTMX if htmx else {}
    r = getattr(anon_client, method)(reverse(url_name), data, **extra)
    assert r.status_code == 429
    assert 1 <= int(r["Retry-After"]) <= 60
    body = text(r)
    assert TOO_FAST in body
    if htmx:
        assert r["HX-Retarget"] == "#flash" and "<html" not in body
    else:
        assert "<html" in body
    assert game_of(anon_client) == before


def _request_from(client):
    from django.test import RequestFactory

    return RequestFactory().get("/practice/hint/")  # the test client's address, 127.0.0.1


def test_the_table_and_undo_set_nobody_thinking_and_are_answered_when_busy(
    anon_client, settings, tmp_path
):
    played = start(anon_client)
    move = a_move_they_answer(played)
    anon_client.post(reverse("practice:move"), {"move": move, "at": at_of(anon_client)})
    settings.PRACTICE_RATE = "1/m"
    with all_slots_taken(settings, tmp_path):
        for _ in range(3):
            assert anon_client.get(reverse("practice:table")).status_code == 200
        assert anon_client.post(reverse("practice:undo")).status_code == 302


def test_a_busy_start_is_said_on_the_start_screen(anon_client, busy):
    r = anon_client.post(reverse("practice:start"), {"deal": DEAL, "level": "margaret"})
    assert r.status_code == 503 and BUSY in text(r)
    assert f'action="{reverse("practice:start")}"' in text(r)  # the start screen, to try again
    assert played_in(anon_client) is None  # no game was started


def test_the_words_in_french(anon_client, settings, tmp_path):
    anon_client.cookies["django_language"] = "fr"
    start(anon_client)
    with all_slots_taken(settings, tmp_path):
        busy = anon_client.get(reverse("practice:hint"), **HTMX)
    settings.PRACTICE_RATE = "1/m"
    pool.too_fast(_request_from(anon_client))
    fast = anon_client.get(reverse("practice:hint"), **HTMX)
    assert "Les joueurs virtuels sont occupés : réessayez dans un moment." in text(busy)
    assert "Vous allez plus vite que les joueurs virtuels" in text(fast)
