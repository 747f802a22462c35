"""Whether an error means the disk is full: the screens answer it with a 503 saying so
(clubs/middleware.py), and a snapshot that failed for it says so on the front table's
screens (drives/snapshots.py).

SQLite does not always say "full": in WAL mode a new connection maps its -shm file, and
on a disk with no room left that fails as a plain "disk I/O error" (seen on a real full
disk, the site served as `make run` serves it). Such an I/O error counts as a full disk
when the disk under the database (or the folder named) has almost no space left.
"""

from __future__ import annotations

import errno
import shutil
import sqlite3
from pathlib import Path

from django.conf import settings
from django.db import DatabaseError

# What SQLite and PostgreSQL say when the disk is full: SQLite's SQLITE_FULL, PostgreSQL's
# DiskFull (SQLSTATE 53100, "could not extend file ...: No space left on device").
_DISK_FULL = ("database or disk is full", "no space left on device", "could not extend file")
_DISK_FULL_ERRNOS = (errno.ENOSPC, errno.EDQUOT)
_DISK_FULL_SQLSTATE = "53100"
_IO_ERROR = "disk i/o error"
# Less free space than this (for the site's account) with an I/O error: the disk is full.
LOW_SPACE_BYTES = 16 * 1024 * 1024


def _folders(where: Path | None) -> list[Path]:
    """Where the site writes: the folder named, the SQLite database's, var/."""
    folders = [Path(where)] if where is not None else []
    db = settings.DATABASES.get("default", {})
    name = str(db.get("NAME") or "")
    if "sqlite" in db.get("ENGINE", "") and name and not name.startswith(("file:", ":memory:")):
        folders.append(Path(name).parent)
    folders.append(Path(settings.VAR_DIR))
    return folders


def little_space_left(where: Path | None = None) -> bool:
    """Whether a disk the site writes to has almost no space left."""
    for folder in _folders(where):
        try:
            if shutil.disk_usage(folder).free < LOW_SPACE_BYTES:
                return True
        except OSError:
            continue
    return False


def _causes(exc: BaseException):
    """The exception and those it came from (Django's database errors wrap the driver's)."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        yield exc
        exc = exc.__cause__ or exc.__context__


def disk_full(exc: BaseException, where: Path | None = None) -> bool:
    """Whether the error, or one it came from, says the disk is full (or is an I/O
    error on a disk with almost no space left: `where`, the database's, var/)."""
    for e in _causes(exc):
        if isinstance(e, OSError) and e.errno in _DISK_FULL_ERRNOS:
            return True
        if getattr(e, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL:
            return True
        if getattr(e, "sqlstate", None) == _DISK_FULL_SQLSTATE:
            return True
        if isinstance(e, DatabaseError | sqlite3.Error) and any(
            words in str(e).lower() for words in _DISK_FULL
        ):
            return True
    for e in _causes(exc):
        io_error = (isinstance(e, OSError) and e.errno == errno.EIO) or (
            isinstance(e, DatabaseError | sqlite3.Error) and _IO_ERROR in str(e).lower()
        )
        if io_error and little_space_left(where):
            return True
    return False
