"""My first game, with a guide, in a real browser on a phone (390x844).

From the practice start screen the big button starts the guided game; the first
hand is played by taps (a card lifted, then played) and the guide box says each
rule as it first comes up: at least three different ones in the hand. The guide is
closed (the game goes on) and shown again, listing what was learned; at the
hand's summary it says how the hand is scored. The start screen, the table with
the guide, the guide reopened and the summary are measured against the hall-fit
rules at 390x844, 768x1024 and 1024x768, and saved to /tmp/shots/guide/ for a
person to look at; the summary's guide is read in French too.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.builders.browser import after, at, tap_a_card, taps_ready
from tests.e2e.conftest import LANDSCAPE, PHONE, PORTRAIT
from tests.support import hall_fit_problems

SHOTS = Path("/tmp/shots/guide")
SIZES = {"phone": PHONE, "portrait": PORTRAIT, "tablet": LANDSCAPE}
SEED = 20261130  # the first game's deal, for a test that plays the same hand every time


def measure(page: Page, name: str, unfit: dict[str, list[str]]) -> None:
    """The screen at every size: its hall-fit problems, and a screenshot of each."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    here = page.viewport_size
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.screenshot(path=str(SHOTS / f"{name}-{size}.png"), full_page=True)
        unfit[f"{name}-{size}"] = hall_fit_problems(page)
    page.set_viewport_size(here)


def topics_on_screen(page: Page) -> list[str]:
    return page.locator("#guide .guide-topic").evaluate_all("els => els.map(e => e.dataset.topic)")


def test_a_first_game_with_its_guide_on_a_phone(page: Page, live_server, monkeypatch):
    monkeypatch.setattr("practice.views.secrets.randbelow", lambda n: SEED)
    unfit: dict[str, list[str]] = {}
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/practice/")
    first = page.get_by_role("button", name="My first game, with a guide")
    expect(first).to_be_visible()
    measure(page, "start", unfit)
    first.click()
    taps_ready(page)

    guide = page.locator("#guide")
    expect(guide).to_contain_text("Your guide")
    expect(guide.locator(".guide-topic").first).to_be_visible()
    expect(guide).to_contain_text("The suit of the card turned up is trumps")
    measure(page, "table-with-guide", unfit)

    seen: list[str] = []
    closed_once = False
    for _step in range(40):
        seen += [t for t in topics_on_screen(page) if t not in seen]
        if page.locator("#next-hand").count():
            break
        if not closed_once and len(seen) >= 2:
            closed_once = True
            before = at(page)
            page.get_by_role("button", name="Close the guide").click()
            after(page, before)
            expect(page.locator("#guide .guide-topic")).to_have_count(0)
            expect(page.get_by_role("button", name="Show the guide")).to_be_visible()
            page.screenshot(path=str(SHOTS / "guide-closed-phone.png"), full_page=True)
            assert page.locator("form#hand").count()  # the game goes on: your cards
            before = at(page)
            page.get_by_role("button", name="Show the guide").click()
            after(page, before)
            learned = page.locator("#guide details.learned")
            expect(learned).to_contain_text("What you have learned")
            expect(learned).to_have_attribute("open", "")
            expect(learned.get_by_text("Trumps.", exact=True)).to_be_visible()
            measure(page, "guide-reopened", unfit)
            continue
        tap_a_card(page)
    else:
        raise AssertionError("the first hand did not end")

    summary = page.locator("#summary")
    expect(summary).to_contain_text("Hand 1 is over")
    expect(guide).to_contain_text("How a hand is scored")
    expect(guide).to_contain_text("Each trick is worth 5 points")
    seen += [t for t in topics_on_screen(page) if t not in seen]
    assert closed_once
    assert len(seen) >= 3 and "scoring" in seen, seen
    measure(page, "summary-with-scoring", unfit)
    # In French the guide says the same.
    page.locator("#lang-switch").get_by_role("button", name="Français").click()
    expect(guide).to_contain_text("Votre guide")
    expect(guide).to_contain_text("Chaque levée vaut 5 points")
    page.screenshot(path=str(SHOTS / "summary-french-phone.png"), full_page=True)
    unfit["summary-french-phone"] = hall_fit_problems(page)
    # Its words are longer ("Pointage"): the hand's table still fits the phone's width.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert all(not problems for problems in unfit.values()), unfit
