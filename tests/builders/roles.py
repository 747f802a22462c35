"""The role matrix: one decision per URL name (who may POST to it), every address the project
serves, and a club with a running drive to call them on. tests/site/test_roles.py checks the
decisions on the screens; tests/api/test_api.py on the API."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.apps import apps
from django.contrib.auth import get_user_model
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from clubs.models import Membership
from drives.models import Drive
from tests.builders import row_counts

ORGANIZER = "organizer"  # the club's organizers only


SCORER = "scorer"  # scorers and organizers of the club


PUBLIC = "public"  # anyone, logged in or not


GET_ONLY = "get-only"  # reading only: a POST is refused (405) or sent to log in


OWN = "own"  # one account's own thing (an API key): any other account gets 404


SITE_ADMIN = "site-admin"  # the association's site administrator only: anyone else 404


# The JSON API (api/views.py) takes a bearer key, not a session: this matrix skips
# it, and tests/api/test_api.py calls each of these with each kind of key.
API_ORGANIZER = "api-organizer"  # an organizer's key only


API_SCORER = "api-scorer"  # a scorer's or an organizer's key of the club


API_OPEN = "api-open"  # anyone, no key (the schema and its docs page)


API = (API_ORGANIZER, API_SCORER, API_OPEN)


ROLES: dict[str, str] = {
    # config/urls.py: the load balancer's probe (tests/site/test_deploy.py)
    "health": GET_ONLY,
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
    "drives:pair_suggest": GET_ONLY,  # the name box's suggestions: reads the register
    "drives:pairs_bulk_undo": ORGANIZER,
    "drives:pairs_reregister": ORGANIZER,
    "drives:pair_edit": ORGANIZER,
    "drives:pair_remove": ORGANIZER,
    "drives:pair_paid": ORGANIZER,
    "drives:pair_card_renew": ORGANIZER,  # a lost card: a new link for the pair's own page
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
    # A drive's publishing to the association's server: its state, and "Publish to ..."
    "exchange:drive_publish": ORGANIZER,
    # config/urls.py: the club's publishing settings under /club/publishing/
    "publishing:settings": ORGANIZER,  # the server's address and the club's key there
    "publishing:stop": ORGANIZER,
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
    # seasons/urls.py (under series/): a series of drives, its nights and standings; the
    # club's members read them, an organizer changes them
    "seasons:series_list": GET_ONLY,
    "seasons:series_create": ORGANIZER,
    "seasons:series_detail": GET_ONLY,
    "seasons:series_edit": ORGANIZER,
    "seasons:series_standings": GET_ONLY,
    "seasons:night_add": ORGANIZER,
    "seasons:night_remove": ORGANIZER,
    "seasons:drive_create": ORGANIZER,
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
    # players/urls.py: the club's player register and a person's history
    "players:register": ORGANIZER,  # GET lists and searches; POST adds a player
    "players:player": GET_ONLY,  # organizers only: tests/players/test_views.py
    "players:player_edit": ORGANIZER,
    "players:player_remove": ORGANIZER,
    "players:player_restore": ORGANIZER,
    "players:player_merge": ORGANIZER,
    "players:player_unmerge": ORGANIZER,
    # The language switch on every page: any device may choose its language.
    "set_language": PUBLIC,
    # drives/club_urls.py: one's own profile and API keys (drives/profile_views.py)
    "club:profile": SCORER,
    "club:password_change": SCORER,  # one's own password: needs the old one
    "club:token_revoke": OWN,
    "club:tokens_revoke_all": SCORER,  # all of one's own keys: no one else's is in reach
    # board/urls.py: the projector board and public standings, the organizer's standings
    "board:board": GET_ONLY,
    "board:standings": GET_ONLY,
    "board:drive_standings": GET_ONLY,
    # drives/table_urls.py: a table's own page from its QR card; the token is the key
    "table:page": GET_ONLY,
    "table:report": PUBLIC,
    "table:confirm": PUBLIC,
    "table:withdraw": PUBLIC,
    # drives/urls.py card_patterns: a pair's own page from its punch card; the token is the key
    "card:page": GET_ONLY,
    # practice/urls.py: the practice table, no account; the game lives in its own cookie
    "practice:table": GET_ONLY,
    "practice:new": GET_ONLY,
    "practice:hint": GET_ONLY,
    "practice:coaching": GET_ONLY,
    "practice:start": PUBLIC,
    "practice:move": PUBLIC,
    "practice:undo": PUBLIC,
    "practice:next": PUBLIC,
    "practice:again": PUBLIC,
    # practice/school.py: the drills, no account; the score lives in its own cookie
    "practice:school": GET_ONLY,
    "practice:drill": GET_ONLY,
    "practice:drill_answer": PUBLIC,
    "practice:school_reset": PUBLIC,
    "practice:first_game": PUBLIC,  # my first game, with a guide
    "practice:guide": PUBLIC,  # close the guide, show it again
    # leagues/urls.py (under leagues/): a league, its teams and rosters, its schedule of
    # nights (a night's drive, its pairs by team, a tied match's play-off), its standings
    "leagues:league_list": GET_ONLY,
    "leagues:league_create": ORGANIZER,
    "leagues:league_detail": GET_ONLY,
    "leagues:league_edit": ORGANIZER,
    "leagues:league_standings": GET_ONLY,
    "leagues:team_add": ORGANIZER,
    "leagues:team_detail": ORGANIZER,  # read by any member; a POST changes the team
    "leagues:roster_add": ORGANIZER,
    "leagues:roster_move": ORGANIZER,
    "leagues:roster_remove": ORGANIZER,
    "leagues:night_create": ORGANIZER,
    "leagues:night_detail": GET_ONLY,
    "leagues:night_edit": ORGANIZER,
    "leagues:night_remove": ORGANIZER,
    "leagues:night_drive": ORGANIZER,
    "leagues:night_pair_add": ORGANIZER,
    "leagues:playoff": ORGANIZER,
    # printing/urls.py league_patterns (under leagues/<league_id>/print/): its printouts
    "league_print:schedule": GET_ONLY,
    "league_print:standings": GET_ONLY,
    "league_print:match": GET_ONLY,
    # seasons/urls.py (under series/): a series' prizes and their ties
    "seasons:series_prizes": ORGANIZER,
    "seasons:series_tie": ORGANIZER,
    "seasons:series_tie_reopen": ORGANIZER,
    # printing/urls.py series_patterns (under series/<series_id>/print/): its printouts
    "series_print:standings": GET_ONLY,
    "series_print:prize_report": GET_ONLY,
    # practice/friends: a table shared by phones, no account; a seat is held by its cookie
    "practice:friends": GET_ONLY,
    "practice:friends_join": GET_ONLY,
    "practice:friends_table": GET_ONLY,
    "practice:friends_poll": GET_ONLY,
    "practice:friends_qr": GET_ONLY,
    "practice:friends_start": PUBLIC,
    "practice:friends_sit": PUBLIC,
    "practice:friends_begin": PUBLIC,
    "practice:friends_move": PUBLIC,
    "practice:friends_next": PUBLIC,
    "practice:friends_hand_over": PUBLIC,
    # public/urls.py: the organizer's "Public page" screen and its buttons (/club/public/),
    # and the club's public pages (/p/<slug>/, anyone, reading only)
    "public:settings": ORGANIZER,
    "public:drive_show": ORGANIZER,
    "public:series_show": ORGANIZER,
    "public:league_show": ORGANIZER,
    "public:club": GET_ONLY,
    "public:drive": GET_ONLY,
    "public:series": GET_ONLY,
    "public:league": GET_ONLY,
    "public:player": GET_ONLY,
    # siteadmin/urls.py (under site/): the association's site administrator's screens
    "siteadmin:clubs": SITE_ADMIN,
    "siteadmin:club_new": SITE_ADMIN,
    "siteadmin:club_suspend": SITE_ADMIN,
    "siteadmin:club_restore": SITE_ADMIN,
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
    "api:player_list": API_ORGANIZER,
    "api:player_add": API_ORGANIZER,
    "api:player_match": API_ORGANIZER,
    "api:player_history": API_ORGANIZER,
    "api:series_list": API_SCORER,
    "api:series_standings": API_SCORER,
    "api:league_standings": API_SCORER,
    "api:night_publish": API_ORGANIZER,  # a hall's laptop publishes a night (exchange)
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
    "api:player_list": "players:register",
    "api:player_add": "players:register",
    "api:player_match": "drives:pairs_bulk",  # the paste's preview matches each name
    "api:player_history": "players:player",
    "api:series_list": "seasons:series_list",
    "api:series_standings": "seasons:series_standings",
    "api:league_standings": "leagues:league_standings",
    "api:night_publish": "exchange:drive_import",  # a night published becomes a drive here
}


# Address parts that pick one club's object; the others (game, table, number,
# prize) are places inside it.
OBJECT_KWARGS = {
    "drive_id",
    "pair_id",
    "game_id",
    "user_id",
    "token",
    "series_id",
    "league_id",
    "team_id",
    "night_id",
    "entry_id",
    "player_id",
    "card",
    "club_id",
}


SKIPPED_NAMESPACES = {"admin"}


SKIPPED_NAMES = {"login", "logout"}


@dataclass(frozen=True)
class Route:
    key: str  # the URL name with its namespaces, or "/route" for an unnamed one
    route: str
    kwargs: tuple[str, ...]

    def url(self, values: dict) -> str:
        missing = [k for k in self.kwargs if k not in values]
        assert not missing, (
            f"{self.key}: give {missing} a value in tests/builders/roles.py kwarg_values"
        )
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
        "card": world.pair.card_token,
        "token_id": world.api_key.pk,
        "player_id": world.player.pk,
        "series_id": world.series.pk,
        "league_id": world.league.pk,
        "team_id": world.team.pk,
        "night_id": world.night.pk,
        "entry_id": world.entry.pk,
        "place": 1,
        "table_code": world.friends.code,
        "kind": "winner",
        "slug": "st-josephs",
        "club_id": world.drive.club_id,
    }


def state() -> dict:
    """Rows of every table of the project, and the accounts and drives as they stand."""
    models = [
        m
        for label in ("clubs", "drives", "prizes", "scorekeeper", "seasons", "leagues", "public")
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
