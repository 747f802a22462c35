"""A pair's own card on its phone: the address its punch card's QR code opens, and a new
card token when a card is lost (the old QR code then opens nothing).

The token is a secret, like a table link's: it is never written to the audit trail, an
export or the API; the audit entry says only which pair got a new one.
"""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.db import transaction

from clubs.interface import FRONT, Origin, record_audit
from scoring.words import gettext_noop

from ..models import Pair, new_card_token
from .common import locked_drive


def pair_card_url(pair: Pair) -> str:
    """The full address of the pair's own page, as its punch card prints it: the site's own
    address (SITE_BASE_URL), never the Host a request came with."""
    return settings.SITE_BASE_URL + pair.card_path


def pair_card_renew(*, pair: Pair, actor, now: datetime, origin: Origin = FRONT) -> Pair:
    """Give the pair a new card token (its card was lost or seen by another pair): the old
    address stops opening its page at once. One audit entry, without either token."""
    with transaction.atomic():
        drive = locked_drive(pair.drive)
        pair = Pair.objects.select_for_update().get(pk=pair.pk, drive=drive)
        pair.card_token = new_card_token()
        pair.save(update_fields=["card_token"])
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="pair_card_renew",
            summary=gettext_noop(
                "Pair %(n)d has a new card link: its old card no longer opens its page."
            )
            % {"n": pair.number},
            new={"pair": pair.number},
        )
    return pair
