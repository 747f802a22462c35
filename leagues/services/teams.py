"""A league's teams and their rosters: a team's name, venue and captain; a player put on
a team, moved to another, or taken off. A player is on one team of a league at a time; a
roster change ends one entry and starts another, so who played for whom stays known."""

from __future__ import annotations

from datetime import datetime

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs.interface import FRONT, DriveError, Origin, TextError, clean_name, record_audit
from clubs.models import Player
from scoring.words import gettext_noop

from ..models import MAX_TEAMS, League, RosterEntry, Team


def locked_league(league: League) -> League:
    return League.objects.select_for_update().get(pk=league.pk)


def team_values(name, venue) -> tuple[str, str]:
    try:
        name = clean_name(name, max_length=120, what=_("The team's name"))
        venue = clean_name(venue, max_length=120, what=_("The venue")) if venue else ""
    except TextError as e:
        raise DriveError(str(e)) from e
    return name, venue


def team_row(team: Team) -> dict:
    return {"name": team.name, "venue": team.venue, "captain": team.captain_id}


def captain_of(league: League, captain: Player | None) -> Player | None:
    if captain is not None and captain.club_id != league.club_id:
        raise DriveError(_("That player is not in the club's register."), 404)
    return captain


def team_create(
    *,
    league: League,
    name: str,
    venue: str = "",
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> Team:
    name, venue = team_values(name, venue)
    with transaction.atomic():
        league = locked_league(league)
        if league.teams.count() >= MAX_TEAMS:
            raise DriveError(_("A league has at most %(n)d teams.") % {"n": MAX_TEAMS})
        try:
            with transaction.atomic():
                team = Team.objects.create(league=league, name=name, venue=venue, created_at=now)
        except IntegrityError as e:
            raise DriveError(
                _("The league already has a team named “%(name)s”.") % {"name": name}, 409
            ) from e
        record_audit(
            club=league.club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="team_create",
            summary=gettext_noop("Team added to %(league)s: %(team)s")
            % {"league": league.name, "team": name},
            new=team_row(team),
        )
    return team


def team_update(
    *,
    team: Team,
    name: str,
    venue: str = "",
    captain: Player | None = None,
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> Team:
    name, venue = team_values(name, venue)
    with transaction.atomic():
        team = Team.objects.select_for_update(of=("self",)).select_related("league").get(pk=team.pk)
        captain_of(team.league, captain)
        old = team_row(team)
        team.name, team.venue, team.captain = name, venue, captain
        if team_row(team) == old:
            return team
        try:
            with transaction.atomic():
                team.save(update_fields=["name", "venue", "captain"])
        except IntegrityError as e:
            raise DriveError(
                _("The league already has a team named “%(name)s”.") % {"name": name}, 409
            ) from e
        record_audit(
            club=team.league.club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="team_update",
            summary=gettext_noop("Team changed: %(team)s") % {"team": name},
            old=old,
            new=team_row(team),
        )
    return team


def on_roster(league: League, player: Player) -> RosterEntry | None:
    return (
        RosterEntry.objects.filter(league=league, player=player, left_at__isnull=True)
        .select_related("team")
        .first()
    )


def roster_add(
    *, team: Team, player: Player, actor, now: datetime, origin: Origin = FRONT
) -> RosterEntry:
    """Put a register player on the team. A player already on another team of the league
    is refused, naming that team: moving is its own step (roster_move)."""
    with transaction.atomic():
        team = Team.objects.select_related("league__club").get(pk=team.pk)
        league = locked_league(team.league)
        if player.club_id != league.club_id or player.removed_at is not None:
            raise DriveError(_("That player is not in the club's register."), 404)
        if player.merged_into_id is not None:
            raise DriveError(_("That entry was merged into another: choose that one."), 409)
        there = on_roster(league, player)
        if there is not None:
            if there.team_id == team.pk:
                raise DriveError(
                    _("%(player)s is already on %(team)s.")
                    % {"player": player.name, "team": team.name},
                    409,
                )
            raise DriveError(
                _("%(player)s plays for %(team)s in this league: move them from there.")
                % {"player": player.name, "team": there.team.name},
                409,
            )
        entry = RosterEntry.objects.create(league=league, team=team, player=player, joined_at=now)
        record_audit(
            club=league.club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="roster_add",
            summary=gettext_noop("%(player)s joined %(team)s")
            % {"player": player.name, "team": team.name},
            new={"team": team.pk, "player": player.pk},
        )
    return entry


def current_entry(entry: RosterEntry) -> RosterEntry:
    entry = (
        RosterEntry.objects.select_for_update(of=("self",))
        .select_related("team", "player", "league__club")
        .get(pk=entry.pk)
    )
    if entry.left_at is not None:
        raise DriveError(_("That player has already left the team."), 409)
    return entry


def roster_move(
    *, entry: RosterEntry, team: Team, actor, now: datetime, origin: Origin = FRONT
) -> RosterEntry:
    """Move a player to another team of the same league: the old entry ends now, a new one
    starts now (nights already played stay with the team the player played for)."""
    with transaction.atomic():
        locked_league(entry.league)
        entry = current_entry(entry)
        if team.league_id != entry.league_id:
            raise DriveError(_("That team is not in this league."), 404)
        if team.pk == entry.team_id:
            raise DriveError(
                _("%(player)s is already on %(team)s.")
                % {"player": entry.player.name, "team": team.name},
                409,
            )
        entry.left_at = now
        entry.save(update_fields=["left_at"])
        new = RosterEntry.objects.create(
            league_id=entry.league_id, team=team, player=entry.player, joined_at=now
        )
        record_audit(
            club=entry.league.club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="roster_move",
            summary=gettext_noop("%(player)s moved from %(old)s to %(new)s")
            % {"player": entry.player.name, "old": entry.team.name, "new": team.name},
            old={"team": entry.team_id, "player": entry.player_id},
            new={"team": team.pk, "player": entry.player_id},
        )
    return new


def roster_remove(
    *, entry: RosterEntry, actor, now: datetime, origin: Origin = FRONT
) -> RosterEntry:
    """Take a player off the team's roster (the entry ends now; it is kept)."""
    with transaction.atomic():
        locked_league(entry.league)
        entry = current_entry(entry)
        entry.left_at = now
        entry.save(update_fields=["left_at"])
        record_audit(
            club=entry.league.club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="roster_remove",
            summary=gettext_noop("%(player)s left %(team)s")
            % {"player": entry.player.name, "team": entry.team.name},
            old={"team": entry.team_id, "player": entry.player_id},
        )
    return entry
