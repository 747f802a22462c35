"""The organizer's Standings on a portrait tablet and a phone.

As a table, the punch card's column was squeezed to one hole a line on a phone, so each
pair's row stood 25 holes tall (a 40-pair page ran to 46,000 px). Each pair is now one
line of place, number, names and games, its punch card whole under it: no row taller than
four lines of holes, nothing wider than the screen, and the page a few screens a pair-dozen.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from drives import services
from tests.builders import NOW, make_club, make_user, play_game, started_drive
from tests.support import hall_fit_problems

SIZES = {
    "portrait": {"width": 768, "height": 1024},
    "phone": {"width": 390, "height": 844},
}

ROWS = """() => [...document.querySelectorAll('table.standings tbody tr')].map(r => {
  const card = r.querySelector('.punchcard').getBoundingClientRect();
  const hole = r.querySelector('.hole').getBoundingClientRect();
  return {row: r.getBoundingClientRect().height, card: card.height, hole: hole.height,
          right: Math.max(...[...r.children].map(c => c.getBoundingClientRect().right))};
})"""


@pytest.mark.parametrize("size", SIZES)
def test_each_pair_is_a_line_with_its_punch_card_under_it(
    browser: Browser, shoot, live_server, transactional_db, size
):
    club = make_club()
    organizer = make_user(club)
    drive = started_drive(club, organizer, pairs=40, games=25, seed=5)
    for game in (1, 2):
        play_game(drive, organizer)
        services.game_advance(drive=drive, from_game=game, actor=organizer, now=NOW)
    viewport = SIZES[size]
    phone = size == "phone"
    context = browser.new_context(
        viewport=viewport, locale="en-CA", is_mobile=phone, has_touch=phone
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("User name").fill("organizer")
    page.get_by_label("Password").fill("pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/drives/{drive.pk}/standings/")
    expect(page.locator("table.standings tbody tr")).to_have_count(40)
    shoot(page, f"standings-{size}")

    rows = page.evaluate(ROWS)
    for r in rows:
        # 25 holes in at most four lines (about three on a phone, two on a tablet).
        assert r["card"] <= 4 * r["hole"] + 3 * 4, r
        assert r["right"] <= viewport["width"], r
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 40 * 400, height
    assert hall_fit_problems(page) == []
    context.close()
