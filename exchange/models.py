"""Publishing nights from a hall's laptop to an association's server (both ends run this site).

On the server: `PublishedNight`, the laptop's version of a night as it was received (the
document, its revision and time) and the drive made from it. On the laptop: the club's
`PublishingTarget` (the server's address and the club's key there) and each drive's
`PublishState` (what was last sent, when, and why not).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from drives.models import Drive

SOURCE_MAX = 100  # "<the laptop's install id>-<the drive's id there>"
REVISION_LENGTH = 64  # sha256 of the document, hex


class PublishedNight(models.Model):
    """A night a hall's laptop published to this server: one row a source, whatever the
    number of times it was sent; a corrected night replaces its drive and its document."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="published_nights")
    # The laptop's own install id (var/install-id there): a laptop publishes for one club.
    install = models.CharField(max_length=SOURCE_MAX)
    source = models.CharField(max_length=SOURCE_MAX, unique=True)
    revision = models.CharField(max_length=REVISION_LENGTH)
    # The document as received: the laptop's version, never changed here.
    document = models.JSONField()
    received_at = models.DateTimeField()
    first_received_at = models.DateTimeField()
    times_replaced = models.PositiveIntegerField(default=0)
    # The drive made from it. Its screens refuse every change (drives.views.shared reads
    # this relation by its name, published_night): the night is corrected on the laptop.
    drive = models.OneToOneField(Drive, on_delete=models.CASCADE, related_name="published_night")
    sent_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )

    class Meta:
        indexes = [models.Index(fields=["install", "club"])]

    def __str__(self) -> str:
        return f"{self.source} ({self.revision[:12]})"


class PublishingTarget(models.Model):
    """Where a hall's laptop publishes its club's nights: the association's server and the
    club's API key there (an organizer's key from the server's profile page). The key is a
    secret: sent only to that server, never shown back in full (`key_hint`)."""

    club = models.OneToOneField(Club, on_delete=models.CASCADE, related_name="publishing")
    server = models.URLField(_("server address"), max_length=200)
    key = models.CharField(_("API key"), max_length=200)
    changed_at = models.DateTimeField()

    def __str__(self) -> str:
        return self.server

    @property
    def key_hint(self) -> str:
        return f"{self.key[:7]}…" if self.key else ""

    @property
    def server_name(self) -> str:
        """The server as a person reads it: its host name."""
        rest = self.server.split("://", 1)[-1]
        return rest.split("/", 1)[0]


class PublishState(models.Model):
    """On the laptop: a drive's last publish, and the last attempt's outcome."""

    drive = models.OneToOneField(Drive, on_delete=models.CASCADE, related_name="publish_state")
    # What the server has: the revision it took, when.
    revision = models.CharField(max_length=REVISION_LENGTH, blank=True)
    published_at = models.DateTimeField(null=True, blank=True)
    server = models.CharField(max_length=200, blank=True)
    # The last attempt: when, and why it did not go through (blank when it did).
    tried_at = models.DateTimeField()
    error = models.CharField(max_length=500, blank=True)

    def __str__(self) -> str:
        return f"{self.drive_id}: {self.revision[:12] or '-'}"
