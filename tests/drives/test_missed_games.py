"""Games a late or a leaving pair was not there for are not played, never lost: on the
standings page, the public standings, the standings sheet and the final score cards."""

from __future__ import annotations

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from drives import services
from printing.pdf import cards, data, standings
from tests.builders import NOW, play_game
from tests.builders.night_changes import change, fresh, next_game, seven_at_game_2

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(club, organizer):
    """Seven pairs; pair 8 arrives for game 2; pair 2 leaves after game 2; four games."""
    drive = seven_at_game_2(club, organizer, games=4, standings_public=True)
    change(drive, organizer, "arrive", player1="Kenny MacLeod", player2="Jo Aucoin")
    play_game(drive, organizer)
    next_game(drive, organizer)
    change(drive, organizer, "leave", number=2)
    for _ in range(2):
        play_game(drive, organizer)
        drive = fresh(drive)
        if drive.current_game < drive.games:
            next_game(drive, organizer)
    services.drive_finish(drive=fresh(drive), from_game=4, actor=organizer, now=NOW)
    return fresh(drive)


def _holes(html: str, pair: int) -> dict[int, str]:
    """game -> the hole's class on pair `pair`'s row of a standings page."""
    row = re.search(
        rf'<a [^>]*>{pair}</a></td>.*?</tr>|<td class="num">{pair}</td>.*?</tr>', html, re.S
    )
    assert row, pair
    return {
        int(g): cls
        for cls, g in re.findall(
            r'<span class="hole ?([a-z ]*)" title="[^"]*">(\d+)</span>', row.group(0)
        )
    }


def test_the_standings_page_shows_missed_games_as_not_played(night, org_client):
    assert (night.current_game, night.is_finished) == (4, True)
    html = org_client.get(reverse("board:drive_standings", args=[night.pk])).content.decode()
    late, leaver = _holes(html, 8), _holes(html, 2)
    assert late[1] == "missed", "pair 8 came for game 2: game 1 is not played, not lost"
    assert "missed" not in (late[2], late[3], late[4])
    assert leaver[3] == leaver[4] == "missed", "pair 2 left after game 2"
    assert "missed" not in (leaver[1], leaver[2])
    assert "game 1 not played: the pair was not there" in html


def test_the_public_standings_show_them_too(night, anon_client):
    html = anon_client.get(reverse("board:standings", args=[night.pk])).content.decode()
    assert _holes(html, 8)[1] == "missed"


def test_the_standings_sheet_and_the_final_cards_carry_the_missed_games(night):
    rows = {r.number: r for r in data.standings(night).rows}
    assert rows[8].missed == {1} and rows[2].missed == {3, 4} and rows[1].missed == set()
    final = {c.number: c for c in data.final_cards(night).cards}
    assert final[8].missed == {1} and final[2].missed == {3, 4}


def _streams(pdf: bytes) -> str:
    """Every drawing stream of the PDF (pages and the forms they stamp), decoded."""
    out = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        out.append(page.get_contents().get_data().decode("latin-1"))
        xobjects = page["/Resources"].get("/XObject") or {}
        for ref in xobjects.values():
            out.append(ref.get_object().get_data().decode("latin-1"))
    return "\n".join(out)


def test_a_missed_game_is_drawn_struck_through_on_paper(night):
    doc = data.final_cards(night)
    with_missed = _streams(cards.final_cards(doc))
    assert "[1.5 1.5] 0 d" in with_missed, "a missed game's circle is dashed"
    nobody_missed = doc.__class__(
        info=doc.info,
        games=doc.games,
        cards=tuple(c.__class__(**{**c.__dict__, "missed": frozenset()}) for c in doc.cards),
    )
    assert "[1.5 1.5] 0 d" not in _streams(cards.final_cards(nobody_missed))
    sheet = data.standings(night)
    drawn = _streams(standings.standings(sheet))
    plain = _streams(
        standings.standings(
            sheet.__class__(
                **{
                    **sheet.__dict__,
                    "rows": tuple(
                        r.__class__(**{**r.__dict__, "missed": frozenset()}) for r in sheet.rows
                    ),
                }
            )
        )
    )
    assert drawn.count(" l") > plain.count(" l"), "each missed cell on the sheet is struck"
