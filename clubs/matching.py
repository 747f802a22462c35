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
# The particles no one is called by as a first name: they join even at the start.
SURNAME_ONLY = frozenset({"mac", "o", "ni", "nic", "st", "fitz"})
_SPELLINGS = {"saint": "st", "sainte": "st", "ste": "st"}

# A candidate at or above this score is "likely" the same person; below it the name is new.
LIKELY = 85.0
# Nearer than this a register entry is shown as a candidate at all.
SHOWN = 70.0
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
        # Joined, the word is read again ("St. e" is "Ste", which is "St").
        joined = _word(pending + word)
        # A particle joins the next word; a first word only if it is never a first name
        # ("Mac Neil, Mary"), so "Di" or "La" before a surname stays a word of its own.
        if i + 1 < len(words) and (joined in SURNAME_ONLY or (joined in PARTICLES and i > 0)):
            pending = joined
            continue
        out.append(joined)
        pending = ""
    # A name of no letters or digits ("♥", "???") is its own key, so it still has one.
    return " ".join(out) or " ".join(name.casefold().split())


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
        # Each key with a space before every word, so "does a word start with w" is one find.
        self.spaced = [" " + e.key for e in self.entries]

    def match(self, name: str, *, limit: int = CANDIDATES, near: bool = True) -> Match:
        """The candidates for one typed name, best first, and the decision.

        Entries with the name's key come first (the one written most like the typed name
        first), then the nearest others by score (not looked for when ``near`` is False and
        the key is known). A single entry with the key decides "exact"; several (two Mary
        MacNeils) or a near one above LIKELY decide "likely"; else "new".
        """
        key = fold(name)
        exact = sorted(self.by_key.get(key, []), key=lambda e: -_written_alike(name, e.name))
        found = [Candidate(e.id, e.name, 100.0, True) for e in exact]
        if key and len(found) < limit and (near or not exact):
            seen = {e.id for e in exact}
            hits = process.extract(
                sort_key(key),
                self.sorted_keys,
                scorer=fuzz.ratio,
                processor=None,
                limit=limit + len(exact),
                score_cutoff=SHOWN,
            )
            for _text, score, index in hits:
                e = self.entries[index]
                if e.id not in seen:
                    # Only an equal key is 100: a near key that sorts alike scores below it.
                    found.append(Candidate(e.id, e.name, min(round(float(score), 1), 99.0), False))
        found = found[:limit]
        if len(exact) == 1:
            decision = Decision.EXACT
        elif exact or any(c.score >= LIKELY for c in found):
            decision = Decision.LIKELY
        else:
            decision = Decision.NEW
        return Match(name=name, key=key, candidates=tuple(found), decision=decision)

    def match_all(self, names: list[str] | tuple[str, ...]) -> tuple[Match, ...]:
        """Every name of a paste: a known key is not searched further (fast for a list of
        regulars); a name met twice is matched once."""
        done: dict[str, Match] = {}
        out = []
        for n in names:
            if n not in done:
                done[n] = self.match(n, near=False)
            out.append(done[n])
        return tuple(out)

    def suggest(self, typed: str, *, limit: int = CANDIDATES) -> tuple[Candidate, ...]:
        """What the name box offers as letters are typed: entries whose words start with the
        typed words ("mar mac" finds "Mary MacNeil"), then the near ones (small typos)."""
        words = fold(typed).split()
        if not words:
            return ()
        whole = " ".join(words)
        starts = [" " + w for w in words]
        found = [
            Candidate(e.id, e.name, 100.0 if e.key == whole else 95.0, e.key == whole)
            for e, spaced in zip(self.entries, self.spaced, strict=True)
            if all(w in spaced for w in starts)
        ]
        seen = {c.id for c in found}
        found.sort(key=lambda c: (-c.score, c.name.casefold(), c.id))
        found = found[:limit]
        if len(found) < limit and len(whole) >= 5:
            # Part of a name with a typo ("Theriualt" for Rémi Thériault): the best stretch
            # of each key that lines up with what was typed.
            hits = process.extract(
                whole,
                [e.key for e in self.entries],
                scorer=fuzz.partial_ratio,
                processor=None,
                limit=limit + len(found),
                score_cutoff=LIKELY,
            )
            for _text, score, index in hits:
                e = self.entries[index]
                if e.id not in seen and len(found) < limit:
                    found.append(Candidate(e.id, e.name, min(round(float(score), 1), 94.0), False))
        return tuple(found)


def _written_alike(typed: str, written: str) -> float:
    """How alike two spellings of one key are, accents and case counted ("Mary MacNeil"
    is nearer "Mary MacNeil" than "Mary McNeil" is)."""
    return fuzz.ratio(typed.casefold(), written.casefold())
