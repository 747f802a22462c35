"""Matching a typed name to the club's register (clubs/matching.py): worked examples from a
Cape Breton and Acadian hall, then properties for any name."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from clubs.matching import LIKELY, Candidate, Decision, Entry, Match, Register, fold
from tests.builders.players import strip_accents


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        ("Mary MacNeil", "mary macneil"),
        ("Mary Mc Neil", "mary macneil"),
        ("MARY MCNEIL", "mary macneil"),
        ("Mary Mac Neil", "mary macneil"),
        ("Angus MacDonald", "angus macdonald"),
        ("Angus Mc Donald", "angus macdonald"),
        ("Rémi Thériault", "remi theriault"),
        ("Remi THERIAULT", "remi theriault"),
        ("Jean Le Blanc", "jean leblanc"),
        ("Jean LeBlanc", "jean leblanc"),
        ("Éamon Ó Néill", "eamon oneill"),
        ("Eamon O'Neill", "eamon oneill"),
        ("Eamon O’Neill", "eamon oneill"),
        ("Siobhán Ní Bhriain", "siobhan nibhriain"),
        ("Marie-Claire d'Entremont", "marie claire dentremont"),
        ("Marie Claire D'Entremont", "marie claire dentremont"),
        ("Cécile St. Clair", "cecile stclair"),
        ("Cecile Saint Clair", "cecile stclair"),
        ("  Léo   Doucet ", "leo doucet"),
        ("Zoë Løkke", "zoe lokke"),
        # "Di" or "La" first is a first name: it stays a word of its own...
        ("Di Mac Isaac", "di macisaac"),
        ("La Doucet", "la doucet"),
        # ...while "Mac", "Ó" or "St" first begins a surname ("MacNeil, Mary").
        ("Mac Neil, Mary", "macneil mary"),
        ("O Brien", "obrien"),
        # A name with no letters or digits keeps a key of its own.
        ("♥", "♥"),
        ("? ?", "? ?"),
    ],
)
def test_a_name_folds_to_its_match_key(typed, key):
    assert fold(typed) == key


REGISTER = Register(
    [
        Entry(1, "Mary MacNeil", fold("Mary MacNeil")),
        Entry(2, "Rémi Thériault", fold("Rémi Thériault")),
        Entry(3, "Jean LeBlanc", fold("Jean LeBlanc")),
        Entry(4, "Yvette Doucette", fold("Yvette Doucette")),
        Entry(5, "Angus MacDonald", fold("Angus MacDonald")),
        Entry(6, "Éamon Ó Néill", fold("Éamon Ó Néill")),
        Entry(7, "Margaret Chisholm", fold("Margaret Chisholm")),
        Entry(8, "Angus MacDonald", fold("Angus MacDonald")),  # two men of one name
    ]
)


@pytest.mark.parametrize(
    ("typed", "decision", "first"),
    [
        ("Mary MacNeil", Decision.EXACT, 1),
        ("mary mc neil", Decision.EXACT, 1),
        ("Remi Theriault", Decision.EXACT, 2),
        ("Jean Le Blanc", Decision.EXACT, 3),
        ("Eamon O'Neill", Decision.EXACT, 6),
        ("MacNeil, Mary", Decision.LIKELY, 1),  # words in another order
        ("Mary MacNiel", Decision.LIKELY, 1),  # two letters swapped
        ("Remi Theriaut", Decision.LIKELY, 2),  # one letter left out
        ("Yvette Doucet", Decision.LIKELY, 4),  # Doucet or Doucette: the organizer says
        ("Margret Chisolm", Decision.LIKELY, 7),
        ("Angus MacDonald", Decision.LIKELY, 5),  # two entries of the name: choose
        ("Flora Gillis", Decision.NEW, None),
        ("John Boudreau", Decision.NEW, None),
    ],
)
def test_a_typed_name_is_matched_likely_or_new(typed, decision, first):
    match = REGISTER.match(typed)
    assert match.decision is decision
    assert (match.best.id if match.best and decision is not Decision.NEW else None) == first


def test_a_known_name_scores_100_and_a_near_one_less():
    assert REGISTER.match("Mary Mc Neil").best.score == 100.0
    near = REGISTER.match("Mary MacNiel").best
    assert LIKELY <= near.score < 100.0 and not near.exact


def test_two_entries_of_one_name_come_first_both_and_the_paste_asks():
    match = REGISTER.match("Angus MacDonald")
    assert [c.id for c in match.candidates[:2]] == [5, 8]
    assert all(c.exact for c in match.candidates[:2])


def test_a_paste_matches_each_name_and_a_name_twice_once():
    matches = REGISTER.match_all(["Mary Mc Neil", "Flora Gillis", "Mary Mc Neil"])
    assert [m.decision for m in matches] == [Decision.EXACT, Decision.NEW, Decision.EXACT]
    assert matches[0] is matches[2]


@pytest.mark.parametrize(
    ("typed", "ids"),
    [
        ("mar", [7, 1]),  # Margaret and Mary: a word starts with it (by name)
        ("mary mc", [1]),
        ("ther", [2]),
        ("mac d", [5, 8]),
        ("o'n", [6]),
        ("Theriualt", [2]),  # a typo: the near ones follow
        ("", []),
        ("zz", []),
    ],
)
def test_the_name_box_suggests_as_letters_are_typed(typed, ids):
    assert [c.id for c in REGISTER.suggest(typed)] == ids


def test_an_empty_register_makes_every_name_new():
    assert Register([]).match("Mary MacNeil").decision is Decision.NEW
    assert Register([]).suggest("Mary") == ()


# --- Properties ---------------------------------------------------------------

_LETTERS = st.text(
    alphabet=st.sampled_from("abcdefghijklmnopqrstuvwxyzéèêëàâçîïôöùûüÉÈÀÇŒœ"), min_size=1
)
_WORDS = _LETTERS | st.sampled_from(
    ["Mac", "Mc", "Ó", "O'", "Ní", "Le", "de", "d'", "St.", "Saint"]
)
NAMES = st.lists(_WORDS, min_size=1, max_size=5).map(" ".join)


def _swap_case(s):
    return "".join(c.upper() if i % 2 else c.lower() for i, c in enumerate(s))


@given(NAMES)
def test_case_and_accents_never_change_the_key(name):
    assert fold(name) == fold(name.upper()) == fold(_swap_case(name))
    assert fold(name) == fold(strip_accents(name))


@given(NAMES)
def test_a_key_is_plain_lower_case_letters_and_single_spaces(name):
    key = fold(name)
    assert key == key.strip() and "  " not in key
    assert all(c == " " or (c.isalnum() and c.isascii() and not c.isupper()) for c in key)


@given(st.lists(NAMES, min_size=1, max_size=12), st.data())
def test_the_exact_name_always_comes_first(names, data):
    register = Register([Entry(i, n, fold(n)) for i, n in enumerate(names)])
    i = data.draw(st.integers(0, len(names) - 1))
    typed = data.draw(st.sampled_from([names[i], names[i].upper(), strip_accents(names[i])]))
    match = register.match(typed)
    assert match.best.exact and match.best.score == 100.0
    assert match.best.id in {j for j, n in enumerate(names) if fold(n) == fold(names[i])}
    assert match.decision is not Decision.NEW
    scores = [c.score for c in match.candidates]
    assert scores == sorted(scores, reverse=True)


@given(NAMES)
@example("St. e")  # joined, "Ste" is read again as "St"
@example("St. e a")
def test_folding_twice_changes_nothing(name):
    assert fold(fold(name)) == fold(name)


def test_every_key_is_ascii_even_for_letters_apart():
    assert fold("Ørsted Æsir Łukasz Đorđe") == "orsted aesir lukasz dorde"
    assert unicodedata.is_normalized("NFC", fold("Thérèse"))


# Registers made inside each test (not at import), so each case reads the register as
# the code indexes it now.
def register(*names: str) -> Register:
    return Register([Entry(i, n, fold(n)) for i, n in enumerate(names, start=1)])


MARYS = ("Mary MacNeil", "Mary McNeil", "Mary MacNiel", "Marie MacNeil", "Mary MacNeill")


def test_a_match_in_full_exact_entries_written_most_alike_first_then_the_near_ones():
    r = register(*MARYS, "Mary MacNeal", "Flora Gillis")
    assert r.match("Mary McNeil") == Match(
        name="Mary McNeil",
        key="mary macneil",
        candidates=(
            Candidate(2, "Mary McNeil", 100.0, True),  # written as typed
            Candidate(1, "Mary MacNeil", 100.0, True),
            Candidate(5, "Mary MacNeill", 96.0, False),
            Candidate(3, "Mary MacNiel", 91.7, False),  # to one decimal
            Candidate(6, "Mary MacNeal", 91.7, False),
        ),
        decision=Decision.LIKELY,
    )
    assert [c.id for c in r.match("Mary MacNeil").candidates[:2]] == [1, 2]


def test_the_limit_counts_the_exact_entries_and_the_near_ones_fill_the_rest():
    r = register(*MARYS, "Mary MacNeal")
    assert [c.id for c in r.match("Mary McNeil", limit=2).candidates] == [2, 1]
    assert [c.id for c in r.match("Mary McNeil", limit=3).candidates] == [2, 1, 5]
    assert [c.id for c in r.match("Mary MacNeill", limit=3).candidates] == [5, 1, 2]


def test_a_known_name_looks_no_further_when_near_is_off_as_a_paste_does():
    r = register("Mary MacNeil", "Mary MacNeill")
    assert [c.id for c in r.match("Mary MacNeil").candidates] == [1, 2]
    assert [c.id for c in r.match("Mary MacNeil", near=False).candidates] == [1]
    (pasted,) = r.match_all(["Mary MacNeil"])
    assert [c.id for c in pasted.candidates] == [1]
    assert pasted.decision is Decision.EXACT
    # an unknown key is still looked for near, paste or not
    assert [c.id for c in r.match("Mary MacNiel", near=False).candidates] == [1, 2]


def test_an_empty_name_matches_nobody_and_a_far_one_shows_no_candidate():
    r = register(*MARYS)
    assert r.match("") == Match(name="", key="", candidates=(), decision=Decision.NEW)
    assert r.match("John Boudreau").candidates == ()


def test_a_near_key_that_sorts_alike_scores_99_never_100():
    assert register("Mary MacNeil").match("MacNeil, Mary").candidates == (
        Candidate(1, "Mary MacNeil", 99.0, False),
    )


def test_a_candidate_at_exactly_the_likely_score_is_likely():
    # 3 letters of 20 changed: ratio 1 - 6/40 = 85.0, the LIKELY line itself
    match = register("Abcdefghijklmnopqrst").match("Abcdefghijklmnopqxyz")
    assert match.candidates == (Candidate(1, "Abcdefghijklmnopqrst", 85.0, False),)
    assert match.decision is Decision.LIKELY


THERIAULTS = (
    "Rémi Thériault",
    "Jean Theriot",
    "Theresa Thériault",
    "Paul Heriau",
    "Anne Eriau",
    "Marc Eriaud",
    "Guy Veriau",
    "Luc Periault",
)


def test_the_name_box_in_full_words_started_first_then_inside_a_word_capped_at_94():
    r = register(*THERIAULTS)
    assert r.suggest("eriau") == (
        Candidate(5, "Anne Eriau", 95.0, False),  # a word starts with it, by name
        Candidate(6, "Marc Eriaud", 95.0, False),
        Candidate(1, "Rémi Thériault", 94.0, False),  # inside a word (100, shown as 94)
        Candidate(3, "Theresa Thériault", 94.0, False),
        Candidate(4, "Paul Heriau", 94.0, False),
    )
    assert r.suggest("Rémi Thériault") == (
        Candidate(1, "Rémi Thériault", 100.0, True),
        Candidate(3, "Theresa Thériault", 85.7, False),
    )
    assert r.suggest("Theriualt") == (
        Candidate(1, "Rémi Thériault", 88.9, False),
        Candidate(3, "Theresa Thériault", 88.9, False),
    )


def test_the_name_box_looks_inside_words_from_five_letters_and_keeps_to_its_limit():
    r = register("Rémi Thériault", "Anne Eriau")
    assert [c.id for c in r.suggest("heria")] == [1]  # five letters: inside a word
    assert [c.id for c in r.suggest("eria")] == [2]  # four: only where a word starts
    r = register(*THERIAULTS)
    assert [c.id for c in r.suggest("eriau", limit=3)] == [5, 6, 1]
    assert [c.id for c in r.suggest("theri", limit=2)] == [2, 1]
    whole = register("Angus MacDonald", "Angus MacDonaldson", "Angus MacDonald")
    assert whole.suggest("angus macdonald") == (
        Candidate(1, "Angus MacDonald", 100.0, True),
        Candidate(3, "Angus MacDonald", 100.0, True),
        Candidate(2, "Angus MacDonaldson", 95.0, False),
    )


def test_the_words_started_count_against_the_limit_before_the_inside_ones_are_looked_for():
    # The two whose word starts with it come first in the register too, so the search
    # inside words must look past them to fill the list.
    r = register("Anne Eriau", "Marc Eriaud", "Rémi Thériault", "Paul Heriau")
    assert [c.id for c in r.suggest("eriau", limit=3)] == [1, 2, 3]
    assert [c.id for c in r.suggest("eriau")] == [1, 2, 3, 4]
