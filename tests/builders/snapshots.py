"""A hall's database on disk, a copy that dies halfway, and its rows counted."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def make_database(path: Path, rows: int = 3) -> Path:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE result (game INTEGER, winner INTEGER)")
    db.executemany("INSERT INTO result VALUES (?, ?)", [(g, 7) for g in range(rows)])
    db.commit()
    db.close()
    return path


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


def rows_in(path: Path) -> int:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        assert db.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        return db.execute("SELECT count(*) FROM result").fetchone()[0]
    finally:
        db.close()


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


class Crash(BaseException):
    """The laptop dies: nothing in the code catches it."""
