"""What a hall's laptop and the association's server agree on: a night's source id, its
revision, and the request that carries it (PUT /api/published/<source>)."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import socket
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

SOURCE_RE = re.compile(r"^(?P<install>[A-Za-z0-9]{8,64})-(?P<drive>[0-9]{1,19})$")
REVISION_RE = re.compile(r"^[0-9a-f]{64}$")
PATH = "/api/published/"


def source_of(install_id: str, drive_id: int) -> str:
    """A night's stable id wherever it is published: the laptop's install id and the drive's
    id on that laptop ("3f9c…-12")."""
    return f"{install_id}-{drive_id}"


def install_of(source: str) -> str | None:
    """The laptop a source id names, or None for a source id of another shape."""
    found = SOURCE_RE.match(source)
    return found["install"] if found else None


def canonical(document: Any) -> bytes:
    """The document as the revision is counted on: keys sorted, no spaces, UTF-8."""
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def revision_of(document: Any) -> str:
    """A night's revision: sha256 of its document (canonical), hex. The same night gives
    the same revision; any change to it (a correction, one more game) another."""
    return hashlib.sha256(canonical(document)).hexdigest()


def body_of(revision: str, document: dict) -> bytes:
    return json.dumps({"revision": revision, "document": document}, ensure_ascii=False).encode()


@dataclass(frozen=True)
class Reply:
    """The server's answer to a publish: its outcome ("published", "replaced", "replayed")
    or why not, in plain words."""

    ok: bool
    outcome: str = ""
    error: str = ""


def _detail(error: urllib.error.HTTPError) -> str:
    try:
        detail = json.loads(error.read(4000).decode("utf-8", "replace")).get("detail", "")
    except (ValueError, AttributeError, OSError):
        detail = ""
    return str(detail)[:300]


def send_night(*, server: str, key: str, source: str, body: bytes, timeout: float) -> Reply:
    """PUT the night to the server and say how it went. Never raises for the network or the
    server: a failed publish is a Reply with the reason, and the laptop goes on."""
    request = urllib.request.Request(
        server.rstrip("/") + PATH + source,
        # A night's JSON is ten times smaller compressed: the hall's connection is slow.
        data=gzip.compress(body, mtime=0),
        method="PUT",
        headers={
            "Authorization": f"Bearer {key}",
            "Content-Type": "application/json",
            "Content-Encoding": "gzip",
            "User-Agent": "Card Drive (hall laptop)",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            answer = json.loads(response.read(4000).decode("utf-8", "replace"))
            return Reply(ok=True, outcome=str(answer.get("outcome", "")))
    except urllib.error.HTTPError as e:
        detail = _detail(e)
        if e.code == 401:
            return Reply(
                ok=False,
                error=_("The server refused the club's key: %(detail)s") % {"detail": detail}
                if detail
                else _("The server refused the club's key."),
            )
        if e.code < 500 and detail:
            return Reply(
                ok=False,
                error=_("The server refused the night: %(detail)s") % {"detail": detail},
            )
        return Reply(
            ok=False,
            error=_("The server answered with an error (HTTP %(code)d): try again later.")
            % {"code": e.code},
        )
    except TimeoutError:
        return Reply(
            ok=False,
            error=_("The server did not answer within %(seconds)d seconds.")
            % {"seconds": round(timeout)},
        )
    except (urllib.error.URLError, OSError) as e:
        reason = getattr(e, "reason", e)
        if isinstance(reason, TimeoutError | socket.timeout):
            return Reply(
                ok=False,
                error=_("The server did not answer within %(seconds)d seconds.")
                % {"seconds": round(timeout)},
            )
        return Reply(
            ok=False,
            error=_("No internet, or the server cannot be reached (%(reason)s).")
            % {"reason": str(reason)[:200]},
        )
    except ValueError:
        return Reply(ok=False, error=_("The server's answer was not Card Drive's."))
