"""make bench, part 2: table devices reporting at once through gunicorn.

60 table devices (a 120-pair drive) each report their table's winner and then
confirm it as the other pair, all released together, against gunicorn with 4
workers on a file-based SQLite database and on PostgreSQL. Prints latency
percentiles, results stored, duplicates and errors per database.

    python bench/load.py [--tables 60] [--workers 4] [--backends sqlite,postgres]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.live import HallDevice, LiveServer, sql  # noqa: E402


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    if not ordered:
        return float("nan")
    k = max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def one_round(server: LiveServer, tables: list[dict]) -> dict:
    barrier = threading.Barrier(len(tables))
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()

    released: list[float] = []

    def device(t):
        d = HallDevice(server.url)
        d.open_table(t["token"])
        a, b = t["pairs"]
        if barrier.wait() == 0:
            released.append(time.perf_counter())
        for call in (
            lambda: d.report(t["token"], 1, a),
            lambda: d.confirm(t["token"], 1, a, b),
        ):
            answer = call()
            with lock:
                latencies.append(answer.seconds * 1000)
                if answer.status != 200:
                    errors.append(f"table {t['table']}: {answer.status}")

    with ThreadPoolExecutor(len(tables)) as pool:
        list(pool.map(device, tables))
    wall = time.perf_counter() - released[0]
    numbers = ", ".join(str(t["table"]) for t in tables)
    [(stored,)] = sql(
        server,
        f'SELECT COUNT(*) FROM drives_tablegame WHERE game = 1 AND "table" IN ({numbers}) '
        "AND status = 'confirmed'",
    )
    [(confirms,)] = sql(
        server, "SELECT COUNT(*) FROM drives_auditentry WHERE action = 'table_confirm'"
    )
    [(submissions,)] = sql(server, "SELECT COUNT(*) FROM drives_submission")
    return {
        "requests": len(latencies),
        "p50": percentile(latencies, 50),
        "p95": percentile(latencies, 95),
        "p99": percentile(latencies, 99),
        "max": max(latencies),
        "mean": statistics.fmean(latencies),
        "throughput": len(latencies) / wall,
        "stored": stored,
        "duplicates": confirms - stored + (submissions - 2 * len(tables)),
        "errors": len(errors),
        "first_errors": errors[:3],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--backends", default="sqlite,postgres")
    args = parser.parse_args()
    print(
        f"\nTable devices at once: {args.tables} devices, each a report then a confirmation,"
        f" gunicorn with {args.workers} workers"
    )
    print(
        f"{'database':<10} {'requests':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} "
        f"{'req/s':>7} {'stored':>7} {'dupl.':>6} {'errors':>7}"
    )
    for backend in args.backends.split(","):
        try:
            with LiveServer(backend=backend, pairs=args.tables * 2, workers=args.workers) as s:
                r = one_round(s, s.drive["tables"][: args.tables])
        except Exception as e:  # a database that is not there: say so, go on
            print(f"{backend:<10} not measured: {str(e).splitlines()[0][:80]}")
            continue
        print(
            f"{backend:<10} {r['requests']:>8} {r['p50']:>8.1f} {r['p95']:>8.1f} {r['p99']:>8.1f} "
            f"{r['throughput']:>7.1f} {r['stored']:>7} {r['duplicates']:>6} {r['errors']:>7}"
        )
        for line in r["first_errors"]:
            print(f"{'':<10} {line}")


if __name__ == "__main__":
    main()
