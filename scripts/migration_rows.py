"""Migrate a database and show that every row is kept: row counts of every table before and
after, side by side. Exits 1 if a table lost or gained a row.

    SQLITE_PATH=var/db.sqlite3 .venv/bin/python scripts/migration_rows.py
    DATABASE_URL=postgres://... .venv/bin/python scripts/migration_rows.py

Take a snapshot first: migrate changes the database in place.
"""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402


def row_counts() -> dict[str, int]:
    with connection.cursor() as cursor:
        tables = connection.introspection.table_names(cursor)
        counts = {}
        for table in tables:
            cursor.execute(f"SELECT COUNT(*) FROM {connection.ops.quote_name(table)}")
            counts[table] = cursor.fetchone()[0]
    return counts


def main() -> int:
    before = row_counts()
    call_command("migrate", verbosity=0)
    after = row_counts()
    changed = 0
    print(f"{'table':40} {'before':>8} {'after':>8}")
    for table in sorted(before.keys() | after.keys()):
        b, a = before.get(table), after.get(table)
        # django_migrations gains the rows of the migrations just applied; that is the point.
        mark = ""
        if b != a and table != "django_migrations":
            mark = "  <-- changed"
            changed += 1
        print(f"{table:40} {'-' if b is None else b:>8} {'-' if a is None else a:>8}{mark}")
    print(
        f"{sum(v for k, v in before.items() if k != 'django_migrations')} rows before, "
        f"{sum(v for k, v in after.items() if k != 'django_migrations')} after; "
        f"{changed} tables changed"
    )
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
