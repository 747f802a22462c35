"""Files only the site's own account may read: the database, its snapshots and backups,
the secret key (0600), and the folders that hold them (0700).

No Django here: settings uses it before Django is set up.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

FILE_MODE = 0o600
FOLDER_MODE = 0o700


def private_folder(path: Path) -> Path:
    """Make the folder (and any missing parents) readable by the site's account only.

    A folder that already exists keeps its mode: it may be one the laptop's owner
    chose and shares (a USB stick given to `manage.py backup --to`).
    """
    path = Path(path)
    if not path.exists():
        path.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
        path.chmod(FOLDER_MODE)  # mkdir's mode is narrowed by the umask, never widened
    return path


def private_file(path: Path) -> Path:
    """Create an empty file 0600 if there is none, so what is written into it later (an
    SQLite database, whose -wal and -shm files take the database's mode) is private
    from its first byte."""
    path = Path(path)
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))
    return path


def private_text(path: Path, text: str) -> None:
    """Write a new file that only the site's account can read (it is never readable by
    others, not even between its creation and a chmod)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
    with os.fdopen(fd, "w") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())


def fsync_folder(path: Path) -> None:
    """Make a rename in the folder survive a power cut (the folder's entry is on disk)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
