"""The register's writers (players/services.py): one audit entry each, refusals that write
nothing, and every take-back restoring exactly what the step moved."""

from __future__ import annotations

import pytest

from clubs.interface import DriveError, Player, StaleError
from clubs.models import AuditEntry
from players import services
from tests.builders import NOW, add_pairs, make_drive
from tests.builders.players import link, make_player

pytestmark = pytest.mark.django_db


def entries(action):
    return AuditEntry.objects.filter(action=action).count()


@pytest.fixture
def night(club, organizer):
    drive = make_drive(club, organizer)
    add_pairs(drive, organizer, 3)
    return drive


def test_adding_keeps_the_name_as_written_and_its_key(club, organizer):
    p = make_player(club, "  Rémi  Thériault ", phone="902 555 0101", actor=organizer)
    assert (p.name, p.match_key, p.phone) == ("Rémi Thériault", "remi theriault", "902 555 0101")
    assert entries("player_add") == 1


@pytest.mark.parametrize(
    ("name", "email"),
    [
        ("", ""),
        ("\u200b", ""),
        ("Mary", "not an address"),
        ("x" * 61, ""),
    ],
)
def test_a_bad_name_or_email_is_refused_and_nothing_is_written(club, organizer, name, email):
    with pytest.raises(DriveError):
        make_player(club, name, email=email, actor=organizer)
    assert Player.objects.count() == 0 and AuditEntry.objects.count() == 0


@pytest.mark.parametrize("name", ["♥", "???", "☘ ☘"])
def test_a_name_of_symbols_only_is_kept_with_a_key_of_its_own(club, organizer, name):
    p = make_player(club, name, actor=organizer)
    assert p.match_key == name.casefold()


def test_a_change_refolds_the_key_and_keeps_the_nights_names(club, organizer, night):
    p = make_player(club, "Mary Mac Neil", actor=organizer)
    pair = link(night.pairs.get(number=1), person1=p)
    services.player_update(player=p, actor=organizer, now=NOW, name="Máire MacNeil")
    p.refresh_from_db()
    pair.refresh_from_db()
    assert (p.name, p.match_key) == ("Máire MacNeil", "maire macneil")
    assert pair.player1 == "Player 1a" and pair.person1_id == p.pk
    assert entries("player_update") == 1
    services.player_update(player=p, actor=organizer, now=NOW, name="Máire MacNeil")
    assert entries("player_update") == 1  # nothing changed: no entry


def test_removing_unlinks_the_pairs_and_putting_back_relinks_them(club, organizer, night):
    p = make_player(club, "Mary MacNeil", actor=organizer)
    one = link(night.pairs.get(number=1), person1=p)
    two = link(night.pairs.get(number=2), person2=p)
    services.player_remove(player=p, actor=organizer, now=NOW)
    one.refresh_from_db()
    two.refresh_from_db()
    p.refresh_from_db()
    assert one.person1_id is None and two.person2_id is None and one.player1 == "Player 1a"
    assert p.removed_at == NOW and not p.is_active
    services.player_restore(player=p, actor=organizer, now=NOW)
    one.refresh_from_db()
    two.refresh_from_db()
    p.refresh_from_db()
    assert one.person1_id == p.pk and two.person2_id == p.pk and p.is_active
    assert (entries("player_remove"), entries("player_restore")) == (1, 1)
    with pytest.raises(StaleError):
        services.player_restore(player=p, actor=organizer, now=NOW)


def test_merging_moves_the_pairs_and_taking_it_back_restores_both(club, organizer, night):
    keep = make_player(club, "Mary MacNeil", actor=organizer)
    twin = make_player(
        club, "Mary Mc Neil", phone="902 555 0199", notes="Tuesdays", actor=organizer
    )
    one = link(night.pairs.get(number=1), person1=keep)
    two = link(night.pairs.get(number=2), person1=twin)
    three = link(night.pairs.get(number=3), person2=twin)
    services.players_merge(keep=keep, merged=twin, actor=organizer, now=NOW)
    for p in (one, two, three, keep, twin):
        p.refresh_from_db()
    assert (two.person1_id, three.person2_id, one.person1_id) == (keep.pk, keep.pk, keep.pk)
    assert twin.merged_into_id == keep.pk and not twin.is_active
    assert (keep.phone, keep.notes) == ("902 555 0199", "Tuesdays")  # what keep lacked
    services.players_unmerge(merged=twin, actor=organizer, now=NOW)
    for p in (one, two, three, keep, twin):
        p.refresh_from_db()
    assert (one.person1_id, two.person1_id, three.person2_id) == (keep.pk, twin.pk, twin.pk)
    assert twin.is_active and (keep.phone, keep.notes) == ("", "")
    assert (entries("players_merge"), entries("players_unmerge")) == (1, 1)
    with pytest.raises(StaleError):
        services.players_unmerge(merged=twin, actor=organizer, now=NOW)


def test_partners_cannot_be_merged_into_one_person(club, organizer, night):
    a = make_player(club, "Mary MacNeil", actor=organizer)
    b = make_player(club, "Mary McNeil", actor=organizer)
    link(night.pairs.get(number=1), person1=a, person2=b)
    before = AuditEntry.objects.count()
    with pytest.raises(DriveError) as e:
        services.players_merge(keep=a, merged=b, actor=organizer, now=NOW)
    assert e.value.status == 409 and "two people" in e.value.message
    b.refresh_from_db()
    assert b.merged_into_id is None and AuditEntry.objects.count() == before


def test_an_entry_merged_or_removed_cannot_be_merged_or_changed(club, organizer):
    a = make_player(club, "Mary MacNeil", actor=organizer)
    b = make_player(club, "Mary McNeil", actor=organizer)
    c = make_player(club, "Marie MacNeil", actor=organizer)
    services.players_merge(keep=a, merged=b, actor=organizer, now=NOW)
    with pytest.raises(StaleError):
        services.players_merge(keep=c, merged=b, actor=organizer, now=NOW)
    with pytest.raises(StaleError):
        services.player_update(player=b, actor=organizer, now=NOW, name="B")
    with pytest.raises(DriveError):
        services.players_merge(keep=a, merged=a, actor=organizer, now=NOW)


def test_a_merge_taken_back_after_a_second_merge_restores_its_own(club, organizer, night):
    a = make_player(club, "Mary MacNeil", actor=organizer)
    b = make_player(club, "Mary McNeil", actor=organizer)
    c = make_player(club, "Mary Mac Neill", actor=organizer)
    pb = link(night.pairs.get(number=1), person1=b)
    pc = link(night.pairs.get(number=2), person1=c)
    services.players_merge(keep=a, merged=b, actor=organizer, now=NOW)
    services.players_merge(keep=a, merged=c, actor=organizer, now=NOW)
    services.players_unmerge(merged=b, actor=organizer, now=NOW)
    pb.refresh_from_db()
    pc.refresh_from_db()
    assert (pb.person1_id, pc.person1_id) == (b.pk, a.pk)
