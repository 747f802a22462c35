"""Registration guards: a paste pasted twice, undo of a whole paste, the cookie jar beside
"Paid", who has not paid at the start, names in the removal and move previews."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.interface import DriveError
from clubs.models import AuditEntry
from drives import services
from drives.models import JarEntry, Pair
from prizes.services import jar, money
from tests.builders import (
    NOW,
    add_pairs,
    make_drive,
    make_user,
    play_game,
    row_counts,
    started_drive,
)

PASTE = "Mary MacNeil & John Boudreau\nAnne Côté & Paul Aucoin\nJoe Gillis & Rita Doucet"


@pytest.fixture
def drive(club, organizer):
    return make_drive(club, organizer, name="Friday 45s")


def paste(client, drive, text=PASTE, **extra):
    url = reverse("drives:pairs_bulk", args=[drive.pk])
    return client.post(url, {"text": text, **extra}, HTTP_HX_REQUEST="true")


# --- Pasting the same pairs twice ---------------------------------------------


def test_pasting_the_same_lines_twice_warns_and_adds_nothing(org_client, drive):
    assert paste(org_client, drive).status_code == 200
    before = row_counts()
    r = paste(org_client, drive)
    assert r.status_code == 409
    page = r.content.decode()
    assert "3 pairs in the paste are already registered." in page
    assert "Line 1: Mary MacNeil &amp; John Boudreau, already pair 1" in page
    assert "Skip these 3, add the rest" in page
    assert "Add them anyway" in page
    assert row_counts() == before
    assert drive.pairs.count() == 3


def test_skipping_adds_only_the_new_pairs(org_client, drive):
    paste(org_client, drive, text="Mary MacNeil & John Boudreau")
    r = paste(org_client, drive, duplicates="skip")
    assert r.status_code == 200
    names = list(drive.pairs.order_by("number").values_list("player1", flat=True))
    assert names == ["Mary MacNeil", "Anne Côté", "Joe Gillis"]


def test_adding_anyway_adds_them_all(org_client, drive):
    paste(org_client, drive)
    assert paste(org_client, drive, duplicates="add").status_code == 200
    assert drive.pairs.count() == 6


def test_names_are_matched_whatever_the_order_and_case(drive, organizer):
    services.pairs_bulk_add(drive=drive, actor=organizer, now=NOW, text="Mary & John")
    with pytest.raises(services.DuplicatePairs) as e:
        services.pairs_bulk_add(drive=drive, actor=organizer, now=NOW, text="JOHN & mary")
    assert e.value.lines == [(1, "JOHN & mary", 1)]


def test_the_same_pair_twice_in_one_paste_is_caught(drive, organizer):
    with pytest.raises(services.DuplicatePairs) as e:
        services.pairs_bulk_add(drive=drive, actor=organizer, now=NOW, text="A & B\nC & D\nB & A")
    assert e.value.lines == [(3, "B & A", None)]
    assert drive.pairs.count() == 0


def test_a_paste_of_nothing_but_registered_pairs_skipped_says_so(drive, organizer):
    services.pairs_bulk_add(drive=drive, actor=organizer, now=NOW, text="A & B")
    with pytest.raises(DriveError, match="nothing to add"):
        services.pairs_bulk_add(
            drive=drive, actor=organizer, now=NOW, text="A & B", duplicates="skip"
        )


def test_an_unknown_duplicates_choice_is_refused(org_client, drive):
    r = paste(org_client, drive, duplicates="maybe")
    assert r.status_code == 400
    assert drive.pairs.count() == 0


# --- Undo a paste -------------------------------------------------------------


def test_a_paste_is_taken_back_whole_in_one_audit_entry(org_client, drive):
    paste(org_client, drive, text="Solo & Pair")
    paste(org_client, drive)
    page = org_client.get(reverse("drives:pairs", args=[drive.pk])).content.decode()
    assert "Undo the last paste (3 pairs)" in page
    entry = services.last_paste(drive)
    url = reverse("drives:pairs_bulk_undo", args=[drive.pk])
    r = org_client.post(url, {"paste": entry.pk}, HTTP_HX_REQUEST="true")
    assert r.status_code == 200
    assert "Paste taken back: 3 pairs removed." in r.content.decode()
    assert list(drive.pairs.values_list("player1", flat=True)) == ["Solo"]
    undo = AuditEntry.objects.get(action="pairs_bulk_undo")
    assert undo.new == {"undoes": entry.pk}
    assert [p["number"] for p in undo.old] == [2, 3, 4]
    # The paste before it can now be taken back too.
    assert (
        "Undo the last paste (1 pair)"
        in org_client.get(reverse("drives:pairs", args=[drive.pk])).content.decode()
    )


def test_an_out_of_date_undo_is_refused_and_removes_nothing(org_client, drive):
    paste(org_client, drive, text="Solo & Pair")
    first = services.last_paste(drive)
    paste(org_client, drive)
    url = reverse("drives:pairs_bulk_undo", args=[drive.pk])
    before = row_counts()
    r = org_client.post(url, {"paste": first.pk})
    assert r.status_code == 409
    assert row_counts() == before


@pytest.mark.parametrize("bad", ["", "x", "٣", "9" * 40, "-1"])
def test_a_bad_paste_id_is_a_400(org_client, drive, bad):
    paste(org_client, drive)
    before = row_counts()
    r = org_client.post(reverse("drives:pairs_bulk_undo", args=[drive.pk]), {"paste": bad})
    assert r.status_code == 400
    assert row_counts() == before


def test_no_undo_of_a_paste_once_the_drive_has_started(club, organizer):
    drive = started_drive(club, organizer, pairs=4)
    assert services.last_paste(drive) is None


def test_undo_paste_wrong_method_and_outsiders(org_client, other_club_client, drive, club):
    paste(org_client, drive)
    entry = services.last_paste(drive)
    url = reverse("drives:pairs_bulk_undo", args=[drive.pk])
    assert org_client.get(url).status_code == 405
    assert other_club_client.post(url, {"paste": entry.pk}).status_code == 404
    scorer = make_user(club, username="scorer2", role="scorer")
    org_client.force_login(scorer)
    assert org_client.post(url, {"paste": entry.pk}).status_code == 403
    assert drive.pairs.count() == 3


def test_undo_paste_without_htmx_redirects_to_the_pairs_page(org_client, drive):
    paste(org_client, drive)
    entry = services.last_paste(drive)
    r = org_client.post(reverse("drives:pairs_bulk_undo", args=[drive.pk]), {"paste": entry.pk})
    assert r.status_code == 302
    assert r.url == reverse("drives:pairs", args=[drive.pk])


# --- Paid and the cookie jar side by side --------------------------------------


def _jar_on(drive, organizer):
    money.prize_settings_save(
        drive=drive,
        values={"jar": True, "jar_games": 2, "jar_price": 200},
        places={1: (1000, "")},
        actor=organizer,
        now=NOW,
    )


def test_the_pairs_page_has_the_cookie_jar_beside_paid(org_client, drive, organizer):
    add_pairs(drive, organizer, 2)
    page = org_client.get(reverse("drives:pairs", args=[drive.pk])).content.decode()
    assert "Not in the jar" not in page  # no jar in this drive
    _jar_on(drive, organizer)
    page = org_client.get(reverse("drives:pairs", args=[drive.pk])).content.decode()
    assert page.count("Not in the jar") == 2
    assert "Cookie jar" in page


def test_a_tap_on_the_pairs_page_puts_a_pair_in_the_jar_and_back(org_client, drive, organizer):
    add_pairs(drive, organizer, 2)
    _jar_on(drive, organizer)
    pair = drive.pairs.get(number=1)
    url = reverse("prizes:jar_entry", args=[drive.pk, pair.pk])
    r = org_client.post(url, {"jar": "on", "next": "pairs"})
    assert r.status_code == 302 and r.url == reverse("drives:pairs", args=[drive.pk])
    assert JarEntry.objects.filter(pair=pair).exists()
    page = org_client.get(reverse("drives:pairs", args=[drive.pk])).content.decode()
    assert page.count("In the jar") == 1
    org_client.post(url, {"next": "pairs"}, HTTP_HX_REQUEST="true", follow=True)
    assert not JarEntry.objects.filter(pair=pair).exists()


def test_after_the_start_the_jar_column_is_read_only(org_client, club, organizer):
    drive = make_drive(club, organizer)
    add_pairs(drive, organizer, 2)
    _jar_on(drive, organizer)
    jar.jar_opt_in(pair=drive.pairs.get(number=2), actor=organizer, now=NOW)
    services.drive_start(drive=drive, actor=organizer, now=NOW, seed=1)
    page = org_client.get(reverse("drives:pairs", args=[drive.pk])).content.decode()
    assert "✓ In the jar" in page
    assert reverse("prizes:jar_entry", args=[drive.pk, drive.pairs.get(number=2).pk]) not in page


# --- The start screen lists who has not paid -------------------------------------


def test_the_start_screen_names_the_pairs_that_have_not_paid(org_client, drive, organizer):
    services.pairs_bulk_add(drive=drive, actor=organizer, now=NOW, text=PASTE)
    services.pair_set_paid(pair=drive.pairs.get(number=2), actor=organizer, now=NOW, paid=True)
    page = org_client.get(reverse("drives:drive_start", args=[drive.pk])).content.decode()
    assert "2 pairs have not paid:" in page
    assert "Pair 1: Mary MacNeil &amp; John Boudreau" in page
    assert "Pair 3: Joe Gillis &amp; Rita Doucet" in page
    assert "Anne Côté" not in page
    assert "A late pair or a leaving pair is handled between games" in page


# --- Names where pairs are removed or moved -----------------------------------------


def test_removing_a_pair_asks_with_the_players_names(org_client, drive, organizer):
    services.pairs_bulk_add(drive=drive, actor=organizer, now=NOW, text="Mary & John")
    page = org_client.get(reverse("drives:pairs", args=[drive.pk])).content.decode()
    assert "Remove pair 1, Mary & John?" in page


def test_the_next_game_preview_names_the_players(org_client, club, organizer):
    drive = started_drive(club, organizer, pairs=4)
    play_game(drive, organizer)  # the first seat's pair wins at each table
    page = org_client.get(reverse("drives:game_next", args=[drive.pk, 1])).content.decode()
    mover = Pair.objects.get(drive=drive, number=int(page.split("<strong>Pair ")[1].split("<")[0]))
    assert f'<span class="names">({mover.player1} &amp; {mover.player2})</span>' in page
