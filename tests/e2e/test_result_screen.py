"""The result screen of a 30-table hall in a real browser.

60 pairs, game 1. Checked at 1024x768, 768x1024 and 390x844: the tiles (three across in
landscape, two in portrait), the strip of table numbers that jumps to a table, the
sticky bar's counts, 48 px targets and 18 px text. A stray tap on the other pair asks
first; the change is said in the live region; "Finish the drive" asks first. The taps
for one result, one game of 30 tables and the next game are counted and printed.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from clubs.interface import Origin
from drives import services
from drives.models import TableGame
from tests.builders import NOW, make_club, make_user, started_drive
from tests.e2e.conftest import LANDSCAPE, PHONE, PORTRAIT
from tests.support import hall_fit_problems


def columns(page: Page) -> int:
    """How many tiles sit side by side in the first row."""
    return page.evaluate(
        """() => { const tops = [...document.querySelectorAll('.table-card')]
             .map(e => Math.round(e.getBoundingClientRect().top));
           return tops.filter(t => t === tops[0]).length; }"""
    )


def test_thirty_tables(page: Page, shoot, live_server, transactional_db, capsys):
    club = make_club()
    organizer = make_user(club)
    drive = started_drive(club, organizer, pairs=60, games=2, seed=7)
    unfit: dict[str, list[str]] = {}
    taps = {"one result": 0, "one game": 0, "next game": 0}

    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("User name").fill("organizer")
    page.get_by_label("Password").fill("pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    game = f"{live_server.url}/drives/{drive.pk}/games/1/"
    page.goto(game)
    expect(page.locator("#count")).to_contain_text("0 of 30 tables in")
    expect(page.locator("#table-strip a")).to_have_count(30)

    # Fill the hall in: every table's first pair wins, one tap each, but leave a few.
    tiles = page.locator(".table-card")
    for n in range(1, 31):
        if n in (12, 20):
            continue
        tiles.nth(n - 1).locator("button.pairbtn").first.click()
        expect(page.locator(f"#table-strip a[href='#table-{n}']")).to_have_class("chip confirmed")
        taps["one game"] += 1
    taps["one result"] = 1
    # A table reported by its phones, two disagreeing: in conflict.
    tg = TableGame.objects.get(drive=drive, game=1, table=20)
    a, b = [s.pair.number for s in tg.seats.select_related("pair").order_by("slot")]
    for winner, device in ((a, "phone-1"), (b, "phone-2")):
        services.table_report(
            drive=drive, game=1, table=20, winner_number=winner, key=f"{device}-k",
            device=device, now=NOW,
            origin=Origin(source=f"table 20: {device}", device="10.0.0.9"),
        )  # fmt: skip
    page.reload()
    expect(page.locator("#count")).to_contain_text("28 of 30 tables in · 1 in conflict")

    for size, name in ((LANDSCAPE, "40-thirty-tables"), (PORTRAIT, "40-thirty-tables-portrait"),
                       (PHONE, "40-thirty-tables-phone")):  # fmt: skip
        page.set_viewport_size(size)
        page.evaluate("window.scrollTo(0, 0)")
        shoot(page, name)
        unfit[name] = hall_fit_problems(page)
        wide = page.evaluate("document.documentElement.scrollWidth")
        if wide > size["width"]:
            unfit[name].append(f"the page is {wide} px wide")
        expected = {1024: 3, 768: 2, 390: 1}[size["width"]]
        assert columns(page) >= expected, (name, columns(page))
    page.set_viewport_size(LANDSCAPE)

    # The strip jumps to table 20: its heading shows below the sticky bar, not under it.
    page.locator("#table-strip a[href='#table-20']").click()
    page.wait_for_timeout(300)
    bar = page.locator("#count").bounding_box()
    head = page.locator("#table-20 h2").bounding_box()
    assert head["y"] >= bar["y"] + bar["height"], (bar, head)
    expect(page.locator("#table-20")).to_contain_text("a phone at table 20 (reported")
    shoot(page, "41-jump-to-table-20")
    unfit["41-jump"] = hall_fit_problems(page)

    # Settle the conflict with one tap; table 12 with one tap: every table is in.
    page.locator("#table-20 button.pairbtn").first.click()
    expect(page.locator("#announce")).to_contain_text(f"Table 20: pair {a} won.")
    page.locator("#table-strip a[href='#table-12']").click()
    page.locator("#table-12 button.pairbtn").first.click()
    taps["one game"] += 2
    expect(page.locator("#count")).to_contain_text("30 of 30 tables in")

    # A stray tap on the other pair of table 5 asks first; the change is said where the eye is.
    page.locator("#table-strip a[href='#table-5']").click()
    page.locator("#table-5 button.pairbtn").nth(1).click()
    expect(page.locator("#table-5 .change-confirm")).to_be_visible()
    shoot(page, "42-change-asks-first")
    unfit["42-change"] = hall_fit_problems(page)
    page.locator("#table-5").get_by_role("button", name="Yes:").click()
    expect(page.locator("#announce")).to_contain_text("Table 5 changed:")
    expect(page.locator("#announce")).to_be_visible()
    shoot(page, "43-change-announced")

    # Next game: the button on the bar, then the preview's confirm.
    page.locator("#count").get_by_role("link", name="Next: game 2").click()
    taps["next game"] += 1
    page.get_by_role("button", name="Confirm: start game 2").click()
    taps["next game"] += 1
    expect(page.locator("#count")).to_contain_text("0 of 30 tables in")

    assert not {k: v for k, v in unfit.items() if v}, unfit
    with capsys.disabled():
        print(f"\ntaps: {taps}")


def test_the_poll_swaps_only_the_table_that_changed(
    page: Page, shoot, live_server, transactional_db
):
    """A phone reports table 5 while the organizer watches: within a poll its tile and the
    bar change in place; the other tiles are the same elements as before."""
    club = make_club()
    organizer = make_user(club)
    drive = started_drive(club, organizer, pairs=24, games=2, seed=7)
    page.set_viewport_size(LANDSCAPE)
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("User name").fill("organizer")
    page.get_by_label("Password").fill("pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/drives/{drive.pk}/games/1/")
    expect(page.locator("#count")).to_contain_text("0 of 12 tables in")
    # Mark every tile: a tile swapped by the poll comes back without its mark.
    page.evaluate("document.querySelectorAll('.table-card').forEach(e => e.dataset.seen = '1')")
    tg = TableGame.objects.get(drive=drive, game=1, table=5)
    winner = tg.seats.select_related("pair").order_by("slot").first().pair.number
    services.table_report(
        drive=drive, game=1, table=5, winner_number=winner, key="phone-5-k", device="phone-5",
        now=NOW, origin=Origin(source="table 5: phone-5", device="10.0.0.9"),
    )  # fmt: skip
    expect(page.locator("#table-5")).to_contain_text("waiting for the other pair", timeout=12000)
    expect(page.locator("#count")).to_contain_text("1 waiting for agreement")
    expect(page.locator("#table-strip a[href='#table-5']")).to_have_class("chip reported")
    unmarked = page.evaluate(
        "[...document.querySelectorAll('.table-card:not([data-seen])')].map(e => e.id)"
    )
    assert unmarked == ["table-5"]
    shoot(page, "41-poll-changed-tile")
    # The tile's buttons still count a tap (the CSRF token came with it).
    page.locator("#table-5 button.pairbtn").first.click()
    expect(page.locator("#table-strip a[href='#table-5']")).to_have_class("chip confirmed")
    # The poller the answer brought keeps polling: a second phone's report shows too.
    tg = TableGame.objects.get(drive=drive, game=1, table=7)
    winner = tg.seats.select_related("pair").order_by("slot").first().pair.number
    services.table_report(
        drive=drive, game=1, table=7, winner_number=winner, key="phone-7-k", device="phone-7",
        now=NOW, origin=Origin(source="table 7: phone-7", device="10.0.0.9"),
    )  # fmt: skip
    expect(page.locator("#table-7")).to_contain_text("waiting for the other pair", timeout=12000)
    expect(page.locator("#count")).to_contain_text("1 of 12 tables in")
