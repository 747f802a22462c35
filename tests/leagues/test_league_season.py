"""A league of 4 teams plays 3 nights (two drive nights of teams and a team match); the
standings come out as worked by hand below, and a correction of the first night changes
them at once.

The league: place points 4, 3, 2, 1; a match 2 / 1 / 0; ties broken by head to head,
then games won, then games lost. Pairs win by a strength order (the pair earlier in the
list wins at its table); drive nights are seated from seed 1 and play 2 games.

Night 1, drive night of teams, pairs K 1 2, L 3 4, S 5 6, E 7 8 (K Knights of Columbus,
L Legion Branch 12, S Sons of Italy, E Elks Lodge); strength 1 5 4 7 2 3 6 8.
  Game 1 (seed 1): T1 4 v 7 -> 4; T2 2 v 6 -> 2; T3 8 v 1 -> 1; T4 5 v 3 -> 5.
  Game 2 (winners move up one table): T1 5 v 7 -> 5; T2 4 v 6 -> 4; T3 2 v 8 -> 2;
  T4 1 v 3 -> 1.
  Won: 1:2 2:2 3:0 4:2 5:2 6:0 7:0 8:0. Teams: K 4, L 2, S 2, E 0.
  Places: K 1st (4 points), L and S share 2nd (3 each), E 4th (1).
Night 2, team match Legion (home, pairs 1 2) v Sons (pairs 3 4 5); strength 3 1 2 4 5.
  Every Legion pair meets every Sons pair: 3 beats both, 1 and 2 beat 4 and 5.
  Legion won 4 lost 2, Sons won 2 lost 4: Legion wins the match, 2 points to 0.
Night 3, drive night of teams, pairs K 1, L 2, S 3 4, E 5 6; strength 1 3 4 2 5 6.
  Game 1 (seed 1): T1 3 v 4 -> 3; T2 6 v 1 -> 1; T3 5 v 2 -> 2.
  Game 2: T1 2 v 4 -> 4; T2 3 v 6 -> 3; T3 1 v 5 -> 1.
  Won: 1:2 2:1 3:2 4:1 5:0 6:0. Teams: S 3, K 2, L 1, E 0: points S 4, K 3, L 2, E 1.
The table: K 4+3 = 7, L 3+2+2 = 7, S 3+0+4 = 7, E 1+1 = 2.
  Head to head among K, L, S: night 1 K ahead of L and of S (L and S level); night 2 L
  ahead of S; night 3 S ahead of K and L, K ahead of L. K 3, S 2, L 1.
  So: 1 Knights 7, 2 Sons 7, 3 Legion 7, 4 Elks 2.
Correction of night 1, game 2, table 1: pair 7 won, not pair 5.
  Night 1 now: K 4, L 2, S 1, E 1: K 1st 4, L 2nd 3, S and E share 3rd, 2 each.
  The table: K 7, L 7, S 2+0+4 = 6, E 2+1 = 3. K and L by head to head (K ahead on
  nights 1 and 3: K 2, L 0): 1 Knights 7, 2 Legion 7, 3 Sons 6, 4 Elks 3.
"""

import pytest

from drives import services as drive_services
from drives.models import Drive
from leagues.queries import league_standings
from tests.builders import NOW
from tests.builders.leagues import four_teams, make_league, night_with_pairs, play_by_strength


def table_of(league):
    t = league_standings(league)
    return [(t.teams[r.team].name, r.points, r.place, r.played, r.won, r.lost) for r in t.rows]


def short_night(night, organizer, games=2):
    drive = Drive.objects.get(pk=night.drive_id)
    drive_services.drive_update(drive=drive, actor=organizer, now=NOW, games=games)
    return drive


@pytest.fixture
def season(club, organizer):
    league = make_league(club, organizer, tiebreaks=["head", "won", "lost"])
    k, legion, s, e = four_teams(league, organizer, players=6)
    one = night_with_pairs(league, organizer, day=3, pairs={k: 2, legion: 2, s: 2, e: 2})
    d1 = play_by_strength(short_night(one, organizer), organizer, [1, 5, 4, 7, 2, 3, 6, 8])
    two = night_with_pairs(
        league, organizer, day=10, kind="match", teams=(legion, s), pairs={legion: 2, s: 3}
    )
    d2 = play_by_strength(Drive.objects.get(pk=two.drive_id), organizer, [3, 1, 2, 4, 5])
    three = night_with_pairs(league, organizer, day=17, pairs={k: 1, legion: 1, s: 2, e: 2})
    d3 = play_by_strength(short_night(three, organizer), organizer, [1, 3, 4, 2, 5, 6])
    return league, (d1, d2, d3), (k, legion, s, e)


def test_each_night_as_worked_by_hand(season):
    league, (d1, d2, d3), _teams = season
    t = league_standings(league)
    got = {
        n.number: [
            (t.teams[r.team].name, r.score, r.won, r.lost, r.place, r.points) for r in n.results
        ]
        for n in t.played
    }
    assert got[1] == [
        ("Knights of Columbus", 4, 4, 0, 1, 4),
        ("Legion Branch 12", 2, 2, 2, 2, 3),
        ("Sons of Italy", 2, 2, 2, 2, 3),
        ("Elks Lodge", 0, 0, 4, 4, 1),
    ]
    assert got[2] == [
        ("Legion Branch 12", 4, 4, 2, 1, 2),
        ("Sons of Italy", 2, 2, 4, 2, 0),
    ]
    assert got[3] == [
        ("Sons of Italy", 3, 3, 1, 1, 4),
        ("Knights of Columbus", 2, 2, 0, 2, 3),
        ("Legion Branch 12", 1, 1, 1, 3, 2),
        ("Elks Lodge", 0, 0, 4, 4, 1),
    ]
    # The team match: three rounds (the larger team's pair count), no sit-out won.
    assert d2.games == 3
    assert [n.results[0].outcome for n in t.played] == [None, "won", None]


def test_the_table_as_worked_by_hand_three_teams_level_on_points(season):
    league, _drives, _teams = season
    assert table_of(league) == [
        ("Knights of Columbus", 7, 1, 2, 6, 0),
        ("Sons of Italy", 7, 2, 3, 7, 7),
        ("Legion Branch 12", 7, 3, 3, 7, 5),
        ("Elks Lodge", 2, 4, 2, 0, 8),
    ]
    rows = league_standings(league).rows
    assert [r.head for r in rows[:3]] == [3, 2, 1]
    assert dict(rows[0].night_points) == {1: 4, 3: 3}


def test_a_correction_of_the_first_night_changes_the_standings(season, organizer):
    league, (d1, _d2, _d3), _teams = season
    d1.refresh_from_db()
    drive_services.result_correct(
        drive=d1,
        game=2,
        table=1,
        winner_number=7,
        from_game=d1.current_game,
        actor=organizer,
        now=NOW,
    )
    assert table_of(league) == [
        ("Knights of Columbus", 7, 1, 2, 6, 0),
        ("Legion Branch 12", 7, 2, 3, 7, 5),
        ("Sons of Italy", 6, 3, 3, 6, 8),
        ("Elks Lodge", 3, 4, 2, 1, 7),
    ]


def test_the_players_table(season):
    league, _drives, _teams = season
    players = {p.name: (p.nights, p.won, p.place) for p in league_standings(league).players}
    # Knights' first pair (players 1 and 2) won 2 on night 1 and 2 on night 3.
    # Sons' players 1 and 2 lead with 6; Knights' 1 and 2 and Legion's 3 and 4 share 3rd.
    assert players["Knights Player 1"] == (2, 4, 3)
    assert players["Legion Player 3"] == (2, 4, 3)
    # Sons' players 1 and 2: pair 5 on night 1 (2 won), pair 3 in the match (2), pair 3 on
    # night 3 (2): 6 won over 3 nights.
    assert players["Sons Player 1"] == (3, 6, 1)
    # Elks' players never won.
    assert players["Elks Player 1"][1] == 0
    # Players 1-4 of each team played; Sons brought a third pair (5 and 6) to the match.
    assert len(players) == 18


def test_a_result_entered_tonight_reaches_the_standings(club, organizer):
    league = make_league(club, organizer)
    k, legion, _s, _e = four_teams(league, organizer, players=2)
    night = night_with_pairs(
        league, organizer, day=3, kind="match", teams=(k, legion), pairs={k: 1, legion: 1}
    )
    drive = Drive.objects.get(pk=night.drive_id)
    drive = drive_services.drive_start(
        drive=drive, actor=organizer, now=NOW, seed=1, alongside=True
    )
    t = league_standings(league)
    assert [r.points for r in t.rows] == [0, 0, 0, 0]
    drive_services.result_record(
        drive=drive, game=1, table=1, winner_number=2, actor=organizer, now=NOW
    )
    t = league_standings(league)
    assert (t.teams[t.rows[0].team].name, t.rows[0].points) == ("Legion Branch 12", 2)


def test_the_standings_read_in_a_fixed_number_of_statements(club, organizer):
    from tests.support import assert_statement_count

    league = make_league(club, organizer)
    k, legion, s, e = four_teams(league, organizer, players=4)
    night = night_with_pairs(league, organizer, day=3, pairs={k: 1, legion: 1})
    play_by_strength(short_night(night, organizer, games=1), organizer, [1, 2])
    # Teams, nights, their teams and each team (prefetched), the pairs and their wins (2),
    # the register's entries: 7.
    with assert_statement_count(7, label="one night"):
        league_standings(league)
    for day in (10, 17):
        more = night_with_pairs(league, organizer, day=day, pairs={s: 2, e: 2})
        play_by_strength(short_night(more, organizer, games=1), organizer, [1, 2, 3, 4])
    with assert_statement_count(7, label="three nights"):
        league_standings(league)


def test_a_player_merged_into_another_entry_counts_as_that_entry(club, organizer):
    from clubs.models import Player

    league = make_league(club, organizer)
    k, legion, _s, _e = four_teams(league, organizer, players=2)
    night = night_with_pairs(league, organizer, day=3, pairs={k: 1, legion: 1})
    play_by_strength(short_night(night, organizer, games=1), organizer, [1, 2])
    merged = Player.objects.get(name="Knights Player 1")
    kept = Player.objects.create(
        club=club, name="Knights Player One", match_key="knights player one", created_at=NOW
    )
    Player.objects.filter(pk=merged.pk).update(merged_into=kept)
    players = {p.name: p for p in league_standings(league).players}
    assert "Knights Player 1" not in players
    assert players["Knights Player One"].key == f"p{kept.pk}"
    assert players["Knights Player One"].won == 1
