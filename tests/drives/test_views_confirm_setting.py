"""The drive's confirmation setting says what each way of agreeing protects against (issue
24): one tap, honesty at the table like a signed paper card; a pair code, the card in the other
pair's hands. Pair codes are suggested for a prize night, plainly when the drive has prizes
in money.

drives/views/organizer.py (the drive page, its settings, a new drive),
templates/drives/_confirm_modes.html, drives/queries.py (confirm_setting, money_prizes).
"""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from drives import services
from prizes.services import money
from tests.builders import HTMX, NOW, make_drive, started_drive

pytestmark = pytest.mark.django_db

SETTING_WORDS = (
    "honesty at the table, like a signed paper card",
    "a second phone, or a private tab on the same phone, can agree to its own report",
    "Pair code: the card is in the other pair's hands.",
    "after 5 wrong codes the table asks the front table",
)
SUGGESTION = "For a prize night, pair codes are suggested."
MONEY = "This drive has prizes in money: pair codes are suggested."


def words(response) -> str:
    return html.unescape(response.content.decode())


def test_the_drive_page_says_what_each_way_of_agreeing_protects_against(
    club, organizer, org_client, scorer_client
):
    drive = started_drive(club, organizer, pairs=8)
    detail = reverse("drives:drive_detail", args=[drive.pk])
    page = words(org_client.get(detail))
    assert all(w in page for w in SETTING_WORDS)
    assert SUGGESTION in page and MONEY not in page
    partial = words(org_client.get(detail, **HTMX))
    assert "<html" not in partial and all(w in partial for w in SETTING_WORDS)
    scorer = words(scorer_client.get(detail))
    assert not any(w in scorer for w in SETTING_WORDS)  # the setting is the organizer's


def test_a_drive_with_prizes_in_money_is_told_pair_codes_are_the_suggestion(
    club, organizer, org_client
):
    drive = started_drive(club, organizer, pairs=8)
    detail = reverse("drives:drive_detail", args=[drive.pk])
    money.prize_settings_save(
        drive=drive, values={}, places={1: (None, "A ham")}, actor=organizer, now=NOW
    )
    assert MONEY not in words(org_client.get(detail))  # a ham is no money
    money.prize_settings_save(
        drive=drive, values={}, places={1: (5000, "")}, actor=organizer, now=NOW
    )
    page = words(org_client.get(detail))
    assert MONEY in page and SUGGESTION not in page
    services.drive_screens_set(drive=drive, actor=organizer, now=NOW, confirm_by_code=True)
    page = words(org_client.get(detail))
    assert MONEY not in page and SUGGESTION in page


@pytest.mark.parametrize(
    "values",
    [
        {"fifty_fifty": True},
        {"jar": True, "jar_price": 200},
        {"jackpot": True, "jackpot_cents": 10000},
        {"booby": True, "booby_cents": 500},
    ],
)
def test_every_prize_in_money_brings_the_suggestion(club, organizer, org_client, values):
    drive = make_drive(club, organizer)  # a cookie jar is set up before the start
    money.prize_settings_save(drive=drive, values=values, places={}, actor=organizer, now=NOW)
    assert MONEY in words(org_client.get(reverse("drives:drive_detail", args=[drive.pk])))


def test_the_drive_settings_and_a_new_drive_say_it_too(club, organizer, org_client):
    drive = started_drive(club, organizer, pairs=8)
    for address in (reverse("drives:drive_edit", args=[drive.pk]), reverse("drives:drive_create")):
        page = words(org_client.get(address))
        assert all(w in page for w in SETTING_WORDS) and SUGGESTION in page, address


def test_only_the_drives_club_reads_it_and_the_page_takes_no_post(
    club, organizer, org_client, other_club_client, anon_client
):
    drive = started_drive(club, organizer, pairs=8)
    detail = reverse("drives:drive_detail", args=[drive.pk])
    assert other_club_client.get(detail).status_code == 404
    assert anon_client.get(detail).status_code == 302
    assert org_client.post(detail).status_code == 405
    assert other_club_client.get(reverse("drives:drive_edit", args=[drive.pk])).status_code == 404


def test_the_setting_says_it_in_french(club, organizer, org_client):
    drive = started_drive(club, organizer, pairs=8)
    org_client.cookies["django_language"] = "fr"
    page = words(org_client.get(reverse("drives:drive_detail", args=[drive.pk])))
    assert "Code de paire : la carte est entre les mains de l'autre paire." in page
    assert "comme une carte papier signée" in page
    assert "Pour une soirée à prix, les codes de paire sont recommandés." in page
