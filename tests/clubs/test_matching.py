"""Matching a typed name to the club's register (clubs/matching.py): worked examples from a
Cape Breton and Acadian hall, then properties for any name."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from clubs.matching import LIKELY, Decision, Entry, Register, fold
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
