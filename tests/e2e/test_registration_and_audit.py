"""Registration guards, the audit trail and the error pages in a real browser, at tablet
sizes and on a phone: the hall-fit checks, nothing wider than the screen, buttons in the
page's font. Screenshots go to test-artifacts/screenshots/."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.builders import make_user, started_drive
from tests.builders.browser import paste_and_save
from tests.e2e.conftest import LANDSCAPE, PHONE, PORTRAIT
from tests.support import hall_fit_problems

pytestmark = pytest.mark.e2e

PASTE = "\n".join(f"Player {i}A & Player {i}B" for i in range(1, 25))

LOOKS_JS = """
() => {
  const problems = [];
  const wide = document.documentElement.scrollWidth - window.innerWidth;
  if (wide > 1) problems.push(`the page is ${wide} px wider than the screen`);
  const font = getComputedStyle(document.body).fontFamily;
  for (const b of document.querySelectorAll("button, input, select")) {
    const f = getComputedStyle(b).fontFamily;
    if (f !== font) problems.push(`${b.tagName} "${(b.innerText || b.name).trim()}" uses ${f}`);
  }
  return problems;
}
"""


def looks(page: Page) -> list[str]:
    return page.evaluate(LOOKS_JS)


def log_in(page: Page, url: str) -> None:
    page.goto(f"{url}/accounts/login/")
    page.fill("input[name=username]", "organizer")
    page.fill("input[name=password]", "pw-for-tests-1")
    page.click("#main button[type=submit]")


def test_a_paste_pasted_twice_is_caught_and_a_paste_undone(
    page: Page, shoot, live_server, transactional_db
):
    from clubs.models import Club
    from drives.models import Drive
    from tests.builders import make_drive

    club = Club.objects.create(name="St. Joseph's Parish Hall")
    organizer = make_user(club)
    drive = make_drive(club, organizer, name="Friday 45s")
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/drives/{drive.pk}/pairs/")
    page.fill("#id_bulk_text", PASTE)
    paste_and_save(page)
    expect(page.locator("#flash")).to_contain_text("24 pairs added.")

    page.fill("#id_bulk_text", PASTE + "\nNew Comer & Late Arrival")
    page.get_by_role("button", name="Check the names").click()
    warning = page.locator("#paste-duplicates")
    expect(warning).to_contain_text("24 pairs in the paste are already registered.")
    expect(warning).to_contain_text("Line 1: Player 1A & Player 1B, already pair 1")
    for size in (LANDSCAPE, PORTRAIT):
        page.set_viewport_size(size)
        assert hall_fit_problems(page) == []
        assert looks(page) == []
    shoot(page, "pairs-paste-twice", full_page=True)
    page.set_viewport_size(LANDSCAPE)
    page.get_by_role("button", name="Skip these 24, add the rest").click()
    expect(page.locator("#flash")).to_contain_text("1 pair added.")
    assert Drive.objects.get(pk=drive.pk).pairs.count() == 25

    page.once("dialog", lambda d: d.accept())
    page.get_by_role("button", name="Undo the last paste (1 pair)").click()
    expect(page.locator("#flash")).to_contain_text("Paste taken back: 1 pair removed.")
    assert Drive.objects.get(pk=drive.pk).pairs.count() == 24
    expect(page.get_by_role("button", name="Undo the last paste (24 pairs)")).to_be_visible()


def test_the_audit_fits_a_tablet_and_a_phone_and_filters(
    page: Page, shoot, live_server, transactional_db
):
    from clubs.models import Club
    from drives import services
    from tests.builders import NOW, play_game

    club = Club.objects.create(name="St. Joseph's Parish Hall")
    organizer = make_user(club)
    drive = started_drive(club, organizer, pairs=24)
    for game in (1, 2, 3):
        play_game(drive, organizer, pick=game)
        services.game_advance(drive=drive, from_game=game, actor=organizer, now=NOW)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/drives/{drive.pk}/audit/")
    for name, size in (("landscape", LANDSCAPE), ("portrait", PORTRAIT)):
        page.set_viewport_size(size)
        assert hall_fit_problems(page) == [], name
        assert looks(page) == [], name
        shoot(page, f"audit-{name}")
    page.set_viewport_size(PHONE)
    shoot(page, "audit-phone", full_page=True)
    assert looks(page) == []
    page.set_viewport_size(LANDSCAPE)
    page.select_option("#audit-game", "2")
    page.fill("#audit-table", "3")
    page.get_by_role("button", name="Show").click()
    expect(page.locator("#audit-count")).to_contain_text("1 entry")
    expect(page.locator("table.audit")).to_contain_text("Game 2, table 3")
    page.locator("table.audit summary").first.click()
    expect(page.locator("table.audit .change").first).to_be_visible()
    assert looks(page) == []


def test_error_pages_and_small_things_fit_the_hall(
    page: Page, shoot, live_server, transactional_db
):
    from clubs.models import Club
    from drives import services
    from tests.builders import NOW, play_game

    page.goto(f"{live_server.url}/t/no-such-card-000000000000/")
    expect(page.get_by_role("heading", name="This table card is out of date")).to_be_visible()
    page.set_viewport_size(PHONE)
    assert looks(page) == []
    shoot(page, "error-table-card-phone")
    page.set_viewport_size(LANDSCAPE)
    assert hall_fit_problems(page) == []

    club = Club.objects.create(name="St. Joseph's Parish Hall")
    organizer = make_user(club)
    drive = started_drive(club, organizer, pairs=8)
    play_game(drive, organizer)
    services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/drives/99999/")
    expect(page.get_by_role("heading", name="Not found")).to_be_visible()
    expect(page.get_by_role("link", name="Back to the drives")).to_be_visible()
    assert hall_fit_problems(page) == []
    shoot(page, "error-not-found")
    # A played game's "Go to the current game" is a full-size button now.
    page.goto(f"{live_server.url}/drives/{drive.pk}/games/1/")
    box = page.get_by_role("link", name="Go to the current game").bounding_box()
    assert box["height"] >= 48
    # Every note on Table links is at least 18 px.
    page.goto(f"{live_server.url}/club/tables/")
    assert hall_fit_problems(page) == []
    assert looks(page) == []


def test_a_table_card_is_tested_with_a_phone(
    page: Page, shoot, live_server, transactional_db, settings
):
    from clubs.models import Club

    settings.SITE_BASE_URL = live_server.url
    club = Club.objects.create(name="St. Joseph's Parish Hall")
    make_user(club)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/club/tables/")
    page.get_by_role("link", name="Test a table card with a phone").first.click()
    expect(page.get_by_role("heading", name="Test a table card")).to_be_visible()
    image = page.get_by_role("img", name="QR code to test a table card")
    expect(image).to_be_visible()
    loaded = "(img) => img.complete && img.naturalWidth > 0"
    page.wait_for_function(loaded, arg=image.element_handle(), timeout=5000)
    for name, size in (("landscape", LANDSCAPE), ("portrait", PORTRAIT)):
        page.set_viewport_size(size)
        assert hall_fit_problems(page) == [], name
        assert looks(page) == [], name
        shoot(page, f"table-card-test-{name}")
    # What the phone shows once it has scanned the code.
    phone = page.context.browser.new_page(viewport=PHONE)
    phone.goto(f"{live_server.url}/club/reach/")
    expect(phone.get_by_role("heading", name="This phone reaches the laptop")).to_be_visible()
    assert looks(phone) == []
    shoot(phone, "table-card-test-phone")
    phone.close()
