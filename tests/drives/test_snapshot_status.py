"""How the last snapshot went, kept beside the snapshots for every worker's screens, and
shown on the front table's screens: "Last snapshot: game 2, 3:41 p.m.", or a warning
when it failed ("the disk is full"); a copy killed halfway leaves no -journal behind
(drives/snapshots.py)."""

from __future__ import annotations

import datetime as dt
import errno
import json
import os
import shutil
import sqlite3
import time
from collections import namedtuple
from html import unescape

import pytest
from django.urls import reverse
from django.utils import formats, timezone

from drives import snapshots
from tests.builders import HTMX, NOW, play_game, started_drive
from tests.builders.snapshots import make_database, rows_in

DISK_FULL = (
    "The last snapshot failed at 3:41 p.m.: the disk is full. Results are still saved in "
    "the database."
)


@pytest.fixture
def hall(tmp_path, monkeypatch, settings):
    """The site's database file as the snapshots see it, snapshots in the calling thread."""
    source = make_database(tmp_path / "hall.sqlite3")
    folder = tmp_path / "snapshots"
    settings.SNAPSHOT_DIR = folder
    monkeypatch.setattr(snapshots, "database_file", lambda: source)
    monkeypatch.setattr(snapshots.worker, "synchronous", True)
    return source, folder


def full_disk(*args, **kwargs):
    raise sqlite3.OperationalError("database or disk is full")


# ---------------------------------------------------------------- the status file


def test_a_written_snapshot_is_kept_as_the_last_with_its_game_and_file(hall):
    source, folder = hall
    snapshots.owe(folder, label="drive7-game12", now=NOW)
    written = snapshots.write_owed()
    last = snapshots.last_snapshot()
    assert last.ok and (last.drive, last.game) == (7, 12)
    assert last.file == written.name
    assert last.error == "" and not last.disk_full
    # In the file every worker reads, and nothing else left beside it.
    kept = json.loads((folder / snapshots.STATUS_NAME).read_text())
    assert kept["ok"] is True and kept["file"] == written.name and kept["game"] == 12
    assert not list(folder.glob(".status-*"))
    assert snapshots.snapshots_in(folder) == [written]  # the status file is no snapshot


def test_a_snapshot_that_failed_on_a_full_disk_is_kept_as_failed_saying_so(hall, monkeypatch):
    source, folder = hall
    monkeypatch.setattr(snapshots, "database_copy", full_disk)
    snapshots.owe(folder, label="drive7-game12", now=NOW)
    assert snapshots.write_owed() is None
    last = snapshots.last_snapshot()
    assert not last.ok and last.disk_full
    assert (last.drive, last.game) == (7, 12)
    assert "database or disk is full" in last.error
    assert len(snapshots.owed_in(folder)) == 1  # still owed: the next game writes it


Usage = namedtuple("Usage", "total used free")


@pytest.mark.parametrize(("free", "full"), [(50 * 2**30, False), (4096, True)])
def test_an_io_error_is_a_full_disk_only_with_no_space_left(hall, monkeypatch, free, full):
    source, folder = hall

    def broken(*args):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(snapshots, "database_copy", broken)
    monkeypatch.setattr(shutil, "disk_usage", lambda path: Usage(2**30, 2**30 - free, free))
    snapshots.owe(folder, label="drive7-game3", now=NOW)
    snapshots.write_owed()
    last = snapshots.last_snapshot()
    assert not last.ok and last.disk_full == full
    assert "Input/output error" in last.error


def test_with_no_room_for_a_new_file_the_status_is_written_over_the_old_one(hall, monkeypatch):
    source, folder = hall
    snapshots.owe(folder, label="drive7-game2", now=NOW)
    snapshots.write_owed()
    status = folder / snapshots.STATUS_NAME
    size, inode = status.stat().st_size, status.stat().st_ino

    def no_space(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    # The disk is full: no new file, no copy.
    monkeypatch.setattr(snapshots.tempfile, "mkstemp", no_space)
    monkeypatch.setattr(snapshots, "database_copy", full_disk)
    snapshots.owe(folder, label="drive7-game3", now=NOW)
    snapshots.write_owed()
    assert (status.stat().st_size, status.stat().st_ino) == (size, inode)
    kept = json.loads(status.read_bytes())
    assert kept["ok"] is False and kept["disk_full"] is True and kept["game"] == 3


def test_an_unreadable_status_file_shows_nothing_rather_than_breaking_the_screen(hall):
    source, folder = hall
    folder.mkdir()
    (folder / snapshots.STATUS_NAME).write_text('{"at": "half a')
    assert snapshots.last_snapshot() is None


def test_no_snapshot_status_for_a_database_that_is_no_file(monkeypatch, settings, tmp_path):
    folder = tmp_path / "snapshots"
    settings.SNAPSHOT_DIR = folder
    snapshots.outcome_record(folder, ok=True, label="drive1-game2", now=NOW)
    monkeypatch.setattr(snapshots, "database_file", lambda: None)  # PostgreSQL, in memory
    assert snapshots.last_snapshot() is None


# ---------------------------------------------------------------- a copy killed halfway


def test_the_journal_a_killed_copy_left_beside_its_partial_file_is_cleared(hall):
    source, folder = hall
    folder.mkdir()
    # A copy killed halfway: its partial file and SQLite's rollback journal beside it.
    partial = folder / ".snapshot-k1ll3d.sqlite3.part"
    partial.write_bytes(b"half a database")
    journal = folder / ".snapshot-k1ll3d.sqlite3.part-journal"
    journal.write_bytes(b"\xd9\xd5\x05\xf9\x20\xa1\x63\xd7" + b"\0" * 504)
    # And one whose partial was removed already, and a WAL copy's files.
    orphans = [folder / f".snapshot-g0ne.sqlite3.part{side}" for side in ("-journal", "-wal")]
    for left in orphans:
        left.write_bytes(b"left")
    an_hour_ago = time.time() - 3600
    for left in (partial, journal):
        os.utime(left, (an_hour_ago, an_hour_ago))
    written = snapshots.snapshot_write(label="drive1-game2", now=NOW, source=source, folder=folder)
    assert rows_in(written) == 3
    assert sorted(p.name for p in folder.iterdir()) == [".lock", written.name]


def test_a_copy_that_fails_leaves_no_journal_of_its_own(hall, monkeypatch):
    source, folder = hall
    real_copy = snapshots.database_copy

    def dies_after_the_journal(src, dst):
        real_copy(src, dst)
        open(f"{dst}-journal", "wb").close()  # as a failed write leaves it
        raise snapshots.SnapshotError("the copy did not open")

    monkeypatch.setattr(snapshots, "database_copy", dies_after_the_journal)
    with pytest.raises(snapshots.SnapshotError):
        snapshots.snapshot_write(label="drive1-game2", now=NOW, source=source, folder=folder)
    assert sorted(p.name for p in folder.iterdir()) == [".lock"]


# ---------------------------------------------------------------- the front table's screens


@pytest.fixture
def night(club, organizer):
    drive = started_drive(club, organizer, pairs=9, games=5)
    play_game(drive, organizer)
    return drive


def next_game(client, drive, game, capture):
    with capture(execute=True):
        r = client.post(reverse("drives:game_next", args=[drive.pk, game]), {"from_game": game})
    assert r.status_code == 302
    return r


def page_text(response) -> str:
    return unescape(response.content.decode())


@pytest.mark.django_db
def test_the_result_screen_says_the_last_snapshot_after_next_game(
    org_client, night, hall, django_capture_on_commit_callbacks
):
    source, folder = hall
    next_game(org_client, night, 1, django_capture_on_commit_callbacks)
    last = snapshots.last_snapshot()
    assert last.ok and last.game == 2
    at = formats.time_format(timezone.localtime(last.at), "TIME_FORMAT")  # "8:41 p.m."
    html = page_text(org_client.get(reverse("drives:game", args=[night.pk, 2])))
    assert f"Last snapshot: game 2, {at}" in html
    assert "snapshot failed" not in html


@pytest.mark.django_db
def test_the_result_screen_and_drive_page_warn_when_the_last_snapshot_failed(
    org_client, night, hall
):
    source, folder = hall
    snapshots.outcome_record(
        folder,
        ok=False,
        label=f"drive{night.pk}-game1",
        error=sqlite3.OperationalError("database or disk is full"),
        now=NOW + dt.timedelta(minutes=41),  # 3:41 p.m. in Halifax
    )
    for url in (
        reverse("drives:game", args=[night.pk, 1]),
        reverse("drives:drive_detail", args=[night.pk]),
    ):
        html = page_text(org_client.get(url))
        assert DISK_FULL in html, url
        assert "Free some space (delete old files)" in html
        assert 'role="alert"' in html


@pytest.mark.django_db
def test_another_failure_is_warned_with_its_words(org_client, night, hall, monkeypatch):
    source, folder = hall
    monkeypatch.setattr(shutil, "disk_usage", lambda path: Usage(2**40, 0, 2**40))
    snapshots.outcome_record(
        folder,
        ok=False,
        label=f"drive{night.pk}-game1",
        error=OSError(errno.EIO, "Input/output error"),
        now=NOW + dt.timedelta(minutes=41),
    )
    html = page_text(org_client.get(reverse("drives:game", args=[night.pk, 1])))
    assert (
        "The last snapshot failed at 3:41 p.m. ([Errno 5] Input/output error). Results are "
        "still saved in the database."
    ) in html


@pytest.mark.django_db
def test_the_drive_page_says_the_last_snapshot_and_a_snapshot_of_another_drive_has_no_game(
    org_client, night, hall
):
    source, folder = hall
    snapshots.outcome_record(
        folder, ok=True, label=f"drive{night.pk}-game1", now=NOW + dt.timedelta(minutes=41)
    )
    url = reverse("drives:drive_detail", args=[night.pk])
    assert "Last snapshot: game 1, 3:41 p.m." in page_text(org_client.get(url))
    snapshots.outcome_record(
        folder, ok=True, label="drive999-game7", now=NOW + dt.timedelta(minutes=42)
    )
    html = page_text(org_client.get(url))
    assert "Last snapshot: 3:42 p.m." in html and "game 7" not in html


@pytest.mark.django_db
def test_the_snapshot_line_speaks_french(org_client, night, hall, club):
    source, folder = hall
    club.language = "fr"
    club.save()
    snapshots.outcome_record(
        folder,
        ok=False,
        label=f"drive{night.pk}-game1",
        error=OSError(errno.ENOSPC, "No space left on device"),
        now=NOW + dt.timedelta(minutes=41),
    )
    html = page_text(org_client.get(reverse("drives:game", args=[night.pk, 1])))
    assert "Le dernier instantané a échoué à 15 h 41 : le disque est plein." in html


@pytest.mark.django_db
def test_the_result_screens_poll_brings_the_snapshot_line_once_it_is_written(
    org_client, night, hall
):
    source, folder = hall
    page = org_client.get(reverse("drives:game", args=[night.pk, 1]))
    have = page.context["have"]
    live = reverse("drives:game_live", args=[night.pk, 1])
    # Nothing changed: nothing to send.
    assert org_client.get(live, {"have": have}, **HTMX).status_code == 204
    snapshots.outcome_record(folder, ok=True, label=f"drive{night.pk}-game1", now=NOW)
    r = org_client.get(live, {"have": have}, **HTMX)
    assert r.status_code == 200
    html = page_text(r)
    assert '<div id="snapshot" class="snapshot" hx-swap-oob="true">' in html
    assert "Last snapshot: game 1, 3 p.m." in html


@pytest.mark.django_db
def test_a_finished_or_past_game_and_a_database_with_no_snapshots_show_no_line(
    org_client, night, hall, monkeypatch, organizer, django_capture_on_commit_callbacks
):
    source, folder = hall
    next_game(org_client, night, 1, django_capture_on_commit_callbacks)
    # Game 1 is played: its screen is for reading, not the night under way.
    html = page_text(org_client.get(reverse("drives:game", args=[night.pk, 1])))
    assert "Last snapshot" not in html
    monkeypatch.setattr(snapshots, "database_file", lambda: None)  # PostgreSQL
    html = page_text(org_client.get(reverse("drives:game", args=[night.pk, 2])))
    assert "Last snapshot" not in html and 'id="snapshot"' in html


@pytest.mark.django_db
def test_another_clubs_organizer_sees_no_snapshot_of_this_drive(other_club_client, night, hall):
    source, folder = hall
    snapshots.outcome_record(folder, ok=True, label=f"drive{night.pk}-game1", now=NOW)
    r = other_club_client.get(reverse("drives:game", args=[night.pk, 1]))
    assert r.status_code == 404
    assert "Last snapshot" not in page_text(r)
