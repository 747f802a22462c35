"""First-run set-up for `make run`: the organizer account and the demo club.

Idempotent: run it on every start. On an empty database it loads the demo
club's roster (fixtures/demo_club.json) and plays one finished night and one
night stopped at game 12. The first organizer's password is taken from
ORGANIZER_PASSWORD or generated, printed once and kept in var/ (outside git).
"""

import os
import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from drives.management.commands.simulate_drive import play
from drives.models import Club, Drive, Membership

USERNAME = "organizer"


class Command(BaseCommand):
    help = "Create the first organizer and, on an empty database, the demo club."

    def add_arguments(self, parser):
        parser.add_argument("--no-demo", action="store_true", help="do not load the demo club")

    def handle(self, *args, **opts):
        User = get_user_model()
        password_file = settings.VAR_DIR / "organizer-password.txt"
        empty = not Drive.objects.exists() and not Club.objects.exists()
        if empty and not opts["no_demo"]:
            self._load_demo()
        if not User.objects.filter(username=USERNAME).exists():
            password = os.environ.get("ORGANIZER_PASSWORD") or secrets.token_urlsafe(9)
            with transaction.atomic():
                user = User.objects.create_user(username=USERNAME, password=password)
                club = Club.objects.order_by("pk").first() or Club.objects.create(name="My Club")
                Membership.objects.create(user=user, club=club, role=Membership.Role.ORGANIZER)
            if not os.environ.get("ORGANIZER_PASSWORD"):
                password_file.write_text(password + "\n")
                password_file.chmod(0o600)
            self.stdout.write(f"Organizer login: {USERNAME}  password: {password}")
            self.stdout.write(f"(The password is kept in {password_file}.)")
        elif password_file.exists():
            self.stdout.write(f"Organizer login: {USERNAME}  password: in {password_file}")
        else:
            self.stdout.write(f"Organizer login: {USERNAME} (password from ORGANIZER_PASSWORD)")

    def _load_demo(self):
        call_command("loaddata", settings.BASE_DIR / "fixtures" / "demo_club.json", verbosity=0)
        now = timezone.now()
        finished, tonight = Drive.objects.filter(club_id=1).order_by("date")
        play(finished, seed=20261120, now=now)
        play(tonight, seed=20261127, stop_at=12, now=now)
        self.stdout.write("Demo club loaded: one finished night and one at game 12 (40 pairs).")
