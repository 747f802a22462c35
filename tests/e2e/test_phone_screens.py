"""The two screens people hold in one hand, on a 390x844 phone (touch, 3x pixels).

The organizer's result screen of a 30-table hall: the sticky bar folds to the game's
number and count, and the strip of table numbers opens on a tap (a chip still jumps to
its table, below the bar). A past game is one tap away in the game picker, and its bar
names the game. The players' table page: the table, the game and who deals first are
read, and both "won" buttons are on the screen without scrolling.
"""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from drives import services
from drives.models import Pair, TableGame
from tests.builders import NOW, make_club, make_user, play_game, started_drive
from tests.builders.browser import log_in
from tests.e2e.conftest import LANDSCAPE, PHONE, PORTRAIT
from tests.support import hall_fit_problems

LONG_NAMES = (
    "Marguerite-Marie Cormier",
    "Johnny Angus MacPherson-Gillis",
    "Bernadette Deveau",
    "Hughie Dan MacDonald",
)


def a_phone(browser: Browser):
    context = browser.new_context(
        viewport=PHONE, locale="en-CA", is_mobile=True, has_touch=True, device_scale_factor=3
    )
    context.set_default_timeout(8_000)
    return context, context.new_page()


def box(page: Page, selector: str) -> dict:
    found = page.locator(selector).bounding_box()
    assert found is not None, f"{selector} is not on the screen"
    return found


def test_the_result_screen_bar_folds_on_a_phone(browser, shoot, live_server, transactional_db):
    club = make_club()
    organizer = make_user(club)
    drive = started_drive(club, organizer, pairs=60, games=3, seed=7)
    context, page = a_phone(browser)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/drives/{drive.pk}/games/1/")
    bar = page.locator("#count")
    expect(bar).to_contain_text("Game 1")
    expect(bar).to_contain_text("0 of 30 tables in")
    page.evaluate("window.scrollTo(0, 0)")
    shoot(page, "90-phone-results-folded")
    unfit = {"folded": hall_fit_problems(page)}

    # Folded: the count, and a button for the strip; the 30 numbers wait for a tap.
    strip = page.locator("#table-strip")
    expect(strip).to_be_hidden()
    height = box(page, "#count")["height"]
    assert height <= 0.2 * PHONE["height"], f"the folded bar is {height:.0f} of 844 px"
    toggle = bar.get_by_role("button", name="Tables")
    expect(toggle).to_have_attribute("aria-expanded", "false")

    # Scrolled down the hall, the bar still names the game and its count, and stays small.
    page.locator("#table-25").scroll_into_view_if_needed()
    assert box(page, "#count")["y"] <= 1 and box(page, "#count")["height"] == height
    shoot(page, "91-phone-results-scrolled")

    toggle.click()
    expect(strip).to_be_visible()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(strip.locator("a.chip")).to_have_count(30)
    shoot(page, "92-phone-results-strip-open")
    unfit["open"] = hall_fit_problems(page)

    # A chip jumps to its table, whose heading shows below the bar (folded again).
    strip.locator("a[href='#table-20']").click()
    expect(strip).to_be_hidden()
    page.wait_for_timeout(300)
    bar_box, head = box(page, "#count"), box(page, "#table-20 h2")
    assert head["y"] >= bar_box["y"] + bar_box["height"], (bar_box, head)
    assert head["y"] + head["height"] <= PHONE["height"]

    # A tap on a pair re-renders the bar: it stays folded and the count follows.
    page.locator("#table-20 button.pairbtn").first.click()
    expect(bar).to_contain_text("1 of 30 tables in")
    expect(strip).to_be_hidden()
    toggle = bar.get_by_role("button", name="Tables")
    toggle.click()
    expect(strip.locator("a[href='#table-20']")).to_have_class("chip confirmed")
    shoot(page, "93-phone-results-after-a-tap")

    # Every table in: the folded bar holds the count and "Next: game 2", still small.
    play_game(drive, organizer)
    page.reload()
    expect(bar).to_contain_text("30 of 30 tables in")
    expect(bar.get_by_role("link", name="Next: game 2")).to_be_visible()
    expect(strip).to_be_hidden()
    height = box(page, "#count")["height"]
    assert height <= 0.2 * PHONE["height"], f"the folded bar is {height:.0f} of 844 px"
    shoot(page, "93-phone-results-all-in")
    unfit["all in"] = hall_fit_problems(page)
    context.close()

    # A tablet keeps the strip open, with no button to fold it.
    for size in (LANDSCAPE, PORTRAIT):
        context = browser.new_context(viewport=size, locale="en-CA")
        tablet = context.new_page()
        log_in(tablet, live_server.url)
        tablet.goto(f"{live_server.url}/drives/{drive.pk}/games/1/")
        expect(tablet.locator("#table-strip")).to_be_visible()
        expect(tablet.locator("#count").get_by_role("button", name="Tables")).to_be_hidden()
        context.close()
    assert not {k: v for k, v in unfit.items() if v}, unfit


def test_an_earlier_game_is_one_pick_away(browser, shoot, live_server, transactional_db):
    club = make_club()
    organizer = make_user(club)
    drive = started_drive(club, organizer, pairs=12, games=25, seed=7)
    for game in range(1, 20):
        play_game(drive, organizer)
        services.game_advance(drive=drive, from_game=game, actor=organizer, now=NOW)
        drive.refresh_from_db()
    assert drive.current_game == 20
    unfit = {}
    for size, name in ((LANDSCAPE, "94-game-picker"), (PHONE, "95-game-picker-phone")):
        context, page = a_phone(browser) if size is PHONE else (None, None)
        if context is None:
            context = browser.new_context(viewport=size, locale="en-CA")
            page = context.new_page()
        log_in(page, live_server.url)
        page.goto(f"{live_server.url}/drives/{drive.pk}/games/20/")
        picker = page.locator(".gamepicker")
        picker.get_by_text("Other games").click()
        shoot(page, name)
        unfit[name] = hall_fit_problems(page)
        # Game 3 in one tap once the picker is open, every played game listed.
        expect(picker.get_by_role("link", name="3", exact=True)).to_be_visible()
        expect(picker.locator("a.game-link")).to_have_count(20)
        picker.get_by_role("link", name="3", exact=True).click()
        expect(page.locator("h1")).to_contain_text("Game 3 of 25")
        # Scrolled down game 3, its bar still says which game this is.
        page.locator(".table-card").last.scroll_into_view_if_needed()
        expect(page.locator("#count")).to_contain_text("Game 3")
        assert box(page, "#count")["y"] <= 1
        shoot(page, f"{name}-game-3-scrolled")
        unfit[f"{name}-game-3"] = hall_fit_problems(page)
        context.close()
    assert not {k: v for k, v in unfit.items() if v}, unfit


def test_both_won_buttons_are_on_a_phones_screen(browser, shoot, live_server, transactional_db):
    club = make_club()
    organizer = make_user(club)
    drive = started_drive(club, organizer, pairs=8, games=25, seed=3)
    play_game(drive, organizer)
    services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW)
    drive.refresh_from_db()
    # Long names, as halls have them: they take the most room.
    tg = TableGame.objects.get(drive=drive, game=2, table=2)
    for seat, (first, second) in zip(
        tg.seats.order_by("slot"), (LONG_NAMES[:2], LONG_NAMES[2:]), strict=True
    ):
        Pair.objects.filter(pk=seat.pair_id).update(player1=first, player2=second)
    link = services.table_links(club, 4)[1]
    context, page = a_phone(browser)
    page.goto(f"{live_server.url}{link.path}")
    expect(page.locator("h1")).to_have_text("Table 2")
    expect(page.locator(".tp-game")).to_have_text("Game 2 of 25")
    expect(page.locator(".tp-deal")).to_contain_text("deals first")
    shoot(page, "96-phone-table-page")
    buttons = page.locator("button.tp-win")
    expect(buttons).to_have_count(2)
    for i in range(2):
        b = buttons.nth(i).bounding_box()
        assert b["y"] >= 0 and b["y"] + b["height"] <= PHONE["height"], (i, b)
    # The table, the game, who deals and both pairs are read without scrolling too.
    for selector in ("h1", ".tp-game", ".tp-deal", ".tp-seats"):
        b = box(page, selector)
        assert b["y"] + b["height"] <= PHONE["height"], (selector, b)
    for selector in ("h1", ".tp-game", ".tp-deal", ".tp-pair .pn", ".tp-pair .names"):
        size = page.locator(selector).first.evaluate(
            "e => parseFloat(getComputedStyle(e).fontSize)"
        )
        assert size >= 18, (selector, size)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert hall_fit_problems(page) == []
    context.close()
