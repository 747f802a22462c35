"""Snapshots of the SQLite database after every "next game".

A dead laptop then loses at most the game being played. SQLite's online
backup API copies a consistent database while the site runs; the last
SNAPSHOT_KEEP files are kept in settings.SNAPSHOT_DIR (outside git).
"""

from __future__ import annotations

import sqlite3
from datetime import datetime
from pathlib import Path

from django.conf import settings
from django.db import connection

SNAPSHOT_KEEP = 10


def database_file() -> Path | None:
    """The SQLite file behind the default database, or None (PostgreSQL, in-memory)."""
    if connection.vendor != "sqlite":
        return None
    name = str(connection.settings_dict["NAME"])
    if not name or name == ":memory:" or name.startswith("file:") or "mode=memory" in name:
        return None
    return Path(name)


def snapshot_write(
    *, label: str, now: datetime, source: Path | None = None, folder: Path | None = None
) -> Path | None:
    """Copy the database to folder/<time>-<label>.sqlite3 and keep the newest SNAPSHOT_KEEP."""
    source = source or database_file()
    if source is None or not source.exists():
        return None
    folder = Path(folder or settings.SNAPSHOT_DIR)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{now:%Y%m%d-%H%M%S-%f}-{label}.sqlite3"
    database_copy(source, target)
    for old in sorted(folder.glob("*.sqlite3"))[:-SNAPSHOT_KEEP]:
        old.unlink(missing_ok=True)
    return target


def database_copy(source: Path, target: Path) -> None:
    """A consistent copy of the SQLite file `source` at `target`, taken while others write."""
    src = sqlite3.connect(str(source))
    try:
        dst = sqlite3.connect(str(target))
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()
