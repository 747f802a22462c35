"""What the practice table shows, built from a replayed game: plain dicts for templates.

Everything here is read from your seat's view (``view_of(state, HUMAN)``),
except the finished hand, whose cards are all turned face up.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from practice.codes import card_code, move_code
from practice.computer import Lesson
from practice.services import HUMAN, Played, screen_mark
from scoring.games.cards import Card, Suit
from scoring.play import (
    Bid,
    Discard,
    Hold,
    Move,
    NameTrump,
    NoRob,
    Pass,
    Phase,
    Play,
    Rob,
    TrickResult,
    explain_winner,
    refusal,
    trick_winner,
    view_of,
)
from scoring.play.players import Hint
from scoring.play.rules import SUIT_NAMES
from scoring.speak import say

RANK_WORDS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}


def seat_names(players: int) -> list[str]:
    """You at seat 0, then clockwise: the player on your left first."""
    if players == 2:
        return [_("You"), _("Opponent")]
    if players == 3:
        return [_("You"), _("Left"), _("Right")]
    return [_("You"), _("Left"), _("Partner"), _("Right")]


def side_names(players: int, partnerships: bool) -> list[str]:
    if partnerships:
        return [_("You and Partner"), _("Left and Right")]
    return seat_names(players)


def suit_words(suit: Suit) -> str:
    return _(SUIT_NAMES[suit])


def face(c: Card) -> dict:
    """A card for the screen: rank, suit symbol, colour, and its name read aloud."""
    if c.suit is None:
        return {
            "code": card_code(c),
            "rank": _("Joker"),
            "symbol": "★",
            "suit": "joker",
            "red": False,
            "text": _("Joker"),
            "label": _("the Joker"),
        }
    rank = _(RANK_WORDS.get(c.rank, c.rank))
    return {
        "code": card_code(c),
        "rank": c.rank,
        "symbol": c.suit.symbol,
        "suit": c.suit.value,
        "red": c.suit.red,
        "text": str(c),
        "label": _("%(rank)s of %(suit)s") % {"rank": rank, "suit": suit_words(c.suit)},
    }


def move_words(move: Move, who: str, *, forced: bool = False) -> str:
    """A move in plain words: "Left played 9♣", "Partner bid 20". ``forced``: the
    dealer's take of a turned-up ace, which is not robbing (card-ranks.md)."""
    match move:
        case Play(c, True):
            return _("%(who)s led %(card)s and called hearts on hearts") % {"who": who, "card": c}
        case Play(c, _call):
            return _("%(who)s played %(card)s") % {"who": who, "card": c}
        case Rob() if forced:
            return _("%(who)s took the turned-up ace, as the dealer must") % {"who": who}
        case Rob():
            return _("%(who)s robbed the turned-up card") % {"who": who}
        case NoRob():
            return _("%(who)s left the turned-up card") % {"who": who}
        case Bid(amount):
            return _("%(who)s bid %(n)s") % {"who": who, "n": amount}
        case Pass():
            return _("%(who)s passed") % {"who": who}
        case Hold():
            return _("%(who)s held") % {"who": who}
        case NameTrump(suit):
            return _("%(who)s named %(suit)s trumps") % {"who": who, "suit": suit_words(suit)}
        case Discard(cards, _take):
            return _("%(who)s discarded and drew %(n)s") % {"who": who, "n": len(cards)}
    return str(move)


def hint_words(move: Move, *, forced: bool = False) -> str:
    """The hint: "The computer would play J♦". ``forced``: the dealer must take the
    turned-up ace (not robbing)."""
    match move:
        case Play(c, True):
            return _("The computer would lead %(card)s and call hearts on hearts.") % {"card": c}
        case Play(c, _call):
            return _("The computer would play %(card)s.") % {"card": c}
        case Rob(c) if forced:
            return _("The computer would take the turned-up ace, discarding %(card)s.") % {
                "card": c
            }
        case Rob(c):
            return _("The computer would rob, discarding %(card)s.") % {"card": c}
        case NoRob():
            return _("The computer would leave the turned-up card.")
        case Bid(amount):
            return _("The computer would bid %(n)s.") % {"n": amount}
        case Pass():
            return _("The computer would pass.")
        case Hold():
            return _("The computer would hold.")
        case NameTrump(suit):
            return _("The computer would name %(suit)s.") % {"suit": suit_words(suit)}
        case Discard(cards, _take):
            if not cards:
                return _("The computer would keep all five cards.")
            listed = " ".join(map(str, cards))
            return _("The computer would discard %(cards)s and draw.") % {"cards": listed}
    return str(move)


def hint_line(hint: Hint, *, forced: bool = False) -> str:
    """The hint and its reason in one line: "The computer would play J♦: it wins the
    trick." (the coach's reasons start with the card it names). ``forced``: the hint is
    the dealer's take of a turned-up ace."""
    reason = say(hint.reason)
    move = hint.move
    named = str(move.card if isinstance(move, Play) else move)
    # "J♦: it wins the trick." in English, "J♦ : ..." in French: the card, then a colon.
    rest = reason.removeprefix(named).lstrip(" \u00a0\u202f")
    words = hint_words(move, forced=forced)
    if not reason.startswith(named) or not rest.startswith(":"):
        return f"{words} {reason}"
    why = rest[1:].lstrip()
    if isinstance(move, Play) and not move.call:
        return _("The computer would play %(card)s: %(why)s") % {"card": move.card, "why": why}
    return _("%(advice)s: %(why)s") % {"advice": words.rstrip("."), "why": why}


def _trick(result_plays, names, winner: int | None = None, why: str = "") -> dict:
    return {
        "plays": [
            {"who": names[seat], "card": face(c), "order": n, "mine": seat == HUMAN}
            for n, (seat, c) in enumerate(result_plays, start=1)
        ],
        "winner": names[winner] if winner is not None else "",
        "why": say(why) if why else "",
    }


def _done(t: TrickResult, names) -> dict:
    return {**_trick(t.plays, names, t.winner, t.explanation), "called": t.called}


def table(played: Played, lessons: tuple[Lesson, ...] | None = None) -> dict:
    """The table screen's data; ``lessons``: where you lost points in the hand just
    over, when the computer has looked (practice.services.coaching)."""
    state, game = played.state, played.game
    setup = state.setup
    names = seat_names(setup.players)
    sides = side_names(setup.players, setup.partnerships)
    view = view_of(state, HUMAN)
    summary_due = len(state.summaries) > game.seen
    my_turn = state.to_act == HUMAN and not summary_due and not state.over
    ctx: dict = {
        "game": game,
        "state": state,
        "at": screen_mark(game),
        # The code names every card: shown once the hand is over, not while it is hidden.
        "code": game.deal.code if summary_due or state.over else "",
        "why_won": (
            why_won(setup.variant.target, state.scores, auction=game.deal.game == "auction")
            if state.over
            else ""
        ),
        "names": names,
        "scores": [
            {"name": sides[i], "score": s, "mine": i == setup.side_of(HUMAN)}
            for i, s in enumerate(state.scores)
        ],
        "target": setup.variant.target,
        "auction": game.deal.game == "auction",
        "hand_no": state.hand_no + 1,
        "dealer": names[state.dealer],
        "trump": suit_words(state.trump) if state.trump else "",
        "trump_symbol": state.trump.symbol if state.trump else "",
        "trump_red": bool(state.trump and state.trump.red),
        "turn_up": face(state.turn_up) if state.turn_up else None,
        "taken_by": names[state.taken_by] if state.taken_by is not None else "",
        "phase": view.phase.value,
        "my_turn": my_turn,
        "to_act": names[state.to_act] if state.to_act is not None else "",
        "others": [
            {"name": names[s], "cards": view.hand_sizes[s], "acting": s == state.to_act}
            for s in range(setup.players)
            if s != HUMAN
        ],
        "trick": _trick(state.trick, names) if state.trick else None,
        "last_trick": _done(state.tricks[-1], names) if state.tricks else None,
        "since": _since(played, names),
        "summary": (_summary(played, names, sides, lessons) if summary_due or state.over else None),
        "over": state.over,
        "winner": sides[state.winner] if state.winner is not None else "",
        "i_won": state.winner == setup.side_of(HUMAN),
        "can_undo": HUMAN in played.seats,
        "calls": [{"who": names[s], "words": move_words(m, names[s])} for s, m in state.calls],
        "bidder": names[state.bidder] if state.bidder is not None else "",
        "bid": state.bid,
    }
    ctx["hand"] = hand_cards(view, state, my_turn)
    ctx["may_leave"] = my_turn and view.phase is Phase.ROB and NoRob() in view.legal
    ctx["must_take"] = my_turn and view.phase is Phase.ROB and NoRob() not in view.legal
    call = next((m for m in view.legal if isinstance(m, Play) and m.call), None)
    ctx["call"] = {"code": move_code(call), "card": str(call.card)} if my_turn and call else None
    ctx["called"] = state.called
    if my_turn and view.phase is Phase.BID:
        ctx["bids"] = [{"code": move_code(m), "words": _bid_words(m)} for m in view.legal]
    if my_turn and view.phase is Phase.TRUMP:
        ctx["suits"] = [
            {
                "code": move_code(NameTrump(s)),
                "symbol": s.symbol,
                "red": s.red,
                "words": suit_words(s),
            }
            for s in Suit
        ]
    if my_turn and view.phase is Phase.DISCARD:
        ctx["stock_size"] = view.stock_size
    return ctx


def _bid_words(m: Move) -> str:
    if isinstance(m, Bid):
        return _("Bid %(n)s") % {"n": m.amount}
    if isinstance(m, Hold):
        return _("Hold")
    return _("Pass")


def hand_cards(view, state, my_turn: bool) -> list[dict]:
    """Your cards; on your turn to play each says whether it may be played and why not,
    and on your turn to rob which may be discarded (the ace of trumps is kept). The
    single-player table and a friends' table show a hand through this one function."""
    cards = []
    trick = tuple(c for _, c in state.trick)
    for c in view.hand:
        item = face(c)
        item["legal"] = True
        item["reason"] = ""
        item["move"] = ""
        if my_turn and view.phase is Phase.PLAY:
            why = refusal(view.hand, c, trick, state.trump, state.options, called=state.called)
            item["legal"] = why is None
            item["reason"] = say(why) if why else ""
            item["move"] = move_code(Play(c))
        elif my_turn and view.phase is Phase.ROB:
            item["move"] = move_code(Rob(c))
            if Rob(c) not in view.legal:  # the ace that gives the right to rob is kept
                item["legal"] = False
                item["reason"] = _("Keep %(card)s: it gives you the right to rob.") % {"card": c}
        cards.append(item)
    return cards


def _since(played: Played, names) -> list[str]:
    """The moves since your last one, in the order they were made."""
    seats, moves = played.seats, played.state.moves
    mine = [i for i, s in enumerate(seats) if s == HUMAN]
    start = mine[-1] if mine else 0
    return [
        move_words(moves[i], names[seats[i]], forced=i in played.forced)
        for i in range(start, len(moves))
    ][-12:]


def why_won(target: int, scores: tuple[int, ...], *, auction: bool) -> str:
    """Why the side that won the game won, in the rules' words (game-scoring.md)."""
    several = sum(1 for s in scores if s >= target) > 1
    if not several:
        return _("The first side to reach %(target)s wins.") % {"target": target}
    if auction:
        return _(
            "Both sides reached %(target)s in the last hand: the side that won the bid goes"
            " out and wins."
        ) % {"target": target}
    return _(
        "More than one side passed %(target)s in the last hand: the one with more points wins."
    ) % {"target": target}


def _summary(played: Played, names, sides, lessons=None) -> dict | None:
    """The last finished hand: tricks, best trump and who held it, points, every card."""
    state = played.state
    if not state.summaries or played.hand_end is None:
        return None
    s = state.summaries[-1]
    before, last = played.hand_end
    assert isinstance(last, Play) and before.to_act is not None and before.trump is not None
    plays = before.trick + ((before.to_act, last.card),)
    cards = tuple(c for _, c in plays)
    won = plays[trick_winner(cards, before.trump, before.options)][0]
    final = TrickResult(plays, won, explain_winner(cards, before.trump, before.options))
    tricks = before.tricks + (final,)
    setup = state.setup
    by_seat = []
    for seat in range(setup.players):
        dealt = played.dealt[seat] if played.dealt else ()
        held = [c for t in tricks for who, c in t.plays if who == seat]
        gone = set(before.discards[seat])
        by_seat.append(
            {
                "who": names[seat],
                "mine": seat == HUMAN,
                "cards": [{**face(c), "gone": c in gone, "lost": 0} for c in dealt],
                "took": [{**face(c), "gone": False, "lost": 0} for c in held if c not in dealt],
                "discards": [face(c) for c in before.discards[seat]],
                "tricks": sum(1 for t in tricks if t.winner == seat),
            }
        )
    summary = {
        "number": s.number,
        "trump": suit_words(s.trump),
        "sides": [
            {
                "name": sides[i],
                "tricks": s.tricks[i],
                "points": s.points[i],
                "change": s.changes[i],
                "score": s.scores[i],
            }
            for i in range(setup.sides)
        ],
        "best": str(s.best) if s.best else "",
        "best_by": names[s.best_seat] if s.best_seat is not None else "",
        "bidder": names[s.bidder] if s.bidder is not None else "",
        "bid": s.bid,
        "made": s.made,
        "hands": by_seat,
        "tricks": [_done(t, names) for t in tricks],
        "turn_up": face(before.turn_up) if before.turn_up else None,
        "taken_by": names[before.taken_by] if before.taken_by is not None else "",
        "coaching": None,  # where you lost points: asked for apart (it takes a while)
    }
    return coached(summary, lessons) if lessons is not None else summary


def lesson_words(lesson: Lesson) -> str:
    """What the computer makes of one of your moves, in plain words: the better choice
    and its points on average over the likely deals, and in how many it did better."""
    if lesson.only:
        return _("Your only legal move.")
    n = round(lesson.lost)
    if n < 1:
        return _("Good: no other choice did clearly better.")
    match lesson.suggested:
        case Play(c, _call):
            better = ngettext(
                "The computer would have played %(card)s, worth about %(n)s point.",
                "The computer would have played %(card)s, worth about %(n)s points.",
                n,
            ) % {"card": c, "n": n}
        case Rob(c):
            better = ngettext(
                "The computer would have robbed, discarding %(card)s, worth about %(n)s point.",
                "The computer would have robbed, discarding %(card)s, worth about %(n)s points.",
                n,
            ) % {"card": c, "n": n}
        case _:
            better = ngettext(
                "%(move)s That is worth about %(n)s point.",
                "%(move)s That is worth about %(n)s points.",
                n,
            ) % {"move": hint_words(lesson.suggested), "n": n}
    how_sure = _(
        "Over %(deals)s likely deals it did better in %(better)s and worse in %(worse)s."
    ) % {"deals": lesson.deals, "better": lesson.better, "worse": lesson.worse}
    return f"{better} {how_sure}"


def _your_move(lesson: Lesson) -> str:
    match lesson.played:
        case Play(c, _call):
            return _("Trick %(n)s: you played %(card)s.") % {"n": lesson.trick + 1, "card": c}
        case Rob(c):
            return _("Robbing: you took the turned-up card and discarded %(card)s.") % {"card": c}
    return move_words(lesson.played, _("You")) + "."


def coached(summary: dict, lessons: tuple[Lesson, ...]) -> dict:
    """The hand summary with where you lost points: each of your moves with what the
    computer makes of it, and your cards that lost points marked."""
    rows = []
    yours = [c for h in summary["hands"] if h["mine"] for c in h["cards"] + h["took"]]
    for lesson in lessons:
        n = 0 if lesson.only else round(lesson.lost)
        rows.append({"move": _your_move(lesson), "words": lesson_words(lesson), "lost": n})
        if n >= 1 and isinstance(lesson.played, Play):
            for c in yours:
                if c["code"] == card_code(lesson.played.card):
                    c["lost"] = n
    total = sum(r["lost"] for r in rows)
    return {**summary, "coaching": {"lessons": rows, "lost": total}}
