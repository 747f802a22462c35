"""The league's reads: its schedule and its standings, computed when read.

Nothing of the standings is stored: each read takes every played night's pairs, their
sides, games won and games lost from drives as they are now (drives.interface.pairs_won,
two statements for all the nights), so a result entered or corrected on a night changes
the league at once. A pair's side is the team NightTeam names for it on that night. A
player is the register's entry a pair's name is linked to (followed through merges),
else the typed name folded as the register folds it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.utils.translation import gettext as _

from clubs.interface import Player, fold
from drives.interface import pairs_won
from drives.models import Drive

from . import standings as rules_of
from .models import League, LeagueNight, Team

MERGE_STEPS = 4  # an entry merged into one merged into another... is followed this deep


@dataclass(frozen=True)
class NightInfo:
    night: LeagueNight
    played: bool  # a game of its drive has been played: its pairs count
    results: tuple[rules_of.TeamNight, ...]  # each team taking part, by place

    @property
    def number(self) -> int:
        return self.night.number


@dataclass(frozen=True)
class LeagueStandings:
    league: League
    teams: dict[int, Team]
    nights: tuple[NightInfo, ...]  # the whole schedule, by number
    rows: tuple[rules_of.Row, ...]
    players: tuple[rules_of.PlayerRow, ...]

    @property
    def played(self) -> tuple[NightInfo, ...]:
        return tuple(n for n in self.nights if n.played)

    def night(self, number: int) -> NightInfo | None:
        return next((n for n in self.nights if n.number == number), None)


def rules(league: League) -> rules_of.Rules:
    return rules_of.Rules(
        best_pairs=league.best_pairs,
        points_by=league.points_by,
        place_points=tuple(league.place_points or ()),
        match_win=league.match_win,
        match_draw=league.match_draw,
        match_loss=league.match_loss,
        tie_rule=league.tie_rule,
        tiebreaks=tuple(league.tiebreaks or ()),
    )


def schedule(league: League) -> list[LeagueNight]:
    """The league's nights by number, with their drive, host and teams: two statements."""
    return list(
        league.nights.select_related("drive", "host", "playoff_winner").prefetch_related(
            "teams__team"
        )
    )


def is_played(night: LeagueNight) -> bool:
    return night.drive is not None and night.drive.status != Drive.Status.SETUP


def person_names(ids: set[int]) -> dict[int, tuple[int, str]]:
    """Each register id -> the entry it stands for now (followed through merges, a few
    steps deep), with its name: one statement, and one more a step of merges."""
    found: dict[int, Player] = {}
    wanted = set(ids)
    for _step in range(MERGE_STEPS):
        if not wanted:
            break
        rows = {p.pk: p for p in Player.objects.filter(pk__in=wanted)}
        found.update(rows)
        wanted = {p.merged_into_id for p in rows.values() if p.merged_into_id} - set(found)
    out = {}
    for pk in ids:
        person, steps = found.get(pk), 0
        while person is not None and person.merged_into_id in found and steps < MERGE_STEPS:
            person, steps = found[person.merged_into_id], steps + 1
        if person is not None:
            out[pk] = (person.pk, person.name)
    return out


def league_standings(league: League) -> LeagueStandings:
    """The standings as the nights stand now, with the players' table."""
    teams = {t.pk: t for t in league.teams.all()}
    nights = schedule(league)
    played = [n for n in nights if is_played(n)]
    by_drive = defaultdict(list)
    for row in pairs_won([n.drive_id for n in played]):
        by_drive[row.drive_id].append(row)
    people = person_names(
        {
            pk
            for rows in by_drive.values()
            for r in rows
            for pk in (r.person1_id, r.person2_id)
            if pk
        }
    )
    league_rules = rules(league)
    pure_nights, player_nights, infos = [], [], []
    for night in nights:
        rows = by_drive[night.drive_id] if is_played(night) else []
        if not any(row.won or row.lost for row in rows):
            # Not started, or started with no game played yet: it counts no one (a team
            # match at 0 to 0 is not a draw before it is played).
            infos.append(NightInfo(night=night, played=False, results=()))
            continue
        side_team = {nt.side: nt.team_id for nt in night.teams.all()}
        pairs = []
        for row in rows:
            team = side_team.get(row.side)
            if team is None:
                continue
            pairs.append(rules_of.PairResult(team=team, won=row.won, lost=row.lost))
            for pk, name in ((row.person1_id, row.player1), (row.person2_id, row.player2)):
                key, shown = (
                    (f"p{people[pk][0]}", people[pk][1])
                    if pk in people
                    else (
                        f"n:{fold(name)}",
                        name,
                    )
                )
                player_nights.append(
                    rules_of.PlayerNight(
                        night=night.number, key=key, name=shown, team=team, won=row.won
                    )
                )
        if night.kind == League.Kind.MATCH:
            taking_part = tuple(side_team[s] for s in sorted(side_team))
        else:
            taking_part = tuple(sorted({p.team for p in pairs}))
        pure = rules_of.Night(
            number=night.number,
            kind=night.kind,
            teams=taking_part,
            pairs=tuple(pairs),
            playoff_winner=night.playoff_winner_id if night.kind == League.Kind.MATCH else None,
        )
        pure = fit_playoff(pure, league_rules)
        pure_nights.append(pure)
        results = rules_of.night_result(pure, league_rules) if taking_part else ()
        infos.append(NightInfo(night=night, played=True, results=tuple(results)))
    return LeagueStandings(
        league=league,
        teams=teams,
        nights=tuple(infos),
        rows=rules_of.table(list(teams), [n for n in pure_nights if n.teams], league_rules),
        players=rules_of.players(player_nights),
    )


def fit_playoff(night: rules_of.Night, league_rules: rules_of.Rules) -> rules_of.Night:
    """A play-off winner recorded while the match was tied, kept after a correction made
    the match no longer tied (or the rule changed), is not counted: the games decide."""
    if night.playoff_winner is None:
        return night
    won = defaultdict(int)
    for p in night.pairs:
        won[p.team] += p.won
    tied = len({won[t] for t in night.teams}) == 1
    if tied and league_rules.tie_rule == League.TieRule.PLAYOFF:
        return night
    return rules_of.Night(
        number=night.number, kind=night.kind, teams=night.teams, pairs=night.pairs
    )


def rules_words(league: League) -> list[str]:
    """The league's rules in plain words, for its pages."""
    words = []
    if league.points_by == League.PointsBy.PLACE:
        words.append(
            _("A drive night of teams: league points by the team's place, %(points)s.")
            % {"points": ", ".join(str(p) for p in league.place_points)}
        )
    else:
        words.append(_("A drive night of teams: a league point for each game won."))
    if league.best_pairs:
        words.append(
            _("A team's best %(n)d pairs count on a drive night.") % {"n": league.best_pairs}
        )
    words.append(
        _("A team match: %(win)d points for a win, %(draw)d for a draw, %(loss)d for a loss.")
        % {"win": league.match_win, "draw": league.match_draw, "loss": league.match_loss}
    )
    if league.tie_rule == League.TieRule.PLAYOFF:
        words.append(_("Equal games won in a team match: a play-off game decides."))
    names = {"head": _("head to head"), "won": _("games won"), "lost": _("games lost")}
    if league.tiebreaks:
        words.append(
            _("Teams equal on points: %(order)s.")
            % {"order": ", ".join(str(names[t]) for t in league.tiebreaks)}
        )
    return words


def league_of_drive(drive: Drive) -> LeagueNight | None:
    """The league night a drive is, if any."""
    return LeagueNight.objects.filter(drive=drive).select_related("league").first()
