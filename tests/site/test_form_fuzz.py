"""Random form data posted to every write view: never a server error, and a refusal
writes nothing.

The write views are the ones tests/builders/roles.py enumerates from the URL resolver
(its ROLES matrix), with its address values and the world of tests/site/conftest.py
(a club, its people, a running drive). The field names are the ones the pages really
post (every page of the world is read once and each <form> is mapped to the view
it posts to) and the ones the view's code reads (its forms' fields, the keys it looks up).
Hypothesis then posts a few forms per view, as the club's organizer, mixing
those names with junk and values that are empty, huge, unicode, negative, huge
numbers, bytes that are not UTF-8, and several values for one key, and the values the
pages themselves offer (a choice, a hidden game number) so the checks behind the first
one are reached too. NASTY values come often: digits that are not 0-9 ("²", "١٢"),
numbers past int() and past the database, NUL and other control characters, names
that show nothing and direction overrides. A quarter of the requests are GETs with the
same fields in the query. Each request is rolled back afterwards, so every example
meets the same drive. Every address is also asked with a number too large for any row.

Bounded for CI: a few examples per view and drive state (see EXAMPLES).
"""

from __future__ import annotations

import inspect
import json
import os
import re
from html.parser import HTMLParser
from types import SimpleNamespace
from urllib.parse import quote, urlencode, urlsplit

import pytest
from django import forms
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import transaction
from django.urls import Resolver404, resolve
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubs.models import Membership
from drives import services
from drives.models import Drive, PlacePrize, PrizeSettings
from tests.builders import NOW, add_pairs, make_drive, play_game
from tests.builders.roles import READS, ROUTES, WRITES, kwarg_values

pytestmark = pytest.mark.django_db

# Per view and drive state: the whole file stays within about a minute in CI.
# FUZZ_EXAMPLES=200 for a longer hunt on a laptop.
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "8"))

# Which drives a view is fuzzed against: every view meets the running drive; a view
# of a drive also meets one still registering pairs; the prize views a finished one.
DRIVE_VIEWS = [k for k in WRITES if "drive_id" in ROUTES[k].kwargs]
PRIZE_VIEWS = [k for k in DRIVE_VIEWS if k.startswith("prizes:")]
CASES = (
    [(k, "running") for k in WRITES]
    + [(k, "setup") for k in DRIVE_VIEWS]
    + [(k, "finished") for k in PRIZE_VIEWS]
)

# Any character a browser can send (a lone surrogate cannot be encoded at all; bytes
# that are not UTF-8 are sent raw in BAD_BYTES instead).
TEXT = st.characters(exclude_categories=("Cs",))
BAD_BYTES = "%FF%FE%C0%AF%00"
JUNK_KEYS = ["", "id", "pk", "drive", "club", "status", "current_game", "__proto__", "a[]"]
ODD_VALUES = [
    "0",
    "-1",
    "1e309",
    "NaN",
    "inf",
    "-0",
    " 3 ",
    "3.5",
    "0x10",
    "١٢",  # Arabic-Indic digits: int() reads them
    "½",
    "9" * 40,
    "a\x00b",
    "on",
    "off",
    "true",
    "false",
    "null",
    "[]",
    "{}",
    '{"tricks": {"1": 5}}',
    "digital",
    "physical",
    "playoff",
    "split",
    "arrive",
    "leave",
    "swap",
    "move",
    "hand",
    "site",
    "scorer",
    "organizer",
    "key-00000001",
    "place-1",
    "booby",
    "2026-11-29",
    "1-100, 201-250",
    "=cmd|' /C calc'!A0",
    "<script>alert(1)</script>",
    "Mary & John\nAnn & Bob",
]
# Each of these answered 500 somewhere once: the fuzzing draws them often.
NASTY = [
    "²",  # a digit to str.isdigit(), not to int()
    "¹²",
    "١٢",  # Arabic-Indic digits: int() reads them
    "𝟙𝟚",  # mathematical digits: int() reads them too
    "9" * 5000,  # more digits than int() converts
    "-" + "9" * 5000,
    "9" * 19,  # past a 64-bit id
    str(2**63),
    "9" * 30,
    "\x00",
    "a\x00b",
    "Pair\x01one",
    "\x1b[31m",
    "\x7f",
    "\x85",
    "\u200b",  # only zero-width characters
    "\u200b\u200c\u200d\u2060\ufeff",
    "\u3164",  # the Hangul filler: a letter that draws nothing
    "\u2800",
    "\u202eMary MacNeil",  # right-to-left override
    "Mary\u202e & John\u2066",
]
BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


def nasty_values():
    """Values of the kinds in NASTY, generated: non-ASCII digits, huge integers,
    control characters, invisible-only text, text with a direction override."""
    return st.one_of(
        st.sampled_from(NASTY),
        st.text(
            st.characters(categories=["Nd", "No"], max_codepoint=0x1FFFF), min_size=1, max_size=6
        ),
        st.integers(min_value=2**63 - 2, max_value=10**80).map(str),
        st.integers(min_value=-(10**80), max_value=-(2**63)).map(str),
        st.text(st.characters(categories=["Cc"]), min_size=1, max_size=3).flatmap(
            lambda c: st.text(max_size=8).map(lambda t: t[:4] + c + t[4:])
        ),
        st.text(st.characters(categories=["Cf", "Zs", "Mn", "Me"]), min_size=1, max_size=6),
        st.tuples(st.sampled_from(BIDI), st.text(max_size=12)).map(lambda p: p[0] + p[1]),
    )


# ---------------------------------------------------------------- the real field names


class _Forms(HTMLParser):
    """Field names per address a page posts to: <form action> or hx-post, with the
    names of its inputs, selects, textareas and buttons (and hx-vals keys)."""

    def __init__(self, page: str):
        super().__init__()
        self.page = page
        self.found: dict[str, set[str]] = {}
        self.stack: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.stack.append(a.get("hx-post") or a.get("action") or self.page)
            self.found.setdefault(self.stack[-1], set())
            return
        target = a.get("hx-post") or (self.stack[-1] if self.stack else None)
        if target is None:
            return
        names = self.found.setdefault(target, set())
        if tag in ("input", "select", "textarea", "button") and a.get("name"):
            names.add(a["name"])
            self.field = a["name"]
            if a.get("value") is not None:
                _VALUES.setdefault(a["name"], set()).add(a["value"])
        if tag == "option" and a.get("value") and getattr(self, "field", None):
            _VALUES.setdefault(self.field, set()).add(a["value"])
        try:
            extra = json.loads(a.get("hx-vals") or "null")
        except ValueError:
            extra = None
        if isinstance(extra, dict):
            names.update(extra)

    def handle_endtag(self, tag):
        if tag == "form" and self.stack:
            self.stack.pop()


_NAMES: dict[object, set[str]] = {}  # view function -> the field names its pages post
_VALUES: dict[str, set[str]] = {}  # field name -> the values the pages give it
_CRAWLED: set[str] = set()


def _view_of(address: str):
    try:
        return resolve(urlsplit(address).path).func
    except Resolver404:
        return None


def crawl(client, values: dict, state: str) -> None:
    """Read every page of the world once per drive state and note each form's fields."""
    if state in _CRAWLED:
        return
    _CRAWLED.add(state)
    for key in sorted({*READS, *WRITES}):
        url = ROUTES[key].url(values)
        response = client.get(url)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        parser = _Forms(url)
        parser.feed(response.content.decode(errors="replace"))
        for address, names in parser.found.items():
            view = _view_of(address or url)
            if view is not None:
                _NAMES.setdefault(view, set()).update(n for n in names if n)


# A string looked up in the code (data.get("winner"), cleaned_data["game"]) and a form
# class named (built, or handed to a helper that builds it).
_KEYS = re.compile(r"""(?:\.get(?:list)?\(|\[)\s*["']([A-Za-z_][\w-]*)["']""")
_FORM = re.compile(r"\b([A-Z]\w*Form)\b")
_HELPER = re.compile(r"\b(_\w+)\(")


def source_names(view, depth: int = 2) -> set[str]:
    """Names the view's code reads: the fields of the forms it builds (and its helpers
    build), and the keys it looks up. Pages in states the crawl does not reach, and
    fields only some states show, are found this way."""
    fn = inspect.unwrap(view)
    try:
        src = inspect.getsource(fn)
    except (OSError, TypeError):
        return set()
    names = set(_KEYS.findall(src))
    for name in _FORM.findall(src):
        cls = fn.__globals__.get(name)
        if isinstance(cls, type) and issubclass(cls, forms.BaseForm):
            names |= set(cls.base_fields)
    if depth:
        for name in set(_HELPER.findall(src)):
            helper = fn.__globals__.get(name)
            if inspect.isfunction(helper):
                names |= source_names(helper, depth - 1)
    return names


def field_names(url: str) -> tuple[list[str], list[str]]:
    """(the field names the view at url takes, every field name seen on any page)."""
    view = _view_of(url)
    own = sorted(_NAMES.get(view, set()) | source_names(view))
    every = sorted(set().union(*_NAMES.values())) if _NAMES else []
    return own, every


# ---------------------------------------------------------------- the drives


def everything() -> dict:
    """Every row of the project's tables and every account, as they stand."""
    models = [
        m
        for label in ("clubs", "drives", "prizes", "scorekeeper", "seasons")
        for m in apps.get_app_config(label).get_models()
    ]
    out = {m._meta.label: list(m.objects.order_by("pk").values()) for m in models}
    # A refused confirmation from a table is audited on purpose (issue: refusals are audited).
    out["clubs.AuditEntry"] = [
        e for e in out["clubs.AuditEntry"] if e["action"] != "table_confirm_refused"
    ]
    users = get_user_model().objects.order_by("pk")
    out["users"] = [(u.username, u.is_active, u.password, u.last_login) for u in users]
    out["members"] = sorted(Membership.objects.values_list("user_id", "club_id", "role"))
    return out


def running(w) -> Drive:
    """The world's drive with game 1 played and game 2 seated: corrections have a game."""
    play_game(w.drive, w.organizer)
    return services.game_advance(drive=w.drive, from_game=1, actor=w.organizer, now=NOW)


def setup(w) -> Drive:
    drive = make_drive(w.drive.club, w.organizer, name="Next Friday")
    add_pairs(drive, w.organizer, 6)
    return drive


def finished(w) -> Drive:
    """Four pairs, two games played and finished; money for two places, the jar on."""
    drive = make_drive(w.drive.club, w.organizer, name="Last Friday's", games=2)
    add_pairs(drive, w.organizer, 4)
    PrizeSettings.objects.create(drive=drive, jar=True, fifty_fifty=True, travelling=True)
    PlacePrize.objects.create(drive=drive, place=1, cents=2000)
    PlacePrize.objects.create(drive=drive, place=2, cents=1000)
    drive = services.drive_start(drive=drive, actor=w.organizer, now=NOW, seed=7, alongside=True)
    play_game(drive, w.organizer)
    services.game_advance(drive=drive, from_game=1, actor=w.organizer, now=NOW)
    play_game(drive, w.organizer, pick=1)
    return services.drive_finish(drive=drive, from_game=2, actor=w.organizer, now=NOW)


STATES = {"running": running, "setup": setup, "finished": finished}


def values_for(w, drive: Drive) -> dict:
    """test_roles' address values, for this drive and its first pair."""
    pair = drive.pairs.order_by("number").first()
    return kwarg_values(SimpleNamespace(**{**vars(w), "drive": drive, "pair": pair}))


@pytest.fixture
def organizer_world(request, organizer):
    """test_roles' world (its clients, scorer, score game, table link...) and its organizer."""
    w = request.getfixturevalue("world")
    w.organizer = organizer
    return w


# ---------------------------------------------------------------- the posts


def form_data(own: list[str], every: list[str], drive: Drive):
    plausible = [str(n) for n in drive.pairs.values_list("number", flat=True)]
    plausible += [str(drive.current_game), str(drive.current_game + 1)]
    names = own or every or JUNK_KEYS
    key = st.one_of(
        st.sampled_from(names),
        st.sampled_from(names),
        st.sampled_from(every or JUNK_KEYS),
        st.sampled_from(JUNK_KEYS),
        st.text(TEXT, max_size=12),
    )
    value = st.one_of(
        st.just(""),
        st.sampled_from(plausible),
        st.sampled_from(ODD_VALUES),
        nasty_values(),
        nasty_values(),
        st.integers(-(10**20), 10**20).map(str),
        st.text(TEXT, max_size=40),
        st.text(st.characters(min_codepoint=0x80, exclude_categories=("Cs",)), max_size=20),
        st.sampled_from([60_000, 600_000]).map(lambda n: "x" * n),
    )

    def value_of(name: str):
        """A field's own values from the pages (a choice, a hidden number) or any value."""
        offered = sorted(_VALUES.get(name, ()))
        return st.one_of(st.sampled_from(offered), value) if offered else value

    # The view's own fields, most with a value the page offers, one or two of them nasty;
    # then junk keys on top.
    real = st.fixed_dictionaries(
        {}, optional={n: st.lists(value_of(n), min_size=1, max_size=2) for n in own}
    )
    junk = st.dictionaries(key, st.lists(value, min_size=1, max_size=3), max_size=4)
    return st.tuples(real, junk).map(lambda p: {**p[1], **p[0]})


@pytest.mark.parametrize(("key", "state"), CASES, ids=[f"{k}-{s}" for k, s in CASES])
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)
@given(data=st.data())
def test_random_form_data_never_breaks_a_view_and_a_refusal_writes_nothing(
    organizer_world, key, state, data
):
    w = organizer_world
    if not getattr(w, "ready", False):  # once per test: every example starts from here
        # The crawl reads the pages of a running drive and of one registering pairs,
        # once per session; after that a test makes only the drive it needs.
        needed = [s for s in ("running", "setup") if s not in _CRAWLED] + [state]
        w.drives = {s: STATES[s](w) for s in dict.fromkeys(needed)}
        for s in ("running", "setup"):
            if s in w.drives:
                crawl(w.clients["organizer"], values_for(w, w.drives[s]), s)
        w.drive_now = w.drives[state]
        w.url = ROUTES[key].url(values_for(w, w.drive_now))
        w.names = field_names(w.url)
        w.before = everything()
        w.ready = True
    drive, url, (own, every), before = w.drive_now, w.url, w.names, w.before
    posted = data.draw(form_data(own, every, drive), label="form")
    htmx = data.draw(st.booleans(), label="htmx")
    get = data.draw(st.integers(0, 3), label="GET when 0") == 0
    urlencoded = data.draw(st.booleans(), label="urlencoded")
    raw = urlencoded and data.draw(st.booleans(), label="bytes that are not UTF-8")
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    client = w.clients["organizer"]
    with transaction.atomic():
        if get:
            query = urlencode([(k, v) for k, vs in posted.items() for v in vs if len(v) < 6000])
            r = client.get(url, QUERY_STRING=query, **headers)
        elif urlencoded:
            body = urlencode([(k, v) for k, vs in posted.items() for v in vs])
            if raw:
                body += "".join(f"&{quote(k)}={BAD_BYTES}" for k in [*own[:2], "x"])
            r = client.post(url, body, content_type="application/x-www-form-urlencoded", **headers)
        else:
            r = client.post(url, posted, **headers)
        assert r.status_code < 500, f"{key} ({state}): {r.status_code} for {posted!r}"
        if 400 <= r.status_code < 500:
            assert everything() == before, f"{key} ({state}) refused ({r.status_code}) yet wrote"
        transaction.set_rollback(True)


def test_the_fuzzing_knows_the_fields_of_the_main_forms(organizer_world):
    """The crawl and the views' code give the real names, so the fuzzing is not junk only."""
    w = organizer_world
    urls = {}
    for s in ("running", "setup"):
        values = values_for(w, STATES[s](w))
        crawl(w.clients["organizer"], values, s)
        urls[s] = {k: ROUTES[k].url(values) for k in WRITES}
    assert {"player1", "player2"} <= set(field_names(urls["setup"]["drives:pair_add"])[0])
    assert "text" in field_names(urls["setup"]["drives:pairs_bulk"])[0]
    assert "winner" in field_names(urls["running"]["drives:result_record"])[0]
    assert "confirmer" in field_names(urls["running"]["table:confirm"])[0]
    assert {"action", "winner"} <= set(field_names(urls["running"]["prizes:tie"])[0])
    assert "place_1_cents" in field_names(urls["running"]["prizes:prize_settings"])[0]


# ---------------------------------------------------------------- numbers in addresses

NUMBER_KWARGS = {
    "drive_id",
    "game",
    "table",
    "pair_id",
    "number",
    "game_id",
    "user_id",
    "token_id",
    "series_id",
}


@pytest.mark.parametrize("huge", ["9" * 19, str(2**63), "9" * 5000])
def test_every_address_with_a_number_past_any_row_is_a_bad_request(organizer_world, huge):
    """An id, game or table number too large for the database in any address: a 400 with
    a message for every view and method, never a server error."""
    w = organizer_world
    values = values_for(w, running(w))
    client = w.clients["organizer"]
    before = everything()
    asked = 0
    for key in sorted({*READS, *WRITES}):
        route = ROUTES[key]
        for name in NUMBER_KWARGS & set(route.kwargs):
            url = route.url({**values, name: huge})
            for method in (client.get, client.post):
                r = method(url, HTTP_HX_REQUEST="true")
                assert r.status_code == 400, f"{key} {name}={huge[:12]}: {r.status_code}"
                asked += 1
    assert asked > 100, asked  # every numbered address was asked
    assert everything() == before


# ---------------------------------------------------------------- one field at a time

# The kinds of value that once answered 500, one of each.
SWEEP = ["²", "9" * 5000, "9" * 30, "a\x00b", "\u200b\u3164", "\u202eMary"]


def test_each_field_of_each_form_given_each_kind_of_bad_value_is_refused_plainly(
    organizer_world,
):
    """Every field a view takes, one at a time, set to each kind of value that once broke a
    view, the others to what the page offers; as a POST and as a GET. Random examples
    reach a field's own checks only by luck; this reaches every one."""
    w = organizer_world
    drive = running(w)
    crawl(w.clients["organizer"], values_for(w, drive), "running")
    client = w.clients["organizer"]
    before = everything()
    asked = 0
    for key in WRITES:
        url = ROUTES[key].url(values_for(w, drive))
        own, _every = field_names(url)
        base = {n: sorted(_VALUES.get(n, {"1"}))[0] for n in own}
        for name in own:
            for bad in SWEEP:
                data = {**base, name: bad}
                for method in (client.post, client.get):
                    with transaction.atomic():
                        r = method(url, data, HTTP_HX_REQUEST="true")
                        assert r.status_code < 500, f"{key} {name}={bad[:12]!r}: {r.status_code}"
                        if 400 <= r.status_code < 500:
                            assert everything() == before, f"{key} {name}={bad[:12]!r} wrote"
                        asked += 1
                        transaction.set_rollback(True)
    assert asked > 500, asked
