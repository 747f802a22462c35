"""Helpers the tests share that are not builders: the exact count of SQL statements, and
the hall-fit rules the browser tests measure each screen against.

The hot paths (a tap, a table's report, next game, the polls) are pinned to the number of
statements they make, session and login included, as Zulip's
``assert_database_query_count`` does: a path that goes from 6 to 7 statements fails, and
the failure lists every statement it made, so the one that came in shows.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING

from django.db import DEFAULT_DB_ALIAS, connections
from django.test.utils import CaptureQueriesContext

if TYPE_CHECKING:
    from playwright.sync_api import Page

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


# The hall-fit rules a script can measure: every tap target at least 48 px
# each way, every piece of text at least 18 px and at 4.5:1 contrast or more
# against the background it sits on.
HALL_FIT_JS = """
() => {
  const rgba = (css) => css.match(/[\\d.]+/g).map(Number);
  const luminance = ([r, g, b]) => {
    const f = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const background = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c.length < 4 || c[3] > 0) return c;
    }
    return [255, 255, 255];
  };
  const contrast = (el) => {
    const [a, b] = [luminance(rgba(getComputedStyle(el).color)), luminance(background(el))];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  };
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    const cs = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && cs.visibility !== "hidden";
  };
  const name = (el) => {
    const text = (el.innerText || el.value || "").trim().replace(/\\s+/g, " ").slice(0, 40);
    return `<${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}> "${text}"`;
  };
  const problems = [];
  const targets = "a[href], button, input:not([type=hidden]), select, textarea, [role=button]";
  for (const el of document.querySelectorAll(targets)) {
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.height < 48 || r.width < 48) {
      problems.push(`tap target ${name(el)} is ${Math.round(r.width)}x${Math.round(r.height)} px`);
    }
  }
  for (const el of document.body.querySelectorAll("*")) {
    const ownText = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!ownText || !shown(el)) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 18) problems.push(`text ${name(el)} is ${size} px`);
    const ratio = contrast(el);
    if (ratio < 4.5) problems.push(`text ${name(el)} has contrast ${ratio.toFixed(1)}:1`);
  }
  return problems;
}
"""


def hall_fit_problems(page: Page) -> list[str]:
    return page.evaluate(HALL_FIT_JS)
