"""The practice table's writers: a game kept in the browser's own cookie.

A practice game is a deal code (the game, the rules, the seed), the
computer level and the moves so far; ``replay`` rebuilds the exact table
from them, so a reload resumes where it was and undo is the moves less
the last of yours. Nothing is written to the club's records (no account,
no audit entry): the browser's game cookie (``store``, a practice.store.GameStore)
is the game's only home.

Every change here: check, then write the store once. A refused move
raises PracticeError with the reason in plain words and writes nothing. A game
that does not read (a changed or stale cookie) is forgotten and refused, 400.
Every call into the computer players runs in one of their slots (practice.pool): when
they are busy, pool.Busy is raised before anything is written.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass, field, replace

from django.core.cache import cache, caches
from django.utils.translation import gettext as _

from practice import computer, pool
from practice.codes import CodeError, Deal, move_code, read_deal, read_move
from practice.guide import Guide, new_topics
from practice.store import GameStore, Unreadable
from scoring.games.cards import Card
from scoring.play import (
    Discard,
    IllegalMove,
    Move,
    PlayOptions,
    Rob,
    State,
    new_game,
    players,
    view_of,
)
from scoring.speak import say

COACHING_KEPT = 24 * 3600  # seconds the cache keeps where points were lost in a hand
TURN_KEPT = 600  # seconds a change of a game is remembered, for a second one sent with it
HUMAN = 0  # you sit at seat 0; the computer players to your left around the table
MAX_MOVES = 5_000  # far beyond any game to 120; a game holding more was not made here


class PracticeError(Exception):
    """A refused action: ``message`` for the player, ``status`` the HTTP answer."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


@dataclass(frozen=True)
class Game:
    """A practice game as its cookie keeps it.

    seen: the hands whose summary you have seen; the computer players wait
    for you to read a hand's summary before they play on. id: the game's own
    random name, turn: how many times it was changed (each change counts once:
    two changes sent with the same cookie, from two tabs or a double tap, are
    told apart by it, and only the first is made). guide: the guide of a first game
    (practice.guide), None for a game without one.
    """

    deal: Deal
    level: str
    moves: tuple[str, ...] = ()
    seen: int = 0
    id: str = ""
    turn: int = 0
    guide: Guide | None = None

    def to_data(self) -> dict:
        data = {
            "deal": self.deal.code,
            "level": self.level,
            "moves": list(self.moves),
            "seen": self.seen,
            "id": self.id,
            "turn": self.turn,
        }
        if self.guide is not None:  # a game without a guide keeps the cookie it had
            data["guide"] = self.guide.to_data()
        return data


@dataclass(frozen=True)
class Played:
    """A game replayed: the table now, who made each move, and the states around the
    end of the last finished hand (to show every card of it)."""

    game: Game
    state: State
    seats: tuple[int, ...]
    hand_end: tuple[State, Move] | None  # the state before the hand's last card, and that card
    dealt: tuple[tuple[Card, ...], ...] = ()  # the last finished hand's cards as dealt, by seat
    hand_ends: tuple[int, ...] = ()  # how many moves the game had when each hand ended
    forced: frozenset[int] = field(default=frozenset())  # the dealers' takes of a turned-up ace


def load(store: GameStore) -> Game | None:
    """The game in this store, or None when none was started; PracticeError (400) when
    it does not read, and then it is forgotten."""
    try:
        data = store.read()
    except Unreadable:
        raise unreadable(store) from None
    if data is None:
        return None
    try:
        moves = tuple(str(m) for m in data["moves"])
        level = str(data["level"])
        if len(moves) > MAX_MOVES or level not in computer.LEVELS:
            raise ValueError(level)
        name, turn = str(data.get("id", "")), int(data.get("turn", 0))
        guide = Guide.from_data(data["guide"]) if data.get("guide") is not None else None
        deal = read_deal(str(data["deal"]))
        return Game(deal, level, moves, int(data["seen"]), name, turn, guide)
    except (KeyError, TypeError, ValueError):
        raise unreadable(store) from None


def unreadable(store: GameStore) -> PracticeError:
    """Forget a game that does not read (changed, stale, or no longer kept), and say so."""
    store.forget()
    return PracticeError(_("That practice game could not be read: start a new one."), 400)


def replay(game: Game) -> Played:
    """Rebuild the table from the seed and the moves."""
    state = new_game(game.deal.setup(), game.deal.seed)
    seats: list[int] = []
    hand_end = None
    dealt_now, dealt, ends, forced = state.hands, (), [], set()
    for n, text in enumerate(game.moves):
        move = read_move(text)
        before = state
        seats.append(state.to_act if state.to_act is not None else -1)
        if isinstance(move, Rob) and before.dealer_must_take_ace():
            forced.add(n)
        state = state.apply(move)
        if len(state.summaries) > len(before.summaries):
            hand_end, dealt = (before, move), dealt_now
            ends.append(len(state.moves))
            dealt_now = state.hands
    return Played(game, state, tuple(seats), hand_end, dealt, tuple(ends), frozenset(forced))


def play(store: GameStore) -> Played | None:
    """The store's game replayed, or None; a game that does not read or replay (made
    under other rules) is forgotten and refused (PracticeError, 400)."""
    game = load(store)
    if game is None:
        return None
    try:
        return replay(game)
    except (CodeError, IllegalMove):
        raise unreadable(store) from None


def computer_seed(state: State) -> int:
    """The seed of the computer's choice at this point: the deal's seed and the moves made so
    far, so replaying a game makes the same choices."""
    return state.seed * 10_007 + len(state.moves)


def _computer_to_move(state: State, game: Game) -> bool:
    return (
        not state.over
        and state.to_act is not None
        and state.to_act != HUMAN
        and len(state.summaries) <= game.seen
    )


def _advance(state: State, game: Game) -> State:
    """The computer players move until it is your turn, the game ends, or a hand
    ends that you have not seen the summary of (all their moves in one slot)."""
    if not _computer_to_move(state, game):
        return state
    with pool.computing():
        while _computer_to_move(state, game):
            seat = state.to_act
            move = computer.choose_move(state, seat, game.level, computer_seed(state))
            state = state.apply(move)
    return state


def screen_mark(game: Game) -> str:
    """The state a screen is drawn from, as its move forms send it (``at``): any change
    of the game (a move, an undo, the next hand) gives another."""
    text = json.dumps(game.to_data(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def stale() -> PracticeError:
    return PracticeError(_("That screen was out of date. Here is the table as it is now."), 409)


def _save(store: GameStore, game: Game, state: State) -> Game:
    """Write the changed game, once per turn: a second change sent with the same cookie
    (the same moment) is refused as stale, and the store then holds the game as the
    first change left it, so the refusal shows the table as it is now. An open guide
    says what the table shows that is new (practice.guide)."""
    changed = replace(
        guided(game, state),
        moves=tuple(move_code(m) for m in state.moves),
        id=game.id or secrets.token_hex(8),
        turn=game.turn + 1,
    )
    if game.id:
        key = f"practice-turn:{game.id}:{game.turn}"
        if not caches["turns"].add(key, changed.to_data(), TURN_KEPT):
            first = caches["turns"].get(key)
            if isinstance(first, dict):
                store.write(first)
            raise stale()
    store.write(changed.to_data())
    return changed


def guided(game: Game, state: State) -> Game:
    """``game`` with its open guide showing the topics new at ``state`` (none may be new);
    a closed guide waits, and a game without a guide is as it was."""
    guide = game.guide
    if guide is None or not guide.open:
        return game
    return replace(game, guide=guide.showing(new_topics(view_of(state, HUMAN), guide.seen)))


def game_start(*, store: GameStore, deal: Deal, level: str, guide: Guide | None = None) -> Game:
    """A new game of ``deal``; the computer players play up to your first turn.
    ``guide``: the guide of a first game (the topics it has shown are not shown again)."""
    if level not in computer.LEVELS:
        raise PracticeError(_("Choose a computer player."))
    game = Game(deal, level, guide=guide and replace(guide, now=()))
    state = _advance(new_game(deal.setup(), deal.seed), game)
    return _save(store, game, state)


def game_move(*, store: GameStore, move: Move, at: str) -> Game:
    """Your move, then the computer players' until your turn comes again.

    ``at``: the state the screen you acted on was drawn from (``screen_mark``);
    another means that screen was out of date (409) and nothing is played. Only the
    moves the screen offers are taken: the dealer's draw is blind (the pack is never
    named), and a refusal says nothing about where the other cards are.
    """
    played = current(store)
    game, state = played.game, played.state
    if at != screen_mark(game):
        raise stale()
    if state.over:
        raise PracticeError(_("The game is over."), 409)
    if len(state.summaries) > game.seen:
        raise PracticeError(_("The hand is over: read its summary, then deal the next."), 409)
    if state.to_act != HUMAN:
        raise PracticeError(_("It is not your turn."), 409)
    if isinstance(move, Discard) and move.take:
        raise PracticeError(_("That is not a move in this game."))
    try:
        state = state.apply(move)
    except IllegalMove as refused:
        raise PracticeError(say(refused.reason)) from refused
    return _save(store, game, _advance(state, game))


def hand_next(*, store: GameStore) -> Game:
    """You have read the hand's summary: the computer players play on to your turn."""
    played = current(store)
    game, state = played.game, played.state
    if len(state.summaries) <= game.seen:
        raise PracticeError(_("This hand is not over yet."), 409)
    game = replace(game, seen=len(state.summaries))
    return _save(store, game, _advance(state, game))


def game_undo(*, store: GameStore) -> Game:
    """Take back your last move and everything the computer players did after it."""
    played = current(store)
    mine = [i for i, seat in enumerate(played.seats) if seat == HUMAN]
    if not mine:
        raise PracticeError(_("You have not played anything to take back."), 409)
    game = played.game
    back = replay(replace(game, moves=game.moves[: mine[-1]]))
    game = replace(game, seen=min(game.seen, len(back.state.summaries)))
    return _save(store, game, back.state)


def game_again(*, store: GameStore) -> Game:
    """The same deal again from its first card, with the same computer players."""
    game = load(store)
    if game is None:
        raise PracticeError(_("There is no practice game to play again."), 404)
    return game_start(store=store, deal=game.deal, level=game.level, guide=game.guide)


FIRST_GAME_LEVEL = "rosie"  # the gentlest computer player: any card she may


def first_game(*, store: GameStore, seed: int) -> Game:
    """A first game with its guide: traditional Forty-Fives for 3 (you and two computer
    players), the rules of play as the source has them, the gentlest computer player."""
    deal = Deal("traditional", 3, PlayOptions(), seed)
    return game_start(store=store, deal=deal, level=FIRST_GAME_LEVEL, guide=Guide())


def guide_show(*, store: GameStore, show: bool) -> Game:
    """Open or close the game's guide; the game goes on either way. Opened again, it
    says what is new at the table now (or nothing), and lists what was learned."""
    played = current(store)
    game = played.game
    if game.guide is None:
        raise PracticeError(_("This game has no guide."), 409)
    return _save(store, replace(game, guide=replace(game.guide, open=show, now=())), played.state)


def current(store: GameStore) -> Played:
    """The store's game replayed; PracticeError when there is none (404) or it does not
    read (400)."""
    played = play(store)
    if played is None:
        raise PracticeError(_("There is no practice game here. Start one."), 404)
    return played


def hint(played: Played) -> players.Hint | None:
    """What the coach (Angus) would do in your seat now, from your view only, and why
    in one line; None when it is not your turn."""
    state = played.state
    if state.to_act != HUMAN or state.over or len(state.summaries) > played.game.seen:
        return None
    with pool.computing():
        return players.hint(view_of(state, HUMAN), seed=computer_seed(state))


def coaching_kept(played: Played) -> tuple[computer.Lesson, ...] | None:
    """Where you lost points in the last finished hand, if the computer has looked."""
    if not played.hand_ends:
        return None
    return _read_lessons(cache.get(_coaching_key(played, len(played.hand_ends))))


def _coaching_key(played: Played, hand: int) -> str:
    """The game and hand: its deal and every move up to the hand's end (the lessons
    follow from these alone, so any browser with the same moves may share them)."""
    moves = played.game.moves[: played.hand_ends[hand - 1]]
    digest = hashlib.sha256("|".join((played.game.deal.code, *moves)).encode()).hexdigest()
    return f"practice-coaching:{digest[:32]}:{hand}"


def coaching(played: Played, hand: int) -> tuple[computer.Lesson, ...]:
    """Where you lost points in the finished hand ``hand`` (1 = the first).

    The computer looks at each of your moves once per game and hand (it takes a
    while) and the answer is kept in the cache, so a reload shows it at once. Not
    kept in the game's cookie: this request is slow, and a cookie sent back with its
    answer would undo the moves made while it ran.
    """
    if not 1 <= hand <= len(played.hand_ends):
        raise PracticeError(_("That hand is not over yet."), 404)
    key = _coaching_key(played, hand)
    lessons = _read_lessons(cache.get(key))
    if lessons is not None:
        return lessons
    with pool.computing(review=True):
        # Another request (a second tab, any worker) may have looked while this one waited.
        lessons = _read_lessons(cache.get(key))
        if lessons is None:
            lessons = computer.points_lost(played.state, seat=HUMAN, hand_no=hand - 1)
            rows = [
                [
                    *(n.trick, move_code(n.played), move_code(n.suggested), round(n.lost, 2)),
                    *(n.only, n.deals, n.better, n.worse),
                ]
                for n in lessons
            ]
            cache.set(key, rows, COACHING_KEPT)
    return lessons


def _read_lessons(rows) -> tuple[computer.Lesson, ...] | None:
    """Lessons kept in the cache, or None when there are none (or they do not read)."""
    if not isinstance(rows, list):
        return None
    try:
        return tuple(
            computer.Lesson(
                *(int(t), read_move(str(p)), read_move(str(s)), float(lost), bool(only)),
                *(int(deals), int(better), int(worse)),
            )
            for t, p, s, lost, only, deals, better, worse in rows
        )
    except (CodeError, TypeError, ValueError):
        return None
