"""A tie decision resumed after a reload and on a second tablet, in a real browser.

Pairs 1, 2 and 3 tie for first. The organizer records the first round of a cut
by hand (pairs 1 and 2 are equal on the lowest card), reloads: the round is
still there; a second tablet opens the same tie and sees it too. Pair 3 then asks
for a play-off: two pairs play, the winner meets the third, and the last game's tap
asks "is that right?" before it counts. The
screens are saved to test-artifacts/screenshots/ and checked for hall fit on a
landscape tablet, a portrait tablet and a phone.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from drives.models import PlacePrize
from prizes.models import Decision
from tests.builders import make_club, make_user
from tests.builders.browser import log_in
from tests.builders.ties import THREE_WAY, finished_night
from tests.e2e.conftest import LANDSCAPE, PHONE, PORTRAIT
from tests.support import hall_fit_problems


def test_a_tie_decision_resumes_after_a_reload(
    page: Page, browser, shoot, live_server, transactional_db
):
    club = make_club()
    organizer = make_user(club)
    drive = finished_night(club, organizer, THREE_WAY, games=5, seed=1)
    PlacePrize.objects.create(drive=drive, place=1, cents=3000)
    PlacePrize.objects.create(drive=drive, place=2, cents=2500)
    unfit: dict[str, list[str]] = {}

    def screen(name: str) -> None:
        for size, tag in ((LANDSCAPE, ""), (PORTRAIT, "-portrait"), (PHONE, "-phone")):
            page.set_viewport_size(size)
            shoot(page, f"{name}{tag}", full_page=True)
            unfit[f"{name}{tag}"] = hall_fit_problems(page)
            wide = page.evaluate("document.documentElement.scrollWidth")
            if wide > size["width"]:
                unfit[f"{name}{tag}"].append(f"the page is {wide} px wide")
        page.set_viewport_size(LANDSCAPE)

    log_in(page, live_server.url)
    tie = f"{live_server.url}/prizes/{drive.pk}/ties/place-1/"
    page.goto(tie)
    for pair, rank, suit in ((1, "4", "♠"), (2, "4", "♥"), (3, "9", "♣")):
        page.locator(f"#r1-{pair}-rank").select_option(label=rank)
        page.locator(f"#r1-{pair}-suit").select_option(label=suit)
    page.get_by_role("button", name="Record round 1 of the cut").click()
    expect(page.get_by_text("they cut again (round 2)")).to_be_visible()

    page.reload()
    expect(page.get_by_text("Cards cut so far")).to_be_visible()
    expect(page.locator(".cut-rounds")).to_contain_text("pair 3 9♣")
    expect(page.locator("#r2-1-rank")).to_be_visible()
    expect(page.locator("#r2-3-rank")).to_have_count(0)
    screen("30-tie-resumed")

    # Another tablet opens the same tie: the same round, the same next cutters.
    other = browser.new_context(viewport=PORTRAIT, locale="en-CA").new_page()
    log_in(other, live_server.url)
    other.goto(tie)
    expect(other.locator(".cut-rounds")).to_contain_text("pair 1 4♠")
    other.get_by_role("checkbox", name="Pair 3 asks for a play-off").check()
    expect(other.get_by_role("heading", name="To be settled by a play-off")).to_be_visible()
    other.context.close()

    page.reload()
    expect(page.get_by_role("checkbox", name="Pair 3 asks for a play-off")).to_be_checked()
    # Three pairs play off two at a time: pair 2 beats pair 1, then meets pair 3.
    expect(page.get_by_text("Game 1 of the play-off: pair 1 against pair 2")).to_be_visible()
    page.get_by_role("button", name="Pair 2").click()
    expect(page.get_by_text("Game 2, the last: pair 2 against pair 3")).to_be_visible()
    page.get_by_role("button", name="Pair 2").click()
    expect(
        page.get_by_text("Pair 2 won the play-off for first prize: is that right?")
    ).to_be_visible()
    assert Decision.objects.get(drive=drive, prize="place-1").status == "open"
    screen("31-tie-playoff-sure")
    page.get_by_role("button", name="Yes: pair 2 won the play-off").click()
    expect(page.get_by_role("button", name="Reopen the decision")).to_be_visible()
    assert Decision.objects.get(drive=drive, prize="place-1").winners == [2]

    assert not {k: v for k, v in unfit.items() if v}, unfit
