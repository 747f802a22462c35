"""What every printed document shares: paper, fonts, the page frame, fitting text.

Every page carries the drive's name and the document's title at the top, and
when it was made and "Page 2 of 5" at the bottom. Text is drawn in DejaVu Sans
(shipped in fonts/, embedded as a subset), so Gaelic, French and Polish names
print as typed; a character the font lacks prints as a visible "�" instead of
failing. Long names shrink, then wrap: nothing is cut off.

No Django here: words to translate come in through DocInfo.gettext, so a
drawing module writes `_ = info.gettext` and `_("Pair")` (found by
makemessages) and the caller decides the language.
"""

from __future__ import annotations

import io
import itertools
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache, partial
from pathlib import Path

import zxingcpp
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas as rl_canvas

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
FAMILY = REGULAR
PAPER = {"letter": LETTER, "a4": A4}
REPLACEMENT = "\ufffd"

# DejaVu's accents on capitals reach about 0.93 em; descenders go 0.24 em down.
ASCENT = 0.93
DESCENT = 0.24

# Printers leave about a quarter inch unprinted: the frame stays inside half an inch.
SIDE = 30.0
HEADER_BASELINE = 26.0  # from the top edge
FOOTER_BASELINE = 16.0  # from the bottom edge
BODY_TOP = 44.0  # from the top edge
BODY_BOTTOM = 34.0  # from the bottom edge

INK = (0.07, 0.07, 0.07)
GREY = (0.45, 0.45, 0.45)
LIGHT = (0.75, 0.75, 0.75)


def _same(message: str) -> str:
    return message


@dataclass(frozen=True)
class DocInfo:
    """What every page of a document says about its drive.

    Dates and times come already written out in the reader's language and
    time zone; gettext translates the drawing module's own words.
    """

    drive_name: str
    club_name: str = ""
    date_text: str = ""
    venue: str = ""
    generated_at: str = ""
    paper: str = "letter"
    gettext: Callable[[str], str] = _same

    @property
    def pagesize(self) -> tuple[float, float]:
        return PAPER.get(self.paper, LETTER)


# ---------------------------------------------------------------- fonts and text


@cache
def register_fonts() -> None:
    """Register DejaVu Sans and its bold with reportlab once per process."""
    pdfmetrics.registerFont(TTFont(REGULAR, str(FONT_DIR / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(FONT_DIR / "DejaVuSans-Bold.ttf")))
    pdfmetrics.registerFontFamily(
        FAMILY, normal=REGULAR, bold=BOLD, italic=REGULAR, boldItalic=BOLD
    )


@cache
def _charset(font: str) -> frozenset[int]:
    register_fonts()
    return frozenset(pdfmetrics.getFont(font).face.charToGlyph)


@cache
def _replacement(font: str) -> str:
    return REPLACEMENT if ord(REPLACEMENT) in _charset(font) else "?"


def printable(text: str, font: str = REGULAR) -> str:
    """The text as the font can print it: composed accents, line breaks and tabs as
    spaces, invisible format characters dropped, a missing character as "�".

    >>> printable("Ó Súilleabháin 漢")
    'Ó Súilleabháin �'
    """
    have = _charset(font)
    out = []
    for ch in unicodedata.normalize("NFC", str(text or "")):
        code = ord(ch)
        if code in have:
            out.append(ch)
            continue
        # Both faces have the line and paragraph separators (U+2028, U+2029): only the
        # control characters (tabs, line feeds) are left to print as spaces.
        category = unicodedata.category(ch)
        if category == "Cc":
            out.append(" ")
        elif category == "Cf":
            continue
        else:
            out.append(_replacement(font))
    return "".join(out)


def text_width(text: str, font: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font, size)


def fit_size(text: str, font: str, width: float, size: float) -> float:
    """The largest size up to `size` at which `text` fits `width` on one line."""
    w = text_width(text, font, size)
    if w <= width or w <= 0:
        return size
    # Widths scale with the size; the margin absorbs rounding.
    return size * width / w * 0.995


def _split_word(word: str, font: str, size: float, width: float) -> list[str]:
    pieces, current = [], ""
    for ch in word:
        if current and text_width(current + ch, font, size) > width:
            pieces.append(current)
            current = ch
        else:
            current += ch
    if current:
        pieces.append(current)
    return pieces


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Greedy word wrap; a word longer than the line is broken between letters.

    A word that does not fit after the last line starts a new one (as its pieces, if
    it is longer than the line: a word that fits is one piece).
    """
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(joined := f"{lines[-1]} {word}", font, size) <= width:
            lines[-1] = joined
        else:
            lines.extend(_split_word(word, font, size, width))
    return lines or [""]


@dataclass(frozen=True)
class Fitted:
    """Text laid out to fit a box: its size and lines."""

    size: float
    lines: tuple[str, ...]
    font: str
    leading: float = 1.15

    @property
    def height(self) -> float:
        return self.size * self.leading * len(self.lines)

    @property
    def width(self) -> float:
        return max(text_width(line, self.font, self.size) for line in self.lines)


def fit_text(
    text: str,
    font: str,
    width: float,
    height: float,
    size: float,
    min_size: float = 7.0,
    leading: float = 1.15,
) -> Fitted:
    """Fit text in width x height: one line, shrunk down to min_size if need be;
    else wrapped on several lines; else one line as small as it takes.

    Whatever the text, every line is at most `width` wide and all lines
    together at most `height` tall: nothing is clipped.
    """
    text = printable(text, font).strip()
    top = min(size, height / leading)
    one = fit_size(text, font, width, top)
    if one >= min_size or not text:
        return Fitted(one, (text,), font, leading)
    s = top
    while s > one:
        lines = wrap(text, font, s, width)
        fits = all(text_width(line, font, s) <= width for line in lines)
        if fits and len(lines) * s * leading <= height:
            return Fitted(s, tuple(lines), font, leading)
        s *= 0.92
    return Fitted(one, (text,), font, leading)


# Where a line sits in its width: the share of the width its anchor is at, and the
# canvas's call that draws a string from that anchor.
ALIGN = {
    "left": (0.0, rl_canvas.Canvas.drawString),
    "center": (0.5, rl_canvas.Canvas.drawCentredString),
    "right": (1.0, rl_canvas.Canvas.drawRightString),
}


def draw_aligned(
    c: rl_canvas.Canvas, text: str, x: float, baseline: float, width: float, align: str
) -> None:
    """One line of text in the width from x, aligned "left", "center" or "right"."""
    share, draw = ALIGN[align]
    draw(c, x + width * share, baseline, text)


def draw_fitted(
    c: rl_canvas.Canvas,
    fitted: Fitted,
    x: float,
    top: float,
    width: float,
    align: str = "left",
) -> float:
    """Draw fitted lines from `top` down, in the width from x; returns the y below the
    last line."""
    c.setFont(fitted.font, fitted.size)
    step = fitted.size * fitted.leading
    # Centre the glyphs (accent tops to descenders) in each line's slot.
    pad = (step - fitted.size * (ASCENT + DESCENT)) / 2
    y = top
    for line in fitted.lines:
        draw_aligned(c, line, x, y - pad - fitted.size * ASCENT, width, align)
        y -= step
    return y


def draw_line(
    c: rl_canvas.Canvas,
    text: str,
    font: str,
    size: float,
    x: float,
    baseline: float,
    width: float,
    align: str = "left",
) -> float:
    """One line at `size`, shrunk if it would be wider than `width`; returns the size used."""
    text = printable(text, font)
    s = fit_size(text, font, width, size)
    c.setFont(font, s)
    draw_aligned(c, text, x, baseline, width, align)
    return s


# ---------------------------------------------------------------- pages


@dataclass(frozen=True)
class Box:
    """A rectangle on the page, in points from the bottom left corner."""

    x: float
    y: float
    width: float
    height: float

    @property
    def top(self) -> float:
        return self.y + self.height

    @property
    def right(self) -> float:
        return self.x + self.width


def body(info: DocInfo) -> Box:
    """The part of a page between the header and the footer."""
    w, h = info.pagesize
    return Box(SIDE, BODY_BOTTOM, w - 2 * SIDE, h - BODY_TOP - BODY_BOTTOM)


def draw_frame(c: rl_canvas.Canvas, info: DocInfo, title: str, page: int, pages: int) -> None:
    """The header and footer of one page."""
    _ = info.gettext
    w, h = info.pagesize
    inner = w - 2 * SIDE
    c.saveState()
    c.setFillColorRGB(*INK)
    title = printable(title)
    title_size = fit_size(title, REGULAR, inner * 0.45, 10)
    title_w = text_width(title, REGULAR, title_size)
    c.setFont(REGULAR, title_size)
    c.drawRightString(w - SIDE, h - HEADER_BASELINE, title)
    draw_line(c, info.drive_name, BOLD, 11, SIDE, h - HEADER_BASELINE, inner - title_w - 14)
    c.setFillColorRGB(*GREY)
    numbering = _("Page %(page)d of %(pages)d") % {"page": page, "pages": pages}
    numbering = printable(numbering, BOLD)
    num_size = fit_size(numbering, BOLD, inner * 0.3, 9)
    c.setFont(BOLD, num_size)
    c.drawRightString(w - SIDE, FOOTER_BASELINE, numbering)
    made = _("Generated %(at)s") % {"at": info.generated_at} if info.generated_at else ""
    if made:
        left = inner - text_width(numbering, BOLD, num_size) - 14
        draw_line(c, made, REGULAR, 8, SIDE, FOOTER_BASELINE, left)
    c.restoreState()


class PageCanvas(rl_canvas.Canvas):
    """A canvas that keeps its pages until save(), then stamps each with the frame.

    Only then is the number of pages known, for "Page 2 of 5". A page's
    title is whatever `page_title` held when the page was finished.
    """

    def __init__(self, *args, info: DocInfo, title: str, **kwargs):
        kwargs.setdefault("pagesize", info.pagesize)
        super().__init__(*args, **kwargs)
        self.info = info
        self.page_title = title
        self._pages: list[dict] = []

    def showPage(self):  # noqa: N802 (reportlab's name)
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self):
        if not self._pages or self._code:
            self.showPage()
        pages = self._pages
        for number, state in enumerate(pages, start=1):
            self.__dict__.update(state)
            draw_frame(self, self.info, self.page_title, number, len(pages))
            rl_canvas.Canvas.showPage(self)
        rl_canvas.Canvas.save(self)


def new_canvas(buffer: io.BytesIO, info: DocInfo, title: str) -> PageCanvas:
    """A canvas for one document, titled for PDF readers as "Punch cards: Friday 45s"."""
    register_fonts()
    c = PageCanvas(buffer, info=info, title=title)  # pages compressed: ReportLab's default
    c.setTitle(printable(f"{title}: {info.drive_name}"))
    c.setAuthor(printable(info.club_name))
    c.setCreator("Card Drive")
    return c


def canvas_maker(info: DocInfo, title: str) -> Callable[..., PageCanvas]:
    """For platypus: doc.build(story, canvasmaker=canvas_maker(info, title))."""
    register_fonts()
    return partial(PageCanvas, info=info, title=title)


def render(info: DocInfo, title: str, draw: Callable[[PageCanvas], None]) -> bytes:
    """Run a drawing function on a fresh canvas and return the finished PDF."""
    buffer = io.BytesIO()
    c = new_canvas(buffer, info, title)
    draw(c)
    c.save()
    return buffer.getvalue()


# ---------------------------------------------------------------- small shapes


def circle_grid(box: Box, games: int, max_diameter: float = 26.0) -> tuple[float, list]:
    """Where the game circles 1..games go in `box`: the grid that makes them
    largest, centred. Returns the diameter and each circle's centre."""
    best = None
    for cols in range(1, games + 1):
        rows = -(-games // cols)
        d = min(box.width / cols, box.height / rows)
        # More columns only for circles visibly larger.
        if best is None or d > best[0] + 0.01:
            best = (d, cols, rows)
    cell, cols, rows = best
    d = min(cell * 0.86, max_diameter)
    x0 = box.x + (box.width - cell * cols) / 2
    y0 = box.top - (box.height - cell * rows) / 2
    centres = []
    for n in range(games):
        row, col = divmod(n, cols)
        centres.append((x0 + cell * col + cell / 2, y0 - cell * row - cell / 2))
    return d, centres


def game_circle(
    c: rl_canvas.Canvas,
    cx: float,
    cy: float,
    d: float,
    number: int,
    punched: bool = False,
    missed: bool = False,
) -> None:
    """One game's circle with its number; a punched game is filled in (a hole). A game
    the pair was not there for is faint, dashed and struck through: not played, not lost."""
    label = str(number)
    size = max(4.0, d * 0.42)
    size = min(size, fit_size(label, BOLD, d * 0.8, size))
    c.setLineWidth(0.8)
    c.setStrokeColorRGB(*(LIGHT if missed else INK))
    c.setFillColorRGB(*INK)
    if missed:
        c.saveState()
        c.setDash(1.5, 1.5)
        c.circle(cx, cy, d / 2)
        c.restoreState()
        c.setStrokeColorRGB(*GREY)
        c.line(cx - d * 0.35, cy - d * 0.35, cx + d * 0.35, cy + d * 0.35)
        c.setFillColorRGB(*GREY)
    else:
        c.circle(cx, cy, d / 2, fill=punched)
    if punched:
        c.setFillColorRGB(1, 1, 1)
    c.setFont(BOLD, size)
    c.drawCentredString(cx, cy - size * 0.36, label)
    c.setFillColorRGB(*INK)
    c.setStrokeColorRGB(*INK)


def checkbox(c: rl_canvas.Canvas, x: float, y: float, size: float, ticked: bool = False) -> None:
    """A square to tick with a pencil (its bottom left corner at x, y)."""
    c.saveState()
    c.setLineWidth(1.2)
    c.setStrokeColorRGB(*INK)
    c.rect(x, y, size, size)
    if ticked:
        c.setLineWidth(2)
        p = c.beginPath()
        p.moveTo(x + size * 0.18, y + size * 0.5)
        p.lineTo(x + size * 0.42, y + size * 0.2)
        p.lineTo(x + size * 0.85, y + size * 0.85)
        c.drawPath(p)
    c.restoreState()


# --- QR codes (table cards, and the pair's own card on its punch card) ---

QUIET_ZONE = 4  # modules of white around the code, as the QR standard asks


@lru_cache(maxsize=512)
def qr_runs(data: str) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """The QR code of data (error correction M) as its module count and its dark runs,
    (row, first column, length). zxing-cpp encodes it (in C++: under a millisecond, where
    ReportLab's pure-Python encoder took some 40 ms a code); kept per address, as the
    same cards are printed again and again."""
    code = zxingcpp.create_barcode(data, zxingcpp.BarcodeFormat.QRCode, ec_level="M")
    pixels = memoryview(code.to_image(scale=1, add_quiet_zones=False))
    count = pixels.shape[0]
    flat = pixels.tobytes()  # one byte a module, row by row: 0 dark, 255 light
    runs = []
    for r in range(count):
        c = 0
        for light, group in itertools.groupby(flat[r * count : (r + 1) * count]):
            n = len(list(group))
            if not light:
                runs.append((r, c, n))
            c += n
    return count, tuple(runs)


def draw_qr(c: rl_canvas.Canvas, data: str, x: float, y: float, size: float) -> None:
    """A QR code (with its quiet zone) filling a size x size square at x, y.

    One filled path of the dark runs: ReportLab's QR widget encodes the code twice, in
    pure Python, and draws a shape per run, which took the cards of a 200-table hall
    (25 s) to the edge of a server worker's time limit.
    """
    count, runs = qr_runs(data)
    box = size / (count + 2 * QUIET_ZONE)
    # The modules in their own units (one a module, rows going down from the code's top
    # left), under one transform: ReportLab's path writes each number through its
    # pure-Python formatter, which took 2 ms a code (a quarter second for 120 punch cards).
    c.saveState()
    c.transform(box, 0, 0, box, x + QUIET_ZONE * box, y + size - QUIET_ZONE * box)
    # Each dark run a rectangle "col -row-1 length 1 re", all filled at once (even-odd).
    c.addLiteral(" ".join(f"{col} {-r - 1} {n} 1 re" for r, col, n in runs) + " f*")
    c.restoreState()
