"""A real server for load tests, race tests and crash tests.

LiveServer starts gunicorn on a fresh database (a file-based SQLite database
in a temporary folder, or a new PostgreSQL database on the server named by a
postgres:// URL), with a running drive from `manage.py bench_drive`; with front=True,
as `make run` serves: the buffering front and the practice table's own server before
it (config/serve.py).
HallDevice is one phone or tablet: its own cookies (device id, CSRF) and a
key per submission.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from config.serve import Servers  # noqa: E402

PYTHON = sys.executable


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def postgres_url() -> str | None:
    url = os.environ.get("DATABASE_URL", "")
    return url if url.startswith(("postgres://", "postgresql://")) else None


class LiveServer:
    def __init__(
        self,
        *,
        backend: str = "sqlite",
        pairs: int = 16,
        workers: int = 2,
        instances: int = 1,
        bench: bool = False,
        front: bool = False,
    ):
        """bench: serve the floor view (POST /bench/floor-login/, bench/live_urls.py) and
        log each SQLite write transaction's lock wait and hold (self.lock_log).
        front: each app server behind its own front, as `make run` serves (the URLs are
        the fronts'; the processes are the hall's gunicorn masters)."""
        self.backend = backend
        self.bench = bench
        self.front = front
        self.fronts: list[Servers] = []
        self.pairs = pairs
        self.workers = workers
        # Several app servers (gunicorn instances on their own ports) share one database.
        self.ports = [free_port() for _ in range(instances)]
        self.port = self.ports[0]
        self.urls = [f"http://127.0.0.1:{port}" for port in self.ports]
        self.url = self.urls[0]
        self.procs: list[subprocess.Popen] = []
        self.tmp = Path(tempfile.mkdtemp(prefix="card-drive-live-"))
        self.db_name = ""
        self.env = {
            **os.environ,
            "CARD_DRIVE_VAR": str(self.tmp),
            "DEBUG": "0",
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "PYTHONPATH": str(ROOT),
        }
        self.env.pop("DATABASE_URL", None)
        self.lock_log = self.tmp / "lock.log"
        if bench:
            self.env["DJANGO_SETTINGS_MODULE"] = "bench.live_settings"
            self.env["BENCH_LOCK_LOG"] = str(self.lock_log)
        if backend == "postgres":
            base = postgres_url() or "postgres://postgres@127.0.0.1:5432/postgres"
            self.db_name = f"carddrive_live_{secrets.token_hex(4)}"
            self.admin_url = base
            self.env["DATABASE_URL"] = re.sub(r"/[^/]*$", f"/{self.db_name}", base)
        else:
            self.env["SQLITE_PATH"] = str(self.tmp / "db.sqlite3")

    # --- lifecycle -----------------------------------------------------------

    def _manage(self, *args: str) -> str:
        done = subprocess.run(
            [PYTHON, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode:
            raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stderr[-3000:]}")
        return done.stdout

    def _create_pg(self) -> None:
        import psycopg

        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{self.db_name}"')

    def _drop_pg(self) -> None:
        import psycopg

        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{self.db_name}" WITH (FORCE)')

    def setup(self) -> dict:
        if self.backend == "postgres":
            self._create_pg()
        self._manage("migrate", "--noinput", "-v0")
        self._manage("collectstatic", "--noinput", "-v0")
        self.drive = json.loads(self._manage("bench_drive", "--pairs", str(self.pairs)))
        if self.bench:
            key = "SERIAL" if self.backend == "postgres" else "INTEGER"
            sql(self, f"CREATE TABLE bench_floor (id {key} PRIMARY KEY, note TEXT)")
        return self.drive

    def start(self) -> None:
        self.procs = [self._start_one(port) for port in self.ports]
        self.proc = self.procs[0]

    def _profile_args(self) -> list[str]:
        # A profiled server (BENCH_PROFILE_DIR): every worker under cProfile.
        if self.env.get("BENCH_PROFILE_DIR"):
            return ["--config", str(ROOT / "bench" / "gunicorn_profile.py")]
        return []

    def _start_one(self, port: int) -> subprocess.Popen:
        if self.front:
            servers = Servers(
                host="127.0.0.1",
                port=port,
                workers=self.workers,
                var=self.tmp,
                env=self.env,
                python=PYTHON,
                gunicorn_args=self._profile_args(),
                access_log=not self.bench,
            )
            servers.start()
            self.fronts.append(servers)
            return servers.procs[0]
        proc = subprocess.Popen(
            [
                str(Path(PYTHON).parent / "gunicorn"),
                "config.wsgi",
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                str(self.workers),
                "--log-level",
                "warning",
                *self._profile_args(),
            ],
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=open(self.tmp / "gunicorn.log", "ab"),  # noqa: SIM115
            start_new_session=True,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    return proc
            except OSError:
                if proc.poll() is not None:
                    raise RuntimeError((self.tmp / "gunicorn.log").read_text()[-3000:]) from None
                time.sleep(0.1)
        raise RuntimeError("gunicorn did not start in 30 s")

    def worker_pids(self) -> list[int]:
        """The gunicorn workers of every app server (the masters' children)."""
        masters = {proc.pid for proc in self.procs}
        pids = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    stat = (entry / "stat").read_text()
                except OSError:
                    continue
                if int(stat.rsplit(")", 1)[1].split()[1]) in masters:
                    pids.append(int(entry.name))
        return pids

    def cpu_seconds(self) -> float:
        """CPU time (user + system) the workers have used so far, from /proc/<pid>/stat."""
        total = 0
        for pid in self.worker_pids():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
        return total / os.sysconf("SC_CLK_TCK")

    def kill(self, sig: int = signal.SIGKILL) -> None:
        """Stop every server at once (master and workers), as a power cut would."""
        for servers in self.fronts:
            servers.stop(sig)
        self.fronts = []
        for proc in self.procs:
            if proc.poll() is None:
                os.killpg(proc.pid, sig)
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:  # workers stuck (say, on slow clients)
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait(timeout=10)

    def __enter__(self) -> LiveServer:
        self.setup()
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.kill(signal.SIGTERM)
        if self.backend == "postgres":
            self._drop_pg()

    def manage(self, *args: str) -> str:
        return self._manage(*args)


class Answer:
    def __init__(self, status: int, body: str, seconds: float, headers=None):
        self.status, self.body, self.seconds = status, body, seconds
        self.headers = dict(headers or {})


class HallDevice:
    """One phone or tablet: its own cookies (device id, CSRF token)."""

    def __init__(self, base: str):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect()
        )

    def _csrf(self) -> str:
        return next((c.value for c in self.jar if c.name == "csrftoken"), "")

    def request(self, path: str, data: dict | None = None, timeout: float = 30) -> Answer:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        req = urllib.request.Request(self.base + path, data=body)
        if body is not None:
            req.add_header("X-CSRFToken", self._csrf())
            req.add_header("X-Requested-With", "fetch")
        started = time.perf_counter()
        try:
            with self.opener.open(req, timeout=timeout) as r:
                body = r.read().decode()
                return Answer(r.status, body, time.perf_counter() - started, r.headers)
        except urllib.error.HTTPError as e:
            body = e.read().decode(errors="replace")
            return Answer(e.code, body, time.perf_counter() - started, e.headers)

    def api_put(self, path: str, body: bytes, key: str, timeout: float = 60) -> Answer:
        """A JSON PUT with an API key (a hall laptop publishing its night)."""
        req = urllib.request.Request(self.base + path, data=body, method="PUT")
        req.add_header("Authorization", f"Bearer {key}")
        req.add_header("Content-Type", "application/json")
        started = time.perf_counter()
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                text = r.read().decode()
                return Answer(r.status, text, time.perf_counter() - started, r.headers)
        except urllib.error.HTTPError as e:
            text = e.read().decode(errors="replace")
            return Answer(e.code, text, time.perf_counter() - started, e.headers)

    def log_in(self, username: str, password: str) -> Answer:
        """An organizer's tablet: log in through the login form."""
        self.request("/accounts/login/")
        data = {"username": username, "password": password, "csrfmiddlewaretoken": self._csrf()}
        return self.request("/accounts/login/", data)

    def floor(self) -> Answer:
        """The bench's floor (LiveServer(bench=True)): 1 INSERT + tiny template, logged in."""
        return self.request("/bench/floor-login/", {})

    def next_game(self, drive: int, game: int) -> Answer:
        return self.request(f"/drives/{drive}/games/{game}/next/", {"from_game": game})

    def seated(self, token: str) -> tuple[int, list[int]]:
        """The game number and the pair numbers the table page offers as winners."""
        page = self.open_table(token).body
        game = re.search(r'name="game" value="(\d+)"', page)
        winners = [int(n) for n in re.findall(r'name="winner" value="(\d+)"', page)]
        return (int(game.group(1)) if game else 0), winners

    def open_table(self, token: str, timeout: float = 30) -> Answer:
        return self.request(f"/t/{token}/", timeout=timeout)

    def report(self, token: str, game: int, winner: int, key: str | None = None) -> Answer:
        data = {"game": game, "winner": winner, "key": key or secrets.token_hex(16)}
        return self.request(f"/t/{token}/report/", data)

    def confirm(
        self, token: str, game: int, winner: int, confirmer: int, key: str | None = None
    ) -> Answer:
        data = {
            "game": game,
            "winner": winner,
            "confirmer": confirmer,
            "key": key or secrets.token_hex(16),
        }
        return self.request(f"/t/{token}/confirm/", data)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def sql(server: LiveServer, query: str) -> list[tuple]:
    """Read the live server's database directly (the test checks what was stored)."""
    if server.backend == "postgres":
        import psycopg

        with psycopg.connect(server.env["DATABASE_URL"]) as conn:
            cursor = conn.execute(query)
            return list(cursor.fetchall()) if cursor.description else []
    import sqlite3

    conn = sqlite3.connect(server.env["SQLITE_PATH"], timeout=20)
    try:
        rows = list(conn.execute(query).fetchall())
        conn.commit()
        return rows
    finally:
        conn.close()
