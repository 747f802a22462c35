"""The series standings' rows and each person's row of night cards, built in Python.

A series of 30 nights and 150 players has 4,500 cards: the template's loop took about
0.6 s of the page, format_html_join 0.45 s; here each card is one str.format of escaped
values (`html`), about 15 ms (`make bench`, "series standings"). A card has no title: a
tablet has no pointer to show one, and 4,500 of them doubled the page.
The rows around them are built here too (150 rows: 25 ms of template). tests/seasons/
test_fragments.py renders the same rows and cards from reference templates."""

from __future__ import annotations

from html import escape

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def html(template: str, *values) -> str:
    """The template with every value escaped (Django's escape: & < > " ' ) but a number
    or HTML built here, so nothing is escaped by hand; format_html does the same at about
    ten times the cost a card."""
    return template.format(
        *(v if type(v) is int or isinstance(v, SafeString) else escape(str(v)) for v in values)
    )


CARD_OPEN = {
    None: '<span class="nightcard absent"><small>',
    True: '<span class="nightcard counts"><small>',
    False: '<span class="nightcard"><small>',
}


def night_cards(cards) -> SafeString:
    """One small card a night played in the series: its number, the score (solid when it
    counts), or a dash where the person was not there. `cards` is (night number,
    NightScore | None). Numbers only fill the cards (int() makes sure), so this one loop
    joins strings instead of html() (4,500 cards: 4 ms instead of 15)."""
    out = []
    for number, score in cards:
        if score is None:
            out.append(f"{CARD_OPEN[None]}{int(number)}</small>–</span>")
        else:
            out.append(f"{CARD_OPEN[score.counts]}{int(number)}</small>{int(score.score)}</span>")
    return mark_safe("".join(out))  # numbers and the constant markup above only


def card_row(cards) -> SafeString:
    return mark_safe(html('<span class="nightcards">{}</span>', night_cards(cards)))


ROW = (
    '<tr class="{}"><td class="place">{}</td><td class="names">{} {}</td><td>{}</td>'
    '<td class="total">{}</td><td>{}</td></tr>'
)


def standing_rows(rows) -> SafeString:
    """The standings' rows: place (a dash when not qualified), names with "✓ Qualified" or
    the nights still to come, nights played, total and the row of night cards. `rows` are
    seasons.views.standing_rows' (entry, names, cards, to_qualify); the words are
    translated once a page, the nights to come once a number."""
    qualified = mark_safe(html('<span class="badge qualified">✓ {}</span>', _("Qualified")))
    to_come: dict[int, SafeString] = {}
    out = []
    for row in rows:
        entry = row["entry"]
        if entry.qualified:
            badge = qualified
        else:
            n = row["to_qualify"]
            if n not in to_come:
                words = ngettext("%(n)s more night to qualify", "%(n)s more nights to qualify", n)
                to_come[n] = mark_safe(html('<span class="badge">{}</span>', words % {"n": n}))
            badge = to_come[n]
        out.append(
            html(
                ROW,
                "qualified" if entry.qualified else "not-qualified",
                entry.place if entry.place else "–",
                row["names"],
                badge,
                entry.played,
                entry.total,
                row["cards"],
            )
        )
    return mark_safe("".join(out))  # every value went through html()
