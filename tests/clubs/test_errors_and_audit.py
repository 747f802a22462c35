"""Refusals in the hall's words (styled 404 and 403 pages with a way back) and an audit
trail that fits a tablet: filtered by game, table and pair, 50 entries a page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.models import AuditEntry
from drives import services
from tests.builders import NOW, make_drive, make_user, play_game, started_drive

# --- Styled error pages ---------------------------------------------------------


def test_an_unknown_table_card_says_it_is_out_of_date(anon_client):
    r = anon_client.get("/t/no-such-token-0000000000/")
    assert r.status_code == 404
    page = r.content.decode()
    assert "This table card is out of date" in page
    assert "Ask the front table for the new card" in page
    assert 'href="/static/css/site.css"' in page or "site.css" in page
    assert "Log in" not in page  # a player's phone: no account to log in with


def test_an_organizer_404_says_so_in_plain_words_with_a_way_back(org_client):
    r = org_client.get(reverse("drives:drive_detail", args=[99999]))
    assert r.status_code == 404
    page = r.content.decode()
    assert "That is not in your club&#x27;s drives." in page
    assert f'href="{reverse("drives:drive_list")}"' in page
    assert "Back to the drives" in page


def test_a_logged_out_404_offers_the_login(client, db):
    r = client.get("/no/such/page/")
    assert r.status_code == 404
    assert "Log in" in r.content.decode()


def test_a_scorer_refused_an_organizer_page_gets_a_styled_403(scorer_client, club, organizer):
    drive = make_drive(club, organizer)
    r = scorer_client.get(reverse("drives:drive_edit", args=[drive.pk]))
    assert r.status_code == 403
    page = r.content.decode()
    assert "Only an organizer can do this" in page
    assert "Back to the drives" in page


def test_an_htmx_404_is_a_message_in_the_flash_region(org_client):
    r = org_client.get(reverse("drives:drive_detail", args=[99999]), HTTP_HX_REQUEST="true")
    assert r.status_code == 404
    assert "That is not in your club" in r.content.decode()
    assert "<html" not in r.content.decode()


# --- The audit trail --------------------------------------------------------------


@pytest.fixture
def night(club, organizer):
    drive = started_drive(club, organizer, pairs=8)
    play_game(drive, organizer)
    services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW)
    play_game(drive, organizer, pick=1)
    return drive


def audit(client, drive, **query):
    return client.get(reverse("drives:audit", args=[drive.pk]), query)


def test_the_audit_filters_by_game(org_client, night):
    page = audit(org_client, night, game=2).content.decode()
    expected = AuditEntry.objects.filter(drive=night, new__game=2).count()
    assert expected > 0
    assert f"{expected} entries" in page
    assert "Game 2, table" in page
    assert "Game 1, table" not in page


def test_the_audit_filters_by_table_and_pair(org_client, night):
    tg = night.table_games.get(game=2, table=1)
    winner = tg.winner.number
    page = audit(org_client, night, table=1).content.decode()
    assert "table 1:" in page and "table 2:" not in page
    page = audit(org_client, night, pair=winner, game=2).content.decode()
    assert f"pair {winner} won" in page
    assert page.count("<tr>") - 1 == 1  # one result of that pair in game 2 (minus the header)


def test_the_audit_pages_by_50(org_client, club, organizer):
    drive = make_drive(club, organizer)
    for i in range(1, 61):
        services.pair_add(drive=drive, actor=organizer, now=NOW, player1=f"A{i}", player2=f"B{i}")
    first = audit(org_client, drive).content.decode()
    assert "61 entries" in first and "page 1 of 2" in first
    assert "Older" in first and "Newer" not in first
    second = audit(org_client, drive, page=2).content.decode()
    assert "page 2 of 2" in second and "Newer" in second
    assert second.count("Pair 1 added") == 1  # the oldest pair is on the last page


@pytest.mark.parametrize("bad", ["x", "٣", "9" * 40, "-2", ""])
def test_a_bad_filter_shows_everything_instead_of_failing(org_client, night, bad):
    r = audit(org_client, night, game=bad, table=bad, pair=bad, page=bad)
    assert r.status_code == 200
    assert f"{AuditEntry.objects.filter(drive=night).count()} entries" in r.content.decode()


def test_the_audit_keeps_the_details_folded_and_no_device_strings(org_client, night):
    AuditEntry.objects.filter(drive=night).update(device="Mozilla/5.0 (Linux; Android 14) Chrome")
    page = audit(org_client, night).content.decode()
    assert "<details>" in page
    assert "Mozilla/5.0" not in page


def test_the_audit_is_for_the_club_and_answers_htmx(org_client, other_club_client, night, club):
    assert other_club_client.get(reverse("drives:audit", args=[night.pk])).status_code == 404
    url = reverse("drives:audit", args=[night.pk])
    r = org_client.get(url, {"game": 1}, HTTP_HX_REQUEST="true")
    assert r.status_code == 200
    assert "<html" not in r.content.decode()
    assert 'id="audit-filters"' in r.content.decode()
    assert org_client.post(reverse("drives:audit", args=[night.pk])).status_code == 405
    scorer = make_user(club, username="scorer3", role="scorer")
    org_client.force_login(scorer)
    assert org_client.get(url).status_code == 403  # the audit is the organizer's


@pytest.mark.django_db
def test_an_audit_entry_of_a_drive_not_yet_saved_is_refused_and_nothing_written(club):
    from clubs.interface import FRONT, record_audit
    from drives.models import Drive

    unsaved = Drive(club=club, name="Not saved", date=NOW.date())
    with pytest.raises(ValueError, match="save the drive"):
        record_audit(
            club=club, drive=unsaved, actor=None, now=NOW, action="x", summary="x", origin=FRONT
        )
    assert not AuditEntry.objects.exists()
