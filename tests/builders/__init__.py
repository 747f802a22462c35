"""What tests build a drive night from: plain functions, no fixtures (tests/conftest.py
holds the fixtures and makes them from these).

Import them as ``from tests.builders import ...``; the models are imported inside each
function, so this module loads before Django is set up.
"""

from __future__ import annotations

import datetime as _dt
import os

NOW = _dt.datetime(2026, 11, 29, 19, 0, tzinfo=_dt.UTC)
HTMX = {"HTTP_HX_REQUEST": "true"}  # the header htmx sends: a view answers with its partial


def make_club(name="St. Joseph's Parish Hall"):
    from clubs.models import Club

    return Club.objects.create(name=name)


def make_user(club, username="organizer", role="organizer"):
    from django.contrib.auth import get_user_model

    from clubs.models import Membership

    user = get_user_model().objects.create_user(username=username, password="pw-for-tests-1")
    Membership.objects.create(club=club, user=user, role=role)
    return user


def make_drive(club, actor, **values):
    from drives import services

    values.setdefault("name", "Friday 45s")
    values.setdefault("date", _dt.date(2026, 11, 29))
    values.setdefault("venue", "Parish hall")
    return services.drive_create(club=club, actor=actor, now=NOW, **values)


def add_pairs(drive, actor, n):
    from drives import services

    text = "\n".join(f"Player {i}a & Player {i}b" for i in range(1, n + 1))
    return services.pairs_bulk_add(drive=drive, actor=actor, now=NOW, text=text)


def started_drive(club, actor, pairs=9, seed=42, **values):
    from drives import services

    drive = make_drive(club, actor, **values)
    add_pairs(drive, actor, pairs)
    # Tests often run several drives of one club: starting one alongside another is a yes
    # the start screen asks for (tests/drives/test_views_table_drive.py).
    return services.drive_start(drive=drive, actor=actor, now=NOW, seed=seed, alongside=True)


def play_game(drive, actor, pick=0):
    """Enter a front result at every two-pair table of the current game."""
    from drives import services
    from drives.models import TableGame

    drive.refresh_from_db()
    for tg in TableGame.objects.filter(drive=drive, game=drive.current_game).prefetch_related(
        "seats__pair"
    ):
        seats = sorted(tg.seats.all(), key=lambda s: s.slot)
        if len(seats) == 2:
            services.result_record(
                drive=drive,
                game=drive.current_game,
                table=tg.table,
                winner_number=seats[pick % 2].pair.number,
                actor=actor,
                now=NOW,
            )


def row_counts() -> dict[str, int]:
    """Rows of every table a drive writes, to show a refused action wrote nothing."""
    from clubs.models import AuditEntry
    from drives.models import Drive, Pair, Seat, Submission, TableGame, TableLink

    models = (Drive, Pair, TableGame, Seat, AuditEntry, Submission, TableLink)
    return {m.__name__: m.objects.count() for m in models}


def settings_value(var_dir, name: str, **env: str) -> str:
    """A setting as config/settings.py reads it in a fresh process with `env` set."""
    import subprocess
    import sys
    from pathlib import Path

    code = f"import config.settings as s; print(s.{name})"
    environ = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "SECRET_KEY"}}
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=Path(__file__).resolve().parents[2],
        env={**environ, "CARD_DRIVE_VAR": str(var_dir), **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout.strip()
