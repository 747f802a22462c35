"""The only writers of a series, each one transaction and one audit entry (a drive made in
a series: the drive's own entry and the series' one, in one transaction). Arguments are
keyword-only, with an explicit actor, origin and now.

- series: a series and its rules (create, change)
- nights: a drive in or out of a series, a new drive made in one
"""

from .nights import drive_create_in_series, night_add, night_remove
from .series import RULE_FIELDS, rules_of, series_create, series_update

__all__ = [
    "RULE_FIELDS",
    "drive_create_in_series",
    "night_add",
    "night_remove",
    "rules_of",
    "series_create",
    "series_update",
]
