"""A person's row of night cards on the series standings, built in Python.

A series of 30 nights and 150 players has 4,500 cards: the template's loop took about
0.6 s of the page, format_html_join 0.45 s; here each card is one str.format of escaped
values (`html`), about 15 ms (`make bench`, "series standings"). A card has no title: a
tablet has no pointer to show one, and 4,500 of them doubled the page.
tests/seasons/test_fragments.py renders the same cards from a reference template."""

from __future__ import annotations

from html import escape

from django.utils.safestring import SafeString, mark_safe

CARD = '<span class="nightcard{}"><small>{}</small>{}</span>'


def html(template: str, *values) -> str:
    """The template with every value escaped (Django's escape: & < > " ' ), so nothing is
    escaped by hand; format_html does the same at about ten times the cost a card."""
    return template.format(*(escape(str(v)) for v in values))


def night_cards(cards) -> SafeString:
    """One small card a night played in the series: its number, the score (solid when it
    counts), or a dash where the person was not there. `cards` is (night number,
    NightScore | None)."""
    out = []
    for number, score in cards:
        if score is None:
            out.append(html(CARD, " absent", number, "–"))
        else:
            out.append(html(CARD, " counts" if score.counts else "", number, score.score))
    return mark_safe("".join(out))  # every value went through html()


def card_row(cards) -> SafeString:
    return mark_safe('<span class="nightcards">' + night_cards(cards) + "</span>")
