"""A pair's own card on its phone (/c/<token>/): no login, the card token is the key.

It shows the pair's punch card live, its games won, its place so far and where it plays
now; it polls with what it shows and gets 204 while nothing changed; only its own token
opens it, and it shows nothing another pair could not see on the board.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from clubs.models import AuditEntry
from drives import queries, services
from drives.models import CARD_TOKEN_LENGTH, Pair, TableGame
from drives.views.pair_card import seen_key
from tests.builders import HTMX, NOW, add_pairs, make_drive, play_game, started_drive

pytestmark = pytest.mark.django_db


def card_url(pair: Pair) -> str:
    return reverse("card:page", args=[pair.card_token])


def seat_of(drive, pair: Pair, game: int | None = None) -> TableGame:
    return TableGame.objects.get(drive=drive, game=game or drive.current_game, seats__pair=pair)


def other_at(tg: TableGame, pair: Pair) -> Pair:
    return next(s.pair for s in tg.seats.select_related("pair") if s.pair_id != pair.pk)


def seen_of(page: str) -> str:
    m = re.search(r'hx-get="[^"]*\?seen=([0-9a-f]+)"', page)
    assert m, "the card does not poll"
    return m.group(1)


@pytest.fixture
def night(club, organizer):
    """Eight pairs, game 1 seated, no result in."""
    return started_drive(club, organizer, pairs=8, games=5)


def test_every_pair_gets_its_own_unguessable_token(club, organizer):
    drive = make_drive(club, organizer)
    add_pairs(drive, organizer, 6)
    tokens = list(drive.pairs.values_list("card_token", flat=True))
    assert len(set(tokens)) == 6
    assert all(re.fullmatch(rf"[A-Za-z0-9_-]{{{CARD_TOKEN_LENGTH}}}", t) for t in tokens)


def test_a_pair_follows_its_card_through_two_games(anon_client, night, organizer):
    pair = night.pairs.get(number=1)
    tg = seat_of(night, pair)
    other = other_at(tg, pair)
    page = anon_client.get(card_url(pair)).content.decode()
    assert "Pair 1" in page and pair.player1 in page
    deals = (
        "you deal"
        if tg.deal_first_id == pair.pk
        else f"pair {other.number} deals"
        if tg.deal_first_id
        else "cut for the deal"
    )
    assert f"Game 1: table {tg.table}, {deals}." in page
    assert f"Against pair {other.number}" in page
    assert "0 games won" in page

    # Game 1: the pair wins at its table; the card is punched, the place is first.
    services.result_record(
        drive=night, game=1, table=tg.table, winner_number=1, actor=organizer, now=NOW
    )
    page = anon_client.get(card_url(pair)).content.decode()
    assert f"Game 1: you won at table {tg.table}." in page
    assert "Your next table shows here when the next game starts." in page
    assert "1 game won · place 1 so far" in page
    assert 'class="hole punched" title="game 1 won"' in page

    # The rest of game 1 and the next game: winners move up a table and deal first.
    play_game(night, organizer)
    services.game_advance(drive=night, from_game=1, actor=organizer, now=NOW)
    night.refresh_from_db()
    tg2 = seat_of(night, pair)
    assert tg2.table != tg.table
    page = anon_client.get(card_url(pair)).content.decode()
    assert f"Game 2: table {tg2.table}, you deal." in page

    # Game 2: it loses; game 1 stays punched and game 2 is a hole not punched.
    other2 = other_at(tg2, pair)
    services.result_record(
        drive=night, game=2, table=tg2.table, winner_number=other2.number, actor=organizer, now=NOW
    )
    page = anon_client.get(card_url(pair)).content.decode()
    assert f"Game 2: you lost at table {tg2.table}." in page
    assert 'title="game 1 won"' in page and 'title="game 2 not won"' in page
    assert 'title="game 3 not played yet"' in page
    assert "1 game won" in page


def test_the_place_is_the_standings_place(anon_client, night, organizer):
    play_game(night, organizer)
    services.game_advance(drive=night, from_game=1, actor=organizer, now=NOW)
    play_game(night, organizer, pick=1)
    for row in queries.standings(night):
        own = queries.own_card(queries.pair_card_of(row.pair.card_token))
        assert own.place.place == row.rank
        assert own.won == row.won


def test_the_poll_is_204_until_something_changes(anon_client, night, organizer):
    pair = night.pairs.get(number=3)
    url = card_url(pair)
    seen = seen_of(anon_client.get(url).content.decode())
    assert anon_client.get(url, {"seen": seen}, **HTMX).status_code == 204
    # A result at another table changes the place so far: the card comes again.
    far = TableGame.objects.filter(drive=night, game=1).exclude(seats__pair=pair).first()
    services.result_record(
        drive=night,
        game=1,
        table=far.table,
        winner_number=far.seats.first().pair.number,
        actor=organizer,
        now=NOW,
    )
    r = anon_client.get(url, {"seen": seen}, **HTMX)
    assert r.status_code == 200
    body = r.content.decode()
    assert body.lstrip().startswith('<section id="own-card"')
    assert "<html" not in body
    assert seen_of(body) != seen
    assert anon_client.get(url, {"seen": seen_of(body)}, **HTMX).status_code == 204


def test_a_wrong_token_is_a_plain_404(anon_client, night):
    pair = night.pairs.get(number=1)
    wrong = pair.card_token[:-1] + ("A" if pair.card_token[-1] != "A" else "B")
    for token in (wrong, "short", "x" * 40, night.pairs.get(number=2).code):
        r = anon_client.get(reverse("card:page", args=[token]))
        assert r.status_code == 404
        page = r.content.decode()
        assert "This address opens no pair's card." in page
        assert "Pair 1" not in page and night.name not in page
    htmx = anon_client.get(reverse("card:page", args=[wrong]), **HTMX)
    assert htmx.status_code == 404
    assert "opens no pair's card" in htmx.content.decode()


def test_the_page_takes_no_post(anon_client, night):
    pair = night.pairs.get(number=1)
    assert anon_client.post(card_url(pair)).status_code == 405


def test_the_page_shows_no_pair_code_and_no_other_token(anon_client, club, organizer):
    drive = started_drive(club, organizer, pairs=8, games=5, confirm_by_code=True)
    play_game(drive, organizer)
    pair = drive.pairs.get(number=1)
    page = anon_client.get(card_url(pair)).content.decode()
    for other in drive.pairs.all():
        assert other.code not in page
        if other.pk != pair.pk:
            assert other.card_token not in page
    assert page.count(pair.card_token) >= 1  # only in its own poll and language form


def test_a_drive_not_started_says_it_starts_soon(anon_client, club, organizer):
    drive = make_drive(club, organizer)
    add_pairs(drive, organizer, 4)
    page = anon_client.get(card_url(drive.pairs.get(number=2))).content.decode()
    assert "The drive starts soon." in page
    assert "0 games won</p>" in page  # no place before any game counts
    assert "so far" not in page


def test_a_pair_that_left_shows_so(anon_client, night, organizer):
    play_game(night, organizer)
    services.game_advance(drive=night, from_game=1, actor=organizer, now=NOW)
    night.refresh_from_db()
    services.pair_leave(drive=night, from_game=2, number=4, actor=organizer, now=NOW)
    page = anon_client.get(card_url(night.pairs.get(number=4))).content.decode()
    assert "You left the drive after game 1." in page
    assert 'title="game 2 not played: the pair was not there"' not in page  # game 2 not played yet


def test_a_finished_drive_says_it_is_over(anon_client, night, organizer):
    play_game(night, organizer)
    services.drive_finish_early(drive=night, from_game=1, actor=organizer, now=NOW)
    night.refresh_from_db()
    page = anon_client.get(card_url(night.pairs.get(number=1))).content.decode()
    assert "The drive is over." in page


def test_the_seen_key_follows_the_language(night):
    from django.utils import translation

    card = queries.pair_card_of(night.pairs.get(number=1).card_token)
    with translation.override("fr"):
        french = seen_key(card)
    assert seen_key(card) != french


# --- A lost card: the organizer gives the pair a new link --------------------------------


def renew_url(pair: Pair) -> str:
    return reverse("drives:pair_card_renew", args=[pair.drive_id, pair.pk])


def edit_url(pair: Pair) -> str:
    return reverse("drives:pair_edit", args=[pair.drive_id, pair.pk])


def test_a_new_card_link_stops_the_old_one(org_client, anon_client, night):
    pair = night.pairs.get(number=5)
    old = card_url(pair)
    assert anon_client.get(old).status_code == 200
    r = org_client.post(renew_url(pair))
    assert r.status_code == 302 and r.url == edit_url(pair)
    pair.refresh_from_db()
    assert anon_client.get(old).status_code == 404
    assert anon_client.get(card_url(pair)).status_code == 200
    [entry] = AuditEntry.objects.filter(drive=night, action="pair_card_renew")
    assert entry.summary == "Pair 5 has a new card link: its old card no longer opens its page."
    assert pair.card_token not in str(entry.new) + str(entry.old) + entry.summary
    # Back on the pair's page: the message, and its new card to print.
    page = org_client.get(r.url).content.decode()
    assert "Pair 5 has a new card link" in page
    assert reverse("printing:pdf_punch_cards", args=[night.pk]) + "?pair=5" in page


def test_a_new_card_link_by_htmx_goes_back_to_the_pairs_own_page(org_client, night):
    pair = night.pairs.get(number=2)
    r = org_client.post(renew_url(pair), **HTMX)
    assert r.status_code == 200
    assert r["HX-Redirect"] == edit_url(pair)
    assert AuditEntry.objects.filter(action="pair_card_renew").count() == 1


def test_a_new_card_link_takes_no_get(org_client, night):
    assert org_client.get(renew_url(night.pairs.get(number=1))).status_code == 405


def test_a_new_card_link_is_the_organizers(scorer_client, other_club_client, client, night):
    pair = night.pairs.get(number=1)
    token = pair.card_token
    assert scorer_client.post(renew_url(pair)).status_code == 403
    assert other_club_client.post(renew_url(pair)).status_code == 404
    assert other_club_client.post(renew_url(pair), **HTMX).status_code == 404
    client.logout()
    r = client.post(renew_url(pair))
    assert r.status_code == 302 and r.url.startswith(reverse("login"))
    pair.refresh_from_db()
    assert pair.card_token == token
    assert not AuditEntry.objects.filter(action="pair_card_renew").exists()


def test_the_pairs_own_page_offers_a_new_card_link(org_client, night):
    pair = night.pairs.get(number=3)
    page = org_client.get(edit_url(pair)).content.decode()
    assert f'action="{renew_url(pair)}"' in page
    assert "Give pair 3 a new card link?" in page  # asked before it is done
