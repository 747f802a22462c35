"""The paper fallback pack: if the laptop dies, the night goes on in pencil.

The standings with punched games, the current game's seating, and a result
sheet for every game left: the current one with its tables and pairs, later
ones (whose seating depends on results not in yet) with blanks to fill in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from .common import (
    BOLD,
    GREY,
    INK,
    LIGHT,
    REGULAR,
    Box,
    DocInfo,
    body,
    checkbox,
    draw_fitted,
    draw_line,
    fit_text,
    render,
    text_width,
)
from .seating import Seating, columns, draw_pairs, draw_tables
from .standings import StandingsSheet, draw_standings


@dataclass(frozen=True)
class SheetTable:
    """One table of the current game on its result sheet."""

    table: int
    pairs: tuple[int, ...]
    deal_first: int | None = None
    sitout: bool = False
    winner: int | None = None  # a result already counted


@dataclass(frozen=True)
class ResultSheet:
    """One game's sheet: the seated tables, or blank rows for tables 1..blank_tables."""

    game: int
    tables: tuple[SheetTable, ...] = ()
    blank_tables: int = 0
    team_match: bool = False  # pairs move by the match's schedule, not as winners


@dataclass(frozen=True)
class PaperPack:
    info: DocInfo
    standings: StandingsSheet
    seating: Seating | None
    sheets: tuple[ResultSheet, ...]


def _sheet_pages(
    c: Canvas,
    info: DocInfo,
    title: str,
    note: str,
    count: int,
    draw_row: Callable[[Box, int], None],
) -> None:
    b = body(info)
    head_h = 60.0
    avail = b.height - head_h
    # One page a game when the leading can stay at 20 or more.
    leading = max(20.0, min(26.0, avail / max(1, -(-count // 2))))
    per_col = max(1, int(avail / leading + 1e-6))
    per_page = per_col * 2
    for start in range(0, max(1, count), per_page):
        c.setFillColorRGB(*INK)
        y = draw_fitted(c, fit_text(title, BOLD, b.width, 30, 18, min_size=11), b.x, b.top, b.width)
        c.setFillColorRGB(*GREY)
        draw_fitted(c, fit_text(note, REGULAR, b.width, 26, 10, min_size=9), b.x, y - 2, b.width)
        c.setFillColorRGB(*INK)
        area = Box(b.x, b.y, b.width, b.height - head_h)
        for ci, col in enumerate(columns(area, 2, gap=18)):
            for j in range(per_col):
                k = start + ci * per_col + j
                if k >= count:
                    break
                row = Box(col.x, col.top - (j + 1) * leading, col.width, leading)
                draw_row(row, k)
                c.setStrokeColorRGB(*LIGHT)
                c.setLineWidth(0.4)
                c.line(row.x, row.y, row.right, row.y)
        c.showPage()


def _seated_sheet(c: Canvas, info: DocInfo, sheet: ResultSheet) -> None:
    _ = info.gettext
    title = _("Game %(game)d: result sheet") % {"game": sheet.game}
    note = (
        _(
            "Tick the pair number that won at each table. The pairs move by the team "
            "match's schedule, whoever wins; each table cuts for the deal."
        )
        if sheet.team_match
        else _(
            "Tick the pair number that won at each table. Winners move to the next "
            "table and deal first there; losers stay."
        )
    )

    def row(box: Box, k: int) -> None:
        t = sheet.tables[k]
        base = box.y + 7
        draw_line(c, str(t.table), BOLD, 15, box.x, base, 30, "right")
        if t.sitout:
            c.setFillColorRGB(*GREY)
            text = _("Pair %(n)d sits out") % {"n": t.pairs[0]} if t.pairs else ""
            draw_line(c, text, REGULAR, 11, box.x + 40, base, box.width - 40)
            c.setFillColorRGB(*INK)
            return
        x = box.x + 40
        slot = 58.0
        for n in t.pairs:
            checkbox(c, x, base - 2, 14, ticked=t.winner == n)
            draw_line(c, str(n), BOLD, 14, x + 19, base, slot - 22)
            x += slot
        if t.winner is not None:
            deal = _("Recorded: pair %(n)d won") % {"n": t.winner}
        elif t.deal_first is None:
            deal = _("Cut for the deal")
        else:
            deal = _("Pair %(n)d deals first") % {"n": t.deal_first}
        c.setFillColorRGB(*GREY)
        draw_line(c, deal, REGULAR, 9, x, base, box.right - x)
        c.setFillColorRGB(*INK)

    _sheet_pages(c, info, title, note, len(sheet.tables), row)


def _blank_sheet(c: Canvas, info: DocInfo, sheet: ResultSheet) -> None:
    _ = info.gettext
    title = _("Game %(game)d: result sheet") % {"game": sheet.game}
    note = (
        _(
            "Write in the two pairs at each table and tick the winner. The team match's "
            "printed schedule says who plays whom at each table."
        )
        if sheet.team_match
        else _(
            "Write in the two pairs at each table and tick the winner. Use the sheet "
            "of the game before to seat them: winners move up one table, losers stay."
        )
    )

    def row(box: Box, k: int) -> None:
        base = box.y + 7
        draw_line(c, str(k + 1), BOLD, 15, box.x, base, 30, "right")
        x = box.x + 40
        slot = (box.width - 40) / 2
        for _i in range(2):
            checkbox(c, x, base - 2, 14)
            label = _("Pair")
            used = draw_line(c, label, REGULAR, 10, x + 19, base, 40)
            lx = x + 22 + text_width(label, REGULAR, used)
            c.setStrokeColorRGB(*INK)
            c.setLineWidth(0.6)
            c.line(lx, base - 2, x + slot - 10, base - 2)
            x += slot

    _sheet_pages(c, info, title, note, sheet.blank_tables, row)


def paper_pack(doc: PaperPack) -> bytes:
    """Standings, seating and result sheets for going on in pencil."""
    info = doc.info
    _ = info.gettext

    def draw(c: Canvas) -> None:
        c.page_title = _("Paper pack: standings")
        draw_standings(c, doc.standings, _("Standings"))
        if doc.seating is not None:
            c.page_title = _("Paper pack: seating")
            draw_pairs(c, doc.seating)
            draw_tables(c, doc.seating)
        for sheet in doc.sheets:
            c.page_title = _("Paper pack: game %(game)d") % {"game": sheet.game}
            if sheet.tables:
                _seated_sheet(c, info, sheet)
            else:
                _blank_sheet(c, info, sheet)

    return render(info, _("Paper pack"), draw)
