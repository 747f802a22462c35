"""The hall's hot paths make an exact number of SQL statements, the same at 20 pairs as at
120: a big hall's night must not slow down table by table (drives/queries.py, drives/sql.py),
and a tap that goes from 11 statements to 12 fails here with every statement listed
(tests/support.py).

Each request goes through the test client, so the session and the login's statements are
counted as a real request makes them. Inside a test the service's transaction is a
SAVEPOINT and its RELEASE: two statements, where a request in the hall sends BEGIN and
COMMIT. PostgreSQL takes its row locks inside the same reads (FOR SHARE / FOR UPDATE), so
SQLite and PostgreSQL make the same counts; a count that comes to differ is pinned per
vendor ({"sqlite": n, "postgresql": m}).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.urls import reverse

from drives import services
from drives.models import Drive, TableGame, TableLink
from tests.builders import HTMX, NOW, make_club, make_user, play_game, started_drive
from tests.support import assert_statement_count, shorten

pytestmark = pytest.mark.django_db

FETCH = {"HTTP_X_REQUESTED_WITH": "fetch"}
SIZES = (20, 120)

# The organizer's requests start with the session, its user and the club guard (the drive
# with its club and the user's role): 3 statements. A write's transaction is its SAVEPOINT
# and RELEASE (2) around its reads and writes.
FRONT_TAP = 11  # 3, the counted winner, 2 + the locked table, retry key, table, audit; strip
FRONT_CHANGE_ASKED = 6  # 3, the counted winner, the table shown, the strip of table numbers
FRONT_CHANGE_CONFIRMED = 10  # a confirmed tap: the write alone tells what counted before
RESULT_SCREEN = 7  # 3, the live key, the tables, their seats, the hands kept
RESULT_POLL_UNCHANGED = 4  # 3, the live key: 204
RESULT_POLL_ONE_TILE = 8  # 3, the live key, the tables, seats, reports, hands
STANDINGS = 5  # 3, the results, the pairs
NEXT_GAME = 11  # 3, 2 + the locked drive, the seating, new tables, seats, the drive, audit
# A phone's requests carry no session: the table card (link, club, drive, table, seats) is
# one statement; a write adds 2 + the locked table, the retry key, the table and the audit.
TABLE_PAGE = 1
TABLE_WRITE = 7
# The board (no login): the drive with its club, the fingerprint; then the top pairs, the
# strip of table numbers and the moves into the game (its seating and the last one's).
BOARD = 5
BOARD_POLL_UNCHANGED = 2
# A pair's own card on its phone (no login): the pair with its drive, club and the drive's
# fingerprint is one statement, the whole unchanged poll; the card adds the pair's games
# (its seats with their tables and the other pair) and every pair's games won (its place).
PAIR_CARD = 3
PAIR_CARD_POLL_UNCHANGED = 1


@dataclass
class Hall:
    """One club's drive, its organizer's browser and table 1's card."""

    pairs: int
    drive: Drive
    organizer: User
    front: Client
    link: TableLink

    @property
    def label(self) -> str:
        return f"{self.pairs} pairs, {connection.vendor}"

    def seated(self, table: int = 1) -> list[int]:
        tg = TableGame.objects.get(drive=self.drive, game=self.drive.current_game, table=table)
        return [s.pair.number for s in tg.seats.select_related("pair").order_by("slot")]

    def table_url(self, action: str = "page") -> str:
        return reverse(f"table:{action}", args=[self.link.token])


def make_hall(pairs: int) -> Hall:
    """A club of its own (its table cards serve this drive), game 1 seated, no result in."""
    club = make_club(f"Hall of {pairs}")
    organizer = make_user(club, username=f"organizer-{pairs}")
    drive = started_drive(club, organizer, pairs=pairs, games=5, seed=pairs, board_public=True)
    front = Client()
    front.force_login(organizer)
    return Hall(pairs, drive, organizer, front, services.table_links(club, 1)[0])


@pytest.fixture
def halls(db) -> list[Hall]:
    return [make_hall(n) for n in SIZES]


def expect(response, status: int) -> None:
    assert response.status_code == status, response.content[:300]


def report(hall: Hall, phone: Client, winner: int, key: str = "k-00000001"):
    return phone.post(hall.table_url("report"), {"game": 1, "key": key, "winner": winner}, **FETCH)


def test_the_halls_really_differ_in_size(halls):
    assert [TableGame.objects.filter(drive=h.drive, game=1).count() for h in halls] == [10, 60]


# --- The front: the organizer's result screen ------------------------------------------


def test_a_result_tap(halls):
    for hall in halls:
        url = reverse("drives:result_record", args=[hall.drive.pk, 1, 1])
        winner = hall.seated()[0]
        with assert_statement_count(FRONT_TAP, label=hall.label):
            expect(hall.front.post(url, {"winner": winner}, **HTMX), 200)
        assert TableGame.objects.get(drive=hall.drive, game=1, table=1).status == "confirmed"


def test_changing_a_counted_result_asks_then_writes(halls):
    for hall in halls:
        first, second = hall.seated()
        url = reverse("drives:result_record", args=[hall.drive.pk, 1, 1])
        expect(hall.front.post(url, {"winner": first}, **HTMX), 200)
        with assert_statement_count(FRONT_CHANGE_ASKED, label=f"asked, {hall.label}"):
            expect(hall.front.post(url, {"winner": second}, **HTMX), 200)
        with assert_statement_count(FRONT_CHANGE_CONFIRMED, label=f"confirmed, {hall.label}"):
            expect(hall.front.post(url, {"winner": second, "confirm": "yes"}, **HTMX), 200)
        tg = TableGame.objects.get(drive=hall.drive, game=1, table=1)
        assert tg.winner.number == second


def test_the_result_screen(halls):
    for hall in halls:
        play_game(hall.drive, hall.organizer)
        url = reverse("drives:game", args=[hall.drive.pk, 1])
        with assert_statement_count(RESULT_SCREEN, label=hall.label):
            expect(hall.front.get(url), 200)


def poll_url(page: str) -> str:
    m = re.search(r'<div id="live-poll"[^>]*hx-get="([^"]+)"', page)
    assert m, "no poller"
    return html.unescape(m.group(1))


def test_the_result_screens_poll(halls):
    for hall in halls:
        page = hall.front.get(reverse("drives:game", args=[hall.drive.pk, 1])).content.decode()
        with assert_statement_count(RESULT_POLL_UNCHANGED, label=f"unchanged, {hall.label}"):
            expect(hall.front.get(poll_url(page), **HTMX), 204)
        expect(report(hall, Client(), hall.seated()[0]), 200)
        with assert_statement_count(RESULT_POLL_ONE_TILE, label=f"one tile, {hall.label}"):
            r = hall.front.get(poll_url(page), **HTMX)
        expect(r, 200)
        assert re.findall(r'<article id="table-(\d+)" hx-swap-oob="true"', r.content.decode()) == [
            "1"
        ]


def test_the_standings(halls):
    for hall in halls:
        play_game(hall.drive, hall.organizer)
        with assert_statement_count(STANDINGS, label=hall.label):
            expect(hall.front.get(reverse("board:drive_standings", args=[hall.drive.pk])), 200)


def test_next_game(halls):
    for hall in halls:
        play_game(hall.drive, hall.organizer)
        url = reverse("drives:game_next", args=[hall.drive.pk, 1])
        with assert_statement_count(NEXT_GAME, label=hall.label):
            expect(hall.front.post(url, {"from_game": "1"}), 302)
        hall.drive.refresh_from_db()
        assert hall.drive.current_game == 2


# --- The phones at the tables ------------------------------------------------------------


def test_a_phone_opens_its_table_card_and_polls_it(halls):
    for hall in halls:
        phone = Client()
        with assert_statement_count(TABLE_PAGE, label=f"first visit, {hall.label}"):
            r = phone.get(hall.table_url())
        expect(r, 200)
        assert "cd_device" in r.cookies
        with assert_statement_count(TABLE_PAGE, label=f"poll, {hall.label}"):
            r = phone.get(hall.table_url(), **HTMX)
        expect(r, 200)
        with assert_statement_count(TABLE_PAGE, label=f"unchanged poll, {hall.label}"):
            expect(phone.get(hall.table_url(), HTTP_IF_NONE_MATCH=r["ETag"], **HTMX), 304)


def test_a_tables_report(halls):
    for hall in halls:
        winner = hall.seated()[0]
        with assert_statement_count(TABLE_WRITE, label=hall.label):
            expect(report(hall, Client(), winner), 200)
        assert TableGame.objects.get(drive=hall.drive, game=1, table=1).status == "reported"


def test_a_confirmation(halls):
    for hall in halls:
        mine, other = Client(), Client()
        for phone in (mine, other):
            phone.get(hall.table_url())  # each its own device cookie
        winner, confirmer = hall.seated()
        expect(report(hall, mine, winner), 200)
        data = {"game": 1, "key": "k-00000002", "winner": winner, "confirmer": confirmer}
        with assert_statement_count(TABLE_WRITE, label=hall.label):
            expect(other.post(hall.table_url("confirm"), data, **FETCH), 200)
        assert TableGame.objects.get(drive=hall.drive, game=1, table=1).status == "confirmed"


def test_a_withdrawal(halls):
    for hall in halls:
        phone = Client()
        phone.get(hall.table_url())  # its device cookie: the withdrawal comes from the reporter
        expect(report(hall, phone, hall.seated()[0]), 200)
        data = {"game": 1, "key": "k-00000002"}
        with assert_statement_count(TABLE_WRITE, label=hall.label):
            expect(phone.post(hall.table_url("withdraw"), data, **FETCH), 200)
        assert TableGame.objects.get(drive=hall.drive, game=1, table=1).status == "pending"


# --- The projector board -----------------------------------------------------------------


@pytest.fixture
def boards(halls):
    """Each hall at game 2 (the board shows the moves into it) with one result in."""
    for hall in halls:
        play_game(hall.drive, hall.organizer)
        services.game_advance(drive=hall.drive, from_game=1, actor=hall.organizer, now=NOW)
        hall.drive.refresh_from_db()
        services.result_record(
            drive=hall.drive, game=2, table=1, winner_number=hall.seated()[0],
            actor=hall.organizer, now=NOW,
        )  # fmt: skip
    return halls


def test_the_board_and_its_poll(anon_client, boards):
    for hall in boards:
        url = reverse("board:board", args=[hall.drive.pk])
        with assert_statement_count(BOARD, label=f"page, {hall.label}"):
            expect(anon_client.get(url), 200)
        with assert_statement_count(BOARD, label=f"poll, {hall.label}"):
            r = anon_client.get(url, **HTMX)
        expect(r, 200)
        with assert_statement_count(BOARD_POLL_UNCHANGED, label=f"unchanged poll, {hall.label}"):
            expect(anon_client.get(url, HTTP_IF_NONE_MATCH=r["ETag"], **HTMX), 304)


# --- A pair's own card on its phone -----------------------------------------------------


def test_a_pairs_own_card_and_its_poll(anon_client, boards):
    for hall in boards:
        pair = hall.drive.pairs.get(number=hall.seated()[0])
        url = reverse("card:page", args=[pair.card_token])
        with assert_statement_count(PAIR_CARD, label=f"page, {hall.label}"):
            r = anon_client.get(url)
        expect(r, 200)
        assert "1 game won" in r.content.decode() or "2 games won" in r.content.decode()
        seen = re.search(r"\?seen=([0-9a-f]+)", r.content.decode()).group(1)
        with assert_statement_count(PAIR_CARD, label=f"poll, {hall.label}"):
            expect(anon_client.get(url, **HTMX), 200)
        with assert_statement_count(PAIR_CARD_POLL_UNCHANGED, label=f"unchanged, {hall.label}"):
            expect(anon_client.get(url, {"seen": seen}, **HTMX), 204)


# --- The count itself --------------------------------------------------------------------


def run(*statements: str) -> None:
    """Plain statements, after one that opens the test's transaction (SQLite's BEGIN is one
    of the statements it counts)."""
    with connection.cursor() as cursor:
        for sql in statements:
            cursor.execute(sql)


def test_a_count_off_by_one_fails_with_every_statement_listed(db):
    run("SELECT 0")
    with pytest.raises(AssertionError) as failure, assert_statement_count(1, label="20 pairs"):
        run("SELECT 1", "SELECT 2")
    lines = str(failure.value).splitlines()
    assert lines == [
        "1 statement expected, 2 seen (20 pairs):",
        "  1. SELECT 1",
        "  2. SELECT 2",
    ]
    too_few = pytest.raises(AssertionError, match=r"^3 statements expected, 2 seen:")
    with too_few, assert_statement_count(3):
        run("SELECT 1", "SELECT 2")
    with assert_statement_count(2):
        run("SELECT 1", "SELECT 2")


def test_a_report_pinned_one_statement_off_fails_and_shows_its_statements(db):
    hall = make_hall(20)
    winner = hall.seated()[0]
    off = pytest.raises(AssertionError)
    with off as failure, assert_statement_count(TABLE_WRITE - 1, label=hall.label):
        expect(report(hall, Client(), winner), 200)
    head, *listed = str(failure.value).splitlines()
    assert head == f"{TABLE_WRITE - 1} statements expected, {TABLE_WRITE} seen ({hall.label}):"
    assert [line[:5] for line in listed] == [f"{i:>3}. " for i in range(1, TABLE_WRITE + 1)]
    # The names are the models' own, quoted (drives.sql._Names).
    assert 'FROM "drives_tablelink" l JOIN "drives_club" c' in listed[0]
    assert listed[1].startswith("  2. SAVEPOINT ")
    assert listed[3].startswith('  4. INSERT INTO "drives_submission" ')
    if connection.vendor == "postgresql":
        assert listed[2].endswith("FOR SHARE OF d FOR UPDATE OF tg")


def test_a_count_can_be_pinned_per_database_vendor(db):
    run("SELECT 0")
    with assert_statement_count({connection.vendor: 1, "elsewhere": 5}):
        run("SELECT 1")
    refused = pytest.raises(
        AssertionError, match=f"^no statement count pinned for {connection.vendor}$"
    )
    with refused, assert_statement_count({"elsewhere": 1}):
        run("SELECT 1")


def test_a_long_statement_is_shortened_but_keeps_its_tables_and_its_lock():
    columns = ", ".join(f'"drives_tablegame"."column_{i}"' for i in range(30))
    sql = f"""SELECT {columns}
        FROM "drives_tablegame" WHERE "drives_tablegame"."drive_id" = 1
        {" AND x = 1" * 40} FOR UPDATE OF tg"""
    short = shorten(sql)
    assert len(short) <= 150 and "\n" not in short
    assert short.startswith('SELECT … FROM "drives_tablegame" WHERE')
    assert short.endswith("FOR UPDATE OF tg")
    assert shorten("SELECT 1") == "SELECT 1"
