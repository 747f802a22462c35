"""What the browser tests share: logging in as the organizer, the pairs an organizer
pastes, and the practice table's taps (a card lifted, then played; waiting for the table).

The pages are Playwright's; the organizer's password is the one tests.builders.make_user sets.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from practice.codes import Deal
from scoring.play import PlayOptions


def log_in(page: Page, url: str) -> None:
    page.goto(f"{url}/accounts/login/")
    page.get_by_label("User name").fill("organizer")
    page.get_by_label("Password").fill("pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()


PASTE = """\
Seán Ó Súilleabháin & Marie Thériault
Mary MacNeil & John Boudreau
Angus MacIsaac & Theresa Poirier
Rita MacDonald & Joe Aucoin
Father Ronald Beaton & Cathy Chiasson
Donnie MacLean & Flora MacKinnon
Hughie Dan MacDonald and Peggy LeBlanc
Bernadette Deveau + Wilfred Doucet
Marguerite-Marie Cormier & Johnny Angus MacPherson-Gillis
"""


def paste_and_save(page: Page) -> None:
    """The pasted pairs checked against the club's register, then saved as the preview
    chose (known names linked, new ones added)."""
    page.get_by_role("button", name="Check the names").click()
    expect(page.locator("#paste-preview")).to_be_visible()
    page.get_by_role("button", name=re.compile(r"^Save th")).click()


TRADITIONAL = Deal("traditional", 3, PlayOptions(), 20261130).code


def taps_ready(page: Page) -> None:
    """Wait for a freshly loaded table to answer taps. The table shows before its
    deferred scripts run, and a tap before htmx and practice.js are bound posts the
    card as a plain form (a dimmed card then shows no reason)."""
    page.wait_for_function(
        "() => document.documentElement.dataset.taps === 'ready'"
        " && document.querySelector('#content[data-at]')"
    )


def at(page: Page) -> str:
    return page.locator("#content").get_attribute("data-at")


def after(page: Page, before: str) -> None:
    """Wait for the table to come back from the server with the moves made."""
    page.wait_for_function(
        "(b) => { const c = document.querySelector('#content');"
        " return c && c.dataset.at !== b && !document.querySelector('.htmx-request'); }",
        arg=before,
    )


def tap_a_card(page: Page) -> None:
    """Tap a card you may play: the first tap lifts it, the second plays it."""
    card = page.locator("form#hand button.playcard:not(.dim)").first
    before = at(page)
    card.click()
    expect(card).to_have_class(re.compile(r"\bchosen\b"))
    assert at(page) == before, "one tap played the card"
    card.click()
    after(page, before)
