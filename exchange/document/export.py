"""A drive written out as one JSON document."""

from __future__ import annotations

from datetime import UTC, datetime

from django.utils.text import slugify

from clubs.models import AuditEntry
from drives.models import (
    Drive,
    Hand,
    JarEntry,
    PlacePrize,
    PrizeSettings,
    Seat,
    Submission,
    TableGame,
)
from prizes.interface import SETTING_FIELDS as PRIZE_SETTING_FIELDS
from prizes.models import Decision, JarDraw, SideDraw

from .limits import FORMAT, VERSION

# ---------------------------------------------------------------- export


def _when(value: datetime | None) -> str | None:
    return None if value is None else value.astimezone(UTC).isoformat()


def _user(user) -> str | None:
    return None if user is None else user.get_username()


def _drive_ref(drive: Drive | None) -> dict | None:
    """Another drive of the club (copied from, jar carried to): by name and date."""
    return None if drive is None else {"name": drive.name, "date": drive.date.isoformat()}


def file_name(drive: Drive) -> str:
    """ "drive-2026-11-29-friday-45s.json"."""
    slug = slugify(drive.name) or "drive"
    return f"drive-{drive.date.isoformat()}-{slug}.json"


def drive_export(drive: Drive) -> dict:
    """The drive, its night and its prizes as a JSON-ready document (see the module doc)."""
    drive = Drive.objects.select_related("club", "copied_from").get(pk=drive.pk)
    pairs = list(drive.pairs.order_by("number").select_related("person1", "person2"))
    number = {p.pk: p.number for p in pairs}

    def num(pair_id: int | None) -> int | None:
        return None if pair_id is None else number[pair_id]

    tables = list(
        TableGame.objects.filter(drive=drive).select_related("entered_by").order_by("game", "table")
    )
    seats: dict[int, list[Seat]] = {t.pk: [] for t in tables}
    for s in Seat.objects.filter(drive=drive).order_by("slot"):
        seats[s.table_game_id].append(s)
    hands: dict[int, list[Hand]] = {t.pk: [] for t in tables}
    for h in (
        Hand.objects.filter(table_game__drive=drive).select_related("entered_by").order_by("number")
    ):
        hands[h.table_game_id].append(h)
    subs: dict[int, list[Submission]] = {t.pk: [] for t in tables}
    for sub in Submission.objects.filter(drive=drive).select_related("actor").order_by("at", "id"):
        subs[sub.table_game_id].append(sub)

    games: list[dict] = []
    for t in tables:
        if not games or games[-1]["game"] != t.game:
            games.append({"game": t.game, "tables": []})
        games[-1]["tables"].append(
            {
                "table": t.table,
                "deal_first": num(t.deal_first_id),
                "seats": [
                    {"slot": s.slot, "pair": num(s.pair_id), "from_table": s.from_table}
                    for s in seats[t.pk]
                ],
                "result": {
                    "status": t.status,
                    "winner": num(t.winner_id),
                    "source": t.source,
                    "entered_by": _user(t.entered_by),
                    "entered_at": _when(t.entered_at),
                    "version": t.version,
                    "reported_device": t.reported_device,
                },
                "hands": [
                    {
                        "number": h.number,
                        "record": h.record,
                        "key": h.key,
                        "source": h.source,
                        "device": h.device,
                        "entered_by": _user(h.entered_by),
                        "entered_at": _when(h.entered_at),
                    }
                    for h in hands[t.pk]
                ],
                "submissions": [
                    {
                        "key": sub.key,
                        "kind": sub.kind,
                        "winner": num(sub.winner_id),
                        "device": sub.device,
                        "agent": sub.agent,
                        "actor": _user(sub.actor),
                        "at": _when(sub.at),
                        "answer_status": sub.answer_status,
                        "answer": sub.answer,
                    }
                    for sub in subs[t.pk]
                ],
            }
        )

    entries = list(
        AuditEntry.objects.filter(drive=drive).select_related("actor").order_by("at", "id")
    )
    position = {e.pk: i for i, e in enumerate(entries)}
    audit = []
    for e in entries:
        row = {
            "at": _when(e.at),
            "actor": _user(e.actor),
            "action": e.action,
            "summary": e.summary,
            "source": e.source,
            "device": e.device,
            "old": e.old,
            "new": e.new,
            "words": e.words,
        }
        # An undo names the entry it took back by its id: kept as its place in this list.
        if isinstance(e.new, dict) and "undoes" in e.new:
            new = dict(e.new)
            undone = new.pop("undoes")
            row["new"] = new
            row["undoes"] = position.get(undone) if isinstance(undone, int) else None
        audit.append(row)

    settings = PrizeSettings.objects.filter(drive=drive).first()
    jar_draw = JarDraw.objects.filter(drive=drive).select_related("carried_to").first()
    prizes = {
        "settings": None
        if settings is None
        else {k: getattr(settings, k) for k in PRIZE_SETTING_FIELDS},
        "places": [
            {"place": p.place, "cents": p.cents, "item": p.item}
            for p in PlacePrize.objects.filter(drive=drive).order_by("place")
        ],
        "decisions": [
            {
                "prize": d.prize,
                "pairs": d.pairs,
                "status": d.status,
                "method": d.method,
                "winners": d.winners,
                "detail": d.detail,
                "history": d.history,
                "decided_at": _when(d.decided_at),
                "decided_by": _user(d.decided_by),
            }
            for d in Decision.objects.filter(drive=drive).select_related("decided_by")
        ],
        "jar_entries": [
            {"pair": j.pair.number, "created_at": _when(j.created_at)}
            for j in JarEntry.objects.filter(drive=drive)
            .select_related("pair")
            .order_by("pair__number")
        ],
        "jar_draw": None
        if jar_draw is None
        else {
            "numbers": jar_draw.numbers,
            "seed": jar_draw.seed,
            "winners": jar_draw.winners,
            "total": jar_draw.total,
            "share": jar_draw.share,
            "kept_by_hall": jar_draw.kept_by_hall,
            "carried_to": _drive_ref(jar_draw.carried_to),
            "drawn_at": _when(jar_draw.drawn_at),
        },
        "side_draws": [
            {
                "kind": s.kind,
                "seed": s.seed,
                "result": s.result,
                "cents": s.cents,
                "drawn_at": _when(s.drawn_at),
            }
            for s in SideDraw.objects.filter(drive=drive).order_by("kind")
        ],
    }

    return {
        "format": FORMAT,
        "version": VERSION,
        "club": drive.club.name,
        "drive": {
            "name": drive.name,
            "date": drive.date.isoformat(),
            "venue": drive.venue,
            "games": drive.games,
            "game": drive.game,
            "game_options": drive.game_options,
            "prize_places": drive.prize_places,
            "sitout_wins": drive.sitout_wins,
            "confirm_by_number": drive.confirm_by_number,
            "confirm_by_code": drive.confirm_by_code,
            "board_public": drive.board_public,
            "standings_public": drive.standings_public,
            "movement": drive.movement,
            "jar_carried_in": drive.jar_carried_in,
            "status": drive.status,
            "seed": drive.seed,
            "current_game": drive.current_game,
            "finished_at": _when(drive.finished_at),
            "copied_from": _drive_ref(drive.copied_from),
        },
        "pairs": [
            {
                "number": p.number,
                "player1": p.player1,
                "player2": p.player2,
                "paid": p.paid,
                "arrived_game": p.arrived_game,
                "left_after_game": p.left_after_game,
                "code": p.code,
                # The register's people, by the name the register writes them with (no
                # phone, e-mail or notes: a drive file is shared with other clubs).
                "person1": p.person1.name if p.person1 else None,
                "person2": p.person2.name if p.person2 else None,
                # The team it plays for on a night of teams (a team match), or None.
                "side": p.side,
            }
            for p in pairs
        ],
        "games": games,
        "audit": audit,
        "prizes": prizes,
    }
