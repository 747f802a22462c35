"""The practice table's screens (practice/views.py): no account, the game in its cookie.

Happy paths, wrong methods, the htmx partial, refusals (4xx, nothing changed),
resuming after a reload, undo, hints, the deal code and the hand summary."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from practice import services
from practice.codes import Deal, card_code, move_code, read_deal
from scoring.games.cards import deck
from scoring.play import Phase, Play, PlayOptions, view_of
from tests.builders import HTMX
from tests.builders.practice import at_of, kept, played_in

pytestmark = pytest.mark.django_db

SEED = 20261130  # you follow to the first trick (3♣ led, 7♣ played)


def code(seed=SEED, game="traditional", players=3, **options) -> str:
    return Deal(game, players, PlayOptions(**options), seed).code


def start(client, deal_code=None, level="ned"):
    r = client.post(reverse("practice:start"), {"deal": deal_code or code(), "level": level})
    assert r.status_code == 302
    return played_in(client)


def text(response) -> str:
    return unescape(response.content.decode())


def unmasked(page: str) -> str:
    """The page without its CSRF tokens (masked afresh on every answer)."""
    return re.sub(r'(csrfmiddlewaretoken" value=|X-CSRFToken": )"[^"]+"', "", page)


def moves(client) -> list[str]:
    return kept(client)["moves"]


def play_card(client, card, **extra):
    at = at_of(client)
    url = reverse("practice:move")
    return client.post(url, {"move": f"p:{card_code(card)}", "at": at}, **extra)


def act(client, state):
    """Make the first legal move (a card, or a rob at the start of a hand)."""
    at = at_of(client)
    move = move_code(state.legal_moves()[0])
    return client.post(reverse("practice:move"), {"move": move, "at": at})


def a_refused_card(seed_range=range(1, 400)):
    """A seed whose first trick leaves you a card you may not play, with that card and why."""
    for seed in seed_range:
        c = Client()
        played = start(c, code(seed))
        state = played.state
        if state.to_act != services.HUMAN or state.phase is not Phase.PLAY or not state.trick:
            continue
        legal = {m.card for m in state.legal_moves()}
        refused = [x for x in state.hands[0] if x not in legal]
        if refused:
            return c, refused[0], sorted(legal, key=str)[0]
    raise AssertionError("no seed with a refused card")


# ---- the start screen -------------------------------------------------------------


def test_start_screen_needs_no_account(anon_client):
    r = anon_client.get(reverse("practice:table"))
    assert r.status_code == 200
    body = text(r)
    assert "Practice Forty-Fives" in body
    assert "Forty-Fives, 3 players: you and two computer players" in body
    assert "Auction Forty-Fives, 4 in partnerships, to 120" in body
    assert "Off-suit aces high" in body and "With the Joker" in body


def test_the_start_screen_offers_the_rules_of_play_with_the_source_rules_first(anon_client):
    body = text(anon_client.get(reverse("practice:new")))
    ace_rule = "When the ace of hearts is led, play a trump, else a heart"
    assert f'name="ace_hearts_led" value="1" checked><span>{ace_rule}' in body
    assert '<input type="radio" name="renege" value="source" checked>' in body
    assert '<input type="radio" name="follow" value="follow" checked>' in body
    assert '<input type="radio" name="level" value="margaret" checked>' in body
    levels = re.findall(r'name="level" value="(\w+)"', body)
    assert levels[:2] == ["margaret", "angus"]


@pytest.mark.parametrize(
    ("form", "ace_rule", "renege"),
    [
        ({"ace_hearts_led": "1", "renege": "source"}, True, "source"),
        ({"renege": "lower_led"}, False, "lower_led"),
        ({"ace_hearts_led": "1", "renege": "none"}, True, "none"),
    ],
)
def test_the_ace_of_hearts_rule_and_the_renege_choice_reach_the_engine(
    anon_client, form, ace_rule, renege
):
    from scoring.games.cards import Card, Suit
    from scoring.play import refusal

    anon_client.post(reverse("practice:start"), {"game": "t3", "level": "ned", **form})
    options = played_in(anon_client).state.options
    assert (options.ace_hearts_led, options.renege.value) == (ace_rule, renege)
    # The engine plays by them: the A♥ led (clubs trumps), no trump held, a heart held.
    hand = (Card("2", Suit.HEARTS), Card("9", Suit.SPADES))
    why = refusal(hand, hand[1], (Card("A", Suit.HEARTS),), Suit.CLUBS, options)
    assert (why is not None) == ace_rule


def test_a_new_game_is_traditional_45_for_three_by_default(anon_client):
    r = anon_client.post(reverse("practice:start"), {"ace_hearts_led": "1"})
    assert r.status_code == 302 and r.url == reverse("practice:table")
    played = played_in(anon_client)
    assert played.state.setup.players == 3 and not played.state.setup.partnerships
    assert played.state.setup.variant.target == 45
    assert played.state.setup.options.ace_hearts_led
    body = text(anon_client.get(reverse("practice:table")))
    assert "Game to 45" in body
    for name in ("You", "Left", "Right"):
        assert name in body
    assert played.state.to_act == services.HUMAN  # the computer players have played to you


def test_the_start_screen_options_reach_the_game(anon_client):
    form = {
        "game": "t4",
        "level": "rosie",
        "joker": "1",
        "aces_high": "1",
        "follow": "trump",
        "renege": "five_only",
    }
    anon_client.post(reverse("practice:start"), form)
    played = played_in(anon_client)
    setup = played.state.setup
    assert (setup.players, setup.partnerships) == (4, True)
    o = setup.options
    assert (o.joker, o.aces_high, o.must_follow, o.renege.value, o.ace_hearts_led) == (
        True,
        True,
        False,
        "five_only",
        False,
    )
    assert played.game.level == "rosie"
    assert "You and Partner" in text(anon_client.get(reverse("practice:table")))


# ---- playing ---------------------------------------------------------------------


def test_playing_a_card_lets_the_computer_players_answer(anon_client):
    played = start(anon_client)
    before = len(played.state.moves)
    card = played.state.legal_moves()[0].card
    r = play_card(anon_client, card)
    assert r.status_code == 302
    after = played_in(anon_client)
    assert after.state.moves[before] == Play(card)
    assert len(after.state.moves) > before + 1  # the others played on
    state = after.state
    assert state.to_act == services.HUMAN or len(state.summaries) > after.game.seen
    assert card not in state.hands[0]


def test_the_table_shows_cards_that_may_and_may_not_be_played():
    client, refused, legal = a_refused_card()
    body = text(client.get(reverse("practice:table")))
    assert f'value="p:{card_code(refused)}"' in body
    assert 'aria-disabled="true" data-reason="You must follow' in body or (
        'aria-disabled="true" data-reason="' in body
    )


def test_a_card_you_may_not_play_is_refused_with_its_reason_and_nothing_changes():
    client, refused, _legal = a_refused_card()
    before = list(moves(client))
    r = play_card(client, refused)
    assert r.status_code == 400
    state = played_in(client).state
    trick = tuple(c for _, c in state.trick)
    from scoring.play import refusal

    assert refusal(state.hands[0], refused, trick, state.trump, state.options) in text(r)
    assert moves(client) == before


def test_a_card_you_do_not_hold_is_refused(anon_client):
    played = start(anon_client)
    before = list(moves(anon_client))
    other = next(c for c in deck() if c not in played.state.hands[0])
    r = play_card(anon_client, other)
    assert r.status_code == 400
    assert f"You do not hold {other}." in text(r)
    assert moves(anon_client) == before


@pytest.mark.parametrize("move", ["zz", "p:11x", "b:9999", "", "d:" + "5h." * 50])
def test_a_move_that_does_not_read_is_refused(anon_client, move):
    start(anon_client)
    before = list(moves(anon_client))
    r = anon_client.post(reverse("practice:move"), {"move": move, "at": at_of(anon_client)})
    assert r.status_code == 400
    assert moves(anon_client) == before


def test_a_move_from_an_out_of_date_screen_is_refused(anon_client):
    played = start(anon_client)
    before = list(moves(anon_client))
    card = played.state.legal_moves()[0].card
    at = str(len(before))  # the number of moves made, not the state the screen was drawn from
    r = anon_client.post(reverse("practice:move"), {"move": f"p:{card_code(card)}", "at": at})
    assert r.status_code == 409
    assert "out of date" in text(r)
    assert moves(anon_client) == before


def test_a_move_out_of_turn_is_refused(anon_client):
    played = start(anon_client)
    # Play out the hand; its summary stops the table until you deal the next.
    while len(played.state.summaries) == played.game.seen:
        act(anon_client, played.state)
        played = played_in(anon_client)
    before = list(moves(anon_client))
    hand = played.state.hands[0]
    r = play_card(anon_client, hand[0])
    assert r.status_code == 409
    assert "The hand is over" in text(r)
    assert moves(anon_client) == before


def test_a_move_without_a_game_is_refused(anon_client):
    r = anon_client.post(reverse("practice:move"), {"move": "p:10h", "at": 0})
    assert r.status_code == 404
    assert "There is no practice game here" in text(r)


def test_wrong_methods_are_refused(anon_client):
    start(anon_client)
    for name in ("move", "undo", "next", "again", "start"):
        assert anon_client.get(reverse(f"practice:{name}")).status_code == 405
    assert anon_client.post(reverse("practice:table")).status_code == 405
    assert anon_client.post(reverse("practice:hint")).status_code == 405


def test_htmx_gets_only_the_table_region(anon_client):
    played = start(anon_client)
    r = play_card(anon_client, played.state.legal_moves()[0].card, **HTMX)
    assert r.status_code == 200
    body = text(r)
    assert '<div id="content" class="practice"' in body
    assert "<html" not in body


def test_htmx_refusal_goes_to_the_flash_region(anon_client):
    played = start(anon_client)
    other = next(c for c in deck() if c not in played.state.hands[0])
    r = play_card(anon_client, other, **HTMX)
    assert r.status_code == 400
    assert r["HX-Retarget"] == "#flash"
    assert f"You do not hold {other}." in text(r)


# ---- resume, undo, hint ----------------------------------------------------------


def test_a_reload_resumes_exactly_where_the_game_was(anon_client):
    played = start(anon_client)
    play_card(anon_client, played.state.legal_moves()[0].card)
    first = played_in(anon_client).state
    page1 = text(anon_client.get(reverse("practice:table")))
    # Another tab (the same browser: the same game cookie) sees the same table.
    tab = Client()
    tab.cookies = anon_client.cookies
    page2 = text(tab.get(reverse("practice:table")))
    assert unmasked(page1) == unmasked(page2)
    assert played_in(tab).state == first
    assert "Take back my last move" in page2


def test_another_browser_does_not_see_the_game(anon_client):
    start(anon_client)
    stranger = Client()
    body = text(stranger.get(reverse("practice:table")))
    assert "Deal" in body and 'name="at"' not in body


def test_undo_takes_back_your_last_card_and_what_followed(anon_client):
    played = start(anon_client)
    before = list(moves(anon_client))
    hand = played.state.hands[0]
    play_card(anon_client, played.state.legal_moves()[0].card)
    r = anon_client.post(reverse("practice:undo"))
    assert r.status_code == 302
    assert moves(anon_client) == before
    assert played_in(anon_client).state.hands[0] == hand


def test_undo_with_nothing_to_take_back_is_refused(anon_client):
    start(anon_client)
    before = list(moves(anon_client))
    r = anon_client.post(reverse("practice:undo"), **HTMX)
    assert r.status_code == 409
    assert moves(anon_client) == before


def test_hint_names_a_card_you_may_play_and_changes_nothing(anon_client):
    played = start(anon_client)
    before = list(moves(anon_client))
    r = anon_client.get(reverse("practice:hint"), **HTMX)
    assert r.status_code == 200
    body = text(r)
    assert body.startswith('<p id="hint"')
    legal = {str(m.card) for m in played.state.legal_moves()}
    assert any(f"The computer would play {c}" in body for c in legal)
    assert moves(anon_client) == before
    full = text(anon_client.get(reverse("practice:hint")))
    assert "The computer would play" in full and "<html" in full


def test_the_hint_is_the_coachs_with_its_reason_in_one_line(anon_client):
    from scoring.play import players

    for seed in range(1, 50):  # a deal where you have a choice
        state = start(anon_client, code(seed)).state  # against Ned: the hint is the coach's
        if len(state.legal_moves()) > 1 and state.phase is Phase.PLAY:
            break
    coach = players.hint(view_of(state, services.HUMAN), seed=services.computer_seed(state))
    body = text(anon_client.get(reverse("practice:hint"), **HTMX))
    line = re.search(r'<p id="hint"[^>]*>([^<]+)</p>', body).group(1)
    why = coach.reason.removeprefix(f"{coach.move.card}: ")
    assert line == f"The computer would play {coach.move.card}: {why}"
    assert why and why != coach.reason and "\n" not in line


# ---- deal codes and the same deal again -------------------------------------------


def test_a_deal_code_link_offers_that_deal(anon_client):
    deal_code = code(seed=77, players=2, aces_high=True)
    r = anon_client.get(reverse("practice:table") + f"?deal={deal_code}")
    assert r.status_code == 200
    body = text(r)
    assert f"Deal {deal_code}" in body and "Play this deal" in body
    assert "Off-suit aces high." in body
    played = start(anon_client, deal_code)
    assert played.game.deal == read_deal(deal_code)
    assert played.state.seed == 77 and played.state.setup.players == 2


@pytest.mark.parametrize(
    "bad",
    [
        "T3S-MBZB",  # the check letter edited
        "T9S-MBZK",  # no such line-up
        "T3S-" + "7" * 9 + "A",  # a seed too large
        "A3S-MBZK",  # Auction for 3
        "<script>",
        "",
    ],
)
def test_a_tampered_deal_code_is_refused(anon_client, bad):
    r = anon_client.get(reverse("practice:table"), {"deal": bad})
    assert r.status_code == 400
    assert "That deal code is not right" in text(r)
    r = anon_client.post(reverse("practice:start"), {"deal": bad or "x"})
    assert r.status_code == 400
    assert kept(anon_client) is None


def test_the_same_deal_again_starts_over_with_the_same_cards(anon_client):
    played = start(anon_client)
    first_hand = played.state.hands[0]
    play_card(anon_client, played.state.legal_moves()[0].card)
    r = anon_client.post(reverse("practice:again"), {"sure": "1"})
    assert r.status_code == 302
    again = played_in(anon_client)
    assert again.state.hands[0] == first_hand and again.game.deal == played.game.deal


def test_the_table_shows_its_deal_code_once_the_hand_is_over(anon_client):
    played = start(anon_client)
    while not played.state.summaries:
        act(anon_client, played.state)
        played = played_in(anon_client)
    body = text(anon_client.get(reverse("practice:table")))
    assert f"<strong>{code()}</strong>" in body
    assert f"?deal={code()}" in body


# ---- the hand summary ------------------------------------------------------------


def test_after_a_hand_its_summary_shows_every_card_then_the_next_hand_comes(anon_client):
    played = start(anon_client)
    while len(played.state.summaries) == played.game.seen:
        act(anon_client, played.state)
        played = played_in(anon_client)
    summary = played.state.summaries[-1]
    body = text(anon_client.get(reverse("practice:table")))
    assert "Hand 1 is over" in body
    assert body.count('class="playcard mini') == 15  # every hand face up
    if summary.best:
        assert f"Best trump: {summary.best}" in body
    for n in summary.tricks:
        assert f'<td class="num">{n}</td>' in body
    assert body.count("won it</strong>") == 5
    r = anon_client.post(reverse("practice:next"), **HTMX)
    assert r.status_code == 200 and "Hand 2" in text(r)
    assert played_in(anon_client).game.seen == 1
    r = anon_client.post(reverse("practice:next"))
    assert r.status_code == 409


# ---- Auction Forty-Fives ---------------------------------------------------------


def test_auction_shows_bid_buttons_on_your_turn(anon_client):
    played = start(anon_client, code(game="auction", players=4))
    assert played.state.phase is Phase.BID and played.state.to_act == services.HUMAN
    body = text(anon_client.get(reverse("practice:table")))
    assert 'value="pass"' in body and "Bid 20" in body
    assert "Game to 120" in body
    r = anon_client.post(reverse("practice:move"), {"move": "pass", "at": at_of(anon_client)})
    assert r.status_code == 302
    state = played_in(anon_client).state
    assert state.calls[-1][0] == 0 or state.phase is not Phase.BID


# ---- links -----------------------------------------------------------------------


def test_the_drives_list_and_the_rules_page_link_to_the_practice_table(org_client, club):
    from tests.builders import make_drive

    drive = make_drive(club, None)
    url = reverse("practice:table")
    assert f'href="{url}"' in text(org_client.get(reverse("drives:drive_list")))
    assert f'href="{url}"' in text(org_client.get(reverse("drives:rules", args=[drive.pk])))


def test_auction_discard_and_draw_by_ticking_cards(anon_client):
    played = start(anon_client, code(game="auction", players=4))
    anon_client.post(reverse("practice:move"), {"move": "pass", "at": at_of(anon_client)})
    played = played_in(anon_client)
    assert played.state.phase is Phase.DISCARD and played.state.to_act == services.HUMAN
    body = text(anon_client.get(reverse("practice:table")))
    assert 'name="discard"' in body and "Discard the ticked cards and draw" in body
    hand = played.state.hands[0]
    form = {
        "move": "discard",
        "discard": [card_code(hand[0]), card_code(hand[1])],
        "at": at_of(anon_client),
    }
    assert anon_client.post(reverse("practice:move"), form).status_code == 302
    after = played_in(anon_client).state
    assert after.discards[0] == hand[:2]
    assert (
        anon_client.post(
            reverse("practice:move"),
            {"move": "discard", "discard": ["zz"], "at": at_of(anon_client)},
        ).status_code
        == 400
    )


def test_an_ace_turned_up_to_you_as_dealer_must_be_taken(anon_client):
    played = start(anon_client, code(seed=20261129))  # you deal, and turn up the A♥
    state = played.state
    assert state.phase is Phase.ROB and state.to_act == services.HUMAN
    body = text(anon_client.get(reverse("practice:table")))
    assert f"Take the {state.turn_up} turned up and discard a card" in body
    assert f"you must take the {state.turn_up}" in body and "Leave it" not in body
    assert body.count("discard it and take the turned-up card") == 5  # each card says so
    r = anon_client.post(reverse("practice:move"), {"move": "n", "at": at_of(anon_client)})
    assert r.status_code == 400 and "the dealer must take it" in text(r)
    throw = state.hands[0][0]
    form = {"move": f"r:{card_code(throw)}", "at": at_of(anon_client)}
    assert anon_client.post(reverse("practice:move"), form).status_code == 302
    after = played_in(anon_client).state
    assert state.turn_up in after.hands[0] + tuple(c for _, c in after.played())
    assert after.discards[0] == (throw,)


# ---- where points were lost ------------------------------------------------------


def finish_a_hand(client, deal_code=None, choose=None):
    """Start a game and play your first legal move (or ``choose(state)``) to the end
    of the first hand; the game replayed at its summary."""
    played = start(client, deal_code)
    while not played.state.summaries:
        state = played.state
        move = choose(state) if choose else state.legal_moves()[0]
        r = client.post(reverse("practice:move"), {"move": move_code(move), "at": at_of(client)})
        assert r.status_code == 302
        played = played_in(client)
    return played


@pytest.fixture
def looked(monkeypatch):
    """Counts the times the computer looks at a hand (it takes a while)."""
    from django.core.cache import cache

    from practice import computer

    cache.clear()
    calls = []
    real = computer.points_lost

    def counted(*args, **kwargs):
        calls.append(kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(computer, "points_lost", counted)
    return calls


def test_the_summary_asks_for_where_points_were_lost_apart_then_shows_it(anon_client, looked):
    played = finish_a_hand(anon_client)
    assert looked == []  # not while you wait for the computer players' cards
    url = reverse("practice:coaching") + "?hand=1"
    body = text(anon_client.get(reverse("practice:table")))
    assert f'hx-get="{url}" hx-trigger="load"' in body
    assert f'href="{url}"' in body  # without JavaScript: a plain link
    assert "Every hand, face up, as it was dealt" in body
    r = anon_client.get(url, **HTMX)
    assert r.status_code == 200 and len(looked) == 1
    part = text(r)
    assert part.lstrip().startswith('<section id="coaching"') and "<html" not in part
    assert "hx-trigger" not in part
    yours = sum(1 for s in played.seats if s == services.HUMAN)
    assert part.count('<li class="lost">') + part.count('<li class="fine">') == yours
    assert "Trick 1: you played" in part or "Robbing:" in part
    # A reload shows it at once, from what the computer found the first time.
    body = text(anon_client.get(reverse("practice:table")))
    assert 'hx-trigger="load"' not in body and 'class="lessons"' in body
    r = anon_client.get(url)
    assert r.status_code == 302 and r.url == reverse("practice:table") + "#coaching"
    assert len(looked) == 1


def test_a_bad_play_is_reported_with_the_computers_better_card(anon_client, looked):
    from scoring.play import trick_winner

    def throw_the_trick(state):
        """Last to the first trick, play a card that loses it though one would win."""
        legal = state.legal_moves()
        shown = tuple(c for _, c in state.trick)
        if state.tricks or len(shown) != 2:
            return legal[0]
        losing = [
            m
            for m in legal
            if isinstance(m, Play)
            and trick_winner(shown + (m.card,), state.trump, state.options) != 2
        ]
        return losing[0] if losing else legal[0]

    played = finish_a_hand(anon_client, code(seed=2), throw_the_trick)
    before, _last = played.hand_end
    trick = before.tricks[0]
    (seat, thrown), shown = trick.plays[-1], tuple(c for _s, c in trick.plays[:2])
    assert seat == services.HUMAN and trick.winner != services.HUMAN  # you threw it
    part = text(anon_client.get(reverse("practice:coaching") + "?hand=1", **HTMX))
    found = re.search(
        rf"Trick 1: you played {thrown}\.</span> <span class=\"advice\">The computer would "
        r"have played (\S+), worth about (\d+) points?\.",
        part,
    )
    assert found, part
    better, points = found.group(1), int(found.group(2))
    assert better != str(thrown) and points >= 1
    better_card = next(c for c in played.dealt[0] if str(c) == better)
    assert trick_winner(shown + (better_card,), before.trump, before.options) == 2  # it wins
    # The card that lost the points is marked in your hand, as it was dealt.
    assert re.search(rf'lost" aria-label="[^"]+: about {points} points? lost here"', part)
    assert f'class="lostmark" aria-hidden="true">−{points}<' in part


def test_no_points_lost_is_said_plainly(anon_client, monkeypatch):
    from django.core.cache import cache

    from practice import computer
    from scoring.play import players

    def as_well(state, *, seat, hand_no):
        steps = players.steps_of(state, seat=seat, hand_no=hand_no)
        return tuple(computer.Lesson(0, m, m, 0.0, False) for _view, m in steps)

    finish_a_hand(anon_client)
    cache.clear()
    monkeypatch.setattr(computer, "points_lost", as_well)
    part = text(anon_client.get(reverse("practice:coaching") + "?hand=1", **HTMX))
    assert "You lost no points the computer could find" in part
    assert "The computer would have played" not in part and "lost here" not in part


def test_where_points_were_lost_refuses_what_it_cannot_answer(anon_client, looked):
    url = reverse("practice:coaching")
    for extra in ({}, HTMX):
        r = anon_client.get(url + "?hand=1", **extra)  # no game yet
        assert r.status_code == 404 and "There is no practice game here" in text(r)
    assert anon_client.post(url + "?hand=1").status_code == 405
    start(anon_client)
    for bad in ("", "x", "1.5", "<b>"):
        assert anon_client.get(url, {"hand": bad}).status_code == 400
    for not_over in ("0", "1", "2", "-3"):
        r = anon_client.get(url, {"hand": not_over}, **HTMX)
        assert r.status_code == 404 and "That hand is not over yet" in text(r)
    assert looked == []


def test_the_holder_of_the_ace_of_trumps_is_offered_the_rob_in_plain_words(anon_client):
    from scoring.play import NoRob

    for seed in range(1, 400):
        played = start(anon_client, code(seed))
        state = played.state
        mine = state.phase is Phase.ROB and state.to_act == services.HUMAN
        if mine and NoRob() in state.legal_moves():
            break
    else:
        raise AssertionError("no seed where you hold the ace of trumps and may rob")
    body = text(anon_client.get(reverse("practice:table")))
    assert f"Rob: take the {state.turn_up} turned up and discard a card" in body
    assert "You hold the ace of trumps, so you may rob" in body
    assert f"Leave it: don't rob the {state.turn_up}" in body
    throw = state.hands[0][-1]
    assert f'value="r:{card_code(throw)}"' in body
    # Leaving it: the same hand, now to play.
    r = anon_client.post(reverse("practice:move"), {"move": "n", "at": at_of(anon_client)}, **HTMX)
    assert r.status_code == 200 and "Rob:" not in text(r)
    assert played_in(anon_client).state.hands[0] == state.hands[0]
