"""Every query of club data is scoped to the club, shown on an association's server.

The server holds several clubs made through the site administrator's service, each with
its nights (one finished, one running), pairs, register, a series, a league with a night,
a kept game, a table card and an API key (tests/builders/server.py). An organizer of one
club then asks for every address of the site, walked from the URL resolver so a new
address cannot be missed, with each <id:...> filled with another club's real objects:

- an address that names another club's object answers 404 (or 405 where it takes no such
  method), exactly as it answers for an object that does not exist: nothing is revealed;
- an address whose only key is a printed card's token (a table card, a pair's card) or a
  public screen the club switched on answers that organizer as it answers anyone;
- an address with no object in it is the visitor's own club's, and shows nothing of the
  other club;
- the same for every API route with the visitor's own key;
- and nothing is written.
"""

from __future__ import annotations

import pytest
from django.test import Client

from api.views import api
from drives.models import Drive, TableLink
from tests.builders.api import Api
from tests.builders.roles import OBJECT_KWARGS, ROUTES, state
from tests.builders.server import address_values, club_in_use, make_site_admin

pytestmark = pytest.mark.django_db

# Printed cards: the token is the credential, whoever holds the phone.
TOKEN_KWARGS = {"token", "card"}
# Public screens the club switched on (Drive.board_public, standings_public).
PUBLIC_SCREENS = {"board:board", "board:standings"}
# A club's public pages (public/): the same answer for anyone, logged in or not.
PUBLIC_SCREENS |= {"public:club", "public:drive", "public:series", "public:league", "public:player"}
NOWHERE = 987_654_321  # an id no row has
# A well-formed body, so a write reaches its club's check (an empty one is refused first,
# 422, the same for any drive).
BODIES = {
    "api:pairs_add": {"player1": "Ann", "player2": "Bob"},
    "api:result_record": {"winner": 1, "key": "sweep-key-0001"},
}


@pytest.fixture
def server():
    admin = make_site_admin()
    clubs = [club_in_use(admin, n) for n in (1, 2, 3)]
    Drive.objects.update(board_public=True, standings_public=True)
    return clubs


def names_of(c) -> list[str]:
    """Words only club c's pages hold (its club, nights, people, series, league)."""
    n = c.club.name.rsplit(" ", 1)[1]
    return [
        c.club.name,
        f"Finished night {n}",
        f"Running night {n}",
        f"Mary MacNeil {n}",
        f"Flora MacLeod {n}",
        f"Fall series {n}",
        f"County league {n}",
        f"Knights {n}",
        f"organizer-{n}",
        f"scorer-{n}",
        f"Scoreboard {n}",
    ]


def nowhere(values: dict) -> dict:
    """The same address values with every object one that does not exist."""
    out = dict(values)
    for key in OBJECT_KWARGS & set(values):
        out[key] = "no-such-card-0000000000" if key in TOKEN_KWARGS else NOWHERE
    return out


def client_of(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def leaks(response, owner) -> list[str]:
    body = response.content.decode(errors="replace")
    return [name for name in names_of(owner) if name in body]


def screen_sweep(owner, visitor) -> list[str]:
    """Every screen address as visitor's organizer on owner's objects; the problems found."""
    problems = []
    them, anonymous = client_of(visitor.organizer), Client()
    real, gone = address_values(owner), nowhere(address_values(owner))
    for key, route in ROUTES.items():
        if key.startswith("api:"):
            continue
        objects = OBJECT_KWARGS & set(route.kwargs)
        if not objects and key not in PUBLIC_SCREENS:
            r = them.get(route.url(real))
            if r.status_code >= 500 or leaks(r, owner):
                problems.append(f"{key}: {r.status_code} {leaks(r, owner)}")
            continue
        if objects <= TOKEN_KWARGS or key in PUBLIC_SCREENS:
            for method in ("get", "post"):
                mine = getattr(them, method)(route.url(real)).status_code
                anyone = getattr(anonymous, method)(route.url(real)).status_code
                if mine != anyone:
                    problems.append(f"{key} {method}: {mine}, anyone gets {anyone}")
            continue
        answers = {}
        for method in ("get", "post"):
            answer = getattr(them, method)(route.url(real)).status_code
            missing = getattr(them, method)(route.url(gone)).status_code
            answers[method] = answer
            if answer not in (404, 405) or answer != missing:
                problems.append(f"{key} {method}: {answer} (no such object: {missing})")
        if 404 not in answers.values():
            problems.append(f"{key}: never 404 ({answers})")
    return problems


def api_methods() -> dict[str, set[str]]:
    """Each API route's name with the methods it answers (from the schema)."""
    out: dict[str, set[str]] = {}
    for operations in api.get_openapi_schema()["paths"].values():
        for method, operation in operations.items():
            name = operation["operationId"].removeprefix("drives_views_api_")
            out.setdefault(f"api:{name}", set()).add(method)
    return out


def api_sweep(owner, visitor) -> list[str]:
    """Every API route with visitor's organizer's key on owner's objects."""
    problems = []
    key = Api(visitor.key)
    real, gone = address_values(owner), nowhere(address_values(owner))
    methods = api_methods()
    for name, route in ROUTES.items():
        if not name.startswith("api:") or name not in methods:
            continue  # the schema and its docs page: no club behind them
        objects = OBJECT_KWARGS & set(route.kwargs)
        if not objects:
            if "get" in methods[name]:
                r = key.get(route.url(real))
                if r.status_code != 200 or leaks(r, owner):
                    problems.append(f"{name}: {r.status_code} {leaks(r, owner)}")
            continue
        for method in ("get", "post"):
            body = BODIES.get(name, {}) if method == "post" else None
            answer = key.call(method, route.url(real), body).status_code
            missing = key.call(method, route.url(gone), body).status_code
            want = 404 if method in methods[name] else 405
            if answer != want or missing != want:
                problems.append(f"{name} {method}: {answer} (no such object: {missing})")
    return problems


def test_the_sweep_reaches_every_kind_of_object(server):
    kinds = {k for route in ROUTES.values() for k in route.kwargs} & OBJECT_KWARGS
    assert kinds <= set(address_values(server[0])), "give the new kind a value in server.py"
    assert len([k for k in ROUTES if k.startswith("api:")]) >= 15


def written(before: dict, after: dict, clubs) -> dict:
    """What changed, but the table cards a visitor's own Table links and Print pages make
    for their own club as they are opened; the owners' cards are compared whole."""
    cards = {"TableLink", "drives.TableLink"}
    return {
        k: (before[k], after.get(k)) for k in before if k not in cards and before[k] != after.get(k)
    }


def cards_of(c) -> list:
    return list(TableLink.objects.filter(club=c.club).order_by("pk").values_list("table", "token"))


def test_another_clubs_organizer_finds_nothing_of_a_club_on_any_screen(server):
    first, second, third = server
    before, cards = state(), (cards_of(first), cards_of(third))
    # The visitor's own club may make its table cards as its pages open: never the owners'.
    problems = screen_sweep(first, second) + screen_sweep(third, second)
    assert not problems, "\n".join(problems)
    assert not written(before, state(), server)
    assert (cards_of(first), cards_of(third)) == cards


def test_another_clubs_key_finds_nothing_of_a_club_in_the_api(server):
    first, second, third = server
    before = state()
    problems = api_sweep(first, second) + api_sweep(second, third)
    assert not problems, "\n".join(problems)
    assert state() == before


def test_the_clubs_own_organizer_reaches_what_the_sweep_refused(server):
    """The sweep's addresses are real: the owner's own organizer is let in on them."""
    first = server[0]
    own = client_of(first.organizer)
    values = address_values(first)
    for key in (
        "drives:drive_detail",
        "seasons:series_standings",
        "leagues:night_detail",
        "players:player",
        "scorekeeper:game",
        "prizes:prizes",
    ):
        assert own.get(ROUTES[key].url(values)).status_code == 200, key
    assert Api(first.key).get(ROUTES["api:standings"].url(values)).status_code == 200
