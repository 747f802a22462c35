"""Players report their table's result from the table's own QR link, in a real browser.

Two phones at table 1: one reports, the other pair agrees; the organizer's result
screen shows it live. With the connection down, a tap waits on the device as
"sending…" and goes through, counted once, when the connection comes back.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from clubs.models import AuditEntry
from drives import services
from drives.models import Submission, TableGame
from tests.builders import NOW, make_user, started_drive
from tests.e2e.conftest import CHROMIUM_ARGS, LANDSCAPE, PORTRAIT
from tests.support import hall_fit_problems

pytestmark = pytest.mark.e2e


def pairs_at(drive, table):
    tg = TableGame.objects.get(drive=drive, game=drive.current_game, table=table)
    return tuple(s.pair.number for s in tg.seats.order_by("slot").select_related("pair"))


def phone(browser, viewport=PORTRAIT):
    context = browser.new_context(viewport=viewport, locale="en-CA")
    context.set_default_timeout(8_000)
    return context, context.new_page()


def test_a_table_reports_and_the_other_pair_agrees(
    page: Page, browser, shoot, live_server, transactional_db
):
    from clubs.models import Club

    club = Club.objects.create(name="St. Joseph's Parish Hall")
    organizer = make_user(club)
    drive = started_drive(club, organizer, pairs=8)
    link = services.table_links(club, 4)[0]
    a, b = pairs_at(drive, 1)

    # The organizer watches the result screen.
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", "organizer")
    page.fill("input[name=password]", "pw-for-tests-1")
    page.click("#main button[type=submit]")
    page.goto(f"{live_server.url}/drives/{drive.pk}/games/1/")
    expect(page.locator("#count")).to_contain_text("0 of 4 tables in")

    context, table = phone(browser)
    table.goto(f"{live_server.url}{link.path}")
    expect(table.locator("h1")).to_have_text("Table 1")
    expect(table.locator(".tp-drive")).to_contain_text("Friday 45s")
    expect(table.locator(".tp-game")).to_have_text("Game 1 of 25")
    assert hall_fit_problems(table) == []
    shoot(table, "table-page-portrait")
    table.set_viewport_size(LANDSCAPE)
    shoot(table, "table-page-landscape")
    table.set_viewport_size(PORTRAIT)

    table.get_by_role("button", name=f"Pair {a} won").click()
    expect(table.locator(".tp-state")).to_contain_text(f"waiting for pair {b} to agree")
    assert hall_fit_problems(table) == []
    shoot(table, "table-page-waiting")
    # The front sees the report live, without a reload (polling every 5 s).
    expect(page.locator("#table-1")).to_contain_text("waiting for the other pair", timeout=8_000)
    shoot(page, "results-table-reported")

    # The phone that reported cannot agree to its own report: the other pair's phone does.
    expect(table.get_by_role("button", name=f"Pair {b} agrees: pair {a} won")).to_have_count(0)
    expect(table.locator(".tp-other-phone")).to_contain_text(f"Pair {b} agrees on another phone")
    other_context, other = phone(browser)
    other.goto(f"{live_server.url}{link.path}")
    expect(other.locator(".tp-drive")).to_contain_text("Friday 45s")
    other.get_by_role("button", name=f"Pair {b} agrees: pair {a} won").click()
    expect(other.locator(".tp-state")).to_contain_text(f"Counted: pair {a} won")
    shoot(other, "table-page-counted")
    expect(page.locator("#count")).to_contain_text("1 of 4 tables in", timeout=8_000)
    expect(table.locator(".tp-state")).to_contain_text(f"Counted: pair {a} won", timeout=8_000)
    other_context.close()
    context.close()

    tg = TableGame.objects.get(drive=drive, game=1, table=1)
    assert (tg.status, tg.winner.number, tg.source) == ("confirmed", a, "table")


def test_a_tap_made_offline_is_sent_when_the_connection_returns(
    browser, shoot, live_server, transactional_db
):
    from clubs.models import Club

    club = Club.objects.create(name="St. Joseph's Parish Hall")
    organizer = make_user(club)
    drive = started_drive(club, organizer, pairs=8)
    link = services.table_links(club, 4)[1]
    c, d = pairs_at(drive, 2)

    context, table = phone(browser)
    errors: list[str] = []
    table.on("pageerror", lambda exc: errors.append(str(exc)))
    table.goto(f"{live_server.url}{link.path}")
    context.set_offline(True)
    table.get_by_role("button", name=f"Pair {d} won").click()
    expect(table.locator("#sending")).to_be_visible()
    # It says which result is waiting to go, not just "Sending…".
    expect(table.locator("#sending")).to_contain_text(f"Sending: pair {d} won")
    shoot(table, "table-page-sending")
    table.wait_for_timeout(2_500)  # at least one failed resend
    assert Submission.objects.count() == 0
    context.set_offline(False)
    expect(table.locator(".tp-state")).to_contain_text(f"Pair {d} won", timeout=8_000)
    expect(table.locator("#sending")).to_be_hidden()
    context.close()
    assert errors == []
    assert Submission.objects.count() == 1
    assert AuditEntry.objects.filter(action="table_report").count() == 1
    assert TableGame.objects.get(drive=drive, game=1, table=2).status == "reported"
    assert c  # the other pair was offered too


def test_conflict_shows_in_red_on_the_result_screen(
    page: Page, browser, shoot, live_server, transactional_db
):
    from clubs.models import Club

    club = Club.objects.create(name="St. Joseph's Parish Hall")
    organizer = make_user(club)
    drive = started_drive(club, organizer, pairs=8)
    link = services.table_links(club, 4)[0]
    a, b = pairs_at(drive, 1)
    one_ctx, one = phone(browser)
    two_ctx, two = phone(browser)
    one.goto(f"{live_server.url}{link.path}")
    two.goto(f"{live_server.url}{link.path}")
    one.get_by_role("button", name=f"Pair {a} won").click()
    expect(one.locator(".tp-state")).to_contain_text("waiting")
    two.get_by_role("button", name=f"Not right: pair {b} won").click()
    expect(two.locator(".tp-state")).to_contain_text("front table settles it")
    shoot(two, "table-page-conflict")
    one_ctx.close()
    two_ctx.close()

    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", "organizer")
    page.fill("input[name=password]", "pw-for-tests-1")
    page.click("#main button[type=submit]")
    page.goto(f"{live_server.url}/drives/{drive.pk}/games/1/")
    card = page.locator("#table-1")
    expect(card).to_have_class("table-card conflict")
    expect(card).to_contain_text("In conflict: it does not count.")
    assert hall_fit_problems(page) == []
    shoot(page, "results-table-conflict")
    card.get_by_role("button", name=f"Pair {b}").click()
    expect(page.locator("#table-1")).to_have_class("table-card confirmed")
    assert TableGame.objects.get(drive=drive, game=1, table=1).winner.number == b
    assert CHROMIUM_ARGS


def test_the_other_pair_agrees_by_typing_its_pair_code(
    browser, shoot, live_server, transactional_db
):
    from clubs.models import Club

    club = Club.objects.create(name="St. Joseph's Parish Hall")
    organizer = make_user(club)
    drive = started_drive(club, organizer, pairs=8)
    services.drive_screens_set(drive=drive, actor=organizer, now=NOW, confirm_by_code=True)
    link = services.table_links(club, 4)[0]
    a, b = pairs_at(drive, 1)
    codes = dict(drive.pairs.values_list("number", "code"))

    one_ctx, one = phone(browser)
    one.goto(f"{live_server.url}{link.path}")
    one.get_by_role("button", name=f"Pair {a} won").click()
    expect(one.locator(".tp-state")).to_contain_text("waiting for the other pair to agree")
    # The reporting phone gets no box to agree in.
    expect(one.locator("input[name=code]")).to_have_count(0)

    two_ctx, two = phone(browser)
    two.goto(f"{live_server.url}{link.path}")
    box = two.get_by_label(
        "The other pair: type your pair code (it is on your punch card) to agree"
    )
    expect(box).to_be_visible()
    # Nothing on the page tells the code, nor the other pair's number.
    text = two.locator("#table-panel").inner_text()
    assert codes[a] not in text and codes[b] not in text and f"Pair {b}" not in text
    assert hall_fit_problems(two) == []
    shoot(two, "table-page-pair-code")

    box.fill(codes[a])  # the winners' own code
    two.get_by_role("button", name="Agree").click()
    expect(two.locator(".msg.error")).to_contain_text(f"That is pair {a}'s code")
    shoot(two, "table-page-pair-code-refused")
    assert TableGame.objects.get(drive=drive, game=1, table=1).status == "reported"

    two.get_by_label(
        "The other pair: type your pair code (it is on your punch card) to agree"
    ).fill(codes[b].lower())
    two.get_by_role("button", name="Agree").click()
    expect(two.locator(".tp-state")).to_contain_text(f"Counted: pair {a} won")
    one_ctx.close()
    two_ctx.close()
    tg = TableGame.objects.get(drive=drive, game=1, table=1)
    assert (tg.status, tg.winner.number) == ("confirmed", a)
    # The wrong code is counted at the table, in its one entry of refused codes.
    assert AuditEntry.objects.get(action="table_codes_refused").new["wrong"] == 1
    assert tg.wrong_codes == 1


def test_after_five_wrong_codes_the_table_asks_the_front_table(
    page: Page, browser, shoot, live_server, transactional_db
):
    from clubs.models import Club

    club = Club.objects.create(name="St. Joseph's Parish Hall")
    organizer = make_user(club)
    drive = started_drive(club, organizer, pairs=8)
    services.drive_screens_set(drive=drive, actor=organizer, now=NOW, confirm_by_code=True)
    link = services.table_links(club, 4)[0]
    a, b = pairs_at(drive, 1)
    codes = dict(drive.pairs.values_list("number", "code"))
    wrong = next(c for c in ("CCCC", "FFFF", "HHHH") if c not in codes.values())

    one_ctx, one = phone(browser)
    one.goto(f"{live_server.url}{link.path}")
    one.get_by_role("button", name=f"Pair {a} won").click()
    expect(one.locator(".tp-state")).to_contain_text("waiting for the other pair to agree")
    two_ctx, two = phone(browser)
    two.goto(f"{live_server.url}{link.path}")
    label = "The other pair: type your pair code (it is on your punch card) to agree"
    for left in (4, 3, 2, 1):
        two.get_by_label(label).fill(wrong)
        two.get_by_role("button", name="Agree").click()
        expect(two.locator(".msg.error")).to_contain_text(f"{left} more wrong code")
    two.get_by_label(label).fill(wrong)
    two.get_by_role("button", name="Agree").click()
    locked = "Too many wrong codes at this table: ask the front table."
    expect(two.locator(".tp-codes-locked")).to_have_text(locked)
    expect(two.locator("input[name=code]")).to_have_count(0)
    assert hall_fit_problems(two) == []
    shoot(two, "table-page-codes-locked")
    expect(one.locator(".tp-codes-locked")).to_have_text(locked, timeout=8_000)

    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", "organizer")
    page.fill("input[name=password]", "pw-for-tests-1")
    page.click("#main button[type=submit]")
    page.goto(f"{live_server.url}/drives/{drive.pk}/games/1/")
    card = page.locator("#table-1")
    expect(card.locator(".codes-locked")).to_have_text(
        "Table 1: too many wrong codes; enter the result here."
    )
    assert hall_fit_problems(page) == []
    shoot(page, "results-table-codes-locked")
    card.get_by_role("button", name=f"Pair {a}").click()
    expect(page.locator("#table-1")).to_have_class("table-card confirmed")
    expect(page.locator("#table-1 .codes-locked")).to_have_count(0)
    expect(two.locator(".tp-state")).to_contain_text(f"Counted: pair {a} won", timeout=8_000)
    one_ctx.close()
    two_ctx.close()
    tg = TableGame.objects.get(drive=drive, game=1, table=1)
    assert (tg.status, tg.winner.number, tg.wrong_codes) == ("confirmed", a, 0)
