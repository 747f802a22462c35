"""Drive screens (drives/views.py): the club's list, a new drive, its page, its settings."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.models import AuditEntry
from drives.models import Drive
from tests.builders import HTMX, make_club, make_drive, make_user, row_counts, started_drive

pytestmark = pytest.mark.django_db


NEW_DRIVE = {
    "name": "Christmas drive",
    "date": "2026-12-18",
    "venue": "Legion",
    "games": "20",
    "game": "forty_fives",
    "prize_places": "3",
    "sitout_wins": "on",
}


def goes_to_login(response) -> bool:
    return response.status_code == 302 and response.url.startswith(reverse("login"))


@pytest.fixture
def drive(club, organizer):
    return make_drive(club, organizer, name="Friday 45s", games=25)


def settings_of(drive):
    drive.refresh_from_db()
    return {k: getattr(drive, k) for k in ("name", "venue", "games", "prize_places")}


# --- The club's drives ------------------------------------------------------


def test_drive_list_shows_the_clubs_drives(org_client, drive, organizer):
    other = make_club("Legion Branch 12")
    make_drive(other, make_user(other, "legion"), name="Legion Saturday")
    r = org_client.get(reverse("drives:drive_list"))
    assert r.status_code == 200
    page = r.content.decode()
    assert "Friday 45s" in page
    assert "Legion Saturday" not in page
    assert reverse("drives:drive_create") in page


def test_drive_list_refuses_post(org_client, drive):
    assert org_client.post(reverse("drives:drive_list")).status_code == 405


def test_drive_list_sends_a_stranger_to_log_in(anon_client, drive):
    assert goes_to_login(anon_client.get(reverse("drives:drive_list")))


def test_drive_list_of_another_club_does_not_show_our_drives(other_club_client, drive):
    r = other_club_client.get(reverse("drives:drive_list"))
    assert r.status_code == 200
    assert "Friday 45s" not in r.content.decode()


def test_drive_list_for_a_scorer_has_no_new_drive_button(scorer_client, drive):
    r = scorer_client.get(reverse("drives:drive_list"))
    assert r.status_code == 200
    assert "Friday 45s" in r.content.decode()
    assert reverse("drives:drive_create") not in r.content.decode()


def test_drive_list_under_htmx_is_only_the_content(org_client, drive):
    r = org_client.get(reverse("drives:drive_list"), **HTMX)
    assert r.status_code == 200
    assert "<html" not in r.content.decode()
    assert "Friday 45s" in r.content.decode()


def test_an_account_without_a_club_is_refused(client, db):
    from django.contrib.auth import get_user_model

    client.force_login(get_user_model().objects.create_user("drifter", password="x"))
    assert client.get(reverse("drives:drive_list")).status_code == 403


# --- A new drive ------------------------------------------------------------


def test_drive_create_form_shows(org_client):
    r = org_client.get(reverse("drives:drive_create"))
    assert r.status_code == 200
    assert "New drive" in r.content.decode()


def test_drive_create_saves_the_drive_and_goes_to_the_pairs(org_client, club, organizer):
    r = org_client.post(reverse("drives:drive_create"), NEW_DRIVE)
    drive = Drive.objects.get()
    assert r.status_code == 302
    assert r.url == reverse("drives:pairs", args=[drive.pk])
    assert (drive.club, drive.name, drive.games, drive.venue) == (
        club,
        "Christmas drive",
        20,
        "Legion",
    )
    entry = AuditEntry.objects.get(drive=drive)
    assert (entry.action, entry.actor, entry.source) == (
        "drive_create",
        organizer,
        "front: new drive",
    )


def test_drive_create_refuses_other_methods(org_client):
    assert org_client.put(reverse("drives:drive_create")).status_code == 405
    assert not Drive.objects.exists()


def test_drive_create_sends_a_stranger_to_log_in_and_saves_nothing(anon_client):
    assert goes_to_login(anon_client.get(reverse("drives:drive_create")))
    assert goes_to_login(anon_client.post(reverse("drives:drive_create"), NEW_DRIVE))
    assert not Drive.objects.exists()


def test_drive_create_by_another_club_is_saved_in_their_club(other_club_client, club):
    other_club_client.post(reverse("drives:drive_create"), NEW_DRIVE)
    drive = Drive.objects.get()
    assert drive.club != club
    assert drive.club.name == "Legion Branch 12"


def test_drive_create_is_refused_to_a_scorer(scorer_client):
    assert scorer_client.get(reverse("drives:drive_create")).status_code == 403
    assert scorer_client.post(reverse("drives:drive_create"), NEW_DRIVE).status_code == 403
    assert not Drive.objects.exists()


def test_drive_create_under_htmx_is_only_the_content(org_client):
    r = org_client.get(reverse("drives:drive_create"), **HTMX)
    assert r.status_code == 200
    assert "<html" not in r.content.decode()
    assert "Create drive" in r.content.decode()


@pytest.mark.parametrize(
    "field,value,message",
    [
        ("games", "61", "less than or equal to 60"),
        ("games", "0", "greater than or equal to 1"),
        ("games", "many", "Enter a whole number"),
        ("name", "", "This field is required"),
        ("name", "N" * 121, "at most 120 characters"),
        ("date", "29/02/2026", "Enter a valid date"),
    ],
)
def test_drive_create_with_bad_values_shows_the_form_again(org_client, field, value, message):
    r = org_client.post(reverse("drives:drive_create"), {**NEW_DRIVE, field: value})
    assert r.status_code == 400
    assert message in r.content.decode()
    assert row_counts()["Drive"] == 0
    assert not AuditEntry.objects.exists()


def test_drive_create_with_nothing_posted_says_what_is_missing(org_client):
    r = org_client.post(reverse("drives:drive_create"))
    assert r.status_code == 400
    assert "This field is required" in r.content.decode()
    assert not Drive.objects.exists()


def test_drive_create_with_bad_values_under_htmx_is_a_400_partial(org_client):
    r = org_client.post(reverse("drives:drive_create"), {**NEW_DRIVE, "games": "61"}, **HTMX)
    assert r.status_code == 400
    assert "<html" not in r.content.decode()
    assert "less than or equal to 60" in r.content.decode()


# --- The drive's page -------------------------------------------------------


def test_drive_detail_before_the_start_offers_pairs_and_start(org_client, drive):
    r = org_client.get(reverse("drives:drive_detail", args=[drive.pk]))
    assert r.status_code == 200
    page = r.content.decode()
    assert "0 pairs registered." in page
    assert reverse("drives:drive_start", args=[drive.pk]) in page


def test_drive_detail_during_the_night_shows_the_game_and_the_count(org_client, club, organizer):
    drive = started_drive(club, organizer, pairs=9, games=25, seed=42)
    page = org_client.get(reverse("drives:drive_detail", args=[drive.pk])).content.decode()
    # The sit-out table counts as in from the start.
    assert "Game 1 of 25 · 1 of 5 tables in" in page
    assert "seed 42" in page


def test_drive_detail_refuses_post(org_client, drive):
    assert org_client.post(reverse("drives:drive_detail", args=[drive.pk])).status_code == 405


def test_drive_detail_sends_a_stranger_to_log_in(anon_client, drive):
    assert goes_to_login(anon_client.get(reverse("drives:drive_detail", args=[drive.pk])))


def test_drive_detail_is_not_found_for_another_club(other_club_client, drive):
    assert other_club_client.get(reverse("drives:drive_detail", args=[drive.pk])).status_code == 404


@pytest.mark.parametrize("drive_id", [999999, 2**63 - 1])
def test_drive_detail_of_a_drive_that_does_not_exist_is_not_found(org_client, drive, drive_id):
    assert org_client.get(reverse("drives:drive_detail", args=[drive_id])).status_code == 404


def test_drive_detail_of_a_number_past_any_row_is_a_bad_request_with_a_message(org_client, drive):
    r = org_client.get(reverse("drives:drive_detail", args=[2**63 + 5]))
    assert r.status_code == 400
    assert "so large a number" in r.content.decode()


def test_drive_detail_is_open_to_a_scorer(scorer_client, drive):
    r = scorer_client.get(reverse("drives:drive_detail", args=[drive.pk]))
    assert r.status_code == 200
    assert "Friday 45s" in r.content.decode()


def test_drive_detail_under_htmx_is_only_the_content(org_client, drive):
    r = org_client.get(reverse("drives:drive_detail", args=[drive.pk]), **HTMX)
    assert r.status_code == 200
    assert "<html" not in r.content.decode()
    assert "Friday 45s" in r.content.decode()


# --- Settings ---------------------------------------------------------------


def edit(drive, **changes):
    return {**NEW_DRIVE, "name": drive.name, "date": "2026-11-29", **changes}


def test_drive_edit_shows_the_current_settings(org_client, drive):
    r = org_client.get(reverse("drives:drive_edit", args=[drive.pk]))
    assert r.status_code == 200
    assert 'value="Friday 45s"' in r.content.decode()


def test_drive_edit_saves_and_audits_old_and_new(org_client, drive):
    url = reverse("drives:drive_edit", args=[drive.pk])
    r = org_client.post(url, edit(drive, games="20", venue="Legion"))
    assert r.status_code == 302
    assert r.url == reverse("drives:drive_detail", args=[drive.pk])
    assert settings_of(drive)["games"] == 20
    entry = AuditEntry.objects.get(drive=drive, action="drive_update")
    assert (entry.old["games"], entry.new["games"]) == (25, 20)
    assert (entry.old["venue"], entry.new["venue"]) == ("Parish hall", "Legion")


def test_drive_edit_refuses_other_methods(org_client, drive):
    assert org_client.delete(reverse("drives:drive_edit", args=[drive.pk])).status_code == 405
    assert Drive.objects.filter(pk=drive.pk).exists()


def test_drive_edit_sends_a_stranger_to_log_in_and_saves_nothing(anon_client, drive):
    url = reverse("drives:drive_edit", args=[drive.pk])
    before = settings_of(drive)
    assert goes_to_login(anon_client.get(url))
    assert goes_to_login(anon_client.post(url, edit(drive, games="5")))
    assert settings_of(drive) == before


def test_drive_edit_is_not_found_for_another_club(other_club_client, drive):
    url = reverse("drives:drive_edit", args=[drive.pk])
    before, rows = settings_of(drive), row_counts()
    assert other_club_client.get(url).status_code == 404
    assert other_club_client.post(url, edit(drive, games="5")).status_code == 404
    assert settings_of(drive) == before
    assert row_counts() == rows


def test_drive_edit_is_refused_to_a_scorer(scorer_client, drive):
    url = reverse("drives:drive_edit", args=[drive.pk])
    before, rows = settings_of(drive), row_counts()
    assert scorer_client.get(url).status_code == 403
    assert scorer_client.post(url, edit(drive, games="5")).status_code == 403
    assert settings_of(drive) == before
    assert row_counts() == rows


def test_drive_edit_under_htmx_is_only_the_content(org_client, drive):
    r = org_client.get(reverse("drives:drive_edit", args=[drive.pk]), **HTMX)
    assert r.status_code == 200
    assert "<html" not in r.content.decode()
    assert "Drive settings" in r.content.decode()


def test_drive_edit_with_a_bad_value_shows_the_form_again(org_client, drive):
    url = reverse("drives:drive_edit", args=[drive.pk])
    before, rows = settings_of(drive), row_counts()
    r = org_client.post(url, edit(drive, games="61", venue="Legion"))
    assert r.status_code == 400
    assert "less than or equal to 60" in r.content.decode()
    assert settings_of(drive) == before
    assert row_counts() == rows


def test_drive_edit_with_nothing_posted_says_what_is_missing(org_client, drive):
    before, rows = settings_of(drive), row_counts()
    r = org_client.post(reverse("drives:drive_edit", args=[drive.pk]))
    assert r.status_code == 400
    assert "This field is required" in r.content.decode()
    assert (settings_of(drive), row_counts()) == (before, rows)


def test_drive_edit_after_the_start_shows_the_settings_read_only(org_client, club, organizer):
    drive = started_drive(club, organizer, pairs=4, games=25)
    r = org_client.get(reverse("drives:drive_edit", args=[drive.pk]))
    assert r.status_code == 200
    assert "its settings can no longer change" in r.content.decode()
    assert "Save settings" not in r.content.decode()


def test_drive_edit_after_the_start_is_refused(org_client, club, organizer):
    drive = started_drive(club, organizer, pairs=4, games=25)
    url = reverse("drives:drive_edit", args=[drive.pk])
    before, rows = settings_of(drive), row_counts()
    r = org_client.post(url, edit(drive, games="5"))
    assert r.status_code == 409
    assert "its settings can no longer change" in r.content.decode()
    r = org_client.post(url, edit(drive, games="5"), **HTMX)
    assert r.status_code == 409
    assert r["HX-Retarget"] == "#flash"
    assert "its settings can no longer change" in r.content.decode()
    assert settings_of(drive) == before
    assert row_counts() == rows
