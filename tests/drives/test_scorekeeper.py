"""The hand-by-hand scorekeeper at drive tables (drives/services.py hand_add,
hand_undo, scoresheet; the scoresheet screen in drives/views.py).

The rules themselves are tested in test_games_*.py; here: the spec's worked
examples through the drive, the table's result filled in when the rules declare
a winner, refusals that write nothing, two devices at one table, undo."""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse

from clubs.interface import DriveError, StaleError
from clubs.models import AuditEntry
from drives import queries, services
from drives.models import Hand, TableGame
from tests.builders import HTMX, NOW, play_game, row_counts, started_drive
from tests.builders.scoresheets import hand, posted, seated, sheet, sheet_url, with_options

pytestmark = pytest.mark.django_db


def sitout_table(drive, game=1):
    return TableGame.objects.get(drive=drive, game=game, status="sitout").table


def counts():
    return {**row_counts(), "Hand": Hand.objects.count()}


def undo(drive, table, actor, game=None, number=None):
    drive.refresh_from_db()
    return services.hand_undo(
        drive=drive,
        game=game or drive.current_game,
        table=table,
        actor=actor,
        now=NOW,
        number=number,
    )


def result_of(drive, table, game=1):
    tg = TableGame.objects.select_related("winner").get(drive=drive, game=game, table=table)
    return tg.status, tg.winner.number if tg.winner else None


@pytest.fixture
def drive(club, organizer):
    """Traditional 45 ("forty_fives"), 9 pairs, 3 games: tables 1-4 play, 5 sits out."""
    return started_drive(club, organizer, pairs=9, games=3, seed=42)


@pytest.fixture
def auction(club, organizer):
    return started_drive(club, organizer, pairs=4, games=2, seed=7, game="auction_45")


def play_worked_example(drive, organizer):
    """The spec's traditional 45 example: A 25-5, 35-25, then 50-40 and A wins."""
    table, a, b = seated(drive)
    hand(drive, table, 1, {a: 4, b: 1}, a, actor=organizer)
    hand(drive, table, 2, {a: 2, b: 3}, b, actor=organizer)
    hand(drive, table, 3, {a: 2, b: 3}, a, actor=organizer)
    return table, a, b


# --- The spec's worked examples ---------------------------------------------


def test_traditional_45_worked_example_and_the_result_counts_at_once(drive, organizer):
    table, a, b = seated(drive)
    hand(drive, table, 1, {a: 4, b: 1}, a, actor=organizer)
    assert sheet(drive, table).totals == (25, 5)
    hand(drive, table, 2, {a: 2, b: 3}, b, actor=organizer)
    s = sheet(drive, table)
    assert (s.totals, s.winner) == ((35, 25), None)
    assert result_of(drive, table) == ("pending", None)
    hand(drive, table, 3, {a: 2, b: 3}, a, actor=organizer)
    s = sheet(drive, table)
    assert [h.totals for h in s.hands] == [(25, 5), (35, 25), (50, 40)]
    assert [h.points for h in s.hands] == [(25, 5), (10, 20), (15, 15)]
    assert (s.winner, s.result_in, s.takes_hands) == (a, True, False)
    # Pair A's win is the table's result, counted from the front at once.
    assert result_of(drive, table) == ("confirmed", a)
    assert queries.game_count(drive, 1).counted == 2  # this table and the sit-out
    tg = TableGame.objects.get(drive=drive, game=1, table=table)
    assert (tg.source, tg.entered_by) == ("front", organizer)
    actions = list(AuditEntry.objects.filter(drive=drive).values_list("action", flat=True))
    assert actions.count("hand_add") == 3 and actions.count("result_record") == 1


@pytest.mark.parametrize(
    "tricks,best,scores",
    [
        ((5, 0), "a", (30, 0)),
        ((4, 1), "a", (25, 5)),
        ((3, 2), "a", (20, 10)),
        ((2, 3), "b", (10, 20)),
        ((5, 0), None, (25, 0)),
        ((4, 1), None, (20, 5)),
        ((3, 2), None, (15, 10)),
    ],
)
def test_one_hand_scores_as_the_spec_lists(drive, organizer, tricks, best, scores):
    table, a, b = seated(drive)
    who = {"a": a, "b": b, None: None}[best]
    hand(drive, table, 1, {a: tricks[0], b: tricks[1]}, who, actor=organizer)
    assert sheet(drive, table).totals == scores


def test_the_pair_in_the_second_seat_is_the_second_side(drive, organizer):
    table, a, b = seated(drive)
    s = sheet(drive, table)
    assert s.numbers == (a, b)
    hand(drive, table, 1, {a: 1, b: 4}, b, actor=organizer)
    hand(drive, table, 2, {a: 1, b: 4}, b, actor=organizer)
    assert sheet(drive, table).totals == (10, 50)
    assert result_of(drive, table) == ("confirmed", b)


def test_a_win_changes_a_different_result_tapped_at_the_front(drive, organizer):
    table, a, b = seated(drive)
    services.result_record(
        drive=drive, game=1, table=table, winner_number=b, actor=organizer, now=NOW
    )
    play_worked_example(drive, organizer)
    assert result_of(drive, table) == ("confirmed", a)
    assert AuditEntry.objects.filter(drive=drive, action="result_change").count() == 1


def test_auction_from_nothing_to_out_with_a_set_and_a_locked_pair(auction, organizer):
    table, a, b = seated(auction)
    for n in (1, 2, 3):  # A bids 30 and takes every trick: 30 a hand
        hand(auction, table, n, {a: 5, b: 0}, a, bidder=a, bid=30, actor=organizer)
    s = sheet(auction, table)
    assert (s.totals, s.green, s.locked) == ((90, 0), (a,), ())
    hand(auction, table, 4, {a: 3, b: 2}, a, bidder=a, bid=15, actor=organizer)
    s = sheet(auction, table)
    assert (s.totals, s.locked) == ((110, 10), (a,))
    # B bids 20 and takes 10: set. A took 20 but is locked and did not bid.
    hand(auction, table, 5, {a: 3, b: 2}, a, bidder=b, bid=20, actor=organizer)
    s = sheet(auction, table)
    assert (s.totals, s.hands[-1].points, s.hands[-1].made) == ((110, -10), (0, -20), False)
    assert result_of(auction, table) == ("pending", None)
    # A bids 15 and makes it: 125, A goes out.
    hand(auction, table, 6, {a: 2, b: 3}, a, bidder=a, bid=15, actor=organizer)
    s = sheet(auction, table)
    assert (s.totals, s.winner) == ((125, 5), a)
    assert result_of(auction, table) == ("confirmed", a)


# The spec's auction example starts from given scores (A 100, B 80); a table's
# game always starts at 0, so that example is tested in tests/scoring/test_games_auction.py.


def test_a_slam_is_a_bid_only_when_the_drive_plays_it(auction, organizer):
    table, a, b = seated(auction)
    with pytest.raises(DriveError, match="a bid must be 15, 20, 25 or 30"):
        hand(auction, table, 1, {a: 5, b: 0}, a, bidder=a, bid=120, actor=organizer)
    with_options(auction, slam=True)
    assert [label for _, label in sheet(auction, table).bids][-1] == "Slam"
    hand(auction, table, 1, {a: 5, b: 0}, a, bidder=a, bid=120, actor=organizer)
    s = sheet(auction, table)
    assert (s.totals, s.winner) == ((120, 0), a)
    assert result_of(auction, table) == ("confirmed", a)


# --- Refusals ---------------------------------------------------------------


@pytest.mark.parametrize(
    "game,tricks,best,bidder,bid,reason",
    [
        ("forty_fives", (3, 3), "a", None, None, "tricks add up to 6, must be 5"),
        ("forty_fives", (4, 0), None, None, None, "tricks add up to 4, must be 5"),
        ("forty_fives", (5, 0), "b", None, None, "the best trump was won by a side with no trick"),
        ("forty_fives", (-1, 6), "b", None, None, "a side's tricks must be a whole number"),
        ("forty_fives", (3, 2), "a", "a", 20, "Forty-Fives has no bidding"),
        ("auction_45", (3, 2), "a", None, None, "enter who won the bid and for how much"),
        ("auction_45", (3, 2), "a", "a", 35, "a bid must be 15, 20, 25 or 30"),
        ("one_ten", (3, 2), "a", "b", 10, "a bid must be 15, 20, 25 or 30"),
    ],
)
def test_an_impossible_hand_is_refused_with_the_rules_reason_and_nothing_is_written(
    club, organizer, game, tricks, best, bidder, bid, reason
):
    drive = started_drive(club, organizer, pairs=4, games=2, game=game)
    table, a, b = seated(drive)
    who = {"a": a, "b": b, None: None}
    before = counts()
    with pytest.raises(DriveError) as refused:
        hand(
            drive,
            table,
            1,
            {a: tricks[0], b: tricks[1]},
            who[best],
            bidder=who[bidder],
            bid=bid,
            actor=organizer,
        )
    assert refused.value.status == 400
    assert reason in refused.value.message
    assert refused.value.message.startswith("Hand 1 refused: ")
    assert counts() == before


def test_an_option_of_the_drive_is_applied_to_the_refusal(auction, organizer):
    with_options(auction, minimum_20_at_100=True)
    table, a, b = seated(auction)
    for n in (1, 2, 3):
        hand(auction, table, n, {a: 5, b: 0}, a, bidder=a, bid=30, actor=organizer)
    hand(auction, table, 4, {a: 3, b: 2}, a, bidder=a, bid=15, actor=organizer)  # A on 110
    before = counts()
    with pytest.raises(DriveError, match="a side on 110 may not bid 15 under this drive's rules"):
        hand(auction, table, 5, {a: 3, b: 2}, a, bidder=a, bid=15, actor=organizer)
    assert counts() == before


@pytest.mark.parametrize(
    "record,message",
    [
        ({"tricks": {}, "best": None}, "Enter the tricks of pair"),
        ({"tricks": "5-0", "best": None}, "Enter the tricks of each pair."),
        ({"tricks": {"x": 5}, "best": None}, "Enter the tricks of each pair."),
    ],
)
def test_a_hand_without_the_tricks_of_each_pair_is_refused(drive, organizer, record, message):
    table, _, _ = seated(drive)
    before = counts()
    with pytest.raises(DriveError, match=message):
        services.hand_add(
            drive=drive,
            game=1,
            table=table,
            record=record,
            number=1,
            key="k",
            actor=organizer,
            now=NOW,
        )
    assert counts() == before


def test_a_pair_from_another_table_is_refused(drive, organizer):
    table, a, b = seated(drive)
    stranger = next(n for n in drive.pairs.values_list("number", flat=True) if n not in (a, b))
    before = counts()
    with pytest.raises(DriveError, match=f"Pair {stranger} is not seated at table {table}"):
        hand(drive, table, 1, {a: 4, b: 1}, stranger, actor=organizer)
    with pytest.raises(DriveError, match=f"Pair {stranger} is not seated"):
        hand(drive, table, 1, {a: 4, stranger: 1}, a, actor=organizer)
    assert counts() == before


def test_a_sit_out_has_no_game_to_keep(drive, organizer):
    table = sitout_table(drive)
    before = counts()
    with pytest.raises(DriveError, match="sit-out"):
        hand(drive, table, 1, {1: 5}, None, actor=organizer)
    with pytest.raises(DriveError, match="sit-out"):
        services.scoresheet(drive, 1, table)
    assert counts() == before


def test_a_finished_game_takes_no_more_hands(drive, organizer):
    table, a, b = play_worked_example(drive, organizer)
    before = counts()
    with pytest.raises(DriveError, match=f"The game is over: Pair {a} won") as refused:
        hand(drive, table, 4, {a: 3, b: 2}, b, actor=organizer)
    assert refused.value.status == 409
    assert counts() == before


def test_a_game_no_longer_current_takes_no_hands_and_no_undo(drive, organizer):
    table, a, b = seated(drive)
    hand(drive, table, 1, {a: 4, b: 1}, a, actor=organizer)
    play_game(drive, organizer)
    services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW)
    before = counts()
    with pytest.raises(StaleError, match="Game 1 is not the current game"):
        hand(drive, table, 2, {a: 4, b: 1}, a, actor=organizer, game=1)
    with pytest.raises(StaleError, match="Game 1 is not the current game"):
        undo(drive, table, organizer, game=1)
    assert counts() == before
    # The hands stay with the game, read-only.
    s = sheet(drive, table, game=1)
    assert (s.totals, s.open, s.takes_hands) == ((25, 5), False, False)


def test_a_finished_drive_takes_no_hands(club, organizer):
    drive = started_drive(club, organizer, pairs=4, games=1)
    play_game(drive, organizer)
    services.drive_finish(drive=drive, from_game=1, actor=organizer, now=NOW)
    table, a, b = seated(drive)
    before = counts()
    with pytest.raises(DriveError, match="The drive is finished"):
        hand(drive, table, 1, {a: 4, b: 1}, a, actor=organizer, game=1)
    assert counts() == before


# --- Two devices, retries -----------------------------------------------------


def test_the_same_submission_five_times_keeps_one_hand_and_one_audit_entry(drive, organizer):
    table, a, b = seated(drive)
    kept = [hand(drive, table, 1, {a: 4, b: 1}, a, key="abc123", actor=organizer) for _ in range(5)]
    assert {h.pk for h in kept} == {kept[0].pk}
    assert Hand.objects.count() == 1
    assert AuditEntry.objects.filter(drive=drive, action="hand_add").count() == 1
    assert sheet(drive, table).totals == (25, 5)


def test_a_retry_of_the_winning_hand_is_not_refused_as_a_finished_game(drive, organizer):
    table, a, b = play_worked_example(drive, organizer)
    again = hand(drive, table, 3, {a: 2, b: 3}, a, key="key-3", actor=organizer)
    assert again.number == 3
    assert Hand.objects.count() == 3
    assert AuditEntry.objects.filter(drive=drive, action="result_record").count() == 1


def test_the_same_key_with_a_different_hand_is_refused(drive, organizer):
    table, a, b = seated(drive)
    hand(drive, table, 1, {a: 4, b: 1}, a, key="abc123", actor=organizer)
    before = counts()
    with pytest.raises(StaleError, match="Hand 1 was already entered from this page"):
        hand(drive, table, 1, {a: 1, b: 4}, b, key="abc123", actor=organizer)
    assert counts() == before


def test_two_devices_entering_the_same_hand_number_conflict(drive, organizer):
    table, a, b = seated(drive)
    hand(drive, table, 1, {a: 4, b: 1}, a, key="phone-1", actor=organizer)
    before = counts()
    # The second phone sends its own (same or different) hand 1: refused, 409.
    for tricks in ({a: 4, b: 1}, {a: 2, b: 3}):
        with pytest.raises(StaleError, match="Hand 1 was already entered on another device") as e:
            hand(drive, table, 1, tricks, a, key="phone-2", actor=organizer)
        assert e.value.status == 409
    with pytest.raises(StaleError, match="the next hand is hand 2"):
        hand(drive, table, 5, {a: 4, b: 1}, a, key="phone-2", actor=organizer)
    assert counts() == before
    assert sheet(drive, table).totals == (25, 5)


@pytest.mark.parametrize("key", ["", "k" * 65])
def test_a_hand_without_a_proper_key_is_refused(drive, organizer, key):
    table, a, b = seated(drive)
    before = counts()
    with pytest.raises(DriveError, match="out of date"):
        services.hand_add(
            drive=drive,
            game=1,
            table=table,
            record={"tricks": {a: 4, b: 1}, "best": a},
            number=1,
            key=key,
            actor=organizer,
            now=NOW,
        )
    assert counts() == before


# --- Undo -------------------------------------------------------------------


def test_undo_takes_back_the_last_hand(drive, organizer):
    table, a, b = seated(drive)
    hand(drive, table, 1, {a: 4, b: 1}, a, actor=organizer)
    hand(drive, table, 2, {a: 2, b: 3}, b, actor=organizer)
    undone = undo(drive, table, organizer)
    assert (undone.number, undone.result_taken_back) == (2, False)
    s = sheet(drive, table)
    assert (s.totals, s.next_number) == ((25, 5), 2)
    [entry] = AuditEntry.objects.filter(drive=drive, action="hand_undo")
    assert entry.old["number"] == 2 and entry.new["hands"] == 1
    # The hand can be entered again, with a new key.
    hand(drive, table, 2, {a: 3, b: 2}, a, key="again", actor=organizer)
    assert sheet(drive, table).totals == (45, 15)


def test_undoing_the_winning_hand_takes_the_result_back_too(drive, organizer):
    table, a, b = play_worked_example(drive, organizer)
    audits = AuditEntry.objects.count()
    undone = undo(drive, table, organizer)
    assert (undone.number, undone.result_taken_back) == (3, True)
    assert result_of(drive, table) == ("pending", None)
    assert AuditEntry.objects.count() == audits + 1  # one entry: the hand and its win
    s = sheet(drive, table)
    assert (s.totals, s.winner, s.takes_hands) == ((35, 25), None, True)
    # The front's "undo the last result" does not find the win again.
    with pytest.raises(DriveError, match="no result of this game to undo"):
        services.result_undo(drive=drive, actor=organizer, now=NOW)
    hand(drive, table, 3, {a: 3, b: 2}, a, key="again", actor=organizer)
    assert result_of(drive, table) == ("confirmed", a)


def test_undo_leaves_a_result_the_front_has_changed_since(drive, organizer):
    table, a, b = play_worked_example(drive, organizer)
    services.result_record(
        drive=drive, game=1, table=table, winner_number=b, actor=organizer, now=NOW
    )
    assert sheet(drive, table).result_in is False
    undone = undo(drive, table, organizer)
    assert undone.result_taken_back is False
    assert result_of(drive, table) == ("confirmed", b)


def test_after_the_front_takes_the_win_back_undo_only_removes_the_hand(drive, organizer):
    table, a, b = play_worked_example(drive, organizer)
    services.result_undo(drive=drive, actor=organizer, now=NOW)
    assert result_of(drive, table) == ("pending", None)
    assert undo(drive, table, organizer).result_taken_back is False
    assert result_of(drive, table) == ("pending", None)
    assert Hand.objects.count() == 2


def test_undo_with_no_hand_writes_nothing(drive, organizer):
    table, _, _ = seated(drive)
    before = counts()
    with pytest.raises(DriveError, match="nothing to undo") as refused:
        undo(drive, table, organizer)
    assert refused.value.status == 409
    assert counts() == before


def test_undo_from_a_page_that_missed_another_devices_hand_is_refused(drive, organizer):
    table, a, b = seated(drive)
    hand(drive, table, 1, {a: 4, b: 1}, a, actor=organizer)
    hand(drive, table, 2, {a: 2, b: 3}, b, actor=organizer)
    before = counts()
    with pytest.raises(StaleError, match="the last hand is now hand 2"):
        undo(drive, table, organizer, number=1)
    assert counts() == before


# --- Screens ------------------------------------------------------------------


def test_the_scoresheet_page_shows_big_controls_and_the_running_score(org_client, drive, organizer):
    table, a, b = seated(drive)
    hand(drive, table, 1, {a: 4, b: 1}, a, actor=organizer)
    r = org_client.get(sheet_url(drive, table))
    assert r.status_code == 200
    page = r.content.decode()
    assert f"Game 1, table {table}" in page
    assert '<span class="total">25</span>' in page and '<span class="total">5</span>' in page
    assert f'name="tricks_{a}" value="5"' in page and f'name="tricks_{b}" value="0"' in page
    assert 'name="best" value="none"' in page and "No trump played" in page
    assert 'name="number" value="2"' in page
    assert 'name="bid"' not in page  # Forty-Fives has no bidding
    assert "Undo last hand (hand 1)" in page
    assert f'action="{sheet_url(drive, table, name="drives:hand_add")}"' in page


def test_an_auction_scoresheet_asks_for_the_bidder_and_the_bid(org_client, auction):
    table, a, b = seated(auction)
    page = org_client.get(sheet_url(auction, table)).content.decode()
    assert f'name="bidder" value="{a}"' in page
    for bid in (15, 20, 25, 30):
        assert f'name="bid" value="{bid}"' in page
    assert "Slam" not in page
    with_options(auction, slam=True)
    page = org_client.get(sheet_url(auction, table)).content.decode()
    assert 'name="bid" value="120"' in page and "Slam" in page


def test_each_key_on_the_page_is_fresh(org_client, drive):
    table, _, _ = seated(drive)
    pages = [org_client.get(sheet_url(drive, table)).content.decode() for _ in range(2)]
    keys = [p.split('name="key" value="')[1].split('"')[0] for p in pages]
    assert keys[0] != keys[1] and len(keys[0]) == 32


def test_the_results_screen_offers_keep_score_on_two_pair_tables(org_client, drive):
    table, _, _ = seated(drive)
    page = org_client.get(reverse("drives:game", args=[drive.pk, 1])).content.decode()
    assert f'href="{sheet_url(drive, table)}"' in page
    assert page.count("Keep score") == 4  # tables 1-4; table 5 sits out
    assert f'href="{sheet_url(drive, sitout_table(drive))}"' not in page


def test_entering_a_hand_through_the_page(org_client, drive, organizer):
    table, a, b = seated(drive)
    r = org_client.post(sheet_url(drive, table), posted(a, b, 4, 1, a))
    assert r.status_code == 302 and r.url == sheet_url(drive, table)
    [h] = Hand.objects.all()
    assert (h.number, h.key, h.entered_by, h.source) == (1, "page-key-1", organizer, "front")
    assert h.record == {"tricks": {str(a): 4, str(b): 1}, "best": a, "bidder": None, "bid": None}
    entry = AuditEntry.objects.get(action="hand_add")
    assert entry.source == "front: scoresheet"
    page = org_client.get(r.url).content.decode()
    assert "Hand 1 entered." in page


def test_a_browser_retry_of_the_same_page_keeps_one_hand(org_client, drive):
    table, a, b = seated(drive)
    for _ in range(5):
        assert org_client.post(sheet_url(drive, table), posted(a, b, 4, 1, a)).status_code == 302
    assert Hand.objects.count() == 1
    assert AuditEntry.objects.filter(action="hand_add").count() == 1


def test_entering_a_hand_under_htmx_returns_the_sheet_and_the_message(org_client, drive):
    table, a, b = seated(drive)
    r = org_client.post(sheet_url(drive, table), posted(a, b, 4, 1, "none"), **HTMX)
    assert r.status_code == 200
    page = r.content.decode()
    assert "<html" not in page and page.strip().startswith('<div id="content"')
    assert '<span class="total">20</span>' in page
    assert 'id="flash"' in page and 'hx-swap-oob="true"' in page and "Hand 1 entered." in page


def test_the_winning_hand_says_the_result_is_in_and_links_back(org_client, drive, organizer):
    table, a, b = seated(drive)
    hand(drive, table, 1, {a: 4, b: 1}, a, actor=organizer)
    hand(drive, table, 2, {a: 2, b: 3}, b, actor=organizer)
    r = org_client.post(sheet_url(drive, table), posted(a, b, 2, 3, a, number=3), follow=True)
    page = unescape(r.content.decode())
    assert f"Pair {a} won the game — the table's result is in." in page
    assert f'href="{reverse("drives:game", args=[drive.pk, 1])}#table-{table}"' in page
    assert 'name="tricks_' not in page  # no more hands
    assert result_of(drive, table) == ("confirmed", a)


@pytest.mark.parametrize("htmx", [False, True])
def test_a_refused_hand_shows_the_reason_and_keeps_the_form(org_client, drive, htmx):
    table, a, b = seated(drive)
    before = counts()
    extra = HTMX if htmx else {}
    r = org_client.post(sheet_url(drive, table), posted(a, b, 3, 3, a, key="kept-key"), **extra)
    assert r.status_code == 400
    page = r.content.decode()
    assert "Hand 1 refused: tricks add up to 6, must be 5." in page
    assert 'class="msg error"' in page
    assert f'name="tricks_{a}" value="3" required checked' in page
    assert f'name="best" value="{a}" required checked' in page
    assert 'name="key" value="kept-key"' in page
    assert counts() == before


@pytest.mark.parametrize(
    "drop,message",
    [
        ("best", "Tap who won the best trump"),
        ("tricks_b", "Tap the tricks of Pair"),
        ("key", "This page is out of date"),
    ],
)
def test_a_hand_with_a_tap_missing_is_refused(org_client, drive, drop, message):
    table, a, b = seated(drive)
    data = posted(a, b, 4, 1, a)
    data.pop(f"tricks_{b}" if drop == "tricks_b" else drop)
    before = counts()
    r = org_client.post(sheet_url(drive, table), data)
    assert r.status_code == 400
    assert message in r.content.decode()
    assert counts() == before


def test_a_hand_another_device_entered_first_is_a_409_with_the_fresh_sheet(
    org_client, drive, organizer
):
    table, a, b = seated(drive)
    hand(drive, table, 1, {a: 2, b: 3}, b, key="phone-1", actor=organizer)
    before = counts()
    r = org_client.post(sheet_url(drive, table), posted(a, b, 4, 1, a, key="phone-2"))
    assert r.status_code == 409
    page = r.content.decode()
    assert "Hand 1 was already entered on another device." in page
    assert '<span class="total">20</span>' in page  # the other device's hand is shown
    assert 'name="number" value="2"' in page and "phone-2" not in page
    assert counts() == before


def test_undo_through_the_page(org_client, drive, organizer):
    table, a, b = play_worked_example(drive, organizer)
    url = sheet_url(drive, table, name="drives:hand_undo")
    r = org_client.post(url, {"number": "3"})
    assert r.status_code == 302 and r.url == sheet_url(drive, table)
    assert result_of(drive, table) == ("pending", None)
    page = unescape(org_client.get(r.url).content.decode())
    assert "Hand 3 taken back. The table's result was taken back too" in page
    r = org_client.post(url, {"number": "2"}, **HTMX)
    assert r.status_code == 200 and "<html" not in r.content.decode()
    assert Hand.objects.count() == 1


def test_undo_from_a_stale_page_under_htmx_is_a_message_in_the_flash(org_client, drive, organizer):
    table, a, b = play_worked_example(drive, organizer)
    url = sheet_url(drive, table, name="drives:hand_undo")
    r = org_client.post(url, {"number": "2"}, **HTMX)
    # The sheet again with the message out of band: the form's hx-select="#content" drops
    # a refusal sent to the flash region alone, and nothing was said on screen.
    html = unescape(r.content.decode())
    assert r.status_code == 409 and '<div id="content"' in html
    assert "the last hand is now hand 3" in html[html.index('<div id="flash"') :]
    assert r["HX-Reswap"] == "outerHTML show:#flash:top"
    assert Hand.objects.count() == 3


def test_a_scorer_may_keep_score(scorer_client, drive):
    table, a, b = seated(drive)
    assert scorer_client.get(sheet_url(drive, table)).status_code == 200
    assert scorer_client.post(sheet_url(drive, table), posted(a, b, 4, 1, a)).status_code == 302
    url = sheet_url(drive, table, name="drives:hand_undo")
    assert scorer_client.post(url, {"number": "1"}).status_code == 302
    assert Hand.objects.count() == 0


def scorekeeper_requests(drive):
    table, a, b = seated(drive)
    return [
        ("get", sheet_url(drive, table), None),
        ("post", sheet_url(drive, table), posted(a, b, 4, 1, a)),
        ("post", sheet_url(drive, table, name="drives:hand_undo"), {"number": "1"}),
    ]


def test_another_club_gets_not_found_and_nothing_changes(other_club_client, drive, organizer):
    table, a, b = seated(drive)
    hand(drive, table, 1, {a: 4, b: 1}, a, actor=organizer)
    before = counts()
    for method, url, data in scorekeeper_requests(drive):
        assert getattr(other_club_client, method)(url, data or {}).status_code == 404
        r = getattr(other_club_client, method)(url, data or {}, **HTMX)
        assert r.status_code == 404
    assert counts() == before


def test_a_stranger_is_sent_to_log_in(anon_client, drive):
    before = counts()
    for method, url, data in scorekeeper_requests(drive):
        r = getattr(anon_client, method)(url, data or {})
        assert r.status_code == 302 and r.url.startswith(reverse("login"))
    assert counts() == before


def test_the_wrong_method_is_refused(org_client, drive):
    table, _, _ = seated(drive)
    before = counts()
    assert org_client.put(sheet_url(drive, table)).status_code == 405
    assert org_client.delete(sheet_url(drive, table)).status_code == 405
    assert org_client.get(sheet_url(drive, table, name="drives:hand_undo")).status_code == 405
    assert counts() == before


def test_the_scoresheet_under_htmx_is_only_the_content(org_client, drive):
    table, _, _ = seated(drive)
    r = org_client.get(sheet_url(drive, table), **HTMX)
    assert r.status_code == 200
    page = r.content.decode()
    assert "<html" not in page and page.strip().startswith('<div id="content"')


@pytest.mark.parametrize("game,table,status", [(1, 99, 404), (2, 1, 404), (0, 1, 404)])
def test_a_table_or_game_that_does_not_exist_is_not_found(org_client, drive, game, table, status):
    assert org_client.get(sheet_url(drive, table, game=game)).status_code == status


def test_a_sit_out_has_no_scoresheet(org_client, drive):
    r = org_client.get(sheet_url(drive, sitout_table(drive)))
    assert r.status_code == 400 and "sit-out" in r.content.decode()


def test_a_played_game_keeps_its_hands_with_the_result_read_only(org_client, drive, organizer):
    table, a, b = play_worked_example(drive, organizer)
    play_game(drive, organizer)
    services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW)
    game1 = org_client.get(reverse("drives:game", args=[drive.pk, 1])).content.decode()
    assert f'href="{sheet_url(drive, table)}"' in game1 and ">Hands</a>" in game1
    assert game1.count(">Hands</a>") == 1  # only the table that kept its hands
    assert "Keep score" not in game1
    page = org_client.get(sheet_url(drive, table)).content.decode()
    assert '<span class="total">50</span>' in page and '<span class="total">40</span>' in page
    assert 'name="tricks_' not in page and "Undo last hand" not in page
    before = counts()
    r = org_client.post(sheet_url(drive, table), posted(a, b, 4, 1, a, number=4))
    assert r.status_code == 409
    assert counts() == before


def test_kept_hands_fix_the_seats_of_the_game(drive, organizer):
    # A game with hands kept (but no result yet) is being played: its seats are facts.
    play_game(drive, organizer)
    services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW)
    table, a, b = seated(drive, game=2)
    hand(drive, table, 1, {a: 3, b: 2}, a, actor=organizer)
    before = counts()
    with pytest.raises(DriveError, match="already has results"):
        services.seat_swap(drive=drive, from_game=2, a=a, b=b + 100, actor=organizer, now=NOW)
    with pytest.raises(DriveError, match="already has results"):
        services.game_undo(drive=drive, from_game=2, actor=organizer, now=NOW)
    assert counts() == before


# --- issue 25, item 13: three taps a hand, no Keep score once the result is in -------


def test_the_hand_form_says_how_many_tricks_a_hand_has_so_one_pairs_tap_fills_the_other(
    org_client, drive
):
    table, a, b = seated(drive)
    page = org_client.get(sheet_url(drive, table)).content.decode()
    assert 'class="hand-form card" data-tricks-total="5"' in page
    assert page.count('<fieldset class="taps" data-tricks>') == 2
    assert "/static/js/scoresheet.js" in page


def test_a_table_whose_hands_won_it_offers_its_hands_not_keep_score(org_client, drive, organizer):
    table, a, b = play_worked_example(drive, organizer)
    page = org_client.get(reverse("drives:game", args=[drive.pk, 1])).content.decode()
    tile = page[page.index(f'id="table-{table}"') :]
    tile = tile[: tile.index("</article>")]
    assert "Keep score" not in tile and ">Hands</a>" in tile
    assert page.count("Keep score") == 3  # the other tables still play


def test_a_table_whose_result_was_tapped_at_the_front_offers_no_keep_score(
    org_client, drive, organizer
):
    table, a, b = seated(drive)
    services.result_record(
        drive=drive, game=1, table=table, winner_number=a, actor=organizer, now=NOW
    )
    page = org_client.get(reverse("drives:game", args=[drive.pk, 1])).content.decode()
    tile = page[page.index(f'id="table-{table}"') :]
    tile = tile[: tile.index("</article>")]
    assert "Keep score" not in tile and f'href="{sheet_url(drive, table)}"' not in tile
    # Taken back, the table plays again: Keep score is offered again.
    services.result_undo(drive=drive, actor=organizer, now=NOW)
    page = org_client.get(reverse("drives:game", args=[drive.pk, 1])).content.decode()
    assert page.count("Keep score") == 4
