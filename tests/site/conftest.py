"""The site's checks share one world: a club, its people and a running drive
(tests/builders/roles.py holds the matrix they walk)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.test import Client

from accounts.services import tokens as api_tokens
from drives import services
from leagues import services as leagues
from scorekeeper import services as scorekeeper
from seasons import services as seasons
from seasons.services import prizes as series_prizes
from tests.builders import NOW, add_pairs, make_club, make_drive, make_user
from tests.builders.friends import friends_table
from tests.builders.leagues import make_league, make_team, night_with_pairs
from tests.builders.players import link as link_people
from tests.builders.players import make_player
from tests.builders.public import public_page, show
from tests.builders.series import make_series


@pytest.fixture
def world(club, organizer):
    scorer = make_user(club, username="scorer", role="scorer")
    # Copied from last week's drive, so re-registering last week's pairs is on offer.
    last_week = make_drive(club, organizer, name="Last Friday")
    drive = services.drive_copy(source=last_week, actor=organizer, now=NOW)
    add_pairs(drive, organizer, 9)
    drive = services.drive_start(drive=drive, actor=organizer, now=NOW, seed=42)
    pair = drive.pairs.order_by("number").first()
    # A register entry who plays in the drive, and one like her to merge.
    player = make_player(club, "Mary MacNeil", actor=organizer)
    make_player(club, "Mary Mc Neil", actor=organizer)
    link_people(pair, person1=player)
    score_game = scorekeeper.score_game_create(
        club=club,
        family="forty_fives",
        variant="forty_fives_45",
        sides=[{"name": "Ann", "players": 1}, {"name": "Bob", "players": 1}],
        options={},
        target=None,
        title="",
        actor=organizer,
        now=NOW,
    )
    link = services.table_links(club, 1)[0]
    # The running drive is a night of the club's series.
    series = make_series(club, organizer)
    seasons.night_add(series=series, drive=drive, actor=organizer, now=NOW)
    # Its prizes are set (the series' prize screens).
    series_prizes.series_prizes_set(series=series, places=[(5000, "")], actor=organizer, now=NOW)
    # A league of two teams, the register entry on one's roster, and a team match night
    # with its drive made and a pair a team (not started).
    league = make_league(club, organizer, tie_rule="playoff")
    team = make_team(league, organizer, "Knights of Columbus", "K of C Hall", players=2)
    visitors = make_team(league, organizer, "Legion Branch 12", "Legion Hall", players=2)
    entry = leagues.roster_add(
        team=team,
        player=make_player(club, "Flora MacLeod", actor=organizer),
        actor=organizer,
        now=NOW,
    )
    night = night_with_pairs(
        league, organizer, day=5, kind="match", teams=(team, visitors), pairs={team: 1, visitors: 1}
    )
    api_key = api_tokens.token_create(actor=organizer, name="Scoreboard", now=NOW).token
    friends, _keys = friends_table("Ann", "Bob", "Cy")
    # The club's public page shows the drive, the series and the league.
    public_page(club, organizer, slug="st-josephs", histories=True)
    for thing in (drive, series, league):
        show(thing, organizer)
    other = make_user(make_club("Legion Branch 12"), username="other-organizer")
    clients = {"anonymous": Client()}
    for who, user in (("scorer", scorer), ("other_organizer", other), ("organizer", organizer)):
        clients[who] = Client()
        clients[who].force_login(user)
    return SimpleNamespace(
        drive=drive,
        pair=pair,
        player=player,
        scorer=scorer,
        score_game=score_game,
        link=link,
        api_key=api_key,
        friends=friends,
        clients=clients,
        series=series,
        league=league,
        team=team,
        night=night,
        entry=entry,
    )
