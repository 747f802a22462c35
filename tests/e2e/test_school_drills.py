"""The school's drills in a real browser, on a phone: each drill answered once by a tap,
its verdict and reason read, Next tapped, the count seen; then the count started again.

The school, each question and each verdict are measured against the hall-fit rules at
1024x768, 768x1024 and 390x844, and saved to /tmp/shots/school/ for a person to look at.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.conftest import LANDSCAPE, PHONE, PORTRAIT
from tests.support import hall_fit_problems

SIZES = {"tablet": LANDSCAPE, "portrait": PORTRAIT, "phone": PHONE}
SHOTS = Path("/tmp/shots/school")

# How each drill is answered: the tap, then what the verdict must say.
ANSWERS = {
    "winner": ("Which card wins this trick?", "#content form button.pickcard", "wins the trick."),
    "may-play": ("May this card be played here?", "#content form button[value=yes]", "be played."),
    "bid": ("What would you bid on this hand?", "#content form button[value='20']", "did best"),
    "rob": ("Rob or not, and what to discard?", "#content form button.pickcard", "did best"),
}


def measure(page: Page, name: str, unfit: dict[str, list[str]]) -> None:
    """The screen at every size: hall-fit problems and a full-page screenshot of each."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    here = page.viewport_size
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.screenshot(path=str(SHOTS / f"{name}-{size}.png"), full_page=True)
        unfit[f"{name}-{size}"] = hall_fit_problems(page)
    page.set_viewport_size(here)


def drill_ready(page: Page) -> None:
    """Wait for the drill's scripts (htmx binds the forms at DOMContentLoaded)."""
    page.wait_for_function("() => document.documentElement.dataset.taps === 'ready'")


def test_each_drill_once_on_a_phone(page: Page, live_server):
    page.set_viewport_size(PHONE)
    unfit: dict[str, list[str]] = {}
    page.goto(f"{live_server.url}/practice/")
    page.get_by_role("link", name="New to the game? Try the school's drills").click()
    expect(page.get_by_role("heading", name="The school: drills for newcomers")).to_be_visible()
    expect(page.locator(".drill-count")).to_have_text(["Right: 0 of 0"] * 4)
    measure(page, "school", unfit)

    for kind, (title, tap, says) in ANSWERS.items():
        page.goto(f"{live_server.url}/practice/school/")
        page.locator(f"#drill-{kind}").get_by_role("link", name="Start this drill").click()
        expect(page.get_by_role("heading", name=title)).to_be_visible()
        drill_ready(page)
        if kind == "rob":
            expect(page.locator(".handcard.kept")).to_contain_text("kept")
            expect(page.locator(".kept-why")).to_contain_text("it gives you the right to rob.")
            expect(page.get_by_role("button", name="Keep my hand: do not rob")).to_be_visible()
            expect(page.locator("#content form button.pickcard")).to_have_count(4)
        measure(page, f"{kind}-question", unfit)
        page.locator(tap).first.click()
        verdict = page.locator("#verdict")
        expect(verdict).to_be_visible(timeout=15_000)
        expect(verdict.locator("h2")).to_have_text(re.compile(r"^(Right!|Not this time\.)$"))
        expect(verdict).to_contain_text(says)
        expect(verdict.locator(".why")).not_to_be_empty()
        expect(page.locator("#drill-count")).to_have_text(re.compile(r"^Right: [01] of 1$"))
        if kind == "winner":
            expect(page.locator(".ladders")).to_contain_text("The trumps, best first")
        if kind == "bid":
            expect(page.locator(".bid-table tbody tr")).to_have_count(5)
        if kind == "rob":
            expect(page.locator(".bid-table tbody tr")).to_have_count(5)
            expect(page.locator(".bid-table")).to_contain_text("not robbing")
            expect(page.locator(".handcard .tapped")).to_have_count(1)
        measure(page, f"{kind}-verdict", unfit)
        page.get_by_role("link", name="Next").click()
        expect(page.locator("#verdict")).to_have_count(0)
        expect(page.locator("#content form input[name=seed]")).to_have_count(1)
        expect(page.locator("#drill-count")).to_have_text(re.compile(r"^Right: [01] of 1$"))

    page.goto(f"{live_server.url}/practice/school/")
    counts = page.locator(".drill-count").all_inner_texts()
    assert all(re.fullmatch(r"Right: [01] of 1", c) for c in counts), counts
    page.get_by_role("button", name="Start the count again").click()
    expect(page.locator(".drill-count")).to_have_text(["Right: 0 of 0"] * 4)

    assert not any(unfit.values()), {k: v for k, v in unfit.items() if v}


def test_a_drill_works_without_htmx_as_plain_forms(page: Page, live_server):
    """Scripts blocked: the answer is a plain post and Next a plain link."""
    page.route(re.compile(r".*/static/js/.*"), lambda route: route.abort())
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/practice/school/may-play/?seed=4")
    page.get_by_role("button", name="No").click()
    expect(page.locator("#verdict")).to_contain_text("You must play a trump.")
    expect(page.locator("#drill-count")).to_have_text("Right: 1 of 1")
    page.get_by_role("link", name="Next").click()
    expect(page.get_by_role("button", name="Yes")).to_be_visible()
