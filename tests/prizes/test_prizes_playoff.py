"""A play-off of three or more tied pairs (prizes/rules/ties.py): pure, no database.

A game of 45s is two pairs, so three tied pairs cannot "play another game" together:
they play off two at a time. Two pairs play, the loser is out, and the winner meets
the pair waiting, until one pair is left (n pairs: n - 1 games). Which two play is
the organizer's choice; the hall's usual order (playoff_next) is the two lowest
numbers first, then the winner against the next pair waiting.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from prizes.rules import (
    PlayoffGame,
    PrizeError,
    playoff_left,
    playoff_next,
    settle,
)


def refused(message_part):
    return pytest.raises(PrizeError, match=message_part)


def G(a, b, winner):
    return PlayoffGame((min(a, b), max(a, b)), winner)


# ---------------------------------------------------------------- worked examples


def test_three_pairs_two_play_and_the_winner_meets_the_third():
    # Pairs 3, 5 and 7 tie for first; pair 5 asks for a play-off.
    assert playoff_next([3, 5, 7], []) == (3, 5)
    first = G(3, 5, 5)  # pair 5 beats pair 3: pair 3 is out
    assert playoff_left([3, 5, 7], [first]) == (5, 7)
    assert playoff_next([3, 5, 7], [first]) == (5, 7)  # the winner meets the third
    second = G(5, 7, 7)
    assert playoff_left([3, 5, 7], [first, second]) == (7,)
    assert playoff_next([3, 5, 7], [first, second]) is None
    o = settle([3, 5, 7], money_prize=True, playoff_requests=[5], playoff_games=[first, second])
    assert (o.method, o.winners, o.playoff_games) == ("playoff", (7,), (first, second))
    assert o.summary == (
        "Tie between pairs 3, 5 and 7: pair 5 asked for a play-off; "
        "game 1: pair 5 beat pair 3; game 2: pair 7 beat pair 5; pair 7 won the play-off."
    )


def test_the_organizer_may_choose_who_plays_first():
    # The organizer sends pairs 5 and 7 first; pair 5 wins and then meets pair 3.
    first = G(5, 7, 5)
    assert playoff_next([3, 5, 7], [first]) == (3, 5)
    o = settle(
        [3, 5, 7], money_prize=False, playoff_requests=[3], playoff_games=[first, G(3, 5, 3)]
    )
    assert o.winners == (3,)


def test_four_pairs_may_play_two_games_and_then_a_final():
    games = [G(1, 2, 2), G(3, 4, 3), G(2, 3, 2)]  # the organizer's choice: two, then a final
    assert playoff_left([1, 2, 3, 4], games[:2]) == (2, 3)
    assert playoff_next([1, 2, 3, 4], games[:2]) == (2, 3)
    assert settle(
        [1, 2, 3, 4], money_prize=True, playoff_requests=[4], playoff_games=games
    ).winners == (2,)


def test_a_pair_that_declines_is_not_in_the_play_off():
    # Pair 7 declines: pairs 3 and 5 play one game, given by its winner as before.
    o = settle([3, 5, 7], money_prize=True, playoff_requests=[5], declined=[7], playoff_winner=3)
    assert o.playoff_games == (G(3, 5, 3),)
    assert o.summary.endswith("pair 7 declines and forfeits; pair 3 won the play-off.")
    with refused("Game 1 of the play-off: pair 7 is not in the play-off any more"):
        settle([3, 5, 7], money_prize=True, playoff_requests=[5], declined=[7],
               playoff_games=[G(5, 7, 5)])  # fmt: skip


def test_a_three_pair_play_off_needs_each_game_not_only_a_winner():
    with refused("Pairs 3, 5 and 7 play off two at a time: record each game"):
        settle([3, 5, 7], money_prize=True, playoff_requests=[5])
    with refused("Pairs 3, 5 and 7 play off two at a time: record each game"):
        settle([3, 5, 7], money_prize=True, playoff_requests=[5], playoff_winner=5)
    with refused("Pairs 3, 5 and 7 play off two at a time: record each game"):
        settle([3, 5, 7], money_prize=True, playoff_requests=[5], playoff_games=[G(3, 5, 5)])


def test_games_that_cannot_have_been_played_are_refused():
    with refused("Game 2 of the play-off: pair 3 is not in the play-off any more"):
        playoff_left([3, 5, 7], [G(3, 5, 5), G(3, 7, 7)])  # pair 3 lost game 1
    with refused("Game 1 of the play-off: pair 9 is not in the play-off any more"):
        playoff_left([3, 5, 7], [G(3, 9, 3)])
    with refused("Game 1 of the play-off: pair 7 did not play in it"):
        playoff_left([3, 5, 7], [PlayoffGame((3, 5), 7)])
    with refused("Game 1 of the play-off needs two different pairs"):
        playoff_left([3, 5, 7], [PlayoffGame((3, 3), 3)])
    with refused("Game 3 is not needed: pair 7 has already won the play-off"):
        playoff_left([3, 5, 7], [G(3, 5, 5), G(5, 7, 7), G(5, 7, 7)])
    with refused("Pair 5 won the play-off's games, not pair 7"):
        settle([3, 5, 7], money_prize=True, playoff_requests=[5],
               playoff_games=[G(3, 5, 5), G(5, 7, 5)], playoff_winner=7)  # fmt: skip
    with refused("No tied pair asked for a play-off"):
        settle([3, 5], money_prize=True, playoff_games=[G(3, 5, 5)], cut=None)


# ---------------------------------------------------------------- properties

tied_st = st.lists(st.integers(1, 120), min_size=2, max_size=10, unique=True)


def _play_off(data, players, *, ladder: bool) -> list[PlayoffGame]:
    """Games until one pair is left: the ladder's order, or any two pairs still in."""
    games: list[PlayoffGame] = []
    while len(left := playoff_left(players, games)) > 1:
        if ladder:
            a, b = playoff_next(players, games)
        else:
            a, b = data.draw(st.lists(st.sampled_from(left), min_size=2, max_size=2, unique=True))
        games.append(G(a, b, data.draw(st.sampled_from((a, b)))))
    return games


@given(tied_st, st.data(), st.booleans())
def test_a_play_off_of_n_pairs_takes_n_minus_1_games_and_one_pair_wins(players, data, ladder):
    games = _play_off(data, players, ladder=ladder)
    assert len(games) == len(players) - 1
    (winner,) = playoff_left(players, games)
    # The winner won every game it played; every other pair lost exactly one game.
    assert all(g.winner == winner for g in games if winner in g.pairs)
    losers = [g.loser for g in games]
    assert sorted(losers) == sorted(p for p in players if p != winner)
    o = settle(players, money_prize=True, playoff_requests=[players[0]], playoff_games=games)
    assert o.winners == (winner,) and o.playoff_games == tuple(games)


@given(tied_st, st.data())
def test_the_ladder_offers_only_pairs_still_in_and_the_last_winner_plays_on(players, data):
    games: list[PlayoffGame] = []
    while (nxt := playoff_next(players, games)) is not None:
        left = playoff_left(players, games)
        assert nxt[0] < nxt[1] and set(nxt) <= set(left)
        if games:
            assert games[-1].winner in nxt  # the winner meets the next pair
        games.append(G(*nxt, data.draw(st.sampled_from(nxt))))
    # The ladder in number order: the first game is the two lowest numbers.
    assert games[0].pairs == tuple(sorted(players)[:2])


@given(tied_st, st.data())
def test_a_play_off_not_played_to_its_end_decides_nothing(players, data):
    games = _play_off(data, players, ladder=False)
    cut = data.draw(st.integers(0, len(games) - 1))
    with pytest.raises(PrizeError):
        settle(players, money_prize=True, playoff_requests=[players[0]], playoff_games=games[:cut])
