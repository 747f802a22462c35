"""Game screens (drives/views.py): start, the results screen, the result tap,
next game (preview and confirm), finish."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils.html import escape

from clubs.models import AuditEntry
from drives.models import Drive, TableGame
from tests.builders import HTMX, add_pairs, make_drive, play_game, started_drive
from tests.builders.tables import at_table, state, tap_url, winner

pytestmark = pytest.mark.django_db


def goes_to_login(response) -> bool:
    return response.status_code == 302 and response.url.startswith(reverse("login"))


@pytest.fixture
def setup_drive(club, organizer):
    drive = make_drive(club, organizer, games=3)
    add_pairs(drive, organizer, 9)
    return drive


@pytest.fixture
def running(club, organizer):
    """9 pairs, 3 games, game 1 seated: tables 1-4 play, table 5 is the sit-out."""
    return started_drive(club, organizer, pairs=9, games=3, seed=42)


def night_over(club, organizer):
    """A one-game drive with every result in: ready to finish."""
    drive = started_drive(club, organizer, pairs=4, games=1)
    play_game(drive, organizer)
    return drive


# --- Outsiders --------------------------------------------------------------


def requests_for(drive):
    """Each game action, with a request that would change the night if allowed."""
    first = at_table(drive, 1)[0] if drive.current_game else 1
    return {
        "start_form": ("get", reverse("drives:drive_start", args=[drive.pk]), None),
        "start": ("post", reverse("drives:drive_start", args=[drive.pk]), {"seed": "1"}),
        "game": ("get", reverse("drives:game", args=[drive.pk, 1]), None),
        "result": ("post", tap_url(drive, 1), {"winner": first}),
        "next_preview": ("get", reverse("drives:game_next", args=[drive.pk, 1]), None),
        "next": ("post", reverse("drives:game_next", args=[drive.pk, 1]), {"from_game": "1"}),
        "finish": ("post", reverse("drives:drive_finish", args=[drive.pk]), {"from_game": "1"}),
    }


def drive_for(action, request):
    if action.startswith("start"):
        return request.getfixturevalue("setup_drive")
    if action == "finish":
        return night_over(request.getfixturevalue("club"), request.getfixturevalue("organizer"))
    drive = request.getfixturevalue("running")
    if action == "next":
        play_game(drive, request.getfixturevalue("organizer"))
    return drive


ACTIONS = ["start_form", "start", "game", "result", "next_preview", "next", "finish"]


def send(client, drive, action, **extra):
    method, url, data = requests_for(drive)[action]
    return getattr(client, method)(url, data or {}, **extra)


@pytest.mark.parametrize("action", ACTIONS)
def test_a_stranger_is_sent_to_log_in_and_nothing_changes(anon_client, request, action):
    drive = drive_for(action, request)
    before = state(drive)
    assert goes_to_login(send(anon_client, drive, action))
    assert state(drive) == before


@pytest.mark.parametrize("action", ACTIONS)
def test_another_club_gets_not_found_and_nothing_changes(other_club_client, request, action):
    drive = drive_for(action, request)
    before = state(drive)
    assert send(other_club_client, drive, action).status_code == 404
    assert send(other_club_client, drive, action, **HTMX).status_code == 404
    assert state(drive) == before


@pytest.mark.parametrize("action", ["start_form", "start", "finish"])
def test_a_scorer_cannot_start_or_finish_the_drive(scorer_client, request, action):
    drive = drive_for(action, request)
    before = state(drive)
    assert send(scorer_client, drive, action).status_code == 403
    assert state(drive) == before


@pytest.mark.parametrize(
    "action,method",
    [("start", "put"), ("game", "post"), ("result", "get"), ("next", "put"), ("finish", "put")],
)
def test_the_wrong_method_is_refused(org_client, request, action, method):
    drive = drive_for(action, request)
    _, url, _ = requests_for(drive)[action]
    before = state(drive)
    assert getattr(org_client, method)(url).status_code == 405
    assert state(drive) == before


# A number past any row's id is a bad request (clubs/converters.py), not a lookup.
@pytest.mark.parametrize(("drive_id", "status"), [(987654, 404), (2**63 + 1, 400)])
@pytest.mark.parametrize(
    "name,extra,data",
    [
        ("drives:drive_start", [], {"seed": "1"}),
        ("drives:result_record", [1, 1], {"winner": "1"}),
        ("drives:game_next", [1], {"from_game": "1"}),
        ("drives:drive_finish", [], {"from_game": "1"}),
    ],
)
def test_a_drive_that_does_not_exist_is_not_found(
    org_client, running, drive_id, status, name, extra, data
):
    before = state(running)
    assert org_client.post(reverse(name, args=[drive_id, *extra]), data).status_code == status
    assert state(running) == before


# --- Start ------------------------------------------------------------------


def test_start_page_says_how_the_pairs_will_be_seated(org_client, setup_drive):
    r = org_client.get(reverse("drives:drive_start", args=[setup_drive.pk]))
    assert r.status_code == 200
    page = r.content.decode()
    assert "9 pairs will be seated at random at 5 tables." in page
    assert "one pair, which sits out" in page
    assert "9 pairs have not paid:" in page


def test_start_seats_game_one_with_the_seed_and_opens_the_results(org_client, setup_drive):
    r = org_client.post(reverse("drives:drive_start", args=[setup_drive.pk]), {"seed": "42"})
    assert r.status_code == 302
    assert r.url == reverse("drives:game", args=[setup_drive.pk, 1])
    setup_drive.refresh_from_db()
    assert (setup_drive.status, setup_drive.current_game, setup_drive.seed) == ("running", 1, 42)
    assert TableGame.objects.filter(drive=setup_drive, game=1).count() == 5
    assert "seed 42" in org_client.get(r.url).content.decode()


def test_start_without_a_seed_draws_and_records_one(org_client, setup_drive):
    org_client.post(reverse("drives:drive_start", args=[setup_drive.pk]), {"seed": ""})
    setup_drive.refresh_from_db()
    assert setup_drive.is_running
    assert setup_drive.seed is not None


def test_start_from_a_bare_button_draws_a_seed(org_client, setup_drive):
    # A POST with no fields at all (a button without a seed box) still starts the night.
    r = org_client.post(reverse("drives:drive_start", args=[setup_drive.pk]))
    assert r.status_code == 302
    setup_drive.refresh_from_db()
    assert setup_drive.is_running
    assert setup_drive.seed is not None


def test_start_under_htmx_redirects_the_browser_to_game_one(org_client, setup_drive):
    url = reverse("drives:drive_start", args=[setup_drive.pk])
    assert "<html" not in org_client.get(url, **HTMX).content.decode()
    r = org_client.post(url, {"seed": "42"}, **HTMX)
    assert r.status_code == 200
    assert r["HX-Redirect"] == reverse("drives:game", args=[setup_drive.pk, 1])


@pytest.mark.parametrize("pairs", [0, 1])
def test_start_with_fewer_than_two_pairs_is_refused(org_client, club, organizer, pairs):
    drive = make_drive(club, organizer)
    if pairs:
        add_pairs(drive, organizer, pairs)
    url = reverse("drives:drive_start", args=[drive.pk])
    before = state(drive)
    assert "At least 2 pairs are needed to start." in org_client.get(url).content.decode()
    r = org_client.post(url, {"seed": "1"})
    assert r.status_code == 400
    assert "At least 2 pairs are needed to start." in r.content.decode()
    r = org_client.post(url, {"seed": "1"}, **HTMX)
    assert r.status_code == 400
    assert r["HX-Retarget"] == "#flash"
    assert "At least 2 pairs are needed to start." in r.content.decode()
    assert state(drive) == before


@pytest.mark.parametrize(
    "seed,message",
    [("-1", "greater than or equal to 0"), ("abc", "Enter a whole number"), ("1.5", "whole")],
)
def test_start_with_a_bad_seed_shows_the_form_again(org_client, setup_drive, seed, message):
    before = state(setup_drive)
    r = org_client.post(reverse("drives:drive_start", args=[setup_drive.pk]), {"seed": seed})
    assert r.status_code == 400
    assert message in r.content.decode()
    assert state(setup_drive) == before


def test_start_twice_is_refused(org_client, running):
    before = state(running)
    r = org_client.post(reverse("drives:drive_start", args=[running.pk]), {"seed": "7"})
    assert r.status_code == 409
    assert "already started" in r.content.decode()
    assert state(running) == before
    assert running.seed == 42


# --- The results screen -----------------------------------------------------


def test_game_page_shows_each_table_and_the_count(org_client, running):
    r = org_client.get(reverse("drives:game", args=[running.pk, 1]))
    assert r.status_code == 200
    page = r.content.decode()
    assert "Game 1 of 3" in page
    assert "1 of 5 tables in" in page
    for t in (1, 2, 3, 4, 5):
        assert f'id="table-{t}"' in page
    a, b = at_table(running, 1)
    assert f"Player {a}a &amp; Player {a}b" in page
    assert "Sits out: counts as a win" in page
    assert "Cut for the deal" in page


def test_game_page_is_open_to_a_scorer(scorer_client, running):
    assert scorer_client.get(reverse("drives:game", args=[running.pk, 1])).status_code == 200


def test_game_page_under_htmx_is_only_the_content(org_client, running):
    r = org_client.get(reverse("drives:game", args=[running.pk, 1]), **HTMX)
    assert r.status_code == 200
    assert "<html" not in r.content.decode()
    assert 'id="table-1"' in r.content.decode()


@pytest.mark.parametrize("game", [0, 2, 99])
def test_a_game_not_yet_seated_is_not_found(org_client, running, game):
    assert org_client.get(reverse("drives:game", args=[running.pk, game])).status_code == 404


def test_a_played_game_is_shown_read_only(org_client, organizer, running):
    play_game(running, organizer)
    org_client.post(reverse("drives:game_next", args=[running.pk, 1]), {"from_game": "1"})
    page = org_client.get(reverse("drives:game", args=[running.pk, 1])).content.decode()
    assert "Game 2 is under way" in page
    assert "disabled" in page


# --- The result tap ---------------------------------------------------------


def test_a_tap_records_the_winner_and_returns_to_its_table(org_client, organizer, running):
    a, b = at_table(running, 2)
    r = org_client.post(tap_url(running, 2), {"winner": str(b)})
    assert r.status_code == 302
    assert r.url == reverse("drives:game", args=[running.pk, 1]) + "#table-2"
    assert winner(running, 2) == b
    entry = AuditEntry.objects.get(drive=running, action="result_record")
    assert (entry.actor, entry.source, entry.new["winner"]) == (organizer, "front: results", b)


def test_a_tap_under_htmx_returns_the_table_and_the_count(org_client, running):
    a, _ = at_table(running, 3)
    r = org_client.post(tap_url(running, 3), {"winner": str(a)}, **HTMX)
    assert r.status_code == 200
    page = r.content.decode()
    assert "<html" not in page
    assert page.strip().startswith('<article id="table-3"')
    assert 'id="table-1"' not in page
    assert '<div id="count"' in page
    assert 'hx-swap-oob="true"' in page
    assert "2 of 5 tables in" in page
    assert "✓ Won" in page


def test_the_last_result_in_offers_the_next_game(org_client, organizer, running):
    for t in (1, 2, 3):
        org_client.post(tap_url(running, t), {"winner": at_table(running, t)[0]})
    r = org_client.post(tap_url(running, 4), {"winner": at_table(running, 4)[1]}, **HTMX)
    page = r.content.decode()
    assert "5 of 5 tables in" in page
    assert reverse("drives:game_next", args=[running.pk, 1]) in page
    assert "Next: game 2" in page


def test_the_last_result_of_the_last_game_offers_the_finish(org_client, club, organizer):
    drive = started_drive(club, organizer, pairs=4, games=1)
    org_client.post(tap_url(drive, 1), {"winner": at_table(drive, 1)[0]})
    r = org_client.post(tap_url(drive, 2), {"winner": at_table(drive, 2)[0]}, **HTMX)
    page = r.content.decode()
    assert "2 of 2 tables in" in page
    assert reverse("drives:drive_finish", args=[drive.pk]) in page
    assert "Finish the drive" in page


def test_tapping_the_other_pair_changes_the_winner_on_the_second_tap(org_client, running):
    a, b = at_table(running, 1)
    org_client.post(tap_url(running, 1), {"winner": a}, **HTMX)
    before = state(running)
    r = org_client.post(tap_url(running, 1), {"winner": b}, **HTMX)
    # One stray tap on the other pair changes nothing: it asks first.
    assert r.status_code == 200 and state(running) == before and winner(running, 1) == a
    assert f"counts pair {a} as the winner. Change it to pair {b}?" in r.content.decode()
    r = org_client.post(tap_url(running, 1), {"winner": b, "confirm": "yes"}, **HTMX)
    assert r.status_code == 200
    assert winner(running, 1) == b
    assert f"Table 1 changed: pair {b} won (it was pair {a})." in r.content.decode()
    change = AuditEntry.objects.get(drive=running, action="result_change")
    assert (change.old["winner"], change.new["winner"]) == (a, b)
    # Still one table in, not two.
    assert "2 of 5 tables in" in r.content.decode()


def test_the_same_tap_twice_is_counted_once(org_client, running):
    a, _ = at_table(running, 1)
    org_client.post(tap_url(running, 1), {"winner": a}, **HTMX)
    before = state(running)
    r = org_client.post(tap_url(running, 1), {"winner": a}, **HTMX)
    assert r.status_code == 200
    assert state(running) == before


def test_a_scorer_can_tap_a_result(scorer_client, running):
    a, _ = at_table(running, 4)
    r = scorer_client.post(tap_url(running, 4), {"winner": a}, **HTMX)
    assert r.status_code == 200
    tg = TableGame.objects.get(drive=running, game=1, table=4)
    assert (tg.winner.number, tg.entered_by.username) == (a, "scorer")


def bad_taps(drive):
    a, _ = at_table(drive, 1)
    elsewhere = at_table(drive, 2)[0]
    (sitter,) = at_table(drive, 5)
    return {
        "pair-elsewhere": (
            tap_url(drive, 1),
            {"winner": elsewhere},
            400,
            "is not seated at table 1",
        ),
        "unknown-pair": (tap_url(drive, 1), {"winner": 77}, 400, "Pair 77 is not seated"),
        "unknown-table": (tap_url(drive, 6), {"winner": a}, 404, "There is no table 6 in game 1"),
        "sit-out": (tap_url(drive, 5), {"winner": sitter}, 400, "Table 5 is a sit-out"),
        "not-a-number": (tap_url(drive, 1), {"winner": "Mary"}, 400, "Tap the pair that won."),
        "no-winner": (tap_url(drive, 1), {}, 400, "Tap the pair that won."),
        "pair-zero": (tap_url(drive, 1), {"winner": 0}, 400, "Tap the pair that won."),
        "huge-table": (tap_url(drive, 10**6), {"winner": a}, 404, "There is no table"),
        "future-game": (tap_url(drive, 1, game=2), {"winner": a}, 409, "Game 2 is not the current"),
    }


BAD_TAPS = [
    "pair-elsewhere",
    "unknown-pair",
    "unknown-table",
    "sit-out",
    "not-a-number",
    "no-winner",
    "pair-zero",
    "huge-table",
    "future-game",
]


@pytest.mark.parametrize("case", BAD_TAPS)
def test_a_bad_tap_is_refused_with_a_message(org_client, running, case):
    url, data, status, message = bad_taps(running)[case]
    before = state(running)
    r = org_client.post(url, data)
    assert r.status_code == status
    assert message in r.content.decode()
    assert "Nothing was changed." in r.content.decode()
    assert state(running) == before


@pytest.mark.parametrize("case", BAD_TAPS)
def test_a_bad_tap_under_htmx_shows_the_message_in_the_flash(org_client, running, case):
    url, data, status, message = bad_taps(running)[case]
    before = state(running)
    r = org_client.post(url, data, **HTMX)
    assert r.status_code == status
    assert r["HX-Retarget"] == "#flash"
    assert "<html" not in r.content.decode()
    assert message in r.content.decode()
    assert state(running) == before


def test_a_tap_on_a_played_game_is_refused(org_client, organizer, running):
    a, b = at_table(running, 1)
    play_game(running, organizer, pick=0)
    org_client.post(reverse("drives:game_next", args=[running.pk, 1]), {"from_game": "1"})
    before = state(running)
    r = org_client.post(tap_url(running, 1), {"winner": b}, **HTMX)
    assert r.status_code == 409
    assert "Game 1 is not the current game (game 2 is being played)." in r.content.decode()
    assert winner(running, 1) == a
    assert state(running) == before


def test_a_tap_before_the_start_is_refused(org_client, setup_drive):
    before = state(setup_drive)
    r = org_client.post(tap_url(setup_drive, 1), {"winner": 1})
    assert r.status_code == 409
    assert "has not started" in r.content.decode()
    assert state(setup_drive) == before


# --- Next game --------------------------------------------------------------


def test_next_game_preview_lists_the_tables_still_missing(org_client, running):
    a, _ = at_table(running, 2)
    org_client.post(tap_url(running, 2), {"winner": a})
    r = org_client.get(reverse("drives:game_next", args=[running.pk, 1]))
    assert r.status_code == 200
    page = r.content.decode()
    assert "2 of 5 tables in." in page
    assert "table 1</a>, " in page
    assert "table 3</a>" in page and "table 4</a>" in page
    assert "table 2</a>" not in page
    assert "Confirm" not in page


def test_next_game_preview_shows_the_moves_before_confirming(org_client, organizer, running):
    play_game(running, organizer, pick=0)
    winner_1 = winner(running, 1)
    r = org_client.get(reverse("drives:game_next", args=[running.pk, 1]))
    assert r.status_code == 200
    page = r.content.decode()
    assert "Confirm: start game 2" in page
    names = {p.number: p.names for p in running.pairs.all()}

    def move(pair, words):
        return f'Pair {pair}</strong> <span class="names">({escape(names[pair])})</span>: {words}'

    assert move(winner_1, "table 1 → 2") in page
    (sitter,) = at_table(running, 5)
    assert move(sitter, "table 5 → 1") in page
    running.refresh_from_db()
    assert running.current_game == 1


def test_next_game_preview_is_open_to_a_scorer_and_has_an_htmx_partial(scorer_client, running):
    url = reverse("drives:game_next", args=[running.pk, 1])
    assert scorer_client.get(url).status_code == 200
    r = scorer_client.get(url, **HTMX)
    assert r.status_code == 200
    assert "<html" not in r.content.decode()
    assert "Seat game 2" in r.content.decode()


def test_next_game_preview_of_a_played_game_goes_to_the_current_one(org_client, organizer, running):
    play_game(running, organizer)
    org_client.post(reverse("drives:game_next", args=[running.pk, 1]), {"from_game": "1"})
    r = org_client.get(reverse("drives:game_next", args=[running.pk, 1]))
    assert r.status_code == 302
    assert r.url == reverse("drives:game", args=[running.pk, 2])


def test_next_game_preview_after_the_last_game_says_so(org_client, club, organizer):
    drive = night_over(club, organizer)
    page = org_client.get(reverse("drives:game_next", args=[drive.pk, 1])).content.decode()
    assert "That was the last game." in page


def test_next_game_seats_the_next_game(org_client, organizer, running):
    play_game(running, organizer)
    r = org_client.post(reverse("drives:game_next", args=[running.pk, 1]), {"from_game": "1"})
    assert r.status_code == 302
    assert r.url == reverse("drives:game", args=[running.pk, 2])
    running.refresh_from_db()
    assert running.current_game == 2
    assert TableGame.objects.filter(drive=running, game=2).count() == 5
    assert AuditEntry.objects.get(drive=running, action="game_advance").new["game"] == 2


def test_next_game_under_htmx_sends_the_browser_to_the_new_game(org_client, organizer, running):
    play_game(running, organizer)
    r = org_client.post(
        reverse("drives:game_next", args=[running.pk, 1]), {"from_game": "1"}, **HTMX
    )
    assert r.status_code == 200
    assert r["HX-Redirect"] == reverse("drives:game", args=[running.pk, 2])


def test_a_scorer_can_seat_the_next_game(scorer_client, organizer, running):
    play_game(running, organizer)
    r = scorer_client.post(reverse("drives:game_next", args=[running.pk, 1]), {"from_game": "1"})
    assert r.status_code == 302
    running.refresh_from_db()
    assert running.current_game == 2


def test_next_game_twice_moves_on_only_once(org_client, organizer, running):
    play_game(running, organizer)
    url = reverse("drives:game_next", args=[running.pk, 1])
    org_client.post(url, {"from_game": "1"})
    before = state(running)
    r = org_client.post(url, {"from_game": "1"}, **HTMX)
    assert r.status_code == 409
    assert r["HX-Retarget"] == "#flash"
    assert "Game 2 is already under way" in r.content.decode()
    assert state(running) == before
    assert before[1] == 2


def test_next_game_while_tables_are_missing_is_refused(org_client, running):
    a, _ = at_table(running, 3)
    org_client.post(tap_url(running, 3), {"winner": a})
    before = state(running)
    r = org_client.post(reverse("drives:game_next", args=[running.pk, 1]), {"from_game": "1"})
    assert r.status_code == 409
    assert "Waiting for the result of table(s) 1, 2, 4." in r.content.decode()
    assert state(running) == before


@pytest.mark.parametrize(
    "data,status,message",
    [
        ({"from_game": "2"}, 409, "out of date"),
        ({"from_game": "x"}, 400, "This page is out of date: reload it."),
        ({}, 400, "This page is out of date: reload it."),
    ],
    ids=["stale", "not-a-number", "missing"],
)
def test_next_game_from_a_bad_page_is_refused(
    org_client, organizer, running, data, status, message
):
    play_game(running, organizer)
    before = state(running)
    r = org_client.post(reverse("drives:game_next", args=[running.pk, 1]), data)
    assert r.status_code == status
    assert message in r.content.decode()
    assert state(running) == before


def test_next_game_for_a_game_not_seated_is_not_found(org_client, organizer, running):
    play_game(running, organizer)
    before = state(running)
    r = org_client.post(reverse("drives:game_next", args=[running.pk, 2]), {"from_game": "1"})
    assert r.status_code == 404
    assert state(running) == before


# --- Finish -----------------------------------------------------------------


def test_finish_closes_the_night_and_shows_the_standings(org_client, club, organizer):
    drive = night_over(club, organizer)
    r = org_client.post(reverse("drives:drive_finish", args=[drive.pk]), {"from_game": "1"})
    assert r.status_code == 302
    assert r.url == reverse("board:drive_standings", args=[drive.pk])
    drive.refresh_from_db()
    assert drive.is_finished
    assert AuditEntry.objects.filter(drive=drive, action="drive_finish").count() == 1
    assert "Final, after 1 game." in org_client.get(r.url).content.decode()


def test_finish_under_htmx_sends_the_browser_to_the_standings(org_client, club, organizer):
    drive = night_over(club, organizer)
    r = org_client.post(reverse("drives:drive_finish", args=[drive.pk]), {"from_game": "1"}, **HTMX)
    assert r.status_code == 200
    assert r["HX-Redirect"] == reverse("board:drive_standings", args=[drive.pk])


def test_finish_before_the_last_game_is_refused(org_client, organizer, running):
    play_game(running, organizer)
    before = state(running)
    url = reverse("drives:drive_finish", args=[running.pk])
    r = org_client.post(url, {"from_game": "1"})
    assert r.status_code == 409
    assert "Game 1 of 3 is being played: play the last game first." in r.content.decode()
    r = org_client.post(url, {"from_game": "1"}, **HTMX)
    assert r.status_code == 409
    assert r["HX-Retarget"] == "#flash"
    assert "play the last game first" in r.content.decode()
    assert state(running) == before


def test_finish_with_a_result_missing_is_refused(org_client, club, organizer):
    drive = started_drive(club, organizer, pairs=4, games=1)
    before = state(drive)
    r = org_client.post(reverse("drives:drive_finish", args=[drive.pk]), {"from_game": "1"})
    assert r.status_code == 409
    assert "Waiting for the result of table(s) 1, 2." in r.content.decode()
    assert state(drive) == before


@pytest.mark.parametrize("data,status", [({"from_game": "x"}, 400), ({"from_game": "2"}, 409)])
def test_finish_from_a_bad_page_is_refused(org_client, club, organizer, data, status):
    drive = night_over(club, organizer)
    before = state(drive)
    r = org_client.post(reverse("drives:drive_finish", args=[drive.pk]), data)
    assert r.status_code == status
    assert "out of date" in r.content.decode()
    assert state(drive) == before


def test_after_the_finish_results_are_read_only(org_client, club, organizer):
    drive = night_over(club, organizer)
    org_client.post(reverse("drives:drive_finish", args=[drive.pk]), {"from_game": "1"})
    a, b = at_table(drive, 1)
    kept = winner(drive, 1)
    loser = b if kept == a else a
    before = state(drive)
    r = org_client.post(tap_url(drive, 1), {"winner": loser}, **HTMX)
    assert r.status_code == 409
    assert "The drive is finished: results are read-only." in r.content.decode()
    page = org_client.get(reverse("drives:game", args=[drive.pk, 1])).content.decode()
    assert "results are read-only" in page
    assert "disabled" in page
    assert winner(drive, 1) == kept
    assert state(drive) == before
    assert Drive.objects.get(pk=drive.pk).is_finished


def test_a_scorer_sees_no_finish_button_and_no_organizer_tabs(scorer_client, club, organizer):
    d = started_drive(club, organizer, pairs=4, games=1)
    play_game(d, organizer)
    r = scorer_client.get(reverse("drives:game", args=[d.pk, 1]))
    html = r.content.decode()
    assert r.status_code == 200
    assert "Finish the drive" not in html
    assert "The organizer finishes the drive" in html
    assert reverse("drives:audit", args=[d.pk]) not in html
    assert reverse("drives:pairs", args=[d.pk]) not in html


def test_an_htmx_tap_on_another_clubs_table_is_a_404_message_in_the_flash(
    other_club_client, club, organizer
):
    d = started_drive(club, organizer, pairs=4)
    url = reverse("drives:result_record", args=[d.pk, 1, 1])
    r = other_club_client.post(url, {"winner": 1}, HTTP_HX_REQUEST="true")
    assert r.status_code == 404
    assert r["HX-Retarget"] == "#flash"
    assert "<html" not in r.content.decode()
