"""A series of a club's drives (a season, "Fall 45s 2026") with its own rules of standing.

The standings are never stored: they are computed when read from the nights' results
(seasons.queries over the pure seasons.standings), so a result entered or corrected on a
night changes the series at once. Services in seasons/services/ are the only writers.

A drive is a night of at most one series (SeriesNight's unique drive): the board and the
night's pages name "the drive's series", and a night counted twice would need rules of
its own.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from drives.models import Drive, cents_field

# The longest points table an organizer may set (points for 1st, 2nd, ... place).
MAX_POINT_PLACES = 20
MAX_POINTS = 1000
# The most nights a rule of a series may name (best N, nights to qualify).
MAX_NIGHTS = 200


class Series(models.Model):
    class Counts(models.TextChoices):
        GAMES = "games", _("Games won each night")
        POINTS = "points", _("Points by place each night")

    class By(models.TextChoices):
        PLAYERS = "players", _("Each player")
        PAIRS = "pairs", _("Each pair")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="series")
    name = models.CharField(_("name"), max_length=120)
    counts = models.CharField(
        _("what counts"), max_length=8, choices=Counts.choices, default=Counts.GAMES
    )
    # Points for 1st, 2nd, 3rd... place of a night (places by score level); a place past
    # the list scores 0. Used when counts is "points".
    points = models.JSONField(_("points by place"), default=list, blank=True)
    # None: every night counts; N: each person's best N nights.
    best_nights = models.PositiveSmallIntegerField(_("nights that count"), null=True, blank=True)
    min_nights = models.PositiveSmallIntegerField(_("nights to qualify"), default=1)
    by = models.CharField(_("standings of"), max_length=8, choices=By.choices, default=By.PLAYERS)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("series")
        verbose_name_plural = _("series")
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="series_name_unique_in_club"),
            models.CheckConstraint(condition=~Q(name=""), name="series_name_not_blank"),
            models.CheckConstraint(
                condition=Q(counts__in=["games", "points"]), name="series_counts_known"
            ),
            models.CheckConstraint(
                condition=Q(by__in=["players", "pairs"]), name="series_by_known"
            ),
            models.CheckConstraint(
                condition=Q(best_nights__isnull=True) | Q(best_nights__gte=1),
                name="series_best_nights_positive",
            ),
            models.CheckConstraint(
                condition=Q(min_nights__gte=1), name="series_min_nights_positive"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class SeriesNight(models.Model):
    """A drive counted as a night of a series."""

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="nights")
    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="series_nights")
    added_at = models.DateTimeField()

    class Meta:
        ordering = ["drive__date", "drive_id"]
        constraints = [
            models.UniqueConstraint(fields=["drive"], name="seriesnight_one_series_per_drive"),
            models.UniqueConstraint(fields=["series", "drive"], name="seriesnight_once_per_series"),
        ]

    def __str__(self) -> str:
        return f"{self.drive} in {self.series}"


class SeriesPrize(models.Model):
    """What a place of the series' standings wins (1st, 2nd, ...): money or a described item,
    as a night's PlacePrize. The series has as many prize places as it has rows."""

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="prizes")
    place = models.PositiveSmallIntegerField()
    cents = cents_field(_("amount"), null=True, blank=True, default=None)
    item = models.CharField(_("or an item"), max_length=120, blank=True)

    class Meta:
        ordering = ["place"]
        constraints = [
            models.UniqueConstraint(fields=["series", "place"], name="seriesprize_once_per_place"),
            models.CheckConstraint(condition=Q(place__gte=1), name="seriesprize_place_positive"),
            models.CheckConstraint(
                condition=Q(cents__isnull=False, item="") | Q(cents__isnull=True) & ~Q(item=""),
                name="seriesprize_money_or_item",
            ),
        ]

    def __str__(self) -> str:
        return f"place {self.place} of {self.series}"


class SeriesDecision(models.Model):
    """How a tie for a place of the series was settled, kept step by step as a night's
    prizes.models.Decision is: one row per place; `people` the tied entries' keys in the
    tie's order (the rules number them 1, 2, ... in that order), `winners` their numbers.
    While open, `detail` holds the ticks, cut rounds and play-off games saved so far."""

    class Method(models.TextChoices):
        PLAYOFF = "playoff", _("Play-off")
        SPLIT = "split", _("Split")
        CUT = "cut", _("Cut for low card")

    class Status(models.TextChoices):
        OPEN = "open", _("To settle")
        DECIDED = "decided", _("Decided")

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="decisions")
    place = models.PositiveSmallIntegerField()
    people = models.JSONField(default=list)  # [[key, ...], ...]: each tied entry's key
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.OPEN)
    method = models.CharField(max_length=12, choices=Method.choices, blank=True)
    winners = models.JSONField(default=list)  # the tie's numbers: one, or all for a split
    detail = models.JSONField(default=dict)
    history = models.JSONField(default=list)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["place"]
        constraints = [
            models.UniqueConstraint(
                fields=["series", "place"], name="seriesdecision_once_per_place"
            ),
            models.CheckConstraint(
                condition=Q(status="open", method="") | Q(status="decided") & ~Q(method=""),
                name="seriesdecision_method_when_decided",
            ),
        ]

    def __str__(self) -> str:
        return f"place {self.place} of {self.series}: {self.status}"
