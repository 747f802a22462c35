"""First-run set-up for `make run`: the organizer account and the demo club.

Idempotent: run it on every start. On an empty database it loads the demo
club's roster (fixtures/demo_club.json), links its pairs' names to the club's player
register (so the register and a person's history show both nights) and plays one
finished night and one night stopped at game 12. Those two are demo drives
(Drive.is_demo): they never take the club's table cards, so the first real drive started
gets them, and each can be deleted on its page. The first organizer's password is taken
from ORGANIZER_PASSWORD (refused when Django's password rules find it weak) or
generated, printed once and kept in var/organizer-password.txt (outside git)
until it is changed: any change of that password deletes the file
(accounts/signals.py). With --port it then prints the addresses to open on the hall's
tablets. It speaks the terminal's language (LANGUAGE, LC_ALL, LC_MESSAGES or LANG set to
French), else the club's.
"""

import os
import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from accounts.interface import FIRST_ORGANIZER
from clubs.models import Club, Membership
from config import network
from drives.management.commands.simulate_drive import play
from drives.models import Drive, Pair
from drives.services.people import link_people

USERNAME = FIRST_ORGANIZER


class Command(BaseCommand):
    help = "Create the first organizer and, on an empty database, the demo club."

    def add_arguments(self, parser):
        parser.add_argument("--no-demo", action="store_true", help="do not load the demo club")
        parser.add_argument("--port", help="print the addresses to open on this port")

    def handle(self, *args, **opts):
        with translation.override(terminal_language()):
            self._handle(**opts)

    def _handle(self, **opts):
        User = get_user_model()
        password_file = settings.ORGANIZER_PASSWORD_FILE
        chosen = os.environ.get("ORGANIZER_PASSWORD")
        if chosen and not User.objects.filter(username=USERNAME).exists():
            try:
                validate_password(chosen, User(username=USERNAME))
            except ValidationError as e:
                raise CommandError(
                    "ORGANIZER_PASSWORD is too weak: "
                    + " ".join(e.messages)
                    + " Choose a longer one, not a common word, the username or built from it."
                ) from e
        empty = not Drive.objects.exists() and not Club.objects.exists()
        if empty and not opts["no_demo"]:
            self._load_demo()
        if not User.objects.filter(username=USERNAME).exists():
            password = chosen or secrets.token_urlsafe(9)
            with transaction.atomic():
                user = User.objects.create_user(username=USERNAME, password=password)
                club = Club.objects.order_by("pk").first() or Club.objects.create(name="My Club")
                Membership.objects.create(user=user, club=club, role=Membership.Role.ORGANIZER)
            if not chosen:
                password_file.write_text(password + "\n")
                password_file.chmod(0o600)
            self.stdout.write(
                _("Organizer login: %(user)s  password: %(password)s")
                % {"user": USERNAME, "password": password}
            )
            self.stdout.write(_("(The password is kept in %(file)s.)") % {"file": password_file})
        elif password_file.exists():
            self.stdout.write(
                _("Organizer login: %(user)s  password: in %(file)s")
                % {"user": USERNAME, "file": password_file}
            )
        else:
            self.stdout.write(
                _(
                    "Organizer login: %(user)s (the password set for it; "
                    "forgotten: manage.py changepassword %(user)s)"
                )
                % {"user": USERNAME}
            )
        if opts.get("port"):
            self._addresses(str(opts["port"]))

    def _addresses(self, port: str) -> None:
        cards = network.base_url(configured=os.environ.get("SITE_BASE_URL", ""), port=port)
        self.stdout.write("")
        self.stdout.write(_("Card Drive is starting. Open it on a tablet on the same network:"))
        for a in network.lan_addresses() or ["127.0.0.1"]:
            self.stdout.write(f"    http://{a}:{port}/")
        self.stdout.write(_("On this computer: %(url)s") % {"url": f"http://127.0.0.1:{port}/"})
        self.stdout.write(
            _("Table cards and their QR codes use: %(url)s/ (set SITE_BASE_URL to change it)")
            % {"url": cards}
        )
        self.stdout.write(_("Stop it with Ctrl+C."))
        self.stdout.write("")

    def _load_demo(self):
        call_command("loaddata", settings.BASE_DIR / "fixtures" / "demo_club.json", verbosity=0)
        now = timezone.now()
        demo = Drive.objects.filter(club_id=1)
        # Demo drives can be deleted on screen, and never take the club's table cards: the
        # first real drive started gets them, so no phone reports into the demo's game 12.
        demo.update(is_demo=True)
        finished, tonight = demo.order_by("date")
        for drive in (finished, tonight):
            _register_people(drive, now)
        play(finished, seed=20261120, now=now, table_cards=False)
        play(tonight, seed=20261127, stop_at=12, now=now, table_cards=False)
        self.stdout.write(_("Demo club loaded: one finished night and one at game 12 (40 pairs)."))
        self.stdout.write(
            _("Before a real night, delete the demo drives on their pages (Delete the demo drive).")
        )


def _register_people(drive: Drive, now) -> None:
    """The demo pairs' names linked to the club's player register, as registering them on
    the Pairs page does: a name the register holds is that person, a new one is added."""
    pairs = list(drive.pairs.order_by("number"))
    names = [name for pair in pairs for name in (pair.player1, pair.player2)]
    people, _new = link_people(drive=drive, names=names, choices=None, now=now)
    for pair, first, second in zip(pairs, people[::2], people[1::2], strict=True):
        pair.person1, pair.person2 = first, second
    Pair.objects.bulk_update(pairs, ["person1", "person2"])


def terminal_language() -> str:
    """French when the terminal's locale is French (fr_CA.UTF-8, fr), else the club's."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value and value not in ("C", "POSIX", "C.UTF-8"):
            return "fr" if value.lower().startswith("fr") else "en"
    club = Club.objects.order_by("pk").only("language").first()
    return club.language if club else settings.LANGUAGE_CODE
