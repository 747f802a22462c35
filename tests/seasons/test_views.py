"""The series' screens (seasons/views.py): the happy path, the wrong method, an outsider, the
htmx partial, and nothing written by a refusal."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from clubs.models import AuditEntry
from drives.models import Drive, TableGame
from seasons.models import Series, SeriesNight
from tests.builders import HTMX, NOW, make_drive, row_counts
from tests.builders.series import make_series, night_of

pytestmark = pytest.mark.django_db


def goes_to_login(response) -> bool:
    return response.status_code == 302 and response.url.startswith(reverse("login"))


@pytest.fixture
def series(club, organizer):
    return make_series(club, organizer, best_nights=2, min_nights=2)


@pytest.fixture
def played(series, organizer):
    one = night_of(series, organizer, 6, ["Mary Thériault & Joe Doucet", "Ann Boyd & Rita Poirier"])
    two = night_of(
        series, organizer, 13, ["Mary Theriault & Ann Boyd", "Joe Doucet & Rita Poirier"]
    )
    return one, two


RULES = {
    "name": "Winter 45s 2027",
    "counts": "points",
    "points": "10, 8, 6",
    "best_nights": "3",
    "min_nights": "2",
    "by": "players",
}


# ---- the list and a new series --------------------------------------------------------


def test_list_shows_the_clubs_series_with_their_rules(org_client, series, played):
    r = org_client.get(reverse("seasons:series_list"))
    assert r.status_code == 200
    page = r.content.decode()
    assert "Fall 45s 2026" in page and "2 nights" in page
    assert "Each player&#x27;s best 2 nights count." in page
    assert reverse("seasons:series_create") in page


def test_list_htmx_is_the_content_only(org_client, series):
    r = org_client.get(reverse("seasons:series_list"), **HTMX)
    assert r.status_code == 200 and b"<html" not in r.content and b"Fall 45s 2026" in r.content


def test_the_drive_list_leads_to_the_series(org_client):
    assert (
        reverse("seasons:series_list")
        in org_client.get(reverse("drives:drive_list")).content.decode()
    )


def test_a_scorer_reads_the_series_but_cannot_make_one(scorer_client, series):
    assert scorer_client.get(reverse("seasons:series_list")).status_code == 200
    assert (
        reverse("seasons:series_create")
        not in scorer_client.get(reverse("seasons:series_list")).content.decode()
    )
    assert scorer_client.post(reverse("seasons:series_create"), RULES).status_code == 403
    assert Series.objects.count() == 1


def test_another_club_sees_none_of_ours(other_club_client, series):
    r = other_club_client.get(reverse("seasons:series_list"))
    assert r.status_code == 200 and b"Fall 45s 2026" not in r.content


def test_anonymous_is_sent_to_log_in(anon_client, series):
    for name, args in (
        ("seasons:series_list", []),
        ("seasons:series_create", []),
        ("seasons:series_detail", [series.pk]),
        ("seasons:series_standings", [series.pk]),
    ):
        assert goes_to_login(anon_client.get(reverse(name, args=args))), name


def test_new_series_with_points_by_place(org_client, club):
    form = org_client.get(reverse("seasons:series_create"))
    assert form.status_code == 200 and b"Points for 1st, 2nd, 3rd" in form.content
    r = org_client.post(reverse("seasons:series_create"), RULES)
    series = Series.objects.get()
    assert r.status_code == 302 and r.url == reverse("seasons:series_detail", args=[series.pk])
    assert (series.counts, series.points, series.best_nights, series.min_nights) == (
        "points",
        [10, 8, 6],
        3,
        2,
    )
    assert AuditEntry.objects.filter(action="series_create").count() == 1


def test_every_night_counts_when_the_box_is_left_empty(org_client):
    org_client.post(reverse("seasons:series_create"), {**RULES, "best_nights": ""})
    assert Series.objects.get().best_nights is None


@pytest.mark.parametrize(
    "change, words",
    [
        ({"points": "ten, eight"}, "whole numbers with commas"),
        ({"points": "9" * 5000}, "whole numbers with commas"),
        ({"points": "10, 1001"}, "at most 1000 points"),
        ({"points": "6, 8"}, "more points than the place above"),
        ({"points": ""}, "points for first place"),
        ({"min_nights": "0"}, "greater than or equal to 1"),
        ({"name": ""}, "This field is required"),
    ],
)
def test_a_refused_series_says_why_and_writes_nothing(org_client, change, words):
    before = row_counts()
    r = org_client.post(reverse("seasons:series_create"), {**RULES, **change})
    assert r.status_code == 400
    assert words in r.content.decode()
    assert not Series.objects.exists() and row_counts() == before


def test_a_name_twice_is_said_on_the_form(org_client, series):
    r = org_client.post(reverse("seasons:series_create"), {**RULES, "name": series.name})
    assert r.status_code == 400 and "already has a series" in r.content.decode()


def test_new_series_wrong_method(org_client):
    assert org_client.put(reverse("seasons:series_create")).status_code == 405


def test_new_series_htmx_partial(org_client):
    r = org_client.get(reverse("seasons:series_create"), **HTMX)
    assert r.status_code == 200 and b"<html" not in r.content and b"series-form" in r.content


# ---- editing the rules ------------------------------------------------------------------


def test_edit_rules_changes_the_standings_at_once(org_client, series, played):
    url = reverse("seasons:series_edit", args=[series.pk])
    form = org_client.get(url)
    assert form.status_code == 200 and b'value="Fall 45s 2026"' in form.content
    r = org_client.post(url, {**RULES, "name": series.name, "min_nights": "3"})
    assert r.status_code == 302
    series.refresh_from_db()
    assert series.min_nights == 3
    standings = org_client.get(reverse("seasons:series_standings", args=[series.pk]))
    assert b"1 more night to qualify" in standings.content
    assert AuditEntry.objects.filter(action="series_update").count() == 1


def test_edit_wrong_method_outsider_scorer_and_htmx(
    org_client, other_club_client, scorer_client, series
):
    url = reverse("seasons:series_edit", args=[series.pk])
    assert org_client.delete(url).status_code == 405
    assert other_club_client.get(url).status_code == 404
    assert other_club_client.post(url, RULES).status_code == 404
    assert scorer_client.get(url).status_code == 403
    r = org_client.get(url, **HTMX)
    assert r.status_code == 200 and b"<html" not in r.content
    series.refresh_from_db()
    assert series.name == "Fall 45s 2026"


# ---- the series' page and its nights ----------------------------------------------------


def test_detail_lists_the_nights_by_date_and_offers_free_drives(
    org_client, series, played, organizer
):
    free = make_drive(series.club, organizer, name="Bingo night", date=dt.date(2026, 11, 20))
    r = org_client.get(reverse("seasons:series_detail", args=[series.pk]))
    page = r.content.decode()
    assert r.status_code == 200
    assert page.index("Night 1: Night 6</strong>") < page.index("Night 2: Night 13</strong>")
    assert f'value="{free.pk}"' in page
    for d in played:
        assert f'<option value="{d.pk}"' not in page


def test_detail_wrong_method_and_outsider(org_client, other_club_client, series):
    url = reverse("seasons:series_detail", args=[series.pk])
    assert org_client.post(url).status_code == 405
    assert other_club_client.get(url).status_code == 404


def test_detail_htmx_partial(org_client, series):
    r = org_client.get(reverse("seasons:series_detail", args=[series.pk]), **HTMX)
    assert r.status_code == 200 and b"<html" not in r.content and b'id="series-nights"' in r.content


def test_add_a_night_with_htmx_answers_the_nights_region(org_client, series, organizer):
    drive = make_drive(series.club, organizer)
    r = org_client.post(reverse("seasons:night_add", args=[series.pk]), {"drive": drive.pk}, **HTMX)
    assert r.status_code == 200
    assert r.content.decode().lstrip().startswith('<section id="series-nights">')
    assert SeriesNight.objects.get().drive == drive
    assert AuditEntry.objects.filter(action="series_night_add", drive=drive).count() == 1


def test_add_a_night_without_htmx_goes_back_to_the_series(org_client, series, organizer):
    drive = make_drive(series.club, organizer)
    r = org_client.post(reverse("seasons:night_add", args=[series.pk]), {"drive": drive.pk})
    assert r.status_code == 302 and r.url == reverse("seasons:series_detail", args=[series.pk])


def test_add_refuses_a_drive_of_another_series_or_club_and_writes_nothing(
    org_client, club, organizer, series, played
):
    winter = make_series(club, organizer, name="Winter")
    before = row_counts()
    url = reverse("seasons:night_add", args=[winter.pk])
    r = org_client.post(url, {"drive": played[0].pk}, **HTMX)
    assert r.status_code == 400 and b"in no series yet" in r.content
    assert org_client.post(url, {"drive": "999999"}).status_code == 400
    assert org_client.post(url, {}).status_code == 400
    assert row_counts() == before


def test_add_wrong_method_outsider_and_scorer(
    org_client, other_club_client, scorer_client, series, organizer
):
    drive = make_drive(series.club, organizer)
    url = reverse("seasons:night_add", args=[series.pk])
    assert org_client.get(url).status_code == 405
    assert other_club_client.post(url, {"drive": drive.pk}).status_code == 404
    assert scorer_client.post(url, {"drive": drive.pk}).status_code == 403
    assert not SeriesNight.objects.exists()


def test_take_a_night_out_and_put_it_back(org_client, series, played):
    one, _two = played
    r = org_client.post(reverse("seasons:night_remove", args=[series.pk, one.pk]), **HTMX)
    assert r.status_code == 200
    page = r.content.decode()
    assert "was taken out of the series" in page and "Undo: put it back" in page
    assert list(SeriesNight.objects.values_list("drive_id", flat=True)) == [played[1].pk]
    assert Drive.objects.filter(pk=one.pk).exists()
    back = org_client.post(
        reverse("seasons:night_add", args=[series.pk]), {"drive": one.pk}, **HTMX
    )
    assert back.status_code == 200
    assert SeriesNight.objects.count() == 2
    actions = list(
        AuditEntry.objects.filter(drive=one, action__startswith="series_night").values_list(
            "action", flat=True
        )
    )
    assert sorted(actions) == ["series_night_add", "series_night_add", "series_night_remove"]


def test_take_out_wrong_method_outsider_scorer_and_a_drive_not_in_it(
    org_client, other_club_client, scorer_client, series, played, organizer
):
    url = reverse("seasons:night_remove", args=[series.pk, played[0].pk])
    assert org_client.get(url).status_code == 405
    assert other_club_client.post(url).status_code == 404
    assert scorer_client.post(url).status_code == 403
    loose = make_drive(series.club, organizer)
    r = org_client.post(reverse("seasons:night_remove", args=[series.pk, loose.pk]))
    assert r.status_code == 409
    assert SeriesNight.objects.count() == 2


# ---- the standings ------------------------------------------------------------------------


def test_standings_show_each_persons_nights_as_cards_and_who_qualified(org_client, series, played):
    r = org_client.get(reverse("seasons:series_standings", args=[series.pk]))
    assert r.status_code == 200
    page = r.content.decode()
    assert page.count('class="nightcard') >= 8
    assert page.count("✓ Qualified") == 4  # each played both nights
    assert "Mary Thériault" in page  # the register's spelling: both nights are one person


def test_standings_follow_a_result_entered_tonight(org_client, series, organizer):
    drive = night_of(series, organizer, 6, ["Ann & Bob", "Cy & Di"], games=0)
    url = reverse("seasons:series_standings", args=[series.pk])
    assert b"0</td>" in org_client.get(url).content
    from drives import services as drive_services

    tg = TableGame.objects.get(drive=drive, game=1, table=1)
    seat = tg.seats.order_by("slot").first()
    drive_services.result_record(
        drive=drive, game=1, table=1, winner_number=seat.pair.number, actor=organizer, now=NOW
    )
    r = org_client.get(url, HTTP_HX_TARGET="series-standings", **HTMX)
    page = r.content.decode()
    assert page.lstrip().startswith('<section id="series-standings"')
    assert '<td class="total">1</td>' in page


def test_standings_wrong_method_outsider_and_scorer(
    org_client, other_club_client, scorer_client, series
):
    url = reverse("seasons:series_standings", args=[series.pk])
    assert org_client.post(url).status_code == 405
    assert other_club_client.get(url).status_code == 404
    assert scorer_client.get(url).status_code == 200


def test_standings_htmx_page_is_the_content(org_client, series):
    r = org_client.get(reverse("seasons:series_standings", args=[series.pk]), **HTMX)
    assert r.status_code == 200 and b"<html" not in r.content and b"Series standings" in r.content


# ---- a new drive made in the series -------------------------------------------------------


def test_new_drive_in_the_series(org_client, series):
    url = reverse("seasons:drive_create", args=[series.pk])
    form = org_client.get(url)
    assert form.status_code == 200
    assert "This drive will be a night of the series Fall 45s 2026." in form.content.decode()
    r = org_client.post(
        url,
        {
            "name": "Friday 45s",
            "date": "2026-11-27",
            "games": "25",
            "game": "forty_fives",
            "prize_places": "3",
            "language": "",
        },
    )
    drive = Drive.objects.get(name="Friday 45s")
    assert r.status_code == 302 and r.url == reverse("drives:pairs", args=[drive.pk])
    assert SeriesNight.objects.get(drive=drive).series == series


def test_new_drive_refused_writes_nothing(org_client, series):
    before = row_counts()
    r = org_client.post(reverse("seasons:drive_create", args=[series.pk]), {"name": ""})
    assert r.status_code == 400
    assert row_counts() == before and not SeriesNight.objects.exists()


def test_new_drive_wrong_method_outsider_scorer_and_htmx(
    org_client, other_club_client, scorer_client, series
):
    url = reverse("seasons:drive_create", args=[series.pk])
    assert org_client.put(url).status_code == 405
    assert other_club_client.get(url).status_code == 404
    assert scorer_client.get(url).status_code == 403
    r = org_client.get(url, **HTMX)
    assert r.status_code == 200 and b"<html" not in r.content


def test_the_pages_speak_french(org_client, series, played):
    org_client.cookies["django_language"] = "fr"
    r = org_client.get(reverse("seasons:series_standings", args=[series.pk]))
    page = r.content.decode()
    assert "Classement de la série" in page and "Qualifié" in page
    r = org_client.get(reverse("seasons:series_create"))
    assert "Ce qui compte chaque soirée" in r.content.decode()
