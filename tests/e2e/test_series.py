"""A series on the organizer's tablet and phone: a new series with its rules explained, its
nights, and the standings with each player's nights as a row of small cards, which a
result entered on tonight's drive changes. Hall fit at 1024x768, 768x1024 and 390x844."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from drives import services
from drives.models import TableGame
from tests.builders import NOW, make_club, make_user
from tests.builders.browser import log_in
from tests.builders.series import night_of
from tests.support import hall_fit_problems

SIZES = {
    "landscape": {"width": 1024, "height": 768},
    "portrait": {"width": 768, "height": 1024},
    "phone": {"width": 390, "height": 844},
}
SHOTS = Path(os.environ.get("SERIES_SHOTS", "/tmp/shots/p27series"))

NIGHT_ONE = [
    "Mary MacNeil & Joe Doucet",
    "Ann Boyd & Rita Poirier",
    "Seán Ó Súilleabháin & Marie Thériault",
    "Angus MacIsaac & Theresa Poirier",
]
NIGHT_TWO = [
    "mary macneil & Ann Boyd",
    "Joe Doucet & Rita Poirier",
    "Marie Theriault & Angus MacIsaac",
    "Seán Ó Súilleabháin & Theresa Poirier",
]


def fits(page, viewport) -> None:
    assert hall_fit_problems(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


@pytest.mark.parametrize("size", SIZES)
def test_a_series_is_made_its_nights_added_and_its_standings_follow_tonight(
    browser: Browser, live_server, transactional_db, size
):
    from seasons.models import Series

    club = make_club()
    organizer = make_user(club)
    viewport = SIZES[size]
    phone = size == "phone"
    context = browser.new_context(
        viewport=viewport, locale="en-CA", is_mobile=phone, has_touch=phone
    )
    page = context.new_page()
    SHOTS.mkdir(parents=True, exist_ok=True)
    log_in(page, live_server.url)

    page.goto(f"{live_server.url}/drives/")
    page.get_by_role("link", name="Series", exact=True).click()
    page.get_by_role("link", name="New series").click()
    page.get_by_label("Name of the series").fill("Fall 45s 2026")
    page.get_by_label("Points by place each night").check()
    page.get_by_label("Nights that count").fill("2")
    page.get_by_label("Nights to qualify").fill("2")
    fits(page, viewport)
    page.screenshot(path=str(SHOTS / f"series-form-{size}.png"), full_page=True)
    page.get_by_role("button", name="Create the series").click()
    expect(page.get_by_text("Series created. Now add its nights.")).to_be_visible()
    expect(page.get_by_text("Each player's best 2 nights count.")).to_be_visible()

    series = Series.objects.get()
    one = night_of(series, organizer, 6, NIGHT_ONE, games=2)
    two = night_of(series, organizer, 13, NIGHT_TWO, games=0)
    page.reload()
    expect(page.locator(".night")).to_have_count(2)
    fits(page, viewport)
    page.screenshot(path=str(SHOTS / f"series-nights-{size}.png"), full_page=True)

    page.get_by_role("link", name="Series standings").first.click()
    rows = page.locator("table.series-standings tbody tr")
    expect(rows).to_have_count(8)
    expect(page.locator("tr.qualified")).to_have_count(8)
    fits(page, viewport)
    page.screenshot(path=str(SHOTS / f"series-standings-{size}.png"), full_page=True)

    # Tonight's first result reaches the series on the next poll (or a reload).
    tg = TableGame.objects.get(drive=two, game=1, table=1)
    seat = tg.seats.order_by("slot").first()
    services.result_record(
        drive=two, game=1, table=1, winner_number=seat.pair.number, actor=organizer, now=NOW
    )
    before = page.locator("table.series-standings").inner_text()
    page.reload()
    assert page.locator("table.series-standings").inner_text() != before
    assert one.pk != two.pk
    context.close()
