"""Keeping score hand by hand at a drive table, in a real browser.

Six pairs seated in order by a recorded seed (table 1 = pairs 1 & 2). From
the results screen the organizer opens "Keep score" for table 1 and plays the
spec's traditional 45 example by taps: 25-5, 35-25, then 50-40 and pair 1
wins. An impossible hand on the way is refused with the rules' reason and
keeps its taps; an undo takes a hand back. The win fills in table 1's result.
Each screen is saved to test-artifacts/screenshots/ and measured for the hall.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from drives.models import Hand, TableGame
from tests.builders import make_club, make_user, started_drive
from tests.e2e.conftest import PORTRAIT
from tests.support import hall_fit_problems


def tap(page: Page, name: str, value: str) -> None:
    """Tap one of the big buttons (the radio button covers its label)."""
    page.locator(f"form.hand-form input[name={name}][value='{value}']").click()


def tap_hand(page: Page, tricks_1: int, tricks_2: int, best: str) -> None:
    tap(page, "tricks_1", str(tricks_1))
    tap(page, "tricks_2", str(tricks_2))
    tap(page, "best", best)
    page.locator("form.hand-form").get_by_role("button", name="Enter hand").click()


def totals(page: Page) -> list[str]:
    return page.locator(".scoreboard .total").all_inner_texts()


def test_keep_score_at_a_table_until_the_rules_declare_the_winner(
    page: Page, shoot, live_server, transactional_db
):
    club = make_club()
    organizer = make_user(club)
    drive = started_drive(club, organizer, pairs=6, seed=654)
    unfit: dict[str, list[str]] = {}

    def screen(name: str) -> None:
        shoot(page, name)
        unfit[name] = hall_fit_problems(page)

    page.goto(f"{live_server.url}/drives/")
    page.get_by_label("User name").fill("organizer")
    page.get_by_label("Password").fill("pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name=club.name)).to_be_visible()
    page.goto(f"{live_server.url}/drives/{drive.pk}/games/1/")
    page.locator("#table-1").get_by_role("link", name="Keep score").click()
    expect(page.get_by_role("heading", name="Game 1, table 1")).to_be_visible()
    expect(page.locator(".scoreboard .pn")).to_have_text(["Pair 1", "Pair 2"])
    screen("50-scoresheet-new")

    tap_hand(page, 4, 1, "1")
    expect(page.locator("#flash")).to_contain_text("Hand 1 entered.")
    assert totals(page) == ["25", "5"]

    # Three and three: refused with the reason, the taps stay on.
    page.evaluate("window.__sameDocument = 'sheet'")
    tap_hand(page, 3, 3, "2")
    expect(page.locator("#flash")).to_contain_text("Hand 2 refused: tricks add up to 6, must be 5.")
    assert page.evaluate("window.__sameDocument") == "sheet", "the refusal reloaded the page"
    expect(page.locator("input[name=tricks_1][value='3']")).to_be_checked()
    expect(page.locator("input[name=best][value='2']")).to_be_checked()
    assert totals(page) == ["25", "5"]
    screen("51-scoresheet-refused")
    tap(page, "tricks_1", "2")
    page.locator("form.hand-form").get_by_role("button", name="Enter hand 2").click()
    expect(page.locator("#flash")).to_contain_text("Hand 2 entered.")
    assert totals(page) == ["35", "25"]

    # A slip, undone, then the right hand.
    tap_hand(page, 5, 0, "none")
    expect(page.locator("#flash")).to_contain_text("Hand 3 entered.")
    page.get_by_role("button", name="Undo last hand (hand 3)").click()
    expect(page.locator("#flash")).to_contain_text("Hand 3 taken back.")
    assert totals(page) == ["35", "25"]
    page.set_viewport_size(PORTRAIT)
    screen("52-scoresheet-portrait")

    tap_hand(page, 2, 3, "1")
    expect(page.locator(".game-won")).to_contain_text(
        "Pair 1 won the game — the table's result is in."
    )
    assert totals(page) == ["50", "40"]
    expect(page.locator("form.hand-form")).to_have_count(0)
    screen("53-scoresheet-won")

    page.locator(".game-won").get_by_role("link", name="Back to the results").click()
    expect(page.locator("#table-1 .pairbtn.won")).to_contain_text("Pair 1")
    expect(page.locator("#count .count-text")).to_have_text("1 of 3 tables in")
    screen("54-results-after-scorekeeper")

    tg = TableGame.objects.get(drive=drive, game=1, table=1)
    assert (tg.status, tg.winner.number) == ("confirmed", 1)
    assert list(Hand.objects.order_by("number").values_list("number", flat=True)) == [1, 2, 3]

    report = [f"{name}: {problem}" for name, found in unfit.items() for problem in found]
    assert not report, "Not fit for the hall:\n" + "\n".join(report)
