"""Names of a Cape Breton and Acadian hall, for the player register's tests and bench.

register_names(n): n names as a register holds them (accents and Gaelic spellings as
written); as_typed(name, i): the same name as someone might type it at the front table
(no accents, another case, "Mc Neil" apart, now and then one letter wrong).
"""

from __future__ import annotations

import random
import unicodedata

FIRST = (
    "Mary",
    "John",
    "Angus",
    "Catherine",
    "Donald",
    "Margaret",
    "Ronald",
    "Theresa",
    "Joseph",
    "Marie",
    "Jean",
    "Rémi",
    "Hélène",
    "Aurèle",
    "Geneviève",
    "Léo",
    "Zoé",
    "Sinéad",
    "Siobhán",
    "Ciarán",
    "Éamon",
    "Pádraig",
    "Allan",
    "Colin",
    "Flora",
    "Effie",
    "Hector",
    "Kenneth",
    "Murdock",
    "Neil",
    "Rory",
    "Sadie",
    "Wilfred",
    "Yvette",
    "André",
    "Anne-Marie",
    "Réjean",
    "Gérard",
    "Cécile",
    "Thérèse",
    "Bernadette",
    "Cyril",
    "Dolena",
    "Elsie",
    "Francis",
)
LAST = (
    "MacNeil",
    "MacDonald",
    "MacLean",
    "MacKinnon",
    "MacLellan",
    "MacIsaac",
    "MacMillan",
    "McNeil",
    "McDonald",
    "MacPherson",
    "Thériault",
    "LeBlanc",
    "Doucet",
    "Doucette",
    "Boudreau",
    "Aucoin",
    "Chiasson",
    "Cormier",
    "Poirier",
    "Deveau",
    "LeFort",
    "d'Entremont",
    "Comeau",
    "Gaudet",
    "Landry",
    "Arsenault",
    "Gallant",
    "Ó Néill",
    "Ní Bhriain",
    "O'Brien",
    "Campbell",
    "Beaton",
    "Gillis",
    "Rankin",
    "Chisholm",
    "Fraser",
    "MacInnis",
    "MacKenzie",
    "Morrison",
    "Boutilier",
    "St. Clair",
    "Samson",
    "Bourgeois",
    "Gionet",
    "Haché",
    "Léger",
    "Bélanger",
    "Pothier",
    "Muise",
    "Saulnier",
    "Robichaud",
    "Maillet",
    "Cyr",
    "Savoie",
    "Richard",
)


def register_names(n: int, seed: int = 27) -> list[str]:
    rng = random.Random(seed)
    names = [f"{f} {last}" for last in LAST for f in FIRST]
    rng.shuffle(names)
    out = list(names[:n])
    while len(out) < n:  # past every first-and-last pair: a middle initial tells them apart
        out.append(f"{rng.choice(FIRST)} {chr(65 + len(out) % 26)}. {rng.choice(LAST)}")
    return out


def strip_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def as_typed(name: str, i: int) -> str:
    """The name as typed at the front: every other one without accents, some in capitals,
    "Mac"/"Mc" written apart, and every fifth with its last letter but one doubled."""
    typed = strip_accents(name) if i % 2 == 0 else name
    if i % 3 == 0:
        typed = typed.upper()
    if i % 4 == 1:
        typed = typed.replace("MacN", "Mc N").replace("MacD", "Mac D")
    if i % 5 == 4:
        typed = typed[:-2] + typed[-2] + typed[-2:]
    return typed


def make_player(club, name, **contact):
    """A register entry written the way the register's screen adds one (players.services)."""
    from players import services

    actor = contact.pop("actor", None)
    return services.player_add(club=club, actor=actor, now=_now(), name=name, **contact)


def link(pair, person1=None, person2=None):
    """Name the people of a pair directly (as registering it with them chosen does)."""
    from drives.models import Pair

    Pair.objects.filter(pk=pair.pk).update(person1=person1, person2=person2)
    pair.refresh_from_db()
    return pair


def _now():
    from tests.builders import NOW

    return NOW
