"""Hall laptops' nights to publish, for the association bench (bench/association.py).

    python bench/publish_jobs.py --laptops 20 --pairs 40 --games 6   (the site's environment)

For each laptop: a hall club with a night played through the services to its last game
(seated, not yet played), its drive file as the laptop sends it, and a corrected version
(game 1's first result turned over, later); on the server's side a club of its own with an
organizer and an API key. Prints, as JSON, one job a laptop: the address to PUT, the key,
and the two request bodies (exchange.services.wire: the revision and the document).
"""

import argparse
import datetime as dt
import json
import os
import secrets
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.utils import timezone  # noqa: E402

from accounts.services.tokens import token_create  # noqa: E402
from clubs.models import Club, Membership  # noqa: E402
from drives import services  # noqa: E402
from drives.management.commands.simulate_drive import play  # noqa: E402
from drives.models import TableGame  # noqa: E402
from exchange.document.export import drive_export  # noqa: E402
from exchange.services.wire import PATH, body_of, revision_of, source_of  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--laptops", type=int, default=20)
    parser.add_argument("--pairs", type=int, default=40)
    parser.add_argument("--games", type=int, default=6)
    opts = vars(parser.parse_args())
    now = timezone.now()
    jobs = []
    for k in range(1, opts["laptops"] + 1):
        hall = Club.objects.create(name=f"Laptop hall {k}")
        drive = services.drive_create(
            club=hall,
            actor=None,
            now=now,
            name=f"Saturday 45s {k}",
            date=dt.date.today(),
            games=opts["games"],
        )
        text = "\n".join(f"Hall {k} {i}A & Hall {k} {i}B" for i in range(1, opts["pairs"] + 1))
        services.pairs_bulk_add(drive=drive, actor=None, now=now, text=text, paid=True)
        drive = play(drive, seed=k, stop_at=opts["games"], now=now)
        first = drive_export(drive)
        first_table = TableGame.objects.get(drive=drive, game=1, table=1)
        loser = next(
            s.pair.number
            for s in first_table.seats.select_related("pair")
            if s.pair_id != first_table.winner_id
        )
        services.result_correct(
            drive=drive,
            game=1,
            table=1,
            winner_number=loser,
            from_game=drive.current_game,
            actor=None,
            now=now + dt.timedelta(minutes=30),
        )
        drive.refresh_from_db()
        corrected = drive_export(drive)
        server = Club.objects.create(name=f"Association club {k}")
        user = get_user_model().objects.create_user(
            username=f"association-{k}", password=secrets.token_urlsafe(16)
        )
        Membership.objects.create(club=server, user=user, role=Membership.Role.ORGANIZER)
        key = token_create(actor=user, name="Hall laptop", now=now).key
        jobs.append(
            {
                "laptop": k,
                "path": PATH + source_of(secrets.token_hex(16), drive.pk),  # a laptop each
                "key": key,
                "document": body_of(revision_of(first), first).decode(),
                "corrected": body_of(revision_of(corrected), corrected).decode(),
            }
        )
    print(json.dumps(jobs, ensure_ascii=False))


if __name__ == "__main__":
    main()
