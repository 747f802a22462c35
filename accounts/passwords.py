"""A password rule of our own (AUTH_PASSWORD_VALIDATORS): no password built from the username.

Django's UserAttributeSimilarityValidator compares the whole password with the username,
so `scorer1scorer1` (similarity 0.667 < 0.7) and `Scorer1!` pass it; anyone who reads the
name on the People page or a phone's login screen would try those first. Here the
username is taken out of the password (ignoring case, signs and spaces; also written
backwards, and without its digits), and a password with nothing left but digits is refused:

    >>> built_from_username("Scorer1!", "scorer1"), built_from_username("1rerocs", "scorer1")
    (True, True)
    >>> built_from_username("hall-password-1", "scorer1")
    False
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

# A name with its digits taken off ("scorer" of "scorer1") counts only from this many letters:
# shorter ones ("al" of "al2") are parts of ordinary words.
STEM_MIN = 3


def _letters_and_digits(text: str) -> str:
    return "".join(c for c in text.casefold() if c.isalnum())


def built_from_username(password: str, username: str) -> bool:
    """True when the password is the username, repeated, backwards or without its digits,
    with only digits, signs or spaces added."""
    name = _letters_and_digits(username or "")
    if not name:
        return False
    stem = "".join(c for c in name if not c.isdigit())
    pieces = {name, name[::-1]}
    if len(stem) >= STEM_MIN:
        pieces |= {stem, stem[::-1]}
    rest = _letters_and_digits(password or "")
    found = False
    while piece := next((p for p in sorted(pieces, key=len, reverse=True) if p in rest), None):
        rest = rest.replace(piece, "")
        found = True
    return found and (rest == "" or rest.isdigit())


class NotFromUsernameValidator:
    """Refuses a password built from the username (see built_from_username)."""

    def validate(self, password: str, user=None) -> None:
        username = user.get_username() if user is not None else ""
        if built_from_username(password, username):
            raise ValidationError(
                _(
                    "This password is made from the username “%(username)s”: anyone who "
                    "knows the name could guess it. Choose one with words of its own."
                ),
                code="password_from_username",
                params={"username": username},
            )

    def get_help_text(self) -> str:
        return _(
            "Your password can’t be your username with digits or signs added, "
            "written twice or backwards."
        )
