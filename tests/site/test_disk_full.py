"""A full disk answers 503 with a Retry-After and says so ("The laptop's disk is full:
nothing was saved"), JSON on the API, and writes nothing; never a server error
(clubs/middleware.py DatabaseUnavailable and server_error). SQLite's own SQLITE_FULL is
made with PRAGMA max_page_count; PostgreSQL's DiskFull and a file's ENOSPC are raised in
a view."""

from __future__ import annotations

import errno
import json
import shutil
import sqlite3
from collections import namedtuple
from contextlib import contextmanager
from html import unescape

import psycopg.errors
import pytest
from django.db import OperationalError, connection
from django.db.backends.signals import connection_created
from django.test import Client
from django.urls import reverse

from accounts.services import tokens as api_tokens
from accounts.sessions import SessionStore
from drives import interface as drive_interface
from drives import services
from tests.builders import HTMX, NOW, make_drive, row_counts

FULL = (
    "The laptop's disk is full: nothing was saved. Free some space (delete old files), "
    "then try again."
)
# Far more than one page of the pairs table can take: the paste must grow the database.
PASTE = "\n".join(f"Marguerite Boudreau-{i:03d} & Angus MacIsaac-{i:03d}" for i in range(120))
NO_LIMIT = 1073741823  # SQLite's default max_page_count


def _no_growth(conn) -> None:
    with conn.cursor() as c:
        c.execute("PRAGMA page_count")
        pages = c.fetchone()[0]
        c.execute(f"PRAGMA max_page_count = {pages}")


@contextmanager
def full_sqlite_disk():
    """The database may not grow past the pages it has, and its free pages are used up:
    any write that needs a page more fails with SQLite's own SQLITE_FULL, "database or
    disk is full", as on a disk with no space left."""

    def limit(sender, connection, **kwargs):
        _no_growth(connection)

    connection.ensure_connection()
    with connection.cursor() as c:
        c.execute("CREATE TABLE disk_filler (x BLOB)")
    _no_growth(connection)
    connection_created.connect(limit)
    try:
        with connection.cursor() as c:
            for _ in range(100_000):
                try:
                    c.execute("INSERT INTO disk_filler VALUES (zeroblob(1000))")
                except Exception as e:
                    assert "database or disk is full" in str(e)
                    break
        yield
    finally:
        connection_created.disconnect(limit)
        connection.ensure_connection()
        with connection.cursor() as c:
            c.execute(f"PRAGMA max_page_count = {NO_LIMIT}")
            c.execute("DROP TABLE disk_filler")


@pytest.fixture
def paste(club, organizer):
    drive = make_drive(club, organizer)
    key = api_tokens.token_create(actor=organizer, name="Sign-up sheet", now=NOW).key
    return {
        "drive": drive,
        "url": reverse("drives:pairs_bulk", args=[drive.pk]),
        "api": f"/api/drives/{drive.pk}/pairs",
        "api_body": json.dumps(
            [
                {"player1": f"Rose Doucet-{i:03d}", "player2": f"Leo Poirier-{i:03d}"}
                for i in range(120)
            ]
        ),
        "api_key": {"HTTP_AUTHORIZATION": f"Bearer {key}"},
    }


def _three_answers(org_client, paste):
    page = org_client.post(paste["url"], {"text": PASTE, "duplicates": "add"})
    partial = org_client.post(paste["url"], {"text": PASTE, "duplicates": "add"}, **HTMX)
    answer = org_client.post(
        paste["api"], paste["api_body"], content_type="application/json", **paste["api_key"]
    )
    return page, partial, answer


def _said_full(page, partial, answer) -> None:
    for r in (page, partial, answer):
        assert r.status_code == 503, r.content[:300]
        assert r["Retry-After"] == "60"
    text = unescape(page.content.decode())
    assert FULL in text
    assert "The disk is full" in text  # the page's title, where the eye goes
    assert FULL in unescape(partial.content.decode())
    assert partial["HX-Retarget"] == "#flash"
    assert answer["Content-Type"].startswith("application/json")
    assert answer.json() == {"detail": FULL}


@pytest.mark.django_db(transaction=True)
def test_sqlite_out_of_space_answers_503_saying_the_disk_is_full_and_saves_nothing(
    org_client, paste
):
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's own SQLITE_FULL (PostgreSQL's DiskFull is raised below)")
    before = row_counts()
    with full_sqlite_disk():
        page, partial, answer = _three_answers(org_client, paste)
        # Reading still works: the pairs page shows.
        assert org_client.get(reverse("drives:pairs", args=[paste["drive"].pk])).status_code == 200
    _said_full(page, partial, answer)
    assert row_counts() == before
    # Space again: the same paste goes through, nothing to restart.
    assert org_client.post(paste["url"], {"text": PASTE, "duplicates": "add"}).status_code == 302
    assert paste["drive"].pairs.count() == 120


@pytest.mark.django_db
def test_a_full_disk_met_when_the_session_is_saved_is_a_503_too(organizer, monkeypatch):
    """Logging in writes the session after the view, in the session middleware, where no
    process_exception sees it: the site's 500 handler answers the same 503."""
    organizer.set_password("a long hall password")
    organizer.save()

    def save(self, must_create=False):
        raise psycopg.errors.DiskFull('could not extend file "base/1/2": No space left on device')

    monkeypatch.setattr(SessionStore, "save", save)
    browser = Client(raise_request_exception=False)
    login = {"username": "organizer", "password": "a long hall password"}
    r = browser.post(reverse("login"), login)
    assert r.status_code == 503, r.content[:300]
    assert r["Retry-After"] == "60"
    assert FULL in unescape(r.content.decode())


def _raising(exc: BaseException):
    def service(**kwargs):
        raise exc

    return service


@pytest.mark.django_db
@pytest.mark.parametrize(
    "exc",
    [
        psycopg.errors.DiskFull(
            'could not extend file "base/16384/16522": No space left on device'
        ),
        OSError(errno.ENOSPC, "No space left on device"),
    ],
    ids=["postgresql-disk-full", "file-enospc"],
)
def test_postgresql_disk_full_and_a_file_out_of_space_answer_503(
    org_client, paste, monkeypatch, exc
):
    monkeypatch.setattr(services, "pairs_bulk_add", _raising(exc))
    monkeypatch.setattr(drive_interface, "pairs_add_many", _raising(exc))  # the API's
    before = row_counts()
    _said_full(*_three_answers(org_client, paste))
    assert row_counts() == before


@pytest.mark.django_db
def test_postgresql_disk_full_as_django_raises_it_answers_503(org_client, paste, monkeypatch):
    """On PostgreSQL Django wraps psycopg's DiskFull in its own OperationalError."""

    def wrapped(**kwargs):
        try:
            raise psycopg.errors.DiskFull('could not extend file "base/1/2": wrote only 4096')
        except psycopg.Error as e:
            raise OperationalError(str(e)) from e

    monkeypatch.setattr(services, "pairs_bulk_add", wrapped)
    r = org_client.post(paste["url"], {"text": PASTE, "duplicates": "add"})
    assert r.status_code == 503
    assert FULL in unescape(r.content.decode())


@pytest.mark.django_db
def test_any_other_error_is_still_a_server_error(org_client, paste, monkeypatch):
    monkeypatch.setattr(services, "pairs_bulk_add", _raising(OSError(errno.EACCES, "denied")))
    browser = Client(raise_request_exception=False)
    browser.force_login(paste["drive"].club.memberships.first().user)
    r = browser.post(paste["url"], {"text": PASTE, "duplicates": "add"})
    assert r.status_code == 500
    assert FULL not in unescape(r.content.decode())


Usage = namedtuple("Usage", "total used free")


@pytest.mark.django_db
@pytest.mark.parametrize(("free", "status"), [(4096, 503), (50 * 2**30, 500)])
def test_sqlites_disk_io_error_is_a_full_disk_when_no_space_is_left(
    paste, organizer, monkeypatch, free, status
):
    """In WAL mode a new connection on a full disk fails as "disk I/O error" (its -shm
    file cannot grow): a full disk when the disk has almost no space left, else a bug."""

    def io_error(**kwargs):
        try:
            raise sqlite3.OperationalError("disk I/O error")
        except sqlite3.Error as e:
            raise OperationalError("disk I/O error") from e

    monkeypatch.setattr(services, "pairs_bulk_add", io_error)
    monkeypatch.setattr(shutil, "disk_usage", lambda path: Usage(2**30, 2**30 - free, free))
    browser = Client(raise_request_exception=False)
    browser.force_login(organizer)
    r = browser.post(paste["url"], {"text": PASTE, "duplicates": "add"})
    assert r.status_code == status
    assert (FULL in unescape(r.content.decode())) == (status == 503)
