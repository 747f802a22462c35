"""The organizer's club screens in a real browser at tablet sizes: People, Table links,
Print and the drive page's screens settings. Each passes the hall-fit checks and is
saved to test-artifacts/screenshots/ for a person to look at."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.builders import make_user, started_drive
from tests.e2e.conftest import LANDSCAPE, PORTRAIT
from tests.support import hall_fit_problems

pytestmark = pytest.mark.e2e


def test_club_screens_fit_the_hall(page: Page, shoot, live_server, transactional_db, settings):
    from clubs.models import Club

    settings.SITE_BASE_URL = live_server.url  # table links carry the site's own address

    club = Club.objects.create(name="St. Joseph's Parish Hall")
    organizer = make_user(club)
    make_user(club, username="mary", role="scorer")
    drive = started_drive(club, organizer, pairs=12)

    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", "organizer")
    page.fill("input[name=password]", "pw-for-tests-1")
    page.click("#main button[type=submit]")

    screens = {
        "people": "/club/people/",
        "table-links": "/club/tables/",
        "print": f"/drives/{drive.pk}/print/",
        "drive-page": f"/drives/{drive.pk}/",
        "profile": "/club/profile/",
        "import": "/drives/import/",
    }
    for name, path in screens.items():
        page.set_viewport_size(LANDSCAPE)
        page.goto(f"{live_server.url}{path}")
        assert hall_fit_problems(page) == [], name
        shoot(page, f"club-{name}-landscape", full_page=True)
        page.set_viewport_size(PORTRAIT)
        assert hall_fit_problems(page) == [], name
        shoot(page, f"club-{name}-portrait", full_page=True)

    # Switch the projector board on mid-night, from the drive page.
    page.goto(f"{live_server.url}/drives/{drive.pk}/")
    page.check("#s-board")
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".public-screens")).to_contain_text("Projector board")
    # A new link for a table: the old address stops working.
    page.goto(f"{live_server.url}/club/tables/")
    old = page.locator("#link-2 a").inner_text()
    asked: list[str] = []
    page.once("dialog", lambda d: (asked.append(d.message), d.accept()))
    page.get_by_role("button", name="New link for table 2").click()
    expect(page.locator("#flash")).to_contain_text("Table 2 has a new link")
    assert page.locator("#link-2 a").inner_text() != old
    assert asked == ["Give table 2 a new link? Its printed card will stop working."]
    response = page.request.get(old)
    assert response.status == 404
