"""A league between halls for the leagues tests and the every-URL sweeps: teams with
rosters from the register, nights of both kinds, results entered by a strength order."""

from __future__ import annotations

import datetime as _dt

from . import NOW

TEAMS = (
    ("Knights of Columbus", "K of C Hall"),
    ("Legion Branch 12", "Legion Hall"),
    ("Sons of Italy", "Sons of Italy Lodge"),
    ("Elks Lodge", "Elks Lodge 1057"),
)


def make_league(club, actor, name="Merrimack Valley 45s", **rules):
    from leagues import services

    rules.setdefault("place_points", [4, 3, 2, 1])
    rules.setdefault("season", "2026-27")
    return services.league_create(club=club, actor=actor, now=NOW, name=name, **rules)


def make_team(league, actor, name, venue="", players=4):
    """A team with `players` register players on its roster, named after the team."""
    from clubs.interface import fold
    from clubs.models import Player
    from leagues import services

    team = services.team_create(league=league, name=name, venue=venue, actor=actor, now=NOW)
    for i in range(1, players + 1):
        who = f"{name.split()[0]} Player {i}"
        person = Player.objects.create(
            club=league.club, name=who, match_key=fold(who), created_at=NOW
        )
        services.roster_add(team=team, player=person, actor=actor, now=NOW)
    return team


def four_teams(league, actor, players=4):
    return [make_team(league, actor, name, venue, players) for name, venue in TEAMS]


def roster(team):
    return list(team.roster.filter(left_at__isnull=True).order_by("player__name"))


def night_with_pairs(league, actor, *, day, kind="teams", teams=(), pairs=None):
    """A scheduled night with its drive made and pairs added: `pairs` maps each team to
    how many pairs it brings (its roster's players two by two, in name order)."""
    from leagues import services

    night = services.night_schedule(
        league=league,
        on=_dt.date(2026, 12, day),
        kind=kind,
        host=teams[0] if teams else league.teams.first(),
        teams=list(teams) if kind == "match" else [],
        actor=actor,
        now=NOW,
    )
    services.night_drive_make(night=night, actor=actor, now=NOW)
    night.refresh_from_db()
    for team, count in (pairs or {}).items():
        players = roster(team)
        for i in range(count):
            services.night_pair_add(
                night=night,
                team=team,
                first=players[2 * i],
                second=players[2 * i + 1],
                actor=actor,
                now=NOW,
            )
    return night


def play_by_strength(drive, actor, strongest_first, games=None, finish=True):
    """Start the drive (seed 1) and play every game: at each table the pair earlier in
    `strongest_first` (pair numbers) wins; then close the night (unless `finish` is off)."""
    from drives import services
    from drives.models import TableGame

    drive = services.drive_start(drive=drive, actor=actor, now=NOW, seed=1, alongside=True)
    rank = {n: i for i, n in enumerate(strongest_first)}
    while True:
        drive.refresh_from_db()
        for tg in TableGame.objects.filter(drive=drive, game=drive.current_game).prefetch_related(
            "seats__pair"
        ):
            numbers = [s.pair.number for s in tg.seats.all()]
            if len(numbers) == 2:
                services.result_record(
                    drive=drive,
                    game=drive.current_game,
                    table=tg.table,
                    winner_number=min(numbers, key=rank.__getitem__),
                    actor=actor,
                    now=NOW,
                )
        if drive.current_game >= (games or drive.games):
            break
        services.game_advance(drive=drive, actor=actor, now=NOW, from_game=drive.current_game)
    if finish:
        services.drive_finish(drive=drive, actor=actor, now=NOW, from_game=drive.current_game)
    drive.refresh_from_db()
    return drive
