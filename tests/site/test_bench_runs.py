"""`make bench` must keep working: a change that breaks a benchmarked path (a refused
request, a renamed URL) fails here, not silently in the next performance report."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_in_process_bench_runs_every_path_at_a_small_size(tmp_path):
    env = {
        **os.environ,
        "BENCH_PAIRS": "12",
        "BENCH_SAMPLES_DIVISOR": "50",
        "BENCH_JSON": "1",
        "CARD_DRIVE_VAR": str(tmp_path),
    }
    env.pop("DATABASE_URL", None)
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "run.py")],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    rows = {r["path"]: r for r in json.loads(done.stdout.strip().splitlines()[-1])["rows"]}
    for path in (
        "table report + confirm (2 POSTs)",
        "result tap (htmx POST)",
        "result screen (GET)",
        "standings page (GET)",
        "next game (POST, games 24-35)",
        "prize report PDF (GET, finished)",
    ):
        assert rows[path]["median"] > 0, path
        assert rows[path]["queries"] > 0, path


def test_the_association_bench_runs_at_a_small_size():
    """bench/association.py on PostgreSQL: clubs' nights at once through two app servers,
    laptops publishing; its own figures say 0 errors, lost, duplicates, one night each."""
    import pytest

    from bench.live import postgres_url

    if postgres_url() is None:
        pytest.skip("the association bench needs PostgreSQL (DATABASE_URL)")
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "association.py"),
            *("--clubs", "2", "--tables", "3", "--games", "2", "--scale", "0.03"),
            *("--laptops", "2", "--publish-pairs", "8", "--workers", "1"),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.strip().splitlines()
    figures = lines[-2].split()
    assert figures[:3] == ["2", "6", "24"]  # clubs, tables, writes (2 games x 6 tables x 2)
    assert figures[7:10] == ["0", "0", "0"]  # errors, lost, duplicates
    assert lines[-1].endswith(
        "0 errors; on the server 2 nights, 2 drives, 2 replaced (one each per laptop: 2)"
    )
