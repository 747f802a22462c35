"""A tie decision is kept on the server as it is made: a reload or another tablet carries
on where it was (prizes/services/tie_steps.py and the tie screen)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import AuditEntry
from drives.models import PlacePrize
from prizes.models import Decision
from tests.builders import HTMX, make_user
from tests.builders.ties import THREE_WAY, TWO_WAY, everything, finished_night

pytestmark = pytest.mark.django_db

DIGITAL = {"action": "digital", "confirm": "yes"}


@pytest.fixture
def three_way(club, organizer):
    """Pairs 1, 2 and 3 tie for first ($30) on 4 games; pair 4 is second alone ($25)."""
    drive = finished_night(club, organizer, THREE_WAY, games=5, seed=1)
    PlacePrize.objects.create(drive=drive, place=1, cents=3000)
    PlacePrize.objects.create(drive=drive, place=2, cents=2500)
    return drive


@pytest.fixture
def second_tablet(club):
    c = Client()
    c.force_login(make_user(club, username="second-organizer"))
    return c


def url(drive, prize="place-1"):
    return reverse("prizes:tie", args=[drive.pk, prize])


def post(client, drive, data, **kw):
    return client.post(url(drive), data, **kw)


def steps(drive):
    return [
        e.summary
        for e in AuditEntry.objects.filter(drive=drive, action="prize_step").order_by("id")
    ]


def test_each_tick_is_saved_and_another_tablet_sees_it(org_client, second_tablet, three_way):
    r = post(org_client, three_way, {"action": "ticks", "split": ["1", "2"]}, **HTMX)
    assert r.status_code == 200 and b"<html" not in r.content
    post(org_client, three_way, {"action": "ticks", "split": ["1", "2"], "playoff": ["3"]})
    assert steps(three_way) == [
        "First prize: pair 1 agrees to split; pair 2 agrees to split",
        "First prize: pair 3 asks for a play-off",
    ]
    row = Decision.objects.get(drive=three_way, prize="place-1")
    assert row.status == "open" and row.method == "" and row.winners == []
    page = second_tablet.get(url(three_way)).content.decode()
    assert 'name="split" value="1" aria-label="Pair 1 agrees to split" checked' in page
    assert 'name="playoff" value="3" aria-label="Pair 3 asks for a play-off" checked' in page
    assert "To be settled by a play-off" in page and "Settled by" not in page


def test_the_same_ticks_again_write_nothing(org_client, three_way):
    post(org_client, three_way, {"action": "ticks", "playoff": ["3"]})
    before = everything()
    assert post(org_client, three_way, {"action": "ticks", "playoff": ["3"]}).status_code == 302
    assert everything() == before


def test_cut_rounds_survive_a_reload_and_finish_on_another_tablet(
    org_client, second_tablet, three_way
):
    round1 = {"action": "physical", "r1-1-rank": "4", "r1-1-suit": "S", "r1-2-rank": "4",
              "r1-2-suit": "H", "r1-3-rank": "9", "r1-3-suit": "C"}  # fmt: skip
    assert post(org_client, three_way, round1).status_code == 302
    page = second_tablet.get(url(three_way)).content.decode()
    assert "Cards cut so far" in page and "pair 3 <strong>9♣</strong>" in page
    assert "cut again (round 2)" in page
    round2 = {"action": "physical", "r2-1-rank": "2", "r2-1-suit": "D", "r2-2-rank": "7",
              "r2-2-suit": "C"}  # fmt: skip
    assert post(second_tablet, three_way, round2).status_code == 302
    row = Decision.objects.get(drive=three_way, prize="place-1")
    assert (row.status, row.method, row.winners) == ("decided", "cut", [1])
    assert len(row.detail["cut"]["rounds"]) == 2


def test_a_screen_left_behind_cannot_record_a_different_first_round(
    org_client, second_tablet, three_way
):
    round1 = {"action": "physical", "r1-1-rank": "4", "r1-1-suit": "S", "r1-2-rank": "4",
              "r1-2-suit": "H", "r1-3-rank": "9", "r1-3-suit": "C"}  # fmt: skip
    post(org_client, three_way, round1)
    before = everything()
    other = {**round1, "r1-3-rank": "2"}
    r = post(second_tablet, three_way, other)
    assert r.status_code == 409 and "moved on on another screen" in r.content.decode()
    assert everything() == before


def test_the_cut_can_be_started_again(org_client, three_way):
    round1 = {"action": "physical", "r1-1-rank": "4", "r1-1-suit": "S", "r1-2-rank": "4",
              "r1-2-suit": "H", "r1-3-rank": "9", "r1-3-suit": "C"}  # fmt: skip
    post(org_client, three_way, round1)
    post(org_client, three_way, {"action": "restart"})
    row = Decision.objects.get(drive=three_way, prize="place-1")
    assert (
        row.detail["rounds"] == []
        and steps(three_way)[-1] == "First prize: the cut is started again"
    )
    assert "Cards cut so far" not in org_client.get(url(three_way)).content.decode()


def test_a_decision_goes_by_the_ticks_saved_not_a_stale_screen(org_client, three_way):
    post(org_client, three_way, {"action": "ticks", "playoff": ["3"]})
    before = everything()
    r = post(org_client, three_way, {**DIGITAL, "split": ["1", "2", "3"]})
    assert r.status_code == 409 and "changed on another screen" in r.content.decode()
    assert everything() == before


def test_deciding_replaces_the_progress_and_reopening_starts_afresh(org_client, three_way):
    post(org_client, three_way, {"action": "ticks", "playoff": ["3"]})
    # Three pairs play off two at a time: pair 2 beats pair 1, then pair 3.
    post(org_client, three_way, {"action": "playoff", "winner": "2", "game": "1-2"})
    data = {"action": "playoff", "winner": "2", "game": "2-3", "confirm": "yes"}
    assert post(org_client, three_way, data).status_code == 302
    row = Decision.objects.get(drive=three_way, prize="place-1")
    assert (row.method, row.winners, row.detail["requests"]) == ("playoff", [2], [3])
    assert row.detail["games"] == [[1, 2, 2], [2, 3, 2]]
    reopen = reverse("prizes:tie_reopen", args=[three_way.pk, "place-1"])
    org_client.post(reopen, {"reason": "pair 3 had it wrong"})
    page = org_client.get(url(three_way)).content.decode()
    assert " checked" not in page and "To be settled by cutting the deck" in page


def test_a_split_shows_a_lower_prize_paying_more_before_it_is_confirmed(org_client, three_way):
    post(org_client, three_way, {"action": "ticks", "split": ["1", "2", "3"]})
    page = org_client.get(url(three_way)).content.decode()
    assert "Split it: $10.00 to each of the 3 pairs" in page
    assert (
        "Each pair would get $10.00, less than second prize pays to a pair with fewer games "
        "($25.00, pair 4)."
    ) in page
    assert page.index("less than second prize") < page.index("Split it:")


def test_a_split_warning_names_a_lower_prize_that_is_itself_tied_as_a_tie(
    org_client, club, organizer
):
    """Issue 25: third prize goes to one of pairs 4 and 5, tied on 2 games: the warning
    says they are tied for it, not that it pays "a pair with fewer games (pairs 4 and 5)"."""
    drive = finished_night(club, organizer, TWO_WAY, games=5, seed=1)
    PlacePrize.objects.create(drive=drive, place=1, cents=3000)
    PlacePrize.objects.create(drive=drive, place=2, cents=1000)
    PlacePrize.objects.create(drive=drive, place=3, cents=2000)
    post(org_client, drive, {"action": "ticks", "split": ["1", "2"]})
    text = org_client.get(url(drive)).content.decode()
    assert "Split it: $15.00 to each of the 2 pairs" in text
    assert (
        "Each pair would get $15.00, less than third prize ($20.00), which pairs 4 and 5 "
        "are tied for with fewer games."
    ) in text
    assert "a pair with fewer games" not in text
    assert "second prize" not in text  # $10.00 is less than a share


def test_steps_are_refused_before_the_end_and_for_outsiders(
    org_client, anon_client, other_club_client, three_way
):
    before = everything()
    data = {"action": "ticks", "playoff": ["3"]}
    assert post(anon_client, three_way, data).status_code == 302  # to the login
    assert post(other_club_client, three_way, data).status_code == 404
    assert org_client.put(url(three_way)).status_code == 405
    assert post(org_client, three_way, {"action": "ticks", "playoff": ["4"]}).status_code == 400
    assert everything() == before
