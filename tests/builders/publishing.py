"""A hall's laptop and an association's server in one test database: the laptop's club
and its night, the server's club and its organizer's key, and the publish request."""

from __future__ import annotations

import json

from clubs.models import AuditEntry, Club, Player
from drives.models import Drive, Pair, Seat, TableGame
from exchange.document import drive_export
from exchange.models import PublishedNight, PublishingTarget, PublishState
from exchange.services.wire import body_of, revision_of, source_of
from tests.builders import NOW, make_club, make_user, play_game, started_drive

INSTALL = "a1b2c3d4e5f60718293a4b5c6d7e8f90"


def laptop_night(pairs=6, games_played=2):
    """The laptop's club (its organizer) and a night played `games_played` games there."""
    from drives import services

    club = make_club("Glace Bay Legion")
    organizer = make_user(club, username="hall-laptop")
    drive = started_drive(club, organizer, pairs=pairs, seed=7, name="Friday 45s")
    for _ in range(games_played - 1):
        play_game(drive, organizer)
        drive.refresh_from_db()
        drive = services.game_advance(
            drive=drive, from_game=drive.current_game, actor=organizer, now=NOW
        )
    play_game(drive, organizer)
    drive.refresh_from_db()
    return club, organizer, drive


def correct_first_table(drive, organizer):
    """Correct game 1's table 1 on the laptop: the other pair won. Its new winner's number."""
    from drives import services

    drive.refresh_from_db()
    tg = TableGame.objects.get(drive=drive, game=1, table=1)
    seats = list(Seat.objects.filter(table_game=tg).select_related("pair").order_by("slot"))
    loser = next(s.pair.number for s in seats if s.pair_id != tg.winner_id)
    services.result_correct(
        drive=drive,
        game=1,
        table=1,
        winner_number=loser,
        from_game=drive.current_game,
        actor=organizer,
        now=NOW,
    )
    return loser


def night_body(drive) -> tuple[str, dict, bytes]:
    """(revision, document, the request's body) of a laptop's drive as it is published."""
    document = json.loads(json.dumps(drive_export(drive)))
    revision = revision_of(document)
    return revision, document, body_of(revision, document)


def source(drive, install=INSTALL) -> str:
    return source_of(install, drive.pk)


def url(drive, install=INSTALL) -> str:
    return f"/api/published/{source(drive, install)}"


def server_club(name="Cape Breton 45s Association"):
    club = make_club(name)
    return club, make_user(club, username="association")


def published_rows() -> dict[str, int]:
    """Rows of everything a publish writes on the server (and the laptop's own rows)."""
    models = (
        Drive,
        Pair,
        TableGame,
        Seat,
        AuditEntry,
        Player,
        PublishedNight,
        PublishState,
        PublishingTarget,
        Club,
    )
    return {m.__name__: m.objects.count() for m in models}
