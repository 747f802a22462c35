"""The files a fresh site makes in var/ are readable by the site's account only: the
database (with its -wal and -shm files), the secret key, and the folder itself."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from config import files

ROOT = Path(__file__).resolve().parents[2]

# A fresh start: settings make var/ and the key, the site opens its database and writes.
START = """
import django
django.setup()
from django.db import connection
with connection.cursor() as c:
    c.execute("CREATE TABLE night (game INTEGER)")
    c.execute("INSERT INTO night VALUES (1)")
    # Held open, as a running site holds it: the -wal and -shm files exist now.
    import json, pathlib, stat, sys
    folder = pathlib.Path(sys.argv[1])
    print(json.dumps({p.name: stat.S_IMODE(p.stat().st_mode) for p in folder.iterdir()}))
"""


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_fresh_site_makes_its_database_key_and_folder_private(tmp_path):
    var = tmp_path / "var"
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DATABASE_URL", "SQLITE_PATH", "SECRET_KEY", "SNAPSHOT_DIR"}
    }
    env.update(CARD_DRIVE_VAR=str(var), DJANGO_SETTINGS_MODULE="config.settings")
    # The usual umask of a laptop account: new files readable by every local user.
    out = subprocess.run(
        [sys.executable, "-c", f"import os; os.umask(0o022); exec({START!r})", str(var)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    modes = json.loads(out)
    assert mode(var) == 0o700
    # SQLite gives the write-ahead log and shared memory files the database's mode.
    for name in ("secret.key", "db.sqlite3", "db.sqlite3-wal", "db.sqlite3-shm"):
        assert modes[name] == 0o600, name


def test_private_text_is_never_readable_by_others_and_never_overwritten(tmp_path):
    key = tmp_path / "secret.key"
    files.private_text(key, "first")
    assert mode(key) == 0o600
    with pytest.raises(FileExistsError):
        files.private_text(key, "second")
    assert key.read_text() == "first"
