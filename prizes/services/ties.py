"""Place prizes by score level, the booby prize, and settling ties for them.

The rules are prizes.places (places by distinct score level) and
prizes.rules (how a tie is settled, who can win the booby, splitting money).
This module reads the drive, applies them, and stores each settled tie as one
Decision row ("place-1", "place-2", ..., "booby"). A prize with one pair on its
level needs no decision: that pair wins it outright.

A decision names the pairs it settled. If a corrected result later changes who
is on the level, the old decision no longer applies: the prize shows as
needing its decision reopened, and pays nothing until it is settled again.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.interface import FRONT, words_join
from drives.interface import locked_drive
from drives.models import Drive, Pair
from prizes import rules as prizes
from prizes.models import Decision
from prizes.places import Standings, place_groups
from prizes.services.common import (
    DriveError,
    Origin,
    PrizeError,
    as_drive_error,
    conflicts,
    prize_settings,
    record_audit,
    require_finished,
    tallies,
)
from prizes.services.money import place_prizes
from prizes.templatetags.money import cents as dollars
from scoring.speak import say
from scoring.words import Msg, gettext_noop

__all__ = [
    "BOOBY",
    "check_open",
    "PrizeGroup",
    "PrizeGroups",
    "cash",
    "decision_record",
    "decision_reopen",
    "decision_words",
    "marks_unpaid",
    "pairs_text",
    "pairs_words",
    "parse_prize",
    "playoff_game_words",
    "playoff_games_detail",
    "playoff_games_of",
    "prize_groups",
    "prize_label",
    "prize_label_words",
]

BOOBY = "booby"
SEED_MAX = 2**62
_PLACE_KEY = re.compile(r"^place-([1-9][0-9]{0,2})$")

Card = tuple[int, str]
CutRequest = Literal["digital"] | Sequence[Mapping[int, Card]] | None
PlayoffGameRequest = Sequence[int]  # (pair, pair, winner), as a play-off game is stored


def playoff_games_of(games: Iterable[PlayoffGameRequest]) -> tuple[prizes.PlayoffGame, ...]:
    """Stored play-off games [[pair, pair, winner], ...] as the rules' PlayoffGame; a game
    that is not three pair numbers is refused (DriveError)."""
    out = []
    for game in games:
        values = list(game) if isinstance(game, list | tuple) else []
        if len(values) != 3 or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in values
        ):
            raise DriveError(_("A game of the play-off is two pairs and the pair that won."))
        a, b, winner = values
        out.append(prizes.PlayoffGame((min(a, b), max(a, b)), winner))
    return tuple(out)


def playoff_games_detail(games: Iterable[prizes.PlayoffGame]) -> list[list[int]]:
    """The rules' play-off games as stored: [[pair, pair, winner], ...]."""
    return [[g.pairs[0], g.pairs[1], g.winner] for g in games]


# ---------------------------------------------------------------- words


def parse_prize(prize: str) -> int | None:
    """ "place-3" -> 3, "booby" -> None; anything else is refused (404)."""
    if prize == BOOBY:
        return None
    m = _PLACE_KEY.match(prize or "")
    if not m:
        raise DriveError(_("There is no such prize."), 404)
    return int(m.group(1))


def prize_label(prize: str) -> str:
    """ "place-1" -> "First prize", "place-4" -> "Prize 4", "booby" -> "Booby prize"."""
    return say(prize_label_words(prize))


def prize_label_words(prize: str) -> str:
    """prize_label as marked words (scoring.words), for the audit trail."""
    place = parse_prize(prize)
    if place is None:
        return gettext_noop("Booby prize")
    words = {
        1: gettext_noop("First prize"),
        2: gettext_noop("Second prize"),
        3: gettext_noop("Third prize"),
    }
    return words.get(place) or gettext_noop("Prize %(n)d") % {"n": place}


def pairs_text(numbers: Iterable[int]) -> str:
    """Pair numbers in a sentence: "pair 12", "pairs 3 and 7", "pairs 3, 5 and 7"."""
    return say(pairs_words(numbers))


def pairs_words(numbers: Iterable[int]) -> str:
    """pairs_text as marked words (scoring.words), for the audit trail."""
    ordered = sorted(numbers)
    if len(ordered) == 1:
        return gettext_noop("pair %(n)d") % {"n": ordered[0]}
    return gettext_noop("pairs %(first)s and %(last)d") % {
        "first": ", ".join(str(n) for n in ordered[:-1]),
        "last": ordered[-1],
    }


def _games_text(n: int) -> str:
    return ngettext("%(n)d game", "%(n)d games", n) % {"n": n}


def _unawarded_note(standings: Standings) -> str:
    """The report's sentence about places with no score level left to award them to."""
    missing = standings.unawarded
    if not missing:
        return ""
    numbers = [str(n) for n in missing]
    joined = numbers[0] if len(numbers) == 1 else ", ".join(numbers[:-1]) + _(" and ") + numbers[-1]
    head = ngettext(
        "Prize %(numbers)s is not awarded", "Prizes %(numbers)s are not awarded", len(missing)
    ) % {"numbers": joined}
    levels = len(standings.groups)
    if levels == 0:
        why = _("no pair has a score")
    else:
        why = ngettext(
            "there is only %(n)d different score", "there are only %(n)d different scores", levels
        ) % {"n": levels}
    return _("%(head)s: %(why)s.") % {"head": head, "why": why}


# ---------------------------------------------------------------- reading


@dataclass(frozen=True)
class PrizeGroup:
    """One prize (a place or the booby), its level and pairs, and how it stands.

    decision: the Decision row that applies (its pairs are this group's).
    stale: a decided row made for other pairs before a result changed.
    """

    prize: str
    label: str
    place: int | None
    level: int
    pairs: tuple[Pair, ...]
    cents: int | None = None
    item: str = ""
    decision: Decision | None = None
    stale: Decision | None = None
    cash_unit: int = prizes.DEFAULT_CASH_UNIT

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(p.number for p in self.pairs)

    @property
    def is_tie(self) -> bool:
        return len(self.pairs) > 1

    @property
    def is_money(self) -> bool:
        return self.cents is not None

    @property
    def level_text(self) -> str:
        return _games_text(self.level)

    @property
    def is_decided(self) -> bool:
        return self.decision is not None and self.decision.status == Decision.Status.DECIDED

    @property
    def is_awarded(self) -> bool:
        """One pair alone on the level, or a tie settled for exactly these pairs."""
        return not self.is_tie or self.is_decided

    @property
    def method(self) -> str:
        if not self.is_tie:
            return "outright"
        return self.decision.method if self.is_decided else ""

    @property
    def winners(self) -> tuple[int, ...]:
        """Who gets the prize: one pair, every pair of a split, or () while unsettled."""
        if not self.is_tie:
            return self.numbers
        return tuple(self.decision.winners) if self.is_decided else ()

    @property
    def payout(self) -> prizes.Payout | None:
        """The money paid for this prize once awarded (a split rounded to the cash unit)."""
        if not (self.is_money and self.is_awarded):
            return None
        return prizes.payout(self.label, self.cents, self.winners, self.cash_unit)

    @property
    def cut_rounds(self) -> list[list[tuple[int, str]]]:
        """Every card cut, round by round, as (pair, "A♣")."""
        if not self.is_decided:
            return []
        return _rounds_labels((self.decision.detail.get("cut") or {}).get("rounds", []))

    @property
    def seed(self) -> int | None:
        if not self.is_decided:
            return None
        return (self.decision.detail.get("cut") or {}).get("seed")

    @property
    def how(self) -> str:
        """How the prize was settled, in one line ("" while it is not)."""
        if not self.is_decided:
            return ""
        return decision_text(self.decision, payout=self.payout)


@dataclass(frozen=True)
class PrizeGroups:
    """A drive's place prizes and booby prize as they stand now."""

    places: tuple[PrizeGroup, ...]
    prize_places: int
    unawarded: tuple[int, ...]
    unawarded_note: str
    booby_on: bool
    booby: PrizeGroup | None
    booby_note: str
    finished: bool
    conflicts: int
    played: bool = True  # a game has been won: until then nothing is tied, nothing to settle
    place_prizes: tuple = ()  # the prize settings, place by place (PlacePrize rows)
    booby_prize: tuple[int | None, str] | None = None  # (cents, item) when the booby is on

    @property
    def all(self) -> tuple[PrizeGroup, ...]:
        return (*self.places, *((self.booby,) if self.booby else ()))

    @property
    def open_ties(self) -> tuple[PrizeGroup, ...]:
        return tuple(g for g in self.all if g.is_tie and not g.is_decided)

    def get(self, prize: str) -> PrizeGroup:
        """The group of "place-N" or "booby"; a prize not awarded is a 404."""
        place = parse_prize(prize)
        for g in self.all:
            if g.prize == prize:
                return g
        if place is None:
            raise DriveError(self.booby_note or _("This drive has no booby prize."), 404)
        raise DriveError(
            self.unawarded_note
            if place in self.unawarded
            else _("This drive has %(n)d prize places.") % {"n": self.prize_places},
            404,
        )


def _rounds_labels(rounds) -> list[list[tuple[int, str]]]:
    return [[(p, prizes.card_label((rank, suit))) for p, rank, suit in rnd] for rnd in rounds]


def decision_text(row: Decision, payout: prizes.Payout | None = None) -> str:
    """ "cut: pair 7 A♣, pair 12 5♥ — pair 7 won" and the like, for the page and the report."""
    return say(decision_words(row, payout))


def decision_words(row: Decision, payout: prizes.Payout | None = None) -> str:
    """decision_text as marked words (scoring.words), for the audit trail; the money, when
    a payout is given, in the active language."""
    detail = row.detail or {}
    winners = list(row.winners)
    if row.method == Decision.Method.SPLIT:
        text = gettext_noop("split: %(pairs)s share it") % {"pairs": pairs_words(winners)}
        if payout is not None:
            each = gettext_noop("%(share)s each") % {"share": dollars(payout.share)}
            text = words_join([text, each], " — ")
            if payout.kept_by_hall:
                kept = gettext_noop("(%(kept)s kept by the hall)") % {
                    "kept": dollars(payout.kept_by_hall)
                }
                text = words_join([text, kept], " ")
        return text
    if row.method == Decision.Method.PLAYOFF:
        text = gettext_noop("play-off: %(pairs)s asked for it") % {
            "pairs": pairs_words(detail["requests"])
        }
        if detail.get("forfeited"):
            forfeited = gettext_noop("%(pairs)s declined and forfeited") % {
                "pairs": pairs_words(detail["forfeited"])
            }
            text = words_join([text, forfeited], "; ")
        games = detail.get("games") or []
        if len(games) > 1:
            # Three pairs or more played off two at a time: every game, in order.
            text = words_join([text, *playoff_game_words(games)], "; ")
        return gettext_noop("%(how)s — pair %(n)d won") % {"how": text, "n": winners[0]}
    cut = detail.get("cut") or {}
    rounds = [
        words_join(gettext_noop("pair %(n)d %(card)s") % {"n": p, "card": c} for p, c in rnd)
        for rnd in _rounds_labels(cut.get("rounds", []))
    ]
    text = gettext_noop("cut: %(cards)s — pair %(n)d won") % {
        "cards": words_join(rounds, gettext_noop("; cut again: ")),
        "n": winners[0],
    }
    notes = []
    if cut.get("seed") is not None:
        notes.append(gettext_noop("digital cut, seed %(seed)d") % {"seed": cut["seed"]})
    else:
        notes.append(gettext_noop("cards cut by hand"))
    if not cut.get("ace_low", True):
        notes.append(gettext_noop("ace high"))
    # Only placeholders and brackets: not for the catalog.
    return Msg("%(text)s (%(notes)s)") % {"text": text, "notes": words_join(notes)}


def playoff_game_words(games: Iterable[Sequence[int]]) -> list[str]:
    """Stored play-off games as marked words: "game 1: pair 5 beat pair 3"."""
    out = []
    for n, (a, b, winner) in enumerate(games, start=1):
        loser = a if winner == b else b
        out.append(
            gettext_noop("game %(n)d: pair %(winner)d beat pair %(loser)d")
            % {"n": n, "winner": winner, "loser": loser}
        )
    return out


def _late_or_early(pairs: Iterable[Pair]) -> list[int]:
    return [p.number for p in pairs if p.arrived_game > 1 or p.left_after_game is not None]


def prize_groups(drive: Drive) -> PrizeGroups:
    """Places by score level with their pairs and decisions, the places not awarded
    (with the report's sentence), and the booby prize's group."""
    scores = tallies(drive)
    # Before any game is won every pair is on 0: that is no tie to settle, only the prizes.
    played = any(scores.values())
    standings = place_groups(scores if played else {}, drive.prize_places)
    pairs = {p.number: p for p in drive.pairs.all()}
    rows = {d.prize: d for d in Decision.objects.filter(drive=drive)}
    settings = prize_settings(drive)
    unit = drive.club.cash_unit

    def group(prize, place, level, numbers, cents, item) -> PrizeGroup:
        row = rows.get(prize)
        applies = row is not None and tuple(row.pairs) == tuple(numbers)
        stale = (
            row
            if row is not None
            and not applies
            and row.status == Decision.Status.DECIDED
            and len(numbers) > 1
            else None
        )
        return PrizeGroup(
            prize=prize,
            label=prize_label(prize),
            place=place,
            level=level,
            pairs=tuple(pairs[n] for n in numbers),
            cents=cents,
            item=item,
            decision=row if applies and len(numbers) > 1 else None,
            stale=stale,
            cash_unit=unit,
        )

    by_place = place_prizes(drive)
    places = []
    for g in standings.groups:
        pp = by_place.get(g.place)
        places.append(
            group(
                f"place-{g.place}",
                g.place,
                g.level,
                g.pairs,
                pp.cents if pp else None,
                pp.item if pp else "",
            )
        )

    booby = None
    booby_note = ""
    if settings.booby and played:
        candidates = prizes.booby_candidates(
            scores,
            places=drive.prize_places,
            late_or_early=_late_or_early(pairs.values()),
            exclude_late_or_early=settings.booby_excludes_late_or_early,
        )
        if candidates:
            booby = group(
                BOOBY,
                None,
                scores[candidates[0]],
                candidates,
                settings.booby_cents,
                settings.booby_item,
            )
        elif settings.booby_excludes_late_or_early:
            booby_note = _(
                "The booby prize is not awarded: no pair can win it (a pair holding a place, "
                "or one that came late or left early, cannot)."
            )
        else:
            booby_note = _(
                "The booby prize is not awarded: no pair can win it (a pair holding a place "
                "cannot)."
            )
    return PrizeGroups(
        played=played,
        place_prizes=tuple(by_place.values()),
        booby_prize=(settings.booby_cents, settings.booby_item) if settings.booby else None,
        places=tuple(places),
        prize_places=drive.prize_places,
        unawarded=standings.unawarded,
        unawarded_note=_unawarded_note(standings),
        booby_on=settings.booby,
        booby=booby,
        booby_note=booby_note,
        finished=drive.is_finished,
        conflicts=conflicts(drive),
    )


def marks_unpaid(drive: Drive) -> bool:
    """Whether the prize screens mark the pairs that have not paid: the drive charges an
    entry fee, or its pairs are ticked paid at the door (some already are). Where nobody
    pays, nobody is marked."""
    return prize_settings(drive).entry_fee > 0 or drive.pairs.filter(paid=True).exists()


def cash(drive: Drive) -> dict:
    """Money paid for the place prizes and the booby that are awarded.

    A split pays each pair a share rounded down to the club's cash unit; the
    remainder stays with the hall. A tie not settled yet pays nothing.
    """
    state = prize_groups(drive)
    lines: list[tuple[str, int]] = []
    paid_out = kept = 0
    for g in state.all:
        p = g.payout
        if p is None:
            continue
        paid_out += p.paid
        kept += p.kept_by_hall
        if len(p.recipients) > 1:
            label = _("%(prize)s: %(pairs)s split it, %(share)s each") % {
                "prize": g.label,
                "pairs": pairs_text(p.recipients),
                "share": dollars(p.share),
            }
        else:
            label = _("%(prize)s: pair %(n)d") % {"prize": g.label, "n": p.recipients[0]}
        lines.append((label, p.paid, "out"))
    return {
        "takings": 0,
        "paid_out": paid_out,
        "carried_over": 0,
        "kept_by_hall": kept,
        "lines": lines,
    }


# ---------------------------------------------------------------- writing


def _row_state(row: Decision | None) -> dict | None:
    if row is None:
        return None
    return {
        "prize": row.prize,
        "pairs": list(row.pairs),
        "status": row.status,
        "method": row.method,
        "winners": list(row.winners),
        "detail": row.detail,
    }


def _actor_name(actor) -> str | None:
    return actor.get_username() if getattr(actor, "is_authenticated", False) else None


def _cut_detail(cut: prizes.CutResult | None) -> dict | None:
    if cut is None:
        return None
    return {
        "rounds": [[[p, c[0], c[1]] for p, c in rnd.cards] for rnd in cut.rounds],
        "seed": cut.seed,
        "ace_low": cut.ace_low,
        "lines": list(cut.lines),
    }


def check_open(group: PrizeGroup) -> None:
    """Refuse to decide a prize with no tie, or one already decided (even for other pairs)."""
    if not group.is_tie:
        raise DriveError(
            _("%(prize)s has no tie to settle: pair %(n)d wins it outright.")
            % {"prize": group.label, "n": group.numbers[0]},
            409,
        )
    if group.is_decided or group.stale is not None:
        raise DriveError(
            _("%(prize)s is already decided; reopen it to decide it again.")
            % {"prize": group.label},
            409,
        )


def _wants_split(requests, declined, playoff_winner, cut: CutRequest) -> bool:
    """A request with no play-off and no cut in it asks for a split."""
    return cut is None and not requests and not declined and playoff_winner is None


def decision_record(
    *,
    drive: Drive,
    prize: str,
    playoff_requests: Iterable[int] = (),
    split_agreements: Iterable[int] = (),
    declined: Iterable[int] = (),
    playoff_winner: int | None = None,
    playoff_games: Sequence[PlayoffGameRequest] = (),
    cut: CutRequest = None,
    seed: int | None = None,
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> Decision:
    """Settle the tie for a place ("place-N") or the booby ("booby") and store how.

    playoff_requests / split_agreements / declined: the pairs ticked on the tie
    screen. A play-off (any pair asked) needs playoff_winner when two pairs play
    it, or every game [(pair, pair, winner), ...] when three or more play off two
    at a time (prizes.rules.playoff_left); a split needs
    every pair agreeing and a money prize; otherwise a cut: cut="digital" (the
    site cuts from a freshly shuffled deck with `seed`, made up when None) or
    the physical rounds [{pair: (rank, suit)}, ...] the organizer recorded.
    Refused while the drive is not finished or a result is in conflict, and
    when the prize is already decided (reopen it first).
    """
    requests, agreements, out = tuple(playoff_requests), tuple(split_agreements), tuple(declined)
    with transaction.atomic():
        drive = locked_drive(drive)
        require_finished(drive)
        state = prize_groups(drive)
        group = state.get(prize)
        label = group.label
        check_open(group)
        row = Decision.objects.filter(drive=drive, prize=prize).first()
        ace_low = prize_settings(drive).ace_low
        try:
            method = prizes.settle_method(group.numbers, requests, agreements, group.is_money)
            if method != "split" and _wants_split(requests, out, playoff_winner, cut):
                if not group.is_money:
                    raise DriveError(
                        _("%(prize)s is not money, so it cannot be split: cut for it instead.")
                        % {"prize": label}
                    )
                missing = [n for n in group.numbers if n not in set(agreements)]
                raise DriveError(
                    _("%(prize)s can be split only when every tied pair agrees; %(pairs)s did not.")
                    % {"prize": label, "pairs": pairs_text(missing)}
                )
            result = None
            if cut == "digital":
                if seed is None:
                    seed = secrets.randbelow(10**9)
                if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_MAX:
                    raise DriveError(_("The seed must be a whole number from 0 up."))
                result = prizes.digital_cut(group.numbers, seed, ace_low)
            elif cut is not None:
                result = prizes.physical_cut(group.numbers, cut, ace_low)
            outcome = prizes.settle(
                group.numbers,
                money_prize=group.is_money,
                playoff_requests=requests,
                split_agreements=agreements,
                declined=out,
                playoff_winner=playoff_winner,
                playoff_games=playoff_games_of(playoff_games),
                cut=result,
            )
            prizes.Decision(label, group.numbers).decide(outcome, conflicts=conflicts(drive))
        except PrizeError as e:
            raise as_drive_error(e) from None
        old = _row_state(row)
        if row is None:
            row = Decision(drive=drive, prize=prize)
        row.pairs = list(outcome.pairs)
        row.status = Decision.Status.DECIDED
        row.method = outcome.method
        row.winners = list(outcome.winners)
        row.detail = {
            "level": group.level,
            "requests": list(outcome.playoff_requests),
            "agreements": list(outcome.split_agreements),
            "forfeited": list(outcome.forfeited),
            "games": playoff_games_detail(outcome.playoff_games),
            "cut": _cut_detail(outcome.cut),
            "summary": outcome.summary,
        }
        row.history = [
            *row.history,
            {
                "action": "decided",
                "at": now.isoformat(),
                "by": _actor_name(actor),
                "method": row.method,
                "winners": row.winners,
            },
        ]
        row.decided_at = now
        row.decided_by = actor if getattr(actor, "is_authenticated", False) else None
        row.save()
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="prize_decide",
            summary=gettext_noop("%(prize)s: %(how)s")
            % {"prize": prize_label_words(prize), "how": decision_words(row)},
            old=old,
            new=_row_state(row),
        )
    return row


def decision_reopen(
    *, drive: Drive, prize: str, reason: str, actor, now: datetime, origin: Origin = FRONT
) -> Decision:
    """Undo a prize's decision so it can be decided again; the old one is kept in
    the row's history and the audit trail, with the reason given."""
    label = prize_label(prize)
    reason = " ".join((reason or "").split())
    if not reason:
        raise DriveError(_("Say why the decision is reopened: it is kept with the record."))
    if len(reason) > 200:
        raise DriveError(_("Keep the reason under 200 characters."))
    with transaction.atomic():
        drive = locked_drive(drive)
        row = Decision.objects.filter(drive=drive, prize=prize).first()
        if row is None or row.status != Decision.Status.DECIDED:
            raise DriveError(
                _("%(prize)s has not been decided, so there is nothing to reopen.")
                % {"prize": label},
                409,
            )
        old = _row_state(row)
        row.history = [
            *row.history,
            {
                "action": "reopened",
                "at": now.isoformat(),
                "by": _actor_name(actor),
                "reason": reason,
                "was": old,
            },
        ]
        row.status = Decision.Status.OPEN
        row.method = ""
        row.winners = []
        row.detail = {}
        row.decided_at = None
        row.decided_by = None
        row.save()
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="prize_reopen",
            summary=gettext_noop("%(prize)s reopened: %(reason)s")
            % {"prize": prize_label_words(prize), "reason": reason},
            old=old,
            new={**_row_state(row), "reason": reason},
        )
    return row
