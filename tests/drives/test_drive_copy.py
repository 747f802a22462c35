"""A new drive from a previous one (services.drive_copy, services.pairs_reregister)
and its screens: the "New drive from this one" button and "Last night's pairs"."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse

from clubs.interface import DriveError
from clubs.models import AuditEntry
from drives import services
from drives.models import Drive
from tests.builders import (
    HTMX,
    NOW,
    add_pairs,
    make_club,
    make_drive,
    make_user,
    play_game,
    row_counts,
    started_drive,
)

pytestmark = pytest.mark.django_db


SETTINGS = ("name", "venue", "games", "game", "prize_places", "sitout_wins")


def goes_to_login(response) -> bool:
    return response.status_code == 302 and response.url.startswith(reverse("login"))


def refused(call, match: str, status: int) -> DriveError:
    """Run a call the rules must refuse: its message, its status, and nothing written."""
    before = row_counts()
    with pytest.raises(DriveError, match=match) as caught:
        call()
    assert caught.value.status == status
    assert row_counts() == before
    return caught.value


def pairs_of(drive):
    return list(drive.pairs.values_list("number", "player1", "player2", "paid"))


def finished_drive(club, organizer, **values):
    """A one-game drive of four pairs, all paid, played to the end."""
    drive = started_drive(club, organizer, pairs=4, games=1, **values)
    for p in drive.pairs.all():
        services.pair_set_paid(pair=p, actor=organizer, now=NOW, paid=True)
    play_game(drive, organizer)
    return services.drive_finish(drive=drive, from_game=1, actor=organizer, now=NOW)


@pytest.fixture
def last_night(club, organizer):
    """Last Friday's drive, with settings of its own."""
    return finished_drive(
        club,
        organizer,
        name="Friday 45s",
        venue="Legion hall",
        prize_places=2,
        sitout_wins=False,
        date=dt.date(2026, 11, 27),
    )


@pytest.fixture
def tonight(last_night, organizer):
    return services.drive_copy(source=last_night, actor=organizer, now=NOW)


def reregister(drive, source, numbers, actor):
    return services.pairs_reregister(
        drive=drive, source=source, numbers=numbers, actor=actor, now=NOW
    )


# --- services.drive_copy ------------------------------------------------------


def test_drive_copy_takes_the_settings_and_starts_empty(last_night, organizer):
    copy = services.drive_copy(source=last_night, actor=organizer, now=NOW)
    copy.refresh_from_db()
    assert {k: getattr(copy, k) for k in SETTINGS} == {k: getattr(last_night, k) for k in SETTINGS}
    assert (copy.club, copy.copied_from, copy.status) == (last_night.club, last_night, "setup")
    assert (copy.current_game, copy.seed, copy.finished_at) == (0, None, None)
    assert copy.pairs.count() == 0
    assert copy.pk != last_night.pk


def test_drive_copy_is_dated_today_where_the_hall_is(last_night, organizer):
    # 02:00 UTC on 5 December is still the evening of 4 December in Halifax.
    late = dt.datetime(2026, 12, 5, 2, 0, tzinfo=dt.UTC)
    copy = services.drive_copy(source=last_night, actor=organizer, now=late)
    assert copy.date == dt.date(2026, 12, 4)


def test_drive_copy_takes_a_given_date(last_night, organizer):
    copy = services.drive_copy(
        source=last_night, actor=organizer, now=NOW, date=dt.date(2026, 12, 18)
    )
    assert Drive.objects.get(pk=copy.pk).date == dt.date(2026, 12, 18)


def test_drive_copy_leaves_the_source_as_it_was(last_night, organizer):
    before = (pairs_of(last_night), last_night.status, last_night.current_game)
    services.drive_copy(source=last_night, actor=organizer, now=NOW)
    last_night.refresh_from_db()
    assert (pairs_of(last_night), last_night.status, last_night.current_game) == before


def test_drive_copy_works_from_a_drive_still_registering_or_playing(club, organizer):
    registering = make_drive(club, organizer, name="Next week")
    playing = started_drive(club, organizer, pairs=4, name="Tonight")
    for source in (registering, playing):
        copy = services.drive_copy(source=source, actor=organizer, now=NOW)
        assert (copy.name, copy.status, copy.copied_from) == (source.name, "setup", source)


def test_drive_copy_writes_one_audit_entry(last_night, organizer):
    before = row_counts()
    copy = services.drive_copy(source=last_night, actor=organizer, now=NOW)
    after = row_counts()
    assert (after["Drive"], after["AuditEntry"]) == (before["Drive"] + 1, before["AuditEntry"] + 1)
    entry = AuditEntry.objects.get(drive=copy)
    assert (entry.action, entry.actor, entry.at, entry.club) == (
        "drive_copy",
        organizer,
        NOW,
        last_night.club,
    )
    assert entry.new == {
        "name": "Friday 45s",
        "date": "2026-11-29",
        "venue": "Legion hall",
        "games": 1,
        "game": "forty_fives",
        "game_options": {},
        "prize_places": 2,
        "sitout_wins": False,
        "confirm_by_number": False,
        "confirm_by_code": False,
        "board_public": False,
        "standings_public": False,
        "language": "",
        "from_drive": last_night.pk,
        "place_prizes": [],
    }


# --- services.pairs_reregister ------------------------------------------------


def test_pairs_reregister_brings_back_the_pairs_with_their_numbers_unpaid(
    last_night, tonight, organizer
):
    added = reregister(tonight, last_night, [2, 4], organizer)
    assert [p.number for p in added] == [2, 4]
    assert pairs_of(tonight) == [
        (2, "Player 2a", "Player 2b", False),
        (4, "Player 4a", "Player 4b", False),
    ]


def test_pairs_reregister_writes_one_audit_entry(last_night, tonight, organizer):
    before = row_counts()
    reregister(tonight, last_night, [3, 1], organizer)
    assert row_counts()["AuditEntry"] == before["AuditEntry"] + 1
    entry = AuditEntry.objects.get(drive=tonight, action="pairs_reregister")
    assert entry.actor == organizer
    assert entry.new == {
        "from_drive": last_night.pk,
        "pairs": [
            {"number": 1, "player1": "Player 1a", "player2": "Player 1b", "paid": False,
             "from_number": 1},
            {"number": 3, "player1": "Player 3a", "player2": "Player 3b", "paid": False,
             "from_number": 3},
        ],
    }  # fmt: skip


def test_pairs_reregister_gives_a_taken_number_the_next_free_one(last_night, tonight, organizer):
    services.pair_add(drive=tonight, actor=organizer, now=NOW, player1="Ann", player2="Bob")
    services.pair_add(drive=tonight, actor=organizer, now=NOW, player1="Cy", player2="Di", number=3)
    # 3 is taken: pair 4 keeps 4 and pair 3 of last night becomes 5.
    reregister(tonight, last_night, [3, 4], organizer)
    assert pairs_of(tonight) == [
        (1, "Ann", "Bob", False),
        (3, "Cy", "Di", False),
        (4, "Player 4a", "Player 4b", False),
        (5, "Player 3a", "Player 3b", False),
    ]
    entry = AuditEntry.objects.get(drive=tonight, action="pairs_reregister")
    assert [(p["from_number"], p["number"]) for p in entry.new["pairs"]] == [(3, 5), (4, 4)]


def test_pairs_reregister_carries_accented_names_exactly(club, organizer):
    source = make_drive(club, organizer)
    text = "Seán Ó Súilleabháin & Réjean Thériault\n🃏 Joker Jim & Queen 👑 Bea"
    services.pairs_bulk_add(drive=source, actor=organizer, now=NOW, text=text)
    copy = services.drive_copy(source=source, actor=organizer, now=NOW)
    reregister(copy, source, [1, 2], organizer)
    assert pairs_of(copy) == [
        (1, "Seán Ó Súilleabháin", "Réjean Thériault", False),
        (2, "🃏 Joker Jim", "Queen 👑 Bea", False),
    ]


def test_pairs_to_reregister_lists_the_pairs_not_yet_here(last_night, tonight, organizer):
    assert [p.number for p in services.pairs_to_reregister(tonight, last_night)] == [1, 2, 3, 4]
    reregister(tonight, last_night, [2], organizer)
    # Typed in again by hand, the other way round: still the same two people.
    services.pair_add(
        drive=tonight, actor=organizer, now=NOW, player1="player 4B", player2="Player 4a"
    )
    assert [p.number for p in services.pairs_to_reregister(tonight, last_night)] == [1, 3]


def test_pairs_reregister_after_the_start_is_refused(last_night, tonight, organizer):
    reregister(tonight, last_night, [1, 2], organizer)
    services.drive_start(drive=tonight, actor=organizer, now=NOW, seed=1)
    refused(
        lambda: reregister(tonight, last_night, [3], organizer),
        "pairs can no longer be added",
        409,
    )


def test_pairs_reregister_of_a_number_not_in_the_source_is_refused(last_night, tonight, organizer):
    # Pair 1 is fine but 9 was never there: neither is added.
    refused(
        lambda: reregister(tonight, last_night, [1, 9], organizer),
        "Pair 9 was not in “Friday 45s”",
        400,
    )


def test_pairs_reregister_from_another_clubs_drive_is_refused(tonight, organizer):
    other = make_club("Legion Branch 12")
    legion = make_user(other, "legion")
    theirs = make_drive(other, legion, name="Legion Saturday")
    add_pairs(theirs, legion, 2)
    refused(lambda: reregister(tonight, theirs, [1], organizer), "No such drive", 404)


def test_pairs_reregister_of_a_pair_already_here_is_refused(last_night, tonight, organizer):
    reregister(tonight, last_night, [2], organizer)
    refused(
        lambda: reregister(tonight, last_night, [1, 2], organizer),
        "Player 2a & Player 2b are already registered",
        409,
    )


def test_pairs_reregister_of_a_pair_typed_in_by_hand_is_refused(last_night, tonight, organizer):
    services.pair_add(
        drive=tonight, actor=organizer, now=NOW, player1="PLAYER 1B", player2="player 1a"
    )
    refused(lambda: reregister(tonight, last_night, [1], organizer), "already registered", 409)


def test_pairs_reregister_of_no_pair_is_refused(last_night, tonight, organizer):
    refused(lambda: reregister(tonight, last_night, [], organizer), "at least one pair", 400)


def test_pairs_reregister_counts_a_double_tap_once(last_night, tonight, organizer):
    reregister(tonight, last_night, [2, 2], organizer)
    assert pairs_of(tonight) == [(2, "Player 2a", "Player 2b", False)]


# --- The "New drive from this one" button -------------------------------------


@pytest.mark.parametrize("status", ["setup", "running", "finished"])
def test_every_drive_page_offers_a_new_drive_from_it(org_client, club, organizer, status):
    drive = {
        "setup": make_drive,
        "running": lambda club, organizer: started_drive(club, organizer, pairs=4),
        "finished": finished_drive,
    }[status](club, organizer)
    assert drive.status == status
    page = org_client.get(reverse("drives:drive_detail", args=[drive.pk])).content.decode()
    assert "New drive from this one" in page
    assert reverse("drives:drive_copy", args=[drive.pk]) in page


def test_a_scorer_is_not_offered_a_new_drive(scorer_client, last_night):
    page = scorer_client.get(reverse("drives:drive_detail", args=[last_night.pk])).content.decode()
    assert "New drive from this one" not in page


COPY = {"name": "Friday 45s", "date": "2026-12-04"}


def test_drive_copy_makes_the_drive_and_opens_its_pairs(org_client, last_night, organizer):
    r = org_client.post(reverse("drives:drive_copy", args=[last_night.pk]), COPY)
    copy = Drive.objects.get(copied_from=last_night)
    assert r.status_code == 302
    assert r.url == reverse("drives:pairs", args=[copy.pk])
    assert (copy.name, copy.venue, copy.status) == ("Friday 45s", "Legion hall", "setup")
    entry = AuditEntry.objects.get(drive=copy)
    assert (entry.action, entry.actor, entry.source) == (
        "drive_copy",
        organizer,
        "front: new drive from this one",
    )
    page = org_client.get(r.url).content.decode()
    assert "New drive with the settings of “Friday 45s”." in page
    assert "Last night's pairs" in page


def test_drive_copy_under_htmx_sends_the_browser_to_the_pairs(org_client, last_night):
    r = org_client.post(reverse("drives:drive_copy", args=[last_night.pk]), COPY, **HTMX)
    copy = Drive.objects.get(copied_from=last_night)
    assert r.status_code == 200
    assert r["HX-Redirect"] == reverse("drives:pairs", args=[copy.pk])


def test_drive_copy_asks_the_name_and_date_first(org_client, last_night):
    before = row_counts()
    r = org_client.get(reverse("drives:drive_copy", args=[last_night.pk]))
    assert r.status_code == 200 and row_counts() == before
    page = r.content.decode()
    assert 'name="name"' in page and 'value="Friday 45s"' in page and 'name="date"' in page
    assert org_client.put(reverse("drives:drive_copy", args=[last_night.pk])).status_code == 405


@pytest.mark.parametrize(
    "data", [{}, {"name": " ", "date": "2026-12-04"}, {"name": "Friday", "date": "soon"}]
)
def test_drive_copy_without_a_name_or_date_adds_nothing(org_client, last_night, data):
    before = row_counts()
    url = reverse("drives:drive_copy", args=[last_night.pk])
    assert org_client.post(url, data).status_code == 400
    r = org_client.post(url, data, **HTMX)
    assert r.status_code == 400 and b"<html" not in r.content
    assert row_counts() == before


def test_drive_copy_sends_a_stranger_to_log_in(anon_client, last_night):
    before = row_counts()
    url = reverse("drives:drive_copy", args=[last_night.pk])
    assert goes_to_login(anon_client.post(url, COPY))
    assert row_counts() == before


def test_drive_copy_of_another_clubs_drive_is_not_found(other_club_client, last_night):
    before = row_counts()
    url = reverse("drives:drive_copy", args=[last_night.pk])
    assert other_club_client.post(url, COPY).status_code == 404
    assert other_club_client.post(url, COPY, **HTMX).status_code == 404
    assert row_counts() == before


def test_drive_copy_is_for_organizers_only(scorer_client, last_night):
    before = row_counts()
    r = scorer_client.post(reverse("drives:drive_copy", args=[last_night.pk]), COPY)
    assert r.status_code == 403
    assert row_counts() == before


# --- "Last night's pairs" on the pairs page -----------------------------------


def reregister_url(drive):
    return reverse("drives:pairs_reregister", args=[drive.pk])


def test_pairs_page_of_a_copy_offers_each_pair_of_last_night(org_client, tonight, organizer):
    page = org_client.get(reverse("drives:pairs", args=[tonight.pk])).content.decode()
    assert "Last night's pairs" in page
    for n in range(1, 5):
        assert f"Add pair {n}: Player {n}a &amp; Player {n}b" in page
        assert f'name="number" value="{n}"' in page
    assert "Add all 4" in page
    assert f'hx-post="{reregister_url(tonight)}"' in page
    assert 'hx-target="#content" hx-select="#content"' in page


def test_pairs_page_offers_only_the_pairs_not_yet_here(org_client, last_night, tonight, organizer):
    reregister(tonight, last_night, [1, 2, 3], organizer)
    page = org_client.get(reverse("drives:pairs", args=[tonight.pk])).content.decode()
    assert "Add pair 4: Player 4a &amp; Player 4b" in page
    assert "Add pair 1:" not in page
    assert "Add all" not in page  # one pair left: its own button is enough
    reregister(tonight, last_night, [4], organizer)
    page = org_client.get(reverse("drives:pairs", args=[tonight.pk])).content.decode()
    assert "Every pair from Friday 45s is registered." in page
    assert "Add pair 4:" not in page


def test_pairs_page_of_a_drive_not_copied_has_no_last_night(org_client, club, organizer):
    fresh = make_drive(club, organizer, name="Fresh")
    page = org_client.get(reverse("drives:pairs", args=[fresh.pk])).content.decode()
    assert "Last night" not in page


def test_pairs_page_after_the_start_has_no_last_night(org_client, last_night, tonight, organizer):
    reregister(tonight, last_night, [1, 2], organizer)
    services.drive_start(drive=tonight, actor=organizer, now=NOW, seed=1)
    page = org_client.get(reverse("drives:pairs", args=[tonight.pk])).content.decode()
    assert "Last night" not in page
    assert reregister_url(tonight) not in page


def test_pairs_reregister_adds_the_tapped_pair(org_client, tonight, organizer):
    r = org_client.post(reregister_url(tonight), {"number": "3"})
    assert r.status_code == 302
    assert r.url == reverse("drives:pairs", args=[tonight.pk])
    assert pairs_of(tonight) == [(3, "Player 3a", "Player 3b", False)]
    entry = AuditEntry.objects.get(drive=tonight, action="pairs_reregister")
    assert (entry.actor, entry.source) == (organizer, "front: pairs")
    page = org_client.get(r.url).content.decode()
    assert "Pair 3 added: Player 3a &amp; Player 3b." in page


def test_pairs_reregister_adds_all_of_last_night(org_client, last_night, tonight, organizer):
    reregister(tonight, last_night, [2], organizer)
    r = org_client.post(reregister_url(tonight), {"numbers": "all"})
    assert r.status_code == 302
    assert [p[0] for p in pairs_of(tonight)] == [1, 2, 3, 4]
    assert "3 pairs added." in org_client.get(r.url).content.decode()


def test_pairs_reregister_under_htmx_returns_the_refreshed_content(org_client, tonight):
    r = org_client.post(reregister_url(tonight), {"number": "2"}, **HTMX)
    assert r.status_code == 200
    page = r.content.decode()
    assert "<html" not in page
    assert page.strip().startswith('<div id="content">')
    assert "Player 2a &amp; Player 2b" in page
    assert "Add pair 2:" not in page
    assert "Add pair 1: Player 1a &amp; Player 1b" in page
    assert "1 pair · 0 paid" in page
    assert 'id="flash"' in page and "Pair 2 added: Player 2a &amp; Player 2b." in page


def test_pairs_reregister_says_when_the_number_changed(org_client, tonight, organizer):
    services.pair_add(
        drive=tonight, actor=organizer, now=NOW, player1="Ann", player2="Bob", number=4
    )
    r = org_client.post(reregister_url(tonight), {"number": "4"}, **HTMX)
    assert r.status_code == 200
    assert "Player 4a &amp; Player 4b added as pair 5 (pair 4 is taken tonight)." in (
        r.content.decode()
    )


def test_pairs_reregister_carries_accented_names_to_the_page(org_client, club, organizer):
    source = make_drive(club, organizer)
    text = "Seán Ó Súilleabháin & Réjean Thériault\nZoë Doucet & Ève LeBlanc"
    services.pairs_bulk_add(drive=source, actor=organizer, now=NOW, text=text)
    copy = services.drive_copy(source=source, actor=organizer, now=NOW)
    page = org_client.get(reverse("drives:pairs", args=[copy.pk])).content.decode()
    assert "Add pair 1: Seán Ó Súilleabháin &amp; Réjean Thériault" in page
    r = org_client.post(reregister_url(copy), {"numbers": "all"}, **HTMX)
    assert r.status_code == 200
    assert pairs_of(copy) == [
        (1, "Seán Ó Súilleabháin", "Réjean Thériault", False),
        (2, "Zoë Doucet", "Ève LeBlanc", False),
    ]
    # Each player's name is an element of its own on the Pairs page: read its words.
    assert "Zoë Doucet &amp; Ève LeBlanc" in re.sub(r"<[^>]+>", "", r.content.decode())


def test_pairs_reregister_twice_says_already_registered(org_client, tonight):
    org_client.post(reregister_url(tonight), {"number": "1"})
    before = row_counts()
    r = org_client.post(reregister_url(tonight), {"number": "1"})
    assert r.status_code == 409
    assert "Player 1a &amp; Player 1b are already registered." in r.content.decode()
    r = org_client.post(reregister_url(tonight), {"number": "1"}, **HTMX)
    assert r.status_code == 409
    assert r["HX-Retarget"] == "#flash"
    assert "<html" not in r.content.decode()
    assert row_counts() == before


def test_pairs_reregister_all_when_none_are_left_says_so(org_client, tonight):
    org_client.post(reregister_url(tonight), {"numbers": "all"})
    before = row_counts()
    r = org_client.post(reregister_url(tonight), {"numbers": "all"})
    assert r.status_code == 409
    assert "Every pair of last night is registered already." in r.content.decode()
    assert row_counts() == before


@pytest.mark.parametrize(
    "data,status,message",
    [
        ({}, 400, "Tap a pair to add."),
        ({"number": "zero"}, 400, "Tap a pair to add."),
        ({"numbers": "some"}, 400, "Tap a pair to add."),
        ({"number": "9"}, 400, "Pair 9 was not in “Friday 45s”."),
    ],
    ids=["nothing", "not-a-number", "not-all", "not-last-night"],
)
def test_pairs_reregister_with_bad_input_adds_nothing(org_client, tonight, data, status, message):
    before = row_counts()
    r = org_client.post(reregister_url(tonight), data)
    assert r.status_code == status
    assert message in r.content.decode()
    assert row_counts() == before


def test_pairs_reregister_on_a_drive_not_copied_is_not_found(org_client, club, organizer):
    drive = make_drive(club, organizer)
    before = row_counts()
    r = org_client.post(reregister_url(drive), {"number": "1"})
    assert r.status_code == 404
    assert "not made from an earlier one" in r.content.decode()
    assert row_counts() == before


def test_pairs_reregister_view_after_the_start_is_refused(
    org_client, last_night, tonight, organizer
):
    reregister(tonight, last_night, [1, 2], organizer)
    services.drive_start(drive=tonight, actor=organizer, now=NOW, seed=1)
    before = row_counts()
    r = org_client.post(reregister_url(tonight), {"number": "3"})
    assert r.status_code == 409
    assert "pairs can no longer be added" in r.content.decode()
    assert row_counts() == before


def test_pairs_reregister_refuses_get(org_client, tonight):
    assert org_client.get(reregister_url(tonight)).status_code == 405
    assert tonight.pairs.count() == 0


def test_pairs_reregister_sends_a_stranger_to_log_in(anon_client, tonight):
    before = row_counts()
    assert goes_to_login(anon_client.post(reregister_url(tonight), {"number": "1"}))
    assert row_counts() == before


def test_pairs_reregister_on_another_clubs_drive_is_not_found(other_club_client, tonight):
    before = row_counts()
    assert other_club_client.post(reregister_url(tonight), {"number": "1"}).status_code == 404
    r = other_club_client.post(reregister_url(tonight), {"number": "1"}, **HTMX)
    assert r.status_code == 404
    assert row_counts() == before


def test_pairs_reregister_is_for_organizers_only(scorer_client, tonight):
    before = row_counts()
    assert scorer_client.post(reregister_url(tonight), {"number": "1"}).status_code == 403
    assert row_counts() == before


# --- what a copy keeps (issue: name and date asked, plan kept, prizes copied) -------


def test_a_copy_of_a_drive_finished_early_keeps_its_planned_games(club, organizer, org_client):
    drive = started_drive(club, organizer, pairs=4, games=25, name="Friday 45s")
    for g in range(1, 6):
        play_game(drive, organizer)
        if g < 5:
            services.game_advance(drive=drive, from_game=g, actor=organizer, now=NOW)
    services.drive_finish_early(drive=drive, from_game=5, actor=organizer, now=NOW)
    drive.refresh_from_db()
    assert drive.games == 5
    url = reverse("drives:drive_copy", args=[drive.pk])
    assert "the 25 games it was planned for" in org_client.get(url).content.decode()
    org_client.post(url, {"name": "Friday 45s, December 4", "date": "2026-12-04"})
    copy = Drive.objects.get(copied_from=drive)
    assert (copy.name, copy.date, copy.games) == (
        "Friday 45s, December 4",
        dt.date(2026, 12, 4),
        25,
    )


def test_a_copy_takes_the_prize_settings_and_place_prizes(last_night, organizer):
    from drives.models import PlacePrize, PrizeSettings

    PrizeSettings.objects.create(
        drive=last_night, entry_fee=500, jar=True, jar_games=6, jar_price=200,
        booby_item="a deck of cards", fifty_fifty=True,
    )  # fmt: skip
    PlacePrize.objects.create(drive=last_night, place=1, cents=4000)
    PlacePrize.objects.create(drive=last_night, place=2, item="a turkey")
    copy = services.drive_copy(source=last_night, actor=organizer, now=NOW)
    s = PrizeSettings.objects.get(drive=copy)
    assert (s.entry_fee, s.jar, s.jar_games, s.jar_price, s.booby_item, s.fifty_fifty) == (
        500, True, 6, 200, "a deck of cards", True,
    )  # fmt: skip
    assert list(PlacePrize.objects.filter(drive=copy).values_list("place", "cents", "item")) == [
        (1, 4000, ""),
        (2, None, "a turkey"),
    ]
    entry = AuditEntry.objects.get(drive=copy, action="drive_copy")
    assert entry.new["prize_settings"]["jar_games"] == 6 and len(entry.new["place_prizes"]) == 2
