"""Hand-by-hand scoresheets at drive tables: hands and All Fours deals kept, replayed through
the rules library, undone.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.interface import FRONT, DriveError, Origin, StaleError, record_audit, words_join
from clubs.models import AuditEntry
from scoring import games
from scoring.games import all_fours, auction
from scoring.games.core import (
    BLIND_60,
    NO_TRUMP,
    OVERCALL_60,
    OVERCALL_120,
    SLAM,
    GameState,
    HandError,
    HandRecord,
    Variant,
    two_pairs,
)
from scoring.speak import say
from scoring.words import gettext_noop

from ..game_options import variant_for
from ..models import Drive, Hand, Pair, TableGame
from .results import RESULT_ACTIONS, RESULT_UNDOS, _locked_table, result_record

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
        return _bid_text(self.bid) if self.bid is not None else ""


BID_WORDS = {
    SLAM: gettext_lazy("Slam"),
    OVERCALL_60: gettext_lazy("30 for 60"),
    OVERCALL_120: gettext_lazy("60 for 120"),
    BLIND_60: gettext_lazy("Blind 30 for 60"),
}


def _bid_text(bid: int) -> str:
    return str(BID_WORDS.get(bid, bid))


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
        return [(b, _bid_text(b)) for b in games.core.bid_amounts(self.variant)]

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
    pair that won the bid (or None), the bid. Only its shape is checked here; the rules
    check the rest."""

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
    bid = record.get("bid")
    if bid is not None and (isinstance(bid, bool) or not isinstance(bid, int)):
        raise DriveError(_("Tap the bid."))
    cleaned = {
        "tricks": {str(n): tricks[n] for n in numbers},
        "best": seated(record.get("best"), _("Tap the pair that won the best trump.")),
        "bidder": seated(record.get("bidder"), _("Tap the pair that won the bid.")),
        "bid": bid,
    }
    if record.get("defenders_30"):
        cleaned["defenders_30"] = True
    return cleaned


def _hand_record(record: dict, numbers: tuple[int, ...], table: int) -> HandRecord:
    """A kept hand in the library's terms: side 0 is the pair in slot 1."""
    side = {n: i for i, n in enumerate(numbers)}

    def side_of(pair: int | None) -> int | None:
        if pair is None:
            return NO_TRUMP
        if pair not in side:
            raise DriveError(
                _("Pair %(pair)d is not seated at table %(table)d any more.")
                % {"pair": pair, "table": table},
                409,
            )
        return side[pair]

    tricks = record["tricks"]
    if set(tricks) != {str(n) for n in numbers}:
        raise DriveError(
            _("The pairs at table %(table)d changed after hands were kept.") % {"table": table},
            409,
        )
    bidder = record.get("bidder")
    return HandRecord(
        tuple(tricks[str(n)] for n in numbers),
        best=side_of(record.get("best")),
        bidder=None if bidder is None else side_of(bidder),
        bid=record.get("bid"),
        defenders_30=bool(record.get("defenders_30")),
    )


def _replay(variant, hands: list[Hand], numbers: tuple[int, ...], table: int) -> tuple:
    """The state after the kept hands (or deals), and each with what it scored."""
    if isinstance(variant, all_fours.Variant):
        return _replay_deals(variant, hands, numbers, table)
    state = games.new_game(variant)
    rows = []
    for hand in hands:
        rec = _hand_record(hand.record, numbers, table)
        before = state
        try:
            outcome = games.score_hand(variant, state, rec)
            state = games.apply_hand(variant, state, rec)
        except HandError as e:
            raise DriveError(
                _("Hand %(n)d kept for table %(table)d no longer fits the rules: %(reason)s")
                % {"n": hand.number, "table": table, "reason": say(e.reason)},
                409,
            ) from e
        rows.append(
            SheetHand(
                number=hand.number,
                tricks=rec.tricks,
                best=hand.record.get("best"),
                bidder=hand.record.get("bidder"),
                bid=hand.record.get("bid"),
                points=outcome.changes,
                totals=state.scores,
                made=outcome.made,
                defenders_30=rec.defenders_30,
                hanging=tuple(numbers[s] for s in _hanging(variant, before, state)),
            )
        )
    return state, rows


def _hanging(variant: Variant, before: GameState, after: GameState) -> tuple[int, ...]:
    """Auction: the sides that began the winning hand on 40 ("hanging on 40")."""
    if variant.game is not games.Game.AUCTION:
        return ()
    return auction.hanging_on_40(before, after)


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


def _deal_of(record: dict, numbers: tuple[int, ...], table: int) -> all_fours.Deal:
    """A kept deal in the library's terms: side 0 is the pair in slot 1."""
    side = {n: i for i, n in enumerate(numbers)}

    def side_of(pair: int | None) -> int | None:
        if pair is None:
            return None
        if pair not in side:
            raise DriveError(
                _("Pair %(pair)d is not seated at table %(table)d any more.")
                % {"pair": pair, "table": table},
                409,
            )
        return side[pair]

    counts = record.get("counts") or {}
    return all_fours.Deal(
        dealer=side_of(record["dealer"]),
        turned=tuple(record.get("turned") or ()),
        beg=record.get("beg"),
        bids=tuple(record.get("bids") or ()),
        sold=bool(record.get("sold")),
        captures=tuple((side_of(n), c) for n, c in record.get("captures") or ()),
        high=side_of(record.get("high")),
        low=side_of(record.get("low")),
        jack=side_of(record.get("jack")),
        hanged=bool(record.get("hanged")),
        game=side_of(record.get("game")),
        counts=tuple(counts[str(n)] for n in numbers) if counts else (),
    )


def _replay_deals(
    variant: all_fours.Variant, hands: list[Hand], numbers: tuple[int, ...], table: int
) -> tuple[all_fours.GameState, list[SheetDeal]]:
    state = all_fours.new_game(variant)
    rows = []
    for hand in hands:
        before = state.scores
        try:
            state = all_fours.apply_deal(variant, state, _deal_of(hand.record, numbers, table))
        except all_fours.DealError as e:
            raise DriveError(
                _("Deal %(n)d kept for table %(table)d no longer fits the rules: %(reason)s")
                % {"n": hand.number, "table": table, "reason": say(e.reason)},
                409,
            ) from e
        log = tuple(
            (_event_name(variant, e.event), numbers[e.side], e.points)
            for e in state.log
            if e.deal == state.deals_played
        )
        rows.append(
            SheetDeal(
                number=hand.number,
                dealer=hand.record["dealer"],
                turned=tuple(hand.record.get("turned") or ()),
                beg=hand.record.get("beg"),
                log=log,
                points=tuple(a - b for a, b in zip(state.scores, before, strict=True)),
                totals=state.scores,
            )
        )
    return state, rows


def hand_refused(number: int, reason: object, *, deal: bool = False) -> str:
    """A hand (or an All Fours deal) the rules refuse, in the words every scorekeeper says,
    the drive's Keep score and the stand-alone one alike: "Hand 1 refused: tricks add up
    to 6, must be 5." ``reason`` is the rules' marked sentence (HandError.reason,
    DealError.reason), said in the active language."""
    return _("%(unit)s %(n)d refused: %(reason)s.") % {
        "unit": _("Deal") if deal else _("Hand"),
        "n": number,
        "reason": say(reason),
    }


def _game_over(numbers: tuple[int, ...], state: GameState) -> DriveError:
    return DriveError(
        _("This game is over: pair %(pair)d won.") % {"pair": numbers[state.winner]}, 409
    )


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
        tg = _locked_table(drive, game, table)
        drive = tg.drive
        pairs = _two_pairs_at(tg, table)
        numbers = tuple(p.number for p in pairs)
        deals = drive.game in all_fours.RULES
        unit = _("Deal") if deals else _("Hand")
        cleaned = (_clean_deal if deals else _clean_record)(record, numbers, table)
        kept = Hand.objects.filter(table_game=tg, key=key).first()
        if kept is not None:
            if kept.record == cleaned:
                return kept
            raise StaleError(
                _("%(unit)s %(n)d was already entered from this page: here it is.")
                % {"unit": unit, "n": kept.number}
            )
        variant = _sheet_variant(drive, numbers)
        hands = list(tg.hands.order_by("number"))
        state, _rows = _replay(variant, hands, numbers, table)
        if state.winner is not None:
            raise _game_over(numbers, state)
        expected = len(hands) + 1
        if number != expected:
            if number < expected:
                raise StaleError(
                    _("Hand %(n)d was already entered on another device.") % {"n": number}
                )
            raise StaleError(
                _("This page is out of date: the next hand is hand %(n)d.") % {"n": expected}
            )
        try:
            if deals:
                after = all_fours.apply_deal(variant, state, _deal_of(cleaned, numbers, table))
            else:
                after = games.apply_hand(variant, state, _hand_record(cleaned, numbers, table))
        except (HandError, all_fours.DealError) as e:
            raise DriveError(hand_refused(number, e.reason, deal=deals)) from e
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
            raise StaleError(
                _("Hand %(n)d was already entered on another device.") % {"n": number}
            ) from None
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
        tg = _locked_table(drive, game, table)
        drive = tg.drive
        pairs = _two_pairs_at(tg, table)
        numbers = tuple(p.number for p in pairs)
        hands = list(tg.hands.order_by("number"))
        if not hands:
            raise DriveError(
                _("No hand has been kept at table %(table)d: there is nothing to undo.")
                % {"table": table},
                409,
            )
        last = hands[-1]
        if number is not None and number != last.number:
            raise StaleError(
                _(
                    "Another device changed the hands: the last hand is now hand %(n)d. Check it "
                    "before undoing."
                )
                % {"n": last.number}
            )
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
