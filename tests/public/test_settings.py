"""The organizer's "Public page" screen: the page on at its address, the players'
histories, and one button a drive, series and league; a scorer is refused, another
club's things are not found, a wrong method is a 405, bad input a 4xx that writes
nothing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.models import AuditEntry
from public.models import PublicDrive, PublicLeague, PublicPage, PublicSeries
from tests.builders import HTMX, make_drive
from tests.builders.leagues import make_league
from tests.builders.public import public_page, show
from tests.builders.series import make_series

pytestmark = pytest.mark.django_db

SETTINGS = reverse("public:settings")


def test_the_screen_lists_the_clubs_drives_series_and_leagues_all_off(org_client, club, organizer):
    make_drive(club, organizer, name="Friday 45s")
    make_series(club, organizer, name="Fall 45s 2026")
    make_league(club, organizer, name="Merrimack Valley 45s")
    r = org_client.get(SETTINGS)
    assert r.status_code == 200
    html = r.content.decode()
    assert 'value="st-josephs-parish-hall"' in html  # an address suggested from the name
    assert 'id="public-on"' in html and 'id="public-on" name="on" value="1" checked' not in html
    for name in ("Friday 45s", "Fall 45s 2026", "Merrimack Valley 45s"):
        assert name in html
    assert html.count("Show on the public page") == 3
    assert "Take off the public page" not in html


def test_the_organizer_turns_the_page_on(org_client, club):
    r = org_client.post(SETTINGS, {"slug": "st-josephs", "on": "1", "histories": "1"})
    assert r.status_code == 302 and r["Location"] == SETTINGS
    page = PublicPage.objects.get(club=club)
    assert (page.slug, page.on, page.histories) == ("st-josephs", True, True)
    entry = AuditEntry.objects.get(action="public_page_set")
    assert entry.source == "front: public page"
    html = org_client.get(SETTINGS).content.decode()
    assert "Saved. The public page is on." in html
    assert f'href="{reverse("public:club", args=["st-josephs"])}"' in html


def test_the_form_answers_htmx_with_the_screen_and_its_message(org_client, club):
    r = org_client.post(SETTINGS, {"slug": "st-josephs"}, **HTMX)
    assert r.status_code == 200
    html = r.content.decode()
    assert 'id="public-settings"' in html and "<html" not in html
    assert "Saved. The public page is off." in html
    assert not PublicPage.objects.get(club=club).on


def test_a_bad_address_is_a_400_that_says_why_and_writes_nothing(org_client, club):
    r = org_client.post(SETTINGS, {"slug": "St Joseph's!", "on": "1"})
    assert r.status_code == 400
    html = r.content.decode()
    assert "small letters, digits and dashes" in html
    assert 'value="St Joseph&#x27;s!"' in html  # what was typed, to correct
    assert not PublicPage.objects.exists() and not AuditEntry.objects.exists()


def test_an_address_taken_by_another_club_is_a_409(org_client, other_club_client, club):
    assert other_club_client.post(SETTINGS, {"slug": "st-josephs", "on": "1"}).status_code == 302
    r = org_client.post(SETTINGS, {"slug": "st-josephs", "on": "1"})
    assert r.status_code == 409
    assert "Another club already has the address st-josephs" in r.content.decode()
    assert not PublicPage.objects.filter(club=club).exists()


def test_the_screen_and_its_buttons_are_the_organizers(scorer_client, club, organizer):
    drive = make_drive(club, organizer)
    assert scorer_client.get(SETTINGS).status_code == 403
    assert scorer_client.post(SETTINGS, {"slug": "st-josephs", "on": "1"}).status_code == 403
    url = reverse("public:drive_show", args=[drive.pk])
    assert scorer_client.post(url, {"shown": "1"}).status_code == 403
    assert not PublicPage.objects.exists() and not PublicDrive.objects.exists()


def test_anonymous_is_sent_to_log_in(client, club, organizer):
    drive = make_drive(club, organizer)
    for url in (SETTINGS, reverse("public:drive_show", args=[drive.pk])):
        r = client.post(url, {"shown": "1", "slug": "st-josephs"})
        assert r.status_code == 302 and r["Location"].startswith(reverse("login"))
    assert not PublicPage.objects.exists() and not PublicDrive.objects.exists()


def test_another_clubs_drive_series_and_league_are_not_found(other_club_client, club, organizer):
    drive = make_drive(club, organizer)
    series = make_series(club, organizer)
    league = make_league(club, organizer)
    for name, thing in (
        ("public:drive_show", drive),
        ("public:series_show", series),
        ("public:league_show", league),
    ):
        url = reverse(name, args=[thing.pk])
        assert other_club_client.post(url, {"shown": "1"}).status_code == 404, name
        assert other_club_client.post(url, {"shown": "1"}, **HTMX).status_code == 404, name
    assert not PublicDrive.objects.exists() and not PublicSeries.objects.exists()
    assert (
        not PublicLeague.objects.exists()
        and not AuditEntry.objects.filter(action__startswith="public_").exists()
    )
    # Another club's organizer on the screen sees their own club, none of this one's.
    html = other_club_client.get(SETTINGS).content.decode()
    assert "Friday 45s" not in html and "legion-branch-12" in html


def test_a_drive_is_shown_then_taken_off(org_client, club, organizer):
    drive = make_drive(club, organizer, name="Friday 45s")
    url = reverse("public:drive_show", args=[drive.pk])
    r = org_client.post(url, {"shown": "1"})
    assert r.status_code == 302 and r["Location"] == SETTINGS
    assert PublicDrive.objects.filter(drive=drive).exists()
    html = org_client.get(SETTINGS).content.decode()
    assert "Shown on the public page." in html and "Take off the public page" in html
    assert org_client.post(url, {"shown": "0"}).status_code == 302
    assert not PublicDrive.objects.exists()


def test_a_button_answers_htmx_with_the_screen(org_client, club, organizer):
    series = make_series(club, organizer)
    league = make_league(club, organizer)
    r = org_client.post(reverse("public:series_show", args=[series.pk]), {"shown": "1"}, **HTMX)
    assert r.status_code == 200 and 'id="public-settings"' in r.content.decode()
    r = org_client.post(reverse("public:league_show", args=[league.pk]), {"shown": "1"}, **HTMX)
    assert r.status_code == 200 and "Shown on the public page." in r.content.decode()
    assert PublicSeries.objects.filter(series=series).exists()
    assert PublicLeague.objects.filter(league=league).exists()


def test_a_button_without_its_choice_is_a_400_that_writes_nothing(org_client, club, organizer):
    drive = make_drive(club, organizer)
    r = org_client.post(reverse("public:drive_show", args=[drive.pk]), {"shown": "yes"})
    assert r.status_code == 400
    assert "Choose to show it or to take it off." in r.content.decode()
    assert not PublicDrive.objects.exists()


def test_the_buttons_take_no_get(org_client, club, organizer):
    drive = make_drive(club, organizer)
    series = make_series(club, organizer)
    league = make_league(club, organizer)
    for url in (
        reverse("public:drive_show", args=[drive.pk]),
        reverse("public:series_show", args=[series.pk]),
        reverse("public:league_show", args=[league.pk]),
    ):
        assert org_client.get(url).status_code == 405
    assert org_client.put(SETTINGS).status_code == 405


def test_what_is_shown_is_marked_on_the_screen(org_client, club, organizer):
    public_page(club, organizer)
    show(make_drive(club, organizer, name="Shown night"), organizer)
    make_drive(club, organizer, name="Hidden night")
    html = org_client.get(SETTINGS).content.decode()
    shown_part = html.split("Shown night")[1].split("</li>")[0]
    hidden_part = html.split("Hidden night")[1].split("</li>")[0]
    assert "Take off the public page" in shown_part
    assert "Show on the public page" in hidden_part
    assert 'id="public-on" name="on" value="1" checked' in html


def test_the_clubs_people_page_leads_to_the_screen(org_client):
    html = org_client.get(reverse("club:people")).content.decode()
    assert 'id="club-public-page"' in html and f'href="{SETTINGS}"' in html
