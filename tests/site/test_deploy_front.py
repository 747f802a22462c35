"""The hosted server's front as shipped (deploy/Caddyfile) in front of two app servers on
one database (PostgreSQL when DATABASE_URL names one), with the recipe's environment: https
only with HSTS, http sent to https, the probe, a request log line per request that says
which club, and the hall still answered when one app server dies.

Caddy runs with its own local certificate authority (TLS_ISSUER=internal) on free ports:
on the server it is Let's Encrypt on 443."""

from __future__ import annotations

import json
import os
import socket
import ssl
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from bench.live import LiveServer, free_port, postgres_url
from config.serve import caddy_binary

pytestmark = pytest.mark.live

ROOT = Path(__file__).resolve().parents[2]
UNCHECKED = ssl._create_unverified_context()  # Caddy's local authority is not trusted here


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


OPENER = urllib.request.build_opener(urllib.request.HTTPSHandler(context=UNCHECKED), NoRedirect())


def fetch(url: str) -> tuple[int, dict, str]:
    try:
        with OPENER.open(url, timeout=15) as r:
            return r.status, dict(r.headers), r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read().decode()


def wait_for(port: int, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listens on {port}")


def ready(url: str, log: Path, seconds: float = 30) -> None:
    """Caddy listens before its local authority has signed the site's certificate."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if fetch(url)[0] == 200:
                return
        except (urllib.error.URLError, ssl.SSLError, ConnectionError):
            pass
        time.sleep(0.3)
    raise RuntimeError(f"the front did not answer {url}: {log.read_text()[-2000:]}")


@pytest.fixture(scope="module")
def hosted():
    backend = "postgres" if postgres_url() else "sqlite"
    server = LiveServer(backend=backend, pairs=4, workers=1, instances=2)
    https, http = free_port(), free_port()
    site = f"https://localhost:{https}"
    server.env.update(
        SITE_BASE_URL=site,
        ALLOWED_HOSTS="localhost",
        CSRF_TRUSTED_ORIGINS=site,
        BEHIND_PROXY="1",
        REQUEST_LOG_LEVEL="INFO",
    )
    with server:
        caddy_home = server.tmp / "caddy"
        caddy_home.mkdir()
        env = {
            **os.environ,
            "SITE_HOST": "localhost",
            "HTTPS_PORT": str(https),
            "HTTP_PORT": str(http),
            "APP_SERVERS": " ".join(f"127.0.0.1:{p}" for p in server.ports),
            "TLS_ISSUER": "internal",
            "CADDY_LOG": str(server.tmp / "caddy.log"),
            "XDG_CONFIG_HOME": str(caddy_home),
            "XDG_DATA_HOME": str(caddy_home),
        }
        caddy = subprocess.Popen(
            [caddy_binary(), "run", "--config", "deploy/Caddyfile", "--adapter", "caddyfile"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=open(server.tmp / "caddy.err", "ab"),  # noqa: SIM115
        )
        try:
            wait_for(https)
            ready(f"{site}/health/", server.tmp / "caddy.err")
            yield server, site, f"http://localhost:{http}"
        finally:
            caddy.terminate()
            caddy.wait(timeout=10)


def test_the_front_serves_https_with_hsts_and_sends_http_there(hosted):
    server, site, plain = hosted
    status, headers, body = fetch(f"{site}/health/")
    assert status == 200 and json.loads(body) == {"status": "ok", "database": "ok"}
    status, headers, _ = fetch(f"{site}/accounts/login/")
    assert status == 200
    assert headers["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"
    assert "Secure" in headers["Set-Cookie"]  # the CSRF cookie travels over https only
    status, headers, _ = fetch(f"{plain}/accounts/login/")
    assert status in (301, 308) and headers["Location"].startswith("https://localhost")


def test_each_request_is_logged_with_its_club(hosted):
    server, site, _ = hosted
    token = server.drive["tables"][0]["token"]
    assert fetch(f"{site}/t/{token}/")[0] == 200
    log = ""
    deadline = time.monotonic() + 10
    while f"GET /t/{token}/ 200" not in log and time.monotonic() < deadline:
        time.sleep(0.2)
        log = (server.tmp / "gunicorn.log").read_text()
    line = next(x for x in log.splitlines() if f"GET /t/{token}/ 200" in x)
    assert " club=1 " in line and "carddrive.requests" in line
    assert any("GET /health/ 200" in x and "club=- " in x for x in log.splitlines())


def test_the_hall_is_answered_when_one_app_server_dies(hosted):
    server, site, _ = hosted
    token = server.drive["tables"][0]["token"]
    server.procs[0].terminate()
    server.procs[0].wait(timeout=15)
    answers = [fetch(f"{site}/t/{token}/")[0] for _ in range(12)]
    assert answers == [200] * 12
