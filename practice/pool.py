"""The bounds on the computer players' work, across every process of the site.

A hint, a coaching review or the computer players' moves cost up to a second and more of
a core; thirty people practising at the break must not take the cores that answer the
hall, whatever server runs the site (one gunicorn, the practice table's own server,
runserver, the tests). So:

- ``computing()``: at most PRACTICE_WORK_AT_ONCE computations run at once (a slot each)
  and at most PRACTICE_WORK_WAITING more wait for a slot (a place in the queue each),
  each for at most PRACTICE_WORK_WAIT seconds; past that it raises ``Busy`` at once, which
  the practice table answers 503 with Retry-After. Slots and places are flock()ed files
  of PRACTICE_WORK_DIR (portalocker's bounded semaphore: every process tries the same
  files, and a process that dies lets go of its locks with its files). A waiter looks for
  a free slot every CHECK_EVERY seconds.
- ``too_fast(request)``: each client's pace, PRACTICE_RATE (django-ratelimit, counted in the
  "rates" cache that every process shares): a client address, or a logged-in person by
  themselves, so nobody logged in is held tighter than a phone with no account.
"""

from __future__ import annotations

import math
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import portalocker
from django.conf import settings
from django.http import HttpRequest
from django_ratelimit.core import get_usage

from clubs.views import client_address

CHECK_EVERY = 0.02  # seconds between a waiter's looks for a free slot
RATE_GROUP = "practice.computer"

_held = threading.local()  # this thread holds a slot already (a computation inside another)


class Busy(Exception):
    """The computer players are busy: every slot taken and the queue full, or waited for a
    slot too long. ``retry_after``: seconds worth waiting before asking again."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"the computer players are busy; retry after {retry_after} s")
        self.retry_after = retry_after


def _semaphore(name: str, size: int, wait: float) -> portalocker.NamedBoundedSemaphore:
    folder = settings.PRACTICE_WORK_DIR
    os.makedirs(folder, 0o700, exist_ok=True)
    return portalocker.NamedBoundedSemaphore(
        size,
        name=name,
        directory=str(folder),
        timeout=wait,
        check_interval=CHECK_EVERY,
        fail_when_locked=False,
    )


def retry_after() -> int:
    """Seconds a refused client is asked to wait: about as long as a waiter may wait."""
    return max(1, math.ceil(settings.PRACTICE_WORK_WAIT))


@contextmanager
def computing(*, review: bool = False) -> Iterator[None]:
    """Hold one of the computer players' slots while the block runs.

    ``review``: a coaching review, in PRACTICE_REVIEW_AT_ONCE slots of its own (with
    PRACTICE_REVIEW_WAITING places to wait), apart from the moves' and hints' slots.
    Raises ``Busy`` at once when every slot is taken and PRACTICE_WORK_WAITING others
    wait already, and after PRACTICE_WORK_WAIT seconds when no slot came free. A block
    inside another (same thread) runs in the slot it holds.
    """
    if getattr(_held, "slot", False):
        yield
        return
    # A coaching review (seconds of a core: many likely deals) has slots of its own, so
    # it never holds the slot a move or a hint is waiting for.
    if review:
        kind, at_once, waiting = (
            "review-",
            settings.PRACTICE_REVIEW_AT_ONCE,
            settings.PRACTICE_REVIEW_WAITING,
        )
    else:
        kind, at_once, waiting = "", settings.PRACTICE_WORK_AT_ONCE, settings.PRACTICE_WORK_WAITING
    # A place: working or waiting. None free means the queue is full: no wait at all.
    place = _semaphore(f"{kind}place", at_once + waiting, 0)
    if place.acquire() is None:
        raise Busy(retry_after())
    try:
        slot = _semaphore(f"{kind}slot", at_once, settings.PRACTICE_WORK_WAIT)
        if slot.acquire() is None:
            raise Busy(retry_after())
        _held.slot = True
        try:
            yield
        finally:
            _held.slot = False
            slot.release()
    finally:
        place.release()


def client_key(request: HttpRequest) -> str:
    """Whose pace a request counts to: a logged-in person's own, else the address's."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    return f"address:{client_address(request) or ''}"


def too_fast(request: HttpRequest) -> int:
    """Count one more piece of computer work for this client; 0 while within
    PRACTICE_RATE, else the seconds until the client's count starts again."""
    usage = get_usage(
        request,
        group=RATE_GROUP,
        key=lambda _group, r: client_key(r),
        rate=settings.PRACTICE_RATE,
        increment=True,
    )
    if usage is None or not usage["should_limit"]:
        return 0
    return max(1, usage["time_left"])
