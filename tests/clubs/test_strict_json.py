"""clubs/strict_json.py: JSON read as json reads it, except that an object naming a key
twice is refused with the key and the object's place."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clubs.strict_json import RepeatedKey, strict_loads

values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=30,
)


@given(values)
def test_json_without_a_repeated_key_reads_as_json_reads_it(value):
    text = json.dumps(value)
    assert strict_loads(text) == json.loads(text)


def refused(text: str) -> tuple[str, str]:
    with pytest.raises(RepeatedKey) as e:
        strict_loads(text)
    return e.value.key, e.value.where


@pytest.mark.parametrize(
    ("text", "key", "where"),
    [
        ('{"a": 1, "a": 1}', "a", ""),
        ('{"a": 1, "b": 2, "a": 3}', "a", ""),
        ('{"pairs": [{"n": 1}, {"n": 2, "name": "x", "name": "y"}]}', "name", "pairs[1]"),
        ('[0, [1, {"k": 1, "k": 2}]]', "k", "[1][1]"),
        ('{"drive": {"game_options": {"o": 1, "o": 2}}}', "o", "drive.game_options"),
        # The first in the file's order, the outer object before the ones it holds.
        ('{"x": {"y": 1, "y": 2}, "x": 3}', "x", ""),
        ('{"a": {"b": 1, "b": 2}, "c": {"d": 1, "d": 2}}', "b", "a"),
    ],
)
def test_a_repeated_key_is_named_with_its_place(text, key, where):
    assert refused(text) == (key, where)


def test_a_key_said_back_is_printable_and_short():
    long = "k" * 1000
    key, where = refused(
        json.dumps({"ok\u0000": {}}).replace("{}", f'{{"{long}": 1, "{long}": 2}}')
    )
    assert key == "k" * 60 + "…"
    assert where == "ok\ufffd"


def test_a_document_nested_deep_is_searched_without_running_out_of_stack():
    depth = 900
    text = "[" * depth + '{"a": 1, "a": 2}' + "]" * depth
    assert refused(text) == ("a", "[0]" * depth)


def test_what_is_not_json_is_json_s_own_error():
    with pytest.raises(ValueError):
        strict_loads("{'a': 1}")


def test_a_key_of_the_longest_shown_length_is_said_whole():
    key, _ = refused(json.dumps({"k" * 60: 1}).replace("}", ', "' + "k" * 60 + '": 2}'))
    assert key == "k" * 60


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('{"a": 1, "a": 2}', "top level: the key 'a' twice"),
        ('{"pairs": [{"n": 1, "n": 2}]}', "pairs[0]: the key 'n' twice"),
    ],
)
def test_the_refusal_says_the_place_and_the_key(text, said):
    with pytest.raises(RepeatedKey) as e:
        strict_loads(text)
    assert str(e.value) == said


def test_json_s_own_options_pass_through():
    def no_constant(name):
        raise ValueError(f"{name} is not a number")

    with pytest.raises(ValueError, match="NaN is not a number"):
        strict_loads('{"a": NaN}', parse_constant=no_constant)
