"""One evening at the front table, in a real browser on a tablet-sized screen.

The organizer logs in, sets up a drive, pastes the pairs, starts with a typed
seed, enters three games one tap per table, seats each next game through the
preview of the moves, then reads the standings, a pair's card and the audit
trail. Every screen is saved to test-artifacts/screenshots/ for a person to look at.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from playwright.sync_api import Page, expect

from tests.builders import make_club, make_user
from tests.builders.browser import PASTE, paste_and_save
from tests.e2e.conftest import LANDSCAPE, PORTRAIT
from tests.support import hall_fit_problems

pytestmark = pytest.mark.e2e

SEED = "20261129"
TABLES = 5  # 9 pairs: four tables of two and a sit-out


def number_in(text: str) -> int:
    return int(re.search(r"\d+", text).group())


def test_drive_night(page: Page, shoot, live_server, transactional_db):
    club = make_club()
    make_user(club)
    unfit: dict[str, list[str]] = {}  # screen -> what breaks the hall-fit rules there

    def screen(name: str, *, full_page: bool = False, portrait: bool = False) -> None:
        """Save the screen for a person to look at, and measure it against the hall-fit rules."""
        shoot(page, name)
        unfit[name] = hall_fit_problems(page)
        if full_page:
            shoot(page, f"{name}-full", full_page=True)
        if portrait:
            page.set_viewport_size(PORTRAIT)
            shoot(page, f"{name}-portrait")
            unfit[f"{name}-portrait"] = hall_fit_problems(page)
            page.set_viewport_size(LANDSCAPE)

    # Log in through the form.
    page.goto(f"{live_server.url}/drives/")
    expect(page.get_by_role("heading", name="Log in")).to_be_visible()
    screen("01-login")
    page.get_by_label("User name").fill("organizer")
    page.get_by_label("Password").fill("pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name=club.name)).to_be_visible()
    screen("02-drive-list")

    # A new drive through the form.
    page.get_by_role("link", name="New drive").click()
    expect(page.get_by_role("heading", name="New drive")).to_be_visible()
    page.locator("#id_name").fill("Friday 45s")
    page.locator("#id_venue").fill("St. Joseph's Parish Hall")
    screen("03-new-drive", full_page=True)
    page.get_by_role("button", name="Create drive").click()
    expect(page.locator("#flash")).to_contain_text("Drive created. Now register the pairs.")

    # Nine pairs pasted in one go; the row's paid toggle changes in place.
    page.locator("#id_bulk_text").fill(PASTE)
    paste_and_save(page)
    rows = page.locator("table.list tbody tr[id^=pair-]")
    expect(rows).to_have_count(9)
    expect(page.locator("#flash")).to_contain_text("9 pairs added.")
    expect(rows.nth(0)).to_contain_text("Seán Ó Súilleabháin & Marie Thériault")
    expect(rows.nth(6)).to_contain_text("Hughie Dan MacDonald & Peggy LeBlanc")
    expect(rows.nth(8)).to_contain_text("Marguerite-Marie Cormier & Johnny Angus MacPherson-Gillis")
    page.evaluate("window.__sameDocument = 'pairs'")
    rows.nth(0).get_by_role("button", name="Not paid").click()
    expect(rows.nth(0).get_by_role("button", name="✓ Paid")).to_be_visible()
    expect(page.locator("#pair-summary")).to_have_text("9 pairs · 1 paid")
    assert page.evaluate("window.__sameDocument") == "pairs", "the paid toggle reloaded the page"
    page.evaluate("window.scrollTo(0, 0)")
    screen("04-pairs", full_page=True, portrait=True)

    # Start with a typed seed.
    page.get_by_role("link", name="Start the drive").click()
    expect(page.locator("main")).to_contain_text("9 pairs will be seated at random at 5 tables.")
    page.locator("#id_seed").fill(SEED)
    screen("05-start")
    page.get_by_role("button", name="Seat the pairs and start game 1").click()
    expect(page.locator("#flash")).to_contain_text(f"Game 1 is seated (seed {SEED}).")

    # Three games: one tap per table, each row and the count change in place.
    wins: Counter[int] = Counter()
    count = page.locator("#count .count-text")
    for game in (1, 2, 3):
        expect(page.get_by_role("heading", name=f"Game {game} of 25")).to_be_visible()
        sitout = page.locator("article.table-card.sitout")
        expect(sitout).to_have_count(1)
        sitout_table = number_in(sitout.get_attribute("id"))
        sitout_pair = number_in(sitout.locator(".pn").inner_text())
        wins[sitout_pair] += 1  # a sit-out counts as a game won (the drive's default)
        expect(count).to_have_text(f"1 of {TABLES} tables in")
        if game == 2:
            screen("06-game-2-start")
        expect(page.get_by_role("link", name=f"Next: game {game + 1}")).to_have_count(0)

        page.evaluate(f"window.__sameDocument = 'game {game}'")
        winners: dict[int, int] = {}
        cards = page.locator("article.table-card:not(.sitout)")
        expect(cards).to_have_count(TABLES - 1)
        for i in range(TABLES - 1):
            card = cards.nth(i)
            table = number_in(card.get_attribute("id"))
            button = card.locator("button.pairbtn").nth((game + i) % 2)
            winner = number_in(button.locator(".pn").inner_text())
            button.click()
            row = page.locator(f"#table-{table}")
            expect(row.locator(".pairbtn.won")).to_contain_text(f"Pair {winner}")
            expect(row.locator(".pairbtn.won")).to_contain_text("Won")
            expect(row.locator(".pairbtn.lost")).to_have_count(1)
            expect(count).to_have_text(f"{i + 2} of {TABLES} tables in")
            assert page.evaluate("window.__sameDocument") == f"game {game}", "page reloaded"
            # The undo button arrives with the first tap; seat changes are no longer offered.
            expect(page.locator("#game-actions")).to_contain_text("Undo the last result")
            expect(page.locator("#game-actions")).not_to_contain_text("Late pair")
            winners[table] = winner

            if game == 1 and i == 0:
                # A wrong tap is put right by tapping the other pair and saying yes: still
                # one result. The first tap alone changes nothing.
                other = row.locator(".pairbtn.lost")
                was = winner
                winner = number_in(other.locator(".pn").inner_text())
                other.click()
                expect(row.locator(".change-confirm")).to_be_visible()
                expect(row.locator(".pairbtn.won")).to_contain_text(f"Pair {was}")
                row.get_by_role("button", name=f"Yes: pair {winner} won").click()
                expect(row.locator(".pairbtn.won")).to_contain_text(f"Pair {winner}")
                expect(page.locator("#announce")).to_contain_text(f"Table {table} changed")
                expect(count).to_have_text(f"2 of {TABLES} tables in")
                winners[table] = winner
            if game == 1 and i == 1:
                screen("06-game-mid", portrait=True)
                assert page.evaluate("window.__sameDocument") == "game 1"
        wins.update(winners.values())

        expect(page.locator("#count")).to_have_class(re.compile(r"\bcomplete\b"))
        if game == 1:
            screen("07-game-complete", full_page=True)

        # The preview lists every move: winners (and the sit-out) go to the next table.
        page.get_by_role("link", name=f"Next: game {game + 1}").click()
        expect(page.get_by_role("heading", name=f"Seat game {game + 1}")).to_be_visible()
        movers = {**winners, sitout_table: sitout_pair}
        expected = {f"Pair {p}: table {t} → {t % TABLES + 1}" for t, p in movers.items()}
        shown = page.locator("ul.moves li").all_inner_texts()
        # Each move names the players too: "Pair 6 (Donnie MacLean & Flora MacKinnon): ...".
        assert all(re.match(r"Pair \d+ \(.+ & .+\): ", text) for text in shown)
        assert {re.sub(r" \(.*?\)", "", text) for text in shown} == expected
        if game == 1:
            screen("08-next-preview")
        page.get_by_role("button", name=f"Confirm: start game {game + 1}").click()
        expect(page.locator("#flash")).to_contain_text(f"Game {game + 1} is seated.")
        for t, p in winners.items():
            arrived = page.locator(f"#table-{t % TABLES + 1} .deal")
            expect(arrived).to_have_text("Sit-out" if t + 1 == TABLES else f"Pair {p} deals first")

    # Game 4 is seated: its sit-out already counts as a game won.
    expect(page.get_by_role("heading", name="Game 4 of 25")).to_be_visible()
    sits_out_now = number_in(page.locator("article.table-card.sitout .pn").inner_text())
    wins[sits_out_now] += 1

    # Standings: each pair's total is the number of holes punched on its card.
    page.locator("nav.tabs").get_by_role("link", name="Standings").click()
    expect(page.get_by_role("heading", name="Standings")).to_be_visible()
    expect(page.locator("main .lead")).to_have_text("During game 4.")
    standing = page.locator("table.standings tbody tr")
    expect(standing).to_have_count(9)
    seen = {}
    for row in standing.all():
        cells = row.locator("td")
        pair = int(cells.nth(1).inner_text())
        won = int(cells.nth(3).inner_text())
        assert won == row.locator(".hole.punched").count(), f"pair {pair}: total vs holes"
        seen[pair] = won
    assert seen == {p: wins[p] for p in range(1, 10)}
    assert sum(seen.values()) == 3 * TABLES + 1
    screen("09-standings", full_page=True)

    # One pair's card.
    page.locator("table.standings").get_by_role("link", name="1", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Pair 1: Seán Ó Súilleabháin & Marie Thériault"
    )
    games_won = f"{wins[1]} game won" if wins[1] == 1 else f"{wins[1]} games won"
    expect(page.locator("main .lead")).to_have_text(games_won)
    expect(page.locator(".punchcard .hole.punched")).to_have_count(wins[1])
    lines = page.locator("table.list tbody tr")
    expect(lines).to_have_count(4)
    expect(lines.nth(3).locator("td").last).to_have_text(
        "✓ Won" if sits_out_now == 1 else "Playing"
    )
    expect(page.locator("table.list tbody tr.won")).to_have_count(wins[1])
    screen("10-pair-card")

    # The audit trail names the seed and every result.
    page.locator("nav.tabs").get_by_role("link", name="Audit").click()
    expect(page.get_by_role("heading", name="Audit trail")).to_be_visible()
    audit = page.locator("table.audit tbody")
    expect(audit).to_contain_text(f"seed {SEED}")
    expect(audit).to_contain_text("(was pair")
    expect(
        audit.locator("tr", has_text=re.compile(r"Game \d+, table \d+: pair \d+ won"))
    ).to_have_count(3 * (TABLES - 1) + 1)
    screen("11-audit", full_page=True)

    # Checked last so every screenshot above is saved even when a screen is unfit.
    report = [f"{name}: {problem}" for name, found in unfit.items() for problem in found]
    assert not report, "Not fit for the hall:\n" + "\n".join(report)
