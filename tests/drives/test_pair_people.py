"""Registering pairs links their names to the club's player register: the name box's
suggestions (drives/views/people.py), a chosen person, a new name made a new player, and
the paste checked name by name before anything is saved (pairs_paste_preview)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.interface import DriveError, Player, StaleError
from clubs.models import AuditEntry
from drives import services
from drives.models import Pair
from tests.builders import HTMX, NOW, make_drive, started_drive
from tests.builders.players import make_player

pytestmark = pytest.mark.django_db


@pytest.fixture
def drive(club, organizer):
    return make_drive(club, organizer)


@pytest.fixture
def regulars(club, organizer):
    return {
        name: make_player(club, name, actor=organizer)
        for name in ("Mary MacNeil", "Rémi Thériault", "Yvette Doucette", "Angus MacDonald")
    }


def suggest(drive, **params):
    return reverse("drives:pair_suggest", args=[drive.pk]), params


# --- The service ----------------------------------------------------------------


def test_a_known_name_links_its_person_and_a_new_one_is_added(drive, organizer, regulars):
    pair = services.pair_add(
        drive=drive, actor=organizer, now=NOW, player1="mary mc neil", player2="Flora Gillis"
    )
    assert pair.person1 == regulars["Mary MacNeil"]
    assert pair.person2.name == "Flora Gillis" and pair.person2.club_id == drive.club_id
    assert pair.player1 == "mary mc neil"  # the night keeps the name as typed
    entry = AuditEntry.objects.get(action="pair_add")
    assert entry.new["new_in_register"] == ["Flora Gillis"]


def test_a_chosen_person_is_linked_whatever_the_spelling(drive, organizer, regulars):
    yvette = regulars["Yvette Doucette"]
    pair = services.pair_add(
        drive=drive,
        actor=organizer,
        now=NOW,
        player1="Yvette Doucet",
        player2="John Boudreau",
        person1=yvette.pk,
    )
    assert pair.person1 == yvette


def test_a_near_name_not_chosen_is_a_new_player(drive, organizer, regulars):
    pair = services.pair_add(
        drive=drive, actor=organizer, now=NOW, player1="Yvette Doucet", player2="Jo Aucoin"
    )
    assert pair.person1 != regulars["Yvette Doucette"]
    assert Player.objects.filter(name="Yvette Doucet").count() == 1


def test_someone_already_playing_tonight_is_not_linked_twice(drive, organizer, regulars):
    mary = regulars["Mary MacNeil"]
    services.pair_add(drive=drive, actor=organizer, now=NOW, player1="Mary MacNeil", player2="B")
    # Typed again: another Mary MacNeil, a new entry; chosen again: refused.
    again = services.pair_add(
        drive=drive, actor=organizer, now=NOW, player1="Mary MacNeil", player2="C"
    )
    assert again.person1 != mary
    before = Pair.objects.count()
    with pytest.raises(DriveError) as e:
        services.pair_add(
            drive=drive, actor=organizer, now=NOW, player1="Mary", player2="D", person1=mary.pk
        )
    assert e.value.status == 409 and Pair.objects.count() == before


def test_a_chosen_entry_of_another_club_or_gone_is_refused(drive, organizer, regulars):
    from tests.builders import make_club

    stranger = make_player(make_club("Legion"), "Mary MacNeil")
    with pytest.raises(StaleError):
        services.pair_add(
            drive=drive, actor=organizer, now=NOW, player1="M", player2="N", person1=stranger.pk
        )
    assert not drive.pairs.exists()


def test_the_same_person_both_sides_of_a_pair_is_refused(drive, organizer, regulars):
    mary = regulars["Mary MacNeil"]
    with pytest.raises(DriveError):
        services.pair_add(
            drive=drive,
            actor=organizer,
            now=NOW,
            player1="Mary",
            player2="Mary",
            person1=mary.pk,
            person2=mary.pk,
        )


def test_a_new_name_on_the_pair_is_a_new_person_the_partner_stays(drive, organizer, regulars):
    pair = services.pair_add(
        drive=drive, actor=organizer, now=NOW, player1="Mary MacNeil", player2="Rémi Thériault"
    )
    pair = services.pair_update(
        pair=pair, actor=organizer, now=NOW, player1="Mary MacNeil", player2="Angus MacDonald"
    )
    assert (pair.person1, pair.person2) == (regulars["Mary MacNeil"], regulars["Angus MacDonald"])
    # Her partner renamed to her own name: not her twice, a new entry.
    pair = services.pair_update(
        pair=pair, actor=organizer, now=NOW, player1="Mary MacNeil", player2="Mary MacNeil"
    )
    assert pair.person2 != pair.person1 and pair.person2 is not None


def test_pairs_registered_again_keep_their_people(club, organizer, regulars):
    last = make_drive(club, organizer, name="Last Friday")
    services.pair_add(drive=last, actor=organizer, now=NOW, player1="Mary MacNeil", player2="X Y")
    tonight = services.drive_copy(source=last, actor=organizer, now=NOW)
    [pair] = services.pairs_reregister(
        drive=tonight, source=last, numbers=[1], actor=organizer, now=NOW
    )
    assert pair.person1 == regulars["Mary MacNeil"] and pair.person2 is not None


def test_a_late_pair_is_linked_too(club, organizer, regulars):
    drive = started_drive(club, organizer, pairs=4)
    plan = services.seat_change_plan(drive, "arrive")
    pair = services.pair_arrive(
        drive=drive,
        actor=organizer,
        now=NOW,
        player1="Rémi Theriault",
        player2="Z Z",
        from_game=drive.current_game,
        seating_token=plan.token,
    )
    assert pair.person1 == regulars["Rémi Thériault"]


# --- The paste, checked before it is saved -------------------------------------------

PASTE = "Mary Mc Neil & Flora Gillis\nRemi THERIAULT & Yvette Doucet\n"


def test_the_preview_says_known_likely_and_new_and_writes_nothing(drive, regulars):
    before = (Pair.objects.count(), Player.objects.count(), AuditEntry.objects.count())
    lines, twice = services.pairs_paste_preview(drive=drive, text=PASTE)
    assert before == (Pair.objects.count(), Player.objects.count(), AuditEntry.objects.count())
    got = [(n.name, n.decision, n.chosen) for line in lines for n in line.names]
    assert got == [
        ("Mary Mc Neil", "exact", regulars["Mary MacNeil"].pk),
        ("Flora Gillis", "new", "new"),
        ("Remi THERIAULT", "exact", regulars["Rémi Thériault"].pk),
        ("Yvette Doucet", "likely", "new"),
    ]
    assert lines[1].names[1].candidates[0].id == regulars["Yvette Doucette"].pk
    assert twice == []


def test_the_paste_saved_as_chosen(drive, organizer, regulars):
    yvette = regulars["Yvette Doucette"]
    pairs = services.pairs_bulk_add(
        drive=drive,
        actor=organizer,
        now=NOW,
        text=PASTE,
        choices=[(regulars["Mary MacNeil"].pk, "new"), ("auto", yvette.pk)],
    )
    assert [(p.person1.name, p.person2.name) for p in pairs] == [
        ("Mary MacNeil", "Flora Gillis"),
        ("Rémi Thériault", "Yvette Doucette"),
    ]
    [entry] = AuditEntry.objects.filter(action="pairs_bulk_add")
    assert [p["new_in_register"] for p in entry.new] == [["Flora Gillis"], []]


def test_choices_for_another_number_of_lines_are_refused(drive, organizer):
    with pytest.raises(StaleError):
        services.pairs_bulk_add(
            drive=drive, actor=organizer, now=NOW, text=PASTE, choices=[("auto", "auto")]
        )
    assert not drive.pairs.exists()


# --- The screens ----------------------------------------------------------------------


def test_the_name_box_suggests_known_players(org_client, drive, regulars):
    url = reverse("drives:pair_suggest", args=[drive.pk])
    r = org_client.get(url, {"slot": "1", "player1": "ther"}, **HTMX)
    body = r.content.decode()
    assert r.status_code == 200 and body.lstrip().startswith('<div id="suggest-1"')
    assert "Rémi Thériault" in body and "Mary MacNeil" not in body
    assert 'id="id_person1" value="" hx-swap-oob="true"' in body
    r = org_client.get(url, {"slot": "2", "player2": "Zebedee Q"}, **HTMX)
    assert "is not in the register" in r.content.decode()


def test_choosing_a_suggestion_fills_the_box_and_the_person(org_client, drive, regulars):
    mary = regulars["Mary MacNeil"]
    url = reverse("drives:pair_suggest", args=[drive.pk])
    r = org_client.get(url, {"slot": "2", "choose": str(mary.pk)}, **HTMX)
    body = r.content.decode()
    assert body.lstrip().startswith('<div class="field name-box" id="name-box-2">')
    assert 'value="Mary MacNeil"' in body and f'value="{mary.pk}"' in body


def test_the_name_box_refuses_outsiders_and_posts(
    org_client, other_club_client, anon_client, scorer_client, drive, regulars
):
    url = reverse("drives:pair_suggest", args=[drive.pk])
    assert other_club_client.get(url, {"player1": "mar"}).status_code == 404
    assert scorer_client.get(url, {"player1": "mar"}).status_code == 403
    r = anon_client.get(url)
    assert r.status_code == 302 and r.url.startswith(reverse("login"))
    assert org_client.post(url).status_code == 405
    # Another club's entry is never offered nor chosen.
    from tests.builders import make_club

    stranger = make_player(make_club("Legion"), "Marguerite Legion")
    r = org_client.get(url, {"slot": "1", "choose": str(stranger.pk)})
    assert "Marguerite Legion" not in r.content.decode()
    r = org_client.get(url, {"slot": "1", "player1": "marg"})
    assert "Marguerite Legion" not in r.content.decode()


def test_the_pair_form_links_the_chosen_person(org_client, drive, regulars):
    url = reverse("drives:pair_add", args=[drive.pk])
    rémi = regulars["Rémi Thériault"]
    r = org_client.post(url, {"player1": "Remi", "player2": "Flora Gillis", "person1": rémi.pk})
    assert r.status_code == 302
    pair = drive.pairs.get()
    assert pair.person1 == rémi and pair.person2.name == "Flora Gillis"


def test_the_paste_is_checked_then_saved_as_chosen(org_client, drive, regulars):
    url = reverse("drives:pairs_bulk", args=[drive.pk])
    r = org_client.post(url, {"text": PASTE, "step": "check"}, **HTMX)
    body = r.content.decode()
    assert r.status_code == 200 and not drive.pairs.exists()
    assert "2 in the register · 1 to choose · 1 new" in body
    assert 'id="paste-preview"' in body and "Yvette Doucette" in body
    import re

    checked = re.search(r'name="checked" value="([0-9a-f]+)"', body).group(1)
    yvette = regulars["Yvette Doucette"]
    data = {
        "text": PASTE,
        "step": "save",
        "checked": checked,
        "pick-1-1": regulars["Mary MacNeil"].pk,
        "pick-1-2": "new",
        "pick-2-1": regulars["Rémi Thériault"].pk,
        "pick-2-2": yvette.pk,
    }
    r = org_client.post(url, data)
    assert r.status_code == 302
    assert [p.person2 for p in drive.pairs.order_by("number")][1] == yvette


def test_a_paste_changed_after_its_check_is_checked_again(org_client, drive, regulars):
    url = reverse("drives:pairs_bulk", args=[drive.pk])
    r = org_client.post(url, {"text": PASTE + "A B & C D", "step": "save", "checked": "0" * 32})
    assert r.status_code == 200 and not drive.pairs.exists()
    assert 'id="paste-preview"' in r.content.decode()


def test_the_preview_shows_pairs_already_registered(org_client, drive, organizer, regulars):
    services.pairs_bulk_add(
        drive=drive, actor=organizer, now=NOW, text="Mary Mc Neil & Flora Gillis"
    )
    url = reverse("drives:pairs_bulk", args=[drive.pk])
    r = org_client.post(url, {"text": PASTE, "step": "check"})
    body = r.content.decode()
    assert "1 pair in the paste is already registered." in body
    assert "Skip this pair, add the rest" in body


@pytest.mark.parametrize("size", [4, 400])
def test_each_letter_typed_costs_the_same_few_statements_whatever_the_register(
    org_client, club, drive, size
):
    from clubs.interface import fold
    from tests.builders.players import register_names
    from tests.support import assert_statement_count

    names = register_names(size)
    Player.objects.bulk_create([Player(club=club, name=n, match_key=fold(n)) for n in names])
    url = reverse("drives:pair_suggest", args=[drive.pk])
    org_client.get(url, {"player1": "ma"})  # the session read once
    # The session, the user, the drive with the membership, the register's three columns.
    with assert_statement_count(4, label=f"{size} players"):
        r = org_client.get(url, {"slot": "1", "player1": names[0]}, **HTMX)
    assert r.status_code == 200 and names[0] in r.content.decode()
