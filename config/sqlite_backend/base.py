"""SQLite for several gunicorn workers: writers queue on an OS file lock.

Django's SQLite backend starts every atomic block with BEGIN IMMEDIATE; when another
worker holds the write lock, SQLite's busy handler sleeps and retries (sleeps of up to
100 ms), so under load a worker sleeps long after the lock went, and the next writer
is whoever happens to wake first. Here a writer first takes an exclusive flock() on a
file beside the database (db.sqlite3.lock), then BEGIN IMMEDIATE, and lets go of it at
COMMIT or ROLLBACK: the waiting writers sleep in the kernel and the first one woken
writes as soon as the lock is free, without a busy loop.

- The transaction (and the lock) starts at the atomic block's first statement, not at
  its opening: Python run before the first query is not done under the lock.
- Reads outside an atomic block never take it. A write outside one (autocommit) takes
  it for that statement only. Nested atomic blocks (savepoints) do not take it again.
- A writer that waits longer than the busy timeout (OPTIONS["timeout"], from
  SQLITE_BUSY_TIMEOUT) gets "database is locked", as from SQLite itself, which
  clubs.middleware.DatabaseUnavailable answers with a 503.
- Only a few writers may wait long. Any writer waits up to OPTIONS["short_wait"] (1 s;
  a write holds the lock for milliseconds, so a queue of every worker passes in far
  less); past that it waits on only if it takes one of OPTIONS["long_waiters"] (1) wait
  slots (flock on db.sqlite3.wait0, ...), else it gives up at once with "database is
  locked", a 503 with Retry-After. So a writer stuck holding the lock (a backup tool, a
  second copy of the site, a slow disk) ties up at most that many workers; the others
  answer reads and logins, and writes with the 503 at once. SQLite's own busy timeout,
  for a program that does not use the lock file, is the short wait too, and BEGIN
  IMMEDIATE tries again for the rest of the timeout only with a wait slot.
- The lock belongs to an open file of this connection (each thread's connection has
  its own), so two threads of one process queue like two workers do; a process that
  dies lets go of it with its files. Programs that do not use the file (a backup tool,
  the sqlite3 shell) are still waited for by SQLite's busy timeout.
- An in-memory database (the test suite's default) has no file beside it: no lock.

OPTIONS["lock_log"], a path (for the load bench only): one line per write transaction
appended to it, "<pid> <ms waiting for the lock> <ms holding it>".
"""

from __future__ import annotations

import fcntl
import os
import threading
import time
from urllib.parse import urlsplit

from django.db import utils
from django.db.backends.sqlite3 import base

LOCK_SUFFIX = ".lock"
WAIT_SUFFIX = ".wait"
SHORT_WAIT = 1.0  # seconds any writer may wait for the lock
LONG_WAITERS = 1  # writers that may wait on past SHORT_WAIT, up to the busy timeout
# First words of statements that never write; anything else outside a transaction
# (INSERT, UPDATE, DELETE, REPLACE, CREATE, WITH ...) takes the lock for itself.
_READS = ("SELECT", "EXPLAIN", "VALUES", "SAVEPOINT", "RELEASE", "PRAGMA")


def lock_path(name: str) -> str:
    """The lock file beside the database file ``name`` (a path or a file: URI)."""
    if name.startswith("file:"):
        name = urlsplit(name).path
    return name + LOCK_SUFFIX


def _open_lock(path: str):
    # Read by nobody: it holds nothing, but sits beside a database only the site reads.
    return os.fdopen(os.open(path, os.O_RDWR | os.O_CREAT, 0o600), "r+b", buffering=0)


def wait_slot_path(name: str, slot: int) -> str:
    """The file of long-wait slot ``slot`` beside the database file ``name``."""
    return lock_path(name)[: -len(LOCK_SUFFIX)] + f"{WAIT_SUFFIX}{slot}"


def take_wait_slot(name: str, slots: int):
    """An open file holding one of the ``slots`` long-wait slots, or None when every one
    is taken (by this process's other threads or by other workers)."""
    for slot in range(slots):
        file = _open_lock(wait_slot_path(name, slot))
        try:
            fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            file.close()
            continue
        return file
    return None


def _is_busy(error: BaseException) -> bool:
    return "database is locked" in str(error)


class LockTimeout(base.Database.OperationalError):
    """Waited past the busy timeout, or past the short wait with every long-wait slot
    taken; the words are SQLite's, so it is a 503."""

    def __init__(self, seconds: float, *, others_waiting: bool = False):
        why = "; other writers already wait" if others_waiting else ""
        super().__init__(f"database is locked (waited {seconds:.3g} s for the write lock{why})")


class _Waiter:
    """One wait for the lock, in a thread of its own so that it can give up in time.

    The thread blocks in flock() on a file opened for this wait. If the lock comes
    in time the connection takes that file over; if the connection gave up first, the
    thread closes the file when the lock comes, which lets go of it at once.
    """

    def __init__(self, path: str):
        self.file = _open_lock(path)
        self.got = threading.Event()
        self.mutex = threading.Lock()
        self.abandoned = False
        self.error: OSError | None = None
        threading.Thread(target=self._wait, daemon=True, name="sqlite-write-lock").start()

    def _wait(self) -> None:
        try:
            fcntl.flock(self.file.fileno(), fcntl.LOCK_EX)
        except OSError as e:
            self.error = e
        with self.mutex:
            if self.abandoned:
                self.file.close()
            else:
                self.got.set()

    def arrived(self, timeout: float) -> bool:
        """Whether the lock came within ``timeout`` seconds (the wait goes on if not)."""
        return self.got.wait(timeout)

    def result(self, timeout: float):
        """The locked file, or None when the wait gave up after ``timeout`` seconds."""
        self.got.wait(timeout)
        with self.mutex:
            if not self.got.is_set():
                self.abandoned = True
                return None
        if self.error is not None:
            self.file.close()
            raise self.error
        return self.file


class LockingCursor(base.SQLiteCursorWrapper):
    db: DatabaseWrapper

    def execute(self, query, params=None):
        db = self.db
        if db.lock_held:
            return super().execute(query, params)
        if db.begin_pending:
            db.begin_now()
            return super().execute(query, params)
        if db.lock_file_path is None or query.lstrip()[:9].upper().startswith(_READS):
            return super().execute(query, params)
        db.acquire_write_lock()
        try:
            return super().execute(query, params)
        finally:
            db.release_unless_in_transaction()

    def executemany(self, query, param_list):
        db = self.db
        if db.lock_held:
            return super().executemany(query, param_list)
        if db.begin_pending:
            db.begin_now()
            return super().executemany(query, param_list)
        if db.lock_file_path is None:
            return super().executemany(query, param_list)
        db.acquire_write_lock()
        try:
            return super().executemany(query, param_list)
        finally:
            db.release_unless_in_transaction()


class DatabaseWrapper(base.DatabaseWrapper):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.lock_file_path: str | None = None
        self.lock_file = None
        self.lock_owner_pid = 0
        self.lock_held = False
        self.begin_pending = False
        self.lock_log: str | None = None
        self.lock_waited = 0.0
        self.lock_taken_at = 0.0

    # --- connection ------------------------------------------------------------------

    def get_connection_params(self):
        params = super().get_connection_params()
        self.lock_log = params.pop("lock_log", None)
        self.lock_timeout = float(params.get("timeout", 5.0))
        self.short_wait = min(float(params.pop("short_wait", SHORT_WAIT)), self.lock_timeout)
        self.long_waiters = int(params.pop("long_waiters", LONG_WAITERS))
        # SQLite's own busy handler waits the short wait; BEGIN IMMEDIATE waits the rest
        # of the timeout only with a wait slot (begin_now).
        params["timeout"] = self.short_wait
        return params

    def get_new_connection(self, conn_params):
        conn = super().get_new_connection(conn_params)
        self._close_lock_file()
        self.lock_file_path = None if self.is_in_memory_db() else lock_path(conn_params["database"])
        return conn

    def create_cursor(self, name=None):
        cursor = self.connection.cursor(factory=LockingCursor)
        cursor.db = self
        return cursor

    def _close(self):
        try:
            return super()._close()
        finally:
            self.begin_pending = False
            self._release()
            self._close_lock_file()

    # --- transactions ------------------------------------------------------------------

    def _start_transaction_under_autocommit(self):
        # BEGIN IMMEDIATE (and the lock) wait for the atomic block's first statement.
        self.begin_pending = True

    def begin_now(self) -> None:
        self.begin_pending = False
        self.acquire_write_lock()
        try:
            try:
                super()._start_transaction_under_autocommit()
            except (base.Database.OperationalError, utils.OperationalError) as busy:
                # A program that does not use the lock file holds SQLite's write lock.
                if not _is_busy(busy) or self.lock_timeout <= self.short_wait:
                    raise
                self._begin_in_a_wait_slot()
        except BaseException:
            self._release()
            raise

    def _begin_in_a_wait_slot(self) -> None:
        """BEGIN IMMEDIATE again, waiting the rest of the busy timeout, in a wait slot."""
        slot = take_wait_slot(self.lock_file_path, self.long_waiters)
        if slot is None:
            with self.wrap_database_errors:
                raise LockTimeout(self.short_wait, others_waiting=True) from None
        rest_ms = round((self.lock_timeout - self.short_wait) * 1000)
        try:
            self.connection.execute(f"PRAGMA busy_timeout = {rest_ms}")
            try:
                super()._start_transaction_under_autocommit()
            finally:
                self.connection.execute(f"PRAGMA busy_timeout = {round(self.short_wait * 1000)}")
        finally:
            slot.close()

    def _commit(self):
        self.begin_pending = False
        try:
            return super()._commit()
        finally:
            self._release()

    def _rollback(self):
        self.begin_pending = False
        try:
            return super()._rollback()
        finally:
            self._release()

    # --- the lock ----------------------------------------------------------------------

    def acquire_write_lock(self) -> None:
        if self.lock_held or self.lock_file_path is None:
            return
        started = time.perf_counter()
        # A connection carried over a fork would share its lock with the parent.
        if self.lock_file is None or self.lock_owner_pid != os.getpid():
            self._close_lock_file()
            self.lock_file = _open_lock(self.lock_file_path)
            self.lock_owner_pid = os.getpid()
        try:
            fcntl.flock(self.lock_file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            locked = self._wait_in_turn(started)
            self.lock_file.close()
            self.lock_file = locked
        self.lock_held = True
        self.lock_taken_at = time.perf_counter()
        self.lock_waited = self.lock_taken_at - started

    def _wait_in_turn(self, started: float):
        """The lock file locked for this connection, after the short wait, or after the
        busy timeout in a wait slot; LockTimeout when neither brings it."""
        waiter = _Waiter(self.lock_file_path)
        if waiter.arrived(min(self.short_wait, self.lock_timeout)):
            return waiter.result(0)
        slot = None
        if self.lock_timeout > self.short_wait:
            slot = take_wait_slot(self.lock_file_path, self.long_waiters)
        try:
            rest = 0.0 if slot is None else self.lock_timeout - (time.perf_counter() - started)
            locked = waiter.result(max(0.0, rest))
        finally:
            if slot is not None:
                slot.close()
        if locked is None:
            with self.wrap_database_errors:
                raise LockTimeout(
                    time.perf_counter() - started, others_waiting=slot is None
                ) from None
        return locked

    def release_unless_in_transaction(self) -> None:
        if self.connection is None or not self.connection.in_transaction:
            self._release()

    def _release(self) -> None:
        if not self.lock_held:
            return
        self.lock_held = False
        try:
            fcntl.flock(self.lock_file.fileno(), fcntl.LOCK_UN)
        except OSError:
            # Unlocking cannot fail on an open file; closing it lets go all the same.
            self._close_lock_file()
        if self.lock_log:
            held = time.perf_counter() - self.lock_taken_at
            with open(self.lock_log, "a") as log:
                log.write(f"{os.getpid()} {self.lock_waited * 1000:.3f} {held * 1000:.3f}\n")

    def _close_lock_file(self) -> None:
        # Closing the file lets go of its lock, if it held it.
        self.lock_held = False
        if self.lock_file is not None:
            self.lock_file.close()
            self.lock_file = None
