"""Writing a checked document into a club as a new drive, in one transaction."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs.interface import (
    FRONT,
    DriveError,
    Origin,
    Player,
    fold,
    record_audit,
    register_of,
)
from clubs.interface import (
    Decision as MatchDecision,
)
from clubs.models import AuditEntry, Club
from drives.interface import check_game_options, key_source, pair_code_draw
from drives.models import (
    Drive,
    Hand,
    JarEntry,
    Pair,
    PlacePrize,
    PrizeSettings,
    Seat,
    Submission,
    TableGame,
)
from prizes.models import Decision, JarDraw, SideDraw
from scoring.words import gettext_noop

from .check import CheckedDocument, DocumentRefused, check_document
from .limits import FORMAT, VERSION

# ---------------------------------------------------------------- import


@dataclass
class People:
    """The imported pairs' people: (pair number, 1 or 2) -> the club's entry; which names
    were found in the register and which were added to it (the import's summary)."""

    found: dict[tuple[int, int], Player]
    matched: list[str]
    added: list[str]


def _people(club: Club, drive: Drive, pairs: list[dict], now: datetime) -> People:
    """Each pair's two people in the club's register: the file's person (the register's
    name where it was exported) or, from a file without people, the pair's name, matched
    as a typed name is (clubs.matching): the one entry with its key, else a new entry.
    One person is never both players of a pair, nor in two pairs of the drive."""
    register = register_of(club)
    found: dict[tuple[int, int], Player] = {}
    taken: set[int] = set()
    new: list[Player] = []
    matched: list[str] = []
    for p in pairs:
        for slot in (1, 2):
            name = p[f"person{slot}"] or p[f"player{slot}"]
            match = register.match(name, near=False)
            best = match.best
            if match.decision is MatchDecision.EXACT and best.id not in taken:
                taken.add(best.id)
                found[(p["number"], slot)] = Player(pk=best.id, club=club, name=best.name)
                matched.append(best.name)
            else:
                person = Player(club=club, name=name, match_key=fold(name), created_at=now)
                found[(p["number"], slot)] = person
                new.append(person)
    Player.objects.bulk_create(new)
    return People(found=found, matched=matched, added=[p.name for p in new])


def _club_drive(club: Club, ref: tuple[str, date] | None) -> Drive | None:
    """The drive a reference names in the importing club, if it has exactly that one."""
    if ref is None:
        return None
    return Drive.objects.filter(club=club, name=ref[0], date=ref[1]).order_by("pk").first()


def _messages(error: ValidationError) -> str:
    if hasattr(error, "message_dict"):
        return "; ".join(f"{k}: {' '.join(v)}" for k, v in error.message_dict.items())
    return " ".join(error.messages)


def drive_import(
    *,
    club: Club,
    document: Any,
    actor,
    now: datetime,
    filename: str = "",
    origin: Origin = FRONT,
    entry: dict | None = None,
) -> Drive:
    """A new drive in `club` from an exported document, in one transaction.

    The document's audit trail is kept, and one more entry names the import.
    People are matched by username among the club's own members (anyone else,
    even with the same username in another club, becomes nobody). A jar carried to,
    or a drive copied from, is matched by name and date among the club's drives.
    Each pair's people are matched to the club's player register (the file's person, or
    the pair's name from a file without people) or added to it; the drive returned says
    which (players_found, players_added), as does the import's audit entry.
    A document that fails any check is refused (DriveError 400) and nothing is written.
    `entry` (action, summary, and more values for `new`) words the import's audit entry for
    a caller that imports for another reason (a night published from a hall's laptop).
    """
    try:
        checked = check_document(document)
    except DocumentRefused as e:
        raise DriveError(
            _("This file cannot be imported: %(where)s: %(problem)s. Nothing was imported.")
            % {"where": e.where, "problem": e.problem}
        ) from None
    # Only the file's own name, on one line: it goes into the audit trail.
    name = " ".join((filename or "").replace("\\", "/").rsplit("/", 1)[-1].split())[:100]
    name = name or gettext_noop("a file")
    try:
        with transaction.atomic():
            drive = _write(
                club, checked, actor=actor, now=now, name=name, origin=origin, entry=entry or {}
            )
    except ValidationError as e:
        raise DriveError(
            _("This file cannot be imported: %(problem)s. Nothing was imported.")
            % {"problem": _messages(e)}
        ) from None
    except IntegrityError as e:
        raise DriveError(
            _(
                "This file cannot be imported: it breaks a rule of the records (%(error)s). "
                "Nothing was imported."
            )
            % {"error": e}
        ) from None
    return drive


def _write(
    club: Club, c: CheckedDocument, *, actor, now: datetime, name: str, origin: Origin, entry: dict
) -> Drive:
    User = get_user_model()
    users = {
        u.get_username(): u
        for u in User.objects.filter(
            memberships__club=club, **{f"{User.USERNAME_FIELD}__in": c.usernames}
        )
    }

    def user(username: str | None):
        return users.get(username) if username else None

    d = c.drive
    drive = Drive(
        club=club,
        copied_from=_club_drive(club, d["copied_from"]),
        **{k: v for k, v in d.items() if k != "copied_from"},
    )
    check_game_options(drive)
    drive.full_clean(exclude=["club", "copied_from"])
    drive.save()

    # The pairs keep the codes printed on their punch cards; a file from before codes were
    # exported gets new ones (its cards are printed again).
    kept = {p["code"] for p in c.pairs if p["code"]}
    fresh = iter(pair_code_draw(kept, sum(not p["code"] for p in c.pairs)))
    people = _people(club, drive, c.pairs, now)
    pairs = Pair.objects.bulk_create(
        [
            Pair(
                drive=drive,
                **{k: v for k, v in p.items() if k not in ("person1", "person2", "code")},
                code=p["code"] or next(fresh),
                person1=people.found[(p["number"], 1)],
                person2=people.found[(p["number"], 2)],
            )
            for p in c.pairs
        ]
    )
    pair = {p.number: p for p in pairs}

    def pair_id(n: int | None) -> int | None:
        return None if n is None else pair[n].pk

    tgs = TableGame.objects.bulk_create(
        [
            TableGame(
                drive=drive,
                game=t["game"],
                table=t["table"],
                deal_first_id=pair_id(t["deal_first"]),
                winner_id=pair_id(t["result"]["winner"]),
                status=t["result"]["status"],
                source=t["result"]["source"],
                entered_by=user(t["result"]["entered_by"]),
                entered_at=t["result"]["entered_at"],
                version=t["result"]["version"],
                reported_device=t["result"]["reported_device"],
            )
            for t in c.tables
        ]
    )
    Seat.objects.bulk_create(
        [
            Seat(
                drive=drive,
                game=t["game"],
                table_game=tg,
                pair_id=pair_id(s["pair"]),
                slot=s["slot"],
                from_table=s["from_table"],
            )
            for t, tg in zip(c.tables, tgs, strict=True)
            for s in t["seats"]
        ]
    )
    Hand.objects.bulk_create(
        [
            Hand(
                table_game=tg,
                number=h["number"],
                record=h["record"],
                key=h["key"],
                source=h["source"],
                device=h["device"],
                entered_by=user(h["entered_by"]),
                entered_at=h["entered_at"],
            )
            for t, tg in zip(c.tables, tgs, strict=True)
            for h in t["hands"]
        ]
    )
    # Submissions are read back in the order they were made: write them that way.
    subs = sorted(
        ((sub, tg) for t, tg in zip(c.tables, tgs, strict=True) for sub in t["submissions"]),
        key=lambda x: x[0]["at"],
    )
    Submission.objects.bulk_create(
        [
            Submission(
                drive=drive,
                table_game=tg,
                key=sub["key"],
                kind=sub["kind"],
                winner_id=pair_id(sub["winner"]),
                device=sub["device"],
                agent=sub["agent"],
                actor=user(sub["actor"]),
                source=key_source(actor=user(sub["actor"]), device=sub["device"]),
                at=sub["at"],
                answer_status=sub["answer_status"],
                answer=sub["answer"],
            )
            for sub, tg in subs
        ]
    )

    entries = AuditEntry.objects.bulk_create(
        [
            AuditEntry(
                club=club,
                drive=drive,
                actor=user(e["actor"]),
                at=e["at"],
                action=e["action"],
                summary=e["summary"],
                source=e["source"],
                device=e["device"],
                old=e["old"],
                new=e["new"],
                words=e["words"],
            )
            for e in c.audit
        ]
    )
    undos = []
    for e, row in zip(c.audit, entries, strict=True):
        if "undoes" in e:
            target = e["undoes"]
            row.new = {**row.new, "undoes": None if target is None else entries[target].pk}
            undos.append(row)
    AuditEntry.objects.bulk_update(undos, ["new"])

    p = c.prizes
    if p["settings"] is not None:
        settings = PrizeSettings(drive=drive, **p["settings"])
        settings.full_clean(exclude=["drive"])
        settings.save()
    PlacePrize.objects.bulk_create([PlacePrize(drive=drive, **row) for row in p["places"]])
    Decision.objects.bulk_create(
        [
            Decision(
                drive=drive,
                decided_by=user(row["decided_by"]),
                **{k: v for k, v in row.items() if k != "decided_by"},
            )
            for row in p["decisions"]
        ]
    )
    JarEntry.objects.bulk_create(
        [
            JarEntry(drive=drive, pair=pair[row["pair"]], created_at=row["created_at"])
            for row in p["jar_entries"]
        ]
    )
    if p["jar_draw"] is not None:
        row = p["jar_draw"]
        JarDraw.objects.create(
            drive=drive,
            carried_to=_club_drive(club, row["carried_to"]),
            **{k: v for k, v in row.items() if k != "carried_to"},
        )
    SideDraw.objects.bulk_create([SideDraw(drive=drive, **row) for row in p["side_draws"]])

    unknown = sorted(c.usernames - set(users))
    record_audit(
        club=club,
        drive=drive,
        actor=actor,
        now=now,
        origin=origin,
        action=entry.get("action", "drive_import"),
        summary=entry.get("summary")
        or gettext_noop("Drive imported from %(file)s") % {"file": name},
        new=entry.get("new", {})
        | {
            "file": name,
            "format": FORMAT,
            "version": VERSION,
            "status": drive.status,
            "game": drive.current_game,
            "pairs": len(pairs),
            "audit_entries": len(entries),
            "unknown_users": unknown,
            "players_found": people.matched,
            "players_added": people.added,
        },
    )
    # What the import page says of the players: found in the register, or added to it.
    drive.players_found, drive.players_added = people.matched, people.added
    return drive
