"""A pair's card token opens its own page: it is a secret like a table link's token. No
export (the drive file, the CSV files), no answer of the API and no audit entry carries
one, and a drive file imported gives its pairs new tokens of their own."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from clubs.models import AuditEntry
from drives import services
from drives.models import Drive, Pair
from tests.builders import NOW, play_game, started_drive
from tests.builders.api import Api, key_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(club, organizer):
    drive = started_drive(club, organizer, pairs=8, games=3)
    play_game(drive, organizer)
    services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW)
    services.pair_card_renew(pair=drive.pairs.get(number=3), actor=organizer, now=NOW)
    return drive


def tokens(drive: Drive) -> list[str]:
    return list(drive.pairs.values_list("card_token", flat=True))


def test_no_export_carries_a_card_token(org_client, played):
    answers = [
        org_client.get(reverse(name, args=[played.pk]))
        for name in (
            "exchange:drive_export",
            "exchange:csv_standings",
            "exchange:csv_results",
            "exchange:csv_audit",
        )
    ]
    assert [r.status_code for r in answers] == [200] * 4
    text = "".join(r.content.decode() for r in answers)
    assert "Pair 3 has a new card link" in text  # the audit entry is there, its token is not
    for token in tokens(played):
        assert token not in text


def test_no_api_answer_carries_a_card_token(organizer, played):
    api = Api(key_for(organizer))
    paths = [
        "/api/drives",
        f"/api/drives/{played.pk}/games/1/seating",
        f"/api/drives/{played.pk}/games/2/seating",
        f"/api/drives/{played.pk}/standings",
        f"/api/drives/{played.pk}/prizes",
        "/api/openapi.json",
    ]
    answers = [api.get(p) for p in paths]
    assert [r.status_code for r in answers] == [200] * len(paths)
    text = "".join(r.content.decode() for r in answers)
    assert "card_token" not in text
    for token in tokens(played):
        assert token not in text


def test_no_audit_entry_holds_a_card_token(played):
    entries = "".join(
        f"{e.summary}{e.old}{e.new}{e.words}" for e in AuditEntry.objects.filter(drive=played)
    )
    for token in tokens(played):
        assert token not in entries


def test_an_imported_drive_gives_its_pairs_tokens_of_their_own(org_client, played):
    document = org_client.get(reverse("exchange:drive_export", args=[played.pk])).content
    r = org_client.post(
        reverse("exchange:drive_import"),
        {"file": SimpleUploadedFile("drive.json", document, content_type="application/json")},
    )
    assert r.status_code in (200, 302), r.content[:300]
    copy = Drive.objects.exclude(pk=played.pk).get(name=played.name)
    assert copy.pairs.count() == played.pairs.count()
    assert not set(tokens(copy)) & set(tokens(played))
    assert len(set(tokens(copy))) == copy.pairs.count()
    assert Pair.objects.filter(card_token="").count() == 0
