"""Reading one value of a document: its type, its range, its words, or a DocumentRefused saying
where in the document and what is wrong there. The checks of whole sections are in check.py.
"""

from __future__ import annotations

import math
from datetime import date, datetime
from typing import Any

from django.utils.translation import gettext as _

from clubs.interface import TextError, clean_name, clean_text
from drives.models import CENTS_MAX

from .limits import MAX_DEPTH


class DocumentRefused(Exception):
    """The document is refused: ``where`` in it, and the ``problem`` found there."""

    def __init__(self, where: str, problem: str):
        super().__init__(f"{where}: {problem}")
        self.where = where
        self.problem = problem


def an_object(value: Any, where: str, required: tuple[str, ...], optional=()) -> dict:
    if not isinstance(value, dict):
        raise DocumentRefused(where, _("must be an object"))
    missing = [k for k in required if k not in value]
    if missing:
        raise DocumentRefused(where, _("%(key)s is missing") % {"key": missing[0]})
    unknown = sorted(set(value) - set(required) - set(optional))
    if unknown:
        raise DocumentRefused(where, _("unknown field %(key)s") % {"key": unknown[0]})
    return value


def a_list(value: Any, where: str) -> list:
    if not isinstance(value, list):
        raise DocumentRefused(where, _("must be a list"))
    return value


def whole_number(value: Any, where: str, lo: int, hi: int, *, null: bool = False) -> int | None:
    if value is None and null:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise DocumentRefused(
            where, _("must be a whole number from %(lo)d to %(hi)d") % {"lo": lo, "hi": hi}
        )
    return value


def true_or_false(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise DocumentRefused(where, _("must be true or false"))
    return value


def text(value: Any, where: str, max_length: int, *, blank: bool = True) -> str:
    if not isinstance(value, str):
        raise DocumentRefused(where, _("must be text"))
    if len(value) > max_length:
        raise DocumentRefused(where, _("is longer than %(n)d characters") % {"n": max_length})
    if not blank and not value.strip():
        raise DocumentRefused(where, _("must not be blank"))
    if "\x00" in value:
        raise DocumentRefused(where, _("holds a null character"))
    return value


def name(value: Any, where: str, max_length: int, *, blank: bool = False) -> str:
    """A name as every screen keeps it (clubs.text): no direction controls, visible."""
    value = text(value, where, max_length, blank=blank)
    try:
        if blank:
            return clean_text(value, max_length=max_length)
        return clean_name(value, max_length=max_length)
    except TextError as e:
        raise DocumentRefused(where, e.message) from None


def choice(value: Any, where: str, choices) -> str:
    allowed = [str(c) for c in choices]
    if value not in allowed:
        raise DocumentRefused(where, _("must be one of %(list)s") % {"list": ", ".join(allowed)})
    return value


def date_time(value: Any, where: str, *, null: bool = False) -> datetime | None:
    if value is None and null:
        return None
    try:
        if not isinstance(value, str):
            raise ValueError
        parsed = datetime.fromisoformat(value)
    except ValueError:
        raise DocumentRefused(where, _("must be a date and time (ISO 8601)")) from None
    if parsed.tzinfo is None:
        raise DocumentRefused(where, _("must say its time zone"))
    return parsed


def a_date(value: Any, where: str) -> date:
    try:
        if not isinstance(value, str):
            raise ValueError
        return date.fromisoformat(value)
    except ValueError:
        raise DocumentRefused(where, _("must be a date (YYYY-MM-DD)")) from None


def free_json(value: Any, where: str, depth: int = 0) -> Any:
    """Free JSON kept as it is (audit old/new, hand records, draw results)."""
    if depth > MAX_DEPTH:
        raise DocumentRefused(where, _("is nested too deep"))
    if value is None or isinstance(value, bool | int | str):
        if isinstance(value, str) and "\x00" in value:
            raise DocumentRefused(where, _("holds a null character"))
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise DocumentRefused(where, _("holds a number JSON does not allow"))
        return value
    if isinstance(value, list):
        for item in value:
            free_json(item, where, depth + 1)
        return value
    if isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, str):
                raise DocumentRefused(where, _("holds a key that is not text"))
            free_json(v, where, depth + 1)
        return value
    raise DocumentRefused(where, _("holds a value JSON does not allow"))


def username(value: Any, where: str, seen: set[str]) -> str | None:
    if value is None:
        return None
    name = text(value, where, 150, blank=False)
    seen.add(name)
    return name


def cents(value: Any, where: str, *, null: bool = False) -> int | None:
    return whole_number(value, where, 0, CENTS_MAX, null=null)


def drive_ref(value: Any, where: str) -> tuple[str, date] | None:
    if value is None:
        return None
    ref = an_object(value, where, ("name", "date"))
    return text(ref["name"], f"{where}.name", 120, blank=False), a_date(
        ref["date"], f"{where}.date"
    )
