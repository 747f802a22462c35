"""The practice table's fixes (issue 26): a stale screen comes back as the table as it
is now, a move carries the state it was made on, the Auction dealer's draw accepts only
what the screen offers, the deal code shows once the hand is over, playing the same
deal again asks first, and the words for the dealer's forced take and the game's end."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from practice import screen, services
from practice.codes import Deal, card_code, move_code
from practice.store import COOKIE
from scoring.games.cards import deck
from scoring.play import Discard, Phase, PlayOptions
from tests.builders import HTMX
from tests.builders.practice import at_of, kept, played_in

pytestmark = pytest.mark.django_db

SEED = 20261130  # you follow to the first trick (3♣ led, 7♣ played)
CHOICE = 20261132  # you follow to the first trick with three hearts to choose from
STALE = "That screen was out of date. Here is the table as it is now."


def code(seed=SEED, game="traditional", players=3, **options) -> str:
    return Deal(game, players, PlayOptions(**options), seed).code


def text(response) -> str:
    return unescape(response.content.decode())


def start(client, deal_code=None, level="ned"):
    r = client.post(reverse("practice:start"), {"deal": deal_code or code(), "level": level})
    assert r.status_code == 302
    return played_in(client)


def screen_at(client) -> str:
    """The state the table on screen was drawn from, as its forms send it."""
    body = text(client.get(reverse("practice:table")))
    return re.search(r'name="at" value="([^"]*)"', body).group(1)


def post_move(client, move, at, **extra):
    return client.post(reverse("practice:move"), {"move": move_code(move), "at": at}, **extra)


# ---- a stale screen comes back as the table as it is now -----------------------------


def test_a_stale_screen_answers_htmx_with_the_table_as_it_is_now_in_the_content():
    client = Client()
    played = start(client)
    old = screen_at(client)
    first, *_rest = played.state.legal_moves()
    assert post_move(client, first, old).status_code == 302
    now = played_in(client)
    r = post_move(client, now.state.legal_moves()[0], old, **HTMX)
    assert r.status_code == 409
    assert r["HX-Retarget"] == "#content" and r["HX-Reswap"] == "outerHTML"
    body = text(r)
    assert '<div id="content" class="practice"' in body and STALE in body
    assert f'name="at" value="{at_of(client)}"' in body  # the next tap is on the table as it is
    assert kept(client)["moves"] == list(now.game.moves)


def test_a_stale_screen_without_javascript_is_the_table_with_the_message():
    client = Client()
    played = start(client)
    old = screen_at(client)
    post_move(client, played.state.legal_moves()[0], old)
    r = post_move(client, played_in(client).state.legal_moves()[0], old)
    assert r.status_code == 409 and STALE in text(r) and 'id="content"' in text(r)


# ---- a move carries the state it was made on ------------------------------------------


def test_two_cards_posted_from_the_same_screen_at_the_same_moment_play_only_the_first():
    """Two taps (two tabs, a double tap) sent with the same game cookie: the first is
    played, the second is refused as stale with the table the first left."""
    client = Client()
    played = start(client, code(CHOICE))
    one, two = played.state.legal_moves()[:2]
    at = screen_at(client)
    cookie = client.cookies[COOKIE].value
    assert post_move(client, one, at).status_code == 302
    after_first = kept(client)["moves"]
    twin = Client()
    twin.cookies[COOKIE] = cookie  # the same moment: the cookie the first was sent with
    r = post_move(twin, two, at)
    assert r.status_code == 409 and STALE in text(r)
    assert kept(twin)["moves"] == after_first  # the table the first move left
    assert after_first[len(played.game.moves)] == move_code(one)


def test_a_move_made_on_another_state_with_as_many_moves_is_stale():
    """A screen drawn before an undo and another card: as many moves, another state."""
    for seed in range(SEED, SEED + 60):
        client = Client()
        played = start(client, code(seed))
        if played.state.phase is not Phase.PLAY or len(played.state.legal_moves()) < 2:
            continue
        one, two = played.state.legal_moves()[:2]
        post_move(client, one, screen_at(client))
        tab_a = screen_at(client)  # the screen one tab keeps
        count = len(kept(client)["moves"])
        client.post(reverse("practice:undo"))
        post_move(client, two, screen_at(client))
        now = played_in(client)
        if len(now.game.moves) != count or now.state.to_act != services.HUMAN:
            continue
        if now.state.phase is not Phase.PLAY:
            continue
        before = list(now.game.moves)
        r = post_move(client, now.state.legal_moves()[0], tab_a)
        assert r.status_code == 409 and STALE in text(r)
        assert kept(client)["moves"] == before
        return
    pytest.fail("no seed with an undo and another card of as many moves")


def test_the_state_a_screen_was_drawn_from_changes_with_every_change():
    client = Client()
    played = start(client)
    marks = [at_of(client)]
    post_move(client, played.state.legal_moves()[0], marks[-1])
    marks.append(at_of(client))
    client.post(reverse("practice:undo"))
    marks.append(at_of(client))
    assert len(set(marks)) == 3
    assert f'data-at="{marks[-1]}"' in text(client.get(reverse("practice:table")))


# ---- the Auction dealer's draw: only what the screen offers ----------------------------


def to_your_draw_as_dealer(client):
    start(client, code(game="auction", players=4))
    client.post(reverse("practice:move"), {"move": "pass", "at": at_of(client)})
    played = played_in(client)
    assert played.state.phase is Phase.DISCARD and played.state.to_act == played.state.dealer == 0
    return played


def test_the_dealer_cannot_take_cards_from_the_pack_by_a_hand_made_post(anon_client):
    played = to_your_draw_as_dealer(anon_client)
    state = played.state
    hand, stock = state.hands[0], state.stock
    elsewhere = next(c for c in deck() if c not in stock and c not in hand)
    answers = []
    for take in (stock[-1], elsewhere):  # a card in the pack, and one that is not
        move = Discard((hand[0],), (take,))
        r = anon_client.post(
            reverse("practice:move"), {"move": move_code(move), "at": at_of(anon_client)}
        )
        answers.append((r.status_code, text(r)))
        assert kept(anon_client)["moves"] == list(played.game.moves)
    (status, body), (status2, body2) = answers
    assert status == status2 == 400
    assert "That is not a move in this game." in body
    assert "not in the pack" not in body + body2
    assert str(elsewhere) not in body2 and str(stock[-1]) not in body
    # The draw the screen offers still works: tick a card, draw blind.
    form = {"move": "discard", "discard": [card_code(hand[0])], "at": at_of(anon_client)}
    assert anon_client.post(reverse("practice:move"), form).status_code == 302


# ---- the deal code: once the hand is over ---------------------------------------------


def test_the_deal_code_and_its_link_show_only_once_the_hand_is_over(anon_client):
    played = start(anon_client)
    deal_code = played.game.deal.code
    body = text(anon_client.get(reverse("practice:table")))
    assert deal_code not in body and "?deal=" not in body
    while not played.state.summaries:
        post_move(anon_client, played.state.legal_moves()[0], at_of(anon_client))
        played = played_in(anon_client)
        if not played.state.summaries:
            assert deal_code not in text(anon_client.get(reverse("practice:table")))
    body = text(anon_client.get(reverse("practice:table")))
    assert f"<strong>{deal_code}</strong>" in body and f"?deal={deal_code}" in body


# ---- playing the same deal again asks first -------------------------------------------


def test_playing_the_same_deal_again_mid_game_asks_first_and_changes_nothing(anon_client):
    played = start(anon_client)
    post_move(anon_client, played.state.legal_moves()[0], at_of(anon_client))
    before = kept(anon_client)
    r = anon_client.post(reverse("practice:again"))
    assert r.status_code == 200
    body = text(r)
    assert "Play this deal again from its first card?" in body
    assert 'name="sure" value="1"' in body and "No, back to the game" in body
    assert kept(anon_client) == before
    r = anon_client.post(reverse("practice:again"), **HTMX)
    assert r.status_code == 200 and "Play this deal again from its first card?" in text(r)
    assert kept(anon_client) == before
    r = anon_client.post(reverse("practice:again"), {"sure": "1"})
    assert r.status_code == 302
    assert played_in(anon_client).state.hands[0] == played.state.hands[0]
    assert kept(anon_client)["moves"] == list(played.game.moves)


# ---- words -----------------------------------------------------------------------------


def test_the_dealers_forced_take_of_an_ace_is_not_called_robbing(anon_client):
    played = start(anon_client, code(seed=20261129))  # you deal, and turn up the A♥
    state = played.state
    body = text(anon_client.get(reverse("practice:table")))
    assert "Rob:" not in body
    assert f"Take the {state.turn_up} turned up and discard a card" in body
    form = {"move": f"r:{card_code(state.hands[0][0])}", "at": at_of(anon_client)}
    anon_client.post(reverse("practice:move"), form)
    since = screen.table(played_in(anon_client))["since"]
    assert since[0] == "You took the turned-up ace, as the dealer must"
    assert not any("robbed" in line for line in since)


@pytest.mark.parametrize(
    ("auction", "scores", "words"),
    [
        (False, (50, 30, 20), "The first side to reach 45 wins."),
        (
            False,
            (50, 55, 20),
            "More than one side passed 45 in the last hand: the one with more points wins.",
        ),
        (True, (125, 60), "The first side to reach 120 wins."),
        (
            True,
            (120, 130),
            "Both sides reached 120 in the last hand: the side that won the bid goes out and wins.",
        ),
    ],
)
def test_the_game_over_screen_says_why_that_side_won(auction, scores, words):
    target = 120 if auction else 45
    assert screen.why_won(target, scores, auction=auction) == words


# ---- hearts on hearts -----------------------------------------------------------------


def test_the_start_screen_offers_hearts_on_hearts_in_plain_words_and_the_code_carries_it(
    anon_client,
):
    body = text(anon_client.get(reverse("practice:new")))
    assert 'name="hearts_on_hearts"' in body
    assert "Hearts on hearts: when you lead the ace of hearts you may call it" in body
    form = {"game": "t3", "level": "ned", "ace_hearts_led": "1", "hearts_on_hearts": "1"}
    anon_client.post(reverse("practice:start"), form)
    game = played_in(anon_client).game
    assert game.deal.options.hearts_on_hearts and game.deal.code.startswith("T3SC-")
    offered = text(anon_client.get(reverse("practice:new"), {"deal": game.deal.code}))
    assert "Hearts on hearts: the leader of the ace of hearts may call it" in offered
    anon_client.post(reverse("practice:start"), {"game": "t3", "level": "ned"})
    assert not played_in(anon_client).game.deal.options.hearts_on_hearts


def your_lead_with_the_ace_of_hearts():
    """A game with hearts on hearts, played (first legal moves) to your lead holding the A♥."""
    from scoring.games.cards import ACE_OF_HEARTS
    from scoring.play import new_game

    for seed in range(1, 400):
        deal = Deal("traditional", 3, PlayOptions(hearts_on_hearts=True), seed)
        state = new_game(deal.setup(), seed)
        while state.hand_no == 0 and not state.over:
            if (
                state.to_act == services.HUMAN
                and state.phase is Phase.PLAY
                and not state.trick
                and ACE_OF_HEARTS in state.hands[0]
            ):
                moves = tuple(move_code(m) for m in state.moves)
                return services.Game(deal, "ned", moves, 0, "a1b2c3d4e5f60718", 1)
            state = state.apply(state.legal_moves()[0])
    raise AssertionError("no seed with your lead holding the A♥")


def test_leading_the_ace_of_hearts_you_may_call_it_and_the_trick_is_called(anon_client):
    from django.core import signing

    from practice import store

    game = your_lead_with_the_ace_of_hearts()
    anon_client.cookies[COOKIE] = signing.dumps(game.to_data(), salt=store.SALT, compress=True)
    body = text(anon_client.get(reverse("practice:table")))
    assert "Lead the A♥ and call hearts on hearts" in body and 'value="c:Ah"' in body
    r = anon_client.post(reverse("practice:move"), {"move": "c:Ah", "at": at_of(anon_client)})
    assert r.status_code == 302
    played = played_in(anon_client)
    assert played.game.moves[len(game.moves)] == "c:Ah"
    state = played.state
    led = [t for t in state.tricks if t.plays[0][0] == services.HUMAN and t.plays[0][1].rank == "A"]
    assert state.hand_no == 0 and led and led[0].called  # the trick was played as called
    since = screen.table(played)["since"]
    assert since[0] == "You led A♥ and called hearts on hearts"


def test_without_the_option_no_call_is_offered(anon_client):
    start(anon_client)
    body = text(anon_client.get(reverse("practice:table")))
    assert "call hearts on hearts" not in body


def test_robbing_the_screen_does_not_offer_the_ace_of_trumps_as_the_discard(anon_client):
    from scoring.play import NoRob

    for seed in range(1, 400):
        played = start(anon_client, code(seed))
        state = played.state
        mine = state.phase is Phase.ROB and state.to_act == services.HUMAN
        if mine and NoRob() in state.legal_moves():
            break
    else:
        raise AssertionError("no seed where you hold the ace of trumps and may rob")
    ace = state.ace_of_trumps()
    (item,) = [c for c in screen.table(played)["hand"] if c["code"] == card_code(ace)]
    assert not item["legal"] and item["reason"] == f"Keep {ace}: it gives you the right to rob."
    body = text(anon_client.get(reverse("practice:table")))
    assert body.count("discard it and take the turned-up card") == 4  # the four others
    assert "keep it: it gives you the right to rob" in body


def test_a_game_cookie_from_before_the_turns_reads_and_plays_on(anon_client):
    """A cookie written before games had an id and a turn (deal, level, moves, seen)."""
    from django.core import signing

    from practice import store

    played = start(anon_client, code(CHOICE))
    old = {k: v for k, v in kept(anon_client).items() if k not in ("id", "turn")}
    anon_client.cookies[COOKIE] = signing.dumps(old, salt=store.SALT, compress=True)
    assert played_in(anon_client).game.moves == played.game.moves
    r = post_move(anon_client, played.state.legal_moves()[0], screen_at(anon_client))
    assert r.status_code == 302
    now = kept(anon_client)
    assert len(now["moves"]) > len(old["moves"]) and now["id"] and now["turn"] == 1
