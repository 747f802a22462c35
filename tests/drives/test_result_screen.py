"""The result screen with many tables: the bar's counts and strip of table numbers, a
counted result changed only on a second tap, "Finish the drive" asking first, what changed
said where the eye is, and phones named by their table (drives/views/night.py)."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse

from clubs.interface import Origin
from drives import services
from drives.models import Drive
from tests.builders import HTMX, NOW, play_game, started_drive
from tests.builders.tables import at_table, state, tap_url, winner

pytestmark = pytest.mark.django_db


@pytest.fixture
def hall(club, organizer):
    """60 pairs: 30 tables in game 1."""
    return started_drive(club, organizer, pairs=60, games=3, seed=7)


def report(drive, table, winner_number, device, minute):
    return services.table_report(
        drive=drive, game=drive.current_game, table=table, winner_number=winner_number,
        key=f"{device}-{table}-{winner_number}", device=device,
        now=NOW.replace(minute=minute),
        origin=Origin(source=f"table {table}: {device}", device="10.0.0.9 Mozilla/5.0"),
    )  # fmt: skip


def game_page(client, drive) -> str:
    return client.get(reverse("drives:game", args=[drive.pk, drive.current_game])).content.decode()


def test_the_bar_counts_tables_in_conflict_and_waiting(org_client, organizer, hall):
    for t in range(1, 15):
        org_client.post(tap_url(hall, t), {"winner": at_table(hall, t)[0]})
    a, b = at_table(hall, 15)
    report(hall, 15, a, "phone-one", 40)
    report(hall, 15, b, "phone-two", 41)  # another phone disagrees: conflict
    report(hall, 16, at_table(hall, 16)[0], "phone-three", 42)
    report(hall, 17, at_table(hall, 17)[0], "phone-four", 42)
    page = game_page(org_client, hall)
    text = " ".join(re.sub(r"<[^>]+>", " ", page).split())
    assert "14 of 30 tables in · 1 in conflict · 2 waiting for agreement" in text


def test_the_strip_jumps_to_each_table_and_shows_its_state(org_client, hall):
    org_client.post(tap_url(hall, 3), {"winner": at_table(hall, 3)[0]})
    report(hall, 9, at_table(hall, 9)[0], "phone-one", 40)
    page = game_page(org_client, hall)
    strip = re.search(r'<nav id="table-strip".*?</nav>', page, re.S).group(0)
    chips = re.findall(r'<a href="#table-(\d+)" class="chip (\w+)" title="([^"]+)"', strip)
    assert [int(n) for n, _, _ in chips] == list(range(1, 31))
    states = {int(n): (cls, title) for n, cls, title in chips}
    assert states[3] == ("confirmed", "Table 3: in")
    assert states[9] == ("reported", "Table 9: waiting for agreement")
    assert states[1] == ("pending", "Table 1: playing")
    for n in range(1, 31):
        assert f'id="table-{n}"' in page


def test_a_tap_under_htmx_updates_the_strip_and_says_what_changed(org_client, hall):
    a, _ = at_table(hall, 4)
    r = org_client.post(tap_url(hall, 4), {"winner": a}, **HTMX)
    page = r.content.decode()
    assert 'id="table-strip"' in page and 'href="#table-4" class="chip confirmed"' in page
    announce = re.search(r'<p id="announce"[^>]*>(.*?)</p>', page, re.S)
    assert 'role="status"' in announce.group(0) and 'hx-swap-oob="true"' in announce.group(0)
    assert announce.group(1) == f"Table 4: pair {a} won."


def test_a_stray_tap_on_the_other_pair_asks_first_without_javascript(org_client, hall):
    a, b = at_table(hall, 2)
    org_client.post(tap_url(hall, 2), {"winner": a})
    before = state(hall)
    r = org_client.post(tap_url(hall, 2), {"winner": b})
    assert r.status_code == 302 and state(hall) == before and winner(hall, 2) == a
    assert f"Yes: pair {b} won" in org_client.get(r.url).content.decode()
    r = org_client.post(tap_url(hall, 2), {"winner": b, "confirm": "yes"})
    assert r.status_code == 302 and r.url.endswith("#table-2") and winner(hall, 2) == b
    page = org_client.get(r.url).content.decode()
    said = f"Table 2 changed: pair {b} won (it was pair {a})."
    assert re.search(
        rf'<p id="announce" class="announce" role="status"[^>]*>{re.escape(said)}', page
    )


def test_a_table_in_conflict_is_settled_with_one_tap(org_client, hall):
    a, b = at_table(hall, 5)
    report(hall, 5, a, "phone-one", 40)
    report(hall, 5, b, "phone-two", 41)
    org_client.post(tap_url(hall, 5), {"winner": b})
    assert winner(hall, 5) == b


def test_phones_are_named_by_their_table_and_time(org_client, hall):
    a, b = at_table(hall, 7)
    report(hall, 7, a, "165682ab", 42)
    report(hall, 7, b, "99ffee00", 43)
    page = game_page(org_client, hall)
    local = dt.datetime(2026, 11, 29, 19, 42, tzinfo=dt.UTC)
    from django.utils import timezone

    hhmm = timezone.localtime(local).strftime("%H:%M")
    assert f"pair {a} won · a phone at table 7 (reported {hhmm})" in page
    assert "another phone at table 7 (reported" in page
    assert "table device" not in page and "165682" not in page


def test_the_audit_names_a_phone_by_its_table(org_client, hall):
    a, _ = at_table(hall, 7)
    report(hall, 7, a, "165682ab", 42)
    page = org_client.get(reverse("drives:audit", args=[hall.pk])).content.decode()
    assert "a phone at table 7 (reported " in page


def test_finish_the_drive_asks_first(org_client, club, organizer):
    drive = started_drive(club, organizer, pairs=4, games=1)
    play_game(drive, organizer)
    page = game_page(org_client, drive)
    finish = reverse("drives:drive_finish", args=[drive.pk])
    assert f'<a class="btn primary big" href="{finish}">Finish the drive</a>' in page
    before = state(drive)
    r = org_client.get(finish)
    assert r.status_code == 200 and state(drive) == before
    assert "Yes: finish the drive" in r.content.decode()
    r = org_client.post(finish, {"from_game": "1"})
    assert r.status_code == 302 and Drive.objects.get(pk=drive.pk).is_finished
