"""The standings sheet: every pair by games won, with its punched games."""

from __future__ import annotations

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
    render,
)

HEAD = 18.0
PER_LINE = 25  # punch cells on one line before they wrap


@dataclass(frozen=True)
class StandingLine:
    rank: int
    number: int
    player1: str
    player2: str
    won: int
    punched: frozenset[int]
    missed: frozenset[int] = frozenset()  # games the pair was not there for: not played
    words: str = ""  # "lost the cut for first prize" (pair_places)


@dataclass(frozen=True)
class StandingsSheet:
    info: DocInfo
    games: int
    played: int
    status: str  # "Final, after 25 games." / "During game 7."
    rows: tuple[StandingLine, ...]


@dataclass(frozen=True)
class Span:
    """Where a column runs across the page: from x, width wide."""

    x: float
    width: float


@dataclass(frozen=True)
class _Cols:
    place: Span
    pair: Span
    players: Span
    won: Span
    cells: Span


def _cols(b: Box, games: int) -> tuple[_Cols, int, float]:
    """The columns' spans, punch cells per line and the cell size."""
    lines = -(-games // PER_LINE)
    per_line = -(-games // lines)
    fixed = 36 + 36 + 40
    cell = min(13.0, (b.width - fixed - 150 - 24) / per_line)
    cells_w = cell * per_line
    players_w = b.width - fixed - cells_w - 24

    def col(x: float, w: float) -> Span:
        return Span(b.x + x, w)

    x_players = 36 + 6 + 36 + 6
    x_won = x_players + players_w + 6
    return (
        _Cols(
            place=col(0, 36),
            pair=col(42, 36),
            players=col(x_players, players_w),
            won=col(x_won, 40),
            cells=col(x_won + 46, cells_w),
        ),
        per_line,
        cell,
    )


def _punch_cells(
    c: Canvas,
    x: float,
    top: float,
    cell: float,
    per_line: int,
    games: int,
    played: int,
    won,
    missed=frozenset(),
) -> None:
    """Game numbers in small squares: a won game filled, a game not played yet faint, a
    game the pair was not there for faint and struck through (not played, not lost)."""
    size = cell * 0.5
    for n in range(1, games + 1):
        row, col = divmod(n - 1, per_line)
        cx, cy = x + col * cell, top - (row + 1) * cell
        inset = 0.8
        if n in won:
            c.setFillColorRGB(*INK)
            c.rect(cx + inset, cy + inset, cell - 2 * inset, cell - 2 * inset, stroke=0, fill=1)
            c.setFillColorRGB(1, 1, 1)
        elif n in missed:
            c.setStrokeColorRGB(*LIGHT)
            c.setLineWidth(0.5)
            c.rect(cx + inset, cy + inset, cell - 2 * inset, cell - 2 * inset)
            c.setStrokeColorRGB(*GREY)
            c.line(cx + inset, cy + inset, cx + cell - inset, cy + cell - inset)
            c.setFillColorRGB(*LIGHT)
        else:
            c.setStrokeColorRGB(*(INK if n <= played else LIGHT))
            c.setLineWidth(0.5)
            c.rect(cx + inset, cy + inset, cell - 2 * inset, cell - 2 * inset)
            c.setFillColorRGB(*(GREY if n <= played else LIGHT))
        c.setFont(BOLD if n in won else REGULAR, size)
        c.drawCentredString(cx + cell / 2, cy + cell / 2 - size * 0.36, str(n))
    c.setFillColorRGB(*INK)


def draw_standings(c: Canvas, doc: StandingsSheet, title: str) -> None:
    """The standings table, as many pages as it takes, headings on each page."""
    info = doc.info
    _ = info.gettext
    b = body(info)
    cols, per_line, cell = _cols(b, doc.games)
    cell_lines = -(-doc.games // per_line)
    base_h = max(22.0, cell * cell_lines + 6)

    def page_head() -> float:
        c.setFillColorRGB(*INK)
        fitted = fit_text(title, BOLD, b.width, 48, 18, min_size=11)
        y = draw_fitted(c, fitted, b.x, b.top, b.width)
        if doc.status:
            c.setFillColorRGB(*GREY)
            status = fit_text(doc.status, REGULAR, b.width, 28, 11, 8)
            y = draw_fitted(c, status, b.x, y, b.width)
        y -= 6
        c.setFillColorRGB(*GREY)
        base = y - 11
        for text, box, align in (
            (_("Place"), cols.place, "right"),
            (_("Pair"), cols.pair, "right"),
            (_("Players"), cols.players, "left"),
            (_("Won"), cols.won, "right"),
            (_("Punch card"), cols.cells, "left"),
        ):
            draw_line(c, text, REGULAR, 9, box.x, base, box.width, align)
        c.setStrokeColorRGB(*INK)
        c.setLineWidth(0.8)
        c.line(b.x, y - HEAD + 2, b.right, y - HEAD + 2)
        c.setFillColorRGB(*INK)
        return y - HEAD

    y = page_head()
    for i, row in enumerate(doc.rows):
        names = f"{row.player1} & {row.player2}"
        if row.words:
            names += f" · {row.words}"
        fitted = fit_text(names, REGULAR, cols.players.width, base_h - 4, 10, min_size=7.5)
        h = max(base_h, fitted.height + 6)
        if y - h < b.y:
            c.showPage()
            y = page_head()
        if i % 2:
            c.setFillColorRGB(0.94, 0.94, 0.94)
            c.rect(b.x, y - h, b.width, h, stroke=0, fill=1)
            c.setFillColorRGB(*INK)
        mid = y - h / 2 - 4
        draw_line(c, str(row.rank), REGULAR, 11, cols.place.x, mid, cols.place.width, "right")
        draw_line(c, str(row.number), BOLD, 12, cols.pair.x, mid, cols.pair.width, "right")
        draw_fitted(c, fitted, cols.players.x, y - (h - fitted.height) / 2, cols.players.width)
        draw_line(c, str(row.won), BOLD, 13, cols.won.x, mid, cols.won.width, "right")
        cells_h = cell * cell_lines
        _punch_cells(
            c,
            cols.cells.x,
            y - (h - cells_h) / 2,
            cell,
            per_line,
            doc.games,
            doc.played,
            row.punched,
            row.missed,
        )
        y -= h
    c.showPage()


def standings(doc: StandingsSheet) -> bytes:
    """All pairs by games won (most first), each with its punched games."""
    info = doc.info
    _ = info.gettext
    title = _("Standings")
    return render(info, title, lambda c: draw_standings(c, doc, title))
