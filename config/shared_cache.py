"""Django's file cache, with counts that every process of the site adds to exactly.

The site runs in several processes (gunicorn's workers, and the practice table's own
server), so what one computes the others must find: Django's FileBasedCache keeps each
entry in a file of a folder they share. Its ``add`` and ``incr`` read and then write, so two
processes counting at the same moment would both write the same number and one count
would be lost; the practice table's pace (django-ratelimit: ``add``, then ``incr``) needs
every count. Here both run under an exclusive flock() on a file of the cache's folder, held
for the read and the write only (well under a millisecond); a process that dies lets go of
it with its files. Reads and plain writes take no lock, as in Django's.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.filebased import FileBasedCache

LOCK_NAME = "counts.lock"  # not a .djcache file, so clearing and culling leave it


class FileCache(FileBasedCache):
    def __init__(self, location: str, params: dict) -> None:
        super().__init__(location, params)
        self.folder = os.path.abspath(location)

    @contextmanager
    def _counting(self) -> Iterator[None]:
        os.makedirs(self.folder, 0o700, exist_ok=True)
        fd = os.open(os.path.join(self.folder, LOCK_NAME), os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # lets go of the lock

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        with self._counting():
            return super().add(key, value, timeout, version)

    def incr(self, key, delta=1, version=None):
        with self._counting():
            return super().incr(key, delta, version)
