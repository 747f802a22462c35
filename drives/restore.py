"""What a snapshot (or a backup) holds, and putting it back as the site's database:
`manage.py restore` (drives/management/commands/restore.py).

The database in place is never lost: before anything is written it is copied whole
beside itself (`db-before-restore-<time>.sqlite3`, through SQLite's backup API, so the
results of a night still running are in the copy) or, when it no longer opens whole,
moved there as it is with its -wal and -shm files. The snapshot is then written into
the database file through the same backup API, under the site's own write lock
(config/sqlite_backend), so a site still running waits for it and then reads the
restored night; the database keeps its WAL mode and its mode 0600. A file a restore
killed halfway left is cleared by the next one.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
import time
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from django.utils import timezone

from config.files import fsync_folder
from config.sqlite_backend.base import lock_path

from .models import Drive, Pair, TableGame
from .snapshots import (
    SIDE_FILES,
    SnapshotError,
    check_opens,
    database_copy,
    remove_side_files,
)

# Seconds to wait for a running site's write in progress before giving up.
LOCK_WAIT_SECONDS = 20


@dataclass(frozen=True)
class DriveHeld:
    """One drive as a snapshot holds it."""

    name: str
    date: str
    status: str
    game: int  # the game under way (0 before the start)
    games: int
    pairs: int
    results: int  # counted results (sit-outs aside)


@dataclass(frozen=True)
class SnapshotContents:
    path: Path
    written: datetime  # when the file was written (local time)
    size: int
    drives: tuple[DriveHeld, ...]

    @property
    def games(self) -> int:
        """Games seated, over every drive."""
        return sum(d.game for d in self.drives)

    @property
    def results(self) -> int:
        return sum(d.results for d in self.drives)


def _read_only(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def snapshot_contents(path: Path) -> SnapshotContents:
    """What the file holds, read only; SnapshotError when it does not open as a whole
    database of this site."""
    path = Path(path)
    if not path.is_file():
        raise SnapshotError(f"there is no file {path}")
    check_opens(path)
    drive, pair, table = Drive._meta, Pair._meta, TableGame._meta

    def col(meta, name: str) -> str:
        return f'"{meta.get_field(name).column}"'

    statement = (
        f"SELECT d.{col(drive, 'name')}, d.{col(drive, 'date')}, d.{col(drive, 'status')}, "
        f"d.{col(drive, 'current_game')}, d.{col(drive, 'games')}, "
        f'(SELECT count(*) FROM "{pair.db_table}" p WHERE p.{col(pair, "drive")} = d.id), '
        f'(SELECT count(*) FROM "{table.db_table}" t WHERE t.{col(table, "drive")} = d.id '
        f"AND t.{col(table, 'status')} = ?) "
        f'FROM "{drive.db_table}" d ORDER BY d.{col(drive, "date")}, d.id'
    )
    try:
        db = _read_only(path)
        try:
            rows = db.execute(statement, (TableGame.Status.CONFIRMED,)).fetchall()
        finally:
            db.close()
    except sqlite3.Error as e:
        raise SnapshotError(f"{path.name} holds no drives this site can read: {e}") from e
    stat = path.stat()
    return SnapshotContents(
        path=path,
        written=timezone.localtime(datetime.fromtimestamp(stat.st_mtime, tz=UTC)),
        size=stat.st_size,
        drives=tuple(DriveHeld(*row) for row in rows),
    )


def aside_name(database: Path, now: datetime) -> Path:
    """Where the database in place is kept: beside it, named for the time, never over
    another file."""
    stamp = f"{timezone.localtime(now):%Y%m%d-%H%M%S}"
    base = database.with_name(f"{database.stem}-before-restore-{stamp}")
    aside, n = base.with_suffix(".sqlite3"), 1
    while any(Path(f"{aside}{side}").exists() for side in ("", *SIDE_FILES)):
        n += 1
        aside = base.with_name(f"{base.name}-{n}").with_suffix(".sqlite3")
    return aside


def database_restore(snapshot: Path, database: Path, *, now: datetime) -> Path | None:
    """Put the snapshot back as the database; returns where the database that was in
    place is kept (None when there was none). SnapshotError, with the database as it
    was, when the snapshot is not whole or the site's write lock does not come in time."""
    snapshot, database = Path(snapshot), Path(database)
    snapshot_contents(snapshot)
    if database.exists() and snapshot.resolve() == database.resolve():
        raise SnapshotError(f"{snapshot} is the database itself: choose a snapshot")
    # Under the site's write lock from the copy kept aside to the restore: no result
    # entered in between is in neither.
    with _site_write_lock(database):
        aside = None
        if database.exists():
            aside = aside_name(database, now)
            if _opens_whole(database):
                try:
                    _copy_whole(database, aside, ".part")
                except (SnapshotError, sqlite3.Error, OSError) as e:
                    raise SnapshotError(f"the database in place could not be kept: {e}") from e
            else:
                # Kept as it is, with its -wal and -shm files (so SQLite still reads them
                # together); the snapshot is copied in afresh.
                for side in ("", *SIDE_FILES):
                    if Path(f"{database}{side}").exists():
                        os.replace(f"{database}{side}", f"{aside}{side}")
                fsync_folder(database.parent)
        if database.exists():
            _write_into(snapshot, database)
        else:
            _copy_whole(snapshot, database, ".restore.part")
    check_opens(database)
    return aside


@contextmanager
def _site_write_lock(database: Path):
    """The lock the site's writers queue on (config/sqlite_backend): a site still running
    waits for the restore, and the restore for a write under way."""
    fd = os.open(lock_path(str(database)), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        deadline = time.monotonic() + LOCK_WAIT_SECONDS
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise SnapshotError(
                        f"the site kept writing for {LOCK_WAIT_SECONDS:g} s: stop it (Ctrl+C) "
                        "and try again"
                    ) from None
                time.sleep(0.05)
        yield
    finally:
        os.close(fd)  # lets go of the lock


def _opens_whole(database: Path) -> bool:
    try:
        check_opens(database)
    except SnapshotError:
        return False
    return True


def _copy_whole(source: Path, target: Path, suffix: str) -> None:
    """``source`` copied to ``target`` whole or not at all: through a partial file beside
    ``target`` (one left by a copy that was killed goes first), then renamed over it."""
    partial = target.with_name(target.name + suffix)
    partial.unlink(missing_ok=True)
    remove_side_files(partial)
    try:
        database_copy(source, partial)
        os.replace(partial, target)
        fsync_folder(target.parent)
    finally:
        partial.unlink(missing_ok=True)
        remove_side_files(partial)


def _write_into(snapshot: Path, database: Path) -> None:
    """The snapshot's pages written over the database's, as one transaction of SQLite's
    backup API (readers still open see the restored night)."""
    source = _read_only(snapshot)
    try:
        target = sqlite3.connect(str(database), timeout=LOCK_WAIT_SECONDS)
        try:
            source.backup(target)
        finally:
            target.close()
    finally:
        source.close()
