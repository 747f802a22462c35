"""The player register in a real browser: a second night registered by pasting names with
accent and spelling differences, matched to last week's players before anything is saved;
the name box offering known players as letters are typed; the register and a player's
history after the night is played. Screenshots at 1024x768 and 390x844."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.builders import NOW, make_user, play_game
from tests.builders.browser import log_in
from tests.e2e.conftest import LANDSCAPE, PHONE
from tests.support import hall_fit_problems

pytestmark = pytest.mark.django_db(transaction=True)

FIRST_NIGHT = """\
Mary MacNeil & Rémi Thériault
Angus MacDonald & Yvette Doucette
Siobhán Ní Bhriain & Jean LeBlanc
Margaret Chisholm & Hector Beaton
"""

# Last week's people as typed tonight: no accents, Mac written apart, one spelling off,
# and two new players.
SECOND_NIGHT = """\
Mary Mc Neil & Remi THERIAULT
Angus Mac Donald & Yvette Doucet
Siobhan Ni Bhriain & Jean Le Blanc
Flora Gillis & John Boudreau
"""


def both_sizes(page: Page, name: str, shots: dict) -> None:
    for size, label in ((LANDSCAPE, "1024x768"), (PHONE, "390x844")):
        page.set_viewport_size(size)
        assert hall_fit_problems(page) == [], (name, label)
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= size["width"], (name, label, f"the page is {wide} px wide")
        path = f"/tmp/shots/p27register/{name}-{label}.png"
        page.screenshot(path=path, full_page=True)
        shots[name] = path
    page.set_viewport_size(LANDSCAPE)


def test_a_second_night_pasted_is_matched_to_last_weeks_players(page: Page, live_server):
    from clubs.models import Club, Player
    from drives import services

    club = Club.objects.create(name="St. Joseph's Parish Hall")
    organizer = make_user(club)
    first = services.drive_create(
        club=club, actor=organizer, now=NOW, name="Friday 45s", date=NOW.date(), games=2
    )
    services.pairs_bulk_add(drive=first, actor=organizer, now=NOW, text=FIRST_NIGHT)
    first = services.drive_start(drive=first, actor=organizer, now=NOW, seed=1)
    play_game(first, organizer)
    assert Player.objects.filter(club=club).count() == 8
    second = services.drive_create(
        club=club, actor=organizer, now=NOW, name="Friday 45s, week 2", date=NOW.date(), games=2
    )
    shots: dict = {}

    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/drives/{second.pk}/pairs/")
    page.fill("#id_bulk_text", SECOND_NIGHT)
    page.get_by_role("button", name="Check the names").click()
    preview = page.locator("#paste-preview")
    expect(preview).to_contain_text("5 in the register · 1 to choose · 2 new")
    assert second.pairs.count() == 0  # nothing saved before the organizer says so
    # Yvette Doucet: Doucette is likely the same person; the organizer says so.
    doucet = preview.locator("fieldset.name-check.likely")
    expect(doucet).to_contain_text("Yvette Doucet")
    doucet.get_by_label(re.compile("Yvette Doucette")).check()
    both_sizes(page, "paste-preview", shots)
    page.get_by_role("button", name="Save these 4 pairs").click()
    expect(page.locator("#flash")).to_contain_text("4 pairs added.")

    people = {p.name: p for p in Player.objects.filter(club=club)}
    pairs = list(second.pairs.order_by("number").select_related("person1", "person2"))
    assert [(p.person1.name, p.person2.name) for p in pairs] == [
        ("Mary MacNeil", "Rémi Thériault"),
        ("Angus MacDonald", "Yvette Doucette"),
        ("Siobhán Ní Bhriain", "Jean LeBlanc"),
        ("Flora Gillis", "John Boudreau"),
    ]
    assert len(people) == 10  # two new players, no one twice

    # The name box: "marg" offers Margaret Chisholm; tapping links the pair to her.
    page.locator("#id_player1").press_sequentially("marg", delay=30)
    suggestion = page.locator("#suggest-1").get_by_role("button", name="Margaret Chisholm")
    expect(suggestion).to_be_visible()
    both_sizes(page, "name-box-suggestions", shots)
    suggestion.click()
    expect(page.locator("#id_player1")).to_have_value("Margaret Chisholm")
    expect(page.locator("#linked-1")).to_contain_text("Margaret Chisholm, from the register")
    page.locator("#id_player2").fill("Hector Beaton")
    page.get_by_role("button", name="Add pair").click()
    expect(page.locator("#flash")).to_contain_text("Pair 5 added.")
    pair = second.pairs.get(number=5)
    assert pair.person1 == people["Margaret Chisholm"]
    assert pair.person2 == people["Hector Beaton"]  # the exact name, linked on save

    # The night is played; Mary's history has both nights.
    second = services.drive_start(drive=second, actor=organizer, now=NOW, seed=2, alongside=True)
    play_game(second, organizer)
    page.goto(f"{live_server.url}/club/players/")
    page.fill("#register-q", "theriault")
    expect(page.locator("#register-list")).to_contain_text("Rémi Thériault")
    expect(page.locator("#register-list")).not_to_contain_text("Mary MacNeil")
    page.fill("#register-q", "")
    expect(page.locator("#register-list")).to_contain_text("Mary MacNeil")
    both_sizes(page, "register", shots)
    page.locator("#register-list").get_by_role("link", name=re.compile("Mary MacNeil")).click()
    expect(page.locator("#history-summary")).to_contain_text("2 nights played")
    expect(page.locator("#history")).to_contain_text("Friday 45s, week 2")
    both_sizes(page, "history", shots)
    assert set(shots) == {"paste-preview", "name-box-suggestions", "register", "history"}
