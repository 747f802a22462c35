"""Crash safety: the server is killed mid-stream and started again.

gunicorn runs on a file-based SQLite database; table devices send results
from several threads; the whole server (master and workers) is SIGKILLed
while they are sending, as a pulled plug would. After a restart: every
result that got a success answer is there, none is there twice, retries
with the same keys are answered without a second entry, and the night
carries on to the next game.
"""

from __future__ import annotations

import secrets
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from http.client import HTTPException

import pytest

from bench.live import HallDevice, LiveServer, sql

pytestmark = pytest.mark.live


def test_results_answered_before_a_crash_survive_it():
    with LiveServer(backend="sqlite", pairs=40, workers=2) as server:
        tables = server.drive["tables"]
        # key -> (table, winner, the device that sent it) answered 200
        answered: dict[str, tuple[int, int, HallDevice]] = {}
        # (table, winner, key of a report with no answer, the device that sent it)
        unanswered: list[tuple[dict, int, str, HallDevice | None]] = []
        lock = threading.Lock()
        killed = threading.Event()

        def device(t):
            # One phone reports, the other pair's phone agrees.
            d, other = HallDevice(server.url), HallDevice(server.url)
            a, b = t["pairs"]
            try:
                d.open_table(t["token"])
                other.open_table(t["token"])
            # The server is down, or died mid-answer: this table never got going.
            except (OSError, HTTPException):
                with lock:
                    unanswered.append((t, a, "", None))
                return
            for kind in ("report", "confirm"):
                key = secrets.token_hex(16)
                sender = d if kind == "report" else other
                try:
                    if kind == "report":
                        answer = d.report(t["token"], 1, a, key=key)
                    else:
                        answer = other.confirm(t["token"], 1, a, b, key=key)
                except (OSError, HTTPException):  # down, or cut off mid-answer
                    with lock:
                        unanswered.append((t, a, key if kind == "report" else "", sender))
                    return
                if answer.status != 200:
                    with lock:
                        unanswered.append((t, a, "", None))
                    return
                with lock:
                    answered[key] = (t["table"], a, sender)
                time.sleep(0.05)

        def kill_soon():
            while len(answered) < 12:
                time.sleep(0.01)
            server.kill()
            killed.set()

        killer = threading.Thread(target=kill_soon)
        killer.start()
        with ThreadPoolExecutor(8) as pool:
            list(pool.map(device, tables))
        killer.join(timeout=30)
        assert killed.is_set(), "the server was not killed mid-stream"
        assert unanswered, "the crash came too late to interrupt anything"

        # Every answered submission is stored, once.
        stored = dict(sql(server, "SELECT key, COUNT(*) FROM drives_submission GROUP BY key"))
        for key in answered:
            assert stored.get(key) == 1, f"answered {key} is not stored once"
        audit = sql(
            server,
            "SELECT COUNT(*) FROM drives_auditentry "
            "WHERE action IN ('table_report', 'table_confirm')",
        )
        assert audit == [(len(stored),)]

        # Start again; the night carries on: a retry of an answered key writes nothing,
        # the interrupted tables finish, and the organizer seats game 2.
        server.start()
        # A phone resends with its own key, as the page's queue does (a key belongs to the
        # device that made it: another device sending it would be refused).
        retry_key, (table_number, winner, sender) = next(iter(answered.items()))
        t = next(t for t in tables if t["table"] == table_number)
        assert sender.report(t["token"], 1, winner, key=retry_key).status == 200
        assert sql(server, f"SELECT COUNT(*) FROM drives_submission WHERE key = '{retry_key}'") == [
            (1,)
        ]
        # The taps that got no answer are resent with their keys, as the page's queue does.
        for t, a, key, sender in unanswered:
            if key:
                assert sender.report(t["token"], 1, a, key=key).status == 200
                rows = sql(server, f"SELECT COUNT(*) FROM drives_submission WHERE key = '{key}'")
                assert rows == [(1,)]
        for t in tables:
            d, other = HallDevice(server.url), HallDevice(server.url)
            a, b = t["pairs"]
            d.open_table(t["token"])
            other.open_table(t["token"])
            assert d.report(t["token"], 1, a).status == 200
            assert other.confirm(t["token"], 1, a, b).status == 200
        organizer = HallDevice(server.url)
        assert organizer.log_in(server.drive["username"], server.drive["password"]).status == 302
        assert organizer.next_game(server.drive["drive"], 1).status == 302
        game, winners = HallDevice(server.url).seated(tables[0]["token"])
        assert game == 2 and len(winners) == 2
