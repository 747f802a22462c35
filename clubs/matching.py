"""Matching a typed name to the club's player register: pure, no Django.

A name is first folded to its match key: accents dropped ("Thériault" -> "theriault"),
case folded, apostrophes and dots dropped, hyphens made spaces, "Mc" written "mac", and a
surname particle joined to the word after it ("Mc Neil", "Mac Neil" and "MacNeil" all fold
to "macneil"; "Le Blanc" to "leblanc"; "Ó Néill" and "O'Neill" to "oneill"). Names whose
keys are equal are the same name.

Then small typos are found with rapidfuzz (an edit-distance ratio on the keys with their
words sorted, so "MacNeil, Mary" finds "Mary MacNeil"): each register entry near enough
is a candidate with a score from 0 to 100, best first; the decision says whether the
name is one known player (exact), probably one of them (likely: the organizer chooses),
or a new player (new).

>>> fold("Mary Mc Neil") == fold("MARY MACNEIL")
True
>>> fold("Thériault")
'theriault'
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from enum import StrEnum

from rapidfuzz import fuzz, process

# Letters that NFKD does not take apart into a letter and an accent.
_LETTERS = str.maketrans(
    {"ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i"}
)
# Dropped (joined): apostrophes of every kind and dots ("O'Neil", "St. Clair").
_JOINERS = frozenset("'’‘`´.ʼ")
# Surname particles written apart or together: "Mac Neil" / "MacNeil", "Le Blanc" / "LeBlanc",
# "Ó Néill" / "O'Neill", "Ní Bhriain", "St Clair" / "Saint Clair".
PARTICLES = frozenset(
    {"mac", "le", "la", "de", "du", "des", "d", "di", "o", "ni", "nic", "van", "von", "st", "fitz"}
)
_SPELLINGS = {"saint": "st", "sainte": "st", "ste": "st"}

# A candidate at or above this score is "likely" the same person; below it the name is new.
LIKELY = 85.0
# How many candidates a name offers at most (the typeahead's list).
CANDIDATES = 5


def _word(word: str) -> str:
    word = _SPELLINGS.get(word, word)
    if word.startswith("mc"):
        word = "mac" + word[2:]
    return word


def fold(name: str) -> str:
    """The name's match key: lower case, no accents, no punctuation, particles joined.

    >>> fold("  Marie-Claire  d'Entremont ")
    'marie claire dentremont'
    >>> fold("Ó Néill") == fold("O'Neill")
    True
    """
    text = unicodedata.normalize("NFKD", name.casefold()).translate(_LETTERS)
    kept = []
    for c in text:
        if unicodedata.combining(c) or c in _JOINERS:
            continue
        kept.append(c if c.isalnum() else " ")
    words = [_word(w) for w in "".join(kept).split()]
    out: list[str] = []
    pending = ""
    for i, word in enumerate(words):
        # A particle joins the next word, except a first word of a longer name (a first
        # name "Di" or "La" stays a word of its own when a surname follows it).
        if word in PARTICLES and i + 1 < len(words) and (i > 0 or len(words) == 2):
            pending += word
            continue
        out.append(pending + word)
        pending = ""
    if pending:
        out.append(pending)
    return " ".join(out)


def sort_key(key: str) -> str:
    """The key with its words in order, so word order does not count ("macneil mary")."""
    return " ".join(sorted(key.split()))


class Decision(StrEnum):
    EXACT = "exact"
    LIKELY = "likely"
    NEW = "new"


@dataclass(frozen=True)
class Entry:
    """A register entry as the matcher sees it: its id, its name as written, its key."""

    id: int
    name: str
    key: str


@dataclass(frozen=True)
class Candidate:
    id: int
    name: str
    score: float
    exact: bool


@dataclass(frozen=True)
class Match:
    """What a typed name matched: candidates best first, and the decision."""

    name: str
    key: str
    candidates: tuple[Candidate, ...]
    decision: Decision

    @property
    def best(self) -> Candidate | None:
        return self.candidates[0] if self.candidates else None


class Register:
    """The club's entries, indexed once for many lookups (a whole pasted list)."""

    def __init__(self, entries: list[Entry] | tuple[Entry, ...]):
        self.entries = tuple(entries)
        self.by_key: dict[str, list[Entry]] = {}
        for e in self.entries:
            self.by_key.setdefault(e.key, []).append(e)
        self.sorted_keys = [sort_key(e.key) for e in self.entries]

    def match(self, name: str, *, limit: int = CANDIDATES) -> Match:
        """The candidates for one typed name, best first, and the decision.

        Exact keys come first (in register order), then the nearest by score; a single
        exact entry decides "exact", several (two Mary MacNeils) or a near one "likely".
        """
        key = fold(name)
        exact = self.by_key.get(key, [])
        found = [Candidate(e.id, e.name, 100.0, True) for e in exact]
        if len(found) < limit and key:
            seen = {e.id for e in exact}
            near = process.extract(
                sort_key(key),
                self.sorted_keys,
                scorer=fuzz.ratio,
                processor=None,
                limit=limit + len(exact),
                score_cutoff=LIKELY - 25,
            )
            for _text, score, index in near:
                e = self.entries[index]
                if e.id not in seen and len(found) < limit:
                    # Only an equal key is 100: a near key that sorts alike scores below it.
                    found.append(Candidate(e.id, e.name, min(float(score), 99.0), False))
        found = found[:limit]
        if len(exact) == 1:
            decision = Decision.EXACT
        elif exact or any(c.score >= LIKELY for c in found):
            decision = Decision.LIKELY
        else:
            decision = Decision.NEW
        return Match(name=name, key=key, candidates=tuple(found), decision=decision)

    def match_all(self, names: list[str] | tuple[str, ...]) -> tuple[Match, ...]:
        return tuple(self.match(n) for n in names)
