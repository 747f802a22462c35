"""The night cards built in Python (seasons/fragments.py) are the reference template's."""

from __future__ import annotations

from pathlib import Path

from django.template import engines

from seasons.fragments import card_row
from seasons.standings import NightScore

TEMPLATE = (
    Path(__file__).resolve().parents[1] / "templates" / "fragments" / "series_night_cards.html"
)


def cards():
    out = []
    for n in range(1, 9):
        if n % 3 == 0:
            score = None
        else:
            score = NightScore(night=n, won=n + 3, place=n % 4 + 1, score=10 - n, counts=n % 2 == 1)
        out.append((n, score))
    return out


def test_the_cards_are_the_reference_templates():
    built = str(card_row(cards()))
    reference = engines["django"].from_string(TEMPLATE.read_text()).render({"cards": cards()})
    assert built == reference.strip()
    assert built.count('class="nightcard counts"') == 3
    assert built.count('class="nightcard absent"') == 2


def test_no_cards_no_nights():
    assert str(card_row([])) == '<span class="nightcards"></span>'
