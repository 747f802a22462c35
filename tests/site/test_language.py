"""Choosing the language: the switch on every page (a cookie per device), the club's
language for devices that have not chosen, the drive's language for its printouts, and
money, dates and times as fr-CA writes them."""

from __future__ import annotations

import datetime as dt
import io
import shutil
import subprocess
import sys

import pytest
from django.conf import settings
from django.core.management import call_command
from django.urls import reverse
from django.utils import formats, translation
from pypdf import PdfReader

from clubs.models import AuditEntry, Club
from drives import services
from drives.models import Drive
from prizes.forms import parse_cents
from prizes.templatetags.money import cents
from scripts import check_translations
from tests.builders import HTMX, NOW, make_drive, started_drive

pytestmark = pytest.mark.django_db

COOKIE = settings.LANGUAGE_COOKIE_NAME


def _french_club(club: Club) -> Club:
    club.language = "fr"
    club.save(update_fields=["language"])
    return club


# --- The switch -------------------------------------------------------------------------


def test_every_page_offers_the_other_language(org_client, club, organizer):
    drive = make_drive(club, organizer)
    page = org_client.get(reverse("drives:drive_detail", args=[drive.pk])).content.decode()
    assert 'id="lang-switch"' in page
    assert 'name="language" value="fr"' in page and ">Français</button>" in page
    assert 'value="en"' not in page.split('id="lang-switch"')[1].split("</form>")[0]


def test_the_switch_keeps_the_choice_on_the_device_and_goes_back(org_client, club, organizer):
    drive = make_drive(club, organizer)
    back = reverse("drives:drive_detail", args=[drive.pk])
    r = org_client.post(reverse("set_language"), {"language": "fr", "next": back})
    assert r.status_code == 302 and r["Location"] == back
    assert r.cookies[COOKIE].value == "fr"
    assert r.cookies[COOKIE]["max-age"] == 365 * 24 * 3600
    page = org_client.get(back)
    assert page["Content-Language"] == "fr"
    assert '<html lang="fr">' in page.content.decode()
    assert ">English</button>" in page.content.decode()


def test_the_switch_refuses_a_language_it_does_not_have(org_client):
    r = org_client.post(reverse("set_language"), {"language": "xx", "next": "/drives/"})
    assert COOKIE not in r.cookies


def test_the_switch_never_sends_a_device_to_another_site(org_client):
    r = org_client.post(reverse("set_language"), {"language": "fr", "next": "https://evil.test/"})
    assert "evil" not in r.get("Location", "")


def test_the_table_page_and_the_board_have_the_switch(client, club, organizer):
    drive = started_drive(club, organizer, board_public=True)
    link = services.table_links(club, 2)[0]
    table = client.get(reverse("table:page", args=[link.token])).content.decode()
    assert 'id="lang-switch"' in table
    board = client.get(reverse("board:board", args=[drive.pk])).content.decode()
    assert 'id="lang-switch"' in board


# --- The club's language ----------------------------------------------------------------


def test_a_device_that_has_not_chosen_speaks_the_club_language(org_client, club, organizer):
    _french_club(club)
    drive = make_drive(club, organizer)
    r = org_client.get(reverse("drives:drive_detail", args=[drive.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert r["Content-Language"] == "fr"


def test_a_device_that_chose_keeps_its_choice_over_the_club(org_client, club, organizer):
    _french_club(club)
    drive = make_drive(club, organizer)
    org_client.cookies[COOKIE] = "en"
    r = org_client.get(reverse("drives:drive_detail", args=[drive.pk]))
    assert r["Content-Language"] == "en"


def test_table_phones_and_the_board_speak_the_club_language(client, club, organizer):
    _french_club(club)
    drive = started_drive(club, organizer, board_public=True)
    link = services.table_links(club, 2)[0]
    assert client.get(reverse("table:page", args=[link.token]))["Content-Language"] == "fr"
    assert client.get(reverse("board:board", args=[drive.pk]))["Content-Language"] == "fr"
    client.cookies[COOKIE] = "en"
    assert client.get(reverse("table:page", args=[link.token]))["Content-Language"] == "en"


def test_without_a_club_the_browser_language_is_used(client, db):
    r = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="fr-CA,fr;q=0.9")
    assert r["Content-Language"] == "fr"
    assert client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="en")["Content-Language"] == "en"


def test_the_organizer_sets_the_club_language(org_client, club):
    before = AuditEntry.objects.count()
    r = org_client.post(reverse("club:club_language"), {"language": "fr"})
    assert r.status_code == 302 and r["Location"] == reverse("club:people")
    club.refresh_from_db()
    assert club.language == "fr"
    entry = AuditEntry.objects.get(action="club_language")
    assert AuditEntry.objects.count() == before + 1
    assert entry.old == {"language": "en"} and entry.new == {"language": "fr"}
    # Saved again: nothing changes, nothing is written.
    org_client.post(reverse("club:club_language"), {"language": "fr"})
    assert AuditEntry.objects.count() == before + 1


def test_club_language_htmx_reloads_the_page(org_client, club):
    r = org_client.post(reverse("club:club_language"), {"language": "fr"}, **HTMX)
    assert r.status_code == 200 and r["HX-Redirect"] == reverse("club:people")


def test_club_language_refuses_a_get_a_scorer_and_a_bad_choice(org_client, scorer_client, club):
    assert org_client.get(reverse("club:club_language")).status_code == 405
    assert scorer_client.post(reverse("club:club_language"), {"language": "fr"}).status_code == 403
    r = org_client.post(reverse("club:club_language"), {"language": "de"})
    assert r.status_code == 400
    club.refresh_from_db()
    assert club.language == "en"
    assert not AuditEntry.objects.filter(action="club_language").exists()


def test_club_language_is_only_for_ones_own_club(other_club_client, club):
    r = other_club_client.post(reverse("club:club_language"), {"language": "fr"})
    assert r.status_code == 302
    club.refresh_from_db()
    assert club.language == "en"  # the other organizer changed their own club only
    assert Club.objects.get(name="Legion Branch 12").language == "fr"


def test_people_page_shows_the_club_language_form(org_client, club):
    page = org_client.get(reverse("club:people")).content.decode()
    assert 'id="club-language"' in page
    assert 'value="en" lang="en" class="btn big primary" aria-pressed="true"' in page


# --- The drive's printouts --------------------------------------------------------------


def test_print_language_happy_path_and_audit(org_client, club, organizer):
    drive = started_drive(club, organizer)
    url = reverse("printing:print_language", args=[drive.pk])
    r = org_client.post(url, {"language": "fr"})
    assert r.status_code == 200
    drive.refresh_from_db()
    assert drive.language == "fr" and drive.print_language == "fr"
    assert AuditEntry.objects.filter(drive=drive, action="drive_print_language").count() == 1
    org_client.post(url, {"language": ""})
    drive.refresh_from_db()
    assert drive.language == "" and drive.print_language == "en"


def test_print_language_htmx_answers_the_content(org_client, club, organizer):
    drive = started_drive(club, organizer)
    r = org_client.post(
        reverse("printing:print_language", args=[drive.pk]), {"language": "fr"}, **HTMX
    )
    body = r.content.decode()
    assert r.status_code == 200 and 'id="print-language"' in body and "<html" not in body


def test_print_language_refusals(org_client, scorer_client, other_club_client, club, organizer):
    drive = started_drive(club, organizer)
    url = reverse("printing:print_language", args=[drive.pk])
    assert org_client.get(url).status_code == 405
    assert scorer_client.post(url, {"language": "fr"}).status_code == 403
    assert other_club_client.post(url, {"language": "fr"}).status_code == 404
    assert org_client.post(url, {"language": "de"}).status_code == 400
    drive.refresh_from_db()
    assert drive.language == ""


def _pdf_text(response) -> str:
    content = b"".join(response.streaming_content) if response.streaming else response.content
    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def test_a_french_drive_prints_french_from_an_english_device(org_client, club, organizer):
    drive = started_drive(club, organizer, language="fr")
    org_client.cookies[COOKIE] = "en"
    text = _pdf_text(org_client.get(reverse("printing:pdf_punch_cards", args=[drive.pk])))
    assert "Paire" in text and "Pair 1" not in text
    text = _pdf_text(org_client.get(reverse("printing:pdf_seating", args=[drive.pk])))
    assert "Partie 1" in text
    # The page itself stays in the device's language.
    page = org_client.get(reverse("printing:print", args=[drive.pk]))
    assert page["Content-Language"] == "en"


def test_an_english_drive_of_a_french_club_prints_english(org_client, club, organizer):
    _french_club(club)
    drive = started_drive(club, organizer, language="en")
    org_client.cookies[COOKIE] = "fr"
    text = _pdf_text(org_client.get(reverse("printing:pdf_punch_cards", args=[drive.pk])))
    assert "Pair" in text and "Paire" not in text


def test_the_drive_form_offers_the_printouts_language(org_client, club, organizer):
    page = org_client.get(reverse("drives:drive_create")).content.decode()
    assert 'name="language"' in page


# --- Money, dates, times ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "en", "fr"),
    [
        (500, "$5.00", "5,00\u00a0$"),
        (-500, "-$5.00", "-5,00\u00a0$"),
        (125050, "$1,250.50", "1\u00a0250,50\u00a0$"),
        (5, "$0.05", "0,05\u00a0$"),
        (None, "", ""),
    ],
)
def test_money_in_each_language(value, en, fr):
    with translation.override("en"):
        assert cents(value) == en
    with translation.override("fr"):
        assert cents(value) == fr


@pytest.mark.parametrize("typed", ["12,50 $", "12,50$", "$12.50", "12.5", " 12,5 "])
def test_amounts_typed_the_french_way(typed):
    assert parse_cents(typed) == 1250


def test_dates_and_times_as_fr_ca_writes_them():
    when = dt.datetime(2026, 12, 1, 22, 41)
    with translation.override("fr"):
        assert formats.date_format(when.date(), "DATE_FORMAT") == "1 décembre 2026"
        assert formats.time_format(when.time(), "TIME_FORMAT") == "22 h 41"
        assert formats.time_format(dt.time(9, 5), "TIME_FORMAT") == "9 h 05"
    with translation.override("en"):
        assert formats.date_format(when.date(), "DATE_FORMAT") == "Dec. 1, 2026"


# --- make run's lines -------------------------------------------------------------------


def test_make_run_lines_in_the_terminal_language(monkeypatch, db, var_dir_for_setup):
    monkeypatch.setenv("LANG", "fr_CA.UTF-8")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    out = io.StringIO()
    call_command("setup_site", "--no-demo", "--port", "8000", stdout=out)
    text = out.getvalue()
    assert "Identifiant de l'organisateur" in text or "organisateur" in text.lower()
    assert "Ctrl+C" in text and "Stop it" not in text


def test_make_run_lines_in_english_by_default(monkeypatch, db, var_dir_for_setup):
    monkeypatch.setenv("LANG", "en_CA.UTF-8")
    out = io.StringIO()
    call_command("setup_site", "--no-demo", "--port", "8000", stdout=out)
    assert "Organizer login: organizer" in out.getvalue()
    assert "Stop it with Ctrl+C." in out.getvalue()


@pytest.fixture
def var_dir_for_setup(settings, tmp_path):
    settings.ORGANIZER_PASSWORD_FILE = tmp_path / "organizer-password.txt"
    return tmp_path


# --- The check that keeps the catalog complete ------------------------------------------


def test_the_template_scan_finds_unmarked_text(tmp_path, monkeypatch):
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "x.html").write_text(
        '{% load i18n %}<p>{% translate "Marked" %}</p>\n<p>Not marked</p>\n'
        '<input placeholder="Type here"><b>{{ name }}</b> · 12\n'
        "{# a comment #}{% blocktranslate %}Also {{ x }} marked{% endblocktranslate %}\n"
    )
    monkeypatch.setattr(check_translations, "ROOT", tmp_path)
    found = check_translations.unmarked_templates()
    assert found == [
        "unmarked text in templates/x.html:2: 'Not marked'",
        "unmarked text in templates/x.html:3: 'Type here'",
    ]


def test_the_catalog_entries_are_read_with_their_flags():
    entries = check_translations.catalog_entries(
        'msgid ""\nmsgstr ""\n\n#: a.py:1\n#, fuzzy\nmsgid "One"\nmsgstr "Un"\n\n'
        'msgid "Two"\nmsgstr ""\n\n#~ msgid "Old"\n#~ msgstr "Vieux"\n'
    )
    one, two, old = entries[1:]
    assert (one.msgid, one.msgstr, one.fuzzy, one.where) == ("One", ["Un"], True, "a.py:1")
    assert (two.msgid, two.msgstr, two.fuzzy) == ("Two", [""], False)
    assert old.obsolete


def test_the_french_catalog_is_complete_and_compiled():
    """make test runs the same check; here it also fails the suite when run alone."""
    if shutil.which("xgettext") is None:
        pytest.skip("GNU gettext is not installed (make test says so first)")
    run = subprocess.run(
        [sys.executable, "scripts/check_translations.py"],
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout[-3000:]


def test_an_english_device_sees_no_french_word(org_client, club, organizer):
    drive = started_drive(club, organizer)
    for name in ("drives:drive_detail", "drives:pairs", "printing:print", "board:drive_standings"):
        page = org_client.get(reverse(name, args=[drive.pk])).content.decode()
        for french in ("Paire", "Partie", "Tournoi", "Imprimer", "Déconnexion", "Classement"):
            assert french not in page, (name, french)


def test_a_french_device_sees_the_drive_in_french(org_client, club, organizer):
    drive = started_drive(club, organizer)
    org_client.cookies[COOKIE] = "fr"
    page = org_client.get(reverse("drives:drive_detail", args=[drive.pk])).content.decode()
    assert "Déconnexion" in page or "Se déconnecter" in page
    assert "Log out" not in page


def test_models_keep_the_languages(club, organizer):
    drive = make_drive(club, organizer)
    assert Drive.objects.get(pk=drive.pk).language == ""
    assert Club.objects.get(pk=club.pk).language == "en"


# --- The API's human words --------------------------------------------------------------


def test_the_api_says_its_refusals_in_the_callers_language(club, organizer):
    from django.test import Client

    from accounts.services import tokens as api_tokens

    key = api_tokens.token_create(actor=organizer, name="Scoreboard", now=NOW).key
    api = Client(HTTP_AUTHORIZATION=f"Bearer {key}")
    en = api.get("/api/drives/999999/games/1/seating", HTTP_ACCEPT_LANGUAGE="en")
    fr = api.get("/api/drives/999999/games/1/seating", HTTP_ACCEPT_LANGUAGE="fr-CA")
    assert en.status_code == fr.status_code == 404
    assert en.json()["detail"] != fr.json()["detail"]
    assert "tournoi" in fr.json()["detail"].lower()
