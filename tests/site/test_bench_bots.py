"""The players' benchmark (bench/bots.py): its table depends on the seeds only,
not on the number of processes that play the games."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

from bench.bots import arrangements, run_pairing


def test_every_seat_is_rotated():
    assert arrangements(3, False) == [(0, 1, 1), (1, 0, 1), (1, 1, 0)]
    assert arrangements(4, True) == [(0, 1, 0, 1), (1, 0, 1, 0)]


def test_the_table_is_the_same_for_any_number_of_processes():
    lines = []
    for jobs, window in ((1, 1), (2, 8)):
        with ProcessPoolExecutor(jobs) as pool:
            line, times, (diff, half) = run_pairing(
                "45x3", ("margaret", "random"), [1, 2], 8, pool, window
            )
        lines.append(line)
        assert sum(map(len, times.values())) > 0 and half > 0
    assert lines[0] == lines[1]
