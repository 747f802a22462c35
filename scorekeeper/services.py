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

from clubs.interface import (
    FRONT,
    DriveError,
    Origin,
    StaleError,
    TextError,
    clean_name,
    clean_text,
    record_audit,
    refusal_error,
    words_join,
)
from scorekeeper.models import ScoreGame, ScoreHand
from scoring import games, keeping
from scoring.games import all_fours
from scoring.games import options as game_rules
from scoring.games.core import Game, HandError, Side, bid_amounts
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
# The partner field's value for a bidder that called nobody (4 against 1).
ALONE = keeping.ALONE


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
    offered = {o.name for o in family_options(family)}
    return keeping.clean_options(key, options, offered=offered, game=_name(family, key))


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


def variant_of(game: ScoreGame):
    """The rules library's variant of a kept game."""
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
    state: Any = None  # the rules library's game after the kept hands

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


def bid_text(bid: int) -> str:
    """A bid as the table says it: "20", "Slam", "30 for 60"."""
    return say(keeping.bid_text(bid))


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


def scoresheet(game: ScoreGame, hands: list[ScoreHand] | None = None) -> Sheet:
    """Replay the kept hands: totals after each, who is locked, green, eliminated, the winner."""
    variant = variant_of(game)
    if hands is None:
        hands = list(game.hands.order_by("number"))
    try:
        kept = keeping.replay(variant, [h.record for h in hands])
    except keeping.Unscorable as e:  # a rules change made a kept hand impossible
        raise DriveError(
            _("Hand %(n)d can no longer be scored: %(reason)s.")
            % {"n": e.number, "reason": say(e.reason)}
        ) from e
    state = kept.state
    rows = [
        SheetRow(
            number=h.number,
            record=h.record,
            text=_hand_text(game, variant, h.record, row.events, row.hanging),
            changes=row.changes,
            totals=row.totals,
        )
        for h, row in zip(hands, kept.rows, strict=True)
    ]
    locked = getattr(state, "locked", ())
    green = getattr(state, "green", ())
    eliminated = getattr(state, "eliminated", ())
    names = [s["name"] for s in game.sides]
    last_log: tuple = ()
    if kept.rows:
        last_log = tuple(
            (EVENT_NAMES.get(e.event, e.event), names[e.side], e.points)
            for e in kept.rows[-1].events
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
        state=state,
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
        variant = variant_of(game)
        try:
            cleaned = keeping.clean_record(variant, record)
        except HandError as e:
            raise refusal_error(e) from None
        kept = game.hands.filter(key=key).first()
        if kept is not None:
            refusal = keeping.again(variant, kept.number, kept.record, cleaned)
            if refusal is None:
                return kept
            raise refusal_error(refusal)
        hands = list(game.hands.order_by("number"))
        sheet = scoresheet(game, hands)
        taken = keeping.take(variant, sheet.state, cleaned, number, kept=len(hands))
        if taken.reason is not None:
            raise refusal_error(taken)
        after = taken.after
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
            raise StaleError(say(keeping.entered_elsewhere(number))) from None
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
        refusal = keeping.take_back(None if last is None else last.number, number)
        if refusal is not None:
            raise refusal_error(refusal)
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
