"""Drives and pairs: create and change a drive, register, change and remove pairs (a new drive
from a previous one is in again.py).
"""

from __future__ import annotations

import re
from datetime import date, datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.interface import (
    FRONT,
    DriveError,
    Origin,
    StaleError,
    TextError,
    clean_text,
    record_audit,
)
from clubs.interface import clean_name as clean_any_name
from clubs.models import AuditEntry, Club
from scoring.words import gettext_noop, ngettext_noop

from ..game_options import check_game_options
from ..models import (
    MAX_NAME,
    MAX_PAIRS,
    Drive,
    Pair,
    Seat,
    Submission,
    TableGame,
)
from .common import locked_drive, new_pair_codes
from .people import AUTO, Choice, PasteLine, added_by_pair, check_names, link_people

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
    "confirm_by_code",
    "board_public",
    "standings_public",
    "language",
)


def _one_way_to_confirm(drive: Drive) -> None:
    if drive.confirm_by_number and drive.confirm_by_code:
        raise DriveError(
            _("Choose one way for the other pair to agree: its pair number or its pair code.")
        )


def settings_of(drive: Drive) -> dict:
    out = {k: getattr(drive, k) for k in DRIVE_SETTINGS}
    out["date"] = drive.date.isoformat() if isinstance(drive.date, date) else str(drive.date)
    return out


def drive_create(
    *,
    club: Club,
    actor,
    now: datetime,
    origin: Origin = FRONT,
    movement: str = Drive.Movement.WINNERS_MOVE,
    **values,
) -> Drive:
    """A new drive, registering pairs. ``movement``: "winners_move" (the hall's own) or
    "team_match" (team 1 against team 2: each pair's team is Pair.side)."""
    unknown = set(values) - set(DRIVE_SETTINGS)
    if unknown:
        raise TypeError(f"unknown drive settings: {sorted(unknown)}")
    if movement not in Drive.Movement.values:
        raise DriveError(_("A drive's pairs move as winners move, or as a team match."))
    values = _clean_drive_values(values)
    with transaction.atomic():
        drive = Drive(club=club, movement=movement, **values)
        _one_way_to_confirm(drive)
        check_game_options(drive)
        drive.full_clean(exclude=["club"])
        drive.save()
        record_audit(
            club=club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="drive_create",
            summary=gettext_noop("Drive created"),
            new={**settings_of(drive), "movement": drive.movement},
        )
    return drive


def drive_update(*, drive: Drive, actor, now: datetime, origin: Origin = FRONT, **values) -> Drive:
    unknown = set(values) - set(DRIVE_SETTINGS)
    if unknown:
        raise TypeError(f"unknown drive settings: {sorted(unknown)}")
    values = _clean_drive_values(values)
    with transaction.atomic():
        drive = locked_drive(drive)
        if not drive.is_setup:
            raise DriveError(_("The drive has started: its settings can no longer change."), 409)
        old = settings_of(drive)
        for k, v in values.items():
            setattr(drive, k, v)
        _one_way_to_confirm(drive)
        check_game_options(drive)
        drive.full_clean(exclude=["club"])
        if settings_of(drive) == old:
            return drive
        drive.save()
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="drive_update",
            summary=gettext_noop("Drive settings changed"),
            old=old,
            new=settings_of(drive),
        )
    return drive


SCREEN_SETTINGS = ("board_public", "standings_public", "confirm_by_number", "confirm_by_code")


def drive_screens_set(
    *, drive: Drive, actor, now: datetime, origin: Origin = FRONT, **values: bool
) -> Drive:
    """The public screens and how tables confirm: can change at any time, mid-night too."""
    unknown = set(values) - set(SCREEN_SETTINGS)
    if unknown:
        raise TypeError(f"unknown screen settings: {sorted(unknown)}")
    with transaction.atomic():
        drive = locked_drive(drive)
        old = {k: getattr(drive, k) for k in SCREEN_SETTINGS}
        new = {**old, **{k: bool(v) for k, v in values.items()}}
        if new == old:
            return drive
        for k, v in new.items():
            setattr(drive, k, v)
        _one_way_to_confirm(drive)
        drive.save(update_fields=list(SCREEN_SETTINGS))
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="drive_screens",
            summary=gettext_noop(
                "Projector board, public standings or confirmation setting changed"
            ),
            old=old,
            new=new,
        )
    return drive


def drive_print_language_set(
    *, drive: Drive, language: str, actor, now: datetime, origin: Origin = FRONT
) -> Drive:
    """The language the drive's printouts are in ("" for the club's): any time, mid-night
    too, since a printout changes nothing of the night."""
    from django.conf import settings

    names = dict(settings.LANGUAGES)
    if language and language not in names:
        raise DriveError(_("Choose English or French."))
    with transaction.atomic():
        drive = locked_drive(drive)
        old = drive.language
        if old == language:
            return drive
        drive.language = language
        drive.save(update_fields=["language"])
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="drive_print_language",
            summary=gettext_noop("Printouts now in %(language)s") % {"language": names[language]}
            if language
            else gettext_noop("Printouts now in the club's language"),
            old={"language": old},
            new={"language": language},
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
    """A player's name as kept (clubs.text.clean_name: no direction controls, something
    you can see); DriveError with the reason otherwise."""
    try:
        name = clean_any_name(raw, max_length=None, what=_("A player's name"))
    except TextError as e:
        raise DriveError(e.message) from None
    if len(name) > MAX_NAME:
        raise DriveError(
            _("The name “%(name)s…” is longer than %(max)d characters.")
            % {"name": name[:20], "max": MAX_NAME}
        )
    return name


def _clean_drive_values(values: dict) -> dict:
    """The drive's name and venue as kept (clubs.text); a ValidationError on the field,
    as the drive's other settings are refused (full_clean)."""
    fields = (
        ("name", clean_any_name, _("The drive's name")),
        ("venue", clean_text, _("The venue")),
    )
    for field, clean, what in fields:
        if field not in values or not str(values[field] or "").strip():
            continue  # blank: the model's own rule says so (a name is required)
        try:
            values[field] = clean(values[field], max_length=120, what=what)
        except TextError as e:
            raise ValidationError({field: [e.message]}) from None
    return values


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


def require_setup(drive: Drive) -> None:
    if not drive.is_setup:
        raise DriveError(_("The drive has started: pairs can no longer be added or removed."), 409)


def check_room(drive: Drive, adding: int) -> None:
    """Refuse pairs past MAX_PAIRS in one drive (the drive's row is locked by the caller)."""
    have = drive.pairs.count()
    if have + adding > MAX_PAIRS:
        raise DriveError(
            _(
                "A drive has at most %(max)d pairs: this one has %(have)d, so %(adding)d more "
                "will not fit."
            )
            % {"max": MAX_PAIRS, "have": have, "adding": adding}
        )


def next_pair_number(drive: Drive) -> int:
    """The number after the drive's highest pair number."""
    return (drive.pairs.aggregate(m=Max("number"))["m"] or 0) + 1


def pair_audit_fields(pair: Pair) -> dict:
    """What an audit entry keeps of a pair: its number, players and whether it paid."""
    return {
        "number": pair.number,
        "player1": pair.player1,
        "player2": pair.player2,
        "paid": pair.paid,
    }


# Teams are numbered like pairs: from 1 (a team match is team 1 against team 2).
MAX_SIDE_NUMBER = 9999


def check_side(side: int | None) -> None:
    """Refuse a pair's team that is not a whole number from 1 to MAX_SIDE_NUMBER (None: no team)."""
    if side is None:
        return
    if isinstance(side, bool) or not isinstance(side, int) or not 1 <= side <= MAX_SIDE_NUMBER:
        raise DriveError(_("A team is numbered from 1 to %(max)d.") % {"max": MAX_SIDE_NUMBER})


def side_fields(side: int | None) -> dict:
    """What an audit entry keeps of a pair's team: nothing when it plays for none."""
    return {} if side is None else {"side": side}


def check_pair_number(drive: Drive, number: int, exclude_pk: int | None = None) -> None:
    """Refuse a pair number out of 1-9999 or held by another pair of the drive (409)."""
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
    person1: Choice = AUTO,
    person2: Choice = AUTO,
    side: int | None = None,
    origin: Origin = FRONT,
) -> Pair:
    """A pair of two people: each name is the register's entry chosen (person1/person2: an
    id, "new", or AUTO for the one entry the name matches), or a new entry of that name.
    side: the team it plays for on a night of teams (from 1; None: no team)."""
    check_side(side)
    with transaction.atomic():
        drive = locked_drive(drive)
        require_setup(drive)
        p1, p2 = clean_name(player1), clean_name(player2)
        check_room(drive, 1)
        if number is None:
            number = next_pair_number(drive)
        check_pair_number(drive, number)
        [code] = new_pair_codes(drive, 1)
        (one, two), added = link_people(
            drive=drive, names=[p1, p2], choices=[person1, person2], now=now
        )
        pair = Pair.objects.create(
            drive=drive,
            number=number,
            player1=p1,
            player2=p2,
            paid=paid,
            code=code,
            person1=one,
            person2=two,
            side=side,
        )
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="pair_add",
            summary=gettext_noop("Pair %(n)d added: %(names)s")
            % {"n": number, "names": pair.names},
            new={
                **pair_audit_fields(pair),
                **people_fields(pair),
                **side_fields(side),
                "new_in_register": [p.name for p in added],
            },
        )
    return pair


def people_fields(pair: Pair) -> dict:
    """The register's people a pair names, for its audit entry."""
    return {"person1": pair.person1_id, "person2": pair.person2_id}


class DuplicatePairs(DriveError):
    """A paste holds pairs whose two names are already registered (or pasted twice).

    ``lines`` lists them: (line number, the names as pasted, the registered pair's
    number or None when the same names came earlier in the paste). The organizer
    then skips them or adds them anyway."""

    status = 409

    def __init__(self, lines: list[tuple[int, str, int | None]]):
        super().__init__(
            ngettext(
                "%(n)d pair in the paste is already registered.",
                "%(n)d pairs in the paste are already registered.",
                len(lines),
            )
            % {"n": len(lines)}
        )
        self.lines = lines


PASTE_DUPLICATES = ("ask", "skip", "add")


def names_key(player1: str, player2: str) -> tuple[str, str]:
    # "Mary & John" and "john & mary" are the same two people.
    a, b = sorted((player1.casefold(), player2.casefold()))
    return a, b


def _registered_twice(
    drive: Drive, parsed: list[tuple[int | None, str, str]]
) -> list[tuple[int, str, int | None]]:
    """The pasted lines whose names are registered in the drive, or came earlier in the paste."""
    registered = drive.pairs.values_list("number", "player1", "player2")
    here = {names_key(p1, p2): n for n, p1, p2 in registered}
    seen: set[tuple[str, str]] = set()
    found = []
    for i, (_number, p1, p2) in enumerate(parsed, start=1):
        key = names_key(clean_name(p1), clean_name(p2))
        if key in here or key in seen:
            found.append((i, f"{p1} & {p2}", here.get(key)))
        seen.add(key)
    return found


def pairs_bulk_add(
    *,
    drive: Drive,
    actor,
    now: datetime,
    text: str,
    paid: bool = False,
    duplicates: str = "ask",
    choices: list[tuple[Choice, Choice]] | None = None,
    origin: Origin = FRONT,
) -> list[Pair]:
    """Add one pair per non-blank line. All lines are checked before any is saved.

    choices: per line, the register's entry of each name as chosen in the preview
    (pairs_paste_preview); without them each name is matched (AUTO).

    Pairs whose names are already registered (or pasted twice) stop the paste with
    DuplicatePairs when ``duplicates`` is "ask"; "skip" leaves them out, "add" adds
    them anyway. The paste is one audit entry, so pairs_bulk_undo can take it back whole.
    """
    if duplicates not in PASTE_DUPLICATES:
        raise DriveError(_("Choose whether to skip the pairs already registered."))
    parsed = parse_paste(text)
    if choices is not None and len(choices) != len(parsed):
        raise StaleError(_("The list changed since it was checked: check it again."))
    if duplicates != "add" and (twice := _registered_twice(drive, parsed)):
        if duplicates == "ask":
            raise DuplicatePairs(twice)
        skipped = {i for i, _names, _n in twice}
        kept = [i for i in range(1, len(parsed) + 1) if i not in skipped]
        parsed = [parsed[i - 1] for i in kept]
        if choices is not None:
            choices = [choices[i - 1] for i in kept]
        if not parsed:
            raise DriveError(_("Every pair in the paste is already registered: nothing to add."))
    return pairs_add_many(
        drive=drive,
        actor=actor,
        now=now,
        entries=parsed,
        paid=paid,
        choices=choices,
        origin=origin,
    )


def pairs_paste_preview(
    *, drive: Drive, text: str
) -> tuple[list[PasteLine], list[tuple[int, str, int | None]]]:
    """What a paste would register, before anything is saved: each line's two names
    matched to the club's register (known, likely: choose, or new), and the lines whose
    pairs are already registered (or pasted twice). Writes nothing."""
    parsed = parse_paste(text)
    return check_names(drive, parsed), _registered_twice(drive, parsed)


def parse_paste(text: str | None) -> list[tuple[int | None, str, str]]:
    """The pasted lines as (number or None, player1, player2); DriveError naming the lines
    that are not a pair."""
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
    return parsed


def last_paste(drive: Drive) -> AuditEntry | None:
    """The newest paste of pairs that can still be taken back: not undone, drive not started."""
    if not drive.is_setup:
        return None
    entries = AuditEntry.objects.filter(
        drive=drive, action__in=("pairs_bulk_add", "pairs_bulk_undo")
    ).order_by("-at", "-id")
    undone = set()
    for entry in entries:
        if entry.action == "pairs_bulk_undo":
            undone.add((entry.new or {}).get("undoes"))
        elif entry.pk not in undone:
            return entry
    return None


def pairs_bulk_undo(
    *, drive: Drive, entry_id: int, actor, now: datetime, origin: Origin = FRONT
) -> int:
    """Take back a whole paste: the pairs it added that are still registered are removed.

    ``entry_id`` is the paste the page showed; a newer paste or a started drive refuses.
    Returns how many pairs were removed."""
    with transaction.atomic():
        drive = locked_drive(drive)
        require_setup(drive)
        entry = last_paste(drive)
        if entry is None or entry.pk != entry_id:
            raise StaleError(_("That paste can no longer be taken back: reload the page."))
        numbers = [p["number"] for p in entry.new or []]
        pairs = list(drive.pairs.select_for_update().filter(number__in=numbers))
        gone = [pair_audit_fields(p) for p in pairs]
        Pair.objects.filter(pk__in=[p.pk for p in pairs]).delete()
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="pairs_bulk_undo",
            summary=ngettext_noop(
                "Paste taken back: %(n)d pair removed",
                "Paste taken back: %(n)d pairs removed",
                len(gone),
            )
            % {"n": len(gone)},
            old=gone,
            new={"undoes": entry.pk},
        )
    return len(gone)


def pairs_add_many(
    *,
    drive: Drive,
    actor,
    now: datetime,
    entries: list[tuple[int | None, str, str]],
    paid: bool = False,
    choices: list[tuple[Choice, Choice]] | None = None,
    side: int | None = None,
    origin: Origin = FRONT,
) -> list[Pair]:
    """Add several pairs, (number or None, player1, player2), all or none: one audit entry.
    Each name is linked to the register (drives.services.people; choices per pair, else
    AUTO). side: the team every one of them plays for (from 1; None: no team).

    A pair without a number follows the one before it. The pasted list and the
    JSON API's list of pairs both come here.
    """
    check_side(side)
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
        drive = locked_drive(drive)
        require_setup(drive)
        check_room(drive, len(parsed))
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
            pairs.append(
                Pair(drive=drive, number=number, player1=p1, player2=p2, paid=paid, side=side)
            )
        for pair, code in zip(pairs, new_pair_codes(drive, len(pairs)), strict=True):
            pair.code = code
        flat = [c for pair_choices in (choices or []) for c in pair_choices] or None
        people, added = link_people(
            drive=drive,
            names=[n for p in pairs for n in (p.player1, p.player2)],
            choices=flat,
            now=now,
        )
        for i, pair in enumerate(pairs):
            pair.person1, pair.person2 = people[2 * i], people[2 * i + 1]
        Pair.objects.bulk_create(pairs)
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="pairs_bulk_add",
            summary=gettext_noop("%(count)d pairs added: %(first)d to %(last)d")
            % {"count": len(pairs), "first": pairs[0].number, "last": pairs[-1].number},
            new=[
                {
                    **pair_audit_fields(p),
                    **people_fields(p),
                    **side_fields(side),
                    "new_in_register": new,
                }
                for p, new in zip(pairs, added_by_pair(people, added), strict=True)
            ],
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
        drive = locked_drive(pair.drive)
        pair = Pair.objects.select_for_update().get(pk=pair.pk)
        old = {**pair_audit_fields(pair), **people_fields(pair)}
        names = {1: clean_name(player1), 2: clean_name(player2)}
        changed = [slot for slot in (1, 2) if names[slot] != getattr(pair, f"player{slot}")]
        pair.player1, pair.player2 = names[1], names[2]
        added = []
        if changed:
            # A new name is a new person: the register's entry it matches, or a new one.
            stays = [getattr(pair, f"person{s}") for s in (1, 2) if s not in changed]
            people, added = link_people(
                drive=drive,
                names=[names[s] for s in changed],
                choices=None,
                now=now,
                exclude_pk=pair.pk,
                partner=stays[0] if stays and stays[0] is not None else None,
            )
            for slot, person in zip(changed, people, strict=True):
                setattr(pair, f"person{slot}", person)
        if paid is not None:
            pair.paid = paid
        if number is not None and number != pair.number:
            if not drive.is_setup:
                raise DriveError(_("Pair numbers cannot change once the drive has started."), 409)
            check_pair_number(drive, number, exclude_pk=pair.pk)
            pair.number = number
        new = {**pair_audit_fields(pair), **people_fields(pair)}
        if new == old:
            return pair
        if added:
            new["new_in_register"] = [p.name for p in added]
        pair.save()
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="pair_update",
            summary=gettext_noop("Pair %(n)d changed") % {"n": pair.number},
            old=old,
            new=new,
        )
    return pair


def pair_set_paid(*, pair: Pair, actor, now: datetime, paid: bool, origin: Origin = FRONT) -> Pair:
    with transaction.atomic():
        drive = locked_drive(pair.drive)
        pair = Pair.objects.select_for_update().get(pk=pair.pk)
        if pair.paid == paid:
            return pair
        pair.paid = paid
        pair.save(update_fields=["paid"])
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="pair_paid",
            summary=(
                gettext_noop("Pair %(n)d paid")
                if paid
                else gettext_noop("Pair %(n)d marked unpaid")
            )
            % {"n": pair.number},
            old={"paid": not paid},
            new={"paid": paid},
        )
    return pair


def pair_side_set(
    *, drive: Drive, pair: Pair, side: int | None, actor, now: datetime, origin: Origin = FRONT
) -> Pair:
    """The team a pair plays for (from 1; None: no team), before the drive starts: a team
    match is seated by its teams at the start."""
    check_side(side)
    with transaction.atomic():
        drive = locked_drive(drive)
        if not drive.is_setup:
            raise DriveError(_("The drive has started: a pair's team can no longer change."), 409)
        pair = Pair.objects.select_for_update().filter(pk=pair.pk, drive_id=drive.pk).first()
        if pair is None:
            raise DriveError(_("That pair is not in this drive."), 404)
        if pair.side == side:
            return pair
        old = pair.side
        pair.side = side
        pair.save(update_fields=["side"])
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="pair_side",
            summary=(
                gettext_noop("Pair %(n)d plays for team %(side)d")
                % {"n": pair.number, "side": side}
                if side is not None
                else gettext_noop("Pair %(n)d plays for no team") % {"n": pair.number}
            ),
            old={"number": pair.number, "side": old},
            new={"number": pair.number, "side": side},
        )
    return pair


def pair_remove(*, pair: Pair, actor, now: datetime, origin: Origin = FRONT) -> None:
    with transaction.atomic():
        drive = locked_drive(pair.drive)
        require_setup(drive)
        pair = Pair.objects.select_for_update().get(pk=pair.pk)
        old = pair_audit_fields(pair)
        pair.delete()
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="pair_remove",
            summary=gettext_noop("Pair %(n)d removed") % {"n": old["number"]},
            old=old,
        )


def drive_delete_demo(*, drive: Drive, actor, now: datetime, origin: Origin = FRONT) -> None:
    """Delete a demo drive (Drive.is_demo: one `make run` loaded) with all it holds: its
    pairs, tables, results, prizes and its own audit trail. One entry on the club's trail
    says it went. A real drive is never deleted: its night is a record."""
    with transaction.atomic():
        club = Club.objects.select_for_update().get(pk=drive.club_id)
        drive = locked_drive(drive)
        if not drive.is_demo:
            raise DriveError(_("Only a demo drive can be deleted."), 409)
        old = {"drive": drive.pk, "name": drive.name, "date": drive.date.isoformat()}
        # Reports, seats and tables point at pairs that may not go before them (PROTECT).
        Submission.objects.filter(drive=drive).delete()
        Seat.objects.filter(drive=drive).delete()
        TableGame.objects.filter(drive=drive).delete()
        drive.delete()
        record_audit(
            club=club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="drive_delete",
            summary=gettext_noop("Demo drive deleted: %(drive)s") % {"drive": old["name"]},
            old=old,
        )
