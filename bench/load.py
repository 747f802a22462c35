"""make bench, part 2: table devices through gunicorn, as in a hall.

Each table has two devices, one per pair. For every game, all tables are
released together: one device opens its table page and reports the winner,
the other pair's device agrees (a report is never agreed to by the device that
sent it); then the organizer's tablet seats the next game. Run on a
file-based SQLite database and on PostgreSQL with one app server (gunicorn,
4 workers), and on PostgreSQL with two app servers sharing the database, the
devices split between them. Prints latency percentiles of the writes,
throughput, errors, and results lost (answered but not stored: must be 0).

    python bench/load.py [--tables 60] [--games 25] [--workers 4]
"""

from __future__ import annotations

import argparse
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
    return ordered[max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))]


def night(server: LiveServer, tables: list[dict], games: int) -> dict:
    latencies: list[float] = []
    errors: list[str] = []
    answered = 0
    lock = threading.Lock()
    devices = [HallDevice(server.urls[i % len(server.urls)]) for i in range(len(tables))]
    # The other pair's phone at each table: it agrees to the report.
    others = [HallDevice(server.urls[i % len(server.urls)]) for i in range(len(tables))]
    organizer = HallDevice(server.url)
    organizer.log_in(server.drive["username"], server.drive["password"])
    drive = server.drive["drive"]

    def play(i: int, game: int, barrier: threading.Barrier) -> None:
        nonlocal answered
        d, other, token = devices[i], others[i], tables[i]["token"]
        barrier.wait()
        seen, winners = d.seated(token)
        if seen != game or len(winners) != 2:
            with lock:
                errors.append(f"game {game}: table page showed game {seen}, {winners}")
            return
        a, b = winners
        for call in (lambda: d.report(token, game, a), lambda: other.confirm(token, game, a, b)):
            answer = call()
            with lock:
                latencies.append(answer.seconds * 1000)
                if answer.status == 200:
                    answered += 1
                else:
                    errors.append(f"game {game}: {answer.status}")

    started = time.perf_counter()
    with ThreadPoolExecutor(len(tables)) as pool:
        for game in range(1, games + 1):
            barrier = threading.Barrier(len(tables))
            list(pool.map(lambda i, g=game, b=barrier: play(i, g, b), range(len(tables))))
            if game < games:
                answer = organizer.next_game(drive, game)
                if answer.status != 302:
                    errors.append(f"next game after {game}: {answer.status}")
                    break
    wall = time.perf_counter() - started
    [(confirmed,)] = sql(
        server,
        f"SELECT COUNT(*) FROM drives_tablegame WHERE drive_id = {drive} AND status = 'confirmed'",
    )
    [(confirms,)] = sql(
        server, "SELECT COUNT(*) FROM drives_auditentry WHERE action = 'table_confirm'"
    )
    return {
        "requests": len(latencies),
        "p50": percentile(latencies, 50),
        "p95": percentile(latencies, 95),
        "p99": percentile(latencies, 99),
        "throughput": len(latencies) / wall,
        "wall": wall,
        "errors": len(errors),
        "first_errors": errors[:3],
        # Each confirmation answered 200 must be a confirmed table, once.
        "lost": max(0, answered // 2 - confirmed),
        "duplicates": confirms - confirmed,
        "confirmed": confirmed,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--games", type=int, default=25)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--runs", default="sqlite:1,postgres:1,postgres:2")
    args = parser.parse_args()
    print(
        f"\nA night through gunicorn: {args.tables} table devices x {args.games} games "
        f"(each: open the table page, report, confirm; then next game), {args.workers} workers"
        " per app server"
    )
    header = (
        f"{'database':<9} {'servers':>7} {'writes':>7} {'p50 ms':>7} {'p95 ms':>7} "
        f"{'p99 ms':>7} {'writes/s':>8} {'errors':>6} {'lost':>5} {'dupl.':>5} {'stored':>6}"
    )
    print(header)
    print("-" * len(header))
    for run in args.runs.split(","):
        backend, instances = run.split(":")
        try:
            with LiveServer(
                backend=backend,
                pairs=args.tables * 2,
                workers=args.workers,
                instances=int(instances),
            ) as server:
                r = night(server, server.drive["tables"][: args.tables], args.games)
        except Exception as e:  # a database that is not there: say so and go on
            print(f"{backend:<9} {instances:>7} not measured: {str(e).splitlines()[0][:70]}")
            continue
        print(
            f"{backend:<9} {instances:>7} {r['requests']:>7} {r['p50']:>7.1f} {r['p95']:>7.1f} "
            f"{r['p99']:>7.1f} {r['throughput']:>8.1f} {r['errors']:>6} {r['lost']:>5} "
            f"{r['duplicates']:>5} {r['confirmed']:>6}"
        )
        for line in r["first_errors"]:
            print(f"{'':<9} {line}")


if __name__ == "__main__":
    main()
