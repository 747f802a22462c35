"""Spreadsheet (CSV) downloads of a drive: standings, every result, the audit trail.

The files open straight in Excel: UTF-8 with a byte order mark (so accented
names show right) and Windows line ends. A cell that starts like a formula
(= + - @, or a tab or carriage return) is prefixed with a quote, so a pair
named "=HYPERLINK(...)" stays text when the file is opened.
"""

from __future__ import annotations

import csv
import json
from collections import defaultdict
from collections.abc import Iterable
from datetime import datetime

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from clubs.models import AuditEntry
from drives.interface import standings as drive_standings
from drives.models import Drive, Seat, TableGame
from drives.views.shared import get_drive_for_user

BOM = "\ufeff"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(value) -> str:
    """One spreadsheet cell as text, defused if a spreadsheet would run it as a formula."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _time(value: datetime | None) -> str:
    return "" if value is None else timezone.localtime(value).strftime("%Y-%m-%d %H:%M:%S")


def file_name(drive: Drive, what: str) -> str:
    """ "drive-2026-11-29-friday-45s-standings.csv"."""
    return f"drive-{drive.date.isoformat()}-{slugify(drive.name) or 'drive'}-{what}.csv"


def _csv(drive: Drive, what: str, header: list[str], rows: Iterable[Iterable]) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(True, file_name(drive, what))
    response.write(BOM)
    writer = csv.writer(response)
    writer.writerow(header)
    writer.writerows([cell(v) for v in row] for row in rows)
    return response


def standings_rows(drive: Drive) -> list[list]:
    people = {
        p.pk: (p.person1.name if p.person1 else "", p.person2.name if p.person2 else "")
        for p in drive.pairs.select_related("person1", "person2")
    }
    return [
        [
            r.rank,
            r.pair.number,
            r.pair.names,
            r.won,
            " ".join(str(g) for g in sorted(r.punched)),
            *people[r.pair.pk],
        ]
        for r in drive_standings(drive)
    ]


def results_rows(drive: Drive) -> list[list]:
    seats: dict[int, list[Seat]] = defaultdict(list)
    for s in Seat.objects.filter(drive=drive).select_related("pair").order_by("slot"):
        seats[s.table_game_id].append(s)
    rows = []
    for tg in (
        TableGame.objects.filter(drive=drive).select_related("winner").order_by("game", "table")
    ):
        numbers = [s.pair.number for s in seats[tg.pk]] + [None, None]
        rows.append(
            [
                tg.game,
                tg.table,
                numbers[0],
                numbers[1],
                tg.winner.number if tg.winner else None,
                tg.status,
                tg.source,
                _time(tg.entered_at),
            ]
        )
    return rows


def _json(value) -> str:
    return "" if value is None else json.dumps(value, ensure_ascii=False)


def audit_rows(drive: Drive) -> list[list]:
    entries = AuditEntry.objects.filter(drive=drive).select_related("actor").order_by("at", "id")
    return [
        [
            _time(e.at),
            e.actor.get_username() if e.actor else "",
            e.action,
            e.text,
            e.source,
            e.device,
            _json(e.old),
            _json(e.new),
        ]
        for e in entries
    ]


@login_required
@require_GET
def standings(request: HttpRequest, drive_id: int) -> HttpResponse:
    drive = get_drive_for_user(request, drive_id, scorer_ok=True)
    header = [
        _("Place"),
        _("Pair"),
        _("Names"),
        _("Games won"),
        _("Punched games"),
        _("First player in the register"),
        _("Second player in the register"),
    ]
    return _csv(drive, "standings", header, standings_rows(drive))


@login_required
@require_GET
def results(request: HttpRequest, drive_id: int) -> HttpResponse:
    drive = get_drive_for_user(request, drive_id, scorer_ok=True)
    header = [
        _("Game"),
        _("Table"),
        _("Pair A"),
        _("Pair B"),
        _("Winner"),
        _("Status"),
        _("Source"),
        _("Entered at"),
    ]
    return _csv(drive, "results", header, results_rows(drive))


@login_required
@require_GET
def audit(request: HttpRequest, drive_id: int) -> HttpResponse:
    """Organizers only, like the Audit page: it names devices and their addresses."""
    drive = get_drive_for_user(request, drive_id)
    header = [
        _("Time"),
        _("Who"),
        _("Action"),
        _("Summary"),
        _("Source"),
        _("Device"),
        _("Old"),
        _("New"),
    ]
    return _csv(drive, "audit", header, audit_rows(drive))
