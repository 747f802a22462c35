"""The `<id:...>` part of an address: a row's id, a game or a table number.

Django's `<int:...>` takes any run of digits, and a number past what the database
holds (a 30-digit person id) broke the query with a server error. Here such a
number is refused as a bad request with a plain message.
"""

from __future__ import annotations

from django.core.exceptions import BadRequest
from django.utils.translation import gettext as _

from .text import MAX_ID


class TooLarge(BadRequest):
    """An address with a number no row can have; shown to the person as it is."""


class IdConverter:
    regex = "[0-9]+"

    def to_python(self, value: str) -> int:
        if len(value) > len(str(MAX_ID)) or int(value) > MAX_ID:
            raise TooLarge(_("There is nothing here with so large a number: check the address."))
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)
