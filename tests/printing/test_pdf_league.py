"""A league's printed sheets (printing/pdf/league.py): the schedule for the venues' walls,
the standings (teams, then players) and a team match's schedule for the night.

Text is read back with pypdf, and where it stands with tests.builders.pdf.page_texts.
"""

from __future__ import annotations

import ast
import io
import re
import shutil
import subprocess
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
from pypdf import PdfReader

from printing.pdf import league
from printing.pdf.common import DocInfo, text_width
from tests.builders.pdf import Text, page_texts

PDFTOPPM = shutil.which("pdftoppm")
needs_pdftoppm = pytest.mark.skipif(PDFTOPPM is None, reason="pdftoppm is not installed")

INFO = DocInfo(
    drive_name="Tri-County 45s League",
    club_name="St. Joseph's Parish Hall",
    generated_at="Nov. 29, 2026, 3:00 p.m.",
)
SEASON = "Winter 2026–27"
ACCENTED = "Siobhán O'Brien-Thériault"  # accents and an apostrophe
VENUES = (
    "Legion Hall",
    "Knights of Columbus Hall",
    "Chez Théo's Tavern",
    "Elks Lodge 1124",
    "Polish Social Club",
    "The Harp & Thistle",
)
TEAMS = (
    "Legion Br. 12",
    "Knights of Columbus",
    "L'Équipe de Théo",
    "Elks",
    "Polish Eagles",
    "Harp Regulars",
)

# The French a French hall would print: every word the module draws (the test below
# keeps this list whole), and the frame's.
FRENCH = {
    "Page %(page)d of %(pages)d": "Page %(page)d sur %(pages)d",
    "Generated %(at)s": "Produit le %(at)s",
    "League schedule": "Calendrier de la ligue",
    "Night": "Soirée",
    "Date": "Date",
    "Venue": "Lieu",
    "What is played": "Au programme",
    "Drive night of teams": "Soirée de drive par équipes",
    "Team match: %(home)s v %(away)s": "Match d'équipes : %(home)s contre %(away)s",
    "Played": "Jouée",
    "League standings": "Classement de la ligue",
    "Before the first night": "Avant la première soirée",
    "After 1 night": "Après 1 soirée",
    "After %(n)d nights": "Après %(n)d soirées",
    "Printed %(at)s": "Imprimé le %(at)s",
    "Teams": "Équipes",
    "Points by night": "Points par soirée",
    "Place": "Place",
    "Nights": "Soirées",
    "Points": "Points",
    "Won": "Gagnées",
    "Lost": "Perdues",
    "Team": "Équipe",
    "head to head": "confrontation directe",
    "games won": "parties gagnées",
    "games lost": "parties perdues",
    "Ties: teams equal on points share the place.": (
        "Égalités : les équipes à égalité de points partagent la place."
    ),
    "Ties: %(first)s.": "Égalités : %(first)s.",
    "Ties: %(first)s, then %(second)s.": "Égalités : %(first)s, puis %(second)s.",
    "Ties: %(first)s, then %(second)s, then %(third)s.": (
        "Égalités : %(first)s, puis %(second)s, puis %(third)s."
    ),
    "Players": "Joueurs",
    "Player": "Joueur",
    "Team match": "Match d'équipes",
    "%(home)s v %(away)s": "%(home)s contre %(away)s",
    "Table": "Table",
    "Game": "Partie",
    "Sitting out": "Au repos",
    "%(home)d v %(away)d": "%(home)d c. %(away)d",
}
FR = replace(INFO, gettext=lambda message: FRENCH.get(message, message))


def texts(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def flat(pdf: bytes) -> str:
    return " ".join("\n".join(texts(pdf)).split())


def words(page: list[Text]) -> list[str]:
    return [t.text for t in page]


# ---------------------------------------------------------------- the documents' data


def schedule_doc(nights: int = 12, info: DocInfo = INFO) -> league.LeagueSchedule:
    rows = []
    for n in range(1, nights + 1):
        match = None
        if n % 3 == 0:
            match = (TEAMS[0], TEAMS[1]) if n == 3 else (TEAMS[n % 6], TEAMS[(n + 1) % 6])
        day = 3 + 7 * (n - 1)
        date = f"Oct. {day}, 2026" if day <= 31 else f"Night {n} date"
        rows.append(league.LeagueNight(n, date, VENUES[(n - 1) % 6], match, played=n <= 4))
    return league.LeagueSchedule(info, SEASON, tuple(rows))


def standings_doc(
    teams: int = 6, players: int = 12, nights: int = 6, info: DocInfo = INFO
) -> league.LeagueStandings:
    team_rows = []
    for i in range(teams):
        name = f"{TEAMS[i % 6]} {i // 6 + 1}" if teams > 6 else TEAMS[i]
        place = 1 if i < 2 else i + 1  # the first two tied: places 1, 1, 3
        by_night = tuple(
            None if (n + i) % 5 == 0 else 10 + (i * 7 + n * 3) % 13 for n in range(nights)
        )
        team_rows.append(
            league.TeamLine(
                place, name, VENUES[i % 6], nights - 1, 80 - i, 100 + 37 - i, 60 + i, by_night
            )
        )
    player_rows = tuple(
        league.PlayerLine(
            i + 1 if i != 2 else 2,  # players 2 and 3 tied
            ACCENTED if i == 0 else f"Player {i + 1}",
            team_rows[i % teams].team,
            nights - i % 3,
            150 - i,
        )
        for i in range(players)
    )
    return league.LeagueStandings(
        info,
        SEASON,
        nights,
        tuple(range(1, nights + 1)),
        tuple(team_rows),
        player_rows,
    )


def match_doc(home: int = 4, away: int = 3, info: DocInfo = INFO) -> league.MatchSchedule:
    """Every home pair meets every away pair: one table per pair of the smaller team, a game
    per pair of the larger; the larger team's others sit out. Home pairs are 1..home, away
    pairs follow."""
    h = tuple(range(1, home + 1))
    a = tuple(range(home + 1, home + away + 1))
    big, small = (h, a) if home >= away else (a, h)
    rounds = []
    for g in range(len(big)):
        playing = [big[(g + t) % len(big)] for t in range(len(small))]
        tables = tuple(
            (p, s) if home >= away else (s, p) for p, s in zip(playing, small, strict=True)
        )
        out = tuple(sorted(set(big) - set(playing)))
        rounds.append(league.MatchRound(g + 1, tables, out))
    home_team = league.MatchTeam(
        TEAMS[0],
        tuple(league.MatchPair(n, ACCENTED if n == 1 else f"Home {n}a", f"Home {n}b") for n in h),
    )
    away_team = league.MatchTeam(
        TEAMS[2], tuple(league.MatchPair(n, f"Away {n}a", f"Away {n}b") for n in a)
    )
    info = replace(info, date_text="Nov. 6, 2026", venue="Legion Hall")
    return league.MatchSchedule(info, home_team, away_team, tuple(rounds))


# ---------------------------------------------------------------- nothing overlaps


def overlapping(page: list[Text]) -> list[tuple[str, str]]:
    """The texts of a page whose letters overlap another's (cap height to descenders)."""
    boxes = []
    for t in page:
        w = text_width(t.text, t.font, t.size)
        boxes.append((t.x, t.y - 0.2 * t.size, t.x + w, t.y + 0.72 * t.size, t.text))
    out = []
    for i, (x0, y0, x1, y1, a) in enumerate(boxes):
        for u0, v0, u1, v1, b in boxes[i + 1 :]:
            if x0 < u1 - 0.01 and u0 < x1 - 0.01 and y0 < v1 - 0.01 and v0 < y1 - 0.01:
                out.append((a, b))
    return out


def outside(page: list[Text], width: float = 612) -> list[str]:
    """Texts that run past the page's side margins."""
    return [
        t.text
        for t in page
        if t.x < 29.99 or t.x + text_width(t.text, t.font, t.size) > width - 29.99
    ]


@cache
def documents() -> dict[str, bytes]:
    return {
        "schedule": league.schedule_pdf(schedule_doc(30)),
        "standings": league.standings_pdf(standings_doc(12, 120, 20)),
        "match": league.match_schedule_pdf(match_doc(12, 12)),
        "match-sitting-out": league.match_schedule_pdf(match_doc(12, 9)),
        "schedule-fr": league.schedule_pdf(schedule_doc(20, FR)),
        "standings-fr": league.standings_pdf(standings_doc(6, 12, 6, FR)),
        "match-fr": league.match_schedule_pdf(match_doc(12, 11, FR)),
    }


@pytest.mark.parametrize("name", documents())
def test_no_text_overlaps_another_or_runs_off_the_page(name):
    for page in page_texts(documents()[name]):
        assert overlapping(page) == []
        assert outside(page) == []


# ---------------------------------------------------------------- the schedule


def test_the_schedule_lists_each_night_with_its_venue_and_what_is_played():
    pdf = league.schedule_pdf(schedule_doc(12))
    assert pdf.startswith(b"%PDF")
    text = flat(pdf)
    for said in (
        "Tri-County 45s League",
        "St. Joseph's Parish Hall · Winter 2026–27",
        "Oct. 3, 2026",
        "Oct. 17, 2026",
        "Chez Théo's Tavern",
        "Drive night of teams",
        "Team match: Legion Br. 12 v Knights of Columbus",
        "Night Date Venue What is played",
    ):
        assert said in text, said
    page = words(page_texts(pdf)[0])
    assert page.count("Played") == 4  # nights 1 to 4
    assert [w for w in page if w.isdigit()] == [str(n) for n in range(1, 13)]


def test_twenty_nights_fit_one_page_in_type_big_enough_for_a_wall():
    pages = page_texts(league.schedule_pdf(schedule_doc(20)))
    assert len(pages) == 1
    numbers = [t for t in pages[0] if t.text.isdigit()]
    assert [t.text for t in numbers] == [str(n) for n in range(1, 21)]
    assert {t.size for t in numbers} == {16}
    # Everything but the page's frame (drawn last) is 11 points or more; a date, and a
    # venue that fits its column, 14.
    assert min(t.size for t in pages[0][:-4]) >= 11
    assert {t.size for t in pages[0] if t.text.startswith("Oct.")} == {14}
    assert {t.size for t in pages[0] if t.text == "Polish Social Club"} == {14}


def test_a_long_schedule_flows_onto_pages_each_with_the_header_and_heads():
    pages = page_texts(league.schedule_pdf(schedule_doc(45)))
    assert len(pages) == 3
    numbers = []
    for page in pages:
        said = words(page)
        assert said.count("Tri-County 45s League") == 2  # the frame's, and the header's
        assert "St. Joseph's Parish Hall · Winter 2026–27" in said
        for head in ("Night", "Date", "Venue", "What is played"):
            assert said.count(head) == 1, head
        numbers += [w for w in said if w.isdigit()]
    assert numbers == [str(n) for n in range(1, 46)]


# ---------------------------------------------------------------- the standings


def test_the_standings_have_the_teams_figures_and_each_nights_points():
    doc = standings_doc(6, 12, 6)
    pdf = league.standings_pdf(doc)
    assert pdf.startswith(b"%PDF")
    text = flat(pdf)
    for said in (
        "Tri-County 45s League",
        "St. Joseph's Parish Hall · Winter 2026–27",
        "After 6 nights · Printed Nov. 29, 2026, 3:00 p.m.",
        "Ties: head to head, then games won, then games lost.",
        "Points by night",
        "L'Équipe de Théo",
        "Elks Lodge 1124",
        ACCENTED,
    ):
        assert said in text, said
    page = words(page_texts(pdf)[0])
    # Team 3 (L'Équipe de Théo): its place, name, venue, nights, points, won, lost, then
    # its points each night, blank on night 4 (the team did not play).
    at = page.index("L'Équipe de Théo")
    team = doc.teams[2]
    assert team.by_night[3] is None
    assert page[at - 1 : at + 11] == [
        "3", "L'Équipe de Théo", "Chez Théo's Tavern", "5", "78", "135", "62",
        *[str(p) for p in team.by_night if p is not None],
    ]  # fmt: skip


def test_tied_places_print_once_with_an_equals_sign_under():
    page = words(page_texts(league.standings_pdf(standings_doc(6, 12, 6)))[0])
    at = page.index("Legion Br. 12")
    assert page[at - 1] == "1"
    assert page[page.index("Knights of Columbus") - 1] == "="
    assert page[page.index("Player 2") - 1] == "2"
    assert page[page.index("Player 3") - 1] == "="


@pytest.mark.parametrize(
    "tiebreaks, said",
    [
        (("head", "won", "lost"), "Ties: head to head, then games won, then games lost."),
        (("won", "head"), "Ties: games won, then head to head."),
        (("lost",), "Ties: games lost."),
        ((), "Ties: teams equal on points share the place."),
    ],
)
def test_the_tie_breaks_are_said_in_the_leagues_order(tiebreaks, said):
    doc = replace(standings_doc(2, 0, 2), tiebreaks=tiebreaks)
    assert said in flat(league.standings_pdf(doc))


def test_the_nights_so_far_are_said_in_words():
    for n, said in ((0, "Before the first night"), (1, "After 1 night"), (2, "After 2 nights")):
        doc = replace(standings_doc(2, 0, n), nights_played=n)
        assert said in flat(league.standings_pdf(doc))


def test_12_teams_and_120_players_over_pages_with_the_heads_on_each():
    doc = standings_doc(12, 120, 20)
    pages = page_texts(league.standings_pdf(doc))
    assert len(pages) >= 3
    printed = [w for page in pages for w in words(page)]
    for team in doc.teams:
        assert printed.count(team.team) == 1 + 10  # its row, and ten players' team
    players = [w for w in printed if w == ACCENTED or re.fullmatch(r"Player \d+", w)]
    assert players == [p.name for p in doc.players]
    for page in pages:
        said = words(page)
        assert "Tri-County 45s League" in said
        if any(re.fullmatch(r"Player \d+", w) for w in said):
            assert said.count("Player") == 1  # the column's head
    # 20 nights on two lines of ten in each team's row, each night's number a head.
    heads = words(pages[0])[: words(pages[0]).index("Place")]
    assert heads[heads.index("Points by night") + 1 :] == [str(n) for n in range(1, 21)]


# ---------------------------------------------------------------- a team match


def test_the_match_schedule_has_the_grid_the_sit_outs_and_the_pairs():
    pdf = league.match_schedule_pdf(match_doc(4, 3))
    assert pdf.startswith(b"%PDF")
    text = flat(pdf)
    for said in (
        "St. Joseph's Parish Hall · Tri-County 45s League",
        "Team match",
        "Legion Br. 12 v L'Équipe de Théo",
        "Nov. 6, 2026 · Legion Hall",
        "Sitting out",
        f"{ACCENTED} & Home 1b",
        "Away 7a & Away 7b",
    ):
        assert said in text, said
    page = words(page_texts(pdf)[0])
    # Game 1: pairs 1, 2, 3 play 5, 6, 7 at tables 1 to 3; pair 4 sits out.
    at = page.index("1", page.index("Sitting out"))
    assert page[at : at + 5] == ["1", "1 v 5", "2 v 6", "3 v 7", "4"]


def test_12_v_12_fits_one_page_with_every_cell_at_9_points_or_more():
    pdf = league.match_schedule_pdf(match_doc(12, 12))
    pages = page_texts(pdf)
    assert len(pages) == 1
    cells = [t for t in pages[0] if re.fullmatch(r"\d+ v \d+", t.text)]
    assert len(cells) == 144
    assert min(t.size for t in cells) >= 9
    names = [t.text for t in pages[0] if " & " in t.text]
    assert len(names) == 24


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_12_v_9_fits_one_page_with_three_pairs_sitting_out_each_game(paper):
    pages = page_texts(league.match_schedule_pdf(match_doc(12, 9, replace(INFO, paper=paper))))
    assert len(pages) == 1
    cells = [t for t in pages[0] if re.fullmatch(r"\d+ v \d+", t.text)]
    assert len(cells) == 12 * 9 and min(t.size for t in cells) >= 9
    sits = [t for t in pages[0] if re.fullmatch(r"\d+(, \d+)+", t.text)]
    assert [t.text for t in sits][:2] == ["10, 11, 12", "1, 11, 12"]
    assert min(t.size for t in sits) >= 9


# ---------------------------------------------------------------- words and names


def msgids() -> set[str]:
    """Every word the module marks for translation: `_("...")`."""
    tree = ast.parse(Path(league.__file__).read_text(encoding="utf-8"))
    return {
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "_"
        and isinstance(node.args[0], ast.Constant)
    }


def test_the_french_here_has_every_word_the_module_draws():
    assert msgids() - set(FRENCH) == set()


@pytest.mark.parametrize(
    "pdf, french, english",
    [
        (
            lambda: league.schedule_pdf(schedule_doc(12, FR)),
            ["Calendrier de la ligue", "Soirée", "Lieu", "Au programme", "Jouée",
             "Soirée de drive par équipes",
             "Match d'équipes : Legion Br. 12 contre Knights of Columbus", "Page 1 sur 1"],
            ["League schedule", "Venue", "What is played", "Played", "Drive night", "Page 1 of"],
        ),
        (
            lambda: league.standings_pdf(standings_doc(6, 12, 6, FR)),
            ["Classement de la ligue", "Équipes", "Joueurs", "Points par soirée", "Gagnées",
             "Perdues", "Après 6 soirées", "Imprimé le", "Égalités : confrontation directe"],
            ["League standings", "Teams", "Players", "Points by night", "Won", "Lost",
             "After", "Printed", "Ties:", "Nights"],
        ),
        (
            lambda: league.match_schedule_pdf(match_doc(4, 3, FR)),
            ["Match d'équipes", "Legion Br. 12 contre L'Équipe de Théo", "Partie", "Au repos",
             "1 c. 5"],
            ["Team match", " v ", "Game", "Sitting out"],
        ),
    ],
)  # fmt: skip
def test_french_prints_french_words_where_the_drawing_has_words(pdf, french, english):
    text = flat(pdf())
    for word in french:
        assert word in text, word
    for word in english:
        assert word not in text, word


def test_a_name_with_accents_and_an_apostrophe_prints_as_typed():
    for pdf in (
        league.schedule_pdf(schedule_doc(12)),
        league.standings_pdf(standings_doc(6, 12, 6)),
        league.match_schedule_pdf(match_doc(4, 3)),
    ):
        text = flat(pdf)
        assert "L'Équipe de Théo" in text or "Chez Théo's Tavern" in text
    assert ACCENTED in flat(league.standings_pdf(standings_doc(6, 12, 6)))
    assert ACCENTED in flat(league.match_schedule_pdf(match_doc(4, 3)))


def test_a4_paper():
    info = replace(INFO, paper="a4")
    for pdf in (
        league.schedule_pdf(schedule_doc(20, info)),
        league.standings_pdf(standings_doc(12, 120, 20, info)),
        league.match_schedule_pdf(match_doc(12, 12, info)),
    ):
        pages = PdfReader(io.BytesIO(pdf)).pages
        assert round(float(pages[0].mediabox.width)) == 595
        for page in page_texts(pdf):
            assert overlapping(page) == [] and outside(page, 595.28) == []
    assert len(page_texts(league.schedule_pdf(schedule_doc(20, info)))) == 1
    assert len(page_texts(league.match_schedule_pdf(match_doc(12, 12, info)))) == 1


def test_the_module_imports_no_django():
    tree = ast.parse(Path(league.__file__).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            assert not any(a.name.startswith("django") for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            assert not (node.module or "").startswith("django")


@needs_pdftoppm
@pytest.mark.parametrize("name", ["schedule", "standings", "match"])
def test_each_renders_with_nothing_in_the_unprintable_edge(name, tmp_path):
    from PIL import Image

    pdf_path = tmp_path / f"{name}.pdf"
    pdf_path.write_bytes(documents()[name])
    dpi = 100
    subprocess.run(
        [PDFTOPPM, "-r", str(dpi), "-f", "1", "-l", "1", "-png", "-singlefile"]
        + [str(pdf_path), str(tmp_path / name)],
        check=True,
    )
    image = Image.open(tmp_path / f"{name}.png").convert("L")
    w, h = image.size
    assert image.getextrema()[0] < 64, "the page is blank"
    edge = round(12 * dpi / 72)
    for box in ((0, 0, w, edge), (0, h - edge, w, h), (0, 0, edge, h), (w - edge, 0, w, h)):
        assert image.crop(box).getextrema()[0] > 200, f"ink at the edge {box}"
