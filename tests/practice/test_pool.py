"""The bounds on the computer players' work (practice/pool.py), across threads and processes:
slots taken make the next one wait, the one past the queue is refused at once, a holder
that dies frees its slot; each client's pace; the settings' defaults."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time

import pytest
from django.test import RequestFactory

from practice import pool

FORK = multiprocessing.get_context("fork")


@pytest.fixture
def bound(settings, tmp_path):
    """One slot, one place in the queue, a short wait: small enough to fill by hand."""
    settings.PRACTICE_WORK_DIR = tmp_path / "work"
    settings.PRACTICE_WORK_AT_ONCE = 1
    settings.PRACTICE_WORK_WAITING = 1
    settings.PRACTICE_WORK_WAIT = 3
    settings.PRACTICE_REVIEW_AT_ONCE = 1
    settings.PRACTICE_REVIEW_WAITING = 1
    return settings


class Holder:
    """A thread in a computer slot (or waiting for one) until told to let go."""

    def __init__(self, *, review: bool = False):
        self.review = review
        self.inside = threading.Event()
        self.go = threading.Event()
        self.busy: pool.Busy | None = None
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        try:
            with pool.computing(review=self.review):
                self.inside.set()
                self.go.wait(10)
        except pool.Busy as busy:
            self.busy = busy

    def done(self):
        self.go.set()
        self.thread.join(10)


def test_a_computation_waits_while_the_slots_are_taken_then_runs(bound):
    first = Holder()
    assert first.inside.wait(2)
    second = Holder()
    assert not second.inside.wait(0.3)  # waiting: the one slot is taken
    first.done()
    assert second.inside.wait(1)  # runs as soon as the slot comes free
    second.done()
    assert second.busy is None


def test_past_the_queue_the_computer_players_are_busy_at_once(bound):
    first = Holder()
    assert first.inside.wait(2)
    waiting = Holder()
    time.sleep(0.1)  # in the queue now
    started = time.perf_counter()
    with pytest.raises(pool.Busy) as refused, pool.computing():
        raise AssertionError("ran past a full queue")
    assert time.perf_counter() - started < 0.2  # no wait at all
    assert refused.value.retry_after == 3
    first.done()
    waiting.done()
    assert waiting.busy is None


def test_a_review_in_its_slot_leaves_the_moves_slot_free(bound):
    review = Holder(review=True)
    assert review.inside.wait(2)
    move = Holder()
    assert move.inside.wait(1)  # a move runs while a review thinks
    second_review = Holder(review=True)
    assert not second_review.inside.wait(0.3)  # reviews wait for the review slot
    review.done()
    assert second_review.inside.wait(1)
    move.done()
    second_review.done()
    assert move.busy is None and second_review.busy is None


def test_a_waiter_gives_up_after_the_wait(bound):
    bound.PRACTICE_WORK_WAIT = 0.4
    first = Holder()
    assert first.inside.wait(2)
    started = time.perf_counter()
    with pytest.raises(pool.Busy), pool.computing():
        pass
    assert 0.35 < time.perf_counter() - started < 1.5
    first.done()


def test_as_many_computations_as_slots_run_together(bound):
    bound.PRACTICE_WORK_AT_ONCE = 3
    holders = [Holder() for _ in range(3)]
    assert all(h.inside.wait(2) for h in holders)
    for h in holders:
        h.done()


def test_a_computation_inside_another_runs_in_the_slot_it_holds(bound):
    with pool.computing(), pool.computing():
        pass  # with one slot, a second one would wait and be refused
    with pool.computing():
        pass  # and the slot was given back


def _hold_until_killed(ready):
    with pool.computing():
        ready.set()
        time.sleep(60)


def test_a_process_that_dies_in_its_slot_frees_it(bound):
    bound.PRACTICE_WORK_WAIT = 0
    bound.PRACTICE_WORK_WAITING = 0
    ready = FORK.Event()
    child = FORK.Process(target=_hold_until_killed, args=(ready,))
    child.start()
    try:
        assert ready.wait(10)
        with pytest.raises(pool.Busy), pool.computing():
            pass  # the other process holds the only slot
        os.kill(child.pid, signal.SIGKILL)
        child.join(10)
    finally:
        if child.is_alive():
            child.kill()
    with pool.computing():
        pass  # freed with its files


# ---- each client's pace ---------------------------------------------------------------


def asked(address="10.0.0.7", user=None, **meta):
    request = RequestFactory().get("/practice/hint/", REMOTE_ADDR=address, **meta)
    if user is not None:
        request.user = user
    return request


def test_past_its_pace_a_client_waits_and_others_go_on(settings):
    settings.PRACTICE_RATE = "3/m"
    assert [pool.too_fast(asked()) for _ in range(3)] == [0, 0, 0]
    wait = pool.too_fast(asked())
    assert 1 <= wait <= 60
    assert pool.too_fast(asked("10.0.0.8")) == 0  # another phone


def test_the_count_starts_again_with_the_next_period(settings):
    settings.PRACTICE_RATE = "2/s"
    time.sleep(1 - time.time() % 1 + 0.01)  # at the start of a second
    assert [pool.too_fast(asked()) for _ in range(3)] == [0, 0, 1]
    time.sleep(1 - time.time() % 1 + 0.01)
    assert pool.too_fast(asked()) == 0


def test_behind_the_front_each_phone_counts_by_its_own_address(settings):
    settings.PRACTICE_RATE = "1/m"
    settings.BEHIND_PROXY = True
    one = asked("127.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.10")  # both through the front
    two = asked("127.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.11")
    assert pool.too_fast(one) == 0 and pool.too_fast(two) == 0
    assert pool.too_fast(one) > 0


def test_a_logged_in_person_counts_apart_from_the_address(settings, organizer):
    settings.PRACTICE_RATE = "1/m"
    assert pool.too_fast(asked()) == 0
    assert pool.too_fast(asked(user=organizer)) == 0  # not the phones' count at that address
    assert pool.too_fast(asked(user=organizer)) > 0
    assert pool.client_key(asked(user=organizer)) == f"user:{organizer.pk}"


def test_the_pace_is_counted_in_the_cache_every_process_shares(settings):
    settings.PRACTICE_RATE = "5/m"
    for _ in range(3):
        pool.too_fast(asked())
    child = FORK.Process(target=pool.too_fast, args=(asked(),))
    child.start()
    child.join(10)
    child = FORK.Process(target=pool.too_fast, args=(asked(),))
    child.start()
    child.join(10)
    assert pool.too_fast(asked()) > 0  # the 6th, two of them counted elsewhere


# ---- the settings ---------------------------------------------------------------------


def test_the_bounds_default_to_a_slot_a_core_eight_waiting_and_sixty_a_minute(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    env = {k: v for k, v in os.environ.items() if not k.startswith(("PRACTICE_", "CACHE_"))} | {
        "CARD_DRIVE_VAR": str(tmp_path)
    }
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "from config import settings as s; print(s.PRACTICE_WORK_AT_ONCE, "
            "s.PRACTICE_WORK_WAITING, s.PRACTICE_WORK_WAIT, s.PRACTICE_RATE, "
            "s.CACHES['default']['BACKEND'], s.CACHES['default']['LOCATION'])",
        ],
        env=env,
        cwd=Path(__file__).resolve().parents[2],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert out[:5] == [
        str(len(os.sched_getaffinity(0))),
        "8",
        "4.0",
        "60/m",
        "config.shared_cache.FileCache",
    ]
    assert out[5] == str(tmp_path / "cache" / "coaching")
