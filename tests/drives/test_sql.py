"""drives/sql.py: the plain SQL of the hot paths, on SQLite and (DATABASE_URL) PostgreSQL."""

from __future__ import annotations

import ast
import datetime as dt
import tomllib
from pathlib import Path

import pytest
from django.apps import apps
from django.db import connection, transaction

from clubs.interface import DriveError, Origin, audit_row
from clubs.models import AuditEntry, Club
from drives import services, sql
from drives.models import Drive, Pair, Seat, Submission, TableGame, TableLink
from tests.builders import NOW, started_drive

pytestmark = pytest.mark.django_db

TABLE = Origin(source="table", device="test phone")


@pytest.fixture
def running(club, organizer):
    return started_drive(club, organizer, pairs=8)


def numbers(drive, table):
    tg = TableGame.objects.get(drive=drive, game=drive.current_game, table=table)
    return [s.pair.number for s in tg.seats.order_by("slot").select_related("pair")]


def test_locked_table_reads_the_table_its_seats_and_drive(running):
    locked = sql.locked_table(drive_id=running.pk, game=1, table=2, key=None)
    tg = locked.table_game
    assert (tg.game, tg.table, tg.status, tg.version) == (1, 2, "pending", 0)
    assert [s.pair.number for s in tg.seat_list] == numbers(running, 2)
    assert [s.slot for s in tg.seat_list] == sorted(s.slot for s in tg.seat_list)
    assert tg.drive is locked.drive
    assert (locked.drive.pk, locked.drive.current_game, locked.drive.status) == (
        running.pk,
        1,
        "running",
    )
    assert isinstance(locked.drive.date, dt.date)
    assert locked.drive.confirm_by_code is False
    assert locked.submitted is None


def test_locked_table_is_none_for_a_table_the_game_does_not_have(running):
    assert sql.locked_table(drive_id=running.pk, game=1, table=99, key=None) is None
    assert sql.locked_table(drive_id=running.pk, game=2, table=1, key=None) is None
    assert sql.locked_table(drive_id=running.pk + 1000, game=1, table=1, key=None) is None


def test_locked_table_brings_the_first_submission_of_the_key(running):
    a, _b = numbers(running, 3)
    services.table_report(
        drive=running,
        game=1,
        table=3,
        winner_number=a,
        key="the-key-0001",
        device="phone-a",
        now=NOW,
        origin=TABLE,
    )
    locked = sql.locked_table(drive_id=running.pk, game=1, table=1, key="the-key-0001", lock=False)
    first = locked.submitted
    assert (first.source, first.answer_status) == ("device:phone-a", 200)
    assert f"pair {a}" in first.answer.lower()
    assert (first.table_game.table, first.table_game.game) == (3, 1)
    other = sql.locked_table(drive_id=running.pk, game=1, table=1, key="another-key-1")
    assert other.submitted is None


def test_a_submission_is_written_once_per_key(running):
    tg = TableGame.objects.get(drive=running, game=1, table=1)
    args = {
        "drive_id": running.pk,
        "table_game_id": tg.pk,
        "kind": "report",
        "winner_id": None,
        "device": "phone-a",
        "agent": "a phone",
        "actor_id": None,
        "source": "device:phone-a",
        "at": NOW,
        "answer_status": 200,
        "answer": "Saved.",
    }
    assert sql.submission_add(key="once-only-1", **args) is True
    assert sql.submission_add(key="once-only-1", **{**args, "device": "phone-b"}) is False
    [row] = Submission.objects.filter(drive=running, key="once-only-1")
    assert (row.device, row.at, row.answer) == ("phone-a", NOW, "Saved.")


def test_result_set_writes_the_result_and_counts_the_version_up(running, organizer):
    tg = TableGame.objects.get(drive=running, game=1, table=1)
    winner = tg.seats.order_by("slot").first().pair
    sql.result_set(
        table_game_id=tg.pk,
        winner_id=winner.pk,
        status="confirmed",
        source="front",
        device="",
        actor_id=organizer.pk,
        at=NOW,
    )
    tg.refresh_from_db()
    assert (tg.winner_id, tg.status, tg.source, tg.version) == (winner.pk, "confirmed", "front", 1)
    assert (tg.entered_by_id, tg.entered_at) == (organizer.pk, NOW)


def test_game_strip_and_counted_winner(running, organizer):
    a, _b = numbers(running, 2)
    services.result_record(
        drive=running, game=1, table=2, winner_number=a, actor=organizer, now=NOW
    )
    strip = sql.game_strip(drive_id=running.pk, game=1)
    assert [t for t, _s in strip] == [1, 2, 3, 4]
    assert dict(strip)[2] == "confirmed" and dict(strip)[1] == "pending"
    assert sql.counted_winner(drive_id=running.pk, game=1, table=2) == a
    assert sql.counted_winner(drive_id=running.pk, game=1, table=1) is None
    assert sql.game_strip(drive_id=running.pk, game=2) == []


def test_table_card_reads_the_link_the_drive_and_the_table(running, club):
    links = {link.table: link for link in services.table_links(club, 4)}
    card = sql.table_card(links[2].token)
    assert (card.link.table, card.link.club.name, card.link.token) == (2, club.name, links[2].token)
    assert card.drive.pk == running.pk
    assert [s.pair.number for s in card.table_game.seat_list] == numbers(running, 2)
    lean = sql.table_card(links[2].token, with_table=False)
    assert (lean.drive.pk, lean.table_game, lean.with_table) == (running.pk, None, False)
    assert sql.table_card("no-such-token-1") is None


def test_table_card_opens_no_drive_once_it_finished_or_for_a_table_nobody_plays(
    running, club, organizer
):
    links = {link.table: link for link in services.table_links(club, 6)}
    assert sql.table_card(links[6].token).table_game is None  # 8 pairs: 4 tables
    running.status = "finished"
    running.save(update_fields=["status"])
    card = sql.table_card(links[1].token)
    assert (card.drive, card.table_game) == (None, None)


def test_a_key_taken_between_the_read_and_the_write_is_answered_not_written(running, monkeypatch):
    """The key's row appears after the locked read (a retry that raced its first try, on
    PostgreSQL): the unique index refuses the second row, and the answer is the first's."""
    a, b = numbers(running, 1)
    c, _d = numbers(running, 2)

    def send(table, winner, device):
        return services.table_report(
            drive=running,
            game=1,
            table=table,
            winner_number=winner,
            key="raced-key-01",
            device=device,
            now=NOW,
            origin=TABLE,
        )

    first = send(1, a, "phone-a")
    real = sql.locked_table

    def read_before_the_first_committed(**kw):
        locked = real(**kw)
        return locked and sql.Locked(locked.drive, locked.table_game, None)

    monkeypatch.setattr(sql, "locked_table", read_before_the_first_committed)
    entries = AuditEntry.objects.count()
    again = send(1, b, "phone-a")
    assert (again.replayed, again.message) == (True, first.message)
    with pytest.raises(DriveError) as elsewhere:
        send(2, c, "phone-a")
    assert elsewhere.value.status == 409
    with pytest.raises(DriveError) as stranger:
        send(1, b, "phone-z")
    assert stranger.value.status == 409
    assert AuditEntry.objects.count() == entries
    assert Submission.objects.filter(key="raced-key-01").count() == 1
    tg = TableGame.objects.get(drive=running, game=1, table=1)
    assert (tg.status, tg.winner.number) == ("reported", a)
    assert TableGame.objects.get(drive=running, game=1, table=2).status == "pending"


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks: PostgreSQL only")
def test_a_result_write_shares_the_drive_row_and_holds_its_table(club, organizer):
    """FOR SHARE on the drive: another table's write goes on; next game (FOR UPDATE) waits."""
    import psycopg

    drive = started_drive(club, organizer, pairs=8)
    db = connection.settings_dict
    other = psycopg.connect(
        dbname=db["NAME"],
        user=db["USER"],
        host=db["HOST"],
        port=db["PORT"] or 5432,
        password=db["PASSWORD"] or None,
    )
    try:
        with transaction.atomic():
            sql.locked_table(drive_id=drive.pk, game=1, table=1, key=None)
            with other.cursor() as c:
                c.execute("SET lock_timeout = '200ms'")
                c.execute("SELECT id FROM drives_drive WHERE id = %s FOR SHARE", [drive.pk])
                c.execute(
                    'SELECT id FROM drives_tablegame WHERE drive_id = %s AND "table" = 2 '
                    "AND game = 1 FOR UPDATE",
                    [drive.pk],
                )
            other.rollback()
            for held in (
                "SELECT id FROM drives_drive WHERE id = %s FOR UPDATE",
                'SELECT id FROM drives_tablegame WHERE drive_id = %s AND "table" = 1 '
                "AND game = 1 FOR UPDATE",
            ):
                with other.cursor() as c:
                    c.execute("SET lock_timeout = '200ms'")
                    with pytest.raises(psycopg.errors.LockNotAvailable):
                        c.execute(held, [drive.pk])
                other.rollback()
    finally:
        other.close()


def test_audit_add_writes_an_entry_with_its_states(running, organizer):
    entry = audit_row(
        club_id=running.club_id,
        drive_id=running.pk,
        actor=organizer,
        now=NOW,
        action="result_record",
        summary="Game 1, table 2: pair 3 won.",
        origin=Origin(source="front: results", device="a tablet"),
        old={"winner": None, "status": "pending"},
        new={"winner": 3, "status": "confirmed", "game": 1, "table": 2},
    )
    sql.audit_add(entry)
    entry = AuditEntry.objects.filter(drive=running).latest("id")
    assert (entry.club_id, entry.actor_id, entry.at, entry.action) == (
        running.club_id,
        organizer.pk,
        NOW,
        "result_record",
    )
    assert (entry.summary, entry.source, entry.device) == (
        "Game 1, table 2: pair 3 won.",
        "front: results",
        "a tablet",
    )
    assert entry.old == {"winner": None, "status": "pending"}
    assert entry.new == {"winner": 3, "status": "confirmed", "game": 1, "table": 2}
    # The undo reads result entries by their JSON (new__game): still found.
    assert AuditEntry.objects.filter(drive=running, new__game=1, new__table=2).count() == 1


def test_public_drive_is_the_drive_only_while_its_screen_is_on(running):
    assert sql.public_drive(running.pk, "board_public") is None
    running.board_public = True
    running.save(update_fields=["board_public"])
    shown = sql.public_drive(running.pk, "board_public")
    assert (shown.pk, shown.name, shown.current_game, shown.board_public) == (
        running.pk,
        running.name,
        1,
        True,
    )
    assert shown.standings_public is False and shown.is_running
    assert sql.public_drive(running.pk, "standings_public") is None
    assert sql.public_drive(running.pk + 1000, "board_public") is None


def test_pair_card_reads_the_pair_its_drive_and_the_drives_fingerprint(running, club):
    pair = running.pairs.get(number=3)
    card = sql.pair_card(pair.card_token)
    assert (card.pair.pk, card.pair.number, card.pair.player1, card.pair.player2) == (
        pair.pk,
        3,
        pair.player1,
        pair.player2,
    )
    assert (card.drive.pk, card.drive.current_game, card.drive.is_running) == (running.pk, 1, True)
    assert (card.club_name, card.club_language) == (club.name, club.language)
    assert card.fingerprint == tuple(sql.fingerprint(running.pk))
    assert card.pair_count == 8
    # The pair code is not read: the page never holds it.
    assert "code" in card.pair.get_deferred_fields()
    assert sql.pair_card(pair.card_token[:-1] + "!") is None


def test_pair_wins_counts_the_results_that_count(running, organizer):
    a, b = numbers(running, 1)
    c, _d = numbers(running, 2)
    services.result_record(
        drive=running, game=1, table=1, winner_number=a, actor=organizer, now=NOW
    )
    services.table_report(
        drive=running,
        game=1,
        table=2,
        winner_number=c,
        key="reported-only-1",
        device="phone-c",
        now=NOW,
        origin=TABLE,
    )
    wins = {pair.number: won for pair, won in sql.pair_wins(running.pk)}
    assert list(wins) == sorted(wins) and len(wins) == 8
    assert wins[a] == 1 and wins[b] == 0 and wins[c] == 0  # a report waiting does not count
    [(pair, _won)] = [(p, w) for p, w in sql.pair_wins(running.pk) if p.number == a]
    assert pair.player1 and pair.player2 and pair.drive_id == running.pk


def test_seatings_are_the_recorded_seatings_of_two_games(club, organizer):
    from tests.builders import play_game

    drive = started_drive(club, organizer, pairs=9)
    play_game(drive, organizer)
    drive = services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW)
    assert drive.current_game == 2
    before, after = sql.seatings(drive.pk, 1, 2)
    assert before == services.seating_of(drive, 1)
    assert after == services.seating_of(drive, 2)
    assert sql.seatings(drive.pk, 2, 3)[1] == ()


def test_audit_add_refuses_a_value_the_entry_has_no_field_for(running, organizer):
    entry = audit_row(
        club_id=running.club_id,
        drive_id=running.pk,
        actor=organizer,
        now=NOW,
        action="result_record",
        summary="Game 1, table 2: pair 3 won.",
        origin=Origin(),
    )
    with pytest.raises(ValueError):
        sql.audit_add({**entry, "colour": "red"})


def test_the_statements_name_no_table_by_hand():
    # Every table and column comes from the models (drives.sql._Names): no string in the
    # module spells a table of any app, so a renamed table or column moves its statements.
    tree = ast.parse(Path(sql.__file__).read_text())
    literals = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]
    tables = {model._meta.db_table for model in apps.get_models()}
    # Each app's prefix (drives_, scoring_, clubs_, accounts_, ...), as its tables have it.
    prefixes = {table.split("_")[0] + "_" for table in tables}
    spelled = [
        text
        for text in literals
        if any(t in text for t in tables) or any(p in text for p in prefixes)
    ]
    assert spelled == []
    # The statements are the models' names: each table the hot paths touch is in them.
    statements = [v for k, v in vars(sql).items() if k.isupper() and k.startswith("_")]
    text = " ".join(s for s in statements if isinstance(s, str))
    for model in (Drive, TableGame, Seat, Pair, Submission, TableLink, Club):
        assert connection.ops.quote_name(model._meta.db_table) in text


def test_only_drives_own_reads_and_writers_may_import_its_sql():
    # The contract (pyproject.toml) names every module of drives but the services, the
    # named reads and the interface: a new module of drives is covered when it is added.
    contracts = tomllib.loads(Path("pyproject.toml").read_text())["tool"]["importlinter"]
    [contract] = [c for c in contracts["contracts"] if c.get("forbidden_modules") == ["drives.sql"]]
    allowed = {"drives.services", "drives.queries", "drives.interface", "drives.sql"}
    here = Path(sql.__file__).parent
    modules = {
        f"drives.{path.stem if path.is_file() else path.name}"
        for path in here.iterdir()
        if (path.suffix == ".py" and path.stem != "__init__")
        or (path.is_dir() and (path / "__init__.py").exists())
    }
    assert set(contract["source_modules"]) == modules - allowed
