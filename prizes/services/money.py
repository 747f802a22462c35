"""Prize settings of a drive (entry fee, what each place wins, side prizes) and the club's
smallest cash unit. The cash summary of the prize report is built in report.py."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.interface import FRONT, Origin, club_setting_write
from clubs.models import Club
from drives.interface import locked_drive
from drives.models import Drive, PlacePrize, PrizeSettings
from prizes import rules as prizes
from prizes.services.common import DriveError, PrizeError, record_audit
from scoring.words import gettext_noop

CASH_UNITS = (1, 5, 10, 25)
JAR_FIELDS = ("jar", "jar_games", "jar_price")
SETTING_FIELDS = (
    "entry_fee",
    "ace_low",
    "booby",
    "booby_cents",
    "booby_item",
    "booby_excludes_late_or_early",
    *JAR_FIELDS,
    "jackpot",
    "jackpot_threshold",
    "jackpot_cents",
    "fifty_fifty",
    "travelling",
    "travelling_item",
    "door_prizes",
)


def place_prizes(drive: Drive) -> dict[int, PlacePrize]:
    """place -> its prize, for places 1..drive.prize_places (unsaved blanks where none)."""
    saved = {p.place: p for p in PlacePrize.objects.filter(drive=drive)}
    return {
        n: saved.get(n) or PlacePrize(drive=drive, place=n)
        for n in range(1, drive.prize_places + 1)
    }


def _prize_dict(p: PlacePrize) -> dict:
    return {"place": p.place, "cents": p.cents, "item": p.item}


def prize_settings_save(
    *,
    drive: Drive,
    values: dict,
    places: dict[int, tuple[int | None, str]],
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> PrizeSettings:
    """Save a drive's prize settings and what each place wins (money or an item).

    The cookie jar's settings are fixed once the drive has started: pairs buy in
    at registration knowing the price and the number of games drawn.
    """
    unknown = set(values) - set(SETTING_FIELDS)
    if unknown:
        raise TypeError(f"unknown prize settings: {sorted(unknown)}")
    with transaction.atomic():
        drive = locked_drive(drive)
        current = PrizeSettings.objects.filter(drive=drive).first() or PrizeSettings(drive=drive)
        old = {k: getattr(current, k) for k in SETTING_FIELDS}
        old_places = [_prize_dict(p) for p in place_prizes(drive).values()]
        if not drive.is_setup and any(values.get(k, old[k]) != old[k] for k in JAR_FIELDS):
            raise DriveError(
                _("The drive has started: the cookie jar's settings can no longer change."), 409
            )
        for k, v in values.items():
            setattr(current, k, v)
        if current.booby_cents is not None and current.booby_item.strip():
            raise DriveError(
                _("The booby prize is either an amount of money or an item, not both.")
            )
        bad = [n for n in places if not 1 <= n <= drive.prize_places]
        if bad:
            raise DriveError(
                _("This drive has %(n)d prize places.") % {"n": drive.prize_places}, 400
            )
        rows = []
        for place, (cents, item) in sorted(places.items()):
            item = " ".join((item or "").split())
            if cents is None and not item:
                continue
            try:
                prizes.Prize(_("Prize %(n)d") % {"n": place}, cents=cents, item=item)
            except PrizeError:
                raise DriveError(
                    _("Prize %(n)d is either an amount of money or an item, not both.")
                    % {"n": place}
                ) from None
            rows.append(PlacePrize(drive=drive, place=place, cents=cents, item=item))
        current.full_clean(exclude=["drive"])
        current.save()
        PlacePrize.objects.filter(drive=drive).delete()
        PlacePrize.objects.bulk_create(rows)
        new = {k: getattr(current, k) for k in SETTING_FIELDS}
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="prize_settings",
            summary=gettext_noop("Prize settings saved"),
            old={"settings": old, "places": old_places},
            new={"settings": new, "places": [_prize_dict(p) for p in rows]},
        )
    return current


def club_cash_unit_set(
    *, club: Club, cents: int, actor, now: datetime, origin: Origin = FRONT
) -> Club:
    """The smallest coin paid out: split shares round down to it (5 cents in Canada)."""
    if cents not in CASH_UNITS:
        raise DriveError(_("The smallest cash unit must be 1, 5, 10 or 25 cents."))
    return club_setting_write(
        club=club,
        field="cash_unit",
        value=cents,
        action="club_cash_unit",
        summary=gettext_noop("Smallest cash unit set to %(c)d cents") % {"c": cents},
        actor=actor,
        now=now,
        origin=origin,
    )


__all__ = ["CASH_UNITS", "club_cash_unit_set", "place_prizes", "prize_settings_save"]
