"""What people type, made safe to keep and show: names, free text and whole numbers.

One place for every screen, the API and import:

- clean_name: a player's, a drive's, a person's, a scorekeeper side's name. Right-to-left
  overrides and other direction controls are dropped (they turn "Mary" into "yraM" on the
  board and hide what a name really says); control characters are refused (PostgreSQL
  cannot even store a NUL); spaces are collapsed; a name must show something: one made
  only of zero-width characters, blank-looking letters (the Hangul filler) or spaces is
  refused.
- clean_text: free text (a game's title): the same, but it may be empty.
- whole_number: a number typed in a form, in the plain digits 0 to 9, within bounds; None
  otherwise ("²" and "١٢" are digits to str.isdigit, and int() refuses more than 4,300).
"""

from __future__ import annotations

import re
import unicodedata

from django.utils.translation import gettext as _

# The largest id any table has room for (a 64-bit signed integer).
MAX_ID = 2**63 - 1

# Direction marks, embeddings, overrides and isolates (Unicode bidi controls).
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
# Letters and marks that draw nothing (fillers, blank braille, variation selectors...).
BLANK_LOOKING = frozenset(
    "\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5\u180e"
    + "".join(chr(c) for c in range(0xFE00, 0xFE10))
)
_ALLOWED_CONTROLS = frozenset("\t\n\r")
_DIGITS = re.compile(r"[0-9]{1,19}")


class TextError(ValueError):
    """Text refused; the message says why, for the person who typed it."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def control_character(text: str) -> str | None:
    """The first control character in text other than a tab or a line break, or None."""
    for c in text:
        if unicodedata.category(c) == "Cc" and c not in _ALLOWED_CONTROLS:
            return c
    return None


def _visible(c: str) -> bool:
    return unicodedata.category(c)[0] in "LNPS" and c not in BLANK_LOOKING


def clean_text(raw: str | None, *, max_length: int | None = None, what: str = "") -> str:
    """Free text as kept: direction controls dropped, spaces collapsed, no control
    characters (TextError), at most max_length characters (TextError). May be empty;
    text that shows nothing comes back empty.

    >>> clean_text("  Friday\\u202e night ")
    'Friday night'
    """
    text = unicodedata.normalize("NFC", raw or "")
    what = what or _("The text")
    if control_character(text) is not None:
        raise TextError(
            _("%(what)s has a control character in it: type it again.") % {"what": what}
        )
    text = "".join(c for c in text if c not in BIDI_CONTROLS)
    text = " ".join(w for w in (_strip_blank(w) for w in text.split()) if w)
    if not any(_visible(c) for c in text):
        text = ""
    if max_length is not None and len(text) > max_length:
        raise TextError(
            _("%(what)s “%(start)s…” is longer than %(max)d characters.")
            % {"what": what, "start": text[:20], "max": max_length}
        )
    return text


def _strip_blank(word: str) -> str:
    """The word without the characters that draw nothing at its ends (a zero-width space
    pasted with a name); inside a word they stay (a zero-width joiner shapes some scripts)."""
    blank = "".join({c for c in word if not _visible(c) and unicodedata.category(c)[0] != "M"})
    return word.strip(blank) if blank else word


def clean_name(raw: str | None, *, max_length: int | None, what: str = "") -> str:
    """A name as kept (see clean_text); TextError when it is blank or shows nothing.

    >>> clean_name("\\u202eMary MacNeil", max_length=60)
    'Mary MacNeil'
    """
    what = what or _("A name")
    name = clean_text(raw, max_length=max_length, what=what)
    if not name:
        if raw and raw.strip():
            raise TextError(_("%(what)s has no letters you can see.") % {"what": what})
        raise TextError(_("%(what)s is blank.") % {"what": what})
    return name


def whole_number(raw: str | None, *, lo: int = 0, hi: int = MAX_ID) -> int | None:
    """A whole number typed as the digits 0-9 (spaces around allowed) from lo to hi,
    else None.

    >>> whole_number(" 12 "), whole_number("²"), whole_number("9" * 5000)
    (12, None, None)
    """
    text = (raw or "").strip()
    if not isinstance(text, str) or not _DIGITS.fullmatch(text):
        return None
    number = int(text)
    return number if lo <= number <= hi else None
