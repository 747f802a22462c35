"""A league's printed documents' plain data, read from the database (as series_data.py is
a series'): the schedule for the venues' walls, the standings with the players' table,
and a team match's schedule of rounds for the night.

Each reads the league's standings once (leagues.interface) and writes its words in the
active language.
"""

from __future__ import annotations

from datetime import datetime

from django.utils import formats, timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from drives.interface import TeamMatch
from drives.models import Pair
from leagues.interface import league_standings
from leagues.models import League, LeagueNight

from .common import DocInfo
from .league import LeagueNight as NightLine
from .league import (
    LeagueSchedule,
    LeagueStandings,
    MatchPair,
    MatchRound,
    MatchSchedule,
    MatchTeam,
    PlayerLine,
    TeamLine,
)


def file_name(league: League, what: str) -> str:
    """ "league-merrimack-valley-45s-standings.pdf"."""
    return f"league-{slugify(league.name) or 'league'}-{what}.pdf"


def info(league: League, *, now: datetime | None = None, **more) -> DocInfo:
    made = timezone.localtime(now or timezone.now())
    return DocInfo(
        drive_name=league.name,
        club_name=league.club.name,
        generated_at=formats.date_format(made, "DATETIME_FORMAT"),
        paper=league.club.paper_size,
        gettext=_,
        **more,
    )


def day(value) -> str:
    return formats.date_format(value, "DATE_FORMAT")


def schedule(league: League, *, now: datetime | None = None) -> LeagueSchedule:
    table = league_standings(league)
    nights = []
    for n in table.nights:
        teams = [nt.team.name for nt in n.night.teams.all()]
        nights.append(
            NightLine(
                number=n.night.number,
                date_text=day(n.night.date),
                venue=n.night.venue,
                match=(teams[0], teams[1])
                if n.night.kind == League.Kind.MATCH and len(teams) == 2
                else None,
                played=n.played,
            )
        )
    return LeagueSchedule(info=info(league, now=now), season=league.season, nights=tuple(nights))


def standings(league: League, *, now: datetime | None = None) -> LeagueStandings:
    table = league_standings(league)
    played = table.played
    teams = tuple(
        TeamLine(
            place=r.place,
            team=table.teams[r.team].name,
            venue=table.teams[r.team].venue,
            nights=r.played,
            points=r.points,
            won=r.won,
            lost=r.lost,
            by_night=tuple(r.night_points.get(n.number) for n in played),
        )
        for r in table.rows
    )
    players = tuple(
        PlayerLine(
            place=p.place,
            name=p.name,
            team=table.teams[p.team].name if p.team in table.teams else "",
            nights=p.nights,
            won=p.won,
        )
        for p in table.players
    )
    return LeagueStandings(
        info=info(league, now=now),
        season=league.season,
        nights_played=len(played),
        night_numbers=tuple(n.number for n in played),
        teams=teams,
        players=players,
        tiebreaks=tuple(league.tiebreaks or ()),
    )


def match_schedule(night: LeagueNight, *, now: datetime | None = None) -> MatchSchedule | None:
    """The match's rounds from its pairs' teams (None while a team has no pair yet)."""
    league = night.league
    sides = {nt.side: nt.team for nt in night.teams.select_related("team")}
    pairs = list(Pair.objects.filter(drive_id=night.drive_id).order_by("number"))
    try:
        match = TeamMatch.from_sides({p.number: p.side for p in pairs})
    except ValueError:
        return None
    side_of = {p.number: p.side for p in pairs}
    rounds = []
    for r in match.schedule():
        tables = []
        for m in r.tables:
            home, away = (m.staying, m.moving) if side_of[m.staying] == 1 else (m.moving, m.staying)
            tables.append((home, away))
        rounds.append(MatchRound(game=r.game, tables=tuple(tables), sitting_out=r.sitting_out))

    def team(side: int) -> MatchTeam:
        return MatchTeam(
            name=sides[side].name if side in sides else "",
            pairs=tuple(
                MatchPair(number=p.number, player1=p.player1, player2=p.player2)
                for p in pairs
                if p.side == side
            ),
        )

    return MatchSchedule(
        info=info(league, now=now, date_text=day(night.date), venue=night.venue),
        home=team(1),
        away=team(2),
        rounds=tuple(rounds),
    )
