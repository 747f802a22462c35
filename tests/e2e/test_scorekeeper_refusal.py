"""An impossible hand, refused in the same words on both scorekeepers, in Chromium.

The drive's Keep score and the stand-alone scorekeeper are sent the same impossible
hand of Forty-Fives (4 tricks and 2: six tricks where a hand has five). Both say
"Hand 1 refused: tricks add up to 6, must be 5." in the flash region, keep the taps
that were on, and keep nothing. Saved at the three sizes of the hall and measured.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from drives.models import Hand
from scorekeeper import services as scorekeeper
from scorekeeper.models import ScoreHand
from tests.builders import NOW, make_club, make_user, started_drive
from tests.builders.browser import log_in
from tests.e2e.conftest import LANDSCAPE, PHONE, PORTRAIT
from tests.support import hall_fit_problems

REFUSED = "Hand 1 refused: tricks add up to 6, must be 5."


def tap(page: Page, name: str, value: str) -> None:
    page.locator(f"form.hand-form input[name={name}][value='{value}']").click()


def test_an_impossible_hand_is_refused_in_the_same_words_on_both_scorekeepers(
    page: Page, browser, shoot, live_server, transactional_db
):
    club = make_club()
    organizer = make_user(club)
    drive = started_drive(club, organizer, pairs=4, seed=654)
    game = scorekeeper.score_game_create(
        club=club,
        family="forty_fives",
        variant="forty_fives_45",
        sides=[{"name": "Us", "players": 2}, {"name": "Them", "players": 2}],
        options={},
        target=None,
        title="",
        actor=organizer,
        now=NOW,
    )
    log_in(page, live_server.url)
    said = {}

    # The stand-alone scorekeeper: the same page, the reason in the flash, the taps kept.
    page.set_viewport_size(PORTRAIT)
    page.goto(f"{live_server.url}/scorekeeper/{game.pk}/")
    page.evaluate("window.__sameDocument = 'game'")
    tap(page, "tricks_0", "4")
    tap(page, "tricks_1", "2")
    tap(page, "best", "0")
    page.get_by_role("button", name="Enter hand 1").click()
    expect(page.locator("#flash")).to_contain_text(REFUSED)
    # Said where it is seen: the page comes up to the flash from the Enter button.
    expect(page.locator("#flash")).to_be_in_viewport()
    assert page.evaluate("window.__sameDocument") == "game", "the refusal left the page"
    expect(page.locator("input[name=tricks_0][value='4']")).to_be_checked()
    expect(page.locator("input[name=tricks_1][value='2']")).to_be_checked()
    expect(page.locator("input[name=best][value='0']")).to_be_checked()
    said["standalone"] = page.locator("#flash").inner_text().strip()
    unfit = {}
    for size, tag in ((LANDSCAPE, ""), (PORTRAIT, "-portrait"), (PHONE, "-phone")):
        page.set_viewport_size(size)
        shoot(page, f"63-scorekeeper-refused{tag}")
        unfit[tag] = hall_fit_problems(page)
    page.set_viewport_size(LANDSCAPE)
    # Put right, it is kept.
    tap(page, "tricks_1", "1")
    page.get_by_role("button", name="Enter hand 1").click()
    expect(page.locator("#flash")).to_contain_text("Hand 1 entered.")
    assert list(ScoreHand.objects.values_list("number", flat=True)) == [1]

    # The drive's Keep score says the same words, on a phone too.
    phone = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale="en-CA"
    ).new_page()
    log_in(phone, live_server.url)
    phone.goto(f"{live_server.url}/drives/{drive.pk}/games/1/tables/1/score/")
    tap(phone, "tricks_1", "4")
    tap(phone, "tricks_2", "2")
    phone.locator("form.hand-form input[name=best]").first.click()
    phone.get_by_role("button", name="Enter hand 1").click()
    expect(phone.locator("#flash")).to_contain_text(REFUSED)
    expect(phone.locator("#flash")).to_be_in_viewport()
    shoot(phone, "64-scoresheet-refused-phone")
    unfit["drive-phone"] = hall_fit_problems(phone)
    said["drive"] = phone.locator("#flash").inner_text().strip()
    phone.context.close()
    assert said["standalone"] == said["drive"] == REFUSED
    assert not Hand.objects.exists()
    assert not {k: v for k, v in unfit.items() if v}, unfit
