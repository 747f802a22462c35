"""A hall's laptop publishes to a live association's server, over HTTP: the laptop's club
and the server's club in one test database, the server's organizer's key on the laptop.
The night is corrected on the laptop and published again: the server has one night, with
the correction and its audit trail."""

from __future__ import annotations

import pytest
from django.test import Client

from clubs.models import AuditEntry
from drives.models import Drive, TableGame
from exchange.models import PublishedNight, PublishState
from tests.builders import HTMX
from tests.builders.api import key_for
from tests.builders.publishing import correct_first_table, laptop_night, server_club


@pytest.mark.django_db(transaction=True)
def test_a_laptop_publishes_a_night_corrects_it_and_publishes_again(live_server, settings):
    settings.INSTALL_ID = "0123456789abcdef0123456789abcdef"
    laptop_club, laptop_organizer, drive = laptop_night()
    server, server_organizer = server_club()
    key = key_for(server_organizer, name="Glace Bay hall laptop")
    laptop = Client()
    laptop.force_login(laptop_organizer)

    saved = laptop.post("/club/publishing/", {"server": live_server.url, "key": key})
    assert saved.status_code == 200
    first = laptop.post(f"/drives/{drive.pk}/publish/", **HTMX)

    assert first.status_code == 200
    assert "Published at" in first.content.decode(), first.content.decode()
    night = PublishedNight.objects.get()
    assert night.club == server and night.source == f"{settings.INSTALL_ID}-{drive.pk}"
    first_copy = night.drive_id
    assert Drive.objects.get(pk=first_copy).club == server

    # Sent again unchanged: one night, nothing new.
    laptop.post(f"/drives/{drive.pk}/publish/", **HTMX)
    assert PublishedNight.objects.get().drive_id == first_copy

    winner = correct_first_table(drive, laptop_organizer)
    again = laptop.post(f"/drives/{drive.pk}/publish/", **HTMX)

    assert "Published at" in again.content.decode()
    night = PublishedNight.objects.get()
    assert night.times_replaced == 1
    assert Drive.objects.filter(club=server).count() == 1
    copy = night.drive
    assert copy.pk != first_copy and not Drive.objects.filter(pk=first_copy).exists()
    tg = TableGame.objects.select_related("winner").get(drive=copy, game=1, table=1)
    assert tg.winner.number == winner
    actions = set(AuditEntry.objects.filter(drive=copy).values_list("action", flat=True))
    assert {"result_correct", "night_published", "night_replaced"} <= actions
    state = PublishState.objects.get(drive=drive)
    assert state.revision == night.revision and not state.error
    # On the server, the night is read, never changed.
    server_screen = Client()
    server_screen.force_login(server_organizer)
    assert server_screen.get(f"/drives/{copy.pk}/").status_code == 200
    assert server_screen.post(f"/drives/{copy.pk}/screens/", {}).status_code == 409


@pytest.mark.django_db(transaction=True)
def test_a_revoked_key_is_shown_on_the_laptop_and_nothing_is_published(live_server):
    from accounts.services import tokens as api_tokens
    from tests.builders import NOW

    _, laptop_organizer, drive = laptop_night(games_played=1)
    _, server_organizer = server_club()
    made = api_tokens.token_create(actor=server_organizer, name="Laptop", now=NOW)
    api_tokens.token_revoke(token=made.token, actor=server_organizer, now=NOW)
    laptop = Client()
    laptop.force_login(laptop_organizer)
    laptop.post("/club/publishing/", {"server": live_server.url, "key": made.key})

    page = laptop.post(f"/drives/{drive.pk}/publish/", **HTMX).content.decode()

    assert "refused the club" in page and "revoked" in page
    assert not PublishedNight.objects.exists()


def _on_postgresql() -> bool:
    from django.db import connection

    return connection.vendor == "postgresql"


@pytest.mark.django_db(transaction=True)
def test_the_same_night_sent_three_times_at_once_is_one_night(live_server):
    """Three laptops' worth of retries released together (PostgreSQL: one connection a
    request; the SQLite test database is one connection the threads would share)."""
    if not _on_postgresql():
        pytest.skip("needs PostgreSQL (DATABASE_URL)")
    import threading
    from concurrent.futures import ThreadPoolExecutor

    from exchange.services import wire
    from tests.builders.publishing import night_body, source

    _, _, drive = laptop_night(games_played=1)
    club, server_organizer = server_club()
    key = key_for(server_organizer)
    revision, _, body = night_body(drive)
    barrier = threading.Barrier(3)

    def send():
        barrier.wait()
        return wire.send_night(
            server=live_server.url, key=key, source=source(drive), body=body, timeout=30
        )

    with ThreadPoolExecutor(3) as pool:
        replies = list(pool.map(lambda _: send(), range(3)))

    assert all(r.ok or "twice at once" in r.error for r in replies), replies
    assert sorted(r.outcome for r in replies if r.ok).count("published") == 1
    assert PublishedNight.objects.get().revision == revision
    assert Drive.objects.filter(club=club).count() == 1
