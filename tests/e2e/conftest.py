"""Real-browser tests: Playwright's sync API driving Debian's Chromium.

`playwright install` cannot download browsers in the hall's CI, so the tests
launch /usr/bin/chromium and skip (with the apt command) when it is missing.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.handlers.wsgi import WSGIHandler

# The sync API runs an asyncio loop in this thread, so Django's async-unsafe
# guard would refuse the test's own ORM calls (builders, final checks).
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# The live server answers each request in a thread of its own, and with the suite's
# in-memory SQLite every one of those threads shares the test's one connection: two
# requests at once (three phones polling while a fourth moves) would run their
# statements inside each other's transactions, or meet "database table is locked".
# The hall's server has a connection a worker, so here a request that uses the database
# holds it from its first statement to its answer, as a worker holds its connection;
# requests that never touch it (the practice table's moves and coaching, kept in a
# cookie) still run side by side.
_THE_CONNECTION = threading.Lock()
_REQUEST = threading.local()
_answer = WSGIHandler.__call__


def _answer_holding_the_connection(self, environ, start_response):
    _REQUEST.on, _REQUEST.holds = True, False
    try:
        return _answer(self, environ, start_response)
    finally:
        _REQUEST.on = False
        if _REQUEST.holds:
            _REQUEST.holds = False
            _THE_CONNECTION.release()


def _statement_in_turn(execute, sql, params, many, context):
    if getattr(_REQUEST, "on", False) and not _REQUEST.holds:
        _THE_CONNECTION.acquire()
        _REQUEST.holds = True
    return execute(sql, params, many, context)


WSGIHandler.__call__ = _answer_holding_the_connection


@pytest.fixture(scope="session", autouse=True)
def _requests_take_turns_on_the_connection(django_db_setup, django_db_blocker) -> Iterator:
    from django.db import connections

    with django_db_blocker.unblock():
        connection = connections["default"]
        connection.execute_wrappers.append(_statement_in_turn)
    yield
    connection.execute_wrappers.remove(_statement_in_turn)


LANDSCAPE = {"width": 1024, "height": 768}
PORTRAIT = {"width": 768, "height": 1024}
PHONE = {"width": 390, "height": 844}
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # Every test in tests/e2e is a browser test, so `-m "not e2e"` leaves them out.
    for item in items:
        if HERE in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.e2e)
            # WhiteNoise looks for collectstatic's output; the live server serves from static/.
            item.add_marker(pytest.mark.filterwarnings("ignore:No directory at:UserWarning"))


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        pytest.skip("Chromium not installed: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        new_context = browser.new_context

        def watched_context(*args, **kwargs):
            context = new_context(*args, **kwargs)
            context.on("page", _watch_csp)
            return context

        browser.new_context = watched_context
        yield browser
        browser.close()


def csp_violation(message) -> str | None:
    """Chromium reports a Content-Security-Policy refusal as a console error."""
    text = message.text
    if "Content Security Policy" in text or "Content-Security-Policy" in text:
        return f"CSP violation on {message.location.get('url', '?')}: {text}"
    return None


# Every tab of every context (the organizer's and the phones'), watched for CSP refusals.
CSP_VIOLATIONS: list[str] = []


def _watch_csp(page) -> None:
    page.on("console", lambda m: CSP_VIOLATIONS.append(v) if (v := csp_violation(m)) else None)


@pytest.fixture(autouse=True)
def _no_csp_violation() -> Iterator:
    """Fails a browser test when the policy refused anything on any of its tabs."""
    CSP_VIOLATIONS.clear()
    yield
    found, CSP_VIOLATIONS[:] = list(CSP_VIOLATIONS), []
    assert not found, found


def watch(page, problems: list[str]) -> None:
    """Collect script errors and server errors of one tab (a 503 that says when to come
    back, Retry-After, is the site saying it is busy, not a fault)."""
    page.on("pageerror", lambda exc: problems.append(f"script error: {exc}"))
    page.on(
        "response",
        lambda r: (
            problems.append(f"{r.status} from {r.request.method} {r.url}")
            if r.status >= 500 and not (r.status == 503 and "retry-after" in r.headers)
            else None
        ),
    )


@pytest.fixture
def page(browser) -> Iterator:
    """A fresh tablet-sized tab that fails the test on a script error or a server error
    (and, like every tab, on a CSP violation: _no_csp_violation)."""
    context = browser.new_context(viewport=LANDSCAPE, locale="en-CA")
    context.set_default_timeout(5_000)
    page = context.new_page()
    problems: list[str] = []
    watch(page, problems)
    yield page
    context.close()
    assert not problems, problems


@pytest.fixture
def shoot():
    """shoot(page, "name") saves test-artifacts/screenshots/name.png (the visible screen)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def save(page, name: str, *, full_page: bool = False) -> Path:
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return save
