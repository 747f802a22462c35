"""What the site administrator reads: every club with its use, in one statement."""

from __future__ import annotations

from django.db.models import Count, IntegerField, Max, OuterRef, Subquery
from django.db.models.functions import Coalesce

from clubs.models import Club, Membership, Player
from drives.models import Drive


def _count(queryset) -> Coalesce:
    """A scalar subquery: how many rows of `queryset` are the outer club's."""
    counted = queryset.filter(club=OuterRef("pk")).order_by().values("club")
    return Coalesce(
        Subquery(counted.annotate(n=Count("pk")).values("n")[:1], output_field=IntegerField()),
        0,
    )


def clubs_in_use():
    """Every club by name with its use: drives (demo drives too), players in its register
    (neither merged nor removed), members, and the date of its last night (the newest drive
    that was played, running or finished; None before the first). One statement, whatever
    the number of clubs: each figure is a subquery on an index of the club."""
    played = (
        Drive.objects.filter(club=OuterRef("pk"))
        .exclude(status=Drive.Status.SETUP)
        .order_by()
        .values("club")
        .annotate(last=Max("date"))
        .values("last")[:1]
    )
    return Club.objects.order_by("name", "pk").annotate(
        drive_count=_count(Drive.objects.all()),
        player_count=_count(Player.objects.filter(merged_into=None, removed_at=None)),
        member_count=_count(Membership.objects.all()),
        last_night=Subquery(played),
    )


def club_of(club_id: int) -> Club | None:
    return Club.objects.filter(pk=club_id).first()
