"""The JSON API for scoreboards, league sites and automation (django-ninja).

Every write calls the same service as the organizer's screens; reads use the
same queries as the standings and prize pages, so no rule has a second copy
here. A key (Authorization: Bearer cd_...) acts as the person who made it, with
their role: the role checks are the screens' own (get_drive_for_user), and
tests/site/test_roles.py checks each address against its screen (API_TWINS).

Refusals are JSON {"detail": "..."} with the service's status: 401 no or dead
key, 403 not for this role, 404 not in the key's club, 409 out of date or not
now, 400 refused by the rules, 422 malformed input.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Annotated, Any

from django.core.exceptions import PermissionDenied, SuspiciousOperation, ValidationError
from django.db import models
from django.http import Http404, HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from ninja import Field, NinjaAPI, Query, Status
from ninja.errors import HttpError
from ninja.openapi.docs import Swagger
from ninja.parser import Parser

from clubs.interface import (
    DriveError,
    Origin,
    Player,
    RepeatedKey,
    active_players,
    register_of,
    strict_loads,
)
from clubs.views import membership_of, organizer_only
from drives import interface as drive_services
from drives.interface import game_or_404, game_tables
from drives.interface import standings as drive_standings
from drives.models import Drive, Pair, TableGame
from drives.views.shared import get_drive_for_user
from leagues.interface import league_standings as standings_of_league
from leagues.interface import rules_words as league_rules_words
from leagues.models import League
from players import interface as register
from prizes.interface import prize_report
from seasons.interface import rules_words, series_drives
from seasons.interface import series_standings as standings_of_series
from seasons.models import Series

from .auth import BearerKey
from .schemas import (
    ERRORS,
    READ_ERRORS,
    DriveId,
    DriveIn,
    DriveOut,
    GameNumber,
    HistoryOut,
    LeagueStandingsOut,
    MatchOut,
    PairIn,
    PairOut,
    PlayerId,
    PlayerIn,
    PlayerOut,
    PrizesOut,
    ResultIn,
    ResultOut,
    SeatingOut,
    SeriesId,
    SeriesOut,
    SeriesStandingsOut,
    StandingsOut,
    StartIn,
    TableNumber,
)


class CardDriveAPI(NinjaAPI):
    def get_openapi_operation_id(self, operation) -> str:
        # The ids the schema has published since the API lived in drives/views/api.py
        # (ninja makes them from the module): clients generated from it name their
        # methods after them, so they stay.
        return f"drives_views_api_{operation.view_func.__name__}"


class StrictParser(Parser):
    """A body is read as a drive file is: an object that names a key twice is refused
    by name (Python's json keeps the last value, and which one was meant is not ours to
    guess). ninja answers a body it cannot parse with an HttpError caused by the error."""

    def parse_body(self, request: HttpRequest):
        return strict_loads(request.body)


api = CardDriveAPI(
    title="Card Drive API",
    version="1",
    description=(
        "Drives, pairs, seating, results, standings and prizes of your club. "
        "Send a key from your profile page as `Authorization: Bearer cd_...`. "
        "A result needs a `key` you make up (8-64 letters, digits, `_.:-`): "
        "sending it again returns the first answer and records nothing more."
    ),
    urls_namespace="api",
    auth=BearerKey(),
    parser=StrictParser(),
    # Served from ninja's own static files (ninja is in INSTALLED_APPS): halls have no
    # internet, so no CDN, and no call to the online spec validator either.
    docs=Swagger(settings={"validatorUrl": None, "persistAuthorization": True}),
)


# --- Errors ------------------------------------------------------------------


def _refusal(request: HttpRequest, message: str, status: int) -> HttpResponse:
    return api.create_response(request, {"detail": str(message)}, status=status)


@api.exception_handler(DriveError)
def _drive_error(request, exc: DriveError):
    return _refusal(request, exc.message, exc.status)


@api.exception_handler(ValidationError)
def _invalid(request, exc: ValidationError):
    return _refusal(request, " ".join(str(m) for m in exc.messages), 400)


@api.exception_handler(PermissionDenied)
def _forbidden(request, exc: PermissionDenied):
    return _refusal(request, str(exc) or _("Only an organizer can do this."), 403)


@api.exception_handler(SuspiciousOperation)
def _suspicious(request, exc: SuspiciousOperation):
    # A body over DATA_UPLOAD_MAX_MEMORY_SIZE, for one: nothing a scoreboard sends is that big.
    return _refusal(request, _("The request was refused: it is too large or malformed."), 400)


@api.exception_handler(HttpError)
def _http_error(request, exc: HttpError):
    cause = exc.__cause__
    if not isinstance(cause, RepeatedKey):
        return _refusal(request, str(exc), exc.status_code)  # ninja's own answer
    if cause.where:
        message = _(
            "The request has the key “%(key)s” twice (in %(where)s): nothing was changed."
        ) % {"key": cause.key, "where": cause.where}
    else:
        message = _("The request has the key “%(key)s” twice: nothing was changed.") % {
            "key": cause.key
        }
    return _refusal(request, message, 400)


@api.exception_handler(Http404)
def _not_found(request, exc: Http404):
    return _refusal(request, str(exc) or _("That is not in your club's drives."), 404)


# --- Helpers -----------------------------------------------------------------


def origin_of(request: HttpRequest, screen: str) -> Origin:
    """Like the screens' origin, marked as the API and naming the key (never the whole key)."""
    agent = request.headers.get("User-Agent", "")[:150]
    addr = request.META.get("REMOTE_ADDR", "")
    device = f"{addr} {agent}".strip() + f" (API key {request.auth.prefix}…)"
    return Origin(source=f"api: {screen}", device=device)


def _drive_out(drive: Drive) -> dict:
    return {f: getattr(drive, f) for f in DriveOut.model_fields if f != "id"} | {"id": drive.pk}


def _pair_out(pair: Pair) -> dict:
    return {
        "number": pair.number,
        "player1": pair.player1,
        "player2": pair.player2,
        "names": pair.names,
        "paid": pair.paid,
    }


def _table_out(tg: TableGame) -> dict:
    numbers = {s.pair_id: s.pair.number for s in tg.seat_list}
    return {
        "table": tg.table,
        "pairs": [
            {
                "number": s.pair.number,
                "player1": s.pair.player1,
                "player2": s.pair.player2,
                "names": s.pair.names,
            }
            for s in tg.seat_list
        ],
        "deal_first": numbers.get(tg.deal_first_id),
        "status": tg.status,
        "winner": numbers.get(tg.winner_id) if tg.counts else None,
    }


def _plain(value: Any) -> Any:
    """The prize report's values as plain JSON: records become small objects, money stays cents."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Promise):
        return str(value)
    if isinstance(value, dt.date | dt.datetime):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(_plain(v) for v in value)
    if isinstance(value, Pair):
        return {"number": value.number, "names": value.names}
    if isinstance(value, Drive):
        return {"id": value.pk, "name": value.name, "date": value.date.isoformat()}
    if isinstance(value, models.Model):
        return {
            f.attname: _plain(f.value_from_object(value))
            for f in value._meta.concrete_fields
            if f.name != "drive"
        }
    if dataclasses.is_dataclass(value):
        out = {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
        # Derived facts (a prize's winners, the money remaining) are properties.
        for name in dir(type(value)):
            if not name.startswith("_") and isinstance(getattr(type(value), name), property):
                out[name] = _plain(getattr(value, name))
        return out
    return str(value)


# --- Drives ------------------------------------------------------------------


@api.get(
    "/drives",
    response={200: list[DriveOut], **READ_ERRORS},
    summary="The club's drives",
    tags=["drives"],
)
def drive_list(request):
    """The drives of the key's club, newest first."""
    m = membership_of(request)
    return [_drive_out(d) for d in Drive.objects.filter(club=m.club)]


@api.post("/drives", response={201: DriveOut, **ERRORS}, summary="A new drive", tags=["drives"])
def drive_create(request, payload: DriveIn):
    """A new drive (organizers). Then add its pairs and start it."""
    m = membership_of(request)
    organizer_only(m.role)
    drive = drive_services.drive_create(
        club=m.club,
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, "new drive"),
        **payload.model_dump(),
    )
    return Status(201, _drive_out(drive))


@api.post(
    "/drives/{drive_id}/pairs",
    response={201: list[PairOut], **ERRORS},
    summary="Register pairs",
    tags=["pairs"],
    openapi_extra={"requestBody": {"description": "One pair, or a list of up to 500 pairs."}},
)
def pairs_add(
    request,
    drive_id: DriveId,
    payload: PairIn | Annotated[list[PairIn], Field(min_length=1, max_length=500)],
):
    """Register one pair or several (organizers, before the start). A pair without a number
    gets the next one. A list is added whole or not at all."""
    drive = get_drive_for_user(request, drive_id)
    origin = origin_of(request, "pairs")
    now = timezone.now()
    if isinstance(payload, list):
        pairs = drive_services.pairs_add_many(
            drive=drive,
            actor=request.user,
            now=now,
            entries=[(p.number, p.player1, p.player2) for p in payload],
            # One "paid" for the list, like the paste box's tick: all or none.
            paid=all(p.paid for p in payload),
            origin=origin,
        )
    else:
        pairs = [
            drive_services.pair_add(
                drive=drive, actor=request.user, now=now, origin=origin, **payload.model_dump()
            )
        ]
    return Status(201, [_pair_out(p) for p in pairs])


@api.post(
    "/drives/{drive_id}/start",
    response={200: DriveOut, **ERRORS},
    summary="Start the drive (seat game 1)",
    tags=["drives"],
)
def drive_start(request, drive_id: DriveId, payload: StartIn | None = None):
    """Seat game 1 at random (organizers). Give a seed to repeat a draw; none: a fresh one."""
    drive = get_drive_for_user(request, drive_id)
    drive = drive_services.drive_start(
        drive=drive,
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, "start"),
        seed=payload.seed if payload else None,
        alongside=payload.alongside if payload else False,
    )
    return _drive_out(drive)


# --- The night ---------------------------------------------------------------


@api.get(
    "/drives/{drive_id}/games/{game}/seating",
    response={200: SeatingOut, **READ_ERRORS},
    summary="A game's seating",
    tags=["games"],
)
def game_seating(request, drive_id: DriveId, game: GameNumber):
    """Who sits at each table in a game, who deals first, and each table's result."""
    drive = get_drive_for_user(request, drive_id, scorer_ok=True)
    game_or_404(drive, game)
    return {
        "drive": drive.pk,
        "game": game,
        "current_game": drive.current_game,
        "tables": [_table_out(tg) for tg in game_tables(drive, game)],
    }


@api.post(
    "/drives/{drive_id}/games/{game}/tables/{table}/result",
    response={200: ResultOut, **ERRORS},
    summary="Enter a table's result",
    tags=["games"],
)
def result_record(
    request, drive_id: DriveId, game: GameNumber, table: TableNumber, payload: ResultIn
):
    """The winner of a table, as the front table enters it (organizers and scorers): it counts
    at once. Sending the same key again returns the first answer and records nothing."""
    drive = get_drive_for_user(request, drive_id, scorer_ok=True)
    answer = drive_services.result_enter(
        drive=drive,
        game=game,
        table=table,
        winner_number=payload.winner,
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, "results"),
        key=payload.key,
    )
    tg = answer.table_game
    row = next(t for t in game_tables(drive, tg.game) if t.pk == tg.pk)
    return {
        "message": answer.message,
        "replayed": answer.replayed,
        "game": tg.game,
        "table": _table_out(row),
    }


@api.post(
    "/drives/{drive_id}/games/{game}/next",
    response={200: DriveOut, **ERRORS},
    summary="Seat the next game",
    tags=["games"],
)
def game_next(request, drive_id: DriveId, game: GameNumber):
    """Seat the next game (organizers and scorers) once every table of `game` has its result.
    `game` is the game being played, so a repeated or out-of-date call is refused (409)."""
    drive = get_drive_for_user(request, drive_id, scorer_ok=True)
    drive = drive_services.game_advance(
        drive=drive,
        from_game=game,
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, "next game"),
    )
    return _drive_out(drive)


@api.get(
    "/drives/{drive_id}/standings",
    response={200: StandingsOut, **READ_ERRORS},
    summary="Standings",
    tags=["results"],
)
def standings(request, drive_id: DriveId):
    """Pairs by games won (equal totals share a rank), with the games each won (its punches)."""
    drive = get_drive_for_user(request, drive_id, scorer_ok=True)
    rows = [
        {
            "rank": r.rank,
            "number": r.pair.number,
            "player1": r.pair.player1,
            "player2": r.pair.player2,
            "names": r.pair.names,
            "won": r.won,
            "punched": sorted(r.punched),
        }
        for r in drive_standings(drive)
    ]
    return {
        "drive": drive.pk,
        "games": drive.games,
        "played": drive.current_game,
        "rows": rows,
    }


@api.get(
    "/drives/{drive_id}/prizes",
    response={200: PrizesOut, **READ_ERRORS},
    summary="The prize report",
    tags=["results"],
)
def prizes(request, drive_id: DriveId):
    """The prize report: places and booby, cookie jar, side prizes, and the cash summary
    (amounts in cents), as the prizes page and the printed report show them (organizers,
    like those pages)."""
    drive = get_drive_for_user(request, drive_id)
    report = prize_report(drive)
    return {
        "drive": drive.pk,
        "status": drive.status,
        "conflicts": report["conflicts"],
        "sections": _plain(report["sections"]),
        "cash": _plain(report["cash"]),
    }


# --- The player register -------------------------------------------------------------


def _organizer_club(request):
    m = membership_of(request)
    organizer_only(m.role)
    return m.club


def _player_out(p: Player) -> dict:
    return {"id": p.pk, "name": p.name, "phone": p.phone, "email": p.email, "notes": p.notes}


@api.get(
    "/players",
    response={200: list[PlayerOut], **READ_ERRORS},
    summary="The club's player register",
    tags=["players"],
)
def player_list(request, q: Annotated[str, Query(max_length=60)] = ""):
    """The club's players (organizers), by name; q finds them as the register's search box
    does (accents and case aside, words by their start, small typos)."""
    club = _organizer_club(request)
    if q.strip():
        found = register_of(club).suggest(q, limit=200)
        by_id = active_players(club).in_bulk([c.id for c in found])
        return [_player_out(by_id[c.id]) for c in found if c.id in by_id]
    return [_player_out(p) for p in active_players(club).order_by("match_key", "id")]


@api.post(
    "/players",
    response={201: PlayerOut, **ERRORS},
    summary="Add a player to the register",
    tags=["players"],
)
def player_add(request, payload: PlayerIn):
    """A new entry in the club's register (organizers), the name as they like it written."""
    club = _organizer_club(request)
    player = register.player_add(
        club=club,
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, "player register"),
        **payload.model_dump(),
    )
    return Status(201, _player_out(player))


@api.get(
    "/players/match",
    response={200: MatchOut, **READ_ERRORS},
    summary="Match a name to the register",
    tags=["players"],
)
def player_match(request, name: Annotated[str, Query(max_length=60)] = ""):
    """The entries a typed name may be, best first, and whether it is one of them (exact),
    probably one (likely) or a new player (new): what the paste's preview shows."""
    club = _organizer_club(request)
    match = register_of(club).match(name)
    return {
        "name": name,
        "decision": str(match.decision),
        "candidates": [dataclasses.asdict(c) for c in match.candidates],
    }


@api.get(
    "/players/{player_id}/history",
    response={200: HistoryOut, **READ_ERRORS},
    summary="A player's history",
    tags=["players"],
)
def player_history(request, player_id: PlayerId):
    """Every night the person played: partner, games won, place and prize words."""
    club = _organizer_club(request)
    player = Player.objects.filter(club=club, pk=player_id).first()
    if player is None:
        raise Http404(_("That player is not in your club's register."))
    h = register.history(player)
    return {
        "player": _player_out(player),
        "nights_played": h.played,
        "games_won": h.games_won,
        "nights": [
            {
                "drive": n.drive.pk,
                "drive_name": n.drive.name,
                "date": n.drive.date,
                "pair": n.pair.number,
                "partner": n.partner,
                "games_won": n.won,
                "place": n.place,
                "prize": str(n.prize),
            }
            for n in h.nights
        ],
    }


# --- Series --------------------------------------------------------------------


def _series_out(series: Series, drives: list[Drive]) -> dict:
    return {
        "id": series.pk,
        "name": series.name,
        "counts": series.counts,
        "points": list(series.points or []),
        "best_nights": series.best_nights,
        "min_nights": series.min_nights,
        "by": series.by,
        "nights": [d.pk for d in drives],
        "rules": rules_words(series),
    }


def _player_id(key: str) -> int | None:
    return int(key[1:]) if key.startswith("p") else None


@api.get(
    "/series",
    response={200: list[SeriesOut], **READ_ERRORS},
    summary="The club's series",
    tags=["series"],
)
def series_list(request):
    """The series (seasons of drives) of the key's club, newest first, with their rules."""
    m = membership_of(request)
    return [_series_out(s, series_drives(s)) for s in Series.objects.filter(club=m.club)]


@api.get(
    "/series/{series_id}",
    response={200: SeriesStandingsOut, **READ_ERRORS},
    summary="A series and its standings",
    tags=["series"],
)
def series_standings(request, series_id: SeriesId):
    """A series with its nights and its standings as they stand now (a result entered or
    corrected on a night counts at once): each person's (or pair's) nights, total, place
    by score level among the qualified, as the series standings page shows them."""
    m = membership_of(request)
    series = Series.objects.filter(pk=series_id, club=m.club).first()
    if series is None:
        raise Http404(_("No such series in your club."))
    table = standings_of_series(series)
    return {
        "series": _series_out(series, [n.drive for n in table.nights]),
        "nights": [
            {
                "number": n.number,
                "drive": n.drive.pk,
                "name": n.drive.name,
                "date": n.drive.date,
                "played": n.played,
            }
            for n in table.nights
        ],
        "entries": [
            {
                "place": e.place,
                "names": list(e.names),
                "players": [_player_id(k) for k in e.key],
                "total": e.total,
                "played": e.played,
                "qualified": e.qualified,
                "nights": [n._asdict() for n in e.nights],
            }
            for e in table.entries
        ],
    }


# --- Leagues -------------------------------------------------------------------


@api.get(
    "/leagues/{league_id}",
    response={200: LeagueStandingsOut, **READ_ERRORS},
    summary="A league and its standings",
    tags=["leagues"],
)
def league_standings(request, league_id: SeriesId):
    """A league between halls with its schedule, its team standings (by league points,
    then the league's tie-breaks) and its players' table, as they stand now: a result
    entered or corrected on a night counts at once."""
    m = membership_of(request)
    league = League.objects.filter(pk=league_id, club=m.club).first()
    if league is None:
        raise Http404(_("No such league in your club."))
    table = standings_of_league(league)
    return {
        "id": league.pk,
        "name": league.name,
        "season": league.season,
        "rules": league_rules_words(league),
        "nights": [
            {
                "number": n.night.number,
                "date": n.night.date,
                "venue": n.night.venue,
                "kind": n.night.kind,
                "teams": [nt.team_id for nt in n.night.teams.all()]
                if n.night.kind == League.Kind.MATCH
                else [],
                "drive": n.night.drive_id,
                "played": n.played,
            }
            for n in table.nights
        ],
        "teams": [
            {
                "place": r.place,
                "team": r.team,
                "name": table.teams[r.team].name,
                "venue": table.teams[r.team].venue,
                "points": r.points,
                "nights": r.played,
                "won": r.won,
                "lost": r.lost,
                "night_points": dict(r.night_points),
            }
            for r in table.rows
        ],
        "players": [
            {
                "place": p.place,
                "name": p.name,
                "player": _player_id(p.key),
                "team": p.team,
                "nights": p.nights,
                "won": p.won,
            }
            for p in table.players
        ],
    }
