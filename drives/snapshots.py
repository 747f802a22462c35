"""Snapshots of the SQLite database after every "next game".

A dead laptop then loses at most the game being played. SQLite's online
backup API copies a consistent database while the site runs; the last
SNAPSHOT_KEEP files are kept in settings.SNAPSHOT_DIR (outside git).

A snapshot is whole or absent: it is copied into a hidden temporary file,
flushed to disk, opened and checked, and only then renamed to its final name,
so a crash mid-copy never leaves a broken "newest" snapshot to restore. Names
start with a sequence number (`s000042-...`), newest last in `ls`; the newest
SNAPSHOT_KEEP by that number are kept. A clock would not do: the demo night
plays its games minutes apart from now, so its snapshots are stamped up to two
hours ahead, and a real night's snapshots would be the "oldest" until then.
The files are readable by the site's account only (0600, the folder 0700).
"""

from __future__ import annotations

import fcntl
import logging
import os
import re
import sqlite3
import tempfile
import time
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

from django.conf import settings
from django.db import connection

from config.files import fsync_folder, private_file, private_folder

SNAPSHOT_KEEP = 10
# s<sequence>-<time>-<label>.sqlite3; files from before the sequence count as the oldest.
_SEQUENCE = re.compile(r"^s(\d+)-")
_PARTIAL = ".part"
# A temporary file this old was left by a copy that died (a copy takes seconds).
_STALE_SECONDS = 15 * 60

log = logging.getLogger(__name__)


class SnapshotError(Exception):
    """The copy did not come out whole: nothing was put in the snapshots folder."""


def database_file() -> Path | None:
    """The SQLite file behind the default database, or None (PostgreSQL, in-memory)."""
    if connection.vendor != "sqlite":
        return None
    name = str(connection.settings_dict["NAME"])
    if not name or name == ":memory:" or name.startswith("file:") or "mode=memory" in name:
        return None
    return Path(name)


def sequence_of(path: Path) -> int:
    """The snapshot's place in the order they were taken (0: named before numbering)."""
    m = _SEQUENCE.match(path.name)
    return int(m.group(1)) if m else 0


def snapshots_in(folder: Path) -> list[Path]:
    """The finished snapshots in the folder, oldest first."""
    return sorted(Path(folder).glob("*.sqlite3"), key=lambda p: (sequence_of(p), p.name))


def snapshot_write(
    *, label: str, now: datetime, source: Path | None = None, folder: Path | None = None
) -> Path | None:
    """Copy the database to folder/s<n>-<time>-<label>.sqlite3 and keep the newest
    SNAPSHOT_KEEP. None when there is no database file; SnapshotError (nothing written)
    when the copy does not open as a whole database."""
    source = source or database_file()
    if source is None or not source.exists():
        return None
    folder = private_folder(Path(folder or settings.SNAPSHOT_DIR))
    _remove_stale_partials(folder)
    fd, name = tempfile.mkstemp(prefix=".snapshot-", suffix=".sqlite3" + _PARTIAL, dir=folder)
    os.close(fd)  # mkstemp made it 0600; SQLite writes into it
    partial = Path(name)
    try:
        database_copy(source, partial)
        with _folder_lock(folder):
            taken = snapshots_in(folder)
            number = max((sequence_of(p) for p in taken), default=0) + 1
            target = folder / f"s{number:06d}-{now:%Y%m%d-%H%M%S}-{label}.sqlite3"
            os.replace(partial, target)
            fsync_folder(folder)
            for old in [*taken, target][:-SNAPSHOT_KEEP]:
                old.unlink(missing_ok=True)
    finally:
        partial.unlink(missing_ok=True)
    return target


def snapshot_after_game(*, label: str, now: datetime) -> Path | None:
    """snapshot_write for "next game", run after its commit: the game is seated whatever
    happens to the copy, so a failed copy is logged for the organizer, not shown as an
    error on a game that did move on."""
    try:
        return snapshot_write(label=label, now=now)
    except (OSError, sqlite3.Error, SnapshotError):
        log.exception("The snapshot after %s was not written", label)
        return None


def database_copy(source: Path, target: Path) -> None:
    """A consistent copy of the SQLite file `source` at `target` (created 0600 if new),
    taken while others write, on disk (fsync) and checked to open as a whole database
    before this returns; SnapshotError when it does not."""
    private_file(target)
    src = sqlite3.connect(str(source))
    try:
        dst = sqlite3.connect(str(target))
        try:
            src.backup(dst)
            # One self-contained file (the site's database is in WAL mode, which the copy
            # would keep, and opening it would then make -wal and -shm files beside it).
            dst.execute("PRAGMA journal_mode=DELETE")
        finally:
            dst.close()
    finally:
        src.close()
    with open(target, "rb+") as f:
        os.fsync(f.fileno())
    _check_opens(target)


def _check_opens(path: Path) -> None:
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            verdict = db.execute("PRAGMA quick_check").fetchone()[0]
            tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        finally:
            db.close()
    except sqlite3.Error as e:
        raise SnapshotError(f"the copy {path.name} does not open: {e}") from e
    if verdict != "ok" or tables == 0:
        raise SnapshotError(f"the copy {path.name} is not a whole database: {verdict}")


@contextmanager
def _folder_lock(folder: Path):
    """One process at a time numbers, renames and prunes (workers share the folder)."""
    fd = os.open(folder / ".lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _remove_stale_partials(folder: Path) -> None:
    cutoff = time.time() - _STALE_SECONDS
    for partial in folder.glob(f".snapshot-*{_PARTIAL}"):
        try:
            if partial.stat().st_mtime < cutoff:
                partial.unlink()
        except FileNotFoundError:
            pass
