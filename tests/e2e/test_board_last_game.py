"""The projector board at a 60-pair night's last game, on a 1280x720 screen.

Every table is in and there is no next game: the board says the prizes come next. The
moves into the last game (30 of them) are read across the hall: at least 28 px, in
columns that do not run together (each move whole on its line, a clear gap between
columns), and the board still fits the screen.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from drives import services
from tests.builders import NOW, make_club, make_user, play_game, started_drive
from tests.support import hall_fit_problems

HALL = {"width": 1280, "height": 720}

MOVES_LAID_OUT = """() => {
  const items = [...document.querySelectorAll('.board-moves li')];
  return items.map(e => {
    const r = e.getBoundingClientRect();
    const cs = getComputedStyle(e);
    return {left: r.left, right: r.right, top: r.top, height: r.height,
            size: parseFloat(cs.fontSize),
            line: parseFloat(cs.lineHeight) || 1.3 * parseFloat(cs.fontSize),
            text: e.innerText.trim()};
  });
}"""


def last_game(games: int = 3, pairs: int = 60):
    club = make_club()
    organizer = make_user(club)
    drive = started_drive(club, organizer, pairs=pairs, games=games, seed=11, board_public=True)
    for game in range(1, games):
        play_game(drive, organizer)
        services.game_advance(drive=drive, from_game=game, actor=organizer, now=NOW)
    play_game(drive, organizer)
    drive.refresh_from_db()
    assert drive.current_game == games
    return drive


def test_the_board_at_the_last_game(page: Page, shoot, live_server, transactional_db):
    drive = last_game()
    page.set_viewport_size(HALL)
    page.goto(f"{live_server.url}/board/{drive.pk}/")
    board = page.locator("#board")
    expect(page.locator("#board-count")).to_have_text("30 of 30 tables in")
    shoot(page, "97-board-last-game-1280x720")
    expect(board).to_contain_text("Every table is in.")
    expect(board).not_to_contain_text("The next game is coming.")
    expect(board).to_contain_text("That was the last game: the prizes come next.")

    moves = page.evaluate(MOVES_LAID_OUT)
    assert len(moves) == 30, len(moves)
    small = sorted({m["size"] for m in moves if m["size"] < 28})
    assert not small, f"moves at {small} px"
    # Each move on one line, whole.
    wrapped = [m["text"] for m in moves if m["height"] > 1.6 * m["line"]]
    assert not wrapped, wrapped
    # Columns: moves side by side keep a clear gap (at least half their type) between them.
    rows: dict[int, list[dict]] = {}
    for m in moves:
        rows.setdefault(round(m["top"]), []).append(m)
    for row in rows.values():
        row.sort(key=lambda m: m["left"])
        for a, b in zip(row, row[1:], strict=False):
            assert b["left"] - a["right"] >= 0.5 * a["size"], (a, b)
    problems = hall_fit_problems(page)
    # A projector cannot scroll: the board fits (the language switch for a person at the
    # laptop may sit below it).
    bottom = page.locator("#board").evaluate("e => e.getBoundingClientRect().bottom")
    if bottom > HALL["height"]:
        problems.append(f"the board ends at {bottom:.0f} px on a {HALL['height']} px screen")
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > HALL["width"]:
        problems.append(f"the board is {width} px wide")
    assert not problems, problems
