"""The practice table in a real browser: whole games played by taps, on a phone and tablets.

A traditional 45 game for three (you and two computer players) is played to
its end by tapping each card twice, on a phone-sized screen; a card that may
not be played says why when tapped. An Auction 45 game is played to 120 with
bids, trump named, discards and draws. The dealer robs a turned-up ace by two
taps, and on a slow connection a tap waits for the page's scripts. After the
first hand the summary shows where points were lost. The table and the summary are
measured against the hall-fit rules at 1024x768, 768x1024 and 390x844 and
saved to test-artifacts/screenshots/ for a person to look at.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from practice.codes import Deal
from scoring.play import PlayOptions
from tests.builders.browser import TRADITIONAL, after, at, tap_a_card, taps_ready
from tests.e2e.conftest import LANDSCAPE, PHONE, PORTRAIT
from tests.support import hall_fit_problems

SIZES = {"tablet": LANDSCAPE, "portrait": PORTRAIT, "phone": PHONE}
AUCTION = Deal("auction", 4, PlayOptions(), 20261129).code


def open_deal(page: Page, base: str, code: str, level: str = "") -> None:
    page.goto(f"{base}/practice/?deal={code}")
    expect(page.get_by_role("heading", name=f"Deal {code}")).to_be_visible()
    if level:
        page.get_by_role("radio", name=level).check()
    page.get_by_role("button", name="Play this deal").click()
    taps_ready(page)


def measure(page: Page, shoot, name: str, unfit: dict[str, list[str]]) -> None:
    """The screen at every size: hall-fit problems and a screenshot of each."""
    here = page.viewport_size
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        shoot(page, f"practice-{name}-{size}", full_page=True)
        unfit[f"{name}-{size}"] = hall_fit_problems(page)
    page.set_viewport_size(here)


def play_to_the_end(page: Page, shoot, unfit, name: str, decide=None) -> int:
    """Play until the game is over; returns the hands played. ``decide`` answers the
    bidding, trump and discards (Auction)."""
    hands = 0
    shown_reason = shot_mid = False
    for _step in range(600):
        if page.locator(".game-over").count():
            return hands
        if page.locator("#next-hand").count():
            hands += 1
            if hands == 1:
                expect(page.locator("#summary")).to_contain_text("Every hand, face up")
                # Where points were lost comes in after the summary (the computer looks
                # at each of your moves): every move of yours, with what it makes of it.
                expect(page.locator("#coaching .lessons li").first).to_contain_text(
                    re.compile(r"Trick 1: you played|Robbing|You "), timeout=60_000
                )
                expect(page.locator("#coaching")).to_contain_text(
                    re.compile(r"The computer would have|Good:|Your only legal move")
                )
                measure(page, shoot, f"{name}-summary", unfit)
            page.locator("#next-hand").click()
            expect(page.locator("#summary")).to_have_count(0)
            continue
        if page.locator("form#hand").count():
            dim = page.locator("form#hand button.playcard.dim")
            if dim.count() and not shown_reason:
                dim.first.click(force=True)  # aria-disabled: a tap still says why
                expect(page.locator("#reason")).not_to_be_empty()
                shown_reason = True
                measure(page, shoot, f"{name}-refused", unfit)
            if not shot_mid and page.locator("#trick .played").count():
                shot_mid = True
                page.get_by_role("button", name="Hint").click()
                expect(page.locator("#hint")).to_contain_text(
                    # the card, and why
                    re.compile(r"The computer would play \S+(: \w|\. It is your only)")
                )
                measure(page, shoot, f"{name}-mid-hand", unfit)
            tap_a_card(page)
            continue
        assert decide is not None, page.locator("#content").inner_text()
        decide(page)
    raise AssertionError("the game did not end")


def test_a_whole_traditional_game_by_taps_on_a_phone(page: Page, shoot, live_server):
    unfit: dict[str, list[str]] = {}
    page.emulate_media(reduced_motion="reduce")  # the screenshots show every card played
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/practice/")
    expect(page.get_by_role("heading", name="Practice Forty-Fives")).to_be_visible()
    measure(page, shoot, "start", unfit)
    open_deal(page, live_server.url, TRADITIONAL)
    expect(page.locator(".handline").first).to_contain_text("Game to 45")
    hands = play_to_the_end(page, shoot, unfit, "traditional")
    assert hands >= 2
    over = page.locator(".game-over")
    expect(over).to_contain_text("won the game")
    scores = [int(t) for t in page.locator(".scores .points").all_inner_texts()]
    assert max(scores) >= 45
    measure(page, shoot, "traditional-game-over", unfit)
    # The same deal again starts over from the first card.
    page.get_by_role("button", name="Play the same deal again").first.click()
    expect(page.locator(".scores .points").first).to_have_text("0")
    assert all(not problems for problems in unfit.values()), unfit


def test_a_whole_auction_game_with_bids_trump_and_the_draw(page: Page, shoot, live_server):
    unfit: dict[str, list[str]] = {}
    seen = set()

    def decide(page: Page) -> None:
        before = at(page)
        bids = page.locator("form.bids button")
        if bids.count():
            if "bid" not in seen:
                seen.add("bid")
                measure(page, shoot, "auction-bidding", unfit)
            bid = page.locator("form.bids button", has_text="Bid 20")
            (bid if bid.count() and len(seen) % 2 else bids.first).click()
            seen.add(f"bid{before}")
        elif page.locator("form.suits").count():
            seen.add("trump")
            page.locator("form.suits button").first.click()
        elif page.locator("form.discard").count():
            if "discard" not in seen:
                seen.add("discard")
                page.locator("form.discard input[type=checkbox]").first.check()
                measure(page, shoot, "auction-discard", unfit)
            else:
                page.locator("form.discard input[type=checkbox]").nth(1).check()
            page.get_by_role("button", name="Discard the ticked cards and draw").click()
        else:
            raise AssertionError(page.locator("#content").inner_text())
        after(page, before)

    page.emulate_media(reduced_motion="reduce")
    open_deal(page, live_server.url, AUCTION)
    expect(page.locator(".handline").first).to_contain_text("Game to 120")
    hands = play_to_the_end(page, shoot, unfit, "auction", decide)
    assert hands >= 2 and {"bid", "discard"} <= seen
    expect(page.locator(".game-over")).to_contain_text("won the game")
    assert max(int(t) for t in page.locator(".scores .points").all_inner_texts()) >= 120
    assert all(not problems for problems in unfit.values()), unfit


def test_a_tap_on_a_slow_connection_waits_for_the_page_to_answer_taps(page: Page, live_server):
    """On a slow connection the table shows well before its scripts arrive: the first
    tap on a dimmed card must say why, not post the card."""
    page.set_viewport_size(PHONE)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    slow = {"offline": False, "latency": 600, "downloadThroughput": -1, "uploadThroughput": -1}
    cdp.send("Network.emulateNetworkConditions", slow)
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    open_deal(page, live_server.url, TRADITIONAL)  # you follow 3♣ with one club
    sent = len(posts)
    page.locator("form#hand button.playcard.dim").first.click(force=True)
    expect(page.locator("#reason")).to_contain_text("must follow")
    assert len(posts) == sent, posts[sent:]


def test_robbing_the_turned_up_ace_by_two_taps(page: Page, live_server):
    rob_deal = Deal("traditional", 3, PlayOptions(), 20261129).code  # you deal, A♥ turned up
    page.set_viewport_size(PHONE)
    open_deal(page, live_server.url, rob_deal)
    expect(page.get_by_role("heading", name="Take the A♥ turned up")).to_be_visible()
    first = page.locator("form#hand button.playcard").first
    thrown = first.get_attribute("aria-label").split(":")[0]  # "3 of spades: discard it…"
    box = first.bounding_box()
    assert box and box["width"] >= 48 and box["height"] >= 48
    tap_a_card(page)
    expect(page.locator("#rob")).to_have_count(0)
    expect(page.locator(".handline")).to_contain_text("taken by You")
    held = page.locator(".hand .playcard").evaluate_all(
        "cs => cs.map(c => c.getAttribute('aria-label').split(':')[0])"
    )
    assert "ace of hearts" in held and thrown not in held, (thrown, held)


def test_busy_computer_players_are_said_on_the_table_and_a_tap_later_works(
    page: Page, live_server, settings, tmp_path
):
    """Every computer slot taken: the hint's tap says so in the flash region (a 503, which
    htmx swaps only because the page lets it), and once a slot is free the hint comes."""
    import threading

    from practice import pool

    settings.PRACTICE_WORK_DIR = tmp_path / "work"
    settings.PRACTICE_WORK_AT_ONCE = 1
    settings.PRACTICE_WORK_WAITING = 0
    page.set_viewport_size(PHONE)
    open_deal(page, live_server.url, TRADITIONAL)
    inside, go = threading.Event(), threading.Event()

    def hold():
        with pool.computing():
            inside.set()
            go.wait(30)

    holder = threading.Thread(target=hold, daemon=True)
    holder.start()
    try:
        assert inside.wait(5)
        page.get_by_role("button", name="Hint").click()
        expect(page.locator("#flash")).to_contain_text(
            "The computer players are busy: try again in a moment."
        )
    finally:
        go.set()
        holder.join(5)
    page.get_by_role("button", name="Hint").click()
    expect(page.locator("#hint")).to_contain_text("The computer would")


def test_a_second_tab_out_of_date_gets_the_table_as_it_is_now_and_plays_on(
    page: Page, shoot, live_server
):
    """Two tabs of one browser: a card played in one leaves the other out of date. Its
    next tap is refused, and the table it shows is the one as it is now, so the tap after
    that plays."""
    page.set_viewport_size(PHONE)
    open_deal(page, live_server.url, TRADITIONAL)
    other = page.context.new_page()
    other.set_viewport_size(PHONE)
    other.goto(f"{live_server.url}/practice/")
    taps_ready(other)
    stale = at(other)
    tap_a_card(page)  # the first tab plays: the second's table is out of date
    now = at(page)
    assert now != stale
    tap_a_card(other)  # refused: the table comes back as it is now, the message in it
    expect(other.locator("#content .msg.error")).to_have_text(
        "That screen was out of date. Here is the table as it is now."
    )
    assert at(other) == now
    shoot(other, "practice-stale-tab-phone", full_page=True)
    tap_a_card(other)  # this one plays
    expect(other.locator("#content .msg.error")).to_have_count(0)
    other.close()


def test_a_tap_while_the_coaching_is_still_coming_drops_it_and_plays_on(page: Page, live_server):
    """The summary's "where points were lost" is fetched after it shows, and takes the
    computer a while. Tapping "Next hand" before it comes abandons it: its answer, even
    a refusal meant for the flash region (the computer players busy), finds no table it
    belonged to and is not shown; the next hand is dealt at once."""
    import contextlib

    page.set_viewport_size(PHONE)
    open_deal(page, live_server.url, TRADITIONAL)
    held: list = []

    def hold(route) -> None:
        held.append(route)

    page.route("**/practice/coaching/**", hold)
    for _step in range(200):
        if page.locator("#next-hand").count():
            break
        tap_a_card(page)
    else:
        raise AssertionError("the first hand did not end")
    page.wait_for_function("() => document.querySelector('#coaching .coaching-wait')")
    before = at(page)
    page.locator("#next-hand").click()
    after(page, before)
    expect(page.locator("#summary")).to_have_count(0)
    for route in held:  # the answer comes late, a refusal retargeted to the flash region
        with contextlib.suppress(Exception):  # an abandoned request takes no answer
            route.fulfill(
                status=503,
                headers={"HX-Retarget": "#flash", "HX-Reswap": "innerHTML", "Retry-After": "5"},
                body='<p class="msg error">The computer players are busy.</p>',
            )
    page.wait_for_timeout(300)
    expect(page.locator("#flash")).not_to_contain_text("busy")
    tap_a_card(page)  # the next hand plays on
