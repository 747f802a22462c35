"""The series' prize screens: the prizes page (set them, see the places), a tie settled on
the night's own tie steps, reopening; and the series' two printouts."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils.html import escape

from clubs.models import AuditEntry
from seasons.models import SeriesDecision, SeriesPrize
from tests.builders import HTMX
from tests.builders.pdf import pages_text
from tests.builders.series_prizes import PAIR, worked_series


@pytest.fixture
def series(club, organizer):
    return worked_series(club, organizer)


def prizes_url(series):
    return reverse("seasons:series_prizes", args=[series.pk])


def tie_url(series, place=1):
    return reverse("seasons:series_tie", args=[series.pk, place])


def reopen_url(series, place=1):
    return reverse("seasons:series_tie_reopen", args=[series.pk, place])


def html(text: str) -> str:
    return escape(text)


def goes_to_login(response) -> bool:
    return response.status_code == 302 and response.url.startswith(reverse("login"))


# ---------------------------------------------------------------- the prizes page


def test_the_prizes_page_shows_the_tie_for_first_and_second_outright(org_client, series):
    response = org_client.get(prizes_url(series))
    assert response.status_code == 200
    text = response.content.decode()
    assert "First prize: 10 games · $50.00" in text
    assert "Second prize: 4 games · $20.00" in text
    assert "Tie: not settled yet." in text
    assert html(PAIR[3]) in text and tie_url(series) in text


def test_the_prizes_page_saves_the_places_typed(org_client, series):
    response = org_client.post(
        prizes_url(series), {"cents-1": "60", "cents-2": "25.50", "item-3": "a turkey"}
    )
    assert response.status_code == 302
    saved = [(p.place, p.cents, p.item) for p in SeriesPrize.objects.filter(series=series)]
    assert saved == [(1, 6000, ""), (2, 2550, ""), (3, None, "a turkey")]


def test_the_prizes_page_refuses_an_amount_that_is_not_money_and_saves_nothing(org_client, series):
    response = org_client.post(prizes_url(series), {"cents-1": "fifty"}, **HTMX)
    assert response.status_code == 400
    assert "is not an amount of money" in response.content.decode()
    assert SeriesPrize.objects.filter(series=series).count() == 2


def test_the_prizes_page_answers_htmx_with_its_content_only(org_client, series):
    response = org_client.post(prizes_url(series), {"cents-1": "50", "cents-2": "20"}, **HTMX)
    assert response.status_code == 200
    text = response.content.decode()
    assert 'id="content"' in text and "<html" not in text


# ---------------------------------------------------------------- a tie


def test_a_tie_ticked_on_the_shared_steps_then_cut_by_hand_decides_the_prize(org_client, series):
    page = org_client.get(tie_url(series)).content.decode()
    # The night's steps, naming the tied: a tick for each and the cut's card boxes.
    assert html(f"{PAIR[1]} agrees to split") in page and 'name="r1-2-rank"' in page
    org_client.post(tie_url(series), {"action": "ticks", "split": ["1"]}, **HTMX)
    refused = org_client.post(tie_url(series), {"action": "split"}, **HTMX)
    assert refused.status_code == 400
    assert html(f"{PAIR[2]} did not") in refused.content.decode()
    cut = {"action": "physical", "r1-1-rank": "3", "r1-1-suit": "C"}
    cut |= {"r1-2-rank": "9", "r1-2-suit": "H"}
    response = org_client.post(tie_url(series), cut, **HTMX)
    assert response.status_code == 200
    row = SeriesDecision.objects.get(series=series, place=1)
    assert (row.status, row.method, row.winners) == ("decided", "cut", [1])
    assert html(f"{PAIR[1]} 3♣, {PAIR[2]} 9♥ — {PAIR[1]} won") in response.content.decode()


def test_the_digital_cut_asks_first_and_cuts_only_when_confirmed(org_client, series):
    asked = org_client.post(tie_url(series), {"action": "digital"}, **HTMX)
    assert "Cut now?" in asked.content.decode()
    assert not SeriesDecision.objects.filter(series=series).exists()
    org_client.post(tie_url(series), {"action": "digital", "confirm": "yes"})
    row = SeriesDecision.objects.get(series=series, place=1)
    assert row.method == "cut" and row.detail["cut"]["seed"] is not None


def test_a_play_off_winner_asks_sure_then_a_reopen_keeps_its_reason(org_client, series):
    org_client.post(tie_url(series), {"action": "ticks", "playoff": ["2"]}, **HTMX)
    asked = org_client.post(tie_url(series), {"action": "playoff", "winner": "2"}, **HTMX)
    said = html(f"{PAIR[2]} won the play-off for first prize: is that right?")
    assert said in asked.content.decode()
    org_client.post(tie_url(series), {"action": "playoff", "winner": "2", "confirm": "yes"})
    assert SeriesDecision.objects.get(series=series, place=1).winners == [2]
    response = org_client.post(reopen_url(series), {"reason": "tapped the wrong one"}, **HTMX)
    assert response.status_code == 200
    assert SeriesDecision.objects.get(series=series, place=1).status == "open"
    assert AuditEntry.objects.filter(action="series_prize_reopen").count() == 1


def test_a_place_with_no_tie_or_no_prize_is_refused(org_client, series):
    assert org_client.post(tie_url(series, 2), {"action": "digital"}).status_code == 409
    assert org_client.get(tie_url(series, 5)).status_code == 404


# ---------------------------------------------------------------- the printouts


def test_the_series_standings_print_each_pair_with_its_place_and_prize(org_client, series):
    response = org_client.get(reverse("series_print:standings", args=[series.pk]))
    assert response["Content-Type"] == "application/pdf"
    assert "series-fall-45s-2026-standings.pdf" in response["Content-Disposition"]
    text = pages_text(response)[0]
    assert "Series standings" in text and PAIR[1] in text
    assert "tied for first prize: to settle" in text


def test_the_series_prize_report_prints_the_cut_once_settled(org_client, series, organizer):
    cut = {"action": "physical", "r1-1-rank": "3", "r1-1-suit": "C"}
    org_client.post(tie_url(series), cut | {"r1-2-rank": "9", "r1-2-suit": "H"})
    response = org_client.get(reverse("series_print:prize_report", args=[series.pk]))
    text = pages_text(response)[0]
    assert "First prize: 10 games · $50.00" in text and "Place 1" in text
    assert "— Player 1a & Player 1b won (cards cut by" in text and "$70.00" in text


# ---------------------------------------------------------------- who may


@pytest.mark.parametrize(
    ("name", "args", "method"),
    [
        ("seasons:series_prizes", (), "get"),
        ("seasons:series_tie", (1,), "get"),
        ("seasons:series_tie_reopen", (1,), "post"),
        ("series_print:standings", (), "get"),
        ("series_print:prize_report", (), "get"),
    ],
)
def test_another_club_gets_404_and_a_visitor_the_login(
    name, args, method, series, other_club_client, anon_client
):
    url = reverse(name, args=[series.pk, *args])
    assert getattr(other_club_client, method)(url).status_code == 404
    assert goes_to_login(getattr(anon_client, method)(url))


@pytest.mark.parametrize(
    ("name", "args", "method"),
    [
        ("seasons:series_prizes", (), "put"),
        ("seasons:series_tie", (1,), "delete"),
        ("seasons:series_tie_reopen", (1,), "get"),
        ("series_print:standings", (), "post"),
        ("series_print:prize_report", (), "post"),
    ],
)
def test_the_wrong_method_is_a_405(name, args, method, series, org_client):
    url = reverse(name, args=[series.pk, *args])
    assert getattr(org_client, method)(url).status_code == 405


def test_a_scorer_may_print_but_not_settle(series, scorer_client):
    assert scorer_client.get(reverse("series_print:standings", args=[series.pk])).status_code == 200
    assert scorer_client.get(prizes_url(series)).status_code == 403
