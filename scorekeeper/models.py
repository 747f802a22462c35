"""Games kept with the stand-alone scorekeeper: a club's practice nights and home games.

The tables keep the names they had in the scoring app (moved without rebuilding a table).
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class ScoreGame(models.Model):
    """A game kept with the stand-alone scorekeeper (no drive): a club's practice
    night or a home game, of either family, in any line-up its rules allow."""

    class Family(models.TextChoices):
        FORTY_FIVES = "forty_fives", _("Forty-Fives family")
        ALL_FOURS = "all_fours", _("All Fours family")

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="score_games")
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
        db_table = "scoring_scoregame"  # kept from before the move: no table rebuilt
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
        db_table = "scoring_scorehand"  # kept from before the move: no table rebuilt
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="scorehand_once_per_number"),
            models.UniqueConstraint(fields=["game", "key"], name="scorehand_once_per_key"),
            models.CheckConstraint(condition=Q(number__gte=1), name="scorehand_number_positive"),
        ]

    def __str__(self) -> str:
        return f"hand {self.number} of {self.game}"
