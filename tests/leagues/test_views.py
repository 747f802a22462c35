"""The league's screens (leagues/views.py): the happy path, the wrong method, an outsider,
the htmx partial, and nothing written by a refusal. (tests/site/test_roles.py walks every
league address as each role; here each screen's own behaviour.)"""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.models import AuditEntry
from drives.models import Drive, Pair
from leagues.models import League, LeagueNight, RosterEntry, Team
from tests.builders import HTMX, NOW, row_counts
from tests.builders.leagues import four_teams, make_league, night_with_pairs, play_by_strength
from tests.builders.players import make_player

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(club, organizer):
    return make_league(club, organizer)


@pytest.fixture
def teams(league, organizer):
    return four_teams(league, organizer, players=4)


RULES = {
    "name": "Valley 45s League",
    "season": "2026-27",
    "kind": "teams",
    "best_pairs": "",
    "points_by": "place",
    "place_points": "4, 3, 2, 1",
    "match_win": "2",
    "match_draw": "1",
    "match_loss": "0",
    "tie_rule": "draw",
    "tiebreaks": "head,won,lost",
}


# ---- the list, a new league, its rules -------------------------------------------------


def test_list_shows_the_clubs_leagues(org_client, league, teams):
    r = org_client.get(reverse("leagues:league_list"))
    assert r.status_code == 200
    page = r.content.decode()
    assert "Merrimack Valley 45s" in page and "4 teams" in page
    assert reverse("leagues:league_create") in page


def test_list_htmx_is_the_content_only(org_client, league):
    r = org_client.get(reverse("leagues:league_list"), **HTMX)
    assert r.status_code == 200
    assert b"<html" not in r.content and b"Merrimack Valley 45s" in r.content


def test_list_refuses_a_post(org_client):
    assert org_client.post(reverse("leagues:league_list")).status_code == 405


def test_a_new_league_is_made_with_its_rules_and_an_audit_entry(org_client, club):
    r = org_client.post(reverse("leagues:league_create"), RULES)
    league = League.objects.get(name="Valley 45s League")
    assert r.status_code == 302 and r.url == reverse("leagues:league_detail", args=[league.pk])
    assert league.place_points == [4, 3, 2, 1] and league.tiebreaks == ["head", "won", "lost"]
    assert AuditEntry.objects.filter(action="league_create").count() == 1


def test_a_bad_points_list_is_a_400_that_says_why_and_writes_nothing(org_client):
    before = League.objects.count()
    r = org_client.post(reverse("leagues:league_create"), {**RULES, "place_points": "4, x"})
    assert r.status_code == 400
    assert "whole numbers" in r.content.decode()
    assert League.objects.count() == before


def test_rising_points_are_refused_by_the_service_in_plain_words(org_client):
    r = org_client.post(reverse("leagues:league_create"), {**RULES, "place_points": "1, 4"})
    assert r.status_code == 400
    assert "cannot get more points than the place above it" in r.content.decode()


def test_a_second_league_of_the_same_name_is_refused(org_client, league):
    r = org_client.post(reverse("leagues:league_create"), {**RULES, "name": "Merrimack Valley 45s"})
    assert r.status_code == 400
    assert "already has a league named" in r.content.decode()


def test_a_scorer_cannot_make_a_league(scorer_client):
    assert scorer_client.post(reverse("leagues:league_create"), RULES).status_code == 403


def test_rules_change_and_the_standings_follow(org_client, league):
    r = org_client.post(
        reverse("leagues:league_edit", args=[league.pk]),
        {**RULES, "name": league.name, "points_by": "games"},
    )
    assert r.status_code == 302
    league.refresh_from_db()
    assert league.points_by == "games"
    assert AuditEntry.objects.filter(action="league_update").count() == 1


def test_another_clubs_league_is_not_found(other_club_client, league):
    for name in ("leagues:league_detail", "leagues:league_standings", "leagues:league_edit"):
        assert other_club_client.get(reverse(name, args=[league.pk])).status_code == 404


# ---- teams and rosters ----------------------------------------------------------------


def test_a_team_is_added_with_htmx_and_the_teams_region_comes_back(org_client, league):
    r = org_client.post(
        reverse("leagues:team_add", args=[league.pk]),
        {"name": "Knights of Columbus", "venue": "K of C Hall"},
        **HTMX,
    )
    assert r.status_code == 200
    body = r.content.decode()
    assert 'id="league-teams"' in body and "Knights of Columbus" in body
    assert "<html" not in body
    assert Team.objects.filter(league=league, name="Knights of Columbus").exists()


def test_a_team_name_twice_is_a_409_in_the_teams_region(org_client, league, teams):
    r = org_client.post(
        reverse("leagues:team_add", args=[league.pk]), {"name": "Elks Lodge"}, **HTMX
    )
    assert r.status_code == 409
    assert "already has a team named" in r.content.decode()
    assert Team.objects.filter(league=league).count() == 4


def test_a_player_joins_a_roster_and_cannot_join_a_second_team(
    org_client, club, organizer, league, teams
):
    mary = make_player(club, "Mary MacNeil", actor=organizer)
    url = reverse("leagues:roster_add", args=[league.pk, teams[0].pk])
    r = org_client.post(url, {"player": mary.pk}, **HTMX)
    assert r.status_code == 200 and "Mary MacNeil" in r.content.decode()
    # She is no longer offered to another team: the form refuses her with a plain message.
    before = row_counts()
    r = org_client.post(
        reverse("leagues:roster_add", args=[league.pk, teams[1].pk]), {"player": mary.pk}, **HTMX
    )
    assert r.status_code == 400
    assert "on no team yet" in r.content.decode()
    assert row_counts() == before
    assert RosterEntry.objects.filter(player=mary, left_at__isnull=True).count() == 1


def test_a_player_moves_team_and_the_history_stays(org_client, league, teams):
    entry = teams[0].roster.first()
    r = org_client.post(
        reverse("leagues:roster_move", args=[league.pk, entry.pk]), {"team": teams[1].pk}, **HTMX
    )
    assert r.status_code == 200
    entries = RosterEntry.objects.filter(player=entry.player).order_by("pk")
    assert [(e.team_id, e.left_at is None) for e in entries] == [
        (teams[0].pk, False),
        (teams[1].pk, True),
    ]
    assert AuditEntry.objects.filter(action="roster_move").count() == 1


def test_a_player_taken_off_the_roster_is_kept_as_played_earlier(org_client, league, teams):
    entry = teams[0].roster.first()
    r = org_client.post(reverse("leagues:roster_remove", args=[league.pk, entry.pk]))
    assert r.status_code == 302
    page = org_client.get(reverse("leagues:team_detail", args=[league.pk, teams[0].pk]))
    assert "Played for the team earlier" in page.content.decode()
    # Taking them off twice is a 409 that says so.
    r = org_client.post(reverse("leagues:roster_remove", args=[league.pk, entry.pk]), **HTMX)
    assert r.status_code == 409 and "already left" in r.content.decode()


def test_a_team_gets_a_captain_from_its_roster(org_client, league, teams):
    entry = teams[0].roster.first()
    r = org_client.post(
        reverse("leagues:team_detail", args=[league.pk, teams[0].pk]),
        {"name": "Knights of Columbus", "venue": "K of C Hall", "captain": entry.player_id},
    )
    assert r.status_code == 302
    teams[0].refresh_from_db()
    assert teams[0].captain_id == entry.player_id


def test_a_scorer_reads_a_team_but_cannot_change_it(scorer_client, league, teams):
    url = reverse("leagues:team_detail", args=[league.pk, teams[0].pk])
    assert scorer_client.get(url).status_code == 200
    assert scorer_client.post(url, {"name": "X"}).status_code == 403


def test_a_team_of_another_league_is_not_found(org_client, club, organizer, league, teams):
    other = make_league(club, organizer, name="Winter League")
    url = reverse("leagues:team_detail", args=[other.pk, teams[0].pk])
    assert org_client.get(url).status_code == 404


# ---- the schedule and a night --------------------------------------------------------------


def test_a_team_match_is_scheduled_at_the_host_teams_venue(org_client, league, teams):
    r = org_client.post(
        reverse("leagues:night_create", args=[league.pk]),
        {
            "date": "2026-12-10",
            "kind": "match",
            "host": teams[1].pk,
            "venue": "",
            "home": teams[1].pk,
            "away": teams[2].pk,
        },
    )
    assert r.status_code == 302
    night = LeagueNight.objects.get(league=league)
    assert (night.number, night.venue, night.kind) == (1, "Legion Hall", "match")
    assert [nt.team_id for nt in night.teams.all()] == [teams[1].pk, teams[2].pk]


def test_a_team_match_of_one_team_is_refused(org_client, league, teams):
    r = org_client.post(
        reverse("leagues:night_create", args=[league.pk]),
        {"date": "2026-12-10", "kind": "match", "host": teams[1].pk, "home": teams[1].pk},
    )
    assert r.status_code == 400
    assert "between two different teams" in r.content.decode()
    assert not LeagueNight.objects.exists()


def test_a_night_without_a_venue_is_refused(org_client, league, teams):
    r = org_client.post(
        reverse("leagues:night_create", args=[league.pk]), {"date": "2026-12-10", "kind": "teams"}
    )
    assert r.status_code == 400 and "Say where the night is played" in r.content.decode()


def test_the_nights_drive_then_a_pair_for_each_team(org_client, organizer, league, teams):
    night = night_with_pairs(league, organizer, day=10, kind="match", teams=teams[:2])
    url = reverse("leagues:night_pair_add", args=[league.pk, night.pk, teams[0].pk])
    roster = list(teams[0].roster.order_by("player__name"))
    prefix = f"t{teams[0].pk}"
    r = org_client.post(
        url, {f"{prefix}-first": roster[0].pk, f"{prefix}-second": roster[1].pk}, **HTMX
    )
    assert r.status_code == 200
    body = r.content.decode()
    assert 'id="night-pairs"' in body and "Pair 1" in body
    pair = Pair.objects.get(drive_id=night.drive_id)
    assert (pair.side, pair.person1_id) == (1, roster[0].player_id)
    # The same player again tonight is refused, and nothing is written.
    before = row_counts()
    r = org_client.post(
        url, {f"{prefix}-first": roster[0].pk, f"{prefix}-second": roster[2].pk}, **HTMX
    )
    assert r.status_code == 409 and "already plays in a pair tonight" in r.content.decode()
    assert row_counts() == before


def test_a_player_already_in_a_pair_tonight_is_not_offered_again(
    org_client, organizer, league, teams
):
    night = night_with_pairs(league, organizer, day=10, kind="match", teams=teams[:2])
    roster = list(teams[0].roster.order_by("player__name"))
    prefix = f"t{teams[0].pk}"
    page = reverse("leagues:night_detail", args=[league.pk, night.pk])
    before = org_client.get(page).content.decode()
    assert f'<option value="{roster[0].pk}">' in before
    assert "Choose a player" in before
    org_client.post(
        reverse("leagues:night_pair_add", args=[league.pk, night.pk, teams[0].pk]),
        {f"{prefix}-first": roster[0].pk, f"{prefix}-second": roster[1].pk},
    )
    after = org_client.get(page).content.decode()
    assert f'<option value="{roster[0].pk}">' not in after
    assert f'<option value="{roster[1].pk}">' not in after
    assert f'<option value="{roster[2].pk}">' in after


def test_a_player_of_another_team_is_not_offered_for_a_pair(org_client, organizer, league, teams):
    night = night_with_pairs(league, organizer, day=10, kind="match", teams=teams[:2])
    other = teams[2].roster.first()
    prefix = f"t{teams[0].pk}"
    r = org_client.post(
        reverse("leagues:night_pair_add", args=[league.pk, night.pk, teams[0].pk]),
        {f"{prefix}-first": other.pk, f"{prefix}-second": other.pk},
    )
    assert r.status_code == 400
    assert not Pair.objects.filter(drive_id=night.drive_id).exists()


def test_a_nights_drive_is_made_once(org_client, organizer, league, teams):
    night = night_with_pairs(league, organizer, day=10)
    r = org_client.post(reverse("leagues:night_drive", args=[league.pk, night.pk]), **HTMX)
    assert r.status_code == 409 and "already has its drive" in r.content.decode()
    assert Drive.objects.count() == 1


def test_the_nights_drive_of_a_match_seats_by_its_schedule(org_client, league, teams):
    night = LeagueNight.objects.create(
        league=league, number=1, date=NOW.date(), venue="Hall", kind="match", created_at=NOW
    )
    night.teams.create(team=teams[0], side=1)
    night.teams.create(team=teams[1], side=2)
    r = org_client.post(reverse("leagues:night_drive", args=[league.pk, night.pk]))
    assert r.status_code == 302
    night.refresh_from_db()
    assert (night.drive.movement, night.drive.sitout_wins) == ("team_match", False)


def test_the_night_page_shows_the_result_and_polls_its_region(org_client, organizer, league, teams):
    night = night_with_pairs(
        league, organizer, day=10, kind="match", teams=teams[:2], pairs={teams[0]: 2, teams[1]: 1}
    )
    drive = Drive.objects.get(pk=night.drive_id)
    play_by_strength(drive, organizer, [1, 2, 3], finish=False)
    url = reverse("leagues:night_detail", args=[league.pk, night.pk])
    page = org_client.get(url).content.decode()
    assert "Result of the night" in page and "won the match" in page
    r = org_client.get(url, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="night-result")
    assert r.status_code == 200 and b"<html" not in r.content and b"night-result" in r.content


def test_a_tied_match_waits_for_its_playoff_and_the_undo_clears_it(
    org_client, club, organizer, teams, league
):
    league.tie_rule = "playoff"
    league.save()
    night = night_with_pairs(
        league, organizer, day=10, kind="match", teams=teams[:2], pairs={teams[0]: 1, teams[1]: 2}
    )
    drive = Drive.objects.get(pk=night.drive_id)
    # Knights' pair 1 beats pair 2 and loses to pair 3: one game each.
    play_by_strength(drive, organizer, [3, 1, 2])
    url = reverse("leagues:night_detail", args=[league.pk, night.pk])
    assert "play-off to come" in org_client.get(url).content.decode()
    playoff = reverse("leagues:playoff", args=[league.pk, night.pk])
    r = org_client.post(playoff, {"team": teams[1].pk}, **HTMX)
    assert r.status_code == 200 and "won the play-off" in r.content.decode()
    night.refresh_from_db()
    assert night.playoff_winner_id == teams[1].pk
    r = org_client.post(playoff, {"team": ""}, **HTMX)
    night.refresh_from_db()
    assert night.playoff_winner_id is None
    assert AuditEntry.objects.filter(action="league_playoff").count() == 2
    # A made-up team is a 404; a word is a 400.
    assert org_client.post(playoff, {"team": "999999"}).status_code == 404
    assert org_client.post(playoff, {"team": "abc"}).status_code == 400


def test_a_night_is_taken_off_the_schedule_only_while_unplayed(
    org_client, organizer, league, teams
):
    from leagues import services

    night = services.night_schedule(
        league=league, on=NOW.date(), kind="teams", host=teams[0], actor=organizer, now=NOW
    )
    r = org_client.post(reverse("leagues:night_remove", args=[league.pk, night.pk]))
    assert r.status_code == 302 and not LeagueNight.objects.exists()
    made = night_with_pairs(league, organizer, day=10)
    r = org_client.post(reverse("leagues:night_remove", args=[league.pk, made.pk]), **HTMX)
    assert r.status_code == 409
    assert LeagueNight.objects.filter(pk=made.pk).exists()


def test_night_detail_refuses_a_post(org_client, organizer, league, teams):
    night = night_with_pairs(league, organizer, day=10)
    r = org_client.post(reverse("leagues:night_detail", args=[league.pk, night.pk]))
    assert r.status_code == 405


# ---- the standings ---------------------------------------------------------------------------


def test_standings_page_and_its_polled_region(org_client, organizer, league, teams):
    night = night_with_pairs(league, organizer, day=10, pairs=dict.fromkeys(teams, 1))
    drive = Drive.objects.get(pk=night.drive_id)
    from drives import services as drive_services

    drive_services.drive_update(drive=drive, actor=organizer, now=NOW, games=1)
    play_by_strength(drive, organizer, [1, 2, 3, 4])
    url = reverse("leagues:league_standings", args=[league.pk])
    page = org_client.get(url).content.decode()
    assert "After 1 night." in page and "Knights Player 1" in page
    r = org_client.get(url, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="league-standings")
    assert r.status_code == 200 and b"<html" not in r.content
    assert org_client.post(url).status_code == 405


def test_the_league_in_french(org_client, club, league, teams):
    club.language = "fr"
    club.save()
    page = org_client.get(reverse("leagues:league_detail", args=[league.pk])).content.decode()
    assert "Classement" in page and "Équipes" in page


def test_the_schedule_says_where_each_night_stands(org_client, organizer, league, teams):
    """To come, pairs being registered, the game being played once started (even before a
    result is in), then played."""
    from drives import services as drives

    page = reverse("leagues:league_detail", args=[league.pk])
    night = night_with_pairs(
        league, organizer, day=10, kind="match", teams=teams[:2], pairs={teams[0]: 1, teams[1]: 2}
    )
    assert "Pairs being registered" in org_client.get(page).content.decode()
    drives.drive_start(drive=night.drive, actor=organizer, now=NOW, seed=1, alongside=True)
    body = org_client.get(page).content.decode()
    assert "Game 1 of 2" in body and "Pairs being registered" not in body


def test_the_schedule_in_french_speaks_whole_sentences(org_client, club, organizer, league, teams):
    """French puts a space before the colon: each line is one sentence to translate, not
    English punctuation glued between translated words."""
    club.language = "fr"
    club.save()
    night = night_with_pairs(
        league, organizer, day=10, kind="match", teams=teams[:2], pairs={teams[0]: 1}
    )
    home, away = teams[0].name, teams[1].name
    for url in (
        reverse("leagues:league_detail", args=[league.pk]),
        reverse("leagues:night_detail", args=[league.pk, night.pk]),
    ):
        body = org_client.get(url).content.decode()
        assert "Soirée 1 : 10 décembre 2026" in body
        assert f"Match d'équipes : {home} c. {away}" in body
    assert "Paire 1 : " in body


def test_standings_before_any_night_say_so_in_a_line_not_a_squeezed_table(
    org_client, league, teams
):
    """On a phone the players' table scrolls sideways: its empty message would be cut."""
    body = org_client.get(reverse("leagues:league_standings", args=[league.pk])).content.decode()
    assert '<p class="muted" id="no-player-results">No results yet' in body
    assert "league-players" not in body
