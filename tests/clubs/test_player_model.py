"""The player register's records: what the database itself refuses or keeps."""

import pytest
from django.db import IntegrityError, transaction

from clubs.interface import Player, fold
from drives.models import Pair
from tests.builders import add_pairs, make_drive


def _player(club, name):
    return Player.objects.create(club=club, name=name, match_key=fold(name))


def test_a_player_without_a_name_is_refused(club):
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(club=club, name="", match_key="x")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(club=club, name="Mary", match_key="")


def test_two_people_may_share_a_name(club):
    _player(club, "Mary MacNeil")
    _player(club, "Mary MacNeil")
    assert club.players.filter(match_key="mary macneil").count() == 2


def test_a_pair_is_two_different_people(club, organizer):
    drive = make_drive(club, organizer)
    add_pairs(drive, organizer, 1)
    pair = drive.pairs.get()
    mary = _player(club, "Mary MacNeil")
    pair.person1 = pair.person2 = mary
    with pytest.raises(IntegrityError), transaction.atomic():
        pair.save()


def test_deleting_a_person_keeps_the_pair_with_its_names(club, organizer):
    drive = make_drive(club, organizer)
    add_pairs(drive, organizer, 1)
    pair = drive.pairs.get()
    mary = _player(club, pair.player1)
    Pair.objects.filter(pk=pair.pk).update(person1=mary)
    mary.delete()
    pair.refresh_from_db()
    assert pair.person1 is None and pair.player1 == "Player 1a"
