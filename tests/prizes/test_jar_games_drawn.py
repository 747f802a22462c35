"""Every screen and paper says how many games the cookie jar draws from how many: a drive
finished early draws from the games played, and says so."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from printing.pdf import data
from tests.builders.jar import opt_in, play_all, setup_drive, start

pytestmark = pytest.mark.django_db


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.fixture
def early(club, organizer):
    """The jar draws 8 games of 25, but the night was finished after game 5."""
    drive = setup_drive(club, organizer, pairs=6, games=25, jar_games=8)
    opt_in(drive, organizer, [1, 2, 3])
    start(drive, organizer)
    return play_all(drive, organizer, games=5)


def _report_lines(drive) -> str:
    report = data.prize_report(drive)
    return " ".join(
        getattr(line, "text", "") for section in report.sections for line in section.items
    )


def test_a_drive_finished_early_says_the_jar_draws_from_the_games_played(early, org_client):
    assert (early.games, early.is_finished) == (5, True)
    said = "5 games are drawn from the 5 played."
    for name in ("prizes:prizes", "prizes:jar", "prizes:report"):
        page = _text(org_client.get(reverse(name, args=[early.pk])).content.decode())
        assert said in page, name
        assert "8 games" not in page, name
    assert said in _report_lines(early)


def test_before_the_end_the_jar_says_how_many_of_the_nights_games(club, organizer, org_client):
    drive = setup_drive(club, organizer, pairs=6, games=25, jar_games=8)
    page = _text(org_client.get(reverse("prizes:prizes", args=[drive.pk])).content.decode())
    assert "After the last game, 8 games are drawn from the 25 of the night." in page
