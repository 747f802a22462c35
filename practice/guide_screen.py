"""The guide box of a first game: each topic's title and words, said for the table now.

practice.guide picks the topics from what your seat sees; here they are put in
words (translated), with the cards of this hand where that helps: "This hand:
5♦ J♦ A♥ A♦".
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from practice.guide import Guide, Topic, held_back, top_trumps
from practice.services import HUMAN, Played
from scoring.games.cards import Suit
from scoring.play import Renege, view_of
from scoring.play.rules import SUIT_NAMES


def title(topic: Topic) -> str:
    return {
        Topic.TRUMP: _("Trumps"),
        Topic.TOP_TRUMPS: _("The top trumps"),
        Topic.ROBBING: _("Robbing"),
        Topic.RED_HIGH: _("Red high, black low"),
        Topic.FOLLOW: _("Following suit"),
        Topic.RENEGE: _("Holding back a top trump"),
        Topic.ACE_HEARTS: _("The ace of hearts led"),
        Topic.SCORING: _("How a hand is scored"),
    }[topic]


def words(topic: Topic, played: Played) -> str:
    """The topic in one or two plain sentences, for the game as it is now."""
    state = played.state
    options = state.options
    trump = state.trump
    suit = _(SUIT_NAMES[trump]) if trump else ""
    match topic:
        case Topic.TRUMP if trump:
            return _(
                "The suit of the card turned up is trumps for the whole hand: this hand,"
                " %(suit)s. A trump beats every card of the other suits."
            ) % {"suit": suit}
        case Topic.TRUMP:
            return _(
                "The suit of the card turned up is trumps for the whole hand. A trump beats"
                " every card of the other suits."
            )
        case Topic.TOP_TRUMPS if trump is Suit.HEARTS:
            cards = " ".join(map(str, top_trumps(trump, joker=options.joker)))
            return _(
                "The best trump is the 5 of trumps, then the jack of trumps, then the ace"
                " of hearts, which is the ace of trumps when hearts are trumps. This hand:"
                " %(cards)s."
            ) % {"cards": cards}
        case Topic.TOP_TRUMPS if trump:
            cards = " ".join(map(str, top_trumps(trump, joker=options.joker)))
            return _(
                "The best trump is the 5 of trumps, then the jack of trumps, then the ace"
                " of hearts (always a trump), then the ace of trumps. This hand: %(cards)s."
            ) % {"cards": cards}
        case Topic.TOP_TRUMPS:
            return _(
                "The best trump is the 5 of trumps, then the jack of trumps, then the ace"
                " of hearts (always a trump), then the ace of trumps."
            )
        case Topic.ROBBING:
            return _(
                "The player dealt the ace of trumps may rob: take the card turned up and"
                " discard another card, before playing a first card. When the card turned"
                " up is an ace, the dealer must take it the same way."
            )
        case Topic.RED_HIGH if options.aces_high:
            return _(
                "A trick with no trump in it is won by the best card of the suit led. In a"
                " suit that is not trumps the ace is best at this table, then the king,"
                " queen and jack; below them, in red suits the higher number wins, and in"
                " black suits the lower number wins: 2 beats 10."
            )
        case Topic.RED_HIGH:
            return _(
                "A trick with no trump in it is won by the best card of the suit led. In a"
                " suit that is not trumps the king, queen and jack are best; below them, in"
                " red suits the higher number wins (the ace of diamonds is lowest), and in"
                " black suits the ace comes next, then the lower number wins: 2 beats 10."
            )
        case Topic.FOLLOW if options.must_follow:
            return _(
                "When you hold the suit led you must play a card of that suit: not another"
                " suit, and not a trump either. With none of the suit led you may play any"
                " card, a trump too."
            )
        case Topic.FOLLOW:
            return _(
                "When you hold the suit led you must play a card of that suit or a trump:"
                " you may not throw off another suit. With none of the suit led you may"
                " play any card."
            )
        case Topic.RENEGE:
            if options.renege is Renege.SOURCE:
                rule = _(
                    "When a trump is led you must play a trump, but the 5 and the jack of"
                    " trumps and the ace of hearts may be held back (reneging): if they are"
                    " your only trumps, you may play another card."
                )
            else:
                rule = _(
                    "When a trump is led you must play a trump, but the rules at this table"
                    " let some top trumps be held back (reneging)."
                )
            held = held_back(view_of(state, HUMAN))
            if not held:
                return rule
            here = _("Here you may keep %(cards)s.") % {"cards": " ".join(map(str, held))}
            return f"{rule} {here}"
        case Topic.ACE_HEARTS if options.ace_hearts_led:
            return _(
                "The ace of hearts is always a trump: when it is led you must play a trump"
                " (the top trumps may still be held back). With no trump, you must play a"
                " heart if you have one."
            )
        case Topic.ACE_HEARTS:
            return _(
                "The ace of hearts is always a trump: when it is led you must play a trump"
                " (the top trumps may still be held back). With no trump, play any card."
            )
        case Topic.SCORING:
            return _(
                "Each trick is worth 5 points, and the trick with the best trump played in"
                " the hand is worth 10: 30 points a hand, 25 when no trump is played. The"
                " first to reach %(target)s points wins the game."
            ) % {"target": state.setup.variant.target}
    return ""


def guide_box(played: Played) -> dict | None:
    """The guide box's data, or None when the game has no guide. ``now``: the topics
    of this screen; ``learned``: every topic shown so far, in the guide's order."""
    guide: Guide | None = played.game.guide
    if guide is None:
        return None
    order = list(Topic)
    say = [{"key": t.value, "title": title(t), "words": words(t, played)} for t in guide.now]
    learned = [
        {"key": t.value, "title": title(t), "words": words(t, played)}
        for t in sorted(guide.seen, key=order.index)
    ]
    return {"open": guide.open, "now": say if guide.open else [], "learned": learned}
