"""Settling the prizes of a finished drive in a real browser.

A 6-pair, 3-game drive is played through the services with an entry fee, a
cookie jar and a 50/50. The organizer opens Prizes, settles a tie with a
digital cut, draws the cookie jar and the 50/50 ticket, and opens the prize
report. Every screen is saved to test-artifacts/screenshots/ and checked
for hall fit (48 px tap targets, 18 px text, contrast).
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from prizes.services import ties
from tests.builders import make_club, make_user
from tests.builders.prize_report import finished
from tests.support import hall_fit_problems


def test_settle_the_prizes_of_a_night(page: Page, shoot, live_server, transactional_db):
    club = make_club()
    organizer = make_user(club)
    drive = finished(club, organizer)
    tied = [g for g in ties.prize_groups(drive).places if len(g.pairs) > 1]
    assert tied, "the seed should leave a tie to settle"
    unfit: dict[str, list[str]] = {}

    def screen(name: str) -> None:
        shoot(page, name, full_page=True)
        unfit[name] = hall_fit_problems(page)

    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("User name").fill("organizer")
    page.get_by_label("Password").fill("pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/prizes/{drive.pk}/")
    expect(page.get_by_role("heading", name="Prizes", exact=True)).to_be_visible()
    expect(page.locator("#cash")).to_contain_text("Takings")
    screen("20-prizes")

    page.goto(f"{live_server.url}/prizes/{drive.pk}/ties/place-{tied[0].place}/")
    screen("21-tie")
    page.get_by_role("button", name="Cut for them on this tablet").click()
    # One stray tap decides nothing: the cut asks first.
    expect(page.get_by_text("Cut now?")).to_be_visible()
    screen("22-tie-cut-sure")
    page.get_by_role("button", name="Yes: cut the deck now").click()
    expect(page.get_by_role("button", name="Reopen the decision")).to_be_visible()
    screen("22-tie-cut")

    page.goto(f"{live_server.url}/prizes/{drive.pk}/jar/")
    page.get_by_role("button", name="Draw 2 games").click()
    # One stray tap draws nothing: the draw asks first.
    expect(page.get_by_text("Draw now?")).to_be_visible()
    screen("23-jar-sure")
    page.get_by_role("button", name="Yes: draw the games now").click()
    expect(page.locator("#flash")).not_to_be_empty()
    screen("23-jar")

    page.goto(f"{live_server.url}/prizes/{drive.pk}/side/")
    page.get_by_label("Ticket numbers sold").fill("1-100")
    page.get_by_label("Money taken for the tickets ($)").fill("100")
    page.get_by_role("button", name="Draw the winning ticket").click()
    expect(page.get_by_text("The winning ticket", exact=True)).to_be_visible()
    screen("24-side")

    page.goto(f"{live_server.url}/prizes/{drive.pk}/report/")
    expect(page.get_by_text("Organizer's signature")).to_be_visible()
    expect(page.locator("#cash")).to_contain_text("$166.00")
    screen("25-report")

    page.goto(f"{live_server.url}/prizes/{drive.pk}/settings/")
    screen("26-prize-settings")

    assert not {k: v for k, v in unfit.items() if v}, unfit
