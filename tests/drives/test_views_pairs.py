"""Pair screens (drives/views.py): the list, add, paste, edit, remove, the paid toggle."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from clubs.models import AuditEntry
from drives.models import Pair
from tests.builders import HTMX, NOW, add_pairs, make_drive, row_counts, started_drive

pytestmark = pytest.mark.django_db


def goes_to_login(response) -> bool:
    return response.status_code == 302 and response.url.startswith(reverse("login"))


@pytest.fixture
def drive(club, organizer):
    drive = make_drive(club, organizer)
    add_pairs(drive, organizer, 2)
    return drive


def pair(drive, number=1):
    return drive.pairs.get(number=number)


def shown(html: str) -> str:
    """The page's words without its tags (each player's name is an element of its own)."""
    return re.sub(r"<[^>]+>", "", html)


def pairs_of(drive):
    return list(drive.pairs.values_list("number", "player1", "player2", "paid"))


# Every pair action with a request that would change something if allowed.
ACTIONS = {
    "pairs": ("get", "drives:pairs", False, None),
    "pair_add": ("post", "drives:pair_add", False, {"player1": "Ann", "player2": "Bob"}),
    "pairs_bulk": ("post", "drives:pairs_bulk", False, {"text": "Ann & Bob\nCy & Di"}),
    "pair_edit_form": ("get", "drives:pair_edit", True, None),
    "pair_edit": ("post", "drives:pair_edit", True, {"player1": "Ann", "player2": "Bob"}),
    "pair_remove": ("post", "drives:pair_remove", True, {}),
    "pair_paid": ("post", "drives:pair_paid", True, {"paid": "on"}),
}


def url_of(name, drive, with_pair):
    args = [drive.pk, pair(drive).pk] if with_pair else [drive.pk]
    return reverse(name, args=args)


def send(client, action, drive, **extra):
    method, name, with_pair, data = ACTIONS[action]
    url = url_of(name, drive, with_pair)
    return getattr(client, method)(url, data, **extra) if data is not None else client.get(url)


@pytest.mark.parametrize("action", ACTIONS)
def test_a_stranger_is_sent_to_log_in_and_nothing_changes(anon_client, drive, action):
    before, pairs = row_counts(), pairs_of(drive)
    assert goes_to_login(send(anon_client, action, drive))
    assert (row_counts(), pairs_of(drive)) == (before, pairs)


@pytest.mark.parametrize("action", ACTIONS)
def test_another_club_gets_not_found_and_nothing_changes(other_club_client, drive, action):
    before, pairs = row_counts(), pairs_of(drive)
    assert send(other_club_client, action, drive).status_code == 404
    assert send(other_club_client, action, drive, **HTMX).status_code == 404
    assert (row_counts(), pairs_of(drive)) == (before, pairs)


@pytest.mark.parametrize("action", ACTIONS)
def test_a_scorer_cannot_touch_the_pairs(scorer_client, drive, action):
    before, pairs = row_counts(), pairs_of(drive)
    assert send(scorer_client, action, drive).status_code == 403
    assert (row_counts(), pairs_of(drive)) == (before, pairs)


@pytest.mark.parametrize(
    "action,method",
    [
        ("pairs", "post"),
        ("pair_add", "get"),
        ("pairs_bulk", "get"),
        ("pair_edit", "put"),
        ("pair_remove", "get"),
        ("pair_paid", "get"),
    ],
)
def test_the_wrong_method_is_refused(org_client, drive, action, method):
    _, name, with_pair, _ = ACTIONS[action]
    before, pairs = row_counts(), pairs_of(drive)
    assert getattr(org_client, method)(url_of(name, drive, with_pair)).status_code == 405
    assert (row_counts(), pairs_of(drive)) == (before, pairs)


def test_a_pair_of_another_drive_is_not_found(org_client, club, organizer, drive):
    other = make_drive(club, organizer, name="Other night")
    add_pairs(other, organizer, 1)
    stranger = pair(other)
    before = pairs_of(other)
    for name in ("drives:pair_edit", "drives:pair_remove", "drives:pair_paid"):
        r = org_client.post(reverse(name, args=[drive.pk, stranger.pk]), {"paid": "on"})
        assert r.status_code == 404
    assert pairs_of(other) == before


# --- The list ---------------------------------------------------------------


def test_pairs_page_lists_the_pairs_and_who_has_paid(org_client, drive, organizer):
    from drives import services

    services.pair_set_paid(pair=pair(drive, 2), actor=organizer, now=NOW, paid=True)
    r = org_client.get(reverse("drives:pairs", args=[drive.pk]))
    assert r.status_code == 200
    page = r.content.decode()
    assert "Player 1a &amp; Player 1b" in shown(page)
    assert "2 pairs · 1 paid" in page
    assert reverse("drives:drive_start", args=[drive.pk]) in page


def test_pairs_page_under_htmx_is_only_the_content(org_client, drive):
    r = org_client.get(reverse("drives:pairs", args=[drive.pk]), **HTMX)
    assert r.status_code == 200
    page = r.content.decode()
    assert "<html" not in page
    assert page.strip().startswith('<div id="content">')
    assert "Player 2a" in page


def test_pairs_page_shows_accents_and_emoji_as_typed(org_client, club, organizer):
    drive = make_drive(club, organizer)
    from drives import services

    text = "Seán Ó Súilleabháin & Réjean Thériault\n🃏 Joker Jim & Queen 👑 Bea"
    services.pairs_bulk_add(drive=drive, actor=organizer, now=NOW, text=text)
    page = org_client.get(reverse("drives:pairs", args=[drive.pk])).content.decode()
    assert "Seán Ó Súilleabháin &amp; Réjean Thériault" in shown(page)
    assert "🃏 Joker Jim &amp; Queen 👑 Bea" in shown(page)


def test_pairs_page_after_the_start_links_to_the_late_pair_screen(org_client, club, organizer):
    drive = started_drive(club, organizer, pairs=4)
    page = org_client.get(reverse("drives:pairs", args=[drive.pk])).content.decode()
    assert "names can still be corrected here" in page
    assert reverse("drives:seating", args=[drive.pk]) in page
    assert "A late pair or a leaving pair" in page
    assert reverse("drives:pair_add", args=[drive.pk]) not in page
    assert "/remove/" not in page


# --- Add one pair -----------------------------------------------------------


def test_pair_add_saves_the_pair_with_the_next_number(org_client, drive, organizer):
    url = reverse("drives:pair_add", args=[drive.pk])
    r = org_client.post(url, {"player1": "Mary MacNeil", "player2": "John Boudreau", "paid": "on"})
    assert r.status_code == 302
    assert r.url == reverse("drives:pairs", args=[drive.pk])
    assert pairs_of(drive)[-1] == (3, "Mary MacNeil", "John Boudreau", True)
    entry = AuditEntry.objects.filter(drive=drive).latest("id")
    assert (entry.action, entry.actor, entry.new["number"]) == ("pair_add", organizer, 3)


def test_pair_add_under_htmx_returns_the_refreshed_content(org_client, drive):
    url = reverse("drives:pair_add", args=[drive.pk])
    r = org_client.post(url, {"player1": "Mary", "player2": "John", "number": "12"}, **HTMX)
    assert r.status_code == 200
    page = r.content.decode()
    assert "<html" not in page
    assert '<div id="content">' in page
    assert "Mary &amp; John" in shown(page)
    assert "3 pairs" in page


@pytest.mark.parametrize(
    "data,message",
    [
        ({"player1": "", "player2": "John"}, "This field is required"),
        ({"player1": "   ", "player2": "John"}, "This field is required"),
        ({"player1": "M" * 61, "player2": "John"}, "at most 60 characters"),
        ({"player1": "Mary", "player2": "John", "number": "0"}, "greater than or equal to 1"),
        ({"player1": "Mary", "player2": "John", "number": "two"}, "Enter a whole number"),
    ],
    ids=["blank", "spaces", "61-chars", "pair-zero", "not-a-number"],
)
def test_pair_add_with_bad_input_shows_the_form_again(org_client, drive, data, message):
    before = row_counts()
    r = org_client.post(reverse("drives:pair_add", args=[drive.pk]), data)
    assert r.status_code == 400
    assert message in r.content.decode()
    assert row_counts() == before


def test_pair_add_with_a_taken_number_says_so(org_client, drive):
    before = row_counts()
    url = reverse("drives:pair_add", args=[drive.pk])
    r = org_client.post(url, {"player1": "Mary", "player2": "John", "number": "2"})
    assert r.status_code == 409
    assert "Pair 2 already exists in this drive." in r.content.decode()
    r = org_client.post(url, {"player1": "Mary", "player2": "John", "number": "2"}, **HTMX)
    assert r.status_code == 409
    assert "<html" not in r.content.decode()
    assert "Pair 2 already exists in this drive." in r.content.decode()
    assert row_counts() == before


def test_pair_add_stores_a_60_character_name_and_accents(org_client, drive):
    url = reverse("drives:pair_add", args=[drive.pk])
    r = org_client.post(url, {"player1": "Ó" * 60, "player2": "Thériault 🃏"})
    assert r.status_code == 302
    assert pairs_of(drive)[-1][1:3] == ("Ó" * 60, "Thériault 🃏")


def test_pair_add_after_the_start_is_refused(org_client, club, organizer):
    drive = started_drive(club, organizer, pairs=4)
    before = row_counts()
    r = org_client.post(
        reverse("drives:pair_add", args=[drive.pk]), {"player1": "Late", "player2": "Comers"}
    )
    assert r.status_code == 409
    assert "pairs can no longer be added" in r.content.decode()
    assert row_counts() == before


# --- Paste many pairs -------------------------------------------------------


def test_pairs_bulk_saves_every_line(org_client, drive):
    text = "Mary MacNeil & John Boudreau\n\n12. Seán Ó Súilleabháin and Zoë Thériault\n"
    r = org_client.post(reverse("drives:pairs_bulk", args=[drive.pk]), {"text": text, "paid": "on"})
    assert r.status_code == 302
    assert pairs_of(drive)[2:] == [
        (3, "Mary MacNeil", "John Boudreau", True),
        (12, "Seán Ó Súilleabháin", "Zoë Thériault", True),
    ]
    assert AuditEntry.objects.filter(drive=drive, action="pairs_bulk_add").count() == 2


def test_pairs_bulk_under_htmx_returns_the_refreshed_content(org_client, drive):
    r = org_client.post(
        reverse("drives:pairs_bulk", args=[drive.pk]), {"text": "Ann & Bob\nCy & Di"}, **HTMX
    )
    assert r.status_code == 200
    assert "<html" not in r.content.decode()
    assert "4 pairs" in r.content.decode()


@pytest.mark.parametrize(
    "text,status,message",
    [
        ("Ann & Bob\nJust One Name\nCy & Di", 400, "Line 2: “Just One Name”"),
        ("Ann & Bob\n" + "x" * 61 + " & Bob", 400, "longer than 60 characters"),
        ("5. Ann & Bob\n5. Cy & Di", 409, "Pair 5 already exists"),
        ("1. Ann & Bob", 409, "Pair 1 already exists"),
        ("", 400, "This field is required"),
    ],
    ids=["one-name", "61-chars", "same-number-twice", "number-taken", "empty"],
)
def test_pairs_bulk_with_a_bad_line_saves_nothing(org_client, drive, text, status, message):
    before, pairs = row_counts(), pairs_of(drive)
    r = org_client.post(reverse("drives:pairs_bulk", args=[drive.pk]), {"text": text})
    assert r.status_code == status
    assert message in r.content.decode()
    # The pasted text comes back so the organizer can fix the line.
    if text:
        assert escape(text.splitlines()[0]) in r.content.decode()
    assert (row_counts(), pairs_of(drive)) == (before, pairs)


def test_pairs_bulk_bad_line_under_htmx_is_a_4xx_partial(org_client, drive):
    before = row_counts()
    r = org_client.post(reverse("drives:pairs_bulk", args=[drive.pk]), {"text": "Solo"}, **HTMX)
    assert r.status_code == 400
    assert "<html" not in r.content.decode()
    assert "Line 1" in r.content.decode()
    assert row_counts() == before


# --- Edit a pair ------------------------------------------------------------


def test_pair_edit_shows_the_pair(org_client, drive):
    r = org_client.get(reverse("drives:pair_edit", args=[drive.pk, pair(drive).pk]))
    assert r.status_code == 200
    assert 'value="Player 1a"' in r.content.decode()


def test_pair_edit_saves_names_and_number(org_client, drive, organizer):
    p = pair(drive)
    r = org_client.post(
        reverse("drives:pair_edit", args=[drive.pk, p.pk]),
        {"player1": "Seán Ó Súilleabháin", "player2": "Zoë 🃏", "number": "7", "paid": "on"},
    )
    assert r.status_code == 302
    assert r.url == reverse("drives:pairs", args=[drive.pk])
    p.refresh_from_db()
    assert (p.number, p.player1, p.player2, p.paid) == (7, "Seán Ó Súilleabháin", "Zoë 🃏", True)
    entry = AuditEntry.objects.get(drive=drive, action="pair_update")
    assert (entry.old["player1"], entry.new["player1"]) == ("Player 1a", "Seán Ó Súilleabháin")
    assert (entry.old["number"], entry.new["number"]) == (1, 7)


def test_pair_edit_under_htmx_is_only_the_content(org_client, drive):
    r = org_client.get(reverse("drives:pair_edit", args=[drive.pk, pair(drive).pk]), **HTMX)
    assert r.status_code == 200
    assert "<html" not in r.content.decode()
    assert "Player 1a" in r.content.decode()


@pytest.mark.parametrize(
    "data,message",
    [
        ({"player1": "", "player2": "B"}, "This field is required"),
        ({"player1": "A" * 61, "player2": "B"}, "at most 60 characters"),
        ({"player1": "A", "player2": "B", "number": "2"}, "Pair 2 already exists"),
        ({"player1": "A", "player2": "B", "number": "-3"}, "greater than or equal to 1"),
    ],
    ids=["blank", "61-chars", "taken-number", "negative-number"],
)
def test_pair_edit_with_bad_input_changes_nothing(org_client, drive, data, message):
    before, pairs = row_counts(), pairs_of(drive)
    r = org_client.post(reverse("drives:pair_edit", args=[drive.pk, pair(drive).pk]), data)
    assert r.status_code == 400
    assert message in r.content.decode()
    assert (row_counts(), pairs_of(drive)) == (before, pairs)


def test_pair_edit_with_nothing_posted_says_what_is_missing(org_client, drive):
    before, pairs = row_counts(), pairs_of(drive)
    r = org_client.post(reverse("drives:pair_edit", args=[drive.pk, pair(drive).pk]))
    assert r.status_code == 400
    assert "This field is required" in r.content.decode()
    assert (row_counts(), pairs_of(drive)) == (before, pairs)


def test_pair_edit_after_the_start_corrects_names_but_keeps_the_number(org_client, club, organizer):
    drive = started_drive(club, organizer, pairs=4)
    p = pair(drive, 2)
    page = org_client.get(reverse("drives:pair_edit", args=[drive.pk, p.pk])).content.decode()
    assert 'name="number"' not in page
    r = org_client.post(
        reverse("drives:pair_edit", args=[drive.pk, p.pk]),
        {"player1": "Réjean", "player2": "Zoë", "number": "9"},
    )
    assert r.status_code == 302
    p.refresh_from_db()
    assert (p.number, p.player1, p.player2) == (2, "Réjean", "Zoë")


def test_pair_edit_of_a_pair_that_does_not_exist_is_not_found(org_client, drive):
    assert org_client.get(reverse("drives:pair_edit", args=[drive.pk, 99999])).status_code == 404


# --- Remove a pair ----------------------------------------------------------


def test_pair_remove_deletes_the_pair(org_client, drive):
    r = org_client.post(reverse("drives:pair_remove", args=[drive.pk, pair(drive).pk]))
    assert r.status_code == 302
    assert [p[0] for p in pairs_of(drive)] == [2]
    entry = AuditEntry.objects.get(drive=drive, action="pair_remove")
    assert entry.old["player1"] == "Player 1a"


def test_pair_remove_under_htmx_returns_the_refreshed_content(org_client, drive):
    r = org_client.post(reverse("drives:pair_remove", args=[drive.pk, pair(drive).pk]), **HTMX)
    assert r.status_code == 200
    page = r.content.decode()
    assert "<html" not in page
    assert "Player 1a" not in page
    assert "Player 2a" in page


def test_pair_remove_after_the_start_is_refused(org_client, club, organizer):
    drive = started_drive(club, organizer, pairs=4)
    url = reverse("drives:pair_remove", args=[drive.pk, pair(drive).pk])
    before = row_counts()
    r = org_client.post(url)
    assert r.status_code == 409
    assert "pairs can no longer be added or removed" in r.content.decode()
    r = org_client.post(url, **HTMX)
    assert r.status_code == 409
    assert r["HX-Retarget"] == "#flash"
    assert "pairs can no longer be added or removed" in r.content.decode()
    assert row_counts() == before


def test_pair_remove_twice_is_not_found_the_second_time(org_client, drive):
    url = reverse("drives:pair_remove", args=[drive.pk, pair(drive).pk])
    org_client.post(url)
    assert org_client.post(url).status_code == 404
    assert Pair.objects.filter(drive=drive).count() == 1


# --- The paid toggle --------------------------------------------------------


def test_pair_paid_marks_paid_then_unpaid(org_client, drive):
    p = pair(drive)
    url = reverse("drives:pair_paid", args=[drive.pk, p.pk])
    r = org_client.post(url, {"paid": "on"})
    assert r.status_code == 302
    p.refresh_from_db()
    assert p.paid is True
    org_client.post(url, {})
    p.refresh_from_db()
    assert p.paid is False
    entries = AuditEntry.objects.filter(drive=drive, action="pair_paid").order_by("id")
    assert [e.new for e in entries] == [{"paid": True}, {"paid": False}]


def test_pair_paid_under_htmx_returns_the_row_and_the_paid_count(org_client, drive):
    p = pair(drive)
    r = org_client.post(reverse("drives:pair_paid", args=[drive.pk, p.pk]), {"paid": "on"}, **HTMX)
    assert r.status_code == 200
    row = r.content.decode().strip()
    assert row.startswith(f'<tr id="pair-{p.pk}">')
    assert "<html" not in row
    assert 'id="pair-summary" hx-swap-oob="true">2 pairs · 1 paid' in row
    assert "✓ Paid" in row
    assert "Player 2a" not in row


def _jar_on(drive, organizer):
    from prizes.services import money

    money.prize_settings_save(
        drive=drive,
        values={"jar": True, "jar_games": 2, "jar_price": 200},
        places={1: (1000, "")},
        actor=organizer,
        now=NOW,
    )


def _row_of(page: str, p) -> str:
    """The <tr> of one pair as the Pairs page shows it."""
    start = page.index(f'<tr id="pair-{p.pk}"')
    return page[start : page.index("</tr>", start) + len("</tr>")]


def _same(html: str) -> str:
    # The CSRF token differs between two responses; the row is otherwise the same.
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", " ".join(html.split()))


@pytest.mark.parametrize("started", [False, True], ids=["registering", "started"])
def test_a_tap_on_paid_gives_back_the_whole_row_jar_included(org_client, club, organizer, started):
    """Issue 25: the row a Paid tap sends back is the row the page shows after it: the
    cookie-jar button (or, after the start, its words) stays beside Paid, Edit and Remove
    stay where they were."""
    from drives import services
    from prizes.services import jar

    drive = make_drive(club, organizer, confirm_by_code=True)
    add_pairs(drive, organizer, 3)
    _jar_on(drive, organizer)
    jar.jar_opt_in(pair=pair(drive, 2), actor=organizer, now=NOW)
    if started:
        services.drive_start(drive=drive, actor=organizer, now=NOW, seed=1, alongside=True)
    p = pair(drive, 2)
    r = org_client.post(reverse("drives:pair_paid", args=[drive.pk, p.pk]), {"paid": "on"}, **HTMX)
    assert r.status_code == 200
    tapped = r.content.decode()
    assert "✓ In the jar" in _row_of(tapped, p)
    if not started:
        assert reverse("prizes:jar_entry", args=[drive.pk, p.pk]) in _row_of(tapped, p)
    page = org_client.get(reverse("drives:pairs", args=[drive.pk])).content.decode()
    assert _same(_row_of(tapped, p)) == _same(_row_of(page, p))
    assert 'id="pair-summary" hx-swap-oob="true">3 pairs · 1 paid' in tapped


def test_a_jar_tap_on_the_pairs_page_gives_back_the_whole_row(org_client, drive, organizer):
    """The jar's toggle beside Paid re-renders its row only, with Paid as it is."""
    from drives import services

    _jar_on(drive, organizer)
    p = pair(drive)
    services.pair_set_paid(pair=p, actor=organizer, now=NOW, paid=True)
    jar_url = reverse("prizes:jar_entry", args=[drive.pk, p.pk])
    r = org_client.post(jar_url, {"jar": "on", "next": "pairs"}, **HTMX)
    assert r.status_code == 200
    tapped = r.content.decode()
    assert tapped.strip().startswith(f'<tr id="pair-{p.pk}"') and "<html" not in tapped
    assert "Player 2a" not in tapped
    page = org_client.get(reverse("drives:pairs", args=[drive.pk])).content.decode()
    assert "✓ Paid" in _row_of(tapped, p) and "✓ In the jar" in _row_of(tapped, p)
    assert _same(_row_of(tapped, p)) == _same(_row_of(page, p))
    # Without htmx the tap reloads the Pairs page.
    r = org_client.post(jar_url, {"next": "pairs"})
    assert r.status_code == 302 and r.url == reverse("drives:pairs", args=[drive.pk])


def test_pair_paid_works_after_the_start(org_client, club, organizer):
    drive = started_drive(club, organizer, pairs=4)
    p = pair(drive, 3)
    org_client.post(reverse("drives:pair_paid", args=[drive.pk, p.pk]), {"paid": "on"})
    p.refresh_from_db()
    assert p.paid is True


def test_a_pair_added_under_htmx_shows_its_message_at_once(org_client, drive):
    url = reverse("drives:pair_add", args=[drive.pk])
    r = org_client.post(url, {"player1": "Mary", "player2": "John"}, **HTMX)
    html = r.content.decode()
    assert r.status_code == 200
    assert 'id="flash"' in html and 'hx-swap-oob="true"' in html
    number = drive.pairs.get(player1="Mary").number
    assert f"Pair {number} added." in html


def test_the_paste_box_has_its_own_paid_tick(org_client, drive):
    html = org_client.get(reverse("drives:pairs", args=[drive.pk])).content.decode()
    assert html.count('id="id_paid"') == 1
    assert 'id="id_bulk_paid"' in html
