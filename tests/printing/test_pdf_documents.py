"""The printed documents (printing/pdf/): plain data in, PDF bytes out, no database.

Text is read back with pypdf. Where pdftoppm is installed, one page of each
document is rendered to test-artifacts/pdf/ (to look at) and checked for ink
in the strip printers cannot print, and the table card's QR code is decoded.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader

from printing.pdf import cards, common, pack, prize_report, seating, standings, tables
from printing.pdf.common import BOLD, REGULAR, DocInfo, fit_text, printable, text_width

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "pdf"
PDFTOPPM = shutil.which("pdftoppm")
needs_pdftoppm = pytest.mark.skipif(PDFTOPPM is None, reason="pdftoppm is not installed")

INFO = DocInfo(
    drive_name="Friday 45s at St. Joseph's",
    club_name="St. Joseph's Parish Hall",
    date_text="November 29, 2026",
    venue="Parish hall",
    generated_at="Nov. 29, 2026, 3:00 p.m.",
)
LONG_NAME = "Marie-Josée Ó Súilleabháin-MacNeil de la Thériault-Boudreaux"
assert len(LONG_NAME) == 60
MISSING = "王小明"  # not in DejaVu Sans


def texts(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def flat(pdf: bytes) -> str:
    return " ".join("\n".join(texts(pdf)).split())


def name_of(n: int) -> tuple[str, str]:
    special = {
        1: ("Ó Súilleabháin", "Thériault"),
        2: ("Łukasz Żółć", "Siobhán MacNeil"),
        3: (LONG_NAME, "Ann"),
    }
    return special.get(n, (f"Player {n}a", f"Player {n}b"))


def punch_doc(pairs: int = 120, games: int = 25, info: DocInfo = INFO) -> cards.PunchCards:
    return cards.PunchCards(
        info=info,
        games=games,
        cards=tuple(cards.PunchCard(n, *name_of(n), url=own_page(n)) for n in range(1, pairs + 1)),
    )


def own_page(n: int, site: str = "http://192.168.1.20:8000") -> str:
    """The address of pair n's own page: its token is 22 characters."""
    return f"{site}/c/{n:0>22}/"


def seating_doc(pairs: int = 9, game: int = 7) -> seating.Seating:
    rows, by_table = [], []
    for t in range(1, (pairs + 1) // 2 + 1):
        numbers = tuple(n for n in (2 * t - 1, 2 * t) if n <= pairs)
        sitout = len(numbers) == 1
        deal = None if sitout or t == 2 else numbers[1]
        by_table.append(seating.TableRow(t, numbers, deal, sitout))
        rows += [seating.SeatRow(n, t, sitout) for n in numbers]
    return seating.Seating(INFO, game, 25, tuple(rows), tuple(by_table))


def standings_doc(pairs: int = 9, games: int = 25, played: int = 6) -> standings.StandingsSheet:
    rows = []
    for n in range(1, pairs + 1):
        won = frozenset(g for g in range(1, played + 1) if (g + n) % 3)
        rows.append((n, won))
    rows.sort(key=lambda r: (-len(r[1]), r[0]))
    lines, rank, previous = [], 0, None
    for i, (n, won) in enumerate(rows, start=1):
        if len(won) != previous:
            rank, previous = i, len(won)
        lines.append(standings.StandingLine(rank, n, *name_of(n), len(won), won))
    return standings.StandingsSheet(INFO, games, played, "During game 7.", tuple(lines))


def pack_doc() -> pack.PaperPack:
    seat = seating_doc(9)
    current = pack.ResultSheet(
        game=7,
        tables=tuple(
            pack.SheetTable(
                t.table, t.pairs, t.deal_first, t.sitout, t.pairs[0] if t.table == 1 else None
            )
            for t in seat.tables
        ),
    )
    later = tuple(pack.ResultSheet(game=g, blank_tables=5) for g in range(8, 26))
    return pack.PaperPack(INFO, standings_doc(9), seat, (current, *later))


def final_doc() -> cards.FinalCards:
    return cards.FinalCards(
        info=INFO,
        games=25,
        cards=(
            cards.FinalCard(1, *name_of(1), frozenset({1, 2, 3, 25}), 4, "First prize"),
            cards.FinalCard(2, *name_of(2), frozenset({4}), 1, "Booby prize · Cookie jar"),
            cards.FinalCard(3, *name_of(3), frozenset(), 0, "Place 9 by games won"),
        ),
    )


HOW = (
    "cut: pair 1 A♣, pair 2 A♥; cut again: pair 1 5♦, pair 2 K♠ — pair 1 won "
    "(digital cut, seed 1234567890123)"
)


def report_doc() -> prize_report.PrizeReport:
    PL, L = prize_report.PairLine, prize_report.Line
    places = prize_report.Section(
        "Places",
        (
            prize_report.Block(
                "First prize: 18 games · $30.00",
                (
                    PL(1, "Ó Súilleabháin & Thériault", "✓", True),
                    PL(2, "Łukasz Żółć & Ann"),
                    L(HOW),
                ),
            ),
            prize_report.Block(
                "Second prize: 16 games · $20.00",
                (PL(3, f"{LONG_NAME} & {LONG_NAME}"), L("Wins outright: no tie.")),
            ),
            L("Prize 3 is not awarded: there are only 2 different scores."),
        ),
    )
    jar = prize_report.Section(
        "Cookie jar",
        (
            L("3 pairs in at $2.00 each. 2 games are drawn after the last game."),
            L("In the jar: $6.00", "lead"),
            L("One pair won every game drawn and wins the jar of $6.00.", "strong"),
            PL(4, "Player 4a & Player 4b", "$6.00", True),
        ),
    )
    cash = (
        prize_report.CashRow("Entries: 6 pairs paid", "$60.00"),
        prize_report.CashRow("Takings", "$66.00", True),
        prize_report.CashRow("First prize: pair 1", "$30.00"),
        prize_report.CashRow("Paid out", "$56.00", True),
        prize_report.CashRow("Carried over", "$0.00"),
        prize_report.CashRow("Remaining for the hall", "$10.00", True),
    )
    return prize_report.PrizeReport(
        INFO,
        "November 29, 2026 · Parish hall · 25 games played",
        "Results in conflict: these prizes are not final.",
        (places, jar),
        cash,
    )


def table_doc(n: int = 3) -> tables.TableCards:
    return tables.TableCards(
        INFO,
        tuple(
            tables.TableCard(t, f"http://192.168.1.20:8000/t/tok-{t:03d}-AbCdEfGhIjKlMn/")
            for t in range(1, n + 1)
        ),
    )


DOCUMENTS = {
    "punch-cards": lambda: cards.punch_cards(punch_doc(20)),
    "blank-cards": lambda: cards.punch_cards(
        cards.PunchCards(INFO, 25, (cards.PunchCard(),) * 8), title="Blank punch cards"
    ),
    "table-cards": lambda: tables.table_cards(table_doc()),
    "seating": lambda: seating.seating(seating_doc(121)),
    "paper-pack": lambda: pack.paper_pack(pack_doc()),
    "final-cards": lambda: cards.final_cards(final_doc()),
    "prize-report": lambda: prize_report.prize_report(report_doc()),
    "standings": lambda: standings.standings(standings_doc(120)),
}


# ---------------------------------------------------------------- text


def test_names_print_as_typed():
    for name in ("Ó Súilleabháin", "Thériault", "Łukasz Żółć", "Siobhán Nic Aoidh"):
        assert printable(name) == name
        assert printable(name, BOLD) == name


def test_accents_typed_as_two_characters_are_composed():
    assert printable("O\u0301 Su\u0301illeabha\u0301in") == "Ó Súilleabháin"


def test_a_character_the_font_lacks_prints_as_a_visible_replacement():
    assert printable(f"Li {MISSING}") == "Li \ufffd\ufffd\ufffd"
    assert printable("tab\there\nnew") == "tab here new"
    # An invisible direction mark the font lacks is dropped, not shown as "�".
    assert printable("Ann\u2066 Lee") == "Ann Lee"


@given(
    text=st.text(min_size=1, max_size=60),
    width=st.floats(min_value=40, max_value=300),
    height=st.floats(min_value=9, max_value=60),
    font=st.sampled_from([REGULAR, BOLD]),
)
def test_fitted_text_never_spills_out_of_its_box(text, width, height, font):
    fitted = fit_text(text, font, width, height, 12, min_size=7)
    for line in fitted.lines:
        assert text_width(line, font, fitted.size) <= width + 1e-6
    assert fitted.height <= height + 1e-6

    # Nothing is dropped: every visible character is on some line.
    def visible(t: str) -> str:
        return "".join(ch for ch in t if not ch.isspace())

    assert visible("".join(fitted.lines)) == visible(printable(text, font))


def test_a_60_character_name_fits_the_card_line():
    layout = cards.card_layout(INFO, final=False)
    width = layout.names[0].width - 14
    fitted = fit_text(LONG_NAME, REGULAR, width, cards.LINE_H - 3, 11, min_size=7)
    assert fitted.width <= width
    assert fitted.height <= cards.LINE_H - 3
    assert " ".join(fitted.lines) == LONG_NAME
    assert fitted.size >= 6  # still readable


def test_a_short_name_keeps_its_size():
    fitted = fit_text("Ann", REGULAR, 200, 16, 11, min_size=7)
    assert (fitted.size, fitted.lines) == (11, ("Ann",))


# ---------------------------------------------------------------- punch cards


def test_120_pairs_make_15_pages_of_punch_cards():
    pages = texts(cards.punch_cards(punch_doc(120)))
    assert len(pages) == 15
    for i, page in enumerate(pages, start=1):
        assert f"Page {i} of 15" in page
        assert "Friday 45s at St. Joseph's" in page
        assert "Generated Nov. 29, 2026, 3:00 p.m." in page
    first = pages[0].split("\n")
    for n in range(1, 9):
        assert str(n) in first
    assert "120" in pages[14].split("\n")


def test_punch_cards_print_accented_names_and_every_game():
    text = flat(cards.punch_cards(punch_doc(8)))
    for name in ("Ó Súilleabháin", "Thériault", "Łukasz Żółć", LONG_NAME):
        assert name in text
    assert "November 29, 2026 · Parish hall" in text
    # Each of the 8 cards has the circles 1..25.
    tokens = texts(cards.punch_cards(punch_doc(8)))[0].split("\n")
    for n in range(1, 26):
        assert tokens.count(str(n)) >= 8


def test_a_60_game_night_has_60_circles():
    tokens = texts(cards.punch_cards(punch_doc(1, games=60)))[0].split("\n")
    assert {str(n) for n in range(1, 61)} <= set(tokens)


def test_a_name_the_font_cannot_print_does_not_stop_the_cards():
    doc = cards.PunchCards(INFO, 25, (cards.PunchCard(1, MISSING, "Ann"),))
    text = flat(cards.punch_cards(doc))
    assert "\ufffd\ufffd\ufffd" in text and "Ann" in text


def test_blank_cards_have_no_number_and_no_names():
    pages = texts(cards.punch_cards(cards.PunchCards(INFO, 25, (cards.PunchCard(),) * 9)))
    assert len(pages) == 2
    assert pages[0].count("Pair") == 8
    assert "Player" not in "".join(pages)


def test_punch_cards_for_120_pairs_take_under_a_second():
    import time

    cards.punch_cards(punch_doc(8))  # fonts loaded
    start = time.perf_counter()
    cards.punch_cards(punch_doc(120))
    assert time.perf_counter() - start < 1.0


def test_a4_paper():
    info = DocInfo(drive_name="Drive", paper="a4")
    reader = PdfReader(io.BytesIO(cards.punch_cards(punch_doc(3, info=info))))
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)


def test_final_cards_show_the_total_and_the_prize():
    text = flat(cards.final_cards(final_doc()))
    assert "Won: 4" in text and "First prize" in text
    assert "Won: 1" in text and "Booby prize · Cookie jar" in text
    assert "Place 9 by games won" in text
    assert "Ó Súilleabháin" in text


# ---------------------------------------------------------------- table cards


def test_one_table_card_a_page_with_its_number_and_address():
    pages = texts(tables.table_cards(table_doc(3)))
    assert len(pages) == 3
    for t, page in enumerate(pages, start=1):
        lines = page.split("\n")
        assert str(t) in lines
        assert f"tok-{t:03d}-AbCdEfGhIjKlMn/" in page
        assert "St. Joseph's Parish Hall" in page
        assert f"Page {t} of 3" in page


def test_the_table_number_is_as_large_as_the_page_allows():
    one = tables.big_number_size("7", 500, 400)
    three = tables.big_number_size("120", 500, 400)
    assert one > three
    assert text_width("120", BOLD, three) <= 500 + 1e-6
    assert one * tables.DIGIT_HEIGHT <= 400 + 1e-6


@needs_pdftoppm
def test_the_table_cards_qr_code_scans(tmp_path):
    import zxingcpp
    from PIL import Image

    url = "http://192.168.1.20:8000/t/tok-012-AbCdEfGhIjKlMn/"
    pdf = tables.table_cards(tables.TableCards(INFO, (tables.TableCard(12, url),)))
    (tmp_path / "card.pdf").write_bytes(pdf)
    subprocess.run(
        [PDFTOPPM, "-r", "100", "-png", "-singlefile", "card.pdf", "card"],
        cwd=tmp_path,
        check=True,
    )
    found = zxingcpp.read_barcodes(Image.open(tmp_path / "card.png"))
    assert [b.text for b in found] == [url]


@needs_pdftoppm
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_punch_cards_qr_code_scans_and_opens_its_own_pair(tmp_path, paper):
    """Eight cards to a page, printed at a home printer's 150 dpi, and a long address of the
    site: each QR code reads back as its own pair's page."""
    import zxingcpp
    from PIL import Image

    site = "https://card-drive.st-josephs-parish-hall.example.ca"
    info = DocInfo(drive_name="Friday 45s", paper=paper)
    faces = tuple(cards.PunchCard(n, *name_of(n), url=own_page(n, site)) for n in range(1, 9))
    (tmp_path / "cards.pdf").write_bytes(cards.punch_cards(cards.PunchCards(info, 25, faces)))
    subprocess.run(
        [PDFTOPPM, "-r", "150", "-png", "-singlefile", "cards.pdf", "cards"],
        cwd=tmp_path,
        check=True,
    )
    found = zxingcpp.read_barcodes(Image.open(tmp_path / "cards.png"))
    assert sorted(b.text for b in found) == sorted(own_page(n, site) for n in range(1, 9))


def test_a_punch_card_says_what_its_qr_code_opens_and_a_blank_card_has_none():
    assert "Your card on your phone" in flat(cards.punch_cards(punch_doc(1)))
    blank = cards.PunchCards(INFO, 25, (cards.PunchCard(),) * 2)
    assert "phone" not in flat(cards.punch_cards(blank))


# ---------------------------------------------------------------- seating


def test_the_seating_list_by_pair_then_by_table():
    pages = texts(seating.seating(seating_doc(9)))
    assert len(pages) == 2
    by_pair, by_table = pages
    assert "Game 7 of 25: find your table" in by_pair
    assert "sits out" in by_pair  # pair 9 at table 5
    assert "Game 7 of 25: tables and the first deal" in by_table
    assert "Cut for the deal" in by_table  # table 2
    assert "Pair 2" in by_table  # deals first at table 1
    assert "Pair 9 sits out" in by_table
    # Sorted by pair number, each with its table.
    seats = [(int(p), int(t)) for p, t in re.findall(r"(\d+)\s*→\s*(\d+)", by_pair)]
    assert seats == [(n, (n + 1) // 2) for n in range(1, 10)]


def test_121_pairs_fit_one_page_for_the_wall():
    pages = texts(seating.seating(seating_doc(121)))
    assert len(pages) == 2
    assert "Page 1 of 2" in pages[0]


# ---------------------------------------------------------------- standings and the pack


def test_the_standings_sheet_pages_and_totals():
    doc = standings_doc(120)
    pages = texts(standings.standings(doc))
    assert len(pages) > 2
    for i, page in enumerate(pages, start=1):
        assert f"Page {i} of {len(pages)}" in page
        assert "Standings" in page
    text = flat(standings.standings(doc))
    assert "Ó Súilleabháin & Thériault" in text
    assert LONG_NAME in text
    top = doc.rows[0]
    assert f"{top.rank} {top.number} {top.player1} & {top.player2} {top.won}" in text


def test_the_paper_pack_has_standings_seating_and_sheets():
    pages = texts(pack.paper_pack(pack_doc()))
    text = " ".join("\n".join(pages).split())
    assert "Standings" in pages[0]
    assert "Game 7 of 25: find your table" in text
    assert "Game 7: result sheet" in text
    assert "Recorded: pair 1 won" in text
    assert "Pair 6 deals first" in text  # table 3
    assert "Cut for the deal" in text  # table 2
    for game in range(8, 26):
        assert f"Game {game}: result sheet" in text
    assert f"Page {len(pages)} of {len(pages)}" in pages[-1]
    assert "Paper pack: game 25" in pages[-1]


# ---------------------------------------------------------------- prize report


def test_the_prize_report_has_every_part_and_a_signature_line():
    text = flat(prize_report.prize_report(report_doc()))
    for part in (
        "Prize report",
        "Results in conflict: these prizes are not final.",
        "First prize: 18 games · $30.00",
        "Pair 1 Ó Súilleabháin & Thériault ✓",
        "Pair 2 Łukasz Żółć & Ann",
        HOW,
        "Wins outright: no tie.",
        "Cookie jar",
        "In the jar: $6.00",
        "Cash summary",
        "Takings $66.00",
        "Remaining for the hall $10.00",
        "Organizer's signature",
        "Page 1 of 1",
    ):
        assert part in text, part
    assert text.count(LONG_NAME) == 2


def test_a_long_report_runs_over_pages_with_the_frame_on_each():
    doc = report_doc()
    blocks = tuple(
        prize_report.Block(f"Prize {n}: {n} games", (prize_report.PairLine(n, LONG_NAME),))
        for n in range(1, 60)
    )
    doc = prize_report.PrizeReport(
        doc.info, doc.lead, "", (prize_report.Section("Places", blocks),), doc.cash
    )
    pages = texts(prize_report.prize_report(doc))
    assert len(pages) > 2
    for i, page in enumerate(pages, start=1):
        assert f"Page {i} of {len(pages)}" in page
        assert "Friday 45s at St. Joseph's" in page


# ---------------------------------------------------------------- every document


@pytest.mark.parametrize("name", DOCUMENTS)
def test_every_page_has_the_frame(name):
    pages = texts(DOCUMENTS[name]())
    for i, page in enumerate(pages, start=1):
        assert f"Page {i} of {len(pages)}" in page
        assert "Friday 45s at St. Joseph's" in page
        assert "Generated Nov. 29, 2026, 3:00 p.m." in page


def test_the_frame_is_translated_through_gettext():
    words = {"Page %(page)d of %(pages)d": "Page %(page)d sur %(pages)d", "Pair": "Paire"}
    info = DocInfo(drive_name="Drive", gettext=lambda m: words.get(m, m))
    text = flat(cards.punch_cards(punch_doc(1, info=info)))
    assert "Page 1 sur 1" in text and "Paire" in text


@needs_pdftoppm
@pytest.mark.parametrize("name", DOCUMENTS)
def test_each_document_renders_with_nothing_in_the_unprintable_edge(name):
    from PIL import Image

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pdf_path = ARTIFACTS / f"{name}.pdf"
    pdf_path.write_bytes(DOCUMENTS[name]())
    # The paper pack's first result sheet is the page worth looking at.
    page = {"paper-pack": 4}.get(name, 1)
    dpi = 100
    subprocess.run(
        [PDFTOPPM, "-r", str(dpi), "-f", str(page), "-l", str(page), "-png", "-singlefile"]
        + [str(pdf_path), str(ARTIFACTS / name)],
        check=True,
    )
    image = Image.open(ARTIFACTS / f"{name}.png").convert("L")
    w, h = image.size
    assert image.getextrema()[0] < 64, "the page is blank"
    edge = round(12 * dpi / 72)  # printers leave about a sixth of an inch unprinted
    for box in ((0, 0, w, edge), (0, h - edge, w, h), (0, 0, edge, h), (w - edge, 0, w, h)):
        assert image.crop(box).getextrema()[0] > 200, f"ink at the edge {box}"


def test_common_exposes_no_django():
    import ast

    for module in (common, cards, tables, seating, standings, pack, prize_report):
        tree = ast.parse(Path(module.__file__).read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom | ast.Import):
                names = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
                names += [a.name for a in node.names] if isinstance(node, ast.Import) else []
                assert not any(n.startswith("django") for n in names), module.__name__
