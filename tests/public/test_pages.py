"""The club's public pages: only what the club showed, to anyone, GET only, the same
answer for everyone (cacheable: public, max-age=60, an ETag and a 304, no cookie read or
set), in the club's language or the address's, at a statement count that does not grow
with the pairs or the nights."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse

from clubs.models import Club, Player
from drives.models import Drive
from public.queries import SUSPENSION
from seasons import services as seasons
from tests.builders import HTMX, NOW, make_club, make_drive, make_user
from tests.builders.leagues import four_teams, make_league, night_with_pairs, play_by_strength
from tests.builders.public import finished_night, public_page, show
from tests.builders.series import make_series
from tests.support import assert_statement_count

pytestmark = pytest.mark.django_db

SLUG = "st-josephs"


def club_url(slug=SLUG):
    return reverse("public:club", args=[slug])


def night_url(drive, slug=SLUG):
    return reverse("public:drive", args=[slug, drive.pk])


def series_url(series, slug=SLUG):
    return reverse("public:series", args=[slug, series.pk])


def league_url(league, slug=SLUG):
    return reverse("public:league", args=[slug, league.pk])


def player_url(player, slug=SLUG):
    return reverse("public:player", args=[slug, player.pk])


@pytest.fixture
def shown(club, organizer):
    """The club's page on with players' histories, a finished night shown, a night not
    shown, an upcoming night shown, a series of the two finished nights shown."""
    public_page(club, organizer, slug=SLUG, histories=True)
    night = finished_night(
        club,
        organizer,
        day=20,
        names=["Mary MacNeil & Flora MacLeod", "Angus Beaton & Ann Rankin"]
        + [f"Player {i}a & Player {i}b" for i in range(2)],
        name="Friday 45s",
    )
    hidden = finished_night(club, organizer, day=13, name="Private night")
    upcoming = make_drive(club, organizer, name="Christmas 45s", date=dt.date(2099, 12, 18))
    series = make_series(club, organizer, name="Fall 45s 2026")
    for d in (night, hidden):
        seasons.night_add(series=series, drive=d, actor=organizer, now=NOW)
    for thing in (night, upcoming, series):
        show(thing, organizer)
    return night, hidden, upcoming, series


def mary(club) -> Player:
    return Player.objects.get(club=club, name="Mary MacNeil")


# --- The club's page ---------------------------------------------------------------------


def test_the_club_page_lists_what_it_shows(client, shown):
    night, hidden, upcoming, series = shown
    r = client.get(club_url())
    assert r.status_code == 200
    html = r.content.decode()
    assert "Christmas 45s" in html and "Friday 18 December 2099" in html
    assert night_url(night) in html and "Friday 45s" in html
    assert series_url(series) in html
    assert "Private night" not in html and night_url(hidden) not in html


def test_a_running_night_is_listed_without_its_results(client, club, organizer, shown):
    from tests.builders import started_drive

    running = started_drive(club, organizer, name="Tonight 45s")
    show(running, organizer)
    html = client.get(club_url()).content.decode()
    assert "Tonight 45s" in html and "once the night is over" in html
    assert night_url(running) not in html
    assert client.get(night_url(running)).status_code == 404


def test_a_past_drive_never_played_is_not_listed(client, club, organizer, shown):
    stale = make_drive(club, organizer, name="Snowed out", date=dt.date(2020, 1, 10))
    show(stale, organizer)
    assert "Snowed out" not in client.get(club_url()).content.decode()


# --- What is not shown is not there --------------------------------------------------------


def test_an_unknown_address_or_a_page_turned_off_is_a_plain_404(client, club, organizer, shown):
    night = shown[0]
    r = client.get(club_url("no-such-club"))
    assert r.status_code == 404
    assert "This page is not here" in r.content.decode()
    public_page(club, organizer, slug=SLUG, on=False, histories=True)
    for url in (club_url(), night_url(night), series_url(shown[3]), player_url(mary(club))):
        r = client.get(url)
        assert r.status_code == 404, url
        assert "Friday 45s" not in r.content.decode()


@pytest.mark.skipif(not SUSPENSION, reason="clubs cannot be suspended on this server")
def test_a_suspended_clubs_page_is_a_404(client, club, shown):
    assert client.get(club_url()).status_code == 200
    Club.objects.filter(pk=club.pk).update(suspended_at=NOW, suspended_reason="Dues unpaid")
    for url in (club_url(), night_url(shown[0]), series_url(shown[3]), player_url(mary(club))):
        r = client.get(url)
        assert r.status_code == 404, url
        assert "Dues unpaid" not in r.content.decode()


def test_a_night_series_or_league_not_shown_is_a_404(client, club, organizer, shown):
    night, hidden, upcoming, series = shown
    assert client.get(night_url(hidden)).status_code == 404
    assert client.get(night_url(upcoming)).status_code == 404  # nothing to show yet
    show(series, organizer, shown=False)
    assert client.get(series_url(series)).status_code == 404
    league = make_league(club, organizer)
    assert client.get(league_url(league)).status_code == 404


def test_another_clubs_things_under_this_address_are_a_404(client, club, organizer, shown):
    other = make_club("Legion Branch 12")
    boss = make_user(other, username="legion")
    public_page(other, boss, slug="legion-12", histories=True)
    their_night = finished_night(other, boss, day=21, name="Legion night")
    their_series = make_series(other, boss, name="Legion series")
    their_league = make_league(other, boss, name="Legion league")
    for thing in (their_night, their_series, their_league):
        show(thing, boss)
    their_player = Player.objects.filter(club=other).first()
    for url in (
        night_url(their_night),
        series_url(their_series),
        league_url(their_league),
        player_url(their_player),
    ):
        assert client.get(url).status_code == 404, url
    # ...and this club's under theirs.
    assert client.get(night_url(shown[0], slug="legion-12")).status_code == 404
    assert client.get(player_url(mary(club), slug="legion-12")).status_code == 404
    # Under their own address they are there.
    assert client.get(night_url(their_night, slug="legion-12")).status_code == 200


def test_a_player_history_needs_the_clubs_choice(client, club, organizer, shown):
    assert client.get(player_url(mary(club))).status_code == 200
    public_page(club, organizer, slug=SLUG, histories=False)
    assert client.get(player_url(mary(club))).status_code == 404
    html = client.get(night_url(shown[0])).content.decode()
    assert "Mary MacNeil" in html and "/players/" not in html  # no links to histories


def test_a_player_of_no_shown_night_has_no_page(client, club, organizer, shown):
    only_private = Player.objects.get(club=club, name="Player 13-0a")
    assert client.get(player_url(only_private)).status_code == 404


# --- A finished night's results ----------------------------------------------------------------


def test_the_results_show_places_games_won_and_prizes_and_nothing_private(client, club, shown):
    night = shown[0]
    who = mary(club)
    Player.objects.filter(pk=who.pk).update(
        phone="902-555-0142", email="mary@example.org", notes="Pays at the door"
    )
    r = client.get(night_url(night))
    assert r.status_code == 200
    html = r.content.decode()
    assert "Final, after 2 games." in html
    assert "Mary MacNeil" in html and "Flora MacLeod" in html
    assert player_url(who) in html
    assert "first prize" in html  # the prize words of the night's standings
    for private in ("902-555-0142", "mary@example.org", "Pays at the door", "/t/", "/c/"):
        assert private not in html, private
    for pair in night.pairs.all():
        assert pair.code not in html and pair.card_token not in html
    assert "Cash" not in html and "audit" not in html.lower()


def test_the_results_in_order_of_games_won(client, shown):
    night = shown[0]
    html = client.get(night_url(night)).content.decode()
    body = html.split("<tbody>")[1]
    won = [int(cell.split("</td>")[0]) for cell in body.split('<td class="num big">')[1:]]
    assert won == sorted(won, reverse=True) and len(won) == 4


# --- Series, league, a player's history --------------------------------------------------------


def test_the_series_standings(client, shown):
    series = shown[3]
    r = client.get(series_url(series))
    assert r.status_code == 200
    html = r.content.decode()
    assert "Fall 45s 2026" in html and "After 2 nights." in html
    assert "Mary MacNeil" in html and "Player 13-0a" in html  # every night of the series


def test_the_league_standings(client, club, organizer, shown):
    league = make_league(club, organizer)
    teams = four_teams(league, organizer, players=2)
    night = night_with_pairs(league, organizer, day=3, teams=teams, pairs=dict.fromkeys(teams, 1))
    play_by_strength(night.drive, organizer, [1, 2, 3, 4], games=2, finish=False)
    show(league, organizer)
    r = client.get(league_url(league))
    assert r.status_code == 200
    html = r.content.decode()
    assert "Merrimack Valley 45s" in html and "After 1 night." in html
    assert "Knights of Columbus" in html and "K of C Hall" in html
    assert "Knights Player 1" in html
    assert league_url(league) in client.get(club_url()).content.decode()


def test_a_players_history_of_the_shown_nights(client, club, organizer, shown):
    night = shown[0]
    r = client.get(player_url(mary(club)))
    assert r.status_code == 200
    html = r.content.decode()
    assert "Mary MacNeil" in html and "Flora MacLeod" in html  # her partner
    assert night_url(night) in html and "Private night" not in html
    won = int(re.search(r'<td class="num">(\d+)</td>', html.split("Flora MacLeod")[1]).group(1))
    assert f"1 night played. {won} game{'' if won == 1 else 's'} won." in html
    assert "of 4" in html  # her place among the night's 4 pairs


# --- GET only; no htmx partial -----------------------------------------------------------------


def test_the_pages_take_no_post(client, org_client, club, shown):
    night, _hidden, _upcoming, series = shown
    for url in (
        club_url(),
        night_url(night),
        series_url(series),
        player_url(mary(club)),
        league_url(make_league(club, make_user(club, username="sec"))),
    ):
        assert client.post(url).status_code == 405, url
        assert org_client.post(url).status_code == 405, url


def test_an_htmx_request_gets_the_same_whole_page(client, shown):
    plain = client.get(club_url()).content
    assert client.get(club_url(), **HTMX).content == plain


# --- Cacheable: the same answer for everyone ---------------------------------------------------


def test_the_pages_are_public_for_a_minute_and_read_no_cookie(client, org_client, club, shown):
    night, _hidden, _upcoming, series = shown
    for url in (club_url(), night_url(night), series_url(series), player_url(mary(club))):
        for c in (client, org_client):
            r = c.get(url)
            assert r["Cache-Control"] == "public, max-age=60", url
            assert "Cookie" not in r.get("Vary", ""), url
            assert not r.cookies, (url, list(r.cookies))
            assert "csrfmiddlewaretoken" not in r.content.decode()
            assert "<script" not in r.content.decode() and "style=" not in r.content.decode()
    # The logged-in organizer gets the very same page as anyone.
    assert org_client.get(night_url(night)).content == client.get(night_url(night)).content


def test_a_repeat_with_the_etag_is_a_304(client, shown):
    night = shown[0]
    first = client.get(night_url(night))
    etag = first["ETag"]
    again = client.get(night_url(night), HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and not again.content
    assert again["ETag"] == etag and again["Cache-Control"] == "public, max-age=60"
    # A page that changed has another ETag: the full page again.
    Drive.objects.filter(pk=night.pk).update(name="Friday 45s (corrected)")
    changed = client.get(night_url(night), HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_a_404_is_public_too_and_reads_no_cookie(client, shown):
    r = client.get(club_url("no-such-club"))
    assert r.status_code == 404 and r["Cache-Control"] == "public, max-age=60"
    assert not r.cookies and "Cookie" not in r.get("Vary", "")


# --- Both languages --------------------------------------------------------------------------


def test_the_club_language_unless_the_address_asks(client, club, shown):
    night = shown[0]
    r = client.get(night_url(night))
    assert r["Content-Language"] == "en" and '<html lang="en">' in r.content.decode()
    assert 'href="?lang=fr"' in r.content.decode()
    r = client.get(night_url(night) + "?lang=fr")
    html = r.content.decode()
    assert r["Content-Language"] == "fr" and '<html lang="fr">' in html
    assert "Rang" in html or "Place" in html
    assert "vendredi 20 novembre 2026" in html
    # Links keep the language the address asked for.
    assert f'href="{club_url()}?lang=fr"' in html
    club.language = "fr"
    club.save(update_fields=["language"])
    r = client.get(club_url())
    assert r["Content-Language"] == "fr" and "Résultats" in r.content.decode()
    assert client.get(club_url() + "?lang=en")["Content-Language"] == "en"
    assert client.get(club_url() + "?lang=de")["Content-Language"] == "fr"


def test_the_language_cookie_does_not_change_the_page(client, club, shown):
    client.cookies["django_language"] = "fr"
    r = client.get(club_url())
    assert r["Content-Language"] == "en" and "Coming up" in r.content.decode()


# --- A fixed number of statements ------------------------------------------------------------


def pages_of(club, organizer, series, league):
    night = Drive.objects.filter(club=club, name="Friday 45s").get()
    return {
        "club": club_url(),
        "night": night_url(night),
        "series": series_url(series),
        "league": league_url(league),
        "player": player_url(mary(club)),
    }


COUNTS = {"club": 4, "night": 11, "series": 6, "league": 9, "player": 5}


def counted(client, urls):
    out = {}
    for name, url in urls.items():
        with assert_statement_count(COUNTS[name], label=name):
            assert client.get(url).status_code == 200, name
        out[name] = COUNTS[name]
    return out


def test_each_page_costs_the_same_statements_whatever_the_nights_and_pairs(
    client, club, organizer, shown
):
    series = shown[3]
    league = make_league(club, organizer)
    teams = four_teams(league, organizer, players=2)
    night = night_with_pairs(league, organizer, day=3, teams=teams, pairs=dict.fromkeys(teams, 1))
    play_by_strength(night.drive, organizer, [1, 2, 3, 4], games=2, finish=False)
    show(league, organizer)
    urls = pages_of(club, organizer, series, league)
    small = counted(client, urls)
    # More nights of the series with more pairs, Mary playing in each, more league nights.
    for day in (21, 22, 23):
        more = finished_night(
            club,
            organizer,
            day=day,
            names=["Mary MacNeil & Flora MacLeod", *(f"P{day}-{i} & Q{day}-{i}" for i in range(9))],
        )
        seasons.night_add(series=series, drive=more, actor=organizer, now=NOW)
        show(more, organizer)
    again = night_with_pairs(league, organizer, day=10, teams=teams, pairs=dict.fromkeys(teams, 1))
    play_by_strength(again.drive, organizer, [4, 3, 2, 1], games=2, finish=False)
    assert counted(client, urls) == small
