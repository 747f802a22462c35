"""`manage.py forget_practice_games`: forget the long practice games nobody plays any more.

A practice game lives in its browser's cookie; only a very long one is kept on the
server (practice.models.KeptGame). This forgets each one not played for as long as a
session lasts (SESSION_HOURS, 12), and each friends' table (practice.friends) as old.
`make run` runs it at start.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand
from django.utils import timezone

from practice.friends.services import forget_stale as forget_stale_tables
from practice.store import forget_stale


class Command(BaseCommand):
    help = "Forget the long practice games kept on the server that nobody has played lately."

    def handle(self, *args, **opts):
        now = timezone.now()
        forgotten = forget_stale(now=now)
        tables = forget_stale_tables(now=now)
        if opts["verbosity"] > 0:
            self.stdout.write(f"{forgotten} long practice games forgotten.")
            self.stdout.write(f"{tables} friends' tables forgotten.")
