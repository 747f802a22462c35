"""One place and one way of saying it for every pair: the standings page, the public
standings, the projector board, the final score cards, the standings sheet and the
prize report agree (prizes/services/standing.py)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from drives.models import Drive, PlacePrize
from printing.pdf import data
from prizes.services import ties
from tests.builders import NOW
from tests.builders.ties import TWO_WAY, finished_night

pytestmark = pytest.mark.django_db

# TWO_WAY: pairs 1 and 2 tie for first on 4; 3 is second on 3; 4 and 5 tie for third on 2;
# 6 has 0 (the booby). Standings places: 1, 1, 3, 4, 4, 6.
PLACES = {1: 1, 2: 1, 3: 3, 4: 4, 5: 4, 6: 6}


@pytest.fixture
def night(club, organizer):
    drive = finished_night(
        club, organizer, TWO_WAY, games=5, seed=1, board_public=True, standings_public=True
    )
    PlacePrize.objects.create(drive=drive, place=1, cents=2000)
    PlacePrize.objects.create(drive=drive, place=2, cents=2500)
    PlacePrize.objects.create(drive=drive, place=3, cents=1000)
    # First prize: pair 2 asked for a play-off and pair 1 won it; third: a split.
    ties.decision_record(
        drive=drive, prize="place-1", playoff_requests=[2], playoff_winner=1, actor=organizer,
        now=NOW,
    )  # fmt: skip
    ties.decision_record(
        drive=drive, prize="place-3", split_agreements=[4, 5], actor=organizer, now=NOW
    )
    return drive


WORDS = {
    1: "Place 1 · won the play-off for first prize, $20.00",
    2: "Place 1 · lost the play-off for first prize",
    3: "Place 3 · second prize, $25.00",
    4: "Place 4 · shares third prize, $5.00",
    5: "Place 4 · shares third prize, $5.00",
}


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_final_cards_give_the_standings_place_and_how_the_tie_went(night):
    cards = {c.number: c.standing for c in data.final_cards(night).cards}
    for n, words in WORDS.items():
        assert cards[n].startswith(words), (n, cards[n])
    # The booby pair's card says its place, not a place by score level (6th, not 4th).
    assert cards[6].startswith("Place 6 · the booby prize")


def test_the_standings_sheet_says_the_same_place_and_words(night):
    rows = {r.number: r for r in data.standings(night).rows}
    assert {n: r.rank for n, r in rows.items()} == PLACES
    assert rows[2].words == "lost the play-off for first prize"
    assert rows[4].words == "shares third prize, $5.00"


def test_the_standings_page_shows_each_pairs_place_and_words(night, org_client):
    html = org_client.get(reverse("board:drive_standings", args=[night.pk])).content.decode()
    for n, words in WORDS.items():
        place, _, said = words.partition(" · ")
        row = re.search(
            rf'<td class="num">(\d+)</td>\s*<td class="num"><a [^>]*>{n}</a></td>'
            rf'\s*<td class="names">(.*?)</td>',
            html,
            re.S,
        )
        assert row, n
        assert f"Place {row.group(1)}" == place
        assert said in _text(row.group(2))


def test_the_public_standings_and_the_board_agree(night, anon_client):
    html = anon_client.get(reverse("board:standings", args=[night.pk])).content.decode()
    assert "lost the play-off for first prize" in _text(html)
    board = _text(anon_client.get(reverse("board:board", args=[night.pk])).content.decode())
    assert "Place 1 · won the play-off for first prize, $20.00" in board
    assert "Place 3 · second prize, $25.00" in board


def test_the_prize_report_names_every_pairs_place(night, org_client):
    html = _text(org_client.get(reverse("prizes:report", args=[night.pk])).content.decode())
    for words in WORDS.values():
        assert words in html
    report = data.prize_report(night)
    notes = [
        line.note
        for section in report.sections
        for item in section.items
        for line in getattr(item, "lines", ())
        if hasattr(line, "number")
    ]
    assert "✓ Place 1 · won the play-off for first prize, $20.00" in notes
    assert "Place 1 · lost the play-off for first prize" in notes


def test_a_lost_cut_reads_lost_not_a_place_of_its_own(club, organizer):
    drive = finished_night(club, organizer, TWO_WAY, games=5, seed=1)
    row = ties.decision_record(
        drive=drive, prize="place-1", cut="digital", seed=7, actor=organizer, now=NOW
    )
    loser = ({1, 2} - set(row.winners)).pop()
    cards = {c.number: c.standing for c in data.final_cards(drive).cards}
    assert cards[loser] == "Place 1 · lost the cut for first prize"
    assert cards[row.winners[0]] == "Place 1 · won the cut for first prize"


def test_during_the_night_there_are_places_but_no_prize_words(club, organizer, org_client):
    drive = finished_night(club, organizer, TWO_WAY, games=5, seed=1)
    Drive.objects.filter(pk=drive.pk).update(status=Drive.Status.RUNNING)
    html = org_client.get(reverse("board:drive_standings", args=[drive.pk])).content.decode()
    assert "prize-words" not in html
