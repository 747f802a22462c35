"""`manage.py forget_practice_games`: forget the long practice games nobody plays any more.

A practice game lives in its browser's cookie; only a very long one is kept on the
server (practice.models.KeptGame). This forgets each one not played for as long as a
session lasts (SESSION_HOURS, 12). `make run` runs it at start.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand
from django.utils import timezone

from practice.store import forget_stale


class Command(BaseCommand):
    help = "Forget the long practice games kept on the server that nobody has played lately."

    def handle(self, *args, **opts):
        forgotten = forget_stale(now=timezone.now())
        if opts["verbosity"] > 0:
            self.stdout.write(f"{forgotten} long practice games forgotten.")
