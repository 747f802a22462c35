"""Hand-by-hand scoresheets at drive tables: hands and All Fours deals kept, replayed through
the rules library, undone.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.interface import (
    FRONT,
    DriveError,
    Origin,
    StaleError,
    record_audit,
    refusal_error,
    words_join,
)
from clubs.models import AuditEntry
from scoring import games, keeping
from scoring.games import all_fours
from scoring.games.core import HandError, Variant, two_pairs
from scoring.speak import say
from scoring.words import gettext_noop

from ..game_options import variant_for
from ..models import Drive, Hand, Pair, TableGame
from .common import locked_table
from .results import RESULT_ACTIONS, RESULT_UNDOS, result_record

# --- Scorekeeper ------------------------------------------------------------
# A table may keep its game hand by hand. Hands are kept in pair numbers; the
# rules library numbers the sides 0 and 1, which are the table's two pairs in
# seat-slot order. The score is always replayed from the kept hands, so undo
# is exact and two devices cannot drift apart.


@dataclass(frozen=True)
class SheetHand:
    """One kept hand with what it did to the score, in the sheet's pair order."""

    number: int
    tricks: tuple[int, ...]
    best: int | None  # the pair that won the best trump; None: no trump played
    bidder: int | None
    bid: int | None
    points: tuple[int, ...]  # what each pair's score moved by
    totals: tuple[int, ...]  # the running score after this hand
    made: bool | None  # the bidder made its bid (Auction, 110)
    defenders_30: bool = False  # Auction option: the pair that set the bid scored 30
    hanging: tuple[int, ...] = ()  # Auction: pairs that began the winning hand on 40

    @property
    def bid_text(self) -> str:
        return say(keeping.bid_text(self.bid)) if self.bid is not None else ""


@dataclass(frozen=True)
class Scoresheet:
    """A table's game as kept by the scorekeeper: its hands and running score."""

    drive: Drive
    game: int
    table_game: TableGame
    pairs: tuple[Pair, ...]  # in seat-slot order: the library's sides 0 and 1
    variant: Variant
    hands: tuple[SheetHand, ...]
    totals: tuple[int, ...]
    locked: tuple[int, ...]  # pair numbers
    green: tuple[int, ...]
    eliminated: tuple[int, ...]
    winner: int | None  # the pair the hands declare the winner

    @property
    def all_fours(self) -> bool:
        """The drive plays an All Fours variant: the sheet keeps deals, not hands."""
        return isinstance(self.variant, all_fours.Variant)

    @property
    def game_name(self) -> str:
        if self.all_fours:
            return self.drive.get_game_display()
        return say(self.variant.game.label)

    @property
    def last_log(self) -> tuple:
        """How the last deal counted out (All Fours), e.g. ("High", 7, 1)."""
        return self.hands[-1].log if self.all_fours and self.hands else ()

    @property
    def table(self) -> int:
        return self.table_game.table

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(p.number for p in self.pairs)

    @property
    def rows(self) -> list[tuple[Pair, int]]:
        """Each pair with its running total, for the big score at the top."""
        return list(zip(self.pairs, self.totals, strict=True))

    @property
    def next_number(self) -> int:
        return len(self.hands) + 1

    @property
    def has_bidding(self) -> bool:
        if self.all_fours:
            return self.variant.rules.bidding is not None
        return self.variant.game is not games.Game.FORTY_FIVES

    @property
    def bids(self) -> list[tuple[int, str]]:
        """The bids the drive's rules allow, each with its label (a slam says so)."""
        if not self.has_bidding:
            return []
        if self.all_fours:
            return [(b, str(b)) for b in range(1, all_fours.MAX_BID + 1)]
        return [(b, say(keeping.bid_text(b))) for b in games.core.bid_amounts(self.variant)]

    @property
    def open(self) -> bool:
        """Hands may still be entered or undone: the drive is playing this game."""
        return self.drive.is_running and self.game == self.drive.current_game

    @property
    def takes_hands(self) -> bool:
        return self.open and self.winner is None

    @property
    def result_in(self) -> bool:
        """The table's result is the winner the hands declared."""
        tg = self.table_game
        return (
            self.winner is not None
            and tg.status == TableGame.Status.CONFIRMED
            and tg.winner_id == next(p.pk for p in self.pairs if p.number == self.winner)
        )


def _two_pairs_at(tg: TableGame, table: int) -> tuple[Pair, ...]:
    pairs = tuple(s.pair for s in sorted(tg.seat_list, key=lambda s: s.slot))
    if tg.is_sitout or len(pairs) != 2:
        raise DriveError(
            _("Table %(table)d is a sit-out: it has no game to keep score for.") % {"table": table}
        )
    return pairs


def _sheet_variant(drive: Drive, numbers: tuple[int, ...]) -> Variant:
    """The drive's rules, with the sides named after the pairs so reasons name them."""
    return variant_for(drive, two_pairs(*(_("Pair %(n)d") % {"n": n} for n in numbers)))


def _clean_record(record: dict, numbers: tuple[int, ...], table: int) -> dict:
    """The hand as kept: tricks by pair number, the pair that won the best trump and the
    pair that won the bid (or None), the bid. Only the pair numbers are checked here;
    the rules library cleans the rest (keeping.clean_record)."""

    def seated(value, refusal: str) -> int | None:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise DriveError(refusal)
        if value not in numbers:
            raise DriveError(
                _("Pair %(pair)d is not seated at table %(table)d.")
                % {"pair": value, "table": table}
            )
        return value

    raw = record.get("tricks")
    if not isinstance(raw, dict):
        raise DriveError(_("Enter the tricks of each pair."))
    try:
        tricks = {int(n): t for n, t in raw.items()}
    except (TypeError, ValueError):
        raise DriveError(_("Enter the tricks of each pair.")) from None
    for n in tricks:
        seated(n, _("Enter the tricks of each pair."))
    for n in numbers:
        if tricks.get(n) is None:
            raise DriveError(_("Enter the tricks of pair %(pair)d.") % {"pair": n})
    seated(record.get("best"), _("Tap the pair that won the best trump."))
    seated(record.get("bidder"), _("Tap the pair that won the bid."))
    return {
        "tricks": {str(n): tricks[n] for n in numbers},
        "best": record.get("best"),
        "bidder": record.get("bidder"),
        "bid": record.get("bid"),
        "defenders_30": record.get("defenders_30"),
    }


def _sides_of(record: dict, numbers: tuple[int, ...], table: int) -> dict:
    """A kept hand or deal (pairs by number) in the library's terms, side 0 the pair in
    slot 1: tricks and card points listed in side order."""
    side = {n: i for i, n in enumerate(numbers)}

    def side_of(pair):
        if pair is None:
            return None
        if pair not in side:
            raise DriveError(
                _("Pair %(pair)d is not seated at table %(table)d any more.")
                % {"pair": pair, "table": table},
                409,
            )
        return side[pair]

    out = dict(record)
    for name in ("best", "bidder", "dealer", "high", "low", "jack", "game"):
        if name in record:
            out[name] = side_of(record[name])
    if "tricks" in record:
        tricks = record["tricks"]
        if set(tricks) != {str(n) for n in numbers}:
            raise DriveError(
                _("The pairs at table %(table)d changed after hands were kept.") % {"table": table},
                409,
            )
        out["tricks"] = [tricks[str(n)] for n in numbers]
    if "captures" in record:
        out["captures"] = [[side_of(n), c] for n, c in record["captures"]]
    if "counts" in record:
        counts = record["counts"]
        out["counts"] = [counts[str(n)] for n in numbers] if counts else []
    return out


def pairs_record(cleaned: dict, numbers: tuple[int, ...]) -> dict:
    """A hand in the library's side order (keeping.read_hand, keeping.clean_record) in
    pair numbers, as a table keeps it: side 0 is the pair in slot 1."""
    out = dict(cleaned)
    for name in ("best", "bidder"):
        out[name] = None if cleaned[name] is None else numbers[cleaned[name]]
    out["tricks"] = {str(n): t for n, t in zip(numbers, cleaned["tricks"], strict=True)}
    return out


def _replay(variant, hands: list[Hand], numbers: tuple[int, ...], table: int) -> tuple:
    """The state after the kept hands (or deals), and each with what it scored."""
    deals = isinstance(variant, all_fours.Variant)
    try:
        kept = keeping.replay(variant, [_sides_of(h.record, numbers, table) for h in hands])
    except keeping.Unscorable as e:
        sentence = (
            _("Deal %(n)d kept for table %(table)d no longer fits the rules: %(reason)s")
            if deals
            else _("Hand %(n)d kept for table %(table)d no longer fits the rules: %(reason)s")
        )
        raise DriveError(
            sentence % {"n": e.number, "table": table, "reason": say(e.reason)}, 409
        ) from e
    rows = [
        (_sheet_deal if deals else _sheet_hand)(variant, hand, row, numbers)
        for hand, row in zip(hands, kept.rows, strict=True)
    ]
    return kept.state, rows


def _sheet_hand(variant, hand: Hand, row: keeping.Row, numbers: tuple[int, ...]) -> SheetHand:
    return SheetHand(
        number=hand.number,
        tricks=tuple(row.record["tricks"]),
        best=hand.record.get("best"),
        bidder=hand.record.get("bidder"),
        bid=hand.record.get("bid"),
        points=row.changes,
        totals=row.totals,
        made=row.made,
        defenders_30=bool(row.record.get("defenders_30")),
        hanging=tuple(numbers[s] for s in row.hanging),
    )


def _scores_text(numbers: tuple[int, ...], scores: tuple[int, ...]) -> str:
    return words_join(
        gettext_noop("pair %(pair)d %(score)d") % {"pair": n, "score": s}
        for n, s in zip(numbers, scores, strict=True)
    )


def scoresheet(drive: Drive, game: int, table: int) -> Scoresheet:
    """A table's kept hands with the running score after each, and the winner if any."""
    tg = (
        TableGame.objects.select_related("drive", "drive__club")
        .filter(drive_id=drive.pk, game=game, table=table)
        .first()
    )
    if tg is None:
        raise DriveError(
            _("There is no table %(table)d in game %(game)d.") % {"table": table, "game": game}, 404
        )
    tg.seat_list = list(tg.seats.select_related("pair").order_by("slot"))
    pairs = _two_pairs_at(tg, table)
    numbers = tuple(p.number for p in pairs)
    variant = _sheet_variant(tg.drive, numbers)
    state, rows = _replay(variant, list(tg.hands.order_by("number")), numbers, table)
    return Scoresheet(
        drive=tg.drive,
        game=game,
        table_game=tg,
        pairs=pairs,
        variant=variant,
        hands=tuple(rows),
        totals=state.scores,
        # All Fours has no locked, green or eliminated pairs.
        locked=tuple(numbers[i] for i in getattr(state, "locked", ())),
        green=tuple(numbers[i] for i in getattr(state, "green", ())),
        eliminated=tuple(numbers[i] for i in getattr(state, "eliminated", ())),
        winner=None if state.winner is None else numbers[state.winner],
    )


# All Fours: one deal per entry. The record keeps pair numbers, as hands do:
# {"dealer": 7, "turned": ["JH"], "beg": None | "gift" | "run", "bids": [0, 2, 3, 0],
#  "sold": False, "captures": [[7, 4], [12, 10]], "high": 7, "low": 12, "jack": None,
#  "hanged": False, "game": 7 | None, "counts": {"7": 30, "12": 25} or {}}.

DEAL_EVENTS = {
    all_fours.TURNED_JACK: gettext_lazy("Jack turned up"),
    all_fours.TURNED_CARD: gettext_lazy("Card turned up"),
    all_fours.KICK: gettext_lazy("Kick"),
    all_fours.GIFT_POINT: gettext_lazy("Gift"),
    all_fours.SALE: gettext_lazy("Sale"),
    all_fours.CARD_POINTS: gettext_lazy("Trumps taken"),
    all_fours.HIGH: gettext_lazy("High"),
    all_fours.LOW: gettext_lazy("Low"),
    all_fours.JACK: gettext_lazy("Jack"),
    all_fours.HANG_JACK: gettext_lazy("Hang jack"),
    all_fours.GAME: gettext_lazy("Game"),
    all_fours.SET: gettext_lazy("Set"),
}


def _event_name(variant: all_fours.Variant, event: str) -> str:
    # All Fives scores every counting card at once, or with the option trumps only.
    if event == all_fours.CARD_POINTS and all_fours.TRUMPS_ONLY not in variant.options:
        return str(gettext_lazy("Card points taken"))
    return str(DEAL_EVENTS.get(event, event))


@dataclass(frozen=True)
class SheetDeal:
    """One kept deal: what the table entered and how it counted out, in pair numbers."""

    number: int
    dealer: int
    turned: tuple[str, ...]
    beg: str | None
    log: tuple[tuple[str, int, int], ...]  # (what, pair number, points), in order
    points: tuple[int, ...]
    totals: tuple[int, ...]

    @property
    def log_text(self) -> str:
        return ", ".join(
            f"{what}: {_('pair')} {pair} {points:+d}" for what, pair, points in self.log
        )


def _clean_deal(record: dict, numbers: tuple[int, ...], table: int) -> dict:
    """The deal as kept. Only its shape is checked here; the rules check the rest."""

    def seated(value) -> int | None:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value not in numbers:
            raise DriveError(
                _("Pair %(pair)s is not seated at table %(table)d.")
                % {"pair": value, "table": table}
            )
        return value

    def whole(value, refusal: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise DriveError(refusal)
        return value

    dealer = seated(record.get("dealer"))
    if dealer is None:
        raise DriveError(_("Tap the dealer's pair."))
    turned = record.get("turned") or []
    if not isinstance(turned, list) or not all(isinstance(c, str) for c in turned):
        raise DriveError(_("Pick the card turned up."))
    counts = record.get("counts") or {}
    captures = record.get("captures") or []
    try:
        counts = {int(n): c for n, c in counts.items()}
        captures = [(int(n), c) for n, c in captures]
    except (AttributeError, TypeError, ValueError):
        raise DriveError(_("Enter the card points of each pair.")) from None
    if counts and set(counts) != set(numbers):
        raise DriveError(_("Enter the card points of each pair, or none."))
    return {
        "dealer": dealer,
        "turned": list(turned),
        "beg": record.get("beg"),
        "bids": [whole(b, _("Tap each bid, or pass.")) for b in record.get("bids") or []],
        "sold": bool(record.get("sold")),
        "captures": [
            [seated(n), whole(c, _("Enter the trump points taken."))] for n, c in captures
        ],
        "high": seated(record.get("high")),
        "low": seated(record.get("low")),
        "jack": seated(record.get("jack")),
        "hanged": bool(record.get("hanged")),
        "game": seated(record.get("game")),
        "counts": {
            str(n): whole(counts[n], _("Enter the card points of each pair.")) for n in counts
        },
    }


def _sheet_deal(variant, hand: Hand, row: keeping.Row, numbers: tuple[int, ...]) -> SheetDeal:
    return SheetDeal(
        number=hand.number,
        dealer=hand.record["dealer"],
        turned=tuple(hand.record.get("turned") or ()),
        beg=hand.record.get("beg"),
        log=tuple((_event_name(variant, e.event), numbers[e.side], e.points) for e in row.events),
        points=row.changes,
        totals=row.totals,
    )


def _kept_record(variant, record: dict, numbers: tuple[int, ...], table: int) -> dict:
    """The hand or deal as kept, in pair numbers; DriveError with the reason when its
    shape is wrong (the rules library's cleaning, keeping.clean_record)."""
    deals = isinstance(variant, all_fours.Variant)
    cleaned = (_clean_deal if deals else _clean_record)(record, numbers, table)
    try:
        checked = keeping.clean_record(variant, _sides_of(cleaned, numbers, table))
    except HandError as e:
        raise refusal_error(e) from None
    return cleaned if deals else pairs_record(checked, numbers)


def hand_add(
    *,
    drive: Drive,
    game: int,
    table: int,
    record: dict,
    number: int,
    key: str,
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> Hand:
    """Keep one more hand at a table of the current game.

    record: {"tricks": {pair number: tricks}, "best": pair number or None (no trump
    played), "bidder": pair number or None, "bid": 15..30 or None}; for an All Fours
    game, one deal (see _clean_deal), refused with the rules' DealError reason. ``number`` must
    be the next hand's number, so two devices at one table cannot both enter hand 3;
    ``key`` is made by the device, so a retried submission returns the kept hand
    instead of keeping it twice. A hand the rules refuse raises DriveError with the
    rules' reason. When the hand wins the game the table's result is recorded at
    once, as if tapped at the front.
    """
    if not isinstance(key, str) or not 1 <= len(key) <= 64:
        raise DriveError(_("This page is out of date: reload it."))
    with transaction.atomic():
        tg = locked_table(drive, game, table)
        drive = tg.drive
        pairs = _two_pairs_at(tg, table)
        numbers = tuple(p.number for p in pairs)
        variant = _sheet_variant(drive, numbers)
        deals = isinstance(variant, all_fours.Variant)
        cleaned = _kept_record(variant, record, numbers, table)
        kept = Hand.objects.filter(table_game=tg, key=key).first()
        if kept is not None:
            refusal = keeping.again(variant, kept.number, kept.record, cleaned)
            if refusal is None:
                return kept
            raise refusal_error(refusal)
        hands = list(tg.hands.order_by("number"))
        state, _rows = _replay(variant, hands, numbers, table)
        taken = keeping.take(
            variant, state, _sides_of(cleaned, numbers, table), number, kept=len(hands)
        )
        if taken.reason is not None:
            raise refusal_error(taken)
        after = taken.after
        try:
            with transaction.atomic():
                hand = Hand.objects.create(
                    table_game=tg,
                    number=number,
                    record=cleaned,
                    key=key,
                    source=TableGame.Source.TABLE
                    if origin.source == "table"
                    else TableGame.Source.FRONT,
                    device=origin.device[:200],
                    entered_by=actor if getattr(actor, "is_authenticated", False) else None,
                    entered_at=now,
                )
        except IntegrityError:
            # Only without row locks (SQLite serializes writers before this).
            raise StaleError(say(keeping.entered_elsewhere(number))) from None
        winner = None if after.winner is None else numbers[after.winner]
        summary = gettext_noop("Game %(game)d, table %(table)d: %(unit)s %(n)d, %(scores)s") % {
            "game": game,
            "table": table,
            "unit": gettext_noop("deal") if deals else gettext_noop("hand"),
            "n": number,
            "scores": _scores_text(numbers, after.scores),
        }
        if winner is not None:
            won = gettext_noop("pair %(pair)d won the game") % {"pair": winner}
            summary = words_join([summary, won], " · ")
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="hand_add",
            summary=summary,
            new={
                "game": game,
                "table": table,
                "number": number,
                "record": cleaned,
                "scores": dict(zip((str(n) for n in numbers), after.scores, strict=True)),
                "winner": winner,
            },
        )
        if winner is not None:
            # Counts at once, as a tap at the front would (and the front can undo it).
            result_record(
                drive=drive,
                game=game,
                table=table,
                winner_number=winner,
                actor=actor,
                now=now,
                origin=origin,
            )
    return hand


@dataclass(frozen=True)
class UndoneHand:
    number: int
    record: dict
    result_taken_back: bool  # the hand had won the game and its result was taken back


def _standing_result(drive: Drive, game: int, table: int) -> AuditEntry | None:
    """The newest result entry of this table that has not been taken back."""
    entries = list(
        AuditEntry.objects.filter(
            drive=drive, action__in=(*RESULT_ACTIONS, *RESULT_UNDOS), new__game=game
        )
        .filter(new__table=table)
        .order_by("-at", "-id")
    )
    undone = {e.new.get("undoes") for e in entries if e.action in RESULT_UNDOS}
    return next((e for e in entries if e.action in RESULT_ACTIONS and e.pk not in undone), None)


def hand_undo(
    *,
    drive: Drive,
    game: int,
    table: int,
    actor,
    now: datetime,
    origin: Origin = FRONT,
    number: int | None = None,
) -> UndoneHand:
    """Take back the last hand kept at a table of the current game. If that hand won
    the game and the table's result is still that win, the result goes back to waiting.

    ``number``, when given, is the hand the page showed last: if another device has
    kept a hand since, nothing is undone (StaleError).
    """
    with transaction.atomic():
        tg = locked_table(drive, game, table)
        drive = tg.drive
        pairs = _two_pairs_at(tg, table)
        numbers = tuple(p.number for p in pairs)
        hands = list(tg.hands.order_by("number"))
        refusal = keeping.take_back(hands[-1].number if hands else None, number)
        if refusal is not None:
            raise refusal_error(refusal)
        last = hands[-1]
        state, _rows = _replay(_sheet_variant(drive, numbers), hands, numbers, table)
        won = None if state.winner is None else pairs[state.winner]
        take_back = (
            won is not None and tg.winner_id == won.pk and tg.status == TableGame.Status.CONFIRMED
        )
        undoes = None
        if take_back:
            entry = _standing_result(drive, game, table)
            undoes = entry.pk if entry is not None else None
            tg.winner = None
            tg.status = TableGame.Status.PENDING
            tg.entered_by = actor if getattr(actor, "is_authenticated", False) else None
            tg.entered_at = now
            tg.version += 1
            tg.save(update_fields=["winner", "status", "entered_by", "entered_at", "version"])
        last.delete()
        summary = gettext_noop("Undone: game %(game)d, table %(table)d, hand %(n)d") % {
            "game": game,
            "table": table,
            "n": last.number,
        }
        if take_back:
            taken = gettext_noop("pair %(pair)d's win taken back") % {"pair": won.number}
            summary = words_join([summary, taken], " · ")
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="hand_undo",
            summary=summary,
            old={
                "number": last.number,
                "record": last.record,
                "winner": won.number if take_back else None,
                "status": TableGame.Status.CONFIRMED if take_back else None,
            },
            new={
                "game": game,
                "table": table,
                "hands": len(hands) - 1,
                "winner": None,
                "status": tg.status,
                "undoes": undoes,
            },
        )
    return UndoneHand(number=last.number, record=last.record, result_taken_back=take_back)
