"""The rules of play for Forty-Fives: which cards may be played, and who wins a trick.

Pure Python, no Django. Ranks come from ``scoring.games.cards``; this module
adds the rules of "## Play" in card-ranks.md with the hall options, and says
why in plain words: why a card may not be played, why a card won a trick.

>>> from scoring.games.cards import card, Suit
>>> hand = (card("2♥"), card("3♠"), card("9♣"))
>>> [str(c) for c in legal_cards(hand, (card("K♥"),), Suit.SPADES, PlayOptions())]
['2♥']
>>> refusal(hand, card("3♠"), (card("K♥"),), Suit.SPADES, PlayOptions())
'You must follow hearts.'
>>> explain_winner((card("A♥"), card("J♦")), Suit.DIAMONDS, PlayOptions())
'J♦ beats A♥: the jack of trumps is the second-best card.'

Legality is decided card by card: a card is refused only because of some
other card in the hand (a card of the suit led, a trump that may not be held
back, a heart when the ace of hearts is led). So whether a card may be played
from a hand is whether it may be played from each two-card hand it makes with
another card held; ``ruled_out`` uses that to say which cards a player cannot
hold after a play. The one exception: on an A♥ lead a trump held back lifts the
duty to play a heart (a reneging player may play any card), which ``ruled_out``
takes into account.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Final, Literal

from scoring.games import cards as ranks
from scoring.games.cards import ACE_OF_HEARTS, JOKER, Card, Suit, is_trump
from scoring.games.options import gettext_noop

_ = gettext_noop

DealPattern = Literal["3-2", "2-3"]


class Renege(StrEnum):
    """Which trumps a player may hold back ("renege") when a trump is led.

    SOURCE: a player whose only trumps are among the 5 and J of trumps, the
    Joker and the A♥ may hold them back. LOWER_LED (published): such an
    honour may be held back only when a lower trump is led. FIVE_ONLY: only
    the 5 of trumps may be held back. NONE (Merrimack Valley): no reneging.
    """

    SOURCE = "source"
    LOWER_LED = "lower_led"
    FIVE_ONLY = "five_only"
    NONE = "none"


@dataclass(frozen=True)
class PlayOptions:
    """The hall's rules of play (card-ranks.md); the defaults are the source game.

    joker: a 53rd card, the third-best trump. aces_high: off-suit aces rank
    highest of their suit. must_follow: False lets a player trump instead of
    following suit. renege: see Renege. ace_hearts_led: when the A♥ is led,
    a player with no trump to play must play a heart if able.
    hearts_on_hearts: the leader of the A♥ may call it, and then nobody may
    hold back a trump on that trick. deal: "3-2" (3 then 2) or "2-3".
    """

    joker: bool = False
    aces_high: bool = False
    must_follow: bool = True
    renege: Renege = Renege.SOURCE
    ace_hearts_led: bool = True
    hearts_on_hearts: bool = False
    deal: DealPattern = "3-2"

    def __post_init__(self) -> None:
        object.__setattr__(self, "renege", Renege(self.renege))
        if self.deal not in ("3-2", "2-3"):
            raise ValueError("the deal is 3-2 or 2-3")


SUIT_NAMES: Final = {
    Suit.DIAMONDS: _("diamonds"),
    Suit.HEARTS: _("hearts"),
    Suit.CLUBS: _("clubs"),
    Suit.SPADES: _("spades"),
}
_RANK_NAMES: Final = {"A": _("ace"), "K": _("king"), "Q": _("queen"), "J": _("jack")}


@lru_cache(maxsize=64)
def trump_ranks(trump: Suit, joker: bool) -> dict[Card, int]:
    """Each trump's place, 0 for the best (the 5 of trumps)."""
    return {c: i for i, c in enumerate(ranks.trump_order(trump, joker=joker))}


def honours(trump: Suit) -> frozenset[Card]:
    """The trumps the source lets a player hold back: 5 and J of trumps, Joker, A♥."""
    return frozenset({Card("5", trump), Card("J", trump), JOKER, ACE_OF_HEARTS})


def may_hold_back(
    held: Card, led: Card, trump: Suit, options: PlayOptions, *, called: bool = False
) -> bool:
    """May a player keep ``held`` (a trump) back when the trump ``led`` is led?

    >>> from scoring.games.cards import card
    >>> may_hold_back(card("J♠"), card("5♠"), Suit.SPADES, PlayOptions())
    True
    >>> may_hold_back(card("J♠"), card("5♠"), Suit.SPADES, PlayOptions(renege="lower_led"))
    False
    """
    rule = options.renege
    if called or rule is Renege.NONE:
        return False
    if rule is Renege.FIVE_ONLY:
        return held == Card("5", trump)
    if held not in honours(trump):
        return False
    if rule is Renege.SOURCE:
        return True
    order = trump_ranks(trump, options.joker)
    return order[held] < order[led]


def is_called(trick: Sequence[Card], options: PlayOptions, called: bool) -> bool:
    """Whether "hearts on hearts" binds this trick: the A♥ was led and called."""
    return called and options.hearts_on_hearts and bool(trick) and trick[0] == ACE_OF_HEARTS


def _ace_rule(led: Card, trump: Suit, options: PlayOptions) -> bool:
    return led == ACE_OF_HEARTS and trump is not Suit.HEARTS and options.ace_hearts_led


@dataclass(frozen=True)
class _Duty:
    """What a hand owes the trick, worked out once for every card in it."""

    led: Card | None
    trump_led: bool
    blockers: tuple[Card, ...]  # trumps held that may not be held back (trump led)
    suit_held: bool  # holds the suit to follow: the suit led, or hearts when the A♥ is led
    called: bool


def _duty(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit, o: PlayOptions, called: bool
) -> _Duty:
    if not trick:
        return _Duty(None, False, (), False, False)
    led = trick[0]
    called = is_called(trick, o, called)
    if is_trump(led, trump):
        blockers = tuple(
            t
            for t in hand
            if is_trump(t, trump) and not may_hold_back(t, led, trump, o, called=called)
        )
        # "with no trump ... a heart if able": a player holding back a trump may play any card
        hearts = (
            _ace_rule(led, trump, o)
            and not any(is_trump(c, trump) for c in hand)
            and any(c.suit is Suit.HEARTS for c in hand)
        )
        return _Duty(led, True, blockers, hearts, called)
    suit_held = any(c.suit is led.suit and not is_trump(c, trump) for c in hand)
    return _Duty(led, False, (), suit_held, called)


def _reason(c: Card, duty: _Duty, trump: Suit, o: PlayOptions) -> str | None:
    led = duty.led
    if led is None:
        return None
    trump_card = is_trump(c, trump)
    if duty.trump_led:
        if trump_card:
            return None
        if duty.blockers:
            return _must_trump(duty, trump, o)
        if duty.suit_held and c.suit is not Suit.HEARTS:
            return _("When the ace of hearts is led you must play a heart.")
        return None
    if not duty.suit_held or c.suit is led.suit and not trump_card:
        return None
    assert led.suit is not None
    suit = SUIT_NAMES[led.suit]
    if o.must_follow:
        return _("You must follow {suit}.").format(suit=suit)
    if trump_card:
        return None
    return _("You must follow {suit} or play a trump.").format(suit=suit)


def _must_trump(duty: _Duty, trump: Suit, o: PlayOptions) -> str:
    assert duty.led is not None
    ace_rule = _ace_rule(duty.led, trump, o)
    plain = [t for t in duty.blockers if t not in honours(trump)]
    if plain or o.renege is Renege.NONE:
        if ace_rule:
            return _("When the ace of hearts is led you must play a trump.")
        return _("You must play a trump.")
    if duty.called:
        return _("The ace of hearts was called: nobody may hold back a trump on this trick.")
    if o.renege is Renege.FIVE_ONLY:
        return _("Only the 5 of trumps may be held back.")
    order = trump_ranks(trump, o.joker)
    top = min(duty.blockers, key=order.__getitem__)
    name = card_name(top, trump)
    return _("{card} may be held back only when a lower trump is led.").format(
        card=name[:1].upper() + name[1:]
    )


def card_name(c: Card, trump: Suit) -> str:
    """A card in words, as the rules speak of it: "the jack of trumps", "the ace of hearts"."""
    if c == JOKER:
        return _("the Joker")
    if c == ACE_OF_HEARTS:
        return _("the ace of hearts")
    assert c.suit is not None
    of = _("trumps") if c.suit is trump else SUIT_NAMES[c.suit]
    rank = _RANK_NAMES.get(c.rank, c.rank)
    return _("the {rank} of {suit}").format(rank=rank, suit=of)


def refusal(
    hand: Sequence[Card],
    card: Card,
    trick: Sequence[Card],
    trump: Suit,
    options: PlayOptions,
    *,
    called: bool = False,
) -> str | None:
    """Why ``card`` may not be played from ``hand`` to ``trick`` (cards so far), or None.

    ``called``: the leader called the A♥ ("hearts on hearts", when the option is on).

    >>> from scoring.games.cards import card
    >>> hand = (card("2♥"), card("J♠"))
    >>> refusal(hand, card("2♥"), (card("5♠"),), Suit.SPADES, PlayOptions(renege="lower_led"))
    'The jack of trumps may be held back only when a lower trump is led.'
    """
    if card not in hand:
        return _("You do not hold {card}.").format(card=card)
    return _reason(card, _duty(hand, trick, trump, options, called), trump, options)


def legal_cards(
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: Suit,
    options: PlayOptions,
    *,
    called: bool = False,
) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick``, in the hand's order.

    >>> from scoring.games.cards import card
    >>> hand = (card("2♥"), card("5♠"))
    >>> [str(c) for c in legal_cards(hand, (card("4♠"),), Suit.SPADES, PlayOptions())]
    ['2♥', '5♠']
    """
    duty = _duty(hand, trick, trump, options, called)
    return tuple(c for c in hand if _reason(c, duty, trump, options) is None)


def ruled_out(
    card: Card,
    trick: Sequence[Card],
    trump: Suit,
    options: PlayOptions,
    *,
    called: bool = False,
    among: Sequence[Card] = (),
) -> frozenset[Card]:
    """The cards (of ``among``) a player cannot have held when they played ``card`` to ``trick``.

    A play reveals a void: a player who did not follow hearts holds no heart.
    Because legality is decided card by card, these are exactly the cards
    that would have made the play illegal.

    >>> from scoring.games.cards import card, deck
    >>> out = ruled_out(card("3♠"), (card("K♥"),), Suit.SPADES, PlayOptions(), among=deck())
    >>> sorted(str(c) for c in out)[:3]
    ['10♥', '2♥', '3♥']
    """
    pool = [other for other in among if other != card and other not in trick]
    out = {
        other
        for other in pool
        if refusal((card, other), card, trick, trump, options, called=called) is not None
    }
    # The one duty not card by card: a trump held back lifts the A♥ lead's heart duty,
    # so while such a trump may be in the hand no heart is ruled out.
    held_back = any(is_trump(t, trump) and t not in out for t in pool)
    if trick and _ace_rule(trick[0], trump, options) and held_back:
        out = {other for other in out if is_trump(other, trump)}
    return frozenset(out)


def trick_winner(trick: Sequence[Card], trump: Suit, options: PlayOptions) -> int:
    """Which card of the trick (0 = the lead) wins it.

    >>> from scoring.games.cards import card
    >>> trick_winner((card("K♥"), card("2♦")), Suit.DIAMONDS, PlayOptions())
    1
    """
    return ranks.trick_winner(trick, trump, joker=options.joker, aces_high=options.aces_high)


_ORDINALS: Final = {3: _("third"), 4: _("fourth")}


def explain_winner(trick: Sequence[Card], trump: Suit, options: PlayOptions) -> str:
    """Why the winning card of a trick won, in plain words.

    >>> from scoring.games.cards import card
    >>> explain_winner((card("3♠"), card("2♠")), Suit.HEARTS, PlayOptions())
    '2♠ beats 3♠: in spades, black, low numbers beat high.'
    """
    trick = tuple(trick)
    won = trick[trick_winner(trick, trump, options)]
    if len(trick) == 1:
        return _("{card} wins: it is the only card.").format(card=won)
    led = trick[0]
    if is_trump(won, trump):
        beaten = [c for c in trick if c != won]
    else:
        beaten = [c for c in trick if c != won and c.suit is led.suit]  # no trump in it
    if not beaten:
        assert led.suit is not None
        return _("{card} wins: nobody followed {suit} or played a trump.").format(
            card=won, suit=SUIT_NAMES[led.suit]
        )
    beaten.sort(key=_strength(trump, options, led))
    names = [str(c) for c in beaten]
    listed = (
        names[0]
        if len(names) == 1
        else _("{cards} and {last}").format(cards=", ".join(names[:-1]), last=names[-1])
    )
    why = _why(won, beaten[0], trump, options)
    return _("{card} beats {beaten}: {why}").format(card=won, beaten=listed, why=why)


def _strength(trump: Suit, o: PlayOptions, led: Card):
    order = trump_ranks(trump, o.joker)

    def key(c: Card) -> tuple[int, int]:
        if c in order:
            return (0, order[c])
        if c.suit is led.suit:
            return (1, ranks.off_suit_order(c.suit, aces_high=o.aces_high).index(c))
        return (2, 0)

    return key


def _rank_word(c: Card) -> str:
    return _RANK_NAMES.get(c.rank, c.rank)


def _why(won: Card, second: Card, trump: Suit, o: PlayOptions) -> str:
    """Why ``won`` beats ``second``, the next-best card of the trick."""
    if not is_trump(won, trump):
        return _why_off_suit(won, second, o)
    if not is_trump(second, trump):
        return _("a trump beats any card that is not a trump.")
    if won == Card("5", trump):
        return _("the 5 of trumps is the best card.")
    if won == Card("J", trump):
        return _("the jack of trumps is the second-best card.")
    if won == JOKER:
        return _("the Joker is the third-best trump.")
    if won == ACE_OF_HEARTS:
        return _("the ace of hearts is the {nth}-best trump.").format(
            nth=_ORDINALS[4 if o.joker else 3]
        )
    if won.rank == "A":
        return _("the ace of trumps is just below the ace of hearts.")
    if won.rank in ("K", "Q") or second.rank in ("K", "Q"):
        return _("in trumps the {won} ranks above the {second}.").format(
            won=_rank_word(won), second=_rank_word(second)
        )
    if trump.red:
        return _("in red trumps high numbers beat low.")
    return _("in black trumps low numbers beat high.")


def _why_off_suit(won: Card, second: Card, o: PlayOptions) -> str:
    assert won.suit is not None
    suit = SUIT_NAMES[won.suit]
    if won.rank == "A":  # only an ace that ranks high can win over another card of its suit
        if o.aces_high:
            return _("with off-suit aces high the ace is highest.")
        return _("in {suit} the ace ranks above the numbers.").format(suit=suit)
    if won == ranks.off_suit_order(won.suit, aces_high=o.aces_high)[0]:
        return _("in {suit} the {rank} is highest.").format(suit=suit, rank=_rank_word(won))
    if second.rank == "A":
        if won.suit is Suit.DIAMONDS:
            return _("in diamonds the ace is lowest.")
        return _("in {suit} the ace ranks below the {rank}.").format(
            suit=suit, rank=_rank_word(won)
        )
    if won.rank in ("K", "Q", "J"):
        return _("in {suit} the {won} ranks above the {second}.").format(
            suit=suit, won=_rank_word(won), second=_rank_word(second)
        )
    if won.suit.red:
        return _("in {suit}, red, high numbers beat low.").format(suit=suit)
    return _("in {suit}, black, low numbers beat high.").format(suit=suit)
