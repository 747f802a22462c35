"""A league's standings from its nights (leagues/standings.py): pure, no database."""

import doctest
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from leagues import standings as league_standings
from leagues.standings import (
    DRAW,
    DRAWN,
    GAMES,
    HEAD,
    LOST,
    MATCH,
    MATCH_LOST,
    MATCH_WON,
    PLACE,
    PLAYOFF,
    TEAMS,
    TIEBREAKS,
    UNDECIDED,
    WON,
    Night,
    PairResult,
    PlayerNight,
    Rules,
    competition_places,
    head_to_head,
    night_result,
    players,
    table,
)

P = PairResult


def results(night, rules):
    return [
        (t.team, t.score, t.won, t.lost, t.place, t.outcome, t.points)
        for t in night_result(night, rules)
    ]


# ---- a drive night of teams -------------------------------------------------------------

# Five teams, 12 games a pair. Team 15 takes part with no pair.
#   team 11: 9, 8, 1 won (lost 3, 4, 11): best two 9+8 = 17, all 18 won, 18 lost
#   team 12: 7, 6, 6 won (lost 5, 6, 6):  best two 7+6 = 13, all 19 won, 17 lost
#   team 13: 10, 3 won (lost 2, 9):       best two 10+3 = 13, all 13 won, 11 lost
#   team 14: 4, 4, 4 won (lost 8, 8, 8):  best two 4+4 = 8,  all 12 won, 24 lost
#   team 15: no pair:                      0, 0 won, 0 lost
DRIVE_NIGHT = Night(
    4,
    TEAMS,
    (15, 14, 13, 12, 11),
    (
        P(11, 9, 3),
        P(12, 7, 5),
        P(13, 10, 2),
        P(14, 4, 8),
        P(11, 8, 4),
        P(12, 6, 6),
        P(13, 3, 9),
        P(14, 4, 8),
        P(11, 1, 11),
        P(12, 6, 6),
        P(14, 4, 8),
    ),
)


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        # Best two pairs, points (5, 3, 1) by place: 17 first (5); 13 and 13 share second
        # (3 each); the 8 is fourth, not third (0: past the points); the 0 is fifth (0).
        (
            Rules(best_pairs=2, points_by=PLACE, place_points=(5, 3, 1)),
            [
                (11, 17, 18, 18, 1, None, 5),
                (12, 13, 19, 17, 2, None, 3),
                (13, 13, 13, 11, 2, None, 3),
                (14, 8, 12, 24, 4, None, 0),
                (15, 0, 0, 0, 5, None, 0),
            ],
        ),
        # By games: a point a game that counts, the best two pairs' 17, 13, 13, 8, 0.
        (
            Rules(best_pairs=2, points_by=GAMES, place_points=(5, 3, 1)),
            [
                (11, 17, 18, 18, 1, None, 17),
                (12, 13, 19, 17, 2, None, 13),
                (13, 13, 13, 11, 2, None, 13),
                (14, 8, 12, 24, 4, None, 8),
                (15, 0, 0, 0, 5, None, 0),
            ],
        ),
        # Every pair counts: 19 (team 12) first, 18 second, 13 third (1), 12, 0.
        (
            Rules(points_by=PLACE, place_points=(5, 3, 1)),
            [
                (12, 19, 19, 17, 1, None, 5),
                (11, 18, 18, 18, 2, None, 3),
                (13, 13, 13, 11, 3, None, 1),
                (14, 12, 12, 24, 4, None, 0),
                (15, 0, 0, 0, 5, None, 0),
            ],
        ),
        # The best pair only: 10 (team 13), 9, 7, 4, 0.
        (
            Rules(best_pairs=1, points_by=PLACE, place_points=(5, 3, 1)),
            [
                (13, 10, 13, 11, 1, None, 5),
                (11, 9, 18, 18, 2, None, 3),
                (12, 7, 19, 17, 3, None, 1),
                (14, 4, 12, 24, 4, None, 0),
                (15, 0, 0, 0, 5, None, 0),
            ],
        ),
        # Best three: everyone's pairs (none has more than three).
        (
            Rules(best_pairs=3, points_by=GAMES),
            [
                (12, 19, 19, 17, 1, None, 19),
                (11, 18, 18, 18, 2, None, 18),
                (13, 13, 13, 11, 3, None, 13),
                (14, 12, 12, 24, 4, None, 12),
                (15, 0, 0, 0, 5, None, 0),
            ],
        ),
    ],
)
def test_a_drive_night_of_teams(rules, expected):
    assert results(DRIVE_NIGHT, rules) == expected


def test_a_shared_first_place_each_gets_the_first_places_points():
    # 8 and 8 share first (5 each); the 3 is third (1), not second.
    night = Night(1, TEAMS, (1, 2, 3), (P(1, 8, 4), P(2, 8, 4), P(3, 3, 9)))
    rules = Rules(points_by=PLACE, place_points=(5, 3, 1))
    assert [(t.team, t.place, t.points) for t in night_result(night, rules)] == [
        (1, 1, 5),
        (2, 1, 5),
        (3, 3, 1),
    ]


# ---- a team match ---------------------------------------------------------------------

# Teams 21 and 22, two pairs each, every pair of one against both of the other (24 games a
# pair). Points: a win 3, a draw 1, a loss 0.
WON_MATCH = Night(2, MATCH, (21, 22), (P(21, 13, 11), P(21, 9, 15), P(22, 11, 13), P(22, 15, 9)))
# 21: 12 + 12 = 24 won, 24 lost; 22: 14 + 10 = 24 won, 24 lost: equal games won.
TIED_MATCH = Night(2, MATCH, (21, 22), (P(21, 12, 12), P(21, 12, 12), P(22, 14, 10), P(22, 10, 14)))


def match_rules(**kw):
    return Rules(match_win=3, match_draw=1, match_loss=0, **kw)


@pytest.mark.parametrize(
    ("night", "rules", "expected"),
    [
        # 21 won 13 + 9 = 22, lost 11 + 15 = 26; 22 won 11 + 15 = 26, lost 22: 22 wins,
        # every pair counting whatever best_pairs says (22's best pair alone is 15).
        (
            WON_MATCH,
            match_rules(best_pairs=1),
            [(22, 26, 26, 22, 1, MATCH_WON, 3), (21, 22, 22, 26, 2, MATCH_LOST, 0)],
        ),
        # 24 each, the league draws ties: 1 point each, both first.
        (
            TIED_MATCH,
            match_rules(tie_rule=DRAW),
            [(21, 24, 24, 24, 1, DRAWN, 1), (22, 24, 24, 24, 1, DRAWN, 1)],
        ),
        # 24 each, a play-off game decides, not played yet: undecided, no place, no points.
        (
            TIED_MATCH,
            match_rules(tie_rule=PLAYOFF),
            [(21, 24, 24, 24, None, UNDECIDED, 0), (22, 24, 24, 24, None, UNDECIDED, 0)],
        ),
        # The play-off recorded, won by 22: the match is 22's.
        (
            Night(2, MATCH, (21, 22), TIED_MATCH.pairs, playoff_winner=22),
            match_rules(tie_rule=PLAYOFF),
            [(22, 24, 24, 24, 1, MATCH_WON, 3), (21, 24, 24, 24, 2, MATCH_LOST, 0)],
        ),
        # ... or by 21.
        (
            Night(2, MATCH, (22, 21), TIED_MATCH.pairs, playoff_winner=21),
            match_rules(tie_rule=PLAYOFF),
            [(21, 24, 24, 24, 1, MATCH_WON, 3), (22, 24, 24, 24, 2, MATCH_LOST, 0)],
        ),
        # The first team named wins too (the order the teams are named in says nothing).
        (
            Night(2, MATCH, (22, 21), WON_MATCH.pairs),
            Rules(match_win=4, match_draw=2, match_loss=1),
            [(22, 26, 26, 22, 1, MATCH_WON, 4), (21, 22, 22, 26, 2, MATCH_LOST, 1)],
        ),
        # A team with no pair at the match has won nothing: it loses 0 to 7.
        (
            Night(2, MATCH, (21, 22), (P(22, 7, 0),)),
            match_rules(),
            [(22, 7, 7, 0, 1, MATCH_WON, 3), (21, 0, 0, 0, 2, MATCH_LOST, 0)],
        ),
        # Two teams with no pair: 0 and 0, a draw.
        (
            Night(2, MATCH, (21, 22)),
            match_rules(),
            [(21, 0, 0, 0, 1, DRAWN, 1), (22, 0, 0, 0, 1, DRAWN, 1)],
        ),
    ],
)
def test_a_team_match(night, rules, expected):
    assert results(night, rules) == expected


def test_a_teams_games_won_on_a_night_are_its_pairs_games_won():
    assert [WON_MATCH.won_by(t) for t in (21, 22, 23)] == [22, 26, 0]


def test_a_play_off_given_in_a_league_that_draws_ties_is_refused():
    night = Night(7, MATCH, (21, 22), TIED_MATCH.pairs, playoff_winner=21)
    with pytest.raises(ValueError) as refused:
        night_result(night, match_rules(tie_rule=DRAW))
    assert str(refused.value) == "night 7: a play-off, but the league draws ties"


# ---- the league table -------------------------------------------------------------------

# Four teams, three nights, one pair a team a night. Points (4, 2, 1) by place; a match 3,
# a draw 1, a loss 0.
#   night 1, drive: 20 and 30 won 7 (first, 4 each), 10 won 5 (third, 1), 40 won 3 (0)
#   night 2, drive: 10 won 9 (4), 40 won 7 (2), 20 won 5 (1), 30 won 3 (0)
#   night 3, match 40 v 20: 40 won 7, 20 won 5: 40 wins (3), 20 loses (0)
# Points: 10: 1 + 4 = 5; 20: 4 + 1 + 0 = 5; 40: 0 + 2 + 3 = 5; 30: 4 + 0 = 4.
# Won:  10: 5 + 9 = 14;  20: 7 + 5 + 5 = 17;  40: 3 + 7 + 7 = 17;  30: 7 + 3 = 10.
# Lost: 10: 7 + 7 = 14;  20: 7 + 3 + 7 = 17;  40: 7 + 3 + 5 = 15;  30: 7 + 9 = 16.
# Head to head among 10, 20, 40 (night 1: 20 over 10 and 40, 10 over 40; night 2: 10 over
# 40 and 20, 40 over 20; night 3: 40 over 20): 10: 1 + 2 = 3, 20: 2 + 0 = 2, 40: 0+1+1 = 2.
# Between 20 and 40 only (10 left out): 20: 1 (night 1), 40: 1 + 1 = 2 (nights 2 and 3).
LEAGUE = (10, 20, 30, 40)
LEAGUE_NIGHTS = (
    Night(1, TEAMS, (10, 20, 30, 40), (P(10, 5, 7), P(20, 7, 7), P(30, 7, 7), P(40, 3, 7))),
    Night(2, TEAMS, (10, 20, 30, 40), (P(10, 9, 7), P(20, 5, 3), P(30, 3, 9), P(40, 7, 3))),
    Night(3, MATCH, (40, 20), (P(40, 7, 5), P(20, 5, 7))),
)


def league_rules(tiebreaks):
    return Rules(
        points_by=PLACE,
        place_points=(4, 2, 1),
        match_win=3,
        match_draw=1,
        match_loss=0,
        tiebreaks=tiebreaks,
    )


@pytest.mark.parametrize(
    ("tiebreaks", "expected"),
    [
        # No tie-break: the three on 5 share first, by team id; 30 is fourth.
        ((), [(10, 1, None), (20, 1, None), (40, 1, None), (30, 4, None)]),
        # Head to head among the three: 10 (3) first; 20 and 40 (2 each) share second.
        ((HEAD,), [(10, 1, 3), (20, 2, 2), (40, 2, 2), (30, 4, None)]),
        # ... and games won leaves them so (17 each).
        ((HEAD, WON), [(10, 1, 3), (20, 2, 2), (40, 2, 2), (30, 4, None)]),
        # ... games lost does not: 40 lost 15, 20 lost 17.
        ((HEAD, LOST), [(10, 1, 3), (40, 2, 2), (20, 3, 2), (30, 4, None)]),
        # Games won: 20 and 40 (17) share first, 10 (14) third.
        ((WON,), [(20, 1, None), (40, 1, None), (10, 3, None), (30, 4, None)]),
        # Then head to head between 20 and 40 only: 40 (2) over 20 (1) (among the three they
        # were 2 and 2: 20's night-1 meeting with 10 no longer counts).
        ((WON, HEAD), [(40, 1, 2), (20, 2, 1), (10, 3, None), (30, 4, None)]),
        ((WON, LOST), [(40, 1, None), (20, 2, None), (10, 3, None), (30, 4, None)]),
        # Games lost, fewer first: 10 (14), 40 (15), 20 (17): all three apart.
        ((LOST,), [(10, 1, None), (40, 2, None), (20, 3, None), (30, 4, None)]),
        ((LOST, HEAD, WON), [(10, 1, None), (40, 2, None), (20, 3, None), (30, 4, None)]),
        ((HEAD, WON, LOST), [(10, 1, 3), (40, 2, 2), (20, 3, 2), (30, 4, None)]),
    ],
)
def test_the_league_table_ties_broken_in_the_leagues_order(tiebreaks, expected):
    got = table(LEAGUE, LEAGUE_NIGHTS, league_rules(tiebreaks))
    assert [(r.team, r.place, r.head) for r in got] == expected
    assert {r.team: (r.points, r.played, r.won, r.lost) for r in got} == {
        10: (5, 2, 14, 14),
        20: (5, 3, 17, 17),
        30: (4, 2, 10, 16),
        40: (5, 3, 17, 15),
    }
    assert {r.team: dict(r.night_points) for r in got} == {
        10: {1: 1, 2: 4},
        20: {1: 4, 2: 1, 3: 0},
        30: {1: 4, 2: 0},
        40: {1: 0, 2: 2, 3: 3},
    }


def test_a_team_that_has_not_played_is_in_the_table_with_nothing():
    got = table((5, 10, 20, 30, 40), LEAGUE_NIGHTS, league_rules((HEAD,)))
    last = got[-1]
    assert (last.team, last.points, last.played, last.won, last.lost, last.place) == (
        5,
        0,
        0,
        0,
        0,
        5,
    )
    assert dict(last.night_points) == {}
    assert last.head is None  # alone on its points: no head to head to count


def test_an_undecided_match_counts_as_played_with_no_points_and_no_meeting():
    rules = match_rules(tie_rule=PLAYOFF, tiebreaks=(HEAD,))
    got = table((21, 22), [TIED_MATCH], rules)
    assert [(r.team, r.points, r.played, dict(r.night_points), r.place, r.head) for r in got] == [
        (21, 0, 1, {2: 0}, 1, 0),
        (22, 0, 1, {2: 0}, 1, 0),
    ]
    decided = Night(2, MATCH, (21, 22), TIED_MATCH.pairs, playoff_winner=22)
    got = table((21, 22), [decided], rules)
    assert [(r.team, r.points, r.place, r.head) for r in got] == [
        (22, 3, 1, None),
        (21, 0, 2, None),
    ]


def test_a_drawn_match_is_a_meeting_nobody_was_ahead_in():
    # 1 and 2 draw (1 point each), 3 beats 1 (3), 2 beats 3 (3).
    nights = [
        Night(1, MATCH, (1, 2), (P(1, 5, 5), P(2, 5, 5))),
        Night(2, MATCH, (1, 3), (P(1, 4, 6), P(3, 6, 4))),
        Night(3, MATCH, (2, 3), (P(2, 6, 4), P(3, 4, 6))),
    ]
    # 1: 1 + 0 = 1; 2: 1 + 3 = 4; 3: 3 + 0 = 3: no tie, no head to head counted.
    got = table((1, 2, 3), nights, match_rules(tiebreaks=(HEAD,)))
    assert [(r.team, r.points, r.place, r.head) for r in got] == [
        (2, 4, 1, None),
        (3, 3, 2, None),
        (1, 1, 3, None),
    ]
    # Three draws: 2 points each, a tie head to head cannot break (no one ahead anywhere).
    drawn = [
        Night(n.number, MATCH, n.teams, tuple(P(p.team, 5, 5) for p in n.pairs)) for n in nights
    ]
    got = table((3, 2, 1), drawn, match_rules(tiebreaks=(HEAD,)))
    assert [(r.team, r.points, r.place, r.head) for r in got] == [
        (1, 2, 1, 0),
        (2, 2, 1, 0),
        (3, 2, 1, 0),
    ]


def test_head_to_head_counts_meetings_within_the_group_only():
    places = [{1: 1, 2: 2, 3: 3, 4: 1}, {1: 2, 2: 1}, {2: 1, 3: 1}, {1: None, 3: None}]
    # night 1: 1 over 2 and 3, 2 over 3 (4 is not of the group); night 2: 2 over 1;
    # night 3: 2 and 3 share a place; night 4: undecided.
    assert head_to_head((1, 2, 3), places) == {1: 2, 2: 2, 3: 0}
    assert head_to_head((2, 3), places) == {2: 1, 3: 0}
    assert head_to_head((1, 4), places) == {1: 0, 4: 0}
    assert head_to_head((), places) == {}


def test_competition_places():
    assert competition_places({1: 5, 2: 9, 3: 5, 4: 2, 5: 9}) == {1: 3, 2: 1, 3: 3, 4: 5, 5: 1}
    assert competition_places({}) == {}


# ---- the players' table -----------------------------------------------------------------


def test_the_players_table_by_games_won():
    got = players(
        [
            PlayerNight(1, "ann", "Ann", 1, 9),
            PlayerNight(1, "bob", "Bob", 1, 9),
            PlayerNight(2, "ann", "Ann B.", 2, 4),  # moved to team 2 on night 2
            PlayerNight(3, "cy", "cy", 3, 13),
            PlayerNight(1, "di", "Di", 3, 13),
            PlayerNight(2, "ed", "Ed", 3, 0),
        ]
    )
    # ann 9 + 4 = 13 over two nights; cy and di 13 in one: three share first, by name
    # folded (Ann B., cy, Di); bob 9 fourth; ed 0 fifth.
    assert [(r.place, r.key, r.name, r.team, r.nights, r.won) for r in got] == [
        (1, "ann", "Ann B.", 2, 2, 13),
        (1, "cy", "cy", 3, 1, 13),
        (1, "di", "Di", 3, 1, 13),
        (4, "bob", "Bob", 1, 1, 9),
        (5, "ed", "Ed", 3, 1, 0),
    ]


def test_a_players_name_and_team_are_the_latest_nights_whatever_the_order_given():
    rows = [PlayerNight(3, "k", "Kay", 4, 1), PlayerNight(1, "k", "K", 2, 1)]
    rows.append(PlayerNight(2, "k", "Kaye", 3, 1))
    (row,) = players(rows)
    assert (row.name, row.team, row.nights, row.won) == ("Kay", 4, 3, 3)


def test_players_of_the_same_games_and_name_go_by_key():
    got = players([PlayerNight(1, "b", "Al", 1, 5), PlayerNight(1, "a", "AL", 2, 5)])
    assert [(r.key, r.place) for r in got] == [("a", 1), ("b", 1)]


def test_a_player_given_twice_on_one_night_is_refused():
    with pytest.raises(ValueError) as refused:
        players([PlayerNight(1, "k", "Kay", 4, 1), PlayerNight(1, "k", "Kay", 5, 2)])
    assert str(refused.value) == "player 'k' is given twice on night 1"
    with pytest.raises(ValueError) as refused:
        PlayerNight(1, "k", "Kay", 4, -1)
    assert str(refused.value) == "a player's games won must be 0 or more"


def test_no_player_no_row():
    assert players([]) == ()
    assert players([PlayerNight(1, "k", "Kay", 4, 0)])[0].place == 1


# ---- what is refused, in its words --------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "said"),
    [
        ({"best_pairs": 0}, "best_pairs must be None or 1 or more"),
        ({"points_by": "wins"}, "points_by must be 'place' or 'games', not 'wins'"),
        ({"place_points": (5, -1)}, "place_points must be 0 or more"),
        ({"place_points": (3, 5)}, "place_points must not rise from a place to the next"),
        ({"place_points": (5, 3, 3, 4)}, "place_points must not rise from a place to the next"),
        ({"match_loss": -1, "match_draw": -1, "match_win": -1}, "match points must be 0 or more"),
        ({"match_win": 1, "match_draw": 2}, "match points must be win >= draw >= loss"),
        ({"match_draw": 0, "match_loss": 1}, "match points must be win >= draw >= loss"),
        ({"tie_rule": "coin"}, "tie_rule must be 'draw' or 'playoff', not 'coin'"),
        ({"tiebreaks": (HEAD, "points")}, "a tie-break is 'head', 'won' or 'lost', not 'points'"),
        ({"tiebreaks": (WON, LOST, WON)}, "a tie-break is named twice"),
    ],
)
def test_rules_out_of_bounds_are_refused_in_their_words(rules, said):
    with pytest.raises(ValueError) as refused:
        Rules(**rules)
    assert str(refused.value) == said


@pytest.mark.parametrize(
    "rules",
    [
        {"best_pairs": 1},
        {"place_points": (5, 5, 0)},
        {"place_points": (0,)},
        {"match_win": 1, "match_draw": 1, "match_loss": 1},
        {"match_win": 0, "match_draw": 0, "match_loss": 0},
        {"tiebreaks": (LOST, HEAD, WON)},
        {"tie_rule": PLAYOFF, "points_by": PLACE},
    ],
)
def test_rules_at_their_bounds_are_taken(rules):
    Rules(**rules)


@pytest.mark.parametrize(
    ("night", "said"),
    [
        (lambda: Night(3, "cup", (1, 2)), "night 3: kind must be 'teams' or 'match', not 'cup'"),
        (lambda: Night(3, TEAMS, (1, 2, 1)), "night 3: a team is listed twice"),
        (lambda: Night(3, MATCH, (1, 2, 3)), "night 3: a match is between two teams, not 3"),
        (lambda: Night(3, MATCH, (1,)), "night 3: a match is between two teams, not 1"),
        (
            lambda: Night(3, TEAMS, (1, 2), (P(3, 1, 1),)),
            "night 3: a pair of team 3, not taking part",
        ),
        (lambda: P(1, -1, 0), "a pair's games won and lost must be 0 or more"),
        (lambda: P(1, 0, -1), "a pair's games won and lost must be 0 or more"),
        (
            lambda: Night(3, TEAMS, (1, 2), playoff_winner=1),
            "night 3: only a team match has a play-off",
        ),
        (
            lambda: Night(3, MATCH, (1, 2), playoff_winner=3),
            "night 3: the play-off winner 3 is not in the match",
        ),
        (
            lambda: Night(3, MATCH, (1, 2), (P(1, 5, 4), P(2, 4, 5)), playoff_winner=1),
            "night 3: a play-off settles only a match of equal games won",
        ),
        (
            lambda: Night(3, MATCH, (1, 2), (P(1, 4, 5), P(2, 5, 4)), playoff_winner=1),
            "night 3: a play-off settles only a match of equal games won",
        ),
    ],
)
def test_a_night_that_cannot_be_is_refused_in_its_words(night, said):
    with pytest.raises(ValueError) as refused:
        night()
    assert str(refused.value) == said


def test_a_night_at_its_bounds_is_taken():
    Night(1, TEAMS, ())
    Night(1, TEAMS, (1,), (P(1, 0, 0),))
    Night(1, MATCH, (1, 2), (P(1, 4, 5), P(2, 4, 5)), playoff_winner=2)
    Night(1, MATCH, (1, 2), (P(1, 4, 5), P(2, 1, 0), P(2, 3, 5)), playoff_winner=1)


@pytest.mark.parametrize(
    ("teams", "nights", "said"),
    [
        ((1, 2, 1), [], "a team is listed twice in the league"),
        ((1, 2), [Night(4, TEAMS, (1,)), Night(4, TEAMS, (2,))], "night 4 is given twice"),
        ((1, 2), [Night(4, MATCH, (1, 3))], "night 4: team 3 is not of the league"),
    ],
)
def test_a_table_that_cannot_be_is_refused_in_its_words(teams, nights, said):
    with pytest.raises(ValueError) as refused:
        table(teams, nights, Rules())
    assert str(refused.value) == said


def test_points_by_place_from_the_first_to_the_last_listed_and_none_outside():
    rules = Rules(points_by=PLACE, place_points=(5, 3, 1))
    assert [rules.place_score(p) for p in (0, 1, 2, 3, 4)] == [0, 5, 3, 1, 0]
    assert Rules(points_by=PLACE).place_score(1) == 0


def test_rules_by_default():
    assert Rules() == Rules(None, GAMES, (), 2, 1, 0, DRAW, ())


def test_doctests():
    assert doctest.testmod(league_standings).failed == 0


# ---- properties ----------------------------------------------------------------------------


@st.composite
def rules_st(draw):
    loss, drawn, win = sorted(draw(st.lists(st.integers(0, 5), min_size=3, max_size=3)))
    order = draw(st.permutations(TIEBREAKS))
    return Rules(
        best_pairs=draw(st.none() | st.integers(1, 3)),
        points_by=draw(st.sampled_from([PLACE, GAMES])),
        place_points=tuple(sorted(draw(st.lists(st.integers(0, 9), max_size=5)), reverse=True)),
        match_win=win,
        match_draw=drawn,
        match_loss=loss,
        tie_rule=draw(st.sampled_from([DRAW, PLAYOFF])),
        tiebreaks=tuple(order[: draw(st.integers(0, 3))]),
    )


@st.composite
def night_st(draw, number, league, rules, kind=None):
    if kind is None:
        kind = draw(st.sampled_from([TEAMS, MATCH])) if len(league) >= 2 else TEAMS
    if kind == MATCH:
        teams = tuple(draw(st.permutations(league))[:2])
    else:
        teams = tuple(t for t in league if draw(st.booleans()))
    pairs = ()
    if teams:
        pair = st.builds(P, st.sampled_from(teams), st.integers(0, 6), st.integers(0, 6))
        pairs = tuple(draw(st.lists(pair, max_size=7)))
    night = Night(number, kind, teams, pairs)
    if (
        kind == MATCH
        and rules.tie_rule == PLAYOFF
        and night.won_by(teams[0]) == night.won_by(teams[1])
    ):
        winner = draw(st.sampled_from([None, *teams]))
        night = Night(number, kind, teams, pairs, winner)
    return night


@st.composite
def league_st(draw, max_nights=5):
    rules = draw(rules_st())
    teams = tuple(draw(st.lists(st.integers(1, 60), min_size=1, max_size=5, unique=True)))
    count = draw(st.integers(0, max_nights))
    nights = [draw(night_st(n, teams, rules)) for n in range(1, count + 1)]
    return teams, nights, rules


@given(league_st())
def test_points_are_the_sum_of_the_nights_points(league):
    teams, nights, rules = league
    rows = table(teams, nights, rules)
    assert sorted(r.team for r in rows) == sorted(teams)
    for row in rows:
        mine = [n for n in nights if row.team in n.teams]
        assert row.played == len(mine) == len(row.night_points)
        assert row.points == sum(row.night_points.values())
        for night in mine:
            (result,) = [t for t in night_result(night, rules) if t.team == row.team]
            assert row.night_points[night.number] == result.points
        pairs = [p for n in nights for p in n.pairs if p.team == row.team]
        assert row.won == sum(p.won for p in pairs)
        assert row.lost == sum(p.lost for p in pairs)


def shuffled(night, rnd):
    pairs = list(night.pairs)
    rnd.shuffle(pairs)
    teams = list(night.teams)
    rnd.shuffle(teams)
    return Night(night.number, night.kind, tuple(teams), tuple(pairs), night.playoff_winner)


@given(league_st(), st.randoms(use_true_random=False))
def test_the_order_of_the_nights_pairs_and_teams_changes_nothing(league, rnd):
    teams, nights, rules = league
    again = [shuffled(n, rnd) for n in nights]
    rnd.shuffle(again)
    listed = list(teams)
    rnd.shuffle(listed)
    assert table(listed, again, rules) == table(teams, nights, rules)
    for night in nights:
        assert night_result(shuffled(night, rnd), rules) == night_result(night, rules)


@given(league_st(), st.randoms(use_true_random=False))
def test_renaming_the_teams_renames_the_table(league, rnd):
    teams, nights, rules = league
    new_ids = rnd.sample(range(100, 200), len(teams))
    name = dict(zip(teams, new_ids, strict=True))
    renamed = [
        Night(
            n.number,
            n.kind,
            tuple(name[t] for t in n.teams),
            tuple(P(name[p.team], p.won, p.lost) for p in n.pairs),
            None if n.playoff_winner is None else name[n.playoff_winner],
        )
        for n in nights
    ]

    def figures(row):
        return (
            row.points,
            row.played,
            row.won,
            row.lost,
            dict(row.night_points),
            row.place,
            row.head,
        )

    before = {name[r.team]: figures(r) for r in table(teams, nights, rules)}
    after = table(new_ids, renamed, rules)
    assert {r.team: figures(r) for r in after} == before
    assert [r.place for r in after] == sorted(r.place for r in after)


def tie_key(row, rules):
    figure = {HEAD: row.head, WON: row.won, LOST: -row.lost}
    return (row.points, *(figure[step] for step in rules.tiebreaks))


@given(league_st())
def test_places_follow_points_then_each_tie_break(league):
    teams, nights, rules = league
    rows = table(teams, nights, rules)
    keys = [tie_key(r, rules) for r in rows]
    for i, (row, key) in enumerate(zip(rows, keys, strict=True)):
        # Competition ranking: the place is one more than the number of teams ahead.
        first = keys.index(key)
        assert row.place == first + 1
        assert all(k == key for k in keys[first : i + 1])
        if i:
            before = rows[i - 1]
            assert keys[i - 1] >= key  # never a better team below a worse one
            assert (before.place == row.place) == (keys[i - 1] == key)
            if before.place == row.place:
                assert before.team < row.team
        assert row.place >= 1
    if HEAD not in rules.tiebreaks:
        assert all(r.head is None for r in rows)


@given(league_st())
def test_head_to_head_among_teams_tied_on_everything_before_it(league):
    teams, nights, rules = league
    rows = table(teams, nights, rules)
    if HEAD not in rules.tiebreaks:
        return
    before = rules.tiebreaks[: rules.tiebreaks.index(HEAD)]
    places = [{t.team: t.place for t in night_result(n, rules)} for n in nights]

    def key(row):
        return tie_key(row, Rules(tiebreaks=before))

    for row in rows:
        group = [r.team for r in rows if key(r) == key(row)]
        if len(group) == 1:
            assert row.head is None
        else:
            assert row.head == head_to_head(group, places)[row.team]


def bump(night, team, pair_index):
    """The night with one game won more for `team`: on its pair number `pair_index` (of
    its pairs), or on a new pair when it has none of that number."""
    mine = [i for i, p in enumerate(night.pairs) if p.team == team]
    pairs = list(night.pairs)
    if pair_index < len(mine):
        p = pairs[mine[pair_index]]
        pairs[mine[pair_index]] = P(p.team, p.won + 1, p.lost)
    else:
        pairs.append(P(team, 1, 0))
    return Night(night.number, night.kind, night.teams, tuple(pairs))


@given(st.data(), rules_st(), st.lists(st.integers(1, 30), min_size=1, max_size=5, unique=True))
def test_a_game_won_more_on_a_drive_night_never_lowers_the_teams_points(data, rules, league):
    night = data.draw(night_st(1, league, rules, kind=TEAMS))
    if not night.teams:
        return
    team = data.draw(st.sampled_from(night.teams))
    more = bump(night, team, data.draw(st.integers(0, 3)))
    before = {t.team: t for t in night_result(night, rules)}
    after = {t.team: t for t in night_result(more, rules)}
    assert after[team].won == before[team].won + 1
    assert after[team].score >= before[team].score
    assert after[team].points >= before[team].points
    assert after[team].place <= before[team].place
    for other in night.teams:
        if other != team:
            assert after[other].points <= before[other].points
    mine = table(league, [night], rules)
    theirs = table(league, [more], rules)
    assert {r.team: r.points for r in theirs}[team] >= {r.team: r.points for r in mine}[team]


@given(st.data(), rules_st(), st.lists(st.integers(1, 30), min_size=1, max_size=5, unique=True))
def test_a_drive_night_of_teams_read_by_hand(data, rules, league):
    night = data.draw(night_st(1, league, rules, kind=TEAMS))
    got = night_result(night, rules)
    assert [t.team for t in got] == sorted(
        night.teams, key=lambda t: ({r.team: r.place for r in got}[t], t)
    )
    for t in got:
        games = sorted((p.won for p in night.pairs if p.team == t.team), reverse=True)
        counted = games if rules.best_pairs is None else games[: rules.best_pairs]
        assert t.score == sum(counted)
        assert t.won == sum(games)
        assert t.lost == sum(p.lost for p in night.pairs if p.team == t.team)
        assert t.place == 1 + sum(1 for o in got if o.score > t.score)
        assert t.outcome is None
        if rules.points_by == GAMES:
            assert t.points == t.score
        else:
            points = rules.place_points
            assert t.points == (points[t.place - 1] if t.place <= len(points) else 0)


@given(st.data(), rules_st(), st.lists(st.integers(1, 30), min_size=2, max_size=4, unique=True))
def test_a_team_matchs_points_add_up(data, rules, league):
    night = data.draw(night_st(1, league, rules, kind=MATCH))
    got = night_result(night, rules)
    assert len(got) == 2
    first, second = got
    total = first.points + second.points
    outcomes = {t.outcome for t in got}
    if outcomes == {MATCH_WON, MATCH_LOST}:
        assert total == rules.match_win + rules.match_loss
        assert (first.outcome, first.place, second.place) == (MATCH_WON, 1, 2)
        assert first.won > second.won or (
            first.won == second.won and night.playoff_winner == first.team
        )
    elif outcomes == {DRAWN}:
        assert total == 2 * rules.match_draw
        assert first.won == second.won and rules.tie_rule == DRAW
    else:
        assert outcomes == {UNDECIDED}
        assert total == 0
        assert first.won == second.won and night.playoff_winner is None
        assert rules.tie_rule == PLAYOFF
    for t in got:
        assert t.score == t.won


@given(
    st.lists(
        st.builds(
            PlayerNight,
            st.integers(1, 4),
            st.sampled_from(["ann", "bob", "cy", "di"]),
            st.sampled_from(["Ann", "ann", "Bob", "Cy", "Di"]),
            st.integers(1, 3),
            st.integers(0, 9),
        ),
        max_size=12,
        unique_by=lambda p: (p.night, p.key),
    ),
    st.randoms(use_true_random=False),
)
def test_the_players_table_whatever_the_order(rows, rnd):
    got = players(rows)
    again = list(rows)
    rnd.shuffle(again)
    assert players(again) == got
    assert sorted(r.key for r in got) == sorted({p.key for p in rows})
    for r in got:
        mine = [p for p in rows if p.key == r.key]
        assert r.won == sum(p.won for p in mine)
        assert r.nights == len(mine)
        latest = max(mine, key=lambda p: p.night)
        assert (r.name, r.team) == (latest.name, latest.team)
        assert r.place == 1 + sum(1 for o in got if o.won > r.won)
    assert [(-r.won, r.name.casefold(), r.key) for r in got] == sorted(
        (-r.won, r.name.casefold(), r.key) for r in got
    )


def test_a_long_league_is_stable():
    rnd = random.Random(11)
    league = tuple(range(1, 13))
    rules = Rules(best_pairs=4, points_by=PLACE, place_points=(10, 8, 6, 4, 2), tiebreaks=TIEBREAKS)
    nights = []
    for number in range(1, 31):
        if number % 3:
            teams = tuple(rnd.sample(league, 8))
            pairs = tuple(
                P(t, rnd.randint(0, 24), rnd.randint(0, 24)) for t in teams for _ in range(5)
            )
            nights.append(Night(number, TEAMS, teams, pairs))
        else:
            a, b = rnd.sample(league, 2)
            pairs = tuple(
                P(t, rnd.randint(0, 24), rnd.randint(0, 24)) for t in (a, b) for _ in range(4)
            )
            nights.append(Night(number, MATCH, (a, b), pairs))
    got = table(league, nights, rules)
    assert len(got) == 12
    assert table(league[::-1], nights[::-1], rules) == got
    assert sum(r.played for r in got) == 20 * 8 + 10 * 2
