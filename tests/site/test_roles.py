"""Who may write where: the role matrix for every address the project serves.

ROLES holds one decision per URL name: who may POST to it. A URL someone adds
without a decision here fails test_every_url_has_a_role_decision, naming it.
Then every write URL is posted to (empty data) by each kind of visitor:

- anonymous: sent to log in (public addresses answer anyone);
- a scorer of the club: refused (403) where only an organizer may write;
- another club's organizer: not found (404) for anything of this club;
- the club's organizer: never a server error (a 4xx for empty data is fine).

Every refusal writes nothing.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.services import tokens as api_tokens
from tests.builders import NOW
from tests.builders.roles import (
    API_OPEN,
    API_ORGANIZER,
    API_SCORER,
    API_TWINS,
    GET_ONLY,
    OBJECT_KWARGS,
    ORGANIZER,
    OWN,
    PUBLIC,
    READS,
    ROLES,
    ROUTES,
    SCORER,
    SITE_ADMIN,
    WRITES,
    Route,
    kwarg_values,
    routes,
    state,
)

pytestmark = pytest.mark.django_db


WHO = ["anonymous", "scorer", "other_organizer", "organizer"]


def test_every_url_has_a_role_decision():
    undecided = sorted(set(routes()) - set(ROLES))
    assert not undecided, (
        f"No role decision for {undecided}: add each to ROLES in tests/builders/roles.py "
        f"as organizer, scorer, public, get-only, own or one of the api kinds."
    )


def test_every_role_decision_is_for_a_url_that_exists():
    gone = sorted(set(ROLES) - set(routes()))
    assert not gone, f"ROLES names URLs that no longer exist: {gone}"


def test_every_api_address_names_its_screen():
    api_routes = {key for key in ROUTES if key.startswith("api:")}
    assert api_routes == set(API_TWINS), (
        f"Name the screen of {sorted(api_routes - set(API_TWINS))} in API_TWINS "
        f"(tests/builders/roles.py), or drop {sorted(set(API_TWINS) - api_routes)}"
    )
    for key, twin in API_TWINS.items():
        assert (twin is None) == (ROLES[key] == API_OPEN), key
        assert twin is None or twin in ROUTES, f"{key}: no screen named {twin}"


def test_the_matrix_covers_the_writes_of_every_app():
    prefixes = {key.split(":")[0] for key in WRITES if ":" in key}
    assert {"drives", "prizes", "scorekeeper", "club", "seasons"} <= prefixes


# --- The club, its people, a running drive ---------------------------------------


def expected(rule: str, who: str, route: Route):
    """The answer wanted: "login", 403, 404, or "allowed"."""
    if rule == PUBLIC:
        return "allowed"
    if who == "anonymous":
        return "login"
    if rule == SITE_ADMIN:
        # Nobody of a club is the site's administrator: the screens are not there for them.
        return 404
    if rule == OWN:
        # The organizer's own key: to anyone else it is not there.
        return "allowed" if who == "organizer" else 404
    if who == "other_organizer":
        # With no object of this club in the address (club:people, or table 3 of
        # club:table_link_rotate) they act on their own club, as its organizer.
        return 404 if OBJECT_KWARGS & set(route.kwargs) else "allowed"
    if who == "scorer" and rule == ORGANIZER:
        return 403
    return "allowed"


def goes_to_login(response) -> bool:
    return response.status_code == 302 and response.url.startswith(reverse("login"))


@pytest.mark.parametrize("who", WHO)
@pytest.mark.parametrize("key", WRITES)
def test_a_post_is_answered_by_the_role_and_a_refusal_writes_nothing(world, key, who):
    route = ROUTES[key]
    url = route.url(kwarg_values(world))
    client = world.clients[who]
    want = expected(ROLES[key], who, route)
    before = state()
    response = client.post(url, {})
    if want == "allowed":
        assert response.status_code < 500, f"{key} as {who}: {response.status_code}"
        assert response.status_code != 405, f"{key} takes no POST: make it get-only in ROLES"
        if ROLES[key] != PUBLIC:
            # Let in: whatever the empty form gets, it is not a refusal of the person.
            refused = response.status_code in (403, 404) or goes_to_login(response)
            assert not refused, f"{key} as {who} was turned away: {response.status_code}"
        return
    if want == "login":
        assert goes_to_login(response), f"{key} as {who}: {response.status_code}"
    else:
        assert response.status_code == want, f"{key} as {who}: {response.status_code}"
        htmx = client.post(url, {}, HTTP_HX_REQUEST="true")
        assert htmx.status_code == want, f"{key} as {who} (htmx): {htmx.status_code}"
    assert state() == before, f"{key} as {who} wrote something"


@pytest.mark.parametrize("key", READS)
def test_a_reading_address_refuses_a_post(world, key):
    url = ROUTES[key].url(kwarg_values(world))
    before = state()
    assert world.clients["organizer"].post(url, {}).status_code == 405, key
    anonymous = world.clients["anonymous"].post(url, {})
    assert anonymous.status_code == 405 or goes_to_login(anonymous), key
    assert state() == before


TOKEN_WRITES = [key for key in WRITES if "token" in ROUTES[key].kwargs]


@pytest.mark.parametrize("key", TOKEN_WRITES)
def test_a_public_address_with_a_wrong_token_is_refused(world, key):
    values = {**kwarg_values(world), "token": "not-a-printed-card-0000"}
    url = ROUTES[key].url(values)
    before = state()
    assert world.clients["anonymous"].post(url, {}).status_code in (403, 404), key
    assert state() == before


# --- The API's roles are the screens' --------------------------------------------------

API_TO_SCREEN_RULE = {API_ORGANIZER: ORGANIZER, API_SCORER: SCORER}
TWINNED = sorted(key for key, twin in API_TWINS.items() if twin)


def scorer_may_use_screen(world, key: str) -> bool:
    """Whether the club's scorer gets the screen (a read) or is let to write on it."""
    twin = ROUTES[API_TWINS[key]]
    rule = ROLES[twin.key]
    if rule == GET_ONLY:
        response = world.clients["scorer"].get(twin.url(kwarg_values(world)))
        assert response.status_code in (200, 403), (twin.key, response.status_code)
        return response.status_code == 200
    return rule == SCORER


@pytest.mark.parametrize("key", TWINNED)
def test_an_api_address_allows_the_scorer_exactly_what_its_screen_does(world, key):
    api_rule = ROLES[key]
    assert api_rule in API_TO_SCREEN_RULE, f"{key}: give it api-organizer or api-scorer"
    screen = scorer_may_use_screen(world, key)
    api = api_rule == API_SCORER
    assert api == screen, (
        f"A scorer {'may' if screen else 'may not'} use {API_TWINS[key]} on the screens "
        f"but {'may' if api else 'may not'} call {key}"
    )


def _api_reads() -> list[str]:
    """The API addresses answered on GET (tests/api/test_api.py calls the writes with each key)."""
    from api.views import api

    names = set()
    for operations in api.get_openapi_schema()["paths"].values():
        if "get" in operations:
            # The schema's operation ids are the view's name after a fixed prefix (api/views.py).
            name = operations["get"]["operationId"].removeprefix("drives_views_api_")
            names.add(f"api:{name}")
    return sorted(names & set(TWINNED))


@pytest.mark.parametrize("key", _api_reads())
def test_a_scorers_key_reads_exactly_what_the_scorer_sees_on_the_screens(world, key):
    url = ROUTES[key].url(kwarg_values(world))
    scorer_key = api_tokens.token_create(actor=world.scorer, name="Board", now=NOW).key
    response = Client(HTTP_AUTHORIZATION=f"Bearer {scorer_key}").get(url)
    want = 200 if scorer_may_use_screen(world, key) else 403
    assert response.status_code == want, (key, response.status_code, response.content[:200])
