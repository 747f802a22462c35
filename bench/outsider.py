"""What an outsider on the hall's Wi-Fi can do to a night, measured on the site served as
`make run` serves it (config/serve.py: the buffering front, the hall's gunicorn, the
practice table's own servers); --no-front goes straight to gunicorn, as before the front.

- slow: 8 connections that send a header line every 2 s (or a body byte by byte) are
  held open while a table phone opens its table page: its answer times.
- hints: 24 clients ask the practice table for hints and coaching as fast as they are
  answered, against the stronger player; a table phone opens its table page and reports
  meanwhile: its p50 and p90.
- codes: a drive confirmed by pair codes; a phone types 30 wrong codes for the other
  pair, then the right one: what each answer said, and the audit rows written.
- lockout: a phone (its own address on the network) sends 50 wrong passwords for
  `organizer`; then the organizer logs in from the laptop itself (loopback) and from a
  tablet (another address).

A full disk is shown by scripts/full_disk.sh. lockout needs root (addresses on the
loopback interface); it is skipped otherwise. Each part starts its own server on a fresh
database.

    python bench/outsider.py [--no-front] [--only slow,hints,codes,lockout]
"""

from __future__ import annotations

import argparse
import http.client
import http.cookiejar
import os
import re
import secrets
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
from html import unescape
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.live import HallDevice, LiveServer, sql  # noqa: E402

SLOW = 8
HINT_CLIENTS = 24
PHONE_ADDRESS, TABLET_ADDRESS = "10.77.0.2", "10.77.0.3"


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))]


def port_of(server: LiveServer) -> int:
    return int(server.url.rsplit(":", 1)[1])


def say(line: str) -> None:
    print(line, flush=True)


NO_ANSWER = 60.0  # seconds a table page is waited for


def answer_time(phone: HallDevice, token: str) -> float:
    """Seconds the table page took (NO_ANSWER when it did not come)."""
    try:
        return phone.open_table(token, timeout=NO_ANSWER).seconds
    except OSError:
        return NO_ANSWER


# --- slow clients -------------------------------------------------------------------


def slow(front: bool) -> None:
    with LiveServer(backend="sqlite", pairs=8, workers=2, front=front) as server:
        token = server.drive["tables"][0]["token"]
        phone = HallDevice(server.url)
        phone.open_table(token)
        for name, first, then in [
            ("headers", b"GET /accounts/login/ HTTP/1.1\r\nHost: hall\r\n", b"X-A: b\r\n"),
            (
                "a body",
                b"POST /accounts/login/ HTTP/1.1\r\nHost: hall\r\nContent-Length: 9000\r\n"
                b"Content-Type: application/x-www-form-urlencoded\r\n\r\n",
                b"a",
            ),
        ]:
            stop = threading.Event()
            cut = []

            def dawdle(first=first, then=then, stop=stop, cut=cut):
                started = time.monotonic()
                s = socket.create_connection(("127.0.0.1", port_of(server)), timeout=60)
                try:
                    s.sendall(first)
                    while not stop.wait(2):
                        s.sendall(then)
                except OSError:
                    cut.append(time.monotonic() - started)
                finally:
                    s.close()

            threads = [threading.Thread(target=dawdle, daemon=True) for _ in range(SLOW)]
            for t in threads:
                t.start()
            time.sleep(1)
            times = []
            for _ in range(6):
                times.append(answer_time(phone, token))
                if times[-1] >= NO_ANSWER:
                    break
                time.sleep(1)
            stop.set()
            for t in threads:
                t.join(5)
            cuts = f"; {len(cut)} of them cut off, the last after {max(cut):.0f} s" if cut else ""
            say(
                f"slow {name}: {SLOW} connections held; table page p50 "
                f"{statistics.median(times):.3f} s, max {max(times):.3f} s{cuts}"
            )


# --- practice hints -----------------------------------------------------------------


def hints(front: bool, seconds: float = 25) -> None:
    server = LiveServer(backend="sqlite", pairs=8, workers=2, front=front)
    # Every client here comes from this machine's one address: the pace limit per client
    # is lifted, so that every hint reaches the computer players, as from 24 phones.
    server.env["PRACTICE_RATE"] = "100000/m"
    with server:
        table = server.drive["tables"][0]
        phone = HallDevice(server.url)
        phone.open_table(table["token"])
        stop = threading.Event()
        answers: dict[int, int] = {}
        lock = threading.Lock()

        def practise(i: int) -> None:
            client = HallDevice(server.url)
            client.request("/practice/")  # the start screen, and its CSRF cookie
            start = client.request(
                "/practice/start/", {"game": "t3", "level": "angus", "follow": "follow"}
            )
            if start.status >= 400:
                with lock:
                    answers[start.status] = answers.get(start.status, 0) + 1
            while not stop.is_set():
                got = client.request("/practice/hint/", timeout=60)
                with lock:
                    answers[got.status] = answers.get(got.status, 0) + 1

        threads = [threading.Thread(target=practise, args=(i,)) for i in range(HINT_CLIENTS)]
        for t in threads:
            t.start()
        time.sleep(3)
        times = []
        deadline = time.monotonic() + seconds
        game = 1
        while time.monotonic() < deadline:
            times.append(answer_time(phone, table["token"]))
            time.sleep(0.25)
        report = phone.report(table["token"], game, table["pairs"][0])
        stop.set()
        for t in threads:
            t.join(90)
        say(
            f"hints: {HINT_CLIENTS} clients asking for hints for {seconds:g} s "
            f"({sum(answers.values())} answers: {dict(sorted(answers.items()))}); "
            f"table page: {len(times)} samples, p50 {statistics.median(times):.3f} s, "
            f"p90 {percentile(times, 90):.3f} s, max {max(times):.3f} s; "
            f"a report then: {report.status} in {report.seconds:.3f} s"
        )


# --- pair codes ---------------------------------------------------------------------


def codes(front: bool) -> None:
    with LiveServer(backend="sqlite", pairs=8, workers=2, front=front) as server:
        sql(server, "UPDATE drives_drive SET confirm_by_code = 1")
        table = server.drive["tables"][0]
        a, b = table["pairs"]
        drive = server.drive["drive"]
        (right,) = sql(
            server, f"SELECT code FROM drives_pair WHERE drive_id = {drive} AND number = {b}"
        )[0]
        reporter, other = HallDevice(server.url), HallDevice(server.url)
        reporter.open_table(table["token"])
        other.open_table(table["token"])
        assert reporter.report(table["token"], 1, a).status == 200
        audit = "SELECT COUNT(*) FROM drives_auditentry"
        (before,) = sql(server, audit)[0]
        wrong = [c for c in ("AAAA", "BCDF", "KKKK", "MNPQ") if c != right]
        said = {}
        for i in range(30):
            got = other.request(
                f"/t/{table['token']}/confirm/",
                {
                    "game": 1,
                    "winner": a,
                    "code": wrong[i % len(wrong)],
                    "key": secrets.token_hex(8),
                },
            )
            said.setdefault((got.status, words(got.body)), 0)
            said[(got.status, words(got.body))] += 1
        got = other.request(
            f"/t/{table['token']}/confirm/",
            {"game": 1, "winner": a, "code": right, "key": secrets.token_hex(8)},
        )
        (after,) = sql(server, audit)[0]
        for (status, text), n in said.items():
            say(f"codes: {n} wrong codes answered {status}: {text[:150]}")
        say(f"codes: then the right code answered {got.status}: {words(got.body)[:150]}")
        say(f"codes: audit rows written for the 31 tries: {after - before}")


def words(html: str) -> str:
    """The message of an answer: the flash or error text, tags dropped."""
    found = re.search(r'id="flash"[^>]*>(.*?)</', html, re.S) or re.search(
        r'class="[^"]*(?:error|refused|flash)[^"]*"[^>]*>(.*?)</', html, re.S
    )
    text = found.group(1) if found else html
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", text)).split())


# --- the lockout --------------------------------------------------------------------


class Browser:
    """A browser from a given source address, with its own cookies (http.client)."""

    def __init__(self, port: int, source: str):
        self.port, self.source = port, source
        self.cookies: dict[str, str] = {}

    def go(self, method: str, path: str, form: dict | None = None) -> tuple[int, str]:
        conn = http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=30, source_address=(self.source, 0)
        )
        headers = {"Host": f"127.0.0.1:{self.port}"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Referer"] = f"http://127.0.0.1:{self.port}{path}"
        conn.request(method, path, body=body, headers=headers)
        r = conn.getresponse()
        for k, v in r.getheaders():
            if k.lower() == "set-cookie":
                name, _, rest = v.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
        text = r.read().decode(errors="replace")
        conn.close()
        return r.status, text

    def log_in(self, username: str, password: str) -> tuple[int, str]:
        self.cookies.pop("sessionid", None)
        self.go("GET", "/accounts/login/")
        token = self.cookies.get("csrftoken", "")
        return self.go(
            "POST",
            "/accounts/login/",
            {"username": username, "password": password, "csrfmiddlewaretoken": token},
        )


def lockout(front: bool) -> None:
    if os.geteuid() != 0:
        say("lockout: skipped (needs root for addresses on the loopback interface)")
        return
    added = []
    try:
        for address in (PHONE_ADDRESS, TABLET_ADDRESS):
            subprocess.run(["ip", "addr", "add", f"{address}/32", "dev", "lo"], check=False)
            added.append(address)
        with LiveServer(backend="sqlite", pairs=8, workers=2, front=front) as server:
            server.env["BEHIND_PROXY"] = "1"
            username, password = server.drive["username"], server.drive["password"]
            port = port_of(server)
            phone = Browser(port, PHONE_ADDRESS)
            statuses: dict[int, int] = {}
            for i in range(50):
                status, _ = phone.log_in(username, f"wrong-{i}")
                statuses[status] = statuses.get(status, 0) + 1
            say(f"lockout: the phone's 50 wrong passwords answered {statuses}")
            status, _ = phone.log_in(username, password)
            say(f"lockout: the right password from that phone then: {status}")
            for name, source in (
                ("the laptop (loopback)", "127.0.0.1"),
                ("a tablet", TABLET_ADDRESS),
            ):
                status, body = Browser(port, source).log_in(username, password)
                verdict = "logged in" if status == 302 else words(body)[:120]
                say(f"lockout: the organizer from {name}: {status} ({verdict})")
    finally:
        for address in added:
            subprocess.run(["ip", "addr", "del", f"{address}/32", "dev", "lo"], check=False)


PARTS = {"slow": slow, "hints": hints, "codes": codes, "lockout": lockout}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-front", action="store_true")
    parser.add_argument("--only", default=",".join(PARTS))
    args = parser.parse_args()
    served = "straight to gunicorn" if args.no_front else "as make run serves (front)"
    say(f"An outsider on the hall's network, against the site {served}")
    for name in args.only.split(","):
        PARTS[name](not args.no_front)


if __name__ == "__main__":
    main()
