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

import re
from dataclasses import dataclass
from types import SimpleNamespace

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from accounts.services import tokens as api_tokens
from clubs.models import Membership
from drives import services
from drives.models import Drive
from scorekeeper import services as scorekeeper
from tests.builders import NOW, add_pairs, make_club, make_drive, make_user, row_counts

pytestmark = pytest.mark.django_db

ORGANIZER = "organizer"  # the club's organizers only
SCORER = "scorer"  # scorers and organizers of the club
PUBLIC = "public"  # anyone, logged in or not
GET_ONLY = "get-only"  # reading only: a POST is refused (405) or sent to log in
OWN = "own"  # one account's own thing (an API key): any other account gets 404
# The JSON API (api/views.py) takes a bearer key, not a session: this matrix skips
# it, and tests/api/test_api.py calls each of these with each kind of key.
API_ORGANIZER = "api-organizer"  # an organizer's key only
API_SCORER = "api-scorer"  # a scorer's or an organizer's key of the club
API_OPEN = "api-open"  # anyone, no key (the schema and its docs page)
API = (API_ORGANIZER, API_SCORER, API_OPEN)

ROLES: dict[str, str] = {
    "/": PUBLIC,  # the front door redirects to the drive list; it writes nothing
    # drives/urls.py
    "drives:drive_list": GET_ONLY,
    "drives:drive_create": ORGANIZER,
    "drives:drive_detail": GET_ONLY,
    "drives:drive_edit": ORGANIZER,
    "drives:drive_copy": ORGANIZER,
    "drives:drive_screens": ORGANIZER,
    "drives:pairs": GET_ONLY,
    "drives:pair_add": ORGANIZER,
    "drives:pairs_bulk": ORGANIZER,
    "drives:pairs_bulk_undo": ORGANIZER,
    "drives:pairs_reregister": ORGANIZER,
    "drives:pair_edit": ORGANIZER,
    "drives:pair_remove": ORGANIZER,
    "drives:pair_paid": ORGANIZER,
    "drives:drive_start": ORGANIZER,
    "drives:drive_delete": ORGANIZER,
    "drives:table_cards_serve": ORGANIZER,
    "drives:game": GET_ONLY,
    "drives:game_live": GET_ONLY,
    "drives:result_record": SCORER,
    "drives:scoresheet": SCORER,
    "drives:hand_add": SCORER,
    "drives:hand_undo": SCORER,
    "drives:game_next": SCORER,
    "drives:result_undo": SCORER,
    "drives:game_undo": SCORER,
    "drives:seating": GET_ONLY,
    "drives:seating_preview": GET_ONLY,
    "drives:seating_change": ORGANIZER,
    "drives:result_correct": ORGANIZER,
    "drives:finish_early": ORGANIZER,
    "drives:drive_finish": ORGANIZER,
    "drives:pair_card": GET_ONLY,
    "drives:audit": GET_ONLY,
    "drives:rules": GET_ONLY,
    # printing/urls.py (under drives/<drive_id>/print/): the Print page and PDF downloads
    "printing:print": GET_ONLY,
    "printing:print_language": ORGANIZER,
    "printing:pdf_punch_cards": GET_ONLY,
    "printing:pdf_blank_cards": GET_ONLY,
    "printing:pdf_table_cards": GET_ONLY,
    "printing:pdf_seating": GET_ONLY,
    "printing:pdf_paper_pack": GET_ONLY,
    "printing:pdf_standings": GET_ONLY,
    "printing:pdf_final_cards": GET_ONLY,
    "printing:pdf_prize_report": GET_ONLY,
    # exchange/urls.py (under drives/): the drive as a JSON file, its import, CSV files
    "exchange:drive_import": ORGANIZER,  # a drive file uploaded becomes a new drive of the club
    "exchange:drive_export": GET_ONLY,
    "exchange:csv_standings": GET_ONLY,
    "exchange:csv_results": GET_ONLY,
    "exchange:csv_audit": GET_ONLY,
    # scoring/urls.py: prizes, ties, side draws, cookie jar
    "prizes:prizes": GET_ONLY,
    "prizes:prize_settings": ORGANIZER,
    "prizes:report": GET_ONLY,
    "prizes:tie": ORGANIZER,
    "prizes:tie_reopen": ORGANIZER,
    "prizes:pair_paid": ORGANIZER,  # "Mark paid" beside a pair where its prize is decided
    "prizes:side": GET_ONLY,
    "prizes:side_fifty_fifty": ORGANIZER,
    "prizes:side_travelling": ORGANIZER,
    "prizes:side_travelling_holder": ORGANIZER,
    "prizes:side_door": ORGANIZER,
    "prizes:jar": GET_ONLY,
    "prizes:jar_entry": ORGANIZER,
    "prizes:jar_draw": ORGANIZER,
    "prizes:jar_carry": ORGANIZER,
    # scoring/scorekeeper_urls.py: the stand-alone scorekeeper
    "scorekeeper:game_list": GET_ONLY,
    "scorekeeper:game_new": SCORER,
    "scorekeeper:game": GET_ONLY,
    "scorekeeper:hand_add": SCORER,
    "scorekeeper:hand_undo": SCORER,
    # drives/club_urls.py: the People page
    "club:people": ORGANIZER,
    "club:club_language": ORGANIZER,
    "club:member_password": ORGANIZER,
    "club:member_role": ORGANIZER,
    "club:member_remove": ORGANIZER,
    "club:member_unlock": ORGANIZER,
    "club:table_links": ORGANIZER,
    "club:table_link_rotate": ORGANIZER,
    "club:table_card_test": GET_ONLY,  # organizers only: tests/site/test_site_address_screens.py
    "club:table_card_test_qr": GET_ONLY,
    "club:reach": GET_ONLY,  # public: what a phone that scanned the test QR code sees
    # The language switch on every page: any device may choose its language.
    "set_language": PUBLIC,
    # drives/club_urls.py: one's own profile and API keys (drives/profile_views.py)
    "club:profile": SCORER,
    "club:password_change": SCORER,  # one's own password: needs the old one
    "club:token_revoke": OWN,
    # board/urls.py: the projector board and public standings, the organizer's standings
    "board:board": GET_ONLY,
    "board:standings": GET_ONLY,
    "board:drive_standings": GET_ONLY,
    # drives/table_urls.py: a table's own page from its QR card; the token is the key
    "table:page": GET_ONLY,
    "table:report": PUBLIC,
    "table:confirm": PUBLIC,
    "table:withdraw": PUBLIC,
    # practice/urls.py: the practice table, no account; the game lives in the session
    "practice:table": GET_ONLY,
    "practice:new": GET_ONLY,
    "practice:hint": GET_ONLY,
    "practice:coaching": GET_ONLY,
    "practice:start": PUBLIC,
    "practice:move": PUBLIC,
    "practice:undo": PUBLIC,
    "practice:next": PUBLIC,
    "practice:again": PUBLIC,
    # api/urls.py under /api/
    "api:api-root": API_OPEN,
    "api:openapi-json": API_OPEN,
    "api:openapi-view": API_OPEN,
    "api:drive_list": API_SCORER,
    "api:drive_create": API_ORGANIZER,
    "api:pairs_add": API_ORGANIZER,
    "api:drive_start": API_ORGANIZER,
    "api:game_seating": API_SCORER,
    "api:result_record": API_SCORER,
    "api:game_next": API_SCORER,
    "api:standings": API_SCORER,
    "api:prizes": API_ORGANIZER,  # the prize report with its cash summary, as on the screens
}

# Every API address names the screen that shows or does the same thing: the API's
# role must be that screen's (a key acts as its person, never as more). None: the
# schema and its docs, open to anyone, with no screen of the club behind them.
API_TWINS: dict[str, str | None] = {
    "api:api-root": None,
    "api:openapi-json": None,
    "api:openapi-view": None,
    "api:drive_list": "drives:drive_list",
    "api:drive_create": "drives:drive_create",
    "api:pairs_add": "drives:pair_add",
    "api:drive_start": "drives:drive_start",
    "api:game_seating": "drives:game",
    "api:result_record": "drives:result_record",
    "api:game_next": "drives:game_next",
    "api:standings": "board:drive_standings",
    "api:prizes": "prizes:report",
}

# Address parts that pick one club's object; the others (game, table, number,
# prize) are places inside it.
OBJECT_KWARGS = {"drive_id", "pair_id", "game_id", "user_id", "token"}

SKIPPED_NAMESPACES = {"admin"}
SKIPPED_NAMES = {"login", "logout"}


@dataclass(frozen=True)
class Route:
    key: str  # the URL name with its namespaces, or "/route" for an unnamed one
    route: str
    kwargs: tuple[str, ...]

    def url(self, values: dict) -> str:
        missing = [k for k in self.kwargs if k not in values]
        assert not missing, f"{self.key}: give {missing} a value in test_roles.kwarg_values"
        if self.key.startswith("/"):
            assert not self.kwargs, f"{self.route}: name this URL so it can be reversed"
            return self.key
        return reverse(self.key, kwargs={k: values[k] for k in self.kwargs})


def _walk(patterns, prefix="", namespace="", kwargs=()):
    for p in patterns:
        names = tuple(p.pattern.regex.groupindex)
        if isinstance(p, URLResolver):
            if p.namespace in SKIPPED_NAMESPACES:
                continue
            ns = f"{namespace}{p.namespace}:" if p.namespace else namespace
            yield from _walk(p.url_patterns, prefix + str(p.pattern), ns, kwargs + names)
        elif isinstance(p, URLPattern):
            route = prefix + str(p.pattern)
            if p.name in SKIPPED_NAMES or re.match(r"\^?/?(static|media)/", route):
                continue
            key = f"{namespace}{p.name}" if p.name else "/" + route
            yield Route(key=key, route=route, kwargs=kwargs + names)


def routes() -> dict[str, Route]:
    return {r.key: r for r in _walk(get_resolver().url_patterns)}


ROUTES = routes()
WRITES = [key for key in ROUTES if ROLES.get(key) not in (None, GET_ONLY, *API)]
READS = [key for key in ROUTES if ROLES.get(key) == GET_ONLY]
WHO = ["anonymous", "scorer", "other_organizer", "organizer"]


def test_every_url_has_a_role_decision():
    undecided = sorted(set(routes()) - set(ROLES))
    assert not undecided, (
        f"No role decision for {undecided}: add each to ROLES in tests/site/test_roles.py "
        f"as organizer, scorer, public, get-only, own or one of the api kinds."
    )


def test_every_role_decision_is_for_a_url_that_exists():
    gone = sorted(set(ROLES) - set(routes()))
    assert not gone, f"ROLES names URLs that no longer exist: {gone}"


def test_every_api_address_names_its_screen():
    api_routes = {key for key in ROUTES if key.startswith("api:")}
    assert api_routes == set(API_TWINS), (
        f"Name the screen of {sorted(api_routes - set(API_TWINS))} in API_TWINS "
        f"(tests/site/test_roles.py), or drop {sorted(set(API_TWINS) - api_routes)}"
    )
    for key, twin in API_TWINS.items():
        assert (twin is None) == (ROLES[key] == API_OPEN), key
        assert twin is None or twin in ROUTES, f"{key}: no screen named {twin}"


def test_the_matrix_covers_the_writes_of_every_app():
    prefixes = {key.split(":")[0] for key in WRITES if ":" in key}
    assert {"drives", "prizes", "scorekeeper", "club"} <= prefixes


# --- The club, its people, a running drive ---------------------------------------


@pytest.fixture
def world(club, organizer):
    scorer = make_user(club, username="scorer", role="scorer")
    # Copied from last week's drive, so re-registering last week's pairs is on offer.
    last_week = make_drive(club, organizer, name="Last Friday")
    drive = services.drive_copy(source=last_week, actor=organizer, now=NOW)
    add_pairs(drive, organizer, 9)
    drive = services.drive_start(drive=drive, actor=organizer, now=NOW, seed=42)
    pair = drive.pairs.order_by("number").first()
    score_game = scorekeeper.score_game_create(
        club=club,
        family="forty_fives",
        variant="forty_fives_45",
        sides=[{"name": "Ann", "players": 1}, {"name": "Bob", "players": 1}],
        options={},
        target=None,
        title="",
        actor=organizer,
        now=NOW,
    )
    link = services.table_links(club, 1)[0]
    api_key = api_tokens.token_create(actor=organizer, name="Scoreboard", now=NOW).token
    other = make_user(make_club("Legion Branch 12"), username="other-organizer")
    clients = {"anonymous": Client()}
    for who, user in (("scorer", scorer), ("other_organizer", other), ("organizer", organizer)):
        clients[who] = Client()
        clients[who].force_login(user)
    return SimpleNamespace(
        drive=drive,
        pair=pair,
        scorer=scorer,
        score_game=score_game,
        link=link,
        api_key=api_key,
        clients=clients,
    )


def kwarg_values(world) -> dict:
    return {
        "drive_id": world.drive.pk,
        "game": world.drive.current_game,
        "table": 1,
        "pair_id": world.pair.pk,
        "number": world.pair.number,
        "prize": "place-1",
        "game_id": world.score_game.pk,
        "user_id": world.scorer.pk,
        "token": world.link.token,
        "token_id": world.api_key.pk,
    }


def state() -> dict:
    """Rows of every table of the project, and the accounts and drives as they stand."""
    models = [
        m
        for label in ("clubs", "drives", "prizes", "scorekeeper")
        for m in apps.get_app_config(label).get_models()
    ]
    users = get_user_model().objects.order_by("pk")
    return {
        **row_counts(),
        **{m._meta.label: m.objects.count() for m in models},
        "users": [(u.username, u.is_active, u.password) for u in users],
        "members": sorted(Membership.objects.values_list("user_id", "club_id", "role")),
        "drives": list(Drive.objects.order_by("pk").values_list("pk", "status", "current_game")),
    }


def expected(rule: str, who: str, route: Route):
    """The answer wanted: "login", 403, 404, or "allowed"."""
    if rule == PUBLIC:
        return "allowed"
    if who == "anonymous":
        return "login"
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
