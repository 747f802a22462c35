"""A club's public page (no login) and what it shows: the page itself with its address
(`PublicPage.slug`, /p/<slug>/) and the players' histories, each a club's choice; and,
one row each, a drive, a series or a league the club shows on it. Nothing is shown until
the club says so: no row, nothing public. The writers are public/services.py."""

from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from drives.models import Drive
from leagues.models import League
from seasons.models import Series

SLUG_MIN = 3
SLUG_MAX = 40


class PublicPage(models.Model):
    club = models.OneToOneField(Club, on_delete=models.CASCADE, related_name="public_page")
    # The page's address: /p/<slug>/ (lower-case letters, digits and dashes).
    slug = models.SlugField(_("address"), max_length=SLUG_MAX, unique=True)
    on = models.BooleanField(_("public page on"), default=False)
    # A player's own history of the public nights, on a page of its own.
    histories = models.BooleanField(_("players' histories shown"), default=False)
    changed_at = models.DateTimeField()

    class Meta:
        # The whole shape (letters, digits, dashes) is the service's; the database holds
        # what it can without a REGEXP function, which SQLite's own checks of a snapshot or
        # a backup (PRAGMA quick_check, outside Django) do not have.
        constraints = [
            models.CheckConstraint(
                condition=Q(slug=Lower("slug"))
                & ~Q(slug="")
                & ~Q(slug__startswith="-")
                & ~Q(slug__endswith="-")
                & ~Q(slug__contains=" ")
                & ~Q(slug__contains="/"),
                name="public_page_slug_plain",
            ),
        ]

    def __str__(self) -> str:
        return self.slug


class PublicDrive(models.Model):
    """A drive shown on its club's public page: upcoming, then its results once finished."""

    drive = models.OneToOneField(Drive, on_delete=models.CASCADE, related_name="+")
    shown_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"drive {self.drive_id}"


class PublicSeries(models.Model):
    """A series whose standings are on its club's public page."""

    series = models.OneToOneField(Series, on_delete=models.CASCADE, related_name="+")
    shown_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"series {self.series_id}"


class PublicLeague(models.Model):
    """A league whose standings are on its club's public page."""

    league = models.OneToOneField(League, on_delete=models.CASCADE, related_name="+")
    shown_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"league {self.league_id}"
