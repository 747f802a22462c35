"""Read models for the screens: a fixed number of queries whatever the drive's size.

The hot screens' reads of one statement each (the table card, the count bar's strip, the
result screen's second tap) are drives.sql's statements, named here for the views: views
read through this module and the services, never drives.sql (import-linter checks it)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count, Prefetch, Q
from django.http import Http404
from django.utils.translation import gettext as _

from . import sql
from .models import CODE_TRIES, Drive, Pair, PlacePrize, PrizeSettings, Seat, Submission, TableGame
from .sql import Card


@dataclass(frozen=True)
class StandingRow:
    rank: int
    pair: Pair
    won: int
    punched: frozenset[int]
    missed: frozenset[int] = frozenset()  # games it was not there for (late, left early)


def missed_games(pair: Pair, played: int) -> frozenset[int]:
    """Games up to `played` the pair was not there for: before it arrived, after it left.

    Its punch card shows them as not played, never as lost."""
    left = pair.left_after_game if pair.left_after_game is not None else played
    return frozenset(g for g in range(1, played + 1) if g < pair.arrived_game or g > left)


def game_or_404(drive: Drive, game: int) -> int:
    """The game's number if it has been seated, else 404 (the screens' and the API's)."""
    if not 1 <= game <= max(drive.current_game, 0):
        raise Http404(_("Game %(game)d has not been seated.") % {"game": game})
    return game


def game_tables(drive: Drive, game: int) -> list[TableGame]:
    """The tables of a game, each with its seats (and pairs) as tg.seat_list: two queries."""
    tables = list(TableGame.objects.filter(drive=drive, game=game).order_by("table"))
    by_id = {t.pk: t for t in tables}
    for t in tables:
        t.seat_list = []
    seats = Seat.objects.filter(drive=drive, game=game).select_related("pair").order_by("slot")
    for s in seats:
        by_id[s.table_game_id].seat_list.append(s)
    attach_reports(tables)
    return tables


@dataclass(slots=True)
class TilePair:
    pk: int
    number: int
    player1: str
    player2: str


@dataclass(slots=True)
class TileSeat:
    pair_id: int
    pair: TilePair


@dataclass(slots=True)
class TileTable:
    """What a table's tile on the result screen shows, read as plain values (no model
    instances: a screen of 60 tables built some 300 of them a request)."""

    pk: int
    table: int
    status: str
    winner_id: int | None
    deal_first_id: int | None
    seat_list: list[TileSeat] = field(default_factory=list)
    reports: list = field(default_factory=list)
    wrong_codes: int = 0

    @property
    def is_sitout(self) -> bool:
        return self.status == TableGame.Status.SITOUT

    @property
    def needs_the_front(self) -> bool:
        """Too many wrong pair codes and no result in: the front table enters it."""
        return self.wrong_codes >= CODE_TRIES and self.status not in TableGame.COUNTED


def game_tiles(drive: Drive, game: int) -> list[TileTable]:
    """The tables of a game as the result screen shows them: two queries of plain values
    (tables; seats with their pairs), and the reports of the tables waiting or in conflict."""
    rows = (
        TableGame.objects.filter(drive=drive, game=game)
        .order_by("table")
        .values_list("pk", "table", "status", "winner_id", "deal_first_id", "wrong_codes")
    )
    tables = [TileTable(*row[:5], wrong_codes=row[5]) for row in rows]
    by_id = {t.pk: t for t in tables}
    seats = (
        Seat.objects.filter(drive=drive, game=game)
        .order_by("slot")
        .values_list("table_game_id", "pair_id", "pair__number", "pair__player1", "pair__player2")
    )
    for tg_id, pair_id, number, player1, player2 in seats:
        by_id[tg_id].seat_list.append(
            TileSeat(pair_id, TilePair(pair_id, number, player1, player2))
        )
    attach_reports(tables)
    return tables


def count_of(tables) -> GameCount:
    """The count bar of tables already read (game_tiles): no query."""
    S = TableGame.Status
    statuses = [t.status for t in tables]
    return GameCount(
        counted=sum(1 for s in statuses if s in TableGame.COUNTED),
        total=len(statuses),
        conflicts=statuses.count(S.CONFLICT),
        waiting=statuses.count(S.REPORTED),
    )


def attach_reports(tables: list[TableGame]) -> None:
    """Tables waiting for agreement or in conflict get their submissions as t.reports
    (who said which pair won, from which device, when). One query, only when needed.

    Each report from a phone says whether it is the table's first phone or another
    one (sub.other_phone), so the screen reads "a phone at table 7", "another phone"."""
    waiting = {t.pk: t for t in tables if t.status in ("reported", "conflict")}
    for t in tables:
        t.reports = []
    if not waiting:
        return
    for sub in (
        Submission.objects.filter(table_game_id__in=waiting)
        .exclude(kind=Submission.Kind.WITHDRAW)
        .select_related("winner")
        .order_by("at", "id")
    ):
        reports = waiting[sub.table_game_id].reports
        phones = [r.device for r in reports if r.kind != Submission.Kind.FRONT]
        sub.other_phone = bool(phones) and sub.device != phones[0]
        reports.append(sub)


@dataclass(frozen=True)
class GameCount:
    counted: int
    total: int
    conflicts: int = 0  # tables in conflict: they do not count until settled
    waiting: int = 0  # tables reported at the table, waiting for the other pair to agree

    @property
    def complete(self) -> bool:
        return self.counted == self.total

    @classmethod
    def of(cls, statuses) -> GameCount:
        """The count of a game from its tables' statuses."""
        statuses = list(statuses)
        S = TableGame.Status
        return cls(
            counted=sum(s in TableGame.COUNTED for s in statuses),
            total=len(statuses),
            conflicts=statuses.count(S.CONFLICT),
            waiting=statuses.count(S.REPORTED),
        )


def table_card(token: str, *, with_table: bool = True) -> Card | None:
    """The table card of a token with its club, the running drive it opens and, with_table,
    that drive's table of the current game with its seats, in one statement
    (drives.sql.table_card); None if no card has it."""
    return sql.table_card(token, with_table=with_table)


def game_strip(drive: Drive, game: int) -> list[tuple[int, str]]:
    """(table, status) of every table of a game, by table number, in one statement: the
    result screen's count bar and strip of table numbers."""
    return sql.game_strip(drive_id=drive.pk, game=game)


def game_count(drive: Drive, game: int) -> GameCount:
    S = TableGame.Status
    agg = TableGame.objects.filter(drive=drive, game=game).aggregate(
        total=Count("id"),
        counted=Count("id", filter=Q(status__in=TableGame.COUNTED)),
        conflicts=Count("id", filter=Q(status=S.CONFLICT)),
        waiting=Count("id", filter=Q(status=S.REPORTED)),
    )
    return GameCount(**agg)


def punched_games(drive: Drive) -> dict[int, list[int]]:
    """pair id -> game numbers it won (sit-outs included when they count)."""
    out: dict[int, list[int]] = defaultdict(list)
    rows = (
        TableGame.objects.filter(drive=drive, status__in=TableGame.COUNTED, winner__isnull=False)
        .order_by("game")
        .values_list("winner_id", "game")
    )
    for pair_id, game in rows:
        out[pair_id].append(game)
    return out


@dataclass(frozen=True)
class PairWon:
    """A pair of one of several drives with its register people, its games won, its team
    (Pair.side: None on an ordinary night) and its games lost (a counted table game where
    it sat facing another pair, and that pair won; a sit-out is neither won nor lost
    unless the drive counts it as won)."""

    drive_id: int
    number: int
    player1: str
    player2: str
    person1_id: int | None
    person2_id: int | None
    won: int
    side: int | None = None
    lost: int = 0


def pairs_won(drive_ids) -> list[PairWon]:
    """Every pair of the drives with its games won that count (as `standings` counts
    them), its team and its games lost, by drive and pair number: two statements whatever
    the number of drives (a series' or a league's nights; drives.sql.nights_pairs)."""
    wins, rows = sql.nights_pairs([int(d) for d in drive_ids])
    return [PairWon(*row[1:7], won=wins.get(row[0], 0), side=row[7], lost=row[8]) for row in rows]


def standings(drive: Drive) -> list[StandingRow]:
    """Pairs by games won (most first), then by pair number; equal totals share a rank."""
    punched = punched_games(drive)
    pairs = sorted(drive.pairs.all(), key=lambda p: (-len(punched.get(p.pk, ())), p.number))
    played = drive.current_game
    rows = []
    rank = 0
    previous = None
    for i, p in enumerate(pairs, start=1):
        won = len(punched.get(p.pk, ()))
        if won != previous:
            rank, previous = i, won
        rows.append(
            StandingRow(
                rank=rank,
                pair=p,
                won=won,
                punched=frozenset(punched.get(p.pk, ())),
                missed=missed_games(p, played),
            )
        )
    return rows


@dataclass(frozen=True)
class CardLine:
    game: int
    table: int
    opponent: Pair | None
    won: bool | None  # None: not decided yet
    sitout: bool
    dealt_first: bool | None  # None: cut for the deal
    punched: bool


def pair_card(drive: Drive, pair: Pair) -> list[CardLine]:
    seats = list(
        Seat.objects.filter(pair=pair)
        .select_related("table_game")
        .prefetch_related(
            Prefetch("table_game__seats", queryset=Seat.objects.select_related("pair"))
        )
        .order_by("game")
    )
    lines = []
    for s in seats:
        tg = s.table_game
        others = [x.pair for x in tg.seats.all() if x.pair_id != pair.pk]
        decided = tg.status in TableGame.COUNTED
        won = (tg.winner_id == pair.pk) if decided else None
        lines.append(
            CardLine(
                game=s.game,
                table=tg.table,
                opponent=others[0] if others else None,
                won=won,
                sitout=tg.is_sitout,
                dealt_first=None if tg.deal_first_id is None else tg.deal_first_id == pair.pk,
                punched=bool(won),
            )
        )
    return lines


def game_fingerprint(drive: Drive) -> str:
    """A short text that changes whenever a live screen of the drive's current game would.

    The result screen and the projector board poll every few seconds; most polls find
    nothing new, so an unchanged poll is answered 204 or 304 without loading a table or a
    pair. Read fresh from the database in one statement (drives.sql.fingerprint): the
    drive's status and current game; over the current game's tables, the count by status,
    the sum of the result versions and the newest row id (a seat edit rebuilds the rows);
    the seat count and newest seat id (a late pair); the number of pairs; and the newest
    audit entry (every change a service makes writes one, name corrections included).
    Equal texts: nothing on screen changed.
    """
    row = sql.fingerprint(drive.pk)
    if row is None:
        return "gone"
    return "|".join("-" if v is None else str(v) for v in row)


def confirm_setting(drive: Drive | None) -> dict:
    """What the drive's confirmation setting says beside its boxes: the wrong pair codes a
    table takes, and whether the drive plays for money (a place or booby prize in money, a
    cookie jar or 50/50 sold, a jackpot), where pair codes are the suggestion. Two
    statements for a saved drive, none for a new one."""
    return {"code_tries": CODE_TRIES, "money_prizes": drive is not None and money_prizes(drive)}


def money_prizes(drive: Drive) -> bool:
    """The drive pays a prize in money: a place prize or booby prize with an amount, a
    cookie jar with a price, a jackpot with an amount, or a 50/50 draw."""
    if PlacePrize.objects.filter(drive=drive, cents__gt=0).exists():
        return True
    return PrizeSettings.objects.filter(
        Q(booby=True, booby_cents__gt=0)
        | Q(jar=True, jar_price__gt=0)
        | Q(jackpot=True, jackpot_cents__gt=0)
        | Q(fifty_fifty=True),
        drive=drive,
    ).exists()


# --- A pair's own card on its phone ------------------------------------------------------

PairCard = sql.PairCard


def pair_card_of(token: str) -> PairCard | None:
    """The pair a card token opens, with its drive, club and the drive's fingerprint: one
    statement (drives.sql.pair_card), the whole of the page's unchanged poll."""
    return sql.pair_card(token)


@dataclass(frozen=True)
class OwnGame:
    """One game on the pair's own card: where it sat and how it went."""

    game: int
    table: int
    status: str  # the table's TableGame.Status
    won: bool | None  # None: no result counts yet
    sitout: bool
    deals: str  # "you", "them", or "cut"
    opponent: TilePair | None


@dataclass(frozen=True)
class Place:
    """The pair's place so far as the standings count it: 1 + the pairs with more games
    won (18, 18, 16 -> 1, 1, 3); tied when another pair has as many."""

    place: int
    tied: bool


@dataclass(frozen=True)
class OwnCard:
    """What a pair's own page shows: its punch card (punched and missed games, up to the
    games played), its games won, its place so far, and its game now (None: not seated)."""

    card: PairCard
    games: tuple[OwnGame, ...]
    punched: frozenset[int]
    missed: frozenset[int]
    played: int
    place: Place | None
    now: OwnGame | None

    @property
    def won(self) -> int:
        return len(self.punched)

    @property
    def left(self) -> bool:
        """The pair has left the drive (it left after an earlier game)."""
        left = self.card.pair.left_after_game
        return left is not None and left < self.card.drive.current_game

    @property
    def is_last_game(self) -> bool:
        drive = self.card.drive
        return drive.current_game >= drive.games


def place_among(won: int, wins: dict[int, int], pairs: int) -> Place:
    """The place of a pair with `won` games among `pairs` pairs, where `wins` holds the
    games won of every pair that won any (pair id -> games).

    >>> place_among(16, {1: 18, 2: 18, 3: 16}, 4)
    Place(place=3, tied=False)
    >>> place_among(0, {1: 2}, 3)
    Place(place=2, tied=True)
    """
    above = sum(1 for n in wins.values() if n > won)
    level = sum(1 for n in wins.values() if n == won) if won else pairs - len(wins)
    return Place(place=above + 1, tied=level > 1)


def own_card(card: PairCard) -> OwnCard:
    """The pair's own card: its games (two statements: its seats with their tables and the
    other pair's number and names; the games won of every pair, for its place), the same
    number whatever the drive's size."""
    pair, drive = card.pair, card.drive
    rows = (
        Seat.objects.filter(pair_id=pair.pk)
        .order_by("game", "table_game__seats__slot")
        .values_list(
            "game",
            "table_game__table",
            "table_game__status",
            "table_game__winner_id",
            "table_game__deal_first_id",
            "table_game__seats__pair_id",
            "table_game__seats__pair__number",
            "table_game__seats__pair__player1",
            "table_game__seats__pair__player2",
        )
    )
    seen: dict[int, dict] = {}
    for game, table, status, winner, deal, seat_pair, number, player1, player2 in rows:
        one = seen.setdefault(
            game, {"table": table, "status": status, "winner": winner, "deal": deal, "vs": None}
        )
        if seat_pair is not None and seat_pair != pair.pk:
            one["vs"] = TilePair(seat_pair, number, player1, player2)
    games = []
    for game, one in seen.items():
        counts = one["status"] in TableGame.COUNTED
        deal = one["deal"]
        games.append(
            OwnGame(
                game=game,
                table=one["table"],
                status=one["status"],
                won=(one["winner"] == pair.pk) if counts else None,
                sitout=one["status"] == TableGame.Status.SITOUT,
                deals="cut" if deal is None else "you" if deal == pair.pk else "them",
                opponent=one["vs"],
            )
        )
    punched = frozenset(g.game for g in games if g.won)
    now = next((g for g in games if g.game == drive.current_game), None)
    if drive.is_setup:
        played = 0
    elif drive.is_finished or (now is not None and now.won is not None):
        played = drive.current_game
    else:
        played = drive.current_game - 1
    place = None
    wins = dict(
        TableGame.objects.filter(
            drive_id=drive.pk, status__in=TableGame.COUNTED, winner__isnull=False
        )
        .values_list("winner_id")
        .annotate(n=Count("id"))
        .order_by()
    )
    if wins:
        place = place_among(len(punched), wins, card.pair_count)
    return OwnCard(
        card=card,
        games=tuple(games),
        punched=punched,
        missed=missed_games(pair, played),
        played=played,
        place=place,
        now=now if drive.is_running else None,
    )
