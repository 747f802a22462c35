"""A series' printed documents, drawn from small fixed series, are what their goldens say.

The same goldens as tests/printing/test_pdf_golden.py (tests/builders/pdf.py reads what
a PDF prints); when a change is meant, look at the document and write them again:

    PDF_GOLDEN_UPDATE=1 .venv/bin/pytest tests/printing/test_pdf_series_golden.py
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from printing.pdf import prize_report, series
from printing.pdf.common import DocInfo
from tests.builders.pdf import drawing, page_texts

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("PDF_GOLDEN_UPDATE") == "1"

INFO = DocInfo(
    drive_name="Fall 45s 2026",
    club_name="St. Joseph's Parish Hall",
    generated_at="Nov. 29, 2026, 3:00 p.m.",
)
BARE = DocInfo(drive_name="Winter 45s", paper="a4")
LONG_NAME = "Marie-Josée Ó Súilleabháin-MacNeil de la Thériault-Boudreaux"
N = series.NightBox
AWAY = N(played=False)


def best_three_of_four() -> series.SeriesSheet:
    line = series.SeriesLine
    rows = (
        line(1, "Mary MacNeil", 4, 49, (N(15, True), N(17, True), N(12), N(17, True)),
             words="first prize: won the cut"),
        line(1, "Siobhán Ó Súilleabháin", 3, 49, (N(16, True), AWAY, N(16, True), N(17, True)),
             words="first prize: lost the cut"),
        line(2, LONG_NAME, 4, 40, (N(14, True), N(9), N(13, True), N(13, True))),
        line(None, "Ann Boudreau", 1, 18, (N(18, True), AWAY, AWAY, AWAY), qualified=False,
             words="not qualified: 1 of 2 nights"),
    )  # fmt: skip
    labels = ("Oct 3", "Oct 10", "Oct 17", "Oct 24")
    return series.SeriesSheet(INFO, labels, "Best 3 of 4 nights count; 2 to qualify.", rows)


def thirty_nights() -> series.SeriesSheet:
    """A season of 30 nights: the boxes wrap on two lines; 40 people run onto a second page."""
    rows = tuple(
        series.SeriesLine(
            i,
            f"Player {i}",
            30 - i % 3,
            300 - i,
            tuple(AWAY if (n + i) % 11 == 0 else N(n % 20, n % 4 != 0) for n in range(30)),
        )
        for i in range(1, 41)
    )
    labels = tuple(f"{n}" for n in range(1, 31))
    return series.SeriesSheet(BARE, labels, "", rows, by_pairs=True)


def series_prize_report() -> prize_report.PrizeReport:
    pl, line, block, section = (
        prize_report.PairLine,
        prize_report.Line,
        prize_report.Block,
        prize_report.Section,
    )
    places = section(
        "Places",
        (
            block(
                "First prize: 49 · $50.00",
                (
                    pl(0, "Mary MacNeil", "✓ wins", True, tag="Place 1"),
                    pl(0, "Siobhán Ó Súilleabháin", "lost the cut", tag="Place 1"),
                    line("cut: Mary MacNeil 3♣, Siobhán Ó Súilleabháin 9♥ — Mary MacNeil won"),
                ),
            ),
            block("Second prize: 40 · $25.00", (pl(0, LONG_NAME, "$25.00", tag="Place 3"),)),
        ),
    )
    cash = (prize_report.CashRow("Paid out", "$75.00", True),)
    return prize_report.PrizeReport(INFO, "4 nights · best 3 count", "", (places,), cash)


DOCUMENTS = {
    "series-standings": lambda: series.series_standings(best_three_of_four()),
    "series-standings-30-nights": lambda: series.series_standings(thirty_nights()),
    "series-prize-report": lambda: prize_report.prize_report(series_prize_report()),
}


@pytest.mark.parametrize("name", DOCUMENTS)
def test_each_series_document_prints_what_its_golden_says(name):
    got = drawing(DOCUMENTS[name]())
    path = GOLDEN / f"{name}.txt"
    if UPDATE:
        path.write_text("\n".join(got) + "\n", encoding="utf-8")
    want = path.read_text(encoding="utf-8").splitlines()
    if got != want:
        diff = difflib.unified_diff(
            want, got, f"golden/{name}.txt", "printed now", n=2, lineterm=""
        )
        pytest.fail(
            "The document prints differently from its golden (PDF_GOLDEN_UPDATE=1 writes it "
            "again):\n" + "\n".join(list(diff)[:80]),
            pytrace=False,
        )


def test_every_person_of_a_long_series_is_printed_once_across_the_pages():
    pages = page_texts(series.series_standings(thirty_nights()))
    assert len(pages) >= 2
    names = [f"Player {i}" for i in range(1, 41)]
    printed = [t.text for page in pages for t in page if t.text in names]
    assert printed == names


def test_a_person_who_missed_a_night_has_no_score_in_its_box():
    # Siobhán was away on Oct 10: her row prints three scores, not four.
    pages = page_texts(series.series_standings(best_three_of_four()))
    texts = [t.text for t in pages[0]]
    at = texts.index("Siobhán Ó Súilleabháin · first prize: lost the cut")
    assert texts[at : at + 6] == [
        "Siobhán Ó Súilleabháin · first prize: lost the cut", "3", "49", "16", "16", "17",
    ]  # fmt: skip


def test_a_series_person_prints_its_place_where_a_pair_prints_its_number():
    texts = [t.text for t in page_texts(prize_report.prize_report(series_prize_report()))[0]]
    assert texts.count("Place 1") == 2
    assert not any(t.startswith("Pair") for t in texts)
