"""A drive file that names a key twice in one object is refused by name and place, on the
import page and its htmx form, and nothing is imported (Python's json would keep the last
value without a word)."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from clubs.interface import DriveError
from drives.models import Drive
from exchange import document as exchange
from tests.builders import HTMX, add_pairs, make_drive
from tests.builders.roles import state

IMPORT_URL = reverse("exchange:drive_import")


@pytest.fixture
def drive_file(club, organizer):
    drive = make_drive(club, organizer, name="Friday 45s")
    add_pairs(drive, organizer, 4)
    return exchange.drive_export(drive)


def with_a_pair_named_twice(document: dict) -> bytes:
    """The file as exported, where pair 3 says its first player twice (a hand edit)."""
    text = json.dumps(document, ensure_ascii=False)
    pair = json.dumps(document["pairs"][2], ensure_ascii=False)
    assert text.count(pair) == 1
    twice = pair[:-1] + ', "player1": "Somebody Else"}'
    return text.replace(pair, twice).encode()


def upload(content: bytes):
    name = "drive-2026-11-29-friday-45s.json"
    return {"file": SimpleUploadedFile(name, content, content_type="application/json")}


PAIR_TWICE = "The file has the key “player1” twice (in pairs[2]): nothing was imported."


def test_a_key_named_twice_is_refused_saying_which_and_where(drive_file):
    with pytest.raises(DriveError) as e:
        exchange.read_document(with_a_pair_named_twice(drive_file))
    assert e.value.message == PAIR_TWICE
    assert e.value.status == 400


def test_a_key_named_twice_at_the_top_of_the_file_is_refused_by_name(drive_file):
    text = json.dumps(drive_file)
    content = text.replace('"format": ', '"format": "card-drive/drive", "format": ', 1).encode()
    with pytest.raises(DriveError) as e:
        exchange.read_document(content)
    assert e.value.message == "The file has the key “format” twice: nothing was imported."


def test_a_key_named_twice_deep_in_the_file_names_the_path(drive_file):
    content = json.dumps(drive_file).replace(
        '"game_options": {}', '"game_options": {"x": 1, "x": 2}', 1
    )
    assert '"x": 2' in content
    with pytest.raises(DriveError) as e:
        exchange.read_document(content.encode())
    assert e.value.message == (
        "The file has the key “x” twice (in drive.game_options): nothing was imported."
    )


def test_the_same_file_without_the_repeat_is_read(drive_file):
    content = json.dumps(drive_file, ensure_ascii=False).encode()
    assert exchange.read_document(content) == drive_file


def test_the_import_page_refuses_it_with_a_400_and_imports_nothing(org_client, drive_file):
    before, drives = state(), Drive.objects.count()
    r = org_client.post(IMPORT_URL, upload(with_a_pair_named_twice(drive_file)))
    assert r.status_code == 400
    assert PAIR_TWICE in r.content.decode()
    assert state() == before and Drive.objects.count() == drives


def test_the_htmx_import_form_says_it_in_place(org_client, drive_file):
    drives = Drive.objects.count()
    r = org_client.post(IMPORT_URL, upload(with_a_pair_named_twice(drive_file)), **HTMX)
    assert r.status_code == 400
    html = r.content.decode()
    assert PAIR_TWICE in html and "<html" not in html
    assert Drive.objects.count() == drives
