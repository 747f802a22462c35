"""The friends' table's screens (practice/friends/views.py): start, join with the code,
the seat cookie, the poll's 204, moves by htmx, refusals in plain words."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from practice.codes import Deal, card_code, move_code
from practice.friends import screen, services
from practice.friends.views import COOKIE
from practice.models import FriendsSeat, FriendsTable
from scoring.play import NoRob, Phase, PlayOptions
from tests.builders import HTMX
from tests.builders.friends import FOUR, friends_table, state_of

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return unescape(response.content.decode())


def url(name: str, code: str) -> str:
    return reverse(f"practice:{name}", args=[code])


def started(client=None, name="Ann") -> tuple[Client, str]:
    client = client or Client()
    r = client.post(
        reverse("practice:friends_start"),
        {"deal": FOUR.code, "level": "ned", "name": name},
    )
    assert r.status_code == 302, text(r)
    code = r.url.rstrip("/").rsplit("/", 1)[-1]
    assert r.url == url("friends_table", code)
    return client, code


def joined(code: str, seat: int, name: str) -> Client:
    phone = Client()
    r = phone.post(url("friends_sit", code), {"seat": seat, "name": name})
    assert r.status_code == 302, text(r)
    return phone


def test_the_start_page_offers_the_games_levels_and_a_code_box():
    r = Client().get(reverse("practice:friends"))
    assert r.status_code == 200
    page = text(r)
    assert 'name="code"' in page and 'name="level"' in page and 'name="game"' in page
    assert Client().post(reverse("practice:friends")).status_code == 405


def test_starting_gives_a_code_a_qr_and_a_seat_cookie():
    phone, code = started()
    cookie = phone.cookies[COOKIE]
    assert cookie["path"] == reverse("practice:friends") and cookie["httponly"]
    page = text(phone.get(url("friends_table", code)))
    assert code in page and url("friends_qr", code) in page
    assert "Everyone is here: deal" in page
    qr = phone.get(url("friends_qr", code))
    assert qr.status_code == 200 and qr["Content-Type"] == "image/svg+xml"
    assert b"<svg" in qr.content


def test_the_qr_code_reads_back_as_the_tables_address(settings):
    import zxingcpp
    from PIL import Image

    from practice.friends.qr import qr_svg

    settings.SITE_BASE_URL = "http://192.168.1.10:8000"
    address = "http://192.168.1.10:8000" + url("friends_table", "ABCDE")
    svg = qr_svg(address)
    side = int(re.search(r'viewBox="0 0 (\d+) \d+"', svg).group(1))
    image = Image.new("L", (side * 4, side * 4), 255)
    for x, y, w in re.findall(r'<rect x="(\d+)" y="(\d+)" width="(\d+)" height="1"/>', svg):
        for dx in range(int(w) * 4):
            for dy in range(4):
                image.putpixel((int(x) * 4 + dx, int(y) * 4 + dy), 0)
    assert [b.text for b in zxingcpp.read_barcodes(image)] == [address]


def test_joining_by_the_code_box_then_a_seat_and_a_name():
    _starter, code = started()
    phone = Client()
    r = phone.get(reverse("practice:friends_join"), {"code": f" {code.lower()} "})
    assert r.status_code == 302 and r.url == url("friends_table", code)
    page = text(phone.get(r.url))
    assert "Take a seat" in page and "Ann" in page
    r = phone.post(url("friends_sit", code), {"seat": 2, "name": "Bob"})
    assert r.status_code == 302
    assert "Waiting for the person who started the table to deal" in text(phone.get(r.url))
    assert FriendsSeat.objects.get(table__code=code, number=1).name == "Bob"


def test_a_bad_code_is_a_plain_404():
    for typed in ("ZZZZZ", "0O1I!", "nothing like a code"):
        r = Client().get(reverse("practice:friends_join"), {"code": typed})
        assert r.status_code == 404
        assert "There is no table with the code" in text(r)
    r = Client().get(url("friends_table", "ZZZZZ"))
    assert r.status_code == 404 and "There is no table with the code ZZZZZ" in text(r)
    assert Client().get(url("friends_poll", "ZZZ")).status_code == 404


def test_bad_input_is_a_400_and_changes_nothing():
    starter, code = started()
    phone = Client()
    for data in ({"seat": "9", "name": "Bob"}, {"seat": "²", "name": "Bob"}, {"seat": "2"}):
        r = phone.post(url("friends_sit", code), data)
        assert r.status_code == 400, data
    r = starter.post(url("friends_begin", code))
    assert r.status_code == 302
    version = FriendsTable.objects.get(code=code).version
    for data in ({"move": "p:99x", "at": "0"}, {"move": "p:5h", "at": "x"}, {}):
        r = starter.post(url("friends_move", code), data, **HTMX)
        assert r.status_code == 400, data
    assert FriendsTable.objects.get(code=code).version == version
    r = Client().post(reverse("practice:friends_start"), {"game": "t9", "name": "Ann"})
    assert r.status_code == 400
    r = Client().post(reverse("practice:friends_start"), {"deal": FOUR.code, "name": ""})
    assert r.status_code == 400


def test_wrong_methods_are_405():
    starter, code = started()
    for name in (
        "friends_sit",
        "friends_begin",
        "friends_move",
        "friends_next",
        "friends_hand_over",
    ):
        assert starter.get(url(name, code)).status_code == 405, name
    for name in ("friends_table", "friends_poll", "friends_qr"):
        assert starter.post(url(name, code)).status_code == 405, name
    assert Client().get(reverse("practice:friends_start")).status_code == 405
    assert Client().post(reverse("practice:friends_join")).status_code == 405


def test_a_phone_with_no_seat_is_refused_a_move_and_sees_no_hand():
    starter, code = started()
    bob = joined(code, 2, "Bob")
    starter.post(url("friends_begin", code))
    state = state_of(code)
    outsider = Client()
    r = outsider.post(
        url("friends_move", code), {"move": move_code(state.legal_moves()[0]), "at": 0}
    )
    assert r.status_code == 403
    page = text(outsider.get(url("friends_table", code)))
    assert "playcard" not in page and "Take a seat" in page
    page = text(bob.get(url("friends_table", code)))
    played = {c for _seat, c in state.trick}
    for c in state.hands[1]:
        assert f'aria-label="{label(c)}"' in page
    for seat in (0, 2, 3):
        for c in set(state.hands[seat]) - played:
            assert f'aria-label="{label(c)}' not in page


def label(c) -> str:
    from practice.screen import face

    return face(c)["label"]


def test_the_poll_is_204_while_nothing_changes_and_the_table_when_it_does():
    starter, code = started()
    bob = joined(code, 2, "Bob")
    starter.post(url("friends_begin", code))
    r = bob.get(url("friends_poll", code), **HTMX)
    assert r.status_code == 200
    fingerprint = re.search(r'data-fingerprint="([^"]+)"', text(r)).group(1)
    assert text(r).lstrip().startswith('<div id="content"')
    r = bob.get(url("friends_poll", code), {"v": fingerprint}, **HTMX)
    assert r.status_code == 204 and r.content == b""
    # Bob leads (seat 2): his card changes the table for Ann's phone.
    state = state_of(code)
    assert state.to_act == 1
    r = bob.post(
        url("friends_move", code),
        {"move": move_code(state.legal_moves()[0]), "at": len(state.moves)},
        **HTMX,
    )
    assert r.status_code == 200 and 'id="content"' in text(r)
    r = starter.get(url("friends_poll", code), {"v": fingerprint}, **HTMX)
    assert r.status_code == 200


def test_a_stale_move_is_409_in_the_flash_region_for_htmx():
    starter, code = started()
    bob = joined(code, 2, "Bob")
    starter.post(url("friends_begin", code))
    state = state_of(code)
    move = move_code(state.legal_moves()[0])
    r = bob.post(url("friends_move", code), {"move": move, "at": len(state.moves) + 3}, **HTMX)
    assert r.status_code == 409 and r["HX-Retarget"] == "#flash"
    assert "out of date" in text(r)
    r = bob.post(url("friends_move", code), {"move": move, "at": len(state.moves) + 3})
    assert r.status_code == 409 and "out of date" in text(r) and 'id="content"' in text(r)


def test_the_starter_hands_a_seat_to_the_computer():
    starter, code = started()
    bob = joined(code, 2, "Bob")
    assert bob.post(url("friends_hand_over", code), {"seat": 1}).status_code == 403
    r = starter.post(url("friends_hand_over", code), {"seat": 2}, **HTMX)
    assert r.status_code == 200 and "Computer 2" in text(r)
    assert "Take a seat" in text(bob.get(url("friends_table", code)))


def test_no_answer_to_a_phone_holds_another_seats_cards_in_play():
    starter, code = started()
    bob = joined(code, 2, "Bob")
    joined(code, 3, "Cy")
    starter.post(url("friends_begin", code))
    answers = []
    for _turn in range(6):  # Bob, Cy, the computer and Ann play; then a trick more
        state = state_of(code)
        seat = state.to_act
        phone = {0: starter, 1: bob}.get(seat)
        answers.append((1, state, text(bob.get(url("friends_table", code)))))
        answers.append((1, state, text(bob.get(url("friends_poll", code), **HTMX))))
        if phone is None:  # Cy's turn: her phone is not asked here; she plays by service
            cy = FriendsSeat.objects.get(table__code=code, number=seat)
            services.game_move(
                code=code,
                key=cy.key,
                move=state.legal_moves()[0],
                at=len(state.moves),
                now=timezone.now(),
            )
            continue
        move = {"move": move_code(state.legal_moves()[0]), "at": len(state.moves)}
        r = phone.post(url("friends_move", code), move, **HTMX)
        assert r.status_code == 200
        if phone is bob:
            answers.append((1, state_of(code), text(r)))
    for seat, state, page in answers:
        played = {c for _s, c in state.trick} | {c for t in state.tricks for _s, c in t.plays}
        for other in (s for s in range(4) if s != seat):
            for c in set(state.hands[other]) - played:
                assert f'aria-label="{label(c)}' not in page and f'data-card="{c}"' not in page


def test_a_friends_table_writes_no_session_row():
    from accounts.models import Session

    starter, code = started()
    bob = joined(code, 2, "Bob")
    starter.post(url("friends_begin", code))
    state = state_of(code)
    phone = bob if state.to_act == 1 else starter
    r = phone.post(
        url("friends_move", code),
        {"move": move_code(state.legal_moves()[0]), "at": len(state.moves)},
        **HTMX,
    )
    assert r.status_code == 200
    for client in (starter, bob, Client()):
        assert client.get(url("friends_table", code)).status_code == 200
        assert client.get(url("friends_poll", code), **HTMX).status_code == 200
    assert Session.objects.count() == 0


def test_a_phone_holds_one_seat_at_a_table():
    starter, code = started()
    r = starter.post(url("friends_sit", code), {"seat": 2, "name": "Ann again"})
    assert r.status_code == 409 and "already" in text(r)
    assert not FriendsSeat.objects.filter(table__code=code, number=1).exists()


def test_the_table_speaks_french_to_a_french_phone():
    starter, code = started()
    french = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    assert "Se joindre à une table" in text(french.get(reverse("practice:friends")))
    page = text(french.get(url("friends_table", code)))
    assert "Prendre une place" in page and "Place 2" in page
    r = french.get(reverse("practice:friends_join"), {"code": "ZZZZZ"})
    assert r.status_code == 404 and "Aucune table n'a le code ZZZZZ" in text(r)


def test_a_robber_holding_the_ace_of_trumps_is_not_offered_it_as_the_discard():
    """The ace that gives the right to rob is kept (card-ranks.md, Robbing): the phone
    dims it with the reason, as the single-player table does, so no tap on it is a 400."""

    for seed in range(1, 400):
        table, keys = friends_table(
            "Ann", "Bob", "Cy", "Di", deal=Deal("traditional", 4, PlayOptions(), seed)
        )
        state = state_of(table.code)
        if state.phase is Phase.ROB and NoRob() in state.legal_moves():
            break
    else:
        raise AssertionError("no seed where a seat holds the ace of trumps and may rob")
    ace = state.ace_of_trumps()
    look = services.look(code=table.code, key=keys[state.to_act], now=timezone.now())
    hand = screen.table(look)["hand"]
    (item,) = [c for c in hand if c["code"] == card_code(ace)]
    assert not item["legal"] and item["reason"] == f"Keep {ace}: it gives you the right to rob."
    assert sum(c["legal"] for c in hand) == len(hand) - 1
