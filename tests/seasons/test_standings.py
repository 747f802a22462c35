"""A series' standings from its nights (seasons/standings.py): pure, no database."""

import doctest
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seasons import standings as series
from seasons.standings import (
    GAMES,
    PAIRS,
    POINTS,
    Night,
    Row,
    Rules,
    choose_best,
    places_by_level,
    standings,
)


def row(a, b, won, place):
    return Row((a, b), (a.title(), b.title()), won, place)


def table(entries):
    return [
        (e.key, e.total, e.place, e.qualified, [(n.night, n.score, n.counts) for n in e.nights])
        for e in entries
    ]


# ---- worked examples -------------------------------------------------------------------

FOUR_NIGHTS = [
    Night(1, (row("ann", "bob", 12, 1), row("cy", "di", 9, 2), row("ed", "flo", 9, 2))),
    Night(2, (row("ann", "cy", 10, 1), row("bob", "di", 7, 2), row("ed", "flo", 3, 3))),
    Night(3, (row("ann", "bob", 8, 2), row("cy", "ed", 11, 1))),
    Night(4, (row("bob", "ed", 10, 1), row("ann", "di", 10, 1), row("cy", "gus", 4, 2))),
]


def test_games_won_all_nights_by_player():
    got = standings(FOUR_NIGHTS, Rules(counts=GAMES, min_nights=3))
    assert [(e.key, e.total, e.place, e.qualified, e.played) for e in got] == [
        (("ann",), 40, 1, True, 4),
        (("bob",), 37, 2, True, 4),
        (("cy",), 34, 3, True, 4),
        (("ed",), 33, 4, True, 4),
        (("di",), 26, 5, True, 3),
        (("flo",), 12, None, False, 2),
        (("gus",), 4, None, False, 1),
    ]


def test_best_three_of_four_drops_each_persons_lowest_night():
    got = standings(FOUR_NIGHTS, Rules(counts=GAMES, best=3, min_nights=3))
    assert table(got)[:4] == [
        (("ann",), 32, 1, True, [(1, 12, True), (2, 10, True), (3, 8, False), (4, 10, True)]),
        (("bob",), 30, 2, True, [(1, 12, True), (2, 7, False), (3, 8, True), (4, 10, True)]),
        (("cy",), 30, 2, True, [(1, 9, True), (2, 10, True), (3, 11, True), (4, 4, False)]),
        (("ed",), 30, 2, True, [(1, 9, True), (2, 3, False), (3, 11, True), (4, 10, True)]),
    ]
    # Di played three nights: all three count, best 3 or not.
    di = next(e for e in got if e.key == ("di",))
    assert (di.total, di.place, len(di.counted)) == (26, 3, 3)


def test_points_by_place_with_a_shared_first():
    rules = Rules(counts=POINTS, points=(10, 8, 6), min_nights=1)
    got = standings(FOUR_NIGHTS[3:], rules)
    assert [(e.key, e.total, e.place) for e in got] == [
        (("ann",), 10, 1),
        (("bob",), 10, 1),
        (("di",), 10, 1),
        (("ed",), 10, 1),
        (("cy",), 8, 2),
        (("gus",), 8, 2),
    ]


def test_a_place_past_the_points_table_scores_nothing():
    rules = Rules(counts=POINTS, points=(5,))
    got = standings([Night(1, (row("a", "b", 9, 1), row("c", "d", 2, 2)))], rules)
    assert [(e.key, e.total, e.place) for e in got] == [
        (("a",), 5, 1),
        (("b",), 5, 1),
        (("c",), 0, 2),
        (("d",), 0, 2),
    ]


def test_by_pairs_the_same_two_players_whatever_their_seats():
    nights = [
        Night(1, (Row(("bob", "ann"), ("Bob", "Ann"), 9, 1), row("cy", "di", 4, 2))),
        Night(2, (Row(("ann", "bob"), ("Ann", "Bob"), 5, 2), row("cy", "ed", 8, 1))),
    ]
    got = standings(nights, Rules(counts=GAMES, by=PAIRS))
    assert [(e.key, e.names, e.total, e.played) for e in got] == [
        (("ann", "bob"), ("Ann", "Bob"), 14, 2),
        (("cy", "ed"), ("Cy", "Ed"), 8, 1),
        (("cy", "di"), ("Cy", "Di"), 4, 1),
    ]


def test_equal_nights_the_earlier_counts():
    assert choose_best([(3, 5), (1, 5), (2, 5)], best=2) == frozenset({1, 2})
    assert choose_best([(3, 5), (1, 5)], best=None) == frozenset({1, 3})


def test_the_unqualified_hold_no_place_and_follow_the_qualified():
    nights = [Night(1, (row("a", "b", 20, 1),)), Night(2, (row("c", "d", 3, 1),))]
    nights.append(Night(3, (row("c", "d", 2, 1),)))
    got = standings(nights, Rules(min_nights=2))
    assert [(e.key, e.place, e.qualified) for e in got] == [
        (("c",), 1, True),
        (("d",), 1, True),
        (("a",), None, False),
        (("b",), None, False),
    ]


def test_a_person_typed_into_two_pairs_one_night_keeps_the_better_row():
    night = Night(1, (row("a", "b", 4, 2), row("a", "c", 7, 1)))
    got = {e.key: e.total for e in standings([night], Rules())}
    assert got == {("a",): 7, ("b",): 4, ("c",): 7}


def test_the_name_shown_is_the_one_most_often_written():
    nights = [
        Night(1, (Row(("k",), ("Mary MacNeil",), 5, 1),)),
        Night(2, (Row(("k",), ("Mary MacNeil",), 5, 1),)),
        Night(3, (Row(("k",), ("mary macneil",), 5, 1),)),
    ]
    (entry,) = standings(nights, Rules())
    assert entry.names == ("Mary MacNeil",)


def test_between_spellings_written_as_often_the_latest_nights():
    nights = [
        Night(2, (Row(("k",), ("Mary Theriault",), 5, 1),)),
        Night(1, (Row(("k",), ("mary thériault",), 5, 1),)),
    ]
    (entry,) = standings(nights, Rules())
    assert entry.names == ("Mary Theriault",)


def test_places_by_level_share_a_level():
    assert places_by_level({"a": 3, "b": 9, "c": 9, "d": 1}) == {"a": 2, "b": 1, "c": 1, "d": 3}
    assert places_by_level({}) == {}


@pytest.mark.parametrize(
    "kwargs",
    [
        {"counts": "hands"},
        {"by": "tables"},
        {"best": 0},
        {"min_nights": 0},
        {"counts": POINTS, "points": (10, -1)},
    ],
)
def test_rules_refuse_what_cannot_be(kwargs):
    with pytest.raises(ValueError):
        Rules(**kwargs)


def test_doctests():
    assert doctest.testmod(series).failed == 0


# ---- properties ------------------------------------------------------------------------

keys = st.sampled_from(["ann", "bob", "cy", "di", "ed", "flo", "gus", "hal"])


@st.composite
def nights_st(draw, max_nights=6):
    count = draw(st.integers(0, max_nights))
    nights = []
    for number in range(1, count + 1):
        people = draw(st.lists(keys, min_size=0, max_size=8, unique=True))
        pairs = [tuple(people[i : i + 2]) for i in range(0, len(people) - 1, 2)]
        won = {p: draw(st.integers(0, 20)) for p in pairs}
        place = places_by_level(won)
        rows = tuple(Row(p, p, won[p], place[p]) for p in pairs)
        nights.append(Night(number, rows))
    return nights


rules_st = st.builds(
    Rules,
    counts=st.sampled_from([GAMES, POINTS]),
    points=st.lists(st.integers(0, 12), max_size=5).map(tuple),
    best=st.none() | st.integers(1, 6),
    min_nights=st.integers(1, 4),
    by=st.sampled_from(["players", PAIRS]),
)


def totals(entries):
    return {e.key: e.total for e in entries}


@given(nights_st(), rules_st, st.integers(1, 6))
def test_best_n_never_exceeds_all(nights, rules, best):
    all_rules = Rules(rules.counts, rules.points, None, rules.min_nights, rules.by)
    best_rules = Rules(rules.counts, rules.points, best, rules.min_nights, rules.by)
    every = totals(standings(nights, all_rules))
    for key, total in totals(standings(nights, best_rules)).items():
        assert total <= every[key]


@given(
    nights_st(), rules_st, st.lists(keys, min_size=2, max_size=2, unique=True), st.integers(0, 20)
)
def test_adding_a_night_never_lowers_a_total(nights, rules, pair, won):
    before = totals(standings(nights, rules))
    extra = Night(len(nights) + 1, (Row(tuple(pair), tuple(pair), won, 1),))
    after = totals(standings([*nights, extra], rules))
    for key, total in before.items():
        assert after[key] >= total


@given(nights_st(), rules_st, st.randoms(use_true_random=False))
def test_the_order_nights_come_in_changes_nothing(nights, rules, rnd):
    shuffled = list(nights)
    rnd.shuffle(shuffled)
    assert standings(shuffled, rules) == standings(nights, rules)


@given(nights_st(), rules_st)
def test_by_pair_is_by_the_two_players_keys(nights, rules):
    by_pair = Rules(rules.counts, rules.points, rules.best, rules.min_nights, PAIRS)
    swapped = [
        Night(n.number, tuple(Row(r.keys[::-1], r.names[::-1], r.won, r.place) for r in n.rows))
        for n in nights
    ]
    assert standings(swapped, by_pair) == standings(nights, by_pair)
    for entry in standings(nights, by_pair):
        assert list(entry.key) == sorted(entry.key) and len(entry.key) == 2


@given(nights_st(), rules_st)
def test_counted_nights_make_the_total_and_places_follow_totals(nights, rules):
    got = standings(nights, rules)
    for e in got:
        counted = e.counted
        assert e.total == sum(n.score for n in counted)
        assert len(counted) == (e.played if rules.best is None else min(rules.best, e.played))
        assert e.qualified == (e.played >= rules.min_nights)
        # No night left out scores more than a night that counts.
        if counted:
            assert all(n.score <= min(c.score for c in counted) for n in e.nights if not n.counts)
    qualified = [e for e in got if e.qualified]
    assert [e.place for e in qualified] == sorted(e.place for e in qualified)
    for a in qualified:
        for b in qualified:
            assert (a.place == b.place) == (a.total == b.total)
            if a.total > b.total:
                assert a.place < b.place
    assert all(e.place is None for e in got if not e.qualified)
    assert len({e.key for e in got}) == len(got)


def test_random_series_of_thirty_nights_by_sixty_pairs_is_stable():
    rnd = random.Random(27)
    people = [f"p{i}" for i in range(150)]
    nights = []
    for number in range(1, 31):
        chosen = rnd.sample(people, 120)
        pairs = [tuple(chosen[i : i + 2]) for i in range(0, 120, 2)]
        won = {p: rnd.randint(0, 20) for p in pairs}
        place = places_by_level(won)
        nights.append(Night(number, tuple(Row(p, p, won[p], place[p]) for p in pairs)))
    rules = Rules(counts=GAMES, best=10, min_nights=5)
    got = standings(nights, rules)
    assert len(got) == len({k for n in nights for r in n.rows for k in r.keys})
    assert standings(list(reversed(nights)), rules) == got


# ---- each rule said and each edge pinned ------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "said"),
    [
        ({"counts": "wins"}, "counts must be 'games' or 'points', not 'wins'"),
        ({"by": "teams"}, "by must be 'players' or 'pairs', not 'teams'"),
        ({"best": 0}, "best must be None or 1 or more"),
        ({"min_nights": 0}, "min_nights must be 1 or more"),
        ({"points": (10, -1)}, "points must be 0 or more"),
    ],
)
def test_a_rule_out_of_bounds_is_refused_in_its_words(rules, said):
    with pytest.raises(ValueError) as refused:
        Rules(**rules)
    assert str(refused.value) == said


def test_points_by_place_from_the_first_place_to_the_last_listed_and_none_outside():
    rules = Rules(counts=POINTS, points=(10, 8, 6))
    assert [rules.score(won=0, place=p) for p in (0, 1, 2, 3, 4)] == [0, 10, 8, 6, 0]
    night = Night(1, (Row(("a",), ("A",), 5, 0), Row(("b",), ("B",), 4, 3)))
    assert [(e.key, e.total) for e in standings([night], rules)] == [(("b",), 6), (("a",), 0)]


def kept(first: Row, second: Row) -> str:
    """Who of two rows of one person on one night the standings keep: its name."""
    ((names, _row),) = series.entries_of(Night(1, (first, second)), series.PLAYERS).values()
    return names[0]


@pytest.mark.parametrize(
    ("first", "second", "kept_name"),
    [
        ((5, 2), (6, 3), "second"),  # more games won, whatever the place
        ((6, 3), (5, 1), "first"),  # fewer games won, even at a better place
        ((5, 2), (5, 1), "second"),  # as many games, a better place
        ((5, 1), (5, 2), "first"),
        ((5, 1), (5, 1), "first"),  # the same: the first stays
        ((5, 2), (4, 1), "first"),
    ],
)
def test_a_person_typed_into_two_pairs_keeps_the_better_row(first, second, kept_name):
    a = Row(("ann",), ("first",), *first)
    b = Row(("ann",), ("second",), *second)
    assert kept(a, b) == kept_name


def test_a_row_whose_keys_and_names_differ_in_number_is_refused():
    night = Night(1, (Row(("ann", "bob"), ("Ann",), 5, 1),))
    for by in (series.PLAYERS, PAIRS):
        with pytest.raises(ValueError):
            series.entries_of(night, by)


def test_the_name_written_most_often_wins_over_a_later_one_written_less():
    nights = [Night(n, (Row(("ann",), ("Ann",), 1, 1),)) for n in (1, 2, 3)]
    nights += [Night(n, (Row(("ann",), ("ANN",), 1, 1),)) for n in (9, 10)]
    (entry,) = standings(nights, Rules())
    assert entry.names == ("Ann",)


def test_each_night_keeps_its_games_won_and_place():
    nights = [
        Night(1, (Row(("ann",), ("Ann",), 7, 2), Row(("bob",), ("Bob",), 9, 1))),
        Night(2, (Row(("ann",), ("Ann",), 4, 1),)),
    ]
    ann = next(e for e in standings(nights, Rules(best=1)) if e.key == ("ann",))
    assert [(n.night, n.won, n.place, n.score, n.counts) for n in ann.nights] == [
        (1, 7, 2, 7, True),
        (2, 4, 1, 4, False),
    ]
