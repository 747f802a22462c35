"""The public pages' reads: a club's open page by its address, what it shows, and the
pages' contents through the apps' own reads (drives.interface, prizes.interface,
seasons.interface, leagues.interface). Each read costs a fixed number of statements
whatever the number of pairs, nights or players (tests/public/test_pages.py pins them).

Only what the club showed is ever read: another club's drive under this address, a
drive, series or league not shown, a player of no shown night, all read as None (the
view's plain 404), so nothing tells them apart."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Q

from clubs.models import Club, Player
from drives.interface import pairs_won
from drives.models import Drive, Pair
from leagues.interface import LeagueStandings, league_standings
from leagues.models import League
from prizes.interface import PairPlace, pair_places
from seasons.interface import SeriesStandings, series_standings
from seasons.models import Series

from .models import PublicDrive, PublicLeague, PublicPage, PublicSeries

# A suspended club's page is not there: on a server where the site administrator can
# suspend a club (Club.suspended_at), its public page is a 404 like one turned off.
SUSPENSION = "suspended_at" in {f.name for f in Club._meta.get_fields()}


def open_page(slug: str) -> PublicPage | None:
    """The club's page at this address if the club has it on (one statement)."""
    pages = PublicPage.objects.select_related("club").filter(slug=slug, on=True)
    if SUSPENSION:
        pages = pages.filter(club__suspended_at__isnull=True)
    return pages.first()


def shown_drives(club_id: int):
    return Drive.objects.filter(club_id=club_id).filter(
        Exists(PublicDrive.objects.filter(drive=OuterRef("pk")))
    )


@dataclass(frozen=True)
class Listing:
    upcoming: list[Drive]  # being registered, today or later, soonest first
    playing: list[Drive]  # being played now
    finished: list[Drive]  # newest first
    series: list[Series]
    leagues: list[League]


def listing(page: PublicPage, today: dt.date) -> Listing:
    """What the club's page lists: three statements."""
    drives = list(
        shown_drives(page.club_id)
        .filter(
            Q(status=Drive.Status.SETUP, date__gte=today)
            | Q(status__in=(Drive.Status.RUNNING, Drive.Status.FINISHED))
        )
        .only("id", "name", "date", "venue", "status", "club_id")
        .order_by("-date", "-id")
    )
    series = list(
        Series.objects.filter(club_id=page.club_id)
        .filter(Exists(PublicSeries.objects.filter(series=OuterRef("pk"))))
        .order_by("-created_at", "-id")
    )
    leagues = list(
        League.objects.filter(club_id=page.club_id)
        .filter(Exists(PublicLeague.objects.filter(league=OuterRef("pk"))))
        .order_by("-created_at", "-id")
    )
    return Listing(
        upcoming=[d for d in reversed(drives) if d.status == Drive.Status.SETUP],
        playing=[d for d in drives if d.status == Drive.Status.RUNNING],
        finished=[d for d in drives if d.status == Drive.Status.FINISHED],
        series=series,
        leagues=leagues,
    )


def finished_drive(page: PublicPage, drive_id: int) -> Drive | None:
    """A finished drive of the club that it shows (one statement)."""
    found = shown_drives(page.club_id).filter(pk=drive_id, status=Drive.Status.FINISHED)
    return found.select_related("club").first()


def results(drive: Drive) -> list[PairPlace]:
    """Every pair by place with its games won and prize words (prizes.pair_places)."""
    return pair_places(drive)


def shown_series(page: PublicPage, series_id: int) -> SeriesStandings | None:
    series = (
        Series.objects.filter(pk=series_id, club_id=page.club_id)
        .filter(Exists(PublicSeries.objects.filter(series=OuterRef("pk"))))
        .first()
    )
    return None if series is None else series_standings(series)


def shown_league(page: PublicPage, league_id: int) -> LeagueStandings | None:
    league = (
        League.objects.filter(pk=league_id, club_id=page.club_id)
        .filter(Exists(PublicLeague.objects.filter(league=OuterRef("pk"))))
        .first()
    )
    return None if league is None else league_standings(league)


@dataclass(frozen=True)
class HistoryNight:
    drive: Drive
    partner: str
    won: int
    place: int
    pairs: int  # pairs that played the night


@dataclass(frozen=True)
class PlayerHistory:
    player: Player
    nights: tuple[HistoryNight, ...]  # newest first

    @property
    def games_won(self) -> int:
        return sum(n.won for n in self.nights)


def player_history(page: PublicPage, player_id: int) -> PlayerHistory | None:
    """A player's finished public nights of the club: partner, games won and place. Only
    when the club shows players' histories, and only a player of at least one such night.
    Four statements whatever the number of nights: the player, their pairs, and every
    pair of those nights with its games won (drives.interface.pairs_won)."""
    if not page.histories:
        return None
    player = Player.objects.filter(
        pk=player_id, club_id=page.club_id, merged_into__isnull=True
    ).first()
    if player is None:
        return None
    finished = shown_drives(page.club_id).filter(status=Drive.Status.FINISHED)
    pairs = list(
        Pair.objects.filter(Q(person1=player) | Q(person2=player), drive__in=finished)
        .select_related("drive", "person1", "person2")
        .order_by("-drive__date", "-drive_id")
    )
    if not pairs:
        return None
    everyone = pairs_won({p.drive_id for p in pairs})
    by_drive: dict[int, list[int]] = {}
    for row in everyone:
        by_drive.setdefault(row.drive_id, []).append(row.won)
    won_of = {(row.drive_id, row.number): row.won for row in everyone}
    nights = []
    for pair in pairs:
        first = pair.person1_id == player.pk
        other = pair.person2 if first else pair.person1
        partner = other.name if other is not None else (pair.player2 if first else pair.player1)
        won = won_of.get((pair.drive_id, pair.number), 0)
        scores = by_drive.get(pair.drive_id, [])
        # The place as the night's standings give it: one more than the pairs that won more.
        place = 1 + sum(1 for s in scores if s > won)
        nights.append(
            HistoryNight(drive=pair.drive, partner=partner, won=won, place=place, pairs=len(scores))
        )
    return PlayerHistory(player=player, nights=tuple(nights))
