"""Choosing the drive's game and options, then reading its rules page, in a real browser.

The settings show only the chosen game's options (CSS :has, no script); the
rules page states them and shows the rank tables large. Both screens are
saved to test-artifacts/screenshots/ and checked for hall fit.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from drives.models import Drive
from tests.builders import make_club, make_drive, make_user
from tests.support import hall_fit_problems


def test_choose_auction_options_and_read_the_rules(
    page: Page, shoot, live_server, transactional_db
):
    club = make_club()
    drive = make_drive(club, make_user(club))
    unfit: dict[str, list[str]] = {}

    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("User name").fill("organizer")
    page.get_by_label("Password").fill("pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/drives/{drive.pk}/settings/")

    # Traditional 45: only the option every game has is shown.
    expect(page.locator("#id_five_only_bonus")).to_be_visible()
    expect(page.locator("#id_slam")).to_be_hidden()
    expect(page.locator("#id_bell")).to_be_hidden()

    page.locator("#id_game").select_option("auction_45")
    expect(page.locator("#id_slam")).to_be_visible()
    expect(page.locator("#id_bell")).to_be_hidden()
    page.locator("#id_dealer_may_hold").check()
    page.locator("#id_slam").check()
    page.locator("#id_thirty_for_sixty").select_option("loses_30")
    shoot(page, "40-game-options", full_page=True)
    unfit["40-game-options"] = hall_fit_problems(page)
    page.get_by_role("button", name="Save settings").click()
    expect(page.locator("#flash")).to_contain_text("Settings saved.")
    drive.refresh_from_db()
    assert drive.game_options == {
        "dealer_may_hold": True,
        "slam": True,
        "thirty_for_sixty": "loses_30",
    }

    page.locator("nav.tabs").get_by_role("link", name="Rules").click()
    expect(page.get_by_role("heading", name="Rules: Auction Forty-Fives (to 120)")).to_be_visible()
    expect(page.locator(".options-stated")).to_contain_text("Slam:")
    expect(page.locator("#trump-hearts td.rank-cards")).to_have_text(
        "5♥ J♥ A♥ K♥ Q♥ 10♥ 9♥ 8♥ 7♥ 6♥ 4♥ 3♥ 2♥"
    )
    shoot(page, "41-rules", full_page=True)
    unfit["41-rules"] = hall_fit_problems(page)

    assert Drive.objects.get().game == "auction_45"
    report = [f"{name}: {problem}" for name, found in unfit.items() for problem in found]
    assert not report, "\n".join(report)
