"""The ground floor's records: clubs, their people (memberships), API keys, the audit trail.

Every app stands on these. They lived in drives and moved here with their tables
(drives_*, no table rebuilt). The drive a club's table cards open and the drive an audit
entry is about are named ("drives.Drive"), never imported: clubs imports no app but scoring.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring.speak import say_json
from scoring.words import from_json


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120)
    # The smallest coin paid out: split shares round down to it (5 in Canada).
    cash_unit = models.PositiveSmallIntegerField(_("smallest cash unit (cents)"), default=5)

    class PaperSize(models.TextChoices):
        LETTER = "letter", _("Letter")
        A4 = "a4", _("A4")

    # The paper the club prints on: punch cards, table cards, sheets.
    paper_size = models.CharField(
        _("paper size"), max_length=8, choices=PaperSize.choices, default=PaperSize.LETTER
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # The running drive the club's table cards (QR links) open, chosen by the organizer:
    # set when a drive starts if none is running, changed on the drive page. Never the
    # newest drive by itself, so a second drive cannot take over the printed cards.
    table_drive = models.ForeignKey(
        "drives.Drive",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("drive the table cards open"),
    )

    # The language of the club's screens on a device that has not chosen one, and of its
    # printouts unless a drive says otherwise.
    language = models.CharField(
        _("language"), max_length=8, choices=settings.LANGUAGES, default="en"
    )

    # Suspended by the association's site administrator: every row is kept, and its members,
    # API keys, table cards, pair cards and public screens are refused with the reason.
    suspended_at = models.DateTimeField(_("suspended at"), null=True, blank=True)
    suspended_reason = models.CharField(_("reason for the suspension"), max_length=300, blank=True)

    class Meta:
        db_table = "drives_club"  # kept from before the move: no table rebuilt
        verbose_name = _("club")
        constraints = [
            # A suspension always says why; a club in use has no reason left behind.
            models.CheckConstraint(
                condition=(Q(suspended_at__isnull=True) & Q(suspended_reason=""))
                | (Q(suspended_at__isnull=False) & ~Q(suspended_reason="")),
                name="club_suspension_has_reason",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_suspended(self) -> bool:
        return self.suspended_at is not None


class Membership(models.Model):
    class Role(models.TextChoices):
        ORGANIZER = "organizer", _("Organizer")
        SCORER = "scorer", _("Scorer")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.ORGANIZER)

    class Meta:
        db_table = "drives_membership"  # kept from before the move: no table rebuilt
        constraints = [
            # One club per account keeps "my club" unambiguous on a tablet.
            models.UniqueConstraint(fields=["user"], name="membership_one_club_per_user"),
            models.CheckConstraint(
                condition=Q(role__in=["organizer", "scorer"]), name="membership_role_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}, {self.club})"


# A player's name, as long as a pair's names on a drive (drives.models.MAX_NAME).
PLAYER_NAME_MAX = 60
PLAYER_KEY_MAX = 120


class Player(models.Model):
    """A person in the club's register: the same Mary MacNeil every week.

    The name is kept as they like it written (accents, Gaelic and Acadian spellings); the
    match key is the name folded (clubs.matching.fold) so "Theriault" finds "Thériault".
    Two people may share a name, so names are not unique. An entry merged into another
    keeps its row (merged_into) so the merge can be undone; a removed one keeps its row
    (removed_at) for the same reason, while its pairs keep the names only.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=PLAYER_NAME_MAX)
    match_key = models.CharField(max_length=PLAYER_KEY_MAX)
    phone = models.CharField(_("phone"), max_length=40, blank=True)
    email = models.EmailField(_("e-mail"), blank=True)
    notes = models.TextField(_("notes"), max_length=1000, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    merged_into = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="merged_entries",
        verbose_name=_("merged into"),
    )
    removed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["match_key", "id"]
        verbose_name = _("player")
        indexes = [models.Index(fields=["club", "match_key"], name="player_club_match_key")]
        constraints = [
            models.CheckConstraint(
                condition=~Q(name="") & ~Q(match_key=""), name="player_name_not_blank"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_active(self) -> bool:
        """In the register: neither merged into another entry nor removed."""
        return self.merged_into_id is None and self.removed_at is None


class ApiToken(models.Model):
    """An organizer's key for the JSON API. Only a hash is kept; the key is shown once."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(_("name"), max_length=80)
    # The first characters, shown so the organizer can tell keys apart.
    prefix = models.CharField(max_length=12)
    # sha256 of the whole key, hex.
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField()
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "drives_apitoken"  # kept from before the move: no table rebuilt
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"


class AuditEntry(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="audit_entries")
    # The drive the entry is about, named rather than imported: the ground floor imports no
    # app above it.
    drive = models.ForeignKey(
        "drives.Drive",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="audit_entries",
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField()
    action = models.CharField(max_length=40)
    # Where the change came from: the screen ("front: results") and device.
    source = models.CharField(max_length=120, blank=True)
    device = models.CharField(max_length=200, blank=True)
    summary = models.CharField(max_length=300)
    old = models.JSONField(null=True, blank=True)
    new = models.JSONField(null=True, blank=True)
    # What the summary was made of (scoring.words.to_json), so the trail is read in the
    # reader's language; null for entries written before, shown as their summary.
    words = models.JSONField(null=True, blank=True)

    class Meta:
        db_table = "drives_auditentry"  # kept from before the move: no table rebuilt
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["drive", "-at"])]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M:%S} {self.action}: {self.summary}"

    @property
    def _has_words(self) -> bool:
        return isinstance(self.words, dict) and isinstance(self.words.get("msgid"), str)

    @property
    def text(self) -> str:
        """The summary in the active language, whatever the writer's; as written for an
        entry without words."""
        return say_json(self.words) if self._has_words else self.summary

    @property
    def sentence(self) -> str:
        """The summary as a sentence to quote in another (an undo's "Undone: ..."), so it
        too is said in the reader's language; plain text for an entry without words."""
        return from_json(self.words) if self._has_words else self.summary
