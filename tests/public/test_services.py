"""The public page's writers: everything off until the club says so, one audit entry a
change, nothing written for no change or a refusal."""

from __future__ import annotations

import pytest

from clubs.interface import DriveError
from clubs.models import AuditEntry
from public import services
from public.models import PublicDrive, PublicLeague, PublicPage, PublicSeries
from tests.builders import NOW, make_club, make_drive, make_user
from tests.builders.leagues import make_league
from tests.builders.public import public_page, show
from tests.builders.series import make_series

pytestmark = pytest.mark.django_db


def audits(action: str) -> list[AuditEntry]:
    return list(AuditEntry.objects.filter(action=action).order_by("pk"))


def test_a_club_has_no_public_page_until_it_turns_one_on(club):
    assert not PublicPage.objects.exists()
    assert not PublicDrive.objects.exists()


def test_the_page_is_set_with_its_address_and_audited(club, organizer):
    page = public_page(club, organizer, slug="st-josephs", histories=True)
    assert (page.slug, page.on, page.histories) == ("st-josephs", True, True)
    (entry,) = audits("public_page_set")
    assert entry.club_id == club.pk and entry.actor_id == organizer.pk and entry.at == NOW
    assert entry.summary == "Public page on at /p/st-josephs/"
    assert entry.old is None
    assert entry.new == {"slug": "st-josephs", "on": True, "histories": True}


def test_turning_it_off_keeps_the_address_and_says_what_it_was(club, organizer):
    public_page(club, organizer, slug="st-josephs")
    page = public_page(club, organizer, slug="st-josephs", on=False)
    assert not page.on and PublicPage.objects.get().slug == "st-josephs"
    last = audits("public_page_set")[-1]
    assert last.summary == "Public page off"
    assert last.old["on"] is True and last.new["on"] is False


def test_the_same_settings_again_write_nothing(club, organizer):
    public_page(club, organizer)
    public_page(club, organizer)
    assert len(audits("public_page_set")) == 1


@pytest.mark.parametrize("slug", ["", "ab", "St Joseph", "-hall", "hall-", "é-hall", "a" * 41])
def test_an_address_that_is_not_plain_is_refused(club, organizer, slug):
    with pytest.raises(DriveError) as e:
        public_page(club, organizer, slug=slug)
    assert "small letters, digits and dashes" in e.value.message
    assert not PublicPage.objects.exists() and not audits("public_page_set")


def test_an_address_is_cleaned_of_spaces_and_capitals(club, organizer):
    assert public_page(club, organizer, slug="  St-Josephs ").slug == "st-josephs"


def test_another_clubs_address_is_refused_and_nothing_written(club, organizer):
    public_page(club, organizer, slug="st-josephs")
    other = make_club("Legion Branch 12")
    with pytest.raises(DriveError) as e:
        public_page(other, make_user(other, username="legion"), slug="st-josephs")
    assert e.value.status == 409 and "st-josephs" in e.value.message
    assert PublicPage.objects.count() == 1 and len(audits("public_page_set")) == 1


def test_the_address_suggested_comes_from_the_clubs_name(club):
    assert services.slug_suggested(club) == "st-josephs-parish-hall"


def test_a_drive_is_shown_and_taken_off_with_an_entry_each(club, organizer):
    drive = make_drive(club, organizer)
    assert show(drive, organizer) is True
    assert show(drive, organizer) is False  # twice is once
    assert PublicDrive.objects.get().drive_id == drive.pk
    assert show(drive, organizer, shown=False) is True
    assert not PublicDrive.objects.exists()
    shown, hidden = audits("public_drive_show"), audits("public_drive_hide")
    assert len(shown) == len(hidden) == 1
    assert shown[0].drive_id == drive.pk
    assert shown[0].summary == "Shown on the public page: Friday 45s"
    assert hidden[0].summary == "Taken off the public page: Friday 45s"


def test_a_series_and_a_league_are_shown_and_taken_off(club, organizer):
    series = make_series(club, organizer)
    league = make_league(club, organizer)
    assert show(series, organizer) and show(league, organizer)
    assert PublicSeries.objects.get().series_id == series.pk
    assert PublicLeague.objects.get().league_id == league.pk
    assert show(series, organizer, shown=False) and show(league, organizer, shown=False)
    assert not PublicSeries.objects.exists() and not PublicLeague.objects.exists()
    actions = AuditEntry.objects.filter(action__startswith="public_").order_by("pk")
    actions = list(actions.values_list("action", flat=True))
    assert actions == [
        "public_series_show",
        "public_league_show",
        "public_series_hide",
        "public_league_hide",
    ]


@pytest.mark.parametrize("slug", ["Legion", "", "-legion", "legion-", "le gion", "le/gion"])
def test_the_database_refuses_an_address_that_is_not_plain(club, slug):
    """The service checks the whole shape; the database holds what it can without REGEXP
    (which SQLite's own check of a snapshot or a backup, outside Django, does not have)."""
    from django.db import IntegrityError, transaction

    with pytest.raises(IntegrityError), transaction.atomic():
        PublicPage.objects.create(club=club, slug=slug, changed_at=NOW)
