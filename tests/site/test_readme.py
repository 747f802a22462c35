"""What the README tells a new organizer, in the order they need it."""

from __future__ import annotations

from pathlib import Path

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def test_the_readme_turns_the_cookie_jar_on_before_it_says_to_tick_in_the_jar():
    """Issue 25: the jar is turned on under Prize settings before the pairs are ticked
    "in the jar" at the door, so the README says where to turn it on first."""
    ticking = README.index('"in the jar"')
    assert "Prize settings" in README[:ticking]
    assert README.index("Prize settings") < ticking
