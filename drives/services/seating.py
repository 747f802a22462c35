"""Seating and moving on: start the drive, the plan for next game and next game itself, and
taking it back.
"""

from __future__ import annotations

import secrets
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from clubs.interface import FRONT, DriveError, Origin, StaleError, record_audit
from clubs.models import Club
from scoring.words import gettext_noop

from .. import movement, snapshots, sql
from ..models import Drive, Hand, Seat, TableGame
from .common import locked_drive

# --- Seating ----------------------------------------------------------------


def seating_of(drive: Drive, game: int) -> movement.Seating:
    """The recorded seating of a game, in the movement's terms (pair ids)."""
    return _seating_from(sql.game_seats(drive.pk, game))


def _seating_from(rows: list[sql.SeatRow]) -> movement.Seating:
    """The seating held in a game's rows (by table, then slot)."""
    by_table: dict[int, list[sql.SeatRow]] = defaultdict(list)
    deal: dict[int, int | None] = {}
    for r in rows:
        deal[r.table] = r.deal_first_id
        seats = by_table[r.table]  # a table nobody sits at is in the seating too
        if r.pair_id is not None:
            seats.append(r)
    return tuple(
        movement.Table(
            number=t,
            pairs=tuple(s.pair_id for s in seats),
            deals_first=deal[t],
            came_from=tuple(s.from_table for s in seats),
        )
        for t, seats in by_table.items()
    )


def winners_of(drive: Drive, game: int) -> dict[int, int]:
    """table -> counted winner (pair id) of a game."""
    return dict(
        TableGame.objects.filter(
            drive=drive, game=game, status=TableGame.Status.CONFIRMED
        ).values_list("table", "winner_id")
    )


def write_seating(drive: Drive, game: int, seating: movement.Seating) -> None:
    """Write a game's tables and seats (pairs by pk); a game seated already is a StaleError."""
    tables, seats = [], []
    for t in seating:
        if t.is_sitout:
            winner = t.pairs[0] if drive.sitout_wins else None
            tables.append(
                sql.NewTable(
                    t.number, t.deals_first, TableGame.Status.SITOUT, TableGame.Source.AUTO, winner
                )
            )
        else:
            tables.append(sql.NewTable(t.number, t.deals_first, TableGame.Status.PENDING, "", None))
        came = t.came_from or (None,) * len(t.pairs)
        for slot, (pair_id, src) in enumerate(zip(t.pairs, came, strict=True), start=1):
            seats.append(sql.NewSeat(t.number, pair_id, slot, src))
    try:
        sql.insert_seating(drive.pk, game, tables, seats)
    except IntegrityError as e:
        raise StaleError(_("That game has already been seated.")) from e


def pair_numbers_of(drive: Drive) -> dict[int, int]:
    """Each pair's number in the drive, by its pk."""
    return dict(drive.pairs.values_list("pk", "number"))


def describe_moves(moves: tuple[movement.Move, ...], numbers: dict[int, int]) -> list[dict]:
    return [
        {"pair": numbers[m.pair], "from_table": m.from_table, "to_table": m.to_table}
        for m in sorted(moves, key=lambda m: numbers[m.pair])
    ]


class AlreadyRunning(DriveError):
    """Another drive of the club is being played: starting this one too needs a yes first."""

    status = 409

    def __init__(self, message: str, running: Drive):
        super().__init__(message)
        self.running = running


def drive_start(
    *,
    drive: Drive,
    actor,
    now: datetime,
    seed: int | None = None,
    alongside: bool = False,
    table_cards: bool | None = None,
    origin: Origin = FRONT,
) -> Drive:
    """Seat the pairs at random for game 1 from a recorded seed.

    While another drive of the club is running this is refused (AlreadyRunning) unless
    ``alongside``: the organizer said yes to two drives at once. The club's table cards open
    this drive when they open no running drive; otherwise they stay where they are until the
    organizer moves them (services.table_drive_set). ``table_cards`` True: this drive takes
    them from any other (the Start page's "Use the table cards for this drive"); False: they
    stay where they are (the demo of `make run`, which must not keep them).
    """
    with transaction.atomic():
        # The club first, then the drive: the same order as table_drive_set.
        club = Club.objects.select_for_update().get(pk=drive.club_id)
        drive = locked_drive(drive)
        if not drive.is_setup:
            raise StaleError(_("The drive has already started."))
        running = (
            Drive.objects.filter(club_id=club.pk, status=Drive.Status.RUNNING)
            .order_by("-date", "-id")
            .first()
        )
        if running is not None and not alongside:
            raise AlreadyRunning(
                _("%(drive)s is running. Start this drive as well?") % {"drive": running.name},
                running,
            )
        pair_ids = list(drive.pairs.values_list("pk", flat=True))
        if len(pair_ids) < 2:
            raise DriveError(_("At least 2 pairs are needed to start."))
        if seed is None:
            seed = secrets.randbelow(10**9)
        if not 0 <= seed < 2**62:
            raise DriveError(_("The seed must be a whole number from 0 up."))
        seating = movement.first_seating(_numbers_in_order(drive), seed)
        by_number = {n: pk for pk, n in pair_numbers_of(drive).items()}
        seating = renumber_seating(seating, by_number)
        write_seating(drive, 1, seating)
        drive.seed = seed
        drive.status = Drive.Status.RUNNING
        drive.current_game = 1
        drive.save(update_fields=["seed", "status", "current_game"])
        if table_cards is None:
            serving = Drive.objects.filter(
                pk=club.table_drive_id, status=Drive.Status.RUNNING
            ).exclude(pk=drive.pk)
            table_cards = not serving.exists()
        if table_cards:
            club.table_drive = drive
            club.save(update_fields=["table_drive"])
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="drive_start",
            summary=gettext_noop(
                "Drive started with %(pairs)d pairs at %(tables)d tables, seed %(seed)d"
            )
            % {"pairs": len(pair_ids), "tables": len(seating), "seed": seed},
            new={
                "seed": seed,
                "seating": _seating_json(seating, pair_numbers_of(drive)),
                "table_cards": table_cards,
            },
        )
    return drive


def _numbers_in_order(drive: Drive) -> list[int]:
    # The draw is over pair numbers, so the same seed seats the same numbers
    # whatever the database ids are (a re-registered night draws the same).
    return list(drive.pairs.values_list("number", flat=True))


def renumber_seating(seating: movement.Seating, mapping: dict[int, int]) -> movement.Seating:
    """The seating with every pair (and the pair that deals first) put through ``mapping``:
    pks to numbers or back."""
    return tuple(
        movement.Table(
            t.number,
            tuple(mapping[p] for p in t.pairs),
            mapping[t.deals_first] if t.deals_first is not None else None,
            t.came_from,
        )
        for t in seating
    )


def _seating_json(seating: movement.Seating, numbers: dict[int, int]) -> list[dict]:
    return [
        {
            "table": t.number,
            "pairs": [numbers[p] for p in t.pairs],
            "deals_first": numbers[t.deals_first] if t.deals_first is not None else "cut",
        }
        for t in seating
    ]


# --- Moving on --------------------------------------------------------------


@dataclass(frozen=True)
class AdvancePlan:
    """What "next game" will do: shown to the organizer before confirming."""

    game: int
    missing_tables: tuple[int, ...]
    seating: movement.Seating = ()
    moves: list[dict] = field(default_factory=list)

    @property
    def ready(self) -> bool:
        return not self.missing_tables


def locked_at_game(drive: Drive, from_game: int) -> Drive:
    """The drive, locked, if it is still running the game the page showed; else StaleError."""
    drive = locked_drive(drive)
    if not drive.is_running or from_game != drive.current_game:
        raise StaleError(_("The drive is not at that game any more: this page was out of date."))
    return drive


def waiting_for_results(tables: tuple[int, ...]) -> DriveError:
    """The refusal of a step that needs the results these tables have not sent."""
    return DriveError(
        _("Waiting for the result of table(s) %(tables)s.")
        % {"tables": ", ".join(str(t) for t in tables)},
        409,
    )


def missing_tables(drive: Drive, game: int) -> tuple[int, ...]:
    return tuple(
        TableGame.objects.filter(drive=drive, game=game)
        .exclude(status__in=TableGame.COUNTED)
        .order_by("table")
        .values_list("table", flat=True)
    )


def advance_plan(drive: Drive) -> AdvancePlan:
    """The plan from one read of the game's tables, seats and pair numbers."""
    game = drive.current_game
    rows = sql.game_seats(drive.pk, game)
    missing = tuple(sorted({r.table for r in rows if r.status not in TableGame.COUNTED}))
    if missing:
        return AdvancePlan(game=game, missing_tables=missing)
    seating = _seating_from(rows)
    winners = {r.table: r.winner_id for r in rows if r.status == TableGame.Status.CONFIRMED}
    nxt = movement.MOVEMENTS[drive.movement].next_seating(seating, winners)
    moves = movement.moves(seating, nxt)
    numbers = {r.pair_id: r.pair_number for r in rows if r.pair_id is not None}
    if any(m.pair not in numbers for m in moves):  # a movement that seats someone new
        numbers = pair_numbers_of(drive)
    return AdvancePlan(
        game=game, missing_tables=(), seating=nxt, moves=describe_moves(moves, numbers)
    )


def game_advance(
    *, drive: Drive, from_game: int, actor, now: datetime, origin: Origin = FRONT
) -> Drive:
    """Seat the next game by the drive's movement. A stale or repeated request is refused.

    Returns the drive as it now is. The snapshot of the database is taken after the
    commit, in the background (drives/snapshots.py): the answer does not wait for it.
    """
    with transaction.atomic():
        locked = locked_drive(drive)
        if not locked.is_running:
            raise StaleError(_("The drive is not running."))
        if from_game != locked.current_game:
            raise StaleError(
                _("Game %(game)d is already under way: this page was out of date.")
                % {"game": locked.current_game}
            )
        if locked.current_game >= locked.games:
            raise DriveError(_("That was the last game: finish the drive instead."), 409)
        plan = advance_plan(locked)
        if not plan.ready:
            raise waiting_for_results(plan.missing_tables)
        game = locked.current_game + 1
        write_seating(locked, game, plan.seating)
        locked.current_game = game
        locked.save(update_fields=["current_game"])
        record_audit(
            # The caller's drive came with its club (get_drive_for_user): not read again.
            club=drive.club if Drive.club.is_cached(drive) else locked.club,
            drive=locked,
            actor=actor,
            now=now,
            origin=origin,
            action="game_advance",
            summary=gettext_noop("Game %(game)d seated: %(moves)d pairs moved")
            % {"game": game, "moves": len(plan.moves)},
            old={"game": from_game},
            new={"game": game, "moves": plan.moves},
        )
        label = f"drive{locked.pk}-game{game}"

        def snapshot_after_game():
            snapshots.snapshot_after_game(label=label, now=now)

        # After the commit, so the snapshot holds the new game's seating; robust: nothing
        # about the snapshot turns a seated game into an error.
        transaction.on_commit(snapshot_after_game, robust=True)
    return locked


def game_has_results(drive: Drive, game: int) -> bool:
    """Anything entered for the game: a result, or hands kept by a scorekeeper.

    Seats of such a game are facts, so they are no longer changed or taken back.
    """
    return (
        TableGame.objects.filter(drive=drive, game=game)
        .exclude(status__in=(TableGame.Status.PENDING, TableGame.Status.SITOUT))
        .exists()
        or Hand.objects.filter(table_game__drive=drive, table_game__game=game).exists()
    )


def game_undo(
    *, drive: Drive, from_game: int, actor, now: datetime, origin: Origin = FRONT
) -> Drive:
    """Take back the last "next game" while no result of the new game is in."""
    with transaction.atomic():
        drive = locked_at_game(drive, from_game)
        if drive.current_game <= 1:
            raise DriveError(_("Game 1 cannot be taken back: there is no game before it."), 409)
        game = drive.current_game
        if game_has_results(drive, game):
            raise DriveError(
                _("Game %(game)d already has results: undo them first.") % {"game": game}, 409
            )
        changed = drive.pairs.filter(Q(arrived_game=game) | Q(left_after_game=game - 1))
        if changed.exists():
            raise DriveError(
                _(
                    "Pair %(n)d joined or left at game %(game)d, so that game cannot be taken "
                    "back. Change its seats instead."
                )
                % {"n": changed.order_by("number").first().number, "game": game},
                409,
            )
        seating = _seating_json(seating_of(drive, game), pair_numbers_of(drive))
        Seat.objects.filter(drive=drive, game=game).delete()
        TableGame.objects.filter(drive=drive, game=game).delete()
        drive.current_game = game - 1
        drive.save(update_fields=["current_game"])
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="game_undo",
            summary=gettext_noop("Game %(game)d taken back: back to game %(prev)d")
            % {"game": game, "prev": game - 1},
            old={"game": game, "seating": seating},
            new={"game": game - 1},
        )
    return drive
