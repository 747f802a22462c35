"""The friends' table's services (practice/friends/services.py): seats, turns, refusals,
drop-out and return, and what each phone is told."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from django.core.cache import cache

from practice import pool
from practice.codes import move_code
from practice.friends import services
from practice.friends.screen import table as screen_table
from practice.models import FriendsSeat, FriendsTable
from practice.services import PracticeError
from scoring.play import Play
from tests.builders import NOW
from tests.builders.friends import FOUR, friends_table, later, state_of

pytestmark = pytest.mark.django_db


def refused(status: int, call, **kwargs) -> str:
    with pytest.raises(PracticeError) as caught:
        call(**kwargs)
    assert caught.value.status == status, caught.value.message
    return caught.value.message


def test_a_table_code_is_five_letters_read_aloud_with_no_0_o_1_or_i():
    codes = {friends_table("Ann", begin=False)[0].code for _ in range(12)}
    assert len(codes) == 12
    for code in codes:
        assert len(code) == 5 and not set(code) & set("0O1I")
        assert services.read_code(f" {code[:2].lower()}-{code[2:]} ") == code
    assert services.read_code("AB0CD") is None
    assert services.read_code("ABCD") is None


def test_before_the_deal_nothing_is_played_and_friends_join_free_seats():
    table, keys = friends_table("Ann", "Bob", begin=False)
    assert table.moves == [] and not table.begun and table.turn is None
    look = services.look(code=table.code, key=keys[1], now=NOW)
    assert [s and s.name for s in look.seats] == ["Ann", "Bob", None, None]
    assert look.kinds == ("person", "person", "computer", "computer")
    refused(403, services.table_begin, code=table.code, key=keys[1], now=NOW)
    table = services.table_begin(code=table.code, key=keys[0], now=NOW)
    assert table.begun
    refused(409, services.table_begin, code=table.code, key=keys[0], now=NOW)


def test_a_seat_taken_is_refused_and_a_full_table_too():
    table, keys = friends_table("Ann", "Bob", begin=False)
    message = refused(409, services.seat_join, code=table.code, number=1, name="Cy", now=NOW)
    assert "taken" in message
    refused(400, services.seat_join, code=table.code, number=4, name="Cy", now=NOW)
    refused(400, services.seat_join, code=table.code, number=2, name="\u200b", now=NOW)
    services.seat_join(code=table.code, number=2, name="Cy", now=NOW)
    services.seat_join(code=table.code, number=3, name="Di", now=NOW)
    assert "full" in refused(409, services.seat_join, code=table.code, number=3, name="Ed", now=NOW)
    assert FriendsSeat.objects.filter(table=table).count() == 4


def test_an_unknown_code_is_refused_404():
    assert "ZZZZZ" in refused(404, services.look, code="ZZZZZ", key=None, now=NOW)


def play_on(table, keys, *, now=NOW, hands=1, moves=0):
    """The people play their first legal move at each turn until ``hands`` hands end
    (or, with ``moves``, until they have made that many)."""
    for step in range(400):
        table = services.table_of(table.code)
        state = state_of(table.code)
        if (moves and step == moves) or (not moves and len(state.summaries) >= hands):
            return table
        assert table.turn is not None, "nobody to play"
        key = keys[table.turn]
        move = state.legal_moves()[0]
        services.game_move(code=table.code, key=key, move=move, at=len(state.moves), now=now)
    raise AssertionError("the hand did not end")


def test_the_computer_plays_its_seat_and_stops_at_a_persons_turn():
    table, keys = friends_table("Ann", "Bob", "Cy")
    state = state_of(table.code)
    assert table.turn == state.to_act == 1  # Bob leads: the computer (seat 4) waits
    table = play_on(table, keys, hands=0, moves=2)
    played = services.replayed(table)
    assert played.seats == (1, 2, 3)  # Bob, Cy, then the computer at once: Ann to play
    assert table.turn == 0


def person_to_play(table, keys):
    state = state_of(table.code)
    return state, state.to_act, keys[state.to_act]


def test_a_move_out_of_turn_and_a_stale_move_are_refused_409_and_change_nothing():
    table, keys = friends_table("Ann", "Bob", "Cy")
    state, seat, key = person_to_play(table, keys)
    other = keys[(seat + 1) % 3]
    move = state.legal_moves()[0]
    at = len(state.moves)
    before = FriendsTable.objects.get(pk=table.pk).version
    assert "not your turn" in refused(
        409, services.game_move, code=table.code, key=other, move=move, at=at, now=NOW
    )
    assert "out of date" in refused(
        409, services.game_move, code=table.code, key=key, move=move, at=at - 1, now=NOW
    )
    refused(403, services.game_move, code=table.code, key="no-such-key", move=move, at=at, now=NOW)
    assert FriendsTable.objects.get(pk=table.pk).version == before
    table = services.game_move(code=table.code, key=key, move=move, at=at, now=NOW)
    assert table.moves[at] == move_code(move)
    assert "out of date" in refused(
        409, services.game_move, code=table.code, key=key, move=move, at=at, now=NOW
    )


def test_an_illegal_card_is_refused_400_with_the_reason():
    table, keys = friends_table("Ann", "Bob", "Cy")
    state, seat, key = person_to_play(table, keys)
    legal = set(state.legal_moves())
    wrong = [Play(c) for c in state.hands[seat] if Play(c) not in legal]
    other_hand = state.hands[(seat + 1) % 4][0]
    refused(
        400,
        services.game_move,
        code=table.code,
        key=key,
        move=Play(other_hand),
        at=len(state.moves),
        now=NOW,
    )
    if wrong:
        refused(
            400,
            services.game_move,
            code=table.code,
            key=key,
            move=wrong[0],
            at=len(state.moves),
            now=NOW,
        )


def test_a_whole_hand_with_the_summary_and_the_next_hand():
    table, keys = friends_table("Ann", "Bob", "Cy")
    table = play_on(table, keys)
    assert table.turn is None  # the summary is read first
    state = state_of(table.code)
    refused(
        409,
        services.game_move,
        code=table.code,
        key=keys[0],
        move=state.legal_moves()[0],
        at=len(state.moves),
        now=NOW,
    )
    refused(409, services.hand_next, code=table.code, key=keys[1], at=len(state.moves) - 1, now=NOW)
    table = services.hand_next(code=table.code, key=keys[1], at=len(state.moves), now=NOW)
    assert table.seen == 1 and table.turn is not None
    refused(409, services.hand_next, code=table.code, key=keys[1], at=len(table.moves), now=NOW)


def test_a_phone_that_stops_looking_is_played_by_the_computer_and_comes_back():
    table, keys = friends_table("Ann", "Bob", "Cy")
    state, seat, key = person_to_play(table, keys)
    others = [k for n, k in enumerate(keys) if n != seat]
    # Within DROP_AFTER the seat waits for its person.
    look = services.look(code=table.code, key=others[0], now=later(services.DROP_AFTER - 1))
    assert look.kinds[seat] == "person" and len(look.table.moves) == len(state.moves)
    # The others keep looking; this one has not for DROP_AFTER seconds: the computer plays.
    for k in others:
        services.note_here(services.table_of(table.code), FriendsSeat.objects.get(key=k), later(25))
    look = services.look(code=table.code, key=others[0], now=later(25))
    assert look.kinds[seat] == "away"
    assert len(look.table.moves) > len(state.moves)
    after = services.replayed(look.table)
    assert seat in after.seats[len(state.moves) :]
    # Back: the phone's own look takes the seat back from the computer.
    back = services.look(code=table.code, key=key, now=later(26))
    assert back.kinds[seat] == "person"
    assert back.seat.number == seat


def test_the_starter_hands_a_seat_to_the_computer_and_its_person_may_join_again():
    table, keys = friends_table("Ann", "Bob", "Cy")
    refused(403, services.seat_hand_over, code=table.code, key=keys[1], number=2, now=NOW)
    refused(400, services.seat_hand_over, code=table.code, key=keys[0], number=0, now=NOW)
    refused(409, services.seat_hand_over, code=table.code, key=keys[0], number=3, now=NOW)
    services.seat_hand_over(code=table.code, key=keys[0], number=2, now=NOW)
    look = services.look(code=table.code, key=keys[2], now=NOW)
    assert look.seat is None and look.kinds[2] == "computer"
    seat = services.seat_join(code=table.code, number=2, name="Cy", now=NOW)
    assert services.look(code=table.code, key=seat.key, now=NOW).seat.number == 2


def cards_of(hand) -> set[str]:
    return {f'data-card="{c}"' for c in hand} | {f'"{c}"' for c in hand}


def test_a_phone_is_told_its_own_hand_and_no_other_seats_cards():
    table, keys = friends_table("Ann", "Bob", "Cy")
    state = state_of(table.code)
    for seat, key in enumerate(keys):
        look = services.look(code=table.code, key=key, now=NOW)
        shown = repr(screen_table(look))
        mine = {c.__str__() for c in state.hands[seat]}
        others = {str(c) for s, h in enumerate(state.hands) if s != seat for c in h}
        played = {str(c) for _s, c in state.trick}
        assert all(f"'text': '{c}'" in shown for c in mine)
        assert not any(f"'text': '{c}'" in shown for c in others - played)
    outsider = repr(screen_table(services.look(code=table.code, key=None, now=NOW)))
    played = {str(c) for _s, c in state.trick}
    assert not any(
        f"'text': '{c}'" in outsider for h in state.hands for c in h if str(c) not in played
    )


def test_old_tables_are_forgotten_and_an_address_keeps_only_its_newest():
    old, _keys = friends_table("Ann", begin=False)
    assert services.forget_stale(now=NOW) == 0
    assert services.forget_stale(now=later(13 * 3600)) == 1
    assert not FriendsTable.objects.filter(pk=old.pk).exists()
    made = [friends_table("Ann", begin=False)[0].pk for _ in range(services.TABLES_PER_ADDRESS + 2)]
    kept = set(FriendsTable.objects.values_list("pk", flat=True))
    assert len(kept) == services.TABLES_PER_ADDRESS and kept <= set(made)


def test_the_computer_players_busy_lose_nothing_a_later_look_plays_on(monkeypatch):
    table, _seat = services.table_start(deal=FOUR, level="ned", name="Ann", address=None, now=NOW)
    starter = _seat.key
    for n, name in ((2, "Cy"), (3, "Di")):
        services.seat_join(code=table.code, number=n, name=name, now=NOW)
    assert state_of(table.code).to_act == 1  # the computer's seat leads

    @contextmanager
    def busy():
        raise pool.Busy(2)
        yield

    monkeypatch.setattr(pool, "computing", busy)
    table = services.table_begin(code=table.code, key=starter, now=NOW)
    assert table.begun and table.moves == [] and table.turn == 1
    monkeypatch.undo()
    look = services.look(code=table.code, key=starter, now=NOW)
    assert len(look.table.moves) == 1 and look.table.turn == 2


def test_forget_practice_games_forgets_old_friends_tables_too(monkeypatch):
    from io import StringIO

    from django.core.management import call_command
    from django.utils import timezone

    old, _keys = friends_table("Ann", begin=False)
    new, _keys = friends_table("Bob", begin=False)
    monkeypatch.setattr(timezone, "now", lambda: later(6 * 3600))
    FriendsTable.objects.filter(pk=old.pk).update(touched=later(-7 * 3600))
    out = StringIO()
    call_command("forget_practice_games", stdout=out)
    assert "1 friends' tables forgotten." in out.getvalue()
    assert list(FriendsTable.objects.values_list("pk", flat=True)) == [new.pk]


def test_a_computer_move_thought_on_a_table_that_changed_meanwhile_is_not_written(monkeypatch):
    from practice import computer

    table, keys = friends_table("Ann", "Bob", "Cy")
    table = play_on(table, keys, hands=0, moves=1)  # Bob leads, Cy to play
    cy = FriendsSeat.objects.get(key=keys[2])
    chosen = computer.choose_move

    def while_thinking(state, seat, level, seed):
        # The starter gives Cy's seat to the computer meanwhile: the table changed.
        services.seat_hand_over(code=table.code, key=keys[0], number=cy.number, now=NOW)
        return chosen(state, seat, level, seed)

    # Cy is away: the computer thinks for her seat while the starter changes the table.
    cache.delete(services.here_key(table.code, cy.number))
    monkeypatch.setattr(computer, "choose_move", while_thinking)
    made = services.computer_turns(code=table.code, now=later(1))
    assert made == 0
    assert services.table_of(table.code).moves == table.moves
