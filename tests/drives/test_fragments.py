"""The HTML the night's screens build in Python (drives/views/fragments.py): what people
typed is escaped, the CSRF token goes into every form, a tile's digest follows what it
shows, and the standings rows punch each game as the punch card tag did."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from types import SimpleNamespace as NS

import pytest
from django.template import engines
from django.test import RequestFactory
from django.utils import translation
from django.utils.functional import lazy
from django.utils.safestring import SafeString, mark_safe

from drives.queries import TilePair, TileSeat, TileTable
from drives.templatetags.drive_tags import punch_card
from drives.views import fragments
from tests.builders import NOW

pytestmark = pytest.mark.django_db


def screen(editable=True):
    return fragments.TileScreen(
        result_base="/drives/1/games/2/tables/", game_url="/drives/1/games/2/",
        editable=editable, hand_tables=frozenset(), organizer=True, words=fragments.TileWords(),
    )  # fmt: skip


def table(name="Mary", status="pending", winner=None):
    seats = [
        TileSeat(1, TilePair(1, 3, name, "Joe")),
        TileSeat(2, TilePair(2, 8, "Ann", "Bob")),
    ]
    return TileTable(10, 4, status, winner, 1, seats)


def test_a_tile_escapes_names_and_takes_the_requests_token():
    body = fragments.tile_body(screen(), table(name='<b>"Mary"</b>'))
    assert "<b>" not in body and "&lt;b&gt;&quot;Mary&quot;&lt;/b&gt;" in body
    request = RequestFactory().get("/")
    html = fragments.with_token(request, body)
    assert "\x00" not in html and html.count('name="csrfmiddlewaretoken" value="') == 2
    assert 'action="/drives/1/games/2/tables/4/result/"' in html
    assert "Pair 3 deals first" in html and 'class="pairbtn"' in html


def test_a_tiles_digest_follows_what_it_shows():
    same = fragments.tile_digest(fragments.tile_body(screen(), table()))
    assert same == fragments.tile_digest(fragments.tile_body(screen(), table()))
    assert same != fragments.tile_digest(fragments.tile_body(screen(), table(name="Marg")))
    won = fragments.tile_body(screen(), table(status="confirmed", winner=1))
    assert same != fragments.tile_digest(won) and 'class="pairbtn won"' in won
    assert 'class="pairbtn lost"' in won


def test_a_table_that_took_too_many_wrong_codes_is_the_fronts_to_enter():
    words = "Table 4: too many wrong codes; enter the result here."
    locked = TileTable(10, 4, "reported", 1, 1, table().seat_list, [], wrong_codes=5)
    body = fragments.tile_body(screen(), locked)
    assert words in body and body.count('class="pairbtn') == 2  # and its pairs to tap
    assert words not in fragments.tile_body(screen(), table(status="reported", winner=1))
    counted = TileTable(10, 4, "confirmed", 1, 1, table().seat_list, [], wrong_codes=5)
    assert words not in fragments.tile_body(screen(), counted)


def test_a_finished_games_tile_is_read_only():
    body = fragments.tile_body(screen(editable=False), table(status="confirmed", winner=2))
    assert body.count(" disabled") == 2 and "Keep score" not in body
    assert 'href="/drives/1/games/2/tables/4/correct/"' in body


def row(place, number, won, punched, missed=(), words="", p1="Mary", p2="Joe"):
    pair = NS(number=number, player1=p1, player2=p2)
    return NS(place=place, pair=pair, won=won, punched=frozenset(punched),
              missed=frozenset(missed), words=words)  # fmt: skip


@pytest.mark.parametrize(
    "punched,missed,played",
    [((1, 3), (), 4), ((), (1, 2), 3), ((2,), (5,), 6), ((1, 7), (), 3), ((), (6,), 2)],
)
def test_standings_rows_punch_as_the_punch_card_tag(punched, missed, played):
    games = range(1, 9)
    html = fragments.standings_rows(
        [row(1, 5, len(punched), punched, missed)], card_base="/c/", game_numbers=games,
        played=played,
    )  # fmt: skip
    assert punch_card(games, frozenset(punched), played, frozenset(missed)) in html


def test_standings_rows_escape_names_and_prize_words():
    html = fragments.standings_rows(
        [row(1, 12, 3, (1, 2, 3), words="1st <prize>", p1="<i>Al</i>")],
        card_base="/drives/7/cards/", game_numbers=range(1, 4), played=3,
    )  # fmt: skip
    assert '<a href="/drives/7/cards/12/">12</a>' in html
    assert "&lt;i&gt;Al&lt;/i&gt; &amp; Joe" in html
    assert '<span class="prize-words">1st &lt;prize&gt;</span>' in html


def test_a_table_whose_result_is_in_no_longer_offers_keep_score():
    playing = fragments.tile_body(screen(), table())
    assert "Keep score" in playing
    waiting = fragments.tile_body(screen(), table(status="reported", winner=1))
    assert "Keep score" in waiting  # reported at the table, not in until the other agrees
    body = fragments.tile_body(screen(), table(status="confirmed", winner=1))
    assert "Keep score" not in body and "/tables/4/score/" not in body


def test_a_table_kept_hand_by_hand_shows_its_hands_once_its_result_is_in():
    kept = fragments.TileScreen(
        result_base="/drives/1/games/2/tables/", game_url="/drives/1/games/2/",
        editable=True, hand_tables=frozenset({4}), organizer=True, words=fragments.TileWords(),
    )  # fmt: skip
    body = fragments.tile_body(kept, table(status="confirmed", winner=1))
    assert "Keep score" not in body
    assert 'href="/drives/1/games/2/tables/4/score/">Hands</a>' in body


# --- The same HTML as a template ------------------------------------------------
# Each fragment against a reference template in tests/templates/fragments/, rendered from
# the same values: names with markup, quotes, ampersands and accents, in English and French.

TEMPLATES = Path(__file__).resolve().parents[1] / "templates" / "fragments"
NAMES = ["<b>Mary</b>", 'Jo "Big" & Co', "O'Neil", "Zoë Côté", "Ann > Bob", "Émile"]
TOKEN = "t0k3n<&>"


def reference(name: str, **context) -> str:
    template = engines["django"].from_string((TEMPLATES / name).read_text())
    return template.render(context)


def normal(text: str) -> str:
    return re.sub(r"\s*(<[^>]*>)\s*", r"\1", re.sub(r"\s+", " ", text)).strip()


def tiles():
    """Tables in every state a tile shows: playing (cut or dealt), reported, in conflict
    with every kind of report, won and lost, sit-outs with and without their win."""
    at = NOW
    said = [
        NS(kind="report", winner=NS(number=3), at=at, other_phone=False),
        NS(kind="confirm", winner=NS(number=8), at=at, other_phone=True),
        NS(kind="front", winner=NS(number=3), at=at, other_phone=False),
    ]

    def t(n, status, winner=None, deal=None, reports=(), sitout=False, wrong_codes=0):
        first = TileSeat(1, TilePair(1, 3, NAMES[n % 6], NAMES[(n + 1) % 6]))
        second = TileSeat(2, TilePair(2, 8, NAMES[(n + 2) % 6], NAMES[(n + 3) % 6]))
        seats = [first] if sitout else [first, second]
        return TileTable(n * 10, n, status, winner, deal, seats, list(reports), wrong_codes)

    return [
        t(1, "pending"),
        t(2, "pending", deal=1),
        t(3, "pending", deal=2),
        t(4, "confirmed", winner=1, deal=1),
        t(5, "confirmed", winner=2),
        t(6, "reported", winner=1, reports=said[:1]),
        t(7, "reported", winner=2, reports=said[1:2]),
        t(8, "conflict", reports=said),
        t(9, "sitout", winner=1, sitout=True),
        t(10, "sitout", sitout=True),
        # Too many wrong pair codes: the front enters the result (once it is in, nothing shows).
        t(11, "reported", winner=1, reports=said[:1], wrong_codes=5),
        t(12, "pending", wrong_codes=5),
        t(13, "confirmed", winner=2, wrong_codes=5),
        t(14, "reported", winner=2, reports=said[:1], wrong_codes=4),
    ]


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("editable,organizer", [(True, True), (False, True), (False, False)])
def test_each_tile_is_the_tile_its_template_makes(monkeypatch, language, editable, organizer):
    monkeypatch.setattr(fragments, "get_token", lambda request: TOKEN)
    request = RequestFactory().get("/")
    base, game_url = "/drives/1/games/2/tables/", "/drives/1/games/2/?from=<a>&b"
    hand_tables = frozenset({5, 9})
    with translation.override(language):
        screen = fragments.TileScreen(
            result_base=base, game_url=game_url, editable=editable, hand_tables=hand_tables,
            organizer=organizer, words=fragments.TileWords(),
        )  # fmt: skip
        for t in tiles():
            for change in (None, {"table": t.table, "was": 3, "to": 8}):
                built = fragments.with_token(request, fragments.tile_body(screen, t, change))
                expected = reference(
                    "tile.html", t=t, result_base=base, game_url=game_url, editable=editable,
                    hand_tables=hand_tables, organizer=organizer, change=change, csrf_token=TOKEN,
                )  # fmt: skip
                assert normal(built) == normal(expected), (t.table, change)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_strip_is_the_strip_its_template_makes(language):
    rows = [(1, "confirmed"), (2, "conflict"), (3, "reported"), (4, "sitout"), (5, "pending")]
    with translation.override(language):
        built = fragments.strip(fragments.TileWords(), rows)
        assert normal(built) == normal(reference("strip.html", strip=rows))


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("played", [0, 3, 8])
def test_the_standings_rows_are_the_rows_their_template_makes(language, played):
    games = range(1, 9)
    rows = [
        row(1, 4, 2, (1, 3), words="1st & <b>cash</b>", p1=NAMES[0], p2=NAMES[1]),
        row(2, 7, 1, (2,), missed=(5,), words="", p1=NAMES[2], p2=NAMES[3]),
        row(2, 9, 1, (4,), missed=(1, 2), words="Booby « prix »", p1=NAMES[4], p2=NAMES[5]),
        row(4, 12, 0, (), words="", p1="Al", p2="Joe"),
    ]
    card_base = "/drives/7/cards/"
    with translation.override(language):
        built = fragments.standings_rows(
            rows, card_base=card_base, game_numbers=games, played=played
        )
        expected = reference(
            "standings_rows.html", rows=rows, card_base=card_base, game_numbers=games,
            played=played,
        )  # fmt: skip
    assert normal(built) == normal(expected)


def test_the_golden_tests_see_a_difference():
    # What the comparison keeps: a changed character, or text moved across a tag.
    assert normal("<p>\n  a  b </p>") == normal("<p>a b</p>")
    assert normal("<p>a&amp;b</p>") != normal("<p>a&b</p>")
    assert normal("<p>a</p>b") != normal("<p>ab</p>")


# --- Markup only through the helpers ----------------------------------------------
# Outside the few helpers that escape (html, html_join, Word, ...), the module writes no
# markup with a value in it by itself: no f-string with a value, no %, no .format(), no
# string literal added to something inside a function, and no escaping or marking safe by
# hand. A fragment written as before (an f-string and escape()) fails here.

HELPERS = {"_escaped", "html", "html_join", "_out", "Word", "_word", "with_token"}
BY_HAND = {"escape", "conditional_escape", "html_escape", "mark_safe", "SafeString", "_Piece"}


def raw_markup(source: str) -> list[str]:
    """Where ``source`` builds text from values other than through the helpers."""
    found = []

    def visit(node, inside: str | None):
        if isinstance(node, ast.FunctionDef | ast.ClassDef) and inside is None:
            inside = node.name
        helper = inside in HELPERS
        where = f"line {getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.JoinedStr) and any(
            isinstance(v, ast.FormattedValue) for v in node.values
        ):
            found.append(f"{where}: an f-string with a value")
        if not helper:
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
                found.append(f"{where}: % formatting")
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("format", "format_map")
            ):
                found.append(f"{where}: .format()")
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in BY_HAND:
                found.append(f"{where}: {node.func.id}() by hand")
            if (
                inside is not None
                and isinstance(node, ast.BinOp)
                and isinstance(node.op, ast.Add)
                and any(
                    isinstance(side, ast.Constant) and isinstance(side.value, str)
                    for side in (node.left, node.right)
                )
            ):
                found.append(f"{where}: a string literal added to a value")
        for child in ast.iter_child_nodes(node):
            visit(child, inside)

    visit(ast.parse(source), None)
    return found


def test_the_fragments_write_markup_only_through_the_helpers():
    assert raw_markup(Path(fragments.__file__).read_text()) == []


@pytest.mark.parametrize(
    "source",
    [
        'def f(n):\n    return f"<b>{n}</b>"',
        'def f(n):\n    return "<b>%s</b>" % n',
        'def f(n):\n    return "<b>{}</b>".format(n)',
        'def f(n):\n    return "<b>" + n + "</b>"',
        "def f(n):\n    return mark_safe(n)",
        'def f(n):\n    return "<b>" + escape(n)',
        'X = f"<b>{N}</b>"',
    ],
)
def test_the_markup_check_finds_html_written_by_hand(source):
    assert raw_markup(source)


def test_a_template_escapes_every_value_but_built_html_and_numbers():
    bold = fragments.html("<b>{x}</b>")
    fill = fragments.html('<p title="{t}">{x} {n} {{literal}}</p>')
    built = bold(x="<i>")
    assert built == "<b>&lt;i&gt;</b>"
    assert fill(t='"', x=built, n=7) == '<p title="&quot;"><b>&lt;i&gt;</b> 7 {literal}</p>'
    safe_elsewhere = fill(t="'&", x=mark_safe("<br>"), n=True)
    assert safe_elsewhere == '<p title="&#x27;&amp;"><br> True {literal}</p>'
    # A lazy string (as gettext_lazy gives) is escaped too; not a catalog entry.
    assert fill(t=lazy(str, str)("<Won>"), x="", n=0) == '<p title="&lt;Won&gt;"> 0 {literal}</p>'
    assert isinstance(fill(t="", x="", n=0), SafeString)
    with pytest.raises(TypeError):
        fill(t="", x="")  # every hole is filled
    for bad in ("{x!r}", "{x:>3}", "{x.y}", "{_l0}", "{type}", "{for}"):
        with pytest.raises(ValueError):
            fragments.html(bad)


def test_a_word_escapes_what_fills_it_but_not_its_translation():
    word = fragments.Word("l'équipe %(name)s, table %(n)s")
    assert word(name="<Ann & Bob>", n=4) == "l'équipe &lt;Ann &amp; Bob&gt;, table 4"
