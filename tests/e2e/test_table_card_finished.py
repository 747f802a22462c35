"""A table card whose drive has finished while another drive runs, in a real browser.

The club's cards still serve Friday's drive, which has finished; the Christmas drive,
started alongside, is being played. A phone that scans table 1's card reads which drive the
cards serve, that it has finished, and that the front table can give the cards to the
Christmas drive; not "No drive is running". Once the organizer does, the same page (its
poll) shows the Christmas drive's table. Hall-fit checks at the three sizes.
"""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import expect

from drives import services
from tests.builders import (
    NOW,
    add_pairs,
    make_club,
    make_drive,
    make_user,
    play_game,
    started_drive,
)
from tests.e2e.conftest import LANDSCAPE, PHONE, PORTRAIT
from tests.support import hall_fit_problems

pytestmark = pytest.mark.e2e


def test_a_card_of_a_finished_drive_says_so(browser, shoot, live_server, transactional_db):
    club = make_club("Demo Parish Hall")
    organizer = make_user(club)
    friday = started_drive(club, organizer, pairs=8, name="Friday 45s")
    christmas = make_drive(club, organizer, name="Christmas drive", date=dt.date(2026, 12, 18))
    add_pairs(christmas, organizer, 6)
    services.drive_start(drive=christmas, actor=organizer, now=NOW, seed=3, alongside=True)
    play_game(friday, organizer)
    services.drive_finish_early(drive=friday, from_game=1, actor=organizer, now=NOW)
    link = services.table_links(club, 1)[0]
    url = f"{live_server.url}{link.path}"

    unfit: dict[str, list[str]] = {}
    tabs = []
    for size, viewport, phone in (
        ("landscape", LANDSCAPE, False),
        ("portrait", PORTRAIT, False),
        ("phone", PHONE, True),
    ):
        context = browser.new_context(
            viewport=viewport, locale="en-CA", is_mobile=phone, has_touch=phone
        )
        tab = context.new_page()
        tab.goto(url)
        note = tab.locator("#cards-finished")
        expect(note).to_contain_text("The table cards serve Friday 45s, which has finished.")
        expect(note).to_contain_text(
            "Christmas drive is being played: ask the front table to use the table cards for it."
        )
        expect(tab.locator("#table-panel")).not_to_contain_text("No drive is running")
        shoot(tab, f"table-card-finished-{size}")
        unfit[size] = hall_fit_problems(tab)
        tabs.append((context, tab))
    for context, _tab in tabs[:-1]:
        context.close()
    _context, phone_tab = tabs[-1]

    # The organizer gives the cards to the Christmas drive: the phone's page, polling,
    # shows its table without a reload.
    services.table_drive_set(drive=christmas, actor=organizer, now=NOW)
    expect(phone_tab.locator(".tp-drive")).to_contain_text("Christmas drive", timeout=12_000)
    expect(phone_tab.locator("#cards-finished")).to_have_count(0)
    shoot(phone_tab, "table-card-finished-then-served-phone")
    _context.close()
    assert {k: v for k, v in unfit.items() if v} == {}
