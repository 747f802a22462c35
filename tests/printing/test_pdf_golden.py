"""Each printed document, drawn from small fixed nights, is what its golden says.

A golden (tests/printing/golden/<name>.txt) lists what the PDF prints: the title a
PDF reader shows, each page's size, and per page every text with its place, font,
size and colour, every line, box and circle with its ink and width, and every card
stamped (tests/builders/pdf.py reads it). A change to a document shows as a
difference from its golden; when the change is meant, look at the document and
write the goldens again:

    PDF_GOLDEN_UPDATE=1 .venv/bin/pytest tests/printing/test_pdf_golden.py
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from printing.pdf import cards, pack, prize_report, seating, standings, tables
from printing.pdf.common import DocInfo
from tests.builders.pdf import drawing

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("PDF_GOLDEN_UPDATE") == "1"

INFO = DocInfo(
    drive_name="Friday 45s at St. Joseph's",
    club_name="St. Joseph's Parish Hall",
    date_text="November 29, 2026",
    venue="Parish hall",
    generated_at="Nov. 29, 2026, 3:00 p.m.",
)
# A4, no date, venue or time made, and a drive name that shrinks on a card.
BARE = DocInfo(drive_name="Christmas 45s at St. Margaret's Hall", paper="a4")
# Names and words at the edge: the drive's name only just wraps on a card, the date
# and venue only just shrink to one line, the club's name on a table card only just
# fits one line, and so does the word "Table" (a size at which two lines would fit).
EDGE_WORDS = {
    "Table": "Table in the parish hall by the stage and kitchen",
    "Standings": (
        "Standings of every pair, by the number of games won so far tonight, the most first"
    ),
    "Game %(game)d: result sheet": (
        "Game %(game)d: the result sheet of every table in the hall, to fill in by hand with a "
        "pencil"
    ),
}
EDGE = DocInfo(
    drive_name="Christmas 45s of St. Margaret of Scotland",
    club_name="Knights of Columbus Council 1234 and the Catholic Women's League",
    date_text="December 19, 2026",
    venue="St. Margaret of Scotland hall",
    generated_at="Dec. 19, 2026, 11:40 p.m.",
    gettext=lambda message: EDGE_WORDS.get(message, message),
)
# Everything long: each name, place and word of the frame shrinks or wraps to fit.
LONG_WORDS = {
    "Page %(page)d of %(pages)d": "Page %(page)d of %(pages)d (the front table has any missing)",
    "Table": "Table of the Knights of Columbus Council and Catholic Women's League",
    "Scan to enter this table's result": (
        "Scan the code with a phone's camera to enter the result of each game at this table, "
        "or ask the front table to enter it for you when no phone is at hand tonight"
    ),
    "Pair": "Pair number",
    "Won: %(n)d": "Games won tonight: %(n)d of them",
    # The seating: the pairs' title wraps, the tables' only just fits one line.
    "Game %(game)d of %(games)d: find your table": (
        "Game %(game)d of %(games)d: find the number of your pair below, and the table where "
        "you sit for this game"
    ),
    "Game %(game)d of %(games)d: tables and the first deal": (
        "Game %(game)d of %(games)d: the tables, the two pairs sitting at each, and which of "
        "them deals first"
    ),
    "sits out": "sits out this game, and plays the next",
    "Pairs": "Pairs at the table tonight",
    "Deals first": "Deals the first hand of the game",
    "%(a)d and %(b)d": "%(a)d and %(b)d, partners for this game",
    "Cut for the deal": "Cut the cards to see who deals first",
    "Pair %(n)d": "Pair %(n)d deals the first hand",
    "Pair %(n)d sits out": "Pair %(n)d sits out this game and plays the next",
    "Standings": (
        "Standings of every pair, by the number of games each has won so far tonight, the most "
        "first, with punch cards"
    ),
    "Game %(game)d: result sheet": (
        "Game %(game)d: the result sheet of every table, to fill in by hand with a pencil if the "
        "laptop stops"
    ),
    "Pair %(n)d deals first": "Pair %(n)d deals the first hand of the game",
    "Recorded: pair %(n)d won": "Recorded already: pair %(n)d won this table's game",
}
WORDY = DocInfo(
    drive_name="The Christmas Card Drive of the Knights of Columbus Council 1234 and the "
    "Catholic Women's League",
    club_name="The Knights of Columbus Council 1234 and the Catholic Women's League of Saint "
    "Margaret of Scotland Parish, Glace Bay",
    date_text="Saturday, December 19, 2026",
    venue="Saint Margaret of Scotland Parish Hall, lower level, by the side door on Church St.",
    generated_at="Saturday, December 19, 2026, 11:59 p.m. (Atlantic Standard Time)",
    gettext=lambda message: LONG_WORDS.get(message, message),
)
# Exactly as wide as a prize's names column holds on one line.
FULL_NAMES = "Marie-Josée Boudreau-MacDonald & Jean-François Ó Súilleabháin"
LONG_NAME = "Marie-Josée Ó Súilleabháin-MacNeil de la Thériault-Boudreaux"
MISSING = "王小明"  # not in DejaVu Sans: prints as three "�"


def punch_cards() -> bytes:
    names = [
        ("Ó Súilleabháin", "Thériault"),
        ("Łukasz Żółć", "Siobhán MacNeil"),
        (LONG_NAME, "Ann"),
        (MISSING, ""),
        ("", "Mary Beth"),
    ]
    faces = [cards.PunchCard(n, *pair, url=card_url(n)) for n, pair in enumerate(names, start=1)]
    # 32767: the largest pair number kept, too wide for the number box at full size.
    faces += [cards.PunchCard(6, "Al", "Joe", code="K7Q", url=card_url(6))]
    faces += [cards.PunchCard(32767, "Bo", "Di", url=card_url(32767))]
    faces += [cards.PunchCard(None, "", ""), cards.PunchCard(9, "Page", "Two", url=card_url(9))]
    return cards.punch_cards(cards.PunchCards(INFO, 7, tuple(faces)))


def card_url(number: int) -> str:
    """A pair's own page as the hall's laptop serves it: its token is 22 characters."""
    return f"http://192.168.1.20:8000/c/{number:0>22}/"


def punch_cards_wordy() -> bytes:
    faces = (
        cards.PunchCard(12, LONG_NAME, f"{LONG_NAME} {LONG_NAME}", code="K7Q2Z9", url=card_url(12)),
    )
    return cards.punch_cards(cards.PunchCards(WORDY, 25, faces))


def blank_cards() -> bytes:
    doc = cards.PunchCards(BARE, 3, (cards.PunchCard(),) * 2)
    return cards.punch_cards(doc, title="Blank punch cards")


def final_cards() -> bytes:
    faces = (
        cards.FinalCard(1, "Ó Súilleabháin", "Thériault", frozenset({1, 2, 5}), 3, "First prize"),
        cards.FinalCard(
            2, "Ann", "Bob", frozenset({4}), 1, "Booby prize · Cookie jar", frozenset({2, 3})
        ),
        cards.FinalCard(3, LONG_NAME, LONG_NAME, frozenset(), 0, ""),
        cards.FinalCard(
            4, "Al", "Joe", frozenset(), 0, "Place 9 · lost the cut for third prize to pair 12"
        ),
    )
    return cards.final_cards(cards.FinalCards(EDGE, 5, faces))


def final_cards_wordy() -> bytes:
    faces = (cards.FinalCard(32767, "Ann", "Bob", frozenset({2}), 1, "Booby prize"),)
    return cards.final_cards(cards.FinalCards(WORDY, 3, faces))


def table_cards() -> bytes:
    url = "http://192.168.1.20:8000/t/tok-{:03d}-AbCdEfGhIjKlMn/"
    faces = (tables.TableCard(1, url.format(1)), tables.TableCard(120, url.format(120)))
    return tables.table_cards(tables.TableCards(INFO, faces))


def table_cards_bare() -> bytes:
    faces = (tables.TableCard(8, "http://hall.local/t/x/"),)
    return tables.table_cards(tables.TableCards(BARE, faces))


def table_cards_wordy() -> bytes:
    url = "http://card-drive.knights-of-columbus-1234.glace-bay.example:8000/t/" + "AbCd" * 20
    faces = (tables.TableCard(7, url),)
    return tables.table_cards(tables.TableCards(WORDY, faces))


def table_cards_edge() -> bytes:
    faces = (tables.TableCard(24, "http://192.168.1.20:8000/t/tok-024-AbCdEfGhIjKlMn/"),)
    return tables.table_cards(tables.TableCards(EDGE, faces))


def seating_doc(info: DocInfo = INFO) -> seating.Seating:
    pairs = (
        seating.SeatRow(1, 1),
        seating.SeatRow(2, 1),
        seating.SeatRow(3, 2),
        seating.SeatRow(4, 2),
        seating.SeatRow(5, 3, sitout=True),
    )
    rows = (
        seating.TableRow(1, (1, 2), deal_first=2),
        seating.TableRow(2, (3, 4)),
        seating.TableRow(3, (5,), sitout=True),
        seating.TableRow(4, (), sitout=True),
    )
    return seating.Seating(info, 7, 25, pairs, rows)


def standings_doc(
    info: DocInfo = INFO, games: int = 7, status: str = "During game 5.", rows: int = 4
) -> standings.StandingsSheet:
    line = standings.StandingLine
    lines = (
        line(1, 3, "Ó Súilleabháin", "Thériault", 3, frozenset({1, 2, 4})),
        line(2, 1, "Ann", "Bob", 2, frozenset({2, 3}), frozenset({1}), "shares second prize"),
        line(2, 2, LONG_NAME, LONG_NAME, 2, frozenset({1, 3}), words="lost the cut"),
        line(4, 4, "Al", "Joe", 0, frozenset(), frozenset({1, 2, 3, 4})),
    )
    return standings.StandingsSheet(info, games, 4, status, lines[:rows])


def standings_edge() -> bytes:
    # The status only just shrinks to one line, and so do the pair's names (two lines
    # would fit the row only smaller still).
    status = (
        "During game 5 of 7: some results of game 5 are still to come, so the standings here "
        "may change before the end of the game"
    )
    line = standings.StandingLine(
        1, 8, "Mary-Catherine MacNeil-Boudreau", "Jean-François Thériault-LeBlanc", 2,
        frozenset({1, 2}), words="shares second prize money",
    )  # fmt: skip
    return standings.standings(standings.StandingsSheet(EDGE, 3, 2, status, (line,)))


def standings_wordy() -> bytes:
    # The title and the status wrap, the names only just shrink to one line.
    status = (
        "During game 5 of 7: some results of game 5 are still to come in, so the standings may "
        "yet change before the end of the night, ask the front table"
    )
    line = standings.StandingLine(
        1, 8, "Mary-Catherine MacNeil-Boudreau", "Jean-François Thériault-LeBlanc", 2,
        frozenset({1, 2}), words="shares the second prize money",
    )  # fmt: skip
    return standings.standings(standings.StandingsSheet(WORDY, 3, 2, status, (line,)))


def pack_doc(info: DocInfo = INFO, with_seating: bool = True) -> pack.PaperPack:
    current = pack.ResultSheet(
        game=5,
        tables=(
            pack.SheetTable(1, (1, 2), deal_first=2, winner=1),
            pack.SheetTable(2, (3, 4)),
            pack.SheetTable(3, (5, 6), deal_first=6),
            pack.SheetTable(4, (7,), sitout=True),
            pack.SheetTable(5, (), sitout=True),
        ),
    )
    later = pack.ResultSheet(game=6, blank_tables=3)
    seat = seating_doc(info) if with_seating else None
    return pack.PaperPack(info, standings_doc(info, status=""), seat, (current, later))


def small_pack(info: DocInfo) -> bytes:
    """The sheets alone, one of each kind of row; 32767 is too wide for a pair's slot."""
    current = pack.ResultSheet(
        game=5,
        tables=(
            pack.SheetTable(1, (1, 32767), deal_first=32767, winner=32767),
            pack.SheetTable(2, (3, 4)),
            pack.SheetTable(3, (5, 6), deal_first=6),
            pack.SheetTable(4, (7,), sitout=True),
        ),
    )
    later = pack.ResultSheet(game=6, blank_tables=1)
    sheet = standings.StandingsSheet(info, 3, 0, "", ())
    return pack.paper_pack(pack.PaperPack(info, sheet, None, (current, later)))


def prize_report_doc() -> prize_report.PrizeReport:
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
                "First prize: 3 games · $30.00",
                (
                    pl(1, "Ó Súilleabháin & Thériault", "✓ wins", True),
                    pl(2, "Łukasz Żółć & Ann", "lost the cut"),
                    line("cut: pair 1 A♣, pair 2 A♥ — pair 1 won (digital cut, seed 12345)"),
                    pl(5, "Al & Joe"),
                ),
            ),
            block("Second prize: 2 games", (pl(3, f"{LONG_NAME} & {LONG_NAME}", "$20.00"),)),
            block("Third prize: a turkey"),
            block(
                "Booby prize: the fewest games · $10.00",
                (
                    # Names and a note that fill their columns to the last point.
                    pl(6, FULL_NAMES, "wins the booby: $10.00"),
                    pl(7, "𝗔𝗻𝗻 & 𝗕𝗼𝗯", "✓ wins", True),
                    pl(8, f"{LONG_NAME} & {LONG_NAME}", "lost the cut"),
                    pl(9, "Al & Joe"),
                    pl(10, FULL_NAMES, "wins the booby: $10.00"),
                ),
            ),
            line("Prize 4 is not awarded: there are only 3 different scores.", "note"),
        ),
    )
    jar = section(
        "Cookie jar",
        (
            line("In the jar: $6.00", "lead"),
            line("One pair won every game drawn.", "strong"),
            line("Drawn again at the next drive.", "warn"),
            line("A kind the report does not know prints as a sentence.", "shout"),
        ),
    )
    cash = (
        prize_report.CashRow(
            "Entries: 6 pairs paid, 2 of them at the door after the first game, and 1 pair let "
            "in free by the organizer",
            "$60.00",
        ),
        prize_report.CashRow("Takings", "$66.00", True),
        prize_report.CashRow("Paid out", "$56.00"),
        prize_report.CashRow(
            "Remaining for the hall, with the 50/50 draw's half and the cookie jar carried over "
            "to the next drive",
            "$10.00",
            True,
        ),
    )
    return prize_report.PrizeReport(
        INFO,
        "November 29, 2026 · Parish hall · 5 games played",
        "Results in conflict: these prizes are not final.",
        (places, section("Side prizes"), jar),
        cash,
        unpaid="Not paid: pair 3 (Ann & Bob).",
    )


def prize_report_bare() -> prize_report.PrizeReport:
    return prize_report.PrizeReport(
        BARE, "", "", (prize_report.Section("Places", (prize_report.Line("No pairs."),)),), ()
    )


DOCUMENTS = {
    "punch-cards": punch_cards,
    "punch-cards-wordy": punch_cards_wordy,
    "blank-cards": blank_cards,
    "final-cards": final_cards,
    "final-cards-wordy": final_cards_wordy,
    "table-cards": table_cards,
    "table-cards-bare": table_cards_bare,
    "table-cards-wordy": table_cards_wordy,
    "table-cards-edge": table_cards_edge,
    "seating": lambda: seating.seating(seating_doc()),
    "seating-wordy": lambda: seating.seating(seating_doc(WORDY)),
    "standings": lambda: standings.standings(standings_doc()),
    "standings-edge": standings_edge,
    "standings-wordy": standings_wordy,
    "standings-45-games": lambda: standings.standings(standings_doc(BARE, games=45, rows=2)),
    "paper-pack": lambda: pack.paper_pack(pack_doc()),
    "paper-pack-bare": lambda: pack.paper_pack(pack_doc(BARE, with_seating=False)),
    "paper-pack-edge": lambda: small_pack(EDGE),
    "paper-pack-wordy": lambda: small_pack(WORDY),
    "prize-report": lambda: prize_report.prize_report(prize_report_doc()),
    "prize-report-bare": lambda: prize_report.prize_report(prize_report_bare()),
}


@pytest.mark.parametrize("name", DOCUMENTS)
def test_each_document_prints_what_its_golden_says(name):
    got = drawing(DOCUMENTS[name]())
    path = GOLDEN / f"{name}.txt"
    if UPDATE:
        path.parent.mkdir(exist_ok=True)
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
