"""A pair follows its own card on its phone (the second QR code of its punch card) through
two games, while the front table enters the results on its result screen.

The phone needs no login: the card's address is the key. It polls by itself and shows the
new table, the punch and the games won without a reload; an unchanged poll is a 204.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from drives.models import TableGame
from drives.views import pair_card
from tests.builders import make_club, make_user, started_drive
from tests.builders.browser import log_in
from tests.e2e.conftest import LANDSCAPE, PHONE, PORTRAIT
from tests.support import hall_fit_problems

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/p27card")


def seat(drive, number: int, game: int) -> TableGame:
    return TableGame.objects.get(drive=drive, game=game, seats__pair__number=number)


def other_pair(tg: TableGame, number: int) -> int:
    return next(s.pair.number for s in tg.seats.select_related("pair") if s.pair.number != number)


def tap_winner(page: Page, table: int, number: int) -> None:
    """The front's tap on the table's tile: "Pair 3 won"."""
    tile = page.locator(f"#table-{table}")
    tile.locator("button.pairbtn").filter(
        has=page.locator(".pn", has_text=re.compile(rf"^Pair {number}$"))
    ).click()
    expect(tile.locator(".pairbtn.won")).to_contain_text(f"Pair {number}")


def test_a_pairs_phone_follows_its_own_card_through_two_games(
    page: Page, browser, shoot, live_server, transactional_db, monkeypatch
):
    monkeypatch.setattr(pair_card, "POLL_SECONDS", 2)  # the hall's 10 s, shortened
    club = make_club()
    organizer = make_user(club)
    drive = started_drive(club, organizer, pairs=8, games=25, seed=11)
    mine = 3
    pair = drive.pairs.get(number=mine)
    first = seat(drive, mine, 1)

    context = browser.new_context(viewport=PHONE, locale="en-CA", is_mobile=True, has_touch=True)
    context.set_default_timeout(8_000)
    phone = context.new_page()
    polls: list[int] = []
    phone.on("response", lambda r: polls.append(r.status) if "?seen=" in r.url else None)
    phone.goto(f"{live_server.url}{pair.card_path}")

    def shot(name: str) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copy(shoot(phone, name, full_page=True), SHOTS / f"{name}.png")

    now = phone.locator("#oc-now")
    expect(phone.locator("h1")).to_have_text(f"Pair {mine}")
    expect(now).to_contain_text(f"Game 1: table {first.table}")
    against = other_pair(first, mine)
    expect(now).to_contain_text(f"Against pair {against}")
    expect(phone.locator(".oc-won")).to_have_text("0 games won")
    expect(phone.locator(".oc-card .hole")).to_have_count(25)
    assert hall_fit_problems(phone) == []
    shot("own-card-game-1-phone")
    for size, name in ((PORTRAIT, "portrait"), (LANDSCAPE, "landscape")):
        phone.set_viewport_size(size)
        assert hall_fit_problems(phone) == [], name
        shot(f"own-card-game-1-{name}")
    phone.set_viewport_size(PHONE)

    # The front enters game 1: the pair wins at its table. The phone follows by itself.
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/drives/{drive.pk}/games/1/")
    tap_winner(page, first.table, mine)
    expect(now).to_contain_text(f"Game 1: you won at table {first.table}.")
    expect(phone.locator(".oc-card .hole.punched")).to_have_count(1)
    expect(phone.locator(".oc-card .hole.punched")).to_have_text("1")
    expect(phone.locator(".oc-won")).to_have_text("1 game won · place 1 so far")
    assert hall_fit_problems(phone) == []
    shot("own-card-game-1-won")

    # The other tables, then the next game: winners move up a table and deal first.
    for tg in TableGame.objects.filter(drive=drive, game=1).exclude(pk=first.pk):
        tap_winner(page, tg.table, tg.seats.order_by("slot").first().pair.number)
    page.get_by_role("link", name="Next: game 2").click()
    page.get_by_role("button", name="Confirm: start game 2").click()
    expect(page.locator("#flash")).to_contain_text("Game 2 is seated.")
    second = seat(drive, mine, 2)
    assert second.table == first.table % 4 + 1
    expect(now).to_contain_text(f"Game 2: table {second.table}, you deal.")
    expect(now).to_contain_text(f"Against pair {other_pair(second, mine)}")
    shot("own-card-game-2")

    # Game 2: the other pair wins. Game 1 stays punched, game 2 is played and not won.
    page.goto(f"{live_server.url}/drives/{drive.pk}/games/2/")
    tap_winner(page, second.table, other_pair(second, mine))
    expect(now).to_contain_text(f"Game 2: you lost at table {second.table}.")
    expect(phone.locator(".oc-card .hole.punched")).to_have_count(1)
    expect(phone.locator('.oc-card .hole[title="game 2 not won"]')).to_have_count(1)
    expect(phone.locator(".oc-won")).to_contain_text("1 game won · place")
    assert hall_fit_problems(phone) == []
    shot("own-card-game-2-lost")

    # Nothing changes for a while: the polls are answered 204 and the card stays.
    polls.clear()
    phone.wait_for_timeout(4_500)
    assert polls and set(polls) == {204}, polls
    expect(now).to_contain_text(f"Game 2: you lost at table {second.table}.")
    assert phone.url == f"{live_server.url}{pair.card_path}"  # never reloaded

    # The phone's own language: the switch comes back to the card, in French.
    phone.get_by_role("button", name="Français").click()
    expect(now).to_contain_text(f"Partie 2 : vous avez perdu à la table {second.table}.")
    expect(phone.locator(".oc-won")).to_contain_text("1 partie gagnée · place")
    assert hall_fit_problems(phone) == []
    shot("own-card-game-2-lost-fr")

    # The card is lost: the organizer gives the pair a new card link from its page. The
    # old card's page says so at its next poll, and only the new address opens the card.
    page.goto(f"{live_server.url}/drives/{drive.pk}/pairs/{pair.pk}/edit/")
    section = page.locator("#pair-card-link")
    expect(section).to_contain_text("Its card on a phone")
    assert hall_fit_problems(page) == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(shoot(page, "pair-edit-card-link", full_page=True), SHOTS / "pair-edit.png")
    page.once("dialog", lambda dialog: dialog.accept())
    section.get_by_role("button", name="New card link").click()
    expect(page.locator("#flash")).to_contain_text(f"Pair {mine} has a new card link")
    expect(phone.locator("#own-card")).to_contain_text("Cette adresse n'ouvre la carte d'aucune")
    shot("own-card-old-link-fr")
    pair.refresh_from_db()
    phone.goto(f"{live_server.url}{pair.card_path}")
    expect(now).to_contain_text(f"Partie 2 : vous avez perdu à la table {second.table}.")
    context.close()
