"""The school's drills as a test taps them: an answer posted, the count its cookie holds."""

from __future__ import annotations

from django.core import signing
from django.urls import reverse

from practice import school


def answer(client, kind: str, seed: int, chosen: str, **extra):
    """Post one try of drill ``kind`` on the position of ``seed``."""
    url = reverse("practice:drill_answer", args=[kind])
    return client.post(url, {"seed": str(seed), "answer": chosen}, **extra)


def count_of(client, kind: str) -> list[int]:
    """[right, tries] of ``kind`` as the client's cookie holds it ([0, 0] when none)."""
    morsel = client.cookies.get(school.COOKIE)
    if morsel is None or not morsel.value:
        return [0, 0]
    kept = signing.loads(morsel.value, salt=school.SALT)
    return kept.get(kind, [0, 0, -1])[:2]


def score_cookie(score: dict) -> str:
    """A count signed as the site signs it."""
    return signing.dumps(score, salt=school.SALT)
