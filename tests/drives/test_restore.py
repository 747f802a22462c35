"""`manage.py restore SNAPSHOT [--dry-run]` (drives/management/commands/restore.py,
drives/restore.py): a dry run says what the snapshot holds and changes nothing; a
restore keeps the database in place beside it first and puts the snapshot back, even
under a site still running."""

from __future__ import annotations

import hashlib
import io
import sqlite3
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from drives import restore, services, snapshots
from tests.builders import NOW, play_game, started_drive

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("connection.vendor != 'sqlite'", reason="snapshots are SQLite's"),
]


def copy_of_the_test_database(path: Path) -> Path:
    """This test's database as a file, in WAL mode as the site runs it."""
    target = sqlite3.connect(path)
    connection.ensure_connection()
    connection.connection.backup(target)
    target.execute("PRAGMA journal_mode=WAL")
    target.close()
    return path


def current_game(path: Path, drive_id: int) -> int:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return db.execute(
            "SELECT current_game FROM drives_drive WHERE id = ?", (drive_id,)
        ).fetchone()[0]
    finally:
        db.close()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def hall(tmp_path, club, organizer, monkeypatch, settings):
    """A night snapshotted after game 2 and then played on to game 3 in the site's file."""
    folder = tmp_path / "snapshots"
    settings.SNAPSHOT_DIR = folder
    drive = started_drive(club, organizer, pairs=9, games=10, name="Friday 45s")
    play_game(drive, organizer)
    services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW)
    at_game_2 = copy_of_the_test_database(tmp_path / "then.sqlite3")
    snapshot = snapshots.snapshot_write(
        label=f"drive{drive.pk}-game2", now=NOW, source=at_game_2, folder=folder
    )
    play_game(drive, organizer)
    services.game_advance(drive=drive, from_game=2, actor=organizer, now=NOW)
    database = copy_of_the_test_database(tmp_path / "db.sqlite3")
    monkeypatch.setattr(snapshots, "database_file", lambda: database)
    return drive, snapshot, database


def run(*args) -> str:
    out = io.StringIO()
    call_command("restore", *args, stdout=out)
    return out.getvalue()


def test_a_dry_run_lists_what_the_snapshot_holds_and_changes_nothing(hall):
    drive, snapshot, database = hall
    before = digest(database)
    said = run(snapshot.name, "--dry-run")
    assert f"Snapshot {snapshot.name}, written " in said
    assert "It holds 1 drive, 2 games seated and 4 results:" in said
    assert "  Friday 45s (2026-11-29): running, game 2 of 10, 9 pairs, 4 results" in said
    assert f"A restore would keep the database in place ({database}) as " in said
    assert "Dry run: nothing was changed." in said
    assert digest(database) == before
    assert not list(database.parent.glob("*before-restore*"))


def test_a_restore_puts_the_snapshot_back_and_keeps_the_database_that_was_there(hall):
    drive, snapshot, database = hall
    assert current_game(database, drive.pk) == 3
    said = run(snapshot.name[:7])  # "s000001": the start of its name is enough
    [aside] = database.parent.glob("db-before-restore-*.sqlite3")
    assert f"The database that was in place is kept as {aside}." in said
    assert f"Restored {snapshot.name} to {database}." in said
    assert current_game(database, drive.pk) == 2
    assert current_game(aside, drive.pk) == 3  # nothing lost
    contents = restore.snapshot_contents(database)
    assert (contents.games, contents.results) == (2, 4)
    db = sqlite3.connect(database)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"  # as the site runs it
    db.close()


def test_a_site_still_running_reads_the_restored_night(hall):
    drive, snapshot, database = hall
    site = sqlite3.connect(database)  # a worker's open connection
    assert site.execute("SELECT current_game FROM drives_drive").fetchone()[0] == 3
    run("newest")
    assert site.execute("SELECT current_game FROM drives_drive").fetchone()[0] == 2
    site.execute("UPDATE drives_drive SET name = 'Friday 45s, restored'")
    site.commit()
    assert site.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    site.close()


def test_a_database_that_no_longer_opens_is_moved_aside_as_it_is(hall):
    drive, snapshot, database = hall
    for side in ("-wal", "-shm"):
        Path(f"{database}{side}").unlink(missing_ok=True)
    database.write_bytes(b"the laptop died while writing this" * 100)
    broken = digest(database)
    run(str(snapshot))  # a path works too
    [aside] = database.parent.glob("db-before-restore-*.sqlite3")
    assert digest(aside) == broken
    assert current_game(database, drive.pk) == 2


def test_a_restore_with_no_database_in_place_puts_the_snapshot_there(hall):
    drive, snapshot, database = hall
    for side in ("", "-wal", "-shm"):
        Path(f"{database}{side}").unlink(missing_ok=True)
    said = run(snapshot.name)
    assert "kept as" not in said
    assert current_game(database, drive.pk) == 2
    assert not list(database.parent.glob("db-before-restore-*"))
    assert not list(database.parent.glob("*.part*"))


def test_the_leftovers_of_a_killed_restore_are_cleared(hall):
    drive, snapshot, database = hall
    for side in ("", "-wal", "-shm"):
        Path(f"{database}{side}").unlink(missing_ok=True)
    Path(f"{database}.restore.part").write_bytes(b"half")
    Path(f"{database}.restore.part-journal").write_bytes(b"a hot journal")
    run(snapshot.name)
    assert current_game(database, drive.pk) == 2
    assert not list(database.parent.glob("*.part*"))


def test_a_snapshot_that_is_not_whole_is_refused_and_nothing_changes(hall, tmp_path):
    drive, snapshot, database = hall
    bad = tmp_path / "snapshots" / "s000099-20261129-200000-drive1-game9.sqlite3"
    bad.write_bytes(b"SQLite format 3\0" + b"\0" * 100)
    before = digest(database)
    with pytest.raises(CommandError, match="Not restored, nothing changed"):
        run(bad.name)
    assert digest(database) == before
    assert not list(database.parent.glob("db-before-restore-*"))


def test_a_name_that_is_no_snapshot_is_refused(hall):
    with pytest.raises(CommandError, match="There is no snapshot s9999 in"):
        run("s9999")


def test_without_a_name_it_lists_the_snapshots_newest_last(hall):
    drive, snapshot, database = hall
    said = run()
    assert f"  {snapshot.name}  (written " in said
    assert "manage.py restore <name> --dry-run" in said


def test_the_site_writing_too_long_refuses_the_restore_and_changes_nothing(hall, monkeypatch):
    import fcntl
    import os

    from config.sqlite_backend.base import lock_path

    drive, snapshot, database = hall
    monkeypatch.setattr(restore, "LOCK_WAIT_SECONDS", 0.2)
    fd = os.open(lock_path(str(database)), os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX)  # a worker in the middle of a write
    try:
        with pytest.raises(CommandError, match="stop it"):
            run(snapshot.name)
    finally:
        os.close(fd)
    assert current_game(database, drive.pk) == 3
    assert not list(database.parent.glob("db-before-restore-*"))


def test_no_room_to_keep_the_database_aside_refuses_the_restore_and_moves_nothing(
    hall, monkeypatch
):
    import errno

    drive, snapshot, database = hall

    def no_space(source, target):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(restore, "database_copy", no_space)
    before = digest(database)
    with pytest.raises(CommandError, match="the database in place could not be kept"):
        run(snapshot.name)
    assert digest(database) == before and current_game(database, drive.pk) == 3
    assert not list(database.parent.glob("db-before-restore-*"))
