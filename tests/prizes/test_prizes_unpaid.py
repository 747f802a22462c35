"""Pairs that have not paid are marked wherever prizes are decided, and the organizer can
settle it there (issue 25, item 8): the prizes page, the tie page (the ticks, the
play-off, the cut) and the report; "Mark paid" posts to the pair-paid service."""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse

from clubs.models import AuditEntry
from drives.models import Pair, PlacePrize
from tests.builders import HTMX
from tests.builders.ties import THREE_WAY, everything, finished_night

pytestmark = pytest.mark.django_db

UNPAID = '<span class="badge unpaid">Not paid</span>'


@pytest.fixture
def three_way(club, organizer):
    """Pairs 1, 2 and 3 tie for first ($30); every pair paid but pair 2."""
    drive = finished_night(club, organizer, THREE_WAY, games=5, seed=1)
    PlacePrize.objects.create(drive=drive, place=1, cents=3000)
    Pair.objects.filter(drive=drive).update(paid=True)
    Pair.objects.filter(drive=drive, number=2).update(paid=False)
    return drive


def paid_url(drive, number):
    pair = Pair.objects.get(drive=drive, number=number)
    return reverse("prizes:pair_paid", args=[drive.pk, pair.pk])


def tie_url(drive, prize="place-1"):
    return reverse("prizes:tie", args=[drive.pk, prize])


def text(response) -> str:
    return unescape(response.content.decode())


def row_of(page: str, number: int) -> str:
    """The tick table's row of a pair."""
    start = page.index(f'<td class="num big">{number}</td>')
    return page[start : page.index("</tr>", start)]


def test_the_prizes_page_marks_an_unpaid_pair_in_its_prize(org_client, three_way):
    page = text(org_client.get(reverse("prizes:prizes", args=[three_way.pk])))
    prize = page[page.index('id="prize-place-1"') :]
    prize = prize[: prize.index("</article>")]
    assert prize.count(UNPAID) == 1
    item = prize[prize.index("Pair 2</strong>") :]
    assert item.index(UNPAID) < item.index("</li>")
    assert paid_url(three_way, 2) in prize and "Mark pair 2 paid" in prize


def test_the_report_marks_it_without_a_button(org_client, three_way):
    page = text(org_client.get(reverse("prizes:report", args=[three_way.pk])))
    prize = page[page.index('id="prize-place-1"') :]
    prize = prize[: prize.index("</article>")]
    assert UNPAID in prize and "Mark pair 2 paid" not in prize


def test_the_tie_page_marks_it_in_the_ticks_and_the_cut(org_client, three_way):
    page = text(org_client.get(tie_url(three_way)))
    assert "Not paid yet: pair 2." in page
    assert UNPAID in row_of(page, 2) and UNPAID not in row_of(page, 1)
    # Settled there: the button is in the note above the ticks (a form in a form is none).
    note = page[page.index('class="msg warn unpaid-note"') :]
    note = note[: note.index('class="form ticks"')]
    assert "Mark pair 2 paid" in note and paid_url(three_way, 2) in note
    assert "Mark pair 2 paid" not in row_of(page, 2)
    cut = page[page.index('class="stack form card physical-cut"') :]
    pair2 = cut[cut.index("Pair 2</strong>") :]
    assert UNPAID in pair2[: pair2.index("<label")]
    pair1 = cut[cut.index("Pair 1</strong>") :]
    assert UNPAID not in pair1[: pair1.index("<label")]


def test_the_play_off_marks_it_on_its_buttons(org_client, three_way):
    org_client.post(tie_url(three_way), {"action": "ticks", "playoff": ["3"]})
    page = text(org_client.get(tie_url(three_way)))
    buttons = page[page.index('class="correct-pairs"') :]
    buttons = buttons[: buttons.index("</div>")]
    assert buttons.count(UNPAID) == 1  # pair 2, in game 1 against pair 1


def test_mark_paid_from_the_tie_page(org_client, three_way, organizer):
    r = org_client.post(paid_url(three_way, 2), {"back": "place-1"})
    assert r.status_code == 302 and r.url == tie_url(three_way)
    assert Pair.objects.get(drive=three_way, number=2).paid
    entry = AuditEntry.objects.get(action="pair_paid")
    assert entry.summary == "Pair 2 paid" and entry.source == "front: prizes"
    page = text(org_client.get(r.url))
    assert UNPAID not in page and "Not paid yet" not in page
    assert "Pair 2 paid." in page


def test_mark_paid_from_the_prizes_page_under_htmx(org_client, three_way):
    r = org_client.post(paid_url(three_way, 2), {"back": "prizes"}, **HTMX)
    html = text(r)
    assert r.status_code == 200 and "<html" not in html and 'id="places"' in html
    assert UNPAID not in html and "Pair 2 paid." in html
    r = org_client.post(paid_url(three_way, 2), {"back": "place-1"}, **HTMX)
    assert r.status_code == 200 and 'class="list tick-table"' in text(r)
    assert AuditEntry.objects.filter(action="pair_paid").count() == 1  # paid once


def test_mark_paid_refuses_the_wrong_method_outsiders_and_other_drives_pairs(
    org_client, other_club_client, scorer_client, anon_client, three_way, club, organizer
):
    url = paid_url(three_way, 2)
    assert org_client.get(url).status_code == 405
    other = finished_night(club, organizer, THREE_WAY, games=5, seed=1)
    before = everything()
    assert other_club_client.post(url, {"back": "prizes"}).status_code == 404
    assert scorer_client.post(url, {"back": "prizes"}).status_code == 403
    r = anon_client.post(url, {"back": "prizes"})
    assert r.status_code == 302 and r.url.startswith(reverse("login"))
    stranger = Pair.objects.get(drive=other, number=2)
    wrong = reverse("prizes:pair_paid", args=[three_way.pk, stranger.pk])
    assert org_client.post(wrong, {"back": "prizes"}).status_code == 404
    assert org_client.post(url, {"back": "elsewhere"}).status_code == 404
    assert everything() == before


def test_where_nobody_pays_nobody_is_marked(org_client, three_way):
    Pair.objects.filter(drive=three_way).update(paid=False)  # no fee, nobody ticked paid
    for url in (reverse("prizes:prizes", args=[three_way.pk]), tie_url(three_way)):
        page = text(org_client.get(url))
        assert UNPAID not in page and "Not paid yet" not in page
    # An entry fee makes "paid" matter: then every pair that has not paid is marked.
    from drives.models import PrizeSettings

    PrizeSettings.objects.create(drive=three_way, entry_fee=500)
    page = text(org_client.get(tie_url(three_way)))
    assert page.count(UNPAID) >= 3 and "Not paid yet: pairs 1, 2 and 3." in page
