"""A new drive from a previous one. Most of a club's nights repeat last week's: same hall, same
games, mostly the same pairs. A copy takes the settings; its pairs page offers the old pairs for
one-tap re-registration.
"""

from __future__ import annotations

from datetime import date, datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.interface import FRONT, DriveError, Origin, active_players, record_audit
from clubs.models import AuditEntry
from scoring.words import gettext_noop, ngettext_noop

from ..models import Drive, Pair, PlacePrize, PrizeSettings
from .common import locked_drive, new_pair_codes
from .people import people_in
from .setup import (
    DRIVE_SETTINGS,
    check_room,
    names_key,
    pair_audit_fields,
    require_setup,
    settings_of,
)


def planned_games(drive: Drive) -> int:
    """The number of games the drive was planned for: a drive finished early keeps only
    the games played in `games`; its plan is in the finish-early audit entry."""
    entry = (
        AuditEntry.objects.filter(drive=drive, action="drive_finish_early")
        .order_by("-id")
        .values_list("old", flat=True)
        .first()
    )
    planned = (entry or {}).get("games") if isinstance(entry, dict) else None
    return planned if isinstance(planned, int) and planned >= drive.games else drive.games


def _copy_prizes(source: Drive, drive: Drive) -> dict:
    """The source's prize settings and place prizes, onto the new drive; what was copied."""
    settings = PrizeSettings.objects.filter(drive=source).first()
    copied: dict = {}
    if settings is not None:
        values = {
            f.name: getattr(settings, f.name)
            for f in PrizeSettings._meta.concrete_fields
            if f.name not in ("id", "drive")
        }
        PrizeSettings.objects.create(drive=drive, **values)
        copied["prize_settings"] = values
    places = [
        PlacePrize(drive=drive, place=p.place, cents=p.cents, item=p.item)
        for p in PlacePrize.objects.filter(drive=source, place__lte=drive.prize_places)
    ]
    PlacePrize.objects.bulk_create(places)
    copied["place_prizes"] = [{"place": p.place, "cents": p.cents, "item": p.item} for p in places]
    return copied


def drive_copy(
    *,
    source: Drive,
    actor,
    now: datetime,
    origin: Origin = FRONT,
    date: date | None = None,
    name: str | None = None,
) -> Drive:
    """A new drive in the source's club with its settings, its planned number of games
    (not the games played when it finished early), its prize settings and place prizes,
    named `name` (default: the source's) and dated `date` (default: today where the hall
    is), registering pairs, with no pairs yet."""
    values = {k: getattr(source, k) for k in DRIVE_SETTINGS if k not in ("date", "name")}
    values["games"] = planned_games(source)
    with transaction.atomic():
        drive = Drive(
            club_id=source.club_id,
            name=name or source.name,
            date=date or timezone.localdate(now),
            copied_from=source,
            **values,
        )
        drive.full_clean(exclude=["club", "copied_from"])
        drive.save()
        prizes = _copy_prizes(source, drive)
        record_audit(
            club=source.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="drive_copy",
            summary=gettext_noop("Drive created from “%(name)s” of %(date)s")
            % {"name": source.name, "date": source.date.isoformat()},
            new={**settings_of(drive), "from_drive": source.pk, **prizes},
        )
    return drive


def pairs_to_reregister(drive: Drive, source: Drive) -> list[Pair]:
    """The source drive's pairs whose two names are not registered in `drive` yet."""
    here = {names_key(p1, p2) for p1, p2 in drive.pairs.values_list("player1", "player2")}
    return [p for p in source.pairs.all() if names_key(p.player1, p.player2) not in here]


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
        drive = locked_drive(drive)
        require_setup(drive)
        by_number = {p.number: p for p in source.pairs.filter(number__in=numbers)}
        missing = [n for n in numbers if n not in by_number]
        if missing:
            raise DriveError(
                _("Pair %(n)d was not in “%(drive)s”.") % {"n": missing[0], "drive": source.name}
            )
        here = {names_key(p1, p2) for p1, p2 in drive.pairs.values_list("player1", "player2")}
        for n in numbers:
            old = by_number[n]
            if names_key(old.player1, old.player2) in here:
                raise DriveError(_("%(names)s are already registered.") % {"names": old.names}, 409)
        check_room(drive, len(numbers))
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
        # The same people as last week, while they are in the register.
        still = set(
            active_players(drive.club)
            .filter(pk__in=[pk for p in by_number.values() for pk in (p.person1_id, p.person2_id)])
            .values_list("pk", flat=True)
        ) - set(people_in(drive))
        pairs = [
            Pair(
                drive=drive,
                number=assigned[n],
                player1=by_number[n].player1,
                player2=by_number[n].player2,
                person1_id=by_number[n].person1_id if by_number[n].person1_id in still else None,
                person2_id=by_number[n].person2_id if by_number[n].person2_id in still else None,
                paid=False,
            )
            for n in sorted(numbers)
        ]
        for pair, code in zip(pairs, new_pair_codes(drive, len(pairs)), strict=True):
            pair.code = code
        Pair.objects.bulk_create(pairs)
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="pairs_reregister",
            summary=ngettext_noop(
                "%(count)d pair re-registered from “%(drive)s”",
                "%(count)d pairs re-registered from “%(drive)s”",
                len(pairs),
            )
            % {"count": len(pairs), "drive": source.name},
            new={
                "from_drive": source.pk,
                "pairs": [
                    {**pair_audit_fields(p), "from_number": n}
                    for n, p in zip(sorted(numbers), pairs, strict=True)
                ],
            },
        )
    return pairs
