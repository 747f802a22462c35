"""The All Fours deal form at a drive table and the stand-alone scorekeeper, in Chromium.

Both are checked for hall fit (48 px tap targets, 18 px text, contrast) and
saved to test-artifacts/screenshots/ to be looked at.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.builders import make_club, make_user, started_drive
from tests.builders.browser import log_in
from tests.support import hall_fit_problems


def test_the_all_fours_deal_form_and_the_standalone_scorekeeper(
    page: Page, shoot, live_server, transactional_db
):
    club = make_club()
    organizer = make_user(club)
    drive = started_drive(club, organizer, pairs=4, seed=3, game="seven_up")
    unfit: dict[str, list[str]] = {}
    log_in(page, live_server.url)

    page.goto(f"{live_server.url}/drives/{drive.pk}/games/1/tables/1/score/")
    expect(page.get_by_text("High", exact=False).first).to_be_visible()
    shoot(page, "60-deal-form", full_page=True)
    unfit["deal form"] = hall_fit_problems(page)

    page.goto(f"{live_server.url}/scorekeeper/")
    page.get_by_role("link", name="New game").first.click()
    expect(page.get_by_role("heading", name="New game")).to_be_visible()
    shoot(page, "61-scorekeeper-new", full_page=True)
    unfit["new game"] = hall_fit_problems(page)
    page.get_by_label("Auction Forty-Fives").check()
    page.get_by_label("3 players, each alone").check()
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("main")).to_contain_text("Player 3")
    shoot(page, "62-scorekeeper-game", full_page=True)
    unfit["game"] = hall_fit_problems(page)

    assert not {k: v for k, v in unfit.items() if v}, unfit
