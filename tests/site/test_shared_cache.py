"""The cache every process of the site shares (config/shared_cache.py, CACHES): what one
process writes another reads, and counts from several processes at once all add up."""

from __future__ import annotations

import multiprocessing

from django.core.cache import caches

from config.shared_cache import FileCache

FORK = multiprocessing.get_context("fork")


def _write(key, value):
    caches["default"].set(key, value, 60)


def test_what_one_process_writes_another_reads():
    child = FORK.Process(target=_write, args=("pair-12", [1, 2, 3]))
    child.start()
    child.join(10)
    assert child.exitcode == 0
    assert caches["default"].get("pair-12") == [1, 2, 3]


def _count(location, times):
    counts = FileCache(location, {})
    for _ in range(times):
        if not counts.add("taps", 1, 60):
            counts.incr("taps")


def test_counts_from_several_processes_at_once_all_add_up(tmp_path):
    children = [FORK.Process(target=_count, args=(str(tmp_path), 150)) for _ in range(4)]
    for child in children:
        child.start()
    for child in children:
        child.join(60)
        assert child.exitcode == 0
    assert FileCache(str(tmp_path), {}).get("taps") == 600


def test_the_site_keeps_its_caches_in_files_each_cache_apart(settings):
    assert {name: conf["BACKEND"] for name, conf in settings.CACHES.items()} == {
        "default": "config.shared_cache.FileCache",
        "rates": "config.shared_cache.FileCache",
        "turns": "config.shared_cache.FileCache",
    }
    locations = {conf["LOCATION"] for conf in settings.CACHES.values()}
    assert len(locations) == len(settings.CACHES)
    assert settings.RATELIMIT_USE_CACHE == "rates"
