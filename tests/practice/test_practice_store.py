"""Where a practice game lives (practice/store.py): its own signed cookie, no session row.

Round trip through the cookie, its attributes, a changed, foreign or stale cookie
refused in plain words, the rare game too long for a cookie kept in a capped row,
and the longest full game to 120 the computer players made, measured."""

from __future__ import annotations

import time
from dataclasses import replace
from datetime import timedelta
from html import unescape

import pytest
from django.conf import settings as site
from django.core import signing
from django.core.management import call_command
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from practice import computer, services, store
from practice.codes import Deal, card_code, move_code
from practice.models import KeptGame
from practice.store import COOKIE, GameStore
from scoring.play import PlayOptions, new_game
from tests.builders import HTMX
from tests.builders.practice import at_of, kept, played_in

pytestmark = pytest.mark.django_db

SEED = 20261130  # you follow to the first trick
UNREADABLE = "That practice game could not be read: start a new one."
# The longest of 300 full games of Auction to 120 that Rosie played in all four seats
# (seeds 13 + 7919 k, k < 300): 25 hands, 725 moves.
LONGEST_AUCTION = 228 * 7919 + 13


def code(seed=SEED, game="traditional", players=3, **options) -> str:
    return Deal(game, players, PlayOptions(**options), seed).code


def start(client, deal_code=None, level="ned"):
    r = client.post(reverse("practice:start"), {"deal": deal_code or code(), "level": level})
    assert r.status_code == 302
    return r


def play_first_card(client):
    played = played_in(client)
    move = played.state.legal_moves()[0]
    data = {"move": f"p:{card_code(move.card)}", "at": at_of(client)}
    return client.post(reverse("practice:move"), data)


def text(response) -> str:
    return response.content.decode()


def cookie_value(client) -> str:
    return client.cookies[COOKIE].value


def refused_in_words(response, status=400):
    assert response.status_code == status
    assert UNREADABLE in text(response)


def deleted(response) -> bool:
    morsel = response.cookies.get(COOKIE)
    return morsel is not None and morsel.value == "" and morsel["max-age"] == 0


# ---- the round trip ---------------------------------------------------------------


def test_a_game_goes_through_its_cookie_and_back_whole():
    game = services.Game(Deal("auction", 4, PlayOptions(joker=True), 77), "ned", ("pass",), 0)
    out = GameStore(None)
    out.write(game.to_data())
    response = out.respond(HttpResponse())
    back = GameStore(response.cookies[COOKIE].value)
    assert services.load(back) == game
    assert back.read() == game.to_data()


def test_starting_and_playing_keep_the_game_in_its_cookie_only(anon_client):
    r = start(anon_client)
    assert COOKIE in r.cookies and "sessionid" not in r.cookies
    first = played_in(anon_client)
    play_first_card(anon_client)
    after = played_in(anon_client)
    assert after.game.moves[: len(first.game.moves)] == first.game.moves
    assert len(after.game.moves) > len(first.game.moves)
    # Another browser given only that cookie sees the same table: the cookie is the game.
    other = Client()
    other.cookies[COOKIE] = cookie_value(anon_client)
    assert played_in(other).state == after.state
    body = text(other.get(reverse("practice:table")))
    assert "Take back my last move" in body


def test_the_cookie_is_httponly_lax_for_the_practice_table_only_and_lasts_a_session(
    anon_client, settings
):
    morsel = start(anon_client).cookies[COOKIE]
    assert morsel["httponly"] is True and morsel["samesite"] == "Lax"
    assert morsel["path"] == reverse("practice:table") == "/practice/"
    assert morsel["max-age"] == settings.SESSION_COOKIE_AGE == 12 * 3600
    assert not morsel["secure"]  # the hall's own network is plain http


def test_the_cookie_is_secure_when_the_session_cookie_is(anon_client, settings):
    settings.SESSION_COOKIE_SECURE = True
    assert start(anon_client).cookies[COOKIE]["secure"] is True


def test_the_cookie_is_signed_compressed_and_small(anon_client):
    start(anon_client)
    for _ in range(3):
        play_first_card(anon_client)
    value = cookie_value(anon_client)
    assert value.startswith(".")  # compressed
    game = signing.loads(value, salt=store.SALT)
    assert game == kept(anon_client)
    assert set(game) == {"deal", "level", "moves", "seen", "id", "turn"}
    assert len(value) < 400


def test_a_read_that_changes_nothing_sends_no_cookie(anon_client):
    start(anon_client)
    for response in (
        anon_client.get(reverse("practice:table")),
        anon_client.get(reverse("practice:hint"), **HTMX),
    ):
        assert response.status_code == 200
        assert COOKIE not in response.cookies
        assert "Cookie" in response["Vary"]


# ---- refused in plain words ---------------------------------------------------------


def changed(value: str) -> str:
    """The cookie with one letter of its signature changed."""
    return value[:-1] + ("A" if value[-1] != "A" else "B")


def foreign_cookies(good: str) -> dict[str, str]:
    game = signing.loads(good, salt=store.SALT)
    return {
        "one letter changed": changed(good),
        "signed by another site": signing.dumps(game, salt=store.SALT, key="not-this-site"),
        "another salt": signing.dumps(game, salt="another.purpose"),
        "not signed": "practice",
        "signed, not a game": signing.dumps([1, 2, 3], salt=store.SALT),
        "signed, a game in pieces": signing.dumps({"deal": "T3S-MBZK"}, salt=store.SALT),
        "signed, an unknown level": signing.dumps({**game, "level": "x"}, salt=store.SALT),
        "signed, a move the rules refuse": signing.dumps(
            {**game, "moves": ["b:5", "p:Joker"]}, salt=store.SALT
        ),
        "signed, a long game no longer kept": signing.dumps({"kept": "gone"}, salt=store.SALT),
    }


@pytest.fixture
def good_cookie():
    c = Client()
    start(c)
    play_first_card(c)
    return cookie_value(c)


@pytest.mark.parametrize(
    "name",
    [
        "one letter changed",
        "signed by another site",
        "another salt",
        "not signed",
        "signed, not a game",
        "signed, a game in pieces",
        "signed, an unknown level",
        "signed, a move the rules refuse",
        "signed, a long game no longer kept",
    ],
)
def test_a_cookie_that_does_not_read_is_refused_in_plain_words_and_forgotten(
    anon_client, good_cookie, name
):
    anon_client.cookies[COOKIE] = foreign_cookies(good_cookie)[name]
    r = anon_client.get(reverse("practice:table"))
    refused_in_words(r)
    assert "Practice Forty-Fives" in text(r)  # the start screen, to start a new one
    assert deleted(r)
    # Forgotten: the next reload is the start screen, with nothing to refuse.
    again = anon_client.get(reverse("practice:table"))
    assert again.status_code == 200 and UNREADABLE not in text(again)


@pytest.mark.parametrize(
    ("method", "name", "extra"),
    [
        ("post", "move", {"move": "p:10h", "at": "3"}),
        ("post", "undo", {}),
        ("post", "next", {}),
        ("post", "again", {}),
        ("get", "hint", {}),
        ("get", "coaching", {"hand": "1"}),
    ],
)
@pytest.mark.parametrize("htmx", [False, True])
def test_every_screen_refuses_a_changed_cookie_in_words_never_a_server_error(
    anon_client, good_cookie, method, name, extra, htmx
):
    anon_client.cookies[COOKIE] = changed(good_cookie)
    r = getattr(anon_client, method)(reverse(f"practice:{name}"), extra, **(HTMX if htmx else {}))
    refused_in_words(r)
    assert deleted(r)
    if htmx:
        assert r["HX-Retarget"] == "#flash"


def test_a_stale_cookie_is_refused(anon_client, monkeypatch, settings):
    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() - settings.SESSION_COOKIE_AGE - 60)
    start(anon_client)  # signed 12 hours and a minute ago
    monkeypatch.setattr(time, "time", real)
    refused_in_words(anon_client.get(reverse("practice:table")))


def test_a_cookie_within_its_time_is_read(anon_client, monkeypatch, settings):
    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() - settings.SESSION_COOKIE_AGE + 60)
    start(anon_client)
    monkeypatch.setattr(time, "time", real)
    assert 'name="at"' in text(anon_client.get(reverse("practice:table")))


def test_a_new_game_replaces_a_cookie_that_does_not_read(anon_client, good_cookie):
    anon_client.cookies[COOKIE] = changed(good_cookie)
    start(anon_client)
    fresh = Client()
    start(fresh)
    mine, theirs = played_in(anon_client).game, played_in(fresh).game
    assert mine.id != theirs.id  # each game its own
    assert replace(mine, id="") == replace(theirs, id="")
    assert anon_client.get(reverse("practice:table")).status_code == 200


def test_the_refusal_is_said_in_the_screens_language(anon_client, good_cookie):
    anon_client.cookies[site.LANGUAGE_COOKIE_NAME] = "fr"
    anon_client.cookies[COOKIE] = changed(good_cookie)
    r = anon_client.get(reverse("practice:table"))
    assert r.status_code == 400
    body = unescape(text(r))
    assert "Cette partie d'entraînement n'a pas pu être lue : commencez-en une nouvelle." in body


# ---- undo and reload through the cookie -----------------------------------------------


def test_undo_and_reload_work_from_the_cookie_alone(anon_client):
    start(anon_client)
    before = kept(anon_client)
    play_first_card(anon_client)
    assert kept(anon_client)["moves"] != before["moves"]
    reload = Client()
    reload.cookies[COOKIE] = cookie_value(anon_client)
    assert reload.post(reverse("practice:undo")).status_code == 302
    assert kept(reload) == before | {"turn": before["turn"] + 2}  # played, then taken back
    page = text(reload.get(reverse("practice:table")))
    assert "Take back my last move" not in page and 'name="at"' in page


# ---- a game too long for its cookie ------------------------------------------------


@pytest.fixture
def short_cookies(monkeypatch):
    """Cookies of at most 120 characters: every game is a long one."""
    monkeypatch.setattr(store, "MAX_COOKIE", 120)


def test_a_game_too_long_for_its_cookie_is_kept_in_a_row_and_plays_on(anon_client, short_cookies):
    start(anon_client)
    assert KeptGame.objects.count() == 1
    value = cookie_value(anon_client)
    assert len(value) < 120 and "kept" in signing.loads(value, salt=store.SALT)
    row = KeptGame.objects.get()
    assert row.address == "127.0.0.1" and row.game == kept(anon_client)
    play_first_card(anon_client)
    assert cookie_value(anon_client) == value  # the same row, played on
    assert KeptGame.objects.get().game["moves"] == kept(anon_client)["moves"]
    assert len(kept(anon_client)["moves"]) > len(row.game["moves"])
    assert anon_client.post(reverse("practice:undo")).status_code == 302
    assert KeptGame.objects.get().game == row.game | {"turn": row.game["turn"] + 2}
    body = text(anon_client.get(reverse("practice:table")))
    assert 'name="at"' in body


def test_a_long_game_that_fits_again_goes_back_to_its_cookie(anon_client, monkeypatch):
    monkeypatch.setattr(store, "MAX_COOKIE", 120)
    start(anon_client)
    assert KeptGame.objects.count() == 1
    monkeypatch.setattr(store, "MAX_COOKIE", 3_800)
    assert anon_client.post(reverse("practice:again"), {"sure": "1"}).status_code == 302
    assert KeptGame.objects.count() == 0
    assert "kept" not in signing.loads(cookie_value(anon_client), salt=store.SALT)
    assert played_in(anon_client).game.moves


def test_an_address_keeps_at_most_four_long_games_the_oldest_gives_way(short_cookies):
    phones = [Client() for _ in range(store.KEPT_PER_ADDRESS + 1)]
    for phone in phones:
        start(phone)
    elsewhere = Client(REMOTE_ADDR="10.0.0.7")
    start(elsewhere)
    assert KeptGame.objects.filter(address="127.0.0.1").count() == store.KEPT_PER_ADDRESS
    assert KeptGame.objects.filter(address="10.0.0.7").count() == 1
    refused_in_words(phones[0].get(reverse("practice:table")))
    for phone in phones[1:] + [elsewhere]:
        assert phone.get(reverse("practice:table")).status_code == 200


def test_behind_the_front_each_phone_is_counted_by_the_address_the_front_saw(
    short_cookies, settings
):
    settings.BEHIND_PROXY = True
    phones = [Client(HTTP_X_FORWARDED_FOR="192.168.1.20") for _ in range(store.KEPT_PER_ADDRESS)]
    for phone in phones:
        start(phone)
    start(Client(HTTP_X_FORWARDED_FOR="192.168.1.21"))
    kept = KeptGame.objects.values_list("address", flat=True)
    assert sorted(kept) == ["192.168.1.20"] * store.KEPT_PER_ADDRESS + ["192.168.1.21"]
    for phone in phones:
        assert phone.get(reverse("practice:table")).status_code == 200


def test_a_browser_with_no_address_keeps_its_long_game_under_none(short_cookies):
    for text in ("", "unix:/run/gunicorn.sock"):
        out = GameStore(None, address=text)
        out.write({"deal": "T3S-MBZK", "level": "ned", "moves": ["n"] * 40, "seen": 0})
    assert list(KeptGame.objects.values_list("address", flat=True)) == [None, None]


def test_a_refused_long_game_is_forgotten_with_its_row(anon_client, short_cookies):
    start(anon_client)
    row = KeptGame.objects.get()
    KeptGame.objects.filter(pk=row.pk).update(game={"deal": "nonsense"})
    refused_in_words(anon_client.post(reverse("practice:undo")))
    assert KeptGame.objects.count() == 0


def test_long_games_not_played_for_a_session_are_forgotten(short_cookies, settings):
    old, fresh = Client(), Client(REMOTE_ADDR="10.0.0.8")
    start(old)
    start(fresh)
    age = timedelta(seconds=settings.SESSION_COOKIE_AGE)
    KeptGame.objects.filter(address="127.0.0.1").update(
        touched=timezone.now() - age - timedelta(minutes=1)
    )
    call_command("forget_practice_games", verbosity=0)
    assert list(KeptGame.objects.values_list("address", flat=True)) == ["10.0.0.8"]
    refused_in_words(old.get(reverse("practice:table")))
    # A new long game forgets the stale ones too, whoever they were.
    KeptGame.objects.update(touched=timezone.now() - age - timedelta(minutes=1))
    start(Client(REMOTE_ADDR="10.0.0.9"))
    assert list(KeptGame.objects.values_list("address", flat=True)) == ["10.0.0.9"]


def test_make_run_forgets_expired_sessions_and_stale_long_games_at_start():
    from pathlib import Path

    recipe = Path("Makefile").read_text().split("\nrun: install\n")[1].split("\n\n")[0]
    steps = [line.strip() for line in recipe.splitlines()]
    assert steps.index("$(BIN)/python manage.py clearsessions") < len(steps) - 1
    assert "$(BIN)/python manage.py forget_practice_games -v0" in steps
    assert steps[-1].startswith("PORT=$(PORT) $(BIN)/python -m config.serve")


# ---- the longest game measured ----------------------------------------------------


@pytest.fixture(scope="module")
def longest_game() -> services.Game:
    """The longest full game to 120 known, played to its end by computer players in every
    seat (your seat too), as the table would keep it."""
    deal = Deal("auction", 4, PlayOptions(), LONGEST_AUCTION)
    state = new_game(deal.setup(), deal.seed)
    while not state.over:
        seed = services.computer_seed(state)
        state = state.apply(computer.choose_move(state, state.to_act, "rosie", seed))
    moves = tuple(move_code(m) for m in state.moves)
    return services.Game(deal, "rosie", moves, len(state.summaries))


def cookie_of(game: services.Game) -> str:
    out = GameStore(None)
    out.write(game.to_data())
    return out.respond(HttpResponse()).cookies[COOKIE].value


def test_the_longest_full_game_to_120_fits_its_cookie_with_room_to_spare(longest_game):
    value = cookie_of(longest_game)
    back = services.current(GameStore(value))
    assert back.state.over and max(back.state.scores) >= 120
    assert back.game == longest_game
    assert len(back.state.summaries) >= 20  # a long game: most are 10 to 15 hands
    # Measured: 725 moves in 25 hands, 2,134 characters, where a cookie may hold 3,800; a
    # game would need about 1,250 moves (over 40 hands of Auction) to be kept in a row.
    assert len(value) < 0.6 * store.MAX_COOKIE
    assert KeptGame.objects.count() == 0


def test_the_longest_full_game_through_a_row_comes_back_the_same(longest_game, monkeypatch):
    monkeypatch.setattr(store, "MAX_COOKIE", 1_000)
    value = cookie_of(longest_game)
    assert len(value) < 120 and KeptGame.objects.count() == 1
    back = services.current(GameStore(value))
    assert back.state.over and back.game == longest_game
