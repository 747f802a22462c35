"""Sentences that can be said again in another language, without importing Django.

The pure modules (the rules of the games, card play, movement, prizes) explain
themselves in whole English sentences: "You must follow hearts.", "tricks add up
to 6, must be 5". A screen in French must say them in French, so a sentence keeps
what it was made of: the text marked for translation (its msgid, which
`makemessages` finds in ``_("...")`` and ``gettext_noop("...")``) and the values
put into it. `scoring.speak.say` translates both on the screen that shows it.

    >>> _ = gettext_noop
    >>> s = _("You must follow {suit}.").format(suit=_("hearts"))
    >>> s, s.msgid, s.params["suit"]
    ('You must follow hearts.', 'You must follow {suit}.', 'hearts')

`Said` is a `str` holding the English, so code and tests that compare, join or
print it go on as before; only `scoring.speak.say` reads what it was made of.
A sentence also goes to and from JSON (`to_json`, `from_json`), so an audit entry
can keep it and be read later in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["Msg", "Said", "from_json", "gettext_noop", "ngettext_noop", "to_json"]


class Msg(str):
    """A text marked for translation; formatting it gives a `Said`."""

    __slots__ = ()

    def format(self, *args: object, **params: object) -> Said:  # type: ignore[override]
        if args:
            raise TypeError("a sentence to translate takes named values only")
        return Said(str.format(self, **params), msgid=str(self), style="{}", params=params)

    def __mod__(self, params: object) -> Said:  # type: ignore[override]
        if not isinstance(params, Mapping):
            raise TypeError("a sentence to translate takes named values only")
        return Said(str.__mod__(self, params), msgid=str(self), style="%", params=dict(params))


class Said(str):
    """A sentence in English that remembers its msgid, its style and its values."""

    msgid: str
    style: str
    params: dict[str, object]
    plural: str | None
    count: int | None

    def __new__(
        cls,
        text: str,
        *,
        msgid: str | None = None,
        style: str = "",
        params: Mapping[str, object] | None = None,
        plural: str | None = None,
        count: int | None = None,
    ) -> Said:
        obj = super().__new__(cls, text)
        obj.msgid = text if msgid is None else msgid
        obj.style = style
        obj.params = dict(params or {})
        obj.plural = plural
        obj.count = count
        return obj

    def __reduce__(self):
        # Pickled whole (the cache keeps coaching reviews): the text and what it was made of.
        return (_said, (str(self), self.msgid, self.style, self.params, self.plural, self.count))


def _said(text, msgid, style, params, plural, count) -> Said:
    return Said(text, msgid=msgid, style=style, params=params, plural=plural, count=count)


def gettext_noop(text: str) -> Msg:
    """Marks text for translation (makemessages finds it) without importing Django."""
    return Msg(text)


def ngettext_noop(singular: str, plural: str, count: int) -> Said:
    """A sentence with a plural form, e.g. "%(n)d pair" / "%(n)d pairs"; format it with %.

    >>> s = ngettext_noop("%(n)d pair", "%(n)d pairs", 2) % {"n": 2}
    >>> str(s), s.msgid, s.plural, s.count
    ('2 pairs', '%(n)d pair', '%(n)d pairs', 2)
    """
    return _PluralTemplate(singular, plural, count)


class _PluralTemplate(Msg):
    __slots__ = ("singular", "plural_text", "n")

    def __new__(cls, singular: str, plural: str, count: int) -> _PluralTemplate:
        obj = super().__new__(cls, singular if count == 1 else plural)
        obj.singular = singular
        obj.plural_text = plural
        obj.n = count
        return obj

    def _said(self, text: str, style: str, params: Mapping[str, object]) -> Said:
        return Said(
            text,
            msgid=self.singular,
            style=style,
            params=params,
            plural=self.plural_text,
            count=self.n,
        )

    def format(self, *args: object, **params: object) -> Said:  # type: ignore[override]
        if args:
            raise TypeError("a sentence to translate takes named values only")
        return self._said(str.format(self, **params), "{}", params)

    def __mod__(self, params: object) -> Said:  # type: ignore[override]
        if not isinstance(params, Mapping):
            raise TypeError("a sentence to translate takes named values only")
        return self._said(str.__mod__(self, params), "%", dict(params))


def to_json(text: str) -> object:
    """What a sentence was made of, as JSON values; plain text stays plain text."""
    if isinstance(text, _PluralTemplate):
        return {"msgid": text.singular, "plural": text.plural_text, "count": text.n}
    if isinstance(text, Said):
        out: dict[str, object] = {
            "msgid": text.msgid,
            "style": text.style,
            "params": {k: _value_json(v) for k, v in text.params.items()},
        }
        if text.plural is not None:
            out["plural"] = text.plural
            out["count"] = text.count
        return out
    if isinstance(text, Msg):
        return {"msgid": str(text)}
    return str(text)


def _value_json(value: object) -> object:
    if isinstance(value, Msg | Said):
        return to_json(value)
    if isinstance(value, bool | int | float) or value is None:
        return value
    return str(value)


def from_json(data: object) -> str:
    """The sentence `to_json` gave, as a `Said` (or `Msg`) again; anything else as text."""
    if not isinstance(data, Mapping) or not isinstance(data.get("msgid"), str):
        return "" if data is None else str(data)
    msgid = data["msgid"]
    plural, count = data.get("plural"), data.get("count")
    if "style" not in data:
        if isinstance(plural, str) and isinstance(count, int):
            return _PluralTemplate(msgid, plural, count)
        return Msg(msgid)
    raw = data.get("params")
    params = {k: _value_from_json(v) for k, v in raw.items()} if isinstance(raw, Mapping) else {}
    template: Msg = (
        _PluralTemplate(msgid, plural, count)
        if isinstance(plural, str) and isinstance(count, int)
        else Msg(msgid)
    )
    try:
        return template.format(**params) if data["style"] == "{}" else template % params
    except (KeyError, ValueError, TypeError, IndexError):
        return str(template)


def _value_from_json(value: object) -> object:
    if isinstance(value, Mapping):
        return from_json(value)
    return value
