"""A database that is locked past the busy timeout, or read-only, answers 503 with a
plain message and a Retry-After (JSON on the API), writes nothing, and works again by
itself once the lock goes (clubs/middleware.py DatabaseUnavailable)."""

from __future__ import annotations

import json
import secrets
import sqlite3
from contextlib import contextmanager

import pytest
from django.db import connection
from django.db.backends.signals import connection_created
from django.urls import reverse

from accounts.services import tokens as api_tokens
from bench.live import HallDevice, LiveServer, sql
from drives.models import TableGame
from tests.builders import NOW, row_counts, started_drive

BUSY = "The database is busy or cannot be written just now"


@contextmanager
def read_only_database():
    """Every connection of this process refuses writes, as a read-only disk does."""
    on, off = (
        ("PRAGMA query_only = ON", "PRAGMA query_only = OFF")
        if connection.vendor == "sqlite"
        else ("SET default_transaction_read_only = on", "SET default_transaction_read_only = off")
    )

    def refuse_writes(sender, connection, **kwargs):
        with connection.cursor() as c:
            c.execute(on)

    connection.ensure_connection()
    refuse_writes(None, connection)
    connection_created.connect(refuse_writes)
    try:
        yield
    finally:
        connection_created.disconnect(refuse_writes)
        connection.ensure_connection()
        with connection.cursor() as c:
            c.execute(off)


@pytest.fixture
def night(club, organizer):
    drive = started_drive(club, organizer, pairs=8, seed=3)
    tg = TableGame.objects.filter(drive=drive, game=1).order_by("table").first()
    winner = tg.seats.order_by("slot").first().pair.number
    key = api_tokens.token_create(actor=organizer, name="Board", now=NOW).key
    return drive, tg.table, winner, {"HTTP_AUTHORIZATION": f"Bearer {key}"}


@pytest.mark.django_db(transaction=True)
def test_a_read_only_database_answers_503_and_writes_again_once_writable(org_client, night):
    drive, table, winner, api_key = night
    front = reverse("drives:result_record", args=[drive.pk, 1, table])
    api = f"/api/drives/{drive.pk}/games/1/tables/{table}/result"
    api_body = json.dumps({"winner": winner, "key": "board-g1-0001"})
    before = row_counts()
    with read_only_database():
        page = org_client.post(front, {"winner": winner})
        partial = org_client.post(front, {"winner": winner}, HTTP_HX_REQUEST="true")
        answer = org_client.post(api, api_body, content_type="application/json", **api_key)
        # Reading still works: the result screen shows.
        assert org_client.get(reverse("drives:game", args=[drive.pk, 1])).status_code == 200
    for r in (page, partial, answer):
        assert r.status_code == 503
        assert r["Retry-After"] == "10"
    assert BUSY in page.content.decode() and BUSY in partial.content.decode()
    assert answer["Content-Type"].startswith("application/json")
    assert BUSY in answer.json()["detail"]
    assert row_counts() == before
    # Writable again: the same taps go through, nothing to restart.
    assert org_client.post(front, {"winner": winner}).status_code == 302
    r = org_client.post(api, api_body, content_type="application/json", **api_key)
    assert r.status_code == 200, r.content


@pytest.mark.live
def test_a_database_locked_longer_than_the_busy_timeout_answers_503_then_recovers():
    server = LiveServer(backend="sqlite", pairs=8, workers=1)
    server.env["SQLITE_BUSY_TIMEOUT"] = "1"  # 20 s in the hall
    with server:
        table = server.drive["tables"][0]
        a, b = table["pairs"]
        phone = HallDevice(server.url)
        assert phone.open_table(table["token"]).status == 200
        key = secrets.token_hex(16)
        # Another program (a backup tool, a second copy of the site) holds the write lock.
        holder = sqlite3.connect(server.env["SQLITE_PATH"], isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")
        try:
            busy = phone.report(table["token"], 1, a, key=key)
            # The hall can still read: the table page shows.
            assert phone.open_table(table["token"]).status == 200
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert busy.status == 503, busy.body[:500]
        assert busy.headers.get("Retry-After") == "10"
        assert BUSY in busy.body
        assert sql(server, f"SELECT COUNT(*) FROM drives_submission WHERE key = '{key}'") == [(0,)]
        # The lock is gone: the phone's retry of the same tap counts, once.
        assert phone.report(table["token"], 1, a, key=key).status == 200
        assert sql(server, f"SELECT COUNT(*) FROM drives_submission WHERE key = '{key}'") == [(1,)]
