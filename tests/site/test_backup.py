"""`manage.py backup` (drives/management/commands/backup.py)."""

from __future__ import annotations

import io
import re
import sqlite3
import stat
import threading
import time
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from drives import snapshots
from drives.management.commands.backup import Command

TOTAL = 1000  # the money in the accounts: every transfer keeps it


def make_database(path: Path) -> None:
    """A database in WAL mode, as the site runs it: accounts that always hold TOTAL."""
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("CREATE TABLE account (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL)")
    db.execute("CREATE TABLE entry (id INTEGER PRIMARY KEY, note TEXT NOT NULL)")
    db.executemany("INSERT INTO account (id, balance) VALUES (?, ?)", [(1, TOTAL), (2, 0)])
    db.commit()
    db.close()


class Writer(threading.Thread):
    """Another connection that keeps writing: a transfer and an entry per transaction."""

    def __init__(self, path: Path):
        super().__init__(daemon=True)
        self.path = path
        self.stop = threading.Event()
        self.written = 0

    def run(self):
        db = sqlite3.connect(self.path, timeout=20, isolation_level=None)
        try:
            while not self.stop.is_set():
                db.execute("BEGIN IMMEDIATE")
                db.execute("UPDATE account SET balance = balance - 1 WHERE id = 1")
                db.execute("INSERT INTO entry (note) VALUES (?)", ("result entered " * 20,))
                db.execute("UPDATE account SET balance = balance + 1 WHERE id = 2")
                db.execute("COMMIT")
                self.written += 1
        finally:
            db.close()


def contents(path: Path) -> tuple[str, int, int]:
    db = sqlite3.connect(path)
    try:
        check = db.execute("PRAGMA integrity_check").fetchone()[0]
        total = db.execute("SELECT SUM(balance) FROM account").fetchone()[0]
        entries = db.execute("SELECT COUNT(*) FROM entry").fetchone()[0]
    finally:
        db.close()
    return check, total, entries


def backup(*args) -> str:
    out = io.StringIO()
    call_command("backup", *args, stdout=out)
    return out.getvalue()


@pytest.fixture
def live_db(tmp_path, monkeypatch):
    """The site's database file: a real SQLite file in WAL mode."""
    path = tmp_path / "db.sqlite3"
    make_database(path)
    # The suite also runs on PostgreSQL: the command is shown an SQLite site either way.
    monkeypatch.setattr(connection, "vendor", "sqlite")
    monkeypatch.setattr(snapshots, "database_file", lambda: path)
    return path


def test_a_backup_taken_while_another_connection_writes_is_whole_and_consistent(live_db, tmp_path):
    site = sqlite3.connect(live_db)  # the running site keeps its connection open
    site.execute("SELECT 1 FROM account").fetchall()
    writer = Writer(live_db)
    writer.start()
    try:
        while writer.written < 50:
            time.sleep(0.01)
        seen = []
        for i in range(5):
            target = tmp_path / f"backup-{i}.sqlite3"
            out = backup("--to", str(target))
            assert f"written to {target}" in out
            check, total, entries = contents(target)
            # Each copy is one moment of the database: never a transfer half done.
            assert (check, total) == ("ok", TOTAL)
            seen.append(entries)
            time.sleep(0.02)
    finally:
        writer.stop.set()
        writer.join()
    assert seen == sorted(seen) and seen[-1] > seen[0], "the writer kept writing meanwhile"
    # Once the writing stops, a backup holds every row written, including those
    # still in the write-ahead log (a plain copy of the file would miss them).
    wal = live_db.with_name(live_db.name + "-wal")
    assert wal.stat().st_size > 0
    final = tmp_path / "final.sqlite3"
    backup("--to", str(final))
    assert contents(final) == ("ok", TOTAL, writer.written)
    site.close()


def test_by_default_the_backup_goes_to_var_backups_with_the_time_in_its_name(
    live_db, tmp_path, settings
):
    settings.VAR_DIR = tmp_path / "var"
    out = backup()
    [written] = (tmp_path / "var" / "backups").iterdir()
    assert re.fullmatch(r"db-\d{8}-\d{6}\.sqlite3", written.name)
    assert str(written) in out
    assert contents(written)[:2] == ("ok", TOTAL)


def test_a_folder_given_gets_a_file_named_after_the_time(live_db, tmp_path):
    folder = tmp_path / "usb stick"
    folder.mkdir()
    backup("--to", str(folder))
    [written] = folder.iterdir()
    assert written.name.startswith("db-") and written.suffix == ".sqlite3"


def test_a_backup_over_an_older_one_replaces_it_whole(live_db, tmp_path):
    target = tmp_path / "carddrive.sqlite3"
    target.write_bytes(b"last week's backup, or something broken")
    backup("--to", str(target))
    assert contents(target) == ("ok", TOTAL, 0)
    assert not target.with_name(target.name + ".part").exists()


def test_it_will_not_write_over_the_database_itself(live_db):
    before = live_db.read_bytes()
    with pytest.raises(CommandError, match="is the database itself"):
        backup("--to", str(live_db))
    assert live_db.read_bytes() == before


def run(capsys) -> tuple[int, str]:
    """The command as run from a shell: its exit code and what it printed."""
    with pytest.raises(SystemExit) as e:
        Command().run_from_argv(["manage.py", "backup"])
    return e.value.code, capsys.readouterr().err


def test_on_postgresql_a_pg_dump_that_fails_keeps_nothing_and_says_why(
    monkeypatch, capsys, settings, tmp_path
):
    """The PostgreSQL backup is pg_dump (tests/site/test_deploy.py restores one); here the
    site is shown as PostgreSQL and pg_dump cannot be found, so it fails."""
    monkeypatch.setattr(connection, "vendor", "postgresql")
    monkeypatch.setenv("PATH", str(tmp_path))
    settings.BACKUP_DIR = tmp_path / "backups"
    code, err = run(capsys)
    assert code == 1
    assert "The backup did not come out whole; nothing kept" in err
    assert list((tmp_path / "backups").glob("db-*")) == []


def test_with_no_database_file_it_refuses_with_exit_code_1(monkeypatch, capsys):
    monkeypatch.setattr(connection, "vendor", "sqlite")
    monkeypatch.setattr(snapshots, "database_file", lambda: None)
    code, err = run(capsys)
    assert code == 1 and "in memory" in err


def test_a_backup_and_the_backups_folder_are_private_to_the_sites_account(
    live_db, tmp_path, settings
):
    settings.VAR_DIR = tmp_path / "var"
    backup()
    folder = tmp_path / "var" / "backups"
    [written] = folder.iterdir()
    assert stat.S_IMODE(written.stat().st_mode) == 0o600
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700


def test_the_journal_a_killed_backup_left_beside_its_partial_file_is_cleared(live_db, tmp_path):
    target = tmp_path / "usb" / "card-drive.sqlite3"
    target.parent.mkdir()
    # The same backup, killed halfway last time: its partial copy and SQLite's journal.
    partial = target.with_name(target.name + ".part")
    partial.write_bytes(b"half a database")
    Path(f"{partial}-journal").write_bytes(b"\xd9\xd5\x05\xf9\x20\xa1\x63\xd7" + b"\0" * 504)
    backup("--to", str(target))
    assert contents(target)[:2] == ("ok", TOTAL)
    assert sorted(p.name for p in target.parent.iterdir()) == [target.name]
