"""A whole drive as JSON and back (exchange/document/, exchange/views/drive_file.py)."""

from __future__ import annotations

import copy
import datetime as dt
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import override_settings
from django.urls import reverse

from clubs.interface import DriveError
from clubs.models import AuditEntry
from drives import queries, services
from drives.models import Drive, TableGame
from exchange import document as exchange
from prizes.models import Decision, JarDraw
from prizes.services import ties
from tests.builders import HTMX, NOW, add_pairs, make_club, make_drive, make_user
from tests.builders.exchange import (
    advance,
    finish_game,
    finished_night,
    night_at_game_7,
)
from tests.builders.roles import state

pytestmark = pytest.mark.django_db

IMPORTED_AT = NOW + dt.timedelta(days=1)  # the file is brought back after the night


@pytest.fixture
def scorer(club):
    return make_user(club, username="night-scorer", role="scorer")


@pytest.fixture
def night(club, organizer, scorer):
    return night_at_game_7(club, organizer, scorer)


@pytest.fixture(scope="module")
def night_doc(django_db_setup, django_db_blocker):
    """The night's export, made once (and rolled back): the refusal tests change copies."""
    fast = override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])
    with django_db_blocker.unblock(), fast, transaction.atomic():
        club = make_club()
        organizer = make_user(club)
        scorer = make_user(club, username="night-scorer", role="scorer")
        doc = exchange.drive_export(night_at_game_7(club, organizer, scorer))
        transaction.set_rollback(True)
    return doc


@pytest.fixture
def other_club(db):
    club = make_club("Legion Branch 12")
    return club, make_user(club, username="legion-organizer")


def through_a_file(document: dict) -> dict:
    """The document as it is read back from a downloaded file."""
    return exchange.read_document(json.dumps(document, ensure_ascii=False).encode())


def imported(document, club, actor, filename="drive-2026-11-29-friday-45s.json") -> Drive:
    return exchange.drive_import(
        club=club,
        document=through_a_file(document),
        actor=actor,
        now=IMPORTED_AT,
        filename=filename,
    )


def assert_same_night(first: dict, second: dict) -> None:
    """Two exports are the same night: equal apart from the club, and the import's own
    audit entry at the end of the second."""
    a, b = copy.deepcopy(first), copy.deepcopy(second)
    a.pop("club")
    b.pop("club")
    last = b["audit"].pop()
    assert last["action"] == "drive_import"
    assert last["summary"] == "Drive imported from drive-2026-11-29-friday-45s.json"
    for key in a:
        assert a[key] == b[key], key
    assert a == b


# ------------------------------------------------------------------ round trip


def test_a_running_night_comes_back_the_same(night, club, organizer):
    doc = exchange.drive_export(night)
    assert doc["format"] == "card-drive/drive" and doc["version"] == 1
    # The night has what the test claims: the export holds each kind of record.
    games = doc["games"]
    tables = [t for g in games for t in g["tables"]]
    statuses = {t["result"]["status"] for t in tables}
    assert {"confirmed", "sitout", "reported", "pending"} <= statuses
    assert any(t["hands"] for t in tables)
    kinds = {s["kind"] for t in tables for s in t["submissions"]}
    assert {"report", "confirm", "front"} <= kinds
    actions = {e["action"] for e in doc["audit"]}
    assert {"result_conflict", "result_settle", "pair_arrive", "result_correct"} <= actions
    assert {"result_undo", "hand_add", "table_confirm"} <= actions
    assert [p["number"] for p in doc["pairs"] if p["arrived_game"] == 4] == [10]
    assert doc["prizes"]["jar_entries"] and doc["prizes"]["places"]

    copy_ = imported(doc, club, organizer)
    assert copy_.club == club and copy_.pk != night.pk
    assert_same_night(doc, exchange.drive_export(copy_))


def test_the_undo_in_the_file_still_names_the_result_it_took_back(night, other_club):
    doc = exchange.drive_export(night)
    [undo] = [e for e in doc["audit"] if e["action"] == "result_undo"]
    assert doc["audit"][undo["undoes"]]["action"] == "result_record"
    copy_ = imported(doc, *other_club)
    entry = AuditEntry.objects.get(drive=copy_, action="result_undo")
    undone = AuditEntry.objects.get(pk=entry.new["undoes"])
    assert undone.drive == copy_ and undone.action == "result_record"


def test_an_imported_running_night_plays_on_like_the_original(night, organizer, other_club):
    club, someone = other_club
    copy_ = imported(exchange.drive_export(night), club, someone)
    assert [(r.pair.number, r.won) for r in queries.standings(copy_)] == [
        (r.pair.number, r.won) for r in queries.standings(night)
    ]
    for drive, actor in ((night, organizer), (copy_, someone)):
        finish_game(drive, actor)
        advance(drive, actor)
    assert services.seating_of(copy_, 8) and [
        (t.number, t.pairs) for t in services.seating_in_pair_numbers(copy_, 8)
    ] == [(t.number, t.pairs) for t in services.seating_in_pair_numbers(night, 8)]


def test_a_finished_night_with_its_prizes_comes_back_the_same(night, club, organizer):
    drive = finished_night(night, organizer)
    doc = exchange.drive_export(drive)
    assert doc["drive"]["status"] == "finished" and doc["drive"]["games"] == 7
    assert [d["status"] for d in doc["prizes"]["decisions"]] == ["decided"]
    assert doc["prizes"]["jar_draw"]["numbers"]
    assert {s["kind"] for s in doc["prizes"]["side_draws"]} == {"fifty_fifty", "travelling"}
    copy_ = imported(doc, club, organizer)
    assert_same_night(doc, exchange.drive_export(copy_))
    # The prizes stand as they did: the tie decided the same way, the jar paid the same.
    assert [(g.prize, g.winners) for g in ties.prize_groups(copy_).all] == [
        (g.prize, g.winners) for g in ties.prize_groups(drive).all
    ]
    assert JarDraw.objects.get(drive=copy_).winners == JarDraw.objects.get(drive=drive).winners


def test_a_drive_still_registering_comes_back_the_same(club, organizer):
    drive = make_drive(club, organizer)
    add_pairs(drive, organizer, 4)
    doc = exchange.drive_export(drive)
    assert doc["games"] == [] and doc["drive"]["current_game"] == 0
    copy_ = imported(doc, club, organizer)
    assert copy_.is_setup and copy_.pairs.count() == 4
    assert_same_night(doc, exchange.drive_export(copy_))


def test_people_are_matched_by_username_and_unknown_ones_become_nobody(night, club, organizer):
    doc = exchange.drive_export(night)
    for e in doc["audit"]:
        if e["actor"] == "night-scorer":
            e["actor"] = "gone-away"
    copy_ = imported(doc, club, organizer)
    actors = set(AuditEntry.objects.filter(drive=copy_).values_list("actor__username", flat=True))
    assert "night-scorer" not in actors and None in actors and "organizer" in actors
    entry = AuditEntry.objects.get(drive=copy_, action="drive_import")
    assert entry.new["unknown_users"] == ["gone-away"]


def test_people_of_another_club_are_not_matched_even_with_the_same_username(night, other_club):
    club, someone = other_club
    doc = exchange.drive_export(night)
    copy_ = imported(doc, club, someone)
    members_of_night = {"organizer", "night-scorer"}
    named = set(AuditEntry.objects.filter(drive=copy_).values_list("actor__username", flat=True))
    assert named == {None, "legion-organizer"}  # only the import itself is theirs
    assert not TableGame.objects.filter(drive=copy_, entered_by__isnull=False).exists()
    entry = AuditEntry.objects.get(drive=copy_, action="drive_import")
    assert members_of_night <= set(entry.new["unknown_users"])


def test_the_import_is_named_in_one_audit_entry(night, other_club):
    doc = exchange.drive_export(night)
    club, someone = other_club
    copy_ = imported(doc, club, someone, filename="C:\\Users\\hall\\Downloads\\friday.json")
    [entry] = AuditEntry.objects.filter(drive=copy_, action="drive_import")
    assert entry.summary == "Drive imported from friday.json"
    assert entry.club == club and entry.at == IMPORTED_AT
    assert AuditEntry.objects.filter(drive=copy_).count() == len(doc["audit"]) + 1


def test_the_file_name_is_the_date_and_the_drive_name(club, organizer):
    drive = make_drive(club, organizer, name="Friday 45s!")
    assert exchange.file_name(drive) == "drive-2026-11-29-friday-45s.json"


# ------------------------------------------------------------------ refusals


def _first_two_pair_table(doc):
    return next(t for g in doc["games"] for t in g["tables"] if len(t["seats"]) == 2)


def _sitout(doc):
    return next(t for g in doc["games"] for t in g["tables"] if len(t["seats"]) == 1)


def _set(path, value):
    def change(doc):
        *parents, last = path
        target = doc
        for key in parents:
            target = target[key]
        target[last] = value

    return change


def _delete(*path):
    def change(doc):
        *parents, last = path
        target = doc
        for key in parents:
            target = target[key]
        del target[last]

    return change


BAD = {
    "wrong format": (_set(["format"], "something-else"), "format"),
    "newer version": (_set(["version"], 2), "version 1; the file is version 2"),
    "version as text": (_set(["version"], "1"), "version"),
    "version as a fraction": (_set(["version"], 1.0), "the file is version 1.0"),
    "no pairs": (_delete("pairs"), "pairs is missing"),
    "unknown field": (_set(["drive", "colour"], "red"), "unknown field colour"),
    "pair number as text": (_set(["pairs", 0, "number"], "1"), "pairs[0].number"),
    "pair number twice": (_set(["pairs", 1, "number"], 1), "pair 1 is in the list twice"),
    "blank name": (_set(["pairs", 0, "player1"], "  "), "pairs[0].player1: must not be blank"),
    "long name": (_set(["pairs", 0, "player2"], "x" * 61), "longer than 60"),
    "unknown game": (_set(["drive", "game"], "bridge"), "drive.game"),
    "current game past the last": (_set(["drive", "current_game"], 11), "drive.current_game"),
    "games missing": (lambda d: d["games"].pop(), "must hold games 1 to 7"),
    "games out of order": (lambda d: d["games"].reverse(), "games[0].game"),
    "seat of an unknown pair": (
        lambda d: _first_two_pair_table(d)["seats"][0].update(pair=77),
        "pair 77 is not registered in this drive",
    ),
    "a pair at two tables": (
        lambda d: d["games"][0]["tables"][1]["seats"][0].update(
            pair=d["games"][0]["tables"][0]["seats"][0]["pair"]
        ),
        "sits at two tables in game 1",
    ),
    "a table twice": (
        lambda d: d["games"][0]["tables"][1].update(table=d["games"][0]["tables"][0]["table"]),
        "has table 1 twice",
    ),
    "winner not at the table": (
        lambda d: _first_two_pair_table(d)["result"].update(
            winner=next(
                p["number"]
                for p in d["pairs"]
                if p["number"] not in {s["pair"] for s in _first_two_pair_table(d)["seats"]}
            )
        ),
        "did not sit there",
    ),
    "counted with no winner": (
        lambda d: _first_two_pair_table(d)["result"].update(winner=None),
        "but has no winner",
    ),
    "a played game left open": (
        lambda d: _first_two_pair_table(d)["result"].update(status="pending", winner=None),
        "has no counted result, but game 1 is over",
    ),
    "a sit-out with two pairs": (
        lambda d: _first_two_pair_table(d)["result"].update(status="sitout"),
        "a sit-out table seats one pair",
    ),
    "deals first but sits elsewhere": (
        lambda d: _sitout(d).update(deal_first=_first_two_pair_table(d)["seats"][0]["pair"]),
        "deals first",
    ),
    "two pairs in one seat": (
        lambda d: _first_two_pair_table(d)["seats"][1].update(slot=1),
        "two pairs in one seat",
    ),
    "time with no zone": (
        lambda d: d["audit"][0].update(at="2026-11-29T19:00:00"),
        "audit[0].at: must say its time zone",
    ),
    "not a time": (lambda d: d["audit"][0].update(at="tonight"), "audit[0].at"),
    "undo of a later entry": (
        lambda d: next(e for e in d["audit"] if "undoes" in e).update(undoes=len(d["audit"])),
        "an undo must name an earlier entry",
    ),
    "hands numbered with a gap": (
        lambda d: next(t for g in d["games"] for t in g["tables"] if t["hands"])["hands"][
            -1
        ].update(number=9),
        "numbered 1, 2, 3",
    ),
    "submission key twice": (
        lambda d: [
            s.update(key="same-key-twice")
            for g in d["games"]
            for t in g["tables"]
            for s in t["submissions"]
        ],
        "two submissions have the key same-key-twice",
    ),
    "jar entry of an unknown pair": (
        lambda d: d["prizes"]["jar_entries"][0].update(pair=55),
        "pair 55 is not registered",
    ),
    "a decision while the night runs": (
        lambda d: d["prizes"]["decisions"].append(
            {
                "prize": "place-1",
                "pairs": [1, 2],
                "status": "decided",
                "method": "cut",
                "winners": [1],
                "detail": {},
                "history": [],
                "decided_at": None,
                "decided_by": None,
            }
        ),
        "only once the drive is finished",
    ),
    "a place beyond the prize places": (
        lambda d: d["prizes"]["places"].append({"place": 4, "cents": 500, "item": ""}),
        "the drive has 3 prize places",
    ),
    "money and an item for a place": (
        lambda d: d["prizes"]["places"][0].update(item="a ham"),
        "money or an item",
    ),
    "cents below zero": (
        _set(["prizes", "settings", "entry_fee"], -5),
        "prizes.settings.entry_fee",
    ),
    "an option no game has": (
        _set(["drive", "game_options"], {"tablecloth": "plaid"}),
        "drive.game_options: unknown option tablecloth",
    ),
    "options the rules refuse": (
        lambda d: d["drive"].update(game="auction_45", game_options={"no_hold_under_20": True}),
        "needs the option dealer may hold",
    ),
    "free JSON with a float that JSON has no word for": (
        lambda d: d["audit"][0].update(new={"x": float("inf")}),
        "audit[0].new",
    ),
}


@pytest.mark.parametrize("case", BAD)
def test_a_bad_document_is_refused_saying_what_is_wrong_and_writes_nothing(
    night_doc, other_club, case
):
    change, words = BAD[case]
    doc = copy.deepcopy(night_doc)
    change(doc)
    before = state()
    with pytest.raises(DriveError) as e:
        exchange.drive_import(club=other_club[0], document=doc, actor=other_club[1], now=NOW)
    assert e.value.status == 400
    assert words in e.value.message, e.value.message
    assert "Nothing was imported" in e.value.message
    assert state() == before


def test_a_finished_nights_jar_draw_must_name_pairs_in_the_jar(night, organizer, other_club):
    doc = exchange.drive_export(finished_night(night, organizer))
    outsider = next(
        p["number"]
        for p in doc["pairs"]
        if p["number"] not in {e["pair"] for e in doc["prizes"]["jar_entries"]}
    )
    doc["prizes"]["jar_draw"]["winners"] = [outsider]
    before = state()
    with pytest.raises(DriveError, match=f"pair {outsider} is not among"):
        exchange.drive_import(club=other_club[0], document=doc, actor=other_club[1], now=NOW)
    assert state() == before


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"\xff\xfe not text", "not text (UTF-8)"),
        (b"{'format': 1}", "The file is not JSON"),
        (b"[1, 2, 3]", "not a drive export from Card Drive"),
        (b'{"format": "card-drive/drive", "x": NaN}', "The file is not JSON"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deep"),
        (b" " * (exchange.MAX_BYTES + 1), "too big"),
    ],
)
def test_a_file_that_is_not_a_drive_export_is_refused_plainly(content, words):
    with pytest.raises(DriveError, match=words.replace("(", r"\(").replace(")", r"\)")) as e:
        exchange.read_document(content)
    assert e.value.status == 400


def test_a_byte_order_mark_from_a_windows_editor_is_fine(night_doc):
    doc = night_doc
    assert exchange.read_document(b"\xef\xbb\xbf" + json.dumps(doc).encode()) == doc


# ------------------------------------------------------------------ views


def export_url(drive):
    return reverse("exchange:drive_export", args=[drive.pk])


IMPORT_URL = reverse("exchange:drive_import")


def upload(content: bytes, name="drive-2026-11-29-friday-45s.json"):
    return {"file": SimpleUploadedFile(name, content, content_type="application/json")}


def goes_to_login(response) -> bool:
    return response.status_code == 302 and response.url.startswith(reverse("login"))


def test_the_export_is_a_json_attachment_named_after_the_date_and_drive(org_client, night):
    r = org_client.get(export_url(night))
    assert r.status_code == 200
    assert r["Content-Type"] == "application/json; charset=utf-8"
    assert r["Content-Disposition"] == 'attachment; filename="drive-2026-11-29-friday-45s.json"'
    doc = json.loads(r.content.decode())
    assert doc == exchange.drive_export(night)
    assert "Ó Súilleabháin" in r.content.decode()  # accents kept as they are


def test_the_export_answers_only_a_get(org_client, night):
    assert org_client.post(export_url(night)).status_code == 405


def test_the_export_is_for_the_clubs_organizers_only(
    night, other_club_client, scorer_client, anon_client
):
    assert other_club_client.get(export_url(night)).status_code == 404
    assert scorer_client.get(export_url(night)).status_code == 403
    assert goes_to_login(anon_client.get(export_url(night)))


def test_the_import_page_shows_a_file_field(org_client):
    r = org_client.get(IMPORT_URL)
    assert r.status_code == 200
    html = r.content.decode()
    assert 'type="file"' in html and 'enctype="multipart/form-data"' in html
    assert "<html" in html


def test_the_import_page_for_htmx_is_the_content_region_only(org_client):
    r = org_client.get(IMPORT_URL, **HTMX)
    assert r.status_code == 200
    html = r.content.decode()
    assert 'id="content"' in html and "<html" not in html and 'type="file"' in html


def test_an_uploaded_drive_becomes_a_new_drive_of_the_club(client, night, other_club):
    content = json.dumps(exchange.drive_export(night)).encode()
    club, someone = other_club
    client.force_login(someone)
    r = client.post(IMPORT_URL, upload(content))
    new = Drive.objects.filter(club=club).get()
    assert r.status_code == 302 and r.url == reverse("drives:drive_detail", args=[new.pk])
    assert (new.status, new.current_game, new.pairs.count()) == ("running", 7, 10)
    entry = AuditEntry.objects.get(drive=new, action="drive_import")
    assert entry.summary == "Drive imported from drive-2026-11-29-friday-45s.json"
    assert entry.source == "front: import a drive"
    page = client.get(r.url)
    assert "imported as a new drive of your club" in page.content.decode()


def test_an_htmx_upload_is_sent_on_to_the_new_drive(org_client, club, night):
    content = json.dumps(exchange.drive_export(night)).encode()
    r = org_client.post(IMPORT_URL, upload(content), **HTMX)
    new = Drive.objects.filter(club=club).exclude(pk=night.pk).get()
    assert r.status_code == 200
    assert r["HX-Redirect"] == reverse("drives:drive_detail", args=[new.pk])


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"this is not json", "The file is not JSON"),
        (b'{"format": "a-spreadsheet"}', "not a drive export from Card Drive"),
        (b" " * (exchange.MAX_BYTES + 1), "The file is too big"),
    ],
)
def test_an_upload_that_is_not_a_drive_is_a_clear_400_and_writes_nothing(
    org_client, content, words
):
    before = state()
    r = org_client.post(IMPORT_URL, upload(content))
    assert r.status_code == 400
    assert words in r.content.decode()
    assert state() == before


def test_an_upload_with_a_bad_reference_says_which_and_writes_nothing(org_client, night_doc):
    doc = copy.deepcopy(night_doc)
    doc["prizes"]["jar_entries"][0]["pair"] = 55
    before = state()
    r = org_client.post(IMPORT_URL, upload(json.dumps(doc).encode()))
    assert r.status_code == 400
    assert "pair 55 is not registered in this drive" in r.content.decode()
    assert state() == before


def test_an_upload_refused_under_htmx_is_the_form_again_with_the_reason(org_client):
    r = org_client.post(IMPORT_URL, upload(b"nope"), **HTMX)
    assert r.status_code == 400
    html = r.content.decode()
    assert "The file is not JSON" in html and "<html" not in html


def test_a_post_with_no_file_is_a_400(org_client):
    before = state()
    r = org_client.post(IMPORT_URL, {})
    assert r.status_code == 400
    assert state() == before


def test_the_import_answers_get_and_post_only(org_client):
    assert org_client.put(IMPORT_URL).status_code == 405
    assert org_client.delete(IMPORT_URL).status_code == 405


def test_a_scorer_cannot_import_and_anonymous_is_sent_to_log_in(scorer_client, anon_client, night):
    content = json.dumps(exchange.drive_export(night)).encode()
    before = state()
    assert scorer_client.get(IMPORT_URL).status_code == 403
    assert scorer_client.post(IMPORT_URL, upload(content)).status_code == 403
    assert goes_to_login(anon_client.post(IMPORT_URL, upload(content)))
    assert state() == before


def test_another_clubs_organizer_imports_into_their_own_club(other_club_client, club, night):
    content = json.dumps(exchange.drive_export(night)).encode()
    r = other_club_client.post(IMPORT_URL, upload(content))
    assert r.status_code == 302
    assert Drive.objects.filter(club=club).count() == 1
    assert Drive.objects.exclude(club=club).filter(name="Friday 45s").count() == 1


def test_the_buttons_are_shown_to_organizers_only(org_client, scorer_client, night):
    assert IMPORT_URL in org_client.get(reverse("drives:drive_list")).content.decode()
    assert IMPORT_URL not in scorer_client.get(reverse("drives:drive_list")).content.decode()
    detail = reverse("drives:drive_detail", args=[night.pk])
    assert export_url(night) in org_client.get(detail).content.decode()
    assert export_url(night) not in scorer_client.get(detail).content.decode()


def test_a_drive_made_by_import_keeps_counting_decisions_by_number(night, organizer, other_club):
    """The tie decision names pairs by number, so it stands for the same pairs."""
    drive = finished_night(night, organizer)
    copy_ = imported(exchange.drive_export(drive), *other_club)
    [a] = Decision.objects.filter(drive=drive)
    [b] = Decision.objects.filter(drive=copy_)
    assert (a.prize, a.pairs, a.winners, a.method) == (b.prize, b.pairs, b.winners, b.method)


# ------------------------------------------------------------------ pair codes


def test_the_pairs_keep_the_codes_printed_on_their_punch_cards(night, other_club):
    night.confirm_by_code, night.confirm_by_number = True, False
    night.save(update_fields=["confirm_by_code", "confirm_by_number"])
    doc = exchange.drive_export(night)
    assert doc["drive"]["confirm_by_code"] is True
    codes = {p.number: p.code for p in night.pairs.all()}
    assert {p["number"]: p["code"] for p in doc["pairs"]} == codes
    copy_ = imported(doc, *other_club)
    assert copy_.confirm_by_code and not copy_.confirm_by_number
    assert {p.number: p.code for p in copy_.pairs.all()} == codes


def test_a_file_without_codes_still_reads_and_its_pairs_get_new_ones(night, other_club):
    doc = exchange.drive_export(night)
    doc["drive"].pop("confirm_by_code")
    for p in doc["pairs"][:3]:
        p.pop("code")
    copy_ = imported(doc, *other_club)
    kept = {p["number"]: p["code"] for p in doc["pairs"][3:]}
    pairs = {p.number: p.code for p in copy_.pairs.all()}
    assert {n: pairs[n] for n in kept} == kept
    new = [pairs[p["number"]] for p in doc["pairs"][:3]]
    assert len(set(new) | set(kept.values())) == len(pairs)
    assert not copy_.confirm_by_code


@pytest.mark.parametrize(
    "change, words",
    [
        (_set(["pairs", 0, "code"], "ABCD"), "pairs[0].code: must be 4 capital letters"),
        (_set(["pairs", 0, "code"], 1234), "pairs[0].code: must be 4 capital letters"),
        (_set(["pairs", 0, "code"], "hkmt"), "pairs[0].code: must be 4 capital letters"),
        (
            lambda d: d["pairs"][1].update(code=d["pairs"][0]["code"]),
            "is in the list twice",
        ),
        (
            lambda d: d["drive"].update(confirm_by_code=True, confirm_by_number=True),
            "not both",
        ),
    ],
)
def test_a_bad_pair_code_is_refused_saying_what_is_wrong(night, other_club, change, words):
    doc = exchange.drive_export(night)
    change(doc)
    before = state()
    with pytest.raises(DriveError) as refused:
        imported(doc, *other_club)
    assert words in refused.value.message
    assert refused.value.status == 400
    assert state() == before


# --- The register's people ------------------------------------------------------------


def test_a_file_carries_each_pairs_people_by_their_register_names(night):
    from drives.models import Pair

    pair = night.pairs.get(number=1)
    Pair.objects.filter(pk=pair.pk).update(person2=None)  # one name with no one behind it
    doc = exchange.drive_export(night)
    first = next(p for p in doc["pairs"] if p["number"] == 1)
    assert first["person1"] == pair.person1.name and first["person2"] is None
    assert all("phone" not in p and "email" not in p for p in doc["pairs"])


def test_an_import_finds_the_clubs_players_or_adds_them_and_says_which(client, night, other_club):
    from clubs.interface import Player
    from tests.builders.players import make_player

    club, someone = other_club
    doc = exchange.drive_export(night)
    one = doc["pairs"][0]
    # The other club knows the first pair's first player, written without accents.
    known = make_player(club, one["person1"].upper())
    client.force_login(someone)
    r = client.post(IMPORT_URL, upload(json.dumps(doc).encode()))
    new = Drive.objects.filter(club=club).get()
    pair = new.pairs.get(number=one["number"])
    assert pair.person1 == known
    assert Player.objects.filter(club=club).count() == 2 * len(doc["pairs"])
    entry = AuditEntry.objects.get(drive=new, action="drive_import")
    assert entry.new["players_found"] == [known.name]
    assert len(entry.new["players_added"]) == 2 * len(doc["pairs"]) - 1
    page = client.get(r.url).content.decode()
    assert f"Players: 1 found in the register, {2 * len(doc['pairs']) - 1} added to it" in page


def test_an_old_file_without_people_matches_the_pairs_names(night, other_club):
    from tests.builders.players import make_player

    club, someone = other_club
    doc = exchange.drive_export(night)
    for p in doc["pairs"]:
        p.pop("person1")
        p.pop("person2")
    name = doc["pairs"][1]["player2"]
    known = make_player(club, name)
    copy_ = imported(doc, club, someone)
    assert copy_.pairs.get(number=doc["pairs"][1]["number"]).person2 == known
    assert all(p.person1_id and p.person2_id for p in copy_.pairs.all())


def test_one_person_is_never_linked_to_two_places_in_an_import(night, other_club):
    from tests.builders.players import make_player

    club, someone = other_club
    doc = exchange.drive_export(night)
    for p in doc["pairs"][:2]:
        p["person1"] = "Mary MacNeil"
    mary = make_player(club, "Mary MacNeil")
    copy_ = imported(doc, club, someone)
    linked = [p.person1_id for p in copy_.pairs.order_by("number")[:2]]
    assert linked[0] == mary.pk and linked[1] not in (None, mary.pk)


@pytest.mark.parametrize("value", [5, "", "\u202e", "x" * 61, ["Mary"]])
def test_a_person_that_is_not_a_name_is_refused_and_nothing_written(night, other_club, value):
    club, someone = other_club
    doc = exchange.drive_export(night)
    doc["pairs"][0]["person1"] = value
    before = state()
    with pytest.raises(DriveError) as e:
        imported(doc, club, someone)
    assert "pairs[0].person1" in e.value.message
    assert state() == before
