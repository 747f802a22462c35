"""make bench, part 2: table devices through the front and gunicorn, as in a hall.

Each table has two devices, one per pair. For every game, one device opens its
table page and reports the winner, the other pair's device opens it and agrees (a report is
never agreed to by the device that sent it); once every table is in, the
organizer's tablet seats the next game. Two arrival patterns:

- burst: all tables released together, every game (the worst case);
- hall: each game's results spread over --hall-minutes (3), at random moments, as
  tables really finish; --scale shrinks the time (0.1: 3 minutes in 18 s) to keep the
  bench short, and the output says so.

Served as `make run` serves (config/serve.py: the buffering front, then gunicorn; --no-front
goes straight to gunicorn). Run on a file-based SQLite database and on PostgreSQL with one
app server (gunicorn, one worker per core unless --workers), and on PostgreSQL with two app
servers sharing the database, the devices split between them. Prints per run and pattern: latency
percentiles of the writes (report, confirm), writes/s, errors, results lost (answered
but not stored) and duplicates (both must be 0), the workers' CPU ms per request (from
/proc/<pid>/stat, user + system, before and after each game, over every request of the
game: both table pages, report, confirm, next game), and the p99 as a ratio to the HTTP floor:
POST /bench/floor-login/ (1 INSERT + tiny template behind login, bench-only settings),
sampled from a logged-in device before every game of the same run. On SQLite, where
the write time goes: the wait for the write lock and the time it is held.

    python bench/load.py [--tables 60] [--games 25] [--patterns burst,hall]
                         [--hall-minutes 3] [--scale 0.1] [--workers N]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.live import HallDevice, LiveServer, sql  # noqa: E402

FLOOR_SAMPLES_PER_GAME = 8


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    if not ordered:
        return float("nan")
    return ordered[max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))]


def night(server: LiveServer, tables: list[dict], games: int, window: float, seed: int) -> dict:
    """Play the night; ``window`` seconds over which each game's tables finish (0: burst)."""
    latencies: list[float] = []
    errors: list[str] = []
    answered = requests = 0
    floors: list[float] = []
    cpu = floor_cpu = 0.0
    lock = threading.Lock()
    rng = random.Random(seed)
    devices = [HallDevice(server.urls[i % len(server.urls)]) for i in range(len(tables))]
    # The other pair's phone at each table: it agrees to the report.
    others = [HallDevice(server.urls[i % len(server.urls)]) for i in range(len(tables))]
    organizer = HallDevice(server.url)
    organizer.log_in(server.drive["username"], server.drive["password"])
    floor_device = HallDevice(server.url)
    floor_device.log_in(server.drive["username"], server.drive["password"])
    drive = server.drive["drive"]

    def play(i: int, game: int, start) -> None:
        nonlocal answered, requests
        d, other, token = devices[i], others[i], tables[i]["token"]
        if isinstance(start, threading.Barrier):
            start.wait()
        else:
            time.sleep(max(0.0, start - time.perf_counter()))
        seen, winners = d.seated(token)
        with lock:
            requests += 1
        if seen != game or len(winners) != 2:
            with lock:
                errors.append(f"game {game}: table page showed game {seen}, {winners}")
            return
        a, b = winners

        def agree():
            # The other pair's phone shows the table page (its poll), then agrees.
            other.open_table(token)
            with lock:
                nonlocal requests
                requests += 1
            return other.confirm(token, game, a, b)

        for call in (lambda: d.report(token, game, a), agree):
            answer = call()
            with lock:
                requests += 1
                latencies.append(answer.seconds * 1000)
                if answer.status == 200:
                    answered += 1
                else:
                    errors.append(f"game {game}: {answer.status}")

    # Warm up, not measured: each worker loads what its first requests import.
    for device in (devices[0], others[0]):
        device.open_table(tables[0]["token"])
    for _ in range(4 * server.workers):
        floor_device.floor()
    started = time.perf_counter()
    with ThreadPoolExecutor(len(tables)) as pool:
        for game in range(1, games + 1):
            # The floor, sampled in the same run and between the games' requests.
            before = server.cpu_seconds()
            for _ in range(FLOOR_SAMPLES_PER_GAME):
                answer = floor_device.floor()
                if answer.status != 200:
                    raise RuntimeError(f"floor answered {answer.status}")
                floors.append(answer.seconds * 1000)
            floor_cpu += server.cpu_seconds() - before
            before = server.cpu_seconds()
            if window:
                t0 = time.perf_counter()
                starts = [t0 + rng.uniform(0, window) for _ in tables]
            else:
                barrier = threading.Barrier(len(tables))
                starts = [barrier] * len(tables)
            list(pool.map(lambda i, g=game, s=starts: play(i, g, s[i]), range(len(tables))))
            if game < games:
                answer = organizer.next_game(drive, game)
                requests += 1
                if answer.status != 302:
                    errors.append(f"next game after {game}: {answer.status}")
                    break
            cpu += server.cpu_seconds() - before
    wall = time.perf_counter() - started - len(floors) * statistics.mean(floors) / 1000
    [(confirmed,)] = sql(
        server,
        f"SELECT COUNT(*) FROM drives_tablegame WHERE drive_id = {drive} AND status = 'confirmed'",
    )
    [(confirms,)] = sql(
        server, "SELECT COUNT(*) FROM drives_auditentry WHERE action = 'table_confirm'"
    )
    floor = statistics.median(floors)
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
        "cpu_ms": cpu * 1000 / max(requests, 1),
        "floor": floor,
        "floor_cpu_ms": floor_cpu * 1000 / len(floors),
        "ratio": percentile(latencies, 99) / floor,
        "lock": lock_figures(server),
    }


def lock_figures(server: LiveServer) -> str:
    """SQLite: the write transactions' wait for the lock and time holding it."""
    if not server.lock_log.exists():
        return ""
    rows = [line.split() for line in server.lock_log.read_text().splitlines()]
    server.lock_log.unlink()
    waits = [float(r[1]) for r in rows]
    holds = [float(r[2]) for r in rows]
    if not rows:
        return ""
    return (
        f"{len(rows)} write transactions: lock wait p50 {percentile(waits, 50):.1f} "
        f"p99 {percentile(waits, 99):.1f} ms, held p50 {percentile(holds, 50):.1f} "
        f"p99 {percentile(holds, 99):.1f} ms, {sum(holds) / 1000:.1f} s held in all"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--games", type=int, default=25)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--runs", default="sqlite:1,postgres:1,postgres:2")
    parser.add_argument("--patterns", default="burst,hall")
    parser.add_argument("--hall-minutes", type=float, default=3.0)
    parser.add_argument("--scale", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--baseline",
        action="store_true",
        help="SQLite as before its lock file: Django's backend, a connection per request",
    )
    parser.add_argument(
        "--no-front",
        action="store_true",
        help="straight to gunicorn, without the buffering front `make run` puts before it",
    )
    parser.add_argument(
        "--profile",
        metavar="DIR",
        help="run the workers under cProfile, one file each in DIR (bench/profile_report.py)",
    )
    args = parser.parse_args()
    if args.profile:
        Path(args.profile).mkdir(parents=True, exist_ok=True)
        os.environ["BENCH_PROFILE_DIR"] = str(Path(args.profile).resolve())
    if args.baseline:
        os.environ["BENCH_BASELINE"] = "1"
    window = args.hall_minutes * 60 * args.scale
    served = "gunicorn" if args.no_front else "the front and gunicorn, as make run serves"
    print(
        f"\nA night through {served}: "
        f"{args.tables} table devices x {args.games} games "
        "(each: table page, report; the other phone: table page, confirm; then next game), "
        f"{args.workers} workers per app server ({os.cpu_count()} cores)"
        + (
            " - baseline: SQLite without its lock file, a connection per request"
            if args.baseline
            else ""
        )
    )
    print(
        "burst: every table at once; hall: each game's tables finish at random over "
        f"{args.hall_minutes:g} min x scale {args.scale:g} = {window:g} s"
    )
    print(
        "CPU = the workers' CPU ms per request (all of a game's requests); floor = median of "
        "POST /bench/floor-login/ over HTTP (1 INSERT + tiny template behind login), "
        f"{FLOOR_SAMPLES_PER_GAME} samples before each game. Targets: 0 errors, lost, "
        "duplicates; hall p99 <= 20x the floor; burst p99 <= 500 ms"
    )
    header = (
        f"{'database':<9} {'srv':>3} {'pattern':<7} {'writes':>6} {'p50 ms':>7} {'p95 ms':>7} "
        f"{'p99 ms':>7} {'writes/s':>8} {'err':>4} {'lost':>4} {'dupl':>4} {'CPU ms':>6} "
        f"{'floor':>6} {'p99/fl':>6}"
    )
    print(header)
    print("-" * len(header))
    for run in args.runs.split(","):
        backend, instances = run.split(":")
        for pattern in args.patterns.split(","):
            try:
                with LiveServer(
                    backend=backend,
                    pairs=args.tables * 2,
                    workers=args.workers,
                    instances=int(instances),
                    bench=True,
                    front=not args.no_front,
                ) as server:
                    r = night(
                        server,
                        server.drive["tables"][: args.tables],
                        args.games,
                        window if pattern == "hall" else 0.0,
                        args.seed,
                    )
            except Exception as e:  # a database that is not there: say so and go on
                print(f"{backend:<9} {instances:>3} not measured: {str(e).splitlines()[0][:70]}")
                break
            print(
                f"{backend:<9} {instances:>3} {pattern:<7} {r['requests']:>6} {r['p50']:>7.1f} "
                f"{r['p95']:>7.1f} {r['p99']:>7.1f} {r['throughput']:>8.1f} {r['errors']:>4} "
                f"{r['lost']:>4} {r['duplicates']:>4} {r['cpu_ms']:>6.1f} {r['floor']:>6.1f} "
                f"{r['ratio']:>5.1f}x",
                flush=True,
            )
            for line in r["first_errors"]:
                print(f"{'':<9} {line}")
            print(f"{'':<9} the floor's CPU: {r['floor_cpu_ms']:.1f} ms a request")
            if r["lock"]:
                print(f"{'':<9} {r['lock']}")


if __name__ == "__main__":
    main()
