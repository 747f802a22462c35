"""Hand keeping for every scorekeeper: a drive's Keep score and the stand-alone one.

Pure Python, no Django. A kept game is its variant and its list of hand records;
the score is always replayed from them. One record is a dict in side order (the
variant's sides, numbered from 0), as the stand-alone scorekeeper stores it:

- Forty-Fives family: {"tricks": [4, 1], "best": 0 or None (no trump played),
  "bidder": side or None, "bid": 15..30 or a bid code or None}, with
  "defenders_30": True and "partner": side when the game's options use them;
- All Fours family: the fields of ``all_fours.Deal``.

This module reads what a screen posted for a hand (``read_hand``), cleans a
record to its stored shape (``clean_record``), replays the kept hands
(``replay``), takes or refuses one more (``take``), and says the Auction's
"hanging on 40" (``hanging``), the bid words (``bid_text``) and which options a
game keeps (``clean_options``). Every refusal is a marked sentence
(``scoring.words``) that a screen says with ``scoring.speak.say``.

>>> from scoring.games import make_variant
>>> v = make_variant("forty_fives_45")
>>> take(v, new_state(v), {"tricks": [4, 1], "best": 0}, 1, kept=0).after.scores
(25, 5)
>>> take(v, new_state(v), {"tricks": [4, 2], "best": 0}, 1, kept=0).reason
'Hand 1 refused: tricks add up to 6, must be 5.'
"""

from __future__ import annotations

import operator
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring import games
from scoring.games import all_fours, auction
from scoring.games import options as game_options
from scoring.games.core import (
    BLIND_60,
    OVERCALL_60,
    OVERCALL_120,
    SLAM,
    Game,
    HandError,
    HandRecord,
    SetupError,
)
from scoring.words import Said, gettext_noop

_ = gettext_noop

# The posted value of the "No trump played" tap, and of a bidder calling nobody (4 against 1).
NO_TRUMP_TAP = "none"
ALONE = "alone"

BID_WORDS = {
    SLAM: _("Slam"),
    OVERCALL_60: _("30 for 60"),
    OVERCALL_120: _("60 for 120"),
    BLIND_60: _("Blind 30 for 60"),
}

# Option values stored by games kept before the scorekeeper offered every value
# the drive settings offer: a checkbox each, read as the value it stood for.
LEGACY_OPTIONS = {
    "thirty_for_sixty": ("thirty_for_sixty", "loses_30"),
    "bidder_adds_points": ("bidder_adds", "points"),
    "elimination": ("elimination_floor", -80),
}

DEAL_FIELDS = (
    "dealer",
    "turned",
    "beg",
    "bids",
    "sold",
    "captures",
    "high",
    "low",
    "jack",
    "hanged",
    "game",
    "counts",
)
_WHOLE = re.compile(r"-?\d{1,6}")


class EntryError(HandError):
    """A hand entered in a shape no hand has (a missing tap, a word for a number)."""


def bid_text(bid: int) -> str:
    """A bid as the table says it: "20", or a marked word ("Slam", "30 for 60").

    >>> bid_text(20), bid_text(SLAM)
    ('20', 'Slam')
    """
    return BID_WORDS.get(bid, str(bid))


def is_deals(variant: Any) -> bool:
    """The game is kept deal by deal (the All Fours family), not hand by hand."""
    return isinstance(variant, all_fours.Variant)


def hanging(variant: Any, before: Any, after: Any) -> tuple[int, ...]:
    """Auction: the sides that began the winning hand on 40 ("hanging on 40"); else none."""
    if getattr(variant, "game", None) is not Game.AUCTION:
        return ()
    return auction.hanging_on_40(before, after)


def refused(number: int, reason: object, *, deal: bool = False) -> Said:
    """A hand (or an All Fours deal) the rules refuse, in the words every scorekeeper says:
    "Hand 1 refused: tricks add up to 6, must be 5." ``reason`` is the rules' marked
    sentence (HandError.reason, DealError.reason)."""
    return _("%(unit)s %(n)d refused: %(reason)s.") % {
        "unit": _("Deal") if deal else _("Hand"),
        "n": number,
        "reason": reason,
    }


def clean_options(
    key: str,
    values: Mapping[str, object],
    *,
    offered: Collection[str],
    game: str | None = None,
) -> dict[str, Any]:
    """The options to store for game ``key``: each one on, its value checked, those left
    at their default dropped (old checkbox values read as the value they stood for).

    ``offered`` names the options the screen offers. A drive's settings post every
    game's options, so one of another game, or not offered, is dropped; the
    stand-alone scorekeeper gives ``game`` (the game's name) and such an option is
    refused in its words. SetupError with the reason when refused; whether the
    options go together is for the variant to say.

    >>> clean_options("auction_45", {"slam": True, "bell": True}, offered={"slam", "bell"})
    {'slam': True}
    """
    out: dict[str, Any] = {}
    for name, value in sorted(values.items()):
        if value in (None, False, ""):
            continue
        if name in LEGACY_OPTIONS and value is True:
            name, value = LEGACY_OPTIONS[name]
        option = game_options.OPTION.get(name) if name in offered else None
        if option is not None and value == option.default:
            continue
        if option is None or not option.applies_to(key):
            if game is None:
                continue
            if option is None:
                raise SetupError(
                    _("%(option)s is not an option") % {"option": name.replace("_", " ")}
                )
            term = Said(option.term.lower(), msgid=option.term)
            raise SetupError(
                _("%(option)s is not an option of %(game)s") % {"option": term, "game": game}
            )
        out[name] = option.checked(value)
    return out


# --- reading and cleaning a hand ---------------------------------------------------


def whole_or_none(value: object) -> int | None:
    """A whole number given as a number or as its digits; None for anything else."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
        return int(value)
    return None


def _side(value: object, n: int, what: str) -> int | None:
    """A side's number from a tap or a record; None when left blank."""
    if value is None or value == "":
        return None
    side = whole_or_none(value)
    if side is None or not 0 <= side < n:
        raise EntryError(_("%(what)s must be one of the sides.") % {"what": what})
    return side


def _wholes(value: object, what: str) -> list[int]:
    if value is None or value == "":
        return []
    numbers = [whole_or_none(x) for x in value] if isinstance(value, list | tuple) else [None]
    if None in numbers:
        raise EntryError(_("%(what)s: enter whole numbers.") % {"what": what})
    return numbers  # type: ignore[return-value]


def read_hand(variant: Any, posted: Mapping[str, str]) -> dict:
    """A Forty-Fives hand as a screen posted it, sides by index, as its record:
    ``tricks_0``.. the tricks of each side, ``best`` a side or "none" (no trump played),
    ``bidder``, ``bid``, ``partner`` (a side or "alone") and ``defenders_30`` where
    the game has them. EntryError (a marked reason) for a tap left out or not a side.

    >>> from scoring.games import make_variant
    >>> read_hand(make_variant("forty_fives_45"), {"tricks_0": "4", "tricks_1": "1", "best": "1"})
    {'tricks': [4, 1], 'best': 1, 'bidder': None, 'bid': None}
    """
    tricks = []
    for i, side in enumerate(variant.sides):
        value = whole_or_none(posted.get(f"tricks_{i}"))
        if value is None:
            raise EntryError(_("Tap the tricks of %(side)s.") % {"side": side.name})
        tricks.append(value)
    best = posted.get("best") or ""
    if not best:
        raise EntryError(_("Tap who won the best trump, or “No trump played”."))
    return clean_record(
        variant,
        {
            "tricks": tricks,
            "best": None if best == NO_TRUMP_TAP else best,
            "bidder": posted.get("bidder"),
            "bid": posted.get("bid"),
            "partner": posted.get("partner"),
            "defenders_30": bool(posted.get("defenders_30")),
        },
    )


def clean_record(variant: Any, record: object) -> dict:
    """A hand's (or a deal's) record in its stored shape: side numbers and whole numbers,
    nothing else. EntryError (a marked reason) when its shape is wrong; the rules check
    the rest when it is taken."""
    if not isinstance(record, dict):
        raise EntryError(_("Enter the hand."))
    n = len(variant.sides)
    if is_deals(variant):
        return _clean_deal(record, n)
    bid = record.get("bid")
    if bid == "":
        bid = None
    elif bid is not None:
        bid = whole_or_none(bid)
        if bid is None:
            raise EntryError(_("Choose a bid."))
    out: dict[str, Any] = {
        "tricks": _wholes(record.get("tricks"), _("Tricks")),
        "best": _side(record.get("best"), n, _("The side with the best trump")),
        "bidder": _side(record.get("bidder"), n, _("The bidder")),
        "bid": bid,
    }
    # Auction options: the defenders' 30 tick, the partner the bidder called.
    if record.get("defenders_30"):
        out["defenders_30"] = True
    partner = record.get("partner")
    if partner == ALONE:
        if out["bidder"] is None:
            raise EntryError(_("Choose who won the bid."))
        out["partner"] = out["bidder"]
    elif partner is not None and partner != "":
        out["partner"] = _side(partner, n, _("The partner"))
    return out


_POINTS = {"high": _("High"), "low": _("Low"), "jack": _("Jack"), "game": _("Game")}


def _clean_deal(record: dict, n: int) -> dict:
    out: dict[str, Any] = {"dealer": _side(record.get("dealer"), n, _("The dealer"))}
    if out["dealer"] is None:
        raise EntryError(_("Choose the dealer."))
    turned = record.get("turned") or []
    if isinstance(turned, str):
        turned = turned.split()
    out["turned"] = [str(c).strip().upper() for c in turned if str(c).strip()]
    beg = record.get("beg") or None
    if beg not in (None, all_fours.GIFT, all_fours.RUN):
        raise EntryError(_("A beg is answered by a gift or by running the cards."))
    out["beg"] = beg
    out["bids"] = _wholes(record.get("bids"), _("Bids"))
    out["sold"] = bool(record.get("sold"))
    captures = []
    for c in record.get("captures") or []:
        pair = _wholes(c, _("Card points"))
        if len(pair) != 2:
            raise EntryError(_("Enter card points as a side and its points."))
        captures.append([_side(pair[0], n, _("Card points")), pair[1]])
    out["captures"] = captures
    for what, word in _POINTS.items():
        out[what] = _side(record.get(what), n, word)
    out["hanged"] = bool(record.get("hanged"))
    out["counts"] = _wholes(record.get("counts"), _("Card points for Game"))
    return out


# --- replaying and taking hands --------------------------------------------------------


def hand_of(variant: Any, record: Mapping) -> HandRecord | all_fours.Deal:
    """A stored record in the rules library's terms."""
    if is_deals(variant):
        return all_fours.Deal(**{k: record[k] for k in DEAL_FIELDS if k in record})
    return HandRecord(
        tuple(record["tricks"]),
        record["best"],
        bidder=record.get("bidder"),
        bid=record.get("bid"),
        defenders_30=bool(record.get("defenders_30")),
        partner=record.get("partner"),
    )


def new_state(variant: Any) -> Any:
    """The game before its first hand."""
    return all_fours.new_game(variant) if is_deals(variant) else games.new_game(variant)


@dataclass(frozen=True)
class Row:
    """One kept hand with what it did to the score."""

    number: int
    record: dict
    changes: tuple[int, ...]  # what each side's score moved by
    totals: tuple[int, ...]  # the running score after this hand
    made: bool | None = None  # the bidder made its bid (Auction, 110)
    hanging: tuple[int, ...] = ()  # Auction: the sides that began the winning hand on 40
    events: tuple[all_fours.Entry, ...] = ()  # All Fours: how the deal counted out


@dataclass(frozen=True)
class Replay:
    state: Any  # the game after the kept hands
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class Taken:
    """A hand the rules take: its record as stored, the game after it and its row."""

    record: dict
    after: Any
    row: Row
    reason: None = None


@dataclass(frozen=True)
class Refused:
    """A hand refused, with the reason to say (a marked sentence). ``stale``: another
    device moved the game on (the page must be read again), not a hand that is wrong."""

    reason: Said
    stale: bool = False


class Unscorable(ValueError):
    """A kept hand the rules no longer take (the rules changed under it)."""

    def __init__(self, number: int, reason: object) -> None:
        super().__init__(reason)
        self.number = number
        self.reason = reason


def _play(variant: Any, state: Any, number: int, record: dict) -> tuple[Any, Row]:
    """The game after one more hand, and the hand's row; the rules' error if refused."""
    hand = hand_of(variant, record)
    if is_deals(variant):
        after = all_fours.apply_deal(variant, state, hand)
        row = Row(
            number,
            record,
            changes=tuple(map(operator.sub, after.scores, state.scores)),
            totals=after.scores,
            events=tuple(e for e in after.log if e.deal == after.deals_played),
        )
        return after, row
    outcome = games.score_hand(variant, state, hand)
    after = games.apply_hand(variant, state, hand)
    row = Row(
        number,
        record,
        changes=outcome.changes,
        totals=after.scores,
        made=outcome.made,
        hanging=hanging(variant, state, after),
    )
    return after, row


def replay(variant: Any, records: Sequence[dict]) -> Replay:
    """The game after the kept hands, each with what it scored; Unscorable when the rules
    no longer take one of them."""
    state = new_state(variant)
    rows = []
    for number, record in enumerate(records, start=1):
        try:
            state, row = _play(variant, state, number, record)
        except (HandError, all_fours.DealError) as e:
            raise Unscorable(number, e.reason) from e
        rows.append(row)
    return Replay(state, tuple(rows))


def entered_elsewhere(number: int) -> Said:
    """Hand ``number`` was kept from another device first."""
    return _("Hand %(n)d was already entered on another device.") % {"n": number}


def again(variant: Any, number: int, kept: dict, record: dict) -> Refused | None:
    """A hand sent again with the retry key of hand ``number``, kept as ``kept``: None
    when it is the same hand (the kept one is the answer), else refused as stale."""
    if kept == record:
        return None
    unit = _("Deal") if is_deals(variant) else _("Hand")
    reason = _("%(unit)s %(n)d was already entered from this page: here it is.")
    return Refused(reason % {"unit": unit, "n": number}, stale=True)


def take_back(last: int | None, number: int | None) -> Refused | None:
    """Taking back the last hand kept (``last`` its number, None when none is kept), the
    page having shown hand ``number`` last (None: the page did not say): None when it may
    be taken back, else the refusal, stale (another device moved the game on)."""
    if last is None:
        return Refused(_("No hand has been kept: there is nothing to undo."), stale=True)
    if number is not None and number != last:
        reason = _(
            "Another device changed the hands: the last hand is now hand %(n)d. Check it "
            "before undoing."
        )
        return Refused(reason % {"n": last}, stale=True)
    return None


def take(variant: Any, state: Any, record: object, number: int, *, kept: int) -> Taken | Refused:
    """Hand ``number`` after the ``kept`` hands that led to the game ``state``: Taken with
    its stored record, or Refused with the reason: stale when the game is over or the
    number is not the next one (another device), else a wrong shape said as it is, or
    a rule in "Hand 3 refused: ..."."""
    if state.winner is not None:
        side = variant.sides[state.winner].name
        reason = _("The game is over: %(side)s won. It takes no more hands.") % {"side": side}
        return Refused(reason, stale=True)
    expected = kept + 1
    if isinstance(number, int) and number < expected:
        return Refused(entered_elsewhere(number), stale=True)
    if number != expected:
        reason = _("This page is out of date: the next hand is hand %(n)d.") % {"n": expected}
        return Refused(reason, stale=True)
    try:
        cleaned = clean_record(variant, record)
    except EntryError as e:
        return Refused(e.reason)
    try:
        after, row = _play(variant, state, number, cleaned)
    except (HandError, all_fours.DealError) as e:
        return Refused(refused(number, e.reason, deal=is_deals(variant)))
    return Taken(cleaned, after, row)
