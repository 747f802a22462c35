"""`manage.py backup [--to PATH]`: a consistent copy of the SQLite database, site running.

It uses SQLite's online backup API (as the per-game snapshots do), so results
entered meanwhile are either in the copy or not, never half. The copy is written
next to its destination first, flushed to disk and checked to open, and then
renamed, so an interrupted backup never leaves a broken file where a good one
was. The copy is readable by the site's account only (0600; var/backups/ 0700).

On PostgreSQL (the hosted server) it is django-dbbackup's pg_dump in its custom format,
`BACKUP_DIR/db-YYYYMMDD-HHMMSS.psql.bin`, keeping the newest BACKUP_KEEP of them (a
scheduled backup never fills the disk); `--to` writes one file there and removes nothing.
`manage.py restore FILE` puts one back (pg_restore, in one transaction).
"""

from __future__ import annotations

import os
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.utils import timezone

from config.files import fsync_folder, private_folder
from drives import snapshots


class Command(BaseCommand):
    help = "Write a consistent copy of the SQLite database, even while the site runs."

    def add_arguments(self, parser):
        parser.add_argument(
            "--to",
            metavar="PATH",
            help="the file to write, or a folder to write it in (default: var/backups/)",
        )

    def handle(self, *args, **opts):
        if connection.vendor == "postgresql":
            self._postgresql(opts["to"])
            return
        if connection.vendor != "sqlite":
            raise CommandError(
                f"The database is {connection.display_name}: use its own backup tool."
            )
        source = snapshots.database_file()
        if source is None:
            raise CommandError("The database is in memory: there is no file to back up.")
        if not source.exists():
            raise CommandError(f"There is no database at {source} yet: nothing to back up.")
        name = f"db-{timezone.localtime():%Y%m%d-%H%M%S}.sqlite3"
        target = Path(opts["to"]) if opts["to"] else Path(settings.VAR_DIR) / "backups"
        if not opts["to"] or target.is_dir() or opts["to"].endswith(("/", os.sep)):
            target = target / name
        if target.resolve() == source.resolve():
            raise CommandError(f"{target} is the database itself: choose another file.")
        private_folder(target.parent)
        partial = target.with_name(target.name + ".part")
        # Left by a backup that was interrupted: the copy, and SQLite's journal beside it.
        partial.unlink(missing_ok=True)
        snapshots.remove_side_files(partial)
        try:
            snapshots.database_copy(source, partial)
            os.replace(partial, target)
            fsync_folder(target.parent)
        except snapshots.SnapshotError as e:
            raise CommandError(f"The backup did not come out whole; nothing written: {e}") from e
        finally:
            partial.unlink(missing_ok=True)
            snapshots.remove_side_files(partial)
        self.stdout.write(
            f"Backup of {source} written to {target} ({target.stat().st_size} bytes)."
        )

    def _postgresql(self, to: str | None) -> None:
        name = f"db-{timezone.localtime():%Y%m%d-%H%M%S}.psql.bin"
        target = Path(to) if to else Path(settings.BACKUP_DIR) / name
        if to and (target.is_dir() or to.endswith(("/", os.sep))):
            target = target / name
        private_folder(target.parent)
        try:
            call_command("dbbackup", "--noinput", "--quiet", "--output-path", str(target))
        except Exception as e:  # pg_dump missing, the server unreachable, a full disk
            target.unlink(missing_ok=True)
            raise CommandError(f"The backup did not come out whole; nothing kept: {e}") from e
        os.chmod(target, 0o600)
        self.stdout.write(
            f"Backup of the PostgreSQL database written to {target} "
            f"({target.stat().st_size} bytes)."
        )
        if not to:
            for old in kept_too_long(target.parent, settings.BACKUP_KEEP):
                old.unlink(missing_ok=True)
                old.with_name(old.name + ".metadata").unlink(missing_ok=True)
                self.stdout.write(f"Removed the older backup {old.name}.")


def kept_too_long(folder: Path, keep: int) -> list[Path]:
    """The scheduled PostgreSQL backups past the newest `keep` (their names sort by time)."""
    found = sorted(folder.glob("db-*.psql.bin"))
    return found[: max(0, len(found) - keep)]
