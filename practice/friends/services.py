"""The friends' table's writers: one table of two to four phones, computer players in
the empty seats.

A table (practice.models.FriendsTable) is a practice deal (practice.codes), the
computer players' level and the moves so far, replayed on scoring.play like the
single-player table (practice.services.replay). Each person's seat is a FriendsSeat
row whose random key the phone keeps in a signed cookie (views); a seat with no row
is the computer's, and so is a person's seat while that phone has not looked at the
table for DROP_AFTER seconds (it "dropped out"): its next look takes the seat back.

Every change: one transaction holding the table's row (select_for_update), checked
against the table as the phone saw it (``at``: the moves it had seen; another number
is 409 and nothing is played), then written once. The computer players think outside
any transaction, in one of practice.pool's slots, and each of their moves is written
in a transaction of its own, only if the table did not change meanwhile; when they are
busy nothing is lost: the next phone's look lets them play. Refusals are
practice.services.PracticeError (a message and a 4xx). Like the single-player table,
nothing is written to a club's records (no club, no account, no audit entry).
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import datetime

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs.interface import TextError, clean_name
from practice import computer, pool
from practice.codes import Deal, move_code, read_deal
from practice.models import FriendsSeat, FriendsTable
from practice.services import Game, Played, PracticeError, computer_seed, replay
from practice.store import kept_for
from scoring.play import IllegalMove, Move, State
from scoring.speak import say

CODE_LETTERS = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # read aloud: no 0/O, no 1/I
CODE_LENGTH = 5
DROP_AFTER = 20  # seconds with no look from a phone: the computer plays its seat
HERE_EVERY = 5  # seconds between two notes that a phone is still looking
TABLES_PER_ADDRESS = 4  # tables one address may have started; the oldest gives way
NAME_LENGTH = 24
THINKING = 30  # seconds one request may keep the computer players' turn to itself
STARTER = 0  # the seat of the person who started the table

PERSON, AWAY, COMPUTER = "person", "away", "computer"


@dataclass(frozen=True)
class Look:
    """A table as one phone sees it now: its seat (None: not seated), and who holds each
    seat (PERSON, AWAY or COMPUTER, by seat number); ``fingerprint`` changes whenever
    what that phone would be shown changes."""

    table: FriendsTable
    seat: FriendsSeat | None
    seats: tuple[FriendsSeat | None, ...]
    kinds: tuple[str, ...]

    @property
    def fingerprint(self) -> str:
        me = "x" if self.seat is None else str(self.seat.number)
        return f"{self.table.version}-{''.join(k[0] for k in self.kinds)}-{me}"


# ---- reading ------------------------------------------------------------------------


def read_code(text: str | None) -> str | None:
    """A table code as typed (any case, spaces or a dash inside), or None when it cannot
    be one."""
    cleaned = re.sub(r"[\s-]+", "", text or "").upper()[:16]
    if len(cleaned) != CODE_LENGTH or any(ch not in CODE_LETTERS for ch in cleaned):
        return None
    return cleaned


def no_table(code: str) -> PracticeError:
    return PracticeError(
        _("There is no table with the code %(code)s. Check it and try again.") % {"code": code},
        404,
    )


def table_of(code: str) -> FriendsTable:
    table = FriendsTable.objects.filter(code=code).first()
    if table is None:
        raise no_table(code)
    return table


def _locked(code: str) -> FriendsTable:
    table = FriendsTable.objects.select_for_update().filter(code=code).first()
    if table is None:
        raise no_table(code)
    return table


def deal_of(table: FriendsTable) -> Deal:
    return read_deal(table.deal)


def replayed(table: FriendsTable) -> Played:
    """The table's game rebuilt from its deal and moves."""
    return replay(Game(deal_of(table), table.level, tuple(table.moves), table.seen))


def seats_of(table: FriendsTable) -> tuple[FriendsSeat | None, ...]:
    """The person at each seat, None where the computer sits."""
    rows = {s.number: s for s in table.seats.all()}
    return tuple(rows.get(n) for n in range(deal_of(table).players))


def here_key(code: str, number: int) -> str:
    return f"practice-friends-here:{code}:{number}"


def note_here(table: FriendsTable, seat: FriendsSeat, now: datetime) -> None:
    """The phone at ``seat`` is looking at the table now (kept in the cache every process
    shares, at most every HERE_EVERY seconds: a look writes nothing to the database)."""
    key = here_key(table.code, seat.number)
    last = cache.get(key)
    if not isinstance(last, float) or now.timestamp() - last >= HERE_EVERY:
        cache.set(key, now.timestamp(), int(kept_for().total_seconds()))


def kinds_of(
    table: FriendsTable, seats: tuple[FriendsSeat | None, ...], now: datetime
) -> tuple[str, ...]:
    """Who holds each seat: a person looking, a person away (the computer plays for
    them), or the computer."""
    last = cache.get_many([here_key(table.code, s.number) for s in seats if s is not None])
    kinds = []
    for s in seats:
        if s is None:
            kinds.append(COMPUTER)
            continue
        seen = last.get(here_key(table.code, s.number))
        fresh = isinstance(seen, float) and now.timestamp() - seen <= DROP_AFTER
        kinds.append(PERSON if fresh else AWAY)
    return tuple(kinds)


def _seat_with(table: FriendsTable, key: str | None) -> FriendsSeat | None:
    if not key:
        return None
    return FriendsSeat.objects.filter(table=table, key=key).first()


def _seated(table: FriendsTable, key: str | None) -> FriendsSeat:
    seat = _seat_with(table, key)
    if seat is None:
        raise PracticeError(_("You have no seat at this table: choose a free seat to join."), 403)
    return seat


def turn_of(state: State, seen: int) -> int | None:
    """The seat to play now, or None (a hand's summary to read, or the game over)."""
    if state.over or state.to_act is None or len(state.summaries) > seen:
        return None
    return state.to_act


def _written(table: FriendsTable, state: State, now: datetime, moves: list[str]) -> None:
    table.moves = moves
    table.turn = turn_of(state, table.seen) if table.begun else None
    table.version += 1
    table.touched = now
    table.save()


def look(*, code: str, key: str | None, now: datetime) -> Look:
    """The table as the phone holding ``key`` sees it now. Its look is noted (it is at
    the table); when the seat to play is the computer's (an empty seat, or a person
    away), the computer players play first."""
    table = table_of(code)
    seat = _seat_with(table, key)
    if seat is not None:
        note_here(table, seat, now)
    seats = seats_of(table)
    kinds = kinds_of(table, seats, now)
    if (
        table.turn is not None
        and kinds[table.turn] != PERSON
        and computer_turns(code=code, now=now)
    ):
        table = table_of(code)
    return Look(table, seat, seats, kinds)


# ---- the table's changes -----------------------------------------------------------


def _name(raw: str | None) -> str:
    try:
        return clean_name(raw, max_length=NAME_LENGTH, what=_("Your name"))
    except TextError as error:
        raise PracticeError(str(error)) from None


def forget_stale(*, now: datetime) -> int:
    """Forget every friends' table not played for as long as a session lasts."""
    return (
        FriendsTable.objects.filter(touched__lt=now - kept_for())
        .delete()[1]
        .get(FriendsTable._meta.label, 0)
    )


def _new_key() -> str:
    return secrets.token_hex(16)


def table_start(
    *, deal: Deal, level: str, name: str | None, address: str | None, now: datetime
) -> tuple[FriendsTable, FriendsSeat]:
    """A new table of ``deal`` with its starter at seat 0 and the computer in the others;
    nothing is dealt until the starter says so (``table_begin``), so friends can join."""
    if level not in computer.LEVELS:
        raise PracticeError(_("Choose a computer player."))
    starter = _name(name)
    with transaction.atomic():
        forget_stale(now=now)
        for _try in range(20):
            code = "".join(secrets.choice(CODE_LETTERS) for _n in range(CODE_LENGTH))
            try:
                with transaction.atomic():
                    table = FriendsTable.objects.create(
                        code=code, deal=deal.code, level=level, address=address, touched=now
                    )
                break
            except IntegrityError:
                continue
        else:  # pragma: no cover - 33 million codes; twenty draws all taken is not this world
            raise PracticeError(_("No table code is free just now: try again."), 503)
        seat = FriendsSeat.objects.create(table=table, number=STARTER, name=starter, key=_new_key())
        newest = FriendsTable.objects.filter(address=address).order_by("-touched", "-pk")
        extra = list(newest.values_list("pk", flat=True)[TABLES_PER_ADDRESS:])
        FriendsTable.objects.filter(pk__in=extra).delete()
    note_here(table, seat, now)
    return table, seat


def table_begin(*, code: str, key: str | None, now: datetime) -> FriendsTable:
    """The starter deals the first hand: the game begins, the computer players in the
    seats nobody took."""
    with transaction.atomic():
        table = _locked(code)
        seat = _seated(table, key)
        if seat.number != STARTER:
            raise PracticeError(_("Only the person who started the table can deal."), 403)
        if table.begun:
            raise PracticeError(_("The first hand is dealt already."), 409)
        table.begun = True
        _written(table, replayed(table).state, now, list(table.moves))
    computer_turns(code=code, now=now)
    return table_of(code)


def seat_join(
    *, code: str, number: int, name: str | None, now: datetime, key: str | None = None
) -> FriendsSeat:
    """A person sits at the free seat ``number`` (one the computer holds); from there on
    the computer players leave that seat to them. ``key``: the seat the phone holds at
    this table already, if any (one phone, one seat)."""
    person = _name(name)
    with transaction.atomic():
        table = _locked(code)
        if _seat_with(table, key) is not None:
            raise PracticeError(_("This phone has a seat at this table already."), 409)
        seats = seats_of(table)
        if all(s is not None for s in seats):
            raise PracticeError(_("This table is full: every seat has a person."), 409)
        if not 0 <= number < len(seats):
            raise PracticeError(_("Choose one of the table's seats."))
        if seats[number] is not None:
            raise PracticeError(_("That seat was just taken: choose another."), 409)
        try:
            with transaction.atomic():
                seat = FriendsSeat.objects.create(
                    table=table, number=number, name=person, key=_new_key()
                )
        except IntegrityError:
            raise PracticeError(_("That seat was just taken: choose another."), 409) from None
        _written(table, replayed(table).state, now, list(table.moves))
    note_here(table, seat, now)
    return seat


def seat_hand_over(*, code: str, key: str | None, number: int, now: datetime) -> FriendsTable:
    """The starter gives a person's seat to the computer (someone who has gone home); the
    person can join again with the table's code."""
    with transaction.atomic():
        table = _locked(code)
        seat = _seated(table, key)
        if seat.number != STARTER:
            raise PracticeError(_("Only the person who started the table can do that."), 403)
        seats = seats_of(table)
        if not 0 <= number < len(seats) or number == STARTER:
            raise PracticeError(_("Choose one of the other seats."))
        if seats[number] is None:
            raise PracticeError(_("The computer has that seat already."), 409)
        seats[number].delete()
        _written(table, replayed(table).state, now, list(table.moves))
    computer_turns(code=code, now=now)
    return table_of(code)


def game_move(*, code: str, key: str | None, move: Move, at: int, now: datetime) -> FriendsTable:
    """Your move at your seat, then the computer players' until a person's turn.

    ``at``: how many moves the screen you acted on had seen; another number means
    that screen was out of date (409) and nothing is played.
    """
    with transaction.atomic():
        table = _locked(code)
        seat = _seated(table, key)
        state = replayed(table).state
        if not table.begun:
            raise PracticeError(_("The first hand is not dealt yet."), 409)
        if at != len(state.moves):
            raise PracticeError(
                _("That screen was out of date. Here is the table as it is now."), 409
            )
        if state.over:
            raise PracticeError(_("The game is over."), 409)
        if len(state.summaries) > table.seen:
            raise PracticeError(_("The hand is over: read its summary, then deal the next."), 409)
        if state.to_act != seat.number:
            raise PracticeError(_("It is not your turn."), 409)
        try:
            state = state.apply(move)
        except IllegalMove as refused:
            raise PracticeError(say(refused.reason)) from refused
        _written(table, state, now, [*table.moves, move_code(move)])
    note_here(table, seat, now)
    computer_turns(code=code, now=now)
    return table_of(code)


def hand_next(*, code: str, key: str | None, at: int, now: datetime) -> FriendsTable:
    """A person at the table has read the hand's summary: the next hand is played."""
    with transaction.atomic():
        table = _locked(code)
        seat = _seated(table, key)
        state = replayed(table).state
        if at != len(state.moves):
            raise PracticeError(
                _("That screen was out of date. Here is the table as it is now."), 409
            )
        if state.over or len(state.summaries) <= table.seen:
            raise PracticeError(_("This hand is not over yet."), 409)
        table.seen = len(state.summaries)
        _written(table, state, now, list(table.moves))
    note_here(table, seat, now)
    computer_turns(code=code, now=now)
    return table_of(code)


def _thinking_key(code: str) -> str:
    return f"practice-friends-thinking:{code}"


def computer_turns(*, code: str, now: datetime) -> int:
    """The computer players move while the seat to play is theirs (an empty seat, or a
    person away); how many moves they made. One request at a time thinks for a table;
    each move is written in its own transaction, and only on the table as it was
    thought about. When they are busy (practice.pool) they stop: a later look goes on."""
    if not cache.add(_thinking_key(code), 1, THINKING):
        return 0
    made = 0
    try:
        table = FriendsTable.objects.filter(code=code).first()
        if table is None:
            return 0
        state = replayed(table).state
        while table.turn is not None:
            seat = table.turn
            if kinds_of(table, seats_of(table), now)[seat] == PERSON:
                break
            try:
                with pool.computing():
                    move = computer.choose_move(state, seat, table.level, computer_seed(state))
            except pool.Busy:
                break
            with transaction.atomic():
                fresh = FriendsTable.objects.select_for_update().filter(code=code).first()
                if fresh is None or fresh.version != table.version:
                    break  # a person changed the table meanwhile: their request plays on
                state = state.apply(move)
                _written(fresh, state, now, [*fresh.moves, move_code(move)])
            table = fresh
            made += 1
    finally:
        cache.delete(_thinking_key(code))
    return made
