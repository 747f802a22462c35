"""A pair's two names linked to the club's player register as the pair is registered.

Each name comes with a choice: an entry's id (the organizer tapped a suggestion, or chose
one in the paste's preview), NEW (a new entry of that name) or AUTO (what the name matches:
the one entry with its key, unless that person already plays in this drive; else a new
entry). So every name typed becomes a person, and a regular is the same person every week.
Runs inside the caller's transaction (pair_add, the paste): its audit entry names the new
entries. The register's own screens and their writers are the players app's.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Q
from django.utils.translation import gettext as _

from clubs.interface import (
    Candidate,
    Decision,
    DriveError,
    Player,
    StaleError,
    active_players,
    fold,
    register_of,
)

from ..models import Drive, Pair

AUTO = "auto"
NEW = "new"
Choice = int | str


def parse_choice(raw: str | None) -> Choice:
    """A choice as a form posts it: an entry's id, "new", or anything else AUTO."""
    raw = (raw or "").strip()
    if raw == NEW:
        return NEW
    if raw.isascii() and raw.isdigit() and len(raw) <= 18:
        return int(raw)
    return AUTO


def people_in(drive: Drive, *, exclude_pk: int | None = None) -> dict[int, int]:
    """The register's people already in the drive: id -> their pair's number."""
    pairs = Pair.objects.filter(drive=drive).filter(
        Q(person1__isnull=False) | Q(person2__isnull=False)
    )
    if exclude_pk:
        pairs = pairs.exclude(pk=exclude_pk)
    out: dict[int, int] = {}
    for number, a, b in pairs.values_list("number", "person1_id", "person2_id"):
        for pk in (a, b):
            if pk:
                out[pk] = number
    return out


def link_people(
    *,
    drive: Drive,
    names: list[str],
    choices: list[Choice] | None,
    now: datetime,
    exclude_pk: int | None = None,
    partner: Player | None = None,
) -> tuple[list[Player], list[Player]]:
    """The person of each name (in order, two per pair) and the entries it added to the
    register. A chosen entry that is gone is a StaleError; one who already plays in the
    drive, or twice in the names, is a DriveError. exclude_pk: the pair being changed (its
    own people are not "in the drive already"), partner: its person who stays."""
    club = drive.club
    choices = list(choices or [AUTO] * len(names))
    if len(choices) != len(names):
        raise StaleError(_("The list changed since it was checked: check it again."))
    playing = people_in(drive, exclude_pk=exclude_pk)
    if partner is not None:
        playing[partner.pk] = 0
    chosen_ids = [c for c in choices if isinstance(c, int)]
    chosen = active_players(club).in_bulk(chosen_ids) if chosen_ids else {}
    register = register_of(club) if AUTO in choices else None
    people: list[Player | None] = []
    new: list[Player] = []
    seen: dict[int, str] = {}
    for name, choice in zip(names, choices, strict=True):
        person = None
        if isinstance(choice, int):
            person = chosen.get(choice)
            if person is None:
                raise StaleError(
                    _("%(name)s is no longer in the register: choose again.") % {"name": name}
                )
            if person.pk in playing or person.pk in seen:
                raise DriveError(
                    _("%(name)s is in this drive already: choose someone else or a new player.")
                    % {"name": person.name},
                    409,
                )
        elif choice == AUTO and register is not None:
            match = register.match(name, near=False)
            best = match.best
            if match.decision is Decision.EXACT and best.id not in playing and best.id not in seen:
                person = Player(pk=best.id, club=club, name=best.name)
        if person is None:
            person = Player(club=club, name=name, match_key=fold(name), created_at=now)
            new.append(person)
        else:
            seen[person.pk] = name
        people.append(person)
    if new:
        Player.objects.bulk_create(new)
    return people, new


def added_by_pair(people: list[Player], new: list[Player]) -> list[list[str]]:
    """The names each pair (two people in a row) added to the register."""
    fresh = {id(p) for p in new}
    pairs = [people[i : i + 2] for i in range(0, len(people), 2)]
    return [[p.name for p in two if id(p) in fresh] for two in pairs]


@dataclass(frozen=True)
class NameCheck:
    """One pasted name as the preview shows it: what it matched, and the choice set for it
    (the one entry with its key; else a new player, until the organizer chooses)."""

    name: str
    decision: str  # "exact", "likely", "new"
    candidates: tuple[Candidate, ...]
    chosen: Choice
    playing: int | None  # the pair the matched person already plays in, this drive


@dataclass(frozen=True)
class PasteLine:
    line: int
    number: int | None
    names: tuple[NameCheck, NameCheck]


def check_names(drive: Drive, parsed: list[tuple[int | None, str, str]]) -> list[PasteLine]:
    """Each pasted name matched to the register, nothing written: the paste's preview."""
    register = register_of(drive.club)
    playing = people_in(drive)
    names = [n for _number, p1, p2 in parsed for n in (p1, p2)]
    matches = register.match_all(names)
    seen: set[int] = set()
    checks = []
    for name, match in zip(names, matches, strict=True):
        best = match.best
        there = playing.get(best.id) if best and match.decision is Decision.EXACT else None
        if match.decision is Decision.EXACT and there is None and best.id not in seen:
            chosen: Choice = best.id
            seen.add(best.id)
        else:
            chosen = NEW
        checks.append(
            NameCheck(
                name=name,
                decision=str(match.decision),
                candidates=match.candidates,
                chosen=chosen,
                playing=there,
            )
        )
    return [
        PasteLine(line=i + 1, number=number, names=(checks[2 * i], checks[2 * i + 1]))
        for i, (number, _p1, _p2) in enumerate(parsed)
    ]
