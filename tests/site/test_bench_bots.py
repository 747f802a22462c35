"""The players' benchmark (bench/bots.py): its table depends on the seeds only,
not on the number of processes that play the games."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

from bench.bots import arrangements, print_ceiling, print_contracts, run_pairing


def test_every_seat_is_rotated():
    assert arrangements(3, False) == [(0, 1, 1), (1, 0, 1), (1, 1, 0)]
    assert arrangements(4, True) == [(0, 1, 0, 1), (1, 0, 1, 0)]


def test_the_table_is_the_same_for_any_number_of_processes():
    lines = []
    for jobs, window in ((1, 1), (2, 8)):
        with ProcessPoolExecutor(jobs) as pool:
            line, times, (diff, half), bids = run_pairing(
                "45x3", ("margaret", "random"), [1, 2], 8, pool, window
            )
        lines.append(line)
        assert sum(map(len, times.values())) > 0 and half > 0
        assert bids == {}  # no contracts outside Auction
    assert lines[0] == lines[1]


def test_in_auction_the_contracts_are_counted_by_the_bidder_s_level():
    with ProcessPoolExecutor(1) as pool:
        _, _, _, bids = run_pairing("auction", ("margaret", "random"), [1], 4, pool, 1)
    assert set(bids) <= {"margaret", "random"} and bids
    for taken, made, points in bids.values():
        assert 0 <= made <= taken and 15 * taken <= points <= 30 * taken


def test_the_ceiling_reads_as_the_share_of_the_random_player_s_gap_closed(capsys):
    print_ceiling("T", {"angus": -1.0, "margaret": -2.0, "random": -4.0})
    out = capsys.readouterr().out
    assert "| Angus                |                        1.00 |      75.0% |" in out
    assert "| Margaret             |                        2.00 |      50.0% |" in out
    assert "| Random               |                        4.00 |       0.0% |" in out


def test_the_contracts_table_gives_the_share_made_and_set_and_the_average_bid(capsys):
    print_contracts("T", {"angus": [4, 3, 80], "random": [0, 0, 0]})
    out = capsys.readouterr().out
    assert "| Angus                |         4 |  75.0% |  25.0% |        20.0 |" in out
    assert "Random" not in out
