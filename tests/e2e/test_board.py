"""The projector board in Chromium: no login, fits the hall, follows the night by polling.

The board is opened on a 1024x768 tablet, a 768x1024 one and a 1920x1080
projector; each is checked for hall fit and saved to test-artifacts/screenshots/.
A result recorded at the front while the board is open shows within one poll,
and a poll that finds nothing new (a 304) leaves the board as it was.
"""

from __future__ import annotations

import time

from playwright.sync_api import Page, expect

from board import views as board_views
from clubs.interface import Origin
from drives import services
from drives.models import TableGame
from tests.builders import NOW, make_club, make_drive, make_user, play_game
from tests.builders.browser import PASTE, log_in
from tests.e2e.conftest import LANDSCAPE, PORTRAIT
from tests.support import hall_fit_problems

PROJECTOR = {"width": 1920, "height": 1080}
TABLE = Origin(source="table", device="tablet at the table")


def two_pair_tables(drive):
    out = []
    tables = TableGame.objects.filter(drive=drive, game=drive.current_game).order_by("table")
    for tg in tables.prefetch_related("seats__pair"):
        numbers = [s.pair.number for s in sorted(tg.seats.all(), key=lambda s: s.slot)]
        if len(numbers) == 2:
            out.append((tg.table, numbers))
    return out


def night_at_game_2(organizer, club, *, pairs_text: str):
    """The demo pairs, game 1 played, game 2 seated: one result in and one table in conflict."""
    drive = make_drive(club, organizer, board_public=True, standings_public=True)
    services.pairs_bulk_add(drive=drive, actor=organizer, now=NOW, text=pairs_text)
    drive = services.drive_start(drive=drive, actor=organizer, now=NOW, seed=20261129)
    play_game(drive, organizer)
    services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW)
    drive.refresh_from_db()
    tables = two_pair_tables(drive)
    (first, (a, _)), (second, (c, d)) = tables[0], tables[1]
    services.result_record(
        drive=drive, game=2, table=first, winner_number=a, actor=organizer, now=NOW
    )
    report = {"drive": drive, "game": 2, "table": second, "now": NOW, "origin": TABLE}
    services.table_report(**report, winner_number=c, key="report-one", device="phone-c")
    services.table_report(**report, winner_number=d, key="report-two", device="phone-d")
    return drive, tables


def test_the_board_fits_the_hall_and_follows_the_night(
    page: Page, shoot, live_server, transactional_db, monkeypatch
):
    # What the server answered each poll: the browser shows a revalidated 304 as a 200.
    answers: list[int] = []
    conditional = board_views.get_conditional_response

    def spy(request, **kwargs):
        response = conditional(request, **kwargs)
        if request.htmx:
            answers.append(200 if response is None else response.status_code)
        return response

    monkeypatch.setattr(board_views, "get_conditional_response", spy)
    club = make_club()
    organizer = make_user(club)
    drive, tables = night_at_game_2(organizer, club, pairs_text=PASTE)
    url = f"{live_server.url}/board/{drive.pk}/"
    unfit: dict[str, list[str]] = {}

    page.goto(url)
    board = page.locator("#board")
    expect(board).to_contain_text("Friday 45s")
    expect(board).to_contain_text("Game 2 of 25")
    expect(page.locator("#board-count")).to_have_text("2 of 5 tables in")
    second = tables[1][0]
    expect(board).to_contain_text(f"Table {second}: waiting for the front table")
    expect(board).to_contain_text("Most games won")
    expect(board.locator(".board-moves li")).to_have_count(5)
    expect(page.get_by_role("link", name="Standings of every pair")).to_be_visible()
    assert page.locator(".topbar").count() == 0, "the projector has no login bar"

    for name, size in (("1024x768", LANDSCAPE), ("768x1024", PORTRAIT), ("1920x1080", PROJECTOR)):
        page.set_viewport_size(size)
        shoot(page, f"70-board-{name}")
        unfit[name] = hall_fit_problems(page)
        # A projector cannot scroll: the board of a 9-pair night fits on one screen.
        height = page.evaluate("document.documentElement.scrollHeight")
        if height > size["height"]:
            unfit[name].append(f"the board is {height} px high on a {size['height']} px screen")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > size["width"]:
            unfit[name].append(f"the board is {width} px wide on a {size['width']} px screen")
    assert not {k: v for k, v in unfit.items() if v}, unfit

    # A result recorded at the front shows at the next poll (every 5 s).
    third, (e, _f) = tables[2]
    services.result_record(
        drive=drive, game=2, table=third, winner_number=e, actor=organizer, now=NOW
    )
    expect(page.locator("#board-count")).to_have_text("3 of 5 tables in", timeout=7_000)
    chips = page.locator("#board-playing li")
    expect(chips).not_to_contain_text([str(third)])

    # The next poll finds nothing new: the server says 304 and the board stays as it was.
    seen = len(answers)
    deadline = time.monotonic() + 7
    while len(answers) == seen and time.monotonic() < deadline:
        page.wait_for_timeout(250)
    assert answers[seen:] == [304], answers
    expect(board).to_contain_text("Game 2 of 25")
    expect(page.locator("#board-count")).to_have_text("3 of 5 tables in")
    expect(board).to_contain_text(f"Table {second}: waiting for the front table")
    shoot(page, "71-board-after-polls")

    # Should a bare 304 ever reach htmx (a proxy, another browser), the board keeps its content.
    bare: list[str] = []

    def not_modified(route):
        bare.append(route.request.url)
        route.fulfill(status=304, headers={"Cache-Control": "no-cache"}, body="")

    page.route(url, not_modified)
    deadline = time.monotonic() + 7
    while not bare and time.monotonic() < deadline:
        page.wait_for_timeout(250)
    assert bare, "no poll within 7 s"
    page.wait_for_timeout(500)
    expect(page.locator("#board")).to_contain_text("Game 2 of 25")
    expect(page.locator("#board-count")).to_have_text("3 of 5 tables in")


def test_the_public_standings_and_a_big_hall(
    page: Page, shoot, live_server, transactional_db, settings
):
    settings.SITE_BASE_URL = live_server.url  # the address the drive page shows for the board
    club = make_club()
    organizer = make_user(club)
    names = "\n".join(f"Player {i} MacDonald & Partner {i} Boudreau" for i in range(1, 121))
    drive, _ = night_at_game_2(organizer, club, pairs_text=names)
    unfit: dict[str, list[str]] = {}

    page.set_viewport_size(PROJECTOR)
    page.goto(f"{live_server.url}/board/{drive.pk}/")
    # 60 tables of two: no sit-out.
    expect(page.locator("#board-count")).to_have_text("1 of 60 tables in")
    shoot(page, "72-board-120-pairs-1920x1080")
    unfit["board, 120 pairs"] = hall_fit_problems(page)
    page.set_viewport_size(LANDSCAPE)
    shoot(page, "73-board-120-pairs-1024x768")
    unfit["board, 120 pairs, tablet"] = hall_fit_problems(page)

    page.get_by_role("link", name="Standings of every pair").click()
    expect(page.locator("table.standings tbody tr")).to_have_count(120)
    shoot(page, "74-public-standings")
    unfit["public standings"] = hall_fit_problems(page)

    # The organizer finds both addresses on the drive's page.
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/drives/{drive.pk}/")
    board = page.get_by_role("link", name=f"{live_server.url}/board/{drive.pk}/", exact=True)
    expect(board).to_be_visible()
    expect(
        page.get_by_role("link", name=f"{live_server.url}/board/{drive.pk}/standings/")
    ).to_be_visible()
    shoot(page, "75-drive-page-public-addresses")
    unfit["drive page"] = hall_fit_problems(page)
    assert not {k: v for k, v in unfit.items() if v}, unfit
