"""A fixed, seeded set of views where Angus has a choice, and his choices on them.

Used to prove that making the solver faster does not change a decision
(``tests/scoring/test_play_players_same_choices.py`` compares with the choices
recorded in ``tests/fixtures/angus_choices.json``), and to time Angus on the
same views before and after a change:

    python bench/angus_views.py --time            # decisions per second, p50/p95 by setup
    python bench/angus_views.py --time --first    # the same for the first Angus
    python bench/angus_views.py --record FILE     # write the choices (JSON)

Run alone on a quiet machine, ``--time`` gives the decision times the
practice table sees (one decision at a time, a core to itself).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.play.game import new_game  # noqa: E402
from scoring.play.players.club import margaret_choose, random_choose  # noqa: E402
from scoring.play.setup import auction, forty_fives  # noqa: E402
from scoring.play.view import view_of  # noqa: E402

SETUPS = {
    "45x3": lambda: forty_fives(3),
    "45x2": lambda: forty_fives(2),
    "45x4": lambda: forty_fives(4, partnerships=True),
    "auction": lambda: auction(dealer_may_hold=True),
}
PER_SETUP = {"45x3": 120, "45x2": 40, "45x4": 70, "auction": 70}


def views(per_setup: dict[str, int] | None = None):
    """(label, view, seed) for the fixed set: seeded games played by Margaret and the
    random player in turn, every decision with more than one legal move, every
    third one kept, until each setup has its share."""
    out = []
    for key, count in (per_setup or PER_SETUP).items():
        got, game = 0, 0
        while got < count:
            state = new_game(SETUPS[key](), 7_000 + game)
            rng_seed, k = 7_000 + game, 0
            while not state.over and len(state.summaries) < 6 and got < count:
                seat = state.to_act
                view = view_of(state, seat)
                if len(view.legal) > 1 and k % 3 == 0:
                    out.append((f"{key}/{7_000 + game}/{k}", view, rng_seed * 1_000 + k))
                    got += 1
                chooser = margaret_choose if (k // 7) % 2 == 0 else random_choose
                move = chooser(view) if chooser is margaret_choose else chooser(view, seed=k)
                state = state.apply(move)
                k += 1
            game += 1
    return out


def main() -> None:
    from scoring.play.players.search import ANGUS, FIRST, angus_choose

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", help="write the choices to this JSON file")
    parser.add_argument("--time", action="store_true", help="print decisions per second")
    parser.add_argument("--first", action="store_true", help="the first Angus (search.FIRST)")
    args = parser.parse_args()
    how = FIRST if args.first else ANGUS
    vs = views()
    choices, spent, cpu = {}, 0.0, 0.0
    times: dict[str, list[float]] = {}
    for label, view, seed in vs:
        t0, c0 = time.perf_counter(), time.process_time()
        move = angus_choose(view, seed=seed, how=how)
        took = time.perf_counter() - t0
        spent += took
        cpu += time.process_time() - c0
        times.setdefault(label.split("/")[0], []).append(took)
        times.setdefault("all", []).append(took)
        choices[label] = repr(move)
    if args.time:
        print(
            f"{len(vs)} decisions in {spent:.1f} s ({len(vs) / spent:.2f} a second); "
            f"CPU time {cpu:.1f} s ({len(vs) / cpu:.2f} a second of CPU)"
        )
        print("| Views   | Decisions | p50 ms | p95 ms | max ms |")
        print("|---------|-----------|--------|--------|--------|")
        for key, ts in times.items():
            q = statistics.quantiles(ts, n=20)
            print(
                f"| {key:<7} | {len(ts):>9} | {1000 * statistics.median(ts):6.0f} "
                f"| {1000 * q[18]:6.0f} | {1000 * max(ts):6.0f} |"
            )
    if args.record:
        Path(args.record).write_text(json.dumps(choices, indent=0, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
