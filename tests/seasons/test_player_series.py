"""A player's series standings on their history page: seasons' template tag and partial,
which the register's history page includes (templates/seasons/_player_series.html)."""

import pytest
from django.template.loader import render_to_string

from clubs.models import Player
from drives.models import Pair
from seasons.templatetags.seasons import player_series
from tests.builders.series import make_series, night_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def mary(club):
    return Player.objects.create(club=club, name="Mary MacNeil", match_key="mary macneil")


def test_the_players_series_with_place_total_and_cards(club, organizer, mary):
    s = make_series(club, organizer, min_nights=2)
    one = night_of(s, organizer, 6, ["Mary MacNeil & Joe Doucet", "Ann Boyd & Rita Poirier"])
    Pair.objects.filter(drive=one, number=1).update(person1=mary)
    (found,) = player_series(mary)
    assert found["series"] == s and found["count"] == 4
    (row,) = found["rows"]
    assert (row["entry"].played, row["to_qualify"]) == (1, 1)
    page = render_to_string("seasons/_player_series.html", {"player": mary})
    assert "Fall 45s 2026" in page and "1 more night to qualify" in page
    assert page.count('<span class="nightcard ') == 1

    night_of(s, organizer, 13, ["mary macneil & Ann Boyd", "Joe Doucet & Rita Poirier"])
    page = render_to_string("seasons/_player_series.html", {"player": mary})
    assert "✓ Qualified" in page and "of 4" in page
    assert page.count('<span class="nightcard ') == 2


def test_a_player_in_no_series_sees_so(club, mary):
    page = render_to_string("seasons/_player_series.html", {"player": mary})
    assert "Not in any series yet." in page and "nightcard" not in page
