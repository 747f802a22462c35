"""The first real night after `make run`, in a real browser.

`make run` on an empty database loads the demo club, with a demo drive stopped at game 12.
The organizer sets up the real drive and starts it: the Start page says the table cards
will open it, the result screen has no red banner, and a table card opens the real drive's
table 1, not the demo's game 12. When the cards open another drive, the result screen says
so in red and gives them back in one tap. The demo drive is then deleted on screen.
Every screen passes the hall-fit checks at 1024x768, 768x1024 and a 390x844 phone.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from drives import services
from tests.builders import add_pairs, make_drive
from tests.builders.browser import paste_and_save
from tests.e2e.conftest import LANDSCAPE, PHONE, PORTRAIT
from tests.support import hall_fit_problems

pytestmark = pytest.mark.e2e

PASTE = "\n".join(
    f"{a} & {b}"
    for a, b in [
        ("Mary MacNeil", "John Boudreau"),
        ("Angus MacIsaac", "Theresa Poirier"),
        ("Rita MacDonald", "Joe Aucoin"),
        ("Donnie MacLean", "Flora MacKinnon"),
        ("Bernadette Deveau", "Wilfred Doucet"),
        ("Seán Ó Súilleabháin", "Marie Thériault"),
    ]
)


def three_sizes(browser, url: str, cookies, name: str, shoot) -> dict[str, list[str]]:
    """The page at the three sizes (the phone a touch screen), each shot and measured."""
    unfit = {}
    for size, viewport, phone in (
        ("landscape", LANDSCAPE, False),
        ("portrait", PORTRAIT, False),
        ("phone", PHONE, True),
    ):
        context = browser.new_context(
            viewport=viewport, locale="en-CA", is_mobile=phone, has_touch=phone
        )
        context.add_cookies(cookies)
        tab = context.new_page()
        tab.goto(url)
        shoot(tab, f"first-night-{name}-{size}", full_page=True)
        unfit[f"{name}-{size}"] = hall_fit_problems(tab)
        context.close()
    return unfit


def test_the_first_real_night_after_make_run(
    page: Page, browser, shoot, live_server, transactional_db, settings, tmp_path, monkeypatch
):
    from clubs.models import Club
    from drives.models import Drive

    monkeypatch.delenv("ORGANIZER_PASSWORD", raising=False)
    settings.ORGANIZER_PASSWORD_FILE = tmp_path / "organizer-password.txt"
    call_command("setup_site")
    password = settings.ORGANIZER_PASSWORD_FILE.read_text().strip()
    club = Club.objects.get()
    demo = Drive.objects.get(is_demo=True, status=Drive.Status.RUNNING)
    unfit: dict[str, list[str]] = {}

    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", "organizer")
    page.fill("input[name=password]", password)
    page.click("#main button[type=submit]")
    expect(page.get_by_role("heading", name="Demo Parish Hall")).to_be_visible()
    expect(page.locator(".badge.demo")).to_have_count(2)
    unfit.update(three_sizes(browser, page.url, page.context.cookies(), "drive-list", shoot))

    # The real drive: created, its pairs pasted, then the Start page.
    page.get_by_role("link", name="New drive").click()
    page.locator("#id_name").fill("Friday night 45s")
    page.get_by_role("button", name="Create drive").click()
    page.locator("#id_bulk_text").fill(PASTE)
    paste_and_save(page)
    expect(page.locator("table.list tbody tr[id^=pair-]")).to_have_count(6)
    drive = Drive.objects.get(name="Friday night 45s")
    page.goto(f"{live_server.url}/drives/{drive.pk}/start/")
    expect(page.locator("#already-running")).to_contain_text(
        "Tonight's 45s drive is the demo drive of the site"
    )
    expect(page.locator("#start-table-cards")).to_have_text(
        "The table cards will open this drive's tables."
    )
    unfit.update(three_sizes(browser, page.url, page.context.cookies(), "start", shoot))
    page.get_by_role("button", name="Start this drive as well").click()
    expect(page.get_by_role("heading", name="Game 1 of 25")).to_be_visible()
    expect(page.locator("#flash")).to_contain_text("The table cards open this drive's tables.")
    expect(page.locator("#table-cards-elsewhere")).to_have_count(0)

    # A phone scanning table 1's card opens the real drive's game 1, not the demo's game 12.
    link = services.table_links(club, 1)[0]
    context = browser.new_context(viewport=PHONE, locale="en-CA", is_mobile=True, has_touch=True)
    phone = context.new_page()
    phone.goto(f"{live_server.url}{link.path}")
    expect(phone.locator(".tp-drive")).to_contain_text("Friday night 45s")
    expect(phone.locator(".tp-game")).to_have_text("Game 1 of 25")
    shoot(phone, "first-night-table-card-phone")
    context.close()

    # Someone gives the cards to the demo: the real drive's result screen says so in red,
    # and gives them back in one tap.
    page.goto(f"{live_server.url}/drives/{demo.pk}/")
    page.get_by_role("button", name="Use the table cards for this drive").click()
    results = f"{live_server.url}/drives/{drive.pk}/games/1/"
    page.goto(results)
    banner = page.locator("#table-cards-elsewhere")
    expect(banner).to_contain_text(
        "The table cards open the tables of Tonight's 45s drive, not this drive"
    )
    assert banner.evaluate("e => getComputedStyle(e).borderLeftColor") != "rgba(0, 0, 0, 0)"
    unfit.update(three_sizes(browser, results, page.context.cookies(), "results-banner", shoot))
    # The Start page of another real drive now offers the cards, ticked: the demo has them.
    page.goto("about:blank")  # the result screen's poll would meet the test's own writes
    other = make_drive(club, None, name="Next week")
    add_pairs(other, None, 4)
    page.goto(f"{live_server.url}/drives/{other.pk}/start/")
    expect(page.locator("#start-table-cards")).to_contain_text(
        "The table cards open the tables of Tonight's 45s drive"
    )
    expect(page.get_by_label("Use the table cards for this drive")).to_be_checked()
    shoot(page, "first-night-start-demo-has-cards", full_page=True)
    unfit["start-demo-has-cards"] = hall_fit_problems(page)
    page.goto(results)
    page.locator("#table-cards-elsewhere").get_by_role(
        "button", name="Use the table cards for this drive"
    ).click()
    page.goto(results)
    expect(page.locator("#table-cards-elsewhere")).to_have_count(0)

    # The demo drive deleted on screen, after a question.
    page.goto(f"{live_server.url}/drives/{demo.pk}/")
    expect(page.locator("#demo-drive")).to_contain_text("This is a demo drive")
    unfit.update(three_sizes(browser, page.url, page.context.cookies(), "demo-page", shoot))
    page.locator("#demo-drive").get_by_role("link", name="Delete the demo drive").click()
    expect(page.get_by_role("heading", name="Delete Tonight's 45s drive?")).to_be_visible()
    unfit.update(three_sizes(browser, page.url, page.context.cookies(), "delete", shoot))
    page.get_by_role("button", name="Yes: delete the demo drive").click()
    expect(page.locator("#flash")).to_contain_text("The demo drive Tonight's 45s drive is deleted.")
    expect(page.locator("ul.cards")).not_to_contain_text("Tonight's 45s drive")
    shoot(page, "first-night-deleted")
    assert not Drive.objects.filter(pk=demo.pk).exists()
    assert {k: v for k, v in unfit.items() if v} == {}
