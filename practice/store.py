"""Where a practice game lives: a signed cookie of its own, not a session row.

The cookie (``cd_practice``, sent to /practice/ only) holds the game as
practice.services keeps it (deal code, level, moves, hands seen), signed with the
site's key under its own salt, compressed and timestamped
(``django.core.signing``). A change in it makes it unreadable, and so does age: a
game not played for as long as a session lasts (SESSION_COOKIE_AGE, 12 hours) is
stale. It is HttpOnly, SameSite=Lax, and Secure when the session cookie is.

Everyone keeps their game this way, logged in or not: one way to test, and a move
at the practice table writes nothing to the database, so it never waits for (or
holds up) the hall's writes.

A game whose cookie would pass MAX_COOKIE characters (a very long game, past about
1,250 moves) is kept in a KeptGame row and the cookie holds only its random key:
at most KEPT_PER_ADDRESS such games an address (the oldest gives way), each
forgotten once stale, and all stale ones by ``manage.py forget_practice_games``, which
``make run`` runs at start.
"""

from __future__ import annotations

import ipaddress
import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.core import signing
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone

from clubs.views import client_address

from .models import KeptGame

COOKIE = "cd_practice"
SALT = "practice.store"
# Browsers keep about 4,096 bytes a cookie, its name and attributes included.
MAX_COOKIE = 3_800
KEPT_PER_ADDRESS = 4
_UNREAD = object()


class Unreadable(Exception):
    """A game cookie that does not read: changed, signed elsewhere, stale, or naming a
    long game no longer kept."""


def _address(text: str | None) -> str | None:
    """The browser's address as the row keeps it (none when it is not an address)."""
    try:
        return str(ipaddress.ip_address(text or ""))
    except ValueError:
        return None


def kept_for() -> timedelta:
    """How long a game is kept after its last move: as long as a session lasts."""
    return timedelta(seconds=settings.SESSION_COOKIE_AGE)


def forget_stale(*, now: datetime) -> int:
    """Forget every long game not played for ``kept_for()``; how many were forgotten."""
    deleted, _ = KeptGame.objects.filter(touched__lt=now - kept_for()).delete()
    return deleted


class GameStore:
    """One browser's practice game, read from its cookie and written back to the answer.

    ``read`` gives the game (a dict), None when there is none, or raises Unreadable;
    ``write`` and ``forget`` change it, and ``respond`` puts the change on the answer
    (nothing is sent when nothing changed).
    """

    def __init__(
        self, cookie: str | None, *, address: str | None = None, now: datetime | None = None
    ) -> None:
        self._cookie = cookie or None
        self._address = _address(address)
        self._now = now
        self._game = _UNREAD  # what read() gives, once read or written
        self._send: str | None = None  # the cookie's new value; "" deletes it
        self._kept_key: str | None = None  # the long game's row, when there is one

    @classmethod
    def of(cls, request: HttpRequest) -> GameStore:
        return cls(request.COOKIES.get(COOKIE), address=client_address(request))

    def now(self) -> datetime:
        return self._now or timezone.now()

    # ---- reading --------------------------------------------------------------------

    def read(self) -> dict | None:
        if self._game is _UNREAD:
            self._game = self._load()
        if self._game is None:
            return None
        return dict(self._game)

    def _load(self) -> dict | None:
        if self._cookie is None:
            return None
        try:
            data = signing.loads(self._cookie, salt=SALT, max_age=kept_for())
        except signing.BadSignature as error:  # SignatureExpired included: too old
            raise Unreadable("the cookie does not read") from error
        if not isinstance(data, dict):
            raise Unreadable("not a game")
        if "kept" not in data:
            return data
        key = str(data["kept"])
        row = KeptGame.objects.filter(key=key).only("game").first()
        if row is None or not isinstance(row.game, dict):
            raise Unreadable("that long game is no longer kept")
        self._kept_key = key
        return row.game

    def _readable_kept_key(self) -> str | None:
        """The row of the long game this browser had, if its cookie reads."""
        if self._game is _UNREAD:
            try:
                self._game = self._load()
            except Unreadable:
                self._game = None
        return self._kept_key

    # ---- writing --------------------------------------------------------------------

    def write(self, game: dict) -> None:
        """Keep ``game``: in the cookie, or in a row when the cookie would be too long."""
        kept = self._readable_kept_key()
        value = signing.dumps(game, salt=SALT, compress=True)
        if len(value) > MAX_COOKIE:
            self._kept_key = self._keep_long(kept, game)
            value = signing.dumps({"kept": self._kept_key}, salt=SALT)
        elif kept:
            KeptGame.objects.filter(key=kept).delete()
            self._kept_key = None
        self._game = dict(game)
        self._send = value

    def _keep_long(self, key: str | None, game: dict) -> str:
        now = self.now()
        with transaction.atomic():
            if key and KeptGame.objects.filter(key=key).update(game=game, touched=now):
                return key
            key = secrets.token_urlsafe(24)
            KeptGame.objects.create(key=key, address=self._address, game=game, touched=now)
            forget_stale(now=now)
            newest = KeptGame.objects.filter(address=self._address).order_by("-touched", "-pk")
            extra = list(newest.values_list("pk", flat=True)[KEPT_PER_ADDRESS:])
            KeptGame.objects.filter(pk__in=extra).delete()
        return key

    def forget(self) -> None:
        """No game here any more (and the long game's row goes too)."""
        kept = self._readable_kept_key()
        if kept:
            KeptGame.objects.filter(key=kept).delete()
            self._kept_key = None
        self._game = None
        self._send = "" if self._cookie else None

    # ---- answering ------------------------------------------------------------------

    def respond(self, response: HttpResponse) -> HttpResponse:
        """The answer with the cookie set, or deleted, when the game changed."""
        path = reverse("practice:table")
        if self._send:
            response.set_cookie(
                COOKIE,
                self._send,
                max_age=settings.SESSION_COOKIE_AGE,
                path=path,
                secure=settings.SESSION_COOKIE_SECURE,
                httponly=True,
                samesite="Lax",
            )
        elif self._send == "":
            response.delete_cookie(COOKIE, path=path, samesite="Lax")
        return response
