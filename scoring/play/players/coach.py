"""Coaching: a hint for the move to make, and where a finished hand lost points (no Django).

Both ask Angus (``search.py``) from the player's own view, so the coach
never knows more than the player did. Points are the hand's points for the
player's side minus the others' average, averaged over Angus's guesses.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scoring.games.cards import is_trump
from scoring.games.options import gettext_noop
from scoring.play.game import State, new_game
from scoring.play.players.club import lowest
from scoring.play.players.search import best_move, estimates, other_estimates
from scoring.play.records import Phase
from scoring.play.rules import trick_winner
from scoring.play.setup import Move, Play
from scoring.play.view import PlayerView, view_of

_ = gettext_noop


@dataclass(frozen=True)
class Hint:
    """The move the coach suggests and why, in one line."""

    move: Move
    reason: str


@dataclass(frozen=True)
class Advice:
    """One of the player's moves looked at again.

    played: the move made. suggested: the computer's choice. lost: about how
    many points the move made cost against the suggestion (0 when it was as
    good). text: one line for the screen.
    """

    hand_no: int
    trick: int
    played: Move
    suggested: Move
    lost: float
    text: str


def _what(move: Move) -> str:
    return str(move.card) if isinstance(move, Play) else str(move)


def _why(view: PlayerView, move: Move) -> str:
    """What the suggested card does, in plain words."""
    if not isinstance(move, Play) or view.trump is None:
        return _("it gives the best result over the likely deals")
    trump, o = view.trump, view.setup.options
    card = move.card
    if not view.trick:
        if is_trump(card, trump):
            return _("leading a trump draws the others' trumps")
        return _("a safe lead")
    shown = tuple(c for _, c in view.trick)
    now = view.trick[trick_winner(shown, trump, o)][0]
    if view.setup.side_of(now) == view.setup.side_of(view.seat) and now != view.seat:
        return _("your partner is winning this trick")
    if trick_winner(shown + (card,), trump, o) == len(shown):
        return _("it wins the trick")
    cards = [m.card for m in view.legal if isinstance(m, Play)]
    if card == lowest(cards, trump, o):
        return _("the trick is lost, so keep your good cards")
    return _("it keeps your best cards for later")


def hint(view: PlayerView, *, seed: int = 0) -> Hint:
    """The move the coach suggests to ``view.seat``, with a one-line reason."""
    if not view.legal:
        raise ValueError("it is not this seat's turn")
    if len(view.legal) == 1:
        return Hint(view.legal[0], _("It is your only legal move."))
    values = estimates(view, seed=seed)
    move = best_move(view, values)
    reason = _("{move}: {why}.").format(move=_what(move), why=_why(view, move))
    others = [(e.points, m) for m, e in values.items() if m != move]
    if others:
        points, alt = max(others, key=lambda p: p[0])
        gain = values[move].points - points
        if gain >= 0.5:
            reason = _("{move}: {why}; about {n} points better than {alt}.").format(
                move=_what(move), why=_why(view, move), n=round(gain), alt=_what(alt)
            )
    return Hint(move, reason)


def review(
    steps: Iterable[tuple[State | PlayerView, Move]], *, seat: int, seed: int = 0
) -> tuple[Advice, ...]:
    """For each (state before the move, move made by ``seat``), the computer's
    choice and about how many points the move cost."""
    out = []
    for i, (before, played) in enumerate(steps):
        view = view_of(before, seat) if isinstance(before, State) else before
        if view.seat != seat or played not in view.legal:
            raise ValueError(f"{played} was not a legal move for seat {seat}")
        out.append(_advice(view, played, seed + i))
    return tuple(out)


def _advice(view: PlayerView, played: Move, seed: int) -> Advice:
    where = len(view.tricks)
    if len(view.legal) == 1:
        return Advice(view.hand_no, where, played, played, 0.0, _("Your only legal move."))
    values = estimates(view, seed=seed)
    if played not in values:  # a draw Angus does not weigh: compare the two directly
        values = {**values, **other_estimates(view, [played], seed)}
    best = best_move(view, values)
    lost = max(0.0, values[best].points - values[played].points)
    if best == played or round(lost) == 0:
        text = _("Good: the computer would have played the same, or as well.")
    else:
        text = _("The computer would have played {move}, worth about {n} points.").format(
            move=_what(best), n=round(lost)
        )
    return Advice(view.hand_no, where, played, best, lost, text)


def steps_of(
    state: State, *, seat: int, hand_no: int | None = None
) -> list[tuple[PlayerView, Move]]:
    """The views ``seat`` had before each of its moves in one hand (the last
    finished hand by default) of the game ``state`` is part of, with the moves."""
    hand_no = state.summaries[-1].number - 1 if hand_no is None else hand_no
    now = new_game(state.setup, state.seed)
    out = []
    for move in state.moves:
        if now.hand_no == hand_no and now.to_act == seat and now.phase is not Phase.OVER:
            out.append((view_of(now, seat), move))
        now = now.apply(move)
    return out
