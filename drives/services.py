"""The only writers of drive state.

Each function is one transaction and writes one audit entry. Arguments are
keyword-only, with an explicit actor, origin (screen and device) and now, so
tests are deterministic. A DriveError is for the organizer (shown as a
message with a 4xx); any other exception is a bug.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime

from django.db import IntegrityError, transaction
from django.db.models import Count as models_Count
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scoring import games
from scoring.games import all_fours
from scoring.games.core import (
    NO_TRUMP,
    SLAM,
    GameState,
    HandError,
    HandRecord,
    Variant,
    two_pairs,
)

from . import movement, snapshots
from .game_options import check_game_options, variant_for
from .models import (
    MAX_NAME,
    AuditEntry,
    Club,
    Drive,
    Hand,
    Pair,
    Seat,
    Submission,
    TableGame,
    TableLink,
)


class DriveError(Exception):
    """A request the rules refuse; the message is for the organizer."""

    status = 400

    def __init__(self, message: str, status: int | None = None):
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status


class StaleError(DriveError):
    """The screen was out of date (another device moved the night on)."""

    status = 409


@dataclass(frozen=True)
class Origin:
    """Where a change came from: the screen and the device."""

    source: str = "front"
    device: str = ""


FRONT = Origin()


def _audit(*, club, drive, actor, now, action, summary, origin, old=None, new=None):
    AuditEntry.objects.create(
        club=club,
        drive=drive,
        actor=actor if getattr(actor, "is_authenticated", False) else None,
        at=now,
        action=action,
        summary=summary[:300],
        source=origin.source[:120],
        device=origin.device[:200],
        old=old,
        new=new,
    )


# Other apps' services (prizes) write their audit entries the same way.
record_audit = _audit


def _locked_drive(drive: Drive) -> Drive:
    """Re-read the drive under a row lock so racing requests serialize."""
    return Drive.objects.select_for_update().get(pk=drive.pk)


# --- Drives -----------------------------------------------------------------

DRIVE_SETTINGS = (
    "name",
    "date",
    "venue",
    "games",
    "game",
    "game_options",
    "prize_places",
    "sitout_wins",
    "confirm_by_number",
    "board_public",
    "standings_public",
)


def _settings_of(drive: Drive) -> dict:
    out = {k: getattr(drive, k) for k in DRIVE_SETTINGS}
    out["date"] = drive.date.isoformat() if isinstance(drive.date, date) else str(drive.date)
    return out


def drive_create(*, club: Club, actor, now: datetime, origin: Origin = FRONT, **values) -> Drive:
    unknown = set(values) - set(DRIVE_SETTINGS)
    if unknown:
        raise TypeError(f"unknown drive settings: {sorted(unknown)}")
    with transaction.atomic():
        drive = Drive(club=club, **values)
        check_game_options(drive)
        drive.full_clean(exclude=["club"])
        drive.save()
        _audit(
            club=club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="drive_create",
            summary=_("Drive created"),
            new=_settings_of(drive),
        )
    return drive


def drive_update(*, drive: Drive, actor, now: datetime, origin: Origin = FRONT, **values) -> Drive:
    unknown = set(values) - set(DRIVE_SETTINGS)
    if unknown:
        raise TypeError(f"unknown drive settings: {sorted(unknown)}")
    with transaction.atomic():
        drive = _locked_drive(drive)
        if not drive.is_setup:
            raise DriveError(_("The drive has started: its settings can no longer change."), 409)
        old = _settings_of(drive)
        for k, v in values.items():
            setattr(drive, k, v)
        check_game_options(drive)
        drive.full_clean(exclude=["club"])
        if _settings_of(drive) == old:
            return drive
        drive.save()
        _audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="drive_update",
            summary=_("Drive settings changed"),
            old=old,
            new=_settings_of(drive),
        )
    return drive


SCREEN_SETTINGS = ("board_public", "standings_public", "confirm_by_number")


def drive_screens_set(
    *, drive: Drive, actor, now: datetime, origin: Origin = FRONT, **values: bool
) -> Drive:
    """The public screens and how tables confirm: can change at any time, mid-night too."""
    unknown = set(values) - set(SCREEN_SETTINGS)
    if unknown:
        raise TypeError(f"unknown screen settings: {sorted(unknown)}")
    with transaction.atomic():
        drive = _locked_drive(drive)
        old = {k: getattr(drive, k) for k in SCREEN_SETTINGS}
        new = {**old, **{k: bool(v) for k, v in values.items()}}
        if new == old:
            return drive
        for k, v in new.items():
            setattr(drive, k, v)
        drive.save(update_fields=list(SCREEN_SETTINGS))
        _audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="drive_screens",
            summary=_("Projector board, public standings or confirmation setting changed"),
            old=old,
            new=new,
        )
    return drive


# --- Pairs ------------------------------------------------------------------

# Tried in order: a line with "&" splits there even if a name holds "/" or "and".
_SPLITS = [
    re.compile(p, re.IGNORECASE)
    for p in (r"\s*&\s*", r"\s*\+\s*", r"\s+and\s+", r"\s+et\s+", r"\s*/\s*")
]
_LEADING_NUMBER = re.compile(r"^\s*(\d+)(?:\s*[.):\-]\s*|\s+)")


def clean_name(raw: str) -> str:
    name = " ".join((raw or "").split())
    if not name:
        raise DriveError(_("A player's name is blank."))
    if len(name) > MAX_NAME:
        raise DriveError(
            _("The name “%(name)s…” is longer than %(max)d characters.")
            % {"name": name[:20], "max": MAX_NAME}
        )
    return name


def parse_pair_line(line: str) -> tuple[int | None, str, str]:
    """'12. Mary MacNeil & John Boudreau' -> (12, 'Mary MacNeil', 'John Boudreau')."""
    number = None
    m = _LEADING_NUMBER.match(line)
    if m:
        if len(m.group(1)) > 4:
            raise DriveError(_("A pair number must be between 1 and 9999."))
        number = int(m.group(1))
        line = line[m.end() :]
    parts = [line.strip()]
    for splitter in _SPLITS:
        if splitter.search(line):
            parts = splitter.split(line.strip(), maxsplit=1)
            break
    if len(parts) != 2 or not parts[0].strip() or not parts[1].strip():
        raise DriveError(
            _("“%(line)s”: write two names joined by &, like “Mary MacNeil & John Boudreau”.")
            % {"line": line.strip()[:60]}
        )
    return number, clean_name(parts[0]), clean_name(parts[1])


def _require_setup(drive: Drive) -> None:
    if not drive.is_setup:
        raise DriveError(_("The drive has started: pairs can no longer be added or removed."), 409)


def _next_number(drive: Drive) -> int:
    return (drive.pairs.aggregate(m=Max("number"))["m"] or 0) + 1


def _pair_dict(pair: Pair) -> dict:
    return {
        "number": pair.number,
        "player1": pair.player1,
        "player2": pair.player2,
        "paid": pair.paid,
    }


def _check_number(drive: Drive, number: int, exclude_pk: int | None = None) -> None:
    if number < 1 or number > 9999:
        raise DriveError(_("A pair number must be between 1 and 9999."))
    clash = drive.pairs.filter(number=number)
    if exclude_pk:
        clash = clash.exclude(pk=exclude_pk)
    if clash.exists():
        raise DriveError(_("Pair %(n)d already exists in this drive.") % {"n": number}, 409)


def pair_add(
    *,
    drive: Drive,
    actor,
    now: datetime,
    player1: str,
    player2: str,
    number: int | None = None,
    paid: bool = False,
    origin: Origin = FRONT,
) -> Pair:
    with transaction.atomic():
        drive = _locked_drive(drive)
        _require_setup(drive)
        p1, p2 = clean_name(player1), clean_name(player2)
        if number is None:
            number = _next_number(drive)
        _check_number(drive, number)
        pair = Pair.objects.create(drive=drive, number=number, player1=p1, player2=p2, paid=paid)
        _audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="pair_add",
            summary=_("Pair %(n)d added: %(names)s") % {"n": number, "names": pair.names},
            new=_pair_dict(pair),
        )
    return pair


def pairs_bulk_add(
    *, drive: Drive, actor, now: datetime, text: str, paid: bool = False, origin: Origin = FRONT
) -> list[Pair]:
    """Add one pair per non-blank line. All lines are checked before any is saved."""
    lines = [ln for ln in (text or "").splitlines() if ln.strip()]
    if not lines:
        raise DriveError(_("Paste at least one pair, one per line."))
    if len(lines) > 500:
        raise DriveError(_("At most 500 pairs can be pasted at once."))
    parsed = []
    errors = []
    for i, line in enumerate(lines, start=1):
        try:
            parsed.append(parse_pair_line(line))
        except DriveError as e:
            errors.append(_("Line %(i)d: %(msg)s") % {"i": i, "msg": e.message})
    if errors:
        raise DriveError(" ".join(errors[:5]))
    return pairs_add_many(
        drive=drive, actor=actor, now=now, entries=parsed, paid=paid, origin=origin
    )


def pairs_add_many(
    *,
    drive: Drive,
    actor,
    now: datetime,
    entries: list[tuple[int | None, str, str]],
    paid: bool = False,
    origin: Origin = FRONT,
) -> list[Pair]:
    """Add several pairs, (number or None, player1, player2), all or none: one audit entry.

    A pair without a number follows the one before it. The pasted list and the
    JSON API's list of pairs both come here.
    """
    if not entries:
        raise DriveError(_("Paste at least one pair, one per line."))
    if len(entries) > 500:
        raise DriveError(_("At most 500 pairs can be pasted at once."))
    parsed = []
    errors = []
    for i, (number, player1, player2) in enumerate(entries, start=1):
        try:
            parsed.append((number, clean_name(player1), clean_name(player2)))
        except DriveError as e:
            errors.append(_("Line %(i)d: %(msg)s") % {"i": i, "msg": e.message})
    if errors:
        raise DriveError(" ".join(errors[:5]))
    with transaction.atomic():
        drive = _locked_drive(drive)
        _require_setup(drive)
        taken = set(drive.pairs.values_list("number", flat=True))
        nxt = max(taken, default=0) + 1
        pairs = []
        for number, p1, p2 in parsed:
            if number is None:
                # An unnumbered line follows the line before it ("5. A & B" then "C & D" -> 6).
                while nxt in taken:
                    nxt += 1
                number = nxt
            else:
                nxt = number + 1
            if number in taken:
                raise DriveError(_("Pair %(n)d already exists in this drive.") % {"n": number}, 409)
            if not 1 <= number <= 9999:
                raise DriveError(_("A pair number must be between 1 and 9999."))
            taken.add(number)
            pairs.append(Pair(drive=drive, number=number, player1=p1, player2=p2, paid=paid))
        Pair.objects.bulk_create(pairs)
        _audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="pairs_bulk_add",
            summary=_("%(count)d pairs added: %(first)d to %(last)d")
            % {"count": len(pairs), "first": pairs[0].number, "last": pairs[-1].number},
            new=[_pair_dict(p) for p in pairs],
        )
    return pairs


def pair_update(
    *,
    pair: Pair,
    actor,
    now: datetime,
    player1: str,
    player2: str,
    number: int | None = None,
    paid: bool | None = None,
    origin: Origin = FRONT,
) -> Pair:
    """Names can change at any time; the number only before the start."""
    with transaction.atomic():
        drive = _locked_drive(pair.drive)
        pair = Pair.objects.select_for_update().get(pk=pair.pk)
        old = _pair_dict(pair)
        pair.player1, pair.player2 = clean_name(player1), clean_name(player2)
        if paid is not None:
            pair.paid = paid
        if number is not None and number != pair.number:
            if not drive.is_setup:
                raise DriveError(_("Pair numbers cannot change once the drive has started."), 409)
            _check_number(drive, number, exclude_pk=pair.pk)
            pair.number = number
        new = _pair_dict(pair)
        if new == old:
            return pair
        pair.save()
        _audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="pair_update",
            summary=_("Pair %(n)d changed") % {"n": pair.number},
            old=old,
            new=new,
        )
    return pair


def pair_set_paid(*, pair: Pair, actor, now: datetime, paid: bool, origin: Origin = FRONT) -> Pair:
    with transaction.atomic():
        drive = _locked_drive(pair.drive)
        pair = Pair.objects.select_for_update().get(pk=pair.pk)
        if pair.paid == paid:
            return pair
        pair.paid = paid
        pair.save(update_fields=["paid"])
        _audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="pair_paid",
            summary=(_("Pair %(n)d paid") if paid else _("Pair %(n)d marked unpaid"))
            % {"n": pair.number},
            old={"paid": not paid},
            new={"paid": paid},
        )
    return pair


def pair_remove(*, pair: Pair, actor, now: datetime, origin: Origin = FRONT) -> None:
    with transaction.atomic():
        drive = _locked_drive(pair.drive)
        _require_setup(drive)
        pair = Pair.objects.select_for_update().get(pk=pair.pk)
        old = _pair_dict(pair)
        pair.delete()
        _audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="pair_remove",
            summary=_("Pair %(n)d removed") % {"n": old["number"]},
            old=old,
        )


# --- Seating ----------------------------------------------------------------


def seating_of(drive: Drive, game: int) -> movement.Seating:
    """The recorded seating of a game, in the movement's terms (pair ids)."""
    by_table: dict[int, list[Seat]] = defaultdict(list)
    deal: dict[int, int | None] = {}
    for tg in TableGame.objects.filter(drive=drive, game=game).prefetch_related("seats"):
        deal[tg.table] = tg.deal_first_id
        by_table[tg.table] = sorted(tg.seats.all(), key=lambda s: s.slot)
    return tuple(
        movement.Table(
            number=t,
            pairs=tuple(s.pair_id for s in seats),
            deals_first=deal[t],
            came_from=tuple(s.from_table for s in seats),
        )
        for t, seats in sorted(by_table.items())
    )


def winners_of(drive: Drive, game: int) -> dict[int, int]:
    """table -> counted winner (pair id) of a game."""
    return dict(
        TableGame.objects.filter(
            drive=drive, game=game, status=TableGame.Status.CONFIRMED
        ).values_list("table", "winner_id")
    )


def _write_seating(drive: Drive, game: int, seating: movement.Seating) -> list[TableGame]:
    table_games = []
    for t in seating:
        tg = TableGame(drive=drive, game=game, table=t.number, deal_first_id=t.deals_first)
        if t.is_sitout:
            tg.status = TableGame.Status.SITOUT
            tg.source = TableGame.Source.AUTO
            tg.winner_id = t.pairs[0] if drive.sitout_wins else None
        table_games.append(tg)
    try:
        TableGame.objects.bulk_create(table_games)
    except IntegrityError as e:
        raise StaleError(_("That game has already been seated.")) from e
    seats = []
    for t, tg in zip(seating, table_games, strict=True):
        came = t.came_from or (None,) * len(t.pairs)
        for slot, (pair_id, src) in enumerate(zip(t.pairs, came, strict=True), start=1):
            seats.append(
                Seat(
                    drive=drive,
                    game=game,
                    table_game=tg,
                    pair_id=pair_id,
                    slot=slot,
                    from_table=src,
                )
            )
    Seat.objects.bulk_create(seats)
    return table_games


def _numbers(drive: Drive) -> dict[int, int]:
    return dict(drive.pairs.values_list("pk", "number"))


def describe_moves(moves: tuple[movement.Move, ...], numbers: dict[int, int]) -> list[dict]:
    return [
        {"pair": numbers[m.pair], "from_table": m.from_table, "to_table": m.to_table}
        for m in sorted(moves, key=lambda m: numbers[m.pair])
    ]


def drive_start(
    *, drive: Drive, actor, now: datetime, seed: int | None = None, origin: Origin = FRONT
) -> Drive:
    """Seat the pairs at random for game 1 from a recorded seed."""
    with transaction.atomic():
        drive = _locked_drive(drive)
        if not drive.is_setup:
            raise StaleError(_("The drive has already started."))
        pair_ids = list(drive.pairs.values_list("pk", flat=True))
        if len(pair_ids) < 2:
            raise DriveError(_("At least 2 pairs are needed to start."))
        if seed is None:
            seed = secrets.randbelow(10**9)
        if not 0 <= seed < 2**62:
            raise DriveError(_("The seed must be a whole number from 0 up."))
        seating = movement.first_seating(_numbers_in_order(drive), seed)
        by_number = {n: pk for pk, n in _numbers(drive).items()}
        seating = _renumber(seating, by_number)
        _write_seating(drive, 1, seating)
        drive.seed = seed
        drive.status = Drive.Status.RUNNING
        drive.current_game = 1
        drive.save(update_fields=["seed", "status", "current_game"])
        _audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="drive_start",
            summary=_("Drive started with %(pairs)d pairs at %(tables)d tables, seed %(seed)d")
            % {"pairs": len(pair_ids), "tables": len(seating), "seed": seed},
            new={"seed": seed, "seating": _seating_json(seating, _numbers(drive))},
        )
    return drive


def _numbers_in_order(drive: Drive) -> list[int]:
    # The draw is over pair numbers, so the same seed seats the same numbers
    # whatever the database ids are (a re-registered night draws the same).
    return list(drive.pairs.values_list("number", flat=True))


def _renumber(seating: movement.Seating, mapping: dict[int, int]) -> movement.Seating:
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


# --- Results ----------------------------------------------------------------


def _check_current(drive: Drive, game: int) -> None:
    if not drive.is_running:
        if drive.is_finished:
            raise DriveError(_("The drive is finished: results are read-only."), 409)
        raise DriveError(_("The drive has not started yet."), 409)
    if game != drive.current_game:
        raise StaleError(
            _("Game %(game)d is not the current game (game %(current)d is being played).")
            % {"game": game, "current": drive.current_game}
        )


def _locked_table(drive: Drive, game: int, table: int) -> TableGame:
    """The table's result row with its seats and drive, locked, in one query.

    Locking the drive row too keeps a result from changing while "next game"
    reads the results (PostgreSQL); SQLite's IMMEDIATE transactions serialize
    writers anyway. The seats are attached as tg.seat_list.
    """
    seats = list(
        Seat.objects.select_for_update(of=("table_game", "table_game__drive"))
        .select_related("pair", "table_game", "table_game__drive", "table_game__drive__club")
        .filter(drive_id=drive.pk, game=game, table_game__table=table)
        .order_by("slot")
    )
    if not seats:
        fresh = Drive.objects.get(pk=drive.pk)
        _check_current(fresh, game)
        raise DriveError(
            _("There is no table %(table)d in game %(game)d.") % {"table": table, "game": game}, 404
        )
    tg = seats[0].table_game
    for seat in seats:
        seat.table_game = tg
    tg.seat_list = seats
    _check_current(tg.drive, game)
    return tg


KEY_RE = re.compile(r"^[A-Za-z0-9_.:-]{8,64}$")


def _check_key(key: str | None) -> str:
    if not key or not KEY_RE.match(key):
        raise DriveError(_("This submission has no valid key: reload the page and tap again."), 400)
    return key


@dataclass(frozen=True)
class Answer:
    """What a result submission did, in the table's words. A retry gets the same answer."""

    status: int
    message: str
    table_game: TableGame
    replayed: bool = False


def _replayed(drive: Drive, key: str | None, table: int) -> Answer | None:
    """The first answer to a submission with this key, or None if it is new."""
    if not key:
        return None
    first = next(
        iter(
            Submission.objects.select_related("table_game")
            .filter(drive_id=drive.pk, key=key)
            .order_by()
        ),
        None,
    )
    if first is None:
        return None
    if first.table_game.table != table:
        raise DriveError(_("This key was already used for another table."), 409)
    return Answer(first.answer_status, first.answer, first.table_game, replayed=True)


def _number_of(tg: TableGame, pair_id: int | None) -> int | None:
    return next((s.pair.number for s in tg.seat_list if s.pair_id == pair_id), None)


def _result_state(tg: TableGame) -> dict:
    state = {"winner": _number_of(tg, tg.winner_id), "status": tg.status}
    if tg.reported_device:
        state["device"] = tg.reported_device
    return state


def _set_result(
    tg: TableGame,
    *,
    winner: Pair | None,
    status: str,
    source: str,
    actor,
    now: datetime,
    device: str = "",
) -> None:
    tg.winner = winner
    tg.status = status
    tg.source = source
    tg.reported_device = device if status == TableGame.Status.REPORTED else ""
    tg.entered_by = actor if getattr(actor, "is_authenticated", False) else None
    tg.entered_at = now
    tg.version += 1
    tg.save(
        update_fields=[
            "winner",
            "status",
            "source",
            "reported_device",
            "entered_by",
            "entered_at",
            "version",
        ]
    )


def _submission(
    tg: TableGame,
    *,
    key: str | None,
    kind: str,
    winner: Pair | None,
    device: str,
    origin: Origin,
    actor,
    now: datetime,
    answer: str,
    status: int = 200,
) -> None:
    Submission.objects.create(
        drive_id=tg.drive_id,
        table_game=tg,
        key=key or f"auto-{secrets.token_hex(12)}",
        kind=kind,
        winner=winner,
        device=device[:64],
        agent=origin.device[:200],
        actor=actor if getattr(actor, "is_authenticated", False) else None,
        at=now,
        answer_status=status,
        answer=answer[:300],
    )


def _seated_pair(tg: TableGame, number: int, game: int) -> Pair:
    seated = {s.pair.number: s.pair for s in tg.seat_list}
    if tg.is_sitout:
        raise DriveError(
            _("Table %(table)d is a sit-out: it has no game to win.") % {"table": tg.table}
        )
    if number not in seated:
        raise DriveError(
            _("Pair %(pair)d is not seated at table %(table)d in game %(game)d.")
            % {"pair": number, "table": tg.table, "game": game}
        )
    return seated[number]


def _other_number(tg: TableGame, number: int) -> int:
    return next(s.pair.number for s in tg.seat_list if s.pair.number != number)


def _result_audit(tg, *, actor, now, origin, action, summary, old, extra=None) -> None:
    new = {**_result_state(tg), "game": tg.game, "table": tg.table, **(extra or {})}
    _audit(
        club=tg.drive.club,
        drive=tg.drive,
        actor=actor,
        now=now,
        origin=origin,
        action=action,
        summary=summary,
        old=old,
        new=new,
    )


def _result_change(
    tg: TableGame,
    *,
    winner: Pair | None,
    status: str,
    source: str,
    kind: str,
    claimed: Pair | None,
    key: str | None,
    device: str,
    origin: Origin,
    actor,
    now: datetime,
    old: dict,
    action: str,
    summary: str,
    answer: str,
) -> Answer:
    """One result submission written whole: the table's new state, its Submission row
    (the key and the answer a retry gets back) and its audit entry."""
    _set_result(
        tg, winner=winner, status=status, source=source, actor=actor, now=now, device=device
    )
    _submission(
        tg,
        key=key,
        kind=kind,
        winner=claimed,
        device=device,
        origin=origin,
        actor=actor,
        now=now,
        answer=answer,
    )
    _result_audit(tg, actor=actor, now=now, origin=origin, action=action, summary=summary, old=old)
    return Answer(200, answer, tg)


def result_record(
    *,
    drive: Drive,
    game: int,
    table: int,
    winner_number: int,
    actor,
    now: datetime,
    origin: Origin = FRONT,
    key: str | None = None,
) -> TableGame:
    """The front's result for a table (organizer or scorer): counts at once.

    Tapping the other pair later changes it. A table report waiting for the
    other pair's agreement is confirmed by the same winner, and put in conflict
    by a different one. A result in conflict is settled by this tap.

    Returns the table's row with its seats attached (tg.seat_list).
    """
    return result_enter(
        drive=drive,
        game=game,
        table=table,
        winner_number=winner_number,
        actor=actor,
        now=now,
        origin=origin,
        key=key,
    ).table_game


def result_enter(
    *,
    drive: Drive,
    game: int,
    table: int,
    winner_number: int,
    actor,
    now: datetime,
    origin: Origin = FRONT,
    key: str | None = None,
) -> Answer:
    """result_record with its answer (for callers that pass a device key)."""
    if key is not None:
        _check_key(key)
    with transaction.atomic():
        if (first := _replayed(drive, key, table)) is not None:
            return first
        tg = _locked_table(drive, game, table)
        if (first := _replayed(drive, key, table)) is not None:
            return first
        winner = _seated_pair(tg, winner_number, game)
        old = _result_state(tg)
        args = {"game": game, "table": table, "pair": winner_number, "old": old["winner"] or 0}
        S = TableGame.Status
        if tg.status == S.CONFIRMED and tg.winner_id == winner.pk:
            return Answer(200, _("Counted: pair %(pair)d won.") % args, tg)
        if tg.status == S.REPORTED and tg.winner_id != winner.pk:
            status, action = S.CONFLICT, "result_conflict"
            summary = _(
                "Game %(game)d, table %(table)d: the front says pair %(pair)d won, "
                "the table said pair %(old)d: in conflict"
            )
            answer = _("In conflict: the table said pair %(old)d won. Tap the winner to settle.")
        elif tg.status == S.CONFLICT:
            status, action = S.CONFIRMED, "result_settle"
            summary = _("Game %(game)d, table %(table)d: conflict settled, pair %(pair)d won")
            answer = _("Settled: pair %(pair)d won.")
        elif tg.status == S.REPORTED:
            status, action = S.CONFIRMED, "result_record"
            summary = _(
                "Game %(game)d, table %(table)d: pair %(pair)d won (table report confirmed)"
            )
            answer = _("Counted: pair %(pair)d won.")
        elif old["winner"] is not None:
            status, action = S.CONFIRMED, "result_change"
            summary = _("Game %(game)d, table %(table)d: pair %(pair)d won (was pair %(old)d)")
            answer = _("Changed: pair %(pair)d won.")
        else:
            status, action = S.CONFIRMED, "result_record"
            summary = _("Game %(game)d, table %(table)d: pair %(pair)d won")
            answer = _("Counted: pair %(pair)d won.")
        return _result_change(
            tg,
            winner=None if status == S.CONFLICT else winner,
            status=status,
            source=TableGame.Source.FRONT,
            kind=Submission.Kind.FRONT,
            claimed=winner,
            key=key,
            device="front",
            origin=origin,
            actor=actor,
            now=now,
            old=old,
            action=action,
            summary=summary % args,
            answer=answer % args,
        )


def _table_locked(drive: Drive, game: int, table: int, key: str) -> TableGame | Answer:
    """The table's row for a table submission, locked: only the current game of a running
    drive. A retry of a submission already answered gets that answer instead (an Answer),
    even once the game has moved on."""
    try:
        tg = _locked_table(drive, game, table)
    except DriveError:
        if (first := _replayed(drive, key, table)) is not None:
            return first
        fresh = Drive.objects.get(pk=drive.pk)
        if fresh.is_running and game != fresh.current_game:
            raise StaleError(
                _(
                    "That was game %(game)d: the drive is at game %(current)d now. "
                    "Nothing was saved."
                )
                % {"game": game, "current": fresh.current_game}
            ) from None
        raise
    # Checked under the table's lock, so a retry racing its first try sees it.
    if (first := _replayed(drive, key, table)) is not None:
        return first
    return tg


def table_report(
    *,
    drive: Drive,
    game: int,
    table: int,
    winner_number: int,
    key: str,
    device: str,
    now: datetime,
    origin: Origin,
    actor=None,
) -> Answer:
    """A player at the table taps the pair that won. It counts once the other pair agrees.

    The same device may change its own report; another device reporting a
    different winner, or a report that disagrees with a counted result, puts
    the table in conflict for the organizer to settle.
    """
    _check_key(key)
    with transaction.atomic():
        tg = _table_locked(drive, game, table, key)
        if isinstance(tg, Answer):
            return tg
        winner = _seated_pair(tg, winner_number, game)
        old = _result_state(tg)
        other = _other_number(tg, winner_number)
        args = {"game": game, "table": table, "pair": winner_number, "other": other}
        S = TableGame.Status
        if tg.status == S.CONFLICT:
            raise DriveError(
                _("This table's result is in conflict: the front table will settle it."), 409
            )
        if tg.winner_id == winner.pk:
            # Nothing changes: the same winner again, from any device.
            if tg.status == S.CONFIRMED:
                return Answer(200, _("Counted: pair %(pair)d won.") % args, tg)
            return Answer(
                200, _("Pair %(pair)d won: waiting for pair %(other)d to agree.") % args, tg
            )
        if tg.status == S.PENDING or (tg.status == S.REPORTED and tg.reported_device == device):
            status = S.REPORTED
            action = "table_report" if tg.status == S.PENDING else "table_report_change"
            summary = _("Game %(game)d, table %(table)d: the table reports pair %(pair)d won")
            answer = _("Pair %(pair)d won: waiting for pair %(other)d to agree.")
        else:
            status, action = S.CONFLICT, "result_conflict"
            args["old"] = old["winner"]
            summary = _(
                "Game %(game)d, table %(table)d: the table reports pair %(pair)d won, "
                "but pair %(old)d was reported: in conflict"
            )
            answer = _("In conflict with another report: the front table will settle it.")
        return _result_change(
            tg,
            winner=None if status == S.CONFLICT else winner,
            status=status,
            source=TableGame.Source.TABLE,
            kind=Submission.Kind.REPORT,
            claimed=winner,
            key=key,
            device=device,
            origin=origin,
            actor=actor,
            now=now,
            old=old,
            action=action,
            summary=summary % args,
            answer=answer % args,
        )


def table_confirm(
    *,
    drive: Drive,
    game: int,
    table: int,
    winner_number: int,
    confirmer_number: int,
    key: str,
    device: str,
    now: datetime,
    origin: Origin,
    actor=None,
) -> Answer:
    """The other pair agrees with the reported winner: the result counts.

    winner_number is the winner the page showed (a changed report is refused);
    confirmer_number must be the pair that lost, typed or tapped.
    """
    _check_key(key)
    with transaction.atomic():
        tg = _table_locked(drive, game, table, key)
        if isinstance(tg, Answer):
            return tg
        winner = _seated_pair(tg, winner_number, game)
        _seated_pair(tg, confirmer_number, game)
        old = _result_state(tg)
        args = {"game": game, "table": table, "pair": winner_number}
        S = TableGame.Status
        if tg.status == S.CONFIRMED and tg.winner_id == winner.pk:
            return Answer(200, _("Counted: pair %(pair)d won.") % args, tg)
        if tg.status == S.CONFLICT:
            raise DriveError(
                _("This table's result is in conflict: the front table will settle it."), 409
            )
        if tg.status != S.REPORTED or tg.winner_id != winner.pk:
            raise StaleError(
                _("The report has changed since this page was shown: check it and tap again.")
            )
        if confirmer_number == winner_number:
            raise DriveError(
                _("Pair %(pair)d won: the other pair agrees, not the winner.") % args, 400
            )
        args["other"] = confirmer_number
        return _result_change(
            tg,
            winner=winner,
            status=S.CONFIRMED,
            source=TableGame.Source.TABLE,
            kind=Submission.Kind.CONFIRM,
            claimed=winner,
            key=key,
            device=device,
            origin=origin,
            actor=actor,
            now=now,
            old=old,
            action="table_confirm",
            summary=_("Game %(game)d, table %(table)d: pair %(other)d agrees pair %(pair)d won")
            % args,
            answer=_("Counted: pair %(pair)d won, pair %(other)d agreed.") % args,
        )


def table_withdraw(
    *,
    drive: Drive,
    game: int,
    table: int,
    key: str,
    device: str,
    now: datetime,
    origin: Origin,
    actor=None,
) -> Answer:
    """The reporting device takes back its own report before the other pair agreed."""
    _check_key(key)
    with transaction.atomic():
        tg = _table_locked(drive, game, table, key)
        if isinstance(tg, Answer):
            return tg
        old = _result_state(tg)
        args = {"game": game, "table": table, "pair": old["winner"] or 0}
        if tg.status != TableGame.Status.REPORTED or tg.reported_device != device:
            raise DriveError(
                _("There is no report from this device waiting for agreement to take back."), 409
            )
        return _result_change(
            tg,
            winner=None,
            status=TableGame.Status.PENDING,
            source=TableGame.Source.TABLE,
            kind=Submission.Kind.WITHDRAW,
            claimed=None,
            key=key,
            device=device,
            origin=origin,
            actor=actor,
            now=now,
            old=old,
            action="table_withdraw",
            summary=_(
                "Game %(game)d, table %(table)d: the table took back its report (pair %(pair)d)"
            )
            % args,
            answer=_("Report taken back: tap the pair that won."),
        )


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


def _locked_at_game(drive: Drive, from_game: int) -> Drive:
    """The drive, locked, if it is still running the game the page showed; else StaleError."""
    drive = _locked_drive(drive)
    if not drive.is_running or from_game != drive.current_game:
        raise StaleError(_("The drive is not at that game any more: this page was out of date."))
    return drive


def _waiting_for(tables: tuple[int, ...]) -> DriveError:
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
    game = drive.current_game
    missing = missing_tables(drive, game)
    if missing:
        return AdvancePlan(game=game, missing_tables=missing)
    seating = seating_of(drive, game)
    nxt = movement.MOVEMENTS[drive.movement].next_seating(seating, winners_of(drive, game))
    return AdvancePlan(
        game=game,
        missing_tables=(),
        seating=nxt,
        moves=describe_moves(movement.moves(seating, nxt), _numbers(drive)),
    )


def game_advance(
    *, drive: Drive, from_game: int, actor, now: datetime, origin: Origin = FRONT
) -> Drive:
    """Seat the next game by the drive's movement. A stale or repeated request is refused."""
    with transaction.atomic():
        drive = _locked_drive(drive)
        if not drive.is_running:
            raise StaleError(_("The drive is not running."))
        if from_game != drive.current_game:
            raise StaleError(
                _("Game %(game)d is already under way: this page was out of date.")
                % {"game": drive.current_game}
            )
        if drive.current_game >= drive.games:
            raise DriveError(_("That was the last game: finish the drive instead."), 409)
        plan = advance_plan(drive)
        if not plan.ready:
            raise _waiting_for(plan.missing_tables)
        game = drive.current_game + 1
        _write_seating(drive, game, plan.seating)
        drive.current_game = game
        drive.save(update_fields=["current_game"])
        _audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="game_advance",
            summary=_("Game %(game)d seated: %(moves)d pairs moved")
            % {"game": game, "moves": len(plan.moves)},
            old={"game": from_game},
            new={"game": game, "moves": plan.moves},
        )
        # After the commit, so the snapshot holds the new game's seating.
        transaction.on_commit(
            lambda: snapshots.snapshot_write(label=f"drive{drive.pk}-game{game}", now=now)
        )
    return drive


RESULT_ACTIONS = (
    "result_record",
    "result_change",
    "result_conflict",
    "result_settle",
    "table_report",
    "table_report_change",
    "table_confirm",
    "table_withdraw",
)
# Entries that take a result back: the front's undo, and undoing the hand that won.
RESULT_UNDOS = ("result_undo", "hand_undo")


def _last_undoable_result(drive: Drive) -> AuditEntry | None:
    """The newest result entry of the current game that has not been taken back."""
    entries = list(
        AuditEntry.objects.filter(
            drive=drive, action__in=(*RESULT_ACTIONS, *RESULT_UNDOS), new__game=drive.current_game
        ).order_by("-at", "-id")
    )
    undone = {e.new.get("undoes") for e in entries if e.action in RESULT_UNDOS}
    return next((e for e in entries if e.action in RESULT_ACTIONS and e.pk not in undone), None)


def result_undo(*, drive: Drive, actor, now: datetime, origin: Origin = FRONT) -> TableGame:
    """Take back the last result entered for the current game: the table goes back to
    what it showed before that tap (no result, or the earlier winner)."""
    with transaction.atomic():
        drive = _locked_drive(drive)
        _check_current(drive, drive.current_game)
        entry = _last_undoable_result(drive)
        if entry is None:
            raise DriveError(_("There is no result of this game to undo."), 409)
        table = entry.new["table"]
        tg = _locked_table(drive, drive.current_game, table)
        numbers = {s.pair.number: s.pair for s in tg.seat_list}
        if _result_state(tg)["winner"] != entry.new["winner"] or tg.status != entry.new.get(
            "status", tg.status
        ):
            raise StaleError(
                _("Table %(table)d has changed since: undo it by tapping.") % {"table": table}
            )
        old = _result_state(tg)
        before = entry.old.get("winner")
        status = entry.old.get("status") or TableGame.Status.PENDING
        if before is None and status in (TableGame.Status.CONFIRMED, TableGame.Status.REPORTED):
            status = TableGame.Status.PENDING
        _set_result(
            tg,
            winner=numbers.get(before),
            status=status,
            source=tg.source,
            actor=actor,
            now=now,
            device=entry.old.get("device", ""),
        )
        _audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="result_undo",
            summary=_("Undone: %(entry)s") % {"entry": entry.summary},
            old=old,
            new={
                **_result_state(tg),
                "game": drive.current_game,
                "table": table,
                "undoes": entry.pk,
            },
        )
    return tg


def game_undo(
    *, drive: Drive, from_game: int, actor, now: datetime, origin: Origin = FRONT
) -> Drive:
    """Take back the last "next game" while no result of the new game is in."""
    with transaction.atomic():
        drive = _locked_at_game(drive, from_game)
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
        seating = _seating_json(seating_of(drive, game), _numbers(drive))
        Seat.objects.filter(drive=drive, game=game).delete()
        TableGame.objects.filter(drive=drive, game=game).delete()
        drive.current_game = game - 1
        drive.save(update_fields=["current_game"])
        _audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="game_undo",
            summary=_("Game %(game)d taken back: back to game %(prev)d")
            % {"game": game, "prev": game - 1},
            old={"game": game, "seating": seating},
            new={"game": game - 1},
        )
    return drive


# --- When the night does not go to plan --------------------------------------
# Late pairs, leavers and seat edits change the seating of the game about to
# be played: the current game, while none of its results is in. The movement
# module works here on pair numbers, so its refusals name the pairs as the
# hall knows them.


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
    locked = _locked_drive(drive)
    if not locked.is_running:
        _require_unplayed(locked)
    if from_game != locked.current_game:
        raise StaleError(_("The drive is not at that game any more: this page was out of date."))
    return locked


def _seating_by_number(drive: Drive, game: int) -> movement.Seating:
    return _renumber(seating_of(drive, game), _numbers(drive))


def _replace_seating(drive: Drive, game: int, seating_by_number: movement.Seating) -> None:
    """Write a new seating for a game that has no result yet (its rows are rebuilt)."""
    by_number = {n: pk for pk, n in _numbers(drive).items()}
    Seat.objects.filter(drive=drive, game=game).delete()
    TableGame.objects.filter(drive=drive, game=game).delete()
    _write_seating(drive, game, _renumber(seating_by_number, by_number))


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
    before = _seating_by_number(drive, drive.current_game)
    try:
        after = op(before)
    except movement.MovementError as e:
        raise DriveError(str(e)) from e
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
    """
    _require_unplayed(drive)
    if kind == "arrive":
        number = params.get("number") or _next_number(drive)
        _check_number(drive, number)
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
    _audit(
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
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> Pair:
    """A late pair: it fills the empty seat of the coming game, or opens a new
    table after the last and sits out. Games before it arrived are not won."""
    with transaction.atomic():
        drive = _locked_for_seats(drive, from_game)
        p1, p2 = clean_name(player1), clean_name(player2)
        plan = seat_change_plan(drive, "arrive", number=number)
        _check_token(plan, seating_token)
        number = next(m["pair"] for m in plan.moves if m["from_table"] is None)
        pair = Pair.objects.create(
            drive=drive,
            number=number,
            player1=p1,
            player2=p2,
            paid=paid,
            arrived_game=drive.current_game,
        )
        _replace_seating(drive, drive.current_game, plan.after)
        table = next(t for t in plan.after if number in t.pairs)
        _seat_change_audit(
            drive,
            actor=actor,
            now=now,
            origin=origin,
            action="pair_arrive",
            summary=_("Late pair %(n)d (%(names)s) joins at table %(table)d in game %(game)d")
            % {"n": number, "names": pair.names, "table": table.number, "game": plan.game},
            plan=plan,
            old_extra={"pair": None},
            new_extra={"pair": {**_pair_dict(pair), "arrived_game": pair.arrived_game}},
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
            summary=_("Pair %(n)d left after game %(last)d")
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
            summary=_("Game %(game)d: pairs %(a)d and %(b)d swapped seats")
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
            summary=_("Game %(game)d: pair %(n)d moved to table %(table)d")
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
    results, with the pairs that really left or arrived between the games."""
    seating = _seating_by_number(drive, game)
    derived = movement.MOVEMENTS[drive.movement].next_seating(seating, winners_by_number)
    recorded = _seating_by_number(drive, game + 1)
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
    numbers = _numbers(drive)
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
        drive = _locked_drive(drive)
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
        if plan.reseat:
            _replace_seating(drive, drive.current_game, plan.reseat.after)
        _audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="result_correct",
            summary=_("Corrected: game %(game)d, table %(table)d, pair %(pair)d won")
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
        drive = _locked_at_game(drive, from_game)
        game = drive.current_game
        missing = missing_tables(drive, game)
        if missing and game_has_results(drive, game):
            raise _waiting_for(missing)
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
        _audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="drive_finish_early",
            summary=_("Drive finished early after %(played)d of %(planned)d games")
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
        drive = _locked_at_game(drive, from_game)
        if drive.current_game < drive.games:
            raise DriveError(
                _("Game %(game)d of %(games)d is being played: play the last game first.")
                % {"game": drive.current_game, "games": drive.games},
                409,
            )
        missing = missing_tables(drive, drive.current_game)
        if missing:
            raise _waiting_for(missing)
        drive.status = Drive.Status.FINISHED
        drive.finished_at = now
        drive.save(update_fields=["status", "finished_at"])
        _audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="drive_finish",
            summary=_("Drive finished after %(games)d games") % {"games": drive.current_game},
            old={"status": "running"},
            new={"status": "finished", "games_played": drive.current_game},
        )
    return drive


# --- A new drive from a previous one ------------------------------------------
# Most of a club's nights repeat last week's: same hall, same games, mostly the
# same pairs. A copy takes the settings; its pairs page offers the old pairs
# for one-tap re-registration.


def drive_copy(
    *,
    source: Drive,
    actor,
    now: datetime,
    origin: Origin = FRONT,
    date: date | None = None,
) -> Drive:
    """A new drive in the source's club with its settings, dated `date` (default:
    today where the hall is), registering pairs, with no pairs yet."""
    values = {k: getattr(source, k) for k in DRIVE_SETTINGS if k != "date"}
    with transaction.atomic():
        drive = Drive(
            club_id=source.club_id,
            date=date or timezone.localdate(now),
            copied_from=source,
            **values,
        )
        drive.full_clean(exclude=["club", "copied_from"])
        drive.save()
        _audit(
            club=source.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="drive_copy",
            summary=_("Drive created from “%(name)s” of %(date)s")
            % {"name": source.name, "date": source.date.isoformat()},
            new={**_settings_of(drive), "from_drive": source.pk},
        )
    return drive


def _names_key(player1: str, player2: str) -> tuple[str, str]:
    # "Mary & John" and "john & mary" are the same two people.
    a, b = sorted((player1.casefold(), player2.casefold()))
    return a, b


def pairs_to_reregister(drive: Drive, source: Drive) -> list[Pair]:
    """The source drive's pairs whose two names are not registered in `drive` yet."""
    here = {_names_key(p1, p2) for p1, p2 in drive.pairs.values_list("player1", "player2")}
    return [p for p in source.pairs.all() if _names_key(p.player1, p.player2) not in here]


def pairs_reregister(
    *,
    drive: Drive,
    source: Drive,
    numbers: list[int],
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> list[Pair]:
    """Register pairs of the source drive again, by their numbers there.

    A pair keeps its number when it is free here; otherwise it takes the next
    number after the highest one in use. Nobody has paid yet tonight.
    """
    if source.club_id != drive.club_id:
        raise DriveError(_("No such drive in your club."), 404)
    numbers = list(dict.fromkeys(numbers))  # a double tap sends a number twice
    if not numbers:
        raise DriveError(_("Choose at least one pair to add."))
    with transaction.atomic():
        drive = _locked_drive(drive)
        _require_setup(drive)
        by_number = {p.number: p for p in source.pairs.filter(number__in=numbers)}
        missing = [n for n in numbers if n not in by_number]
        if missing:
            raise DriveError(
                _("Pair %(n)d was not in “%(drive)s”.") % {"n": missing[0], "drive": source.name}
            )
        here = {_names_key(p1, p2) for p1, p2 in drive.pairs.values_list("player1", "player2")}
        for n in numbers:
            old = by_number[n]
            if _names_key(old.player1, old.player2) in here:
                raise DriveError(_("%(names)s are already registered.") % {"names": old.names}, 409)
        taken = set(drive.pairs.values_list("number", flat=True))
        # First every pair whose number is free keeps it, so a renumbered pair
        # never takes the number another pair of the same tap would have kept.
        keep = [n for n in sorted(numbers) if n not in taken]
        taken.update(keep)
        nxt = max(taken, default=0) + 1
        assigned = {n: n for n in keep}
        for n in sorted(set(numbers) - set(keep)):
            assigned[n] = nxt
            nxt += 1
        if max(assigned.values()) > 9999:
            raise DriveError(_("A pair number must be between 1 and 9999."))
        pairs = [
            Pair(
                drive=drive,
                number=assigned[n],
                player1=by_number[n].player1,
                player2=by_number[n].player2,
                paid=False,
            )
            for n in sorted(numbers)
        ]
        Pair.objects.bulk_create(pairs)
        _audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="pairs_reregister",
            summary=ngettext(
                "%(count)d pair re-registered from “%(drive)s”",
                "%(count)d pairs re-registered from “%(drive)s”",
                len(pairs),
            )
            % {"count": len(pairs), "drive": source.name},
            new={
                "from_drive": source.pk,
                "pairs": [
                    {**_pair_dict(p), "from_number": n}
                    for n, p in zip(sorted(numbers), pairs, strict=True)
                ],
            },
        )
    return pairs


# --- Scorekeeper ------------------------------------------------------------
# A table may keep its game hand by hand. Hands are kept in pair numbers; the
# rules library numbers the sides 0 and 1, which are the table's two pairs in
# seat-slot order. The score is always replayed from the kept hands, so undo
# is exact and two devices cannot drift apart.


@dataclass(frozen=True)
class SheetHand:
    """One kept hand with what it did to the score, in the sheet's pair order."""

    number: int
    tricks: tuple[int, ...]
    best: int | None  # the pair that won the best trump; None: no trump played
    bidder: int | None
    bid: int | None
    points: tuple[int, ...]  # what each pair's score moved by
    totals: tuple[int, ...]  # the running score after this hand
    made: bool | None  # the bidder made its bid (Auction, 110)

    @property
    def bid_text(self) -> str:
        return _bid_text(self.bid) if self.bid is not None else ""


def _bid_text(bid: int) -> str:
    return _("Slam") if bid == SLAM else str(bid)


@dataclass(frozen=True)
class Scoresheet:
    """A table's game as kept by the scorekeeper: its hands and running score."""

    drive: Drive
    game: int
    table_game: TableGame
    pairs: tuple[Pair, ...]  # in seat-slot order: the library's sides 0 and 1
    variant: Variant
    hands: tuple[SheetHand, ...]
    totals: tuple[int, ...]
    locked: tuple[int, ...]  # pair numbers
    green: tuple[int, ...]
    eliminated: tuple[int, ...]
    winner: int | None  # the pair the hands declare the winner

    @property
    def all_fours(self) -> bool:
        """The drive plays an All Fours variant: the sheet keeps deals, not hands."""
        return isinstance(self.variant, all_fours.Variant)

    @property
    def game_name(self) -> str:
        if self.all_fours:
            return self.drive.get_game_display()
        return self.variant.game.label

    @property
    def last_log(self) -> tuple:
        """How the last deal counted out (All Fours), e.g. ("High", 7, 1)."""
        return self.hands[-1].log if self.all_fours and self.hands else ()

    @property
    def table(self) -> int:
        return self.table_game.table

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(p.number for p in self.pairs)

    @property
    def rows(self) -> list[tuple[Pair, int]]:
        """Each pair with its running total, for the big score at the top."""
        return list(zip(self.pairs, self.totals, strict=True))

    @property
    def next_number(self) -> int:
        return len(self.hands) + 1

    @property
    def has_bidding(self) -> bool:
        if self.all_fours:
            return self.variant.rules.bidding is not None
        return self.variant.game is not games.Game.FORTY_FIVES

    @property
    def bids(self) -> list[tuple[int, str]]:
        """The bids the drive's rules allow, each with its label (a slam says so)."""
        if not self.has_bidding:
            return []
        if self.all_fours:
            return [(b, str(b)) for b in range(1, all_fours.MAX_BID + 1)]
        return [(b, _bid_text(b)) for b in games.core.bid_amounts(self.variant)]

    @property
    def open(self) -> bool:
        """Hands may still be entered or undone: the drive is playing this game."""
        return self.drive.is_running and self.game == self.drive.current_game

    @property
    def takes_hands(self) -> bool:
        return self.open and self.winner is None

    @property
    def result_in(self) -> bool:
        """The table's result is the winner the hands declared."""
        tg = self.table_game
        return (
            self.winner is not None
            and tg.status == TableGame.Status.CONFIRMED
            and tg.winner_id == next(p.pk for p in self.pairs if p.number == self.winner)
        )


def _two_pairs_at(tg: TableGame, table: int) -> tuple[Pair, ...]:
    pairs = tuple(s.pair for s in sorted(tg.seat_list, key=lambda s: s.slot))
    if tg.is_sitout or len(pairs) != 2:
        raise DriveError(
            _("Table %(table)d is a sit-out: it has no game to keep score for.") % {"table": table}
        )
    return pairs


def _sheet_variant(drive: Drive, numbers: tuple[int, ...]) -> Variant:
    """The drive's rules, with the sides named after the pairs so reasons name them."""
    return variant_for(drive, two_pairs(*(_("Pair %(n)d") % {"n": n} for n in numbers)))


def _clean_record(record: dict, numbers: tuple[int, ...], table: int) -> dict:
    """The hand as kept: tricks by pair number, the pair that won the best trump and the
    pair that won the bid (or None), the bid. Only its shape is checked here; the rules
    check the rest."""

    def seated(value, refusal: str) -> int | None:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise DriveError(refusal)
        if value not in numbers:
            raise DriveError(
                _("Pair %(pair)d is not seated at table %(table)d.")
                % {"pair": value, "table": table}
            )
        return value

    raw = record.get("tricks")
    if not isinstance(raw, dict):
        raise DriveError(_("Enter the tricks of each pair."))
    try:
        tricks = {int(n): t for n, t in raw.items()}
    except (TypeError, ValueError):
        raise DriveError(_("Enter the tricks of each pair.")) from None
    for n in tricks:
        seated(n, _("Enter the tricks of each pair."))
    for n in numbers:
        if tricks.get(n) is None:
            raise DriveError(_("Enter the tricks of pair %(pair)d.") % {"pair": n})
    bid = record.get("bid")
    if bid is not None and (isinstance(bid, bool) or not isinstance(bid, int)):
        raise DriveError(_("Tap the bid."))
    return {
        "tricks": {str(n): tricks[n] for n in numbers},
        "best": seated(record.get("best"), _("Tap the pair that won the best trump.")),
        "bidder": seated(record.get("bidder"), _("Tap the pair that won the bid.")),
        "bid": bid,
    }


def _hand_record(record: dict, numbers: tuple[int, ...], table: int) -> HandRecord:
    """A kept hand in the library's terms: side 0 is the pair in slot 1."""
    side = {n: i for i, n in enumerate(numbers)}

    def side_of(pair: int | None) -> int | None:
        if pair is None:
            return NO_TRUMP
        if pair not in side:
            raise DriveError(
                _("Pair %(pair)d is not seated at table %(table)d any more.")
                % {"pair": pair, "table": table},
                409,
            )
        return side[pair]

    tricks = record["tricks"]
    if set(tricks) != {str(n) for n in numbers}:
        raise DriveError(
            _("The pairs at table %(table)d changed after hands were kept.") % {"table": table},
            409,
        )
    bidder = record.get("bidder")
    return HandRecord(
        tuple(tricks[str(n)] for n in numbers),
        best=side_of(record.get("best")),
        bidder=None if bidder is None else side_of(bidder),
        bid=record.get("bid"),
    )


def _replay(variant, hands: list[Hand], numbers: tuple[int, ...], table: int) -> tuple:
    """The state after the kept hands (or deals), and each with what it scored."""
    if isinstance(variant, all_fours.Variant):
        return _replay_deals(variant, hands, numbers, table)
    state = games.new_game(variant)
    rows = []
    for hand in hands:
        rec = _hand_record(hand.record, numbers, table)
        try:
            outcome = games.score_hand(variant, state, rec)
            state = games.apply_hand(variant, state, rec)
        except HandError as e:
            raise DriveError(
                _("Hand %(n)d kept for table %(table)d no longer fits the rules: %(reason)s")
                % {"n": hand.number, "table": table, "reason": e.reason},
                409,
            ) from e
        rows.append(
            SheetHand(
                number=hand.number,
                tricks=rec.tricks,
                best=hand.record.get("best"),
                bidder=hand.record.get("bidder"),
                bid=hand.record.get("bid"),
                points=outcome.changes,
                totals=state.scores,
                made=outcome.made,
            )
        )
    return state, rows


def _scores_text(numbers: tuple[int, ...], scores: tuple[int, ...]) -> str:
    return ", ".join(
        _("pair %(pair)d %(score)d") % {"pair": n, "score": s}
        for n, s in zip(numbers, scores, strict=True)
    )


def scoresheet(drive: Drive, game: int, table: int) -> Scoresheet:
    """A table's kept hands with the running score after each, and the winner if any."""
    tg = (
        TableGame.objects.select_related("drive", "drive__club")
        .filter(drive_id=drive.pk, game=game, table=table)
        .first()
    )
    if tg is None:
        raise DriveError(
            _("There is no table %(table)d in game %(game)d.") % {"table": table, "game": game}, 404
        )
    tg.seat_list = list(tg.seats.select_related("pair").order_by("slot"))
    pairs = _two_pairs_at(tg, table)
    numbers = tuple(p.number for p in pairs)
    variant = _sheet_variant(tg.drive, numbers)
    state, rows = _replay(variant, list(tg.hands.order_by("number")), numbers, table)
    return Scoresheet(
        drive=tg.drive,
        game=game,
        table_game=tg,
        pairs=pairs,
        variant=variant,
        hands=tuple(rows),
        totals=state.scores,
        # All Fours has no locked, green or eliminated pairs.
        locked=tuple(numbers[i] for i in getattr(state, "locked", ())),
        green=tuple(numbers[i] for i in getattr(state, "green", ())),
        eliminated=tuple(numbers[i] for i in getattr(state, "eliminated", ())),
        winner=None if state.winner is None else numbers[state.winner],
    )


# All Fours: one deal per entry. The record keeps pair numbers, as hands do:
# {"dealer": 7, "turned": ["JH"], "beg": None | "gift" | "run", "bids": [0, 2, 3, 0],
#  "sold": False, "captures": [[7, 4], [12, 10]], "high": 7, "low": 12, "jack": None,
#  "hanged": False, "game": 7 | None, "counts": {"7": 30, "12": 25} or {}}.

DEAL_EVENTS = {
    all_fours.TURNED_JACK: gettext_lazy("Jack turned up"),
    all_fours.TURNED_CARD: gettext_lazy("Card turned up"),
    all_fours.KICK: gettext_lazy("Kick"),
    all_fours.GIFT_POINT: gettext_lazy("Gift"),
    all_fours.SALE: gettext_lazy("Sale"),
    all_fours.CARD_POINTS: gettext_lazy("Trumps taken"),
    all_fours.HIGH: gettext_lazy("High"),
    all_fours.LOW: gettext_lazy("Low"),
    all_fours.JACK: gettext_lazy("Jack"),
    all_fours.HANG_JACK: gettext_lazy("Hang jack"),
    all_fours.GAME: gettext_lazy("Game"),
    all_fours.SET: gettext_lazy("Set"),
}


@dataclass(frozen=True)
class SheetDeal:
    """One kept deal: what the table entered and how it counted out, in pair numbers."""

    number: int
    dealer: int
    turned: tuple[str, ...]
    beg: str | None
    log: tuple[tuple[str, int, int], ...]  # (what, pair number, points), in order
    points: tuple[int, ...]
    totals: tuple[int, ...]

    @property
    def log_text(self) -> str:
        return ", ".join(
            f"{what}: {_('pair')} {pair} {points:+d}" for what, pair, points in self.log
        )


def _clean_deal(record: dict, numbers: tuple[int, ...], table: int) -> dict:
    """The deal as kept. Only its shape is checked here; the rules check the rest."""

    def seated(value) -> int | None:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value not in numbers:
            raise DriveError(
                _("Pair %(pair)s is not seated at table %(table)d.")
                % {"pair": value, "table": table}
            )
        return value

    def whole(value, refusal: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise DriveError(refusal)
        return value

    dealer = seated(record.get("dealer"))
    if dealer is None:
        raise DriveError(_("Tap the dealer's pair."))
    turned = record.get("turned") or []
    if not isinstance(turned, list) or not all(isinstance(c, str) for c in turned):
        raise DriveError(_("Pick the card turned up."))
    counts = record.get("counts") or {}
    captures = record.get("captures") or []
    try:
        counts = {int(n): c for n, c in counts.items()}
        captures = [(int(n), c) for n, c in captures]
    except (AttributeError, TypeError, ValueError):
        raise DriveError(_("Enter the card points of each pair.")) from None
    if counts and set(counts) != set(numbers):
        raise DriveError(_("Enter the card points of each pair, or none."))
    return {
        "dealer": dealer,
        "turned": list(turned),
        "beg": record.get("beg"),
        "bids": [whole(b, _("Tap each bid, or pass.")) for b in record.get("bids") or []],
        "sold": bool(record.get("sold")),
        "captures": [
            [seated(n), whole(c, _("Enter the trump points taken."))] for n, c in captures
        ],
        "high": seated(record.get("high")),
        "low": seated(record.get("low")),
        "jack": seated(record.get("jack")),
        "hanged": bool(record.get("hanged")),
        "game": seated(record.get("game")),
        "counts": {
            str(n): whole(counts[n], _("Enter the card points of each pair.")) for n in counts
        },
    }


def _deal_of(record: dict, numbers: tuple[int, ...], table: int) -> all_fours.Deal:
    """A kept deal in the library's terms: side 0 is the pair in slot 1."""
    side = {n: i for i, n in enumerate(numbers)}

    def side_of(pair: int | None) -> int | None:
        if pair is None:
            return None
        if pair not in side:
            raise DriveError(
                _("Pair %(pair)d is not seated at table %(table)d any more.")
                % {"pair": pair, "table": table},
                409,
            )
        return side[pair]

    counts = record.get("counts") or {}
    return all_fours.Deal(
        dealer=side_of(record["dealer"]),
        turned=tuple(record.get("turned") or ()),
        beg=record.get("beg"),
        bids=tuple(record.get("bids") or ()),
        sold=bool(record.get("sold")),
        captures=tuple((side_of(n), c) for n, c in record.get("captures") or ()),
        high=side_of(record.get("high")),
        low=side_of(record.get("low")),
        jack=side_of(record.get("jack")),
        hanged=bool(record.get("hanged")),
        game=side_of(record.get("game")),
        counts=tuple(counts[str(n)] for n in numbers) if counts else (),
    )


def _replay_deals(
    variant: all_fours.Variant, hands: list[Hand], numbers: tuple[int, ...], table: int
) -> tuple[all_fours.GameState, list[SheetDeal]]:
    state = all_fours.new_game(variant)
    rows = []
    for hand in hands:
        before = state.scores
        try:
            state = all_fours.apply_deal(variant, state, _deal_of(hand.record, numbers, table))
        except all_fours.DealError as e:
            raise DriveError(
                _("Deal %(n)d kept for table %(table)d no longer fits the rules: %(reason)s")
                % {"n": hand.number, "table": table, "reason": e.reason},
                409,
            ) from e
        log = tuple(
            (str(DEAL_EVENTS.get(e.event, e.event)), numbers[e.side], e.points)
            for e in state.log
            if e.deal == state.deals_played
        )
        rows.append(
            SheetDeal(
                number=hand.number,
                dealer=hand.record["dealer"],
                turned=tuple(hand.record.get("turned") or ()),
                beg=hand.record.get("beg"),
                log=log,
                points=tuple(a - b for a, b in zip(state.scores, before, strict=True)),
                totals=state.scores,
            )
        )
    return state, rows


def _game_over(numbers: tuple[int, ...], state: GameState) -> DriveError:
    return DriveError(
        _("This game is over: pair %(pair)d won.") % {"pair": numbers[state.winner]}, 409
    )


def hand_add(
    *,
    drive: Drive,
    game: int,
    table: int,
    record: dict,
    number: int,
    key: str,
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> Hand:
    """Keep one more hand at a table of the current game.

    record: {"tricks": {pair number: tricks}, "best": pair number or None (no trump
    played), "bidder": pair number or None, "bid": 15..30 or None}; for an All Fours
    game, one deal (see _clean_deal), refused with the rules' DealError reason. ``number`` must
    be the next hand's number, so two devices at one table cannot both enter hand 3;
    ``key`` is made by the device, so a retried submission returns the kept hand
    instead of keeping it twice. A hand the rules refuse raises DriveError with the
    rules' reason. When the hand wins the game the table's result is recorded at
    once, as if tapped at the front.
    """
    if not isinstance(key, str) or not 1 <= len(key) <= 64:
        raise DriveError(_("This page is out of date: reload it."))
    with transaction.atomic():
        tg = _locked_table(drive, game, table)
        drive = tg.drive
        pairs = _two_pairs_at(tg, table)
        numbers = tuple(p.number for p in pairs)
        deals = drive.game in all_fours.RULES
        unit = _("Deal") if deals else _("Hand")
        cleaned = (_clean_deal if deals else _clean_record)(record, numbers, table)
        kept = Hand.objects.filter(table_game=tg, key=key).first()
        if kept is not None:
            if kept.record == cleaned:
                return kept
            raise StaleError(
                _("%(unit)s %(n)d was already entered from this page: here it is.")
                % {"unit": unit, "n": kept.number}
            )
        variant = _sheet_variant(drive, numbers)
        hands = list(tg.hands.order_by("number"))
        state, _rows = _replay(variant, hands, numbers, table)
        if state.winner is not None:
            raise _game_over(numbers, state)
        expected = len(hands) + 1
        if number != expected:
            if number < expected:
                raise StaleError(
                    _("Hand %(n)d was already entered on another device.") % {"n": number}
                )
            raise StaleError(
                _("This page is out of date: the next hand is hand %(n)d.") % {"n": expected}
            )
        try:
            if deals:
                after = all_fours.apply_deal(variant, state, _deal_of(cleaned, numbers, table))
            else:
                after = games.apply_hand(variant, state, _hand_record(cleaned, numbers, table))
        except (HandError, all_fours.DealError) as e:
            raise DriveError(
                _("%(unit)s %(n)d refused: %(reason)s.")
                % {"unit": unit, "n": number, "reason": e.reason}
            ) from e
        try:
            with transaction.atomic():
                hand = Hand.objects.create(
                    table_game=tg,
                    number=number,
                    record=cleaned,
                    key=key,
                    source=TableGame.Source.TABLE
                    if origin.source == "table"
                    else TableGame.Source.FRONT,
                    device=origin.device[:200],
                    entered_by=actor if getattr(actor, "is_authenticated", False) else None,
                    entered_at=now,
                )
        except IntegrityError:
            # Only without row locks (SQLite serializes writers before this).
            raise StaleError(
                _("Hand %(n)d was already entered on another device.") % {"n": number}
            ) from None
        winner = None if after.winner is None else numbers[after.winner]
        summary = _("Game %(game)d, table %(table)d: %(unit)s %(n)d, %(scores)s") % {
            "game": game,
            "table": table,
            "unit": unit.lower(),
            "n": number,
            "scores": _scores_text(numbers, after.scores),
        }
        if winner is not None:
            summary += " · " + _("pair %(pair)d won the game") % {"pair": winner}
        _audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="hand_add",
            summary=summary,
            new={
                "game": game,
                "table": table,
                "number": number,
                "record": cleaned,
                "scores": dict(zip((str(n) for n in numbers), after.scores, strict=True)),
                "winner": winner,
            },
        )
        if winner is not None:
            # Counts at once, as a tap at the front would (and the front can undo it).
            result_record(
                drive=drive,
                game=game,
                table=table,
                winner_number=winner,
                actor=actor,
                now=now,
                origin=origin,
            )
    return hand


@dataclass(frozen=True)
class UndoneHand:
    number: int
    record: dict
    result_taken_back: bool  # the hand had won the game and its result was taken back


def _standing_result(drive: Drive, game: int, table: int) -> AuditEntry | None:
    """The newest result entry of this table that has not been taken back."""
    entries = list(
        AuditEntry.objects.filter(
            drive=drive, action__in=(*RESULT_ACTIONS, *RESULT_UNDOS), new__game=game
        )
        .filter(new__table=table)
        .order_by("-at", "-id")
    )
    undone = {e.new.get("undoes") for e in entries if e.action in RESULT_UNDOS}
    return next((e for e in entries if e.action in RESULT_ACTIONS and e.pk not in undone), None)


def hand_undo(
    *,
    drive: Drive,
    game: int,
    table: int,
    actor,
    now: datetime,
    origin: Origin = FRONT,
    number: int | None = None,
) -> UndoneHand:
    """Take back the last hand kept at a table of the current game. If that hand won
    the game and the table's result is still that win, the result goes back to waiting.

    ``number``, when given, is the hand the page showed last: if another device has
    kept a hand since, nothing is undone (StaleError).
    """
    with transaction.atomic():
        tg = _locked_table(drive, game, table)
        drive = tg.drive
        pairs = _two_pairs_at(tg, table)
        numbers = tuple(p.number for p in pairs)
        hands = list(tg.hands.order_by("number"))
        if not hands:
            raise DriveError(
                _("No hand has been kept at table %(table)d: there is nothing to undo.")
                % {"table": table},
                409,
            )
        last = hands[-1]
        if number is not None and number != last.number:
            raise StaleError(
                _(
                    "Another device changed the hands: the last hand is now hand %(n)d. Check it "
                    "before undoing."
                )
                % {"n": last.number}
            )
        state, _rows = _replay(_sheet_variant(drive, numbers), hands, numbers, table)
        won = None if state.winner is None else pairs[state.winner]
        take_back = (
            won is not None and tg.winner_id == won.pk and tg.status == TableGame.Status.CONFIRMED
        )
        undoes = None
        if take_back:
            entry = _standing_result(drive, game, table)
            undoes = entry.pk if entry is not None else None
            tg.winner = None
            tg.status = TableGame.Status.PENDING
            tg.entered_by = actor if getattr(actor, "is_authenticated", False) else None
            tg.entered_at = now
            tg.version += 1
            tg.save(update_fields=["winner", "status", "entered_by", "entered_at", "version"])
        last.delete()
        summary = _("Undone: game %(game)d, table %(table)d, hand %(n)d") % {
            "game": game,
            "table": table,
            "n": last.number,
        }
        if take_back:
            summary += " · " + _("pair %(pair)d's win taken back") % {"pair": won.number}
        _audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="hand_undo",
            summary=summary,
            old={
                "number": last.number,
                "record": last.record,
                "winner": won.number if take_back else None,
                "status": TableGame.Status.CONFIRMED if take_back else None,
            },
            new={
                "game": game,
                "table": table,
                "hands": len(hands) - 1,
                "winner": None,
                "status": tg.status,
                "undoes": undoes,
            },
        )
    return UndoneHand(number=last.number, record=last.record, result_taken_back=take_back)


# --- Table links (QR table cards) --------------------------------------------

MAX_TABLES = 200


def _new_token() -> str:
    return secrets.token_urlsafe(18)


def table_links(club: Club, upto: int = 0) -> list[TableLink]:
    """The club's table links for tables 1..upto (made on first use), plus any beyond.

    Making a missing link is not a change of the night: no audit entry, and a
    race with another request making the same link keeps the first one.
    """
    upto = max(0, min(int(upto), MAX_TABLES))
    have = {link.table: link for link in TableLink.objects.filter(club=club)}
    missing = [t for t in range(1, upto + 1) if t not in have]
    if missing:
        now = timezone.now()
        TableLink.objects.bulk_create(
            [TableLink(club=club, table=t, token=_new_token(), created_at=now) for t in missing],
            ignore_conflicts=True,
        )
        have = {link.table: link for link in TableLink.objects.filter(club=club)}
    return [have[t] for t in sorted(have)]


def tables_needed(club: Club) -> int:
    """How many table links the club's drives use: the most tables of any drive."""
    top = TableGame.objects.filter(drive__club=club).aggregate(m=Max("table"))["m"] or 0
    pairs = (
        Pair.objects.filter(drive__club=club, drive__status=Drive.Status.SETUP)
        .values("drive")
        .annotate(n=models_Count("id"))
        .aggregate(m=Max("n"))["m"]
        or 0
    )
    return max(top, (pairs + 1) // 2)


def table_link_rotate(
    *, club: Club, table: int, actor, now: datetime, origin: Origin = FRONT
) -> TableLink:
    """A new token for one table: the old printed card stops working at once."""
    with transaction.atomic():
        if not 1 <= table <= MAX_TABLES:
            raise DriveError(_("There is no table %(table)d.") % {"table": table}, 404)
        table_links(club, table)
        link = TableLink.objects.select_for_update().get(club=club, table=table)
        link.token = _new_token()
        link.rotated_at = now
        link.save(update_fields=["token", "rotated_at"])
        _audit(
            club=club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="table_link_rotate",
            summary=_("Table %(table)d has a new link: its old card no longer works.")
            % {"table": table},
            new={"table": table},
        )
    return link


def club_paper_size_set(
    *, club: Club, paper_size: str, actor, now: datetime, origin: Origin = FRONT
) -> Club:
    """The paper the club prints on (Letter or A4): every PDF is laid out for it."""
    if paper_size not in Club.PaperSize.values:
        raise DriveError(_("The paper size must be Letter or A4."))
    with transaction.atomic():
        club = Club.objects.select_for_update().get(pk=club.pk)
        old = club.paper_size
        if old == paper_size:
            return club
        club.paper_size = paper_size
        club.save(update_fields=["paper_size"])
        _audit(
            club=club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="club_paper_size",
            summary=_("Paper size set to %(paper)s") % {"paper": club.get_paper_size_display()},
            old={"paper_size": old},
            new={"paper_size": paper_size},
        )
    return club


def table_link_url(link: TableLink, request=None) -> str:
    """The full address of a table link: the configured base address, else the request's."""
    from django.conf import settings

    if settings.SITE_BASE_URL:
        return settings.SITE_BASE_URL + link.path
    if request is not None:
        return request.build_absolute_uri(link.path)
    return link.path
