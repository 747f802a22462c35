"""The Print page and the PDF downloads (printing/views.py)."""

from __future__ import annotations

import io
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from clubs.models import AuditEntry, Club
from drives import queries, services
from drives.models import TableLink
from prizes.services import jar, money, side, ties
from tests.builders import HTMX, NOW, add_pairs, make_drive, play_game
from tests.builders.pdf import pages_text

pytestmark = pytest.mark.django_db


# url name -> the file name's ending
DOWNLOADS = {
    "printing:pdf_punch_cards": "punch-cards",
    "printing:pdf_table_cards": "table-cards",
    "printing:pdf_seating": "seating",
    "printing:pdf_paper_pack": "paper-pack",
    "printing:pdf_standings": "standings",
    "printing:pdf_final_cards": "final-cards",
    "printing:pdf_prize_report": "prize-report",
    "printing:pdf_blank_cards": "blank-cards",
}
QUERY = {"printing:pdf_blank_cards": "?count=9"}


def url(name: str, drive, query: str = "") -> str:
    return reverse(name, args=[drive.pk]) + query


def goes_to_login(response) -> bool:
    return response.status_code == 302 and response.url.startswith(reverse("login"))


@pytest.fixture
def drive(club, organizer):
    """7 pairs (accented names on pair 1), 25 games, game 1 played, game 2 seated."""
    d = make_drive(club, organizer)
    services.pair_add(
        drive=d, actor=organizer, now=NOW, player1="Ó Súilleabháin", player2="Thériault"
    )
    add_pairs(d, organizer, 6)
    d = services.drive_start(drive=d, actor=organizer, now=NOW, seed=3)
    play_game(d, organizer)
    services.game_advance(drive=d, from_game=1, actor=organizer, now=NOW)
    d.refresh_from_db()
    return d


@pytest.mark.parametrize("name", DOWNLOADS)
def test_each_download_is_a_pdf_attachment_named_after_the_drive_date_and_name(
    org_client, drive, name
):
    r = org_client.get(url(name, drive, QUERY.get(name, "")))
    assert r.status_code == 200
    assert r["Content-Type"] == "application/pdf"
    expected = f"drive-2026-11-29-friday-45s-{DOWNLOADS[name]}.pdf"
    assert r["Content-Disposition"] == f'attachment; filename="{expected}"'
    assert r.content.startswith(b"%PDF")
    texts = pages_text(r)
    assert texts and all("Friday 45s" in t for t in texts)
    assert f"Page 1 of {len(texts)}" in texts[0]


def test_two_drives_on_one_date_download_under_different_names(org_client, drive, organizer):
    other = services.drive_create(
        club=drive.club, actor=organizer, now=NOW, name="Afternoon 45s", date=drive.date
    )
    names = {
        org_client.get(url("printing:pdf_punch_cards", d))["Content-Disposition"]
        for d in (drive, other)
    }
    assert names == {
        'attachment; filename="drive-2026-11-29-friday-45s-punch-cards.pdf"',
        'attachment; filename="drive-2026-11-29-afternoon-45s-punch-cards.pdf"',
    }


ORGANIZER_ONLY = ("printing:pdf_table_cards", "printing:pdf_prize_report")


@pytest.mark.parametrize("name", [n for n in DOWNLOADS if n not in ORGANIZER_ONLY])
def test_a_scorer_may_download(scorer_client, drive, name):
    r = scorer_client.get(url(name, drive, QUERY.get(name, "")))
    assert r.status_code == 200
    assert r["Content-Type"] == "application/pdf"


@pytest.mark.parametrize("name", ORGANIZER_ONLY)
def test_table_cards_and_prize_report_are_for_organizers(scorer_client, drive, name):
    # The table cards carry the tables' keys; the prize pages are the organizer's.
    assert scorer_client.get(url(name, drive, QUERY.get(name, ""))).status_code == 403
    page = scorer_client.get(url("printing:print", drive)).content.decode()
    assert url(name, drive) not in page


@pytest.mark.parametrize("name", [*DOWNLOADS, "printing:print"])
def test_only_get(org_client, drive, name):
    r = org_client.post(url(name, drive, QUERY.get(name, "")))
    assert r.status_code == 405


@pytest.mark.parametrize("name", [*DOWNLOADS, "printing:print"])
def test_another_clubs_organizer_gets_404(other_club_client, drive, name):
    r = other_club_client.get(url(name, drive, QUERY.get(name, "")))
    assert r.status_code == 404


@pytest.mark.parametrize("name", [*DOWNLOADS, "printing:print"])
def test_anonymous_goes_to_the_login(anon_client, drive, name):
    assert goes_to_login(anon_client.get(url(name, drive, QUERY.get(name, ""))))


def test_the_punch_cards_carry_every_pair_and_their_names(org_client, drive):
    texts = pages_text(org_client.get(url("printing:pdf_punch_cards", drive)))
    assert len(texts) == 1  # 7 pairs, 8 cards to a page
    text = texts[0]
    assert "Ó Súilleabháin" in text and "Thériault" in text
    assert "Player 6a" in text
    tokens = set(text.split())
    assert {str(n) for n in range(1, 26)} <= tokens


@pytest.mark.parametrize("count,pages", [("1", 1), ("8", 1), ("9", 2), ("200", 25)])
def test_blank_cards_come_in_the_number_asked(org_client, drive, count, pages):
    r = org_client.get(url("printing:pdf_blank_cards", drive, f"?count={count}"))
    texts = pages_text(r)
    assert len(texts) == pages
    assert "Player" not in "".join(texts)


@pytest.mark.parametrize("query", ["", "?count=", "?count=0", "?count=201", "?count=ten"])
def test_a_bad_blank_card_count_is_a_clear_400(org_client, drive, query):
    r = org_client.get(url("printing:pdf_blank_cards", drive, query))
    assert r.status_code == 400
    assert r["Content-Type"].startswith("text/html")
    assert "That number will not do" in r.content.decode()


@pytest.mark.parametrize("query", ["?tables=0", "?tables=201", "?tables=x", "?tables=-3"])
def test_a_bad_table_count_is_a_clear_400(org_client, drive, query):
    r = org_client.get(url("printing:pdf_table_cards", drive, query))
    assert r.status_code == 400
    assert "That number will not do" in r.content.decode()


def test_table_cards_default_to_the_drives_tables(org_client, drive, club, settings):
    # 7 pairs: 4 tables (one half-empty).
    texts = pages_text(org_client.get(url("printing:pdf_table_cards", drive)))
    assert len(texts) == 4
    links = {link.table: link for link in TableLink.objects.filter(club=club)}
    assert sorted(links) == [1, 2, 3, 4]
    for n, text in enumerate(texts, start=1):
        assert f"{settings.SITE_BASE_URL}/t/{links[n].token}/" in text.replace("\n", "")
        assert "St. Joseph's Parish Hall" in text


def test_table_cards_tables_can_be_overridden(org_client, drive):
    texts = pages_text(org_client.get(url("printing:pdf_table_cards", drive, "?tables=9")))
    assert len(texts) == 9
    assert "9" in texts[8].split()


def test_table_cards_before_the_start_count_half_the_pairs(org_client, club, organizer):
    d = make_drive(club, organizer)
    add_pairs(d, organizer, 11)
    texts = pages_text(org_client.get(url("printing:pdf_table_cards", d)))
    assert len(texts) == 6


def test_table_cards_use_the_site_base_address(org_client, drive, settings, club):
    settings.SITE_BASE_URL = "http://hall.local:8000"
    text = pages_text(org_client.get(url("printing:pdf_table_cards", drive, "?tables=1")))[0]
    token = TableLink.objects.get(club=club, table=1).token
    assert f"http://hall.local:8000/t/{token}/" in text.replace("\n", "")


def test_the_seating_list_before_the_start_is_refused(org_client, club, organizer):
    d = make_drive(club, organizer)
    add_pairs(d, organizer, 4)
    r = org_client.get(url("printing:pdf_seating", d))
    assert r.status_code == 409
    assert "start the drive first" in r.content.decode()


def test_the_seating_list_shows_the_current_game(org_client, drive):
    texts = pages_text(org_client.get(url("printing:pdf_seating", drive)))
    joined = "\n".join(texts)
    assert "Game 2 of 25" in joined
    assert "sits out" in joined  # 7 pairs: one sits out


def test_the_paper_pack_has_a_sheet_for_every_game_left(org_client, drive):
    texts = pages_text(org_client.get(url("printing:pdf_paper_pack", drive)))
    joined = "\n".join(texts)
    for game in range(2, 26):
        assert f"Game {game}: result sheet" in joined
    assert "Game 1: result sheet" not in joined
    assert "Standings" in texts[0]


def test_punch_card_queries_do_not_grow_with_pairs(org_client, club, organizer):
    counts = []
    for n in (20, 120):
        d = make_drive(club, organizer, name=f"Drive {n}")
        add_pairs(d, organizer, n)
        with CaptureQueriesContext(connection) as ctx:
            r = org_client.get(url("printing:pdf_punch_cards", d))
        assert r.status_code == 200
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1]
    assert len(pages_text(r)) == 15


@pytest.mark.parametrize(
    "name", ["printing:pdf_standings", "printing:pdf_seating", "printing:pdf_final_cards"]
)
def test_other_downloads_queries_do_not_grow_with_pairs(org_client, club, organizer, name):
    counts = []
    for n in (10, 40):
        d = make_drive(club, organizer, name=f"Drive {n}", games=3)
        add_pairs(d, organizer, n)
        d = services.drive_start(drive=d, actor=organizer, now=NOW, seed=1, alongside=True)
        play_game(d, organizer)
        with CaptureQueriesContext(connection) as ctx:
            assert org_client.get(url(name, d)).status_code == 200
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1]


def test_a4_clubs_get_a4_pages(org_client, drive, club):
    club.paper_size = Club.PaperSize.A4
    club.save()
    r = org_client.get(url("printing:pdf_punch_cards", drive))
    box = PdfReader(io.BytesIO(r.content)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)
    r = org_client.get(url("printing:pdf_standings", drive))
    box = PdfReader(io.BytesIO(r.content)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)


def test_letter_is_the_default(org_client, drive):
    r = org_client.get(url("printing:pdf_prize_report", drive))
    box = PdfReader(io.BytesIO(r.content)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


# ---------------------------------------------------------------- final cards and prizes


@pytest.fixture
def finished(club, organizer):
    """6 pairs, 3 games played to the end, prizes with a cookie jar and a 50/50."""
    d = make_drive(club, organizer, games=3)
    services.pair_add(
        drive=d, actor=organizer, now=NOW, player1="Łukasz Żółć", player2="Ó Súilleabháin"
    )
    add_pairs(d, organizer, 5)
    for p in d.pairs.all():
        services.pair_set_paid(pair=p, actor=organizer, now=NOW, paid=True)
    money.prize_settings_save(
        drive=d,
        values={
            "entry_fee": 1000,
            "ace_low": True,
            "booby": True,
            "booby_cents": 500,
            "booby_item": "",
            "booby_excludes_late_or_early": True,
            "jar": True,
            "jar_games": 2,
            "jar_price": 200,
            "jackpot": False,
            "jackpot_threshold": 20,
            "jackpot_cents": 0,
            "fifty_fifty": True,
            "travelling": False,
            "travelling_item": "",
            "door_prizes": 0,
        },
        places={1: (3000, ""), 2: (2000, ""), 3: (None, "a turkey")},
        actor=organizer,
        now=NOW,
    )
    for p in d.pairs.all()[:3]:
        jar.jar_opt_in(pair=p, actor=organizer, now=NOW)
    d = services.drive_start(drive=d, actor=organizer, now=NOW, seed=5)
    for game in (1, 2, 3):
        play_game(d, organizer, pick=game)
        if game < 3:
            services.game_advance(drive=d, from_game=game, actor=organizer, now=NOW)
    d = services.drive_finish(drive=d, from_game=3, actor=organizer, now=NOW)
    jar.jar_draw(drive=d, seed=3, actor=organizer, now=NOW)
    side.fifty_fifty_draw(
        drive=d, ranges=[(1, 100)], takings_cents=10000, seed=4, actor=organizer, now=NOW
    )
    return d


def test_the_prize_report_pdf_has_what_the_page_has(org_client, finished):
    page = org_client.get(reverse("prizes:report", args=[finished.pk])).content.decode()
    text = "\n".join(pages_text(org_client.get(url("printing:pdf_prize_report", finished))))
    flat = " ".join(text.split())
    for heading in ("Places", "Cookie jar", "Side prizes", "50/50 draw", "Cash summary"):
        assert heading in flat
    # Every amount on the page is on paper too.
    for amount in set(re.findall(r"\$[\d,]+\.\d\d", page)):
        assert amount in flat, amount
    for g in ties.prize_groups(finished).places:
        assert g.label in flat
    assert "Organizer's signature" in flat
    assert "Takings" in flat and "Paid out" in flat


def test_the_prize_report_shows_how_a_tie_was_settled(org_client, finished, organizer):
    tied = [g for g in ties.prize_groups(finished).places if g.is_tie]
    assert tied, "the fixture's night has a tie to settle"
    group = tied[0]
    before = " ".join(
        "\n".join(pages_text(org_client.get(url("printing:pdf_prize_report", finished)))).split()
    )
    assert "Tie: not settled yet." in before
    ties.decision_record(
        drive=finished,
        prize=group.prize,
        cut="digital",
        seed=9,
        actor=organizer,
        now=NOW,
    )
    how = ties.prize_groups(finished).get(group.prize).how
    after = " ".join(
        "\n".join(pages_text(org_client.get(url("printing:pdf_prize_report", finished)))).split()
    )
    assert " ".join(how.split()) in after


def test_final_cards_show_totals_and_prizes(org_client, finished):
    texts = pages_text(org_client.get(url("printing:pdf_final_cards", finished)))
    flat = " ".join("\n".join(texts).split())
    assert "Łukasz Żółć" in flat
    for g in ties.prize_groups(finished).places:
        if g.is_awarded:
            assert g.label in flat
    for row in queries.standings(finished):
        assert f"Won: {row.won}" in flat


# ---------------------------------------------------------------- the Print page


def test_the_print_page_lists_every_document(org_client, drive):
    r = org_client.get(reverse("printing:print", args=[drive.pk]))
    assert r.status_code == 200
    html = r.content.decode()
    for name in DOWNLOADS:
        assert reverse(name, args=[drive.pk]) in html
    assert 'class="tab on"' in html and ">Print</a>" in html
    assert html.count('class="btn primary big"') >= 8


def test_the_print_page_for_htmx_is_just_the_content(org_client, drive):
    r = org_client.get(reverse("printing:print", args=[drive.pk]), **HTMX)
    assert r.status_code == 200
    html = r.content.decode()
    assert "<html" not in html
    assert "Punch cards" in html


def test_a_scorer_sees_the_print_page(scorer_client, drive):
    assert scorer_client.get(reverse("printing:print", args=[drive.pk])).status_code == 200


def test_the_seating_waits_for_the_start_on_the_print_page(org_client, club, organizer):
    d = make_drive(club, organizer)
    html = org_client.get(reverse("printing:print", args=[d.pk])).content.decode()
    assert reverse("printing:pdf_seating", args=[d.pk]) not in html
    assert "once the drive has started" in html


def test_the_print_tab_is_on_every_drive_page(org_client, drive):
    html = org_client.get(reverse("board:drive_standings", args=[drive.pk])).content.decode()
    assert reverse("printing:print", args=[drive.pk]) in html


def test_the_standings_page_offers_the_sheet(org_client, drive):
    html = org_client.get(reverse("board:drive_standings", args=[drive.pk])).content.decode()
    assert reverse("printing:pdf_standings", args=[drive.pk]) in html


def test_the_prize_report_page_offers_the_pdf(org_client, finished):
    html = org_client.get(reverse("prizes:report", args=[finished.pk])).content.decode()
    assert reverse("printing:pdf_prize_report", args=[finished.pk]) in html


def test_the_club_paper_size_is_set_with_the_cash_unit(org_client, drive, club):
    r = org_client.post(
        reverse("prizes:prize_settings", args=[drive.pk]),
        {"form": "cash_unit", "cash_unit": "5", "paper_size": "a4"},
    )
    assert r.status_code == 302
    club.refresh_from_db()
    assert club.paper_size == "a4"
    assert AuditEntry.objects.filter(club=club, action="club_paper_size").count() == 1
    r = org_client.get(url("printing:pdf_standings", drive))
    box = PdfReader(io.BytesIO(r.content)).pages[0].mediabox
    assert round(float(box.width)) == 595


def test_a_bad_paper_size_is_refused(org_client, drive, club):
    r = org_client.post(
        reverse("prizes:prize_settings", args=[drive.pk]),
        {"form": "cash_unit", "cash_unit": "5", "paper_size": "tabloid"},
    )
    assert r.status_code == 400
    club.refresh_from_db()
    assert club.paper_size == "letter"


@pytest.mark.parametrize("name", [n for n in DOWNLOADS if n != "printing:pdf_seating"])
def test_every_other_download_works_before_the_start(org_client, club, organizer, name):
    d = make_drive(club, organizer)
    add_pairs(d, organizer, 5)
    r = org_client.get(url(name, d, QUERY.get(name, "")))
    assert r.status_code == 200
    assert r["Content-Type"] == "application/pdf"


def test_the_paper_pack_before_the_start_has_blank_sheets_for_every_game(
    org_client, club, organizer
):
    d = make_drive(club, organizer, games=3)
    add_pairs(d, organizer, 5)
    text = "\n".join(pages_text(org_client.get(url("printing:pdf_paper_pack", d))))
    assert "The drive has not started." in text
    for game in (1, 2, 3):
        assert f"Game {game}: result sheet" in text
    assert "find your table" not in text


def test_the_paper_pack_of_a_finished_night_has_no_sheets_left(org_client, finished):
    text = "\n".join(pages_text(org_client.get(url("printing:pdf_paper_pack", finished))))
    assert "Final, after 3 games." in text
    assert "result sheet" not in text


def test_the_generated_time_is_in_the_local_time_zone(drive, settings):
    from printing.pdf import data

    settings.TIME_ZONE = "America/Halifax"
    info = data.doc_info(drive, now=NOW)  # 19:00 UTC is 15:00 in Halifax in November
    assert info.generated_at == "Nov. 29, 2026, 3 p.m."
    assert info.date_text == "Nov. 29, 2026"
    assert (info.drive_name, info.club_name, info.paper) == (
        "Friday 45s",
        "St. Joseph's Parish Hall",
        "letter",
    )


def test_punch_cards_print_each_pairs_code_when_the_drive_confirms_by_code(
    org_client, drive, organizer
):
    plain = "".join(pages_text(org_client.get(url("printing:pdf_punch_cards", drive))))
    codes = dict(drive.pairs.values_list("number", "code"))
    assert not any(code in plain for code in codes.values())
    services.drive_screens_set(drive=drive, actor=organizer, now=NOW, confirm_by_code=True)
    drive.refresh_from_db()
    texts = pages_text(org_client.get(url("printing:pdf_punch_cards", drive)))
    flat = "".join(texts)
    for code in codes.values():
        assert f"Code {code}" in flat


# ---------------------------------------------------------------- a pair's own page


def qr_texts(pdf: bytes, tmp_path) -> list[str]:
    """The QR codes a PDF's first page prints, read back at 150 dpi."""
    import shutil
    import subprocess

    import zxingcpp
    from PIL import Image

    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm is not installed")
    (tmp_path / "cards.pdf").write_bytes(pdf)
    subprocess.run(
        ["pdftoppm", "-r", "150", "-png", "-singlefile", "-f", "1", "cards.pdf", "cards"],
        cwd=tmp_path,
        check=True,
    )
    return sorted(b.text for b in zxingcpp.read_barcodes(Image.open(tmp_path / "cards.png")))


def test_each_punch_card_opens_its_own_pairs_page(org_client, drive, settings, tmp_path):
    settings.SITE_BASE_URL = "http://192.168.1.20:8000"
    r = org_client.get(url("printing:pdf_punch_cards", drive))
    assert r.status_code == 200
    want = sorted(f"http://192.168.1.20:8000/c/{p.card_token}/" for p in drive.pairs.all())
    assert qr_texts(r.content, tmp_path) == want
    assert "Your card on your\n phone" in pages_text(r)[0]  # on two lines


def test_one_pairs_card_again_after_a_new_card_link(org_client, drive, organizer, tmp_path):
    pair = services.pair_card_renew(pair=drive.pairs.get(number=4), actor=organizer, now=NOW)
    r = org_client.get(url("printing:pdf_punch_cards", drive, "?pair=4"))
    assert r.status_code == 200
    assert "punch-card-4.pdf" in r["Content-Disposition"]
    [text] = pages_text(r)
    assert pair.player1 in text and "Súilleabháin" not in text  # pair 1 is not printed
    assert [t.rsplit("/c/", 1)[1] for t in qr_texts(r.content, tmp_path)] == [f"{pair.card_token}/"]


@pytest.mark.parametrize(("query", "status"), [("?pair=99", 404), ("?pair=x", 400)])
def test_a_pair_the_drive_has_not_is_refused_on_the_print_page(org_client, drive, query, status):
    r = org_client.get(url("printing:pdf_punch_cards", drive, query))
    assert r.status_code == status
    assert r["Content-Type"].startswith("text/html")
    assert 'id="doc-pair-card"' in r.content.decode()


def test_the_print_page_offers_one_pairs_card(org_client, drive):
    page = org_client.get(url("printing:print", drive)).content.decode()
    assert "One pair's punch card" in page
    assert f'action="{url("printing:pdf_punch_cards", drive)}"' in page
