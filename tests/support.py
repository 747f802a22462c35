"""Helpers the tests share that are not builders: the exact count of SQL statements.

The hot paths (a tap, a table's report, next game, the polls) are pinned to the number of
statements they make, session and login included, as Zulip's
``assert_database_query_count`` does: a path that goes from 6 to 7 statements fails, and
the failure lists every statement it made, so the one that came in shows.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from django.db import DEFAULT_DB_ALIAS, connections
from django.test.utils import CaptureQueriesContext

WIDTH = 150  # characters of SQL shown per statement in a failure


def shorten(sql: str, width: int = WIDTH) -> str:
    """One statement on one line, its column list elided, cut in the middle to `width`.

    >>> shorten('SELECT "t"."id", "t"."name", "t"."status", "t"."game" FROM "t" WHERE "t"."id" = 1')
    'SELECT … FROM "t" WHERE "t"."id" = 1'
    """
    text = " ".join(sql.split())
    # The columns a SELECT reads are rarely what changed; the tables and conditions are.
    text = re.sub(r"^SELECT (?:DISTINCT )?(.{40,}?) FROM ", "SELECT … FROM ", text, count=1)
    if len(text) <= width:
        return text
    # Keep the end too: FOR UPDATE / FOR SHARE, LIMIT and RETURNING are there.
    tail = width // 3
    return text[: width - tail - 3] + " … " + text[-tail:]


def statement_listing(expected: int, statements: list[str], label: str = "") -> str:
    """The failure's text: the figures, then every statement numbered."""
    where = f" ({label})" if label else ""
    noun = "statement" if expected == 1 else "statements"
    lines = [f"{expected} {noun} expected, {len(statements)} seen{where}:"]
    lines += [f"{i:>3}. {shorten(sql)}" for i, sql in enumerate(statements, 1)]
    return "\n".join(lines)


@contextmanager
def assert_statement_count(
    expected: int | Mapping[str, int], *, label: str = "", using: str = DEFAULT_DB_ALIAS
) -> Iterator[CaptureQueriesContext]:
    """Fail unless the block runs exactly `expected` SQL statements.

    expected: a number, or one per database vendor ({"sqlite": 6, "postgresql": 7}) where
    they differ (savepoints, FOR SHARE / FOR UPDATE locks). label names the case in the
    failure ("120 pairs").
    """
    connection = connections[using]
    if isinstance(expected, Mapping):
        if connection.vendor not in expected:
            where = f" ({label})" if label else ""
            raise AssertionError(f"no statement count pinned for {connection.vendor}{where}")
        expected = expected[connection.vendor]
    with CaptureQueriesContext(connection) as ctx:
        yield ctx
    statements = [q["sql"] for q in ctx.captured_queries]
    if len(statements) != expected:
        raise AssertionError(statement_listing(expected, statements, label))
