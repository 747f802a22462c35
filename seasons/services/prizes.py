"""A series' prizes: the places the organizer sets, and their ties settled as a night's are.

The rules are the night's own, from prizes.interface: places by score level of the series
totals (`place_groups`), a tie settled by play-off if any tied person asks, by split only
if every one agrees (money only), else by a cut for low card (`settle_method`, `settle`,
the cuts), and money split to the club's cash unit (`payout`). Only the qualified stand
for a prize. A tie's people are numbered for the rules 1, 2, ... in the standings' order
(by name), and a decision keeps their keys in that order: if a night's correction changes
who is on the level, the decision no longer applies and shows as to be reopened.

Nothing settles while a night of the series is unfinished or has a result in conflict.
Every step (a tick, a round of a cut, a game of a play-off, the decision, reopening, the
prizes set) is one service call: one transaction, one audit entry. Undo is per step, as a
night's: untick, take back a play-off game, start the cut again, reopen the decision.

The reads the writers share with the screens (each place's group, its saved steps and
words) are in seasons.services.prize_groups; this module re-exports them.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.interface import (
    FRONT,
    DriveError,
    Origin,
    TextError,
    clean_text,
    record_audit,
    words_join,
)
from drives.models import CENTS_MAX
from prizes import interface as rules
from scoring.speak import say
from scoring.words import Msg, gettext_noop
from seasons.models import Series, SeriesDecision, SeriesPrize

from .prize_groups import (
    MAX_PLACES,
    SEED_MAX,
    TICKS,
    Card,
    Entrant,
    SeriesPrizeGroup,
    SeriesPrizes,
    blocked_reason,
    check_open,
    decision_words,
    prize_label,
    prize_label_words,
    saved_games,
    saved_rounds,
    saved_ticks,
    series_prize_groups,
)

__all__ = [
    "MAX_PLACES",
    "TICKS",
    "Entrant",
    "SeriesPrizeGroup",
    "SeriesPrizes",
    "blocked_reason",
    "check_open",
    "decision_words",
    "prize_label",
    "saved_games",
    "saved_rounds",
    "saved_ticks",
    "series_prize_groups",
    "series_prizes_set",
    "series_tie_decide",
    "series_tie_reopen",
    "series_tie_step",
]


def _who(group: SeriesPrizeGroup, n: int) -> str:
    return group.name_of(n)


_TICK_WORDS = {
    ("playoff", True): gettext_noop("%(name)s asks for a play-off"),
    ("playoff", False): gettext_noop("%(name)s no longer asks for a play-off"),
    ("split", True): gettext_noop("%(name)s agrees to split"),
    ("split", False): gettext_noop("%(name)s no longer agrees to split"),
    ("declined", True): gettext_noop("%(name)s declines the play-off"),
    ("declined", False): gettext_noop("%(name)s no longer declines the play-off"),
}


# ---------------------------------------------------------------- writing


def _locked(series: Series) -> Series:
    return Series.objects.select_for_update().select_related("club").get(pk=series.pk)


def _as_drive_error(error: rules.PrizeError, status: int = 400) -> DriveError:
    return DriveError(say(error.args[0]) if error.args else str(error), status)


def _settleable(series: Series, place: int) -> tuple[SeriesPrizes, SeriesPrizeGroup]:
    state = series_prize_groups(series)
    group = state.get(place)
    check_open(state, group)
    return state, group


def _actor_name(actor) -> str | None:
    return actor.get_username() if getattr(actor, "is_authenticated", False) else None


def _rounds_detail(rounds: Sequence[Mapping[int, Card]]) -> list:
    return [[[n, c[0], c[1]] for n, c in sorted(r.items())] for r in rounds]


def _games_detail(games) -> list[list[int]]:
    return [[g.pairs[0], g.pairs[1], g.winner] for g in games]


def series_prizes_set(
    *,
    series: Series,
    places: Sequence[tuple[int | None, str]],
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> list[SeriesPrize]:
    """Set the series' place prizes: for place 1, 2, ... in order, (cents, "") for money or
    (None, item) for an item. The list replaces the one saved; an empty list, no prizes."""
    if len(places) > MAX_PLACES:
        raise DriveError(_("A series has at most %(n)d prize places.") % {"n": MAX_PLACES})
    clean: list[tuple[int | None, str]] = []
    for place, (cents, item) in enumerate(places, start=1):
        try:
            item = clean_text(item, max_length=120, what=_("The prize")) if item else ""
        except TextError as e:
            raise DriveError(str(e)) from None
        if (cents is None) == (not item):
            raise DriveError(
                _("%(prize)s needs an amount of money or an item (one of them).")
                % {"prize": prize_label(place)}
            )
        if cents is not None and (isinstance(cents, bool) or not 0 <= cents <= CENTS_MAX):
            raise DriveError(
                _("%(prize)s: the amount is not a possible one.") % {"prize": prize_label(place)}
            )
        clean.append((cents, item))
    with transaction.atomic():
        series = _locked(series)
        before = [
            {"place": p.place, "cents": p.cents, "item": p.item}
            for p in SeriesPrize.objects.filter(series=series)
        ]
        SeriesPrize.objects.filter(series=series).delete()
        made = SeriesPrize.objects.bulk_create(
            SeriesPrize(series=series, place=i, cents=c, item=it)
            for i, (c, it) in enumerate(clean, start=1)
        )
        after = [{"place": p.place, "cents": p.cents, "item": p.item} for p in made]
        record_audit(
            club=series.club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="series_prizes_set",
            summary=gettext_noop("Series %(series)s: %(n)d prize places set")
            % {"series": series.name, "n": len(made)},
            old={"prizes": before},
            new={"prizes": after},
        )
    return made


def series_tie_step(
    *,
    series: Series,
    place: int,
    ticks: Mapping[str, Sequence[int]] | None = None,
    rounds: Sequence[Mapping[int, Card]] | None = None,
    games: Sequence | None = None,
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> SeriesDecision | None:
    """Save one step of a series tie as it is made, as a night's tie_steps does: the ticks
    as they now stand, the cut rounds so far ([] starts the cut again), or the play-off
    games so far (the saved ones but the last takes it back). A step that settles the tie
    is the decision (series_tie_decide). None when nothing changed."""
    with transaction.atomic():
        series = _locked(series)
        _state, group = _settleable(series, place)
        old_ticks, old_rounds, old_games = (
            saved_ticks(group),
            saved_rounds(group),
            saved_games(group),
        )
        new_ticks, new_rounds, new_games = old_ticks, old_rounds, old_games
        words: list[str] = []
        try:
            if ticks is not None:
                new_ticks = {name: tuple(sorted(set(ticks.get(name, ())))) for name in TICKS}
                rules.settle_method(
                    group.numbers, new_ticks["playoff"], new_ticks["split"], group.is_money
                )
                both = set(new_ticks["playoff"]) & set(new_ticks["declined"])
                if both:
                    raise DriveError(
                        _("%(name)s asks for the play-off, so cannot decline it.")
                        % {"name": group.name_of(min(both))}
                    )
                if old_games:
                    raise DriveError(
                        _("The play-off has begun: take back its games before the ticks change."),
                        409,
                    )
                for name in TICKS:
                    for n in sorted(set(new_ticks[name]) ^ set(old_ticks[name])):
                        words.append(
                            _TICK_WORDS[(name, n in new_ticks[name])] % {"name": _who(group, n)}
                        )
            if rounds is not None:
                new_rounds = [dict(r) for r in rounds]
                if new_rounds and new_rounds[: len(old_rounds)] != old_rounds:
                    raise DriveError(
                        _("The cut has moved on on another screen: look at the cards again."),
                        409,
                    )
                waiting = rules.who_cuts_next(group.numbers, new_rounds)
                if new_rounds and not waiting:
                    raise DriveError(_("This round settles the cut: record it as the decision."))
                if not new_rounds and old_rounds:
                    words.append(gettext_noop("the cut is started again"))
                elif new_rounds != old_rounds:
                    cards = words_join(
                        Msg("%(name)s %(card)s")
                        % {"name": _who(group, n), "card": rules.card_label(c)}
                        for n, c in sorted(new_rounds[-1].items())
                    )
                    words.append(
                        gettext_noop("cut round %(n)d: %(cards)s")
                        % {"n": len(new_rounds), "cards": cards}
                    )
            if games is not None:
                new_games = list(games)
                if not (
                    new_games[:-1] == old_games
                    or new_games == old_games[:-1]
                    or new_games == old_games
                ):
                    raise DriveError(
                        _("The play-off has moved on on another screen: look at its games again."),
                        409,
                    )
                method = rules.settle_method(
                    group.numbers, new_ticks["playoff"], new_ticks["split"], group.is_money
                )
                if method != "playoff":
                    raise DriveError(_("Nobody asked for a play-off."), 409)
                players = [n for n in group.numbers if n not in new_ticks["declined"]]
                left = rules.playoff_left(players, new_games)
                if len(left) == 1:
                    raise DriveError(
                        _("This game settles the play-off: record it as the decision.")
                    )
                if len(new_games) > len(old_games):
                    g = new_games[-1]
                    words.append(
                        gettext_noop("play-off game %(n)d: %(winner)s beat %(loser)s")
                        % {
                            "n": len(new_games),
                            "winner": _who(group, g.winner),
                            "loser": _who(group, g.loser),
                        }
                    )
                elif len(new_games) < len(old_games):
                    words.append(
                        gettext_noop("play-off game %(n)d taken back") % {"n": len(old_games)}
                    )
        except rules.PrizeError as e:
            raise _as_drive_error(e) from None
        if not words:
            return None
        row = SeriesDecision.objects.filter(series=series, place=place).first()
        old = None if row is None else (row.detail or {})
        if row is None:
            row = SeriesDecision(series=series, place=place)
        row.people = group.keys
        row.status = SeriesDecision.Status.OPEN
        row.method = ""
        row.winners = []
        row.detail = {
            "ticks": {name: list(new_ticks[name]) for name in TICKS},
            "rounds": _rounds_detail(new_rounds),
            "games": _games_detail(new_games),
        }
        row.save()
        record_audit(
            club=series.club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="series_prize_step",
            summary=gettext_noop("Series %(series)s, %(prize)s: %(what)s")
            % {
                "series": series.name,
                "prize": prize_label_words(place),
                "what": words_join(words, "; "),
            },
            old=old,
            new=row.detail,
        )
    return row


def series_tie_decide(
    *,
    series: Series,
    place: int,
    playoff_winner: int | None = None,
    playoff_games: Sequence | None = None,
    cut: str | Sequence[Mapping[int, Card]] | None = None,
    seed: int | None = None,
    split: bool = False,
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> SeriesDecision:
    """Settle a series tie by the ticks saved (series_tie_step) and the rules' order: a
    play-off's winner (two people) or its games (three or more), a split (`split=True`,
    only when every tied person agreed and the prize is money), or a cut: "digital" (the
    site cuts with `seed`, made up when None) or the rounds cut by hand."""
    with transaction.atomic():
        series = _locked(series)
        _state, group = _settleable(series, place)
        ticks = saved_ticks(group)
        try:
            method = rules.settle_method(
                group.numbers, ticks["playoff"], ticks["split"], group.is_money
            )
            if split and method != "split":
                if not group.is_money:
                    raise DriveError(
                        _("%(prize)s is not money, so it cannot be split: cut for it instead.")
                        % {"prize": group.label}
                    )
                missing = [group.name_of(n) for n in group.numbers if n not in ticks["split"]]
                raise DriveError(
                    _(
                        "%(prize)s can be split only when every tied person agrees; "
                        "%(names)s did not."
                    )
                    % {"prize": group.label, "names": ", ".join(missing)}
                )
            result = None
            if cut == "digital":
                if seed is None:
                    seed = secrets.randbelow(10**9)
                if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_MAX:
                    raise DriveError(_("The seed must be a whole number from 0 up."))
                result = rules.digital_cut(group.numbers, seed)
            elif cut is not None:
                result = rules.physical_cut(group.numbers, cut)
            outcome = rules.settle(
                group.numbers,
                money_prize=group.is_money,
                playoff_requests=ticks["playoff"],
                split_agreements=ticks["split"],
                declined=ticks["declined"],
                playoff_winner=playoff_winner,
                playoff_games=tuple(playoff_games or ()),
                cut=result,
            )
        except rules.PrizeError as e:
            raise _as_drive_error(e) from None
        row = SeriesDecision.objects.filter(series=series, place=place).first()
        old = None if row is None else {"status": row.status, "detail": row.detail}
        if row is None:
            row = SeriesDecision(series=series, place=place)
        row.people = group.keys
        row.status = SeriesDecision.Status.DECIDED
        row.method = outcome.method
        row.winners = list(outcome.winners)
        cut_detail = None
        if outcome.cut is not None:
            cut_detail = {
                "rounds": [[[n, c[0], c[1]] for n, c in rnd.cards] for rnd in outcome.cut.rounds],
                "seed": outcome.cut.seed,
                "ace_low": outcome.cut.ace_low,
            }
        row.detail = {
            "level": group.level,
            "requests": list(outcome.playoff_requests),
            "agreements": list(outcome.split_agreements),
            "forfeited": list(outcome.forfeited),
            "games": _games_detail(outcome.playoff_games),
            "cut": cut_detail,
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
            club=series.club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="series_prize_decide",
            summary=gettext_noop("Series %(series)s, %(prize)s: %(how)s")
            % {
                "series": series.name,
                "prize": prize_label_words(place),
                "how": decision_words(row, group),
            },
            old=old,
            new={"people": row.people, "method": row.method, "winners": row.winners},
        )
    return row


def series_tie_reopen(
    *, series: Series, place: int, reason: str, actor, now: datetime, origin: Origin = FRONT
) -> SeriesDecision:
    """Undo a series prize's decision so it can be settled again; the old one is kept in
    the row's history and the audit trail with the reason."""
    reason = " ".join((reason or "").split())
    if not reason:
        raise DriveError(_("Say why the decision is reopened: it is kept with the record."))
    if len(reason) > 200:
        raise DriveError(_("Keep the reason under 200 characters."))
    with transaction.atomic():
        series = _locked(series)
        row = SeriesDecision.objects.filter(series=series, place=place).first()
        if row is None or row.status != SeriesDecision.Status.DECIDED:
            raise DriveError(
                _("%(prize)s has not been decided, so there is nothing to reopen.")
                % {"prize": prize_label(place)},
                409,
            )
        old = {"people": row.people, "method": row.method, "winners": row.winners}
        row.history = [
            *row.history,
            {
                "action": "reopened",
                "at": now.isoformat(),
                "by": _actor_name(actor),
                "reason": reason,
                "was": {**old, "detail": row.detail},
            },
        ]
        row.status = SeriesDecision.Status.OPEN
        row.method = ""
        row.winners = []
        row.detail = {}
        row.decided_at = None
        row.decided_by = None
        row.save()
        record_audit(
            club=series.club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="series_prize_reopen",
            summary=gettext_noop("Series %(series)s, %(prize)s reopened: %(reason)s")
            % {"series": series.name, "prize": prize_label_words(place), "reason": reason},
            old=old,
            new={"reason": reason},
        )
    return row
