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
