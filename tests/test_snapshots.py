"""Snapshots after "next game" (drives/snapshots.py): whole or absent, kept in the order
they were taken, private to the site's account."""

from __future__ import annotations

import datetime as dt
import os
import sqlite3
import stat
import time
from pathlib import Path

import pytest

from drives import snapshots
from tests.conftest import NOW


def make_database(path: Path, rows: int = 3) -> Path:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE result (game INTEGER, winner INTEGER)")
    db.executemany("INSERT INTO result VALUES (?, ?)", [(g, 7) for g in range(rows)])
    db.commit()
    db.close()
    return path


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


class Crash(BaseException):
    """The laptop dies: nothing in the code catches it."""


class DyingCopy:
    """sqlite3 as the snapshot code uses it, except that the copy dies once the target
    file exists and before any page is in it (the power cut mid-copy)."""

    def __init__(self, dies: bool = True):
        self.dies = dies

    def connect(self, *args, **kwargs):
        con = sqlite3.connect(*args, **kwargs)
        return _Dying(con, self.dies)

    def __getattr__(self, name):
        return getattr(sqlite3, name)


class _Dying:
    def __init__(self, con, dies):
        self.con, self.dies = con, dies

    def backup(self, target, **kwargs):
        target = getattr(target, "con", target)
        if self.dies:
            raise Crash
        # A copy that "finishes" with nothing in it.

    def __getattr__(self, name):
        return getattr(self.con, name)


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


def test_a_failed_snapshot_after_next_game_is_logged_not_raised(
    hall, monkeypatch, caplog, settings
):
    source, folder = hall
    settings.SNAPSHOT_DIR = folder
    monkeypatch.setattr(snapshots, "database_file", lambda: source)
    monkeypatch.setattr(snapshots, "sqlite3", DyingCopy(dies=False))
    assert snapshots.snapshot_after_game(label="drive1-game2", now=NOW) is None
    assert "snapshot after drive1-game2 was not written" in caplog.text
    assert list(folder.glob("*.sqlite3")) == []
