"""The association's site administrator in a real browser: logs in and lands on the clubs
of the server, makes a club with its first organizer (the password shown once), sees it in
the list, suspends it with a reason, and restores it. The club's organizer logs in with
that password, reads the reason while the club is suspended, and is back in once it is
restored. Hall fit at 1024x768 and on a phone (390x844)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from clubs.models import Club, Membership
from tests.builders.server import PASSWORD, make_site_admin
from tests.e2e.conftest import LANDSCAPE, PHONE
from tests.support import hall_fit_problems

pytestmark = pytest.mark.e2e


def fits(page: Page, name: str, problems: dict) -> None:
    problems[name] = hall_fit_problems(page)
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, name


def both_sizes(page: Page, shoot, name: str, problems: dict) -> None:
    """The screen as it stands, fitted and shot at the laptop's size and a phone's."""
    for size, suffix in ((LANDSCAPE, ""), (PHONE, "-phone")):
        page.set_viewport_size(size)
        fits(page, f"{name}{suffix}", problems)
        shoot(page, f"site-admin-{name}{suffix}", full_page=True)
    page.set_viewport_size(LANDSCAPE)


def log_in(page: Page, url: str, username: str, password: str) -> None:
    page.goto(f"{url}/accounts/login/")
    # By the boxes' ids: a French phone's page says « Nom d'utilisateur ».
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(password)
    page.locator("#id_password").press("Enter")


def test_the_site_administrator_makes_suspends_and_restores_a_club(
    page: Page, browser, shoot, live_server, transactional_db
):
    make_site_admin()
    unfit: dict[str, list[str]] = {}

    log_in(page, live_server.url, "association", PASSWORD)
    expect(page.get_by_role("heading", name="The clubs of this server")).to_be_visible()
    expect(page.locator(".site-clubs")).to_contain_text("No club yet.")

    # A new club and its first organizer; the password is shown once.
    page.get_by_role("link", name="New club").click()
    page.get_by_label("Name of the club").fill("Salle paroissiale Saint-Pierre")
    page.get_by_role("radio", name="Français").check()
    page.get_by_label("Username of its first organizer").fill("rita")
    both_sizes(page, shoot, "new-club", unfit)
    page.get_by_role("button", name="Make the club").click()
    expect(page.get_by_role("heading", name=re.compile("Saint-Pierre is made"))).to_be_visible()
    password = page.locator("#made-password").inner_text().strip()
    assert len(password) >= 12
    both_sizes(page, shoot, "club-made", unfit)
    club = Club.objects.get(name="Salle paroissiale Saint-Pierre")
    assert Membership.objects.get(club=club).user.username == "rita"

    # The list shows it with its use.
    page.get_by_role("link", name="All clubs").first.click()
    card = page.locator(f"#club-{club.pk}")
    expect(card).to_contain_text("0 drives")
    expect(card).to_contain_text("1 member")
    expect(card).to_contain_text("No night played yet.")
    both_sizes(page, shoot, "clubs", unfit)

    # Suspended, with a reason, once confirmed.
    card.get_by_role("link", name=re.compile("Suspend")).click()
    page.get_by_label("Why the club is suspended").fill("The association's dues are unpaid")
    both_sizes(page, shoot, "suspend", unfit)
    page.get_by_role("button", name=re.compile("Yes, suspend")).click()
    expect(page.locator("#flash")).to_contain_text("Saint-Pierre is suspended.")
    expect(card).to_contain_text("The association's dues are unpaid")
    both_sizes(page, shoot, "clubs-suspended", unfit)

    # Its organizer logs in (in the club's French) and reads why, on a phone.
    phone = browser.new_context(viewport=PHONE, locale="fr-CA").new_page()
    log_in(phone, live_server.url, "rita", password)
    expect(phone.locator("#suspended")).to_contain_text("Ce club est suspendu")
    expect(phone.locator("#suspended")).to_contain_text("The association's dues are unpaid")
    fits(phone, "suspended-page-phone", unfit)
    shoot(phone, "site-admin-suspended-page-phone", full_page=True)

    # Restored, once confirmed: the organizer is back in.
    card.get_by_role("link", name=re.compile("Restore")).click()
    both_sizes(page, shoot, "restore", unfit)
    page.get_by_role("button", name=re.compile("Yes, restore")).click()
    expect(page.locator("#flash")).to_contain_text("Saint-Pierre is restored.")
    expect(card).not_to_contain_text("Suspended")
    club.refresh_from_db()
    assert not club.is_suspended
    phone.goto(f"{live_server.url}/drives/")
    expect(phone.locator("#suspended")).to_have_count(0)
    expect(phone.get_by_role("heading", level=1)).to_be_visible()
    phone.context.close()

    assert all(not problems for problems in unfit.values()), unfit
