""" "Next game" as the organizer's screen sends it: the snapshot is written after the answer,
in the background; a failed snapshot never fails the game; the seating is read once and
written with plain inserts (drives/sql.py) and comes out as the ORM wrote it."""

from __future__ import annotations

import sqlite3
import threading

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.interface import StaleError
from drives import movement, services, snapshots, sql
from drives.models import Seat, TableGame
from tests.builders import NOW, play_game, started_drive
from tests.builders.snapshots import DyingCopy, make_database, rows_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def hall(tmp_path, monkeypatch, settings):
    """The site's database file as the snapshots see it (tests run in memory)."""
    source = make_database(tmp_path / "hall.sqlite3")
    folder = tmp_path / "snapshots"
    settings.SNAPSHOT_DIR = folder
    monkeypatch.setattr(snapshots, "database_file", lambda: source)
    return source, folder


@pytest.fixture
def night(club, organizer):
    drive = started_drive(club, organizer, pairs=9, games=5)
    play_game(drive, organizer)
    return drive


def next_game(client, drive, game=1):
    return client.post(reverse("drives:game_next", args=[drive.pk, game]), {"from_game": game})


def test_next_game_answers_while_its_snapshot_is_still_being_written(
    org_client, night, hall, monkeypatch, django_capture_on_commit_callbacks
):
    source, folder = hall
    monkeypatch.setattr(snapshots.worker, "settle", 0)
    gate = threading.Event()
    real_copy = snapshots.database_copy

    def slow_copy(src, dst):
        assert gate.wait(10)
        real_copy(src, dst)

    monkeypatch.setattr(snapshots, "database_copy", slow_copy)
    with django_capture_on_commit_callbacks(execute=True):
        response = next_game(org_client, night)
    # Answered, and the copy has not even started.
    assert response.status_code == 302
    assert response["Location"] == reverse("drives:game", args=[night.pk, 2])
    assert snapshots.snapshots_in(folder) == []
    [owed] = snapshots.owed_in(folder)
    assert owed.name.endswith(f"-drive{night.pk}-game2")
    gate.set()
    assert snapshots.wait_idle(10)
    [written] = snapshots.snapshots_in(folder)
    assert written.name.endswith(f"-drive{night.pk}-game2.sqlite3")
    assert rows_in(written) == 3
    assert snapshots.owed_in(folder) == []


def test_a_failed_snapshot_never_fails_next_game_and_the_next_game_writes_it(
    org_client, organizer, night, hall, monkeypatch, caplog, django_capture_on_commit_callbacks
):
    source, folder = hall
    monkeypatch.setattr(snapshots.worker, "synchronous", True)
    monkeypatch.setattr(snapshots, "sqlite3", DyingCopy(dies=False))
    with django_capture_on_commit_callbacks(execute=True):
        response = next_game(org_client, night)
    assert response.status_code == 302
    night.refresh_from_db()
    assert night.current_game == 2
    assert f"snapshot after drive{night.pk}-game2 was not written" in caplog.text
    assert snapshots.snapshots_in(folder) == []
    assert len(snapshots.owed_in(folder)) == 1

    monkeypatch.setattr(snapshots, "sqlite3", sqlite3)
    play_game(night, organizer)
    with django_capture_on_commit_callbacks(execute=True):
        assert next_game(org_client, night, 2).status_code == 302
    [written] = snapshots.snapshots_in(folder)
    assert written.name.endswith(f"-drive{night.pk}-game3.sqlite3")
    assert snapshots.owed_in(folder) == []


def test_a_snapshot_that_raises_anything_still_leaves_the_game_seated(
    org_client, night, hall, monkeypatch, django_capture_on_commit_callbacks
):
    def broken(**kwargs):
        raise RuntimeError("the snapshot code itself is broken")

    monkeypatch.setattr(snapshots, "snapshot_after_game", broken)
    with django_capture_on_commit_callbacks(execute=True):
        response = next_game(org_client, night)
    assert response.status_code == 302
    night.refresh_from_db()
    assert night.current_game == 2


def test_next_game_reads_the_drive_row_once_in_its_transaction(org_client, night):
    with CaptureQueriesContext(connection) as ctx:
        assert next_game(org_client, night).status_code == 302
    sql = [q["sql"] for q in ctx.captured_queries]
    drive_reads = [s for s in sql if s.startswith("SELECT") and 'FROM "drives_drive"' in s]
    # The club's check (before the transaction) and the locked read; nothing after.
    assert len(drive_reads) == 2
    assert not any('FROM "drives_club"' in s for s in sql[sql.index(drive_reads[1]) :])
    seat_reads = [s for s in sql if s.startswith("SELECT") and '"drives_seat"' in s]
    assert len(seat_reads) == 1
    inserts = [s for s in sql if s.startswith("INSERT")]
    assert len(inserts) == 3  # the tables, their seats, the audit entry


def _rows(drive, game):
    tables = list(
        TableGame.objects.filter(drive=drive, game=game)
        .order_by("table")
        .values_list(
            "table",
            "deal_first_id",
            "winner_id",
            "status",
            "source",
            "entered_by_id",
            "entered_at",
            "version",
            "reported_device",
        )
    )
    seats = list(
        Seat.objects.filter(drive=drive, game=game)
        .order_by("table_game__table", "slot")
        .values_list("table_game__table", "pair_id", "slot", "from_table")
    )
    return tables, seats


@pytest.mark.parametrize("sitout_wins", [True, False])
def test_the_plain_inserts_write_what_the_orm_wrote(club, organizer, sitout_wins):
    drive = started_drive(club, organizer, pairs=9, games=5, sitout_wins=sitout_wins)
    play_game(drive, organizer)
    drive.refresh_from_db()
    plan = services.advance_plan(drive)
    services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW)
    # The same seating written by the ORM, model defaults and all, into a copy's game 2.
    copy = started_drive(club, organizer, pairs=9, games=5, sitout_wins=sitout_wins, seed=7)
    ids = dict(zip(drive.pairs.order_by("number"), copy.pairs.order_by("number"), strict=True))
    by_id = {a.pk: b.pk for a, b in ids.items()}
    for t in plan.seating:
        tg = TableGame(drive=copy, game=2, table=t.number, deal_first_id=by_id.get(t.deals_first))
        if t.is_sitout:
            tg.status, tg.source = TableGame.Status.SITOUT, TableGame.Source.AUTO
            tg.winner_id = by_id[t.pairs[0]] if sitout_wins else None
        tg.save()
        for slot, (p, src) in enumerate(zip(t.pairs, t.came_from, strict=True), start=1):
            Seat.objects.create(
                drive=copy, game=2, table_game=tg, pair_id=by_id[p], slot=slot, from_table=src
            )
    plain, orm = _rows(drive, 2), _rows(copy, 2)
    back = {b: a for a, b in by_id.items()}

    def same_ids(rows):
        tables, seats = rows
        return (
            [(t, back.get(d, d), back.get(w, w), *rest) for t, d, w, *rest in tables],
            [(t, back[p], slot, src) for t, p, slot, src in seats],
        )

    assert plain == same_ids(orm)
    assert any(status == "sitout" for _t, _d, _w, status, *_ in plain[0])


def test_the_plan_read_gives_the_seating_the_orm_gave(club, organizer):
    drive = started_drive(club, organizer, pairs=9, games=5)
    by_orm = []
    for tg in TableGame.objects.filter(drive=drive, game=1).order_by("table"):
        seats = list(tg.seats.order_by("slot"))
        by_orm.append(
            movement.Table(
                tg.table,
                tuple(s.pair_id for s in seats),
                tg.deal_first_id,
                tuple(s.from_table for s in seats),
            )
        )
    assert services.seating_of(drive, 1) == tuple(by_orm)


def test_a_table_nobody_sits_at_is_read_as_an_empty_table(club, organizer):
    drive = started_drive(club, organizer, pairs=4, games=5)
    TableGame.objects.create(drive=drive, game=1, table=9)
    rows = sql.game_seats(drive.pk, 1)
    assert rows[-1] == sql.SeatRow(9, "pending", None, None, None, None, None, None)
    assert services.seating_of(drive, 1)[-1] == movement.Table(9, (), None, ())


def test_the_inserts_without_returning_rows_write_the_same(club, organizer, monkeypatch):
    drive = started_drive(club, organizer, pairs=9, games=5)
    play_game(drive, organizer)
    drive.refresh_from_db()
    plan = services.advance_plan(drive)
    with_returning = started_drive(club, organizer, pairs=9, games=5)
    services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW)
    # A database without INSERT ... RETURNING: the new rows' ids are read back instead.
    monkeypatch.setattr(
        type(connection.features), "can_return_rows_from_bulk_insert", False, raising=False
    )
    numbers = dict(drive.pairs.values_list("pk", "number"))
    theirs = {n: pk for pk, n in with_returning.pairs.values_list("pk", "number")}
    mapped = tuple(
        movement.Table(
            t.number,
            tuple(theirs[numbers[p]] for p in t.pairs),
            theirs[numbers[t.deals_first]] if t.deals_first else None,
            t.came_from,
        )
        for t in plan.seating
    )
    services.seating.write_seating(with_returning, 2, mapped)
    assert services.seating_of(with_returning, 2) == mapped
    assert services.seating_of(drive, 2) == plan.seating


def test_seating_a_game_twice_is_refused_as_out_of_date(club, organizer):
    drive = started_drive(club, organizer, pairs=9, games=5)
    with pytest.raises(StaleError):
        services.seating.write_seating(drive, 1, services.seating_of(drive, 1))
