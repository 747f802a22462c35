"""The coach's reference: its review of fixed Auction bid, trump and draw positions,
weighed on 400 likely deals, written to tests/fixtures/coach_reference.json.

tests/scoring/test_coach_reference.py runs the coach at its own number of deals
(``coach.REVIEW_DEALS``) on the same positions and checks it gives the same advice:
the same better choice where the reference is sure of one, and no lesson where it is
not. The reference weighs other deals than the coach (its own seed).

A position is a deal (Auction, its seed), the moves made up to it (every seat's
move Margaret's) and the move seat 0 made there (sometimes one Margaret would not).
The fixture keeps the moves, so it stays the same positions if Margaret changes;
her bidding and draw play out the rest of each likely deal, so run this again with
``--all`` after changing them (about 15 s of a core a position; run it under nice).
Without ``--all`` it weighs only positions the fixture does not hold yet:

    nice -n 15 .venv/bin/python scripts/coach_reference.py [--all]
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from practice.codes import move_code, read_move  # noqa: E402
from scoring.play.game import new_game  # noqa: E402
from scoring.play.players import choose  # noqa: E402
from scoring.play.players.coach import compare  # noqa: E402
from scoring.play.players.search import choices, results_by_deal  # noqa: E402
from scoring.play.setup import auction  # noqa: E402
from scoring.play.view import view_of  # noqa: E402

FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "coach_reference.json"
DEALS = 400
SEED = 400_000  # the reference's likely deals: not the coach's

# (what it is, the deal's seed, moves before seat 0's, seat 0's move)
POSITIONS = [
    ("no trump, drew all five (the coach said keep them)", 44, 64, "d:8d.9h.Js.10h.6s"),
    ("no trump, kept all five", 44, 64, "d:"),
    ("no trump, drew all five", 6, 36, "d:8d.9h.Jc.5c.10c"),
    ("two trumps, kept all five", 0, 8, "d:"),
    ("two trumps, drew three", 0, 8, "d:Ad.10h.9d"),
    ("three trumps as bidder, drew two", 2, 36, "d:3h.5h"),
    ("a weak hand, bid 25", 0, 3, "b:25"),
    ("a weak hand, passed", 0, 3, "pass"),
    ("K♣ 5♣, passed", 1, 3, "pass"),
    ("three diamonds, bid 15", 2, 31, "b:15"),
    ("three clubs, named hearts", 6, 4, "t:hearts"),
    ("three diamonds, named diamonds", 2, 33, "t:diamonds"),
    ("three trumps, kept all five (a close call)", 0, 36, "d:"),
    ("two trumps, kept all five (a close call)", 3, 36, "d:"),
]


def moves_to(seed: int, count: int) -> list[str]:
    """The first ``count`` moves of the Auction deal ``seed``, every seat's Margaret's."""
    state = new_game(auction(), seed)
    for k in range(count):
        assert state.to_act is not None
        state = state.apply(choose("margaret", view_of(state, state.to_act), seed=k))
    return [move_code(m) for m in state.moves]


def position(seed: int, moves: list[str]):
    state = new_game(auction(), seed)
    for code in moves:
        state = state.apply(read_move(code))
    assert state.to_act == 0, "the reference's positions are seat 0's"
    return view_of(state, 0)


def reference(name: str, seed: int, moves: list[str], played: str) -> dict:
    view = position(seed, moves)
    move = read_move(played)
    assert move in view.legal, f"{played} is not legal in {name!r}"
    weighed = list(dict.fromkeys([*choices(view), move]))
    rows = results_by_deal(view, weighed, seed=SEED + seed, deals=DEALS, budget=10**12)
    c = compare([{m: e.points for m, e in row.items()} for row in rows], move)
    return {
        "name": name,
        "seed": seed,
        "moves": moves,
        "played": played,
        "hand": " ".join(map(str, view.hand)),
        "deals": c.deals,
        "means": {
            move_code(m): round(sum(r[m].points for r in rows) / len(rows), 2) for m in weighed
        },
        "best": move_code(c.best),
        "gain": round(c.gain, 2),
        "margin": round(c.margin, 2),
        "better": c.better,
        "worse": c.worse,
        "lesson": move_code(c.best) if c.sure else None,
    }


def main(again: bool) -> None:
    kept = (
        {}
        if again or not FIXTURE.exists()
        else {
            (r["seed"], tuple(r["moves"]), r["played"]): r for r in json.loads(FIXTURE.read_text())
        }
    )
    out = []
    for name, seed, count, played in POSITIONS:
        start = time.process_time()
        moves = moves_to(seed, count)
        row = kept.get((seed, tuple(moves), played)) or reference(name, seed, moves, played)
        out.append({**row, "name": name})
        took = time.process_time() - start
        print(
            f"{name}: best {row['best']} by {row['gain']} ± {row['margin']}"
            f" -> {row['lesson'] or 'no lesson'} ({took:.0f} s)",
            flush=True,
        )
    FIXTURE.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main(again="--all" in sys.argv[1:])
