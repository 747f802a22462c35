"""Play a whole drive through the same services the screens use.

    python manage.py simulate_drive --pairs 40 --games 25 --seed 7
    python manage.py simulate_drive --drive 3 --stop-at 12 --seed 7   # play an existing drive
    python manage.py simulate_drive --pairs 9 --games 3 --seed 1 --json

Winners are drawn from the seed, so the same seed gives the same night.
"""

import datetime as dt
import json
import random

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from clubs.interface import DriveError
from clubs.models import Club, Membership
from drives import queries, services
from drives.models import Drive, Seat, TableGame

ORGANIZER = "organizer"  # the login make run prints


class Command(BaseCommand):
    help = "Play a whole card drive with random winners from a seed, through the services."

    def add_arguments(self, parser):
        parser.add_argument("--pairs", type=int, help="number of pairs for a new drive")
        parser.add_argument("--games", type=int, default=25, help="games in a new drive (1..60)")
        parser.add_argument("--seed", type=int, default=1, help="seed for seating and winners")
        parser.add_argument(
            "--club",
            default=None,
            help="club name (made if new); by default the organizer's club from make run",
        )
        parser.add_argument("--name", default=None, help="drive name")
        parser.add_argument("--drive", type=int, help="play this existing drive (not started)")
        parser.add_argument("--stop-at", type=int, help="stop while this game is being played")
        parser.add_argument("--no-sitout-wins", action="store_true", help="sit-outs are not wins")
        parser.add_argument("--late", type=int, default=0, help="late pairs arriving at random")
        parser.add_argument("--leave", type=int, default=0, help="pairs leaving early at random")
        parser.add_argument("--json", action="store_true", help="print one JSON document")

    def handle(self, *args, **opts):
        seed = opts["seed"]
        now = timezone.now()
        if opts["drive"]:
            drive = Drive.objects.filter(pk=opts["drive"]).first()
            if drive is None:
                raise CommandError(f"No drive {opts['drive']}.")
        else:
            if not opts["pairs"] or opts["pairs"] < 2:
                raise CommandError("Give --pairs N (at least 2) or --drive ID.")
            if not 1 <= opts["games"] <= 60:
                raise CommandError("--games must be from 1 to 60.")
            club = _club(opts["club"])
            drive = services.drive_create(
                club=club,
                actor=None,
                now=now,
                name=opts["name"] or f"Simulated drive (seed {seed})",
                date=timezone.localdate(),
                venue="",
                games=opts["games"],
                sitout_wins=not opts["no_sitout_wins"],
            )
            text = "\n".join(f"Player {i}A & Player {i}B" for i in range(1, opts["pairs"] + 1))
            services.pairs_bulk_add(drive=drive, actor=None, now=now, text=text, paid=True)
        try:
            play(
                drive,
                seed=seed,
                stop_at=opts["stop_at"],
                now=now,
                late=opts["late"],
                leave=opts["leave"],
            )
        except DriveError as e:
            raise CommandError(e.message) from e
        drive.refresh_from_db()
        if opts["json"]:
            self.stdout.write(json.dumps(night_document(drive), ensure_ascii=False, indent=1))
        else:
            self.print_standings(drive)

    def print_standings(self, drive):
        self.stdout.write(
            f"{drive.name}: {drive.get_status_display()},"
            f" game {drive.current_game} of {drive.games}, seed {drive.seed}"
        )
        for row in queries.standings(drive):
            games = " ".join(str(g) for g in sorted(row.punched))
            self.stdout.write(
                f"{row.rank:>3}. pair {row.pair.number:>3}  {row.won:>2} won"
                f"  [{games}]  {row.pair.names}"
            )


def play(drive, *, seed, stop_at=None, now=None, actor=None, late=0, leave=0, table_cards=None):
    """Start (if needed) and play the drive to its end, or until game stop_at is seated.

    late / leave: that many pairs arrive / leave between games, at games and
    (for leavers) pairs drawn from the seed. Winners come from their own
    generator, so adding changes does not reshuffle the results of a seed.
    table_cards: as services.drive_start (False: the club's table cards stay where they are).
    """
    now = now or timezone.now()
    rng = random.Random(seed)
    changes = random.Random(f"{seed}-changes")
    if drive.is_setup:
        drive = services.drive_start(
            drive=drive, actor=actor, now=now, seed=seed, alongside=True, table_cards=table_cards
        )
    later_games = list(range(2, drive.games + 1))
    arrivals = sorted(changes.choice(later_games) for _ in range(late)) if later_games else []
    departures = sorted(changes.choice(later_games) for _ in range(leave)) if later_games else []
    step = dt.timedelta(minutes=5)
    while drive.is_running:
        if stop_at and drive.current_game >= stop_at:
            return drive
        game = drive.current_game
        for _ in range(arrivals.count(game)):
            services.pair_arrive(
                drive=drive,
                from_game=game,
                player1=f"Late {game}A",
                player2=f"Late {game}B",
                paid=True,
                actor=actor,
                now=now,
            )
        for _ in range(departures.count(game)):
            seated = sorted(
                Seat.objects.filter(drive=drive, game=game).values_list("pair__number", flat=True)
            )
            if len(seated) > 2:
                services.pair_leave(
                    drive=drive, from_game=game, number=changes.choice(seated), actor=actor, now=now
                )
        tables = (
            TableGame.objects.filter(drive=drive, game=game, status=TableGame.Status.PENDING)
            .prefetch_related("seats__pair")
            .order_by("table")
        )
        for tg in tables:
            seats = sorted(tg.seats.all(), key=lambda s: s.slot)
            winner = seats[rng.randrange(2)].pair.number
            services.result_record(
                drive=drive, game=game, table=tg.table, winner_number=winner, actor=actor, now=now
            )
        now += step
        if game >= drive.games:
            drive = services.drive_finish(drive=drive, from_game=game, actor=actor, now=now)
        else:
            drive = services.game_advance(drive=drive, from_game=game, actor=actor, now=now)
    return drive


def night_document(drive) -> dict:
    """Every game's seating and winners, and every pair's punched games."""
    numbers = dict(drive.pairs.values_list("pk", "number"))
    games = []
    for g in range(1, drive.current_game + 1):
        tables = []
        for tg in queries.game_tables(drive, g):
            tables.append(
                {
                    "table": tg.table,
                    "pairs": [s.pair.number for s in tg.seat_list],
                    "deals_first": numbers[tg.deal_first_id] if tg.deal_first_id else "cut",
                    "winner": numbers[tg.winner_id] if tg.winner_id else None,
                    "sitout": tg.is_sitout,
                }
            )
        games.append({"game": g, "tables": tables})
    pairs = [
        {
            "pair": row.pair.number,
            "players": [row.pair.player1, row.pair.player2],
            "won": row.won,
            "punched": sorted(row.punched),
        }
        for row in sorted(queries.standings(drive), key=lambda r: r.pair.number)
    ]
    return {
        "drive": drive.name,
        "seed": drive.seed,
        "status": drive.status,
        "games_played": drive.current_game,
        "games": games,
        "pairs": pairs,
    }


def _club(name: str | None) -> Club:
    """The named club (made if new); without a name the club the organizer of make run
    logs in to, so the simulated drive shows on their drives list."""
    if name:
        return Club.objects.get_or_create(name=name)[0]
    membership = (
        Membership.objects.filter(user__username=ORGANIZER, role=Membership.Role.ORGANIZER)
        .select_related("club")
        .first()
    )
    if membership is not None:
        return membership.club
    return Club.objects.order_by("pk").first() or Club.objects.create(name="Simulation Club")
