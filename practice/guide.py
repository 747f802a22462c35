"""The guide of a first game: which rule to explain, and when (no Django).

A person who has never played is told each rule once, the first time it
matters at the table: trump when it is turned up, "red high, black low" when a
suit that is not trump is led, and so on. ``next_topic`` reads only what the
person's seat may know (a PlayerView: their own cards and what was shown at
the table) and the topics already shown, and names the next topic to show, or
None. ``new_topics`` gives the topics for one screen (at most two, so the box
stays short; the hand's scoring alone, as it comes with the hand's summary).
The words are the screen's (practice.guide_screen), keyed by topic.

``Guide`` is the guide as the game's cookie keeps it: open or closed, the
topics shown so far, and those shown on the latest screen.

>>> from scoring.play import forty_fives, new_game, view_of
>>> state = new_game(forty_fives(), seed=3)
>>> next_topic(view_of(state, 0), ()) is not None
True
>>> next_topic(view_of(state, 0), tuple(Topic)) is None
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum

from scoring.games.cards import ACE_OF_HEARTS, Card, Suit, is_trump, trump_order
from scoring.play import Phase, Play, PlayerView
from scoring.play.rules import may_hold_back

MOST_AT_ONCE = 2


class Topic(StrEnum):
    """The rules a first game explains, in the order the guide lists them."""

    TRUMP = "trump"  # the card turned up names trumps
    TOP_TRUMPS = "top_trumps"  # 5, jack, ace of hearts, ace of trumps
    ROBBING = "robbing"  # the ace of trumps robs the card turned up; a turned-up ace
    RED_HIGH = "red_high"  # "red high, black low" in the suits that are not trump
    FOLLOW = "follow"  # you hold the suit led: follow it
    RENEGE = "renege"  # a top trump may be held back when a trump is led
    ACE_HEARTS = "ace_hearts"  # the ace of hearts led: a trump, else a heart
    SCORING = "scoring"  # 5 a trick, 10 for the trick with the best trump


def top_trumps(trump: Suit, *, joker: bool = False) -> tuple[Card, ...]:
    """The trumps above the king, best first: 5, jack, (Joker), ace of hearts, ace of
    trumps (with hearts trumps the ace of hearts is the ace of trumps).

    >>> " ".join(map(str, top_trumps(Suit.CLUBS)))
    '5♣ J♣ A♥ A♣'
    >>> " ".join(map(str, top_trumps(Suit.HEARTS)))
    '5♥ J♥ A♥'
    """
    order = trump_order(trump, joker=joker)
    return order[: order.index(Card("A", trump)) + 1]


def _tricks_this_hand(view: PlayerView) -> list[tuple[tuple[int, Card], ...]]:
    tricks = [t.plays for t in view.tricks]
    if view.trick:
        tricks.append(view.trick)
    return tricks


def _my_turn_to_play(view: PlayerView) -> bool:
    return view.to_act == view.seat and view.phase is Phase.PLAY and bool(view.legal)


def held_back(view: PlayerView) -> tuple[Card, ...]:
    """The top trumps this seat may keep back now, playing another card ("reneging"):
    it is its turn, a trump was led, and the rules let it play a card that is not a
    trump while it holds these. Empty otherwise.

    >>> from scoring.play import forty_fives, new_game, view_of
    >>> held_back(view_of(new_game(forty_fives(), seed=3), 0))
    ()
    """
    if not _my_turn_to_play(view) or not view.trick or view.trump is None:
        return ()
    trump, led = view.trump, view.trick[0][1]
    if not is_trump(led, trump):
        return ()
    others = [m.card for m in view.legal if isinstance(m, Play) and not is_trump(m.card, trump)]
    if not others:
        return ()
    options = view.setup.options
    return tuple(
        c
        for c in view.hand
        if is_trump(c, trump) and may_hold_back(c, led, trump, options, called=view.called)
    )


def _due(view: PlayerView) -> Iterable[Topic]:
    """Every topic that matters now, most pressing first."""
    trump = view.trump
    if view.summaries:
        yield Topic.SCORING
    tricks = _tricks_this_hand(view)
    if trump is not None:
        if held_back(view):
            yield Topic.RENEGE
        if _my_turn_to_play(view) and view.trick:
            led = view.trick[0][1]
            if not is_trump(led, trump) and any(
                c.suit is led.suit and not is_trump(c, trump) for c in view.hand
            ):
                yield Topic.FOLLOW
        if trump is not Suit.HEARTS and any(t[0][1] == ACE_OF_HEARTS for t in tricks):
            yield Topic.ACE_HEARTS
    if (view.phase is Phase.ROB and view.to_act == view.seat) or view.taken_by is not None:
        yield Topic.ROBBING
    if trump is None:
        return
    yield Topic.TRUMP
    top = set(top_trumps(trump, joker=view.setup.options.joker))
    if top & set(view.hand) or any(c in top for _, c in view.plays):
        yield Topic.TOP_TRUMPS
    if any(not is_trump(t[0][1], trump) for t in tricks):
        yield Topic.RED_HIGH


def next_topic(view: PlayerView, shown: Iterable[Topic | str]) -> Topic | None:
    """The next topic to explain to the seat whose view this is, or None.

    A topic is shown once: one in ``shown`` never comes again. The most pressing
    first: the hand's scoring as its summary shows, then what the seat must decide
    now (holding back a top trump, following suit, the ace of hearts led, robbing),
    then what it sees (trump, the top trumps, a suit that is not trump led).
    """
    done = {str(t) for t in shown}
    return next((t for t in _due(view) if t.value not in done), None)


def new_topics(view: PlayerView, shown: Iterable[Topic | str]) -> tuple[Topic, ...]:
    """The topics for one screen, in the guide's order: at most MOST_AT_ONCE, and the
    hand's scoring alone (it comes with the hand's summary)."""
    done = [str(t) for t in shown]
    out: list[Topic] = []
    while len(out) < MOST_AT_ONCE:
        topic = next_topic(view, done)
        if topic is None:
            break
        if topic is Topic.SCORING:
            if not out:
                out.append(topic)
            break
        out.append(topic)
        done.append(topic.value)
    order = list(Topic)
    return tuple(sorted(out, key=order.index))


@dataclass(frozen=True)
class Guide:
    """The guide of a game: ``open`` (shown on the table, or closed), ``seen`` (the
    topics shown so far, in order) and ``now`` (those of the latest screen)."""

    open: bool = True
    seen: tuple[Topic, ...] = ()
    now: tuple[Topic, ...] = ()

    def showing(self, topics: Iterable[Topic]) -> Guide:
        """The guide once ``topics`` are shown (they are the screen's new ones)."""
        topics = tuple(topics)
        return replace(
            self, seen=self.seen + tuple(t for t in topics if t not in self.seen), now=topics
        )

    def to_data(self) -> dict:
        return {
            "open": self.open,
            "seen": [t.value for t in self.seen],
            "now": [t.value for t in self.now],
        }

    @classmethod
    def from_data(cls, data: object) -> Guide:
        """The guide as the cookie keeps it; a topic this version does not know is
        dropped. ValueError when it does not read."""
        if not isinstance(data, dict):
            raise ValueError("not a guide")
        known = {t.value: t for t in Topic}

        def topics(key: str) -> tuple[Topic, ...]:
            values = data.get(key, [])
            if not isinstance(values, list):
                raise ValueError(key)
            return tuple(dict.fromkeys(known[str(v)] for v in values if str(v) in known))

        return cls(bool(data.get("open", True)), topics("seen"), topics("now"))
