"""A series' standings sheet: every person (or pair) by series total, each night a small box.

A row reads left to right: the place, the name, the nights played, the total, then one
box per night of the series in the order they were played. A box holds that night's
score (games won, or points by place): filled when the night counts (one of the best N),
outlined when played but not counting, faint and struck through when the person was not
there. A person short of the nights to qualify prints grey, with the words saying so.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from .common import (
    BOLD,
    GREY,
    INK,
    LIGHT,
    REGULAR,
    DocInfo,
    body,
    draw_fitted,
    draw_line,
    fit_text,
    render,
)
from .standings import Span

HEAD = 18.0
PER_LINE = 16  # night boxes on one line before they wrap


@dataclass(frozen=True)
class NightBox:
    """One night of a person's row: the night's score, whether it counts toward the total
    (one of the best N), and whether the person played it at all."""

    score: int = 0
    counts: bool = False
    played: bool = True


@dataclass(frozen=True)
class SeriesLine:
    place: int | None  # None: not qualified, so no place
    name: str
    nights_played: int
    total: int
    nights: tuple[NightBox, ...]
    qualified: bool = True
    words: str = ""  # "first prize", "not qualified: 2 of 3 nights"


@dataclass(frozen=True)
class SeriesSheet:
    info: DocInfo  # drive_name: the series' name
    night_labels: tuple[str, ...]  # the head of each night's column: "Oct 3"
    status: str  # "Best 3 of 4 nights count; 2 nights to qualify."
    rows: tuple[SeriesLine, ...]
    by_pairs: bool = False


@dataclass(frozen=True)
class _Cols:
    place: Span
    name: Span
    played: Span
    total: Span
    boxes: Span


def _cols(x0: float, width: float, nights: int) -> tuple[_Cols, int, float]:
    """The columns, night boxes per line and a box's width."""
    lines = max(1, -(-nights // PER_LINE))
    per_line = max(1, -(-nights // lines))
    fixed = 36 + 40 + 44 + 18
    box = min(30.0, (width - fixed - 150) / per_line)
    boxes_w = box * per_line
    name_w = width - fixed - boxes_w

    x_name = 42
    x_played = x_name + name_w + 4
    x_total = x_played + 40
    return (
        _Cols(
            place=Span(x0, 36),
            name=Span(x0 + x_name, name_w - 6),
            played=Span(x0 + x_played, 34),
            total=Span(x0 + x_total, 40),
            boxes=Span(x0 + x_total + 48, boxes_w),
        ),
        per_line,
        box,
    )


def _night_boxes(
    c: Canvas, x: float, top: float, box: float, per_line: int, nights: tuple[NightBox, ...]
) -> None:
    """The person's nights, each a small box with its score."""
    height = box * 0.8
    size = min(9.0, box * 0.36)
    inset = 1.0
    for i, night in enumerate(nights):
        row, col = divmod(i, per_line)
        bx, by = x + col * box + inset, top - (row + 1) * height + inset
        w, h = box - 2 * inset, height - 2 * inset
        if not night.played:
            c.setStrokeColorRGB(*LIGHT)
            c.setLineWidth(0.5)
            c.rect(bx, by, w, h)
            c.line(bx, by, bx + w, by + h)
            continue
        if night.counts:
            c.setFillColorRGB(*INK)
            c.rect(bx, by, w, h, stroke=0, fill=1)
            c.setFillColorRGB(1, 1, 1)
            c.setFont(BOLD, size)
        else:
            c.setStrokeColorRGB(*GREY)
            c.setLineWidth(0.6)
            c.rect(bx, by, w, h)
            c.setFillColorRGB(*GREY)
            c.setFont(REGULAR, size)
        c.drawCentredString(bx + w / 2, by + h / 2 - size * 0.36, str(night.score))
    c.setFillColorRGB(*INK)


def draw_series(c: Canvas, doc: SeriesSheet, title: str) -> None:
    """The series standings, as many pages as it takes, headings on each page."""
    _ = doc.info.gettext
    b = body(doc.info)
    nights = len(doc.night_labels)
    cols, per_line, box = _cols(b.x, b.width, nights)
    box_lines = max(1, -(-nights // per_line))
    base_h = max(22.0, box * 0.8 * box_lines + 6)

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
        who = _("Pair") if doc.by_pairs else _("Player")
        for text, span, align in (
            (_("Place"), cols.place, "right"),
            (who, cols.name, "left"),
            (_("Nights"), cols.played, "right"),
            (_("Total"), cols.total, "right"),
        ):
            draw_line(c, text, REGULAR, 9, span.x, base, span.width, align)
        for i, label in enumerate(doc.night_labels[:per_line]):
            draw_line(c, label, REGULAR, 6.5, cols.boxes.x + i * box, base, box, "center")
        c.setStrokeColorRGB(*INK)
        c.setLineWidth(0.8)
        c.line(b.x, y - HEAD + 2, b.right, y - HEAD + 2)
        c.setFillColorRGB(*INK)
        return y - HEAD

    y = page_head()
    for i, row in enumerate(doc.rows):
        text = f"{row.name} · {row.words}" if row.words else row.name
        fitted = fit_text(text, REGULAR, cols.name.width, base_h - 4, 10, min_size=7.5)
        h = max(base_h, fitted.height + 6)
        if y - h < b.y:
            c.showPage()
            y = page_head()
        if i % 2:
            c.setFillColorRGB(0.94, 0.94, 0.94)
            c.rect(b.x, y - h, b.width, h, stroke=0, fill=1)
        ink = INK if row.qualified else GREY
        c.setFillColorRGB(*ink)
        mid = y - h / 2 - 4
        place = str(row.place) if row.place is not None else "–"
        draw_line(c, place, REGULAR, 11, cols.place.x, mid, cols.place.width, "right")
        draw_fitted(c, fitted, cols.name.x, y - (h - fitted.height) / 2, cols.name.width)
        played = str(row.nights_played)
        draw_line(c, played, REGULAR, 11, cols.played.x, mid, cols.played.width, "right")
        draw_line(c, str(row.total), BOLD, 13, cols.total.x, mid, cols.total.width, "right")
        boxes_h = box * 0.8 * box_lines
        _night_boxes(c, cols.boxes.x, y - (h - boxes_h) / 2, box, per_line, row.nights)
        y -= h
    c.showPage()


def series_standings(doc: SeriesSheet) -> bytes:
    """Every person of the series by total (best first), each with a box per night."""
    _ = doc.info.gettext
    title = _("Series standings")
    return render(doc.info, title, lambda c: draw_series(c, doc, title))
