"""A table card after the drive its club's cards serve has finished (issue 25, item 15).

The cards keep pointing at the finished drive until the organizer gives them to another
(Club.table_drive). A phone that scans one then reads which drive the cards serve and that
it has finished, and, while another drive of the club runs, that the front table can give
the cards to it: not "No drive is running" while one is.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client

from clubs.models import Club
from drives import services
from tests.builders import NOW, add_pairs, make_drive, play_game, started_drive

pytestmark = pytest.mark.django_db


def page_of(link, **headers) -> str:
    r = Client().get(link.path, **headers)
    assert r.status_code == 200
    return r.content.decode()


def finish(drive, organizer):
    play_game(drive, organizer)
    return services.drive_finish_early(drive=drive, from_game=1, actor=organizer, now=NOW)


def christmas(club, organizer):
    """A second drive, started while Friday's runs: the cards stay with Friday's."""
    other = make_drive(club, organizer, name="Christmas drive", date=dt.date(2026, 12, 18))
    add_pairs(other, organizer, 6)
    return services.drive_start(drive=other, actor=organizer, now=NOW, seed=3, alongside=True)


@pytest.fixture
def friday(club, organizer):
    """Friday's drive, running, served by the table cards."""
    return started_drive(club, organizer, pairs=8, name="Friday 45s")


@pytest.fixture
def finished(friday, organizer):
    """Friday's drive, finished after its first game."""
    return finish(friday, organizer)


@pytest.fixture
def link(club, finished):
    return services.table_links(club, 1)[0]


def test_the_card_names_the_finished_drive_it_serves(club, finished, link):
    club.refresh_from_db()
    assert club.table_drive_id == finished.pk and finished.is_finished
    page = page_of(link)
    assert "The table cards serve Friday 45s, which has finished." in page
    assert "No drive is running" not in page


def test_while_another_drive_runs_the_card_says_so_and_who_can_move_the_cards(
    club, organizer, friday
):
    other = christmas(club, organizer)
    finished = finish(friday, organizer)
    link = services.table_links(club, 1)[0]
    club.refresh_from_db()
    # The drive that finished still has the cards: the other one never took them.
    assert club.table_drive_id == finished.pk
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        page = page_of(link, **headers)
        assert "The table cards serve Friday 45s, which has finished." in page
        assert "Christmas drive is being played: ask the front table" in page
        assert "No drive is running at" not in page
    # Once the organizer gives the cards to the running drive, the card opens its table.
    services.table_drive_set(drive=other, actor=organizer, now=NOW)
    page = page_of(link)
    assert "Christmas drive" in page and "has finished" not in page
    assert "Game 1 of 25" in page


def test_the_poll_sees_the_drive_finish(club, organizer, friday):
    """The page polls with its ETag: the served drive finishing changes what it says."""
    christmas(club, organizer)
    link = services.table_links(club, 1)[0]
    etag = Client().get(link.path)["ETag"]
    assert Client().get(link.path, HTTP_IF_NONE_MATCH=etag).status_code == 304
    finish(friday, organizer)
    again = Client().get(link.path, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200
    assert "Christmas drive is being played" in again.content.decode()


def test_a_card_whose_club_serves_no_drive_says_no_drive_is_running(club, link):
    Club.objects.filter(pk=club.pk).update(table_drive=None)
    page = page_of(link)
    assert "No drive is running at St. Joseph&#x27;s Parish Hall right now" in page
