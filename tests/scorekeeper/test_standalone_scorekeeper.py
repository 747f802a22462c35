"""The stand-alone scorekeeper (scoring/services/scorekeeper.py, scoring/views/scorekeeper.py):
club and home games of either family, in any line-up the rules allow, no drive.

The rules themselves are tested in test_games_*.py; here: the spec's worked
examples through the screens, refusals with the library's reason, retries,
two devices, undo, a won game, and who may see a game."""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse

from clubs.interface import DriveError, StaleError
from clubs.models import AuditEntry
from scorekeeper import services as service
from scorekeeper.models import ScoreGame, ScoreHand
from tests.builders import HTMX, NOW

pytestmark = pytest.mark.django_db


def new_game(club, actor, family, variant, sides, options=None, target=None, title=""):
    return service.score_game_create(
        club=club,
        family=family,
        variant=variant,
        sides=sides,
        options=options or {},
        target=target,
        title=title,
        actor=actor,
        now=NOW,
    )


def alone(*names):
    return [{"name": n, "players": 1} for n in names]


def pairs(*names, size=2):
    return [{"name": n, "players": size} for n in names]


def add(game, actor, record, number=None, key=None):
    number = number or game.hands.count() + 1
    return service.score_hand_add(
        game=game, record=record, number=number, key=key or f"k{number}", actor=actor, now=NOW
    )


def ff(tricks, best, bidder=None, bid=None):
    return {"tricks": list(tricks), "best": best, "bidder": bidder, "bid": bid}


def page(client, game):
    return unescape(client.get(reverse("scorekeeper:game", args=[game.pk])).content.decode())


def post_hand(client, game, data, **extra):
    data = {"number": game.hands.count() + 1, "key": f"key-{game.hands.count() + 1}", **data}
    return client.post(reverse("scorekeeper:hand_add", args=[game.pk]), data, **extra)


# --- creating games ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("family", "variant", "sides"),
    [
        ("forty_fives", "forty_fives_45", alone("Ann", "Bob")),
        ("forty_fives", "auction_45", alone("Ann", "Bob", "Cy")),
        ("forty_fives", "one_ten", pairs("Us", "Them")),
        ("forty_fives", "auction_45", pairs("A", "B", "C")),
        ("forty_fives", "auction_45", alone("A", "B", "C", "D", "E")),
        ("all_fours", "seven_up", alone("Ann", "Bob")),
        ("all_fours", "pitch", alone("Ann", "Bob", "Cy")),
        ("all_fours", "caribbean", pairs("Us", "Them")),
        ("all_fours", "seven_up", pairs("A", "B", "C")),
        ("all_fours", "pitch", pairs("A", "B", size=3)),
    ],
)
def test_a_game_of_either_family_in_the_line_ups_its_rules_allow(
    club, organizer, family, variant, sides
):
    game = new_game(club, organizer, family, variant, sides)
    sheet = service.scoresheet(game)
    assert [s.name for s in sheet.sides] == [s["name"] for s in sides]
    assert sheet.totals == (0,) * len(sides)
    entry = AuditEntry.objects.get(action="score_game_create")
    assert entry.club == club and entry.drive is None


def test_a_line_up_the_rules_refuse_is_refused_with_the_librarys_reason(club, organizer):
    with pytest.raises(DriveError, match="Yorkshire All Fours is for 4 players in 2 pairs"):
        new_game(club, organizer, "all_fours", "yorkshire", alone("Ann", "Bob"))
    with pytest.raises(DriveError, match="Auction Forty-Fives seats at most 6 players"):
        new_game(club, organizer, "forty_fives", "auction_45", pairs("A", "B", "C", "D"))
    assert not ScoreGame.objects.exists() and not AuditEntry.objects.exists()


def test_the_new_game_screen_refuses_a_line_up_with_the_reason(org_client):
    r = org_client.post(
        reverse("scorekeeper:game_new"),
        {"game": "all_fours:lancashire", "line_up": "3x1", "side_0": "Ann"},
    )
    assert r.status_code == 400
    assert "Lancashire All Fours is for 4 players in 2 pairs" in unescape(r.content.decode())
    assert not ScoreGame.objects.exists()


def test_the_new_game_screen_starts_a_game_with_names_options_and_target(org_client, club):
    r = org_client.get(reverse("scorekeeper:game_new"))
    html = unescape(r.content.decode())
    for words in ("2 players, each alone", "3 players, each alone", "4 players in 2 pairs"):
        assert words in html
    assert "5 players, each alone" in html and "6 players in 3 pairs" in html
    r = org_client.post(
        reverse("scorekeeper:game_new"),
        {
            "game": "all_fours:seven_up",
            "line_up": "3x1",
            "side_0": "Ann",
            "side_1": "Bob",
            "side_2": "",
            "target": "11",
            "title": "Sunday at Mary's",
        },
    )
    game = ScoreGame.objects.get()
    assert r.status_code == 302 and r["Location"] == reverse("scorekeeper:game", args=[game.pk])
    assert game.club == club and game.target == 11 and game.title == "Sunday at Mary's"
    assert [s["name"] for s in game.sides] == ["Ann", "Bob", "Player 3"]
    r = org_client.post(
        reverse("scorekeeper:game_new"),
        {"game": "forty_fives:auction_45", "line_up": "2x2", "opt_forty_fives_slam": "1"},
    )
    assert ScoreGame.objects.filter(options={"slam": True}).exists()


# --- Forty-Fives ---------------------------------------------------------------------


def test_forty_fives_worked_example_through_the_screen(org_client, club, organizer):
    game = new_game(club, organizer, "forty_fives", "forty_fives_45", pairs("A", "B"))
    post_hand(org_client, game, {"tricks_0": 4, "tricks_1": 1, "best": 0})
    assert service.scoresheet(game).totals == (25, 5)
    post_hand(org_client, game, {"tricks_0": 2, "tricks_1": 3, "best": 1})
    assert service.scoresheet(game).totals == (35, 25)
    r = post_hand(org_client, game, {"tricks_0": 2, "tricks_1": 3, "best": 0})
    assert r.status_code == 302
    sheet = service.scoresheet(game)
    assert sheet.totals == (50, 40) and sheet.winner_name == "A"
    html = page(org_client, game)
    assert "A won the game." in html and "Enter hand 4" not in html


def test_a_won_game_takes_no_more_hands(club, organizer):
    game = new_game(club, organizer, "forty_fives", "forty_fives_45", alone("Ann", "Bob"))
    for record in (ff((5, 0), 0), ff((5, 0), 0)):
        add(game, organizer, record)
    with pytest.raises(DriveError, match="The game is over: Ann won"):
        add(game, organizer, ff((0, 5), 1))
    assert game.hands.count() == 2


def test_auction_cut_throat_shows_green_and_locked(org_client, club, organizer):
    game = new_game(club, organizer, "forty_fives", "auction_45", alone("Ann", "Bob", "Cy"))
    for _ in range(3):  # Ann bids 20 and takes every trick: 30 a hand
        add(game, organizer, ff((5, 0, 0), 0, bidder=0, bid=20))
    sheet = service.scoresheet(game)
    assert sheet.totals == (90, 0, 0) and sheet.green == (0,) and sheet.locked == ()
    assert "On the green" in page(org_client, game)
    add(game, organizer, ff((2, 2, 1), None, bidder=1, bid=15))  # Bob takes 10: set
    sheet = service.scoresheet(game)
    assert sheet.totals == (100, -15, 5) and sheet.locked == (0,)
    assert "Locked: scores only by winning the bid" in page(org_client, game)


def test_110_with_elimination_shows_who_is_out(org_client, club, organizer):
    game = new_game(
        club, organizer, "forty_fives", "one_ten", alone("Ann", "Bob", "Cy"), {"elimination": True}
    )
    for _ in range(3):  # Bob bids 30 and takes nothing: set three times, -90
        add(game, organizer, ff((5, 0, 0), 0, bidder=1, bid=30))
    sheet = service.scoresheet(game)
    assert sheet.totals == (90, -90, 0) and sheet.eliminated == (1,) and not sheet.over
    assert "Eliminated: out of the game" in page(org_client, game)


def test_a_hand_the_rules_refuse_shows_the_reason_and_writes_nothing(org_client, club, organizer):
    game = new_game(club, organizer, "forty_fives", "forty_fives_45", pairs("A", "B"))
    r = post_hand(org_client, game, {"tricks_0": 4, "tricks_1": 2, "best": 0})
    assert r.status_code == 400
    assert "tricks add up to 6, must be 5" in unescape(r.content.decode())
    assert not ScoreHand.objects.exists()
    assert AuditEntry.objects.filter(action="score_hand_add").count() == 0


# --- All Fours -----------------------------------------------------------------------


def test_all_fours_worked_example_from_dealer_5_elder_6(org_client, club, organizer):
    game = new_game(club, organizer, "all_fours", "seven_up", alone("Dealer", "Elder"))
    plain = {"turned": "9S", "beg": ""}
    # Three deals bring the score to the spec's Dealer 5, Elder 6.
    post_hand(org_client, game, {**plain, "dealer": 1, "high": 0, "low": 0, "jack": 0, "game": 0})
    post_hand(org_client, game, {**plain, "dealer": 0, "high": 1, "low": 1, "jack": 1, "game": 1})
    post_hand(org_client, game, {**plain, "dealer": 1, "high": 0, "low": 1, "game": 1})
    assert service.scoresheet(game).totals == (5, 6)
    # The dealer turns up the jack; the elder holds High, the dealer Low, the elder Game.
    r = post_hand(
        org_client, game, {"dealer": 0, "turned": "JH", "beg": "", "high": 1, "low": 0, "game": 1}
    )
    assert r.status_code == 302
    sheet = service.scoresheet(game)
    assert sheet.totals == (6, 7) and sheet.winner_name == "Elder"
    assert sheet.last_log == (("Jack turned up", "Dealer", 1), ("High", "Elder", 1))
    html = page(org_client, game)
    assert "Elder won the game." in html and "Enter deal" not in html


def test_a_gift_that_puts_the_elder_out_wins_on_the_spot(org_client, club, organizer):
    game = new_game(club, organizer, "all_fours", "seven_up", alone("Dealer", "Elder"))
    plain = {"dealer": 0, "turned": ["9S"]}
    add(game, organizer, {**plain, "high": 1, "low": 1, "jack": 1, "game": 1})
    add(game, organizer, {**plain, "high": 1, "low": 1, "game": 0})
    r = post_hand(org_client, game, {"dealer": 0, "turned": "9S", "beg": "gift"})
    assert r.status_code == 302
    sheet = service.scoresheet(game)
    assert sheet.totals == (1, 7) and sheet.winner_name == "Elder"
    assert sheet.last_log == (("Gift", "Elder", 1),)


def test_all_fours_refused_deal_gives_the_librarys_reason(club, organizer):
    game = new_game(club, organizer, "all_fours", "seven_up", alone("Ann", "Bob"))
    record = {"dealer": 0, "turned": ["JS"], "high": 0, "low": 1, "jack": 1, "game": 0}
    with pytest.raises(DriveError, match="the Jack was turned up, so nobody can win it"):
        add(game, organizer, record)


def test_the_all_fours_form_keeps_to_the_controls_the_variant_uses(org_client, club, organizer):
    seven_up = new_game(club, organizer, "all_fours", "seven_up", alone("Ann", "Bob"))
    html = page(org_client, seven_up)
    assert 'name="turned"' in html and 'name="beg"' in html and 'name="bids"' not in html
    pitch = new_game(club, organizer, "all_fours", "auction_pitch", alone("Ann", "Bob", "Cy"))
    html = page(org_client, pitch)
    assert 'name="turned"' not in html and 'name="beg"' not in html and 'name="bids"' in html
    auction = new_game(club, organizer, "forty_fives", "auction_45", pairs("A", "B"))
    html = page(org_client, auction)
    assert 'name="bidder"' in html and 'name="tricks_1"' in html and 'name="dealer"' not in html


# --- retries, two devices, undo --------------------------------------------------------


def test_a_retried_hand_is_kept_once(org_client, club, organizer):
    game = new_game(club, organizer, "forty_fives", "forty_fives_45", pairs("A", "B"))
    data = {"number": 1, "key": "same", "tricks_0": 3, "tricks_1": 2, "best": 1}
    url = reverse("scorekeeper:hand_add", args=[game.pk])
    assert org_client.post(url, data).status_code == 302
    assert org_client.post(url, data).status_code == 302
    assert game.hands.count() == 1
    assert AuditEntry.objects.filter(action="score_hand_add").count() == 1


def test_a_hand_number_already_taken_is_a_conflict(org_client, scorer_client, club, organizer):
    game = new_game(club, organizer, "forty_fives", "forty_fives_45", pairs("A", "B"))
    url = reverse("scorekeeper:hand_add", args=[game.pk])
    hand = {"tricks_0": 3, "tricks_1": 2, "best": 1}
    assert org_client.post(url, {"number": 1, "key": "a", **hand}).status_code == 302
    r = scorer_client.post(url, {"number": 1, "key": "b", **hand})
    assert r.status_code == 409
    assert "Hand 1 was already entered on another device" in unescape(r.content.decode())
    with pytest.raises(StaleError):
        add(game, organizer, ff((5, 0), 0), number=3, key="c")
    assert game.hands.count() == 1


def test_undo_takes_back_the_last_hand_and_reopens_a_won_game(org_client, club, organizer):
    game = new_game(club, organizer, "forty_fives", "forty_fives_45", alone("Ann", "Bob"))
    add(game, organizer, ff((5, 0), 0))
    add(game, organizer, ff((5, 0), 0))
    assert service.scoresheet(game).winner_name == "Ann"
    url = reverse("scorekeeper:hand_undo", args=[game.pk])
    assert org_client.post(url, {"number": 1}).status_code == 409  # the page was out of date
    assert org_client.post(url, {"number": 2}).status_code == 302
    sheet = service.scoresheet(game)
    assert sheet.totals == (30, 0) and not sheet.over
    assert "Enter hand 2" in page(org_client, game)
    entry = AuditEntry.objects.get(action="score_hand_undo")
    assert entry.drive is None and entry.old["number"] == 2
    org_client.post(url, {"number": 1})
    assert org_client.post(url, {}).status_code == 409  # nothing left to undo


# --- the list, who may see a game, htmx ---------------------------------------------------


def test_the_clubs_games_newest_first_each_with_its_score(scorer_client, club, organizer):
    older = new_game(club, organizer, "forty_fives", "forty_fives_45", pairs("A", "B"), title="Old")
    add(older, organizer, ff((4, 1), 0))
    newer = new_game(club, organizer, "all_fours", "pitch", alone("Ann", "Bob"), title="New")
    ScoreGame.objects.filter(pk=newer.pk).update(updated_at=NOW.replace(hour=20))
    html = unescape(scorer_client.get(reverse("scorekeeper:game_list")).content.decode())
    assert html.index("New") < html.index("Old")
    assert "25 – 5" in html and "Open" in html
    assert reverse("scorekeeper:game", args=[older.pk]) in html


def test_another_clubs_game_is_not_found(other_club_client, club, organizer):
    game = new_game(club, organizer, "forty_fives", "forty_fives_45", pairs("A", "B"))
    assert other_club_client.get(reverse("scorekeeper:game", args=[game.pk])).status_code == 404
    r = post_hand(other_club_client, game, {"tricks_0": 5, "tricks_1": 0, "best": 0})
    assert r.status_code == 404
    r = other_club_client.post(reverse("scorekeeper:hand_undo", args=[game.pk]))
    assert r.status_code == 404
    html = other_club_client.get(reverse("scorekeeper:game_list")).content.decode()
    assert reverse("scorekeeper:game", args=[game.pk]) not in html
    assert not ScoreHand.objects.exists()


def test_not_logged_in_goes_to_the_login_page(anon_client):
    for url in (reverse("scorekeeper:game_list"), reverse("scorekeeper:game_new")):
        r = anon_client.get(url)
        assert r.status_code == 302 and r["Location"].startswith(reverse("login"))


def test_wrong_method_is_refused(org_client, club, organizer):
    game = new_game(club, organizer, "forty_fives", "forty_fives_45", pairs("A", "B"))
    assert org_client.get(reverse("scorekeeper:hand_add", args=[game.pk])).status_code == 405
    assert org_client.get(reverse("scorekeeper:hand_undo", args=[game.pk])).status_code == 405
    assert org_client.post(reverse("scorekeeper:game_list")).status_code == 405


def test_htmx_gets_just_the_content(org_client, club, organizer):
    game = new_game(club, organizer, "forty_fives", "forty_fives_45", pairs("A", "B"))
    r = org_client.get(reverse("scorekeeper:game", args=[game.pk]), **HTMX)
    html = r.content.decode()
    assert r.status_code == 200 and '<div id="content"' in html and "<html" not in html
    r = post_hand(org_client, game, {"tricks_0": 4, "tricks_1": 1, "best": 0}, **HTMX)
    html = unescape(r.content.decode())
    assert r.status_code == 200 and "<html" not in html and "Enter hand 2" in html
    r = post_hand(org_client, game, {"tricks_0": 4, "tricks_1": 2, "best": 0}, **HTMX)
    assert r.status_code == 400 and "tricks add up to 6" in unescape(r.content.decode())


def test_the_drive_list_links_to_the_scorekeeper(scorer_client):
    html = scorer_client.get(reverse("drives:drive_list")).content.decode()
    assert reverse("scorekeeper:game_list") in html


# --- a refusal is said on the page, in the drive's words (issue 25, item 3) -----------


def test_a_refused_hand_under_htmx_comes_back_as_the_page_with_the_reason_in_the_flash(
    org_client, club, organizer
):
    # The form swaps #content with hx-select="#content": a refusal without #content, sent
    # to the flash region alone, showed nothing at all.
    game = new_game(club, organizer, "forty_fives", "forty_fives_45", pairs("A", "B"))
    r = post_hand(org_client, game, {"tricks_0": 4, "tricks_1": 2, "best": 0}, **HTMX)
    html = unescape(r.content.decode())
    assert r.status_code == 400 and '<div id="content"' in html and "<html" not in html
    flash = html[html.index('<div id="flash"') :]
    assert 'hx-swap-oob="true"' in flash
    assert "Hand 1 refused: tricks add up to 6, must be 5." in flash
    assert r["HX-Reswap"] == "outerHTML show:#flash:top"
    # The taps that were on stay on, with the same key (sending it again keeps it once).
    for name, value in (("tricks_0", "4"), ("tricks_1", "2"), ("best", "0")):
        assert f'name="{name}" value="{value}" required checked' in html
    assert 'name="key" value="key-1"' in html
    assert not ScoreHand.objects.exists()


def test_a_refused_hand_without_htmx_is_the_game_page_with_the_reason(org_client, club, organizer):
    game = new_game(club, organizer, "forty_fives", "forty_fives_45", pairs("A", "B"))
    r = post_hand(org_client, game, {"tricks_0": 4, "tricks_1": 2, "best": 0})
    html = unescape(r.content.decode())
    assert r.status_code == 400 and "Enter hand 1" in html
    assert '<p class="msg error">Hand 1 refused: tricks add up to 6, must be 5.</p>' in html


def test_a_refused_undo_under_htmx_is_said_in_the_flash(org_client, club, organizer):
    game = new_game(club, organizer, "forty_fives", "forty_fives_45", pairs("A", "B"))
    add(game, organizer, ff((4, 1), 0))
    add(game, organizer, ff((4, 1), 0))
    url = reverse("scorekeeper:hand_undo", args=[game.pk])
    r = org_client.post(url, {"number": 1}, **HTMX)  # the page showed hand 1 last
    html = unescape(r.content.decode())
    assert r.status_code == 409 and '<div id="content"' in html
    assert "the last hand is now hand 2" in html[html.index('<div id="flash"') :]
    assert game.hands.count() == 2
    r = org_client.post(url, {"number": 2}, **HTMX)
    assert r.status_code == 200 and "Hand 2 taken back." in unescape(r.content.decode())


@pytest.mark.parametrize("language", ["en", "fr"])
def test_both_scorekeepers_refuse_an_impossible_hand_in_the_same_words(club, organizer, language):
    from django.utils import translation

    from drives import services as drive_services
    from tests.builders import started_drive

    drive = started_drive(club, organizer, pairs=4, seed=654)
    tg = drive.table_games.get(game=1, table=1)
    numbers = sorted(s.pair.number for s in tg.seats.select_related("pair"))
    game = new_game(club, organizer, "forty_fives", "forty_fives_45", pairs("A", "B"))
    with translation.override(language):
        with pytest.raises(DriveError) as standalone:
            add(game, organizer, ff((4, 2), 0))
        with pytest.raises(DriveError) as at_the_drive:
            drive_services.hand_add(
                drive=drive, game=1, table=1,
                record={"tricks": {numbers[0]: 4, numbers[1]: 2}, "best": numbers[0],
                        "bidder": None, "bid": None},
                number=1, key="k1", actor=organizer, now=NOW,
            )  # fmt: skip
    assert standalone.value.message == at_the_drive.value.message
    expected = {
        "en": "Hand 1 refused: tricks add up to 6, must be 5.",
        "fr": "Main 1 refusée : ",
    }[language]
    assert standalone.value.message.startswith(expected)
