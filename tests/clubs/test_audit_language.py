"""The audit trail reads in its reader's language, whatever language the device that wrote
an entry used: each entry keeps its summary in English (the record's plain text, for search
and the file export) and what the summary was made of (AuditEntry.words, scoring.words),
said again on the audit page and in its CSV in the reader's language.

The French catalog is being written while these tests are: a French reading is a gettext
that marks what it translated ("FR:" + msgid), never a translation from the catalog."""

from __future__ import annotations

import copy
import json

import pytest
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse
from django.utils import translation

from clubs.interface import DriveError, Origin, audit_row, club_paper_size_set, record_audit
from clubs.models import AuditEntry
from drives import services, sql
from drives.models import TableGame
from exchange import document as exchange
from exchange.document.check import WORDS_MAX
from scoring import speak
from scoring.words import from_json, gettext_noop, to_json
from tests.builders import NOW, make_club, make_drive, make_user, play_game, started_drive
from tests.builders.exchange import finished_night, night_at_game_7

pytestmark = pytest.mark.django_db

FRENCH = {settings.LANGUAGE_COOKIE_NAME: "fr"}


@pytest.fixture(autouse=True)
def _english_after():
    # A request in French leaves French active in the test's thread (LocaleMiddleware).
    yield
    translation.activate(settings.LANGUAGE_CODE)


def marked(text: str) -> str:
    return "FR:" + text if text else text


@pytest.fixture
def french_reader(monkeypatch):
    """scoring.speak's gettext answers "FR:" + msgid, as the French catalog would answer
    with a French sentence; so does its ngettext (for the plurals)."""
    monkeypatch.setattr(speak, "gettext", marked)
    monkeypatch.setattr(speak, "ngettext", lambda one, many, n: marked(one if n == 1 else many))


@pytest.fixture
def french_everywhere(monkeypatch):
    """Every gettext of Django answers "FR:" + msgid: a summary translated as it is written
    shows it."""
    trans = translation._trans
    monkeypatch.setattr(trans, "gettext", marked)
    monkeypatch.setattr(trans, "ngettext", lambda one, many, n: marked(one if n == 1 else many))


def french(client):
    client.cookies.load(FRENCH)
    return client


def audit_page(client, drive) -> str:
    r = client.get(reverse("drives:audit", args=[drive.pk]))
    assert r.status_code == 200
    return r.content.decode()


def latest(drive, action: str) -> AuditEntry:
    return AuditEntry.objects.filter(drive=drive, action=action).latest("id")


def pair_added_in_french(club, organizer):
    drive = make_drive(club, organizer)
    with translation.override("fr"):
        services.pair_add(drive=drive, actor=organizer, now=NOW, player1="Marie", player2="Jean")
    return drive, latest(drive, "pair_add")


# --- Written in one language, read in another ---------------------------------------------


def test_an_entry_written_in_french_is_english_in_its_summary_and_on_an_english_page(
    org_client, club, organizer
):
    drive, entry = pair_added_in_french(club, organizer)
    assert entry.summary == "Pair 1 added: Marie & Jean"
    assert entry.words == {
        "msgid": "Pair %(n)d added: %(names)s",
        "style": "%",
        "params": {"n": 1, "names": "Marie & Jean"},
    }
    assert "Pair 1 added: Marie &amp; Jean" in audit_page(org_client, drive)


def test_an_entrys_words_say_its_summary_again(club, organizer):
    _drive, entry = pair_added_in_french(club, organizer)
    said = from_json(entry.words)
    assert str(said) == entry.summary
    assert to_json(said) == entry.words
    entry.refresh_from_db()  # through the database's JSON and back
    assert str(from_json(entry.words)) == entry.summary


def test_a_french_reader_sees_the_entry_in_french(org_client, club, organizer, french_reader):
    drive, entry = pair_added_in_french(club, organizer)
    page = audit_page(french(org_client), drive)
    assert "FR:Pair 1 added: Marie &amp; Jean" in page
    with translation.override("fr"):
        assert entry.text == "FR:Pair 1 added: Marie & Jean"
    assert entry.text == "FR:Pair 1 added: Marie & Jean"  # the fake says it in any language


def test_an_english_reader_sees_english(org_client, club, organizer):
    drive, entry = pair_added_in_french(club, organizer)
    with translation.override("en"):
        assert entry.text == "Pair 1 added: Marie & Jean"


def test_an_entry_from_before_the_words_were_kept_shows_its_summary(
    org_client, club, organizer, french_reader
):
    drive = make_drive(club, organizer)
    old = AuditEntry.objects.create(
        club=club, drive=drive, at=NOW, action="pair_add", summary="Paire 4 ajoutée", words=None
    )
    assert old.text == "Paire 4 ajoutée"
    assert "Paire 4 ajoutée" in audit_page(french(org_client), drive)


def test_a_plural_is_said_by_its_count(org_client, club, organizer, french_reader):
    drive = make_drive(club, organizer)
    services.pairs_bulk_add(drive=drive, actor=organizer, now=NOW, text="A & B\nC & D")
    entry = latest(drive, "pairs_bulk_add")
    services.pairs_bulk_undo(drive=drive, entry_id=entry.pk, actor=organizer, now=NOW)
    undo = latest(drive, "pairs_bulk_undo")
    assert undo.summary == "Paste taken back: 2 pairs removed"
    assert undo.words["plural"] == "Paste taken back: %(n)d pairs removed"
    assert undo.text == "FR:Paste taken back: 2 pairs removed"


def test_a_choices_label_is_kept_as_its_word_not_the_writers_translation(club, organizer):
    with translation.override("fr"):
        club_paper_size_set(club=club, paper_size="a4", actor=organizer, now=NOW)
        club_paper_size_set(club=club, paper_size="letter", actor=organizer, now=NOW)
    entry = AuditEntry.objects.filter(club=club, action="club_paper_size").latest("id")
    assert entry.summary == "Paper size set to Letter"  # "Lettre" in French
    assert entry.words["params"]["paper"] == {"msgid": "Letter"}


def test_the_audit_csv_is_in_the_readers_language(org_client, club, organizer, french_reader):
    drive, _entry = pair_added_in_french(club, organizer)
    r = french(org_client).get(reverse("exchange:csv_audit", args=[drive.pk]))
    assert r.status_code == 200
    assert "FR:Pair 1 added: Marie & Jean" in r.content.decode("utf-8-sig")


# --- The hot path, and an undo that quotes the entry it takes back -----------------------


def test_a_tap_writes_its_words_through_the_plain_sql(club, organizer):
    drive = started_drive(club, organizer, pairs=8)
    tg = TableGame.objects.filter(drive=drive, game=1).order_by("table").first()
    winner = tg.seats.select_related("pair").order_by("slot").first().pair.number
    with translation.override("fr"):
        services.result_record(
            drive=drive, game=1, table=tg.table, winner_number=winner, actor=organizer, now=NOW
        )
    entry = latest(drive, "result_record")
    assert entry.summary == f"Game 1, table {tg.table}: pair {winner} won"
    assert entry.words["msgid"] == "Game %(game)d, table %(table)d: pair %(pair)d won"
    assert str(from_json(entry.words)) == entry.summary


@pytest.mark.parametrize("anonymous", [False, True])
def test_both_writers_of_the_trail_write_the_same_entry_for_the_same_change(
    club, organizer, anonymous
):
    # The ORM's writer (record_audit) and the hot paths' statement (drives.sql.audit_add)
    # both write audit_row's values: same cuts (summary 300, source 120, device 200), same
    # words, an anonymous actor kept as none, JSON states read back alike.
    drive = started_drive(club, organizer, pairs=8)
    actor = AnonymousUser() if anonymous else organizer
    long_name = "Marie-Josée " * 40
    summaries = [
        gettext_noop("Pair %(n)d added: %(names)s") % {"n": 3, "names": long_name},
        "Pair 3 changed by hand " + "x" * 400,
    ]
    origin = Origin(source="front: results " + "s" * 200, device="a tablet " + "d" * 300)
    for summary in summaries:
        change = {
            "now": NOW,
            "action": "result_record",
            "summary": summary,
            "origin": origin,
            "old": None if anonymous else {"winner": None, "status": "pending"},
            "new": {"game": 1, "table": 1, "names": ["Marie", "Jean"]},
        }
        record_audit(club=club, drive=drive, actor=actor, **change)
        sql.audit_add(audit_row(club_id=club.pk, drive_id=drive.pk, actor=actor, **change))
        by_orm, by_sql = AuditEntry.objects.filter(drive=drive).order_by("-id").values()[:2][::-1]
        assert by_orm.pop("id") != by_sql.pop("id")
        assert by_sql == by_orm
        assert len(by_orm["summary"]) == 300
        assert (len(by_orm["source"]), len(by_orm["device"])) == (120, 200)
        assert by_orm["actor_id"] == (None if anonymous else organizer.pk)
    entries = AuditEntry.objects.filter(drive=drive).order_by("-id")[:4]
    assert [e.words is None for e in entries] == [True, True, False, False]


def test_an_undo_quotes_the_entry_it_took_back_in_the_readers_language(
    club, organizer, french_reader
):
    drive = started_drive(club, organizer, pairs=8)
    play_game(drive, organizer)
    with translation.override("fr"):
        services.result_undo(drive=drive, actor=organizer, now=NOW)
    undo = latest(drive, "result_undo")
    assert undo.summary.startswith("Undone: Game 1, table ")
    assert undo.text.startswith("FR:Undone: FR:Game 1, table ")


# --- Every entry of a whole night -------------------------------------------------------


@pytest.fixture
def french_night(club, organizer, french_everywhere):
    scorer = make_user(club, username="night-scorer", role="scorer")
    with translation.override("fr"):
        drive = finished_night(night_at_game_7(club, organizer, scorer), organizer)
    return drive


def test_every_entry_of_a_night_written_in_french_is_english_and_keeps_its_words(french_night):
    entries = list(AuditEntry.objects.filter(drive=french_night))
    assert len(entries) > 40
    for e in entries:
        assert e.words is not None, e.action
        assert "FR:" not in e.summary, (e.action, e.summary)
        assert str(from_json(e.words)) == e.summary, e.action
        with translation.override("fr"):
            assert e.text.startswith("FR:"), (e.action, e.text)
    actions = {e.action for e in entries}
    assert {"prize_decide", "jar_draw", "side_fifty_fifty", "hand_add", "result_undo"} <= actions


# --- The drive's file: export and import --------------------------------------------------


@pytest.fixture
def other_club(db):
    club = make_club("Legion Branch 12")
    return club, make_user(club, username="legion-organizer")


def small_doc(club, organizer) -> dict:
    drive = started_drive(club, organizer, pairs=8)
    play_game(drive, organizer)
    return exchange.drive_export(drive)


def test_the_words_go_out_in_the_file_and_come_back(club, organizer, other_club):
    doc = small_doc(club, organizer)
    assert all(e["words"] for e in doc["audit"])
    copy_ = exchange.drive_import(
        club=other_club[0], document=doc, actor=other_club[1], now=NOW, filename="x.json"
    )
    again = exchange.drive_export(copy_)
    assert [e["words"] for e in again["audit"][:-1]] == [e["words"] for e in doc["audit"]]
    assert again["audit"][-1]["words"]["msgid"] == "Drive imported from %(file)s"


def test_a_file_from_before_the_words_were_kept_still_comes_in(club, organizer, other_club):
    doc = small_doc(club, organizer)
    for e in doc["audit"]:
        del e["words"]
    drive = exchange.drive_import(club=other_club[0], document=doc, actor=other_club[1], now=NOW)
    entries = AuditEntry.objects.filter(drive=drive).exclude(action="drive_import")
    assert entries.count() == len(doc["audit"])
    assert all(e.words is None and e.text == e.summary for e in entries)


def _doubling(depth: int) -> dict:
    node: dict = {"msgid": "x", "style": "%", "params": {}}
    for _ in range(depth):
        node = {"msgid": "%(a)s%(a)s", "style": "%", "params": {"a": node}}
    return node


BAD_WORDS = {
    "text": ("Pair 1 added", "must be an object or null"),
    "a list": (["Pair 1 added"], "must be an object or null"),
    "no msgid": ({"style": "%", "params": {}}, "msgid is missing"),
    "a blank msgid": ({"msgid": ""}, "must not be blank"),
    "an unknown field": ({"msgid": "x", "colour": "red"}, "unknown field colour"),
    "an unknown style": ({"msgid": "x", "style": "$", "params": {}}, "must be one of"),
    "an attribute in a placeholder": (
        {"msgid": "{a.__class__}", "style": "{}", "params": {"a": "x"}},
        "holds a placeholder Card Drive does not write",
    ),
    "a width that runs away": (
        {"msgid": "%(a)999999999s", "style": "%", "params": {"a": "x"}},
        "holds a placeholder Card Drive does not write",
    ),
    "a sentence that doubles itself": (_doubling(15), f"says more than {WORDS_MAX} characters"),
    "a list as a value": (
        {"msgid": "%(a)s", "style": "%", "params": {"a": [1, 2]}},
        "must be text, a number or a sentence",
    ),
}


@pytest.mark.parametrize("case", BAD_WORDS)
def test_a_file_with_bad_words_is_refused_saying_where(club, organizer, other_club, case):
    value, words = BAD_WORDS[case]
    doc = copy.deepcopy(small_doc(club, organizer))
    doc["audit"][0]["words"] = value
    with pytest.raises(DriveError) as e:
        exchange.drive_import(club=other_club[0], document=doc, actor=other_club[1], now=NOW)
    assert e.value.status == 400
    assert "audit[0].words" in e.value.message
    assert words in e.value.message, e.value.message


def test_an_uploaded_file_with_bad_words_is_a_400_with_its_reason(client, club, organizer):
    doc = small_doc(club, organizer)
    doc["audit"][0]["words"] = {"msgid": "{a.__init__.__globals__}", "style": "{}"}
    client.force_login(organizer)
    upload = {"file": _file(json.dumps(doc).encode())}
    r = client.post(reverse("exchange:drive_import"), upload)
    assert r.status_code == 400
    page = r.content.decode()
    assert "audit[0].words.msgid" in page and "Nothing was imported" in page


def _file(content: bytes):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("drive.json", content, content_type="application/json")


def test_makemessages_finds_the_plural_summaries():
    # xgettext knows gettext_noop but not ngettext_noop: the project's makemessages adds it.
    from django.core.management import get_commands, load_command_class

    command = load_command_class(get_commands()["makemessages"], "makemessages")
    assert "--keyword=ngettext_noop:1,2" in command.xgettext_options
