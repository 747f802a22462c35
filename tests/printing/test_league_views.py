"""A league's printouts (printing/league_views.py): the schedule, the standings and a team
match's schedule as PDFs, in the club's language; another club's league is a 404."""

from __future__ import annotations

import pytest
from django.urls import reverse
from pypdf import PdfReader

from drives.models import Drive
from tests.builders.leagues import four_teams, make_league, night_with_pairs, play_by_strength

pytestmark = pytest.mark.django_db


def text_of(response) -> str:
    import io

    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages)


@pytest.fixture
def match(club, organizer):
    league = make_league(club, organizer)
    teams = four_teams(league, organizer, players=6)
    night = night_with_pairs(
        league,
        organizer,
        day=10,
        kind="match",
        teams=teams[:2],
        pairs={teams[0]: 2, teams[1]: 3},
    )
    play_by_strength(Drive.objects.get(pk=night.drive_id), organizer, [3, 1, 2, 4, 5])
    return league, night


def test_the_schedule_pdf(org_client, match):
    league, _night = match
    r = org_client.get(reverse("league_print:schedule", args=[league.pk]))
    assert r.status_code == 200 and r["Content-Type"] == "application/pdf"
    assert "league-merrimack-valley-45s-schedule.pdf" in r["Content-Disposition"]
    text = text_of(r)
    assert "K of C Hall" in text and "Legion Branch 12" in text and "Played" in text


def test_the_standings_pdf(org_client, match):
    league, _night = match
    r = org_client.get(reverse("league_print:standings", args=[league.pk]))
    assert r.status_code == 200
    text = text_of(r)
    assert "League standings" in text and "Legion Branch 12" in text
    assert "Ties: head to head, then games won, then games lost." in text


def test_the_match_schedule_pdf_has_every_round(org_client, match):
    league, night = match
    r = org_client.get(reverse("league_print:match", args=[league.pk, night.pk]))
    assert r.status_code == 200
    text = text_of(r)
    # Knights' two pairs stay at tables 1 and 2; Legion's three move: 3 games.
    assert "1 v 3" in text and "Sitting out" in text


def test_the_match_schedule_of_a_drive_night_is_not_found(org_client, club, organizer):
    league = make_league(club, organizer)
    four_teams(league, organizer, players=2)
    night = night_with_pairs(league, organizer, day=10)
    r = org_client.get(reverse("league_print:match", args=[league.pk, night.pk]))
    assert r.status_code == 404


def test_another_club_cannot_print_them(other_club_client, match):
    league, night = match
    for name, args in (
        ("league_print:schedule", [league.pk]),
        ("league_print:standings", [league.pk]),
        ("league_print:match", [league.pk, night.pk]),
    ):
        assert other_club_client.get(reverse(name, args=args)).status_code == 404


def test_printing_refuses_a_post(org_client, match):
    league, _night = match
    assert org_client.post(reverse("league_print:standings", args=[league.pk])).status_code == 405


def test_a_team_matchs_paper_pack_says_the_pairs_move_by_its_schedule(org_client, club, organizer):
    league = make_league(club, organizer)
    teams = four_teams(league, organizer, players=4)
    night = night_with_pairs(
        league, organizer, day=10, kind="match", teams=teams[:2], pairs={teams[0]: 2, teams[1]: 2}
    )
    drive = play_by_strength(
        Drive.objects.get(pk=night.drive_id), organizer, [1, 2, 3, 4], games=1, finish=False
    )
    r = org_client.get(reverse("printing:pdf_paper_pack", args=[drive.pk]))
    text = " ".join(text_of(r).split())
    assert "The pairs move by the team match's schedule" in text
    assert "Winners move" not in text and "winners move" not in text
