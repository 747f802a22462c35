"""Which club a request was for, on every log line it writes.

One server keeps many clubs' nights: a line in its log is only useful when it says whose.
The places a request finds its club (the member's club in `clubs.views.membership_of`,
a table card's club, a drive's on the board and a pair's card) call `note_club`; the
log's `ClubFilter` puts it on each line as `club=12 "Name"` (`club=-` for none: the login
page, the practice table, a probe). `RequestLog`, first among the middleware, starts each
request with no club (a thread's next request never carries the last one's) and writes one
line per request to `carddrive.requests` at INFO (the hosted server's access log: method,
path, status, milliseconds, club). The club stays noted until the next request starts, so
Django's own line for a 4xx answer, written once the middleware are done, says it too.
"""

from __future__ import annotations

import contextvars
import logging
import time

_club: contextvars.ContextVar[str] = contextvars.ContextVar("card_drive_club", default="-")

requests_log = logging.getLogger("carddrive.requests")


def note_club(club_id: int, name: str = "") -> None:
    """The request being answered is for this club (its log lines say so)."""
    name = " ".join(name.split())
    _club.set(f'{club_id} "{name}"' if name else str(club_id))


def current_club() -> str:
    return _club.get()


class ClubFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.club = _club.get()
        return True


class RequestLog:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        _club.set("-")
        started = time.monotonic()
        response = self.get_response(request)
        if requests_log.isEnabledFor(logging.INFO):
            requests_log.info(
                "%s %s %d %dms",
                request.method,
                request.path,
                response.status_code,
                round((time.monotonic() - started) * 1000),
            )
        return response
