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

"Next game" does not wait for its snapshot. After its commit it leaves a small
"owed" mark in the folder (`.owed-...`, an empty file named after the game) and
wakes this process's snapshot thread, which copies the database and then clears
the marks it saw. One snapshot is written at a time, by any thread of any worker
process (a file lock on the folder); a snapshot started after a mark was left
holds that game, so marks left by two games, or by two workers, are settled by
one copy. A copy that fails is logged and its marks stay: the next game, or the
next start of the site (config/wsgi.py), writes it. A process that dies before
its snapshot is written leaves its mark the same way.

Each copy's outcome (when, the game it holds, its file, or why it failed) is kept in
`last-snapshot.json` in the folder, which every worker process reads: the front
table's screens say "Last snapshot: game 12, 8:41 p.m." or warn that the last one
failed. It is written whole (a new file renamed over the old one) and, when the disk is
too full for a new file, over the old file's own bytes (a fixed size, so no new block).

A copy killed halfway leaves its hidden partial file and SQLite's `-journal` (or
`-wal`, `-shm`) beside it; the next copy, under the folder's lock, clears them.
"""

from __future__ import annotations

import fcntl
import itertools
import json
import logging
import os
import re
import sqlite3
import tempfile
import threading
import time
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.db import connection

from clubs.interface import disk_full
from config.files import fsync_folder, private_file, private_folder

from .models import Drive

SNAPSHOT_KEEP = 10
# s<sequence>-<time>-<label>.sqlite3; files from before the sequence count as the oldest.
_SEQUENCE = re.compile(r"^s(\d+)-")
_PARTIAL = ".part"
# A temporary file this old was left by a copy that died (a copy takes seconds).
_STALE_SECONDS = 15 * 60
# .owed-<clock ns>-<process>-<n>-<time>-<label>: a snapshot owed after that game.
_OWED = ".owed-"
_OWED_NAME = re.compile(r"^\.owed-\d+-\d+-\d+-(\d{8}-\d{6})-(.+)$")
_LABEL_DRIVE = re.compile(r"^drive(\d+)-game(\d+)$")
# SQLite's files beside a database being written (rollback journal, or WAL and its index).
SIDE_FILES = ("-journal", "-wal", "-shm")
STATUS_NAME = "last-snapshot.json"
# The status file's fixed size: rewritten in place on a full disk, it needs no new block.
_STATUS_BYTES = 1024
_owed_numbers = itertools.count(1)

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
    with _folder_lock(folder):
        return _write(source, folder, label=label, stamp=f"{now:%Y%m%d-%H%M%S}")


def _write(source: Path, folder: Path, *, label: str, stamp: str) -> Path:
    """snapshot_write with the folder's lock held."""
    _remove_stale_partials(folder)
    fd, name = tempfile.mkstemp(prefix=".snapshot-", suffix=".sqlite3" + _PARTIAL, dir=folder)
    os.close(fd)  # mkstemp made it 0600; SQLite writes into it
    partial = Path(name)
    try:
        database_copy(source, partial)
        label = _label_of_copy(partial, label)
        taken = snapshots_in(folder)
        number = max((sequence_of(p) for p in taken), default=0) + 1
        target = folder / f"s{number:06d}-{stamp}-{label}.sqlite3"
        os.replace(partial, target)
        fsync_folder(folder)
        for old in [*taken, target][:-SNAPSHOT_KEEP]:
            old.unlink(missing_ok=True)
    finally:
        partial.unlink(missing_ok=True)
        remove_side_files(partial)
    return target


def _label_of_copy(copy: Path, label: str) -> str:
    """The label "drive<n>-game<g>" with the game the copy really holds for that drive:
    a snapshot owed by a process that died is written at the next start, by when the
    database may have moved on, or been put back to an older snapshot."""
    m = _LABEL_DRIVE.match(label)
    if m is None:
        return label
    try:
        db = sqlite3.connect(f"file:{copy}?mode=ro", uri=True)
        try:
            row = db.execute(
                f'SELECT current_game FROM "{Drive._meta.db_table}" WHERE id = ?', (m[1],)
            ).fetchone()
        finally:
            db.close()
    except sqlite3.Error:
        return label
    return f"drive{m[1]}-game{row[0]}" if row else label


def snapshot_after_game(*, label: str, now: datetime) -> None:
    """For "next game", after its commit: a snapshot is owed, and this process's snapshot
    thread writes it while the answer goes back (the request does not wait). Nothing here
    fails the game: the game is seated whatever happens to the copy, so a failure is
    logged for the organizer and the snapshot stays owed (written at the next game or
    start)."""
    source = database_file()
    if source is None:
        return
    folder = Path(settings.SNAPSHOT_DIR)
    try:
        owe(folder, label=label, now=now)
    except OSError:
        log.exception("The snapshot after %s could not be marked as owed", label)
    worker.submit(source, folder)


def owe(folder: Path, *, label: str, now: datetime) -> Path:
    """Leave the mark that a snapshot is owed after `label` (an empty file, made at once)."""
    folder = private_folder(Path(folder))
    mark = folder / (
        f"{_OWED}{time.time_ns()}-{os.getpid()}-{next(_owed_numbers)}-{now:%Y%m%d-%H%M%S}-{label}"
    )
    os.close(os.open(mark, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    return mark


def owed_in(folder: Path) -> list[Path]:
    """The marks of owed snapshots, oldest first."""
    return sorted(Path(folder).glob(f"{_OWED}*"), key=lambda p: _owed_key(p.name))


def _owed_key(name: str) -> tuple[int, ...]:
    return tuple(int(n) for n in name[len(_OWED) :].split("-")[:3] if n.isdigit())


def write_owed(*, source: Path | None = None, folder: Path | None = None) -> Path | None:
    """Write the snapshot owed in `folder`, if any, and clear the marks it settles; what
    the snapshot thread runs (tests call it directly). None when nothing is owed (another
    thread's or worker's snapshot already holds those games) or there is no database
    file. A failure is logged and the marks stay."""
    source = source or database_file()
    folder = Path(folder or settings.SNAPSHOT_DIR)
    if source is None or not source.exists() or not folder.exists():
        return None
    try:
        with _folder_lock(folder):
            # Marks made after this listing may be for games the copy misses: they stay.
            owed = owed_in(folder)
            if not owed:
                return None
            m = _OWED_NAME.match(owed[-1].name)
            stamp, label = (m[1], m[2]) if m else (f"{datetime.now():%Y%m%d-%H%M%S}", "owed")
            written = _write(source, folder, label=label, stamp=stamp)
            for mark in owed:
                mark.unlink(missing_ok=True)
        outcome_record(folder, ok=True, label=_label_of(written), file=written.name)
        return written
    except (OSError, sqlite3.Error, SnapshotError) as e:
        label = owed_label(folder)
        log.exception("The snapshot after %s was not written; it is owed still", label)
        outcome_record(folder, ok=False, label=label, error=e)
        return None


def _label_of(snapshot: Path) -> str:
    """The label in a snapshot's name (s<n>-<date>-<time>-<label>.sqlite3)."""
    return snapshot.name.removesuffix(".sqlite3").split("-", 3)[-1]


def owed_label(folder: Path) -> str:
    owed = owed_in(folder) if Path(folder).exists() else []
    m = _OWED_NAME.match(owed[-1].name) if owed else None
    return m[2] if m else "the last game"


def resume_owed() -> None:
    """At the site's start: a snapshot a dead process owed is written (in the background)."""
    source = database_file()
    folder = Path(settings.SNAPSHOT_DIR)
    if source is not None and folder.exists() and owed_in(folder):
        worker.submit(source, folder)


# ---------------------------------------------------------------- the last outcome


@dataclass(frozen=True)
class SnapshotOutcome:
    """How the last snapshot went: when (aware), the drive and game it was taken after
    (None for a label of no drive), its file, or the error and whether the disk is full."""

    at: datetime
    ok: bool
    drive: int | None
    game: int | None
    file: str = ""
    error: str = ""
    disk_full: bool = False


# This process's last outcome in each folder, for when even the status file could not be
# written.
_last_here: dict[Path, SnapshotOutcome] = {}


def outcome_record(
    folder: Path,
    *,
    ok: bool,
    label: str,
    file: str = "",
    error: BaseException | None = None,
    now: datetime | None = None,
) -> SnapshotOutcome:
    """Keep how a snapshot went in the folder's status file, for every worker's screens."""
    m = _LABEL_DRIVE.match(label)
    outcome = SnapshotOutcome(
        at=now or datetime.now(UTC),
        ok=ok,
        drive=int(m[1]) if m else None,
        game=int(m[2]) if m else None,
        file=file[:200],
        error="" if error is None else str(error)[:300],
        disk_full=error is not None and disk_full(error, where=Path(folder)),
    )
    _last_here[Path(folder)] = outcome
    record = {**asdict(outcome), "at": outcome.at.isoformat()}
    data = json.dumps(record, ensure_ascii=True).encode().ljust(_STATUS_BYTES)
    try:
        _status_write(Path(folder), data)
    except OSError:
        log.exception("How the last snapshot went could not be kept in %s", folder)
    return outcome


def _status_write(folder: Path, data: bytes) -> None:
    target = folder / STATUS_NAME
    try:
        private_folder(folder)
        fd, name = tempfile.mkstemp(prefix=".status-", dir=folder)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.replace(name, target)
        finally:
            Path(name).unlink(missing_ok=True)
        return
    except OSError:
        if not target.exists():
            raise
    # No room for a new file (a full disk): the old file's own bytes are written over.
    fd = os.open(target, os.O_WRONLY)
    try:
        os.pwrite(fd, data, 0)
        os.fsync(fd)
    finally:
        os.close(fd)


def last_snapshot(folder: Path | None = None) -> SnapshotOutcome | None:
    """How the last snapshot of this site's database went, or None when none was taken
    (or the database is not a SQLite file: PostgreSQL has no snapshots)."""
    if database_file() is None:
        return None
    folder = Path(folder or settings.SNAPSHOT_DIR)
    path = folder / STATUS_NAME
    kept = None
    try:
        record = json.loads(path.read_bytes())
        kept = SnapshotOutcome(**{**record, "at": datetime.fromisoformat(record["at"])})
    except (OSError, ValueError, TypeError, KeyError):
        pass  # none yet, or unreadable: this process's own, if any
    here = _last_here.get(folder)
    if kept is None or (here is not None and here.at > kept.at):
        return here
    return kept


class SnapshotThread:
    """One thread per process writes the owed snapshots, one after another. Work handed
    to it while it copies is done by one more pass (a copy holds every game before it)."""

    def __init__(self, settle: float = 1.0):
        # Tests may run the passes in the calling thread instead.
        self.synchronous = False
        # Seconds between the wake-up and the copy: the answer to "next game" and the new
        # game's page the organizer's screen loads next go first (the copy competes with
        # them for the CPU and, in this process, for Python's lock). A snapshot owed
        # meanwhile is marked on disk, so the wait risks nothing.
        self.settle = settle
        self._reset()

    def _reset(self):
        self._lock = threading.Condition()
        self._wanted: set[tuple[Path, Path]] = set()
        self._busy = False
        self._thread: threading.Thread | None = None

    def submit(self, source: Path, folder: Path) -> None:
        if self.synchronous:
            write_owed(source=source, folder=folder)
            return
        with self._lock:
            self._wanted.add((source, folder))
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="snapshots", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def wait_idle(self, timeout: float | None = None) -> bool:
        """True once nothing is wanted or being written (tests, and the bench)."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._wanted and not self._busy, timeout)

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._wanted)
                self._busy = True
            time.sleep(self.settle)
            with self._lock:
                wanted, self._wanted = self._wanted, set()
            try:
                for source, folder in sorted(wanted):
                    write_owed(source=source, folder=folder)
            except Exception:  # the thread must outlive any surprise; the marks stay
                log.exception("The snapshot thread failed; the snapshot is owed still")
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()


worker = SnapshotThread()
# A worker process forked from a parent that had the thread starts without it.
os.register_at_fork(after_in_child=worker._reset)


def wait_idle(timeout: float | None = None) -> bool:
    return worker.wait_idle(timeout)


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
    check_opens(target)


def check_opens(path: Path) -> None:
    """SnapshotError unless the file opens as a whole database (SQLite's quick check)."""
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
    """One snapshot at a time: copies, numbers, renames and prunes (every thread and worker
    process opens the lock file anew, and flock locks each opening against the others)."""
    fd = os.open(folder / ".lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _remove_stale_partials(folder: Path) -> None:
    """Clear what a copy killed halfway left: its partial file, once old, and SQLite's
    files beside it (its -journal: a hot journal left there would be "rolled back" into
    whatever next bears that name), with the partial or once it is gone."""
    cutoff = time.time() - _STALE_SECONDS
    for partial in folder.glob(f".snapshot-*{_PARTIAL}"):
        try:
            if partial.stat().st_mtime < cutoff:
                partial.unlink()
        except FileNotFoundError:
            pass
    for side in SIDE_FILES:
        for left in folder.glob(f".snapshot-*{_PARTIAL}{side}"):
            if not left.with_name(left.name.removesuffix(side)).exists():
                left.unlink(missing_ok=True)


def remove_side_files(database: Path) -> None:
    """Remove SQLite's -journal, -wal and -shm files beside a copy that was not finished."""
    for side in SIDE_FILES:
        Path(f"{database}{side}").unlink(missing_ok=True)
