"""When the night does not go to plan: late and leaving pairs, seat swaps and moves,
corrections of earlier games, finishing (early or not).
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.interface import FRONT, DriveError, Origin, StaleError, record_audit
from scoring.speak import say
from scoring.words import gettext_noop

from .. import movement
from ..models import Drive, JarEntry, Pair, PrizeSettings, Seat, TableGame
from .common import locked_drive, new_pair_codes
from .people import link_people
from .seating import (
    TEAM_MATCH,
    game_has_results,
    locked_at_game,
    missing_tables,
    movement_of,
    pair_numbers_of,
    renumber_seating,
    seating_of,
    waiting_for_results,
    winners_of,
    write_seating,
)
from .setup import check_pair_number, check_room, clean_name, next_pair_number, pair_audit_fields

# --- When the night does not go to plan --------------------------------------
# Late pairs, leavers and seat edits change the seating of the game about to
# be played: the current game, while none of its results is in. The movement
# module works here on pair numbers, so its refusals name the pairs as the
# hall knows them.


def _require_unplayed(drive: Drive) -> None:
    if drive.is_finished:
        raise DriveError(
            _("The drive is finished: pairs can no longer join, leave or change seats."), 409
        )
    if not drive.is_running:
        raise DriveError(_("The drive has not started yet."), 409)
    if game_has_results(drive, drive.current_game):
        raise DriveError(
            _(
                "Game %(game)d already has results. Seats change between games: "
                "go to the next game first (or undo this game's results)."
            )
            % {"game": drive.current_game},
            409,
        )


def _locked_for_seats(drive: Drive, from_game: int) -> Drive:
    """The drive, locked, at the game the page showed. A drive finished (or not
    started) says so, rather than calling the page out of date."""
    locked = locked_drive(drive)
    if not locked.is_running:
        _require_unplayed(locked)
    if from_game != locked.current_game:
        raise StaleError(_("The drive is not at that game any more: this page was out of date."))
    return locked


def seating_in_pair_numbers(drive: Drive, game: int) -> movement.Seating:
    """The game's seating with the pairs by their numbers, as the hall knows them."""
    return renumber_seating(seating_of(drive, game), pair_numbers_of(drive))


def _replace_seating(drive: Drive, game: int, seating_by_number: movement.Seating) -> None:
    """Write a new seating for a game that has no result yet (its rows are rebuilt)."""
    by_number = {n: pk for pk, n in pair_numbers_of(drive).items()}
    Seat.objects.filter(drive=drive, game=game).delete()
    TableGame.objects.filter(drive=drive, game=game).delete()
    write_seating(drive, game, renumber_seating(seating_by_number, by_number))


@dataclass(frozen=True)
class SeatingChange:
    """A change to the coming game's seating, shown before it takes effect."""

    game: int
    after: movement.Seating
    moves: list[dict]
    before: movement.Seating = ()

    @property
    def token(self) -> str:
        """Names the seating the change was worked out from, so a confirm after
        another tablet changed the seats is refused instead of doing other moves."""
        text = ";".join(f"{t.number}:{','.join(map(str, t.pairs))}" for t in self.before)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    @property
    def arriving(self) -> int | None:
        return next((m["pair"] for m in self.moves if m["from_table"] is None), None)

    @property
    def sitting_out(self) -> int | None:
        return next((t.pairs[0] for t in self.after if t.is_sitout), None)


def _change(drive: Drive, op) -> SeatingChange:
    before = seating_in_pair_numbers(drive, drive.current_game)
    try:
        after = op(before)
    except movement.MovementError as e:
        raise DriveError(say(e.args[0])) from e
    moves = [
        {"pair": m.pair, "from_table": m.from_table, "to_table": m.to_table}
        for m in movement.moves(before, after)
    ]
    return SeatingChange(game=drive.current_game, after=after, moves=moves, before=before)


def _pair_by_number(drive: Drive, number: int) -> Pair:
    pair = drive.pairs.filter(number=number).first()
    if pair is None:
        raise DriveError(_("There is no pair %(n)d in this drive.") % {"n": number}, 404)
    return pair


def _check_token(plan: SeatingChange, token: str | None) -> None:
    if token is not None and token != plan.token:
        raise StaleError(
            _("The seats changed on another screen since this was shown: check the moves again.")
        )


def seat_change_plan(drive: Drive, kind: str, **params) -> SeatingChange:
    """What a late pair, a leaver, a swap or a move would do to the coming game.

    kind: "arrive" (number), "leave" (number), "swap" (a, b), "move" (number, table).
    A team match's seats are its schedule's: every change is refused.
    """
    if drive.movement == TEAM_MATCH and not drive.is_setup:
        raise DriveError(
            _(
                "A team match's seats follow its schedule: no pair can join, leave or change "
                "seats once it has started."
            ),
            409,
        )
    _require_unplayed(drive)
    if kind == "arrive":
        number = params.get("number") or next_pair_number(drive)
        check_pair_number(drive, number)
        return _change(drive, lambda s: movement.add_pair(s, number))
    if kind == "leave":
        pair = _pair_by_number(drive, params["number"])
        return _change(drive, lambda s: movement.remove_pair(s, pair.number))
    if kind == "swap":
        a = _pair_by_number(drive, params["a"]).number
        b = _pair_by_number(drive, params["b"]).number
        return _change(drive, lambda s: movement.swap_pairs(s, a, b))
    if kind == "move":
        number = _pair_by_number(drive, params["number"]).number
        return _change(drive, lambda s: movement.move_pair(s, number, params["table"]))
    raise DriveError(_("Unknown change of seating."))


def _seat_change_audit(
    drive, *, actor, now, origin, action, summary, plan, old_extra=None, new_extra=None
):
    record_audit(
        club=drive.club,
        drive=drive,
        actor=actor,
        now=now,
        origin=origin,
        action=action,
        summary=summary,
        old={
            **(old_extra or {}),
            "game": plan.game,
            "seating": [{"table": t.number, "pairs": list(t.pairs)} for t in plan.before],
        },
        new={
            **(new_extra or {}),
            "game": plan.game,
            "moves": plan.moves,
            "seating": [{"table": t.number, "pairs": list(t.pairs)} for t in plan.after],
        },
    )


def pair_arrive(
    *,
    drive: Drive,
    from_game: int,
    seating_token: str | None = None,
    player1: str,
    player2: str,
    number: int | None = None,
    paid: bool = False,
    jar: bool = False,
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> Pair:
    """A late pair: it fills the empty seat of the coming game, or opens a new
    table after the last and sits out. Games before it arrived are not won.

    jar: it pays into the cookie jar as it registers, like the pairs at the door. Its card
    holds no game won yet, so nobody buys in knowing a good card."""
    with transaction.atomic():
        drive = _locked_for_seats(drive, from_game)
        p1, p2 = clean_name(player1), clean_name(player2)
        check_room(drive, 1)
        if jar and not PrizeSettings.objects.filter(drive=drive, jar=True).exists():
            raise DriveError(_("This drive has no cookie jar."), 409)
        plan = seat_change_plan(drive, "arrive", number=number)
        _check_token(plan, seating_token)
        number = next(m["pair"] for m in plan.moves if m["from_table"] is None)
        (one, two), _added = link_people(drive=drive, names=[p1, p2], choices=None, now=now)
        pair = Pair.objects.create(
            drive=drive,
            number=number,
            player1=p1,
            player2=p2,
            person1=one,
            person2=two,
            paid=paid,
            arrived_game=drive.current_game,
            code=new_pair_codes(drive, 1)[0],
        )
        if jar:
            JarEntry.objects.create(pair=pair, drive=drive, created_at=now)
        _replace_seating(drive, drive.current_game, plan.after)
        table = next(t for t in plan.after if number in t.pairs)
        summary = (
            gettext_noop(
                "Late pair %(n)d (%(names)s) joins at table %(table)d in game %(game)d, "
                "in the cookie jar"
            )
            if jar
            else gettext_noop(
                "Late pair %(n)d (%(names)s) joins at table %(table)d in game %(game)d"
            )
        )
        _seat_change_audit(
            drive,
            actor=actor,
            now=now,
            origin=origin,
            action="pair_arrive",
            summary=summary
            % {"n": number, "names": pair.names, "table": table.number, "game": plan.game},
            plan=plan,
            old_extra={"pair": None},
            new_extra={
                "pair": {
                    **pair_audit_fields(pair),
                    "arrived_game": pair.arrived_game,
                    **({"jar": True} if jar else {}),
                }
            },
        )
    return pair


def pair_leave(
    *,
    drive: Drive,
    from_game: int,
    seating_token: str | None = None,
    number: int,
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> SeatingChange:
    """A pair leaves between games: its seat in the coming game is left empty,
    so the pair it would have met sits out; two half-empty tables merge."""
    with transaction.atomic():
        drive = _locked_for_seats(drive, from_game)
        plan = seat_change_plan(drive, "leave", number=number)
        _check_token(plan, seating_token)
        pair = _pair_by_number(drive, number)
        pair.left_after_game = drive.current_game - 1
        pair.save(update_fields=["left_after_game"])
        _replace_seating(drive, drive.current_game, plan.after)
        _seat_change_audit(
            drive,
            actor=actor,
            now=now,
            origin=origin,
            action="pair_leave",
            summary=gettext_noop("Pair %(n)d left after game %(last)d")
            % {"n": number, "last": drive.current_game - 1},
            plan=plan,
            old_extra={"pair": number, "left_after_game": None},
            new_extra={"pair": number, "left_after_game": pair.left_after_game},
        )
    return plan


def seat_swap(
    *,
    drive: Drive,
    from_game: int,
    seating_token: str | None = None,
    a: int,
    b: int,
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> SeatingChange:
    """Swap two pairs' seats in the coming game (the hall and the screen differ)."""
    with transaction.atomic():
        drive = _locked_for_seats(drive, from_game)
        plan = seat_change_plan(drive, "swap", a=a, b=b)
        _check_token(plan, seating_token)
        _replace_seating(drive, drive.current_game, plan.after)
        _seat_change_audit(
            drive,
            actor=actor,
            now=now,
            origin=origin,
            action="seat_swap",
            summary=gettext_noop("Game %(game)d: pairs %(a)d and %(b)d swapped seats")
            % {"game": plan.game, "a": a, "b": b},
            plan=plan,
        )
    return plan


def seat_move(
    *,
    drive: Drive,
    from_game: int,
    seating_token: str | None = None,
    number: int,
    table: int,
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> SeatingChange:
    """Move a pair to another table of the coming game."""
    with transaction.atomic():
        drive = _locked_for_seats(drive, from_game)
        plan = seat_change_plan(drive, "move", number=number, table=table)
        _check_token(plan, seating_token)
        _replace_seating(drive, drive.current_game, plan.after)
        _seat_change_audit(
            drive,
            actor=actor,
            now=now,
            origin=origin,
            action="seat_move",
            summary=gettext_noop("Game %(game)d: pair %(n)d moved to table %(table)d")
            % {"game": plan.game, "n": number, "table": table},
            plan=plan,
        )
    return plan


# --- Corrections of earlier games -------------------------------------------


@dataclass(frozen=True)
class CorrectionPlan:
    """Everything a correction changes, shown before the organizer confirms.

    Seats of played games are facts: only the punch and the tallies change.
    reseat: the coming game's seating re-derived (when the corrected game is
    the last played and the coming game has no result yet). differing: the
    tables of the next game where other pairs would have sat (seats stay).
    """

    game: int
    table: int
    old_winner: int | None
    new_winner: int
    tallies: list[dict]
    reseat: SeatingChange | None
    differing: list[dict]


def _derived_next(drive: Drive, game: int, winners_by_number: dict[int, int]):
    """The seating game+1 would have had from game's recorded seats and these
    results, with the pairs that really left or arrived between the games. A team
    match's is its schedule's, whatever the results (and no pair joins or leaves it)."""
    seating = seating_in_pair_numbers(drive, game)
    derived = movement_of(drive).next_seating(seating, winners_by_number)
    recorded = seating_in_pair_numbers(drive, game + 1)
    had = set(movement.table_of(derived))
    has = set(movement.table_of(recorded))
    for gone in sorted(had - has):
        derived = movement.remove_pair(derived, gone)
    for late in sorted(has - had):
        derived = movement.add_pair(derived, late)
    return recorded, derived


def correction_plan(drive: Drive, game: int, table: int, winner_number: int) -> CorrectionPlan:
    if not 1 <= game <= drive.current_game or drive.is_setup:
        raise DriveError(_("Game %(game)d has not been played.") % {"game": game}, 404)
    if drive.is_running and game == drive.current_game:
        raise DriveError(
            _("Game %(game)d is being played: tap the winner on the results screen.")
            % {"game": game},
            409,
        )
    numbers = pair_numbers_of(drive)
    tg = TableGame.objects.filter(drive=drive, game=game, table=table).first()
    if tg is None:
        raise DriveError(
            _("There is no table %(table)d in game %(game)d.") % {"table": table, "game": game}, 404
        )
    if tg.is_sitout:
        raise DriveError(
            _("Table %(table)d was a sit-out: it had no game to win.") % {"table": table}
        )
    seated = [numbers[pk] for pk in tg.seats.values_list("pair_id", flat=True)]
    if winner_number not in seated:
        raise DriveError(
            _("Pair %(pair)d did not play at table %(table)d in game %(game)d.")
            % {"pair": winner_number, "table": table, "game": game}
        )
    old = numbers.get(tg.winner_id)
    if old == winner_number:
        raise DriveError(
            _("Pair %(pair)d is already the winner there.") % {"pair": winner_number}, 409
        )
    won = {numbers[pk]: n for pk, n in _win_counts(drive).items()}
    tallies = []
    if old is not None:
        tallies.append({"pair": old, "before": won.get(old, 0), "after": won.get(old, 0) - 1})
    tallies.append(
        {
            "pair": winner_number,
            "before": won.get(winner_number, 0),
            "after": won.get(winner_number, 0) + 1,
        }
    )
    reseat = None
    differing: list[dict] = []
    if game < drive.current_game:
        winners = {t: numbers[w] for t, w in winners_of(drive, game).items()}
        as_played = dict(winners)
        winners[table] = winner_number
        recorded, derived = _derived_next(drive, game, winners)
        coming_unplayed = (
            drive.is_running
            and game == drive.current_game - 1
            and not game_has_results(drive, drive.current_game)
        )
        if coming_unplayed:
            moves = [
                {"pair": m.pair, "from_table": m.from_table, "to_table": m.to_table}
                for m in movement.moves(recorded, derived)
            ]
            reseat = SeatingChange(game=game + 1, after=derived, moves=moves)
        else:
            # Only tables the correction itself changes: seat edits made in the hall
            # since then would show up against the recorded seats too.
            uncorrected = _derived_next(drive, game, as_played)[1]
            was = {t.number: t.pairs for t in recorded}
            would = {t.number: t.pairs for t in derived}
            before = {t.number: t.pairs for t in uncorrected}
            for t in sorted(set(before) | set(would)):
                if set(before.get(t, ())) != set(would.get(t, ())):
                    differing.append(
                        {
                            "game": game + 1,
                            "table": t,
                            "sat": sorted(was.get(t, ())),
                            "would_have": sorted(would.get(t, ())),
                        }
                    )
    return CorrectionPlan(game, table, old, winner_number, tallies, reseat, differing)


def _win_counts(drive: Drive) -> dict[int, int]:
    counts: dict[int, int] = defaultdict(int)
    for pair_id in TableGame.objects.filter(
        drive=drive, status__in=TableGame.COUNTED, winner__isnull=False
    ).values_list("winner_id", flat=True):
        counts[pair_id] += 1
    return counts


def result_correct(
    *,
    drive: Drive,
    game: int,
    table: int,
    winner_number: int,
    from_game: int,
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> CorrectionPlan:
    """Correct an earlier game's result with every consequence of correction_plan."""
    with transaction.atomic():
        drive = locked_drive(drive)
        if from_game != drive.current_game:
            raise StaleError(_("The drive has moved on since: check the correction again."))
        plan = correction_plan(drive, game, table, winner_number)
        tg = TableGame.objects.select_for_update().get(drive=drive, game=game, table=table)
        tg.winner = _pair_by_number(drive, winner_number)
        tg.status = TableGame.Status.CONFIRMED
        tg.source = TableGame.Source.FRONT
        tg.entered_by = actor if getattr(actor, "is_authenticated", False) else None
        tg.entered_at = now
        tg.version += 1
        tg.save()
        # A team match's coming game is seated as its schedule says, whoever won: its seats
        # stay as they are (the plan shows nobody moving).
        if plan.reseat and drive.movement != TEAM_MATCH:
            _replace_seating(drive, drive.current_game, plan.reseat.after)
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="result_correct",
            summary=gettext_noop("Corrected: game %(game)d, table %(table)d, pair %(pair)d won")
            % {"game": game, "table": table, "pair": winner_number},
            old={"game": game, "table": table, "winner": plan.old_winner},
            new={
                "game": game,
                "table": table,
                "winner": winner_number,
                "tallies": plan.tallies,
                "reseated": plan.reseat.moves if plan.reseat else None,
                "differing": plan.differing,
            },
        )
    return plan


def drive_finish_early(
    *, drive: Drive, from_game: int, actor, now: datetime, origin: Origin = FRONT
) -> Drive:
    """End the night now. A game with every result in counts; a game with no
    result yet is dropped (its seating removed); a game half-entered must be
    completed or undone first. The drive then has that many games."""
    with transaction.atomic():
        drive = locked_at_game(drive, from_game)
        game = drive.current_game
        missing = missing_tables(drive, game)
        if missing and game_has_results(drive, game):
            raise waiting_for_results(missing)
        played = game
        if missing:
            if game == 1:
                raise DriveError(_("No game has been played yet: nothing to finish."), 409)
            Seat.objects.filter(drive=drive, game=game).delete()
            TableGame.objects.filter(drive=drive, game=game).delete()
            played = game - 1
        planned = drive.games
        drive.games = played
        drive.current_game = played
        drive.status = Drive.Status.FINISHED
        drive.finished_at = now
        drive.save(update_fields=["games", "current_game", "status", "finished_at"])
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="drive_finish_early",
            summary=gettext_noop("Drive finished early after %(played)d of %(planned)d games")
            % {"played": played, "planned": planned},
            old={"status": "running", "games": planned, "game": game},
            new={"status": "finished", "games": played},
        )
    return drive


def drive_finish(
    *, drive: Drive, from_game: int, actor, now: datetime, origin: Origin = FRONT
) -> Drive:
    """Close the night after its last game; results become read-only."""
    with transaction.atomic():
        drive = locked_at_game(drive, from_game)
        if drive.current_game < drive.games:
            raise DriveError(
                _("Game %(game)d of %(games)d is being played: play the last game first.")
                % {"game": drive.current_game, "games": drive.games},
                409,
            )
        missing = missing_tables(drive, drive.current_game)
        if missing:
            raise waiting_for_results(missing)
        drive.status = Drive.Status.FINISHED
        drive.finished_at = now
        drive.save(update_fields=["status", "finished_at"])
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="drive_finish",
            summary=gettext_noop("Drive finished after %(games)d games")
            % {"games": drive.current_game},
            old={"status": "running"},
            new={"status": "finished", "games_played": drive.current_game},
        )
    return drive
