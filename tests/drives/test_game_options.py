"""The drive's game and its options (scoring/games/options.py, drives/game_options.py):
the settings form, variant_for, and the rules page (drives:rules)."""

from __future__ import annotations

import dataclasses
import doctest
import html
import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from clubs.interface import DriveError
from clubs.models import AuditEntry
from drives import services
from drives.game_options import REGISTRY_KEYS, variant_for
from drives.models import Drive
from scoring.games import VARIANTS, all_fours, make_variant
from scoring.games import options as game_rules
from scoring.games.core import BidderAdds, Game, SetupError, ThirtyForSixty, Variant, alone
from tests.builders import HTMX, NOW, make_club, make_drive, make_user, row_counts, started_drive

NEW_DRIVE = {
    "name": "Christmas drive",
    "date": "2026-12-18",
    "venue": "Legion",
    "games": "20",
    "game": "forty_fives",
    "prize_places": "3",
    "sitout_wins": "on",
}

# card-ranks.md, "Ranks, highest first", for a drive that plays without the Joker.
SPEC_TRUMPS = {
    "diamonds": "5♦ J♦ A♥ A♦ K♦ Q♦ 10♦ 9♦ 8♦ 7♦ 6♦ 4♦ 3♦ 2♦",
    "hearts": "5♥ J♥ A♥ K♥ Q♥ 10♥ 9♥ 8♥ 7♥ 6♥ 4♥ 3♥ 2♥",
    "clubs": "5♣ J♣ A♥ A♣ K♣ Q♣ 2♣ 3♣ 4♣ 6♣ 7♣ 8♣ 9♣ 10♣",
    "spades": "5♠ J♠ A♥ A♠ K♠ Q♠ 2♠ 3♠ 4♠ 6♠ 7♠ 8♠ 9♠ 10♠",
}
SPEC_OFF_SUIT = {
    "diamonds": "K Q J 10 9 8 7 6 5 4 3 2 A",
    "hearts": "K Q J 10 9 8 7 6 5 4 3 2 (the A♥ is always a trump)",
    "clubs": "K Q J A 2 3 4 5 6 7 8 9 10",
    "spades": "K Q J A 2 3 4 5 6 7 8 9 10",
}


def goes_to_login(response) -> bool:
    return response.status_code == 302 and response.url.startswith(reverse("login"))


def text_of(fragment: str) -> str:
    """What a reader sees: tags dropped, entities read, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def row(page: str, row_id: str) -> str:
    """The cards of one rank-table row (the <td> after the suit's name)."""
    match = re.search(rf'<tr id="{row_id}">.*?<td class="rank-cards">(.*?)</td>', page, re.S)
    assert match, f"no row {row_id}"
    return text_of(match.group(1))


# --- The options table (pure) -------------------------------------------------


def test_docstring_examples_hold():
    assert doctest.testmod(game_rules).failed == 0


FORTY_FIVES_OPTIONS = [o for o in game_rules.OPTIONS if o.games <= set(VARIANTS)]
ALL_FOURS_OPTIONS = [o for o in game_rules.OPTIONS if o.games <= set(all_fours.RULES)]


def test_every_option_is_of_one_family():
    assert len(FORTY_FIVES_OPTIONS) + len(ALL_FOURS_OPTIONS) == len(game_rules.OPTIONS)


def test_every_option_is_off_by_default_as_in_the_variant():
    fields = {f.name: f.default for f in dataclasses.fields(Variant)}
    for option in FORTY_FIVES_OPTIONS:
        assert option.default == fields[option.name], option.name
    for option in ALL_FOURS_OPTIONS:
        for key in option.games:
            v = game_rules.variant_of(key, {})
            assert v.target == all_fours.RULES[key].target and not v.options


ON = {
    "five_only_bonus": True,
    "dealer_may_hold": True,
    "no_hold_under_20": True,
    "minimum_20_at_100": True,
    "thirty_for_sixty": "loses_60",
    "slam": True,
    "dreaded_45": True,
    "bidder_adds": "points",
    "bell": True,
    "elimination_floor": -80,
    "target": 11,
    "tobago": True,
    "game_worth_2": True,
    "joker": True,
    "off_suit_aces_high": True,
    "overcall": "scores_60",
    "sixty_for_120": True,
    "blind_thirty_for_sixty": True,
    "defenders_30": True,
    "call_partner": True,
    "no_gift_to_go_out": True,
    "low_to_winner": True,
    "pub_count": True,
    "trumps_only": True,
}
# What an option needs beside it to be accepted (the rules refuse it alone).
NEEDS = {
    "no_hold_under_20": {"dealer_may_hold": True},
    "sixty_for_120": {"overcall": "scores_60"},
}


@pytest.mark.parametrize("key", list(VARIANTS))
@pytest.mark.parametrize("name", [o.name for o in FORTY_FIVES_OPTIONS])
def test_the_table_says_which_games_the_rules_accept_an_option_for(key, name):
    option = game_rules.OPTION[name]
    extra = NEEDS.get(name, {})
    sides = alone(*"ABCDE") if name == "call_partner" else None
    if option.applies_to(key):
        assert getattr(make_variant(key, sides, **extra, **{name: ON[name]}), name) == ON[name]
    else:
        with pytest.raises((SetupError, TypeError)):
            make_variant(key, **{name: ON[name]})


@pytest.mark.parametrize("key", list(all_fours.RULES))
@pytest.mark.parametrize("name", [o.name for o in ALL_FOURS_OPTIONS])
def test_the_table_says_which_all_fours_variants_the_rules_accept_an_option_for(key, name):
    option = game_rules.OPTION[name]
    rules = all_fours.RULES[key]
    if name == "target":
        # Offered only where the target is agreed, and checked against the variant's range.
        assert option.applies_to(key) == (rules.targets[0] < rules.targets[1])
        if option.applies_to(key):
            assert (
                game_rules.variant_of(key, {"target": rules.targets[1]}).target
                == (rules.targets[1])
            )
            with pytest.raises(all_fours.SetupError, match="is played to between"):
                game_rules.variant_of(key, {"target": rules.targets[1] + 1})
        return
    if option.applies_to(key):
        assert name in game_rules.variant_of(key, {name: True}).options
    else:
        with pytest.raises(all_fours.SetupError):
            all_fours.make_variant(key, **{name: True})


def test_every_option_has_plain_words_and_a_sentence_when_on():
    for option in game_rules.OPTIONS:
        assert option.term and option.label
        assert option.rule_for(ON[option.name]), option.name


@given(
    key=st.sampled_from(list(VARIANTS)),
    values=st.fixed_dictionaries(
        {},
        optional={
            o.name: (
                st.booleans()
                if o.kind == "yes_no"
                else st.sampled_from([c.value for c in o.choices])
                if o.kind == "choice"
                else st.one_of(st.none(), st.integers(-200, 200))
            )
            for o in game_rules.OPTIONS
        },
    ),
)
def test_any_options_give_a_variant_of_that_game_or_a_plain_refusal(key, values):
    kept = game_rules.chosen(key, values)
    assert all(game_rules.OPTION[n].applies_to(key) for n in kept)
    try:
        variant = game_rules.variant_of(key, values)
    except SetupError as e:
        assert str(e) and "Traceback" not in str(e)
        return
    for name, value in kept.items():
        assert getattr(variant, name) == value


def test_a_value_of_the_wrong_kind_is_refused_in_plain_words():
    with pytest.raises(SetupError, match="30 for 60: choose one of off, loses_30, loses_60"):
        game_rules.chosen("auction_45", {"thirty_for_sixty": "always"})
    with pytest.raises(SetupError, match="slam: answer yes or no"):
        game_rules.chosen("auction_45", {"slam": "yes"})


# --- variant_for ---------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    "game,target,family",
    [
        ("forty_fives", 45, Game.FORTY_FIVES),
        ("forty_fives_120", 120, Game.FORTY_FIVES),
        ("auction_45", 120, Game.AUCTION),
        ("one_ten", 110, Game.ONE_TEN),
    ],
)
def test_variant_for_gives_the_drives_game_and_target_for_two_pairs(
    club, organizer, game, target, family
):
    v = variant_for(make_drive(club, organizer, game=game))
    assert (v.game, v.target, v.n_sides, v.sides[0].players) == (family, target, 2, 2)


@pytest.mark.django_db
def test_variant_for_gives_the_drives_options(club, organizer):
    auction = make_drive(
        club,
        organizer,
        game="auction_45",
        game_options={"dealer_may_hold": True, "thirty_for_sixty": "loses_30", "slam": True},
    )
    v = variant_for(auction)
    assert (v.dealer_may_hold, v.thirty_for_sixty, v.slam, v.dreaded_45) == (
        True,
        ThirtyForSixty.LOSES_30,
        True,
        False,
    )
    one_ten = make_drive(
        club,
        organizer,
        game="one_ten",
        game_options={"bidder_adds": "points", "bell": True, "elimination_floor": -80},
    )
    v = variant_for(one_ten)
    assert (v.bidder_adds, v.bell, v.elimination_floor, v.dealer_may_hold) == (
        BidderAdds.POINTS,
        True,
        -80,
        True,
    )
    assert variant_for(one_ten, sides=alone("Ann", "Bob", "Cy")).n_sides == 3


@pytest.mark.django_db
def test_variant_for_ignores_options_stored_for_another_game(club, organizer):
    drive = make_drive(club, organizer, game="forty_fives")
    Drive.objects.filter(pk=drive.pk).update(game_options={"slam": True, "five_only_bonus": True})
    drive.refresh_from_db()
    v = variant_for(drive)
    assert (v.target, v.five_only_bonus, v.slam) == (45, True, False)


def test_every_drive_game_has_a_variant():
    assert set(REGISTRY_KEYS) == set(Drive.Game.values)
    assert set(REGISTRY_KEYS.values()) == set(VARIANTS) | set(all_fours.RULES)
    for game, key in REGISTRY_KEYS.items():
        if key in all_fours.RULES:  # the All Fours variants a drive offers seat two pairs
            assert isinstance(variant_for(Drive(game=game)), all_fours.Variant)


# --- Settings: a new drive --------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    "game,posted,stored",
    [
        ("forty_fives", {"five_only_bonus": "on"}, {"five_only_bonus": True}),
        ("forty_fives_120", {}, {}),
        (
            "auction_45",
            {
                "dealer_may_hold": "on",
                "no_hold_under_20": "on",
                "minimum_20_at_100": "on",
                "thirty_for_sixty": "loses_60",
                "slam": "on",
                "dreaded_45": "on",
            },
            {
                "dealer_may_hold": True,
                "no_hold_under_20": True,
                "minimum_20_at_100": True,
                "thirty_for_sixty": "loses_60",
                "slam": True,
                "dreaded_45": True,
            },
        ),
        (
            "one_ten",
            {"bidder_adds": "points", "bell": "on", "elimination_floor": "-80"},
            {"bidder_adds": "points", "bell": True, "elimination_floor": -80},
        ),
        ("one_ten", {"bidder_adds": "bid", "elimination_floor": ""}, {}),
    ],
)
def test_drive_create_stores_the_games_options(org_client, game, posted, stored):
    r = org_client.post(reverse("drives:drive_create"), {**NEW_DRIVE, "game": game, **posted})
    assert r.status_code == 302
    drive = Drive.objects.get()
    assert (drive.game, drive.game_options) == (game, stored)
    assert AuditEntry.objects.get(drive=drive).new["game_options"] == stored


@pytest.mark.django_db
def test_drive_create_drops_the_options_of_another_game(org_client):
    posted = {"five_only_bonus": "on", "slam": "on", "bell": "on", "elimination_floor": "-80"}
    r = org_client.post(reverse("drives:drive_create"), {**NEW_DRIVE, **posted})
    assert r.status_code == 302
    assert Drive.objects.get().game_options == {"five_only_bonus": True}


@pytest.mark.django_db
@pytest.mark.parametrize(
    "posted,message",
    [
        (
            {"game": "auction_45", "no_hold_under_20": "on"},
            "Check the options of the game: no hold under 20 needs the option dealer may hold.",
        ),
        (
            {"game": "one_ten", "elimination_floor": "20"},
            "Check the options of the game: the elimination floor must be below zero.",
        ),
    ],
)
def test_drive_create_refuses_options_that_do_not_go_together(org_client, posted, message):
    r = org_client.post(reverse("drives:drive_create"), {**NEW_DRIVE, **posted})
    assert r.status_code == 400
    assert message in text_of(r.content.decode())
    assert row_counts()["Drive"] == 0
    assert not AuditEntry.objects.exists()


@pytest.mark.django_db
def test_drive_create_shows_every_option_with_the_game_it_is_for(org_client):
    page = text_of(org_client.get(reverse("drives:drive_create")).content.decode())
    assert "Only the 5 of trumps earns the 5-point bonus For every Forty-Fives game." in page
    assert "Tobago: a two turned up kicks 2 instead of a six For All Fours: Caribbean" in page
    assert (
        "Dreaded 45: a pair whose score lands exactly on 45 goes back to 0 "
        "For Auction Forty-Fives (to 120) only." in page
    )
    assert "Bell: a bid of 30 that is made scores 60 For 110 (One Hundred and Ten) only." in page
    html = org_client.get(reverse("drives:drive_create")).content.decode()
    for option in game_rules.OPTIONS:
        # A drive table is two pairs: an option for five players alone is not offered.
        assert (f'name="{option.name}"' in html) == option.drive, option.name
    assert 'name="call_partner"' not in html


# --- Settings: an existing drive --------------------------------------------------


@pytest.fixture
def auction(club, organizer):
    return make_drive(
        club, organizer, game="auction_45", game_options={"dealer_may_hold": True, "slam": True}
    )


def edit(drive, **changes):
    return {**NEW_DRIVE, "name": drive.name, "date": "2026-11-29", **changes}


@pytest.mark.django_db
def test_drive_edit_shows_the_stored_options(org_client, auction):
    page = org_client.get(reverse("drives:drive_edit", args=[auction.pk])).content.decode()
    assert re.search(r'<input type="checkbox" name="slam"[^>]*checked', page)
    assert not re.search(r'<input type="checkbox" name="dreaded_45"[^>]*checked', page)


@pytest.mark.django_db
def test_drive_edit_saves_new_options_and_audits_old_and_new(org_client, auction):
    url = reverse("drives:drive_edit", args=[auction.pk])
    posted = edit(auction, game="auction_45", dealer_may_hold="on", thirty_for_sixty="loses_30")
    assert org_client.post(url, posted).status_code == 302
    auction.refresh_from_db()
    assert auction.game_options == {"dealer_may_hold": True, "thirty_for_sixty": "loses_30"}
    entry = AuditEntry.objects.get(drive=auction, action="drive_update")
    assert entry.old["game_options"] == {"dealer_may_hold": True, "slam": True}
    assert entry.new["game_options"] == {"dealer_may_hold": True, "thirty_for_sixty": "loses_30"}


@pytest.mark.django_db
def test_drive_edit_to_another_game_drops_the_old_games_options(org_client, auction):
    url = reverse("drives:drive_edit", args=[auction.pk])
    posted = edit(auction, game="one_ten", dealer_may_hold="on", slam="on", bell="on")
    assert org_client.post(url, posted).status_code == 302
    auction.refresh_from_db()
    assert (auction.game, auction.game_options) == ("one_ten", {"bell": True})


@pytest.mark.django_db
def test_drive_edit_refuses_a_bad_combination_and_saves_nothing(org_client, auction):
    url = reverse("drives:drive_edit", args=[auction.pk])
    rows = row_counts()
    r = org_client.post(url, edit(auction, game="auction_45", no_hold_under_20="on"), **HTMX)
    assert r.status_code == 400
    assert "<html" not in r.content.decode()
    assert "no hold under 20 needs the option dealer may hold" in text_of(r.content.decode())
    auction.refresh_from_db()
    assert auction.game_options == {"dealer_may_hold": True, "slam": True}
    assert row_counts() == rows


@pytest.mark.django_db
def test_the_options_are_locked_once_the_drive_has_started(org_client, club, organizer):
    drive = started_drive(club, organizer, pairs=4, game="auction_45")
    url = reverse("drives:drive_edit", args=[drive.pk])
    rows = row_counts()
    r = org_client.post(url, edit(drive, game="auction_45", slam="on"))
    assert r.status_code == 409
    assert "its settings can no longer change" in r.content.decode()
    with pytest.raises(DriveError, match="can no longer change"):
        services.drive_update(drive=drive, actor=organizer, now=NOW, game_options={"slam": True})
    drive.refresh_from_db()
    assert drive.game_options == {}
    assert row_counts() == rows


# --- Services -----------------------------------------------------------------------


@pytest.mark.django_db
def test_drive_update_to_another_game_drops_options_it_does_not_have(auction, organizer):
    drive = services.drive_update(drive=auction, actor=organizer, now=NOW, game="forty_fives")
    drive.refresh_from_db()
    assert (drive.game, drive.game_options) == ("forty_fives", {})


@pytest.mark.django_db
def test_drive_create_refuses_a_bad_combination_and_writes_nothing(club, organizer):
    rows = row_counts()
    with pytest.raises(ValidationError, match="needs the option dealer may hold"):
        make_drive(club, organizer, game="auction_45", game_options={"no_hold_under_20": True})
    assert row_counts() == rows


@pytest.mark.django_db
def test_drive_copy_copies_the_game_and_its_options(auction, organizer):
    copy = services.drive_copy(source=auction, actor=organizer, now=NOW)
    copy.refresh_from_db()
    assert (copy.game, copy.game_options) == ("auction_45", {"dealer_may_hold": True, "slam": True})
    entry = AuditEntry.objects.get(drive=copy, action="drive_copy")
    assert entry.new["game_options"] == {"dealer_may_hold": True, "slam": True}


# --- The rules page -------------------------------------------------------------------


def rules_page(client, drive, **extra) -> str:
    r = client.get(reverse("drives:rules", args=[drive.pk]), **extra)
    assert r.status_code == 200
    return r.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "game,says,does_not_say",
    [
        (
            "forty_fives",
            [
                "Rules: Forty-Fives (game to 45)",
                "The first pair to reach 45 points or more wins the game.",
                "There is no bidding",
            ],
            ["Bidding goes"],
        ),
        (
            "forty_fives_120",
            ["The first pair to reach 120 points or more wins the game."],
            ["Bidding goes"],
        ),
        (
            "auction_45",
            [
                "Bidding goes in turn from the dealer's left: 15, 20, 25 or 30, "
                "each bid higher than the last.",
                "If everyone passes, the dealer is “bagged” at 15.",
                "it adds all the points it took; otherwise it loses the amount of its bid",
                "A pair on 100 or more at the start of a hand scores only if it wins the bid",
                "If both pairs reach 120 in the same hand, the pair that won the bid goes out",
            ],
            ["or a slam", "There is no bidding"],
        ),
        (
            "one_ten",
            [
                "at least 15, each bid at least 5 more than the highest so far",
                "The dealer may hold: take the bid at the same amount.",
                "it adds the amount of its bid; otherwise it loses the amount of its bid.",
                "cannot go past 105",
                "The first pair to reach 110 wins",
                # Our choice where the source is silent (game-scoring.md): stated on the page.
                "If everyone passes, the dealer is “bagged” at 15.",
            ],
            ["There is no bidding"],
        ),
    ],
)
def test_rules_page_states_the_game_in_plain_words(
    org_client, club, organizer, game, says, does_not_say
):
    page = text_of(rules_page(org_client, make_drive(club, organizer, game=game)))
    assert "Each trick is worth 5 points to the pair that won it." in page
    assert (
        "The trick that held the best trump played in the hand is worth 10 instead of 5. "
        "A hand is worth 30 in all, or 25 when no trump was played." in page
    )
    assert "This drive's options None: the rules above as they are." in page
    for sentence in says:
        assert sentence in page
    for sentence in does_not_say:
        assert sentence not in page


@pytest.mark.django_db
def test_rules_page_states_each_auction_option_chosen(org_client, club, organizer):
    options = {
        "five_only_bonus": True,
        "dealer_may_hold": True,
        "no_hold_under_20": True,
        "minimum_20_at_100": True,
        "thirty_for_sixty": "loses_60",
        "slam": True,
        "dreaded_45": True,
    }
    drive = make_drive(club, organizer, game="auction_45", game_options=options)
    page = text_of(rules_page(org_client, drive))
    for sentence in [
        "Only the 5 of trumps earns the bonus: the trick that held it is worth 10 instead of 5.",
        "Five-only bonus: only the 5 of trumps earns the bonus",
        "Dealer may hold: the dealer may take the bid at the current highest amount",
        "No hold under 20: the dealer may not hold until the bid is at least 20.",
        "Minimum 20 at 100: a pair on 100 or more may not bid under 20.",
        "30 for 60: a bid of 30 that is made scores 60; a failed bid of 30 loses 60.",
        "Slam: a pair may bid to take all 5 tricks; if it takes them all it scores 120, "
        "otherwise it loses 60.",
        "Dreaded 45: a pair whose score lands exactly on 45 goes back to 0.",
        "15, 20, 25, 30 or a slam",
    ]:
        assert sentence in page
    assert "The trick that held the best trump" not in page
    assert "None: the rules above as they are." not in page


@pytest.mark.django_db
def test_rules_page_states_each_one_ten_option_chosen(org_client, club, organizer):
    options = {"bidder_adds": "points", "bell": True, "elimination_floor": -80}
    drive = make_drive(club, organizer, game="one_ten", game_options=options)
    page = text_of(rules_page(org_client, drive))
    assert "it adds all the points it took; otherwise it loses the amount of its bid." in page
    assert "Bidder adds: a pair that makes its bid adds all the points it took" in page
    assert "Bell: a bid of 30 that is made scores 60." in page
    assert (
        "Elimination: a pair at or below -80 is out of the game; the last pair left wins." in page
    )
    assert "30 for 60" not in page


@pytest.mark.django_db
def test_rules_page_of_seven_up_to_11(org_client, club, organizer):
    drive = make_drive(club, organizer, game="seven_up", game_options={"target": 11})
    page = text_of(rules_page(org_client, drive))
    assert "Rules: All Fours: Seven Up" in page
    assert "The first pair to reach 11 points wins." in page
    assert "count in the order High, Low, Jack, Game" in page
    assert "A jack turned up for trumps: 1 to the dealer's pair at once." in page
    assert "The elder (the player on the dealer's left) stands or begs." in page
    assert "High: 1 point to the pair that held the highest trump in play." in page
    assert "On a tie the elder's pair takes it." in page
    assert "Target: the game is played to 11 points." in page
    assert "Card ranks, highest first" not in page and 'id="trump-' not in page
    assert "Each trick is worth 5 points" not in page


@pytest.mark.django_db
def test_rules_page_of_caribbean_with_its_options(org_client, club, organizer):
    options = {"tobago": True, "game_worth_2": True}
    drive = make_drive(club, organizer, game="caribbean", game_options=options)
    page = text_of(rules_page(org_client, drive))
    assert "The first pair to reach 14 points wins." in page
    assert "Kick: the dealer's pair scores the card turned up, ace 1, two 2, jack 3" in page
    assert "Hang jack: when the jack of trumps is won from the pair that held it" in page
    assert "Game: 2 to the pair with the more card points" in page
    assert "On a tie nobody scores it." in page
    assert "Tobago: a two turned up kicks 2" in page


@pytest.mark.django_db
def test_rules_page_of_lancashire_and_pitch(org_client, club, organizer):
    page = text_of(rules_page(org_client, make_drive(club, organizer, game="lancashire")))
    assert "the suit of the first card led (pitched) is trumps" in page
    assert "Low: 1 point to the pair that won the lowest trump in play in a trick." in page
    assert "stands or begs" not in page
    page = text_of(rules_page(org_client, make_drive(club, organizer, game="auction_pitch")))
    assert "Each player bids once, 1 to 4 or passes, for the right to pitch." in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    "game,posted,stored",
    [
        ("seven_up", {"target": "11", "tobago": "on"}, {"target": 11}),
        ("seven_up", {"target": ""}, {}),
        (
            "caribbean",
            {"tobago": "on", "game_worth_2": "on", "target": "21"},
            {
                "tobago": True,
                "game_worth_2": True,
            },
        ),
        ("pitch", {"target": "21", "five_only_bonus": "on"}, {"target": 21}),
        ("yorkshire", {"target": "15"}, {}),
    ],
)
def test_drive_create_stores_the_all_fours_options(org_client, game, posted, stored):
    r = org_client.post(reverse("drives:drive_create"), {**NEW_DRIVE, "game": game, **posted})
    assert r.status_code == 302
    drive = Drive.objects.get()
    assert (drive.game, drive.game_options) == (game, stored)
    assert isinstance(variant_for(drive), all_fours.Variant)


@pytest.mark.django_db
def test_drive_create_refuses_a_target_out_of_the_variants_range(org_client):
    posted = {"game": "seven_up", "target": "16"}
    r = org_client.post(reverse("drives:drive_create"), {**NEW_DRIVE, **posted})
    assert r.status_code == 400
    assert "Check the options of the game: Seven Up is played to between 7 and 15." in text_of(
        r.content.decode()
    )
    assert row_counts()["Drive"] == 0


def test_variant_for_an_all_fours_drive_names_the_pairs():
    drive = Drive(game="california_jack", game_options={"target": 21, "slam": True})
    v = variant_for(drive, all_fours.two_pairs("Pair 3", "Pair 8"))
    assert (v.key, v.target, v.name_of(1), v.options) == ("california_jack", 21, "Pair 8", set())


@pytest.mark.django_db
def test_rules_page_rank_tables_are_card_ranks_md(org_client, club, organizer):
    page = rules_page(org_client, make_drive(club, organizer))
    for suit, cards in SPEC_TRUMPS.items():
        assert row(page, f"trump-{suit}") == cards
    symbols = {"diamonds": "♦", "hearts": "♥", "clubs": "♣", "spades": "♠"}
    for suit, ranks in SPEC_OFF_SUIT.items():
        cards, _, note = ranks.partition(" (")
        shown = " ".join(f"{r}{symbols[suit]}" for r in cards.split())
        assert row(page, f"off-suit-{suit}") == shown + (f" ({note}" if note else "")


@pytest.mark.django_db
def test_rules_page_shows_red_suits_in_red(org_client, club, organizer):
    page = rules_page(org_client, make_drive(club, organizer))
    clubs = re.search(r'<tr id="trump-clubs">.*?</tr>', page, re.S).group(0)
    assert '<span class="suit-red">A♥</span>' in clubs
    assert '<span class="suit-black">A♣</span>' in clubs
    hearts = re.search(r'<tr id="trump-hearts">.*?</tr>', page, re.S).group(0)
    assert '<span class="suit-black">' not in hearts


# --- The rules page: the screen ----------------------------------------------------------


@pytest.mark.django_db
def test_rules_is_linked_from_the_drives_pages(org_client, club, organizer):
    drive = make_drive(club, organizer)
    page = org_client.get(reverse("drives:drive_detail", args=[drive.pk])).content.decode()
    assert reverse("drives:rules", args=[drive.pk]) in page


@pytest.mark.django_db
def test_rules_is_open_to_a_scorer_during_the_night(scorer_client, club, organizer):
    drive = started_drive(club, organizer, pairs=4, game="one_ten")
    page = rules_page(scorer_client, drive)
    assert "Rules: 110 (One Hundred and Ten)" in text_of(page)
    assert 'class="tab on"' in page


@pytest.mark.django_db
def test_rules_refuses_post(org_client, club, organizer):
    drive = make_drive(club, organizer)
    assert org_client.post(reverse("drives:rules", args=[drive.pk])).status_code == 405


@pytest.mark.django_db
def test_rules_is_not_found_for_another_club(other_club_client, club, organizer):
    drive = make_drive(club, organizer)
    assert other_club_client.get(reverse("drives:rules", args=[drive.pk])).status_code == 404


@pytest.mark.django_db
def test_rules_sends_a_stranger_to_log_in(anon_client, club, organizer):
    drive = make_drive(club, organizer)
    assert goes_to_login(anon_client.get(reverse("drives:rules", args=[drive.pk])))


@pytest.mark.django_db
def test_rules_under_htmx_is_only_the_content(org_client, club, organizer):
    page = rules_page(org_client, make_drive(club, organizer), **HTMX)
    assert "<html" not in page
    assert row(page, "trump-hearts") == SPEC_TRUMPS["hearts"]


@pytest.mark.django_db
def test_rules_of_a_drive_that_does_not_exist_is_not_found(org_client, club, organizer):
    make_drive(club, organizer)
    assert org_client.get(reverse("drives:rules", args=[999999])).status_code == 404


@pytest.mark.django_db
def test_rules_for_a_club_member_of_another_club_never_show_our_game(db):
    ours, theirs = make_club(), make_club("Legion Branch 12")
    make_drive(ours, make_user(ours), game="one_ten")
    from django.test import Client

    c = Client()
    c.force_login(make_user(theirs, username="legion"))
    drive = Drive.objects.get()
    r = c.get(reverse("drives:rules", args=[drive.pk]), **HTMX)
    assert r.status_code == 404
    assert "110" not in r.content.decode()
