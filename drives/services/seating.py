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
from scoring.speak import say
from scoring.words import gettext_noop

from .. import movement, snapshots, sql
from ..models import Drive, Hand, Pair, Seat, TableGame
from ..team_match import TeamMatch
from .common import locked_drive

TEAM_MATCH = Drive.Movement.TEAM_MATCH

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


# --- The drive's movement ----------------------------------------------------


def sides_of(drive: Drive) -> dict[int, int | None]:
    """Each pair's team (Pair.side) by its number: one statement."""
    return dict(Pair.objects.filter(drive_id=drive.pk).values_list("number", "side"))


def team_match_of(drive: Drive, sides: dict[int, int | None] | None = None) -> TeamMatch | None:
    """The drive's team match (None: it is not one), between its pairs' teams (``sides``:
    pair number -> team, read when not given). A pair without team 1 or 2, or a team
    without pairs, is a DriveError saying which."""
    if drive.movement != TEAM_MATCH:
        return None
    try:
        return TeamMatch.from_sides(sides_of(drive) if sides is None else sides)
    except movement.MovementError as e:
        raise DriveError(say(e.args[0])) from e


def movement_of(drive: Drive, sides: dict[int, int | None] | None = None) -> movement.Movement:
    """The drive's movement: winners-move, or its team match (which works in pair numbers;
    winners-move takes any pair ids)."""
    return team_match_of(drive, sides) or movement.MOVEMENTS[drive.movement]


@dataclass(frozen=True)
class NextSeat:
    """Where a pair of a team match sits in the game after ``game``, by the schedule."""

    pair: int  # its number
    table: int
    stays: bool  # at the table it sits at in ``game``
    sits_out: bool


def next_seats(drive: Drive, game: int) -> dict[int, NextSeat]:
    """For a team match, where each pair sits in the game after ``game`` (pair number ->
    NextSeat), read from its schedule, whoever wins: one statement. Empty when the drive
    is not a team match (winners-move: the results decide) or ``game`` is its last."""
    if drive.movement != TEAM_MATCH or not 1 <= game < drive.games:
        return {}
    match = team_match_of(drive)
    if match is None or game >= match.rounds:  # the drive's games are its rounds
        return {}
    now = movement.table_of(match.seating(game))
    nxt = match.seating(game + 1)
    return {
        p: NextSeat(pair=p, table=t.number, stays=now.get(p) == t.number, sits_out=t.is_sitout)
        for t in nxt
        for p in t.pairs
    }


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

    A team match (drives.team_match) is seated by its schedule instead (the seed is kept
    all the same): every pair must play for team 1 or team 2 and each team have a pair,
    else a DriveError naming the pairs. Its number of games becomes its schedule's (one
    game for each pair of the larger team), and a sit-out in it never counts as a game
    won: ``sitout_wins`` is turned off at the start, which the audit entry says (rather
    than refused, so the organizer need not untick a box the schedule decides).

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
        match = team_match_of(drive)
        fields, old = ["seed", "status", "current_game"], None
        if match is None:
            seating = movement.first_seating(_numbers_in_order(drive), seed)
        else:
            seating = match.seating(1)
            old = {"games": drive.games, "sitout_wins": drive.sitout_wins}
            # Before the seats are written: a sit-out table is then written with no winner.
            drive.games, drive.sitout_wins = match.rounds, False
            fields += ["games", "sitout_wins"]
        by_number = {n: pk for pk, n in pair_numbers_of(drive).items()}
        seating = renumber_seating(seating, by_number)
        write_seating(drive, 1, seating)
        drive.seed = seed
        drive.status = Drive.Status.RUNNING
        drive.current_game = 1
        drive.save(update_fields=fields)
        if table_cards is None:
            serving = Drive.objects.filter(
                pk=club.table_drive_id, status=Drive.Status.RUNNING
            ).exclude(pk=drive.pk)
            table_cards = not serving.exists()
        if table_cards:
            club.table_drive = drive
            club.save(update_fields=["table_drive"])
        new = {
            "seed": seed,
            "seating": _seating_json(seating, pair_numbers_of(drive)),
            "table_cards": table_cards,
        }
        if match is None:
            summary = gettext_noop(
                "Drive started with %(pairs)d pairs at %(tables)d tables, seed %(seed)d"
            ) % {"pairs": len(pair_ids), "tables": len(seating), "seed": seed}
        else:
            summary = gettext_noop(
                "Team match started: %(one)d pairs of team 1 against %(two)d of team 2, "
                "%(games)d games; a sit-out counts as no game won"
            ) % {"one": len(match.side1), "two": len(match.side2), "games": match.rounds}
            new |= {
                "movement": match.name,
                "team1": list(match.side1),
                "team2": list(match.side2),
                "games": drive.games,
                "sitout_wins": False,
            }
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="drive_start",
            summary=summary,
            old=old,
            new=new,
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
    # The pairs (by number) sitting out in the next game, by table.
    sitting_out: tuple[int, ...] = ()

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
    numbers = {r.pair_id: r.pair_number for r in rows if r.pair_id is not None}
    match = team_match_of(drive)
    if match is None:
        nxt = movement.MOVEMENTS[drive.movement].next_seating(seating, winners)
    else:
        # The team match's schedule is by pair number: there and back.
        by_number = {n: pk for pk, n in numbers.items()}
        played = {t: numbers[w] for t, w in winners.items()}
        nxt = match.next_seating(renumber_seating(seating, numbers), played)
        nxt = renumber_seating(nxt, by_number)
    moves = movement.moves(seating, nxt)
    if any(m.pair not in numbers for m in moves):  # a movement that seats someone new
        numbers = pair_numbers_of(drive)
    return AdvancePlan(
        game=game,
        missing_tables=(),
        seating=nxt,
        moves=describe_moves(moves, numbers),
        sitting_out=tuple(numbers[t.pairs[0]] for t in nxt if t.is_sitout),
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
