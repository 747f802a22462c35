"""The screens for a night that does not go to plan (drives/views.py): seats of
the coming game (a late pair, a leaver, a swap, a move) with their preview,
the correction of an earlier result with its consequences, finishing early.

The nights are the worked ones of test_night_changes.py: six pairs seated in
order, game 1 won by pairs 1, 3 and 5, game 2 seated as table 1 = pairs 5 & 2,
table 2 = 1 & 4, table 3 = 3 & 6.
"""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from clubs.models import AuditEntry
from drives import services
from drives.models import Pair, TableGame
from tests.builders import HTMX, NOW, play_game, row_counts, started_drive
from tests.builders.night_changes import (
    GAME_2_OF_SIX,
    fresh,
    night,
    record,
    seating,
    seven_at_game_2,
    six_at_game_2,
    six_at_game_3,
    winner_at,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def six(club, organizer):
    return six_at_game_2(club, organizer)


def url(name: str, drive, *args) -> str:
    return reverse(f"drives:{name}", args=[drive.pk, *args])


def state(drive):
    """Everything a refused request must leave alone."""
    fresh(drive)
    return (drive.status, drive.games, drive.current_game, row_counts(), seating(drive))


def page(response) -> str:
    return response.content.decode()


def goes_to_login(response) -> bool:
    return response.status_code == 302 and response.url.startswith(reverse("login"))


def is_flash_refusal(response, status: int, message: str) -> bool:
    assert response.status_code == status, page(response)
    assert response["HX-Retarget"] == "#flash"
    assert "<html" not in page(response)
    assert message in html.unescape(page(response)), page(response)
    return True


def hidden_fields(text: str) -> dict[str, str]:
    """The hidden inputs of a page's forms, as the browser would post them (the language
    switch on every page is a form of its own)."""
    text = re.sub(r'<form[^>]*id="lang-switch".*?</form>', "", text, flags=re.S)
    found = re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', text)
    return {k: html.unescape(v) for k, v in found if k != "csrfmiddlewaretoken"}


# Each new screen, with a request that would change the night (or show a
# consequence) if it were allowed.
REQUESTS = {
    "seating": ("get", "seating", [], None),
    "seating_preview": ("get", "seating_preview", [], {"kind": "leave", "number": "4"}),
    "seating_change": (
        "post",
        "seating_change",
        [],
        {"kind": "leave", "number": "4", "from_game": "2"},
    ),
    "correct_form": ("get", "result_correct", [1, 1], {"winner": "2"}),
    "correct": ("post", "result_correct", [1, 1], {"winner": "2", "from_game": "2"}),
    "finish_early_form": ("get", "finish_early", [], None),
    "finish_early": ("post", "finish_early", [], {"from_game": "2"}),
}
SCREENS = list(REQUESTS)


def send(client, drive, screen, **extra):
    method, name, args, data = REQUESTS[screen]
    return getattr(client, method)(url(name, drive, *args), data or {}, **extra)


# --- who may ------------------------------------------------------------------------


@pytest.mark.parametrize("screen", SCREENS)
def test_a_stranger_is_sent_to_log_in_and_nothing_changes(anon_client, six, screen):
    before = state(six)
    assert goes_to_login(send(anon_client, six, screen))
    assert state(six) == before


@pytest.mark.parametrize("screen", SCREENS)
def test_another_club_gets_not_found_and_nothing_changes(other_club_client, six, screen):
    before = state(six)
    assert send(other_club_client, six, screen).status_code == 404
    r = send(other_club_client, six, screen, **HTMX)
    assert is_flash_refusal(r, 404, "That is not in your club's drives.")
    assert state(six) == before


@pytest.mark.parametrize("screen", SCREENS)
def test_a_scorer_is_forbidden_and_nothing_changes(scorer_client, six, screen):
    before = state(six)
    assert send(scorer_client, six, screen).status_code == 403
    r = send(scorer_client, six, screen, **HTMX)
    assert is_flash_refusal(r, 403, "Only an organizer can do this.")
    assert state(six) == before


@pytest.mark.parametrize(
    "screen,method",
    [
        ("seating", "post"),
        ("seating_preview", "post"),
        ("seating_change", "get"),
        ("correct", "put"),
        ("correct", "delete"),
        ("finish_early", "put"),
    ],
)
def test_the_wrong_method_is_refused(org_client, six, screen, method):
    _, name, args, data = REQUESTS[screen]
    before = state(six)
    assert getattr(org_client, method)(url(name, six, *args)).status_code == 405
    assert state(six) == before


@pytest.mark.parametrize("screen", SCREENS)
def test_a_drive_that_does_not_exist_is_not_found(org_client, six, screen):
    method, name, args, data = REQUESTS[screen]
    before = state(six)
    missing = reverse(f"drives:{name}", args=[987654, *args])
    assert getattr(org_client, method)(missing, data or {}).status_code == 404
    assert state(six) == before


def test_the_game_page_offers_the_changes_to_the_organizer_only(org_client, scorer_client, six):
    game = url("game", six, 2)
    mine = page(org_client.get(game))
    assert url("seating", six) in mine
    assert "Late pair, leaving pair or seat change" in mine
    assert url("finish_early", six) in mine
    theirs = page(scorer_client.get(game))
    assert url("seating", six) not in theirs
    assert url("finish_early", six) not in theirs
    # A played game offers its corrections, to the organizer only.
    assert url("result_correct", six, 1, 1) in page(org_client.get(url("game", six, 1)))
    assert "Correct this result" not in page(scorer_client.get(url("game", six, 1)))


# --- seats of the coming game --------------------------------------------------------


def test_seating_shows_the_coming_game_and_the_four_changes(org_client, six):
    r = org_client.get(url("seating", six))
    assert r.status_code == 200
    text = page(r)
    assert "Seats for game 2" in text
    for heading in (
        "A late pair arrives",
        "A pair leaves",
        "Swap two pairs",
        "Move a pair to another table",
    ):
        assert heading in text
    assert "Pair 5 (Player 5a &amp; Player 5b) · Pair 2 (Player 2a &amp; Player 2b)" in text
    assert text.count(f'action="{url("seating_preview", six)}"') == 4


def test_seating_under_htmx_is_only_the_content(org_client, six):
    r = org_client.get(url("seating", six), **HTMX)
    assert r.status_code == 200
    assert "<html" not in page(r)
    assert "Seats for game 2" in page(r)


def test_seating_once_the_game_has_a_result_says_to_go_on_first(org_client, organizer, six):
    record(six, organizer, 1, 5)
    text = page(org_client.get(url("seating", six)))
    assert "Game 2 already has results. Seats change between games" in text
    assert url("seating_preview", six) not in text


def test_seating_of_a_finished_drive_says_seats_change_while_running(org_client, organizer, six):
    play_game(six, organizer)
    org_client.post(url("finish_early", six), {"from_game": "2"})
    text = page(org_client.get(url("seating", six)))
    assert "Seats change between games while the drive is running." in text
    assert url("seating_preview", six) not in text


PREVIEWS = [
    pytest.param(
        {"kind": "leave", "number": "4"},
        ["Pair 4: leaves table 2"],
        "Pair 1 sits out this game.",
        [(1, (5, 2)), (2, (1,)), (3, (3, 6))],
        "Pair 4 has left.",
        id="leave",
    ),
    pytest.param(
        {"kind": "arrive", "player1": "Kenny MacLeod", "player2": "Jeannette Aucoin"},
        ["Pair 7: sits at table 4"],
        "Pair 7 sits out this game.",
        [*GAME_2_OF_SIX, (4, (7,))],
        "Pair 7 joined the game.",
        id="arrive",
    ),
    pytest.param(
        {"kind": "swap", "a": "2", "b": "6"},
        ["Pair 2: table 1 → 3", "Pair 6: table 3 → 1"],
        None,
        [(1, (5, 6)), (2, (1, 4)), (3, (3, 2))],
        "Pairs 2 and 6 swapped seats.",
        id="swap",
    ),
]


def moves_in(text: str) -> list[str]:
    """The moves a preview lists, as "Pair 4: leaves table 2" (the players' names and the
    bold left out; tests/drives/test_registration.py checks the names)."""
    moves = re.findall(r"<li><strong>(.*?)</li>", text)
    return [re.sub(r"</strong>( <span class=\"names\">.*?</span>)?", "", m) for m in moves]


@pytest.mark.parametrize("query,moves,sitout,seated,message", PREVIEWS)
def test_the_preview_lists_the_moves_and_confirming_it_makes_them(
    org_client, six, query, moves, sitout, seated, message
):
    before = state(six)
    r = org_client.get(url("seating_preview", six), query)
    assert r.status_code == 200
    text = page(r)
    assert moves_in(text) == moves
    if sitout:
        assert sitout in text
    assert state(six) == before, "the preview wrote nothing"
    posted = hidden_fields(text)
    ints = {k: int(v) for k, v in query.items() if k in ("number", "a", "b", "table")}
    token = services.seat_change_plan(six, query["kind"], **ints).token
    extra = {"number": "7"} if query["kind"] == "arrive" and "number" not in query else {}
    assert posted == {**query, **extra, "from_game": "2", "seating": token}

    r = org_client.post(url("seating_change", six), posted, follow=True)

    assert r.redirect_chain == [(url("game", six, 2), 302)]
    assert message in page(r)
    assert seating(six) == seated


def test_a_move_through_the_screens(org_client, club, organizer):
    drive = seven_at_game_2(club, organizer)
    query = {"kind": "move", "number": "2", "table": "4"}
    text = page(org_client.get(url("seating_preview", drive), query))
    assert "Pair 2: table 1 → 4" in moves_in(text)
    assert "Pair 7 sits out this game." in text
    r = org_client.post(url("seating_change", drive), {**query, "from_game": "2"})
    assert r.status_code == 302
    assert seating(drive) == [(1, (7,)), (2, (1, 4)), (3, (3, 6)), (4, (5, 2))]


def test_a_late_pair_keeps_its_names_number_and_payment(org_client, six):
    r = org_client.post(
        url("seating_change", six),
        {
            "kind": "arrive",
            "player1": "Seán Ó Súilleabháin",
            "player2": "Marie Thériault",
            "number": "21",
            "paid": "on",
            "from_game": "2",
        },
    )
    assert r.status_code == 302
    late = Pair.objects.get(drive=six, number=21)
    assert (late.names, late.paid, late.arrived_game) == (
        "Seán Ó Súilleabháin & Marie Thériault",
        True,
        2,
    )
    assert seating(six)[-1] == (4, (21,))
    assert AuditEntry.objects.filter(drive=six, action="pair_arrive").count() == 1


def _jar_on(drive):
    """A cookie jar set before the start (the settings are shut once it has started)."""
    from drives.models import PrizeSettings

    PrizeSettings.objects.update_or_create(drive=drive, defaults={"jar": True, "jar_price": 200})


def test_a_late_pair_pays_into_the_cookie_jar_as_it_registers(org_client, six):
    """Issue 25: the late pair's form has an "In the jar" box beside Paid when the drive has
    a cookie jar; the box goes through the preview, and the pair joins the jar with its
    arrival: one change, one audit entry."""
    from drives.models import JarEntry

    assert 'name="jar"' not in page(org_client.get(url("seating", six)))  # no jar tonight
    _jar_on(six)
    text = page(org_client.get(url("seating", six)))
    assert '<input id="arrive-jar" name="jar" type="checkbox">' in text
    assert '<label for="arrive-jar">In the jar</label>' in text
    query = {"kind": "arrive", "player1": "Kenny MacLeod", "player2": "Jeannette Aucoin"}
    preview = page(org_client.get(url("seating_preview", six), {**query, "jar": "on"}))
    posted = hidden_fields(preview)
    assert posted["jar"] == "on"
    before = AuditEntry.objects.count()
    r = org_client.post(url("seating_change", six), posted)
    assert r.status_code == 302
    late = Pair.objects.get(drive=six, number=7)
    assert JarEntry.objects.filter(pair=late, drive=six).exists()
    assert AuditEntry.objects.count() == before + 1
    entry = AuditEntry.objects.get(drive=six, action="pair_arrive")
    assert entry.summary == (
        "Late pair 7 (Kenny MacLeod & Jeannette Aucoin) joins at table 4 in game 2, "
        "in the cookie jar"
    )
    assert entry.new["pair"]["jar"] is True
    # A late pair without the box ticked stays out of the jar.
    org_client.post(
        url("seating_change", six),
        {"kind": "arrive", "player1": "Ann", "player2": "Bob", "from_game": "2"},
    )
    assert not JarEntry.objects.filter(pair__number=8, drive=six).exists()


def test_a_late_pair_cannot_join_a_jar_the_drive_does_not_have(org_client, six):
    before = state(six)
    data = {"kind": "arrive", "player1": "A", "player2": "B", "jar": "on", "from_game": "2"}
    r = org_client.post(url("seating_change", six), data)
    assert r.status_code == 409 and "This drive has no cookie jar." in page(r)
    assert state(six) == before


def test_the_preview_under_htmx_is_only_the_content(org_client, six):
    r = org_client.get(url("seating_preview", six), {"kind": "leave", "number": "4"}, **HTMX)
    assert r.status_code == 200
    assert "<html" not in page(r)
    assert "Pair 4: leaves table 2" in moves_in(page(r))


def test_a_change_under_htmx_sends_the_browser_to_the_game(org_client, six):
    r = org_client.post(
        url("seating_change", six), {"kind": "swap", "a": "2", "b": "6", "from_game": "2"}, **HTMX
    )
    assert r.status_code == 200
    assert r["HX-Redirect"] == url("game", six, 2)
    assert seating(six)[0] == (1, (5, 6))


BAD_FORMS = [
    pytest.param({"kind": "leave", "number": "four"}, "Enter a whole number.", id="not-a-number"),
    pytest.param({"kind": "leave"}, "This is needed.", id="no-pair-number"),
    pytest.param({"kind": "swap", "a": "2"}, "This is needed.", id="swap-one-pair"),
    pytest.param({"kind": "move", "number": "2", "table": "x"}, "whole number", id="table-text"),
    pytest.param({"kind": "arrive", "player1": "Kenny"}, "This is needed.", id="one-name"),
    pytest.param(
        {"kind": "arrive", "player1": "K" * 61, "player2": "J"}, "at most 60", id="long-name"
    ),
    pytest.param({"kind": "shuffle", "number": "2"}, "Select a valid choice", id="unknown-kind"),
    pytest.param({"number": "2"}, "This field is required.", id="no-kind"),
    pytest.param({"kind": "leave", "number": "0"}, "greater than or equal to 1", id="pair-0"),
]


@pytest.mark.parametrize("data", ["preview", "change"])
@pytest.mark.parametrize("query,message", BAD_FORMS)
def test_a_bad_seat_form_is_shown_again_with_what_is_wrong(org_client, six, data, query, message):
    before = state(six)
    if data == "preview":
        r = org_client.get(url("seating_preview", six), query)
    else:
        r = org_client.post(url("seating_change", six), {**query, "from_game": "2"})
    assert r.status_code == 400
    text = html.unescape(page(r))
    assert "Seats for game 2" in text, "the forms are shown again"
    assert message in text
    assert state(six) == before


@pytest.mark.parametrize(
    "from_game,status,message",
    [
        ("1", 409, "this page was out of date"),
        ("3", 409, "this page was out of date"),
        ("two", 400, "This page is out of date: reload it."),
        (None, 400, "This page is out of date: reload it."),
    ],
)
def test_a_change_from_a_stale_or_broken_page_is_refused(
    org_client, six, from_game, status, message
):
    data = {"kind": "swap", "a": "2", "b": "6"}
    if from_game is not None:
        data["from_game"] = from_game
    before = state(six)
    r = org_client.post(url("seating_change", six), data)
    assert r.status_code == status
    assert message in html.unescape(page(r))
    assert is_flash_refusal(
        org_client.post(url("seating_change", six), data, **HTMX), status, message
    )
    assert state(six) == before


REFUSED_CHANGES = [
    pytest.param(
        {"kind": "move", "number": "1", "table": "3"},
        400,
        "table 3 already has two pairs; swap pair 1 with one of them instead",
        id="three pairs at a table",
    ),
    pytest.param(
        {"kind": "move", "number": "1", "table": "7"},
        400,
        "that would leave tables 2 and 7 half-empty",
        id="a second half-empty table",
    ),
    pytest.param(
        {"kind": "leave", "number": "99"},
        404,
        "There is no pair 99 in this drive.",
        id="a leaver not in the drive",
    ),
    pytest.param(
        {"kind": "swap", "a": "1", "b": "4"},
        400,
        "pairs 1 and 4 already sit together at table 2",
        id="a swap at one table",
    ),
    pytest.param(
        {"kind": "arrive", "player1": "A", "player2": "B", "number": "3"},
        409,
        "Pair 3 already exists in this drive.",
        id="a late pair with a number taken",
    ),
]


@pytest.mark.parametrize("query,status,message", REFUSED_CHANGES)
def test_a_change_the_rules_refuse_says_why_and_writes_nothing(
    org_client, six, query, status, message
):
    before = state(six)
    r = org_client.get(url("seating_preview", six), query)
    assert r.status_code == status
    assert message in html.unescape(page(r))
    assert "Nothing was changed." in page(r)
    assert is_flash_refusal(
        org_client.get(url("seating_preview", six), query, **HTMX), status, message
    )
    data = {**query, "from_game": "2"}
    assert org_client.post(url("seating_change", six), data).status_code == status
    assert is_flash_refusal(
        org_client.post(url("seating_change", six), data, **HTMX), status, message
    )
    assert state(six) == before


@pytest.mark.parametrize("when", ["results in", "finished"])
def test_no_seat_change_once_the_game_has_results_or_the_drive_is_over(
    org_client, organizer, six, when
):
    record(six, organizer, 1, 5)
    message = "Game 2 already has results."
    if when == "finished":
        play_game(six, organizer)
        org_client.post(url("finish_early", six), {"from_game": "2"})
        message = "The drive is finished: pairs can no longer join, leave or change seats."
    before = state(six)
    query = {"kind": "arrive", "player1": "Late", "player2": "Pair"}
    r = org_client.get(url("seating_preview", six), query)
    assert r.status_code == 409
    assert message in html.unescape(page(r))
    r = org_client.post(url("seating_change", six), {**query, "from_game": "2"}, **HTMX)
    assert is_flash_refusal(r, 409, message)
    assert state(six) == before


# --- correcting an earlier result ---------------------------------------------------------


def test_the_correction_screen_offers_both_pairs_of_the_table(org_client, six):
    r = org_client.get(url("result_correct", six, 1, 1))
    assert r.status_code == 200
    text = page(r)
    assert "Correct game 1, table 1" in text
    assert 'href="?winner=1"' in text and 'href="?winner=2"' in text
    assert "Recorded as the winner" in text
    assert "Confirm the correction" not in text


def test_the_consequences_of_correcting_the_last_game_re_seat_the_next(org_client, six):
    before = state(six)
    r = org_client.get(url("result_correct", six, 1, 1), {"winner": "2"})
    assert r.status_code == 200
    text = page(r)
    assert "Recorded: pair 1 won. Correction: pair 2 won." in text
    assert "Pair 1: 1 → 0 games" in text
    assert "Pair 2: 0 → 1 games" in text
    assert "Game 2 is re-seated from the corrected result" in text
    assert "Pair 1: table 2 → 1" in moves_in(text)
    assert "Pair 2: table 1 → 2" in moves_in(text)
    assert "Check the hall" not in text
    assert hidden_fields(text) == {"winner": "2", "from_game": "2"}
    assert state(six) == before, "the consequences screen wrote nothing"

    r = org_client.post(url("result_correct", six, 1, 1), hidden_fields(text), follow=True)

    assert r.redirect_chain == [(url("game", six, 1) + "#table-1", 302)]
    assert "Game 1, table 1 corrected: pair 2 won." in page(r)
    assert winner_at(six, 1, 1) == 2
    assert seating(six) == [(1, (5, 1)), (2, (2, 4)), (3, (3, 6))]


def test_the_consequences_of_an_older_correction_list_the_tables_to_check(
    org_client, club, organizer
):
    drive = six_at_game_3(club, organizer)
    before = state(drive)
    text = html.unescape(page(org_client.get(url("result_correct", drive, 1, 1), {"winner": "2"})))
    assert "Pair 1: 2 → 1 games" in text
    assert "Pair 2: 0 → 1 games" in text
    assert "Check the hall" in text
    assert "Game 2, table 1: pairs 2 & 5 sat there; pairs 1 & 5 would have." in text
    assert "Game 2, table 2: pairs 1 & 4 sat there; pairs 2 & 4 would have." in text
    assert "table 3:" not in text
    assert "re-seated" not in text
    assert state(drive) == before

    org_client.post(url("result_correct", drive, 1, 1), {"winner": "2", "from_game": "3"})

    assert seating(drive) == before[-1], "seats stay as they were"
    standings = page(org_client.get(reverse("board:drive_standings", args=[drive.pk])))
    assert winner_at(drive, 1, 1) == 2
    assert "During game 3." in standings


def test_correction_screens_under_htmx(org_client, six):
    r = org_client.get(url("result_correct", six, 1, 1), {"winner": "2"}, **HTMX)
    assert r.status_code == 200
    assert "<html" not in page(r)
    assert "Pair 2: 0 → 1 games" in page(r)
    r = org_client.post(url("result_correct", six, 1, 1), {"winner": "2", "from_game": "2"}, **HTMX)
    assert r.status_code == 200
    assert r["HX-Redirect"] == url("game", six, 1) + "#table-1"
    assert winner_at(six, 1, 1) == 2


BAD_CORRECTIONS = [
    pytest.param("get", (1, 1), {"winner": "two"}, 400, "Tap the pair that really won.", id="text"),
    pytest.param(
        "get",
        (1, 1),
        {"winner": "3"},
        400,
        "Pair 3 did not play at table 1 in game 1.",
        id="a pair not at that table",
    ),
    pytest.param(
        "get", (1, 1), {"winner": "1"}, 409, "Pair 1 is already the winner there.", id="same"
    ),
    pytest.param(
        "get",
        (2, 1),
        {"winner": "2"},
        409,
        "Game 2 is being played: tap the winner on the results screen.",
        id="the game being played",
    ),
    pytest.param(
        "post",
        (1, 1),
        {"winner": "two", "from_game": "2"},
        400,
        "Tap the pair that really won.",
        id="post-text",
    ),
    pytest.param(
        "post", (1, 1), {"from_game": "2"}, 400, "Tap the pair that really won.", id="no-winner"
    ),
    pytest.param("post", (1, 1), {"winner": "2"}, 400, "Tap the pair", id="no-from-game"),
    pytest.param(
        "post",
        (1, 1),
        {"winner": "3", "from_game": "2"},
        400,
        "Pair 3 did not play at table 1 in game 1.",
        id="post-a-pair-not-at-that-table",
    ),
    pytest.param(
        "post",
        (1, 1),
        {"winner": "2", "from_game": "1"},
        409,
        "The drive has moved on since: check the correction again.",
        id="stale",
    ),
]


@pytest.mark.parametrize("method,where,data,status,message", BAD_CORRECTIONS)
def test_a_bad_correction_is_refused_with_a_message_and_writes_nothing(
    org_client, six, method, where, data, status, message
):
    before = state(six)
    target = url("result_correct", six, *where)
    r = getattr(org_client, method)(target, data)
    assert r.status_code == status
    assert message in html.unescape(page(r))
    assert "Nothing was changed." in page(r)
    assert is_flash_refusal(getattr(org_client, method)(target, data, **HTMX), status, message)
    assert state(six) == before
    assert winner_at(six, 1, 1) == 1


@pytest.mark.parametrize("where", [(1, 9), (3, 1), (0, 1)])
def test_correcting_a_table_or_game_that_was_not_played_is_not_found(org_client, six, where):
    before = state(six)
    assert org_client.get(url("result_correct", six, *where)).status_code == 404
    r = org_client.post(url("result_correct", six, *where), {"winner": "2", "from_game": "2"})
    assert r.status_code == 404
    assert state(six) == before


# --- finishing early ---------------------------------------------------------------------


def test_finish_early_explains_that_an_unplayed_game_is_dropped(org_client, six):
    r = org_client.get(url("finish_early", six))
    assert r.status_code == 200
    text = page(r)
    assert "The night will have 1 game instead of 25. Punch cards and prizes use game 1 only." in (
        text
    )
    assert "Game 2 has no results yet: its seating is dropped." in text
    assert "Finish after game 1" in text
    assert hidden_fields(text) == {"from_game": "2"}


def test_finish_early_after_a_complete_game_keeps_it(org_client, organizer, six):
    play_game(six, organizer)
    text = page(org_client.get(url("finish_early", six)))
    assert (
        "The night will have 2 games instead of 25. Punch cards and prizes use games 1 to 2."
        in (text)
    )
    assert "its seating is dropped" not in text

    r = org_client.post(url("finish_early", six), {"from_game": "2"}, follow=True)

    assert r.redirect_chain == [(reverse("board:drive_standings", args=[six.pk]), 302)]
    assert "The drive is finished after 2 games." in page(r)
    assert "Final, after 2 games." in page(r)
    fresh(six)
    assert (six.status, six.games) == ("finished", 2)
    # Punch cards have two games, not 25.
    assert page(r).count('class="hole') == 2 * 6


def test_finish_early_after_one_game_says_one_game(org_client, six):
    r = org_client.post(url("finish_early", six), {"from_game": "2"}, follow=True)
    assert "The drive is finished after 1 game." in page(r)
    assert not TableGame.objects.filter(drive=six, game=2).exists()
    assert page(r).count('class="hole') == 1 * 6


def test_finish_early_half_entered_says_to_complete_or_undo_first(org_client, organizer, six):
    record(six, organizer, 1, 5)
    text = page(org_client.get(url("finish_early", six)))
    assert "Game 2 is half entered (1 of 3 tables). Enter the rest, or undo them, first." in text
    assert "Finish after" not in text
    before = state(six)
    r = org_client.post(url("finish_early", six), {"from_game": "2"})
    assert r.status_code == 409
    assert "Waiting for the result of table(s) 2, 3." in page(r)
    r = org_client.post(url("finish_early", six), {"from_game": "2"}, **HTMX)
    assert is_flash_refusal(r, 409, "Waiting for the result of table(s) 2, 3.")
    assert state(six) == before


def test_finish_early_before_any_result_has_nothing_to_finish(org_client, club, organizer):
    drive = night(club, organizer, pairs=6)
    assert "No game has been played yet: nothing to finish." in page(
        org_client.get(url("finish_early", drive))
    )
    before = state(drive)
    r = org_client.post(url("finish_early", drive), {"from_game": "1"})
    assert r.status_code == 409
    assert "No game has been played yet: nothing to finish." in page(r)
    assert state(drive) == before


def test_finish_early_of_a_finished_drive_goes_to_the_drive(org_client, six):
    org_client.post(url("finish_early", six), {"from_game": "2"})
    r = org_client.get(url("finish_early", six))
    assert r.status_code == 302
    assert r.url == url("drive_detail", six)


def test_finish_early_under_htmx(org_client, six):
    r = org_client.get(url("finish_early", six), **HTMX)
    assert r.status_code == 200
    assert "<html" not in page(r)
    assert "Finish the drive early" in page(r)
    r = org_client.post(url("finish_early", six), {"from_game": "2"}, **HTMX)
    assert r.status_code == 200
    assert r["HX-Redirect"] == reverse("board:drive_standings", args=[six.pk])


@pytest.mark.parametrize(
    "data,status,message",
    [
        ({"from_game": "1"}, 409, "this page was out of date"),
        ({"from_game": "two"}, 400, "This page is out of date: reload it."),
        ({}, 400, "This page is out of date: reload it."),
    ],
)
def test_finish_early_from_a_stale_or_broken_page_is_refused(
    org_client, six, data, status, message
):
    before = state(six)
    r = org_client.post(url("finish_early", six), data)
    assert r.status_code == status
    assert message in page(r)
    assert is_flash_refusal(
        org_client.post(url("finish_early", six), data, **HTMX), status, message
    )
    assert state(six) == before


def test_the_preview_carries_the_seating_and_the_late_pairs_number(org_client, club, organizer):
    drive = started_drive(club, organizer, pairs=6, seed=654)
    url = reverse("drives:seating_preview", args=[drive.pk])
    html = org_client.get(url, {"kind": "arrive", "player1": "Léa", "player2": "Ó Bríen"}).content
    html = html.decode()
    token = services.seat_change_plan(drive, "arrive").token
    assert f'name="seating" value="{token}"' in html
    assert 'name="number" value="7"' in html
    # Another screen adds a pair first: the shown preview no longer applies.
    services.pair_arrive(
        drive=drive, from_game=1, player1="A", player2="B", actor=organizer, now=NOW
    )
    post = {"kind": "arrive", "player1": "Léa", "player2": "Ó Bríen", "number": 7}
    r = org_client.post(
        reverse("drives:seating_change", args=[drive.pk]),
        {**post, "from_game": 1, "seating": token},
    )
    assert r.status_code == 409
    assert drive.pairs.count() == 7
