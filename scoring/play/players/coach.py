"""Coaching: a hint for the move to make, and where a finished hand lost points (no Django).

Both ask Angus (``search.py``) from the player's own view, so the coach
never knows more than the player did. Points are the hand's points for the
player's side minus the others' average, averaged over Angus's guesses.

The review of a finished hand runs apart from the moves, so it weighs each
move on many likely deals (``REVIEW_DEALS``), the same deals for every choice
it compares, and it chooses by the points it shows. It names a better choice
only when that choice's average gain is clearly larger than the luck of the
deal: the 95% interval of the gain, deal by deal against the move made,
stays above 0 (``compare``). A close call (a gain of about a point or more,
above half its uncertainty) is weighed on as many other deals again before it
is judged. Otherwise no other choice did clearly better.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from scoring.games.cards import is_trump
from scoring.games.options import gettext_noop
from scoring.play.game import State, new_game
from scoring.play.players.club import lowest
from scoring.play.players.search import best_move, choices, estimates, results_by_deal
from scoring.play.records import Phase
from scoring.play.rules import trick_winner
from scoring.play.setup import Move, Play
from scoring.play.view import PlayerView, view_of

_ = gettext_noop

REVIEW_DEALS = 120  # likely deals each move of a review is weighed on (twice as many if close)
MORE_DEALS = 1_000_003  # added to the seed for the second set of deals of a close call
REVIEW_BUDGET = 400_000  # positions searched for one move, past which fewer deals do
SURE = 1.96  # standard errors: a lesson's 95% interval of its gain stays above 0


@dataclass(frozen=True)
class Hint:
    """The move the coach suggests and why, in one line."""

    move: Move
    reason: str


@dataclass(frozen=True)
class Advice:
    """One of the player's moves looked at again.

    played: the move made. suggested: the computer's choice (the move made when
    no other choice did clearly better). lost: the points the move made cost
    against the suggestion, on average over the likely deals (0 when no other
    choice did clearly better). deals: how many likely deals it was weighed on;
    better, worse: in how many of them the suggestion did better, worse (the
    rest: as well). text: one line for the screen.
    """

    hand_no: int
    trick: int
    played: Move
    suggested: Move
    lost: float
    text: str
    deals: int = 0
    better: int = 0
    worse: int = 0


@dataclass(frozen=True)
class Comparison:
    """The move made against the best choice, over the same likely deals.

    best: the choice with the most points on average (the move made on a tie).
    gain: its average points over the move made's; margin: half the 95% interval
    of that gain; better, worse: the deals where it did better, worse.
    """

    best: Move
    deals: int
    gain: float
    margin: float
    better: int
    worse: int

    @property
    def sure(self) -> bool:
        """A lesson: the gain is at least about 1 point and clearly more than its
        uncertainty (its whole 95% interval is above 0)."""
        return round(self.gain) >= 1 and self.gain - self.margin > 0

    @property
    def close(self) -> bool:
        """Not sure yet, but about a point or more and more than half its uncertainty:
        more deals may settle it."""
        return not self.sure and round(self.gain) >= 1 and 2 * self.gain > self.margin


def compare(points: Sequence[Mapping[Move, float]], played: Move) -> Comparison:
    """``points``: by likely deal, each choice's points (the same choices in each,
    the move made among them). The best choice against ``played``, deal by deal."""
    deals = len(points)
    if not deals:
        raise ValueError("no deals to compare on")
    moves = list(points[0])
    mean = {m: math.fsum(p[m] for p in points) / deals for m in moves}
    best = max(moves, key=lambda m: (mean[m], m == played))  # a tie keeps the move made
    gains = [p[best] - p[played] for p in points]
    gain = math.fsum(gains) / deals
    if deals > 1:
        spread = math.sqrt(math.fsum((g - gain) ** 2 for g in gains) / (deals - 1))
        margin = SURE * spread / math.sqrt(deals)
    else:
        margin = math.inf  # one deal says nothing of the luck of the deal
    return Comparison(
        best,
        deals,
        gain,
        margin,
        sum(1 for g in gains if g > 0),
        sum(1 for g in gains if g < 0),
    )


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
    moves = list(dict.fromkeys([*choices(view), played]))
    rows = results_by_deal(view, moves, seed=seed, deals=REVIEW_DEALS, budget=REVIEW_BUDGET)
    c = compare([{m: e.points for m, e in row.items()} for row in rows], played)
    if c.close:  # as many deals again, other ones, to settle it
        more = seed + MORE_DEALS
        rows += results_by_deal(view, moves, seed=more, deals=REVIEW_DEALS, budget=REVIEW_BUDGET)
        c = compare([{m: e.points for m, e in row.items()} for row in rows], played)
    if not c.sure:
        text = _("Good: over {deals} likely deals, no other choice did clearly better.").format(
            deals=c.deals
        )
        return Advice(view.hand_no, where, played, played, 0.0, text, c.deals, 0, 0)
    text = _(
        "The computer would have played {move}, worth about {n} points."
        " Over {deals} likely deals it did better in {better} and worse in {worse}."
    ).format(move=_what(c.best), n=round(c.gain), deals=c.deals, better=c.better, worse=c.worse)
    return Advice(view.hand_no, where, played, c.best, c.gain, text, c.deals, c.better, c.worse)


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
