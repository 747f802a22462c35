"""Prize records of a drive: settings, decisions on ties, cookie jar and side draws.

Money is integer cents. Every draw keeps its seed so it can be repeated.
Services in scoring/services/ are the only writers.
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
        constraints = [
            models.UniqueConstraint(fields=["drive", "kind"], name="sidedraw_once_per_kind"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} of {self.drive}"


class ScoreGame(models.Model):
    """A game kept with the stand-alone scorekeeper (no drive): a club's practice
    night or a home game, of either family, in any line-up its rules allow."""

    class Family(models.TextChoices):
        FORTY_FIVES = "forty_fives", _("Forty-Fives family")
        ALL_FOURS = "all_fours", _("All Fours family")

    club = models.ForeignKey("drives.Club", on_delete=models.CASCADE, related_name="score_games")
    family = models.CharField(max_length=16, choices=Family.choices)
    variant = models.CharField(max_length=32)  # a key of that family's VARIANTS registry
    options = models.JSONField(default=dict, blank=True)
    target = models.PositiveSmallIntegerField(null=True, blank=True)  # None: the usual one
    sides = models.JSONField()  # [{"name": "Mary & John", "players": 2}, ...] in order of play
    title = models.CharField(_("name of the game"), max_length=120, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField()
    updated_at = models.DateTimeField()

    class Meta:
        ordering = ["-updated_at", "-id"]

    def __str__(self) -> str:
        return self.title or f"{self.variant} ({self.created_at:%Y-%m-%d})"


class ScoreHand(models.Model):
    """One hand (or deal) of a stand-alone game, in order; replayed for the scores."""

    game = models.ForeignKey(ScoreGame, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField()
    record = models.JSONField()
    key = models.CharField(max_length=64)  # made on the device: a retry is stored once
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    entered_at = models.DateTimeField()

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="scorehand_once_per_number"),
            models.UniqueConstraint(fields=["game", "key"], name="scorehand_once_per_key"),
            models.CheckConstraint(condition=Q(number__gte=1), name="scorehand_number_positive"),
        ]

    def __str__(self) -> str:
        return f"hand {self.number} of {self.game}"
