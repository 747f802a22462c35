"""The club's own settings, apart from any night: the paper it prints on and its language.

One transaction and one audit entry each, like every writer.
"""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from scoring.words import gettext_noop

from .audit import FRONT, Origin, label_words, record_audit
from .errors import DriveError
from .models import Club


def club_setting_write(
    *, club: Club, field: str, value, action: str, summary, actor, now: datetime, origin: Origin
) -> Club:
    """Write one of the club's settings, already checked by its setter, under the club's row
    lock, with one audit entry of the old and new value; a value that is already set writes
    nothing."""
    with transaction.atomic():
        club = Club.objects.select_for_update().get(pk=club.pk)
        old = getattr(club, field)
        if old == value:
            return club
        setattr(club, field, value)
        club.save(update_fields=[field])
        record_audit(
            club=club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action=action,
            summary=summary,
            old={field: old},
            new={field: value},
        )
    return club


def club_paper_size_set(
    *, club: Club, paper_size: str, actor, now: datetime, origin: Origin = FRONT
) -> Club:
    """The paper the club prints on (Letter or A4): every PDF is laid out for it."""
    if paper_size not in Club.PaperSize.values:
        raise DriveError(_("The paper size must be Letter or A4."))
    return club_setting_write(
        club=club,
        field="paper_size",
        value=paper_size,
        action="club_paper_size",
        summary=gettext_noop("Paper size set to %(paper)s")
        % {"paper": label_words(Club.PaperSize(paper_size).label)},
        actor=actor,
        now=now,
        origin=origin,
    )


def club_language_set(
    *, club: Club, language: str, actor, now: datetime, origin: Origin = FRONT
) -> Club:
    """The club's language: its screens on a device that has not chosen one, and the
    printouts of its drives that do not say otherwise."""
    names = dict(settings.LANGUAGES)
    if language not in names:
        raise DriveError(_("Choose English or French."))
    return club_setting_write(
        club=club,
        field="language",
        value=language,
        action="club_language",
        summary=gettext_noop("The club's language is now %(language)s")
        % {"language": names[language]},
        actor=actor,
        now=now,
        origin=origin,
    )
