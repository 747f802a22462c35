"""The screens of a table that took too many wrong pair codes (issue 24): the phone's answer,
the same for the right code and a wrong one, and the front's result screen that shows the
table as the front's to enter.

drives/views/table.py (table_confirm), drives/views/night.py (the result screen, its poll
and the front's tap).
"""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from drives import pair_codes, services
from drives.models import TableGame
from tests.builders import (
    HTMX,
    make_club,
    make_user,
    row_counts,
    started_drive,
)

pytestmark = pytest.mark.django_db

FETCH = {"HTTP_X_REQUESTED_WITH": "fetch"}
LOCKED = "Too many wrong codes at this table: ask the front table."
FRONT_WORDS = "Table 1: too many wrong codes; enter the result here."


@pytest.fixture
def running(club, organizer):
    return started_drive(club, organizer, pairs=8, confirm_by_code=True)


@pytest.fixture
def link(club, running):
    return services.table_links(club, 4)[0]  # table 1


def pairs_at(drive, table=1):
    tg = TableGame.objects.get(drive=drive, game=drive.current_game, table=table)
    return tuple(s.pair.number for s in tg.seats.order_by("slot").select_related("pair"))


def code_of(drive, number):
    return drive.pairs.get(number=number).code


def wrong_code(drive):
    taken = set(drive.pairs.values_list("code", flat=True))
    return next(c for c in ("CCCC", "FFFF", "HHHH") if c not in taken)


def url(link, action=""):
    return reverse(f"table:{action or 'page'}", args=[link.token])


_keys = iter(range(10**6))


def agree(phone, link, winner, code, **headers):
    data = {"game": 1, "key": f"k-{next(_keys):08d}", "winner": winner, "code": code}
    return phone.post(url(link, "confirm"), data, **headers)


def phones(link):
    mine, other = Client(), Client()
    for phone in (mine, other):
        phone.get(url(link))  # each its own device cookie
    return mine, other


def reported(running, link):
    """Table 1 reported by one phone; the other phone, which types the codes, and the pairs."""
    a, b = pairs_at(running)
    mine, other = phones(link)
    assert (
        mine.post(url(link, "report"), {"game": 1, "key": "k-report01", "winner": a}).status_code
        == 302
    )
    return other, a, b


def locked(running, link):
    other, a, b = reported(running, link)
    for _ in range(pair_codes.TRIES):
        agree(other, link, a, wrong_code(running), **FETCH)
    return other, a, b


def same_page(response) -> str:
    """The answer as the player sees it, without what differs on every page (the form keys
    and the CSRF token)."""
    text = response.content.decode()
    text = re.sub(r'name="key" value="[0-9a-f]+', 'name="key" value="', text)
    return re.sub(
        r'(csrfmiddlewaretoken" value=|csrf-token" content=|X-CSRFToken": )"[^"]+"', r"\1", text
    )


# --- The phone ------------------------------------------------------------------------


def test_the_right_code_counts_before_the_tries_run_out(running, link):
    other, a, b = reported(running, link)
    r = agree(other, link, a, wrong_code(running), **FETCH)
    assert r.status_code == 400
    assert "4 more wrong codes and the front table enters the result." in html.unescape(
        r.content.decode()
    )
    r = agree(other, link, a, code_of(running, b), **FETCH)
    assert r.status_code == 200 and f"Counted: pair {a} won" in r.content.decode()


def test_after_five_wrong_codes_the_right_one_gets_the_same_answer(running, link):
    other, a, b = reported(running, link)
    answers = [agree(other, link, a, wrong_code(running), **HTMX) for _ in range(pair_codes.TRIES)]
    assert [r.status_code for r in answers] == [400, 400, 400, 400, 429]
    fifth = answers[-1]
    right = agree(other, link, a, code_of(running, b), **HTMX)
    wrong = agree(other, link, a, wrong_code(running), **HTMX)
    for r in (fifth, right, wrong):
        assert r.status_code == 429
        body = html.unescape(r.content.decode())
        assert body.lstrip().startswith('<section id="table-panel"') and "<html" not in body
        assert body.count(LOCKED) == 1
        assert 'name="code"' not in body  # no box to type in any more
    assert same_page(right) == same_page(wrong) == same_page(fifth)
    assert TableGame.objects.get(drive=running, game=1, table=1).status == "reported"


def test_without_javascript_the_locked_answer_is_the_whole_page(running, link):
    other, a, b = locked(running, link)
    right = agree(other, link, a, code_of(running, b))
    wrong = agree(other, link, a, wrong_code(running))
    assert right.status_code == wrong.status_code == 429
    assert "<html" in right.content.decode() and LOCKED in html.unescape(right.content.decode())
    assert same_page(right) == same_page(wrong)


def test_the_locked_table_says_so_to_every_phone_and_its_poll_changes(running, link):
    other, a, _b = reported(running, link)
    first = other.get(url(link), **HTMX)
    for _ in range(pair_codes.TRIES):
        agree(other, link, a, wrong_code(running), **FETCH)
    poll = other.get(url(link), HTTP_IF_NONE_MATCH=first["ETag"], **HTMX)
    assert poll.status_code == 200 and LOCKED in html.unescape(poll.content.decode())
    page = html.unescape(Client().get(url(link)).content.decode())
    assert LOCKED in page and 'name="code"' not in page


def test_confirming_takes_only_a_post(running, link):
    other, _a, _b = reported(running, link)
    before = row_counts()
    assert other.get(url(link, "confirm")).status_code == 405
    assert row_counts() == before


def test_an_outsiders_card_cannot_type_codes_at_this_table(running, link, client):
    other, a, b = reported(running, link)
    bad = client.post(
        reverse("table:confirm", args=["not-a-real-token-1"]),
        {"game": 1, "key": "k-00000099", "winner": a, "code": code_of(running, b)},
    )
    assert bad.status_code == 404
    elsewhere = make_club("Legion Branch 12")
    started_drive(elsewhere, make_user(elsewhere, username="legion"), pairs=8, confirm_by_code=True)
    their_card = services.table_links(elsewhere, 1)[0]
    for _ in range(pair_codes.TRIES):
        agree(Client(), their_card, a, wrong_code(running), **FETCH)
    ours = TableGame.objects.get(drive=running, game=1, table=1)
    assert ours.wrong_codes == 0 and ours.status == "reported"
    assert agree(other, link, a, code_of(running, b), **FETCH).status_code == 200


# --- The front table ------------------------------------------------------------------


def test_the_result_screen_shows_the_table_for_the_front_to_enter(
    running, link, org_client, scorer_client
):
    locked(running, link)
    game = reverse("drives:game", args=[running.pk, 1])
    for front in (org_client, scorer_client):
        page = html.unescape(front.get(game).content.decode())
        assert page.count(FRONT_WORDS) == 1
    assert "too many wrong codes" not in html.unescape(
        org_client.get(game).content.decode()
    ).replace(FRONT_WORDS, "")


def test_the_result_screens_poll_brings_the_locked_tile(running, link, org_client):
    game_live = reverse("drives:game_live", args=[running.pk, 1])
    first = org_client.get(game_live, **HTMX)
    assert FRONT_WORDS not in html.unescape(first.content.decode())
    locked(running, link)
    again = org_client.get(game_live, HTTP_IF_NONE_MATCH=first["ETag"], **HTMX)
    assert again.status_code == 200 and FRONT_WORDS in html.unescape(again.content.decode())


def test_the_front_tap_settles_the_table_and_its_tile(running, link, org_client):
    other, a, b = locked(running, link)
    tap = reverse("drives:result_record", args=[running.pk, 1, 1])
    assert org_client.get(tap).status_code == 405
    r = org_client.post(tap, {"winner": a}, **HTMX)
    assert r.status_code == 200
    body = html.unescape(r.content.decode())
    assert 'id="table-1"' in body and "<html" not in body and FRONT_WORDS not in body
    tg = TableGame.objects.get(drive=running, game=1, table=1)
    assert (tg.status, tg.winner.number, tg.wrong_codes) == ("confirmed", a, 0)
    page = html.unescape(
        org_client.get(reverse("drives:game", args=[running.pk, 1])).content.decode()
    )
    assert FRONT_WORDS not in page


def test_an_outsider_sees_no_table_and_taps_nothing(running, link, other_club_client, anon_client):
    locked(running, link)
    game = reverse("drives:game", args=[running.pk, 1])
    tap = reverse("drives:result_record", args=[running.pk, 1, 1])
    assert other_club_client.get(game).status_code == 404
    assert other_club_client.post(tap, {"winner": pairs_at(running)[0]}).status_code == 404
    assert anon_client.get(game).status_code == 302
    assert TableGame.objects.get(drive=running, game=1, table=1).wrong_codes == pair_codes.TRIES
