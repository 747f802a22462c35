"""Correcting an earlier result in a real browser, then the seats screen.

Six pairs are seated in order by a recorded seed (table 1 = pairs 1 & 2,
table 2 = 3 & 4, table 3 = 5 & 6). The organizer plays games 1 and 2 by
tapping the pair in the first seat at every table, seats game 3, goes back
to game 1 and corrects table 1: pair 2 really won. The consequences screen
shows the tallies and the game-2 tables to check in the hall; confirming it
changes the standings and no seat. Then the seats screen and a preview of a
pair leaving. Each screen is saved to test-artifacts/screenshots/.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from drives.models import Pair, Seat
from tests.builders import make_club, make_user, started_drive
from tests.support import hall_fit_problems


def standings_of(page: Page) -> dict[int, int]:
    """pair number -> games won, as the standings screen shows them."""
    out = {}
    for row in page.locator("table.standings tbody tr").all():
        cells = row.locator("td")
        out[int(cells.nth(1).inner_text())] = int(cells.nth(3).inner_text())
    return out


def play_through_the_screen(page: Page, game: int) -> None:
    """Tap the first pair at each table, then seat the next game through its preview."""
    expect(page.get_by_role("heading", name=f"Game {game} of 25")).to_be_visible()
    cards = page.locator("article.table-card")
    expect(cards).to_have_count(3)
    for i in range(3):
        cards.nth(i).locator("button.pairbtn").first.click()
        expect(page.locator("#count .count-text")).to_have_text(f"{i + 1} of 3 tables in")
    page.get_by_role("link", name=f"Next: game {game + 1}").click()
    page.get_by_role("button", name=f"Confirm: start game {game + 1}").click()
    expect(page.locator("#flash")).to_contain_text(f"Game {game + 1} is seated.")


def test_correct_an_earlier_result_and_see_the_consequences(
    page: Page, shoot, live_server, transactional_db
):
    club = make_club()
    organizer = make_user(club)
    drive = started_drive(club, organizer, pairs=6, seed=654)
    unfit: dict[str, list[str]] = {}

    def screen(name: str) -> None:
        shoot(page, name)
        unfit[name] = hall_fit_problems(page)

    page.goto(f"{live_server.url}/drives/")
    page.get_by_label("User name").fill("organizer")
    page.get_by_label("Password").fill("pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name=club.name)).to_be_visible()
    page.goto(f"{live_server.url}/drives/{drive.pk}/games/1/")

    play_through_the_screen(page, 1)  # pairs 1, 3 and 5 win
    play_through_the_screen(page, 2)  # pairs 5, 1 and 3 win
    expect(page.get_by_role("heading", name="Game 3 of 25")).to_be_visible()
    seats_before = set(Seat.objects.filter(drive=drive).values_list("game", "table_game", "pair"))

    page.locator("nav.tabs").get_by_role("link", name="Standings").click()
    before = standings_of(page)
    assert (before[1], before[2]) == (2, 0)

    # Back to game 1, table 1: the organizer taps "Correct this result".
    page.goto(f"{live_server.url}/drives/{drive.pk}/games/3/")
    page.get_by_role("link", name="← Game 2").click()
    page.get_by_role("link", name="← Game 1").click()
    expect(page.get_by_role("heading", name="Game 1 of 25")).to_be_visible()
    expect(page.locator(".gamehead .msg")).to_contain_text("Game 3 is under way.")
    page.locator("#table-1").get_by_role("link", name="Correct this result").click()
    expect(page.get_by_role("heading", name="Correct game 1, table 1")).to_be_visible()
    expect(page.locator(".pairbtn.won")).to_contain_text("Recorded as the winner")
    page.locator(".correct-pairs .pairbtn", has_text="Pair 2").click()

    # The consequences, before anything is saved.
    expect(page.locator("main .lead")).to_have_text("Recorded: pair 1 won. Correction: pair 2 won.")
    tallies = page.locator("ul.moves").first.locator("li")
    expect(tallies).to_have_text(["Pair 1: 2 → 1 games", "Pair 2: 0 → 1 games"])
    expect(page.get_by_role("heading", name="Check the hall")).to_be_visible()
    expect(page.locator("ul.moves").nth(1).locator("li")).to_have_text(
        [
            "Game 2, table 1: pairs 2 & 5 sat there; pairs 1 & 5 would have.",
            "Game 2, table 2: pairs 1 & 4 sat there; pairs 2 & 4 would have.",
        ]
    )
    screen("12-correction")

    page.get_by_role("button", name="Confirm the correction").click()
    expect(page.locator("#flash")).to_contain_text("Game 1, table 1 corrected: pair 2 won.")
    expect(page.locator("#table-1 .pairbtn.won")).to_contain_text("Pair 2")

    page.locator("nav.tabs").get_by_role("link", name="Standings").click()
    after = standings_of(page)
    assert after == {**before, 1: 1, 2: 1}
    assert set(Seat.objects.filter(drive=drive).values_list("game", "table_game", "pair")) == (
        seats_before
    ), "seats of played games are facts"

    # The seats screen of game 3, and the preview of a pair leaving.
    page.locator("nav.tabs").get_by_role("link", name="Results").click()
    page.get_by_role("link", name="Late pair, leaving pair or seat change").click()
    expect(page.get_by_role("heading", name="Seats for game 3")).to_be_visible()
    screen("13-seating")
    leave = page.locator("form", has=page.get_by_role("heading", name="A pair leaves"))
    leave.get_by_label("Pair number").fill("4")
    leave.get_by_role("button", name="Show the moves").click()
    expect(page.get_by_role("heading", name="A pair leaves")).to_be_visible()
    # Game 3 had pair 5 arrive at table 2 to meet pair 4: pair 5 now sits out.
    names = Pair.objects.get(drive_id=drive.pk, number=4).names
    expect(page.locator("ul.moves li")).to_have_text([f"Pair 4 ({names}): leaves table 2"])
    expect(page.locator("main")).to_contain_text("Pair 5 sits out this game.")
    screen("14-seat-preview")
    page.get_by_role("button", name="Confirm").click()
    expect(page.locator("#flash")).to_contain_text("Pair 4 has left.")
    expect(page.locator("#table-2 .deal")).to_have_text("Sit-out")
    expect(page.locator("#table-2")).to_contain_text(re.compile(r"Pair 5\b"))

    report = [f"{name}: {problem}" for name, found in unfit.items() for problem in found]
    assert not report, "Not fit for the hall:\n" + "\n".join(report)
