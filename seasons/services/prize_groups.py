"""A series' prizes as they stand: each place's group of the qualified by score level of the
series totals, its tie's ticks, cut rounds and play-off games as saved, and the words of its
decision (the reads the screens, the printouts and the writers of seasons.services.prizes
share). The rules are the night's own, from prizes.interface."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.interface import (
    DriveError,
    words_join,
)
from drives.models import TableGame
from prizes import interface as rules
from scoring.speak import say
from scoring.words import Msg, gettext_noop
from seasons.models import Series, SeriesDecision, SeriesPrize
from seasons.queries import SeriesStandings, series_standings

MAX_PLACES = 10
TICKS = ("playoff", "split", "declined")
SEED_MAX = 2**62
Card = tuple[int, str]


# ---------------------------------------------------------------- words


def prize_label_words(place: int) -> str:
    """ "First prize", "Second prize", "Third prize", "Prize 4", as marked words."""
    words = {
        1: gettext_noop("First prize"),
        2: gettext_noop("Second prize"),
        3: gettext_noop("Third prize"),
    }
    return words.get(place) or gettext_noop("Prize %(n)d") % {"n": place}


def prize_label(place: int) -> str:
    return say(prize_label_words(place))


def _total_text(total: int, points: bool) -> str:
    if points:
        return ngettext("%(n)d point", "%(n)d points", total) % {"n": total}
    return ngettext("%(n)d game", "%(n)d games", total) % {"n": total}


# ---------------------------------------------------------------- reading


@dataclass(frozen=True)
class Entrant:
    """One person (or pair) of a series' prize, as the shared tie steps show them: the
    rules' number within the tie, and the names."""

    number: int
    key: tuple[str, ...]
    names: str
    total: int
    paid: bool = True  # a series has no entry to pay: nobody is marked unpaid
    pk: None = None


def _key_list(key: Iterable[str]) -> list[str]:
    return [str(k) for k in key]


@dataclass(frozen=True)
class SeriesPrizeGroup:
    """One place of the series' prizes, its level (the series total), its people and how
    it stands. `pairs` (the shared tie screen's word for the tied) are Entrants."""

    place: int
    label: str
    level: int
    pairs: tuple[Entrant, ...]
    points: bool
    cents: int | None = None
    item: str = ""
    decision: SeriesDecision | None = None
    stale: SeriesDecision | None = None
    cash_unit: int = rules.DEFAULT_CASH_UNIT

    @property
    def prize(self) -> str:
        return f"place-{self.place}"

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(e.number for e in self.pairs)

    @property
    def keys(self) -> list[list[str]]:
        return [_key_list(e.key) for e in self.pairs]

    @property
    def is_tie(self) -> bool:
        return len(self.pairs) > 1

    @property
    def is_money(self) -> bool:
        return self.cents is not None

    @property
    def level_text(self) -> str:
        return _total_text(self.level, self.points)

    @property
    def is_decided(self) -> bool:
        return self.decision is not None and self.decision.status == SeriesDecision.Status.DECIDED

    @property
    def is_awarded(self) -> bool:
        return not self.is_tie or self.is_decided

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.is_tie:
            return self.numbers
        return tuple(self.decision.winners) if self.is_decided else ()

    @property
    def names_text(self) -> str:
        return ", ".join(e.names for e in self.pairs)

    @property
    def winner_names(self) -> tuple[str, ...]:
        won = set(self.winners)
        return tuple(e.names for e in self.pairs if e.number in won)

    def name_of(self, number: int) -> str:
        for e in self.pairs:
            if e.number == number:
                return e.names
        return str(number)

    @property
    def payout(self) -> rules.Payout | None:
        if not (self.is_money and self.is_awarded):
            return None
        return rules.payout(self.label, self.cents, self.winners, self.cash_unit)

    @property
    def cut_rounds(self) -> list[list[tuple[str, str]]]:
        """Every card cut, round by round, as (name, "A♣")."""
        if not self.is_decided:
            return []
        cut = self.decision.detail.get("cut") or {}
        return [
            [(self.name_of(n), rules.card_label((rank, suit))) for n, rank, suit in rnd]
            for rnd in cut.get("rounds", [])
        ]

    @property
    def seed(self) -> int | None:
        if not self.is_decided:
            return None
        return (self.decision.detail.get("cut") or {}).get("seed")

    @property
    def how(self) -> str:
        if not self.is_decided:
            return ""
        return say(decision_words(self.decision, self))


@dataclass(frozen=True)
class SeriesPrizes:
    """A series' place prizes as they stand now."""

    series: Series
    table: SeriesStandings
    places: tuple[SeriesPrizeGroup, ...]
    prizes: tuple[SeriesPrize, ...]
    unawarded: tuple[int, ...]
    blocked: str  # why nothing can be settled yet ("" when it can)

    @property
    def open_ties(self) -> tuple[SeriesPrizeGroup, ...]:
        return tuple(g for g in self.places if g.is_tie and not g.is_decided)

    @property
    def unawarded_note(self) -> str:
        if not self.unawarded:
            return ""
        numbers = ", ".join(str(n) for n in self.unawarded)
        return ngettext(
            "Prize %(numbers)s is not awarded: there are not enough different totals.",
            "Prizes %(numbers)s are not awarded: there are not enough different totals.",
            len(self.unawarded),
        ) % {"numbers": numbers}

    def get(self, place: int) -> SeriesPrizeGroup:
        for g in self.places:
            if g.place == place:
                return g
        if place in self.unawarded:
            raise DriveError(self.unawarded_note, 404)
        raise DriveError(_("This series has no such prize."), 404)

    @property
    def paid_out(self) -> int:
        return sum(g.payout.paid for g in self.places if g.payout is not None)

    @property
    def kept_by_hall(self) -> int:
        return sum(g.payout.kept_by_hall for g in self.places if g.payout is not None)


def blocked_reason(table: SeriesStandings) -> str:
    """Why the series' prizes cannot be settled yet, in plain words; "" when they can."""
    drives = [n.drive for n in table.nights]
    if not drives:
        return _("This series has no nights yet: add its drives first.")
    unfinished = [d for d in drives if not d.is_finished]
    if unfinished:
        return _(
            "Series prizes are settled after its last night: %(drive)s is not finished yet."
        ) % {"drive": unfinished[0].name}
    conflicted = (
        TableGame.objects.filter(drive__in=drives, status=TableGame.Status.CONFLICT)
        .values_list("drive__name", flat=True)
        .first()
    )
    if conflicted is not None:
        return _("A result of %(drive)s is in conflict: settle it before any series prize.") % {
            "drive": conflicted
        }
    return ""


def _names(entry) -> str:
    return " & ".join(entry.names)


def series_prize_groups(series: Series, table: SeriesStandings | None = None) -> SeriesPrizes:
    """The series' places by score level of the qualified totals, with their people,
    prizes and decisions (a decision applies only to the people it was made for)."""
    table = table or series_standings(series)
    qualified = [e for e in table.entries if e.qualified]
    # The rules number the qualified 1..n in the standings' order (a tie's people by name).
    number_of = dict(enumerate(qualified, start=1))
    prizes_set = tuple(SeriesPrize.objects.filter(series=series).order_by("place"))
    by_place = {p.place: p for p in prizes_set}
    played = any(e.total for e in qualified)
    standings = rules.place_groups(
        {n: e.total for n, e in number_of.items()} if played else {}, len(prizes_set)
    )
    rows = {d.place: d for d in SeriesDecision.objects.filter(series=series)}
    unit = series.club.cash_unit
    points = series.counts == Series.Counts.POINTS
    places = []
    for g in standings.groups:
        people = tuple(
            Entrant(number=i, key=number_of[n].key, names=_names(number_of[n]), total=g.level)
            for i, n in enumerate(g.pairs, start=1)
        )
        keys = [_key_list(e.key) for e in people]
        row = rows.get(g.place)
        applies = row is not None and row.people == keys and len(people) > 1
        stale = (
            row
            if row is not None
            and not applies
            and row.status == SeriesDecision.Status.DECIDED
            and len(people) > 1
            else None
        )
        prize = by_place[g.place]
        places.append(
            SeriesPrizeGroup(
                place=g.place,
                label=prize_label(g.place),
                level=g.level,
                pairs=people,
                points=points,
                cents=prize.cents,
                item=prize.item,
                decision=row if applies else None,
                stale=stale,
                cash_unit=unit,
            )
        )
    return SeriesPrizes(
        series=series,
        table=table,
        places=tuple(places),
        prizes=prizes_set,
        unawarded=standings.unawarded,
        blocked=blocked_reason(table),
    )


def _progress(group: SeriesPrizeGroup) -> dict:
    row = group.decision
    if row is None or row.status != SeriesDecision.Status.OPEN:
        return {}
    return row.detail or {}


def saved_ticks(group: SeriesPrizeGroup) -> dict[str, tuple[int, ...]]:
    ticks = _progress(group).get("ticks") or {}
    return {name: tuple(sorted(ticks.get(name, ()))) for name in TICKS}


def saved_rounds(group: SeriesPrizeGroup) -> list[dict[int, Card]]:
    return [
        {int(n): (int(rank), str(suit)) for n, rank, suit in rnd}
        for rnd in _progress(group).get("rounds") or ()
    ]


def saved_games(group: SeriesPrizeGroup) -> list:
    return [
        rules.PlayoffGame((min(a, b), max(a, b)), w)
        for a, b, w in _progress(group).get("games") or ()
    ]


# ---------------------------------------------------------------- the audit's words


def decision_words(row: SeriesDecision, group: SeriesPrizeGroup) -> str:
    """How the tie was settled, as marked words naming the people."""
    detail = row.detail or {}
    winners = [group.name_of(n) for n in row.winners]
    if row.method == SeriesDecision.Method.SPLIT:
        return gettext_noop("split: %(names)s share it") % {"names": words_join(winners)}
    if row.method == SeriesDecision.Method.PLAYOFF:
        games = [
            gettext_noop("game %(n)d: %(winner)s beat %(loser)s")
            % {
                "n": i,
                "winner": group.name_of(w),
                "loser": group.name_of(a if w == b else b),
            }
            for i, (a, b, w) in enumerate(detail.get("games") or (), start=1)
        ]
        text = gettext_noop("play-off — %(name)s won") % {"name": winners[0]}
        return words_join([text, *games], "; ") if len(games) > 1 else text
    cut = detail.get("cut") or {}
    rounds = [
        words_join(
            Msg("%(name)s %(card)s")
            % {"name": group.name_of(n), "card": rules.card_label((rank, suit))}
            for n, rank, suit in rnd
        )
        for rnd in cut.get("rounds", [])
    ]
    text = gettext_noop("cut: %(cards)s — %(name)s won") % {
        "cards": words_join(rounds, gettext_noop("; cut again: ")),
        "name": winners[0],
    }
    if cut.get("seed") is not None:
        how = gettext_noop("digital cut, seed %(seed)d") % {"seed": cut["seed"]}
    else:
        how = gettext_noop("cards cut by hand")
    return Msg("%(text)s (%(how)s)") % {"text": text, "how": how}


def check_open(state: SeriesPrizes, group: SeriesPrizeGroup) -> None:
    """Refuse (409) to settle while a night is unfinished or in conflict, a place with no
    tie, or one already decided (even for others: reopen it first)."""
    if state.blocked:
        raise DriveError(state.blocked, 409)
    if not group.is_tie:
        raise DriveError(
            _("%(prize)s has no tie to settle: %(name)s wins it outright.")
            % {"prize": group.label, "name": group.pairs[0].names},
            409,
        )
    if group.is_decided or group.stale is not None:
        raise DriveError(
            _("%(prize)s is already decided; reopen it to decide it again.")
            % {"prize": group.label},
            409,
        )
