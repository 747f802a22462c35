"""The stand-alone scorekeeper offers every option the drive settings offer, with the
same values (game-scoring.md): 30 for 60 losing 30 or 60, any elimination floor, the
Joker and off-suit aces high, the All Fours options, and the Auction options from the
source entered hand by hand (the partner called, the defenders' 30 tick)."""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse

from clubs.interface import DriveError
from scorekeeper import services as service
from scorekeeper.models import ScoreGame
from tests.builders import NOW

pytestmark = pytest.mark.django_db

NEW = reverse("scorekeeper:game_new")


def alone(*names):
    return [{"name": n, "players": 1} for n in names]


def new_game(club, actor, family, variant, sides, options=None, target=None):
    return service.score_game_create(
        club=club,
        family=family,
        variant=variant,
        sides=sides,
        options=options or {},
        target=target,
        title="",
        actor=actor,
        now=NOW,
    )


def add(game, actor, record):
    number = game.hands.count() + 1
    return service.score_hand_add(
        game=game, record=record, number=number, key=f"k{number}", actor=actor, now=NOW
    )


def post_hand(client, game, data):
    n = game.hands.count() + 1
    return client.post(
        reverse("scorekeeper:hand_add", args=[game.pk]), {"number": n, "key": f"k{n}", **data}
    )


def page(client, game):
    return unescape(client.get(reverse("scorekeeper:game", args=[game.pk])).content.decode())


def test_the_new_game_screen_offers_every_option_with_the_drive_settings_values(org_client):
    html = unescape(org_client.get(NEW).content.decode())
    for value in ("loses_30", "loses_60", "scores_60", "scores_30", "points"):
        assert f'value="{value}"' in html
    for name in (
        "opt_forty_fives_joker",
        "opt_forty_fives_off_suit_aces_high",
        "opt_forty_fives_elimination_floor",
        "opt_forty_fives_call_partner",
        "opt_forty_fives_defenders_30",
        "opt_all_fours_no_gift_to_go_out",
        "opt_all_fours_low_to_winner",
        "opt_all_fours_pub_count",
        "opt_all_fours_trumps_only",
    ):
        assert f'name="{name}"' in html
    assert "Joker: one Joker in the pack, the third-best trump" in html


def test_30_for_60_may_lose_60(org_client, organizer):
    r = org_client.post(
        NEW,
        {
            "game": "forty_fives:auction_45",
            "line_up": "2x1",
            "opt_forty_fives_thirty_for_sixty": "loses_60",
        },
    )
    assert r.status_code == 302
    game = ScoreGame.objects.get()
    assert game.options == {"thirty_for_sixty": "loses_60"}
    add(game, organizer, {"tricks": [4, 1], "best": 0, "bidder": 0, "bid": 30})  # 25: set
    assert service.scoresheet(game).totals == (-60, 5)


def test_elimination_at_any_floor(org_client, organizer):
    r = org_client.post(
        NEW,
        {
            "game": "forty_fives:one_ten",
            "line_up": "3x1",
            "opt_forty_fives_elimination_floor": "-50",
        },
    )
    assert r.status_code == 302
    game = ScoreGame.objects.get()
    assert game.options == {"elimination_floor": -50}
    for _ in range(2):  # Player 2 bids 25 and takes nothing twice: -50, out
        add(game, organizer, {"tricks": [5, 0, 0], "best": 0, "bidder": 1, "bid": 25})
    sheet = service.scoresheet(game)
    assert sheet.totals == (60, -50, 0) and sheet.eliminated == (1,)


def test_an_elimination_floor_that_is_not_a_number_is_refused(org_client):
    r = org_client.post(
        NEW,
        {
            "game": "forty_fives:one_ten",
            "line_up": "3x1",
            "opt_forty_fives_elimination_floor": "minus eighty",
        },
    )
    assert r.status_code == 400
    assert "Elimination: enter a whole number, or leave it blank." in unescape(r.content.decode())
    assert not ScoreGame.objects.exists()


def test_games_kept_before_keep_their_checkbox_values(club, organizer):
    # A 30 for 60 checkbox stood for "loses 30", elimination for -80.
    game = new_game(club, organizer, "forty_fives", "auction_45", alone("A", "B"))
    ScoreGame.objects.filter(pk=game.pk).update(options={"thirty_for_sixty": True})
    game.refresh_from_db()
    add(game, organizer, {"tricks": [4, 1], "best": 0, "bidder": 0, "bid": 30})
    assert service.scoresheet(game).totals == (-30, 5)


def test_the_joker_and_aces_high_are_kept_with_the_game(org_client):
    posted = {
        "game": "forty_fives:forty_fives_45",
        "line_up": "2x2",
        "opt_forty_fives_joker": "1",
        "opt_forty_fives_off_suit_aces_high": "1",
    }
    assert org_client.post(NEW, posted).status_code == 302
    game = ScoreGame.objects.get()
    assert game.options == {"joker": True, "off_suit_aces_high": True}
    v = service.scoresheet(game).variant
    assert v.joker and v.off_suit_aces_high


def test_an_option_of_another_game_is_refused_with_the_reason(club, organizer):
    with pytest.raises(DriveError, match="Bell is not an option of Auction Forty-Fives"):
        new_game(club, organizer, "forty_fives", "auction_45", alone("A", "B"), {"bell": True})


def test_no_gift_to_go_out_in_the_scorekeeper(club, organizer):
    game = new_game(
        club, organizer, "all_fours", "seven_up", alone("D", "E"), {"no_gift_to_go_out": True}
    )
    add(game, organizer, {"dealer": 0, "turned": ["9S"], "high": 1, "low": 1, "jack": 1, "game": 1})
    add(game, organizer, {"dealer": 0, "turned": ["9S"], "high": 1, "low": 1, "game": 0})
    with pytest.raises(DriveError, match="the dealer cannot give a point that would put E out"):
        add(game, organizer, {"dealer": 0, "turned": ["9S"], "beg": "gift"})


def test_five_players_call_your_partner_hand_by_hand(org_client, club, organizer):
    names = ("Ann", "Bob", "Cy", "Di", "Ed")
    game = new_game(
        club, organizer, "forty_fives", "auction_45", alone(*names), {"call_partner": True}
    )
    html = page(org_client, game)
    assert 'name="partner"' in html and "Nobody: 4 against 1" in html
    tricks = {f"tricks_{i}": t for i, t in enumerate((1, 1, 2, 1, 0))}
    r = post_hand(org_client, game, {**tricks, "best": 2, "bidder": 0, "bid": 20, "partner": 2})
    assert r.status_code == 302
    r = post_hand(
        org_client, game, {**tricks, "best": 2, "bidder": 0, "bid": 20, "partner": "alone"}
    )
    assert r.status_code == 302
    sheet = service.scoresheet(game)
    assert sheet.totals == (0, 35, 45, 35, 35)
    assert "partner: Cy" in sheet.rows[0].text and "alone, 4 against 1" in sheet.rows[1].text
    r = post_hand(org_client, game, {**tricks, "best": 2, "bidder": 0, "bid": 20})
    assert r.status_code == 400
    assert "enter the bidder's partner, or nobody (4 against 1)" in unescape(r.content.decode())


def test_defenders_30_and_the_overcall_bids_on_the_game_page(org_client, club, organizer):
    options = {"defenders_30": True, "overcall": "scores_60"}
    game = new_game(club, organizer, "forty_fives", "auction_45", alone("Ann", "Bob"), options)
    html = page(org_client, game)
    assert 'name="defenders_30"' in html and ">30 for 60<" in html
    data = {"tricks_0": 2, "tricks_1": 3, "best": "none", "bidder": 1, "bid": 20}
    data["defenders_30"] = "1"
    assert post_hand(org_client, game, data).status_code == 302
    sheet = service.scoresheet(game)
    assert sheet.totals == (30, -20) and "defenders' 30" in sheet.rows[0].text


def test_hanging_on_40_is_shown_in_the_history(club, organizer):
    game = new_game(club, organizer, "forty_fives", "auction_45", alone("Ann", "Bob"))
    add(game, organizer, {"tricks": [4, 1], "best": 0, "bidder": 0, "bid": 25})  # 30 - 5
    add(game, organizer, {"tricks": [4, 1], "best": 0, "bidder": 0, "bid": 25})  # 50 - 10
    add(game, organizer, {"tricks": [4, 1], "best": 0, "bidder": 0, "bid": 25})  # 75 - 15
    add(game, organizer, {"tricks": [1, 4], "best": 1, "bidder": 1, "bid": 25})  # 80 - 40
    add(game, organizer, {"tricks": [5, 0], "best": 0, "bidder": 0, "bid": 30})  # 110 - 40
    add(game, organizer, {"tricks": [5, 0], "best": 0, "bidder": 0, "bid": 30})  # 140: out
    sheet = service.scoresheet(game)
    assert sheet.winner_name == "Ann" and sheet.totals == (140, 40)
    assert "Bob hanging on 40" in sheet.rows[-1].text
    assert "hanging" not in sheet.rows[-2].text
