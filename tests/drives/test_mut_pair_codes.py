"""Pair codes (drives/pair_codes.py): what a player types, what a code is, how codes are drawn."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drives.pair_codes import ALPHABET, LENGTH, draw, is_code, normalize

LIMIT = 13**4 // 2  # half of the 28,561 codes: a drive never holds more


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        (" hk-mt ", "HKMT"),
        ("HKMT", "HKMT"),
        ("h k\tm\nt", "HKMT"),
        ("hk--mt", "HKMT"),
        ("hk_mt", "HK_MT"),  # anything but spaces and dashes is kept, to be refused
        ("", ""),
        (None, ""),  # nothing typed
    ],
)
def test_what_a_player_types_is_read_in_capitals_without_spaces_or_dashes(typed, code):
    assert normalize(typed) == code


def test_the_alphabet_has_no_look_alikes_and_no_vowels():
    assert (ALPHABET, LENGTH) == ("CFHJKMNPRTWXY", 4)
    assert not set(ALPHABET) & set("AEIOU")
    assert not set(ALPHABET) & set("OQDILSZBGUV")  # 0 1 5 2 8 6 and U/V read alike
    assert len(set(ALPHABET)) == 13


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("HKMT", True),
        ("CCCC", True),
        ("YYYY", True),
        ("HKM", False),  # too short
        ("HKMTX", False),  # too long
        ("", False),
        ("HKMO", False),  # O is not in the alphabet (it reads as 0)
        ("HKMA", False),  # no vowels
        ("hkmt", False),  # a code is in capitals: normalize first
        ("HK-M", False),
    ],
)
def test_a_code_is_four_letters_of_the_alphabet(text, ok):
    assert is_code(text) is ok


@given(st.integers(0, 40), st.integers(0, 2**32))
def test_drawn_codes_are_new_distinct_codes(n, seed):
    taken = set(draw(set(), 20, random.Random(seed + 1)))
    codes = draw(taken, n, random.Random(seed))
    assert len(codes) == n
    assert len(set(codes)) == n
    assert not set(codes) & taken
    assert all(is_code(c) for c in codes)


def test_a_test_can_repeat_a_draw_and_a_drive_draws_with_the_systems_randomness():
    assert draw(set(), 5, random.Random(7)) == draw(set(), 5, random.Random(7))
    codes = draw(set(), 3)
    assert len(set(codes)) == 3 and all(is_code(c) for c in codes)


def test_up_to_half_of_all_codes_can_be_drawn_distinct():
    codes = draw(set(), LIMIT, random.Random(3))
    assert len(set(codes)) == LIMIT == 14_280


def test_more_than_half_of_all_codes_is_refused():
    every = ("".join(t) for t in itertools.product(ALPHABET, repeat=LENGTH))
    taken = set(itertools.islice(every, LIMIT - 1))
    assert len(draw(taken, 1, random.Random(0))) == 1
    with pytest.raises(ValueError, match=r"^too many pair codes for one drive$"):
        draw(taken, 2, random.Random(0))
    with pytest.raises(ValueError, match=r"^too many pair codes for one drive$"):
        draw(set(), LIMIT + 1, random.Random(0))
