"""make bench: every PDF of a drive at the largest size a drive may have (MAX_PAIRS).

A gunicorn worker is killed when a request takes longer than its timeout (30 s by
default), so each sheet of a 400-pair drive (200 tables) must be drawn well within
it. Two drives of that size on a file-based SQLite database (WAL, as in the hall):
one at game 1 of 25 (the paper fallback pack is largest then: a result sheet for
every game left) and one finished (punch cards with every game punched, final
cards, standings, prize report). Each PDF is fetched through Django's test client
(full middleware, the organizer logged in) and timed; one line per PDF.

    python bench/pdfs.py            # prints the lines
    BENCH_JSON=1 python bench/pdfs.py   # one JSON line, for bench/all.py
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("CARD_DRIVE_VAR", tempfile.mkdtemp(prefix="card-drive-bench-pdf-"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.pop("DATABASE_URL", None)

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from django.utils import timezone  # noqa: E402

WORKER_TIMEOUT = 30.0  # gunicorn's default, seconds
GAMES = 25


def build():
    from clubs.models import Club, Membership
    from drives import services
    from drives.management.commands.simulate_drive import play
    from drives.models import MAX_PAIRS

    call_command("migrate", verbosity=0)
    club = Club.objects.create(name="Bench Hall")
    user = get_user_model().objects.create_user("bench", password="bench-pw-1")
    Membership.objects.create(user=user, club=club)
    now = timezone.now()
    text = "\n".join(
        f"Player {i}A Ó Súilleabháin & Player {i}B Thériault" for i in range(1, MAX_PAIRS + 1)
    )
    drives = {}
    for name, stop_at in (("running", 1), ("finished", None)):
        drive = services.drive_create(
            club=club,
            actor=user,
            now=now,
            name=f"Big {name}",
            date=timezone.localdate(),
            games=GAMES,
        )
        services.pairs_bulk_add(drive=drive, actor=user, now=now, text=text, paid=True)
        drives[name] = play(drive, seed=7, stop_at=stop_at, now=now)
    return user, drives, MAX_PAIRS


def main() -> None:
    started = time.perf_counter()
    user, drives, pairs = build()
    built = time.perf_counter() - started
    client = Client()
    client.force_login(user)
    running, finished = drives["running"].pk, drives["finished"].pk
    sheets = [
        ("punch cards (game 1)", running, "punch-cards.pdf"),
        ("punch cards (finished, every game punched)", finished, "punch-cards.pdf"),
        ("blank cards (200)", running, "blank-cards.pdf?count=200"),
        ("table cards (200 tables, QR codes)", running, "table-cards.pdf"),
        ("seating list (game 1)", running, "seating.pdf"),
        ("paper fallback pack (24 games left)", running, "paper-pack.pdf"),
        ("standings sheet (finished)", finished, "standings.pdf"),
        ("final score cards (finished)", finished, "final-cards.pdf"),
        ("prize report (finished)", finished, "prize-report.pdf"),
    ]
    rows = []
    for label, drive, address in sheets:
        t = time.perf_counter()
        r = client.get(f"/drives/{drive}/print/{address}")
        seconds = time.perf_counter() - t
        if r.status_code != 200 or r["Content-Type"] != "application/pdf":
            raise SystemExit(f"{label}: {r.status_code}")
        rows.append({"pdf": label, "seconds": seconds, "kb": len(r.content) // 1024})
    if os.environ.get("BENCH_JSON"):
        print(json.dumps({"pairs": pairs, "rows": rows, "built": built}))
        return
    print_rows(pairs, rows, built)


def print_rows(pairs: int, rows: list[dict], built: float | None = None) -> None:
    extra = f"; drives built in {built:.0f} s" if built is not None else ""
    print(
        f"\nEvery PDF of a {pairs}-pair drive ({pairs // 2} tables), SQLite; "
        f"worker timeout {WORKER_TIMEOUT:.0f} s{extra}"
    )
    for row in rows:
        verdict = "ok" if row["seconds"] < WORKER_TIMEOUT / 3 else "TOO SLOW"
        print(f"  {row['pdf']:46} {row['seconds']:6.2f} s {row['kb']:>6} KB  {verdict}")


if __name__ == "__main__":
    main()
