"""The front's tap goes view -> service -> answer: the service decides whether a tap on the
other pair of a counted table asks first (services.result_enter(confirmed=False)), and says
which pair counted before a change; the view only answers."""

from __future__ import annotations

import pytest
from django.urls import reverse

from drives import services
from tests.builders import NOW, started_drive
from tests.builders.tables import at_table, state, tap_url, winner

pytestmark = pytest.mark.django_db


@pytest.fixture
def hall(club, organizer):
    return started_drive(club, organizer, pairs=8, games=3, seed=3)


def enter(drive, organizer, table, pair, **extra):
    return services.result_enter(
        drive=drive, game=1, table=table, winner_number=pair, actor=organizer, now=NOW, **extra
    )


def test_an_unconfirmed_tap_on_the_other_pair_is_asked_and_writes_nothing(hall, organizer):
    a, b = at_table(hall, 1)
    enter(hall, organizer, 1, a)
    before = state(hall)
    answer = enter(hall, organizer, 1, b, confirmed=False)
    assert answer.asked and answer.was == a
    assert [s.pair.number for s in answer.table_game.seat_list] == [a, b]
    assert state(hall) == before and winner(hall, 1) == a


def test_a_confirmed_change_says_which_pair_counted_before(hall, organizer):
    a, b = at_table(hall, 2)
    first = enter(hall, organizer, 2, a, confirmed=False)
    assert not first.asked and first.was is None and winner(hall, 2) == a
    again = enter(hall, organizer, 2, a, confirmed=False)
    assert not again.asked and again.was == a
    changed = enter(hall, organizer, 2, b)
    assert not changed.asked and changed.was == a and winner(hall, 2) == b


def test_the_screen_asks_only_while_the_table_counts_for_another_pair(org_client, hall):
    a, b = at_table(hall, 3)
    org_client.post(tap_url(hall, 3), {"winner": a})
    r = org_client.post(tap_url(hall, 3), {"winner": b})
    assert r.status_code == 302 and r.url.endswith(f"?change=3&to={b}#table-3")
    assert f"Yes: pair {b} won" in org_client.get(r.url).content.decode()
    screen = reverse("drives:game", args=[hall.pk, 1])
    for stale in (f"?change=3&to={a}", "?change=3&to=99", f"?change=4&to={b}", "?change=x&to=1"):
        assert "Yes: pair" not in org_client.get(screen + stale).content.decode(), stale
