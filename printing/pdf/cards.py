"""Punch cards: one per pair, eight to a page (2 x 4), with cut marks.

The same card serves three documents: the night's cards (names filled in),
blank cards for walk-ins, and the final score cards (won games punched, the
total and the place or prize). The night's cards carry a second QR code (the first is
on each table's card): the pair's own page, its card live on its phone, in a column
under the pair box with "Your card on your phone" beneath it.

What every card shares (the drive, the boxes, the game circles) is drawn once
as a PDF form and stamped on each card: 120 cards stay well under a second.
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
    SIDE,
    Box,
    DocInfo,
    Fitted,
    circle_grid,
    draw_fitted,
    draw_line,
    draw_qr,
    fit_text,
    game_circle,
    render,
)

COLUMNS, ROWS = 2, 4
PER_PAGE = COLUMNS * ROWS
GRID_TOP = 46.0  # from the top edge: room for the header above the cut marks
GRID_BOTTOM = 40.0
PAD = 10.0
MARK, MARK_GAP = 7.0, 3.0
NUMBER_W, NUMBER_H = 72.0, 44.0
LINE_H = 19.0
BAND = 16.0  # a final card's bottom line: total and standing
QR_GAP = 8.0  # between the names and circles and the QR column
CAPTION_H = 18.0  # under the QR code: "Your card on your phone", on two lines at most


@dataclass(frozen=True)
class PunchCard:
    """One pair's card. number None: a blank card for a walk-in pair."""

    number: int | None = None
    player1: str = ""
    player2: str = ""
    # The pair's code, when the drive confirms results by pair code: the other pair types
    # it at its table to agree. Printed in the pair box, under the number.
    code: str = ""
    # The address of the pair's own page (its card live on its phone), printed as a QR
    # code; "" for none (a blank card).
    url: str = ""


@dataclass(frozen=True)
class FinalCard:
    """One pair's card as the night ended."""

    number: int
    player1: str
    player2: str
    punched: frozenset[int]
    won: int
    standing: str  # "Place 1 · shares first prize, $10", "Place 9", "Place 3 · lost the cut ..."
    missed: frozenset[int] = frozenset()  # games the pair was not there for: not played


@dataclass(frozen=True)
class PunchCards:
    info: DocInfo
    games: int
    cards: tuple[PunchCard, ...]


@dataclass(frozen=True)
class FinalCards:
    info: DocInfo
    games: int  # the games played: a night finished early has fewer circles
    cards: tuple[FinalCard, ...]


def card_size(info: DocInfo) -> tuple[float, float]:
    w, h = info.pagesize
    return (w - 2 * SIDE) / COLUMNS, (h - GRID_TOP - GRID_BOTTOM) / ROWS


def card_corners(info: DocInfo) -> list[tuple[float, float]]:
    """Where the eight cards of a page go (their bottom left corners), left to right,
    top to bottom; each is card_size(info) large."""
    cw, ch = card_size(info)
    top = info.pagesize[1] - GRID_TOP
    return [
        (SIDE + col * cw, top - (row + 1) * ch) for row in range(ROWS) for col in range(COLUMNS)
    ]


@dataclass(frozen=True)
class CardLayout:
    """A card's parts in the card's own coordinates (0, 0 at its bottom left)."""

    width: float
    height: float
    number: Box
    names: tuple[Box, Box]
    circles: Box
    band: Box | None
    qr: Box | None = None  # the QR code's square (its quiet zone included)
    caption: Box | None = None  # under it


def card_layout(info: DocInfo, final: bool = False, qr: bool = False) -> CardLayout:
    """Where a card's parts go; a ``final`` card keeps a band at its foot; with ``qr``, a
    column under the pair box holds the QR code of the pair's own page and its caption,
    and the names and circles keep to its left."""
    cw, ch = card_size(info)
    x, w = PAD, cw - 2 * PAD
    top = ch - PAD
    number = Box(x + w - NUMBER_W, top - NUMBER_H, NUMBER_W, NUMBER_H)
    y = top - NUMBER_H - 6
    left_w = w - NUMBER_W - QR_GAP if qr else w
    names = (Box(x, y - LINE_H, left_w, LINE_H), Box(x, y - 2 * LINE_H, left_w, LINE_H))
    band = Box(x, PAD, w, BAND) if final else None
    bottom = band.top + 4 if band else PAD
    circles = Box(x, bottom, left_w, names[1].y - 6 - bottom)
    code = caption = None
    if qr:
        caption = Box(number.x, PAD, NUMBER_W, CAPTION_H)
        room = number.y - 4 - caption.top
        side = min(NUMBER_W, room)
        code = Box(number.x + (NUMBER_W - side) / 2, caption.top + (room - side) / 2, side, side)
    return CardLayout(cw, ch, number, names, circles, band, code, caption)


def _cut_marks(c: Canvas, info: DocInfo) -> None:
    """Short marks outside the grid on every cut line, and a cross where cuts meet."""
    w, h = info.pagesize
    left, right = SIDE, w - SIDE
    top, bottom = h - GRID_TOP, GRID_BOTTOM
    cw, ch = card_size(info)
    c.saveState()
    c.setLineWidth(0.5)
    c.setStrokeColorRGB(*INK)
    for col in range(COLUMNS + 1):
        x = left + col * cw
        c.line(x, top + MARK_GAP, x, top + MARK_GAP + MARK)
        c.line(x, bottom - MARK_GAP, x, bottom - MARK_GAP - MARK)
    for row in range(ROWS + 1):
        y = top - row * ch
        c.line(left - MARK_GAP, y, left - MARK_GAP - MARK, y)
        c.line(right + MARK_GAP, y, right + MARK_GAP + MARK, y)
    for col in range(1, COLUMNS):
        for row in range(1, ROWS):
            x, y = left + col * cw, top - row * ch
            c.line(x - 5, y, x + 5, y)
            c.line(x, y - 5, x, y + 5)
    # A faint dotted guide for scissors.
    c.setLineWidth(0.4)
    c.setStrokeColorRGB(*LIGHT)
    c.setDash(1, 3)
    for col in range(COLUMNS + 1):
        x = left + col * cw
        c.line(x, bottom, x, top)
    for row in range(ROWS + 1):
        y = top - row * ch
        c.line(left, y, right, y)
    c.restoreState()


def _draw_static(c: Canvas, info: DocInfo, lay: CardLayout) -> None:
    """The parts every card of the drive shares."""
    _ = info.gettext
    nb = lay.number
    x = PAD
    top = lay.height - PAD
    c.setLineWidth(1.2)
    c.setStrokeColorRGB(*INK)
    c.roundRect(nb.x, nb.y, nb.width, nb.height, 4)
    c.setFillColorRGB(*GREY)
    draw_line(c, _("Pair"), REGULAR, 7.5, nb.x, nb.top - 9, nb.width, align="center")
    c.setFillColorRGB(*INK)
    head_w = nb.x - x - 8
    name = fit_text(info.drive_name, BOLD, head_w, 26, 11.5, min_size=8)
    y = draw_fitted(c, name, x, top, head_w)
    where = " · ".join(p for p in (info.date_text, info.venue) if p)
    if where:
        c.setFillColorRGB(*GREY)
        # The name takes at most 26 of the 44 points beside the pair box: 18 are left.
        room = y - nb.y
        draw_fitted(c, fit_text(where, REGULAR, head_w, room, 8.5, 6.5), x, y, head_w)
        c.setFillColorRGB(*INK)
    for i, line in enumerate(lay.names, start=1):
        c.setFillColorRGB(*GREY)
        c.setFont(REGULAR, 7)
        c.drawString(line.x, line.y + 3, f"{i}.")
        c.setStrokeColorRGB(*GREY)
        c.setLineWidth(0.6)
        c.line(line.x + 10, line.y + 1, line.right, line.y + 1)
    c.setFillColorRGB(*INK)


def _caption(info: DocInfo, lay: CardLayout) -> Fitted | None:
    """What the QR code opens, fitted under it once for all the cards."""
    cap = lay.caption
    if cap is None:
        return None
    return fit_text(info.gettext("Your card on your phone"), REGULAR, cap.width, cap.height, 7, 7)


def _draw_own_page_qr(c: Canvas, lay: CardLayout, words: Fitted, url: str) -> None:
    """The QR code of the pair's own page, and under it what it opens."""
    cap = lay.caption
    c.setFillColorRGB(*GREY)
    draw_fitted(c, words, cap.x, cap.top, cap.width, align="center")
    c.setFillColorRGB(*INK)
    draw_qr(c, url, lay.qr.x, lay.qr.y, lay.qr.width)


def _draw_names(
    c: Canvas, lay: CardLayout, number: int | None, names: tuple[str, str], code: str = ""
) -> None:
    nb = lay.number
    if number is not None:
        room = nb.height - (22 if code else 12)
        fitted = fit_text(str(number), BOLD, nb.width - 8, room, 30, min_size=10)
        draw_fitted(c, fitted, nb.x + 4, nb.top - 10, nb.width - 8, align="center")
    if code:
        draw_line(c, code, BOLD, 8.5, nb.x + 2, nb.y + 3.5, nb.width - 4, align="center")
    for line, player in zip(lay.names, names, strict=True):
        if player:
            width = line.width - 14
            fitted = fit_text(player, REGULAR, width, line.height - 3, 11)
            draw_fitted(c, fitted, line.x + 13, line.y + 2 + fitted.height, width)


def _stamp(c: Canvas, x: float, y: float, draw: Callable[[], None]) -> None:
    c.saveState()
    c.translate(x, y)
    draw()
    c.restoreState()


def _pages(c: Canvas, info: DocInfo, faces: Sequence, draw_one: Callable) -> None:
    corners = card_corners(info)
    for start in range(0, max(1, len(faces)), PER_PAGE):
        _cut_marks(c, info)
        for (x, y), face in zip(corners, faces[start : start + PER_PAGE], strict=False):
            _stamp(c, x, y, lambda face=face: draw_one(face))
        c.showPage()


def punch_cards(doc: PunchCards, title: str = "") -> bytes:
    """The punch cards of the night (or blank ones), eight to a page.

    A card with a pair number has its players' names printed; a blank card
    (number None) has an empty pair box and empty name lines.
    """
    info = doc.info
    _ = info.gettext
    # The QR column only on cards of pairs (a blank card has no pair's page yet).
    lay = card_layout(info, qr=any(card.url for card in doc.cards))
    caption = _caption(info, lay)

    def draw(c: Canvas) -> None:
        c.beginForm("card", 0, 0, lay.width, lay.height)
        _draw_static(c, info, lay)
        d, centres = circle_grid(lay.circles, doc.games)
        for n, (cx, cy) in enumerate(centres, start=1):
            game_circle(c, cx, cy, d, n)
        c.endForm()

        def one(card: PunchCard) -> None:
            c.doForm("card")
            code = _("Code %(code)s") % {"code": card.code} if card.code else ""
            _draw_names(c, lay, card.number, (card.player1, card.player2), code)
            if card.url:
                _draw_own_page_qr(c, lay, caption, card.url)

        _pages(c, info, doc.cards, one)

    return render(info, title or _("Punch cards"), draw)


def final_cards(doc: FinalCards) -> bytes:
    """Each pair's card as the night ended: won games punched, total, place or prize."""
    info = doc.info
    _ = info.gettext
    lay = card_layout(info, final=True)

    def draw(c: Canvas) -> None:
        c.beginForm("card", 0, 0, lay.width, lay.height)
        _draw_static(c, info, lay)
        c.endForm()
        d, centres = circle_grid(lay.circles, doc.games)
        for n, (cx, cy) in enumerate(centres, start=1):
            for state in (0, 1, 2):  # not won, won, not played (the pair was not there)
                c.beginForm(f"game-{n}-{state}", 0, 0, lay.width, lay.height)
                game_circle(c, cx, cy, d, n, punched=state == 1, missed=state == 2)
                c.endForm()

        def one(card: FinalCard) -> None:
            c.doForm("card")
            for n in range(1, doc.games + 1):
                state = 1 if n in card.punched else 2 if n in card.missed else 0
                c.doForm(f"game-{n}-{state}")
            _draw_names(c, lay, card.number, (card.player1, card.player2))
            band = lay.band
            c.setFillColorRGB(*INK)
            total = _("Won: %(n)d") % {"n": card.won}
            draw_line(c, total, BOLD, 12, band.x, band.y + 3, band.width * 0.35)
            if card.standing:
                w = band.width * 0.63
                fitted = fit_text(card.standing, BOLD, w, band.height, 10.5)
                draw_fitted(c, fitted, band.right - w, band.y + fitted.height, w, align="right")

        _pages(c, info, doc.cards, one)

    return render(info, _("Final score cards"), draw)
