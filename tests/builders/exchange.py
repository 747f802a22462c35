"""Nights as a drive file carries them: one stopped at game 7, one finished."""

from __future__ import annotations

import datetime as dt

from clubs.interface import Origin
from drives import services
from drives.models import TableGame
from prizes.services import jar, money, side, ties
from tests.builders import NOW, add_pairs, make_drive


def night_at_game_7(club, organizer, scorer):
    """9 pairs (a sit-out every game until a late pair comes), prizes and a cookie jar,
    hands kept at a table, a table report confirmed, a conflict settled, a late pair,
    a correction of an earlier game, an undone result, and game 7 half played."""
    drive = make_drive(club, organizer, games=10, name="Friday 45s")
    services.pair_add(
        drive=drive, actor=organizer, now=NOW, player1="Ó Súilleabháin", player2="Thériault"
    )
    add_pairs(drive, organizer, 8)
    money.prize_settings_save(
        drive=drive,
        values={
            "entry_fee": 1000,
            "jar": True,
            "jar_games": 2,
            "jar_price": 200,
            "fifty_fifty": True,
            "travelling": True,
            "travelling_item": "a crocheted tea cosy",
        },
        places={1: (2000, ""), 2: (1000, ""), 3: (None, "a box of chocolates")},
        actor=organizer,
        now=NOW,
    )
    for p in drive.pairs.filter(number__lte=6):
        jar.jar_opt_in(pair=p, actor=organizer, now=NOW)
    for p in drive.pairs.filter(number__in=[1, 2, 5]):
        services.pair_set_paid(pair=p, actor=organizer, now=NOW, paid=True)
    drive = services.drive_start(drive=drive, actor=organizer, now=NOW, seed=42)

    finish_game(drive, organizer)  # game 1
    drive = advance(drive, organizer)

    # Game 2: the scorekeeper keeps one table hand by hand until a pair reaches 45.
    table, a, b = two_pair_tables(drive, 2)[0]
    for n in (1, 2):
        services.hand_add(
            drive=drive,
            game=2,
            table=table,
            record={"tricks": {a: 5, b: 0}, "best": a, "bidder": None, "bid": None},
            number=n,
            key=f"hand-key-{n}",
            actor=scorer,
            now=NOW,
            origin=Origin(source="front: scoresheet", device="scorer tablet"),
        )
    # And a hand at another table, whose result is then tapped at the front.
    table2, c, d = two_pair_tables(drive, 2)[1]
    services.hand_add(
        drive=drive,
        game=2,
        table=table2,
        record={"tricks": {c: 3, d: 2}, "best": d, "bidder": None, "bid": None},
        number=1,
        key="hand-key-other",
        actor=scorer,
        now=NOW,
    )
    finish_game(drive, scorer)
    drive = advance(drive, organizer)

    # Game 3: a table report the other pair confirms; another the front disagrees with.
    (t1, a1, b1), (t2, a2, b2) = two_pair_tables(drive, 3)[:2]
    common = {"drive": drive, "game": 3, "now": NOW, "origin": TABLET}
    services.table_report(table=t1, winner_number=a1, key="report-1", device="dev-a", **common)
    services.table_confirm(
        table=t1,
        winner_number=a1,
        confirmer_number=b1,
        key="confirm-1",
        device="dev-b",
        **common,
    )
    services.table_report(table=t2, winner_number=a2, key="report-2", device="dev-c", **common)
    for _ in range(2):  # the first tap puts it in conflict, the second settles it
        services.result_record(
            drive=drive, game=3, table=t2, winner_number=b2, actor=organizer, now=LATER
        )
    finish_game(drive, organizer)
    drive = advance(drive, organizer)

    # Game 4: a late pair joins before any result is in.
    services.pair_arrive(
        drive=drive,
        from_game=4,
        player1="Kenny MacLeod",
        player2="Jeannette Aucoin",
        paid=True,
        actor=organizer,
        now=NOW,
    )
    finish_game(drive, organizer, pick=1)
    drive = advance(drive, organizer)
    finish_game(drive, organizer)  # game 5

    # A correction of game 4 while game 5 is on.
    table, a, b = two_pair_tables(drive, 4)[0]
    won = TableGame.objects.get(drive=drive, game=4, table=table).winner.number
    services.result_correct(
        drive=drive,
        game=4,
        table=table,
        winner_number=b if won == a else a,
        from_game=5,
        actor=organizer,
        now=LATER,
    )
    drive = advance(drive, organizer)

    # Game 6: a result entered, undone, entered again.
    table, a, b = two_pair_tables(drive, 6)[0]
    services.result_record(drive=drive, game=6, table=table, winner_number=a, actor=scorer, now=NOW)
    services.result_undo(drive=drive, actor=scorer, now=LATER)
    finish_game(drive, organizer)
    drive = advance(drive, organizer)

    # Game 7: one result in, one table report waiting for the other pair.
    (t1, a1, b1), (t2, a2, _b2) = two_pair_tables(drive, 7)[:2]
    services.result_record(drive=drive, game=7, table=t1, winner_number=b1, actor=scorer, now=NOW)
    services.table_report(
        drive=drive,
        game=7,
        table=t2,
        winner_number=a2,
        key="report-7",
        device="dev-d",
        now=NOW,
        origin=TABLET,
    )
    drive.refresh_from_db()
    assert (drive.status, drive.current_game) == ("running", 7)
    return drive


def finished_night(drive, organizer):
    """The night at game 7 finished early there, a tie settled by a cut, the cookie
    jar drawn, the 50/50 and the travelling prize drawn."""
    finish_game(drive, organizer)
    drive.refresh_from_db()
    drive = services.drive_finish_early(drive=drive, from_game=7, actor=organizer, now=NOW)
    groups = ties.prize_groups(drive)
    tie = next(g for g in groups.all if g.is_tie)
    ties.decision_record(
        drive=drive, prize=tie.prize, cut="digital", seed=11, actor=organizer, now=NOW
    )
    jar.jar_draw(drive=drive, seed=5, actor=organizer, now=NOW)
    side.fifty_fifty_draw(
        drive=drive, ranges=[(1, 120)], takings_cents=6000, seed=3, actor=organizer, now=NOW
    )
    side.travelling_draw(drive=drive, seed=4, actor=organizer, now=NOW)
    drive.refresh_from_db()
    return drive


TABLET = Origin(source="table", device="tablet at table")


LATER = NOW + dt.timedelta(minutes=1)


def two_pair_tables(drive, game):
    """(table, pair in slot 1, pair in slot 2) of every table with two pairs."""
    out = []
    for tg in TableGame.objects.filter(drive=drive, game=game).order_by("table"):
        numbers = [s.pair.number for s in tg.seats.select_related("pair").order_by("slot")]
        if len(numbers) == 2:
            out.append((tg.table, *numbers))
    return out


def finish_game(drive, actor, pick=0):
    """A front result at every table of the current game still waiting for one."""
    drive.refresh_from_db()
    for table, a, b in two_pair_tables(drive, drive.current_game):
        tg = TableGame.objects.select_related("winner").get(
            drive=drive, game=drive.current_game, table=table
        )
        if tg.status not in TableGame.COUNTED:
            # A table report waiting for agreement is confirmed as reported.
            reported = tg.winner.number if tg.status == TableGame.Status.REPORTED else None
            services.result_record(
                drive=drive,
                game=drive.current_game,
                table=table,
                winner_number=reported or (a, b)[pick % 2],
                actor=actor,
                now=NOW,
            )
        pick += 1


def advance(drive, actor):
    drive.refresh_from_db()
    return services.game_advance(drive=drive, from_game=drive.current_game, actor=actor, now=NOW)
