"""The repeated parts of the night's screens built in Python: the result screen's table
tiles and strip of table numbers, and the standings rows.

A template renders a result screen of 60 tables as some 2,800 nodes and a standings page
of 120 pairs with a URL reversal and three number formats a row; here each screen
translates its words once, reverses one URL and fills in the numbers. Every word stays
marked for translation with the same text the templates used, so the catalogues keep
their entries; tests/drives/test_fragments.py renders each fragment from a reference template
and compares the two.

Markup is written only as html() templates with {name} holes, and every value that fills
a hole is escaped unless it is HTML already built here (or a number): nothing is escaped
by hand, and tests/drives/test_fragments.py reads this module to refuse an f-string, a %
or a .format() outside the helpers below.

A tile is built with a stand-in for its forms' CSRF token: its digest (``tile_digest``)
then names what the tile shows, whatever the request's token, and the result screen's
poll answers only the tiles whose digest the page does not have.
"""

from __future__ import annotations

import hashlib
import keyword
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from html import escape as html_escape
from string import Formatter

from django.middleware.csrf import get_token
from django.utils.dateformat import time_format
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString
from django.utils.timezone import localtime
from django.utils.translation import gettext as _

# --- Building HTML --------------------------------------------------------------
# format_html's contract (every value escaped unless it is safe), at the speed of the
# f-strings this module used to hold. Measured on a pair's button (10 holes): format_html
# takes some 10 times as long as the f-string with escape() by hand (a kwargs dict, each
# number escaped, each safe value read through SafeString's Python __str__), str.format
# with the escaping below still 2 to 3 times; a template compiled once, at import, into
# one function whose f-string escapes each hole takes a little less than the f-string.
# make bench: "result screen tiles built (no request)", "standings rows built (no request)".


class _Piece(SafeString):
    """HTML built here: safe as any SafeString."""

    __slots__ = ()
    # str's own: SafeString's (which keeps str() safe) is a Python call each time an
    # f-string or % reads a piece. A fragment leaves this module as a plain SafeString.
    __str__ = str.__str__


# What goes in as it is: built HTML (pieces, and SafeStrings from elsewhere) and numbers.
_AS_IS = frozenset({_Piece, SafeString, int})


def _escaped(value) -> str:
    """A value as HTML text: a string escaped as Django's escape() does, anything else as
    conditional_escape makes it (other safe text as it is, objects with __html__, lazy
    strings, booleans)."""
    if type(value) is str:
        return html_escape(value)
    return str.__str__(conditional_escape(value))


def html(template: str) -> Callable[..., _Piece]:
    """A template with {name} holes, compiled once into a function that takes each hole by
    keyword and escapes its value unless it is built HTML or a number.

    >>> html('<b title="{t}">{x}</b>')(t='"', x="<i>")
    '<b title="&quot;">&lt;i&gt;</b>'
    """
    names: list[str] = []
    code: list[str] = []
    space: dict = {"_AS_IS": _AS_IS, "_escaped": _escaped, "_Piece": _Piece}
    for i, (literal, name, spec, conversion) in enumerate(Formatter().parse(template)):
        if literal:
            key = "_l" + str(i)
            space[key] = literal  # read by name: the template's text is never code
            code.append("{" + key + "}")
        if name is None:
            continue
        if not name.isidentifier() or keyword.iskeyword(name) or spec or conversion:
            raise ValueError("a hole is a plain name, not {" + name + "}")
        if name.startswith("_") or name == "type":  # the names the function itself reads
            raise ValueError("a hole's name may not be " + name)
        if name not in names:
            names.append(name)
        code.append("{(" + name + " if type(" + name + ") in _AS_IS else _escaped(" + name + "))}")
    holes = ("*, " + ", ".join(names)) if names else ""
    source = "def fill(" + holes + "):\n    return _Piece(f'" + "".join(code) + "')\n"
    # The source holds only names: the holes' (checked above) and the literals' keys.
    exec(source, space)  # noqa: S102
    fill = space["fill"]
    fill.__doc__ = template
    return fill


def html_join(pieces: Iterable) -> _Piece:
    """Pieces side by side, each escaped unless it is built HTML."""
    return _Piece("".join([p if type(p) is _Piece else _escaped(p) for p in pieces]))


def _out(pieces: Iterable) -> SafeString:
    """html_join for a fragment as it leaves this module: a plain SafeString."""
    return SafeString("".join([p if type(p) is _Piece else _escaped(p) for p in pieces]))


class Word:
    """A translated sentence with %(name)s holes (the catalogue's text, trusted as a
    template's {% blocktranslate %} trusts it); filling it escapes the values."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __call__(self, **values) -> _Piece:
        if not _AS_IS.issuperset(map(type, values.values())):  # mostly numbers: as they are
            values = {k: v if type(v) in _AS_IS else _escaped(v) for k, v in values.items()}
        return _Piece(self.text % values)


def _word(text: str) -> _Piece:
    """A translated word without holes, as a template's {% translate %} puts it."""
    return _Piece(text)


# Stands for the request's CSRF token in a built tile (never in escaped text: names refuse
# control characters); the forms' template below holds it.
_CSRF = "\x00csrf\x00"


class TileWords:
    """The result screen's words, translated once per render, not once per tile."""

    def __init__(self) -> None:
        self.table = Word(_("Table %(n)s"))
        self.pair = Word(_("Pair %(n)s"))
        self.deals_first = Word(_("Pair %(n)s deals first"))
        self.sitout = _word(_("Sit-out"))
        self.cut = _word(_("Cut for the deal"))
        self.keep_score = _word(_("Keep score"))
        self.hands = _word(_("Hands"))
        self.sits_won = _word(_("Sits out: counts as a win"))
        self.sits_none = _word(_("Sits out: no game"))
        self.says_table = _word(_("Won, says the table"))
        self.won = _word(_("Won"))
        self.lost = _word(_("Lost"))
        self.conflict = _word(_("In conflict: it does not count."))
        self.codes_locked = Word(_("Table %(n)s: too many wrong codes; enter the result here."))
        self.settle = _word(_("Ask the table, then tap the pair that won to settle it."))
        self.waiting = _word(
            _(
                "Reported at the table, waiting for the other pair to agree. "
                "A tap here counts it at once."
            )
        )
        self.agreed = Word(_("agreed pair %(n)s won"))
        self.pair_won = Word(_("pair %(n)s won"))
        self.front = Word(_("the front table (at %(at)s)"))
        self.other_phone = Word(_("another phone at table %(n)s (reported %(at)s)"))
        self.a_phone = Word(_("a phone at table %(n)s (reported %(at)s)"))
        self.correct = _word(_("Correct this result"))
        self.change_q = Word(
            _("Table %(n)s counts pair %(was)s as the winner. Change it to pair %(to)s?")
        )
        self.change_yes = Word(_("Yes: pair %(to)s won"))
        self.change_no = Word(_("No: keep pair %(was)s"))
        # The strip of table numbers.
        self.chip = {
            "confirmed": Word(_("Table %(n)s: in")),
            "conflict": Word(_("Table %(n)s: in conflict")),
            "reported": Word(_("Table %(n)s: waiting for agreement")),
            "sitout": Word(_("Table %(n)s: sit-out")),
        }
        self.chip_playing = Word(_("Table %(n)s: playing"))
        # Built once: the state of a pair that won.
        self.won_mark = _WON_MARK(won=self.won)


_WON_MARK = html("✓ {won}")
_NO_MARK = html("")()
_CHECK = html('<span class="chip-mark" aria-hidden="true">✓</span>')()
_CHIP_MARK = {
    "confirmed": _CHECK,
    "sitout": _CHECK,
    "conflict": html('<span class="chip-mark" aria-hidden="true">!</span>')(),
    "reported": html('<span class="chip-mark" aria-hidden="true">…</span>')(),
}
_CHIP = html('<a href="#table-{n}" class="chip {state}" title="{title}">{n}{mark}</a>')
_TEXT = html("{text}")


@dataclass(frozen=True)
class TileScreen:
    """What every tile of one screen shares: the addresses, whether results may be
    entered, the tables kept hand by hand, the viewer's role."""

    result_base: str  # ".../games/<g>/tables/": a table's addresses add "<n>/result/" etc.
    game_url: str  # the result screen itself
    editable: bool
    hand_tables: frozenset[int]
    organizer: bool
    words: TileWords
    # Made once a screen, not once a tile: the base address escaped, the buttons' look.
    base: SafeString = field(init=False, repr=False, compare=False)
    disabled: SafeString = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "base", _TEXT(text=self.result_base))
        object.__setattr__(self, "disabled", _NO_MARK if self.editable else _DISABLED)


def _hhmm(at) -> str:
    return time_format(localtime(at), "H:i")


_DISABLED = html(" disabled")()
_PRESSED = {True: html("true")(), False: html("false")()}
# A pair's button: no look, won, lost, or the winner the table reported.
_LOOK = {look: _TEXT(text=look) for look in ("", " won", " lost", " reported")}
_FORM_OPEN = (
    '<form method="post" action="{base}{n}/result/"\n'
    '            hx-post="{base}{n}/result/" hx-target="#table-{n}" hx-swap="outerHTML"'
    ' hx-disabled-elt="find button">\n'
    '        <input type="hidden" name="csrfmiddlewaretoken" value="' + _CSRF + '">'
)
_TILE_HEAD = html(
    '<article id="table-{n}" class="table-card {status}">\n  <header>\n'
    '    <h2>{title}</h2>\n    <p class="deal">{deal}</p>\n{keep}  </header>\n'
)
_KEEP_SCORE = html('    <a class="btn secondary keep-score" href="{base}{n}/score/">{label}</a>\n')
_SITOUT = html(
    '  <div class="pairbtn sitout">\n'
    '    <span class="pn">{pn}</span>\n'
    '    <span class="names">{p1} &amp; {p2}</span>\n'
    '    <span class="state">{state}</span>\n  </div>\n</article>\n'
)
_CHANGE = html(
    '  <div class="change-confirm msg warn" role="alertdialog" aria-labelledby="change-q-{n}">\n'
    '    <p id="change-q-{n}"><strong>{question}</strong></p>\n'
    '    <div class="actions">\n      ' + _FORM_OPEN + '<input type="hidden" name="winner"'
    ' value="{to}"><input type="hidden" name="confirm" value="yes">\n'
    '        <button type="submit" class="btn primary big">{yes}</button>\n'
    "      </form>\n"
    '      <a class="btn secondary big" href="{game_url}#table-{n}"\n'
    '         hx-get="{game_url}" hx-select="#table-{n}" hx-target="#table-{n}"'
    ' hx-swap="outerHTML">{no}</a>\n'
    "    </div>\n  </div>\n"
)
_PAIR_BUTTON = html(
    "    " + _FORM_OPEN + "\n"
    '        <input type="hidden" name="winner" value="{number}">\n'
    '        <button type="submit" class="pairbtn{look}"{disabled} aria-pressed="{pressed}">\n'
    '          <span class="pn">{pn}</span>\n'
    '          <span class="names">{p1} &amp; {p2}</span>\n'
    '          <span class="state">{state}</span>\n'
    "        </button>\n      </form>\n"
)
_CONFLICT = html("<strong>{conflict}</strong> {settle}")
_CODES_LOCKED = html(
    '  <p class="codes-locked msg error" role="status"><strong>{said}</strong></p>\n'
)
_REPORT = html("<li>{what} · {where}</li>")
_REPORTS = html(
    '  <div class="reports msg {box}">\n    <p>{said}</p>\n    <ul>{items}</ul>\n  </div>\n'
)
_CORRECT = html(
    '  <p class="correct-link"><a class="btn secondary" href="{base}{n}/correct/">{label}</a></p>\n'
)
_PAIRS_OPEN = html('  <div class="pairs">\n')()
_PAIRS_CLOSE = html("  </div>\n")()
_TILE_CLOSE = html("</article>\n")()


def tile_body(screen: TileScreen, t, change: dict | None = None) -> SafeString:
    """One table's tile (the <article>), its CSRF token still a stand-in."""
    w = screen.words
    n = t.table
    seats = t.seat_list
    base = screen.base
    keep = _NO_MARK
    if t.is_sitout:
        deal = w.sitout
    else:
        if t.deal_first_id:
            deal = html_join(
                w.deals_first(n=s.pair.number) for s in seats if s.pair_id == t.deal_first_id
            )
        else:
            deal = w.cut
        # Keep score while the table plays; once its result is in, only the hands kept.
        result_in = t.status == "confirmed" and t.winner_id
        if screen.editable and len(seats) == 2 and not result_in:
            keep = _KEEP_SCORE(base=base, n=n, label=w.keep_score)
        elif n in screen.hand_tables:
            keep = _KEEP_SCORE(base=base, n=n, label=w.hands)
    out = [_TILE_HEAD(n=n, status=t.status, title=w.table(n=n), deal=deal, keep=keep)]
    if t.is_sitout:
        s = seats[0]
        state = w.sits_won if t.winner_id else w.sits_none
        pair = s.pair
        out.append(_SITOUT(pn=w.pair(n=pair.number), p1=pair.player1, p2=pair.player2, state=state))
        return _out(out)
    if change and change["table"] == n:
        was, to = int(change["was"]), int(change["to"])
        out.append(
            _CHANGE(
                n=n,
                base=base,
                question=w.change_q(n=n, was=was, to=to),
                to=to,
                yes=w.change_yes(to=to),
                game_url=screen.game_url,
                no=w.change_no(was=was),
            )
        )
    if t.needs_the_front:
        out.append(_CODES_LOCKED(said=w.codes_locked(n=n)))
    out.append(_PAIRS_OPEN)
    reported = t.status == "reported"
    for s in seats:
        mine = t.winner_id == s.pair_id
        if reported:
            look, state = (" reported", w.says_table) if mine else ("", _NO_MARK)
        elif mine:
            look, state = " won", w.won_mark
        elif t.winner_id:
            look, state = " lost", w.lost
        else:
            look, state = "", _NO_MARK
        pair = s.pair
        out.append(
            _PAIR_BUTTON(
                base=base,
                n=n,
                number=pair.number,
                look=_LOOK[look],
                disabled=screen.disabled,
                pressed=_PRESSED[mine],
                pn=w.pair(n=pair.number),
                p1=pair.player1,
                p2=pair.player2,
                state=state,
            )
        )
    out.append(_PAIRS_CLOSE)
    if t.status in ("reported", "conflict"):
        if t.status == "conflict":
            box, said = "error", _CONFLICT(conflict=w.conflict, settle=w.settle)
        else:
            box, said = "warn", w.waiting
        items = []
        for r in t.reports:
            what = (w.agreed if r.kind == "confirm" else w.pair_won)(n=r.winner.number)
            if r.kind == "front":
                where = w.front(at=_hhmm(r.at))
            else:
                phone = w.other_phone if r.other_phone else w.a_phone
                where = phone(n=n, at=_hhmm(r.at))
            items.append(_REPORT(what=what, where=where))
        out.append(_REPORTS(box=box, said=said, items=html_join(items)))
    if not screen.editable and t.winner_id and screen.organizer:
        out.append(_CORRECT(base=base, n=n, label=w.correct))
    out.append(_TILE_CLOSE)
    return _out(out)


def tile_digest(body: str) -> str:
    """A short name of what a tile shows (its body before the CSRF token goes in)."""
    return hashlib.blake2b(body.encode(), digest_size=5).hexdigest()


def with_token(request, body: str) -> SafeString:
    """The built HTML (tiles from tile_body, side by side) with the request's CSRF token in
    its forms."""
    return SafeString(body.replace(_CSRF, _escaped(get_token(request))))


def strip(words: TileWords, rows: Iterable[tuple[int, str]]) -> SafeString:
    """The chips of the result screen's strip of table numbers: one link a table."""
    chip, playing = words.chip, words.chip_playing
    return _out(
        _CHIP(
            n=n,
            state=state,
            title=chip.get(state, playing)(n=n),
            mark=_CHIP_MARK.get(state, _NO_MARK),
        )
        for n, state in rows
    )


# --- Standings ----------------------------------------------------------------

_HOLE = html('<span class="{look}" title="{label}">{g}</span>')
_PRIZE_WORDS = html('<span class="prize-words">{words}</span>')
_STANDINGS_ROW = html(
    '    <tr>\n      <td class="num">{place}</td>\n'
    '      <td class="num"><a href="{base}{number}/">{number}</a></td>\n'
    '      <td class="names">{p1} &amp; {p2}{words}</td>\n'
    '      <td class="num big">{won}</td>\n'
    '      <td><span class="punchcard">{holes}</span></td>\n    </tr>\n'
)


def _punch_cells(game_numbers: Iterable[int]) -> dict[str, list[SafeString]]:
    """Every hole of a punch card in each of its four looks, made once for all the rows."""
    looks = {
        "won": ("hole punched", Word(_("game %(g)s won"))),
        "missed": ("hole missed", Word(_("game %(g)s not played: the pair was not there"))),
        "lost": ("hole", Word(_("game %(g)s not won"))),
        "later": ("hole later", Word(_("game %(g)s not played yet"))),
    }
    return {
        look: [_HOLE(look=cls, label=label(g=g), g=g) for g in game_numbers]
        for look, (cls, label) in looks.items()
    }


def standings_rows(rows, *, card_base: str, game_numbers: range, played: int) -> SafeString:
    """The standings table's body rows: place, pair (a link to its punch card), players
    (and prize words), games won, punch card. card_base is the card address of pair
    number 0 without its number: "/drives/7/cards/"."""
    games = list(game_numbers)
    cells = _punch_cells(games)
    won_c, missed_c, lost_c, later_c = (cells[k] for k in ("won", "missed", "lost", "later"))
    # The games not played yet look the same on every card: one piece for all the rows.
    upto = sum(1 for g in games if g <= played)
    later_tail = html_join(later_c[upto:])
    base = _TEXT(text=card_base)
    out = []
    for r in rows:
        p = r.pair
        punched, missed = r.punched, r.missed
        holes = []
        # A card marked past the game under way (never seen) takes the slow road.
        end = upto if not any(g > played for g in (*punched, *missed)) else len(games)
        for i in range(end):
            g = games[i]
            if g in punched:
                holes.append(won_c[i])
            elif g in missed:
                holes.append(missed_c[i])
            elif g <= played:
                holes.append(lost_c[i])
            else:
                holes.append(later_c[i])
        if end == upto:
            holes.append(later_tail)
        out.append(
            _STANDINGS_ROW(
                place=r.place,
                base=base,
                number=p.number,
                p1=p.player1,
                p2=p.player2,
                words=_PRIZE_WORDS(words=r.words) if r.words else _NO_MARK,
                won=r.won,
                holes=html_join(holes),
            )
        )
    return _out(out)
