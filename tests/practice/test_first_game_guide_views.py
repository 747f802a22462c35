"""My first game, with a guide (practice/views.py first_game and guide): the start
screen's big button, the guide box as the game goes on, closing and reopening it,
the topics kept in the game's cookie, refusals, the htmx partial, and older cookies."""

from __future__ import annotations

from html import unescape

import pytest
from django.core import signing
from django.urls import reverse

from practice import services
from practice.codes import Deal, move_code
from practice.guide import Topic
from practice.store import COOKIE, SALT, GameStore
from scoring.play import PlayOptions, Renege
from tests.builders import HTMX
from tests.builders.practice import at_of, game_store, kept, played_in

pytestmark = pytest.mark.django_db

SEED = 20261130


def text(response) -> str:
    return unescape(response.content.decode())


@pytest.fixture
def first(anon_client, monkeypatch):
    """A first game with its guide, dealt from SEED."""
    monkeypatch.setattr("practice.views.secrets.randbelow", lambda n: SEED)
    r = anon_client.post(reverse("practice:first_game"))
    assert r.status_code == 302 and r["Location"] == reverse("practice:table")
    return anon_client


def guide_of(client) -> dict:
    return kept(client)["guide"]


def act(client):
    """Your first legal move (a card, or a rob at the start of a hand)."""
    state = played_in(client).state
    move = move_code(state.legal_moves()[0])
    return client.post(reverse("practice:move"), {"move": move, "at": at_of(client)})


def test_the_start_screen_offers_a_first_game_with_a_guide(anon_client):
    body = text(anon_client.get(reverse("practice:new")))
    assert "My first game, with a guide" in body
    assert f'action="{reverse("practice:first_game")}"' in body


def test_a_first_game_is_forty_fives_for_three_the_source_rules_the_gentlest_players(first):
    game = played_in(first).game
    assert game.deal == Deal("traditional", 3, PlayOptions(), SEED)
    assert game.deal.options.renege is Renege.SOURCE and game.deal.options.must_follow
    assert game.level == "rosie"
    assert guide_of(first)["open"] is True
    assert "trump" in guide_of(first)["seen"]


def test_the_table_shows_the_guide_with_trump_explained_at_once(first):
    body = text(first.get(reverse("practice:table")))
    assert 'id="guide"' in body and "Your guide" in body
    trump = played_in(first).state.trump.value
    assert "The suit of the card turned up is trumps for the whole hand" in body
    assert f"this hand, {trump}" in body
    assert "Close the guide" in body


def test_each_topic_is_shown_once_as_the_hand_goes_and_the_scoring_at_its_summary(first):
    seen_by_screen = []
    while not played_in(first).state.summaries:
        assert act(first).status_code == 302
        seen_by_screen.append(guide_of(first)["seen"])
    seen = guide_of(first)["seen"]
    assert len(seen) == len(set(seen)) >= 3
    assert guide_of(first)["now"] == ["scoring"]
    body = text(first.get(reverse("practice:table")))
    assert "Hand 1 is over" in body and "How a hand is scored" in body
    assert "Each trick is worth 5 points" in body and "first to reach 45 points" in body
    # The next hand: the scoring is not said again.
    assert first.post(reverse("practice:next")).status_code == 302
    assert "scoring" not in guide_of(first)["now"]
    assert guide_of(first)["seen"].count("scoring") == 1


def test_closing_the_guide_hides_it_and_the_game_goes_on(first):
    moves = kept(first)["moves"]
    r = first.post(reverse("practice:guide"), {"show": "close"})
    assert r.status_code == 302
    assert guide_of(first)["open"] is False and kept(first)["moves"] == moves
    body = text(first.get(reverse("practice:table")))
    assert "Your guide" not in body and "Show the guide" in body
    # Topics that come up while it is closed wait for it to open.
    seen = list(guide_of(first)["seen"])
    while not played_in(first).state.summaries:
        act(first)
    assert guide_of(first)["seen"] == seen
    r = first.post(reverse("practice:guide"), {"show": "open"})
    assert r.status_code == 302
    body = text(first.get(reverse("practice:table")))
    assert "Your guide" in body and "What you have learned" in body
    assert guide_of(first)["now"] == ["scoring"]
    assert "How a hand is scored" in body


def test_reopened_with_nothing_new_the_guide_lists_what_was_learned(first):
    for _twice in range(2):  # opened again, it first says what was waiting
        first.post(reverse("practice:guide"), {"show": "close"})
        first.post(reverse("practice:guide"), {"show": "open"})
    body = text(first.get(reverse("practice:table")))
    assert guide_of(first)["now"] == []
    assert "What you have learned" in body and '<details class="learned" open>' in body
    assert "Play on: the guide speaks up when something new comes up." in body


def test_shown_again_the_guide_lists_what_you_have_learned_open(first):
    first.post(reverse("practice:guide"), {"show": "close"})
    r = first.post(reverse("practice:guide"), {"show": "open"})
    assert r["Location"] == reverse("practice:table") + "?learned=1#guide"
    assert guide_of(first)["now"]  # the topic that was waiting (two at most a screen)
    body = text(first.get(r["Location"]))
    assert '<details class="learned" open>' in body and "Trumps." in body
    first.post(reverse("practice:guide"), {"show": "close"})
    r = first.post(reverse("practice:guide"), {"show": "open"}, **HTMX)
    assert '<details class="learned" open>' in text(r)


def test_the_guide_answers_htmx_with_the_table_region(first):
    r = first.post(reverse("practice:guide"), {"show": "close"}, **HTMX)
    assert r.status_code == 200
    body = text(r)
    assert '<div id="content" class="practice"' in body and "<html" not in body
    assert "Show the guide" in body


@pytest.mark.parametrize("show", ["", "maybe", "OPEN"])
def test_a_guide_choice_that_does_not_read_is_refused_and_nothing_changes(first, show):
    before = kept(first)
    r = first.post(reverse("practice:guide"), {"show": show})
    assert r.status_code == 400
    assert "Choose to show the guide or to close it." in text(r)
    assert kept(first) == before
    r = first.post(reverse("practice:guide"), {"show": show}, **HTMX)
    assert r.status_code == 400 and r["HX-Retarget"] == "#flash"


def test_wrong_methods_are_refused(first):
    assert first.get(reverse("practice:first_game")).status_code == 405
    assert first.get(reverse("practice:guide")).status_code == 405


def test_a_game_without_a_guide_has_none_to_show(anon_client):
    code = Deal("traditional", 3, PlayOptions(), SEED).code
    anon_client.post(reverse("practice:start"), {"deal": code, "level": "ned"})
    assert "guide" not in kept(anon_client)  # its cookie is as it always was
    assert 'id="guide"' not in text(anon_client.get(reverse("practice:table")))
    r = anon_client.post(reverse("practice:guide"), {"show": "open"})
    assert r.status_code == 409 and "This game has no guide." in text(r)


def test_no_game_no_guide(anon_client):
    r = anon_client.post(reverse("practice:guide"), {"show": "close"})
    assert r.status_code == 404


def test_an_older_cookie_without_a_guide_still_reads(anon_client):
    old = {"deal": Deal("traditional", 3, PlayOptions(), SEED).code, "level": "ned"}
    cookie = signing.dumps({**old, "moves": [], "seen": 0}, salt=SALT, compress=True)
    game = services.load(GameStore(cookie))  # no id, no turn, no guide: as games were kept
    assert game.guide is None and game.turn == 0
    anon_client.cookies[COOKIE] = cookie
    body = text(anon_client.get(reverse("practice:table")))
    assert "Game to 45" in body and 'id="guide"' not in body


def test_the_same_deal_again_keeps_the_guide_and_what_it_taught(first):
    while not played_in(first).state.summaries:
        act(first)
    seen = guide_of(first)["seen"]
    r = first.post(reverse("practice:again"), {"sure": "1"})
    assert r.status_code == 302
    guide = guide_of(first)
    assert guide["open"] and guide["seen"][: len(seen)] == seen
    assert played_in(first).game.deal.seed == SEED and played_in(first).state.hand_no == 0


def test_the_guide_speaks_french(first):
    body = text(first.get(reverse("practice:table"), HTTP_ACCEPT_LANGUAGE="fr"))
    assert "Votre guide" in body and "Fermer le guide" in body
    assert "atout" in body


def test_topics_in_the_cookie_are_the_guides_own(first):
    assert set(guide_of(first)["seen"]) <= {t.value for t in Topic}
    assert game_store(first).read()["guide"]["now"]
