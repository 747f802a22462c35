"""Where a profiled bench server's workers spent their time (bench/gunicorn_profile.py):
the workers' profiles merged, the time split into a few kinds, then the top functions.

    python bench/profile_report.py DIR [--top 25]
"""

from __future__ import annotations

import argparse
import pstats
from pathlib import Path

# (kind, a test on "file:function") in order: the first that matches a function's own time.
KINDS = [
    ("waiting for the write lock", lambda f: "threading.py" in f and ":wait" in f),
    ("SQLite (executing SQL)", lambda f: "sqlite3.Cursor" in f or "sqlite3.Connection" in f),
    ("PostgreSQL (executing SQL)", lambda f: "psycopg" in f),
    ("ORM (compiling queries, making objects)", lambda f: "django/db/models" in f),
    ("templates", lambda f: "django/template" in f or "template_partials" in f),
    ("sessions, auth, middleware", lambda f: "contrib/sessions" in f or "middleware" in f),
    ("socket and HTTP", lambda f: "socket" in f or "gunicorn" in f or "select" in f),
]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    files = sorted(str(p) for p in Path(args.folder).glob("worker-*.prof"))
    stats = pstats.Stats(*files)
    totals: dict[str, float] = {}
    for (file, _line, name), (_cc, _nc, tottime, _ct, _callers) in stats.stats.items():
        where = f"{file}:{name}"
        kind = next((k for k, test in KINDS if test(where)), "other Python")
        totals[kind] = totals.get(kind, 0.0) + tottime
    everything = sum(totals.values())
    print(f"{len(files)} workers, {everything:.1f} s profiled (own time of each function)")
    for kind, seconds in sorted(totals.items(), key=lambda kv: -kv[1]):
        print(f"  {kind:<42} {seconds:7.2f} s {100 * seconds / everything:5.1f} %")
    stats.sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
