"""Keep score at a drive table takes three taps a hand, in Chromium (issue 25, item 13).

A hand of Forty-Fives has five tricks, so the second pair's tricks follow from the
first's (5 - n): tapping one pair's tricks fills in the other's, and a hand is the
first pair's tricks, the best trump and Enter. A pair's tricks tapped by hand are
never changed for it. Once the table's result is in, its tile on the result screen
no longer offers Keep score (it shows the hands kept). Saved at the hall's three sizes.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from drives.models import Hand, TableGame
from tests.builders import make_club, make_user, started_drive
from tests.builders.browser import log_in
from tests.e2e.conftest import LANDSCAPE, PHONE, PORTRAIT
from tests.support import hall_fit_problems


def tricks(page: Page, pair: int, value: int):
    return page.locator(f"form.hand-form input[name=tricks_{pair}][value='{value}']")


def test_a_hand_takes_three_taps_and_a_table_with_its_result_offers_no_keep_score(
    page: Page, browser, shoot, live_server, transactional_db
):
    club = make_club()
    organizer = make_user(club)
    drive = started_drive(club, organizer, pairs=6, seed=654)  # table 1: pairs 1 and 2
    log_in(page, live_server.url)
    sheet = f"{live_server.url}/drives/{drive.pk}/games/1/tables/1/score/"
    page.goto(sheet)

    # Tap 1: pair 1 took 4 tricks, so pair 2 took 1.
    tricks(page, 1, 4).click()
    expect(tricks(page, 2, 1)).to_be_checked()
    shoot(page, "55-scoresheet-filled-in")
    # Tap 2 and 3: the best trump, Enter.
    page.locator("form.hand-form input[name=best][value='1']").click()
    page.get_by_role("button", name="Enter hand 1").click()
    expect(page.locator("#flash")).to_contain_text("Hand 1 entered.")
    expect(page.locator(".scoreboard .total")).to_have_text(["25", "5"])

    # The second pair tapped first fills in the first; a pair's own tap is not overridden.
    tricks(page, 2, 3).click()
    expect(tricks(page, 1, 2)).to_be_checked()
    tricks(page, 1, 3).click()  # pair 1 tapped by hand: pair 2's own tap stays
    expect(tricks(page, 2, 3)).to_be_checked()
    tricks(page, 1, 2).click()
    page.locator("form.hand-form input[name=best][value='2']").click()
    page.get_by_role("button", name="Enter hand 2").click()
    expect(page.locator("#flash")).to_contain_text("Hand 2 entered.")
    expect(page.locator(".scoreboard .total")).to_have_text(["35", "25"])

    # One more hand of 3 taps: pair 1 reaches 50 and wins; the result is in.
    tricks(page, 1, 3).click()
    expect(tricks(page, 2, 2)).to_be_checked()
    page.locator("form.hand-form input[name=best][value='1']").click()
    page.get_by_role("button", name="Enter hand 3").click()
    expect(page.locator(".game-won")).to_contain_text("the table's result is in")
    tg = TableGame.objects.get(drive=drive, game=1, table=1)
    assert (tg.status, tg.winner.number) == ("confirmed", 1)
    assert Hand.objects.filter(table_game=tg).count() == 3

    unfit = {}
    for size, tag in ((LANDSCAPE, ""), (PORTRAIT, "-portrait")):
        page.set_viewport_size(size)
        page.goto(f"{live_server.url}/drives/{drive.pk}/games/1/")
        tile = page.locator("#table-1")
        expect(tile.locator(".pairbtn.won")).to_contain_text("Pair 1")
        expect(tile.get_by_role("link", name="Keep score")).to_have_count(0)
        expect(tile.get_by_role("link", name="Hands")).to_be_visible()
        # Tables still playing keep their Keep score.
        expect(page.locator("#table-2").get_by_role("link", name="Keep score")).to_be_visible()
        tile.scroll_into_view_if_needed()
        shoot(page, f"56-results-no-keep-score{tag}")
        unfit[tag] = hall_fit_problems(page)

    phone = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale="en-CA"
    ).new_page()
    log_in(phone, live_server.url)
    phone.goto(f"{live_server.url}/drives/{drive.pk}/games/1/tables/2/score/")
    names = phone.locator("form.hand-form input[name^=tricks_]").evaluate_all(
        "els => [...new Set(els.map(e => e.name))]"
    )
    first, second = (int(n.split("_")[1]) for n in names)
    tricks(phone, first, 5).tap()
    expect(tricks(phone, second, 0)).to_be_checked()
    shoot(phone, "57-scoresheet-filled-in-phone")
    unfit["phone"] = hall_fit_problems(phone)
    phone.context.close()
    assert not {k: v for k, v in unfit.items() if v}, unfit
