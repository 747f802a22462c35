"""The tie page with an unpaid pair, and a play-off of three pairs, in Chromium
(issue 25, items 8 and 12).

Pairs 1, 2 and 3 tie for first; pair 2 has not paid. The prizes page and the tie page
mark it where the prize is decided, and "Mark paid" settles it there. Then pair 3 asks
for a play-off: two pairs play (1 and 2), the winner meets pair 3, and the last game's
tap asks first. The screens are saved at the hall's three sizes and measured.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from clubs.models import AuditEntry
from drives.models import Pair, PlacePrize
from prizes.models import Decision
from tests.builders import make_club, make_user
from tests.builders.browser import log_in
from tests.builders.ties import THREE_WAY, finished_night
from tests.e2e.conftest import LANDSCAPE, PHONE, PORTRAIT
from tests.support import hall_fit_problems


def test_an_unpaid_pair_is_marked_and_three_pairs_play_off_two_at_a_time(
    page: Page, browser, shoot, live_server, transactional_db
):
    club = make_club()
    organizer = make_user(club)
    drive = finished_night(club, organizer, THREE_WAY, games=5, seed=1)
    PlacePrize.objects.create(drive=drive, place=1, cents=3000)
    Pair.objects.filter(drive=drive).update(paid=True)
    Pair.objects.filter(drive=drive, number=2).update(paid=False)
    unfit: dict[str, list[str]] = {}

    def screen(name: str, on: Page = page, sizes=(LANDSCAPE, PORTRAIT)) -> None:
        for size in sizes:
            tag = "" if size is LANDSCAPE else "-portrait"
            on.set_viewport_size(size)
            shoot(on, f"{name}{tag}", full_page=True)
            unfit[f"{name}{tag}"] = hall_fit_problems(on)
            wide = on.evaluate("document.documentElement.scrollWidth")
            if wide > size["width"]:
                unfit[f"{name}{tag}"].append(f"the page is {wide} px wide")
        on.set_viewport_size(LANDSCAPE)

    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/prizes/{drive.pk}/")
    first = page.locator("#prize-place-1")
    expect(first.locator("li", has_text="Pair 2").locator(".badge.unpaid")).to_have_text("Not paid")
    expect(first.locator(".badge.unpaid")).to_have_count(1)
    screen("32-prizes-unpaid")

    tie = f"{live_server.url}/prizes/{drive.pk}/ties/place-1/"
    page.goto(tie)
    expect(page.locator(".unpaid-note")).to_contain_text("Not paid yet: pair 2.")
    row = page.locator(".tick-table tr", has_text="Player 2a")
    expect(row.locator(".badge.unpaid")).to_be_visible()
    expect(page.locator(".physical-cut .badge.unpaid")).to_have_count(1)  # the cut, too
    screen("33-tie-unpaid")

    # The phone, too (a volunteer at the door with the cash box).
    phone = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale="en-CA"
    ).new_page()
    log_in(phone, live_server.url)
    phone.goto(tie)
    expect(phone.locator(".unpaid-note")).to_be_visible()
    shoot(phone, "33-tie-unpaid-phone", full_page=True)
    unfit["33-tie-unpaid-phone"] = hall_fit_problems(phone)
    wide = phone.evaluate("document.documentElement.scrollWidth")
    if wide > PHONE["width"]:
        unfit["33-tie-unpaid-phone"].append(f"the page is {wide} px wide")

    # Settled where it is seen: Mark paid, and the mark goes.
    page.evaluate("window.__sameDocument = 'tie'")
    page.locator(".unpaid-note").get_by_role("button", name="Mark pair 2 paid").click()
    expect(page.locator("#flash")).to_contain_text("Pair 2 paid.")
    expect(page.locator(".badge.unpaid")).to_have_count(0)
    expect(page.locator(".unpaid-note")).to_have_count(0)
    assert page.evaluate("window.__sameDocument") == "tie"
    assert Pair.objects.get(drive=drive, number=2).paid
    assert AuditEntry.objects.filter(action="pair_paid").count() == 1

    # Three pairs ask for... one asks: they play off two at a time.
    page.get_by_role("checkbox", name="Pair 3 asks for a play-off").check()
    expect(page.get_by_text("play off two at a time")).to_be_visible()
    expect(page.get_by_text("Game 1 of the play-off: pair 1 against pair 2")).to_be_visible()
    expect(page.get_by_label("The organizer's choice: another two pairs play next")).to_be_visible()
    screen("34-tie-playoff-three")
    phone.goto(tie)
    expect(phone.get_by_text("Game 1 of the play-off")).to_be_visible()
    shoot(phone, "34-tie-playoff-three-phone", full_page=True)
    unfit["34-tie-playoff-three-phone"] = hall_fit_problems(phone)

    page.get_by_role("button", name="Pair 2").click()  # game 1: pair 2 beats pair 1
    expect(page.locator(".playoff-games")).to_contain_text("Game 1: pair 2 beat pair 1")
    # The phone still shows game 1: its tap is refused, and says so on its screen.
    phone.locator(".correct-pairs").get_by_role("button", name="Pair 1").tap()
    expect(phone.locator("#flash")).to_contain_text("Choose two pairs still in the play-off")
    phone.context.close()
    expect(page.get_by_text("Game 2, the last: pair 2 against pair 3")).to_be_visible()
    expect(page.get_by_role("button", name="Take back game 1")).to_be_visible()
    screen("35-tie-playoff-game-2")
    page.get_by_role("button", name="Pair 3").click()
    expect(
        page.get_by_text("Pair 3 won the play-off for first prize: is that right?")
    ).to_be_visible()
    assert Decision.objects.get(drive=drive, prize="place-1").status == "open"
    page.get_by_role("button", name="Yes: pair 3 won the play-off").click()
    expect(page.get_by_role("button", name="Reopen the decision")).to_be_visible()
    expect(page.locator(".how")).to_contain_text(
        "game 1: pair 2 beat pair 1; game 2: pair 3 beat pair 2 — pair 3 won"
    )
    screen("36-tie-playoff-decided")
    row = Decision.objects.get(drive=drive, prize="place-1")
    assert (row.winners, row.detail["games"]) == ([3], [[1, 2, 2], [2, 3, 3]])

    assert not {k: v for k, v in unfit.items() if v}, unfit
