"""The stand-alone scorekeeper: a club's practice nights and home games, no drive.

A game is its variant (family, key, options, target, sides) plus its kept
hands; the score is always replayed from the hands through the rules library,
so undo is exact and two devices cannot drift apart. Forty-Fives hands are
kept as {"tricks": [...], "best": side or None, "bidder": side or None, "bid":
15..30/120 or None}; All Fours deals as the fields of ``all_fours.Deal``.
Sides are numbers, in the order of ``ScoreGame.sides``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.interface import (
    FRONT,
    DriveError,
    Origin,
    StaleError,
    TextError,
    clean_name,
    clean_text,
    record_audit,
    words_join,
)
from drives.interface import hand_refused
from scorekeeper.models import ScoreGame, ScoreHand
from scoring import games
from scoring.games import all_fours, auction
from scoring.games import options as game_rules
from scoring.games.core import (
    BLIND_60,
    OVERCALL_60,
    OVERCALL_120,
    SLAM,
    Game,
    HandError,
    HandRecord,
    Side,
    bid_amounts,
)
from scoring.games.core import SetupError as FortyFivesSetupError
from scoring.speak import say
from scoring.words import gettext_noop

FORTY_FIVES = ScoreGame.Family.FORTY_FIVES
ALL_FOURS = ScoreGame.Family.ALL_FOURS
MAX_TITLE = 120
MAX_SIDE_NAME = 60

# The Forty-Fives family's variant keys, with their names on screen.
FORTY_FIVES_NAMES = {
    "forty_fives_45": "Forty-Fives (to 45)",
    "forty_fives_120": "Forty-Fives (to 120)",
    "auction_45": "Auction Forty-Fives",
    "one_ten": "110",
}
# Option values stored by games kept before the scorekeeper offered every value
# the drive settings offer: a checkbox each, read as the value it stood for.
LEGACY_OPTIONS = {
    "thirty_for_sixty": ("thirty_for_sixty", "loses_30"),
    "bidder_adds_points": ("bidder_adds", "points"),
    "elimination": ("elimination_floor", -80),
}
# The partner field's value for a bidder that called nobody (4 against 1).
ALONE = "alone"
_DEAL_FIELDS = (
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


def variant_names(family: str) -> dict[str, str]:
    """The variants of a family, key -> name."""
    if family == ALL_FOURS:
        return {key: rules.name for key, rules in all_fours.RULES.items()}
    return dict(FORTY_FIVES_NAMES)


def family_options(family: str) -> tuple[game_rules.Option, ...]:
    """The options of a family's variants, the drive settings' table (scoring.games.options):
    the same names and values. The target has a field of its own."""
    keys = variant_names(family)
    return tuple(
        o for o in game_rules.OPTIONS if o.name != "target" and any(o.applies_to(k) for k in keys)
    )


def option_names(family: str) -> dict[str, str]:
    return {o.name: o.label for o in family_options(family)}


def clean_options(family: str, key: str, options: dict) -> dict[str, Any]:
    """The options as stored: each one of this variant's, its value checked, those left
    off dropped; SetupError (the rules library's) with the reason when refused."""
    _check_game(family, key)
    allowed = {o.name: o for o in family_options(family)}
    out: dict[str, Any] = {}
    for name, value in sorted(options.items()):
        if value in (None, False, ""):
            continue
        if name in LEGACY_OPTIONS and value is True:
            name, value = LEGACY_OPTIONS[name]
        option = allowed.get(name)
        if option is None:
            raise FortyFivesSetupError(
                _("%(option)s is not an option") % {"option": name.replace("_", " ")}
            )
        if value == option.default:
            continue
        if not option.applies_to(key):
            raise FortyFivesSetupError(
                _("%(option)s is not an option of %(game)s")
                % {"option": _(option.term).lower(), "game": say(_name(family, key))}
            )
        value = option.checked(bool(value) if option.kind == "yes_no" else value)
        if value != option.default:
            out[name] = value
    return out


def _check_game(family: str, key: str) -> None:
    if family not in (FORTY_FIVES, ALL_FOURS):
        raise FortyFivesSetupError(_("choose the Forty-Fives or the All Fours family"))
    if key not in variant_names(family):
        raise FortyFivesSetupError(_("unknown game: %(key)s") % {"key": key})


def make_variant(family: str, key: str, sides: list[dict], options: dict, target: int | None):
    """The library's variant for a kept game; SetupError (either library's) when refused."""
    line_up = tuple(Side(str(s["name"]), int(s["players"])) for s in sides)
    kw = clean_options(family, key, options)
    if family == ALL_FOURS:
        return all_fours.make_variant(key, line_up, target=target, **kw)
    if target is not None:
        raise FortyFivesSetupError(
            _("%(game)s has a fixed target") % {"game": FORTY_FIVES_NAMES[key]}
        )
    return games.make_variant(key, line_up, **kw)


_SETUP_ERRORS = (FortyFivesSetupError, all_fours.SetupError)


def _clean_sides(sides: list[dict]) -> list[dict]:
    if not isinstance(sides, list | tuple):
        raise DriveError(_("Choose a line-up."))
    out = []
    for s in sides:
        try:
            name = clean_name(str(s["name"]), max_length=MAX_SIDE_NAME, what=_("A side's name"))
            players = int(s["players"])
        except TextError as e:
            raise DriveError(e.message) from None
        except (KeyError, TypeError, ValueError):
            raise DriveError(_("Each side needs a name and its number of players.")) from None
        out.append({"name": name, "players": players})
    return out


def _audit(game: ScoreGame, *, actor, now, origin, action, summary, old=None, new=None) -> None:
    record_audit(
        club=game.club,
        drive=None,
        actor=actor,
        now=now,
        origin=origin,
        action=action,
        summary=summary,
        old=old,
        new=new,
    )


def score_game_create(
    *,
    club,
    family: str,
    variant: str,
    sides: list[dict],
    options: dict | None,
    target: int | None,
    title: str,
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> ScoreGame:
    """Start a stand-alone game; the rules library refuses a variant or line-up it does
    not allow (DriveError with its reason, e.g. "Yorkshire All Fours is for 4 players in
    2 pairs")."""
    cleaned = _clean_sides(sides)
    try:
        options = clean_options(family, variant, options or {})
        v = make_variant(family, variant, cleaned, options, target)
    except _SETUP_ERRORS as e:
        raise DriveError(say(e.args[0])) from e
    try:
        title = clean_text(title, max_length=MAX_TITLE, what=_("The title"))
    except TextError as e:
        raise DriveError(e.message) from None
    with transaction.atomic():
        game = ScoreGame.objects.create(
            club=club,
            family=family,
            variant=variant,
            options=options,
            target=target,
            sides=cleaned,
            title=title,
            created_by=actor if getattr(actor, "is_authenticated", False) else None,
            created_at=now,
            updated_at=now,
        )
        _audit(
            game,
            actor=actor,
            now=now,
            origin=origin,
            action="score_game_create",
            summary=gettext_noop("Scorekeeper: new game %(name)s, %(sides)s")
            % {
                "name": title or _name(family, variant),
                "sides": " v ".join(s["name"] for s in cleaned),
            },
            new={
                "game": game.pk,
                "family": family,
                "variant": variant,
                "options": options,
                "target": v.target,
                "sides": cleaned,
            },
        )
    return game


def _name(family: str, key: str) -> str:
    return variant_names(family).get(key, key)


# --- hands ------------------------------------------------------------------------


def _side_or_none(value, n: int, what: str) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise DriveError(_("%(what)s must be one of the sides.") % {"what": what})
    try:
        side = int(value)
    except (TypeError, ValueError):
        raise DriveError(_("%(what)s must be one of the sides.") % {"what": what}) from None
    if not 0 <= side < n:
        raise DriveError(_("%(what)s must be one of the sides.") % {"what": what})
    return side


def _int_list(value, what: str) -> list[int]:
    if value in (None, ""):
        return []
    if not isinstance(value, list | tuple):
        raise DriveError(_("%(what)s: enter whole numbers.") % {"what": what})
    try:
        return [int(x) for x in value]
    except (TypeError, ValueError):
        raise DriveError(_("%(what)s: enter whole numbers.") % {"what": what}) from None


def clean_record(game: ScoreGame, record: dict) -> dict:
    """The record in its stored shape: side numbers and whole numbers, nothing else."""
    if not isinstance(record, dict):
        raise DriveError(_("Enter the hand."))
    n = len(game.sides)
    if game.family == FORTY_FIVES:
        tricks = _int_list(record.get("tricks"), _("Tricks"))
        bid = record.get("bid")
        try:
            bid = None if bid in (None, "") else int(bid)
        except (TypeError, ValueError):
            raise DriveError(_("Choose a bid.")) from None
        out = {
            "tricks": tricks,
            "best": _side_or_none(record.get("best"), n, _("The side with the best trump")),
            "bidder": _side_or_none(record.get("bidder"), n, _("The bidder")),
            "bid": bid,
        }
        # Auction options: the defenders' 30 tick, the partner the bidder called.
        if record.get("defenders_30"):
            out["defenders_30"] = True
        partner = record.get("partner")
        if partner == ALONE:
            if out["bidder"] is None:
                raise DriveError(_("Choose who won the bid."))
            out["partner"] = out["bidder"]
        elif partner not in (None, ""):
            out["partner"] = _side_or_none(partner, n, _("The partner"))
        return out
    out: dict[str, Any] = {"dealer": _side_or_none(record.get("dealer"), n, _("The dealer"))}
    if out["dealer"] is None:
        raise DriveError(_("Choose the dealer."))
    turned = record.get("turned") or []
    if isinstance(turned, str):
        turned = turned.split()
    out["turned"] = [str(c).strip().upper() for c in turned if str(c).strip()]
    beg = record.get("beg") or None
    if beg not in (None, all_fours.GIFT, all_fours.RUN):
        raise DriveError(_("A beg is answered by a gift or by running the cards."))
    out["beg"] = beg
    out["bids"] = _int_list(record.get("bids"), _("Bids"))
    out["sold"] = bool(record.get("sold"))
    captures = []
    for c in record.get("captures") or []:
        pair = _int_list(c, _("Card points"))
        if len(pair) != 2:
            raise DriveError(_("Enter card points as a side and its points."))
        captures.append(pair)
    out["captures"] = captures
    for what in ("high", "low", "jack", "game"):
        out[what] = _side_or_none(record.get(what), n, what.title())
    out["hanged"] = bool(record.get("hanged"))
    out["counts"] = _int_list(record.get("counts"), _("Card points for Game"))
    return out


def _library_hand(game: ScoreGame, record: dict):
    if game.family == FORTY_FIVES:
        return HandRecord(
            tuple(record["tricks"]),
            record["best"],
            bidder=record["bidder"],
            bid=record["bid"],
            defenders_30=bool(record.get("defenders_30")),
            partner=record.get("partner"),
        )
    return all_fours.Deal(**{k: record[k] for k in _DEAL_FIELDS if k in record})


def _apply(game: ScoreGame, variant, state, record: dict):
    hand = _library_hand(game, record)
    if game.family == FORTY_FIVES:
        return games.apply_hand(variant, state, hand)
    return all_fours.apply_deal(variant, state, hand)


def _new_state(game: ScoreGame, variant):
    if game.family == FORTY_FIVES:
        return games.new_game(variant)
    return all_fours.new_game(variant)


_HAND_ERRORS = (HandError, all_fours.DealError)


def _variant_of(game: ScoreGame):
    return make_variant(game.family, game.variant, game.sides, game.options, game.target)


@dataclass(frozen=True)
class SheetRow:
    """One kept hand with what it did to the score."""

    number: int
    record: dict
    text: str  # what happened, in words
    changes: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True)
class SheetSide:
    index: int
    name: str
    players: int
    total: int
    locked: bool
    green: bool
    eliminated: bool
    won: bool


@dataclass(frozen=True)
class Sheet:
    """A stand-alone game as kept: its variant, sides, hands and running score."""

    game: ScoreGame
    variant: Any
    name: str
    target: int
    sides: tuple[SheetSide, ...]
    rows: tuple[SheetRow, ...]
    totals: tuple[int, ...]
    locked: tuple[int, ...]
    green: tuple[int, ...]
    eliminated: tuple[int, ...]
    winner: int | None
    last_log: tuple[tuple[str, str, int], ...]  # All Fours: (event, side name, points)

    @property
    def next_number(self) -> int:
        return len(self.rows) + 1

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def winner_name(self) -> str:
        return "" if self.winner is None else self.sides[self.winner].name

    @property
    def has_bidding(self) -> bool:
        return self.game.family == FORTY_FIVES and self.variant.game is not Game.FORTY_FIVES

    @property
    def bids(self) -> list[tuple[int, str]]:
        if not self.has_bidding:
            return []
        return [(b, bid_text(b)) for b in bid_amounts(self.variant)]

    @property
    def score_text(self) -> str:
        return " – ".join(str(t) for t in self.totals)


EVENT_NAMES = {
    all_fours.TURNED_JACK: "Jack turned up",
    all_fours.TURNED_CARD: "Card turned up",
    all_fours.KICK: "Kick",
    all_fours.GIFT_POINT: "Gift",
    all_fours.SALE: "Sale",
    all_fours.CARD_POINTS: "Card points",
    all_fours.HIGH: "High",
    all_fours.LOW: "Low",
    all_fours.JACK: "Jack",
    all_fours.HANG_JACK: "Hang jack",
    all_fours.GAME: "Game",
    all_fours.SET: "Set",
}


BID_WORDS = {
    SLAM: gettext_lazy("Slam"),
    OVERCALL_60: gettext_lazy("30 for 60"),
    OVERCALL_120: gettext_lazy("60 for 120"),
    BLIND_60: gettext_lazy("Blind 30 for 60"),
}


def bid_text(bid: int) -> str:
    """A bid as the table says it: "20", "Slam", "30 for 60"."""
    return str(BID_WORDS.get(bid, bid))


def _hand_text(game: ScoreGame, variant, record: dict, entries, hanging=()) -> str:
    names = [s["name"] for s in game.sides]
    if game.family == FORTY_FIVES:
        parts = [" – ".join(str(t) for t in record["tricks"])]
        best = record["best"]
        parts.append(
            _("best trump: %(s)s") % {"s": names[best]} if best is not None else _("no trump")
        )
        bidder = record.get("bidder")
        if bidder is not None:
            bid = bid_text(record["bid"])
            parts.append(_("bid: %(s)s %(b)s") % {"s": names[bidder], "b": bid})
        partner = record.get("partner")
        if partner is not None:
            parts.append(
                _("alone, 4 against 1")
                if partner == bidder
                else _("partner: %(s)s") % {"s": names[partner]}
            )
        if record.get("defenders_30"):
            parts.append(_("defenders' 30"))
        for side in hanging:
            parts.append(_("%(s)s hanging on 40") % {"s": names[side]})
        return ", ".join(parts)
    parts = [_("%(s)s dealt") % {"s": names[record["dealer"]]}]
    parts += [
        f"{EVENT_NAMES.get(e.event, e.event)}: {names[e.side]} {e.points:+d}" for e in entries
    ]
    return ", ".join(parts)


def _hanging(variant, before, after) -> tuple[int, ...]:
    """Auction: the sides that began the winning hand on 40 ("hanging on 40")."""
    if getattr(variant, "game", None) is not Game.AUCTION:
        return ()
    return auction.hanging_on_40(before, after)


def scoresheet(game: ScoreGame, hands: list[ScoreHand] | None = None) -> Sheet:
    """Replay the kept hands: totals after each, who is locked, green, eliminated, the winner."""
    variant = _variant_of(game)
    if hands is None:
        hands = list(game.hands.order_by("number"))
    state = _new_state(game, variant)
    rows = []
    for h in hands:
        before_state = state
        before = state.scores
        try:
            state = _apply(game, variant, state, h.record)
        except _HAND_ERRORS as e:  # a rules change made a kept hand impossible
            raise DriveError(
                _("Hand %(n)d can no longer be scored: %(reason)s.")
                % {"n": h.number, "reason": say(e.reason)}
            ) from e
        entries = (
            [e for e in state.log if e.deal == state.deals_played]
            if game.family == ALL_FOURS
            else []
        )
        rows.append(
            SheetRow(
                number=h.number,
                record=h.record,
                text=_hand_text(
                    game, variant, h.record, entries, _hanging(variant, before_state, state)
                ),
                changes=tuple(a - b for a, b in zip(state.scores, before, strict=True)),
                totals=state.scores,
            )
        )
    locked = getattr(state, "locked", ())
    green = getattr(state, "green", ())
    eliminated = getattr(state, "eliminated", ())
    names = [s["name"] for s in game.sides]
    last_log: tuple = ()
    if game.family == ALL_FOURS and hands:
        last_log = tuple(
            (EVENT_NAMES.get(e.event, e.event), names[e.side], e.points)
            for e in state.log
            if e.deal == state.deals_played
        )
    sides = tuple(
        SheetSide(
            index=i,
            name=s["name"],
            players=s["players"],
            total=state.scores[i],
            locked=i in locked,
            green=i in green,
            eliminated=i in eliminated,
            won=state.winner == i,
        )
        for i, s in enumerate(game.sides)
    )
    return Sheet(
        game=game,
        variant=variant,
        name=_name(game.family, game.variant),
        target=variant.target,
        sides=sides,
        rows=tuple(rows),
        totals=state.scores,
        locked=tuple(locked),
        green=tuple(green),
        eliminated=tuple(eliminated),
        winner=state.winner,
        last_log=last_log,
    )


def _locked_game(game: ScoreGame) -> ScoreGame:
    return ScoreGame.objects.select_for_update().get(pk=game.pk)


def score_hand_add(
    *,
    game: ScoreGame,
    record: dict,
    number: int,
    key: str,
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> ScoreHand:
    """Keep one more hand. ``number`` must be the next one (else StaleError, 409); a
    retry with the same ``key`` returns the kept hand; a won game takes no more hands;
    a hand the rules refuse raises DriveError with the rules' reason."""
    if not isinstance(key, str) or not 1 <= len(key) <= 64:
        raise DriveError(_("This page is out of date: reload it."))
    with transaction.atomic():
        game = _locked_game(game)
        cleaned = clean_record(game, record)
        kept = game.hands.filter(key=key).first()
        if kept is not None:
            if kept.record == cleaned:
                return kept
            raise StaleError(
                _("Hand %(n)d was already entered from this page: here it is.") % {"n": kept.number}
            )
        hands = list(game.hands.order_by("number"))
        sheet = scoresheet(game, hands)
        if sheet.over:
            raise DriveError(
                _("The game is over: %(name)s won. It takes no more hands.")
                % {"name": sheet.winner_name}
            )
        expected = len(hands) + 1
        if number != expected:
            if isinstance(number, int) and number < expected:
                raise StaleError(
                    _("Hand %(n)d was already entered on another device.") % {"n": number}
                )
            raise StaleError(
                _("This page is out of date: the next hand is hand %(n)d.") % {"n": expected}
            )
        state = _new_state(game, sheet.variant)
        deals = game.family == ALL_FOURS
        try:
            for h in hands:
                state = _apply(game, sheet.variant, state, h.record)
            after = _apply(game, sheet.variant, state, cleaned)
        except _HAND_ERRORS as e:
            raise DriveError(hand_refused(number, e.reason, deal=deals)) from e
        except (TypeError, ValueError) as e:
            reason = e.args[0] if e.args else e
            raise DriveError(hand_refused(number, reason, deal=deals)) from e
        try:
            with transaction.atomic():
                hand = ScoreHand.objects.create(
                    game=game,
                    number=number,
                    record=cleaned,
                    key=key,
                    entered_by=actor if getattr(actor, "is_authenticated", False) else None,
                    entered_at=now,
                )
        except IntegrityError:
            raise StaleError(
                _("Hand %(n)d was already entered on another device.") % {"n": number}
            ) from None
        game.updated_at = now
        game.save(update_fields=["updated_at"])
        summary = gettext_noop("Scorekeeper game %(g)d: hand %(n)d, %(scores)s") % {
            "g": game.pk,
            "n": number,
            "scores": " – ".join(str(s) for s in after.scores),
        }
        if after.winner is not None:
            won = gettext_noop("%(name)s won") % {"name": game.sides[after.winner]["name"]}
            summary = words_join([summary, won], " · ")
        _audit(
            game,
            actor=actor,
            now=now,
            origin=origin,
            action="score_hand_add",
            summary=summary,
            new={
                "game": game.pk,
                "number": number,
                "record": cleaned,
                "scores": list(after.scores),
                "winner": after.winner,
            },
        )
    return hand


def score_hand_undo(
    *, game: ScoreGame, number: int | None, actor, now: datetime, origin: Origin = FRONT
) -> ScoreHand:
    """Take back the last hand. ``number``, when given, is the last hand the page showed:
    if another device kept a hand since, nothing is undone (StaleError)."""
    with transaction.atomic():
        game = _locked_game(game)
        last = game.hands.order_by("-number").first()
        if last is None:
            raise DriveError(_("No hand has been kept: there is nothing to undo."), 409)
        if number is not None and number != last.number:
            raise StaleError(
                _("Another device changed the hands: the last hand is now hand %(n)d.")
                % {"n": last.number}
            )
        last.delete()
        game.updated_at = now
        game.save(update_fields=["updated_at"])
        _audit(
            game,
            actor=actor,
            now=now,
            origin=origin,
            action="score_hand_undo",
            summary=gettext_noop("Scorekeeper game %(g)d: hand %(n)d undone")
            % {"g": game.pk, "n": last.number},
            old={"game": game.pk, "number": last.number, "record": last.record},
        )
    return last
