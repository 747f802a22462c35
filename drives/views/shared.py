"""The night's view helpers, shared by the screens of drives and prizes (the generic ones,
for every app, are clubs.views').

- get_drive_for_user: the 404 (not this club's drive) and the role check, so no view forgets it
- pair_rows, pair_row: what a row of the Pairs page needs; one pair's row for htmx
"""

from __future__ import annotations

from django.db.models import Count, F, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.interface import DriveError, club_open, note_club
from clubs.views import membership_of, organizer_only, speak_club_language

from ..models import Drive, JarEntry, Pair, PrizeSettings

KEPT_ON_THE_LAPTOP = gettext_lazy(
    "This night is kept on the hall's laptop: correct it there and publish again."
)


def get_drive_for_user(request: HttpRequest, drive_id: int, *, scorer_ok: bool = False) -> Drive:
    """The drive if it belongs to the user's club (else 404) and the role may act (else 403).

    One query: the drive joined with the user's membership of its club, the drive the
    club's table cards open (the result screen says when that is another drive), and
    whether the drive is a night a hall's laptop published to this server (exchange's
    PublishedNight, named by its relation: drives imports nothing above it). Such a night
    is kept on the laptop: every change to it here (any method but GET and HEAD, the
    screens' and the API's) is refused, 409, and corrected there and published again.
    """
    drive = (
        Drive.objects.select_related("club", "club__table_drive")
        .filter(pk=drive_id, club__memberships__user=request.user)
        .annotate(
            member_role=F("club__memberships__role"),
            published_from=F("published_night__source"),
        )
        .first()
    )
    if drive is None:
        membership_of(request)  # an account without a club gets a plain 403
        raise Http404(_("No such drive in your club."))
    speak_club_language(request, drive.club.language)
    note_club(drive.club.pk, drive.club.name)
    club_open(drive.club)
    if not scorer_ok:
        organizer_only(drive.member_role)
    request.role = drive.member_role
    if drive.published_from is not None and request.method not in ("GET", "HEAD"):
        raise DriveError(str(KEPT_ON_THE_LAPTOP), 409)
    return drive


def pair_rows(drive: Drive, pairs: list[Pair]) -> dict:
    """What every row of the Pairs page needs besides its pair: the drive and whether it
    has a cookie jar; each pair is marked `in_jar`. The page builds it for all its pairs and
    pair_row for the one it sends back, so no row is ever drawn without its jar toggle."""
    settings_row = PrizeSettings.objects.filter(drive=drive).only("jar").first()
    jar_on = bool(settings_row and settings_row.jar)
    entered = set()
    if jar_on:
        found = JarEntry.objects.filter(drive=drive)
        if len(pairs) == 1:
            found = found.filter(pair=pairs[0])
        entered = set(found.values_list("pair_id", flat=True))
    for p in pairs:
        p.in_jar = p.pk in entered
    return {"drive": drive, "jar_on": jar_on}


def pair_row(request: HttpRequest, drive: Drive, pair: Pair) -> HttpResponse:
    """One pair's whole row of the Pairs page (Paid, the cookie jar, Edit, Remove), with the
    counts above the list out of band: the answer to every tap that changes one row."""
    ctx = pair_rows(drive, [pair])
    counts = drive.pairs.aggregate(n=Count("pk"), paid=Count("pk", filter=Q(paid=True)))
    ctx.update(p=pair, pair_count=counts["n"], paid_count=counts["paid"], oob=True)
    return render(request, "drives/pairs.html#pair-row", ctx)
