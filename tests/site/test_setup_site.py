"""setup_site: the first organizer, and var/organizer-password.txt.

The file holds the first organizer's generated password only while it is that
password: any change of that password (People page, profile, `manage.py
changepassword`) removes it. A weak ORGANIZER_PASSWORD is refused.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from accounts.services import people as accounts
from tests.builders import NOW, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def password_file(settings, tmp_path, monkeypatch):
    monkeypatch.delenv("ORGANIZER_PASSWORD", raising=False)
    settings.ORGANIZER_PASSWORD_FILE = tmp_path / "organizer-password.txt"
    return settings.ORGANIZER_PASSWORD_FILE


@pytest.fixture
def first_organizer(password_file, capsys):
    call_command("setup_site", "--no-demo")
    capsys.readouterr()
    user = get_user_model().objects.get(username="organizer")
    assert authenticate(username="organizer", password=password_file.read_text().strip()) == user
    return user


def test_the_generated_password_is_kept_in_the_file_readable_by_its_owner_only(first_organizer):
    from django.conf import settings

    assert settings.ORGANIZER_PASSWORD_FILE.stat().st_mode & 0o777 == 0o600


def test_a_new_password_on_the_people_page_removes_the_file(first_organizer, password_file):
    client = Client()
    client.force_login(first_organizer)
    url = reverse("club:member_password", args=[first_organizer.pk])
    assert client.post(url, {"password": "a-new-hall-password"}).status_code == 302
    assert not password_file.exists()


def test_a_new_password_on_the_profile_removes_the_file(first_organizer, password_file):
    client = Client()
    client.force_login(first_organizer)
    old = password_file.read_text().strip()
    data = {"old_password": old, "new_password1": "a-new-hall-pw", "new_password2": "a-new-hall-pw"}
    assert client.post(reverse("club:password_change"), data).status_code == 302
    assert not password_file.exists()


def test_manage_py_changepassword_removes_the_file(first_organizer, password_file, monkeypatch):
    monkeypatch.setattr("getpass.getpass", lambda prompt="": "a-new-hall-password")
    call_command("changepassword", "organizer", stdout=None)
    assert not password_file.exists()


def test_the_setup_message_no_longer_points_at_a_removed_file(first_organizer, capsys):
    first_organizer.set_password("a-new-hall-password")
    first_organizer.save()
    call_command("setup_site", "--no-demo")
    out = capsys.readouterr().out
    assert "organizer-password.txt" not in out


def test_another_persons_new_password_keeps_the_file(first_organizer, password_file):
    club = first_organizer.memberships.get().club
    mary = make_user(club, username="mary", role="scorer")
    accounts.member_password_set(
        club=club, user_id=mary.pk, password="a-new-hall-password", actor=first_organizer, now=NOW
    )
    assert password_file.exists()


@pytest.mark.parametrize("weak", ["12345678", "password", "organizer", "short"])
def test_a_weak_organizer_password_is_refused_with_a_clear_message(
    password_file, monkeypatch, weak
):
    monkeypatch.setenv("ORGANIZER_PASSWORD", weak)
    with pytest.raises(CommandError, match="ORGANIZER_PASSWORD is too weak"):
        call_command("setup_site", "--no-demo")
    assert not get_user_model().objects.exists()
    assert not password_file.exists()


def test_a_strong_organizer_password_is_used_and_not_written_down(password_file, monkeypatch):
    monkeypatch.setenv("ORGANIZER_PASSWORD", "st-josephs-45s-night")
    call_command("setup_site", "--no-demo")
    assert authenticate(username="organizer", password="st-josephs-45s-night")
    assert not password_file.exists()


def test_make_run_on_an_empty_database_loads_the_demo_club(password_file, capsys):
    """What a newcomer sees after `make run`: the demo club with a finished night and one
    at game 12, every pair with the code printed on its punch card."""
    from drives.models import Drive, Pair

    call_command("setup_site")
    assert "Demo club loaded" in capsys.readouterr().out
    finished, tonight = Drive.objects.order_by("date")
    assert finished.status == Drive.Status.FINISHED
    assert tonight.is_running and tonight.current_game == 12
    assert Pair.objects.count() == 80 and not Pair.objects.filter(code="").exists()
    assert Client().get(reverse("practice:table")).status_code == 200


def test_the_demo_clubs_people_are_in_its_register_with_both_nights(password_file, capsys):
    """The demo's pairs are the register's people, as a club's own would be after two
    nights: each name linked, one entry a person, and who came both nights has two."""
    from clubs.interface import Player
    from drives.models import Pair
    from players.history import history

    call_command("setup_site")
    capsys.readouterr()
    pairs = Pair.objects.all()
    assert not pairs.filter(person1__isnull=True).exists()
    assert not pairs.filter(person2__isnull=True).exists()
    # Two people of one name on one night (the demo has one such name each night) are two.
    nights: dict[tuple[int, str], int] = {}
    for p in pairs:
        for n in (p.player1, p.player2):
            nights[p.drive_id, n] = nights.get((p.drive_id, n), 0) + 1
    people: dict[str, int] = {}
    for (_drive, n), count in nights.items():
        people[n] = max(people.get(n, 0), count)
    assert Player.objects.count() == sum(people.values()) == len(people) + 2
    both = Player.objects.get(name="Murdock MacKenzie")
    assert len(history(both).nights) == 2
