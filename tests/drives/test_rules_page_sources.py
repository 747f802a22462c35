"""The rules as the sources state them, where a drive's game is set up and on its rules
page (drives/game_options.py, drives/forms.py, templates/drives/rules.html):
the gift that wins, Caribbean seating, the Joker and off-suit aces high, the options
and choices of game-scoring.md and card-ranks.md, each in plain words."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from drives.game_options import variant_for
from drives.models import Drive
from tests.builders import make_drive

pytestmark = pytest.mark.django_db

NEW_DRIVE = {
    "name": "Christmas drive",
    "date": "2026-12-18",
    "venue": "Legion",
    "games": "20",
    "game": "forty_fives",
    "prize_places": "3",
}


def text_of(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def rules_page(client, drive) -> str:
    r = client.get(reverse("drives:rules", args=[drive.pk]))
    assert r.status_code == 200
    return r.content.decode()


def rules_text(client, club, organizer, game, **options) -> str:
    return text_of(rules_page(client, make_drive(club, organizer, game=game, game_options=options)))


def row(page: str, row_id: str) -> str:
    match = re.search(rf'<tr id="{row_id}">.*?<td class="rank-cards">(.*?)</td>', page, re.S)
    assert match, f"no row {row_id}"
    return text_of(match.group(1))


# --- the gift, and who sits where -----------------------------------------------------


@pytest.mark.parametrize(
    ("game", "target"),
    [("seven_up", 7), ("running_all_fours", 31), ("caribbean", 14), ("all_fives", 61)],
)
def test_the_rules_page_says_a_gift_that_puts_the_elder_out_wins(
    org_client, club, organizer, game, target
):
    page = rules_text(org_client, club, organizer, game)
    assert "A gift may not put a pair out" not in page
    assert (
        f"A gift scores at once: a gift that takes the elder's pair to {target} wins the game "
        "there and then." in page
    )


def test_the_rules_page_with_no_gift_to_go_out_says_the_cards_must_be_run(
    org_client, club, organizer
):
    page = rules_text(org_client, club, organizer, "seven_up", no_gift_to_go_out=True)
    assert (
        "The dealer may not give the point that would put the elder's pair out: the cards "
        "must be run instead." in page
    )
    assert "No gift to go out: the dealer may not give the point" in page
    assert "wins the game there and then" not in page


def test_caribbean_elder_sits_on_the_dealers_right(org_client, club, organizer):
    page = rules_text(org_client, club, organizer, "caribbean")
    assert "The elder (the player on the dealer's right) stands or begs." in page
    assert (
        "Deal and play go to the right (anticlockwise): the elder, who plays first, sits on "
        "the dealer's right." in page
    )
    assert "dealer's left" not in page


def test_seven_up_elder_sits_on_the_dealers_left(org_client, club, organizer):
    page = rules_text(org_client, club, organizer, "seven_up")
    assert "the elder, who plays first, sits on the dealer's left." in page
    assert "dealer's right" not in page


# --- the Joker and off-suit aces high, wherever Forty-Fives is set up ------------------

FORTY_FIVES_GAMES = ["forty_fives", "forty_fives_120", "auction_45", "one_ten"]


@pytest.mark.parametrize("game", FORTY_FIVES_GAMES)
def test_drive_settings_offer_the_joker_and_off_suit_aces_high(org_client, game):
    page = text_of(org_client.get(reverse("drives:drive_create")).content.decode())
    assert "Joker: one Joker in the pack, the third-best trump For every Forty-Fives game." in page
    assert "Off-suit aces high: an ace ranks highest of its suit" in page
    posted = {**NEW_DRIVE, "game": game, "joker": "on", "off_suit_aces_high": "on"}
    r = org_client.post(reverse("drives:drive_create"), posted)
    assert r.status_code == 302
    drive = Drive.objects.get()
    assert drive.game_options == {"joker": True, "off_suit_aces_high": True}
    v = variant_for(drive)
    assert v.joker and v.off_suit_aces_high


def test_the_joker_is_not_an_option_of_all_fours(org_client):
    posted = {**NEW_DRIVE, "game": "seven_up", "joker": "on"}
    assert org_client.post(reverse("drives:drive_create"), posted).status_code == 302
    assert Drive.objects.get().game_options == {}


def test_rules_page_with_the_joker_prints_it_third_in_every_trump_suit(org_client, club, organizer):
    drive = make_drive(club, organizer, game="auction_45", game_options={"joker": True})
    page = rules_page(org_client, drive)
    assert row(page, "trump-hearts") == "5♥ J♥ Joker A♥ K♥ Q♥ 10♥ 9♥ 8♥ 7♥ 6♥ 4♥ 3♥ 2♥"
    assert row(page, "trump-clubs") == "5♣ J♣ Joker A♥ A♣ K♣ Q♣ 2♣ 3♣ 4♣ 6♣ 7♣ 8♣ 9♣ 10♣"
    text = text_of(page)
    assert "Joker: one Joker is added to the pack. It is always a trump, the third best" in text
    assert "Trumps: the 5, then the J, then the Joker, then the A♥" in text


def test_rules_page_without_the_joker_has_none(org_client, club, organizer):
    page = rules_page(org_client, make_drive(club, organizer, game="auction_45"))
    assert "Joker" not in row(page, "trump-hearts")
    assert "This drive plays with one Joker" not in text_of(page)


def test_rules_page_with_off_suit_aces_high_prints_each_ace_first(org_client, club, organizer):
    options = {"off_suit_aces_high": True}
    page = rules_page(org_client, make_drive(club, organizer, game="one_ten", game_options=options))
    assert row(page, "off-suit-diamonds") == "A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦ 2♦"
    assert row(page, "off-suit-clubs") == "A♣ K♣ Q♣ J♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣"
    assert row(page, "off-suit-hearts") == (
        "K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♥ (the A♥ is always a trump)"
    )
    assert "Off-suit aces high: in a suit that is not trump the ace ranks highest" in text_of(page)


# --- every option stated in plain words --------------------------------------------------


def test_rules_page_states_the_auction_options_from_the_source(org_client, club, organizer):
    options = {
        "overcall": "scores_30",
        "sixty_for_120": True,
        "blind_thirty_for_sixty": True,
        "defenders_30": True,
    }
    page = rules_text(org_client, club, organizer, "auction_45", **options)
    for sentence in (
        "30 for 60 overcall: a player may overcall a bid of 30 by bidding “30 for 60”: the pair "
        "must take all 30 points; made, it scores 30; failed, it loses 60.",
        "60 for 120: a player may overcall “30 for 60” by bidding “60 for 120”",
        "Blind 30 for 60: before any bid, a player who has not looked at the cards may bid",
        "Defenders' 30: a pair that sets the bidders using cards that are not trumps only "
        "scores 30",
    ):
        assert sentence in page


def test_call_your_partner_is_not_a_drive_setting(org_client):
    posted = {**NEW_DRIVE, "game": "auction_45", "call_partner": "on"}
    assert org_client.post(reverse("drives:drive_create"), posted).status_code == 302
    assert Drive.objects.get().game_options == {}


@pytest.mark.parametrize(
    ("game", "options", "says", "does_not_say"),
    [
        (
            "seven_up",
            {"low_to_winner": True},
            "Low: 1 point to the pair that won the lowest trump in play in a trick.",
            "Low: 1 point to the pair that was dealt the lowest trump in play.",
        ),
        (
            "yorkshire",
            {"pub_count": True},
            "Pub count: nobody counts out: all the points of a deal are counted at its end",
            "(“counting out”)",
        ),
        (
            "all_fives",
            {"trumps_only": True},
            "Trumps taken in tricks score at once: A 4, K 3, Q 2, J 1, 10 10, the five 5",
            "of every suit",
        ),
        (
            "all_fives",
            {},
            "The winner of a trick scores at once the counting cards in it: A 4, K 3, Q 2, J 1, "
            "10 10 of every suit, and the five of trumps 5",
            "Trumps only",
        ),
        (
            "commercial_pitch",
            {},
            "the elder's partner does not bid. The elder may sell: it scores the bid at once and "
            "the highest bidder pitches, and a buyer that makes fewer points than its bid scores "
            "nothing and goes back by the bid.",
            "Tie: nobody",
        ),
        (
            "auction_pitch",
            {},
            "If everyone passes, the cards are thrown in and the next dealer deals.",
            "stands or begs",
        ),
        ("caribbean", {}, "On a tie nobody scores it.", "On a tie the elder's pair takes it."),
    ],
)
def test_rules_page_states_the_all_fours_rules_and_options(
    org_client, club, organizer, game, options, says, does_not_say
):
    page = rules_text(org_client, club, organizer, game, **options)
    assert says in page
    assert does_not_say not in page


def test_rules_page_states_the_rules_of_play_from_card_ranks(org_client, club, organizer):
    page = rules_text(org_client, club, organizer, "forty_fives")
    for sentence in (
        "Follow the suit led if you can. (Some halls let a player trump instead of following "
        "suit.)",
        "The one exception is “reneging”: a player whose only trumps are among the 5 and the J "
        "of trumps, the Joker and the A♥ may hold them back and play another card.",
        "no reneging at all (Merrimack Valley); only the 5 may renege; or a trump honour may be "
        "held back only when a lower trump is led",
        "A player who holds no trump may play any card when a trump is led.",
        "“Hearts on hearts” (played in some halls): a player leading the A♥ may call it, and then "
        "nobody may renege on that trick.",
    ):
        assert sentence in page
