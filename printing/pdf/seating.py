"""The seating of one game, for the wall: pair -> table in large type, then
table -> its two pairs and who deals first (or cut for the deal, or a sit-out).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
    draw_fitted,
    draw_line,
    fit_text,
    printable,
    render,
    text_width,
)

ARROW = "\u2192"
HEAD = 20.0  # column headings


@dataclass(frozen=True)
class SeatRow:
    """Where one pair sits this game."""

    pair: int
    table: int
    sitout: bool = False


@dataclass(frozen=True)
class TableRow:
    """One table this game: its pairs (one for a sit-out), who deals first."""

    table: int
    pairs: tuple[int, ...]
    deal_first: int | None = None  # None: the table cuts for the deal
    sitout: bool = False


@dataclass(frozen=True)
class Seating:
    info: DocInfo
    game: int
    games: int
    pairs: tuple[SeatRow, ...]  # sorted by pair number
    tables: tuple[TableRow, ...]  # sorted by table number


def columns(box: Box, count: int, gap: float = 12.0) -> list[Box]:
    """The box split into `count` side-by-side columns."""
    w = (box.width - gap * (count - 1)) / count
    return [Box(box.x + i * (w + gap), box.y, w, box.height) for i in range(count)]


def flow(
    c: Canvas,
    info: DocInfo,
    items: Sequence,
    ncols: Sequence[int],
    title: str,
    draw_head: Callable[[Box], float],
    draw_item: Callable[[Box, object], None],
    min_leading: float,
    max_leading: float,
) -> None:
    """Lay items top to bottom in columns, page after page, each page titled.

    The fewest columns (of `ncols`) that hold everything on one page at a
    comfortable size, else the most; the leading grows up to max_leading when
    the list is short, so it prints larger for the wall. An item is drawn in its
    row's box, as high as the leading.
    """
    b = body(info)
    heading = fit_text(title, BOLD, b.width, 48, 18, min_size=11)
    avail = b.top - heading.height - 8 - HEAD - b.y
    comfortable = (min_leading + max_leading) / 2
    for count in ncols:
        rows = max(1, -(-len(items) // count))
        if avail / rows >= comfortable:
            break
    ncols = count
    leading = max(min_leading, min(max_leading, avail / rows))
    per_col = max(1, int(avail / leading + 1e-6))
    per_page = per_col * ncols
    for start in range(0, max(1, len(items)), per_page):
        c.setFillColorRGB(*INK)
        y = draw_fitted(c, heading, b.x, b.top, b.width) - 8
        cols = columns(Box(b.x, b.y, b.width, y - b.y), ncols)
        chunk = items[start : start + per_page]
        for i, col in enumerate(cols):
            part = chunk[i * per_col : (i + 1) * per_col]
            if not part and i:
                break
            top = draw_head(col)
            for j, item in enumerate(part):
                draw_item(Box(col.x, top - (j + 1) * leading, col.width, leading), item)
        c.showPage()


def _head(c: Canvas, col: Box, labels: Sequence[tuple[str, float, float, str]]) -> float:
    """Column headings in small grey type over a rule; returns the y under them."""
    c.setFillColorRGB(*GREY)
    for text, x, width, align in labels:
        draw_line(c, text, REGULAR, 9, col.x + x, col.top - 11, width, align)
    c.setStrokeColorRGB(*LIGHT)
    c.setLineWidth(0.6)
    c.line(col.x, col.top - 16, col.right, col.top - 16)
    c.setFillColorRGB(*INK)
    return col.top - HEAD


def draw_pairs(c: Canvas, doc: Seating) -> None:
    """Pair -> table, sorted by pair, in large type, several columns a page."""
    info = doc.info
    _ = info.gettext
    title = _("Game %(game)d of %(games)d: find your table") % {
        "game": doc.game,
        "games": doc.games,
    }

    def head(col: Box) -> float:
        third = col.width * 0.3
        return _head(
            c, col, [(_("Pair"), 0, third, "right"), (_("Table"), third + 22, third, "left")]
        )

    def item(box: Box, row: SeatRow) -> None:
        size = min(26.0, box.height * 0.78)
        third = box.width * 0.3
        base = box.y + (box.height - size * 0.73) / 2
        draw_line(c, str(row.pair), BOLD, size, box.x, base, third, "right")
        c.setFillColorRGB(*GREY)
        draw_line(c, ARROW, REGULAR, size * 0.8, box.x + third + 3, base, 18, "center")
        c.setFillColorRGB(*INK)
        table = str(row.table)
        used = draw_line(c, table, BOLD, size, box.x + third + 22, base, third)
        if row.sitout:
            x = box.x + third + 26 + text_width(table, BOLD, used)
            c.setFillColorRGB(*GREY)
            draw_line(c, _("sits out"), BOLD, min(10.0, size * 0.55), x, base, box.right - x)
            c.setFillColorRGB(*INK)

    flow(c, info, doc.pairs, (3, 4), title, head, item, min_leading=18, max_leading=34)


def _pairs_text(row: TableRow, _: Callable[[str], str]) -> str:
    if row.sitout:
        return _("Pair %(n)d sits out") % {"n": row.pairs[0]} if row.pairs else ""
    return _("%(a)d and %(b)d") % {"a": row.pairs[0], "b": row.pairs[1]}


def _deal_text(row: TableRow, _: Callable[[str], str]) -> str:
    """Who deals first at a table of two pairs."""
    if row.deal_first is None:
        return _("Cut for the deal")
    return _("Pair %(n)d") % {"n": row.deal_first}


def draw_tables(c: Canvas, doc: Seating) -> None:
    """Table -> its pairs and who deals first, two columns a page."""
    info = doc.info
    _ = info.gettext
    title = _("Game %(game)d of %(games)d: tables and the first deal") % {
        "game": doc.game,
        "games": doc.games,
    }

    def widths(col: Box) -> tuple[float, float, float]:
        return col.width * 0.2, col.width * 0.36, col.width * 0.42

    def head(col: Box) -> float:
        a, b, d = widths(col)
        return _head(
            c,
            col,
            [
                (_("Table"), 0, a, "right"),
                (_("Pairs"), a + 8, b - 8, "left"),
                (_("Deals first"), a + b, d, "left"),
            ],
        )

    def item(box: Box, row: TableRow) -> None:
        a, b, d = widths(box)
        size = min(16.0, box.height * 0.6)
        base = box.y + (box.height - size * 0.73) / 2
        draw_line(c, str(row.table), BOLD, size, box.x, base, a, "right")
        pairs = printable(_pairs_text(row, _))
        if row.sitout:
            draw_line(c, pairs, REGULAR, size * 0.8, box.x + a + 8, base, b + d - 8)
        else:
            draw_line(c, pairs, BOLD, size, box.x + a + 8, base, b - 8)
            deal = _deal_text(row, _)
            font = REGULAR if row.deal_first is None else BOLD
            draw_line(c, deal, font, size * 0.8, box.x + a + b, base, d)
        c.setStrokeColorRGB(*LIGHT)
        c.setLineWidth(0.4)
        c.line(box.x, box.y, box.right, box.y)

    flow(c, info, doc.tables, (2,), title, head, item, min_leading=18, max_leading=30)


def seating(doc: Seating) -> bytes:
    """The seating list of one game: by pair, then by table."""
    info = doc.info
    _ = info.gettext

    def draw(c: Canvas) -> None:
        draw_pairs(c, doc)
        draw_tables(c, doc)

    return render(info, _("Seating, game %(game)d") % {"game": doc.game}, draw)
