"""The association's server's end of publishing: PUT /api/published/<source>.

A ninja router of the JSON API (config/urls.py adds it to the API: the API's key, errors
and docs are its). The body is read here, not by the API's parser: a night's document may
be larger than a form's DATA_UPLOAD_MAX_MEMORY_SIZE, and is held to the drive file's own
limit (exchange.document.MAX_BYTES) instead.

Request: PUT /api/published/<install id>-<drive id>, Authorization: Bearer cd_… (an
organizer's key of the club on the server), Content-Type: application/json, body
{"revision": sha256 of the canonical document, "document": the drive file}, sent
compressed with Content-Encoding: gzip by the laptop (plain JSON is taken too).
Answer: 201 {"outcome": "published", ...} the first time, 200 "replaced" for a new
revision, 200 "replayed" for the same one again (nothing written).
"""

from __future__ import annotations

import zlib
from datetime import datetime
from typing import Annotated, Any

from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _
from ninja import Path, Router, Schema, Status

from clubs.interface import DriveError, Origin, RepeatedKey, strict_loads
from clubs.views import membership_of, organizer_only

from ..document import MAX_BYTES
from ..models import SOURCE_MAX
from ..services import receiving


class Published(Schema):
    outcome: str
    drive: int
    revision: str
    received_at: datetime


class Refusal(Schema):
    detail: str


class Invalid(Schema):
    """422: the address did not fit (ninja's own answer)."""

    detail: list[dict[str, Any]]


Source = Annotated[str, Path(min_length=10, max_length=SOURCE_MAX, pattern=r"^[A-Za-z0-9-]+$")]
REFUSALS = {**dict.fromkeys((400, 401, 403, 404, 409, 413, 415), Refusal), 422: Invalid}

router = Router(tags=["publishing"])


def _origin(request: HttpRequest) -> Origin:
    agent = request.headers.get("User-Agent", "")[:150]
    addr = request.META.get("REMOTE_ADDR", "")
    device = f"{addr} {agent}".strip() + f" (API key {request.auth.prefix}…)"
    return Origin(source="api: published night", device=device)


def _gunzip(compressed: bytes, limit: int) -> bytes:
    """The JSON a laptop compressed (a night is a tenth of its size on the hall's
    connection), never more than `limit` bytes of it however small the compressed body."""
    inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        raw = inflate.decompress(compressed, limit + 1)
    except zlib.error:
        raw, inflate = b"", None
    if inflate is not None and (len(raw) > limit or inflate.unconsumed_tail):
        raise DriveError(
            _("The night is too big to publish: at most %(mb)d MB.")
            % {"mb": MAX_BYTES // (1024 * 1024)},
            413,
        )
    if inflate is None or not inflate.eof:
        raise DriveError(
            _(
                "The night did not arrive whole (it is not complete JSON): nothing was "
                "written. Publish it again."
            )
        )
    return raw


def _body(request: HttpRequest) -> dict:
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    limit = MAX_BYTES + 1024  # the document and its revision around it
    if length > limit:
        raise DriveError(
            _("The night is too big to publish: at most %(mb)d MB.")
            % {"mb": MAX_BYTES // (1024 * 1024)},
            413,
        )
    raw = request.read(limit + 1)
    encoding = request.headers.get("Content-Encoding", "").strip().lower()
    if encoding == "gzip":
        raw = _gunzip(raw, limit)
    elif encoding not in ("", "identity"):
        raise DriveError(_("Send the night as JSON, or as JSON compressed with gzip."), 415)
    try:
        body = strict_loads(raw.decode("utf-8"))
    except RepeatedKey as e:
        raise DriveError(
            _("The night names the key “%(key)s” twice: nothing was written.") % {"key": e.key}
        ) from None
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise DriveError(
            _(
                "The night did not arrive whole (it is not complete JSON): nothing was "
                "written. Publish it again."
            )
        ) from None
    if not isinstance(body, dict) or set(body) != {"revision", "document"}:
        raise DriveError(
            _('Send the night as {"revision": …, "document": …}: nothing was written.')
        )
    return body


@router.put(
    "/published/{source}",
    response={200: Published, 201: Published, **REFUSALS},
    summary="Publish a night from a hall's laptop",
)
def night_publish(request, source: Source):
    """A night from a hall's laptop, as its drive file (organizers' keys). The same source
    and revision again is the same night (200 "replayed", nothing written); a new revision
    replaces the night's drive (200 "replaced", the corrections in its audit trail)."""
    m = membership_of(request)
    organizer_only(m.role)
    body = _body(request)
    received = receiving.night_receive(
        club=m.club,
        source=source,
        revision=body["revision"],
        document=body["document"],
        actor=request.user,
        now=timezone.now(),
        origin=_origin(request),
    )
    answer = {
        "outcome": received.outcome,
        "drive": received.drive_id,
        "revision": received.revision,
        "received_at": received.received_at,
    }
    return Status(201 if received.outcome == receiving.PUBLISHED else 200, answer)
