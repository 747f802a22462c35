"""A series' prizes settle as a night's do: places by score level of the series totals, a
tie split only when every tied one agrees, else cut for low card (or played off), money
to the cash unit; one audit entry a step, undo a step at a time; nothing settles while a
night is unfinished or has a result in conflict.

The worked series, by hand (by pairs, the best 3 of 4 nights count, 3 nights to qualify;
4 pairs play 4 games a night):

    night          1  2  3  4   best 3 (the nights)    total
    pair 1 (1a/1b) 4  1  3  3   4+3+3 (1, 3, 4)        10
    pair 2 (2a/2b) 2  4  3  3   4+3+3 (2, 3, 4)        10   all 4 nights: 12, it would win
    pair 3 (3a/3b) 1  2  1  1   2+1+1 (2, 1, 3)         4
    pair 4 (4a/4b) 1  1  1  1   1+1+1 (1, 2, 3)         3

First prize ($50) is a tie of pairs 1 and 2 on 10; second ($20) goes to pair 3 on 4.
Pair 1 agrees to split, pair 2 does not: the split is refused and they cut for low card.
"""

from __future__ import annotations

import datetime as dt

import pytest

from clubs.interface import DriveError
from clubs.models import AuditEntry
from drives.models import TableGame
from seasons.interface import series_standings
from seasons.models import SeriesDecision
from seasons.services import prizes as services
from tests.builders import NOW
from tests.builders.series_prizes import PAIR, worked_series


def actions(prefix="series_prize"):
    return [e.action for e in AuditEntry.objects.order_by("id") if e.action.startswith(prefix)]


@pytest.fixture
def series(club, organizer):
    return worked_series(club, organizer)


def test_the_standings_are_the_ones_worked_by_hand(series):
    table = series_standings(series)
    got = [
        (" & ".join(e.names), e.total, e.place, [n.night for n in e.counted]) for e in table.entries
    ]
    assert got == [
        (PAIR[1], 10, 1, [1, 3, 4]),
        (PAIR[2], 10, 1, [2, 3, 4]),
        (PAIR[3], 4, 2, [1, 2, 3]),
        (PAIR[4], 3, 3, [1, 2, 3]),
    ]


def test_first_prize_is_a_tie_on_ten_and_second_goes_to_the_next_level(series):
    state = services.series_prize_groups(series)
    first, second = state.places
    assert (first.label, first.level, [e.names for e in first.pairs]) == (
        "First prize", 10, [PAIR[1], PAIR[2]],
    )  # fmt: skip
    assert first.is_tie and not first.is_awarded and first.payout is None
    assert (second.level, second.winner_names, second.payout.paid) == (4, (PAIR[3],), 2000)
    assert state.blocked == ""


def test_the_worked_tie_split_refused_then_cut_for_low_card_pays_the_winner(series, organizer):
    # Pair 1 agrees to split; pair 2 does not.
    services.series_tie_step(series=series, place=1, ticks={"split": [1]}, actor=organizer, now=NOW)
    with pytest.raises(DriveError) as refused:
        services.series_tie_decide(series=series, place=1, split=True, actor=organizer, now=NOW)
    assert refused.value.message == (
        f"First prize can be split only when every tied person agrees; {PAIR[2]} did not."
    )
    # So they cut: pair 1 cuts the 3 of clubs, pair 2 the 9 of hearts. The lowest wins.
    services.series_tie_decide(
        series=series, place=1, cut=[{1: (3, "C"), 2: (9, "H")}], actor=organizer, now=NOW
    )
    state = services.series_prize_groups(series)
    first = state.places[0]
    assert first.decision.method == "cut"
    assert first.winner_names == (PAIR[1],)
    assert first.payout.recipients == (1,) and first.payout.paid == 5000
    assert state.paid_out == 7000
    assert first.how == (f"cut: {PAIR[1]} 3♣, {PAIR[2]} 9♥ — {PAIR[1]} won (cards cut by hand)")
    # One entry a step: the prizes set, the tick, the decision (the refusal wrote none).
    assert actions() == ["series_prizes_set", "series_prize_step", "series_prize_decide"]


def test_a_split_all_agree_to_shares_each_to_the_cash_unit(club, organizer):
    series = worked_series(club, organizer)
    services.series_prizes_set(
        series=series, places=[(5005, ""), (2000, "")], actor=organizer, now=NOW
    )
    services.series_tie_step(
        series=series, place=1, ticks={"split": [1, 2]}, actor=organizer, now=NOW
    )
    services.series_tie_decide(series=series, place=1, split=True, actor=organizer, now=NOW)
    first = services.series_prize_groups(series).places[0]
    # $50.05 two ways, to the club's 5-cent unit: $25.00 each, 5 cents kept by the hall.
    assert (first.payout.share, first.payout.kept_by_hall) == (2500, 5)
    assert first.winner_names == (PAIR[1], PAIR[2])


def test_equal_cards_cut_again_step_by_step_and_the_cut_can_start_again(series, organizer):
    services.series_tie_step(
        series=series, place=1, rounds=[{1: (5, "C"), 2: (5, "S")}], actor=organizer, now=NOW
    )
    group = services.series_prize_groups(series).places[0]
    assert services.saved_rounds(group) == [{1: (5, "C"), 2: (5, "S")}]
    services.series_tie_step(series=series, place=1, rounds=[], actor=organizer, now=NOW)
    group = services.series_prize_groups(series).places[0]
    assert services.saved_rounds(group) == []
    summaries = [
        e.summary for e in AuditEntry.objects.filter(action="series_prize_step").order_by("id")
    ]
    assert summaries == [
        f"Series Fall 45s 2026, First prize: cut round 1: {PAIR[1]} 5♣, {PAIR[2]} 5♠",
        "Series Fall 45s 2026, First prize: the cut is started again",
    ]


def test_a_play_off_asked_by_one_is_won_and_a_decision_is_reopened_with_its_reason(
    series, organizer
):
    services.series_tie_step(
        series=series, place=1, ticks={"playoff": [2]}, actor=organizer, now=NOW
    )
    services.series_tie_decide(series=series, place=1, playoff_winner=2, actor=organizer, now=NOW)
    first = services.series_prize_groups(series).places[0]
    assert (first.decision.method, first.winner_names) == ("playoff", (PAIR[2],))
    with pytest.raises(DriveError, match="already decided"):
        services.series_tie_decide(
            series=series, place=1, playoff_winner=1, actor=organizer, now=NOW
        )
    services.series_tie_reopen(
        series=series, place=1, reason="wrong pair tapped", actor=organizer, now=NOW
    )
    row = SeriesDecision.objects.get(series=series, place=1)
    assert (row.status, row.winners, row.history[-1]["reason"]) == ("open", [], "wrong pair tapped")
    assert actions("series_prize")[-1] == "series_prize_reopen"


def test_nothing_settles_while_a_night_is_unfinished_and_it_says_which(club, organizer):
    from seasons import services as series_services
    from tests.builders import started_drive

    series = worked_series(club, organizer)
    running = started_drive(club, organizer, pairs=4, name="Night 5", date=dt.date(2026, 10, 5))
    series_services.night_add(series=series, drive=running, actor=organizer, now=NOW)
    state = services.series_prize_groups(series)
    assert state.blocked == (
        "Series prizes are settled after its last night: Night 5 is not finished yet."
    )
    before = AuditEntry.objects.count()
    with pytest.raises(DriveError) as refused:
        services.series_tie_step(
            series=series, place=1, ticks={"split": [1]}, actor=organizer, now=NOW
        )
    assert refused.value.status == 409
    assert AuditEntry.objects.count() == before


def test_nothing_settles_while_a_result_of_a_night_is_in_conflict(series, organizer):
    night = series_standings(series).nights[2].drive
    TableGame.objects.filter(drive=night, game=4).update(
        status=TableGame.Status.CONFLICT, winner=None
    )
    state = services.series_prize_groups(series)
    assert state.blocked == (
        "A result of Night 3 is in conflict: settle it before any series prize."
    )
    with pytest.raises(DriveError):
        services.series_tie_decide(
            series=series, place=1, cut="digital", seed=7, actor=organizer, now=NOW
        )


def test_a_decision_made_for_others_shows_as_to_reopen_after_a_night_changes(series, organizer):
    services.series_tie_decide(
        series=series, place=1, cut="digital", seed=7, actor=organizer, now=NOW
    )
    # A correction on night 1: pair 3 is given one of pair 1's wins, so pair 1 drops to 9
    # and first prize is pair 2's alone.
    night = series_standings(series).nights[0].drive
    game = TableGame.objects.filter(drive=night, winner__number=1).order_by("game").first()
    three = night.pairs.get(number=3)
    TableGame.objects.filter(pk=game.pk).update(winner=three)
    first = services.series_prize_groups(series).places[0]
    assert not first.is_tie and first.winner_names == (PAIR[2],)


def test_prizes_set_refuse_a_place_with_both_or_neither(series, organizer):
    with pytest.raises(DriveError, match="Second prize needs an amount of money or an item"):
        services.series_prizes_set(
            series=series, places=[(5000, ""), (None, "")], actor=organizer, now=NOW
        )
    items = services.series_prizes_set(
        series=series, places=[(None, "a turkey")], actor=organizer, now=NOW
    )
    assert [(p.place, p.cents, p.item) for p in items] == [(1, None, "a turkey")]
    # An item is never split: only a cut or a play-off settles it.
    services.series_tie_step(
        series=series, place=1, ticks={"split": [1, 2]}, actor=organizer, now=NOW
    )
    with pytest.raises(DriveError, match="not money, so it cannot be split"):
        services.series_tie_decide(series=series, place=1, split=True, actor=organizer, now=NOW)
