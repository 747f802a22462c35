"""A visitor with no account writes no session row, on any screen it can reach.

Sessions are rows of accounts.models.Session (kept 12 hours). A client that keeps
no cookie and starts practice games once wrote a row a request, 5,081 a minute;
the practice game now lives in a cookie of its own (practice/store.py), CSRF in
its cookie, the language switch and the table phone's device id in theirs."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Session
from drives import services as drives
from practice.codes import Deal, card_code
from practice.models import KeptGame
from scoring.play import PlayOptions
from tests.builders import HTMX, row_counts, started_drive
from tests.builders.practice import at_of, played_in

pytestmark = pytest.mark.django_db

DEAL = Deal("traditional", 3, PlayOptions(), 20261130).code  # you follow to the first trick


def practice_taps(client) -> list[int]:
    """Start, reload, move, hint, undo, the same deal again, a first game with its guide
    closed and shown again, as a player taps them."""
    statuses = [
        client.post(reverse("practice:start"), {"deal": DEAL, "level": "ned"}).status_code,
        client.get(reverse("practice:table")).status_code,
    ]
    state = played_in(client).state
    move = {"move": f"p:{card_code(state.legal_moves()[0].card)}", "at": at_of(client)}
    statuses += [
        client.post(reverse("practice:move"), move).status_code,
        client.get(reverse("practice:hint"), **HTMX).status_code,
        client.get(reverse("practice:hint")).status_code,
        client.post(reverse("practice:undo"), **HTMX).status_code,
        client.post(reverse("practice:again")).status_code,  # asks first
        client.post(reverse("practice:again"), {"sure": "1"}).status_code,
        client.get(reverse("practice:new")).status_code,
        client.post(reverse("practice:first_game")).status_code,
        client.post(reverse("practice:guide"), {"show": "close"}).status_code,
        client.post(reverse("practice:guide"), {"show": "open"}, **HTMX).status_code,
    ]
    return statuses


def test_no_anonymous_screen_writes_a_session_row(club, organizer):
    drive = started_drive(club, organizer, pairs=8)
    link = drives.table_links(club, 4)[0]
    assert drive.status == "running"
    card = drive.pairs.first().card_token  # a pair's own page, from its punch card
    visitors = [Client() for _ in range(3)]
    for visitor in visitors:
        statuses = [
            visitor.get("/").status_code,  # the home page: on to the login page
            visitor.get(reverse("login")).status_code,
            visitor.get(reverse("table:page", args=[link.token])).status_code,
            visitor.get(reverse("table:page", args=[link.token]), **HTMX).status_code,
            visitor.get(reverse("card:page", args=[card])).status_code,
            visitor.get(reverse("card:page", args=[card]), **HTMX).status_code,
            visitor.post(
                reverse("set_language"), {"language": "fr", "next": reverse("practice:table")}
            ).status_code,
            *practice_taps(visitor),
        ]
        assert statuses == [302, 200, 200, 200, 200, 200, 302] + [
            302,
            200,
            302,
            200,
            200,
            200,
            200,
            302,
            200,
            302,
            302,
            200,
        ]
    # Each start, then each tap from a client that keeps no cookie at all.
    for _ in range(5):
        assert Client().post(reverse("practice:start"), {"deal": DEAL}).status_code == 302
    assert Session.objects.count() == 0


def test_a_logged_in_persons_practice_leaves_their_session_row_as_it_was(org_client):
    org_client.get(reverse("drives:drive_list"))
    (row,) = Session.objects.all()
    before = (row.session_key, row.session_data, row.expire_date)
    assert all(status < 400 for status in practice_taps(org_client))
    (after,) = Session.objects.all()
    assert (after.session_key, after.session_data, after.expire_date) == before


def test_the_schools_drills_write_no_row_at_all():
    """The drills' count lives in a cookie of its own (practice/school.py)."""
    before = row_counts()
    for visitor in (Client(), Client()):
        statuses = [
            visitor.get(reverse("practice:school")).status_code,
            visitor.get(reverse("practice:drill", args=["may-play"])).status_code,
            visitor.post(
                reverse("practice:drill_answer", args=["may-play"]), {"seed": "4", "answer": "no"}
            ).status_code,
            visitor.post(
                reverse("practice:drill_answer", args=["winner"]),
                {"seed": "2", "answer": "2s"},
                **HTMX,
            ).status_code,
            visitor.get(reverse("practice:drill", args=["rob"]), {"seed": "6"}).status_code,
            visitor.post(
                reverse("practice:drill_answer", args=["rob"]), {"seed": "6", "answer": "5h"}
            ).status_code,
            visitor.post(reverse("practice:school_reset")).status_code,
        ]
        assert statuses == [200, 200, 200, 200, 200, 200, 302]
    assert Session.objects.count() == 0 and KeptGame.objects.count() == 0
    assert row_counts() == before
