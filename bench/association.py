"""make bench, the association's pattern: many clubs' nights at once on one hosted server.

An association's Saturday night: --clubs clubs (20), each running a drive of --tables
tables (30) at the same moment, on PostgreSQL through --servers app servers (2), each
behind its front as `make run` serves. Each table has two phones: for every game one opens
its table page and reports the winner, the other opens it and agrees; each game's results
arrive at random moments over --hall-minutes x --scale (the hall pattern), and once every
table of a club is in, that club's organizer seats its next game. Meanwhile --laptops hall
laptops (20) publish their nights to the server (PUT /api/published/<source>; made by
bench/publish_jobs.py), each a night of --publish-pairs pairs sent --publishes times
(the first time, the same again: one night, and a corrected version: replaced).

Prints the writes' latency percentiles, writes/s, errors, results lost (answered but not
stored) and duplicates (both must be 0), the publishes' latency, errors, nights on the
server (must be one per laptop) and the p99 as a ratio to the HTTP floor (POST
/bench/floor-login/, 1 INSERT + a tiny template behind login, sampled between games in the
same run). Target: 0 errors, lost, duplicates; hall p99 <= 20x the floor.

    python bench/association.py [--clubs 20] [--tables 30] [--games 4] [--servers 2]
                                [--hall-minutes 3] [--scale 0.25] [--laptops 20]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.live import PYTHON, ROOT, HallDevice, LiveServer, sql  # noqa: E402
from bench.load import FLOOR_SAMPLES_PER_GAME, percentile  # noqa: E402


def more_clubs(server: LiveServer, clubs: int, pairs: int) -> list[dict]:
    """The other clubs' running drives (LiveServer.setup made the first), each with its own
    organizer, through `manage.py bench_drive` as any drive."""
    drives = [server.drive]
    for k in range(2, clubs + 1):
        out = server.manage(
            "bench_drive", "--pairs", str(pairs), "--username", f"bench-organizer-{k}"
        )
        drives.append(json.loads(out))
    return drives


class Publishers:
    """Hall laptops publishing their finished nights to the server, alongside the hall.

    Each laptop's night is a drive document (exchange) sent with the server club's key:
    sent, sent again unchanged (one night, replayed), then corrected (replaced)."""

    def __init__(self, server: LiveServer, laptops: int, pairs: int, publishes: int):
        self.server, self.laptops, self.publishes = server, laptops, publishes
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.lock = threading.Lock()
        made = subprocess.run(
            [PYTHON, "bench/publish_jobs.py", "--laptops", str(laptops), "--pairs", str(pairs)],
            cwd=ROOT,
            env=server.env,
            capture_output=True,
            text=True,
            check=False,
        )
        if made.returncode:
            raise RuntimeError(f"bench/publish_jobs.py failed:\n{made.stderr[-3000:]}")
        self.jobs = json.loads(made.stdout)

    def run(self, window: float, seed: int) -> None:
        rng = random.Random(seed)
        t0 = time.perf_counter()

        def one(job: dict) -> None:
            device = HallDevice(self.server.urls[job["laptop"] % len(self.server.urls)])
            for n in range(self.publishes):
                time.sleep(max(0.0, t0 + rng.uniform(0, window) * (n + 1) - time.perf_counter()))
                body = job["corrected"] if n == self.publishes - 1 and n > 0 else job["document"]
                answer = device.api_put(job["path"], body.encode(), job["key"])
                with self.lock:
                    self.latencies.append(answer.seconds * 1000)
                    if answer.status not in (200, 201):
                        self.errors.append(f"publish {job['laptop']}: {answer.status}")

        with ThreadPoolExecutor(len(self.jobs)) as pool:
            list(pool.map(one, self.jobs))

    def nights_on_server(self) -> tuple[int, int, int]:
        """Published nights kept, the server clubs' drives (a replaced night leaves none
        behind) and the replacements recorded: one night and one drive per laptop."""
        [(kept,)] = sql(self.server, "SELECT COUNT(*) FROM exchange_publishednight")
        [(drives,)] = sql(
            self.server,
            "SELECT COUNT(*) FROM drives_drive d JOIN drives_club c ON c.id = d.club_id "
            "WHERE c.name LIKE 'Association club %'",
        )
        [(replaced,)] = sql(
            self.server, "SELECT COUNT(*) FROM drives_auditentry WHERE action = 'night_replaced'"
        )
        return kept, drives, replaced


def night(
    server: LiveServer, drives: list[dict], games: int, window: float, seed: int, publishers
) -> dict:
    latencies: list[float] = []
    errors: list[str] = []
    answered = requests = 0
    floors: list[float] = []
    lock = threading.Lock()
    rng = random.Random(seed)
    tables = [(d, t) for d in drives for t in d["tables"]]
    urls = server.urls
    devices = [HallDevice(urls[i % len(urls)]) for i in range(len(tables))]
    others = [HallDevice(urls[(i + 1) % len(urls)]) for i in range(len(tables))]
    organizers = []
    for k, d in enumerate(drives):
        tablet = HallDevice(urls[k % len(urls)])
        tablet.log_in(d["username"], d["password"])
        organizers.append(tablet)
    floor_device = HallDevice(server.url)
    floor_device.log_in(drives[0]["username"], drives[0]["password"])

    def play(i: int, game: int, start: float) -> None:
        nonlocal answered, requests
        (_drive, table), d, other = tables[i], devices[i], others[i]
        token = table["token"]
        time.sleep(max(0.0, start - time.perf_counter()))
        seen, winners = d.seated(token)
        with lock:
            requests += 1
        if seen != game or len(winners) != 2:
            with lock:
                errors.append(f"game {game}: table page showed game {seen}, {winners}")
            return
        a, b = winners
        for call in (
            lambda: d.report(token, game, a),
            lambda: (other.open_table(token), other.confirm(token, game, a, b))[1],
        ):
            answer = call()
            with lock:
                requests += 1
                latencies.append(answer.seconds * 1000)
                if answer.status == 200:
                    answered += 1
                else:
                    errors.append(f"game {game}: {answer.status}")

    for device in devices[: 4 * len(urls)]:
        device.open_table(tables[0][1]["token"])
    for _ in range(4 * server.workers * len(urls)):
        floor_device.floor()
    publishing = None
    if publishers is not None:
        publishing = threading.Thread(
            target=publishers.run, args=(window * games, seed), daemon=True
        )
        publishing.start()
    started = time.perf_counter()
    with ThreadPoolExecutor(len(tables)) as pool:
        for game in range(1, games + 1):
            for _ in range(FLOOR_SAMPLES_PER_GAME):
                answer = floor_device.floor()
                if answer.status != 200:
                    raise RuntimeError(f"floor answered {answer.status}")
                floors.append(answer.seconds * 1000)
            t0 = time.perf_counter()
            starts = [t0 + rng.uniform(0, window) for _ in tables]
            list(pool.map(lambda i, g=game, s=starts: play(i, g, s[i]), range(len(tables))))
            if game < games:
                for k, d in enumerate(drives):
                    answer = organizers[k].next_game(d["drive"], game)
                    requests += 1
                    if answer.status != 302:
                        errors.append(f"club {k + 1} next game after {game}: {answer.status}")
    if publishing is not None:
        publishing.join()
    wall = time.perf_counter() - started
    ids = ",".join(str(d["drive"]) for d in drives)
    [(confirmed,)] = sql(
        server,
        f"SELECT COUNT(*) FROM drives_tablegame WHERE drive_id IN ({ids}) AND status = 'confirmed'",
    )
    [(confirms,)] = sql(
        server,
        f"SELECT COUNT(*) FROM drives_auditentry WHERE action = 'table_confirm' "
        f"AND drive_id IN ({ids})",
    )
    floor = statistics.median(floors)
    return {
        "tables": len(tables),
        "requests": len(latencies),
        "p50": percentile(latencies, 50),
        "p95": percentile(latencies, 95),
        "p99": percentile(latencies, 99),
        "throughput": len(latencies) / wall,
        "errors": len(errors),
        "first_errors": errors[:3],
        "lost": max(0, answered // 2 - confirmed),
        "duplicates": confirms - confirmed,
        "floor": floor,
        "ratio": percentile(latencies, 99) / floor,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clubs", type=int, default=20)
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--servers", type=int, default=2)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--hall-minutes", type=float, default=3.0)
    parser.add_argument("--scale", type=float, default=0.25)
    parser.add_argument("--laptops", type=int, default=20)
    parser.add_argument("--publish-pairs", type=int, default=40)
    parser.add_argument("--publishes", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    window = args.hall_minutes * 60 * args.scale
    print(
        f"\nAn association's Saturday: {args.clubs} clubs x {args.tables} tables x "
        f"{args.games} games at once on PostgreSQL, {args.servers} app servers x "
        f"{args.workers} workers, each behind its front ({os.cpu_count()} cores); each game's "
        f"results at random over {args.hall_minutes:g} min x scale {args.scale:g} = "
        f"{window:g} s; {args.laptops} laptops publishing a night of {args.publish_pairs} "
        f"pairs {args.publishes} times meanwhile. Targets: 0 errors, lost, duplicates; "
        "hall p99 <= 20x the floor"
    )
    with LiveServer(
        backend="postgres",
        pairs=args.tables * 2,
        workers=args.workers,
        instances=args.servers,
        bench=True,
        front=True,
    ) as server:
        drives = more_clubs(server, args.clubs, args.tables * 2)
        publishers = (
            Publishers(server, args.laptops, args.publish_pairs, args.publishes)
            if args.laptops
            else None
        )
        r = night(server, drives, args.games, window, args.seed, publishers)
        on_server = publishers.nights_on_server() if publishers is not None else (0, 0, 0)
    header = (
        f"{'clubs':>5} {'tables':>6} {'writes':>6} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7} "
        f"{'writes/s':>8} {'err':>4} {'lost':>4} {'dupl':>4} {'floor':>6} {'p99/fl':>6}"
    )
    print(header)
    print("-" * len(header))
    print(
        f"{args.clubs:>5} {r['tables']:>6} {r['requests']:>6} {r['p50']:>7.1f} {r['p95']:>7.1f} "
        f"{r['p99']:>7.1f} {r['throughput']:>8.1f} {r['errors']:>4} {r['lost']:>4} "
        f"{r['duplicates']:>4} {r['floor']:>6.1f} {r['ratio']:>5.1f}x"
    )
    for line in r["first_errors"]:
        print(f"      {line}")
    if publishers is not None:
        p = publishers
        print(
            f"publishes: {len(p.latencies)} from {args.laptops} laptops, p50 "
            f"{percentile(p.latencies, 50):.0f} ms, p99 {percentile(p.latencies, 99):.0f} ms, "
            f"{len(p.errors)} errors; on the server {on_server[0]} nights, {on_server[1]} "
            f"drives, {on_server[2]} replaced (one each per laptop: {args.laptops})"
        )
        for line in p.errors[:3]:
            print(f"      {line}")


if __name__ == "__main__":
    main()
