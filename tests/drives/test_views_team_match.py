"""A team match on the screens: the Start page, the front's "next game", the table page
and a pair's own card say where each pair goes by the schedule, never "winners move"; a
seat change is refused with its reason as a 4xx, never a 500."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from drives import services
from drives.models import Pair
from tests.builders import HTMX, NOW, add_pairs, make_drive, play_game, row_counts, started_drive
from tests.builders.team_match import next_game, seated, team_match

pytestmark = pytest.mark.django_db

WINNERS_MOVE = "Winners move to the next table"
FOLLOWS = (
    "A team match's seats follow its schedule: no pair can join, leave or change seats once "
    "it has started."
)


def text_of(response) -> str:
    """The page's words as a person reads them: no tags, entities read, spaces folded."""
    words = re.sub(r"<[^>]+>", " ", response.content.decode())
    return re.sub(r"\s+", " ", html.unescape(words)).strip()


@pytest.fixture
def match(club, organizer):
    """Three pairs of team 1 (1-3, staying) against four of team 2 (4-7), game 1 seated."""
    return team_match(club, organizer, one=3, two=4)


def next_url(drive, game=1):
    return reverse("drives:game_next", args=[drive.pk, game])


# --- The front's "next game" -------------------------------------------------------------


def test_next_game_says_the_pairs_move_by_the_schedule(org_client, match, organizer):
    play_game(match, organizer)
    r = org_client.get(next_url(match))
    assert r.status_code == 200
    page = text_of(r)
    assert "A team match: the pairs move by its schedule, whoever won." in page
    assert WINNERS_MOVE not in page
    assert "Sitting out in game 2: pair 6." in page
    # Game 2: team 2 moves up one table; pair 7 comes round from the sit-out, table 4, to 1.
    assert re.search(r"Pair 4 \(Player 4a & Player 4b\) ?: table 1 → 2", page)
    assert re.search(r"Pair 7 \(Player 7a & Player 7b\) ?: table 4 → 1", page)
    assert "Pair 1 (" not in page  # team 1 stays: it is in no move


def test_next_game_seats_the_schedules_game_2(org_client, match, organizer):
    play_game(match, organizer)
    r = org_client.post(next_url(match), {"from_game": 1})
    assert r.status_code == 302
    assert seated(match, 2) == [(1, (1, 7)), (2, (2, 4)), (3, (3, 5)), (4, (6,))]


def test_next_game_before_the_results_is_a_409_saying_which_tables(org_client, match):
    before = row_counts()
    r = org_client.post(next_url(match), {"from_game": 1})
    assert r.status_code == 409
    assert "Waiting for the result of table(s) 1, 2, 3." in text_of(r)
    r = org_client.post(next_url(match), {"from_game": 1}, **HTMX)
    assert r.status_code == 409 and "Waiting for the result of table(s) 1, 2, 3." in text_of(r)
    assert row_counts() == before


def test_the_next_game_partial_for_htmx(org_client, match, organizer):
    play_game(match, organizer)
    r = org_client.get(next_url(match), **HTMX)
    assert r.status_code == 200
    assert "<html" not in r.content.decode()
    assert "Sitting out in game 2: pair 6." in text_of(r)


def test_next_game_answers_get_and_post_only_and_not_outsiders(
    org_client, other_club_client, match
):
    assert org_client.put(next_url(match)).status_code == 405
    assert other_club_client.get(next_url(match)).status_code == 404


def test_an_ordinary_drive_still_says_winners_move(org_client, club, organizer):
    drive = started_drive(club, organizer, pairs=4, games=3, name="Plain night")
    play_game(drive, organizer)
    page = text_of(org_client.get(next_url(drive)))
    assert WINNERS_MOVE in page and "A team match" not in page


# --- Seat changes are refused ------------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "swap", "a": 4, "b": 5},
        {"kind": "leave", "number": 4},
        {"kind": "arrive", "player1": "Late", "player2": "Comer"},
        {"kind": "move", "number": 7, "table": 3},
    ],
    ids=["swap", "leave", "arrive", "move"],
)
def test_a_seat_change_is_a_409_with_its_reason(org_client, match, data):
    before = row_counts()
    change = reverse("drives:seating_change", args=[match.pk])
    r = org_client.post(change, {**data, "from_game": 1})
    assert r.status_code == 409 and FOLLOWS in text_of(r)
    r = org_client.post(change, {**data, "from_game": 1}, **HTMX)
    assert r.status_code == 409 and FOLLOWS in text_of(r)
    preview = reverse("drives:seating_preview", args=[match.pk])
    r = org_client.get(preview, data)
    assert r.status_code == 409 and FOLLOWS in text_of(r)
    assert row_counts() == before


def test_the_seats_page_says_why_and_offers_no_change(org_client, match):
    r = org_client.get(reverse("drives:seating", args=[match.pk]))
    assert r.status_code == 200
    assert FOLLOWS in text_of(r)
    assert "A late pair arrives" not in text_of(r)
    game = text_of(org_client.get(reverse("drives:game", args=[match.pk, 1])))
    assert "Late pair, leaving pair or seat change" not in game


# --- The Start page ----------------------------------------------------------------------


def test_the_start_page_says_what_the_team_match_will_be(org_client, club, organizer):
    drive = team_match(club, organizer, one=2, two=3, start=False)
    page = text_of(org_client.get(reverse("drives:drive_start", args=[drive.pk])))
    assert "A team match: team 1's 2 pairs against team 2's 3 pairs, 3 games." in page
    assert "Team 1 stays at tables 1 to 2" in page
    assert "Each game 1 pair of the larger team sits out; a sit-out counts as no game won." in page
    assert "seated at random" not in page
    # No draw, so no seed to type.
    assert "The seed is shown afterwards" not in page
    plain = make_drive(club, organizer, name="Plain start")
    add_pairs(plain, organizer, 4)
    assert "The seed is shown afterwards" in text_of(
        org_client.get(reverse("drives:drive_start", args=[plain.pk]))
    )


@pytest.mark.parametrize(
    ("one", "two", "words"),
    [
        (
            1,
            1,
            [
                "A team match: team 1's 1 pair against team 2's 1 pair, 1 game.",
                "Team 1 stays at table 1; the pairs of the other team take turns there",
            ],
        ),
        (
            1,
            3,
            [
                "team 1's 1 pair against team 2's 3 pairs, 3 games.",
                "Team 1 stays at table 1;",
                "Each game 2 pairs of the larger team sit out;",
            ],
        ),
    ],
)
def test_the_start_page_counts_in_plain_words(org_client, club, organizer, one, two, words):
    """Never "1 pairs", "1 games" or "tables 1 to 1"."""
    drive = team_match(club, organizer, one=one, two=two, start=False)
    page = text_of(org_client.get(reverse("drives:drive_start", args=[drive.pk])))
    for said in words:
        assert said in page
    assert "1 pairs" not in page and "1 games" not in page and "tables 1 to 1" not in page


def test_the_start_page_of_a_team_match_in_french(org_client, club, organizer):
    club.language = "fr"
    club.save()
    drive = team_match(club, organizer, one=1, two=3, start=False)
    r = org_client.get(reverse("drives:drive_start", args=[drive.pk]))
    page = text_of(r)
    assert "l'équipe 1 avec 1 paire contre l'équipe 2 avec 3 paires, 3 parties." in page
    assert "L'équipe 1 reste à la table 1 ;" in page
    assert "2 paires de la plus grande équipe sont en relâche" in page


def test_the_start_says_game_1_is_seated_by_the_schedule_not_by_a_seed(org_client, club, organizer):
    drive = team_match(club, organizer, one=2, two=2, start=False)
    r = org_client.post(
        reverse("drives:drive_start", args=[drive.pk]), {"seed": "", "alongside": "on"}, follow=True
    )
    page = text_of(r)
    assert "Game 1 is seated by the match's schedule." in page
    assert "(seed" not in page


def test_a_team_match_without_its_teams_is_refused_at_the_start(org_client, club, organizer):
    drive = make_drive(club, organizer, movement="team_match")
    services.pairs_add_many(
        drive=drive, actor=organizer, now=NOW, entries=[(1, "A", "B"), (2, "C", "D")], side=1
    )
    services.pairs_add_many(
        drive=drive, actor=organizer, now=NOW, entries=[(3, "E", "F"), (5, "G", "H")]
    )
    words = "Every pair of a team match plays for one of its two teams: pairs 3 and 5 have none."
    start = reverse("drives:drive_start", args=[drive.pk])
    assert words in text_of(org_client.get(start))
    before = row_counts()
    r = org_client.post(start, {"seed": "", "alongside": "on"})
    assert r.status_code == 400 and words in text_of(r)
    r = org_client.post(start, {"seed": "", "alongside": "on"}, **HTMX)
    assert r.status_code == 400 and words in text_of(r)
    assert row_counts() == before


# --- The table page ----------------------------------------------------------------------


@pytest.fixture
def phone():
    return Client()


def table_url(club, table):
    return reverse("table:page", args=[services.table_links(club, 4)[table - 1].token])


def test_the_table_page_says_where_each_pair_goes_next(phone, club, match):
    r = phone.get(table_url(club, 1))
    assert r.status_code == 200
    page = text_of(r)
    assert "Next, game 2, by the team match's schedule:" in page
    assert "Pair 1 stays at this table." in page and "Pair 4 goes to table 2." in page
    assert "Cut for the deal" in page
    sitout = text_of(phone.get(table_url(club, 4)))
    assert "Pair 7 sits out this game." in sitout and "counts as a win" not in sitout
    assert "Pair 7 goes to table 1." in sitout
    panel = phone.get(table_url(club, 2), **HTMX)
    assert "<html" not in panel.content.decode()
    assert "Pair 5 goes to table 3." in text_of(panel)


def test_the_table_page_after_the_result_and_at_the_last_game(phone, club, match, organizer):
    play_game(match, organizer)
    page = text_of(phone.get(table_url(club, 3)))
    assert "Counted: pair 3 won." in page and "Pair 6 sits out." in page
    drive = match
    for _game in range(3):
        drive = next_game(drive, organizer)
        if drive.current_game < 4:
            play_game(drive, organizer)
    last = text_of(phone.get(table_url(club, 1)))
    assert "Game 4 of 4" in last and "Next, game" not in last


def test_a_tap_refused_at_a_team_match_table_is_a_4xx(phone, club, match):
    token = services.table_links(club, 4)[0].token
    r = phone.post(
        reverse("table:report", args=[token]),
        {"game": 1, "key": "k-00000001", "winner": 6},
        HTTP_X_REQUESTED_WITH="fetch",
    )
    assert 400 <= r.status_code < 500
    assert "pair 6" in text_of(r).lower() and "Next, game 2" in text_of(r)


# --- A pair's own card -------------------------------------------------------------------


def card(drive, number):
    pair = Pair.objects.get(drive=drive, number=number)
    return reverse("card:page", args=[pair.card_token])


def test_a_pairs_own_card_says_its_next_table(anon_client, match, organizer):
    assert "Next game: you stay at table 1." in text_of(anon_client.get(card(match, 1)))
    assert "Next game: table 2." in text_of(anon_client.get(card(match, 4)))
    assert "Next game: you sit out." in text_of(anon_client.get(card(match, 6)))
    sitting = text_of(anon_client.get(card(match, 7)))
    assert "you sit out" in sitting and "Next game: table 1." in sitting
    play_game(match, organizer)
    done = text_of(anon_client.get(card(match, 4)))
    assert "Next game: table 2." in done
    assert "Your next table shows here when the next game starts." not in done
