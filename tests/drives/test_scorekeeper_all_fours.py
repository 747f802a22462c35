"""The scorekeeper at drive tables when the drive plays an All Fours variant: one deal
per entry (drives/services.py hand_add, hand_undo, scoresheet; the scoresheet screen).

The rules themselves are tested in tests/scoring/test_games_all_fours.py; here: a Seven Up game
kept deal by deal through the drive, refusals that write nothing, the table's result
when a pair reaches the target, undo, and the screen."""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse

from clubs.interface import DriveError
from clubs.models import AuditEntry
from drives import services
from drives.models import Drive, Hand, TableGame
from scoring.games import all_fours
from tests.builders import HTMX, NOW, row_counts, started_drive
from tests.builders.scoresheets import deal

pytestmark = pytest.mark.django_db


def seated(drive, game=1):
    """The first two-pair table of a game and its pairs in seat-slot order (A, B)."""
    for tg in TableGame.objects.filter(drive=drive, game=game).order_by("table"):
        numbers = [s.pair.number for s in tg.seats.select_related("pair").order_by("slot")]
        if len(numbers) == 2:
            return tg.table, numbers[0], numbers[1]
    raise AssertionError("no two-pair table")


def counts():
    return {**row_counts(), "Hand": Hand.objects.count()}


def undo(drive, table, actor):
    drive.refresh_from_db()
    return services.hand_undo(
        drive=drive, game=drive.current_game, table=table, actor=actor, now=NOW
    )


def result_of(drive, table, game=1):
    tg = TableGame.objects.select_related("winner").get(drive=drive, game=game, table=table)
    return tg.status, tg.winner.number if tg.winner else None


@pytest.fixture
def drive(club, organizer):
    """Seven Up to 7, 4 pairs, 2 games: two tables."""
    return started_drive(club, organizer, pairs=4, games=2, seed=3, game="seven_up")


# --- Through the services -----------------------------------------------------


def test_a_turned_up_jack_scores_the_dealer_at_once(drive, organizer):
    table, a, b = seated(drive)
    deal(drive, table, 1, dealer=a, turned=["JH"], high=b, low=a, game=b, actor=organizer)
    sheet = services.scoresheet(drive, 1, table)
    assert sheet.all_fours and sheet.totals == (2, 2)
    assert sheet.last_log == (
        ("Jack turned up", a, 1),
        ("High", b, 1),
        ("Low", a, 1),
        ("Game", b, 1),
    )
    assert Hand.objects.get().record["turned"] == ["JH"]


def test_a_beg_and_gift_gives_the_elders_pair_a_point(drive, organizer):
    table, a, b = seated(drive)
    deal(
        drive, table, 1, dealer=a, turned=["9S"], beg="gift", high=a, low=a, game=a, actor=organizer
    )
    sheet = services.scoresheet(drive, 1, table)
    assert sheet.totals == (3, 1)
    assert sheet.hands[0].log[0] == ("Gift", b, 1)
    assert sheet.hands[0].beg == "gift"


def test_a_deal_the_rules_refuse_writes_nothing_and_says_why(drive, organizer):
    table, a, b = seated(drive)
    before = counts()
    with pytest.raises(DriveError) as e:
        deal(
            drive, table, 1, dealer=a, turned=["JS"], high=a, low=b, jack=b, game=a, actor=organizer
        )
    assert e.value.status == 400
    assert "the Jack was turned up, so nobody can win it this deal" in e.value.message
    assert counts() == before


def test_a_game_to_the_target_sets_the_tables_result_and_undo_takes_it_back(drive, organizer):
    table, a, b = seated(drive)
    for n in (1, 2):  # a takes High, Low, Jack and Game twice: 4, then 8 (counting out at 7)
        deal(
            drive,
            table,
            n,
            dealer=b if n == 1 else a,
            turned=["7H"],
            high=a,
            low=a,
            jack=a,
            game=a,
            actor=organizer,
        )
    sheet = services.scoresheet(drive, 1, table)
    assert sheet.winner == a and sheet.totals == (7, 0)
    assert [what for what, _pair, _p in sheet.last_log] == ["High", "Low", "Jack"]  # no Game
    assert result_of(drive, table) == ("confirmed", a)
    with pytest.raises(DriveError, match="The game is over"):
        deal(drive, table, 3, dealer=b, turned=["2C"], high=b, low=b, game=b, actor=organizer)

    undone = undo(drive, table, organizer)
    assert undone.number == 2 and undone.result_taken_back
    assert result_of(drive, table) == ("pending", None)
    assert services.scoresheet(drive, 1, table).totals == (4, 0)
    assert AuditEntry.objects.filter(action="hand_undo").count() == 1


def _elder_on_six(drive, organizer):
    """Two deals dealt by pair A: pair B, the elder, reaches 6."""
    table, a, b = seated(drive)
    deal(drive, table, 1, dealer=a, turned=["9S"], high=b, low=b, jack=b, game=b, actor=organizer)
    deal(drive, table, 2, dealer=a, turned=["9S"], high=b, low=b, game=a, actor=organizer)
    assert services.scoresheet(drive, 1, table).totals == (1, 6)
    return table, a, b


def test_a_gift_that_puts_the_elders_pair_out_wins_the_table_on_the_spot(drive, organizer):
    table, a, b = _elder_on_six(drive, organizer)
    deal(drive, table, 3, dealer=a, turned=["9S"], beg="gift", actor=organizer)
    sheet = services.scoresheet(drive, 1, table)
    assert sheet.totals == (1, 7) and sheet.winner == b
    assert sheet.last_log == (("Gift", b, 1),)
    assert result_of(drive, table) == ("confirmed", b)


def test_with_no_gift_to_go_out_the_dealer_must_run_the_cards(drive, organizer):
    Drive.objects.filter(pk=drive.pk).update(game_options={"no_gift_to_go_out": True})
    table, a, b = _elder_on_six(drive, organizer)
    before = counts()
    with pytest.raises(DriveError, match="the dealer cannot give a point that would put Pair"):
        deal(drive, table, 3, dealer=a, turned=["9S"], beg="gift", actor=organizer)
    assert counts() == before and result_of(drive, table) == ("pending", None)


def test_caribbean_kicks_and_hang_jack(club, organizer):
    drive = started_drive(club, organizer, pairs=4, games=2, seed=3, game="caribbean")
    Drive.objects.filter(pk=drive.pk).update(game_options={"tobago": True})
    table, a, b = seated(drive)
    deal(
        drive,
        table,
        1,
        dealer=a,
        turned=["2D"],
        high=b,
        low=a,
        jack=b,
        hanged=True,
        game=b,
        actor=organizer,
    )
    assert services.scoresheet(drive, 1, table).last_log == (
        ("Kick", a, 2),
        ("High", b, 1),
        ("Low", a, 1),
        ("Hang jack", b, 3),
        ("Game", b, 1),
    )


# --- The screen ---------------------------------------------------------------


def sheet_url(drive, table, game=1, name="drives:scoresheet"):
    return reverse(name, args=[drive.pk, game, table])


def posted(a, b, number=1, key="page-key-1", **extra):
    data = {
        "number": str(number),
        "key": key,
        "dealer": str(a),
        "rank_1": "7",
        "suit_1": "H",
        "beg": "stood",
        "high": str(b),
        "low": str(a),
        "jack": "none",
        "game": str(b),
    }
    data.update({k: str(v) for k, v in extra.items()})
    return data


def test_the_page_shows_the_deal_controls_seven_up_uses(org_client, drive):
    table, a, b = seated(drive)
    page = unescape(org_client.get(sheet_url(drive, table)).content.decode())
    assert "All Fours: Seven Up, game to 7." in page
    for control in (
        'name="dealer"',
        'name="rank_1"',
        'name="suit_1"',
        'value="gift"',
        'value="run"',
        'name="high"',
        'name="low"',
        'name="jack"',
        'name="game"',
        f'name="count_{a}"',
    ):
        assert control in page, control
    assert "Begged and given" in page and "Not in play" in page
    assert 'name="tricks_' not in page and 'name="bid_' not in page and "hanged it" not in page


def test_the_page_of_a_pitch_drive_has_no_turned_card_nor_beg(org_client, club, organizer):
    drive = started_drive(club, organizer, pairs=4, games=2, seed=3, game="auction_pitch")
    table, a, b = seated(drive)
    page = org_client.get(sheet_url(drive, table)).content.decode()
    assert 'name="rank_1"' not in page and 'value="gift"' not in page
    assert all(f'name="bid_{seat}"' in page for seat in range(4))


def test_posting_a_deal_keeps_it_and_shows_how_it_counted_out(org_client, drive):
    table, a, b = seated(drive)
    r = org_client.post(sheet_url(drive, table), posted(a, b), follow=True)
    page = unescape(r.content.decode())
    assert "Deal 1 entered." in page
    assert "How deal 1 counted out" in page
    assert f"High: pair {b} +1" in page and f"Low: pair {a} +1" in page
    assert Hand.objects.get().record["dealer"] == a


def test_a_deal_under_htmx_returns_the_sheet(org_client, drive):
    table, a, b = seated(drive)
    r = org_client.post(sheet_url(drive, table), posted(a, b), **HTMX)
    page = r.content.decode()
    assert r.status_code == 200 and page.strip().startswith('<div id="content"')
    assert '<span class="total">2</span>' in page and "Deal 1 entered." in page


def test_a_refused_deal_through_the_page_is_a_400_with_the_reason(org_client, drive):
    table, a, b = seated(drive)
    before = counts()
    r = org_client.post(sheet_url(drive, table), posted(a, b, rank_1="J", jack=a))
    assert r.status_code == 400
    assert "Deal 1 refused: the Jack was turned up, so nobody can win it this deal." in unescape(
        r.content.decode()
    )
    assert counts() == before


def test_undo_through_the_page(org_client, drive):
    table, a, b = seated(drive)
    org_client.post(sheet_url(drive, table), posted(a, b))
    r = org_client.post(
        sheet_url(drive, table, name="drives:hand_undo"), {"number": "1"}, follow=True
    )
    assert "Deal 1 taken back." in unescape(r.content.decode())
    assert not Hand.objects.exists()


def test_another_club_gets_not_found(other_club_client, drive):
    table, a, b = seated(drive)
    assert other_club_client.get(sheet_url(drive, table)).status_code == 404
    assert other_club_client.post(sheet_url(drive, table), posted(a, b)).status_code == 404
    assert not Hand.objects.exists()


def test_all_fives_takes_trump_points_and_card_points_through_the_page(org_client, club, organizer):
    drive = started_drive(club, organizer, pairs=4, games=2, seed=3, game="all_fives")
    # Trumps only (published): the other suits' cards count only toward Game.
    Drive.objects.filter(pk=drive.pk).update(game_options={"trumps_only": True})
    table, a, b = seated(drive)
    page = org_client.get(sheet_url(drive, table)).content.decode()
    assert f'name="capture_{a}"' in page and f'name="capture_{b}"' in page
    data = posted(a, b, game="", **{f"capture_{a}": 14, f"capture_{b}": 10})
    data.update({f"count_{a}": "40", f"count_{b}": "30"})
    r = org_client.post(sheet_url(drive, table), data)
    assert r.status_code == 302, unescape(r.content.decode())
    sheet = services.scoresheet(drive, 1, table)
    # The elder's pair (b) leads, so its trumps count first; Game to a on 40 card points.
    assert sheet.last_log == (
        ("Trumps taken", b, 10),
        ("Trumps taken", a, 14),
        ("High", b, 1),
        ("Low", a, 1),
        ("Game", a, 1),
    )
    assert sheet.totals == (16, 11)


def test_all_fives_scores_every_counting_card_at_once_through_the_page(org_client, club, organizer):
    drive = started_drive(club, organizer, pairs=4, games=2, seed=3, game="all_fives")
    table, a, b = seated(drive)
    page = unescape(org_client.get(sheet_url(drive, table)).content.decode())
    assert "Card points taken in tricks (A 4, K 3, Q 2, J 1, 10 10 of every suit" in page
    data = posted(a, b, game="", **{f"capture_{a}": 40, f"capture_{b}": 30})
    data.update({f"count_{a}": "40", f"count_{b}": "30"})
    r = org_client.post(sheet_url(drive, table), data)
    assert r.status_code == 302, unescape(r.content.decode())
    sheet = services.scoresheet(drive, 1, table)
    assert sheet.last_log == (
        ("Card points taken", b, 30),
        ("Card points taken", a, 40),
        ("High", b, 1),
        ("Low", a, 1),
        ("Game", a, 1),
    )
    assert sheet.totals == (42, 31)


@pytest.mark.parametrize("game", sorted(all_fours.RULES))
def test_every_variant_shows_only_the_controls_it_uses(org_client, club, organizer, game):
    drive = started_drive(club, organizer, pairs=4, games=2, seed=3, game=game)
    rules = all_fours.RULES[game]
    table, a, b = seated(drive)
    page = org_client.get(sheet_url(drive, table)).content.decode()
    assert ('name="rank_1"' in page) == (rules.trump == all_fours.TURNED)
    assert ('value="gift"' in page) == rules.beg
    assert ("hanged it" in page) == rules.hang_jack
    assert ('name="bid_1"' in page) == (rules.bidding is not None)
    assert ('name="sold"' in page) == (rules.bidding == all_fours.COMMERCIAL)
    assert (f'name="capture_{a}"' in page) == rules.card_points
    assert ("Tie: nobody" in page) == (rules.tie == all_fours.NOBODY)
