"""The prize report: what the prize report page shows, on paper, with a line
for the organizer's signature.

Every sentence arrives already written (data.py reads it from the same report
data as the page); this module only sets it in type. Text flows and wraps, so
a long name or a long tie decision is never cut off.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    KeepTogether,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from .common import (
    BODY_BOTTOM,
    BODY_TOP,
    BOLD,
    REGULAR,
    SIDE,
    DocInfo,
    canvas_maker,
    printable,
)


@dataclass(frozen=True)
class Line:
    """A sentence. kind: body, lead, note (grey), warn (boxed), strong."""

    text: str
    kind: str = "body"


@dataclass(frozen=True)
class PairLine:
    """A pair named in a prize: number, names, and what it gets ("✓ wins", "$30.00").

    tag, when given, is printed in the number's place ("Place 1" for a series' person,
    who has no pair number)."""

    number: int
    names: str
    note: str = ""
    won: bool = False
    tag: str | None = None


@dataclass(frozen=True)
class Block:
    """One prize: its heading, its pairs, and how it stands or was settled."""

    title: str
    lines: tuple[Line | PairLine, ...] = ()


@dataclass(frozen=True)
class Section:
    title: str
    items: tuple[Block | Line, ...] = ()


@dataclass(frozen=True)
class CashRow:
    label: str
    amount: str
    total: bool = False


@dataclass(frozen=True)
class PrizeReport:
    info: DocInfo
    lead: str
    warning: str
    sections: tuple[Section, ...]
    cash: tuple[CashRow, ...]
    unpaid: str = ""  # "Not paid: pair 3 (Mary & John), ..." under the cash summary


INK = colors.Color(0.07, 0.07, 0.07)
GREY = colors.Color(0.35, 0.35, 0.35)


# The body text's look, and each kind of paragraph's, by what it differs in.
BODY = {"fontName": REGULAR, "fontSize": 10.5, "leading": 14, "textColor": INK}
LOOKS = {
    "title": {"fontName": BOLD, "fontSize": 20, "leading": 25},
    "h2": {"fontName": BOLD, "fontSize": 14, "leading": 18, "spaceBefore": 10, "spaceAfter": 4},
    "h3": {"fontName": BOLD, "fontSize": 11.5, "leading": 15, "spaceBefore": 6},
    "body": {},
    "lead": {"fontSize": 12, "leading": 16},
    "strong": {"fontName": BOLD},
    "note": {"fontSize": 9.5, "leading": 12.5, "textColor": GREY},
    "warn": {
        "fontName": BOLD,
        "borderColor": INK,
        "borderWidth": 1,
        "borderPadding": 5,
        "spaceBefore": 6,
        "spaceAfter": 8,
    },
    # Table cells: closer lines.
    "cell": {"leading": 13},
    "cellb": {"fontName": BOLD, "leading": 13},
    "amount": {"fontName": BOLD, "leading": 13, "alignment": TA_RIGHT},
}


def _styles() -> dict[str, ParagraphStyle]:
    base = ParagraphStyle("body", **BODY)
    return {name: ParagraphStyle(name, base, **look) for name, look in LOOKS.items()}


def _p(text: str, style: ParagraphStyle) -> Paragraph:
    return Paragraph(escape(printable(text, style.fontName)), style)


def _pairs_table(rows: list[PairLine], width: float, st: dict, _) -> Table:
    data = [
        [
            _p(_("Pair %(n)d") % {"n": r.number} if r.tag is None else r.tag, st["cellb"]),
            _p(r.names, st["cellb" if r.won else "cell"]),
            _p(r.note, st["cellb" if r.won else "cell"]),
        ]
        for r in rows
    ]
    table = Table(data, colWidths=[62, width - 62 - 130, 130])
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 2),
                ("RIGHTPADDING", (0, 0), (-1, -1), 4),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ]
        )
    )
    return table


def _lines(lines, width: float, st: dict, _) -> list:
    out: list = []
    pairs: list[PairLine] = []
    for line in lines:
        if isinstance(line, PairLine):
            pairs.append(line)
            continue
        if pairs:
            out.append(_pairs_table(pairs, width, st, _))
            pairs = []
        out.append(_p(line.text, st.get(line.kind, st["body"])))
    if pairs:
        out.append(_pairs_table(pairs, width, st, _))
    return out


def _cash_table(rows: tuple[CashRow, ...], width: float, st: dict) -> Table:
    data = [
        [_p(r.label, st["cellb" if r.total else "cell"]), _p(r.amount, st["amount"])] for r in rows
    ]
    style = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, -1), 0.3, colors.Color(0.75, 0.75, 0.75)),
    ]
    for i, r in enumerate(rows):
        if r.total:
            style.append(("LINEABOVE", (0, i), (-1, i), 1, INK))
    table = Table(data, colWidths=[width - 110, 110])
    table.setStyle(TableStyle(style))
    return table


def prize_report(doc: PrizeReport) -> bytes:
    """The prize report on paper: places and ties, cookie jar, side prizes, cash, signature."""
    info = doc.info
    _ = info.gettext
    st = _styles()
    buffer = io.BytesIO()
    template = SimpleDocTemplate(
        buffer,
        pagesize=info.pagesize,
        leftMargin=SIDE,
        rightMargin=SIDE,
        topMargin=BODY_TOP,
        bottomMargin=BODY_BOTTOM,
        title=printable(f"{_('Prize report')}: {info.drive_name}"),
        author=printable(info.club_name),
        creator="Card Drive",
    )
    # The frame keeps 6 points of padding on each side.
    width = template.width - 12
    story: list = [_p(_("Prize report"), st["title"])]
    if doc.lead:
        story.append(_p(doc.lead, st["lead"]))
    if doc.warning:
        story.append(_p(doc.warning, st["warn"]))
    for section in doc.sections:
        # The section's heading stays with its first prize (or alone, with none).
        head = _p(section.title, st["h2"])
        for i, item in enumerate(section.items):
            if isinstance(item, Block):
                parts = [_p(item.title, st["h3"]), *_lines(item.lines, width, st, _)]
            else:
                parts = _lines([item], width, st, _)
            story.append(KeepTogether([head, *parts] if i == 0 else parts))
        if not section.items:
            story.append(head)
    if doc.cash:
        story.append(
            KeepTogether([_p(_("Cash summary"), st["h2"]), _cash_table(doc.cash, width, st)])
        )
    if doc.unpaid:
        story.append(_p(doc.unpaid, st["warn"]))
    signature = Table(
        [
            [
                _p(_("Organizer's signature"), st["cell"]),
                "",
                _p(_("Date"), st["cell"]),
                "",
            ]
        ],
        colWidths=[width * 0.27, width * 0.38, width * 0.1, width * 0.25],
        rowHeights=[34],
    )
    # Cells sit at the bottom of their row (ReportLab's default): on the lines.
    signature.setStyle(
        TableStyle(
            [
                ("LINEBELOW", (1, 0), (1, 0), 0.8, INK),
                ("LINEBELOW", (3, 0), (3, 0), 0.8, INK),
            ]
        )
    )
    story += [Spacer(1, 24), KeepTogether([signature])]
    template.build(story, canvasmaker=canvas_maker(info, _("Prize report")))
    return buffer.getvalue()
