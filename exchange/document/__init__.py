"""A whole drive as one JSON document, and back: backups, moving a night to another club.

The document names things as the hall does: pairs by number, tables by number,
games by number, people by username (or null). No database id is in it, so it
can be imported into any club of any copy of the site.

drive_import checks the whole document before writing anything: its format and
version, every value's type and range, every reference (a seat's pair, a
winner, a hand's table, a jar entry's pair) and the integrity the database
constraints demand. A bad document is refused with a DriveError (400) that
says where and what is wrong; nothing is written.

- limits: format, version and limits
- export: drive to document
- check: reading and checking a document
- write: a checked document into a club
"""

from .check import (
    PRIZE_RE,
    check_document,
    check_size,
    read_document,
)
from .export import (
    drive_export,
    file_name,
)
from .limits import (
    DRIVE_FIELDS,
    FORMAT,
    INT_MAX,
    MAX_BYTES,
    MAX_DEPTH,
    MAX_PAIR,
    SEED_LIMIT,
    SMALL_MAX,
    VERSION,
)
from .write import (
    drive_import,
)

__all__ = [
    "DRIVE_FIELDS",
    "FORMAT",
    "INT_MAX",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_PAIR",
    "PRIZE_RE",
    "SEED_LIMIT",
    "SMALL_MAX",
    "VERSION",
    "check_document",
    "check_size",
    "drive_export",
    "drive_import",
    "file_name",
    "read_document",
]
