"""The JSON API against its own OpenAPI schema (schemathesis, in process over WSGI).

Every operation gets generated requests, valid and invalid, with a real
organizer's key; about half are aimed at the club's real drives, games and
tables so the rules are reached, not only the 404s. Whatever is sent, the API
never answers 500, and every answer has a status, content type and body that
the schema declares.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from types import SimpleNamespace

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from accounts.services import tokens as api_tokens
from config.wsgi import application
from drives import services
from seasons import services as seasons
from tests.builders import NOW, add_pairs, make_drive, make_user, play_game, started_drive
from tests.builders.series import make_series

pytestmark = pytest.mark.django_db

OPERATIONS = 17  # GET and POST /api/drives are two, and so are GET and POST /api/players
# Takes nothing but the key: one request says all there is to say.
NO_INPUT = {"GET /api/drives", "GET /api/series"}
# Each operation gets this many generated requests (plus hypothesis's own edge cases).
EXAMPLES = 50
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
CONFIG = schemathesis.Config.from_dict(
    {
        "seed": 20261129,
        "cache": {"enabled": False},
        "warnings": False,
        # Valid and invalid requests; generated only (no examples in the schema, and the
        # coverage phase's count is not bounded by max-examples).
        "generation": {"mode": "all", "deterministic": True, "with-security-parameters": False},
        "phases": {
            "examples": {"enabled": False},
            "coverage": {"enabled": False},
            "stateful": {"enabled": False},
        },
    }
)


@pytest.fixture
def hypothesis_as_it_was():
    """schemathesis patches Hypothesis's internals the first time it generates (a printer
    that prints nothing, bigger buffers): put them back so later property tests keep
    their usual behaviour and failure reports."""
    from hypothesis import core as root_core
    from hypothesis.internal import entropy
    from hypothesis.internal.conjecture import engine
    from hypothesis.strategies._internal import collections, core
    from schemathesis.generation import hypothesis as patches

    patched = [
        (root_core, "RepresentationPrinter"),
        (root_core, "BUFFER_SIZE"),
        (engine, "BUFFER_SIZE"),
        (collections, "BUFFER_SIZE"),
        (core, "is_first_param_referenced_in_function"),
        (entropy, "register_random"),
    ]
    saved = [(m, name, getattr(m, name)) for m, name in patched if hasattr(m, name)]
    was_patched = getattr(patches.setup, "_is_patched", False)
    yield
    if not was_patched:
        for module, name, value in saved:
            setattr(module, name, value)
        patches.setup._is_patched = False


@pytest.fixture
def night(club, organizer):
    """A club with a night under way, one being registered, and the organizer's key."""
    running = started_drive(club, organizer, pairs=9, seed=42)
    play_game(running, organizer)
    services.game_advance(drive=running, from_game=1, actor=organizer, now=NOW)
    registering = make_drive(club, organizer, name="Next Friday")
    add_pairs(registering, organizer, 4)
    make_user(club, username="scorer", role="scorer")
    series = make_series(club, organizer)
    seasons.night_add(series=series, drive=running, actor=organizer, now=NOW)
    key = api_tokens.token_create(actor=organizer, name="Fuzzer", now=NOW).key
    # Django's test client does this too: the in-process requests must not close the
    # test's database connection at their end (it holds the test's transaction).
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    world = SimpleNamespace(
        running=running,
        registering=registering,
        series=series,
        headers={"Authorization": f"Bearer {key}"},
        calls=Counter(),
        statuses=Counter(),
    )
    yield world
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def aim(case, night) -> None:
    """Send about half the requests to the real drives, the current game and table 1."""
    params = case.path_parameters or {}
    series_id = params.get("series_id")
    if isinstance(series_id, int) and not isinstance(series_id, bool) and series_id % 2:
        params["series_id"] = night.series.pk
    drive_id = params.get("drive_id")
    if isinstance(drive_id, int) and not isinstance(drive_id, bool):
        target = (night.running, night.registering, None)[drive_id % 3]
        if target is not None:
            target.refresh_from_db()
            params["drive_id"] = target.pk
            game = params.get("game")
            if isinstance(game, int) and not isinstance(game, bool) and game % 2:
                params["game"] = max(target.current_game, 1)
            table = params.get("table")
            if isinstance(table, int) and not isinstance(table, bool) and table % 2:
                params["table"] = 1


def fuzz(operation, night) -> None:
    """EXAMPLES requests to one operation, valid and invalid ones mixed."""
    cases = operation.as_strategy(GenerationMode.POSITIVE) | operation.as_strategy(
        GenerationMode.NEGATIVE
    )

    @given(case=cases)
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def run(case):
        aim(case, night)
        night.calls[operation.label] += 1
        response = case.call_and_validate(headers=night.headers, checks=CHECKS)
        night.statuses[response.status_code] += 1

    run()


def test_the_api_never_fails_and_always_answers_as_its_schema_says(night, hypothesis_as_it_was):
    started = time.monotonic()
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", application, config=CONFIG)
    for result in schema.get_all_operations():
        fuzz(result.ok(), night)
    took = time.monotonic() - started
    print(f"\nAPI fuzz: {night.calls.total()} requests in {took:.1f} s: {dict(night.statuses)}")
    # A run that quietly generated nothing would prove nothing.
    assert len(night.calls) == OPERATIONS, night.calls
    varied = {op: n for op, n in night.calls.items() if op not in NO_INPUT}
    assert min(varied.values()) >= EXAMPLES // 2, night.calls
    # Enough of them reached the rules, not just the schema's refusals.
    assert night.statuses[200] + night.statuses[201] >= EXAMPLES, night.statuses


# --------------------------------------------------------- the values that once broke forms

NASTY_TEXT = [
    "\u0000",
    "a\u0000b",
    "Pair\u0001one",
    "\u007f",
    "\u200b",
    "\u200b\u200c\u200d\ufeff",
    "\u3164",
    "\u202eMary",
    "Mary\u2066",
    "²",
    "١٢",
    "9" * 5000,
]
NASTY_NUMBERS = [2**63, -(2**63) - 1, 10**30, -(10**30), 10**400, "²", "١٢", "9" * 5000, 1.5e308]
NASTY_IDS = [str(2**63), "9" * 30, "9" * 5000, "²", "١"]


def bodies(night) -> list[tuple[str, str, dict]]:
    """One good call per operation that takes input: (method, path, body)."""
    d, r = night.running.pk, night.registering.pk
    drive = {"name": "Friday", "date": "2026-12-18", "venue": "Legion", "games": 20}
    return [
        ("post", "/api/drives", drive),
        ("post", f"/api/drives/{r}/pairs", {"player1": "Mary", "player2": "John", "number": 30}),
        ("post", f"/api/drives/{r}/start", {"seed": 7}),
        ("post", f"/api/drives/{d}/games/2/tables/1/result", {"winner": 1, "key": "k-000001"}),
        ("post", f"/api/drives/{d}/games/2/next", {}),
        ("get", f"/api/drives/{d}/games/2/seating", {}),
        ("get", f"/api/drives/{d}/standings", {}),
        ("get", f"/api/drives/{d}/prizes", {}),
    ]


def test_nasty_values_in_every_api_field_and_address_are_refused_plainly(night):
    """Every text field, number field and number in the address, given each value that
    once answered 500 somewhere: a 4xx with a JSON detail, never a server error."""
    from django.test import Client

    client = Client()
    sent = 0

    def call(method, path, body):
        nonlocal sent
        sent += 1
        if method == "get":
            return client.get(path, HTTP_AUTHORIZATION=night.headers["Authorization"])
        return client.post(
            path,
            json.dumps(body),
            content_type="application/json",
            HTTP_AUTHORIZATION=night.headers["Authorization"],
        )

    for method, path, body in bodies(night):
        cases = []
        for field, good in body.items():
            bad = NASTY_NUMBERS if isinstance(good, int) else NASTY_TEXT
            cases += [{**body, field: value} for value in bad]
        for body_case in cases:
            r = call(method, path, body_case)
            assert r.status_code < 500, (path, body_case, r.status_code)
            if r.status_code >= 400:
                assert r.json()["detail"], (path, body_case)
        for value in NASTY_IDS:
            parts = path.split("/")
            for i, part in enumerate(parts):
                if part.isdigit():
                    broken = "/".join([*parts[:i], value, *parts[i + 1 :]])
                    r = call(method, broken, body)
                    assert r.status_code < 500, (broken[:80], r.status_code)
                    assert 400 <= r.status_code < 500, (broken[:80], r.status_code)
    assert sent > 150, sent
