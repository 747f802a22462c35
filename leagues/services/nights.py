"""A league's schedule and its nights: a night scheduled at a host venue (a drive night of
teams, or a team match between two teams), changed or taken off while unplayed; the
night's drive made; a pair of a team's roster added to it; a tied match's play-off
winner recorded."""

from __future__ import annotations

from datetime import date, datetime

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from clubs.interface import FRONT, DriveError, Origin, record_audit
from drives.interface import drive_create, pair_add
from drives.models import Drive, Pair
from scoring.words import gettext_noop

from ..models import League, LeagueNight, NightTeam, RosterEntry, Team
from .teams import locked_league

MAX_NIGHTS = 100


def night_row(night: LeagueNight, teams: list[Team]) -> dict:
    return {
        "number": night.number,
        "date": night.date.isoformat(),
        "venue": night.venue,
        "host": night.host_id,
        "kind": night.kind,
        "teams": [t.pk for t in teams],
    }


def check_night(league: League, kind: str, host: Team | None, teams: list[Team]) -> None:
    if kind not in League.Kind.values:
        raise DriveError(_("Choose how the night is played."))
    for team in [host, *teams]:
        if team is not None and team.league_id != league.pk:
            raise DriveError(_("That team is not in this league."), 404)
    if kind == League.Kind.MATCH and (len(teams) != 2 or teams[0].pk == teams[1].pk):
        raise DriveError(_("A team match is between two different teams."))


def venue_of(venue: str, host: Team | None) -> str:
    venue = (venue or "").strip()
    if not venue and host is not None:
        venue = host.venue or host.name
    if not venue:
        raise DriveError(_("Say where the night is played: a host team or a venue."))
    return venue[:120]


def match_teams(night: LeagueNight, teams: list[Team]) -> None:
    NightTeam.objects.filter(night=night).delete()
    NightTeam.objects.bulk_create(
        [NightTeam(night=night, team=t, side=i) for i, t in enumerate(teams, start=1)]
    )


def night_schedule(
    *,
    league: League,
    on: date,
    kind: str,
    host: Team | None = None,
    venue: str = "",
    teams: list[Team] | None = None,
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> LeagueNight:
    """Put a night on the league's schedule. A team match names its two teams (the first
    is the home side); a drive night of teams is open to every team of the league."""
    teams = list(teams or [])
    with transaction.atomic():
        league = locked_league(league)
        check_night(league, kind, host, teams)
        if league.nights.count() >= MAX_NIGHTS:
            raise DriveError(_("A league has at most %(n)d nights.") % {"n": MAX_NIGHTS})
        number = (league.nights.aggregate(n=Max("number"))["n"] or 0) + 1
        night = LeagueNight.objects.create(
            league=league,
            number=number,
            date=on,
            venue=venue_of(venue, host),
            host=host,
            kind=kind,
            created_at=now,
        )
        if kind == League.Kind.MATCH:
            match_teams(night, teams)
        record_audit(
            club=league.club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="league_night_schedule",
            summary=gettext_noop("League night %(number)d scheduled: %(league)s")
            % {"number": number, "league": league.name},
            new=night_row(night, teams),
        )
    return night


def locked_night(night: LeagueNight) -> LeagueNight:
    return (
        LeagueNight.objects.select_for_update(of=("self",))
        .select_related("league__club", "drive")
        .get(pk=night.pk)
    )


def unplayed(night: LeagueNight) -> None:
    if night.drive_id is not None:
        raise DriveError(
            _("Night %(number)d already has its drive: change the drive instead.")
            % {"number": night.number},
            409,
        )


def night_update(
    *,
    night: LeagueNight,
    on: date,
    kind: str,
    host: Team | None = None,
    venue: str = "",
    teams: list[Team] | None = None,
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> LeagueNight:
    """Change a night of the schedule before its drive is made."""
    teams = list(teams or [])
    with transaction.atomic():
        locked_league(night.league)
        night = locked_night(night)
        unplayed(night)
        check_night(night.league, kind, host, teams)
        before = night_row(night, [nt.team for nt in night.teams.select_related("team")])
        night.date, night.kind, night.host = on, kind, host
        night.venue = venue_of(venue, host)
        night.save(update_fields=["date", "kind", "host", "venue"])
        match_teams(night, teams if kind == League.Kind.MATCH else [])
        record_audit(
            club=night.league.club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="league_night_update",
            summary=gettext_noop("League night %(number)d changed: %(league)s")
            % {"number": night.number, "league": night.league.name},
            old=before,
            new=night_row(night, teams),
        )
    return night


def night_remove(*, night: LeagueNight, actor, now: datetime, origin: Origin = FRONT) -> None:
    """Take an unplayed night off the schedule; the later nights keep their numbers."""
    with transaction.atomic():
        locked_league(night.league)
        night = locked_night(night)
        unplayed(night)
        before = night_row(night, [nt.team for nt in night.teams.select_related("team")])
        league = night.league
        night.delete()
        record_audit(
            club=league.club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="league_night_remove",
            summary=gettext_noop("League night %(number)d taken off: %(league)s")
            % {"number": before["number"], "league": league.name},
            old=before,
        )


def night_drive_make(*, night: LeagueNight, actor, now: datetime, origin: Origin = FRONT) -> Drive:
    """Make the night's drive (its pairs come next, from the teams' rosters): a team
    match seats by its schedule and a sit-out never counts as a game won; a drive night
    of teams is the usual winners-move night. Every team of the league gets its side."""
    with transaction.atomic():
        locked_league(night.league)
        night = locked_night(night)
        unplayed(night)
        league = night.league
        values = {
            "name": _("%(league)s, night %(number)d")
            % {"league": league.name, "number": night.number},
            "date": night.date,
            "venue": night.venue,
        }
        if night.kind == League.Kind.MATCH:
            values.update(movement="team_match", sitout_wins=False)
        drive = drive_create(club=league.club, actor=actor, now=now, origin=origin, **values)
        if night.kind == League.Kind.TEAMS:
            match_teams(night, list(league.teams.order_by("name", "id")))
        night.drive = drive
        night.save(update_fields=["drive"])
        record_audit(
            club=league.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="league_night_drive",
            summary=gettext_noop("Drive made for league night %(number)d: %(league)s")
            % {"number": night.number, "league": league.name},
            new={"night": night.pk, "drive": drive.pk},
        )
    return drive


def night_pair_add(
    *,
    night: LeagueNight,
    team: Team,
    first: RosterEntry,
    second: RosterEntry,
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> Pair:
    """A pair of two players of the team's roster, playing for the team on the night's
    drive (its side); the drive's own entry says so ("Pair 3 added")."""
    with transaction.atomic():
        night = locked_night(night)
        if night.drive is None:
            raise DriveError(_("Make the night's drive first."), 409)
        side = NightTeam.objects.filter(night=night, team=team).values_list("side", flat=True)
        side = side.first()
        if side is None:
            raise DriveError(_("%(team)s does not play on this night.") % {"team": team.name}, 409)
        for entry in (first, second):
            if entry.team_id != team.pk or entry.left_at is not None:
                raise DriveError(
                    _("%(player)s is not on %(team)s's roster.")
                    % {"player": entry.player.name, "team": team.name},
                    409,
                )
        if first.player_id == second.player_id:
            raise DriveError(_("A pair is two different players."))
        taken = Pair.objects.filter(drive=night.drive).values_list("person1_id", "person2_id")
        playing = {p for row in taken for p in row if p is not None}
        for entry in (first, second):
            if entry.player_id in playing:
                raise DriveError(
                    _("%(player)s already plays in a pair tonight.")
                    % {"player": entry.player.name},
                    409,
                )
        return pair_add(
            drive=night.drive,
            actor=actor,
            now=now,
            origin=origin,
            player1=first.player.name,
            player2=second.player.name,
            person1=first.player_id,
            person2=second.player_id,
            side=side,
        )


def playoff_winner_set(
    *, night: LeagueNight, team: Team | None, actor, now: datetime, origin: Origin = FRONT
) -> LeagueNight:
    """Record (or clear, team None) the winner of a tied team match's play-off game."""
    with transaction.atomic():
        night = locked_night(night)
        if night.kind != League.Kind.MATCH or night.league.tie_rule != League.TieRule.PLAYOFF:
            raise DriveError(_("Only a team match under the play-off rule has a play-off."), 409)
        if team is not None and not night.teams.filter(team=team).exists():
            raise DriveError(_("That team did not play in this match."), 404)
        old = night.playoff_winner_id
        if old == (None if team is None else team.pk):
            return night
        night.playoff_winner = team
        night.save(update_fields=["playoff_winner"])
        record_audit(
            club=night.league.club,
            drive=night.drive,
            actor=actor,
            now=now,
            origin=origin,
            action="league_playoff",
            summary=gettext_noop("Play-off of league night %(number)d: %(team)s won")
            % {"number": night.number, "team": team.name if team else "-"},
            old={"playoff_winner": old},
            new={"playoff_winner": None if team is None else team.pk},
        )
    return night
