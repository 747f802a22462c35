"""Two pages of the night one opens by mistake as often as on purpose, in a real browser at
1024x768, 768x1024 and 390x844: correcting an earlier result has a Cancel from its first
step, and finishing early says what the cookie jar will draw from. Both fit the hall."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from drives import services
from drives.models import PrizeSettings
from tests.builders import NOW, make_club, make_user, play_game, started_drive
from tests.builders.browser import log_in
from tests.e2e.conftest import LANDSCAPE, PHONE, PORTRAIT
from tests.support import hall_fit_problems

SIZES = (("1024", LANDSCAPE), ("768", PORTRAIT), ("390", PHONE))


def tab(browser: Browser, size: dict):
    phone = size is PHONE
    context = browser.new_context(
        viewport=size, locale="en-CA", is_mobile=phone, has_touch=phone,
        device_scale_factor=3 if phone else 1,
    )  # fmt: skip
    context.set_default_timeout(8_000)
    return context, context.new_page()


def test_cancel_a_correction_and_finish_early_with_a_jar(
    browser, shoot, live_server, transactional_db
):
    club = make_club()
    organizer = make_user(club)
    drive = started_drive(club, organizer, pairs=10, games=25, seed=3)
    PrizeSettings.objects.create(drive=drive, jar=True, jar_games=8, jar_price=200)
    for game in range(1, 6):
        play_game(drive, organizer)
        services.game_advance(drive=drive, from_game=game, actor=organizer, now=NOW)
    unfit = {}
    for name, size in SIZES:
        context, page = tab(browser, size)
        log_in(page, live_server.url)
        page.goto(f"{live_server.url}/drives/{drive.pk}/games/3/")
        page.locator("#table-2").get_by_role("link", name="Correct this result").click()
        expect(page.locator("h1")).to_have_text("Correct game 3, table 2")
        shoot(page, f"98-correct-first-step-{name}")
        unfit[f"correct {name}"] = hall_fit_problems(page)
        page.get_by_role("link", name="Cancel").click()
        expect(page.locator("h1")).to_contain_text("Game 3 of 25")
        assert page.url.endswith("/games/3/#table-2")

        page.goto(f"{live_server.url}/drives/{drive.pk}/finish-early/")
        expect(page.locator("main")).to_contain_text(
            "The cookie jar then draws 5 games from games 1 to 5, not 8 of 25."
        )
        shoot(page, f"99-finish-early-jar-{name}")
        unfit[f"finish early {name}"] = hall_fit_problems(page)
        context.close()
    assert not {k: v for k, v in unfit.items() if v}, unfit
