"""Writers on SQLite queue on a lock file taken before BEGIN IMMEDIATE
(config/sqlite_backend): they wait in the kernel, not in SQLite's busy-retry loop; a
wait past the busy timeout is a 503; past the short wait only one writer waits on, the
others give up at once; the lock goes at commit, at rollback and after an exception;
savepoints and reads never take it."""

from __future__ import annotations

import fcntl
import secrets
import threading
import time

import pytest
from django.db import OperationalError, connections, transaction
from django.test import RequestFactory

from bench.live import HallDevice, LiveServer, sql
from clubs.middleware import DatabaseUnavailable, unavailable
from config.sqlite_backend.base import lock_path

ALIAS = "locktest"


@pytest.fixture
def db_file(tmp_path, django_db_blocker):
    """A file database of its own under the site's backend, with a table ``t``."""
    path = tmp_path / "db.sqlite3"
    connections.settings[ALIAS] = connections.configure_settings(
        {
            "default": connections.settings["default"],
            ALIAS: {
                "ENGINE": "config.sqlite_backend",
                "NAME": str(path),
                "OPTIONS": {
                    "timeout": 5,
                    "short_wait": 0.2,
                    "transaction_mode": "IMMEDIATE",
                    "init_command": "PRAGMA journal_mode=WAL;",
                },
            },
        }
    )[ALIAS]
    with django_db_blocker.unblock():
        with connections[ALIAS].cursor() as c:
            c.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, who TEXT, at REAL)")
        yield path
        connections[ALIAS].close()
    del connections[ALIAS]
    del connections.settings[ALIAS]


def no_busy_wait(conn) -> None:
    """SQLite's own busy handler off: had this connection met SQLite's write lock held
    by another, it would fail at once ("database is locked") instead of waiting."""
    conn.ensure_connection()
    conn.connection.execute("PRAGMA busy_timeout = 0")


class HeldLock:
    """Another worker holding the write lock (its own open file of the lock file)."""

    def __init__(self, path):
        self.file = open(lock_path(str(path)), "a+b")  # noqa: SIM115

    def __enter__(self):
        fcntl.flock(self.file.fileno(), fcntl.LOCK_EX)
        return self

    def __exit__(self, *exc):
        fcntl.flock(self.file.fileno(), fcntl.LOCK_UN)
        self.file.close()


def lock_is_free(path) -> bool:
    with open(lock_path(str(path)), "a+b") as f:
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        fcntl.flock(f.fileno(), fcntl.LOCK_UN)
        return True


def insert(who: str) -> None:
    with connections[ALIAS].cursor() as c:
        c.execute("INSERT INTO t (who, at) VALUES (%s, %s)", [who, time.monotonic()])


def test_two_writers_at_once_both_write_one_after_the_other_waiting_on_the_lock(db_file):
    first_in, let_go = threading.Event(), threading.Event()
    errors, waited = [], {}

    def writer(who, hold):
        conn = connections[ALIAS]
        try:
            no_busy_wait(conn)
            with transaction.atomic(using=ALIAS):
                insert(who)
                if hold:
                    first_in.set()
                    let_go.wait(5)
                    time.sleep(0.2)
                    insert(who)
            waited[who] = conn.lock_waited
        except Exception as e:  # the assertion below shows it
            errors.append(repr(e))
        finally:
            conn.close()

    a = threading.Thread(target=writer, args=("a", True))
    a.start()
    assert first_in.wait(5)
    b = threading.Thread(target=writer, args=("b", False))
    b.start()
    let_go.set()
    a.join(10)
    b.join(10)
    assert errors == []
    rows = connections[ALIAS].cursor().execute("SELECT who FROM t ORDER BY id").fetchall()
    # b's write came after both of a's: it waited for a's commit, on the lock file.
    assert [w for (w,) in rows] == ["a", "a", "b"]
    assert waited["b"] >= 0.15 and waited["a"] < 0.1
    assert lock_is_free(db_file)


def test_a_write_waiting_longer_than_the_busy_timeout_is_a_503(db_file):
    conn = connections[ALIAS]
    conn.lock_timeout = 0.3
    with HeldLock(db_file):
        started = time.monotonic()
        with pytest.raises(OperationalError) as failed, transaction.atomic(using=ALIAS):
            insert("late")
        assert 0.3 <= time.monotonic() - started < 10
        # A write outside an atomic block waits for the lock too.
        with pytest.raises(OperationalError):
            insert("autocommit")
    assert unavailable(failed.value)
    request = RequestFactory().post("/t/abc/report/")
    response = DatabaseUnavailable(lambda r: None).process_exception(request, failed.value)
    assert response.status_code == 503 and response["Retry-After"] == "10"
    # Nothing was written, the lock is free (the waits given up take it when it comes and
    # let go at once), and the next write goes through.
    assert conn.cursor().execute("SELECT COUNT(*) FROM t").fetchone() == (0,)
    deadline = time.monotonic() + 5
    while not lock_is_free(db_file) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert lock_is_free(db_file)
    with transaction.atomic(using=ALIAS):
        insert("again")
    assert conn.cursor().execute("SELECT COUNT(*) FROM t").fetchone() == (1,)


def test_the_lock_goes_after_an_exception_inside_atomic(db_file):
    with pytest.raises(ValueError), transaction.atomic(using=ALIAS):
        insert("x")
        assert not lock_is_free(db_file)
        raise ValueError("a bad tap")
    assert lock_is_free(db_file)
    assert connections[ALIAS].cursor().execute("SELECT COUNT(*) FROM t").fetchone() == (0,)


def test_savepoints_do_not_take_the_lock_again_and_it_goes_at_the_outer_commit(
    db_file, monkeypatch
):
    conn = connections[ALIAS]
    taken = []
    real = conn.acquire_write_lock

    def counting():
        taken.append(conn.lock_held)
        real()

    monkeypatch.setattr(conn, "acquire_write_lock", counting)
    with transaction.atomic(using=ALIAS):
        insert("outer")
        with transaction.atomic(using=ALIAS):
            insert("inner")
            with pytest.raises(ValueError), transaction.atomic(using=ALIAS):
                insert("rolled back")
                raise ValueError
        assert not lock_is_free(db_file)
    assert taken == [False]
    assert lock_is_free(db_file)
    rows = conn.cursor().execute("SELECT who FROM t ORDER BY id").fetchall()
    assert rows == [("outer",), ("inner",)]


def test_reads_and_an_atomic_block_before_its_first_statement_never_wait(db_file):
    conn = connections[ALIAS]
    conn.lock_timeout = 0.3
    insert("seen")
    with HeldLock(db_file):
        started = time.monotonic()
        assert conn.cursor().execute("SELECT who FROM t").fetchall() == [("seen",)]
        with transaction.atomic(using=ALIAS):
            pass  # nothing run: no transaction, no lock
        assert time.monotonic() - started < 0.2


@pytest.mark.live
def test_a_live_write_queued_past_the_busy_timeout_answers_503_then_goes_through():
    server = LiveServer(backend="sqlite", pairs=8, workers=2)
    server.env["SQLITE_BUSY_TIMEOUT"] = "1"
    with server:
        table = server.drive["tables"][0]
        a, _ = table["pairs"]
        phone = HallDevice(server.url)
        assert phone.open_table(table["token"]).status == 200
        key = secrets.token_hex(16)
        # Another worker holds the write lock (stuck, say, behind a slow disk).
        with HeldLock(server.env["SQLITE_PATH"]):
            busy = phone.report(table["token"], 1, a, key=key)
            # Reading does not queue: the table page shows.
            assert phone.open_table(table["token"]).status == 200
        assert busy.status == 503, busy.body[:300]
        assert busy.headers.get("Retry-After") == "10"
        assert sql(server, f"SELECT COUNT(*) FROM drives_submission WHERE key = '{key}'") == [(0,)]
        assert phone.report(table["token"], 1, a, key=key).status == 200
        assert sql(server, f"SELECT COUNT(*) FROM drives_submission WHERE key = '{key}'") == [(1,)]


def writer_thread(who: str, lock_timeout: float, outcome: dict) -> threading.Thread:
    """A writer in a thread (its own connection): outcome[who] = ("wrote" or the error,
    seconds it took)."""

    def write():
        conn = connections[ALIAS]
        conn.ensure_connection()
        conn.lock_timeout = lock_timeout
        started = time.monotonic()
        try:
            with transaction.atomic(using=ALIAS):
                insert(who)
            outcome[who] = ("wrote", time.monotonic() - started)
        except OperationalError as e:
            outcome[who] = (str(e), time.monotonic() - started)
        finally:
            conn.close()

    thread = threading.Thread(target=write)
    thread.start()
    return thread


@pytest.mark.parametrize("holder", ["a worker", "a program without the lock file"])
def test_past_the_short_wait_one_writer_waits_on_and_the_next_gives_up_at_once(db_file, holder):
    outcome = {}
    if holder == "a worker":
        held = HeldLock(db_file)
        held.__enter__()
        let_go = held.__exit__
    else:
        import sqlite3

        other = sqlite3.connect(str(db_file), isolation_level=None)
        other.execute("BEGIN IMMEDIATE")

        def let_go(*exc):
            other.execute("COMMIT")
            other.close()

    try:
        first = writer_thread("first", 4.0, outcome)
        time.sleep(0.5)  # past its short wait (0.2 s): it holds the wait slot
        second = writer_thread("second", 4.0, outcome)
        second.join(3)
        # The second gave up after its short wait, with words that are a 503.
        words, took = outcome["second"]
        assert "database is locked" in words and "other writers already wait" in words
        assert 0.15 <= took < 1.0
        assert "first" not in outcome  # still waiting, in its slot
        # A read does not wait at all.
        started = time.monotonic()
        assert connections[ALIAS].cursor().execute("SELECT COUNT(*) FROM t").fetchone() == (0,)
        assert time.monotonic() - started < 0.2
    finally:
        let_go(None, None, None)
    first.join(5)
    assert outcome["first"][0] == "wrote"
    rows = connections[ALIAS].cursor().execute("SELECT who FROM t").fetchall()
    assert rows == [("first",)]
    # The second's wait, given up, takes the lock when it comes and lets go at once.
    deadline = time.monotonic() + 5
    while not lock_is_free(db_file) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert lock_is_free(db_file)


def test_the_wait_slot_goes_with_the_wait_so_the_next_long_wait_may_take_it(db_file):
    outcome = {}
    with HeldLock(db_file):
        writer_thread("first", 0.6, outcome).join(3)  # short wait, then its slot, then gives up
        assert outcome["first"][0].startswith("database is locked (waited")
        assert "other writers" not in outcome["first"][0]
        writer_thread("second", 0.6, outcome).join(3)
        assert "other writers" not in outcome["second"][0]
        assert 0.55 <= outcome["second"][1] < 2


@pytest.mark.live
def test_a_stuck_writer_ties_up_one_worker_and_the_others_answer_at_once():
    """The write lock held elsewhere for 6 s (busy timeout 20 s), two workers: one write
    waits for it, the next is a 503 within about a second, and the table page and the
    login page answer meanwhile; then both go through."""
    server = LiveServer(backend="sqlite", pairs=8, workers=2)
    with server:
        tables = server.drive["tables"]
        phones = [HallDevice(server.url) for _ in range(3)]
        for phone, table in zip(phones, tables, strict=False):
            assert phone.open_table(table["token"]).status == 200
        answers = {}

        def report(i):
            table = tables[i]
            started = time.monotonic()
            got = phones[i].report(table["token"], 1, table["pairs"][0], key=secrets.token_hex(16))
            answers[i] = (got.status, time.monotonic() - started, got.headers.get("Retry-After"))

        with HeldLock(server.env["SQLITE_PATH"]):
            first = threading.Thread(target=report, args=(0,))
            first.start()
            time.sleep(1.5)
            report(1)
            started = time.monotonic()
            assert phones[2].open_table(tables[2]["token"]).status == 200
            assert HallDevice(server.url).request("/accounts/login/").status == 200
            read_took = time.monotonic() - started
            time.sleep(4.5 - min(4.5, read_took))
        first.join(20)
        status, took, retry = answers[1]
        assert (status, retry) == (503, "10") and took < 2.5, answers
        assert read_took < 1.0
        assert answers[0][0] == 200 and 5 < answers[0][1] < 15, answers
        assert (
            phones[1].report(tables[1]["token"], 1, tables[1]["pairs"][0], key="k" * 16).status
            == 200
        )
