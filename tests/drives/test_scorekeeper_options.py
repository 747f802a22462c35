"""The Auction options from the source and California Jack's 80 at drive tables
(drives/services/scoresheets.py, the scoresheet screen): the bids they add, the
defenders' 30 tick, "hanging on 40" in the hands, and the reasons for a refusal."""

from __future__ import annotations

from html import unescape

import pytest

from clubs.interface import DriveError
from drives.models import Drive
from tests.builders import started_drive
from tests.builders.scoresheets import deal, hand, posted, seated, sheet, sheet_url, with_options

pytestmark = pytest.mark.django_db


@pytest.fixture
def auction(club, organizer):
    return started_drive(club, organizer, pairs=4, games=2, seed=7, game="auction_45")


def test_the_overcall_bids_are_tapped_at_the_table(org_client, auction, organizer):
    with_options(auction, overcall="scores_60", sixty_for_120=True, blind_thirty_for_sixty=True)
    table, a, b = seated(auction)
    page = unescape(org_client.get(sheet_url(auction, table)).content.decode())
    for label in ("30 for 60", "60 for 120", "Blind 30 for 60"):
        assert f"<span>{label}</span>" in page
    hand(auction, table, 1, {a: 5, b: 0}, best=a, bidder=a, bid=3060, actor=organizer)
    s = sheet(auction, table)
    assert s.totals == (60, 0) and s.hands[0].bid_text == "30 for 60"


def test_defenders_30_is_ticked_on_the_hand(org_client, auction, organizer):
    with_options(auction, defenders_30=True)
    table, a, b = seated(auction)
    page = unescape(org_client.get(sheet_url(auction, table)).content.decode())
    assert 'name="defenders_30"' in page
    data = posted(a, b, 2, 3, "none", bidder=b, bid=20, defenders_30="on")
    r = org_client.post(sheet_url(auction, table), data)
    assert r.status_code == 302
    s = sheet(auction, table)
    assert s.totals == (30, -20) and s.hands[0].defenders_30
    assert "defenders' 30" in unescape(org_client.get(sheet_url(auction, table)).content.decode())


def test_defenders_30_without_the_option_is_refused_with_the_reason(org_client, auction):
    table, a, b = seated(auction)
    data = posted(a, b, 2, 3, "none", bidder=b, bid=20, defenders_30="on")
    r = org_client.post(sheet_url(auction, table), data)
    assert r.status_code == 400
    assert "defenders' 30 is not one of this game's rules" in unescape(r.content.decode())
    assert not sheet(auction, table).hands


def test_hanging_on_40_shows_in_the_tables_hands(org_client, auction, organizer):
    table, a, b = seated(auction)
    for n, (ta, tb, best, bidder, bid) in enumerate(
        [(4, 1, a, a, 25), (4, 1, a, a, 25), (4, 1, a, a, 25), (1, 4, b, b, 25)], start=1
    ):
        hand(auction, table, n, {a: ta, b: tb}, best=best, bidder=bidder, bid=bid, actor=organizer)
    hand(auction, table, 5, {a: 5, b: 0}, best=a, bidder=a, bid=30, actor=organizer)
    assert sheet(auction, table).totals == (110, 40)
    hand(auction, table, 6, {a: 5, b: 0}, best=a, bidder=a, bid=30, actor=organizer)
    s = sheet(auction, table)
    assert s.winner == a and s.hands[-1].hanging == (b,) and s.hands[-2].hanging == ()
    page = unescape(org_client.get(sheet_url(auction, table)).content.decode())
    assert f"pair {b} hanging on 40" in page


def test_california_jack_at_a_drive_table_refuses_card_points_not_totalling_80(club, organizer):
    drive = started_drive(club, organizer, pairs=4, games=2, seed=3, game="california_jack")
    table, a, b = seated(drive)
    with pytest.raises(DriveError) as refused:
        deal(
            drive,
            table,
            1,
            dealer=a,
            high=a,
            low=b,
            jack=a,
            counts={str(a): 30, str(b): 30},
            actor=organizer,
        )
    assert "so the card points for Game add up to 80, not 60" in refused.value.message
    deal(
        drive,
        table,
        1,
        dealer=a,
        high=a,
        low=b,
        jack=a,
        counts={str(a): 50, str(b): 30},
        actor=organizer,
    )
    assert sheet(drive, table).totals == (3, 1)


def test_low_to_the_winner_names_who_to_tap(org_client, club, organizer):
    drive = started_drive(club, organizer, pairs=4, games=2, seed=3, game="seven_up")
    table, a, b = seated(drive)
    page = unescape(org_client.get(sheet_url(drive, table)).content.decode())
    assert "Low: the pair dealt the lowest trump" in page
    Drive.objects.filter(pk=drive.pk).update(game_options={"low_to_winner": True})
    page = unescape(org_client.get(sheet_url(drive, table)).content.decode())
    assert "Low: the pair that won the lowest trump in a trick" in page
