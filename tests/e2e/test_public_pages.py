"""A club's public pages in a real browser: the organizer turns the page on and shows a
night and a series from the "Public page" screen; then anyone, with no login, reads the
night's results and the series standings on a tablet (1024x768) and a phone (390x844), in
English and in French. Hall fit (text >= 18 px, targets >= 48 px, no sideways scroll) and
no CSP refusal on every screen."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from public.models import PublicDrive, PublicPage, PublicSeries
from seasons import services as seasons
from tests.builders import NOW, make_club, make_user
from tests.builders.browser import log_in
from tests.builders.public import finished_night
from tests.builders.series import make_series
from tests.e2e.conftest import LANDSCAPE, PHONE
from tests.support import hall_fit_problems

pytestmark = pytest.mark.e2e

NAMES = [
    "Seán Ó Súilleabháin & Marie Thériault",
    "Mary MacNeil & John Boudreau",
    "Angus MacIsaac & Theresa Poirier",
    "Rita MacDonald & Joe Aucoin",
    "Father Ronald Beaton & Cathy Chiasson",
    "Bernadette LeBlanc-Doucet & Clarence MacKinnon",
]


def fits(page: Page, name: str, problems: dict) -> None:
    problems[name] = hall_fit_problems(page)
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, name


def test_the_organizer_shows_a_night_and_anyone_reads_it(
    page: Page, browser, shoot, live_server, transactional_db
):
    club = make_club()
    organizer = make_user(club)
    series = make_series(club, organizer, name="Fall 45s 2026")
    first = finished_night(club, organizer, day=13, names=NAMES[::-1], name="Friday 45s")
    night = finished_night(club, organizer, day=20, names=NAMES, name="Friday 45s, week 2")
    for d in (first, night):
        seasons.night_add(series=series, drive=d, actor=organizer, now=NOW)
    unfit: dict[str, list[str]] = {}

    # The organizer: the club's People page leads to the Public page screen.
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/club/people/")
    page.get_by_role("link", name="Choose what the public page shows").click()
    expect(page.get_by_role("heading", name="Public page", exact=True)).to_be_visible()
    expect(page.get_by_label("Address of the page")).to_have_value("st-josephs-parish-hall")
    page.get_by_label("Turn on the public page").check()
    page.get_by_label(re.compile("Show each player's own history")).check()
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Saved. The public page is on.")).to_be_visible()
    night_card = page.locator(".shown-list li", has_text="Friday 45s, week 2")
    night_card.get_by_role("button", name="Show on the public page").click()
    expect(night_card.get_by_role("button", name="Take off the public page")).to_be_visible()
    series_card = page.locator(".shown-list li", has_text="Fall 45s 2026")
    series_card.get_by_role("button", name="Show on the public page").click()
    expect(series_card.get_by_role("button", name="Take off the public page")).to_be_visible()
    assert PublicPage.objects.get(club=club).on
    assert PublicDrive.objects.filter(drive=night).exists()
    assert PublicSeries.objects.filter(series=series).exists()
    fits(page, "settings", unfit)
    shoot(page, "public-settings", full_page=True)
    page.set_viewport_size(PHONE)
    fits(page, "settings-phone", unfit)
    shoot(page, "public-settings-phone", full_page=True)

    # Anyone: a fresh browser with no login, as a tablet and as a phone.
    context = browser.new_context(viewport=LANDSCAPE, locale="en-CA")
    context.set_default_timeout(5_000)
    anyone = context.new_page()
    base = f"{live_server.url}/p/st-josephs-parish-hall/"
    anyone.goto(base)
    expect(anyone.get_by_role("heading", name="St. Joseph's Parish Hall")).to_be_visible()
    expect(anyone.get_by_text("Friday 45s", exact=True)).to_have_count(0)  # not shown
    fits(anyone, "club", unfit)
    shoot(anyone, "public-club", full_page=True)
    anyone.get_by_role("link", name=re.compile("Friday 45s, week 2")).click()
    expect(anyone.locator("#results tbody tr")).to_have_count(6)
    expect(anyone.get_by_text("Final, after 2 games.")).to_be_visible()
    fits(anyone, "results", unfit)
    shoot(anyone, "public-results", full_page=True)
    for size, suffix in ((PHONE, "phone"), (LANDSCAPE, "")):
        anyone.set_viewport_size(size)
        for lang in ("en", "fr"):
            name = "-".join(p for p in ("public-results", lang, suffix) if p)
            anyone.goto(f"{base}nights/{night.pk}/?lang={lang}")
            expect(anyone.locator("html")).to_have_attribute("lang", lang)
            fits(anyone, name, unfit)
            shoot(anyone, name, full_page=True)
            anyone.goto(f"{base}series/{series.pk}/?lang={lang}")
            word = "Classement de la série" if lang == "fr" else "Series standings"
            expect(anyone.get_by_text(re.compile(word)).first).to_be_visible()
            expect(anyone.locator("#series-standings tbody tr")).to_have_count(12)
            name = "-".join(p for p in ("public-series", lang, suffix) if p)
            fits(anyone, name, unfit)
            shoot(anyone, name, full_page=True)
    # A player's own history, from their name on the results.
    anyone.goto(f"{base}nights/{night.pk}/?lang=fr")
    anyone.get_by_role("link", name="Mary MacNeil").click()
    expect(anyone.get_by_role("heading", name="Mary MacNeil")).to_be_visible()
    expect(anyone.get_by_text("John Boudreau")).to_be_visible()
    anyone.set_viewport_size(PHONE)
    fits(anyone, "player-fr-phone", unfit)
    shoot(anyone, "public-player-fr-phone", full_page=True)
    context.close()
    assert not any(unfit.values()), {k: v for k, v in unfit.items() if v}
