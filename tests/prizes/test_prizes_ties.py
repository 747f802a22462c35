"""Places by score level, the booby prize and settling ties (scoring/services/ties.py and
the tie screen in scoring/views/ties.py)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from clubs.models import AuditEntry
from drives.models import Pair, PlacePrize, PrizeSettings, TableGame
from prizes import rules as prizes
from prizes.models import Decision
from prizes.places import place_groups
from prizes.services import report as report_service
from prizes.services import ties
from prizes.services.common import DriveError
from tests.builders import HTMX, NOW, started_drive
from tests.builders.ties import THREE_WAY, TWO_WAY, everything, finished_night

pytestmark = pytest.mark.django_db


SOURCE = {1: 18, 2: 18, 3: 16, 4: 15, 5: 15, 6: 12, 7: 2}  # the source's example and a 7th pair


@pytest.fixture
def three_way(club, organizer):
    """Pairs 1, 2 and 3 tie for first on 4 games; 4 second, 5 third, 6 the booby."""
    return finished_night(club, organizer, THREE_WAY, games=5, seed=1)


@pytest.fixture
def two_way(club, organizer):
    """Pairs 1 and 2 tie for first on 4; 3 is second; 4 and 5 tie for third; 6 the booby."""
    drive = finished_night(club, organizer, TWO_WAY, games=5, seed=1)
    PlacePrize.objects.create(drive=drive, place=1, cents=2000)
    PlacePrize.objects.create(drive=drive, place=2, cents=1000)
    PlacePrize.objects.create(drive=drive, place=3, item="a box of chocolates")
    return drive


def decide(drive, actor, prize="place-1", **kw):
    return ties.decision_record(drive=drive, prize=prize, actor=actor, now=NOW, **kw)


def refused(call, match, status=None):
    before = everything()
    with pytest.raises(DriveError, match=match) as e:
        call()
    assert everything() == before
    if status is not None:
        assert e.value.status == status
    return e.value


def audits(drive, action):
    return list(AuditEntry.objects.filter(drive=drive, action=action).order_by("id"))


# ------------------------------------------------------------------ places


def test_the_source_example_end_to_end(club, organizer):
    drive = finished_night(club, organizer, SOURCE, games=24, seed=3)
    PlacePrize.objects.create(drive=drive, place=1, cents=3000)
    PlacePrize.objects.create(drive=drive, place=2, cents=2000)
    PlacePrize.objects.create(drive=drive, place=3, cents=1001)
    PrizeSettings.objects.create(drive=drive, booby_item="a deck of cards")

    state = ties.prize_groups(drive)
    assert [(g.prize, g.level, g.numbers) for g in state.places] == [
        ("place-1", 18, (1, 2)),
        ("place-2", 16, (3,)),
        ("place-3", 15, (4, 5)),
    ]
    assert [g.is_tie for g in state.places] == [True, False, True]
    assert state.unawarded == () and state.unawarded_note == ""
    assert state.booby.numbers == (7,) and state.booby.level == 2  # 12 gets no place
    assert [g.prize for g in state.open_ties] == ["place-1", "place-3"]

    decide(drive, organizer, "place-1", cut="digital", seed=2026)
    decide(drive, organizer, "place-3", split_agreements=[4, 5])
    state = ties.prize_groups(drive)
    first, second, third = state.places
    assert first.method == "cut" and len(first.winners) == 1
    assert second.winners == (3,) and third.winners == (4, 5)
    assert state.open_ties == ()

    money = ties.cash(drive)
    # 1001 split two ways at 5 cents: 500 each, the hall keeps 1.
    assert money["paid_out"] == 3000 + 2000 + 1000
    assert money["kept_by_hall"] == 1
    assert money["takings"] == money["carried_over"] == 0
    assert [(cents, kind) for _, cents, kind in money["lines"]] == [
        (3000, "out"),
        (2000, "out"),
        (1000, "out"),
    ]
    assert money["lines"][2][0] == "Third prize: pairs 4 and 5 split it, $5.00 each"

    report = report_service.places_section(drive)
    assert report["open_ties"] == 0 and report["booby"].item == "a deck of cards"


def test_fewer_score_levels_than_places_leaves_the_rest_unawarded_and_says_so(club, organizer):
    drive = finished_night(club, organizer, THREE_WAY, games=5, seed=1, prize_places=5)
    state = ties.prize_groups(drive)
    assert [g.level for g in state.places] == [4, 2, 1, 0]
    assert state.unawarded == (5,)
    # The same sentence the prize rules give, ready for translation.
    assert state.unawarded_note == place_groups(THREE_WAY, 5).notes[0]
    assert state.unawarded_note == "Prize 5 is not awarded: there are only 4 different scores."
    # Every pair holds a place, so nobody can win the booby.
    assert state.booby is None and "not awarded" in state.booby_note
    refused(lambda: state.get("place-5"), "Prize 5 is not awarded", 404)
    refused(lambda: decide(drive, organizer, "place-5", cut="digital"), "not awarded", 404)


def test_unknown_prizes_and_a_place_with_no_tie_are_refused(two_way, organizer):
    refused(lambda: decide(two_way, organizer, "place-x"), "no such prize", 404)
    refused(lambda: decide(two_way, organizer, "place-9"), "3 prize places", 404)
    refused(
        lambda: decide(two_way, organizer, "place-2", cut="digital"),
        "Second prize has no tie to settle: pair 3 wins it outright",
        409,
    )


# ------------------------------------------------------------------ settling


def test_a_three_way_tie_is_cut_and_equal_low_cards_cut_again(three_way, organizer):
    rounds = [
        {1: (4, "S"), 2: (4, "H"), 3: (9, "C")},
        {1: (12, "D"), 2: (2, "C")},
    ]
    row = decide(three_way, organizer, cut=rounds)
    assert (row.method, row.winners, row.pairs) == ("cut", [2], [1, 2, 3])
    assert row.detail["cut"]["rounds"] == [
        [[1, 4, "S"], [2, 4, "H"], [3, 9, "C"]],
        [[1, 12, "D"], [2, 2, "C"]],
    ]
    assert row.detail["cut"]["seed"] is None
    group = ties.prize_groups(three_way).places[0]
    assert group.cut_rounds == [[(1, "4♠"), (2, "4♥"), (3, "9♣")], [(1, "Q♦"), (2, "2♣")]]
    assert group.how.startswith("cut: pair 1 4♠, pair 2 4♥, pair 3 9♣; cut again: pair 1 Q♦")
    assert "pair 2 won" in group.how


def test_a_physical_cut_must_have_a_card_from_exactly_the_pairs_cutting(three_way, organizer):
    refused(lambda: decide(three_way, organizer, cut=[]), "Record the card each tied pair cut")
    refused(
        lambda: decide(three_way, organizer, cut=[{1: (2, "S"), 2: (5, "H")}]),
        "needs one card from each of pairs 1, 2 and 3",
    )
    refused(
        lambda: decide(three_way, organizer, cut=[{1: (2, "S"), 2: (2, "H"), 3: (5, "C")}]),
        "Pairs 1 and 2 are equal on the lowest card and must cut again",
    )
    refused(
        lambda: decide(three_way, organizer, cut=[{1: (14, "S"), 2: (2, "H"), 3: (5, "C")}]),
        "not a playing card",
    )


def test_ace_high_is_a_setting(three_way, organizer):
    PrizeSettings.objects.create(drive=three_way, ace_low=False)
    row = decide(
        three_way,
        organizer,
        cut=[{1: (1, "S"), 2: (13, "H"), 3: (13, "C")}, {2: (5, "D"), 3: (6, "D")}],
    )
    assert row.winners == [2] and row.detail["cut"]["ace_low"] is False


def test_a_play_off_asked_by_one_pair_of_three_is_the_method(three_way, organizer):
    # Pair 3 asks; pairs 1 and 2 agreed to split, but a play-off request comes first.
    refused(
        lambda: decide(three_way, organizer, playoff_requests=[3], split_agreements=[1, 2, 3]),
        "Pairs 1, 2 and 3 play off two at a time: record each game",
    )
    refused(
        lambda: decide(three_way, organizer, playoff_requests=[3], cut="digital"),
        "asked for a play-off, so this tie is not settled by a cut",
    )
    refused(
        lambda: decide(three_way, organizer, playoff_requests=[3], declined=[2], playoff_winner=2),
        "Pair 2 declined the play-off, so it cannot win it",
    )
    refused(
        lambda: decide(three_way, organizer, playoff_requests=[3], declined=[3], playoff_winner=1),
        "asked for the play-off, so it cannot decline it",
    )
    row = decide(three_way, organizer, playoff_requests=[3], declined=[2], playoff_winner=1)
    assert (row.method, row.winners) == ("playoff", [1])
    assert row.detail["requests"] == [3] and row.detail["forfeited"] == [2]
    how = ties.prize_groups(three_way).places[0].how
    assert how == "play-off: pair 3 asked for it; pair 2 declined and forfeited — pair 1 won"


def test_the_only_pair_left_to_play_wins_the_play_off(two_way, organizer):
    row = decide(two_way, organizer, playoff_requests=[2], declined=[1])
    assert row.winners == [2]


def test_a_split_needs_every_tied_pair_to_agree_and_a_money_prize(two_way, organizer):
    refused(
        lambda: decide(two_way, organizer, split_agreements=[1]),
        "First prize can be split only when every tied pair agrees; pair 2 did not",
    )
    refused(
        lambda: decide(two_way, organizer, "place-3", split_agreements=[4, 5]),
        "Third prize is not money, so it cannot be split",
    )
    row = decide(two_way, organizer, split_agreements=[1, 2])
    assert (row.method, row.winners) == ("split", [1, 2])
    assert ties.cash(two_way)["lines"][0] == (
        "First prize: pairs 1 and 2 split it, $10.00 each",
        2000,
        "out",
    )


def test_split_shares_round_down_to_the_clubs_cash_unit(three_way, organizer):
    PlacePrize.objects.create(drive=three_way, place=1, cents=1000)
    decide(three_way, organizer, split_agreements=[1, 2, 3])
    money = ties.cash(three_way)
    assert (money["paid_out"], money["kept_by_hall"]) == (990, 10)  # 330 each
    three_way.club.cash_unit = 1
    three_way.club.save()
    three_way.refresh_from_db()
    money = ties.cash(three_way)
    assert (money["paid_out"], money["kept_by_hall"]) == (999, 1)
    assert "(10¢" not in ties.prize_groups(three_way).places[0].how


def test_a_digital_cut_repeats_from_its_seed(three_way, organizer):
    row = decide(three_way, organizer, cut="digital", seed=77)
    again = prizes.digital_cut([1, 2, 3], seed=77)
    assert row.detail["cut"]["seed"] == 77
    assert row.detail["cut"]["rounds"] == [
        [[p, c[0], c[1]] for p, c in rnd.cards] for rnd in again.rounds
    ]
    assert row.winners == [again.winner]


def test_a_digital_cut_without_a_seed_records_the_one_it_used(two_way, organizer):
    row = decide(two_way, organizer, "place-3", cut="digital")
    seed = row.detail["cut"]["seed"]
    assert isinstance(seed, int)
    assert row.winners == [prizes.digital_cut([4, 5], seed=seed).winner]
    refused(
        lambda: decide(two_way, organizer, cut="digital", seed=-1), "seed must be a whole number"
    )


# ------------------------------------------------------------------ one decision, reopened


def test_deciding_twice_is_refused(two_way, organizer):
    decide(two_way, organizer, cut="digital", seed=1)
    refused(
        lambda: decide(two_way, organizer, split_agreements=[1, 2]),
        "First prize is already decided; reopen it to decide it again",
        409,
    )


def test_reopen_then_decide_again_keeps_the_history_and_one_audit_entry_each(two_way, organizer):
    first = decide(two_way, organizer, cut="digital", seed=5)
    [entry] = audits(two_way, "prize_decide")
    assert entry.old is None
    assert entry.new["method"] == "cut" and entry.new["winners"] == first.winners
    assert entry.actor == organizer and entry.summary.startswith("First prize: cut:")

    row = ties.decision_reopen(
        drive=two_way,
        prize="place-1",
        reason="  pair 2 wants a play-off ",
        actor=organizer,
        now=NOW,
    )
    assert (row.status, row.method, row.winners) == ("open", "", [])
    [reopened] = audits(two_way, "prize_reopen")
    assert reopened.old["winners"] == first.winners and reopened.new["status"] == "open"
    assert reopened.new["reason"] == "pair 2 wants a play-off"
    assert ties.prize_groups(two_way).places[0].is_decided is False
    assert ties.cash(two_way)["lines"][0][0] == "Second prize: pair 3"  # first pays nothing now

    row = decide(two_way, organizer, playoff_requests=[2], playoff_winner=2)
    assert Decision.objects.filter(drive=two_way).count() == 1
    assert [h["action"] for h in row.history] == ["decided", "reopened", "decided"]
    assert row.history[1]["was"]["method"] == "cut"
    assert row.history[1]["reason"] == "pair 2 wants a play-off"
    assert len(audits(two_way, "prize_decide")) == 2
    assert audits(two_way, "prize_decide")[1].old["status"] == "open"


def test_reopen_needs_a_decision_and_a_reason(two_way, organizer):
    def reopen(reason="a mistake", prize="place-1"):
        return lambda: ties.decision_reopen(
            drive=two_way, prize=prize, reason=reason, actor=organizer, now=NOW
        )

    refused(reopen(), "First prize has not been decided, so there is nothing to reopen", 409)
    decide(two_way, organizer, cut="digital", seed=3)
    refused(reopen(reason="   "), "Say why the decision is reopened")
    refused(reopen(reason="x" * 201), "under 200 characters")
    refused(reopen(prize="place-x"), "no such prize")


def test_nothing_is_settled_while_a_result_is_in_conflict(two_way, organizer):
    # A table that pair 3 won goes into conflict: the tie for first stays as it was.
    tg = TableGame.objects.filter(drive=two_way, winner__number=3).first()
    TableGame.objects.filter(pk=tg.pk).update(status="conflict", winner=None)
    assert ties.prize_groups(two_way).places[0].numbers == (1, 2)
    refused(lambda: decide(two_way, organizer, cut="digital", seed=1), "in conflict", 409)


def test_nothing_is_settled_before_the_drive_is_finished(club, organizer):
    drive = started_drive(club, organizer, pairs=4, games=2)
    refused(lambda: decide(drive, organizer, cut="digital"), "finish the drive first", 409)


def test_a_decision_stops_applying_when_a_result_changes_the_tie(two_way, organizer):
    decide(two_way, organizer, cut="digital", seed=9)
    # One of pair 2's wins is taken back: 1 leads alone, 2 and 3 tie for second.
    tg = TableGame.objects.filter(drive=two_way, status="confirmed", winner__number=2).first()
    TableGame.objects.filter(pk=tg.pk).update(status="pending", winner=None)
    state = ties.prize_groups(two_way)
    assert state.places[0].numbers == (1,) and state.places[0].winners == (1,)
    assert state.places[1].numbers == (2, 3) and not state.places[1].is_decided


def test_a_stale_decision_must_be_reopened_before_deciding_again(two_way, organizer):
    decide(two_way, organizer, "place-3", cut="digital", seed=9)
    Decision.objects.filter(drive=two_way, prize="place-3").update(pairs=[4, 6])
    group = ties.prize_groups(two_way).places[2]
    assert group.stale is not None and not group.is_awarded and group.winners == ()
    refused(lambda: decide(two_way, organizer, "place-3", cut="digital"), "already decided", 409)
    ties.decision_reopen(
        drive=two_way, prize="place-3", reason="scores changed", actor=organizer, now=NOW
    )
    row = decide(two_way, organizer, "place-3", cut="digital", seed=9)
    assert row.pairs == [4, 5]


# ------------------------------------------------------------------ booby prize


@pytest.fixture
def three_pairs(club, organizer):
    """A 3-pair drive (a sit-out each game): pair 1 won 2 games, pairs 2 and 3 one each."""
    return finished_night(club, organizer, {1: 2, 2: 1, 3: 1}, games=2, seed=0)


def test_the_booby_on_a_three_pair_drive(three_pairs, organizer):
    # Three places: first is pair 1, second a tie of 2 and 3; every pair holds a place.
    state = ties.prize_groups(three_pairs)
    assert [g.numbers for g in state.places] == [(1,), (2, 3)]
    assert state.booby is None
    assert state.booby_note.startswith("The booby prize is not awarded")
    refused(lambda: decide(three_pairs, organizer, "booby", cut="digital"), "booby", 404)

    # With one place, pairs 2 and 3 tie for the booby and settle it the same ways.
    three_pairs.prize_places = 1
    three_pairs.save()
    PrizeSettings.objects.create(drive=three_pairs, booby_cents=500)
    booby = ties.prize_groups(three_pairs).booby
    assert (booby.numbers, booby.level, booby.is_tie) == ((2, 3), 1, True)
    row = decide(three_pairs, organizer, "booby", split_agreements=[2, 3])
    assert row.winners == [2, 3]
    assert ("Booby prize: pairs 2 and 3 split it, $2.50 each", 500, "out") in ties.cash(
        three_pairs
    )["lines"]


def test_late_or_early_pairs_cannot_win_the_booby_unless_the_setting_allows(three_pairs, organizer):
    three_pairs.prize_places = 1
    three_pairs.save()
    Pair.objects.filter(drive=three_pairs, number=3).update(left_after_game=2)
    assert ties.prize_groups(three_pairs).booby.numbers == (2,)
    Pair.objects.filter(drive=three_pairs, number=3).update(left_after_game=None, arrived_game=2)
    assert ties.prize_groups(three_pairs).booby.numbers == (2,)
    PrizeSettings.objects.create(drive=three_pairs, booby_excludes_late_or_early=False)
    assert ties.prize_groups(three_pairs).booby.numbers == (2, 3)


def test_the_booby_can_be_turned_off(three_way):
    PrizeSettings.objects.create(drive=three_way, booby=False)
    state = ties.prize_groups(three_way)
    assert not state.booby_on and state.booby is None and state.booby_note == ""
    assert ties.prize_groups(three_way).all == state.places


def test_a_single_booby_pair_wins_outright(three_way, organizer):
    booby = ties.prize_groups(three_way).booby
    assert booby.numbers == (6,) and booby.winners == (6,) and booby.method == "outright"


# ------------------------------------------------------------------ screens


DIGITAL = {"action": "digital", "confirm": "yes"}


def tie_url(drive, prize="place-1"):
    return reverse("prizes:tie", args=[drive.pk, prize])


def reopen_url(drive, prize="place-1"):
    return reverse("prizes:tie_reopen", args=[drive.pk, prize])


def goes_to_login(response) -> bool:
    return response.status_code == 302 and response.url.startswith(reverse("login"))


def test_the_tie_screen_shows_the_pairs_their_totals_and_the_ticks(org_client, three_way):
    page = org_client.get(tie_url(three_way)).content.decode()
    assert "First prize: 4 games" in page
    for n in (1, 2, 3):
        assert f"Player {n}a &amp; Player {n}b" in page
        for tick in ("playoff", "split", "declined"):
            assert f'name="{tick}" value="{n}"' in page
    assert "To be settled by cutting the deck" in page and "Settled by" not in page
    assert "Cut for them on this tablet" in page
    assert page.count('name="r1-') == 6  # a rank and a suit for each pair


def tick(client, drive, **ticks):
    data = {"action": "ticks", **{k: [str(n) for n in v] for k, v in ticks.items()}}
    return client.post(tie_url(drive), data)


def test_ticks_change_the_method_shown(org_client, two_way):
    tick(org_client, two_way, playoff=[2])
    page = org_client.get(tie_url(two_way)).content.decode()
    assert "To be settled by a play-off" in page
    assert page.count('name="action" value="playoff"') == 2
    tick(org_client, two_way, split=[1, 2])
    page = org_client.get(tie_url(two_way)).content.decode()
    assert "To be settled by a split" in page and "Split it: $10.00 to each of the 2 pairs" in page
    tick(org_client, two_way, playoff=[2], declined=[1])
    page = org_client.get(tie_url(two_way)).content.decode()
    assert "Only one pair is left to play" in page


def test_a_play_off_winner_is_recorded_on_the_second_tap(org_client, three_way):
    data = {"action": "playoff", "playoff": ["3"], "declined": ["2"], "winner": "1"}
    before = everything()
    response = org_client.post(tie_url(three_way), data)
    assert response.status_code == 200 and everything() == before
    assert "Pair 1 won the play-off for first prize: is that right?" in response.content.decode()
    response = org_client.post(tie_url(three_way), {**data, "confirm": "yes"})
    assert response.status_code == 302 and response.url == tie_url(three_way)
    row = Decision.objects.get(drive=three_way, prize="place-1")
    assert (row.method, row.winners, row.detail["forfeited"]) == ("playoff", [1], [2])
    page = org_client.get(tie_url(three_way)).content.decode()
    assert "pair 1 won" in page and "Reopen the decision" in page
    assert AuditEntry.objects.get(action="prize_decide").source == "front: prizes: tie"


def test_a_digital_cut_shows_every_card_and_the_seed(org_client, three_way):
    before = everything()
    response = org_client.post(tie_url(three_way), {"action": "digital"})
    assert response.status_code == 200 and everything() == before
    assert "Cut now?" in response.content.decode()
    response = org_client.post(tie_url(three_way), DIGITAL, follow=True)
    row = Decision.objects.get(drive=three_way, prize="place-1")
    page = response.content.decode()
    seed = row.detail["cut"]["seed"]
    assert f"seed {seed}" in page
    for rnd in prizes.digital_cut([1, 2, 3], seed=seed).rounds:
        for p, card in rnd.cards:
            assert f"pair {p} <strong>{prizes.card_label(card)}</strong>" in page


def test_a_physical_cut_is_entered_round_by_round(org_client, three_way):
    round1 = {"action": "physical", "r1-1-rank": "4", "r1-1-suit": "S", "r1-2-rank": "4",
              "r1-2-suit": "H", "r1-3-rank": "9", "r1-3-suit": "C"}  # fmt: skip
    response = org_client.post(tie_url(three_way), round1)
    assert response.status_code == 302
    # The round is kept on the server: the tie is open, with its first round.
    row = Decision.objects.get(drive=three_way, prize="place-1")
    assert (row.status, row.detail["rounds"]) == ("open", [[[1, 4, "S"], [2, 4, "H"], [3, 9, "C"]]])
    assert audits(three_way, "prize_step")[-1].summary == (
        "First prize: cut round 1: pair 1 4♠, pair 2 4♥, pair 3 9♣; pairs 1 and 2 cut again"
    )
    page = org_client.get(tie_url(three_way)).content.decode()
    assert "cut again (round 2)" in page
    assert 'name="r2-1-rank"' in page and 'name="r2-2-rank"' in page and "r2-3-rank" not in page
    round2 = {"action": "physical", "r2-1-rank": "13", "r2-1-suit": "D", "r2-2-rank": "1",
              "r2-2-suit": "C"}  # fmt: skip
    response = org_client.post(tie_url(three_way), round2, **HTMX)
    assert response.status_code == 200 and b"<html" not in response.content
    row = Decision.objects.get(drive=three_way, prize="place-1")
    assert row.winners == [2] and len(row.detail["cut"]["rounds"]) == 2
    assert "pair 2 won" in response.content.decode()


def test_a_split_through_the_screen(org_client, two_way):
    response = org_client.post(tie_url(two_way), {"action": "split", "split": ["1", "2"]})
    assert response.status_code == 302
    assert Decision.objects.get(drive=two_way).method == "split"


@pytest.mark.parametrize(
    "data, message",
    [
        ({"action": "split", "split": ["1"]}, "pair 2 did not"),
        ({"action": "split", "split": ["x"]}, "is not a pair number"),
        ({"action": "split", "split": ["99"]}, "Pair 99 is not in this tie"),
        ({"action": "split", "split": ["1", "1", "2"]}, "Pair 1 is ticked twice"),
        ({"action": "split", "split": ["-1"]}, "is not a pair number"),
        ({"action": "playoff", "playoff": ["1"]}, "Tap the pair that won the play-off"),
        ({"action": "playoff", "playoff": ["1"], "winner": "abc"}, "is not a pair number"),
        ({"action": "playoff", "playoff": ["1"], "winner": "6"}, "Pair 6 is not in this tie"),
        ({"action": "toss"}, "Choose how the tie is settled"),
        (
            {
                "action": "physical",
                "r1-1-rank": "14",
                "r1-1-suit": "S",
                "r1-2-rank": "2",
                "r1-2-suit": "H",
            },
            "a rank from A to K",
        ),  # fmt: skip
        (
            {
                "action": "physical",
                "r1-1-rank": "3",
                "r1-1-suit": "X",
                "r1-2-rank": "2",
                "r1-2-suit": "H",
            },
            "a rank from A to K",
        ),  # fmt: skip
        ({"action": "physical", "r1-1-rank": "3", "r1-1-suit": "S"}, "one card from each"),
        ({"action": "physical", "r2-1-rank": "3", "r2-1-suit": "S"}, "out of order"),
        (
            {
                "action": "physical",
                "r1-1-rank": "3",
                "r1-1-suit": "S",
                "r1-2-rank": "4",
                "r1-2-suit": "H",
                "r1-9-rank": "4",
                "r1-9-suit": "H",
            },
            "Pair 9 is not in this tie",
        ),  # fmt: skip
    ],
)
def test_bad_input_is_refused_with_a_clear_message(org_client, two_way, data, message):
    before = everything()
    response = org_client.post(tie_url(two_way), data)
    assert response.status_code == 400
    assert message in response.content.decode()
    response = org_client.post(tie_url(two_way), data, **HTMX)
    assert response.status_code == 400 and response["HX-Retarget"] == "#flash"
    assert message in response.content.decode()
    assert everything() == before


def test_bad_ticks_are_refused_and_write_nothing(org_client, two_way):
    before = everything()
    assert tick(org_client, two_way, playoff=["zz"]).status_code == 400
    assert tick(org_client, two_way, split=[7]).status_code == 400
    assert tick(org_client, two_way, playoff=[1], declined=[1]).status_code == 400
    assert everything() == before


def test_refusals_under_htmx_go_to_the_flash_region(org_client, two_way):
    org_client.post(tie_url(two_way), DIGITAL)
    before = everything()
    response = org_client.post(tie_url(two_way), DIGITAL, **HTMX)
    assert response.status_code == 409 and response["HX-Retarget"] == "#flash"
    assert "already decided" in response.content.decode()
    response = org_client.post(reopen_url(two_way), {"reason": ""}, **HTMX)
    assert response.status_code == 400 and response["HX-Retarget"] == "#flash"
    assert everything() == before


def test_conflict_shows_on_the_screen_and_refuses_the_post(org_client, two_way):
    tg = TableGame.objects.filter(drive=two_way, winner__number=3).first()
    TableGame.objects.filter(pk=tg.pk).update(status="conflict", winner=None)
    page = org_client.get(tie_url(two_way)).content.decode()
    assert "in conflict" in page and "Cut for them on this tablet" not in page
    before = everything()
    assert org_client.post(tie_url(two_way), DIGITAL).status_code == 409
    assert everything() == before


def test_reopen_through_the_screen(org_client, two_way):
    org_client.post(tie_url(two_way), DIGITAL)
    response = org_client.post(reopen_url(two_way), {"reason": "wrong pair cut"})
    assert response.status_code == 302 and response.url == tie_url(two_way)
    assert Decision.objects.get(drive=two_way).status == "open"
    response = org_client.post(reopen_url(two_way), {"reason": "again"}, **HTMX)
    assert response.status_code == 409 and "nothing to reopen" in response.content.decode()
    org_client.post(tie_url(two_way), DIGITAL)
    response = org_client.post(reopen_url(two_way), {"reason": "wrong pair cut"}, **HTMX)
    assert response.status_code == 200 and b"<html" not in response.content
    assert b"Cut for them on this tablet" in response.content


def test_a_prize_without_a_tie_or_not_awarded(org_client, two_way):
    page = org_client.get(tie_url(two_way, "place-2")).content.decode()
    assert "Pair 3 wins it outright" in page
    assert org_client.get(tie_url(two_way, "place-7")).status_code == 404
    assert org_client.get(tie_url(two_way, "nonsense")).status_code == 404
    assert org_client.post(tie_url(two_way, "place-2"), DIGITAL).status_code == 409


def test_wrong_methods(org_client, two_way):
    assert org_client.put(tie_url(two_way)).status_code == 405
    assert org_client.delete(tie_url(two_way)).status_code == 405
    assert org_client.get(reopen_url(two_way)).status_code == 405


@pytest.mark.parametrize("method", ["get", "post"])
def test_outsiders(anon_client, other_club_client, scorer_client, two_way, method):
    for url in (tie_url(two_way), reopen_url(two_way)):
        if method == "get" and url.endswith("reopen/"):
            continue
        before = everything()
        call = getattr(anon_client, method)
        assert goes_to_login(call(url, {"action": "digital"} if method == "post" else {}))
        call = getattr(other_club_client, method)
        assert call(url, {"action": "digital", "reason": "x"}).status_code == 404
        assert call(url, {"action": "digital", "reason": "x"}, **HTMX).status_code == 404
        call = getattr(scorer_client, method)
        assert call(url, {"action": "digital", "reason": "x"}).status_code == 403
        assert everything() == before


def test_htmx_get_returns_just_the_content(org_client, two_way):
    response = org_client.get(tie_url(two_way) + "?playoff=1", **HTMX)
    assert response.status_code == 200
    assert b"<html" not in response.content and b'id="content"' in response.content


# ------------------------------------------------------------------ the section


def test_the_section_on_the_prizes_page_and_the_report(org_client, two_way):
    decide(
        two_way, two_way.club.memberships.first().user, "place-3", cut=[{4: (1, "C"), 5: (5, "H")}]
    )
    page = org_client.get(reverse("prizes:prizes", args=[two_way.pk])).content.decode()
    assert "First prize: 4 games" in page and "Tie: settle" in page
    assert tie_url(two_way) in page
    assert "cut: pair 4 A♣, pair 5 5♥ — pair 4 won (cards cut by hand)" in page
    assert "Booby prize: 0 games" in page
    report = org_client.get(reverse("prizes:report", args=[two_way.pk])).content.decode()
    assert "First prize: 4 games" in report and "Tie: not settled yet." in report
    assert "Tie: settle" not in report and tie_url(two_way) not in report
    assert "cut: pair 4 A♣, pair 5 5♥ — pair 4 won" in report


def test_the_section_says_which_prizes_are_not_awarded(org_client, three_pairs):
    three_pairs.prize_places = 4
    three_pairs.save()
    page = org_client.get(reverse("prizes:report", args=[three_pairs.pk])).content.decode()
    assert "Prizes 3 and 4 are not awarded: there are only 2 different scores." in page
    assert "The booby prize is not awarded" in page


def test_cash_is_zero_when_nothing_is_money(three_way):
    assert ties.cash(three_way) == {
        "takings": 0,
        "paid_out": 0,
        "carried_over": 0,
        "kept_by_hall": 0,
        "lines": [],
    }


def test_labels():
    assert ties.prize_label("place-1") == "First prize"
    assert ties.prize_label("place-12") == "Prize 12"
    assert ties.prize_label("booby") == "Booby prize"
    assert ties.pairs_text([7, 3, 5]) == "pairs 3, 5 and 7"
    assert re.fullmatch(r"pair 12", ties.pairs_text([12]))
