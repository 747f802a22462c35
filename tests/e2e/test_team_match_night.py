"""A league's team match night in a real browser: the secretary schedules the match on the
tablet at the front, makes its drive, adds each team's pairs from the rosters, starts it
and plays it by its schedule; a table's two phones report and agree a result from the
table's QR link; the night's result and the league standings follow. Hall fit on the
tablet (1024x768, 768x1024) and the phones (390x844)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from drives import services
from drives.models import TableGame
from leagues.models import League, LeagueNight
from tests.builders import make_club, make_user
from tests.builders.browser import log_in
from tests.builders.leagues import make_league, make_team
from tests.e2e.conftest import PHONE, PORTRAIT
from tests.support import hall_fit_problems

pytestmark = pytest.mark.e2e


def fits(page, name: str, problems: dict) -> None:
    problems[name] = hall_fit_problems(page)
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, name


def tap_winner(page: Page, table: int, number: int) -> None:
    tile = page.locator(f"#table-{table}")
    tile.locator("button.pairbtn").filter(
        has=page.locator(".pn", has_text=re.compile(rf"^Pair {number}$"))
    ).click()
    expect(tile.locator(".pairbtn.won")).to_contain_text(f"Pair {number}")


def pairs_at(drive, game, table):
    tg = TableGame.objects.get(drive=drive, game=game, table=table)
    return tuple(s.pair.number for s in tg.seats.order_by("slot").select_related("pair"))


def test_a_team_match_night_from_the_front_and_the_phones(
    page: Page, browser, shoot, live_server, transactional_db
):
    club = make_club()
    organizer = make_user(club)
    league = make_league(club, organizer, tie_rule="playoff")
    knights = make_team(league, organizer, "Knights of Columbus", "K of C Hall", players=4)
    legion = make_team(league, organizer, "Legion Branch 12", "Legion Hall", players=6)
    link = services.table_links(club, 2)[1]  # table 2's QR link
    unfit: dict[str, list[str]] = {}

    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/drives/")
    page.get_by_role("link", name="Leagues", exact=True).click()
    page.get_by_role("link", name=re.compile("Merrimack Valley 45s")).first.click()
    expect(page.get_by_role("heading", name=re.compile("Merrimack Valley 45s"))).to_be_visible()

    # The match goes on the schedule: Knights at home, at their hall.
    page.get_by_role("link", name="Schedule a night").click()
    page.get_by_label("Date").fill("2026-12-10")
    page.get_by_label("A team match").check()
    page.get_by_label("Host team (its venue)").select_option(label="Knights of Columbus")
    page.get_by_label("Team match: home team").select_option(label="Knights of Columbus")
    page.get_by_label("Team match: visiting team").select_option(label="Legion Branch 12")
    fits(page, "night-form", unfit)
    shoot(page, "league-night-form", full_page=True)
    page.get_by_role("button", name="Put it on the schedule").click()
    expect(page.locator("#flash")).to_contain_text("Night 1 is on the schedule.")
    page.locator("#league-schedule").get_by_role("link", name=re.compile("Night 1")).click()

    # Its drive, then each team's pairs from its roster: Knights 2, Legion 3.
    page.get_by_role("button", name="Make the night's drive").click()
    expect(page.locator("#flash")).to_contain_text("Now add each team's pairs.")
    for team, count in ((knights, 2), (legion, 3)):
        names = [e.player.name for e in team.roster.order_by("player__name")]
        side = page.locator(".team-side").filter(has_text=team.name)
        for i in range(count):
            side.get_by_label("First player").select_option(label=names[2 * i])
            side.get_by_label("Second player").select_option(label=names[2 * i + 1])
            side.get_by_role("button", name=f"Add a pair for {team.name}").click()
            expect(page.locator("#flash")).to_contain_text(f"added for {team.name}")
            side = page.locator(".team-side").filter(has_text=team.name)
            expect(side.locator("li", has_text="Pair ")).to_have_count(i + 1)
    # The schedule on screen: Knights stay at tables 1 and 2, Legion's 3 pairs move.
    grid = page.locator("table.match-grid tbody tr")
    expect(grid).to_have_count(3)
    expect(grid.nth(0)).to_contain_text("1 v 3")
    fits(page, "night-pairs", unfit)
    shoot(page, "league-night-pairs", full_page=True)
    page.set_viewport_size(PORTRAIT)
    fits(page, "night-pairs-portrait", unfit)
    shoot(page, "league-night-pairs-portrait", full_page=True)
    page.set_viewport_size({"width": 1024, "height": 768})

    # Start it from the drive's own screens: three games, by the schedule.
    page.get_by_role("link", name="Open the drive: start it there").click()
    page.get_by_role("link", name="Start the drive").click()
    expect(page.locator("main")).to_contain_text("A team match")
    shoot(page, "team-match-start", full_page=True)
    page.get_by_role("button", name=re.compile("start game 1")).click()
    expect(page.get_by_role("heading", name="Game 1 of 3")).to_be_visible()
    night = LeagueNight.objects.get(league=league)
    drive = night.drive
    drive.refresh_from_db()
    assert (drive.movement, drive.games, drive.sitout_wins) == ("team_match", 3, False)
    shoot(page, "team-match-game-1", full_page=True)

    # Game 1: the front taps table 1; table 2's phones report and agree.
    a, b = pairs_at(drive, 1, 1)
    tap_winner(page, 1, a)
    c, d = pairs_at(drive, 1, 2)
    phones = []
    for _ in range(2):
        context = browser.new_context(
            viewport=PHONE, locale="en-CA", is_mobile=True, has_touch=True
        )
        context.set_default_timeout(8_000)
        phones.append((context, context.new_page()))
    one, two = phones[0][1], phones[1][1]
    one.goto(f"{live_server.url}{link.path}")
    expect(one.locator("h1")).to_have_text("Table 2")
    expect(one.locator(".tp-game")).to_have_text("Game 1 of 3")
    fits(one, "table-phone", unfit)
    shoot(one, "team-match-table-phone", full_page=True)
    one.get_by_role("button", name=f"Pair {d} won").click()
    expect(one.locator(".tp-state")).to_contain_text(f"waiting for pair {c} to agree")
    two.goto(f"{live_server.url}{link.path}")
    two.get_by_role("button", name=f"Pair {c} agrees: pair {d} won").click()
    expect(two.locator(".tp-state")).to_contain_text(f"Counted: pair {d} won")
    shoot(two, "team-match-table-phone-counted", full_page=True)
    # Table 3 is the sit-out: it counts as in.
    expect(page.locator("#count")).to_contain_text("3 of 3 tables in", timeout=8_000)

    # The next games follow the schedule, whoever won; the front plays them out.
    for game in (2, 3):
        page.get_by_role("link", name=f"Next: game {game}").click()
        expect(page.locator("main")).to_contain_text("A team match: the pairs move by its schedule")
        if game == 2:
            shoot(page, "team-match-next-preview", full_page=True)
        page.get_by_role("button", name=f"Confirm: start game {game}").click()
        expect(page.get_by_role("heading", name=f"Game {game} of 3")).to_be_visible()
        for table in (1, 2):
            home, away = pairs_at(drive, game, table)
            tap_winner(page, table, home)  # Knights win games 2 and 3
        # A phone at table 2 reads the new game by itself.
        expect(one.locator(".tp-game")).to_have_text(f"Game {game} of 3", timeout=15_000)
    for context, _page in phones:
        context.close()

    # Every Knights pair met every Legion pair once.
    met = set()
    for tg in TableGame.objects.filter(drive=drive).prefetch_related("seats__pair"):
        numbers = sorted(s.pair.number for s in tg.seats.all())
        if len(numbers) == 2:
            met.add(tuple(numbers))
    assert met == {(k, v) for k in (1, 2) for v in (3, 4, 5)}

    # The night's result on the league's page, and the standings.
    page.goto(f"{live_server.url}/leagues/{league.pk}/nights/{night.pk}/")
    result = page.locator("#night-result")
    expect(result).to_contain_text("Knights of Columbus")
    won = TableGame.objects.filter(drive=drive, winner__side=1).count()
    assert won >= 4  # games 2 and 3 at both tables, and at least one of game 1's
    expect(result).to_contain_text("won the match")
    fits(page, "night-result", unfit)
    shoot(page, "league-night-result", full_page=True)
    page.get_by_role("link", name="League standings").first.click()
    rows = page.locator("table.league-standings tbody tr")
    expect(rows.nth(0)).to_contain_text("Knights of Columbus")
    expect(rows.nth(0)).to_contain_text("2")
    fits(page, "standings", unfit)
    shoot(page, "league-standings", full_page=True)
    page.set_viewport_size(PHONE)
    fits(page, "standings-phone", unfit)
    shoot(page, "league-standings-phone", full_page=True)
    assert League.objects.get().nights.get().drive_id == drive.pk
    assert all(not problems for problems in unfit.values()), unfit
