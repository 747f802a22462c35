"""The team match (drives/team_match.py): two teams, every pair of one meets every pair of
the other exactly once; the smaller team stays, the larger moves up one table a game.

Worked examples written out by hand, then the properties for 2 to 12 pairs a team.
"""

from __future__ import annotations

import doctest
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drives import movement, team_match
from drives.movement import MovementError, Table
from drives.team_match import MAX_SIDE, Match, Round, TeamMatch

# --- Worked examples -------------------------------------------------------------------
# Each game as (table, pairs) with the pair that stays first; a table of one is a sit-out.

WORKED = [
    pytest.param(
        (1, 2, 3),
        (4, 5, 6),
        [
            [(1, (1, 4)), (2, (2, 5)), (3, (3, 6))],
            [(1, (1, 6)), (2, (2, 4)), (3, (3, 5))],
            [(1, (1, 5)), (2, (2, 6)), (3, (3, 4))],
        ],
        id="3 v 3: equal teams, team 1 stays, no sit-out",
    ),
    pytest.param(
        (2, 1),
        (5, 3, 4),
        [
            [(1, (1, 3)), (2, (2, 4)), (3, (5,))],
            [(1, (1, 5)), (2, (2, 3)), (3, (4,))],
            [(1, (1, 4)), (2, (2, 5)), (3, (3,))],
        ],
        id="2 v 3: one sit-out a game, the pairs given in any order",
    ),
    pytest.param(
        (1, 2, 3, 4),
        (5, 6),
        [
            [(1, (5, 1)), (2, (6, 2)), (3, (3,)), (4, (4,))],
            [(1, (5, 4)), (2, (6, 1)), (3, (2,)), (4, (3,))],
            [(1, (5, 3)), (2, (6, 4)), (3, (1,)), (4, (2,))],
            [(1, (5, 2)), (2, (6, 3)), (3, (4,)), (4, (1,))],
        ],
        id="4 v 2: team 2 is the smaller, so team 2 stays; two sit-outs a game",
    ),
    pytest.param((7,), (9,), [[(1, (7, 9))]], id="1 v 1: one game at one table"),
]


def laid_out(seating: movement.Seating) -> list[tuple[int, tuple[int, ...]]]:
    return [(t.number, t.pairs) for t in seating]


@pytest.mark.parametrize(("side1", "side2", "games"), WORKED)
def test_the_games_of_a_worked_example(side1, side2, games):
    match = TeamMatch(side1=side1, side2=side2)
    assert match.rounds == match.tables == len(games)
    assert [laid_out(match.seating(g)) for g in range(1, match.rounds + 1)] == games


@pytest.mark.parametrize(("side1", "side2", "games"), WORKED)
def test_each_game_follows_from_the_one_before_whoever_won(side1, side2, games):
    match = TeamMatch(side1=side1, side2=side2)
    for game in range(1, match.rounds):
        seating = match.seating(game)
        # The second pair of every table won: it moves nobody.
        won = {t.number: t.pairs[-1] for t in seating if not t.is_sitout}
        assert match.next_seating(seating, won) == match.seating(game + 1)
        assert match.round_of(seating) == game


@pytest.mark.parametrize(
    ("side1", "side2", "stationary", "moving", "side", "sitouts"),
    [
        ((1, 2, 3), (4, 5, 6), (1, 2, 3), (4, 5, 6), 1, 0),
        ((3, 1), (5, 4, 2), (1, 3), (2, 4, 5), 1, 1),
        ((1, 2, 3, 4), (6, 5), (5, 6), (1, 2, 3, 4), 2, 2),
        ((7,), (9,), (7,), (9,), 1, 0),
    ],
)
def test_the_smaller_team_stays_and_team_1_when_equal(
    side1, side2, stationary, moving, side, sitouts
):
    match = TeamMatch(side1=side1, side2=side2)
    assert (match.stationary, match.moving, match.stationary_side) == (stationary, moving, side)
    assert match.sitouts == sitouts
    assert (match.side1, match.side2) == (tuple(sorted(side1)), tuple(sorted(side2)))


def test_the_tables_say_where_each_pair_came_from_and_nobody_deals_first():
    match = TeamMatch(side1=(1, 2), side2=(3, 4, 5))
    assert match.seating(1) == (
        Table(1, (1, 3), None, (None, None)),
        Table(2, (2, 4), None, (None, None)),
        Table(3, (5,), None, (None,)),
    )
    # Game 2: pair 5 comes round from the last table to table 1; 3 moves up to 2, 4 to 3.
    assert match.seating(2) == (
        Table(1, (1, 5), None, (1, 3)),
        Table(2, (2, 3), None, (2, 1)),
        Table(3, (4,), None, (2,)),
    )


def test_the_schedule_for_printing():
    match = TeamMatch(side1=(1, 2), side2=(3, 4, 5, 6))
    assert match.schedule() == (
        Round(1, (Match(1, 1, 3), Match(2, 2, 4)), (5, 6)),
        Round(2, (Match(1, 1, 6), Match(2, 2, 3)), (4, 5)),
        Round(3, (Match(1, 1, 5), Match(2, 2, 6)), (3, 4)),
        Round(4, (Match(1, 1, 4), Match(2, 2, 5)), (6, 3)),
    )
    assert TeamMatch(side1=(1,), side2=(2,)).schedule() == (Round(1, (Match(1, 1, 2),), ()),)


def test_a_drives_pairs_by_their_teams():
    match = TeamMatch.from_sides({4: 2, 1: 1, 3: 2, 2: 1, 5: 2})
    assert (match.side1, match.side2) == ((1, 2), (3, 4, 5))
    assert match == TeamMatch(side1=(2, 1), side2=(5, 4, 3))
    assert TeamMatch.name == match.name == "team_match"


def test_the_module_examples_hold():
    assert doctest.testmod(team_match).failed == 0


# --- What it refuses -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("side1", "side2", "message"),
    [
        ((), (1, 2), "A team match needs pairs on both teams: team 1 has none."),
        ((1, 2), (), "A team match needs pairs on both teams: team 2 has none."),
        ((1, 2), (2, 3), "Pair 2 is on both teams: a pair plays for one team."),
        ((1, 5, 2), (5, 2, 3), "Pair 2 is on both teams: a pair plays for one team."),
        ((1, 1, 2), (3,), "Pair 1 is listed twice on team 1."),
        ((1, 2, 2), (3,), "Pair 2 is listed twice on team 1."),
        ((1,), (3, 4, 4, 3), "Pair 3 is listed twice on team 2."),
        (
            range(1, 42),
            (100,),
            "A team in a team match has at most 40 pairs: team 1 has 41.",
        ),
        (
            (100,),
            range(1, 42),
            "A team in a team match has at most 40 pairs: team 2 has 41.",
        ),
    ],
)
def test_teams_that_cannot_meet_are_refused_in_plain_words(side1, side2, message):
    with pytest.raises(MovementError) as caught:
        TeamMatch(side1=side1, side2=side2)
    assert caught.value.args[0] == message


def test_forty_pairs_a_team_is_the_most():
    match = TeamMatch(side1=range(1, 41), side2=range(41, 81))
    assert MAX_SIDE == 40
    assert match.rounds == match.tables == 40


@pytest.mark.parametrize(
    ("sides", "message"),
    [
        (
            {1: 1, 2: 2, 3: None},
            "Every pair of a team match plays for one of its two teams: pair 3 has none.",
        ),
        (
            {1: 1, 5: None, 2: 2, 3: None},
            "Every pair of a team match plays for one of its two teams: pairs 3 and 5 have none.",
        ),
        (
            {1: 1, 2: None, 3: None, 4: None},
            "Every pair of a team match plays for one of its two teams: pairs 2, 3 and 4 have "
            "none.",
        ),
        (
            {1: 1, 2: 2, 7: 3, 4: 4},
            "A team match is between team 1 and team 2: pair 4 plays for team 4.",
        ),
        ({1: 1, 2: 1}, "A team match needs pairs on both teams: team 2 has none."),
        ({}, "A team match needs pairs on both teams: team 1 has none."),
    ],
)
def test_a_drives_pairs_without_their_teams_are_refused_naming_them(sides, message):
    with pytest.raises(MovementError) as caught:
        TeamMatch.from_sides(sides)
    assert caught.value.args[0] == message


def test_the_pairs_without_a_team_are_said_as_a_marked_plural_sentence():
    with pytest.raises(MovementError) as caught:
        TeamMatch.from_sides({1: 1, 2: None, 3: None})
    said = caught.value.args[0]
    assert said.msgid.endswith("pair {pairs} has none.")
    assert said.plural.endswith("pairs {pairs} have none.")
    assert said.count == 2


@pytest.mark.parametrize("game", [0, 4, -1])
def test_a_game_the_match_does_not_have_is_refused(game):
    with pytest.raises(MovementError, match=f"a team match of 3 games has no game {game}"):
        TeamMatch(side1=(1, 2), side2=(3, 4, 5)).seating(game)


MATCH = TeamMatch(side1=(1, 2), side2=(3, 4, 5))


@pytest.mark.parametrize(
    ("seating", "message"),
    [
        pytest.param(
            (Table(1, (1, 4)), Table(2, (2, 3)), Table(3, (5,))),
            "that seating is none of the team match's games",
            id="the moving pairs out of step",
        ),
        pytest.param(
            (Table(1, (1, 3)), Table(2, (2, 4))),
            "that seating is none of the team match's games",
            id="a pair missing",
        ),
        pytest.param(
            (Table(1, (3, 1)), Table(2, (2, 4)), Table(3, (5,))),
            "that seating is none of the team match's games",
            id="the pairs of a table the other way round",
        ),
        pytest.param(
            (Table(1, (1, 5)), Table(2, (2, 4)), Table(4, (3,))),
            "that seating is none of the team match's games",
            id="the first moving pair at a table past the last",
        ),
        pytest.param(
            (Table(1, (1, 5)), Table(2, (2,)), Table(3, (4,))),
            "that seating is none of the team match's games",
            id="the first moving pair not seated",
        ),
        pytest.param(
            (Table(1, (1, 3)), Table(2, (2, 3)), Table(3, (5,))),
            "pair 3 is seated twice",
            id="not well formed",
        ),
    ],
)
def test_a_seating_that_is_none_of_its_games_is_refused(seating, message):
    with pytest.raises(MovementError) as caught:
        MATCH.round_of(seating)
    assert caught.value.args[0] == message


def test_round_of_reads_the_tables_and_pairs_not_who_deals():
    seating = tuple(Table(t.number, t.pairs, t.pairs[0], ()) for t in MATCH.seating(2))
    assert MATCH.round_of(seating) == 2


@pytest.mark.parametrize(
    ("winners", "message"),
    [
        ({1: 1}, "table 2 has no result"),
        ({1: 1, 2: 9}, "pair 9 did not play at table 2"),
    ],
)
def test_moving_on_needs_every_tables_result(winners, message):
    with pytest.raises(MovementError, match=message):
        MATCH.next_seating(MATCH.seating(1), winners)


def test_there_is_no_game_after_the_last():
    last = MATCH.seating(3)
    with pytest.raises(MovementError, match="game 3 is the team match's last"):
        MATCH.next_seating(last, {1: 1, 2: 2})


def test_several_sit_outs_are_a_team_matchs_own():
    seating = TeamMatch(side1=(1,), side2=(2, 3, 4)).seating(1)
    team_match.validate(seating)  # three tables, two of them sit-outs: well formed
    with pytest.raises(MovementError, match="more than one table is half-empty"):
        movement.validate(seating)
    with pytest.raises(MovementError, match="pair 2 is seated twice"):
        team_match.validate((Table(1, (1, 2)), Table(2, (2,))))


# --- Properties, 2 to 12 pairs a team ----------------------------------------------------


@st.composite
def teams(draw, least: int = 2, most: int = 12) -> tuple[list[int], list[int]]:
    """Two teams of 2 to 12 pairs each, any pair numbers, in any order."""
    one = draw(st.integers(least, most))
    two = draw(st.integers(least, most))
    numbers = draw(
        st.lists(st.integers(1, 9999), min_size=one + two, max_size=one + two, unique=True)
    )
    return numbers[:one], numbers[one:]


def games_of(match: TeamMatch) -> list[movement.Seating]:
    return [match.seating(g) for g in range(1, match.rounds + 1)]


@given(teams())
def test_every_pair_meets_every_pair_of_the_other_team_exactly_once(sides):
    side1, side2 = sides
    match = TeamMatch(side1=side1, side2=side2)
    met = Counter(
        frozenset(t.pairs) for seating in games_of(match) for t in seating if not t.is_sitout
    )
    assert met == Counter({frozenset((a, b)): 1 for a in side1 for b in side2})
    assert match.rounds == max(len(side1), len(side2))


@given(teams())
def test_no_pair_plays_twice_in_a_game_or_meets_its_own_team(sides):
    side1, side2 = sides
    match = TeamMatch(side1=side1, side2=side2)
    for seating in games_of(match):
        team_match.validate(seating)
        assert sorted(p for t in seating for p in t.pairs) == sorted(side1 + side2)
        assert [t.number for t in seating] == list(range(1, match.tables + 1))
        for t in seating:
            if not t.is_sitout:
                assert len({p in side1 for p in t.pairs}) == 2
            assert t.deals_first is None


@given(teams())
def test_the_sit_outs_are_spread_evenly(sides):
    side1, side2 = sides
    match = TeamMatch(side1=side1, side2=side2)
    n, m = len(match.moving), len(match.stationary)
    sat_out = Counter()
    for seating in games_of(match):
        out = [t.pairs[0] for t in seating if t.is_sitout]
        assert len(out) == n - m == match.sitouts
        sat_out.update(out)
    assert sat_out == Counter({p: n - m for p in match.moving if n > m})


@given(teams())
def test_the_staying_team_never_sits_out_and_never_moves(sides):
    side1, side2 = sides
    match = TeamMatch(side1=side1, side2=side2)
    assert len(match.stationary) == min(len(side1), len(side2))
    for game, seating in enumerate(games_of(match), start=1):
        where = movement.table_of(seating)
        for i, pair in enumerate(match.stationary):
            table = seating[i]
            assert where[pair] == i + 1 and table.pairs[0] == pair and not table.is_sitout
            assert table.came_from[0] == (None if game == 1 else i + 1)


@given(teams())
def test_each_moving_pair_moves_up_one_table_wrapping_to_table_1(sides):
    side1, side2 = sides
    match = TeamMatch(side1=side1, side2=side2)
    seatings = games_of(match)
    n = match.tables
    for before, after in zip(seatings, seatings[1:], strict=False):
        was, now = movement.table_of(before), movement.table_of(after)
        for pair in match.moving:
            assert now[pair] == was[pair] % n + 1
        came = {p: t.came_from[i] for t in after for i, p in enumerate(t.pairs)}
        assert came == was
    assert all(c is None for t in seatings[0] for c in t.came_from)


@given(teams(), st.randoms(use_true_random=False))
def test_next_seating_gives_the_next_game_whoever_won(sides, rnd):
    side1, side2 = sides
    match = TeamMatch(side1=side1, side2=side2)
    for game in range(1, match.rounds):
        seating = match.seating(game)
        won = {t.number: rnd.choice(t.pairs) for t in seating if not t.is_sitout}
        assert match.next_seating(seating, won) == match.seating(game + 1)


@given(teams())
def test_round_of_says_which_game_a_seating_is(sides):
    side1, side2 = sides
    match = TeamMatch(side1=side1, side2=side2)
    for game in range(1, match.rounds + 1):
        assert match.round_of(match.seating(game)) == game


@given(teams(), st.randoms(use_true_random=False))
def test_the_pair_numbers_in_any_order_give_the_same_schedule(sides, rnd):
    side1, side2 = sides
    shuffled1, shuffled2 = list(side1), list(side2)
    rnd.shuffle(shuffled1)
    rnd.shuffle(shuffled2)
    match = TeamMatch(side1=side1, side2=side2)
    again = TeamMatch(side1=shuffled1, side2=shuffled2)
    assert again == match
    assert again.schedule() == match.schedule()
    assert games_of(again) == games_of(match)
    by_sides = TeamMatch.from_sides({**dict.fromkeys(shuffled2, 2), **dict.fromkeys(side1, 1)})
    assert by_sides.schedule() == match.schedule()


@given(teams())
def test_the_schedule_is_the_seatings(sides):
    side1, side2 = sides
    match = TeamMatch(side1=side1, side2=side2)
    for row, seating in zip(match.schedule(), games_of(match), strict=True):
        assert [(m.table, m.staying, m.moving) for m in row.tables] == [
            (t.number, *t.pairs) for t in seating if not t.is_sitout
        ]
        assert row.sitting_out == tuple(t.pairs[0] for t in seating if t.is_sitout)
    assert [row.game for row in match.schedule()] == list(range(1, match.rounds + 1))
