"""Settings for the load bench's servers only: the site's own settings, plus a floor
view (bench/live_urls.py) and, on SQLite, a log of every write transaction's wait for
the write lock and the time it held it (BENCH_LOCK_LOG, config/sqlite_backend)."""

import os

from config.settings import *  # noqa: F403
from config.settings import DATABASES

ROOT_URLCONF = "bench.live_urls"

if os.environ.get("BENCH_LOCK_LOG") and DATABASES["default"]["ENGINE"] == "config.sqlite_backend":
    DATABASES["default"]["OPTIONS"]["lock_log"] = os.environ["BENCH_LOCK_LOG"]

# --baseline (bench/load.py): SQLite as it was before its lock file, to compare: Django's
# own backend (BEGIN IMMEDIATE and SQLite's busy-retry loop), a new connection per request.
if os.environ.get("BENCH_BASELINE") and DATABASES["default"]["ENGINE"] == "config.sqlite_backend":
    DATABASES["default"]["ENGINE"] = "django.db.backends.sqlite3"
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["OPTIONS"].pop("lock_log", None)
