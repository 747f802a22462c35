"""`manage.py restore [SNAPSHOT] [--dry-run]`: put a snapshot back as the site's database.

Without SNAPSHOT it lists the snapshots, newest last. SNAPSHOT is `newest`, a file
name in the snapshots folder (with or without `.sqlite3`, or its start: `s000042`), or
the path of any copy (a backup). `--dry-run` says what the snapshot holds (its drives,
games and results, when it was written) and what a restore would do, and changes
nothing. A restore first keeps the database in place beside it
(`db-before-restore-<time>.sqlite3`): nothing is lost (drives/restore.py).
On PostgreSQL SNAPSHOT is a backup file (`manage.py backup` wrote it): `--dry-run`
reads its table of contents and changes nothing; the restore is django-dbbackup's
pg_restore in one transaction, so a restore that fails halfway leaves the database as it
was. Stop the app servers first.
"""

from __future__ import annotations

import subprocess
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.utils import timezone

from drives import restore, snapshots


def _when(at) -> str:
    return f"{timezone.localtime(at):%Y-%m-%d %H:%M:%S}"


class Command(BaseCommand):
    help = "Put a snapshot (or a backup) back as the site's database; --dry-run says what."

    def add_arguments(self, parser):
        parser.add_argument(
            "snapshot",
            nargs="?",
            metavar="SNAPSHOT",
            help="newest, a snapshot's name (or its start, s000042), or a file's path",
        )
        parser.add_argument(
            "--dry-run",
            action="store_true",
            help="say what the snapshot holds and what would be done; change nothing",
        )

    def handle(self, *args, **opts):
        if connection.vendor == "postgresql":
            self._postgresql(opts["snapshot"], dry_run=opts["dry_run"])
            return
        database = snapshots.database_file()
        if database is None:
            raise CommandError("The database is in memory: there is no file to restore into.")
        folder = Path(settings.SNAPSHOT_DIR)
        if not opts["snapshot"]:
            self._list(folder)
            return
        snapshot = self._find(opts["snapshot"], folder)
        try:
            contents = restore.snapshot_contents(snapshot)
        except snapshots.SnapshotError as e:
            raise CommandError(f"Not restored, nothing changed: {e}.") from e
        self._describe(contents)
        if opts["dry_run"]:
            if database.exists():
                aside = restore.aside_name(database, timezone.now())
                self.stdout.write(
                    f"A restore would keep the database in place ({database}) as {aside}, "
                    f"then put this snapshot in its place."
                )
            else:
                self.stdout.write(f"A restore would put this snapshot at {database}.")
            self.stdout.write("Dry run: nothing was changed.")
            return
        try:
            aside = restore.database_restore(snapshot, database, now=timezone.now())
        except snapshots.SnapshotError as e:
            raise CommandError(f"Not restored, nothing changed: {e}.") from e
        if aside is not None:
            self.stdout.write(f"The database that was in place is kept as {aside}.")
        self.stdout.write(
            f"Restored {snapshot.name} to {database}. Start the site (make run): the night "
            f"goes on from the game under way in the snapshot."
        )

    def _list(self, folder: Path) -> None:
        taken = snapshots.snapshots_in(folder) if folder.exists() else []
        if not taken:
            self.stdout.write(f"No snapshots in {folder} yet.")
            return
        self.stdout.write(f"Snapshots in {folder}, newest last:")
        for path in taken:
            written = datetime.fromtimestamp(path.stat().st_mtime, tz=UTC)
            self.stdout.write(f"  {path.name}  (written {_when(written)})")
        self.stdout.write(
            "See what one holds: manage.py restore <name> --dry-run; restore it: "
            "manage.py restore <name>."
        )

    def _find(self, wanted: str, folder: Path) -> Path:
        taken = snapshots.snapshots_in(folder) if folder.exists() else []
        if wanted == "newest":
            if not taken:
                raise CommandError(f"No snapshots in {folder} yet.")
            return taken[-1]
        path = Path(wanted)
        if path.is_file():
            return path
        matches = [p for p in taken if p.name == wanted or p.name.startswith(wanted)]
        if len(matches) == 1:
            return matches[0]
        if matches:
            names = ", ".join(p.name for p in matches)
            raise CommandError(f"{wanted} names {len(matches)} snapshots ({names}): say which.")
        raise CommandError(
            f"There is no snapshot {wanted} in {folder} and no file {wanted}: "
            "`manage.py restore` lists them."
        )

    def _describe(self, contents: restore.SnapshotContents) -> None:
        drives = contents.drives
        self.stdout.write(
            f"Snapshot {contents.path.name}, written {_when(contents.written)} "
            f"({contents.size:,} bytes)."
        )
        self.stdout.write(
            f"It holds {len(drives)} drive{'s' * (len(drives) != 1)}, "
            f"{contents.games} game{'s' * (contents.games != 1)} seated and "
            f"{contents.results} result{'s' * (contents.results != 1)}:"
        )
        for d in drives:
            at = f"game {d.game} of {d.games}" if d.game else f"{d.games} games planned"
            self.stdout.write(
                f"  {d.name} ({d.date}): {d.status}, {at}, {d.pairs} pairs, {d.results} results"
            )

    def _postgresql(self, name: str | None, *, dry_run: bool) -> None:
        folder = Path(settings.BACKUP_DIR)
        if not name:
            found = sorted(folder.glob("db-*.psql.bin")) if folder.is_dir() else []
            if not found:
                self.stdout.write(f"No backups in {folder}.")
            for path in found:
                self.stdout.write(f"{path.name}  {path.stat().st_size} bytes")
            return
        path = Path(name)
        if not path.exists() and (folder / name).exists():
            path = folder / name
        if not path.is_file():
            raise CommandError(f"There is no backup file {name}.")
        listed = subprocess.run(
            ["pg_restore", "--list", str(path)], capture_output=True, text=True, check=False
        )
        if listed.returncode != 0:
            raise CommandError(
                f"{path} is not a backup pg_restore can read; nothing changed: "
                f"{listed.stderr.strip()}"
            )
        tables = sum(1 for line in listed.stdout.splitlines() if " TABLE DATA " in line)
        self.stdout.write(f"{path}: a PostgreSQL backup with {tables} tables' rows.")
        if dry_run:
            self.stdout.write("Dry run: nothing was changed.")
            return
        try:
            call_command("dbrestore", "--noinput", "--quiet", "--input-path", str(path))
        except Exception as e:
            raise CommandError(f"Not restored, nothing changed: {e}") from e
        self.stdout.write(f"Restored {path} into the database.")
