"""The series' writers: one transaction and one audit entry each, refusals in plain words."""

import pytest

from clubs.interface import DriveError
from clubs.models import AuditEntry
from seasons import services
from seasons.models import Series, SeriesNight
from tests.builders import NOW, make_club, make_drive, make_user
from tests.builders.series import make_series


def entries(action):
    return list(AuditEntry.objects.filter(action=action))


def test_create_writes_the_series_and_one_entry(club, organizer):
    s = make_series(
        club, organizer, counts="points", points=[10, 8, 6], best_nights=3, min_nights=2
    )
    assert (s.counts, s.points, s.best_nights, s.min_nights, s.by) == (
        "points",
        [10, 8, 6],
        3,
        2,
        "players",
    )
    (entry,) = entries("series_create")
    assert entry.summary == "Series created: Fall 45s 2026"
    assert entry.new["points"] == [10, 8, 6]


def test_update_changes_the_rules_with_one_entry_and_nothing_for_no_change(club, organizer):
    s = make_series(club, organizer)
    services.series_update(series=s, actor=organizer, now=NOW, best_nights=4, by="pairs")
    services.series_update(series=s, actor=organizer, now=NOW, best_nights=4, by="pairs")
    s.refresh_from_db()
    assert (s.best_nights, s.by) == (4, "pairs")
    (entry,) = entries("series_update")
    assert (entry.old["best_nights"], entry.new["best_nights"]) == (None, 4)


@pytest.mark.parametrize(
    "rules, words",
    [
        ({"counts": "points", "points": []}, "points for first place"),
        ({"counts": "points", "points": [6, 8]}, "more points than the place above"),
        ({"points": [10, -1]}, "from 0 to 1000"),
        ({"best_nights": 0}, "from 1 to 200"),
        ({"min_nights": 0}, "from 1 to 200"),
        ({"counts": "hands"}, "games won or points"),
        ({"by": "tables"}, "players or pairs"),
        ({"name": "   "}, "blank"),
        ({"points": list(range(30, 0, -1))}, "at most 20 places"),
    ],
)
def test_rules_that_cannot_be_are_refused_and_nothing_written(club, organizer, rules, words):
    values = {"name": "Winter 45s", **rules}
    with pytest.raises(DriveError, match=words):
        services.series_create(club=club, actor=organizer, now=NOW, **values)
    assert not Series.objects.exists()
    assert not entries("series_create")


def test_a_name_twice_in_one_club_is_refused(club, organizer):
    make_series(club, organizer)
    with pytest.raises(DriveError, match="already has a series") as e:
        make_series(club, organizer)
    assert e.value.status == 409
    other = make_club("Legion")
    make_series(other, make_user(other, "legion-organizer"))
    assert Series.objects.count() == 2


def test_night_add_and_remove_each_one_entry_the_drive_kept(club, organizer):
    s = make_series(club, organizer)
    drive = make_drive(club, organizer)
    services.night_add(series=s, drive=drive, actor=organizer, now=NOW)
    assert list(SeriesNight.objects.values_list("drive_id", flat=True)) == [drive.pk]
    (added,) = entries("series_night_add")
    assert added.drive_id == drive.pk
    assert added.summary == "Drive added to the series Fall 45s 2026"
    services.night_remove(series=s, drive=drive, actor=organizer, now=NOW)
    assert not SeriesNight.objects.exists()
    (removed,) = entries("series_night_remove")
    assert removed.old == {"series": s.pk, "drive": drive.pk}
    drive.refresh_from_db()  # the drive stays
    with pytest.raises(DriveError, match="not a night of this series"):
        services.night_remove(series=s, drive=drive, actor=organizer, now=NOW)


def test_a_drive_is_a_night_of_one_series_at_most(club, organizer):
    fall = make_series(club, organizer)
    winter = make_series(club, organizer, name="Winter 45s 2027")
    drive = make_drive(club, organizer)
    services.night_add(series=fall, drive=drive, actor=organizer, now=NOW)
    with pytest.raises(DriveError, match="already a night of this series"):
        services.night_add(series=fall, drive=drive, actor=organizer, now=NOW)
    with pytest.raises(DriveError, match="Fall 45s 2026”: remove it there first") as e:
        services.night_add(series=winter, drive=drive, actor=organizer, now=NOW)
    assert e.value.status == 409
    assert len(entries("series_night_add")) == 1


def test_the_database_keeps_one_series_a_drive(club, organizer):
    from django.db import IntegrityError, transaction

    fall = make_series(club, organizer)
    winter = make_series(club, organizer, name="Winter")
    drive = make_drive(club, organizer)
    SeriesNight.objects.create(series=fall, drive=drive, added_at=NOW)
    with pytest.raises(IntegrityError), transaction.atomic():
        SeriesNight.objects.create(series=winter, drive=drive, added_at=NOW)


def test_another_clubs_drive_is_refused(club, organizer):
    s = make_series(club, organizer)
    other = make_club("Legion")
    drive = make_drive(other, make_user(other, "legion-organizer"))
    with pytest.raises(DriveError) as e:
        services.night_add(series=s, drive=drive, actor=organizer, now=NOW)
    assert e.value.status == 404
    assert not SeriesNight.objects.exists()


def test_a_drive_made_in_a_series_is_its_night_from_the_start(club, organizer):
    import datetime as dt

    s = make_series(club, organizer)
    drive = services.drive_create_in_series(
        series=s, actor=organizer, now=NOW, name="Friday 45s", date=dt.date(2026, 11, 6)
    )
    assert SeriesNight.objects.get().drive == drive
    assert [e.action for e in AuditEntry.objects.filter(drive=drive).order_by("id")] == [
        "drive_create",
        "series_night_add",
    ]


def test_a_drive_refused_in_a_series_leaves_nothing(club, organizer):
    import datetime as dt

    s = make_series(club, organizer)
    with pytest.raises(DriveError):
        services.drive_create_in_series(
            series=s,
            actor=organizer,
            now=NOW,
            name="Friday",
            date=dt.date(2026, 11, 6),
            confirm_by_number=True,
            confirm_by_code=True,
        )
    assert not SeriesNight.objects.exists()
    assert not AuditEntry.objects.filter(action__in=["drive_create", "series_night_add"]).exists()
