"""The season's second night, as an organizer walks it on the screens: night one of the
series "Fall 45s 2026" is played and finished; night two is made from the series' page,
its pairs pasted with accents dropped, Mac written apart, case lost and one letter off,
the preview saying who was matched, who is likely (the organizer chooses) and who is new;
the night is played from the result screen; the series standings and Mary MacNeil's
history count both nights. Screenshots at 1024x768 and 390x844 in /tmp/shots/p27e2e/."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.builders import NOW, make_club, make_drive, make_user, play_game
from tests.builders.browser import log_in
from tests.builders.series import make_series
from tests.e2e.conftest import LANDSCAPE, PHONE
from tests.support import hall_fit_problems

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = Path("/tmp/shots/p27e2e")
GAMES = 3

NIGHT_ONE = """\
Mary MacNeil & Rémi Thériault
Joe Doucette & Anne LeBlanc
Angus MacIsaac & Theresa Poirier
Seán Ó Súilleabháin & Cathy Chiasson
Donnie MacLean & Flora MacKinnon
Bernadette Deveau & Wilfred Doucet
"""

# Tonight's partners changed; the names typed as they come: no accents, "Mc Neil" apart,
# lower case, "Doucete" one letter short; Ginette Arsenault is new to the club.
NIGHT_TWO = """\
Mary Mc Neil & Theresa Poirier
Remi Theriault & anne leblanc
Joe Doucete & Angus MacIsaac
Sean O Suilleabhain & Flora MacKinnon
Donnie MacLean & Bernadette Deveau
Wilfred Doucet & Ginette Arsenault
"""


def both_sizes(page: Page, name: str) -> None:
    """The screen fits the hall at both sizes, and is kept as a full-page shot of each."""
    for size, label in ((LANDSCAPE, "1024x768"), (PHONE, "390x844")):
        page.set_viewport_size(size)
        page.screenshot(path=str(SHOTS / f"{name}-{label}.png"), full_page=True)
        assert hall_fit_problems(page) == [], (name, label)
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= size["width"], (name, label, wide)
    page.set_viewport_size(LANDSCAPE)


def marys_row(page: Page):
    rows = page.locator("table.series-standings tbody tr").filter(has_text="Mary MacNeil")
    expect(rows).to_have_count(1)
    cells = rows.locator("td")
    return int(cells.nth(2).inner_text()), int(cells.nth(3).inner_text())


def night_one(club, organizer):
    """Played and finished: three games, the first seat of each table winning."""
    from drives import services
    from seasons import services as series_services

    series = make_series(club, organizer)
    drive = make_drive(club, organizer, name="Fall night 1", date=dt.date(2026, 11, 6), games=3)
    services.pairs_bulk_add(drive=drive, actor=organizer, now=NOW, text=NIGHT_ONE)
    drive = services.drive_start(drive=drive, actor=organizer, now=NOW, seed=6)
    series_services.night_add(series=series, drive=drive, actor=organizer, now=NOW)
    for game in range(1, GAMES + 1):
        play_game(drive, organizer)
        drive.refresh_from_db()
        if game < GAMES:
            services.game_advance(drive=drive, actor=organizer, now=NOW, from_game=game)
    services.drive_finish(drive=drive, actor=organizer, now=NOW, from_game=GAMES)
    return series


def test_a_second_night_pasted_played_and_counted_in_the_series(page: Page, live_server):
    from clubs.models import Player
    from drives.models import Drive

    club = make_club()
    organizer = make_user(club)
    series = night_one(club, organizer)
    assert Player.objects.filter(club=club).count() == 12
    SHOTS.mkdir(parents=True, exist_ok=True)

    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/series/")
    page.get_by_role("link", name="Fall 45s 2026").click()
    page.get_by_role("link", name="Series standings").first.click()
    expect(page.locator("#series-standings .lead")).to_contain_text("After 1 night.")
    nights_before, total_before = marys_row(page)
    assert nights_before == 1

    # Night two, made from the series' page: it is in the series from the start.
    page.locator("nav.tabs").get_by_role("link", name="Fall 45s 2026").click()
    page.get_by_role("link", name="New drive in this series").click()
    expect(page.locator("main")).to_contain_text(
        "This drive will be a night of the series Fall 45s 2026."
    )
    page.locator("#id_name").fill("Fall night 2")
    page.locator("#id_games").fill(str(GAMES))
    page.get_by_role("button", name="Create drive").click()
    expect(page.locator("#flash")).to_contain_text(
        "Drive created as a night of Fall 45s 2026. Now register the pairs."
    )
    two = Drive.objects.get(name="Fall night 2")

    # The paste checked against the register before anything is saved.
    page.locator("#id_bulk_text").fill(NIGHT_TWO)
    page.get_by_role("button", name="Check the names").click()
    preview = page.locator("#paste-preview")
    expect(preview).to_contain_text("10 in the register · 1 to choose · 1 new")
    assert two.pairs.count() == 0
    known = preview.locator("fieldset.name-check.exact")
    for typed, kept in (
        ("Mary Mc Neil", "Mary MacNeil"),
        ("Remi Theriault", "Rémi Thériault"),
        ("anne leblanc", "Anne LeBlanc"),
        ("Sean O Suilleabhain", "Seán Ó Súilleabháin"),
    ):
        box = known.filter(has=page.locator("legend", has_text=typed))
        expect(box).to_contain_text("in the register")
        expect(box.get_by_label(kept, exact=True)).to_be_checked()
    likely = preview.locator("fieldset.name-check.likely")
    expect(likely).to_have_count(1)
    expect(likely.locator("legend")).to_contain_text("Joe Doucete")
    expect(likely).to_contain_text("choose")
    new = preview.locator("fieldset.name-check.new")
    expect(new).to_have_count(1)
    expect(new).to_contain_text("Ginette Arsenault")
    expect(new).to_contain_text("new player")
    likely.get_by_label(re.compile(r"Joe Doucette \(")).check()
    both_sizes(page, "paste-preview")
    page.get_by_role("button", name="Save these 6 pairs").click()
    expect(page.locator("#flash")).to_contain_text("6 pairs added.")
    rows = page.locator("table.list tbody tr[id^=pair-]")
    expect(rows).to_have_count(6)
    # The night keeps the names as typed; each is linked to the register's entry.
    expect(rows.nth(0)).to_contain_text("Mary Mc Neil & Theresa Poirier")
    expect(rows.nth(2)).to_contain_text("Joe Doucete & Angus MacIsaac")
    linked = [
        (p.person1.name, p.person2.name)
        for p in two.pairs.order_by("number").select_related("person1", "person2")
    ]
    assert linked == [
        ("Mary MacNeil", "Theresa Poirier"),
        ("Rémi Thériault", "Anne LeBlanc"),
        ("Joe Doucette", "Angus MacIsaac"),
        ("Seán Ó Súilleabháin", "Flora MacKinnon"),
        ("Donnie MacLean", "Bernadette Deveau"),
        ("Wilfred Doucet", "Ginette Arsenault"),
    ]
    assert Player.objects.filter(club=club).count() == 13  # Ginette only is new

    # Played from the result screen: Mary's pair wins each game, the first pair elsewhere.
    page.get_by_role("link", name="Start the drive").click()
    page.get_by_role("button", name="Seat the pairs and start game 1").click()
    expect(page.locator("#flash")).to_contain_text("Game 1 is seated")
    count = page.locator("#count .count-text")
    for game in range(1, GAMES + 1):
        expect(page.get_by_role("heading", name=f"Game {game} of {GAMES}")).to_be_visible()
        cards = page.locator("article.table-card")
        expect(cards).to_have_count(3)
        for i in range(3):
            card = cards.nth(i)
            buttons = card.locator("button.pairbtn")
            marys = buttons.filter(has_text="Mary Mc Neil")
            (marys if marys.count() else buttons.first).click()
            expect(card.locator(".pairbtn.won")).to_have_count(1)
            expect(count).to_have_text(f"{i + 1} of 3 tables in")
        if game < GAMES:
            page.locator("#count").get_by_role("link", name=f"Next: game {game + 1}").click()
            page.get_by_role("button", name=f"Confirm: start game {game + 1}").click()
            expect(page.locator("#flash")).to_contain_text(f"Game {game + 1} is seated.")
    page.locator("#count").get_by_role("link", name="Finish the drive").click()
    page.get_by_role("button", name="Yes: finish the drive").click()
    two.refresh_from_db()
    assert two.is_finished

    # The series counts night two: Mary has played 2 nights and won 3 more games.
    page.goto(f"{live_server.url}/series/{series.pk}/standings/")
    expect(page.locator("#series-standings .lead")).to_contain_text("After 2 nights.")
    assert marys_row(page) == (2, total_before + GAMES)
    # Ginette, new tonight, has her first night in the standings.
    expect(page.locator("table.series-standings")).to_contain_text("Ginette Arsenault")
    both_sizes(page, "series-standings")

    # Mary's history: both nights, the games won each night, her series standing.
    page.goto(f"{live_server.url}/club/players/")
    page.locator("#register-list").get_by_role("link", name=re.compile("Mary MacNeil")).click()
    expect(page.locator("#history-summary")).to_contain_text("2 nights played")
    expect(page.locator("#history-summary")).to_contain_text(f"{total_before + GAMES} games won")
    nights = page.locator("#history tbody tr")
    expect(nights).to_have_count(2)
    tonight = nights.filter(has_text="Fall night 2")
    expect(tonight.locator("td").nth(1)).to_have_text("Theresa Poirier")
    expect(tonight.locator("td").nth(2)).to_have_text(str(GAMES))
    last_week = nights.filter(has_text="Fall night 1")
    expect(last_week.locator("td").nth(1)).to_have_text("Rémi Thériault")
    expect(last_week.locator("td").nth(2)).to_have_text(str(total_before))
    standing = page.locator("#player-series")
    expect(standing).to_contain_text("Fall 45s 2026")
    expect(standing).to_contain_text(f"{total_before + GAMES} in all")
    both_sizes(page, "history")
