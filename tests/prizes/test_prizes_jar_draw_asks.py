"""The cookie jar's draw by the site asks first (prizes/views/jar.py jar_draw): one stray
tap on "Draw 2 games" draws nothing; "Yes: draw the games now" draws, with the seed that
was typed. Numbers typed by hand are recorded at once (typing them is no stray tap)."""

from __future__ import annotations

import re

import pytest

from prizes.models import JarDraw
from tests.builders import HTMX
from tests.builders.jar import everything, opt_in, play_all, setup_drive, start, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(club, organizer):
    """4 pairs in the jar, 3 games played and finished: the jar draws 2 of them."""
    drive = setup_drive(club, organizer, pairs=4, games=3, jar_games=2)
    opt_in(drive, organizer, [1, 2, 3, 4])
    start(drive, organizer)
    return play_all(drive, organizer)


def question(html: str) -> str:
    m = re.search(r'<div class="confirm card" role="alertdialog".*?</div>', html, re.S)
    assert m, "no question on the page"
    return m.group(0)


def test_one_tap_on_draw_asks_first_and_draws_nothing(org_client, finished):
    before = everything()
    r = org_client.post(url(finished, "jar_draw"), {"how": "site", "seed": "5"}, **HTMX)
    html = r.content.decode()
    assert r.status_code == 200 and "<html" not in html
    assert everything() == before and not JarDraw.objects.exists()
    asked = question(html)
    assert "The site draws 2 games from 1 to 3 now, in front of the hall. Draw now?" in asked
    assert '<input type="hidden" name="confirm" value="yes">' in asked
    assert '<input type="hidden" name="seed" value="5">' in asked
    assert "Yes: draw the games now" in asked and "No, go back" in asked
    assert f'href="{url(finished)}"' in asked
    # The question replaces the Draw button: it is not offered twice.
    assert "Draw 2 games</button>" not in html


def test_yes_draws_with_the_seed_typed(org_client, finished):
    data = {"how": "site", "seed": "5", "confirm": "yes"}
    r = org_client.post(url(finished, "jar_draw"), data, **HTMX)
    assert r.status_code == 200
    row = JarDraw.objects.get(drive=finished)
    assert row.seed == 5 and "Drawn by the site with seed 5" in r.content.decode()


def test_the_question_without_htmx_is_the_whole_page(org_client, finished):
    r = org_client.post(url(finished, "jar_draw"), {"how": "site"})
    assert r.status_code == 200 and "<html" in r.content.decode()
    assert "Draw now?" in question(r.content.decode())
    assert not JarDraw.objects.exists()
    r = org_client.post(url(finished, "jar_draw"), {"how": "site", "confirm": "yes"})
    assert r.status_code == 302 and JarDraw.objects.filter(drive=finished).exists()


def test_a_bad_seed_is_refused_before_asking(org_client, finished):
    r = org_client.post(url(finished, "jar_draw"), {"how": "site", "seed": "lucky"}, **HTMX)
    assert r.status_code == 400 and "whole number" in r.content.decode()


def test_numbers_typed_by_hand_are_recorded_without_asking(org_client, finished):
    r = org_client.post(url(finished, "jar_draw"), {"how": "hand", "numbers": "1 3"})
    assert r.status_code == 302 and JarDraw.objects.get(drive=finished).numbers == [1, 3]


def test_the_draw_is_for_the_clubs_organizers(
    org_client, other_club_client, scorer_client, finished
):
    data = {"how": "site", "confirm": "yes"}
    assert other_club_client.post(url(finished, "jar_draw"), data).status_code == 404
    assert scorer_client.post(url(finished, "jar_draw"), data).status_code == 403
    assert org_client.get(url(finished, "jar_draw")).status_code == 405
    assert not JarDraw.objects.exists()
