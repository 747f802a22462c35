"""The practice table's one table: the rare game too long for its cookie (practice.store).

A practice game lives in its browser's own signed cookie. Only a very long game (past
about 1,250 moves: Auction to 120 with many hands set back) would pass what a browser
keeps in a cookie; it is kept here instead, the cookie holding only its key. No more
than ``practice.store.KEPT_PER_ADDRESS`` rows an address, each forgotten once it has
not been played for as long as a session lasts (and by ``make run`` at start).
"""

from __future__ import annotations

from django.db import models
from django.db.models.functions import Length, Upper
from django.db.models.lookups import Exact


class KeptGame(models.Model):
    key = models.CharField(max_length=32, unique=True)  # random, and signed in the cookie
    address = models.GenericIPAddressField(null=True, blank=True)  # the browser's, to cap
    game = models.JSONField()  # as the cookie would hold it (practice.services.Game)
    touched = models.DateTimeField(db_index=True)  # the last move

    class Meta:
        indexes = [models.Index(fields=["address", "touched"], name="practice_kept_by_address")]

    def __str__(self) -> str:
        return f"practice game {self.key[:6]}"


def friends_code_form() -> models.Q:
    """A table code's form as a database check: five characters, capitals and digits with
    none of 0, O, 1, I (so it reads aloud without a doubt)."""
    form = models.Q(Exact(Length("code"), 5)) & models.Q(Exact(models.F("code"), Upper("code")))
    for c in "01OI":
        form &= ~models.Q(code__contains=c)
    return form


class FriendsTable(models.Model):
    """A practice table shared by two to four phones (practice.friends): the deal, the
    computer players' level and the moves so far, replayed on the engine like a
    practice game. Found by its short ``code``; forgotten once not played for as long
    as a session lasts (``manage.py forget_practice_games``)."""

    code = models.CharField(max_length=8, unique=True)  # read aloud: no 0/O, no 1/I
    deal = models.CharField(max_length=24)  # a deal code (practice.codes)
    level = models.CharField(max_length=16)  # the computer players' level
    moves = models.JSONField(default=list)  # move codes, in the order they were made
    seen = models.PositiveIntegerField(default=0)  # hands whose summary was read
    version = models.PositiveIntegerField(default=0)  # one more at every change
    begun = models.BooleanField(default=False)  # the starter has dealt the first hand
    # The seat to play now; None before the deal, while a hand's summary is read, and
    # once the game is over (so a phone's poll knows without replaying the game).
    turn = models.PositiveSmallIntegerField(null=True, blank=True)
    address = models.GenericIPAddressField(null=True, blank=True)  # the starter's, to cap
    touched = models.DateTimeField(db_index=True)  # the last change

    class Meta:
        indexes = [models.Index(fields=["address", "touched"], name="practice_friends_by_address")]
        constraints = [
            # Five capitals with no 0, O, 1 or I: written without REGEXP, a function SQLite
            # has only under Django, so the file's own checks (PRAGMA quick_check) still run.
            models.CheckConstraint(condition=friends_code_form(), name="practice_friends_code")
        ]

    def __str__(self) -> str:
        return f"friends' table {self.code}"


class FriendsSeat(models.Model):
    """A person's seat at a friends' table; a seat with no row is the computer's. The
    phone holds ``key`` in its signed cookie and takes the seat back with it."""

    table = models.ForeignKey(FriendsTable, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()  # 0 = the starter's, then clockwise
    name = models.CharField(max_length=24)
    key = models.CharField(max_length=32, unique=True)  # random, and signed in the cookie

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="practice_friends_one_a_seat"),
            models.CheckConstraint(
                condition=models.Q(number__lte=3), name="practice_friends_four_seats"
            ),
        ]

    def __str__(self) -> str:
        return f"seat {self.number + 1} of {self.table.code}"
