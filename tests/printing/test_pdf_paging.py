"""Long lists on paper: how the seating, the standings and the result sheets of a big
hall spread over columns and pages (printing/pdf/seating.py, standings.py, pack.py).

The wall sheets print as large as the page allows: a short list gets big type and
room, a long one more columns, then more pages; every page keeps its headings.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

import pytest

from printing.pdf import pack, prize_report, seating, standings
from printing.pdf.common import DocInfo
from tests.builders.pdf import Text, page_texts

INFO = DocInfo(drive_name="Friday 45s", generated_at="Nov. 29, 3:00 p.m.")
ARROW = "\u2192"


def seating_doc(pairs: int) -> seating.Seating:
    seats, rows = [], []
    for t in range(1, (pairs + 1) // 2 + 1):
        numbers = tuple(n for n in (2 * t - 1, 2 * t) if n <= pairs)
        sitout = len(numbers) == 1
        rows.append(seating.TableRow(t, numbers, None if sitout else numbers[1], sitout))
        seats += [seating.SeatRow(n, t, sitout) for n in numbers]
    return seating.Seating(INFO, 3, 25, tuple(seats), tuple(rows))


def seats_by_column(page: list[Text]) -> dict[float, list[tuple[int, int]]]:
    """Each column's (pair, table) rows, by the column's arrow position."""
    columns = defaultdict(list)
    for i, text in enumerate(page):
        if text.text == ARROW:
            columns[text.x].append((int(page[i - 1].text), int(page[i + 1].text)))
    return dict(sorted(columns.items()))


def step(texts: list[Text]) -> float:
    return round(texts[0].y - texts[1].y, 2)


def test_60_pairs_stand_in_three_columns_of_20_spread_down_the_page():
    pairs_page, tables_page = page_texts(seating.seating(seating_doc(60)))
    columns = seats_by_column(pairs_page)
    assert list(columns.values()) == [
        [(n, (n + 1) // 2) for n in range(first, first + 20)] for first in (1, 21, 41)
    ]
    arrows = [t for t in pairs_page if t.text == ARROW]
    assert step(arrows) == 33.27  # the page's height shared by 20 rows
    assert arrows[0].y == 673.2
    pair = pairs_page[pairs_page.index(arrows[0]) - 1]
    assert (pair.size, arrows[0].size) == (25.95, 20.76)
    # 30 tables, two columns: short enough for the largest type and room.
    numbers = [t for t in tables_page if t.font == "DejaVuSans-Bold" and t.text.isdigit()]
    assert [t.text for t in numbers] == [str(n) for n in range(1, 31)]
    assert (step(numbers), numbers[0].size, numbers[0].y) == (30.0, 16.0, 678.46)


def test_a_title_on_two_lines_leaves_the_rows_less_room():
    words = {
        "Game %(game)d of %(games)d: find your table": (
            "Game %(game)d of %(games)d: find the number of your pair below, and the table "
            "where you sit for this game"
        )
    }
    info = replace(INFO, gettext=lambda message: words.get(message, message))
    pairs_page = page_texts(seating.seating(replace(seating_doc(60), info=info)))[0]
    assert [t.text for t in pairs_page[:2]] == [
        "Game 3 of 25: find the number of your pair below,",
        "and the table where you sit for this game",
    ]
    assert [len(rows) for rows in seats_by_column(pairs_page).values()] == [20, 20, 20]
    arrows = [t for t in pairs_page if t.text == ARROW]
    assert (step(arrows), arrows[0].y) == (32.23, 653.31)  # 33.27 and 673.2 under one line


def test_100_pairs_take_four_columns_rather_than_three_cramped_ones():
    pairs_page = page_texts(seating.seating(seating_doc(100)))[0]
    assert [len(rows) for rows in seats_by_column(pairs_page).values()] == [25, 25, 25, 25]
    arrows = [t for t in pairs_page if t.text == ARROW]
    assert (step(arrows), arrows[0].size) == (26.61, 16.61)


def test_121_pairs_fit_one_page_in_four_columns():
    pairs_page, tables_page = page_texts(seating.seating(seating_doc(121)))
    columns = seats_by_column(pairs_page)
    assert [len(rows) for rows in columns.values()] == [31, 31, 31, 28]
    assert [rows[0][0] for rows in columns.values()] == [1, 32, 63, 94]
    arrows = [t for t in pairs_page if t.text == ARROW]
    assert (step(arrows), arrows[0].size) == (21.46, 13.39)
    # Pair 121 sits out: said in smaller type after its table.
    sits = next(t for t in pairs_page if t.text == "sits out")
    assert (sits.size, sits.x) == (9.21, 541.0)
    numbers = [t for t in tables_page if t.font == "DejaVuSans-Bold" and t.text.isdigit()]
    assert (len(numbers), step(numbers), numbers[0].size) == (61, 21.46, 12.88)
    assert numbers[31].y == numbers[0].y  # table 32 heads the second column
    assert [t.text for t in tables_page if t.text == "Pair 121 sits out"] == ["Pair 121 sits out"]


def test_300_pairs_go_over_pages_of_four_columns_each_titled():
    pages = page_texts(seating.seating(seating_doc(300)))
    assert len(pages) == 6
    for number, page in enumerate(pages[:3], start=1):
        columns = seats_by_column(page)
        first = (number - 1) * 144 + 1
        counts = [len(rows) for rows in columns.values()]
        assert counts == ([36] * 4 if number < 3 else [12])
        assert list(columns.values())[0][0] == (first, (first + 1) // 2)
        assert page[0].text == "Game 3 of 25: find your table"
        # A heading over each column used, and none over an empty one.
        assert [t.text for t in page].count("Pair") == len(counts)
    for number, page in enumerate(pages[3:], start=1):
        assert page[0].text == "Game 3 of 25: tables and the first deal"
        numbers = [t for t in page if t.font == "DejaVuSans-Bold" and t.text.isdigit()]
        assert [int(t.text) for t in numbers][:1] == [(number - 1) * 72 + 1]
        assert len(numbers) == (72 if number < 3 else 6)
        assert [t.text for t in page].count("Deals first") == (2 if number < 3 else 1)
    assert [t.text for t in pages[-1][-4:]][2] == "Page 6 of 6"


def test_a_seating_with_nobody_still_prints_its_titled_pages():
    pages = page_texts(seating.seating(seating.Seating(INFO, 1, 25, (), ())))
    assert [page[0].text for page in pages] == [
        "Game 1 of 25: find your table",
        "Game 1 of 25: tables and the first deal",
    ]


def standings_doc(rows: int) -> standings.StandingsSheet:
    lines = tuple(
        standings.StandingLine(n, n, f"Player {n}a", f"Player {n}b", 7 - n // 6, frozenset())
        for n in range(1, rows + 1)
    )
    return standings.StandingsSheet(INFO, 7, 7, "Final, after 7 games.", lines)


def test_40_pairs_of_standings_run_onto_a_second_page_under_the_headings_again():
    pages = page_texts(standings.standings(standings_doc(40)))
    assert len(pages) == 2
    ranks = [[t for t in page if t.size == 12 and t.font == "DejaVuSans-Bold"] for page in pages]
    assert [t.text for t in ranks[0]] == [str(n) for n in range(1, 30)]
    assert [t.text for t in ranks[1]] == [str(n) for n in range(30, 41)]
    for page in pages:
        assert [t.text for t in page[:3]] == ["Standings", "Final, after 7 games.", "Place"]
    assert ranks[1][0].y == ranks[0][0].y


def sheet_pack(tables: int) -> pack.PaperPack:
    seated = pack.ResultSheet(
        game=3,
        tables=tuple(
            pack.SheetTable(t, (2 * t - 1, 2 * t), deal_first=2 * t) for t in range(1, tables + 1)
        ),
    )
    blank = pack.ResultSheet(game=4, blank_tables=tables)
    return pack.PaperPack(INFO, standings_doc(3), None, (seated, blank))


def sheet_numbers(page: list[Text]) -> list[Text]:
    return [t for t in page if t.size == 15]


@pytest.mark.parametrize("sheet", [1, 2], ids=["seated", "blank"])
def test_57_tables_share_one_result_sheet_in_two_columns(sheet):
    pages = page_texts(pack.paper_pack(sheet_pack(57)))
    assert len(pages) == 3
    numbers = sheet_numbers(pages[sheet])
    assert [t.text for t in numbers] == [str(n) for n in range(1, 58)]
    assert step(numbers) == 22.55  # the sheet's height shared by 29 rows
    assert numbers[29].y == numbers[0].y  # table 30 heads the second column
    assert numbers[28].y == 41.0  # table 29 ends the first, at the foot of the page


@pytest.mark.parametrize("sheet", [1, 3], ids=["seated", "blank"])
def test_70_tables_take_two_result_sheet_pages(sheet):
    pages = page_texts(pack.paper_pack(sheet_pack(70)))
    assert len(pages) == 5
    first, second = sheet_numbers(pages[sheet]), sheet_numbers(pages[sheet + 1])
    assert [t.text for t in first] == [str(n) for n in range(1, 65)]
    assert [t.text for t in second] == [str(n) for n in range(65, 71)]
    assert step(first) == 20.0
    assert first[32].y == first[0].y
    for page in (pages[sheet], pages[sheet + 1]):
        assert page[0].text == f"Game {3 if sheet == 1 else 4}: result sheet"


def test_a_long_prize_report_never_splits_a_prize_over_two_pages():
    long_name = "Marie-Josée Ó Súilleabháin-MacNeil de la Thériault-Boudreaux & Ann Marie MacNeil"
    blocks = tuple(
        prize_report.Block(
            f"Prize {n}: {n} games",
            (
                prize_report.PairLine(n, f"Player {n}a & Player {n}b"),
                prize_report.PairLine(100 + n, long_name),
                prize_report.Line("Wins outright: no tie."),
            ),
        )
        for n in range(1, 30)
    )
    doc = prize_report.PrizeReport(INFO, "", "", (prize_report.Section("Places", blocks),), ())
    pages = page_texts(prize_report.prize_report(doc))
    assert len(pages) == 4
    where = {t.text: number for number, page in enumerate(pages) for t in page}
    for n in range(1, 30):
        assert where[f"Pair {n}"] == where[f"Pair {100 + n}"] == where[f"Prize {n}: {n} games"]
    assert where["Places"] == where["Prize 1: 1 games"] == 0
    # Each page is filled down to its foot (34 points up), short of the prize that would
    # not fit whole: each prize takes some 80 points.
    lowest = [min(t.y for t in page if t.text.startswith("Wins")) for page in pages[:-1]]
    assert lowest == [52.5, 111.5, 111.5]
