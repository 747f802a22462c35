"""`manage.py publish [DRIVE ...] [--watch]`: publish nights to the association's server
from the laptop, with no page open.

With no drive named, it publishes the running drives of every club that publishes (the
Publishing page). `--watch` goes on every minute (`--every`), sending a night only when it
changed since the server took it, as the drive page does while it is open. Each attempt
is kept as the page's are (the drive's publish state), and said on one line.
"""

from __future__ import annotations

import socket
import time

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from clubs.interface import DriveError, Origin
from drives.models import Drive

from ...models import PublishingTarget
from ...services import publishing


class Command(BaseCommand):
    help = "Publish nights to the association's server (the club's Publishing page)."

    def add_arguments(self, parser):
        parser.add_argument("drives", nargs="*", type=int, metavar="DRIVE", help="drive ids")
        parser.add_argument("--watch", action="store_true", help="go on, every --every s")
        parser.add_argument("--every", type=float, default=60.0, help="seconds between rounds")
        # For tests: stop after this many rounds (0: for as long as it runs).
        parser.add_argument("--rounds", type=int, default=0, help=" ")

    def _drives(self, ids: list[int]) -> list[Drive]:
        clubs = PublishingTarget.objects.values("club_id")
        if ids:
            found = list(Drive.objects.filter(pk__in=ids).select_related("club"))
            missing = sorted(set(ids) - {d.pk for d in found})
            if missing:
                raise CommandError(f"No drive {', '.join(map(str, missing))} here.")
            return found
        return list(
            Drive.objects.filter(club_id__in=clubs, status=Drive.Status.RUNNING).select_related(
                "club"
            )
        )

    def handle(self, *args, **opts):
        origin = Origin(source="command: publish", device=socket.gethostname()[:100])
        rounds = 0
        while True:
            rounds += 1
            for drive in self._drives(opts["drives"]):
                try:
                    state = publishing.night_publish(
                        drive=drive,
                        actor=None,
                        now=timezone.now(),
                        origin=origin,
                        only_if_changed=opts["watch"],
                    )
                except DriveError as e:
                    self.stderr.write(f"{drive.name} (drive {drive.pk}): {e.message}")
                    continue
                if state.error:
                    self.stderr.write(f"{drive.name} (drive {drive.pk}): {state.error}")
                else:
                    when = timezone.localtime(state.published_at).strftime("%H:%M")
                    self.stdout.write(f"{drive.name} (drive {drive.pk}): published at {when}")
            if not opts["watch"] or (opts["rounds"] and rounds >= opts["rounds"]):
                return
            time.sleep(opts["every"])
