"""make bench: one command, one table.

Runs bench/run.py (in-process timings with SQL query counts, each path as a
ratio to a floor view measured in the same run) at 20 and 120 pairs, on a
file-based SQLite database and on PostgreSQL (a fresh database on the server
named by DATABASE_URL, or the local one), and prints one table; then the time of
every PDF of a drive at the largest size allowed (400 pairs, bench/pdfs.py), one line
per PDF. The load test through gunicorn follows in bench/load.py.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG = os.environ.get("DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/postgres"


def run(backend: str, pairs: int) -> dict | None:
    env = {**os.environ, "BENCH_JSON": "1", "BENCH_PAIRS": str(pairs)}
    env["CARD_DRIVE_VAR"] = tempfile.mkdtemp(prefix="card-drive-bench-")
    env.pop("DATABASE_URL", None)
    name = ""
    if backend == "postgres":
        try:
            import psycopg

            name = f"carddrive_bench_{secrets.token_hex(4)}"
            with psycopg.connect(PG, autocommit=True) as conn:
                conn.execute(f'CREATE DATABASE "{name}"')
        except Exception as e:  # no server: say so and go on
            print(f"postgres: not measured ({str(e).splitlines()[0][:80]})", file=sys.stderr)
            return None
        env["DATABASE_URL"] = re.sub(r"/[^/]*$", f"/{name}", PG)
    try:
        done = subprocess.run(
            [sys.executable, str(ROOT / "bench" / "run.py")],
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
    finally:
        if name:
            import psycopg

            with psycopg.connect(PG, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    if done.returncode:
        print(done.stderr[-2000:], file=sys.stderr)
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    results = []
    for backend in ("sqlite", "postgres"):
        for pairs in (20, 120):
            print(f"measuring {backend}, {pairs} pairs...", file=sys.stderr, flush=True)
            r = run(backend, pairs)
            if r:
                results.append((backend, r))
    print("\nCard Drive bench: in-process (full middleware), games 24+ of a drive;")
    print(
        "x floor = median / the median of a floor sampled after each call of that path "
        "(1 INSERT + tiny template; behind login for the organizer's paths)"
    )
    header = (
        f"{'path':40} {'db':>8} {'pairs':>5} {'p50 ms':>8} {'p95 ms':>8} {'SQL':>4} {'x floor':>8}"
    )
    print(header)
    print("-" * len(header))
    paths = [row["path"] for row in results[0][1]["rows"]] if results else []
    for path in paths:
        for backend, r in results:
            row = next(x for x in r["rows"] if x["path"] == path)
            print(
                f"{path[:40]:40} {backend:>8} {r['pairs']:>5} {row['median']:>8.2f} "
                f"{row['p95']:>8.2f} {row['queries']:>4} {row['ratio']:>8.1f}"
            )
    pdfs()


def pdfs() -> None:
    """Every PDF of a 400-pair drive, each against gunicorn's worker timeout."""
    print("measuring every PDF at the pair limit...", file=sys.stderr, flush=True)
    env = {**os.environ}
    env["CARD_DRIVE_VAR"] = tempfile.mkdtemp(prefix="card-drive-bench-pdf-")
    env.pop("BENCH_JSON", None)
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "pdfs.py")],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        print(done.stderr[-2000:], file=sys.stderr)
        return
    print(done.stdout.rstrip())


if __name__ == "__main__":
    main()
