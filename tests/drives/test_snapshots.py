"""Snapshots after "next game" (drives/snapshots.py): whole or absent, kept in the order
they were taken, private to the site's account."""

from __future__ import annotations

import datetime as dt
import os
import sqlite3
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from drives import snapshots
from tests.builders import NOW
from tests.builders.snapshots import Crash, DyingCopy, make_database, rows_in


def opens_whole(path: Path) -> bool:
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            ok = db.execute("PRAGMA quick_check").fetchone()[0] == "ok"
            return ok and db.execute("SELECT count(*) FROM result").fetchone()[0] > 0
        finally:
            db.close()
    except sqlite3.Error:
        return False


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def hall(tmp_path):
    return make_database(tmp_path / "hall.sqlite3"), tmp_path / "snapshots"


def test_a_crash_mid_copy_leaves_the_last_good_snapshot_as_the_newest(hall, monkeypatch):
    source, folder = hall
    good = snapshots.snapshot_write(label="drive1-game2", now=NOW, source=source, folder=folder)
    monkeypatch.setattr(snapshots, "sqlite3", DyingCopy())
    with pytest.raises(Crash):
        snapshots.snapshot_write(
            label="drive1-game3", now=NOW + dt.timedelta(minutes=5), source=source, folder=folder
        )
    # What the README restores: the last name `ls` lists.
    newest = sorted(folder.glob("*.sqlite3"))[-1]
    assert newest == good
    assert opens_whole(newest)


def test_a_copy_that_comes_out_empty_is_refused_and_not_kept(hall, monkeypatch):
    source, folder = hall
    monkeypatch.setattr(snapshots, "sqlite3", DyingCopy(dies=False))
    with pytest.raises(snapshots.SnapshotError):
        snapshots.snapshot_write(label="drive1-game2", now=NOW, source=source, folder=folder)
    assert list(folder.glob("*.sqlite3")) == []


def test_a_copy_left_half_written_by_a_killed_process_is_never_listed_and_is_cleared(hall):
    source, folder = hall
    folder.mkdir()
    left = folder / ".snapshot-abc123.sqlite3.part"
    left.write_bytes(b"half a database")
    an_hour_ago = time.time() - 3600
    os.utime(left, (an_hour_ago, an_hour_ago))
    written = snapshots.snapshot_write(label="drive1-game2", now=NOW, source=source, folder=folder)
    assert list(folder.glob("*.sqlite3")) == [written]
    assert not left.exists()


def test_snapshots_are_kept_in_the_order_taken_not_by_the_time_in_their_names(hall):
    source, folder = hall
    # The demo night plays its 25 games five minutes apart from now: stamped up to 2 h ahead.
    for game in range(2, 14):
        snapshots.snapshot_write(
            label=f"drive1-game{game}",
            now=NOW + dt.timedelta(minutes=5 * game),
            source=source,
            folder=folder,
        )
    # Then tonight's real night, stamped with the real time (earlier than the demo's).
    real = [
        snapshots.snapshot_write(
            label=f"drive3-game{game}",
            now=NOW + dt.timedelta(seconds=game),
            source=source,
            folder=folder,
        )
        for game in (2, 3, 4)
    ]
    listed = sorted(folder.glob("*.sqlite3"))  # `ls`, as the README says: newest last
    assert len(listed) == snapshots.SNAPSHOT_KEEP
    assert listed[-3:] == real
    assert all(p.exists() for p in real)
    assert "drive1-game13" in listed[-4].name


def test_a_snapshot_and_its_folder_are_private_to_the_sites_account(hall):
    source, folder = hall
    written = snapshots.snapshot_write(label="drive1-game2", now=NOW, source=source, folder=folder)
    assert mode(written) == 0o600
    assert mode(folder) == 0o700


@pytest.fixture
def owed_here(hall, monkeypatch, settings):
    """Snapshots after "next game" copy the hall's file into its folder, in the calling
    thread unless a test starts the snapshot thread itself."""
    source, folder = hall
    settings.SNAPSHOT_DIR = folder
    monkeypatch.setattr(snapshots, "database_file", lambda: source)
    monkeypatch.setattr(snapshots.worker, "synchronous", True)
    return source, folder


def test_a_failed_snapshot_after_next_game_is_logged_not_raised(owed_here, monkeypatch, caplog):
    source, folder = owed_here
    monkeypatch.setattr(snapshots, "sqlite3", DyingCopy(dies=False))
    assert snapshots.snapshot_after_game(label="drive1-game2", now=NOW) is None
    assert "snapshot after drive1-game2 was not written" in caplog.text
    assert list(folder.glob("*.sqlite3")) == []


def test_a_failed_snapshot_stays_owed_and_the_next_game_writes_it(owed_here, monkeypatch):
    source, folder = owed_here
    monkeypatch.setattr(snapshots, "sqlite3", DyingCopy(dies=False))
    snapshots.snapshot_after_game(label="drive1-game2", now=NOW)
    assert len(snapshots.owed_in(folder)) == 1
    monkeypatch.setattr(snapshots, "sqlite3", sqlite3)
    snapshots.snapshot_after_game(label="drive1-game3", now=NOW + dt.timedelta(minutes=5))
    [written] = snapshots.snapshots_in(folder)
    assert written.name == "s000001-20261129-190500-drive1-game3.sqlite3"
    assert rows_in(written) == 3
    assert snapshots.owed_in(folder) == []


def test_a_snapshot_owed_by_a_process_that_died_is_written_at_the_next_start(owed_here):
    source, folder = owed_here
    # The process committed game 4, marked the snapshot as owed, and died before copying.
    snapshots.owe(folder, label="drive1-game4", now=NOW)
    assert snapshots.snapshots_in(folder) == []
    snapshots.resume_owed()
    [written] = snapshots.snapshots_in(folder)
    assert written.name.endswith("-20261129-190000-drive1-game4.sqlite3")
    assert rows_in(written) == 3
    assert snapshots.owed_in(folder) == []


def test_nothing_owed_means_no_snapshot_at_the_start(owed_here):
    source, folder = owed_here
    folder.mkdir()
    snapshots.resume_owed()
    assert snapshots.snapshots_in(folder) == []


def test_the_snapshot_thread_writes_while_the_caller_goes_on(owed_here, monkeypatch):
    source, folder = owed_here
    monkeypatch.setattr(snapshots.worker, "synchronous", False)
    monkeypatch.setattr(snapshots.worker, "settle", 0)
    gate = threading.Event()
    real_copy = snapshots.database_copy

    def slow_copy(src, dst):
        assert gate.wait(10)
        real_copy(src, dst)

    monkeypatch.setattr(snapshots, "database_copy", slow_copy)
    snapshots.snapshot_after_game(label="drive1-game2", now=NOW)  # returns at once
    assert snapshots.snapshots_in(folder) == []
    assert len(snapshots.owed_in(folder)) == 1
    gate.set()
    assert snapshots.wait_idle(10)
    [written] = snapshots.snapshots_in(folder)
    assert rows_in(written) == 3
    assert snapshots.owed_in(folder) == []


def test_snapshots_triggered_together_are_written_one_at_a_time(owed_here, monkeypatch):
    source, folder = owed_here
    running, most, lock = [0], [0], threading.Lock()
    real_copy = snapshots.database_copy

    def counted_copy(src, dst):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        time.sleep(0.02)
        try:
            real_copy(src, dst)
        finally:
            with lock:
                running[0] -= 1

    monkeypatch.setattr(snapshots, "database_copy", counted_copy)

    # Eight requests in eight threads (each opens the lock file itself, as worker processes do).
    def game(n):
        snapshots.owe(folder, label=f"drive1-game{n}", now=NOW)
        snapshots.write_owed(source=source, folder=folder)

    threads = [threading.Thread(target=game, args=(n,)) for n in range(2, 10)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    assert most[0] == 1
    taken = snapshots.snapshots_in(folder)
    assert 1 <= len(taken) <= 8  # a copy started after a game's mark holds that game
    assert all(rows_in(p) == 3 for p in taken)
    assert snapshots.owed_in(folder) == []


def test_a_snapshot_waits_for_one_another_worker_process_is_writing(owed_here):
    source, folder = owed_here
    folder.mkdir()
    # Another worker process holds the folder's lock (it is copying) until told to stop.
    other = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import fcntl, os, sys\n"
            f"fd = os.open({str(folder / '.lock')!r}, os.O_RDWR | os.O_CREAT, 0o600)\n"
            "fcntl.flock(fd, fcntl.LOCK_EX)\n"
            "print('locked', flush=True)\n"
            "sys.stdin.read()\n",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert other.stdout.readline().strip() == "locked"
        snapshots.owe(folder, label="drive1-game2", now=NOW)
        mine = threading.Thread(target=snapshots.write_owed)
        mine.start()
        mine.join(0.5)
        assert mine.is_alive()
        assert snapshots.snapshots_in(folder) == []
    finally:
        other.stdin.close()
        other.wait(10)
    mine.join(10)
    [written] = snapshots.snapshots_in(folder)
    assert rows_in(written) == 3


def test_every_snapshot_in_the_folder_opens_whole_while_they_are_written(owed_here):
    source, folder = owed_here
    db = sqlite3.connect(source)
    db.executemany("INSERT INTO result VALUES (?, ?)", [(g, 1) for g in range(20_000)])
    db.commit()
    db.close()
    done = threading.Event()

    def games():
        for n in range(2, 14):
            snapshots.owe(folder, label=f"drive1-game{n}", now=NOW)
            snapshots.write_owed(source=source, folder=folder)
        done.set()

    writer = threading.Thread(target=games)
    writer.start()
    seen = 0
    while not done.is_set():
        for path in snapshots.snapshots_in(folder) if folder.exists() else []:
            try:
                assert rows_in(path) == 20_003
                seen += 1
            except sqlite3.OperationalError:
                assert not path.exists()  # pruned between the listing and the opening
    writer.join(30)
    assert seen > 0
    assert len(snapshots.snapshots_in(folder)) == snapshots.SNAPSHOT_KEEP
    assert all(rows_in(p) == 20_003 for p in snapshots.snapshots_in(folder))
