"""Prize records of a drive: settings, decisions on ties, cookie jar and side draws.

Money is integer cents. Every draw keeps its seed so it can be repeated.
Services in prizes/services/ are the only writers. The tables keep the names they had
when these models lived in the scoring app (moved without rebuilding a table).
"""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from drives.models import Drive, Pair

CENTS_MAX = 10_000_000  # $100,000: far above any hall's prize, below any overflow


def cents_field(label, **kw):
    kw.setdefault("default", 0)
    return models.PositiveIntegerField(
        label, validators=[MaxValueValidator(CENTS_MAX)], help_text=_("In cents."), **kw
    )


class PrizeSettings(models.Model):
    """A drive's money and side prizes. Made with its defaults when first needed."""

    drive = models.OneToOneField(Drive, on_delete=models.CASCADE, related_name="prize_settings")
    entry_fee = cents_field(_("entry fee per pair"))
    ace_low = models.BooleanField(_("ace is low when cutting"), default=True)
    booby = models.BooleanField(_("booby prize"), default=True)
    booby_cents = cents_field(_("booby prize (money)"), null=True, blank=True, default=None)
    booby_item = models.CharField(_("booby prize (item)"), max_length=120, blank=True)
    booby_excludes_late_or_early = models.BooleanField(
        _("pairs that came late or left early cannot win the booby"), default=True
    )
    jar = models.BooleanField(_("cookie jar"), default=False)
    jar_games = models.PositiveSmallIntegerField(
        _("cookie jar: games drawn"), default=8, validators=[MinValueValidator(1)]
    )
    jar_price = cents_field(_("cookie jar: price per pair"))
    jackpot = models.BooleanField(_("jackpot"), default=False)
    jackpot_threshold = models.PositiveSmallIntegerField(_("jackpot: games needed"), default=20)
    jackpot_cents = cents_field(_("jackpot: amount"))
    fifty_fifty = models.BooleanField(_("50/50 draw"), default=False)
    travelling = models.BooleanField(_("travelling prize"), default=False)
    travelling_item = models.CharField(_("travelling prize (item)"), max_length=120, blank=True)
    door_prizes = models.PositiveSmallIntegerField(_("door prizes to draw"), default=0)

    class Meta:
        db_table = "scoring_prizesettings"  # kept from before the move: no table rebuilt
        constraints = [
            models.CheckConstraint(condition=Q(jar_games__gte=1), name="prizesettings_jar_games"),
        ]

    def __str__(self) -> str:
        return f"prize settings of {self.drive}"


class PlacePrize(models.Model):
    """What a place (1st, 2nd, ...) wins: money or a described item."""

    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="place_prizes")
    place = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    cents = cents_field(_("amount"), null=True, blank=True, default=None)
    item = models.CharField(_("or an item"), max_length=120, blank=True)

    class Meta:
        db_table = "scoring_placeprize"  # kept from before the move: no table rebuilt
        ordering = ["place"]
        constraints = [
            models.UniqueConstraint(fields=["drive", "place"], name="placeprize_once_per_place"),
            models.CheckConstraint(condition=Q(place__gte=1), name="placeprize_place_positive"),
        ]

    def __str__(self) -> str:
        return f"place {self.place} of {self.drive}"


class Decision(models.Model):
    """How a tie for a prize was settled (place N or the booby).

    One row per prize; reopening keeps the row and its history (in the audit
    trail and in `history`), and deciding again needs a reopened row.
    """

    class Method(models.TextChoices):
        PLAYOFF = "playoff", _("Play-off")
        SPLIT = "split", _("Split")
        CUT = "cut", _("Cut for low card")

    class Status(models.TextChoices):
        OPEN = "open", _("To settle")
        DECIDED = "decided", _("Decided")

    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="decisions")
    prize = models.CharField(max_length=20)  # "place-1", "place-2", ..., "booby"
    pairs = models.JSONField(default=list)  # the tied pair numbers
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.OPEN)
    method = models.CharField(max_length=12, choices=Method.choices, blank=True)
    winners = models.JSONField(default=list)  # one pair, or the pairs sharing a split
    detail = models.JSONField(default=dict)  # requests, agreements, forfeits, cut rounds, seed
    history = models.JSONField(default=list)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        db_table = "scoring_decision"  # kept from before the move: no table rebuilt
        ordering = ["prize"]
        constraints = [
            models.UniqueConstraint(fields=["drive", "prize"], name="decision_once_per_prize"),
            models.CheckConstraint(
                condition=Q(status="open", method="") | Q(status="decided") & ~Q(method=""),
                name="decision_method_when_decided",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.prize} of {self.drive}: {self.status}"


class JarEntry(models.Model):
    """A pair in the cookie jar: opted in and paid at registration."""

    pair = models.OneToOneField(Pair, on_delete=models.CASCADE, related_name="jar_entry")
    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="jar_entries")
    created_at = models.DateTimeField()

    class Meta:
        db_table = "scoring_jarentry"  # kept from before the move: no table rebuilt

    def __str__(self) -> str:
        return f"jar: pair {self.pair_id}"


class JarDraw(models.Model):
    """The cookie jar's drawn game numbers, winners and payout (one per drive)."""

    drive = models.OneToOneField(Drive, on_delete=models.CASCADE, related_name="jar_draw")
    numbers = models.JSONField()
    seed = models.BigIntegerField(null=True, blank=True)  # None: drawn by hand
    winners = models.JSONField(default=list)
    total = cents_field(_("jar total"))
    share = cents_field(_("share per winner"))
    kept_by_hall = cents_field(_("kept by the hall"))
    carried_to = models.ForeignKey(
        Drive, null=True, blank=True, on_delete=models.SET_NULL, related_name="jar_draws_carried_in"
    )
    drawn_at = models.DateTimeField()

    class Meta:
        db_table = "scoring_jardraw"  # kept from before the move: no table rebuilt

    def __str__(self) -> str:
        return f"jar draw of {self.drive}"


class SideDraw(models.Model):
    """A 50/50 draw, the travelling prize or the door prizes of a drive."""

    class Kind(models.TextChoices):
        FIFTY_FIFTY = "fifty_fifty", _("50/50 draw")
        TRAVELLING = "travelling", _("Travelling prize")
        DOOR = "door", _("Door prizes")

    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="side_draws")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    seed = models.BigIntegerField()
    result = models.JSONField(default=dict)  # ticket drawn / card and holder / pairs drawn
    cents = cents_field(_("amount paid"))
    drawn_at = models.DateTimeField()

    class Meta:
        db_table = "scoring_sidedraw"  # kept from before the move: no table rebuilt
        constraints = [
            models.UniqueConstraint(fields=["drive", "kind"], name="sidedraw_once_per_kind"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} of {self.drive}"
