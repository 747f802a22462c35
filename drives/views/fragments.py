"""The repeated parts of the night's screens built in Python: the result screen's table
tiles and strip of table numbers, and the standings rows.

A template renders a result screen of 60 tables as some 2,800 nodes and a standings page
of 120 pairs with a URL reversal and three number formats a row; here each screen
translates its words once, reverses one URL and fills in the numbers. What people typed
(names) is escaped; every word stays marked for translation with the same text the
templates used, so the catalogues keep their entries.

A tile is built with a stand-in for its forms' CSRF token: its digest (``tile_digest``)
then names what the tile shows, whatever the request's token, and the result screen's
poll answers only the tiles whose digest the page does not have.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass

from django.middleware.csrf import get_token
from django.utils.dateformat import time_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import localtime
from django.utils.translation import gettext as _

# Stands for the request's CSRF token in a built tile (never in escaped text: names refuse
# control characters).
_CSRF = "\x00csrf\x00"


def _w(text: str) -> str:
    """A translated word, escaped once per screen."""
    return escape(text)


class TileWords:
    """The result screen's words, translated once per render, not once per tile."""

    def __init__(self) -> None:
        self.table = _w(_("Table %(n)s"))
        self.pair = _w(_("Pair %(n)s"))
        self.deals_first = _w(_("Pair %(n)s deals first"))
        self.sitout = _w(_("Sit-out"))
        self.cut = _w(_("Cut for the deal"))
        self.keep_score = _w(_("Keep score"))
        self.hands = _w(_("Hands"))
        self.sits_won = _w(_("Sits out: counts as a win"))
        self.sits_none = _w(_("Sits out: no game"))
        self.says_table = _w(_("Won, says the table"))
        self.won = _w(_("Won"))
        self.lost = _w(_("Lost"))
        self.conflict = _w(_("In conflict: it does not count."))
        self.settle = _w(_("Ask the table, then tap the pair that won to settle it."))
        self.waiting = _w(
            _(
                "Reported at the table, waiting for the other pair to agree. "
                "A tap here counts it at once."
            )
        )
        self.agreed = _w(_("agreed pair %(n)s won"))
        self.pair_won = _w(_("pair %(n)s won"))
        self.front = _w(_("the front table (at %(at)s)"))
        self.other_phone = _w(_("another phone at table %(n)s (reported %(at)s)"))
        self.a_phone = _w(_("a phone at table %(n)s (reported %(at)s)"))
        self.correct = _w(_("Correct this result"))
        self.change_q = _w(
            _("Table %(n)s counts pair %(was)s as the winner. Change it to pair %(to)s?")
        )
        self.change_yes = _w(_("Yes: pair %(to)s won"))
        self.change_no = _w(_("No: keep pair %(was)s"))
        # The strip of table numbers.
        self.chip = {
            "confirmed": _w(_("Table %(n)s: in")),
            "conflict": _w(_("Table %(n)s: in conflict")),
            "reported": _w(_("Table %(n)s: waiting for agreement")),
            "sitout": _w(_("Table %(n)s: sit-out")),
        }
        self.chip_playing = _w(_("Table %(n)s: playing"))


_CHIP_MARK = {
    "confirmed": '<span class="chip-mark" aria-hidden="true">✓</span>',
    "sitout": '<span class="chip-mark" aria-hidden="true">✓</span>',
    "conflict": '<span class="chip-mark" aria-hidden="true">!</span>',
    "reported": '<span class="chip-mark" aria-hidden="true">…</span>',
}


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


def _hhmm(at) -> str:
    return time_format(localtime(at), "H:i")


def _form_open(action: str, table: int) -> str:
    return (
        f'<form method="post" action="{action}"\n'
        f'            hx-post="{action}" hx-target="#table-{table}" hx-swap="outerHTML"'
        f' hx-disabled-elt="find button">\n'
        f'        <input type="hidden" name="csrfmiddlewaretoken" value="{_CSRF}">'
    )


def _seat_name(pair) -> str:
    return f"{escape(pair.player1)} &amp; {escape(pair.player2)}"


def tile_body(screen: TileScreen, t, change: dict | None = None) -> str:
    """One table's tile (the <article>), its CSRF token still a stand-in."""
    w = screen.words
    n = t.table
    seats = t.seat_list
    out = [
        f'<article id="table-{n}" class="table-card {escape(t.status)}">\n  <header>\n'
        f'    <h2>{w.table % {"n": n}}</h2>\n    <p class="deal">'
    ]
    if t.is_sitout:
        out.append(w.sitout)
    elif t.deal_first_id:
        out.extend(
            w.deals_first % {"n": s.pair.number} for s in seats if s.pair_id == t.deal_first_id
        )
    else:
        out.append(w.cut)
    out.append("</p>\n")
    if not t.is_sitout:
        # Keep score while the table plays; once its result is in, only the hands kept.
        result_in = t.status == "confirmed" and t.winner_id
        if screen.editable and len(seats) == 2 and not result_in:
            out.append(
                f'    <a class="btn secondary keep-score" href="{screen.result_base}{n}/score/">'
                f"{w.keep_score}</a>\n"
            )
        elif n in screen.hand_tables:
            out.append(
                f'    <a class="btn secondary keep-score" href="{screen.result_base}{n}/score/">'
                f"{w.hands}</a>\n"
            )
    out.append("  </header>\n")
    if t.is_sitout:
        s = seats[0]
        state = w.sits_won if t.winner_id else w.sits_none
        out.append(
            f'  <div class="pairbtn sitout">\n'
            f'    <span class="pn">{w.pair % {"n": s.pair.number}}</span>\n'
            f'    <span class="names">{_seat_name(s.pair)}</span>\n'
            f'    <span class="state">{state}</span>\n  </div>\n'
        )
        out.append("</article>\n")
        return "".join(out)
    action = f"{screen.result_base}{n}/result/"
    if change and change["table"] == n:
        was, to = int(change["was"]), int(change["to"])
        out.append(
            f'  <div class="change-confirm msg warn" role="alertdialog"'
            f' aria-labelledby="change-q-{n}">\n'
            f'    <p id="change-q-{n}"><strong>'
            f"{w.change_q % {'n': n, 'was': was, 'to': to}}</strong></p>\n"
            f'    <div class="actions">\n      {_form_open(action, n)}'
            f'<input type="hidden" name="winner" value="{to}">'
            f'<input type="hidden" name="confirm" value="yes">\n'
            f'        <button type="submit" class="btn primary big">'
            f"{w.change_yes % {'to': to}}</button>\n      </form>\n"
            f'      <a class="btn secondary big" href="{screen.game_url}#table-{n}"\n'
            f'         hx-get="{screen.game_url}" hx-select="#table-{n}" hx-target="#table-{n}"'
            f' hx-swap="outerHTML">{w.change_no % {"was": was}}</a>\n'
            f"    </div>\n  </div>\n"
        )
    out.append('  <div class="pairs">\n')
    disabled = "" if screen.editable else " disabled"
    reported = t.status == "reported"
    for s in seats:
        mine = t.winner_id == s.pair_id
        if reported:
            cls, state = (" reported", w.says_table) if mine else ("", "")
        elif mine:
            cls, state = " won", "✓ " + w.won
        elif t.winner_id:
            cls, state = " lost", w.lost
        else:
            cls, state = "", ""
        number = s.pair.number
        out.append(
            f"    {_form_open(action, n)}\n"
            f'        <input type="hidden" name="winner" value="{number}">\n'
            f'        <button type="submit" class="pairbtn{cls}"{disabled}'
            f' aria-pressed="{"true" if mine else "false"}">\n'
            f'          <span class="pn">{w.pair % {"n": number}}</span>\n'
            f'          <span class="names">{_seat_name(s.pair)}</span>\n'
            f'          <span class="state">{state}</span>\n'
            f"        </button>\n      </form>\n"
        )
    out.append("  </div>\n")
    if t.status in ("reported", "conflict"):
        if t.status == "conflict":
            box, said = "error", f"<strong>{w.conflict}</strong> {w.settle}"
        else:
            box, said = "warn", w.waiting
        items = []
        for r in t.reports:
            winner = r.winner.number
            what = (w.agreed if r.kind == "confirm" else w.pair_won) % {"n": winner}
            if r.kind == "front":
                where = w.front % {"at": _hhmm(r.at)}
            else:
                phone = w.other_phone if r.other_phone else w.a_phone
                where = phone % {"n": n, "at": _hhmm(r.at)}
            items.append(f"<li>{what} · {where}</li>")
        out.append(
            f'  <div class="reports msg {box}">\n    <p>{said}</p>\n'
            f"    <ul>{''.join(items)}</ul>\n  </div>\n"
        )
    if not screen.editable and t.winner_id and screen.organizer:
        out.append(
            f'  <p class="correct-link"><a class="btn secondary"'
            f' href="{screen.result_base}{n}/correct/">{w.correct}</a></p>\n'
        )
    out.append("</article>\n")
    return "".join(out)


def tile_digest(body: str) -> str:
    """A short name of what a tile shows (its body before the CSRF token goes in)."""
    return hashlib.blake2b(body.encode(), digest_size=5).hexdigest()


def with_token(request, body: str) -> SafeString:
    """The built HTML with the request's CSRF token in its forms."""
    return mark_safe(body.replace(_CSRF, escape(get_token(request))))  # noqa: S308


def strip(words: TileWords, rows: Iterable[tuple[int, str]]) -> SafeString:
    """The chips of the result screen's strip of table numbers: one link a table."""
    out = []
    for n, state in rows:
        title = words.chip.get(state, words.chip_playing) % {"n": n}
        out.append(
            f'<a href="#table-{n}" class="chip {escape(state)}" title="{title}">'
            f"{n}{_CHIP_MARK.get(state, '')}</a>"
        )
    return mark_safe("".join(out))  # noqa: S308


# --- Standings ----------------------------------------------------------------


def _punch_cells(game_numbers: Iterable[int]) -> dict[str, list[str]]:
    """Every hole of a punch card in each of its four looks, made once for all the rows."""
    looks = {
        "won": ("hole punched", _("game %(g)s won")),
        "missed": ("hole missed", _("game %(g)s not played: the pair was not there")),
        "lost": ("hole", _("game %(g)s not won")),
        "later": ("hole later", _("game %(g)s not played yet")),
    }
    return {
        look: [
            f'<span class="{cls}" title="{escape(label % {"g": g})}">{g}</span>'
            for g in game_numbers
        ]
        for look, (cls, label) in looks.items()
    }


def standings_rows(rows, *, card_base: str, game_numbers: range, played: int) -> SafeString:
    """The standings table's body rows: place, pair (a link to its punch card), players
    (and prize words), games won, punch card. card_base is the card address of pair
    number 0 without its number: "/drives/7/cards/"."""
    games = list(game_numbers)
    cells = _punch_cells(games)
    won_c, missed_c, lost_c, later_c = (cells[k] for k in ("won", "missed", "lost", "later"))
    # The games not played yet look the same on every card: one string for all the rows.
    upto = sum(1 for g in games if g <= played)
    later_tail = "".join(later_c[upto:])
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
        words = f'<span class="prize-words">{escape(r.words)}</span>' if r.words else ""
        out.append(
            f'    <tr>\n      <td class="num">{r.place}</td>\n'
            f'      <td class="num"><a href="{card_base}{p.number}/">{p.number}</a></td>\n'
            f'      <td class="names">{escape(p.player1)} &amp; {escape(p.player2)}{words}</td>\n'
            f'      <td class="num big">{r.won}</td>\n'
            f'      <td><span class="punchcard">{"".join(holes)}</span></td>\n    </tr>\n'
        )
    return mark_safe("".join(out))  # noqa: S308
