"""Pair codes: a short code per pair, printed on its punch card, that the other pair types
at its table to agree with a reported result. Pure, no Django.

Four capital letters from an alphabet without look-alikes (no O/Q/D for 0, I/L for 1, S for 5,
Z for 2, B for 8, G for 6, U/V) and without vowels, so no code spells a word.

>>> normalize(" hk-mt ")
'HKMT'
>>> len(draw(set(), 3, random.Random(1)))
3
"""

from __future__ import annotations

import random
import secrets

ALPHABET = "CFHJKMNPRTWXY"
LENGTH = 4
# Wrong codes a table takes in one game; then it takes no more codes in that game and the
# front table enters its result. Five tries find one of 28,561 codes one time in 5,700.
TRIES = 5
_SYSTEM = secrets.SystemRandom()


def normalize(typed: str) -> str:
    """What a player typed, as a code: capitals, without spaces or dashes."""
    return "".join(ch for ch in (typed or "").upper() if not ch.isspace() and ch != "-")


def is_code(text: str) -> bool:
    return len(text) == LENGTH and all(ch in ALPHABET for ch in text)


def draw(taken: set[str], n: int, rng: random.Random | None = None) -> list[str]:
    """``n`` new codes, each different from the others and from ``taken``.

    The drive's codes are drawn with the system's randomness (a code is a small secret, not
    a draw anyone needs to repeat); ``rng`` is for tests. 13**4 = 28,561 codes: far more
    than a drive's pairs.
    """
    rng = rng or _SYSTEM
    if len(taken) + n > len(ALPHABET) ** LENGTH // 2:
        raise ValueError("too many pair codes for one drive")
    seen = set(taken)
    out: list[str] = []
    while len(out) < n:
        code = "".join(rng.choice(ALPHABET) for _ in range(LENGTH))
        if code not in seen:
            seen.add(code)
            out.append(code)
    return out
