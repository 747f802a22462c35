"""Prize records of a drive: decisions on ties, the cookie jar's draw and side draws (what
the organizer sets up before the night, PrizeSettings, PlacePrize and JarEntry, is drives').

Money is integer cents. Every draw keeps its seed so it can be repeated.
Services in prizes/services/ are the only writers. The tables keep the names they had
when these models lived in the scoring app (moved without rebuilding a table).
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from drives.models import Drive, cents_field


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
