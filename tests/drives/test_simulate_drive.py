"""simulate_drive plays a whole night through the services, reproducibly from its seed."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from clubs.models import AuditEntry
from drives.models import Drive, Pair


def run(*args) -> str:
    out = StringIO()
    call_command("simulate_drive", *args, stdout=out)
    return out.getvalue()


def night(*args) -> dict:
    return json.loads(run("--json", *args))


@pytest.mark.django_db
def test_the_same_seed_gives_the_same_night():
    a = night("--pairs", "9", "--games", "4", "--seed", "11")
    b = night("--pairs", "9", "--games", "4", "--seed", "11", "--club", "Other hall")
    c = night("--pairs", "9", "--games", "4", "--seed", "12")
    a.pop("drive"), b.pop("drive"), c.pop("drive")
    assert a == b
    assert a["games"] != c["games"]


@pytest.mark.django_db
def test_the_json_night_has_every_game_and_every_pair_punch_card():
    doc = night("--pairs", "7", "--games", "3", "--seed", "2")
    assert doc["status"] == "finished" and doc["games_played"] == 3 and doc["seed"] == 2
    assert [g["game"] for g in doc["games"]] == [1, 2, 3]
    for g in doc["games"]:
        seated = [p for t in g["tables"] for p in t["pairs"]]
        assert sorted(seated) == list(range(1, 8))
        for t in g["tables"]:
            if t["sitout"]:
                assert t["winner"] == t["pairs"][0] and t["deals_first"] == "cut"
            else:
                assert t["winner"] in t["pairs"]
                assert (
                    g["game"] == 1 and t["deals_first"] == "cut" or t["deals_first"] in t["pairs"]
                )
    wins = {p["pair"]: p["punched"] for p in doc["pairs"]}
    for g in doc["games"]:
        for t in g["tables"]:
            assert g["game"] in wins[t["winner"]]
    assert sum(p["won"] for p in doc["pairs"]) == sum(len(g["tables"]) for g in doc["games"])


@pytest.mark.django_db
def test_the_text_output_lists_standings_with_punched_games():
    out = run("--pairs", "4", "--games", "2", "--seed", "1")
    assert "Finished, game 2 of 2, seed 1" in out
    assert out.count(" won  [") == 4


@pytest.mark.django_db
def test_late_and_leaving_pairs_are_drawn_from_the_seed_and_keep_the_rules():
    a = night("--pairs", "9", "--games", "8", "--seed", "4", "--late", "2", "--leave", "3")
    b = night("--pairs", "9", "--games", "8", "--seed", "4", "--late", "2", "--leave", "3")
    a.pop("drive"), b.pop("drive")
    assert a == b
    assert len(a["pairs"]) == 11
    drive = Drive.objects.order_by("pk").first()
    late = list(Pair.objects.filter(drive=drive, arrived_game__gt=1))
    left = list(Pair.objects.filter(drive=drive, left_after_game__isnull=False))
    assert len(late) == 2 and len(left) == 3
    for g in a["games"]:
        seated = [p for t in g["tables"] for p in t["pairs"]]
        assert len(seated) == len(set(seated))
        assert sum(1 for t in g["tables"] if t["sitout"]) <= 1
        for p in late:
            assert (p.number in seated) == (g["game"] >= p.arrived_game)
        for p in left:
            assert p.number not in seated or g["game"] <= p.left_after_game
    for p in late:
        card = next(x for x in a["pairs"] if x["pair"] == p.number)
        assert all(game >= p.arrived_game for game in card["punched"])
    assert AuditEntry.objects.filter(drive=drive, action="pair_arrive").count() == 2
    assert AuditEntry.objects.filter(drive=drive, action="pair_leave").count() == 3


@pytest.mark.django_db
def test_bad_arguments_are_refused_plainly():
    with pytest.raises(CommandError, match="--pairs N"):
        run("--pairs", "1")
    with pytest.raises(CommandError, match="from 1 to 60"):
        run("--pairs", "4", "--games", "61")
    with pytest.raises(CommandError, match="No drive 999"):
        run("--drive", "999")


def test_without_a_club_the_drive_lands_in_the_organizers_club(club, organizer):
    """The organizer of make run sees the simulated drive on their drives list."""
    from clubs.models import Club

    Club.objects.create(name="Another hall")  # made later than the organizer's club
    done = night("--pairs", "4", "--games", "2")
    assert Drive.objects.get(name=done["drive"]).club == club


@pytest.mark.django_db
def test_without_a_club_or_an_organizer_a_simulation_club_is_made():
    done = night("--pairs", "4", "--games", "2")
    assert Drive.objects.get(name=done["drive"]).club.name == "Simulation Club"


@pytest.mark.django_db
def test_a_named_club_is_used_or_made():
    done = night("--pairs", "4", "--games", "2", "--club", "St. Peter's")
    assert Drive.objects.get(name=done["drive"]).club.name == "St. Peter's"
