"""Two tablets at once, against a real server (gunicorn, several workers) on a
file-based SQLite database and, when DATABASE_URL names one, on PostgreSQL.

The requests are released together from threads, so the database, not the
luck of timing, has to keep one result per table and one entry per key.
"""

from __future__ import annotations

import secrets
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from bench.live import HallDevice, LiveServer, postgres_url, sql

pytestmark = pytest.mark.live

BACKENDS = [
    "sqlite",
    pytest.param(
        "postgres",
        marks=pytest.mark.skipif(
            postgres_url() is None, reason="DATABASE_URL does not name a PostgreSQL server"
        ),
    ),
]


@pytest.fixture(scope="module", params=BACKENDS)
def server(request):
    with LiveServer(backend=request.param, pairs=16, workers=3) as live:
        yield live


def together(calls):
    """Run the calls in threads released at the same instant; their answers in order."""
    barrier = threading.Barrier(len(calls))

    def run(call):
        barrier.wait()
        return call()

    with ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(run, calls))


def table(server, n):
    return server.drive["tables"][n]


def devices(server, token, n):
    out = [HallDevice(server.url) for _ in range(n)]
    for d in out:
        assert d.open_table(token).status == 200
    return out


def rows(server, query):
    return sql(server, query)


def test_two_devices_reporting_different_winners_at_once_is_a_conflict(server):
    t = table(server, 0)
    a, b = t["pairs"]
    one, two = devices(server, t["token"], 2)
    answers = together([lambda: one.report(t["token"], 1, a), lambda: two.report(t["token"], 1, b)])
    assert [x.status for x in answers] == [200, 200]
    [(status, winner)] = rows(
        server,
        f'SELECT status, winner_id FROM drives_tablegame WHERE game = 1 AND "table" = {t["table"]}',
    )
    assert (status, winner) == ("conflict", None)
    kinds = rows(
        server,
        "SELECT kind FROM drives_submission s JOIN drives_tablegame g "
        f'ON s.table_game_id = g.id WHERE g.game = 1 AND g."table" = {t["table"]}',
    )
    assert sorted(k for (k,) in kinds) == ["report", "report"]


def test_the_same_tap_sent_five_times_at_once_counts_once(server):
    t = table(server, 1)
    a, _b = t["pairs"]
    [device] = devices(server, t["token"], 1)
    answers = together([lambda: device.report(t["token"], 1, a, key="same-tap-key-1")] * 5)
    assert {x.status for x in answers} == {200}
    assert len({x.body.count(f"Pair {a} won") for x in answers}) == 1
    [(subs,)] = rows(server, "SELECT COUNT(*) FROM drives_submission WHERE key = 'same-tap-key-1'")
    assert subs == 1
    [(entries,)] = rows(
        server,
        "SELECT COUNT(*) FROM drives_auditentry WHERE action = 'table_report' "
        f"AND summary LIKE '%table {t['table']}:%'",
    )
    assert entries == 1


def test_two_phones_agreeing_at_once_count_once_and_the_reporter_cannot_agree(server):
    t = table(server, 2)
    a, b = t["pairs"]
    one, two, three = devices(server, t["token"], 3)
    assert one.report(t["token"], 1, a).status == 200
    mine, *others = together(
        [
            lambda: one.confirm(t["token"], 1, a, b),
            lambda: two.confirm(t["token"], 1, a, b),
            lambda: three.confirm(t["token"], 1, a, b),
        ]
    )
    assert [x.status for x in others] == [200, 200]
    # The reporting phone is refused, or told it already counted if it came last.
    assert mine.status in (200, 403)
    [(entries,)] = rows(
        server,
        "SELECT COUNT(*) FROM drives_auditentry WHERE action = 'table_confirm' "
        f"AND summary LIKE '%table {t['table']}:%'",
    )
    assert entries == 1


def test_a_key_sent_by_two_phones_at_once_is_answered_to_one_only(server):
    t = table(server, 3)
    a, b = t["pairs"]
    one, two = devices(server, t["token"], 2)
    answers = together(
        [
            lambda: one.report(t["token"], 1, a, key="raced-key-01"),
            lambda: two.report(t["token"], 1, b, key="raced-key-01"),
        ]
    )
    assert sorted(x.status for x in answers) == [200, 409]
    [(subs,)] = rows(server, "SELECT COUNT(*) FROM drives_submission WHERE key = 'raced-key-01'")
    assert subs == 1


def test_every_table_reporting_at_once_is_stored_once(server):
    tables = server.drive["tables"][4:]
    pairs = [(HallDevice(server.url), t) for t in tables]
    for d, t in pairs:
        d.open_table(t["token"])
    answers = together([lambda d=d, t=t: d.report(t["token"], 1, t["pairs"][0]) for d, t in pairs])
    assert {x.status for x in answers} == {200}
    numbers = ", ".join(str(t["table"]) for t in tables)
    [(reported,)] = rows(
        server,
        f'SELECT COUNT(*) FROM drives_tablegame WHERE game = 1 AND "table" IN ({numbers}) '
        "AND status = 'reported'",
    )
    assert reported == len(tables)


def test_wrong_pair_codes_sent_at_once_are_counted_one_by_one(server):
    """A table takes five wrong codes in a game: twelve sent together get four "wrong code"
    answers and eight "ask the front table", never a sixth try, and leave two audit entries;
    the right code then gets the same refusal."""
    t = table(server, 4)
    a, b = t["pairs"]
    where = f"WHERE drive_id = {server.drive['drive']} AND number IN ({a}, {b})"
    codes = dict(rows(server, f"SELECT number, code FROM drives_pair {where}"))
    taken = {code for (code,) in rows(server, "SELECT code FROM drives_pair")}
    wrong = next(c for c in ("CCCC", "FFFF", "HHHH") if c not in taken)
    rows(server, "UPDATE drives_drive SET confirm_by_code = TRUE")
    try:
        reporter, *tries = devices(server, t["token"], 13)
        assert reporter.report(t["token"], 1, a).status == 200

        def agree(device, code):
            data = {"game": 1, "winner": a, "code": code, "key": secrets.token_hex(16)}
            return lambda: device.request(f"/t/{t['token']}/confirm/", data)

        answers = together([agree(d, wrong) for d in tries[:12]])
        statuses = sorted(x.status for x in answers)
        assert statuses == [400] * 4 + [429] * 8
        assert all("ask the front table" in x.body for x in answers if x.status == 429)
        right = agree(tries[0], codes[b])()
        assert right.status == 429 and "ask the front table" in right.body
        [(status, wrong_codes)] = rows(
            server,
            "SELECT status, wrong_codes FROM drives_tablegame "
            f'WHERE game = 1 AND "table" = {t["table"]}',
        )
        assert (status, wrong_codes) == ("reported", 5)
        entries = rows(
            server,
            "SELECT action FROM drives_auditentry WHERE action LIKE 'table_codes_%' "
            f"AND summary LIKE '%table {t['table']}:%'",
        )
        assert sorted(action for (action,) in entries) == [
            "table_codes_locked",
            "table_codes_refused",
        ]
    finally:
        rows(server, "UPDATE drives_drive SET confirm_by_code = FALSE")
