"""The only writers of the club's player register: add, change, remove (and take back), merge
two entries that are one person (and take it back).

One transaction and one audit entry each, with an explicit actor, now and origin. The
register's rows are the ground floor's (clubs.models.Player); a pair names its people
(drives' Pair.person1/person2), so removing and merging, which move those links, live here,
above the night. Removing keeps the entry's row (removed_at) and the pairs' names; merging
keeps the merged entry's row (merged_into); the links each moved are kept in the audit entry,
so taking it back restores exactly them.
"""

from __future__ import annotations

from datetime import datetime

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from clubs.interface import (
    FRONT,
    DriveError,
    Origin,
    Player,
    StaleError,
    TextError,
    clean_text,
    fold,
    player_fields,
    player_name,
    record_audit,
)
from clubs.models import AuditEntry, Club
from drives.models import Pair
from scoring.words import gettext_noop

CONTACT_MAX = 40
NOTES_MAX = 1000


def _contact(phone: str | None, email: str | None, notes: str | None) -> dict:
    try:
        phone = clean_text(phone, max_length=CONTACT_MAX, what=_("The phone number"))
        notes = clean_text(notes, max_length=NOTES_MAX, what=_("The notes"))
        email = clean_text(email, max_length=254, what=_("The e-mail address"))
    except TextError as e:
        raise DriveError(e.message) from None
    if email:
        try:
            validate_email(email)
        except ValidationError:
            message = _("“%(email)s” is not an e-mail address.") % {"email": email[:40]}
            raise DriveError(message) from None
    return {"phone": phone, "email": email, "notes": notes}


def _locked(player: Player) -> Player:
    return Player.objects.select_for_update().select_related("club").get(pk=player.pk)


def player_add(
    *,
    club: Club,
    actor,
    now: datetime,
    name: str,
    phone: str = "",
    email: str = "",
    notes: str = "",
    origin: Origin = FRONT,
) -> Player:
    name = player_name(name)
    contact = _contact(phone, email, notes)
    with transaction.atomic():
        player = Player.objects.create(
            club=club, name=name, match_key=fold(name), created_at=now, **contact
        )
        record_audit(
            club=club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="player_add",
            summary=gettext_noop("%(name)s added to the player register") % {"name": name},
            new=player_fields(player),
        )
    return player


def player_update(
    *,
    player: Player,
    actor,
    now: datetime,
    name: str,
    phone: str = "",
    email: str = "",
    notes: str = "",
    origin: Origin = FRONT,
) -> Player:
    """A new spelling, phone, e-mail or notes. The pairs already played keep the names they
    were registered with (a night's results are a record)."""
    name = player_name(name)
    contact = _contact(phone, email, notes)
    with transaction.atomic():
        player = _locked(player)
        if not player.is_active:
            raise StaleError(_("That entry is no longer in the register: reload the page."))
        old = player_fields(player)
        player.name, player.match_key = name, fold(name)
        for k, v in contact.items():
            setattr(player, k, v)
        if player_fields(player) == old:
            return player
        player.save()
        record_audit(
            club=player.club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="player_update",
            summary=gettext_noop("%(name)s changed in the player register") % {"name": name},
            old=old,
            new=player_fields(player),
        )
    return player


def _links(player: Player) -> dict[str, list[int]]:
    """The pairs that name the player, by slot: what a removal or a merge moves."""
    return {
        "person1": list(Pair.objects.filter(person1=player).values_list("pk", flat=True)),
        "person2": list(Pair.objects.filter(person2=player).values_list("pk", flat=True)),
    }


def player_remove(*, player: Player, actor, now: datetime, origin: Origin = FRONT) -> AuditEntry:
    """Out of the register: the pairs the person played in keep the names only. Returns the
    audit entry, which player_restore takes back."""
    with transaction.atomic():
        player = _locked(player)
        if not player.is_active:
            raise StaleError(_("That entry is no longer in the register: reload the page."))
        links = _links(player)
        Pair.objects.filter(pk__in=links["person1"]).update(person1=None)
        Pair.objects.filter(pk__in=links["person2"]).update(person2=None)
        player.removed_at = now
        player.save(update_fields=["removed_at"])
        return record_audit(
            club=player.club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="player_remove",
            summary=gettext_noop("%(name)s removed from the player register")
            % {"name": player.name},
            old={**player_fields(player), **links},
        )


def _latest_entry(player: Player, action: str, undo: str, about: str) -> AuditEntry | None:
    """The newest entry of ``action`` about the player (its value ``about``, "old__id" or
    "new__merged", is the player's id) that an ``undo`` entry has not taken back."""
    entries = AuditEntry.objects.filter(club=player.club).filter(
        Q(action=action, **{about: player.pk}) | Q(action=undo, new__id=player.pk)
    )
    undone = set()
    for entry in entries.order_by("-at", "-id"):
        if entry.action == undo:
            undone.add((entry.new or {}).get("undoes"))
        elif entry.pk not in undone:
            return entry
    return None


def player_restore(*, player: Player, actor, now: datetime, origin: Origin = FRONT) -> Player:
    """Take back a removal: the entry is in the register again and the pairs it was taken out
    of (still with no one in that place) name the person again."""
    with transaction.atomic():
        player = _locked(player)
        entry = _latest_entry(player, "player_remove", "player_restore", "old__id")
        if player.removed_at is None or entry is None:
            raise StaleError(_("That entry is in the register already: reload the page."))
        links = entry.old or {}
        back1 = Pair.objects.filter(pk__in=links.get("person1", []), person1__isnull=True)
        back2 = Pair.objects.filter(pk__in=links.get("person2", []), person2__isnull=True)
        restored = {
            "person1": back1.update(person1=player),
            "person2": back2.update(person2=player),
        }
        player.removed_at = None
        player.save(update_fields=["removed_at"])
        record_audit(
            club=player.club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="player_restore",
            summary=gettext_noop("%(name)s back in the player register") % {"name": player.name},
            new={"undoes": entry.pk, "id": player.pk, **restored},
        )
    return player


def players_merge(
    *, keep: Player, merged: Player, actor, now: datetime, origin: Origin = FRONT
) -> AuditEntry:
    """Two entries that are one person become one: ``merged`` points at ``keep``, every pair
    that named ``merged`` names ``keep``, and ``keep`` takes the phone, e-mail and notes it
    did not have. Two people who played as partners are two people: refused."""
    if keep.pk == merged.pk:
        raise DriveError(_("Choose two different entries to merge."))
    with transaction.atomic():
        first, second = sorted((keep.pk, merged.pk))
        rows = {
            p.pk: p
            for p in Player.objects.select_for_update()
            .select_related("club")
            .filter(pk__in=(first, second), club_id=keep.club_id)
        }
        keep, merged = rows.get(keep.pk), rows.get(merged.pk)
        if keep is None or merged is None or not (keep.is_active and merged.is_active):
            raise StaleError(_("One of the entries is no longer in the register: reload the page."))
        together = Pair.objects.filter(
            Q(person1=keep, person2=merged) | Q(person1=merged, person2=keep)
        ).select_related("drive")
        if pair := together.first():
            raise DriveError(
                _("%(a)s and %(b)s played as partners (%(drive)s): they are two people.")
                % {"a": keep.name, "b": merged.name, "drive": pair.drive.name},
                409,
            )
        old_keep = player_fields(keep)
        links = _links(merged)
        Pair.objects.filter(pk__in=links["person1"]).update(person1=keep)
        Pair.objects.filter(pk__in=links["person2"]).update(person2=keep)
        for field in ("phone", "email", "notes"):
            if not getattr(keep, field) and getattr(merged, field):
                setattr(keep, field, getattr(merged, field))
        keep.save(update_fields=["phone", "email", "notes"])
        merged.merged_into = keep
        merged.save(update_fields=["merged_into"])
        return record_audit(
            club=keep.club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="players_merge",
            summary=gettext_noop("%(merged)s merged into %(keep)s in the player register")
            % {"merged": merged.name, "keep": keep.name},
            old={**old_keep, "merged_entry": player_fields(merged)},
            new={"merged": merged.pk, "keep": keep.pk, **links},
        )


def players_unmerge(*, merged: Player, actor, now: datetime, origin: Origin = FRONT) -> Player:
    """Take back a merge: both entries are in the register again, each pair that named the
    merged entry names it again, and the kept entry has its own phone, e-mail and notes."""
    with transaction.atomic():
        merged = _locked(merged)
        entry = _latest_entry(merged, "players_merge", "players_unmerge", "new__merged")
        if merged.merged_into_id is None or entry is None:
            raise StaleError(_("That merge was taken back already: reload the page."))
        keep = _locked(merged.merged_into)
        links = entry.new or {}
        back1 = Pair.objects.filter(pk__in=links.get("person1", []), person1=keep)
        back2 = Pair.objects.filter(pk__in=links.get("person2", []), person2=keep)
        restored = {
            "person1": back1.update(person1=merged),
            "person2": back2.update(person2=merged),
        }
        old = entry.old or {}
        for field in ("phone", "email", "notes"):
            setattr(keep, field, old.get(field, getattr(keep, field)))
        keep.save(update_fields=["phone", "email", "notes"])
        merged.merged_into = None
        merged.save(update_fields=["merged_into"])
        record_audit(
            club=merged.club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="players_unmerge",
            summary=gettext_noop("Merge taken back: %(merged)s and %(keep)s are two entries again")
            % {"merged": merged.name, "keep": keep.name},
            new={"undoes": entry.pk, "id": merged.pk, "keep": keep.pk, **restored},
        )
    return merged
