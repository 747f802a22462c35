"""Standings, a pair's card and the audit trail (drives/views.py)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from drives import services
from drives.models import TableGame
from tests.builders import HTMX, NOW, make_drive, play_game, row_counts, started_drive

pytestmark = pytest.mark.django_db


def goes_to_login(response) -> bool:
    return response.status_code == 302 and response.url.startswith(reverse("login"))


@pytest.fixture
def night(club, organizer):
    """6 pairs, 3 games, game 1 played (first-seated pair wins), game 2 seated."""
    drive = started_drive(club, organizer, pairs=6, games=3, seed=11)
    play_game(drive, organizer, pick=0)
    services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW)
    drive.refresh_from_db()
    return drive


def game_one(drive):
    """[(table, winner number, loser number)] of game 1."""
    out = []
    for tg in TableGame.objects.filter(drive=drive, game=1).prefetch_related("seats__pair"):
        numbers = {s.pair.number for s in tg.seats.all()}
        won = tg.winner.number
        out.append((tg.table, won, (numbers - {won}).pop()))
    return sorted(out)


def standings_rows(html):
    """(place, pair number, won) for each row of the standings table."""
    body = html.split("<tbody>", 1)[1]
    return [
        (int(place), int(pair), int(won))
        for place, pair, won in re.findall(
            r'<td class="num">(\d+)</td>\s*<td class="num"><a[^>]*>(\d+)</a></td>'
            r'\s*<td class="names">.*?</td>\s*<td class="num big">(\d+)</td>',
            body,
            re.S,
        )
    ]


PAGES = {
    "standings": ("board:drive_standings", lambda d: [d.pk]),
    "pair_card": ("drives:pair_card", lambda d: [d.pk, 1]),
    "audit": ("drives:audit", lambda d: [d.pk]),
}


def url(page, drive):
    name, args = PAGES[page]
    return reverse(name, args=args(drive))


@pytest.mark.parametrize("page", PAGES)
def test_a_stranger_is_sent_to_log_in(anon_client, night, page):
    assert goes_to_login(anon_client.get(url(page, night)))


@pytest.mark.parametrize("page", PAGES)
def test_another_club_gets_not_found(other_club_client, night, page):
    assert other_club_client.get(url(page, night)).status_code == 404
    assert other_club_client.get(url(page, night), **HTMX).status_code == 404


@pytest.mark.parametrize("page", PAGES)
def test_the_wrong_method_is_refused_and_writes_nothing(org_client, night, page):
    before = row_counts()
    assert org_client.post(url(page, night)).status_code == 405
    assert row_counts() == before


@pytest.mark.parametrize("page,status", [("standings", 200), ("pair_card", 200), ("audit", 403)])
def test_a_scorer_sees_standings_and_cards_but_not_the_audit(scorer_client, night, page, status):
    assert scorer_client.get(url(page, night)).status_code == status


@pytest.mark.parametrize("page", PAGES)
def test_under_htmx_each_page_is_only_its_content(org_client, night, page):
    full = org_client.get(url(page, night))
    partial = org_client.get(url(page, night), **HTMX)
    assert full.status_code == partial.status_code == 200
    assert "<html" in full.content.decode()
    assert "<html" not in partial.content.decode()
    assert 'class="tabs"' in partial.content.decode()


@pytest.mark.parametrize("page", ["standings", "audit"])
def test_a_drive_that_does_not_exist_is_not_found(org_client, night, page):
    name, _ = PAGES[page]
    assert org_client.get(reverse(name, args=[night.pk + 100])).status_code == 404


# --- Standings --------------------------------------------------------------


def test_standings_put_game_one_winners_first_sharing_first_place(org_client, night):
    r = org_client.get(reverse("board:drive_standings", args=[night.pk]))
    assert r.status_code == 200
    page = r.content.decode()
    assert "During game 2." in page
    rows = standings_rows(page)
    winners = sorted(w for _, w, _ in game_one(night))
    losers = sorted(lo for _, _, lo in game_one(night))
    assert rows == [(1, n, 1) for n in winners] + [(4, n, 0) for n in losers]


def test_standings_show_a_punched_hole_for_each_game_won(org_client, night):
    page = org_client.get(reverse("board:drive_standings", args=[night.pk])).content.decode()
    assert page.count('title="game 1 won"') == 3
    assert page.count('title="game 1 not won"') == 3
    assert page.count('title="game 3 not played yet"') == 6


def test_standings_count_a_sit_out_as_a_win_only_when_the_drive_says_so(
    org_client, club, organizer
):
    for sitout_wins, won in ((True, 1), (False, 0)):
        drive = started_drive(club, organizer, pairs=3, games=2, sitout_wins=sitout_wins)
        (sitter,) = [
            s.pair.number
            for s in TableGame.objects.get(drive=drive, game=1, table=2).seats.select_related(
                "pair"
            )
        ]
        rows = standings_rows(
            org_client.get(reverse("board:drive_standings", args=[drive.pk])).content.decode()
        )
        assert (sitter, won) in [(n, w) for _, n, w in rows]


def test_standings_before_the_start_list_every_pair_at_nil(org_client, club, organizer):
    drive = make_drive(club, organizer)
    services.pairs_bulk_add(drive=drive, actor=organizer, now=NOW, text="A & B\nC & D")
    page = org_client.get(reverse("board:drive_standings", args=[drive.pk])).content.decode()
    assert "The drive has not started." in page
    assert standings_rows(page) == [(1, 1, 0), (1, 2, 0)]


def test_standings_show_accents_and_emoji_as_typed(org_client, club, organizer):
    drive = make_drive(club, organizer)
    text = "Seán Ó Súilleabháin & Réjean Thériault\n🃏 Joker Jim & Queen 👑 Bea"
    services.pairs_bulk_add(drive=drive, actor=organizer, now=NOW, text=text)
    services.drive_start(drive=drive, actor=organizer, now=NOW, seed=1)
    page = org_client.get(reverse("board:drive_standings", args=[drive.pk])).content.decode()
    assert "Seán Ó Súilleabháin &amp; Réjean Thériault" in page
    assert "🃏 Joker Jim &amp; Queen 👑 Bea" in page


def test_standings_escape_markup_in_names(org_client, club, organizer):
    drive = make_drive(club, organizer)
    services.pairs_bulk_add(drive=drive, actor=organizer, now=NOW, text="<b>Big Dan & Mary O'Neil")
    page = org_client.get(reverse("board:drive_standings", args=[drive.pk])).content.decode()
    assert "<b>Big" not in page
    assert "&lt;b&gt;Big Dan &amp; Mary O&#x27;Neil" in page


def test_final_standings_say_so(org_client, club, organizer):
    drive = started_drive(club, organizer, pairs=4, games=1)
    play_game(drive, organizer)
    services.drive_finish(drive=drive, from_game=1, actor=organizer, now=NOW)
    page = org_client.get(reverse("board:drive_standings", args=[drive.pk])).content.decode()
    assert "Final, after 1 game." in page


# --- A pair's card ----------------------------------------------------------


def test_pair_card_shows_each_game_the_opponent_and_the_result(org_client, night):
    table, won, lost = game_one(night)[0]
    r = org_client.get(reverse("drives:pair_card", args=[night.pk, won]))
    assert r.status_code == 200
    page = r.content.decode()
    assert f"<h1>Pair {won}: Player {won}a &amp; Player {won}b</h1>" in page
    assert "1 game won" in page
    assert f"Pair {lost} · Player {lost}a &amp; Player {lost}b" in page
    assert "✓ Won" in page
    # Game 2 is being played: the winner moved on and deals first there.
    assert "Playing" in page
    assert ">Yes<" in page


def test_pair_card_of_a_loser_shows_the_loss(org_client, night):
    _, won, lost = game_one(night)[0]
    page = org_client.get(reverse("drives:pair_card", args=[night.pk, lost])).content.decode()
    assert "0 games won" in page
    assert "Lost" in page
    assert f"Pair {won} · " in page


@pytest.mark.parametrize("number", [7, 0, 40000])
def test_pair_card_of_an_unknown_pair_is_not_found(org_client, night, number):
    assert org_client.get(reverse("drives:pair_card", args=[night.pk, number])).status_code == 404


def test_pair_card_shows_accents_and_emoji(org_client, club, organizer):
    drive = make_drive(club, organizer)
    services.pairs_bulk_add(
        drive=drive, actor=organizer, now=NOW, text="Seán Ó Súilleabháin & 🃏 Zoë\nA & B"
    )
    page = org_client.get(reverse("drives:pair_card", args=[drive.pk, 1])).content.decode()
    assert "Seán Ó Súilleabháin &amp; 🃏 Zoë" in page


# --- Audit ------------------------------------------------------------------


def test_audit_lists_every_change_newest_first(org_client, night, organizer):
    page = org_client.get(reverse("drives:audit", args=[night.pk])).content.decode()
    summaries = re.findall(r'<td class="what">((?:Drive|Game|6 pairs)[^<\n]*)', page)
    # Three winners moved on, three losers stayed.
    assert summaries[0] == "Game 2 seated: 3 pairs moved"
    assert summaries[-1] == "Drive created"
    assert len(summaries) == 1 + 3 + 1 + 1 + 1  # advance, 3 results, start, paste, create
    assert organizer.username in page


def test_audit_of_a_new_drive_says_so_once_created(org_client, club, organizer):
    drive = make_drive(club, organizer)
    page = org_client.get(reverse("drives:audit", args=[drive.pk])).content.decode()
    assert "Drive created" in page


def test_the_audit_trail_reads_in_plain_words(org_client, club, organizer):
    d = started_drive(club, organizer, pairs=4)
    play_game(d, organizer)
    html = org_client.get(reverse("drives:audit", args=[d.pk])).content.decode()
    assert "winner None" not in html and "{&#x27;" not in html and "{'" not in html
    assert re.search(
        r"winner —, status pending</span> → game 1, table \d+, winner \d+, status confirmed", html
    )
