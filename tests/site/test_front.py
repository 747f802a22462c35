"""The site as `make run` serves it (config/serve.py): a buffering front before gunicorn.

Phones that send a request or read an answer slowly are held by the front, never by a
gunicorn worker, so the hall's table pages answer while they dawdle; the front drops
a client's own X-Forwarded-For and sets the address it saw; the practice table is
answered by servers of its own.
"""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import pytest

from bench.live import HallDevice, LiveServer

pytestmark = pytest.mark.live

SLOW_CONNECTIONS = 8


@pytest.fixture(scope="module")
def served():
    with LiveServer(backend="sqlite", pairs=8, workers=2, front=True) as server:
        table_page_times(server, samples=4)  # both workers warmed up
        yield server


class Dawdler:
    """A client that sends its request (or reads its answer) a few bytes at a time."""

    def __init__(self, port: int):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.closed_after: float | None = None
        self.started = time.monotonic()

    def trickle(self, first: bytes, then: bytes, every: float, times: int) -> None:
        try:
            self.sock.sendall(first)
            for _ in range(times):
                time.sleep(every)
                self.sock.sendall(then)
        except OSError:
            self.closed_after = time.monotonic() - self.started

    def close(self):
        self.sock.close()


def dawdle(server, first: bytes, then: bytes, every=1.0, times=30) -> list[Dawdler]:
    port = int(server.url.rsplit(":", 1)[1])
    clients = [Dawdler(port) for _ in range(SLOW_CONNECTIONS)]
    for c in clients:
        threading.Thread(target=c.trickle, args=(first, then, every, times), daemon=True).start()
    time.sleep(0.5)
    return clients


def quick(times: list[float]) -> bool:
    """Answered as on an idle hall: each in well under the 30 s a held worker takes."""
    return sorted(times)[len(times) // 2] < 1.0 and max(times) < 2.5


def table_page_times(server, samples=5) -> list[float]:
    token = server.drive["tables"][0]["token"]
    phone = HallDevice(server.url)
    times = []
    for _ in range(samples):
        answer = phone.open_table(token)
        assert answer.status == 200
        times.append(answer.seconds)
        time.sleep(0.3)
    return times


def test_phones_sending_headers_slowly_hold_no_worker_and_are_cut_off(served):
    clients = dawdle(served, b"GET /accounts/login/ HTTP/1.1\r\nHost: hall\r\n", b"X-A: b\r\n")
    try:
        # Eight such phones on two workers stopped the hall straight on gunicorn.
        assert quick(table_page_times(served))
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and any(c.closed_after is None for c in clients):
            time.sleep(0.5)
        # The front gives a request's headers 10 s.
        assert all(c.closed_after is not None and c.closed_after < 16 for c in clients)
    finally:
        for c in clients:
            c.close()


def test_phones_sending_a_body_slowly_hold_no_worker(served):
    head = (
        b"POST /accounts/login/ HTTP/1.1\r\nHost: hall\r\nContent-Type: "
        b"application/x-www-form-urlencoded\r\nContent-Length: 5000\r\n\r\n"
    )
    clients = dawdle(served, head, b"a=b&", every=1.0, times=8)
    try:
        assert quick(table_page_times(served))
    finally:
        for c in clients:
            c.close()


def test_phones_reading_slowly_hold_no_worker(served):
    # Each asks for a page and never reads it: the front holds the answers.
    port = int(served.url.rsplit(":", 1)[1])
    socks = []
    for _ in range(SLOW_CONNECTIONS):
        s = socket.create_connection(("127.0.0.1", port), timeout=30)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        s.sendall(b"GET /static/htmx.min.js HTTP/1.1\r\nHost: hall\r\n\r\n" * 20)
        socks.append(s)
    try:
        assert quick(table_page_times(served))
    finally:
        for s in socks:
            s.close()


def access_lines(server, name: str) -> list[str]:
    path = Path(server.tmp) / "log" / name
    return path.read_text().splitlines() if path.exists() else []


def test_the_front_sets_the_address_it_saw_and_drops_the_clients_own(served):
    port = int(served.url.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(
            b"GET /accounts/login/?forged=1 HTTP/1.1\r\nHost: hall\r\n"
            b"X-Forwarded-For: 203.0.113.9\r\nConnection: close\r\n\r\n"
        )
        assert s.recv(100).startswith(b"HTTP/1.1 200")
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        lines = [x for x in access_lines(served, "access.log") if "forged=1" in x]
        if lines:
            break
        time.sleep(0.1)
    assert lines and lines[-1].startswith("127.0.0.1 "), lines
    assert "203.0.113.9" not in lines[-1]


def test_the_practice_table_is_answered_by_its_own_servers(served):
    phone = HallDevice(served.url)
    assert phone.request("/practice/?from=front-test").status == 200
    time.sleep(0.5)
    assert any("from=front-test" in x for x in access_lines(served, "practice-access.log"))
    assert not any("from=front-test" in x for x in access_lines(served, "access.log"))
