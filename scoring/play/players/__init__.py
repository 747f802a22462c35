"""Computer players for the practice table (pure Python, no Django).

The whole public interface; other apps import only these names::

    from scoring.play.players import LEVELS, choose, hint, review, steps_of
    from scoring.play.players import compare, results_by_deal

- ``LEVELS``: the levels by key, each a ``Level`` with ``key``, ``name`` (a
  person's name to show), ``blurb`` (one line for people) and ``for_people``
  (False for the random player, which is for the benchmark only).
  ``"margaret"``: plays by a sensible club player's rules, instantly.
  ``"angus"``: the stronger player; guesses the unseen cards many times,
  solves each guess exactly and plays for the game score (under 300 ms a
  decision).
  ``"angus_first"``: the first version of Angus, unchanged, for the benchmark
  only (the present one must beat it).
- ``choose(level, view, *, seed) -> Move``: the level's move for the seat
  whose ``PlayerView`` this is (it must be that seat's turn). A player gets
  only the view, never the State, so it cannot see a hidden card. The same
  view and seed give the same move on any machine; pass a different seed
  for each decision (the game's seed plus the move number, say).
- ``hint(view, *, seed=0) -> Hint``: the move the coach suggests, with a
  one-line ``reason``.
- ``review(steps, *, seat, seed=0) -> tuple[Advice, ...]``: for each (state
  or view before the move, move made by ``seat``), the computer's choice and
  the points the move lost on average over the likely deals (``lost``), only
  where another choice did clearly better (else the move made and 0), on how
  many deals (``deals``), in how many the choice did ``better`` and ``worse``,
  and a line of ``text`` ("The computer would have played J♦, worth about 3
  points. Over 120 likely deals it did better in 40 and worse in 5.").
- ``steps_of(state, *, seat, hand_no=None)``: the steps of one hand (the
  last finished one by default) of a game, ready for ``review``.
- ``results_by_deal(view, moves, *, seed, deals, budget)``: each of ``moves``
  played out on the same likely deals (one ``Estimate`` a move a deal), and
  ``compare(points, played)``: the best of them against ``played`` with the
  uncertainty of the gain (a ``Comparison``), as the review weighs a move.

Texts are marked for translation (gettext_noop); translate them on display.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scoring.games.options import gettext_noop
from scoring.play.players.club import margaret_choose, random_choose
from scoring.play.players.coach import (
    Advice,
    Comparison,
    Hint,
    compare,
    hint,
    review,
    steps_of,
)
from scoring.play.players.search import (
    Estimate,
    angus_choose,
    first_angus_choose,
    results_by_deal,
)
from scoring.play.setup import Move
from scoring.play.view import PlayerView

_ = gettext_noop


@dataclass(frozen=True)
class Level:
    key: str
    name: str
    blurb: str
    play: Callable[..., Move]
    for_people: bool = True


LEVELS: dict[str, Level] = {
    level.key: level
    for level in (
        Level(
            "margaret",
            _("Margaret"),
            _("A steady club player: wins tricks cheaply, leads trumps when strong."),
            margaret_choose,
        ),
        Level(
            "angus",
            _("Angus"),
            _("A strong player: works out where the cards are likely to be."),
            angus_choose,
        ),
        Level(
            "angus_first",
            _("Angus, first version"),
            _("The first version of Angus, kept to measure the present one against."),
            first_angus_choose,
            False,
        ),
        Level("random", _("Random"), _("Plays any legal card."), random_choose, False),
    )
}


def choose(level: str, view: PlayerView, *, seed: int) -> Move:
    """The move of the computer player ``level`` for the seat whose view this is."""
    if not view.legal:
        raise ValueError("it is not this seat's turn")
    try:
        player = LEVELS[level]
    except KeyError:
        raise ValueError(f"no computer player {level!r}") from None
    return player.play(view, seed=seed)


__all__ = [
    "LEVELS",
    "Advice",
    "Comparison",
    "Estimate",
    "Hint",
    "Level",
    "choose",
    "compare",
    "hint",
    "results_by_deal",
    "review",
    "steps_of",
]
