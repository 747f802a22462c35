"""Deal codes and move codes: a practice game written as short text (no Django).

A deal is a game (traditional or Auction), a number of players, the rules
of play and a seed. Its code is short enough to read out or text to a
friend: ``T3S-KQ4ZB2CA`` is traditional 45 for 3 players with the source's
renege rule, seed ``KQ4ZB2C`` in base32, and a check letter that catches a
typo or an edited code. Letters after the renege rule's name the other rules
of play: J (Joker), H (off-suit aces high), M (may trump instead of following),
X (no ace-of-hearts-led rule), C (hearts on hearts: the A♥ may be called).

>>> deal = Deal("traditional", 3, PlayOptions(), 12345)
>>> deal.code
'T3S-MBZK'
>>> read_deal("t3s-mbzk") == deal
True

A move is written as it travels in a form: ``p:10h`` plays the 10♥.

>>> from scoring.games.cards import card
>>> move_code(Play(card("10♥"))), read_move("p:10h") == Play(card("10♥"))
('p:10h', True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from scoring.games.cards import Card, Suit, card
from scoring.play import (
    Bid,
    Discard,
    Hold,
    Move,
    NameTrump,
    NoRob,
    Pass,
    Play,
    PlayOptions,
    Renege,
    Rob,
    Setup,
    auction,
    forty_fives,
)

ALPHABET: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
SEED_BITS: Final = 40  # 8 base32 letters: plenty of deals, and a code that fits a text
MAX_SEED: Final = (1 << SEED_BITS) - 1
GAMES: Final = ("traditional", "auction")
_RENEGE: Final = {
    Renege.SOURCE: "S",
    Renege.LOWER_LED: "L",
    Renege.FIVE_ONLY: "F",
    Renege.NONE: "N",
}
# Flags in this order; X means the ace-of-hearts-led rule is off, C that the A♥ may be
# called ("hearts on hearts").
_CODE: Final = re.compile(r"([TA])([234])([SLFN])(J?)(H?)(M?)(X?)(C?)-([A-Z2-7]{1,8})([A-Z2-7])")
# A dash as phones and word processors type it (hyphens, en and em dashes, minus).
_DASHES: Final = re.compile(r"[\u2010-\u2015\u2212\ufe63\uff0d]")


class CodeError(ValueError):
    """A deal code or move code that does not read: a typo, an edited code, a made-up move."""


@dataclass(frozen=True)
class Deal:
    """A practice deal: ``game`` (traditional or auction), players, rules of play, seed."""

    game: str
    players: int
    options: PlayOptions
    seed: int

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise CodeError("no such game")
        if self.game == "auction" and self.players != 4:
            raise CodeError("Auction Forty-Fives is for 4 players")
        if self.players not in (2, 3, 4):
            raise CodeError("2, 3 or 4 players")
        if not 0 <= self.seed <= MAX_SEED:
            raise CodeError("the seed is out of range")

    @property
    def partnerships(self) -> bool:
        return self.players == 4

    def setup(self) -> Setup:
        """The engine's Setup: 2 or 3 alone, 4 in partnerships; Auction to 120."""
        if self.game == "auction":
            return auction(options=self.options)
        return forty_fives(self.players, partnerships=self.partnerships, options=self.options)

    @property
    def code(self) -> str:
        o = self.options
        head = "".join(
            (
                "T" if self.game == "traditional" else "A",
                str(self.players),
                _RENEGE[o.renege],
                "J" if o.joker else "",
                "H" if o.aces_high else "",
                "M" if not o.must_follow else "",
                "X" if not o.ace_hearts_led else "",
                "C" if o.hearts_on_hearts else "",
            )
        )
        seed = _base32(self.seed)
        return f"{head}-{seed}{_check(head + seed)}"


def _base32(n: int) -> str:
    out = ""
    while True:
        n, digit = divmod(n, 32)
        out = ALPHABET[digit] + out
        if not n:
            return out


def _check(text: str) -> str:
    return ALPHABET[sum((i + 1) * ALPHABET.index(ch) for i, ch in enumerate(text)) % 32]


def read_deal(text: str) -> Deal:
    """The Deal a code names; CodeError when it is not a code this site gave out.

    Read as typed or read aloud: in any case, with spaces, and with a space (or any
    dash) for its dash.
    """
    cleaned = _DASHES.sub("-", (text or "").strip())
    if "-" not in cleaned:
        cleaned = re.sub(r"\s+", "-", cleaned, count=1)
    cleaned = re.sub(r"\s+", "", cleaned).upper()
    m = _CODE.fullmatch(cleaned)
    if m is None:
        raise CodeError("not a deal code")
    game, players, renege, joker, high, may_trump, no_ace_rule, called, seed, check = m.groups()
    head = cleaned.split("-")[0]
    if _check(head + seed) != check or (len(seed) > 1 and seed[0] == "A"):
        raise CodeError("the check letter does not match")
    value = 0
    for ch in seed:
        value = value * 32 + ALPHABET.index(ch)
    options = PlayOptions(
        joker=bool(joker),
        aces_high=bool(high),
        must_follow=not may_trump,
        renege={v: k for k, v in _RENEGE.items()}[renege],
        ace_hearts_led=not no_ace_rule,
        hearts_on_hearts=bool(called),
    )
    return Deal("traditional" if game == "T" else "auction", int(players), options, value)


# ---- moves --------------------------------------------------------------------------

_SUITS: Final = {s.value: s for s in Suit}


def card_code(c: Card) -> str:
    """A card as a form sends it: "10h", "Qs", "Joker"."""
    return c.rank if c.suit is None else f"{c.rank}{c.suit.value[0]}"


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(card(t) for t in text.split(".") if t)


def move_code(move: Move) -> str:
    """A move as text (the form's value, the session's record)."""
    match move:
        case Play(c, call):
            return f"{'c' if call else 'p'}:{card_code(c)}"
        case Rob(c):
            return f"r:{card_code(c)}"
        case NoRob():
            return "n"
        case Bid(amount):
            return f"b:{amount}"
        case Pass():
            return "pass"
        case Hold():
            return "hold"
        case NameTrump(suit):
            return f"t:{Suit(suit).value}"
        case Discard(cards, take):
            out = "d:" + ".".join(map(card_code, cards))
            return out + ("/" + ".".join(map(card_code, take)) if take else "")
    raise CodeError("not a move")


def read_move(text: str) -> Move:
    """The move a code names; CodeError when it does not read."""
    text = (text or "").strip()
    kind, _sep, rest = text.partition(":")
    try:
        if len(text) > 80:
            raise ValueError(text)
        if text in ("n", "pass", "hold"):
            return {"n": NoRob(), "pass": Pass(), "hold": Hold()}[text]
        if kind in ("p", "c"):
            return Play(card(rest), call=kind == "c")
        if kind == "r":
            return Rob(card(rest))
        if kind == "b" and rest.isdigit() and len(rest) <= 3:
            return Bid(int(rest))
        if kind == "t" and rest in _SUITS:
            return NameTrump(_SUITS[rest])
        if kind == "d":
            cards, _sep, take = rest.partition("/")
            return Discard(_cards(cards), _cards(take))
    except ValueError as error:
        raise CodeError("not a move") from error
    raise CodeError("not a move")
