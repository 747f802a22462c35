"""The night cards built in Python (seasons/fragments.py) are the reference template's."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.template import engines
from django.utils import translation

from seasons.fragments import card_row, standing_rows
from seasons.standings import Entry, NightScore

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


ROWS = Path(__file__).resolve().parents[1] / "templates" / "fragments" / "series_standing_rows.html"
NAMES = ["<b>Mary</b>", 'Jo "Big" & Co', "O'Neil", "Zoë Côté & Émile"]


def rows():
    out = []
    for i, name in enumerate(NAMES * 2):
        qualified = i % 3 != 2
        entry = Entry(
            key=(f"k{i}",),
            names=(name,),
            nights=(),
            total=100 - i,
            qualified=qualified,
            place=i + 1 if qualified else None,
        )
        out.append(
            {
                "entry": entry,
                "names": name,
                "cards": card_row([(1, None), (2, NightScore(2, 5, 1, 5, True))]),
                "to_qualify": 0 if qualified else i % 3,
            }
        )
    return out


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_rows_are_the_reference_templates(language):
    with translation.override(language):
        built = str(standing_rows(rows()))
        reference = engines["django"].from_string(ROWS.read_text()).render({"rows": rows()})
    assert built == reference.strip()
    assert "&lt;b&gt;Mary&lt;/b&gt;" in built and "<b>" not in built
    assert built.count("<tr") == 8
