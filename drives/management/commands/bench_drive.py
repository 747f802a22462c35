"""A running drive for load tests and benchmarks, printed as JSON.

    manage.py bench_drive --pairs 120

Makes a club, an organizer (password from --password), a drive of N pairs
started with a fixed seed, and the club's table links; prints the drive id
and, per table, its token and the two pairs seated there. Goes through the
services like any other drive.
"""

import datetime as dt
import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.utils import timezone

from clubs.models import Club, Membership
from drives import services
from drives.models import TableGame


class Command(BaseCommand):
    help = "Create a running drive for load tests and print its table links as JSON."

    def add_arguments(self, parser):
        parser.add_argument("--pairs", type=int, default=120)
        parser.add_argument("--username", default="bench-organizer")
        parser.add_argument("--password", default="bench-password-1")
        parser.add_argument("--seed", type=int, default=1)

    def handle(self, *args, **opts):
        now = timezone.now()
        club = Club.objects.create(name="Bench Hall")
        user = get_user_model().objects.create_user(
            username=opts["username"], password=opts["password"]
        )
        Membership.objects.create(club=club, user=user, role=Membership.Role.ORGANIZER)
        drive = services.drive_create(
            club=club, actor=user, now=now, name="Load test", date=dt.date.today()
        )
        text = "\n".join(f"Player {i}a & Player {i}b" for i in range(1, opts["pairs"] + 1))
        services.pairs_bulk_add(drive=drive, actor=user, now=now, text=text)
        drive = services.drive_start(drive=drive, actor=user, now=now, seed=opts["seed"])
        tables = TableGame.objects.filter(drive=drive, game=1).order_by("table")
        links = {link.table: link.token for link in services.table_links(club, tables.count())}
        out = []
        for tg in tables.prefetch_related("seats__pair"):
            pairs = [s.pair.number for s in sorted(tg.seats.all(), key=lambda s: s.slot)]
            if len(pairs) == 2:
                out.append({"table": tg.table, "token": links[tg.table], "pairs": pairs})
        self.stdout.write(
            json.dumps(
                {
                    "drive": drive.pk,
                    "username": opts["username"],
                    "password": opts["password"],
                    "tables": out,
                }
            )
        )
