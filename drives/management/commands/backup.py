"""`manage.py backup [--to PATH]`: a consistent copy of the SQLite database, site running.

It uses SQLite's online backup API (as the per-game snapshots do), so results
entered meanwhile are either in the copy or not, never half. The copy is written
next to its destination first, flushed to disk and checked to open, and then
renamed, so an interrupted backup never leaves a broken file where a good one
was. The copy is readable by the site's account only (0600; var/backups/ 0700).
On PostgreSQL it refuses: pg_dump is the tool there.
"""

from __future__ import annotations

import os
from pathlib import Path

from django.conf import settings
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
            raise CommandError(
                "The database is PostgreSQL: back it up with pg_dump, for example "
                "`pg_dump --format=custom --file=card-drive.dump <database>`."
            )
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
