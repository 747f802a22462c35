"""Strength and speed of the computer players (make bench-bots; make bench runs a short one).

Duplicate games with every seat rotated: each game seed is played once per
seat arrangement (A B B, B A B, B B A with three players alone; A B A B and
B A B A in partnerships), so the cards are the same for both levels and the
luck of the deal cancels. The hands of a game are dealt from its seed, so
the rotations see the same hands for as long as they last.

For each pairing it prints the points per hand of each level, the
difference A - B with its 95% confidence interval (over game seeds, the
unit that is independent), the share of games A wins (against a fair share
of 1/3 alone, 1/2 in partnerships), and at the end the decision time
p50/p95 per level. Angus must beat the first Angus (kept unchanged) and
Margaret with intervals above zero; the self-play line (Angus against Angus
with other seeds) must come out level: its interval should hold 0.

With ``--ceiling-share`` each level also plays against a player who sees
every card (``search.perfect_choose``): the ceiling table gives how far
behind it each level is per hand and the share of the random player's gap
it closes. In Auction, the contracts table gives, by the bidder's level,
the contracts taken, the share made and set, and the average bid.

    python bench/bots.py --deals 1000 --seeds 1,2 --setups 45x3,auction \
        --self-play-share 0.25 --ceiling-share 0.1                     # make bench-bots
    python bench/bots.py --deals 200 --seeds 1                          # make bench
    python bench/bots.py --pairings angus:angus_first --setups auction  # one pairing

--deals counts hands per seed and pairing (the hands of the games in their
first seat arrangement; every game is also played in the other arrangements),
so ``--deals 1000 --seeds 1,2`` is 2,000 deals a pairing. Games run in
parallel processes (``--jobs``, every core by default); the table does not
depend on the number of processes, only on the seeds.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.play.game import new_game  # noqa: E402
from scoring.play.players import LEVELS  # noqa: E402
from scoring.play.players.search import perfect_choose  # noqa: E402
from scoring.play.setup import auction, forty_fives  # noqa: E402
from scoring.play.view import view_of  # noqa: E402

SETUPS = {
    "45x3": ("Forty-Fives, 3 alone", lambda: forty_fives(3)),
    "45x4": ("Forty-Fives, 4 in partnerships", lambda: forty_fives(4, partnerships=True)),
    "auction": ("Auction 45s, 4 in partnerships", lambda: auction()),
}
PAIRINGS = [
    ("angus", "angus_first"),  # the present Angus against the first, kept unchanged
    ("angus", "margaret"),
    ("angus", "random"),
    ("margaret", "random"),
    ("angus", "angus"),  # self-play: the second Angus uses other seeds
]
CEILING = [(level, "perfect") for level in ("angus", "angus_first", "margaret", "random")]
PERFECT = "perfect"  # sees every card: the ceiling (search.perfect_choose), not a level for people
MAX_HANDS = 30  # a game longer than this is cut short (random bidding in Auction can go on)


def arrangements(players: int, partnerships: bool) -> list[tuple[int, ...]]:
    """Seat -> 0 (level A) or 1 (level B), every seat rotated."""
    if partnerships:
        return [(0, 1) * (players // 2), (1, 0) * (players // 2)]
    base = (0,) + (1,) * (players - 1)
    return [base[-r:] + base[:-r] if r else base for r in range(players)]


def play_game(setup_key: str, pairing: tuple[str, str], game_seed: int) -> dict:
    """One game seed in every arrangement: points per hand by level, wins, hands, timings."""
    setup = SETUPS[setup_key][1]()
    out = {"diff": 0.0, "a": 0.0, "b": 0.0, "wins": 0.0, "hands": 0, "times": {}, "bids": {}}
    arr = arrangements(setup.players, setup.partnerships)
    for n, seats in enumerate(arr):
        state = new_game(setup, game_seed)
        k = 0
        while not state.over and len(state.summaries) < MAX_HANDS:
            seat = state.to_act
            who = seats[seat]
            level = pairing[who]
            seed = game_seed * 100_003 + k + (7_919 if who == 1 and pairing[0] == pairing[1] else 0)
            t0 = time.perf_counter()
            if level == PERFECT:
                move = perfect_choose(state, seed=seed)
            else:
                move = LEVELS[level].play(view_of(state, seat), seed=seed)
            out["times"].setdefault(level, []).append(time.perf_counter() - t0)
            state = state.apply(move)
            k += 1
        for h in state.summaries:
            if h.bidder is not None:  # contracts taken, made, and points bid, by level
                row = out["bids"].setdefault(pairing[seats[h.bidder]], [0, 0, 0])
                row[0] += 1
                row[1] += bool(h.made)
                row[2] += h.bid or 0
        hands = len(state.summaries) or 1
        per = [0.0, 0.0]
        count = [0, 0]
        for side in range(setup.sides):
            who = seats[setup.seats_of(side)[0]]
            per[who] += sum(h.changes[side] for h in state.summaries) / hands
            count[who] += 1
        a, b = per[0] / count[0], per[1] / count[1]
        out["a"] += a / len(arr)
        out["b"] += b / len(arr)
        out["diff"] += (a - b) / len(arr)
        if state.winner is not None and seats[setup.seats_of(state.winner)[0]] == 0:
            out["wins"] += 1 / len(arr)
        if n == 0:
            out["hands"] = len(state.summaries)
    return out


def mean_ci(xs: list[float]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("inf")
    return m, half


def run_pairing(setup_key, pairing, seeds, deals, pool, window) -> tuple[str, dict, tuple]:
    """Games of each seed, in order, until they hold ``deals`` hands. The games are
    played up to ``window`` at a time ahead in the pool; results are taken in
    game order and any played beyond the last one needed are dropped, so the
    table is the same for any number of processes."""
    results: list[dict] = []
    for seed in seeds:
        hands, queue = 0, []
        games = (seed * 1_000_000 + i for i in itertools.count())
        done = 0
        while hands < deals:
            # ahead as far as the hands still needed (at the average so far) go
            while len(queue) < window and (not done or hands + len(queue) * hands / done < deals):
                queue.append(pool.submit(play_game, setup_key, pairing, next(games)))
            r = queue.pop(0).result()
            results.append(r)
            hands += r["hands"]
            done += 1
        for f in queue:
            f.cancel()
    diff, half = mean_ci([r["diff"] for r in results])
    a = statistics.fmean(r["a"] for r in results)
    b = statistics.fmean(r["b"] for r in results)
    wins = statistics.fmean(r["wins"] for r in results)
    times: dict[str, list[float]] = {}
    for r in results:
        for level, ts in r["times"].items():
            times.setdefault(level, []).extend(ts)
    deals_played = sum(r["hands"] for r in results)
    name_a, name_b = (name_of(p) for p in pairing)
    label = f"{name_a} v {name_b}" + (" (self-play)" if pairing[0] == pairing[1] else "")
    line = (
        f"| {label:<44} | {deals_played:>5} | {len(results):>5} | {a:6.2f} | {b:6.2f} "
        f"| {diff:+6.2f} ± {half:4.2f} | {100 * wins:5.1f}% |"
    )
    bids: dict[str, list[int]] = {}
    for r in results:
        for level, row in r["bids"].items():
            got = bids.setdefault(level, [0, 0, 0])
            for i, x in enumerate(row):
                got[i] += x
    return line, times, (diff, half), bids


def name_of(level: str) -> str:
    return "Perfect information" if level == PERFECT else LEVELS[level].name


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="hands per seed and pairing")
    parser.add_argument("--seeds", default="1,2")
    parser.add_argument("--setups", default="45x3", help="comma list of: " + ", ".join(SETUPS))
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: every core)"
    )
    parser.add_argument("--self-play-share", type=float, default=0.5, help="of --deals")
    parser.add_argument(
        "--pairings",
        default="",
        help="comma list of A:B level keys (default: every pairing of the table)",
    )
    parser.add_argument(
        "--ceiling-share",
        type=float,
        default=0.0,
        help="of --deals, for each level against perfect-information play (0: no ceiling table)",
    )
    args = parser.parse_args()
    seeds = [int(s) for s in args.seeds.split(",")]
    pairings = PAIRINGS
    if args.pairings:
        pairings = [tuple(p.split(":")) for p in args.pairings.split(",")]
    all_times: dict[str, list[float]] = {}
    checks: list[str] = []
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        for key in args.setups.split(","):
            title, make = SETUPS[key]
            setup = make()
            share = "1/2" if setup.partnerships else "1/3"
            print(f"\n{title}: seeds {args.seeds}, every seat rotated (fair share of wins {share})")
            print(
                "| Pairing A v B                                | Deals | Games | A pts  | B pts  "
                "| A - B per hand | A wins |"
            )
            print(
                "|"
                + "|".join(["-" * 46, "-" * 7, "-" * 7, "-" * 8, "-" * 8, "-" * 16, "-" * 8])
                + "|"
            )
            contracts: dict[str, list[int]] = {}
            gaps: dict[str, float] = {}
            ceiling = CEILING if args.ceiling_share > 0 else []
            for pairing in [*pairings, *ceiling]:
                deals = args.deals
                if pairing[0] == pairing[1]:
                    deals = max(1, int(deals * args.self_play_share))
                if pairing in ceiling:
                    deals = max(1, int(deals * args.ceiling_share))
                line, times, (diff, half), bids = run_pairing(
                    key, pairing, seeds, deals, pool, window=4 * args.jobs
                )
                print(line, flush=True)
                if pairing in ceiling:
                    gaps[pairing[0]] = diff
                for level, row in bids.items():
                    if level != PERFECT and pairing[0] != pairing[1]:
                        got = contracts.setdefault(level, [0, 0, 0])
                        for i, x in enumerate(row):
                            got[i] += x
                if pairing in (("angus", "margaret"), ("angus", "angus_first")):
                    ok = diff - half > 0
                    checks.append(
                        f"{title}: {name_of(pairing[0])} beats {name_of(pairing[1])}, "
                        "interval above zero: " + ("yes" if ok else "NO")
                    )
                if pairing[0] == pairing[1]:
                    ok = abs(diff) <= half
                    checks.append(
                        f"{title}: self-play level within its interval: " + ("yes" if ok else "NO")
                    )
                for level, ts in times.items():
                    all_times.setdefault(level, []).extend(ts)
            if gaps:
                print_ceiling(title, gaps)
            if contracts:
                print_contracts(title, contracts)
    print()
    for line in checks:
        print(line)
    print(f"\n{time.perf_counter() - started:.0f} s in {args.jobs} processes")
    print("\nDecision time per level (all setups)")
    print("| Level                | Decisions |  p50 ms |  p95 ms |  max ms |")
    print("|----------------------|-----------|---------|---------|---------|")
    for level in [*LEVELS, PERFECT]:
        ts = sorted(all_times.get(level, []))
        if not ts:
            continue
        q = statistics.quantiles(ts, n=100) if len(ts) > 1 else [ts[0]] * 99
        print(
            f"| {name_of(level):<20} | {len(ts):>9} | {1000 * q[49]:7.1f} "
            f"| {1000 * q[94]:7.1f} | {1000 * ts[-1]:7.1f} |"
        )


def print_ceiling(title: str, gaps: dict[str, float]) -> None:
    """Each level's points per hand behind perfect-information play, and the share
    of the random player's gap to it that the level closes."""
    print(f"\n{title}: against perfect-information play (the ceiling)")
    print("| Level                | Behind the ceiling per hand | Gap closed |")
    print("|----------------------|-----------------------------|------------|")
    worst = gaps.get("random")
    for level, diff in gaps.items():
        closed = f"{100 * (1 - diff / worst):5.1f}%" if worst else "   -  "
        print(f"| {name_of(level):<20} | {-diff:27.2f} | {closed:>10} |")


def print_contracts(title: str, contracts: dict[str, list[int]]) -> None:
    """Contracts taken by each level, the share made and set, and the average bid."""
    print(f"\n{title}: contracts by the bidder's level (every pairing above)")
    print("| Level                | Contracts | Made   | Set    | Average bid |")
    print("|----------------------|-----------|--------|--------|-------------|")
    for level, (taken, made, points) in contracts.items():
        if not taken:
            continue
        print(
            f"| {name_of(level):<20} | {taken:>9} | {100 * made / taken:5.1f}% "
            f"| {100 * (taken - made) / taken:5.1f}% | {points / taken:11.1f} |"
        )


if __name__ == "__main__":
    main()
