"""Places by score level (prizes/places.py): the words of its notes and refusals, and what
counts as a pair number, a games count and a number of places.

tests/prizes/test_standings.py says who gets which place; this file says the rest word for word,
with the msgid and values each sentence keeps for the organizer's language.
"""

from __future__ import annotations

import pytest

from prizes.places import PrizeError, and_list, check_tallies, pair_list, place_groups


@pytest.mark.parametrize(
    ("tallies", "places", "note", "msgid", "plural", "count"),
    [
        (
            {},
            1,
            "Prize 1 is not awarded: no pair has a score.",
            "Prize {numbers} is not awarded: no pair has a score.",
            "Prizes {numbers} are not awarded: no pair has a score.",
            1,
        ),
        (
            {},
            2,
            "Prizes 1 and 2 are not awarded: no pair has a score.",
            "Prize {numbers} is not awarded: no pair has a score.",
            "Prizes {numbers} are not awarded: no pair has a score.",
            2,
        ),
        (
            {4: 6},
            2,
            "Prize 2 is not awarded: there is only 1 different score.",
            "Prize {numbers} is not awarded: {scores}.",
            "Prizes {numbers} are not awarded: {scores}.",
            1,
        ),
        (
            {4: 6, 5: 2},
            4,
            "Prizes 3 and 4 are not awarded: there are only 2 different scores.",
            "Prize {numbers} is not awarded: {scores}.",
            "Prizes {numbers} are not awarded: {scores}.",
            2,
        ),
    ],
)
def test_a_note_says_which_prizes_are_not_awarded_and_why(
    tallies, places, note, msgid, plural, count
):
    (said,) = place_groups(tallies, places).notes
    assert said == note
    assert (said.msgid, said.plural, said.count) == (msgid, plural, count)


def test_the_number_of_different_scores_is_a_sentence_of_its_own():
    (said,) = place_groups({4: 6, 5: 2}, places=3).notes
    scores = said.params["scores"]
    assert said.params["numbers"] == "3"
    assert scores == "there are only 2 different scores"
    assert (scores.msgid, scores.plural, scores.count) == (
        "there is only {n} different score",
        "there are only {n} different scores",
        2,
    )
    assert scores.params == {"n": 2}


@pytest.mark.parametrize(
    ("tallies", "message", "msgid", "params"),
    [
        ({0: 4}, "0 is not a pair number.", "{pair} is not a pair number.", {"pair": "0"}),
        ({-2: 4}, "-2 is not a pair number.", "{pair} is not a pair number.", {"pair": "-2"}),
        ({True: 4}, "True is not a pair number.", "{pair} is not a pair number.", {"pair": "True"}),
        ({"3": 4}, "'3' is not a pair number.", "{pair} is not a pair number.", {"pair": "'3'"}),
        (
            {2: -1},
            "Pair 2 has a games count of -1, which is not possible.",
            "Pair {pair} has a games count of {games}, which is not possible.",
            {"pair": 2, "games": "-1"},
        ),
        (
            {2: True},
            "Pair 2 has a games count of True, which is not possible.",
            "Pair {pair} has a games count of {games}, which is not possible.",
            {"pair": 2, "games": "True"},
        ),
        (
            {2: 2.5},
            "Pair 2 has a games count of 2.5, which is not possible.",
            "Pair {pair} has a games count of {games}, which is not possible.",
            {"pair": 2, "games": "2.5"},
        ),
        (
            {2: "7"},
            "Pair 2 has a games count of '7', which is not possible.",
            "Pair {pair} has a games count of {games}, which is not possible.",
            {"pair": 2, "games": "'7'"},
        ),
    ],
)
def test_a_tally_that_cannot_be_is_refused_saying_which(tallies, message, msgid, params):
    with pytest.raises(PrizeError) as refused:
        check_tallies(tallies)
    (said,) = refused.value.args
    assert (said, said.msgid, said.params) == (message, msgid, params)


def test_pair_1_and_no_games_are_a_tally():
    check_tallies({1: 0, 2: 25})


@pytest.mark.parametrize(
    ("places", "message"),
    [
        (-1, "The number of prize places must be 0 or more, not -1."),
        (True, "The number of prize places must be 0 or more, not True."),
        (2.0, "The number of prize places must be 0 or more, not 2.0."),
        ("3", "The number of prize places must be 0 or more, not '3'."),
    ],
)
def test_a_number_of_places_that_cannot_be_is_refused(places, message):
    with pytest.raises(PrizeError) as refused:
        place_groups({1: 4}, places)
    (said,) = refused.value.args
    assert said == message
    assert said.msgid == "The number of prize places must be 0 or more, not {places}."


def test_a_pair_without_a_place_has_no_group():
    s = place_groups({1: 5, 2: 4, 3: 3}, places=2)
    assert s.group_of(3) is None and s.group_of(99) is None
    assert s.group_of(2).place == 2


@pytest.mark.parametrize(
    ("items", "text"),
    [([], ""), (["3"], "3"), (["3", "5"], "3 and 5"), (["3", "5", "7"], "3, 5 and 7")],
)
def test_words_are_joined_as_a_person_reads_them_out(items, text):
    assert and_list(items) == text


def test_a_list_of_pairs_keeps_its_msgid_and_count():
    said = pair_list([9, 4])
    assert (said.msgid, said.plural, said.count) == ("pair {numbers}", "pairs {numbers}", 2)
    assert said.params["numbers"].msgid == "{items} and {last}"
    assert pair_list([4]).count == 1
