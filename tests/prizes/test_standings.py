"""Places by score level (scoring/standings.py): pure, no database."""

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

from prizes import places as standings
from prizes.places import PlaceGroup, PrizeError, pair_list, place_groups, score_levels

tallies_st = st.dictionaries(st.integers(1, 120), st.integers(0, 25), max_size=40)


def summary(s):
    return [(g.place, g.level, g.pairs) for g in s.groups]


def test_source_example_with_a_twelve():
    s = place_groups({1: 18, 2: 18, 3: 16, 4: 15, 5: 15, 6: 12}, places=3)
    first, second, third = s.groups
    assert (first.place, first.level, first.pairs, first.is_tie) == (1, 18, (1, 2), True)
    assert (second.place, second.level, second.pairs, second.is_tie) == (2, 16, (3,), False)
    assert (third.place, third.level, third.pairs, third.is_tie) == (3, 15, (4, 5), True)
    assert s.unplaced == (6,)
    assert s.group_of(6) is None
    assert s.unawarded == ()
    assert s.notes == ()


def test_source_example_as_written_in_the_spec():
    s = place_groups({11: 18, 12: 18, 13: 16, 14: 15, 15: 15})
    assert summary(s) == [(1, 18, (11, 12)), (2, 16, (13,)), (3, 15, (14, 15))]
    assert s.unplaced == ()


def test_default_is_three_places():
    s = place_groups({p: p for p in range(1, 7)})
    assert s.places == 3
    assert summary(s) == [(1, 6, (6,)), (2, 5, (5,)), (3, 4, (4,))]
    assert s.unplaced == (3, 2, 1)


def test_three_way_ties_at_every_level():
    tallies = {1: 18, 2: 18, 3: 18, 4: 16, 5: 16, 6: 16, 7: 15, 8: 15, 9: 15, 10: 12}
    s = place_groups(tallies, places=3)
    assert summary(s) == [(1, 18, (1, 2, 3)), (2, 16, (4, 5, 6)), (3, 15, (7, 8, 9))]
    assert all(g.is_tie for g in s.groups)
    assert s.unplaced == (10,)


def test_all_pairs_tied_share_first_place_and_the_rest_are_not_awarded():
    s = place_groups(dict.fromkeys(range(1, 9), 11), places=3)
    assert summary(s) == [(1, 11, tuple(range(1, 9)))]
    assert s.unawarded == (2, 3)
    assert s.notes == ("Prizes 2 and 3 are not awarded: there is only 1 different score.",)


def test_one_pair_only_takes_first_prize_outright():
    s = place_groups({7: 4}, places=3)
    assert s.groups == (PlaceGroup(1, 4, (7,)),)
    assert not s.groups[0].is_tie
    assert s.unawarded == (2, 3)


def test_fewer_levels_than_places_the_report_says_so():
    s = place_groups({1: 9, 2: 7, 3: 7}, places=3)
    assert s.unawarded == (3,)
    assert s.notes == ("Prize 3 is not awarded: there are only 2 different scores.",)
    s = place_groups({1: 9, 2: 7}, places=5)
    assert s.notes == ("Prizes 3, 4 and 5 are not awarded: there are only 2 different scores.",)


def test_no_pairs_awards_nothing():
    s = place_groups({}, places=3)
    assert s.groups == () and s.unawarded == (1, 2, 3)
    assert s.notes == ("Prizes 1, 2 and 3 are not awarded: no pair has a score.",)


def test_no_places_gives_no_prizes_and_no_note():
    s = place_groups({1: 3, 2: 4}, places=0)
    assert s.groups == () and s.unawarded == () and s.notes == ()
    assert s.unplaced == (2, 1)


def test_a_pair_with_no_games_still_has_a_score_level():
    s = place_groups({1: 5, 2: 0}, places=3)
    assert summary(s) == [(1, 5, (1,)), (2, 0, (2,))]


def test_group_of_finds_the_pairs_place():
    s = place_groups({1: 18, 2: 18, 3: 16})
    assert s.group_of(2).place == 1
    assert s.group_of(3).place == 2
    assert s.placed_pairs == (1, 2, 3)


def test_score_levels_lists_every_tie_group():
    assert score_levels({5: 2, 1: 7, 3: 2, 4: 0}) == ((7, (1,)), (2, (3, 5)), (0, (4,)))


@pytest.mark.parametrize(
    "tallies, places, message",
    [
        ({1: -1}, 3, "Pair 1 has a games count of -1, which is not possible."),
        ({0: 4}, 3, "0 is not a pair number."),
        ({1: 4}, -1, "The number of prize places must be 0 or more, not -1."),
    ],
)
def test_bad_input_is_refused_with_a_plain_sentence(tallies, places, message):
    with pytest.raises(PrizeError) as e:
        place_groups(tallies, places)
    assert str(e.value) == message


def test_prize_error_is_a_value_error():
    assert issubclass(PrizeError, ValueError)


def test_pair_list_reads_like_a_sentence():
    assert pair_list([4]) == "pair 4"
    assert pair_list([9, 4]) == "pairs 4 and 9"
    assert pair_list([9, 4, 12]) == "pairs 4, 9 and 12"


def test_docstring_examples_hold():
    assert doctest.testmod(standings).failed == 0


@given(tallies_st, st.integers(0, 6))
def test_places_follow_distinct_levels(tallies, places):
    s = place_groups(tallies, places)
    levels = sorted(set(tallies.values()), reverse=True)
    assert [g.level for g in s.groups] == levels[:places]
    assert [g.place for g in s.groups] == list(range(1, len(s.groups) + 1))
    assert s.unawarded == tuple(range(len(s.groups) + 1, places + 1))
    assert bool(s.notes) == bool(s.unawarded)
    for g in s.groups:
        # every pair at a level is in that level's group
        assert g.pairs == tuple(sorted(p for p, n in tallies.items() if n == g.level))
    # every pair is placed once or unplaced, never both
    assert sorted(s.placed_pairs + s.unplaced) == sorted(tallies)
    if s.groups:
        assert all(tallies[p] < s.groups[-1].level for p in s.unplaced)


@given(tallies_st, st.integers(0, 6))
def test_places_do_not_depend_on_the_order_pairs_are_listed(tallies, places):
    backwards = dict(reversed(list(tallies.items())))
    assert place_groups(backwards, places) == place_groups(tallies, places)
