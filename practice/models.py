"""The practice table's one table: the rare game too long for its cookie (practice.store).

A practice game lives in its browser's own signed cookie. Only a very long game (past
about 1,250 moves: Auction to 120 with many hands set back) would pass what a browser
keeps in a cookie; it is kept here instead, the cookie holding only its key. No more
than ``practice.store.KEPT_PER_ADDRESS`` rows an address, each forgotten once it has
not been played for as long as a session lasts (and by ``make run`` at start).
"""

from __future__ import annotations

from django.db import models


class KeptGame(models.Model):
    key = models.CharField(max_length=32, unique=True)  # random, and signed in the cookie
    address = models.GenericIPAddressField(null=True, blank=True)  # the browser's, to cap
    game = models.JSONField()  # as the cookie would hold it (practice.services.Game)
    touched = models.DateTimeField(db_index=True)  # the last move

    class Meta:
        indexes = [models.Index(fields=["address", "touched"], name="practice_kept_by_address")]

    def __str__(self) -> str:
        return f"practice game {self.key[:6]}"
