"""Spreadsheet downloads of a drive (drives/csv_views.py)."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.urls import reverse

from drives import services
from drives.models import TableGame
from exchange.views.csv_files import cell
from tests.builders import HTMX, NOW, add_pairs, make_drive, play_game

pytestmark = pytest.mark.django_db

NAMES = ("csv_standings", "csv_results", "csv_audit")


def url(name, drive):
    return reverse(f"exchange:{name}", args=[drive.pk])


def rows(response) -> list[list[str]]:
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff"), "Excel needs the byte order mark to read UTF-8"
    return list(csv.reader(io.StringIO(text[1:])))


def goes_to_login(response) -> bool:
    return response.status_code == 302 and response.url.startswith(reverse("login"))


@pytest.fixture
def drive(club, organizer):
    """7 pairs (pair 1 with accents, pair 2 named like a formula), game 1 played
    (one pair sits out), game 2 seated with one result in."""
    d = make_drive(club, organizer)
    services.pair_add(
        drive=d, actor=organizer, now=NOW, player1="Ó Súilleabháin", player2="Thériault"
    )
    services.pair_add(drive=d, actor=organizer, now=NOW, player1='=HYPERLINK("x")', player2="@Bob")
    add_pairs(d, organizer, 5)
    d = services.drive_start(drive=d, actor=organizer, now=NOW, seed=3)
    play_game(d, organizer)
    d = services.game_advance(drive=d, from_game=1, actor=organizer, now=NOW)
    tg = TableGame.objects.filter(drive=d, game=2, status="pending").order_by("table").first()
    winner = tg.seats.order_by("slot").first().pair.number
    services.result_record(
        drive=d, game=2, table=tg.table, winner_number=winner, actor=organizer, now=NOW
    )
    return d


def test_a_cell_that_a_spreadsheet_would_run_is_kept_as_text():
    for text in ("=1+2", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1"):
        assert cell(text) == "'" + text
    assert cell("Mary & John") == "Mary & John"
    assert cell(7) == "7"
    assert cell(None) == ""
    assert cell("1 2 5") == "1 2 5"


def test_standings_list_every_pair_with_its_punched_games(org_client, drive):
    r = org_client.get(url("csv_standings", drive))
    assert r.status_code == 200
    assert r["Content-Type"] == "text/csv; charset=utf-8"
    assert r["Content-Disposition"] == (
        'attachment; filename="drive-2026-11-29-friday-45s-standings.csv"'
    )
    header, *body = rows(r)
    assert header == [
        "Place",
        "Pair",
        "Names",
        "Games won",
        "Punched games",
        "First player in the register",
        "Second player in the register",
    ]
    assert len(body) == 7
    by_pair = {int(row[1]): row for row in body}
    assert by_pair[1][2] == "Ó Súilleabháin & Thériault"
    assert by_pair[2][2] == '\'=HYPERLINK("x") & @Bob'
    # The register's people of each pair, as the register writes them (and made safe).
    assert by_pair[1][5:] == ["Ó Súilleabháin", "Thériault"]
    assert by_pair[2][5:] == ['\'=HYPERLINK("x")', "@Bob".join(["'", ""])]
    won = {
        n: sorted(
            TableGame.objects.filter(
                drive=drive, winner__number=n, status__in=TableGame.COUNTED
            ).values_list("game", flat=True)
        )
        for n in by_pair
    }
    for n, row in by_pair.items():
        assert row[3] == str(len(won[n]))
        assert row[4] == " ".join(str(g) for g in won[n])
    # Places go with games won: most first, equal totals share a place.
    totals = [int(row[3]) for row in body]
    assert totals == sorted(totals, reverse=True)
    assert body[0][0] == "1"


def test_results_have_a_row_per_table_per_game(org_client, drive):
    header, *body = rows(org_client.get(url("csv_results", drive)))
    assert header == [
        "Game",
        "Table",
        "Pair A",
        "Pair B",
        "Winner",
        "Status",
        "Source",
        "Entered at",
    ]
    tables = TableGame.objects.filter(drive=drive).order_by("game", "table")
    assert [(row[0], row[1]) for row in body] == [(str(t.game), str(t.table)) for t in tables]
    sitout = next(row for row in body if row[5] == "sitout")
    assert sitout[3] == "" and sitout[6] == "auto"
    counted = next(row for row in body if row[0] == "2" and row[5] == "confirmed")
    assert counted[4] in (counted[2], counted[3])
    assert counted[6] == "front"
    # 19:00 UTC is 15:00 in Halifax, where the hall is.
    assert counted[7] == "2026-11-29 15:00:00"
    pending = next(row for row in body if row[5] == "pending")
    assert pending[4] == "" and pending[7] == ""


def test_the_audit_trail_has_who_did_what_with_old_and_new_as_json(org_client, drive):
    header, *body = rows(org_client.get(url("csv_audit", drive)))
    assert header == ["Time", "Who", "Action", "Summary", "Source", "Device", "Old", "New"]
    assert [row[2] for row in body][:2] == ["drive_create", "pair_add"]
    result = next(row for row in body if row[2] == "result_record" and '"game": 2' in row[7])
    assert result[0] == "2026-11-29 15:00:00" and result[1] == "organizer"
    assert json.loads(result[6]) == {"winner": None, "status": "pending"}
    assert json.loads(result[7])["game"] == 2
    assert "Thériault" in "".join(row[7] for row in body)


def test_a_scorer_gets_standings_and_results_but_not_the_audit_trail(scorer_client, drive):
    assert scorer_client.get(url("csv_standings", drive)).status_code == 200
    assert scorer_client.get(url("csv_results", drive)).status_code == 200
    assert scorer_client.get(url("csv_audit", drive)).status_code == 403


@pytest.mark.parametrize("name", NAMES)
def test_another_club_and_anonymous_get_nothing(other_club_client, anon_client, drive, name):
    assert other_club_client.get(url(name, drive)).status_code == 404
    assert goes_to_login(anon_client.get(url(name, drive)))


@pytest.mark.parametrize("name", NAMES)
def test_a_download_answers_only_a_get(org_client, drive, name):
    assert org_client.post(url(name, drive)).status_code == 405


def test_a_drive_still_registering_has_headers_and_pairs_only(org_client, club, organizer):
    d = make_drive(club, organizer, name="Next Friday")
    add_pairs(d, organizer, 3)
    header, *body = rows(org_client.get(url("csv_standings", d)))
    assert [row[1] for row in body] == ["1", "2", "3"] and {row[4] for row in body} == {""}
    assert rows(org_client.get(url("csv_results", d)))[1:] == []


def test_the_print_page_links_the_spreadsheets(org_client, scorer_client, drive):
    page = reverse("printing:print", args=[drive.pk])
    html = org_client.get(page).content.decode()
    assert "Spreadsheets (CSV)" in html
    assert all(url(n, drive) in html for n in NAMES)
    scorer = scorer_client.get(page).content.decode()
    assert url("csv_standings", drive) in scorer and url("csv_results", drive) in scorer
    assert url("csv_audit", drive) not in scorer
    partial = org_client.get(page, **HTMX).content.decode()
    assert url("csv_results", drive) in partial and "<html" not in partial
