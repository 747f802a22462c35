"""Prize settings: the entry fee, what each place wins, side prizes, the club's cash unit."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from clubs.models import AuditEntry
from drives.models import PlacePrize, PrizeSettings
from prizes.forms import parse_cents
from prizes.services import money
from prizes.services.common import DriveError, prize_settings
from tests.builders import NOW, add_pairs, make_drive, row_counts, started_drive

DEFAULTS = {
    "entry_fee": 1000,
    "ace_low": True,
    "booby": True,
    "booby_cents": None,
    "booby_item": "a box of chocolates",
    "booby_excludes_late_or_early": True,
    "jar": True,
    "jar_games": 8,
    "jar_price": 200,
    "jackpot": False,
    "jackpot_threshold": 20,
    "jackpot_cents": 0,
    "fifty_fifty": False,
    "travelling": False,
    "travelling_item": "",
    "door_prizes": 0,
}


@pytest.fixture
def drive(club, organizer):
    d = make_drive(club, organizer)
    add_pairs(d, organizer, 4)
    return d


def save(drive, actor, places=None, **changes):
    return money.prize_settings_save(
        drive=drive,
        values={**DEFAULTS, **changes},
        places=places if places is not None else {1: (5000, ""), 2: (None, "a turkey")},
        actor=actor,
        now=NOW,
    )


@pytest.mark.parametrize(
    "text,cents",
    [("12", 1200), ("12.5", 1250), ("12.50", 1250), ("$12.05", 1205), ("12,50", 1250), ("0", 0)],
)
def test_amounts_typed_by_a_person_become_cents(text, cents):
    assert parse_cents(text) == cents


@pytest.mark.parametrize("text", ["-5", "12.505", "twelve", "1e3", "", "9999999"])
def test_bad_amounts_are_refused_plainly(text):
    with pytest.raises(ValidationError):
        parse_cents(text)


def test_unsaved_settings_are_the_defaults(drive):
    s = prize_settings(drive)
    assert s.pk is None and s.booby and not s.jar and s.jar_games == 8 and s.ace_low


def test_saving_stores_settings_and_place_prizes_with_one_audit_entry(drive, organizer):
    save(drive, organizer)
    s = PrizeSettings.objects.get(drive=drive)
    assert (s.entry_fee, s.jar, s.jar_price, s.booby_item) == (
        1000,
        True,
        200,
        "a box of chocolates",
    )
    prizes = list(PlacePrize.objects.filter(drive=drive).values_list("place", "cents", "item"))
    assert prizes == [(1, 5000, ""), (2, None, "a turkey")]
    [entry] = AuditEntry.objects.filter(drive=drive, action="prize_settings")
    assert entry.old["settings"]["entry_fee"] == 0 and entry.new["settings"]["entry_fee"] == 1000
    assert entry.new["places"][1] == {"place": 2, "cents": None, "item": "a turkey"}


@pytest.mark.parametrize(
    "places,changes,message",
    [
        ({1: (5000, "a turkey")}, {}, "either an amount of money or an item"),
        ({4: (100, "")}, {}, "3 prize places"),
        ({}, {"booby_cents": 500}, "booby prize is either"),
    ],
)
def test_refused_settings_write_nothing(drive, organizer, places, changes, message):
    before = row_counts()
    with pytest.raises(DriveError, match=message):
        save(drive, organizer, places=places, **changes)
    assert row_counts() == before
    assert not PrizeSettings.objects.filter(drive=drive).exists()


def test_the_jar_settings_are_fixed_once_the_drive_has_started(club, organizer):
    d = started_drive(club, organizer, pairs=4)
    with pytest.raises(DriveError, match="cookie jar's settings"):
        save(d, organizer, jar_price=500)
    assert not PrizeSettings.objects.filter(drive=d).exists()
    d2 = started_drive(club, organizer, pairs=4)
    save(d2, organizer, jar=False, jar_price=0, entry_fee=700)  # the jar as it was: allowed
    assert PrizeSettings.objects.get(drive=d2).entry_fee == 700


def test_the_club_cash_unit(club, organizer):
    money.club_cash_unit_set(club=club, cents=1, actor=organizer, now=NOW)
    club.refresh_from_db()
    assert club.cash_unit == 1
    assert AuditEntry.objects.filter(club=club, action="club_cash_unit").count() == 1
    with pytest.raises(DriveError, match="1, 5, 10 or 25"):
        money.club_cash_unit_set(club=club, cents=3, actor=organizer, now=NOW)
    club.refresh_from_db()
    assert club.cash_unit == 1


# --- the settings screen ---------------------------------------------------------------


def form_data(**changes):
    data = {
        "form": "settings",
        "entry_fee": "10.00",
        "booby": "on",
        "booby_item": "chocolates",
        "booby_excludes_late_or_early": "on",
        "ace_low": "on",
        "jar_games": "8",
        "place_1_cents": "50",
        "place_2_item": "a turkey",
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def url(drive):
    return reverse("prizes:prize_settings", args=[drive.pk])


def test_the_settings_screen_saves(org_client, drive):
    assert org_client.get(url(drive)).status_code == 200
    r = org_client.post(url(drive), form_data())
    assert r.status_code == 302
    assert PrizeSettings.objects.get(drive=drive).entry_fee == 1000
    assert PlacePrize.objects.get(drive=drive, place=1).cents == 5000
    page = org_client.get(url(drive)).content.decode()
    assert 'value="10.00"' in page and 'value="a turkey"' in page


def test_the_settings_screen_shows_bad_input_and_saves_nothing(org_client, drive):
    r = org_client.post(url(drive), form_data(entry_fee="ten", place_1_item="a ham"))
    assert r.status_code == 400
    page = r.content.decode()
    assert "Write an amount like 12 or 12.50." in page and "Money or an item, not both." in page
    assert not PrizeSettings.objects.filter(drive=drive).exists()


def test_the_cash_unit_form(org_client, drive, club):
    r = org_client.post(url(drive), {"form": "cash_unit", "cash_unit": "1"})
    assert r.status_code == 302
    club.refresh_from_db()
    assert club.cash_unit == 1
    r = org_client.post(url(drive), {"form": "cash_unit", "cash_unit": "3"})
    assert r.status_code == 400
    club.refresh_from_db()
    assert club.cash_unit == 1


def test_the_settings_screen_is_for_the_clubs_organizers(
    client, other_club_client, scorer_client, drive
):
    assert other_club_client.get(url(drive)).status_code == 404
    assert other_club_client.post(url(drive), form_data()).status_code == 404
    assert scorer_client.get(url(drive)).status_code == 403
    r = client.get(url(drive))
    assert r.status_code == 302 and "/accounts/login/" in r["Location"]
    assert not PrizeSettings.objects.filter(drive=drive).exists()


def test_the_settings_screen_wrong_method_and_htmx(org_client, drive):
    assert org_client.put(url(drive)).status_code == 405
    r = org_client.get(url(drive), HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and "<html" not in r.content.decode()
