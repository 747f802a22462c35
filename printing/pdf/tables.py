"""Table cards: one page per table, its number as large as the page allows,
the club's name, and the table's QR code with its address under it.

A phone scanning the code opens that table in the club's running drive, so
the same printed cards serve every night until a link is rotated.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from .common import (
    BOLD,
    GREY,
    INK,
    REGULAR,
    Box,
    DocInfo,
    body,
    draw_fitted,
    draw_qr,
    fit_size,
    fit_text,
    render,
)

# DejaVu Sans Bold digits stand 0.73 em tall.
DIGIT_HEIGHT = 0.73


@dataclass(frozen=True)
class TableCard:
    table: int
    url: str


@dataclass(frozen=True)
class TableCards:
    info: DocInfo
    cards: tuple[TableCard, ...]


QR_SIZE = 210.0  # points, quiet zone included: under half the width of either paper


def big_number_size(label: str, width: float, height: float) -> float:
    """The largest bold size at which the digits fit width x height."""
    return min(height / DIGIT_HEIGHT, fit_size(label, BOLD, width, height / DIGIT_HEIGHT))


def _draw_card(c: Canvas, info: DocInfo, card: TableCard) -> None:
    _ = info.gettext
    b = body(info)
    top = b.top
    # The club's name across the top.
    if info.club_name:
        club = fit_text(info.club_name, BOLD, b.width, 64, 28, min_size=14)
        top = draw_fitted(c, club, b.x, top, b.width, align="center") - 6
    label = fit_text(_("Table"), BOLD, b.width, 50, 40, min_size=20)
    top = draw_fitted(c, label, b.x, top, b.width, align="center")
    # The QR block along the bottom: code, one line of help, the address.
    address = fit_text(card.url, REGULAR, b.width, 24, 9, min_size=6)
    help_text = fit_text(_("Scan to enter this table's result"), REGULAR, b.width, 16, 11)
    y = b.y
    c.setFillColorRGB(*GREY)
    draw_fitted(c, address, b.x, y + address.height, b.width, align="center")
    y += address.height + 2
    c.setFillColorRGB(*INK)
    draw_fitted(c, help_text, b.x, y + help_text.height, b.width, align="center")
    y += help_text.height + 2
    draw_qr(c, card.url, b.x + (b.width - QR_SIZE) / 2, y, QR_SIZE)
    y += QR_SIZE + 8
    # The number fills what is left.
    area = Box(b.x, y, b.width, top - y - 8)
    number = str(card.table)
    size = big_number_size(number, area.width, area.height)
    c.setFont(BOLD, size)
    c.setFillColorRGB(*INK)
    baseline = area.y + (area.height - size * DIGIT_HEIGHT) / 2
    c.drawCentredString(area.x + area.width / 2, baseline, number)


def table_cards(doc: TableCards) -> bytes:
    """One page per table: number, club, QR code and its address."""
    info = doc.info
    _ = info.gettext

    def draw(c: Canvas) -> None:
        for card in doc.cards:
            _draw_card(c, info, card)
            c.showPage()

    return render(info, _("Table cards"), draw)
