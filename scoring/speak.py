"""Say a pure module's sentence in the active language (Django's gettext).

`scoring.words` keeps what a sentence was made of; `say` translates its msgid,
then each value that is itself a marked word or sentence ("hearts", "the 5 of
trumps"), and puts them together in the translation's own order:

    "You must follow {suit}." + suit="hearts"  ->  "Vous devez fournir à cœur."

Text that was never marked (a name, a number) is shown as it is.
"""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from .words import Msg, Said, from_json

__all__ = ["say", "say_json"]


def say(text: object) -> str:
    """The text in the active language, if it was marked; else the text itself."""
    if isinstance(text, Said):
        return _said(text)
    if isinstance(text, Msg):
        plural = getattr(text, "plural_text", None)
        if plural is not None:
            return ngettext(text.singular, plural, text.n)
        return gettext(str(text))
    return "" if text is None else str(text)


def say_json(data: object) -> str:
    """A sentence kept as JSON (`scoring.words.to_json`), in the active language."""
    return say(from_json(data))


def _said(text: Said) -> str:
    if text.plural is not None and text.count is not None:
        template = ngettext(text.msgid, text.plural, text.count)
    else:
        template = gettext(text.msgid)
    params = {k: say(v) if isinstance(v, Msg | Said) else v for k, v in text.params.items()}
    try:
        return template.format(**params) if text.style == "{}" else template % params
    except (KeyError, ValueError, TypeError, IndexError):
        # A translation that names a value the sentence lacks: the English, never a 500.
        return str(text)
