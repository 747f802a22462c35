"""Undo: the last result entry, and the last "next game" while its game has no result."""

import sqlite3

import pytest
from django.urls import reverse

from clubs.interface import DriveError, StaleError
from clubs.models import AuditEntry
from drives import services, snapshots
from drives.models import TableGame
from tests.builders import NOW, play_game, row_counts, started_drive


def two_pair_tables(drive, game):
    return [
        tg
        for tg in TableGame.objects.filter(drive=drive, game=game).prefetch_related("seats__pair")
        if tg.seats.count() == 2
    ]


def numbers(tg):
    return [s.pair.number for s in sorted(tg.seats.all(), key=lambda s: s.slot)]


@pytest.fixture
def drive(club, organizer):
    return started_drive(club, organizer, pairs=8, seed=5)


def tap(drive, tg, winner, actor):
    return services.result_record(
        drive=drive,
        game=drive.current_game,
        table=tg.table,
        winner_number=winner,
        actor=actor,
        now=NOW,
    )


def test_undo_takes_back_the_last_tap_and_leaves_the_table_waiting(drive, organizer):
    t1, t2 = two_pair_tables(drive, 1)[:2]
    tap(drive, t1, numbers(t1)[0], organizer)
    tap(drive, t2, numbers(t2)[1], organizer)
    tg = services.result_undo(drive=drive, actor=organizer, now=NOW)
    assert tg.table == t2.table
    t2.refresh_from_db()
    t1.refresh_from_db()
    assert t2.status == "pending" and t2.winner_id is None
    assert t1.status == "confirmed"
    assert AuditEntry.objects.filter(drive=drive, action="result_undo").count() == 1


def test_undoing_a_changed_result_brings_back_the_earlier_winner(drive, organizer):
    [t1] = two_pair_tables(drive, 1)[:1]
    a, b = numbers(t1)
    tap(drive, t1, a, organizer)
    tap(drive, t1, b, organizer)
    services.result_undo(drive=drive, actor=organizer, now=NOW)
    t1.refresh_from_db()
    assert t1.winner.number == a and t1.status == "confirmed"
    services.result_undo(drive=drive, actor=organizer, now=NOW)
    t1.refresh_from_db()
    assert t1.winner_id is None and t1.status == "pending"
    with pytest.raises(DriveError, match="no result of this game to undo"):
        services.result_undo(drive=drive, actor=organizer, now=NOW)


def test_undo_with_nothing_to_undo_writes_nothing(drive, organizer):
    before = row_counts()
    with pytest.raises(DriveError):
        services.result_undo(drive=drive, actor=organizer, now=NOW)
    assert row_counts() == before


def test_undo_next_game_restores_the_game_before_with_its_results(drive, organizer):
    play_game(drive, organizer)
    services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW)
    before_seats = TableGame.objects.filter(drive=drive, game=2).count()
    assert before_seats == 4
    services.game_undo(drive=drive, from_game=2, actor=organizer, now=NOW)
    drive.refresh_from_db()
    assert drive.current_game == 1
    assert not TableGame.objects.filter(drive=drive, game=2).exists()
    assert TableGame.objects.filter(drive=drive, game=1, status="confirmed").count() == 4
    [entry] = AuditEntry.objects.filter(drive=drive, action="game_undo")
    assert entry.old["game"] == 2 and len(entry.old["seating"]) == 4
    # The night carries on: the same results give the same next seating.
    services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW)
    assert TableGame.objects.filter(drive=drive, game=2).count() == 4


def test_undo_next_game_is_refused_once_the_new_game_has_a_result(drive, organizer):
    play_game(drive, organizer)
    services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW)
    drive.refresh_from_db()
    tg = two_pair_tables(drive, 2)[0]
    tap(drive, tg, numbers(tg)[0], organizer)
    before = row_counts()
    with pytest.raises(DriveError, match="already has results"):
        services.game_undo(drive=drive, from_game=2, actor=organizer, now=NOW)
    with pytest.raises(StaleError):
        services.game_undo(drive=drive, from_game=1, actor=organizer, now=NOW)
    with pytest.raises(DriveError, match="Game 1 cannot be taken back"):
        services.game_undo(
            drive=started_drive(drive.club, organizer, pairs=4),
            from_game=1,
            actor=organizer,
            now=NOW,
        )
    assert row_counts()["TableGame"] >= before["TableGame"]


def test_undo_buttons_through_the_screens(org_client, drive, organizer):
    t1 = two_pair_tables(drive, 1)[0]
    url = reverse("drives:result_record", args=[drive.pk, 1, t1.table])
    org_client.post(url, {"winner": numbers(t1)[0]})
    page = org_client.get(reverse("drives:game", args=[drive.pk, 1])).content.decode()
    assert "Undo the last result" in page
    r = org_client.post(reverse("drives:result_undo", args=[drive.pk, 1]))
    assert r.status_code == 302
    t1.refresh_from_db()
    assert t1.status == "pending"
    assert org_client.get(reverse("drives:result_undo", args=[drive.pk, 1])).status_code == 405
    r = org_client.post(reverse("drives:result_undo", args=[drive.pk, 1]), HTTP_HX_REQUEST="true")
    assert r.status_code == 409 and r["HX-Retarget"] == "#flash"
    play_game(drive, organizer)
    org_client.post(reverse("drives:game_next", args=[drive.pk, 1]), {"from_game": 1})
    page = org_client.get(reverse("drives:game", args=[drive.pk, 2])).content.decode()
    assert "back to game 1" in page
    r = org_client.post(reverse("drives:game_undo", args=[drive.pk, 2]))
    assert r.status_code == 302
    drive.refresh_from_db()
    assert drive.current_game == 1


def test_undo_is_denied_to_another_club(other_club_client, drive):
    before = row_counts()
    r = other_club_client.post(reverse("drives:result_undo", args=[drive.pk, 1]))
    assert r.status_code == 404
    r = other_club_client.post(reverse("drives:game_undo", args=[drive.pk, 1]))
    assert r.status_code == 404
    assert row_counts() == before


def test_a_snapshot_is_a_readable_copy_and_only_the_last_ten_are_kept(tmp_path):
    db = tmp_path / "hall.sqlite3"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE t (x)")
    con.execute("INSERT INTO t VALUES (7)")
    con.commit()
    con.close()
    folder = tmp_path / "snapshots"
    import datetime as dt

    for i in range(12):
        written = snapshots.snapshot_write(
            label=f"game{i}", now=NOW + dt.timedelta(minutes=i), source=db, folder=folder
        )
    files = sorted(folder.glob("*.sqlite3"))
    assert len(files) == 10
    assert written == files[-1] and "game11" in written.name
    assert sqlite3.connect(written).execute("SELECT x FROM t").fetchone() == (7,)


def test_no_snapshot_for_an_in_memory_database(tmp_path, db):
    assert snapshots.snapshot_write(label="x", now=NOW, folder=tmp_path) is None


def test_a_tap_brings_the_undo_button_out_of_band(org_client, drive):
    t1 = two_pair_tables(drive, 1)[0]
    url = reverse("drives:result_record", args=[drive.pk, 1, t1.table])
    html = org_client.post(url, {"winner": numbers(t1)[0]}, HTTP_HX_REQUEST="true").content.decode()
    assert 'id="game-actions" class="actions undo" hx-swap-oob="true"' in html
    assert "Undo the last result" in html
    assert "Late pair, leaving pair or seat change" not in html
