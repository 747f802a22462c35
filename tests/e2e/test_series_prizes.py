"""A series' first prize tied in a real browser: the organizer ticks one agreeing to split,
cuts by hand for low card on the night's own tie steps, and the prize is decided; the
page looks right on a tablet both ways and on a phone (screenshots in /tmp/shots)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

from tests.builders.browser import log_in
from tests.builders.series_prizes import PAIR, worked_series
from tests.e2e.conftest import LANDSCAPE, PHONE, PORTRAIT

SHOTS = Path("/tmp/shots/p27seriesprizes")


def test_a_series_tie_is_settled_by_a_cut_after_a_split_is_refused(
    page, live_server, club, organizer
):
    series = worked_series(club, organizer)
    SHOTS.mkdir(parents=True, exist_ok=True)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/series/{series.pk}/prizes/")
    expect(page.get_by_text("First prize: 10 games · $50.00")).to_be_visible()
    for name, size in (("landscape", LANDSCAPE), ("portrait", PORTRAIT), ("phone", PHONE)):
        page.set_viewport_size(size)
        page.screenshot(path=str(SHOTS / f"prizes-{name}.png"), full_page=True)
    page.set_viewport_size(LANDSCAPE)
    page.get_by_role("link", name="Tie: settle").click()
    page.get_by_label(f"{PAIR[1]} agrees to split").check()
    expect(page.get_by_label(f"{PAIR[1]} agrees to split")).to_be_checked()
    page.wait_for_load_state("networkidle")
    expect(page.get_by_text("To be settled by cutting the deck")).to_be_visible()
    for name, size in (("landscape", LANDSCAPE), ("portrait", PORTRAIT), ("phone", PHONE)):
        page.set_viewport_size(size)
        page.screenshot(path=str(SHOTS / f"tie-{name}.png"), full_page=True)
    page.set_viewport_size(LANDSCAPE)
    page.locator("#r1-1-rank").select_option("3")
    page.locator("#r1-1-suit").select_option("C")
    page.locator("#r1-2-rank").select_option("9")
    page.locator("#r1-2-suit").select_option("H")
    page.get_by_role("button", name="Record round 1 of the cut").click()
    expect(page.get_by_text(f"{PAIR[1]} 3♣, {PAIR[2]} 9♥ — {PAIR[1]} won").first).to_be_visible()
    page.screenshot(path=str(SHOTS / "tie-decided-landscape.png"), full_page=True)


def test_the_board_turns_to_the_series_page_between_games(page, live_server, club, organizer):
    import datetime as dt

    from seasons import services as series_services
    from tests.builders import NOW, play_game
    from tests.builders.series import make_series

    series = make_series(club, organizer)
    names = "\n".join(
        f"{a} & {b}"
        for a, b in (
            ("Seán Ó Súilleabháin", "Marie Thériault"),
            ("Mary MacNeil", "John Boudreau"),
            ("Angus MacIsaac", "Theresa Poirier"),
            ("Rita MacDonald", "Joe Aucoin"),
            ("Father Ronald Beaton", "Cathy Chiasson"),
            ("Donnie MacLean", "Flora MacKinnon"),
            ("Bernadette Deveau", "Wilfred Doucet"),
            ("Marguerite-Marie Cormier", "Johnny Angus MacPherson-Gillis"),
        )
    )
    from drives import services as drive_services

    for day, public in ((22, False), (29, True)):
        drive = drive_services.drive_create(
            club=club, actor=organizer, now=NOW, name=f"Friday {day}",
            date=dt.date(2026, 11, day), board_public=public,
        )  # fmt: skip
        drive_services.pairs_bulk_add(drive=drive, actor=organizer, now=NOW, text=names)
        drive = drive_services.drive_start(
            drive=drive, actor=organizer, now=NOW, seed=day, alongside=True
        )
        series_services.night_add(series=series, drive=drive, actor=organizer, now=NOW)
        play_game(drive, organizer, pick=day % 2)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.goto(f"{live_server.url}/board/{drive.pk}/?page=series")
    expect(page.get_by_text("Fall 45s 2026: after 2 nights")).to_be_visible()
    for name, size in (("landscape", LANDSCAPE), ("portrait", PORTRAIT), ("phone", PHONE)):
        page.set_viewport_size(size)
        page.screenshot(path=str(SHOTS / f"board-series-{name}.png"), full_page=True)
