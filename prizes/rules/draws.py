"""The cookie jar and the side prizes (jackpot, 50/50, travelling prize, door prizes): draws
from a recorded seed.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date

from prizes.places import (
    PrizeError,
    check_tallies,
)
from scoring.words import gettext_noop, ngettext_noop

from .base import DEFAULT_CASH_UNIT, DEFAULT_JAR_GAMES, check_cents, check_jar_draw, pair_numbers
from .money import Payout, payout
from .ties import DECK, Card

_ = gettext_noop

# ---------------------------------------------------------------- cookie jar


def cookie_jar_opt_in(pair: int, *, jar_on: bool, first_game_started: bool) -> None:
    """Refuse a cookie jar entry unless the jar is on and no game has started.

    Pairs buy in at registration so nobody buys in knowing their card.

    >>> cookie_jar_opt_in(4, jar_on=True, first_game_started=False)
    """
    if not jar_on:
        raise PrizeError(_("This drive has no cookie jar."))
    if first_game_started:
        raise PrizeError(
            _(
                "Pair {pair} cannot join the cookie jar: pairs join before the first game starts."
            ).format(pair=pair)
        )


@dataclass(frozen=True)
class JarDraw:
    """The game numbers drawn for the cookie jar, in number order.

    seed is None when the organizer typed numbers drawn by hand.
    """

    numbers: tuple[int, ...]
    games_played: int
    seed: int | None = None


def cookie_jar_draw(games_played: int, count: int = DEFAULT_JAR_GAMES, *, seed: int) -> JarDraw:
    """Draw min(count, games played) distinct game numbers from 1..games played.

    >>> d = cookie_jar_draw(25, 8, seed=3)
    >>> len(d.numbers), d == cookie_jar_draw(25, 8, seed=3)
    (8, True)
    >>> cookie_jar_draw(5, 8, seed=3).numbers
    (1, 2, 3, 4, 5)
    """
    check_jar_draw(games_played, count)
    k = min(count, games_played)
    drawn = random.Random(seed).sample(range(1, games_played + 1), k)
    return JarDraw(tuple(sorted(drawn)), games_played, seed)


def cookie_jar_manual(
    numbers: Iterable[int], games_played: int, count: int = DEFAULT_JAR_GAMES
) -> JarDraw:
    """Record game numbers the organizer drew by hand, after checking them.

    >>> cookie_jar_manual([7, 2, 11], games_played=12, count=3).numbers
    (2, 7, 11)
    """
    check_jar_draw(games_played, count)
    drawn = list(numbers)
    for n in drawn:
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= games_played:
            raise PrizeError(
                _("Game {game} was not played: enter numbers from 1 to {played}.").format(
                    game=n, played=games_played
                )
            )
    repeats = sorted({n for n in drawn if drawn.count(n) > 1})
    if repeats:
        raise PrizeError(
            _("Game {game} is entered twice; each game can be drawn once.").format(game=repeats[0])
        )
    k = min(count, games_played)
    if len(drawn) != k:
        entered = ngettext_noop("{n} was", "{n} were", len(drawn)).format(n=len(drawn))
        wanted = ngettext_noop("{n} game number", "{n} game numbers", k).format(n=k)
        raise PrizeError(
            _("Enter {wanted}; {entered} entered.").format(wanted=wanted, entered=entered)
        )
    return JarDraw(tuple(sorted(drawn)), games_played, None)


def cookie_jar_winners(
    punched: Mapping[int, Iterable[int]], opted_in: Iterable[int], draw: JarDraw
) -> tuple[int, ...]:
    """Opted-in pairs whose cards have every drawn game punched.

    A pair missing from `punched` won no games.

    >>> d = cookie_jar_manual([1, 3], games_played=3, count=2)
    >>> cookie_jar_winners({1: (1, 2, 3), 2: (1, 3), 3: (2,)}, [1, 3], d)
    (1,)
    """
    need = set(draw.numbers)
    return tuple(p for p in pair_numbers(opted_in) if need <= set(punched.get(p, ())))


def cookie_jar_payout(jar: int, winners: Iterable[int], unit: int = DEFAULT_CASH_UNIT) -> Payout:
    """Pay the jar to its winners (several split it) or carry it all over.

    >>> cookie_jar_payout(2400, []).carried_over
    2400
    """
    who = pair_numbers(winners)
    if not who:
        check_cents(jar, _("The cookie jar"))
        return Payout(_("Cookie jar"), jar, (), 0, carried_over=jar)
    return payout(_("Cookie jar"), jar, who, unit)


@dataclass(frozen=True)
class ClubDrive:
    """Just enough of a club's drive to choose where a cookie jar carries over."""

    id: int
    date: date
    started: bool


def carry_over_drive(current: ClubDrive, drives: Iterable[ClubDrive]) -> int | None:
    """The club's next drive that has not started (earliest date, then id), or None.

    Drives dated before the current one are not "next" and are skipped.

    >>> tonight = ClubDrive(1, date(2025, 3, 1), True)
    >>> carry_over_drive(tonight, [ClubDrive(3, date(2025, 3, 15), False),
    ...                            ClubDrive(2, date(2025, 3, 8), False)])
    2
    """
    later = [d for d in drives if d.id != current.id and not d.started and d.date >= current.date]
    if not later:
        return None
    return min(later, key=lambda d: (d.date, d.id)).id


# ---------------------------------------------------------------- side prizes


def jackpot(
    tallies: Mapping[int, int], *, threshold: int, amount: int, unit: int = DEFAULT_CASH_UNIT
) -> Payout | None:
    """Share the jackpot among every pair with at least `threshold` games; None if none did.

    >>> jackpot({1: 21, 2: 20, 3: 19}, threshold=20, amount=5000).recipients
    (1, 2)
    """
    check_tallies(tallies)
    if threshold < 1:
        raise PrizeError(_("The jackpot needs a number of games of 1 or more."))
    reached = [p for p, g in tallies.items() if g >= threshold]
    return payout(_("Jackpot"), amount, reached, unit) if reached else None


@dataclass(frozen=True)
class FiftyFifty:
    """A 50/50 draw: the winning ticket, how many tickets were in, and the payout."""

    ticket: int
    tickets_sold: int
    seed: int
    payout: Payout


def fifty_fifty_draw(
    ticket_ranges: Iterable[tuple[int, int]],
    *,
    takings: int,
    seed: int,
    unit: int = DEFAULT_CASH_UNIT,
) -> FiftyFifty:
    """Draw one ticket from the numbered ranges sold; it wins half the takings.

    Each range is (first, last) inclusive. The half is rounded down to the
    cash unit; the other half and any rounding stay with the hall.

    >>> r = fifty_fifty_draw([(1, 50), (101, 120)], takings=3500, seed=9)
    >>> r.payout.share, r.tickets_sold
    (1750, 70)
    """
    ranges = sorted(ticket_ranges)
    if not ranges:
        raise PrizeError(_("No 50/50 tickets were sold."))
    for first, last in ranges:
        if first < 1 or last < first:
            raise PrizeError(
                _("Tickets {first} to {last} are not a range of ticket numbers.").format(
                    first=first, last=last
                )
            )
    for (a1, a2), (b1, b2) in zip(ranges, ranges[1:], strict=False):
        if b1 <= a2:
            raise PrizeError(
                _("Tickets {a1} to {a2} and {b1} to {b2} overlap.").format(
                    a1=a1, a2=a2, b1=b1, b2=b2
                )
            )
    check_cents(takings, _("The 50/50 takings"))
    sold = sum(last - first + 1 for first, last in ranges)
    index = random.Random(seed).randrange(sold)
    for first, last in ranges:
        size = last - first + 1
        if index < size:
            ticket = first + index
            break
        index -= size
    half = payout(_("50/50"), takings // 2, [ticket], unit)
    return FiftyFifty(ticket, sold, seed, half)


@dataclass(frozen=True)
class TravellingPrize:
    """The travelling prize's card, its seed, and who held it at the end."""

    card: Card
    seed: int
    holder: int | None = None

    def held_by(self, pair: int) -> TravellingPrize:
        """Record the pair holding the card when the last hand ended."""
        return dataclasses.replace(self, holder=pair_numbers([pair])[0])


def travelling_prize_draw(seed: int) -> TravellingPrize:
    """Draw the travelling prize's card from a shuffled deck, to announce it.

    >>> travelling_prize_draw(5) == travelling_prize_draw(5)
    True
    """
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    return TravellingPrize(deck[0], seed)


def door_prize_draw(
    present: Iterable[int], *, seed: int, count: int = 1, already_drawn: Iterable[int] = ()
) -> tuple[int, ...]:
    """Draw `count` pairs among those present; no pair is drawn twice in a night.

    >>> door_prize_draw([1, 2, 3], seed=1) == door_prize_draw([3, 2, 1], seed=1)
    True
    """
    if count < 1:
        raise PrizeError(_("Draw at least one door prize."))
    done = set(pair_numbers(already_drawn))
    pool = [p for p in pair_numbers(present) if p not in done]
    if not pool:
        raise PrizeError(_("Every pair present has already won a door prize."))
    if count > len(pool):
        raise PrizeError(
            ngettext_noop(
                "Only {n} pair present can still win a door prize, not {count}.",
                "Only {n} pairs present can still win a door prize, not {count}.",
                len(pool),
            ).format(n=len(pool), count=count)
        )
    return tuple(random.Random(seed).sample(pool, count))
