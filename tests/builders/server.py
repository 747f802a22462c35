"""An association's server: its site administrator and several clubs made through the
site-admin service, each with its nights, people, a series and a league, for the
cross-club sweep and the site administrator's tests."""

from __future__ import annotations

import datetime as _dt
from types import SimpleNamespace

from . import NOW, add_pairs, make_drive, make_user

PASSWORD = "pw-for-tests-1"


def make_site_admin(username="association"):
    """The association's site administrator: a superuser of no club (createsuperuser)."""
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_superuser(username=username, password=PASSWORD)


def new_club(admin, name, username, language="en"):
    """A club and its first organizer, as the New club screen makes them."""
    from siteadmin import services

    return services.club_create(
        name=name, language=language, username=username, password=PASSWORD, actor=admin, now=NOW
    )


def club_in_use(admin, n: int) -> SimpleNamespace:
    """Club number n with everything a club has: a finished night and one running with its
    table card, pairs, its register's players (one linked to a pair), a scorer, a kept
    game, an API key, a series of the two nights with its prizes, and a league with a team
    match night. Names carry n, so a page showing another club's rows is caught."""
    from accounts.services import tokens as api_tokens
    from drives import services as drives
    from drives.management.commands.simulate_drive import play
    from leagues import services as leagues
    from scorekeeper import services as scorekeeper
    from seasons import services as seasons
    from seasons.services import prizes as series_prizes

    from .leagues import make_league, make_team, night_with_pairs
    from .players import link as link_people
    from .players import make_player
    from .series import make_series

    member = new_club(admin, f"Hall number {n}", f"organizer-{n}")
    club, organizer = member.club, member.user
    scorer = make_user(club, username=f"scorer-{n}", role="scorer")
    finished = make_drive(club, organizer, name=f"Finished night {n}", games=3)
    add_pairs(finished, organizer, 6)
    finished = play(finished, seed=n, now=NOW, actor=organizer, table_cards=False)
    drive = make_drive(club, organizer, name=f"Running night {n}", date=_dt.date(2026, 12, 4))
    add_pairs(drive, organizer, 7)
    drive = drives.drive_start(drive=drive, actor=organizer, now=NOW, seed=n, alongside=True)
    pair = drive.pairs.order_by("number").first()
    player = make_player(club, f"Mary MacNeil {n}", actor=organizer)
    link_people(pair, person1=player)
    score_game = scorekeeper.score_game_create(
        club=club,
        family="forty_fives",
        variant="forty_fives_45",
        sides=[{"name": f"Ann {n}", "players": 1}, {"name": f"Bob {n}", "players": 1}],
        options={},
        target=None,
        title="",
        actor=organizer,
        now=NOW,
    )
    link = drives.table_links(club, 1)[0]
    series = make_series(club, organizer, name=f"Fall series {n}")
    for night in (finished, drive):
        seasons.night_add(series=series, drive=night, actor=organizer, now=NOW)
    series_prizes.series_prizes_set(series=series, places=[(5000, "")], actor=organizer, now=NOW)
    league = make_league(club, organizer, name=f"County league {n}", tie_rule="playoff")
    team = make_team(league, organizer, f"Knights {n}", f"K of C Hall {n}", players=2)
    visitors = make_team(league, organizer, f"Legion {n}", f"Legion Hall {n}", players=2)
    entry = leagues.roster_add(
        team=team,
        player=make_player(club, f"Flora MacLeod {n}", actor=organizer),
        actor=organizer,
        now=NOW,
    )
    night = night_with_pairs(
        league, organizer, day=5, kind="match", teams=(team, visitors), pairs={team: 1, visitors: 1}
    )
    api_key = api_tokens.token_create(actor=organizer, name=f"Scoreboard {n}", now=NOW)
    # The club's public page shows its finished night, its series and its league.
    from .public import public_page, show

    public = public_page(club, organizer, slug=f"club-{n}", histories=True)
    for thing in (finished, series, league):
        show(thing, organizer)
    return SimpleNamespace(
        slug=public.slug,
        club=club,
        organizer=organizer,
        scorer=scorer,
        finished=finished,
        drive=drive,
        pair=pair,
        player=player,
        score_game=score_game,
        link=link,
        series=series,
        league=league,
        team=team,
        night=night,
        entry=entry,
        api_key=api_key.token,
        key=api_key.key,
    )


def address_values(c: SimpleNamespace) -> dict:
    """A club's real objects for every <id:...> of an address (tests/builders/roles.py
    names the parts); the places inside them (game, table, prize) are its running night's."""
    return {
        "drive_id": c.drive.pk,
        "game": c.drive.current_game,
        "table": 1,
        "pair_id": c.pair.pk,
        "number": c.pair.number,
        "prize": "place-1",
        "game_id": c.score_game.pk,
        "user_id": c.scorer.pk,
        "token": c.link.token,
        "card": c.pair.card_token,
        "token_id": c.api_key.pk,
        "player_id": c.player.pk,
        "series_id": c.series.pk,
        "league_id": c.league.pk,
        "team_id": c.team.pk,
        "night_id": c.night.pk,
        "entry_id": c.entry.pk,
        "place": 1,
        "table_code": "ABCDE",
        "kind": "winner",
        "club_id": c.club.pk,
        "slug": c.slug,
    }
