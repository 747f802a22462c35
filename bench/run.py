"""make bench: server-side timings of the hall's hot paths, with a floor.

A drive of 120 pairs (60 tables) is played to game 24 on a file-based SQLite
database (WAL, as in the hall), then, in process through Django's test
client (full middleware, sessions, templates):
  - a result tap (htmx POST that changes a table's winner),
  - the result screen and the standings page,
  - "next game" (POST, from a complete game),
  - the punch cards PDF, and the prize report PDF of a second night of the
    same size played to the end (25 games),
each compared with a floor view measured in the same run: one INSERT and a
tiny template, defined here and not in the product's URLs.
Prints one table. Set DATABASE_URL to run it on PostgreSQL instead.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
_tmp = tempfile.mkdtemp(prefix="card-drive-bench-")
os.environ.setdefault("CARD_DRIVE_VAR", _tmp)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.http import HttpResponse  # noqa: E402
from django.template import engines  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, override_settings  # noqa: E402
from django.urls import include, path  # noqa: E402
from django.views.decorators.http import require_POST  # noqa: E402

PAIRS = int(os.environ.get("BENCH_PAIRS", "120"))
AT_GAME = 24

_FLOOR_TEMPLATE = engines["django"].from_string("<p>{{ n }} saved</p>")


@require_POST
def floor(request):
    with connection.cursor() as c:
        c.execute("INSERT INTO bench_floor (note) VALUES (%s)", ["tap"])
    return HttpResponse(_FLOOR_TEMPLATE.render({"n": 1}, request))


urlpatterns = [path("bench/floor/", floor), path("", include("config.urls"))]


def timed(fn, n):
    samples = []
    queries = None
    for _ in range(n):
        with CaptureQueriesContext(connection) as ctx:
            t0 = time.perf_counter()
            response = fn()
            samples.append((time.perf_counter() - t0) * 1000)
        if response.status_code >= 400:
            raise SystemExit(f"bench request failed: {response.status_code}")
        queries = len(ctx.captured_queries)
    samples.sort()
    return {
        "median": statistics.median(samples),
        "p95": samples[min(len(samples) - 1, int(0.95 * len(samples)))],
        "queries": queries,
        "n": n,
    }


def main():
    from drives import services
    from drives.management.commands.simulate_drive import play
    from drives.models import Club, Membership, TableGame

    call_command("migrate", verbosity=0)
    call_command("collectstatic", "--noinput", verbosity=0)
    with connection.cursor() as c:
        c.execute(
            "CREATE TABLE IF NOT EXISTS bench_floor (id SERIAL PRIMARY KEY, note TEXT)"
            if connection.vendor == "postgresql"
            else "CREATE TABLE IF NOT EXISTS bench_floor (id INTEGER PRIMARY KEY, note TEXT)"
        )
    club = Club.objects.create(name="Bench Hall")
    user = get_user_model().objects.create_user("bench", password="bench-pw-1")
    Membership.objects.create(user=user, club=club)
    from django.utils import timezone

    now = timezone.now()
    t0 = time.perf_counter()
    drive = services.drive_create(
        club=club, actor=user, now=now, name="Bench", date=timezone.localdate(), games=60
    )
    text = "\n".join(f"Player {i}A & Player {i}B" for i in range(1, PAIRS + 1))
    services.pairs_bulk_add(drive=drive, actor=user, now=now, text=text)
    drive = play(drive, seed=24, stop_at=AT_GAME, now=now)
    # A second night of the same size played to the end, for the prize report.
    done = services.drive_create(
        club=club, actor=user, now=now, name="Bench done", date=timezone.localdate(), games=25
    )
    services.pairs_bulk_add(drive=done, actor=user, now=now, text=text, paid=True)
    done = play(done, seed=25, now=now)
    build = time.perf_counter() - t0

    client = Client()
    client.force_login(user)
    game = drive.current_game
    tables = list(
        TableGame.objects.filter(drive=drive, game=game, status="pending")
        .prefetch_related("seats__pair")
        .order_by("table")
    )
    taps = []
    for tg in tables:
        numbers = [s.pair.number for s in sorted(tg.seats.all(), key=lambda s: s.slot)]
        taps.append((tg.table, numbers))

    i = {"k": 0}

    def tap():
        table, numbers = taps[i["k"] % len(taps)]
        winner = numbers[(i["k"] // len(taps)) % 2]
        i["k"] += 1
        return client.post(
            f"/drives/{drive.pk}/games/{game}/tables/{table}/result/",
            {"winner": winner},
            HTTP_HX_REQUEST="true",
        )

    # Table devices: a report then the other pair's agreement, on the pending tables.
    links = {link.table: link.token for link in services.table_links(club, len(taps) + 1)}
    j = {"k": 0}

    def report_and_confirm():
        table, (a, b) = taps[j["k"] % len(taps)]
        j["k"] += 1
        device = Client()
        base = f"/t/{links[table]}/"
        first = device.post(
            base + "report/",
            {"game": game, "winner": a, "key": f"bench-{table}-r"},
            HTTP_X_REQUESTED_WITH="fetch",
        )
        if first.status_code != 200:
            return first
        # The other pair agrees on its own phone (the reporting phone may not).
        return Client().post(
            base + "confirm/",
            {"game": game, "winner": a, "confirmer": b, "key": f"bench-{table}-c"},
            HTTP_X_REQUESTED_WITH="fetch",
        )

    drive.board_public = True
    drive.save(update_fields=["board_public"])
    board = Client()
    etag = {"v": ""}

    def board_poll():
        r = board.get(f"/board/{drive.pk}/", HTTP_HX_REQUEST="true")
        etag["v"] = r["ETag"]
        return r

    def board_unchanged():
        r = board.get(f"/board/{drive.pk}/", HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag["v"])
        if r.status_code != 304:
            raise SystemExit(f"projector poll was not 304: {r.status_code}")
        return r

    rows = []
    with override_settings(ROOT_URLCONF=__name__):
        floor_stats = timed(lambda: client.post("/bench/floor/"), 300)
        rows.append(("floor view (1 INSERT + tiny template)", floor_stats))
        rows.append(
            ("table report + confirm (2 POSTs)", timed(report_and_confirm, min(len(taps), 40)))
        )
        rows.append(("result tap (htmx POST)", timed(tap, 300)))
        rows.append(("projector poll, changed (200)", timed(board_poll, 40)))
        rows.append(("projector poll, unchanged (304)", timed(board_unchanged, 200)))
        rows.append(
            (
                "result screen (GET)",
                timed(lambda: client.get(f"/drives/{drive.pk}/games/{game}/"), 40),
            )
        )
        rows.append(
            (
                "standings page (GET)",
                timed(lambda: client.get(f"/drives/{drive.pk}/standings/"), 40),
            )
        )

        rows.append(
            (
                "punch cards PDF (GET)",
                timed(lambda: client.get(f"/drives/{drive.pk}/print/punch-cards.pdf"), 10),
            )
        )
        rows.append(
            (
                "prize report PDF (GET, finished)",
                timed(lambda: client.get(f"/drives/{done.pk}/print/prize-report.pdf"), 10),
            )
        )

        def advance():
            d = type(drive).objects.get(pk=drive.pk)
            # Make sure every table of the current game has a result (untimed).
            for tg in TableGame.objects.filter(
                drive=d, game=d.current_game, status="pending"
            ).prefetch_related("seats__pair"):
                services.result_record(
                    drive=d,
                    game=d.current_game,
                    table=tg.table,
                    winner_number=min(s.pair.number for s in tg.seats.all()),
                    actor=user,
                    now=now,
                )
            t = time.perf_counter()
            with CaptureQueriesContext(connection) as ctx:
                r = client.post(
                    f"/drives/{d.pk}/games/{d.current_game}/next/", {"from_game": d.current_game}
                )
            return r, (time.perf_counter() - t) * 1000, len(ctx.captured_queries)

        adv = [advance() for _ in range(10)]
        if any(r.status_code >= 400 for r, _, _ in adv):
            raise SystemExit("next game failed")
        ms = sorted(a[1] for a in adv)
        rows.append(
            (
                "next game (POST, games 24-34)",
                {
                    "median": statistics.median(ms),
                    "p95": ms[-1],
                    "queries": adv[-1][2],
                    "n": len(ms),
                },
            )
        )

    floor_ms = floor_stats["median"]
    if os.environ.get("BENCH_JSON"):
        import json

        out = [
            {"path": name, **s, "ratio": s["median"] / floor_ms, "pairs": PAIRS} for name, s in rows
        ]
        print(json.dumps({"vendor": connection.vendor, "pairs": PAIRS, "rows": out}))
        return
    db = connection.vendor + ("" if connection.vendor != "sqlite" else " (file, WAL)")
    print()
    print(
        f"Card Drive bench: {PAIRS} pairs ({PAIRS // 2} tables), at game {AT_GAME}, {db}; "
        f"built in {build:.1f} s"
    )
    print(f"{'path':42} {'n':>4} {'median ms':>10} {'p95 ms':>8} {'queries':>8} {'x floor':>8}")
    for name, s in rows:
        ratio = s["median"] / floor_ms
        print(
            f"{name:42} {s['n']:>4} {s['median']:>10.2f} {s['p95']:>8.2f}"
            f" {s['queries']:>8} {ratio:>8.1f}"
        )
    tap_ratio = dict(rows)["result tap (htmx POST)"]["median"] / floor_ms
    verdict = "met" if tap_ratio <= 3 else "NOT met"
    print(f"\nTarget: a tap within 3x the floor -> {tap_ratio:.1f}x: {verdict}")
    cards_ms = dict(rows)["punch cards PDF (GET)"]["median"]
    verdict = "met" if cards_ms < 1000 else "NOT met"
    print(f"Target: punch cards for {PAIRS} pairs under 1 s -> {cards_ms:.0f} ms: {verdict}")


if __name__ == "__main__":
    main()
