"""Where points were lost in a practice hand is looked at once for every worker: a review
computed in one process is shown by another without the computer looking again (the
cache in files, CACHES)."""

from __future__ import annotations

import multiprocessing

from practice import computer, services
from practice.codes import Deal, move_code
from scoring.play import PlayOptions

FORK = multiprocessing.get_context("fork")
DEAL = Deal("traditional", 3, PlayOptions(), 20261130)


def a_finished_hand() -> services.Played:
    """The first hand of DEAL played to its end (the first legal move each time)."""
    game = services.Game(DEAL, "ned")
    played = services.replay(game)
    while not played.state.summaries:
        state = played.state
        move = state.legal_moves()[0]
        game = services.Game(DEAL, "ned", (*game.moves, move_code(move)))
        played = services.replay(game)
    return played


def _review(played):
    services.coaching(played, 1)


def test_a_review_computed_in_one_process_is_shown_by_another(monkeypatch):
    played = a_finished_hand()
    assert services.coaching_kept(played) is None
    child = FORK.Process(target=_review, args=(played,))
    child.start()
    child.join(60)
    assert child.exitcode == 0

    def never(*args, **kwargs):
        raise AssertionError("the computer looked again")

    monkeypatch.setattr(computer, "points_lost", never)
    kept = services.coaching_kept(played)
    assert kept is not None and len(kept) >= 1
    assert services.coaching(played, 1) == kept
