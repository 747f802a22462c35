"""The school's screens (practice/school.py): the drills, one try each, the count kept
on the device in a signed cookie of its own.

Each view: the happy path, the wrong method (405), bad input (400 in plain words, never
a 500), the htmx partial. A position is the one its seed names, checked again on the
server; a seed answered twice counts once; the count starts again on request."""

from __future__ import annotations

from html import unescape

import pytest
from django.core import signing
from django.urls import reverse

from practice import drills, pool, school
from practice.codes import card_code
from tests.builders import HTMX
from tests.builders.school import answer, count_of, score_cookie

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return unescape(response.content.decode())


# ---- the list of drills ----------------------------------------------------------------


def test_the_school_lists_each_drill_with_its_count(anon_client):
    r = anon_client.get(reverse("practice:school"))
    assert r.status_code == 200
    page = text(r)
    for title in ("Which card wins this trick?", "May this card be played here?"):
        assert title in page
    assert "What would you bid on this hand?" in page
    assert "Rob or not, and what to discard?" in page
    assert page.count("Right: 0 of 0") == 4
    for kind in drills.KINDS:
        assert reverse("practice:drill", args=[kind]) in page
    assert "Start the count again" in page
    assert "cd_school" not in r.cookies  # looking writes nothing


def test_the_school_answers_htmx_with_its_content_only(anon_client):
    r = anon_client.get(reverse("practice:school"), **HTMX)
    assert r.status_code == 200
    page = text(r)
    assert page.lstrip().startswith('<div id="content"') and "<html" not in page


def test_the_school_is_read_only(anon_client):
    assert anon_client.post(reverse("practice:school")).status_code == 405
    assert anon_client.get(reverse("practice:school_reset")).status_code == 405


# ---- a position --------------------------------------------------------------------------


def test_a_drill_shows_the_position_its_seed_names(anon_client):
    d = drills.trick_drill(2)
    r = anon_client.get(reverse("practice:drill", args=["winner"]), {"seed": "2"})
    assert r.status_code == 200
    page = text(r)
    assert "Tap the card that wins this trick." in page and "spades" in page
    for c in d.cards:
        assert f'name="answer" value="{card_code(c)}"' in page
    assert 'name="seed" value="2"' in page


@pytest.mark.parametrize("kind", drills.KINDS)
def test_each_drill_deals_a_new_position_without_a_seed(anon_client, kind):
    r = anon_client.get(reverse("practice:drill", args=[kind]))
    assert r.status_code == 200
    assert 'name="seed" value="' in text(r)
    partial = anon_client.get(reverse("practice:drill", args=[kind]), **HTMX)
    assert partial.status_code == 200
    assert text(partial).lstrip().startswith('<div id="content"')


def test_a_may_play_drill_marks_the_card_asked_about(anon_client):
    r = anon_client.get(reverse("practice:drill", args=["may-play"]), {"seed": "4"})
    page = text(r)
    assert "May you play 3♦ now?" in page and page.count('class="handcard marked"') == 1
    assert 'value="yes"' in page and 'value="no"' in page


def test_a_bid_drill_offers_pass_and_each_bid(anon_client):
    page = text(anon_client.get(reverse("practice:drill", args=["bid"]), {"seed": "2"}))
    for value, words in (
        (0, "pass"),
        (15, "bid 15"),
        (20, "bid 20"),
        (25, "bid 25"),
        (30, "bid 30"),
    ):
        assert f'value="{value}">{words}</button>' in page


def test_an_unknown_drill_is_not_found(anon_client):
    assert anon_client.get(reverse("practice:drill", args=["robbing"])).status_code == 404
    url = reverse("practice:drill_answer", args=["robbing"])
    assert anon_client.post(url, {"seed": "1", "answer": "yes"}).status_code == 404


@pytest.mark.parametrize("seed", ["abc", "-1", "1e3", str(drills.MAX_SEED + 1)])
def test_a_seed_that_does_not_read_is_a_400_with_a_new_position(anon_client, seed):
    r = anon_client.get(reverse("practice:drill", args=["winner"]), {"seed": seed})
    assert r.status_code == 400
    assert "That drill's number does not read: here is a new one." in text(r)
    assert "Tap the card that wins this trick." in text(r)


def test_a_drill_page_is_read_only_and_an_answer_is_posted(anon_client):
    assert anon_client.post(reverse("practice:drill", args=["winner"])).status_code == 405
    url = reverse("practice:drill_answer", args=["winner"])
    assert anon_client.get(url, {"seed": "2", "answer": "2s"}).status_code == 405


# ---- answers ------------------------------------------------------------------------------


def test_the_winning_card_is_right_with_its_reason_and_the_ladders(anon_client):
    r = answer(anon_client, "winner", 2, "2s")
    assert r.status_code == 200
    page = text(r)
    assert "Right!" in page and "2♠ wins the trick." in page
    assert "2♠ beats 4♠ and 7♠: in black trumps low numbers beat high." in page
    assert "The trumps, best first (spades)" in page
    ladder = page[page.index("The trumps, best first") :]
    places = [
        ladder.index(f">{c}<") for c in ["5♠", "J♠", "A♥", "A♠", "K♠", "Q♠", "2♠", "3♠", "10♠"]
    ]
    assert places == sorted(places)
    assert reverse("practice:drill", args=["winner"]) in page and ">Next</a>" in page
    assert count_of(anon_client, "winner") == [1, 1]


def test_a_wrong_card_says_which_wins_and_why(anon_client):
    page = text(answer(anon_client, "winner", 3, "Ks"))
    assert "Not this time." in page and "K♦ wins the trick." in page
    assert "nobody followed diamonds or played a trump" in page
    assert "The suit led, diamonds, best first" in page
    assert "A red suit: high numbers beat low." in page
    assert count_of(anon_client, "winner") == [0, 1]


def test_a_seed_answered_again_counts_once(anon_client):
    answer(anon_client, "winner", 2, "2s")
    answer(anon_client, "winner", 2, "4s")  # the page sent again, or a second try
    answer(anon_client, "winner", 3, "Kd")
    assert count_of(anon_client, "winner") == [2, 2]
    page = text(anon_client.get(reverse("practice:school")))
    assert "Right: 2 of 2" in page and page.count("Right: 0 of 0") == 3


def test_may_play_answers_with_the_rule(anon_client):
    page = text(answer(anon_client, "may-play", 4, "no"))
    assert "Right!" in page and "No: 3♦ may not be played." in page
    assert "You must play a trump." in page
    page = text(answer(anon_client, "may-play", 73, "no"))
    assert "Not this time." in page and "Yes: 7♥ may be played." in page
    assert "reneging: J♣" in page
    assert count_of(anon_client, "may-play") == [1, 2]


def test_a_bid_is_weighed_and_shown_against_every_choice(anon_client):
    r = answer(anon_client, "bid", 2, "20")
    assert r.status_code == 200
    page = text(r)
    assert "Right!" in page and "The computer's choice: bid 20." in page
    assert f"on average over {drills.BID_DEALS} likely deals" in page
    assert "give or take" in page and "(best)" in page and "(your answer)" in page
    assert count_of(anon_client, "bid") == [1, 1]
    assert "Not this time." in text(answer(anon_client, "bid", 2, "30"))


@pytest.mark.parametrize(
    ("kind", "posted"),
    [
        ("winner", {"seed": "2", "answer": "Ad"}),  # not in the trick
        ("winner", {"seed": "2", "answer": "zz"}),  # not a card
        ("winner", {"seed": "2"}),
        ("may-play", {"seed": "4", "answer": "maybe"}),
        ("bid", {"seed": "2", "answer": "35"}),
        ("bid", {"seed": "2", "answer": "twenty"}),
        ("winner", {"seed": "x", "answer": "2s"}),
        ("bid", {"answer": "20"}),
        ("rob", {"seed": "6", "answer": "zz"}),  # not a card
        ("rob", {"seed": "6", "answer": "2d"}),  # not in the hand
        ("rob", {"seed": "6"}),
        ("rob", {"seed": str(drills.MAX_SEED + 1), "answer": "keep"}),
    ],
)
def test_an_answer_that_does_not_read_is_a_400_and_counts_nothing(anon_client, kind, posted):
    r = anon_client.post(reverse("practice:drill_answer", args=[kind]), posted)
    assert r.status_code == 400
    assert "does not read" in text(r) or "not one of this drill's choices" in text(r)
    assert "cd_school" not in r.cookies
    partial = anon_client.post(reverse("practice:drill_answer", args=[kind]), posted, **HTMX)
    assert partial.status_code == 400 and text(partial).lstrip().startswith('<div id="content"')


def test_an_answer_by_htmx_is_the_content_with_the_verdict(anon_client):
    r = answer(anon_client, "may-play", 4, "no", **HTMX)
    assert r.status_code == 200
    page = text(r)
    assert page.lstrip().startswith('<div id="content"') and "<html" not in page
    assert "Right!" in page and "Right: 1 of 1" in page
    assert count_of(anon_client, "may-play") == [1, 1]


def test_a_busy_computer_is_a_503_and_counts_nothing(anon_client, monkeypatch):
    def busy():
        raise pool.Busy(4)

    monkeypatch.setattr(school.pool, "computing", busy)
    r = answer(anon_client, "bid", 2, "20")
    assert r.status_code == 503 and r["Retry-After"] == "4"
    assert "The computer is busy: try again in a moment." in text(r)
    assert "cd_school" not in r.cookies
    r = answer(anon_client, "bid", 2, "20", **HTMX)
    assert r.status_code == 503 and r["HX-Retarget"] == "#flash"


def test_bids_past_the_clients_pace_are_a_429(anon_client, monkeypatch):
    monkeypatch.setattr(school.pool, "too_fast", lambda request: 7)
    r = answer(anon_client, "bid", 2, "20")
    assert r.status_code == 429 and r["Retry-After"] == "7"
    assert "wait a few seconds" in text(r)


# ---- the count ----------------------------------------------------------------------------


def test_starting_the_count_again_clears_it(anon_client):
    answer(anon_client, "winner", 2, "2s")
    r = anon_client.post(reverse("practice:school_reset"))
    assert r.status_code == 302 and r["Location"] == reverse("practice:school")
    assert r.cookies["cd_school"]["max-age"] == 0
    assert "Right: 0 of 0" in text(anon_client.get(reverse("practice:drill", args=["winner"])))


def test_starting_the_count_again_by_htmx_shows_the_school(anon_client):
    answer(anon_client, "winner", 2, "2s")
    r = anon_client.post(reverse("practice:school_reset"), **HTMX)
    assert r.status_code == 200
    assert text(r).count("Right: 0 of 0") == 4 and "<html" not in text(r)


def test_a_count_that_does_not_read_is_no_count(anon_client):
    anon_client.cookies["cd_school"] = "changed-by-hand"
    assert "Right: 0 of 0" in text(anon_client.get(reverse("practice:drill", args=["bid"])))
    anon_client.cookies["cd_school"] = score_cookie({"winner": [9, 3, 1]})  # more right than tries
    page = text(anon_client.get(reverse("practice:school")))
    assert page.count("Right: 0 of 0") == 4
    anon_client.cookies["cd_school"] = score_cookie({"winner": [2, 3, 1], "robbing": [1, 1, 1]})
    r = answer(anon_client, "winner", 2, "2s")
    assert r.status_code == 200 and count_of(anon_client, "winner") == [3, 4]
    assert "robbing" not in signing.loads(r.cookies["cd_school"].value, salt=school.SALT)


def test_the_count_is_signed_httponly_and_sent_to_the_school_only(anon_client):
    r = answer(anon_client, "winner", 2, "2s")
    morsel = r.cookies["cd_school"]
    assert morsel["httponly"] and morsel["samesite"] == "Lax"
    assert morsel["path"] == reverse("practice:school")
    assert signing.loads(morsel.value, salt=school.SALT) == {"winner": [1, 1, 2]}
    with pytest.raises(signing.BadSignature):
        signing.loads(morsel.value + "x", salt=school.SALT)


def test_a_try_is_answered_in_french(anon_client, settings):
    anon_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    page = text(answer(anon_client, "may-play", 9, "yes"))
    assert "Pas cette fois." in page and "Non : on ne peut pas jouer 8♥." in page
    assert "Vous devez fournir à carreau." in page and "Suivant" in page
    page = text(answer(anon_client, "winner", 2, "2s"))
    assert "Bonne réponse!" in page and "Les atouts, du meilleur au plus bas (pique)" in page
    page = text(anon_client.get(reverse("practice:drill", args=["bid"]), {"seed": "2"}))
    assert ">miser 20</button>" in page and ">passer</button>" in page


# ---- rob or not -------------------------------------------------------------------------


def test_a_rob_drill_offers_each_discard_and_keeping_the_hand(anon_client):
    r = anon_client.get(reverse("practice:drill", args=["rob"]), {"seed": "6"})
    assert r.status_code == 200
    page = text(r)
    assert "Forty-Fives, 4 players in partnerships." in page and "Trumps:" in page
    assert "Turned up: 10♣." in page and "Played to this trick so far:" in page
    for code in ("Kc", "3c", "5h", "Js"):
        assert f'name="answer" value="{code}"' in page
    assert 'value="Ac"' not in page  # the ace of trumps is kept, not an answer
    assert "Keep A♣: it gives you the right to rob." in page
    assert 'value="keep" id="keep">Keep my hand: do not rob</button>' in page
    assert 'name="seed" value="6"' in page


def test_a_discard_is_weighed_against_keeping_and_every_other(anon_client):
    r = answer(anon_client, "rob", 6, "5h")
    assert r.status_code == 200
    page = text(r)
    assert "Right!" in page and "The computer's choice: robbing and discarding 5♥." in page
    assert f"on average over {drills.ROB_DEALS} likely deals" in page
    assert page.count("<tr class=") == 5 and "not robbing" in page
    assert "(best)" in page and "(your answer)" in page and ">Next</a>" in page
    assert count_of(anon_client, "rob") == [1, 1]
    page = text(answer(anon_client, "rob", 6, "Kc"))  # the same seed: counted once
    assert "Not this time." in page and "robbing and discarding K♣ scored about" in page
    assert count_of(anon_client, "rob") == [1, 1]


def test_keeping_the_hand_is_an_answer(anon_client):
    page = text(answer(anon_client, "rob", 2, "keep"))
    assert "Right!" in page and "The computer's choice: not robbing." in page
    assert "not robbing did best" in page
    page = text(answer(anon_client, "rob", 6, "keep"))
    assert "Not this time." in page and "not robbing scored about" in page
    assert count_of(anon_client, "rob") == [1, 2]


def test_the_ace_of_trumps_is_refused_as_a_discard_in_its_words(anon_client):
    r = answer(anon_client, "rob", 6, "Ac")
    assert r.status_code == 400
    assert "Keep A♣: it gives you the right to rob." in text(r)
    assert "cd_school" not in r.cookies
    partial = answer(anon_client, "rob", 6, "A♣", **HTMX)
    assert partial.status_code == 400 and text(partial).lstrip().startswith('<div id="content"')
    assert "Keep A♣: it gives you the right to rob." in text(partial)


def test_a_rob_drill_answer_is_read_only_by_post(anon_client):
    assert anon_client.post(reverse("practice:drill", args=["rob"])).status_code == 405
    url = reverse("practice:drill_answer", args=["rob"])
    assert anon_client.get(url, {"seed": "6", "answer": "5h"}).status_code == 405


def test_a_rob_by_htmx_is_the_content_with_the_verdict(anon_client):
    r = answer(anon_client, "rob", 6, "5h", **HTMX)
    assert r.status_code == 200
    page = text(r)
    assert page.lstrip().startswith('<div id="content"') and "<html" not in page
    assert "Right!" in page and "Right: 1 of 1" in page


def test_a_busy_computer_weighing_a_rob_is_a_503(anon_client, monkeypatch):
    def busy():
        raise pool.Busy(3)

    monkeypatch.setattr(school.pool, "computing", busy)
    r = answer(anon_client, "rob", 6, "5h")
    assert r.status_code == 503 and r["Retry-After"] == "3"
    assert "The computer is busy: try again in a moment." in text(r)
    assert "cd_school" not in r.cookies
    r = answer(anon_client, "rob", 6, "keep", **HTMX)
    assert r.status_code == 503 and r["HX-Retarget"] == "#flash"
    monkeypatch.setattr(school.pool, "too_fast", lambda request: 5)
    r = answer(anon_client, "rob", 6, "5h")
    assert r.status_code == 429 and r["Retry-After"] == "5"


def test_a_rob_is_answered_in_french(anon_client, settings):
    anon_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    page = text(anon_client.get(reverse("practice:drill", args=["rob"]), {"seed": "6"}))
    assert "Garder ma main : ne pas voler" in page
    assert "Gardez A♣ : c'est cette carte qui vous donne le droit de voler." in page
    page = text(answer(anon_client, "rob", 6, "5h"))
    assert "Bonne réponse!" in page and "« voler en écartant 5♥ » a le mieux réussi" in page
    assert "Suivant" in page
