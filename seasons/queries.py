"""The series' reads: its nights and its standings, computed when read.

Nothing of the standings is stored: each read takes every night's pairs and games won
from drives as they are now (drives.interface.pairs_won, one statement for all the
nights), so a result entered or corrected on a night changes the series at once. A
person is the register's player a pair's name is linked to (Pair.person1/person2, an
entry merged into another counting as that other), else the typed name folded the way
the register folds it (clubs.interface.fold), so the series adds up before a pair is
linked; an unlinked name whose fold is the register key of exactly one linked person of
the series counts as that person.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.interface import Player, fold
from drives.interface import pairs_won
from drives.models import Drive

from . import standings as rules_of
from .models import Series, SeriesNight


@dataclass(frozen=True)
class NightInfo:
    number: int  # 1 the series' first night, by date
    drive: Drive
    played: bool  # the drive has started: its pairs count


@dataclass(frozen=True)
class SeriesStandings:
    series: Series
    rules: rules_of.Rules
    nights: tuple[NightInfo, ...]  # every night of the series, by date
    entries: tuple[rules_of.Entry, ...]

    @property
    def night_numbers(self) -> tuple[int, ...]:
        return tuple(n.number for n in self.nights)

    def night(self, number: int) -> NightInfo:
        return self.nights[number - 1]


def rules(series: Series) -> rules_of.Rules:
    """The series' rules for the pure standings."""
    return rules_of.Rules(
        counts=series.counts,
        points=tuple(series.points or ()),
        best=series.best_nights,
        min_nights=series.min_nights,
        by=series.by,
    )


def series_drives(series: Series) -> list[Drive]:
    """The drives of the series, by date (then as made): one statement."""
    return [
        n.drive
        for n in SeriesNight.objects.filter(series=series)
        .select_related("drive")
        .order_by("drive__date", "drive_id")
    ]


def series_of_drive(drive: Drive) -> Series | None:
    """The series the drive is a night of, if any."""
    night = SeriesNight.objects.filter(drive=drive).select_related("series").first()
    return None if night is None else night.series


def people_keys(rows, players: dict[int, tuple[str, str, int | None]]):
    """Each pair row's two keys and names: the register's player (followed through
    merges) when linked, else the typed name folded."""

    roots: dict[int, int] = {}  # a person comes back night after night: follow them once

    def root(pid: int) -> int:
        found = roots.get(pid)
        if found is None:
            seen, found = set(), pid
            while players.get(found, ("", "", None))[2] is not None and found not in seen:
                seen.add(found)
                found = players[found][2]
            roots[pid] = found
        return found

    linked_by_key: dict[str, set[int]] = {}
    for row in rows:
        for pid in (row.person1_id, row.person2_id):
            if pid is not None and pid in players:
                r = root(pid)
                linked_by_key.setdefault(players[r][1], set()).add(r)

    said: dict[tuple[str, int | None], tuple[str, str]] = {}  # each name and link once

    def one(name: str, pid: int | None) -> tuple[str, str]:
        found = said.get((name, pid))
        if found is None:
            found = said[name, pid] = keyed(name, pid)
        return found

    def keyed(name: str, pid: int | None) -> tuple[str, str]:
        if pid is not None and pid in players:
            r = root(pid)
            return f"p{r}", players[r][0]
        folded = fold(name) or name.casefold()
        known = linked_by_key.get(folded, set())
        if len(known) == 1:
            (r,) = known
            return f"p{r}", players[r][0]
        return f"n:{folded}", name

    out = []
    for row in rows:
        k1, n1 = one(row.player1, row.person1_id)
        k2, n2 = one(row.player2, row.person2_id)
        out.append(((k1, k2), (n1, n2)))
    return out


def series_standings(series: Series) -> SeriesStandings:
    """The series' standings as the nights stand now: four statements whatever the
    number of nights (the nights, their wins, their pairs, the register's people)."""
    drives = series_drives(series)
    nights = tuple(
        NightInfo(number=i, drive=d, played=d.current_game >= 1)
        for i, d in enumerate(drives, start=1)
    )
    number_of = {n.drive.pk: n.number for n in nights if n.played}
    rows = pairs_won(number_of) if number_of else []
    ids = {pid for r in rows for pid in (r.person1_id, r.person2_id) if pid is not None}
    players: dict[int, tuple[str, str, int | None]] = {}
    while ids:
        found = Player.objects.filter(pk__in=ids).values_list(
            "id", "name", "match_key", "merged_into_id"
        )
        for pid, name, key, into in found:
            players[pid] = (name, key, into)
        ids = {v[2] for v in players.values() if v[2] is not None} - set(players)
    keyed = people_keys(rows, players)
    by_drive: dict[int, list] = {}
    for row, (keys, names) in zip(rows, keyed, strict=True):
        by_drive.setdefault(row.drive_id, []).append((row, keys, names))
    pure_nights = []
    for drive_id, number in number_of.items():
        pairs = by_drive.get(drive_id, [])
        place = rules_of.places_by_level({row.number: row.won for row, _k, _n in pairs})
        pure_nights.append(
            rules_of.Night(
                number=number,
                rows=tuple(
                    rules_of.Row(keys=keys, names=names, won=row.won, place=place[row.number])
                    for row, keys, names in pairs
                ),
            )
        )
    the_rules = rules(series)
    return SeriesStandings(
        series=series,
        rules=the_rules,
        nights=nights,
        entries=rules_of.standings(pure_nights, the_rules),
    )


def series_of_player(player: Player) -> list[tuple[SeriesStandings, tuple[rules_of.Entry, ...]]]:
    """The series the player has played a night of, newest first, each with the player's
    entries in its standings (one by players; by pairs, each pair they played in)."""
    ids = [player.pk, *player.merged_entries.values_list("pk", flat=True)]
    found = (
        Series.objects.filter(club_id=player.club_id)
        .filter(Q(nights__drive__pairs__person1__in=ids) | Q(nights__drive__pairs__person2__in=ids))
        .distinct()
    )
    key = f"p{player.pk}"
    out = []
    for series in found:
        table = series_standings(series)
        entries = tuple(e for e in table.entries if key in e.key)
        if entries:
            out.append((table, entries))
    return out


def rules_words(series: Series) -> list[str]:
    """The series' rules in plain sentences, in the active language."""
    players = series.by == Series.By.PLAYERS
    if series.counts == Series.Counts.GAMES:
        first = _("Each night adds the games won.")
    else:
        points = ", ".join(str(p) for p in series.points)
        first = _("Each night gives points by place: %(points)s (a tie shares the place).") % {
            "points": points
        }
    n = series.best_nights
    if n is None:
        second = _("Every night counts.")
    elif players:
        second = ngettext(
            "Each player's best night counts.", "Each player's best %(n)d nights count.", n
        ) % {"n": n}
    else:
        second = ngettext(
            "Each pair's best night counts.", "Each pair's best %(n)d nights count.", n
        ) % {"n": n}
    m = series.min_nights
    if players:
        third = ngettext(
            "A player qualifies after %(n)d night.", "A player qualifies after %(n)d nights.", m
        ) % {"n": m}
    else:
        third = ngettext(
            "A pair qualifies after %(n)d night.", "A pair qualifies after %(n)d nights.", m
        ) % {"n": m}
    return [first, second, third]
