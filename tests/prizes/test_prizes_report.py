"""The prizes page and the prize report: every part, and a cash summary that adds up."""

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drives import services as drive_services
from prizes.services import jar, report, side, ties
from tests.builders import NOW, add_pairs, make_drive
from tests.builders.prize_report import finished


@pytest.fixture
def drive(club, organizer):
    d = finished(club, organizer)
    jar.jar_draw(drive=d, seed=3, actor=organizer, now=NOW)
    side.fifty_fifty_draw(
        drive=d, ranges=[(1, 100)], takings_cents=10000, seed=4, actor=organizer, now=NOW
    )
    for group in ties.prize_groups(d).places:
        if len(group.pairs) > 1:
            ties.decision_record(
                drive=d,
                prize=f"place-{group.place}",
                cut="digital",
                seed=9,
                actor=organizer,
                now=NOW,
            )
    return d


def test_the_cash_summary_adds_up(drive):
    cash = report.cash_summary(drive)
    assert cash.paid_out + cash.carried_over + cash.remaining == cash.takings
    # Entries 6 x $10, the jar 3 x $2, the 50/50 $100.
    assert cash.takings == 6000 + 600 + 10000
    labels = [label for label, _ in cash.money_in]
    assert "Entries: 6 pairs paid" in labels


def test_the_prizes_page_shows_every_part(org_client, drive):
    page = org_client.get(reverse("prizes:prizes", args=[drive.pk])).content.decode()
    for text in ["Prizes", "Cash summary", "Takings", "Remaining for the hall", "$60.00"]:
        assert text in page
    assert "First prize" in page
    assert "50/50" in page


def test_the_report_prints_without_buttons_and_with_a_signature_line(org_client, drive):
    r = org_client.get(reverse("prizes:report", args=[drive.pk]))
    page = r.content.decode()
    assert r.status_code == 200
    assert "Organizer's signature" in page and "Generated" in page
    assert "<form" not in page.split('class="report"')[1]
    assert "$166.00" in page  # takings


def test_prize_pages_are_for_the_clubs_organizers(client, other_club_client, scorer_client, drive):
    for name in ("prizes:prizes", "prizes:report"):
        url = reverse(name, args=[drive.pk])
        assert other_club_client.get(url).status_code == 404
        assert scorer_client.get(url).status_code == 403
        r = client.get(url)
        assert r.status_code == 302 and "/accounts/login/" in r["Location"]


def test_prize_pages_wrong_method_and_htmx(org_client, drive):
    for name in ("prizes:prizes", "prizes:report"):
        url = reverse(name, args=[drive.pk])
        assert org_client.post(url).status_code == 405
        r = org_client.get(url, HTTP_HX_REQUEST="true")
        assert r.status_code == 200 and "<html" not in r.content.decode()


def test_a_running_drive_shows_where_things_stand(org_client, club, organizer):
    d = make_drive(club, organizer)
    add_pairs(d, organizer, 4)
    drive_services.drive_start(drive=d, actor=organizer, now=NOW, seed=1)
    page = org_client.get(reverse("prizes:prizes", args=[d.pk])).content.decode()
    assert "Prizes are settled after the last game" in page


@pytest.mark.django_db
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    fee=st.integers(0, 5000),
    jar_price=st.integers(0, 1000),
    first=st.integers(0, 20000),
    unit=st.sampled_from([1, 5]),
)
def test_paid_out_carried_over_and_remaining_always_make_the_takings(fee, jar_price, first, unit):
    from clubs.models import Club
    from tests.builders import make_user

    club = Club.objects.create(name="Hall", cash_unit=unit)
    actor = make_user(club, username=f"org-{Club.objects.count()}")
    d = finished(club, actor, fee=fee, jar_price=jar_price, places={1: (first, "")})
    if jar_price:
        jar.jar_draw(drive=d, seed=1, actor=actor, now=NOW)
    for group in ties.prize_groups(d).places:
        if len(group.pairs) > 1:
            ties.decision_record(
                drive=d, prize=f"place-{group.place}", cut="digital", seed=2, actor=actor, now=NOW
            )
    cash = report.cash_summary(d)
    assert cash.paid_out + cash.carried_over + cash.remaining == cash.takings
    assert cash.takings == fee * 6 + jar_price * 3


def test_the_prize_report_names_the_pairs_that_have_not_paid(org_client, drive, organizer):
    drive_services.pair_set_paid(
        pair=drive.pairs.get(number=2), actor=organizer, now=NOW, paid=False
    )
    names = drive.pairs.get(number=2).names
    page = org_client.get(reverse("prizes:report", args=[drive.pk])).content.decode()
    assert "Not paid:" in page
    assert f"pair 2 ({names})".replace("&", "&amp;") in page
    assert report.prize_report(drive)["unpaid"] == [(2, names)]


def test_the_printed_prize_report_names_the_pairs_that_have_not_paid(drive, organizer):
    from printing.pdf import data
    from printing.pdf.data import unpaid_words

    drive_services.pair_set_paid(
        pair=drive.pairs.get(number=5), actor=organizer, now=NOW, paid=False
    )
    doc = data.prize_report(drive, now=NOW)
    assert doc.unpaid == f"Not paid: pair 5 ({drive.pairs.get(number=5).names})"
    assert unpaid_words([]) == ""
    assert unpaid_words([(3, "A & B"), (8, "C & D")]) == "Not paid: pair 3 (A & B), pair 8 (C & D)"


def test_a_report_where_every_pair_paid_says_nothing_about_payment(org_client, drive):
    assert report.prize_report(drive)["unpaid"] == []
    page = org_client.get(reverse("prizes:report", args=[drive.pk])).content.decode()
    assert "Not paid:" not in page
