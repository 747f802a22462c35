"""JSON read strictly: an object that names a key twice is refused, by name and place.

Python's json keeps the last of two values for one key, so a file or a request saying
`"winner": 3, ... "winner": 5` would be read as 5 with no word said. A drive file
edited by hand, or a program that builds its JSON by pasting, can say a key twice;
which of the two was meant is not for the site to guess.
"""

from __future__ import annotations

import json
from typing import Any

_SHOWN = 60  # characters of a key said back: a key may be a megabyte long


def _shown(key: str) -> str:
    """A key as a message may say it: printable, and cut short."""
    text = "".join(c if c.isprintable() else "\ufffd" for c in key[:_SHOWN])
    return text + "…" if len(key) > _SHOWN else text


class RepeatedKey(Exception):
    """An object of the document names ``key`` twice; ``where`` is the object's place
    (``pairs[3]``, ``drive.game_options``), empty for the document's top level. Both are
    printable and cut short, to be said back."""

    def __init__(self, key: str, where: str):
        super().__init__(f"{where or 'top level'}: the key {key!r} twice")
        self.key = key
        self.where = where


class _Repeated(dict):
    """An object that named a key twice (the last value kept, as json does)."""

    repeated: str


def strict_loads(text: str | bytes, **kwargs: Any) -> Any:
    """json.loads, refusing an object that names a key twice (RepeatedKey, the first such
    object in the document's order). Other errors are json's (ValueError)."""
    found = False

    def pairs(items: list[tuple[str, Any]]) -> dict:
        nonlocal found
        obj = dict(items)
        if len(obj) == len(items):
            return obj
        repeated = _Repeated(obj)
        seen: set[str] = set()
        for key, _value in items:
            if key in seen:
                repeated.repeated = key
                break
            seen.add(key)
        found = True
        return repeated

    document = json.loads(text, object_pairs_hook=pairs, **kwargs)
    if found:
        key, where = _first_repeated(document)
        raise RepeatedKey(key, where)
    return document


def _first_repeated(document: Any) -> tuple[str, str]:
    # Without recursion: the document may be nested as deep as json allows.
    stack: list[tuple[Any, str]] = [(document, "")]
    while stack:
        value, where = stack.pop()
        if isinstance(value, _Repeated):
            return _shown(value.repeated), where
        if isinstance(value, dict):
            children = [
                (v, f"{where}.{_shown(k)}" if where else _shown(k)) for k, v in value.items()
            ]
        elif isinstance(value, list):
            children = [(v, f"{where}[{i}]") for i, v in enumerate(value)]
        else:
            continue
        stack.extend(reversed(children))
    # Unreachable: a repeated key was seen, so an object holds it (no test can tell).
    raise AssertionError("repeated key not found")  # pragma: no cover # pragma: no mutate
