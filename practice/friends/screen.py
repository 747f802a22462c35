"""What a phone at a friends' table shows: plain dicts for templates, read from that
phone's own seat (``view_of(state, seat)``), so no answer holds another seat's cards
while a hand is played. The cards, moves and suits are said as the single-player
table says them (practice.screen)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from practice.codes import move_code
from practice.friends.services import AWAY, COMPUTER, Look, replayed
from practice.screen import face, hand_cards, move_words, suit_words
from scoring.games.cards import Suit
from scoring.play import (
    Bid,
    Hold,
    Move,
    NameTrump,
    NoRob,
    Phase,
    Play,
    TrickResult,
    explain_winner,
    trick_winner,
    view_of,
)
from scoring.speak import say


def seat_names(look: Look) -> list[str]:
    """Each seat as the phone says it: "You", a person's name, "Computer 2"."""
    names = []
    for n, (seat, kind) in enumerate(zip(look.seats, look.kinds, strict=True)):
        if look.seat is not None and n == look.seat.number:
            names.append(_("You"))
        elif kind == COMPUTER or seat is None:
            names.append(_("Computer %(n)s") % {"n": n + 1})
        else:
            names.append(seat.name)
    return names


def seats(look: Look) -> list[dict]:
    """The seats for the table's list: who sits there, and whether the computer plays it."""
    names = seat_names(look)
    return [
        {
            "number": n,
            "label": _("Seat %(n)s") % {"n": n + 1},
            "name": names[n],
            "person": seat is not None,
            "away": kind == AWAY,
            "mine": look.seat is not None and n == look.seat.number,
        }
        for n, (seat, kind) in enumerate(zip(look.seats, look.kinds, strict=True))
    ]


def side_names(names: list[str], setup, me: int | None) -> list[str]:
    """Each side as the phone says it: "You and Cy" (you first), "Bob and Computer 4"."""
    if not setup.partnerships:
        return names
    sides = []
    for side in range(setup.sides):
        a, b = sorted(setup.seats_of(side), key=lambda seat: seat != me)
        sides.append(_("%(a)s and %(b)s") % {"a": names[a], "b": names[b]})
    return sides


def _plays(plays, names, me) -> list[dict]:
    return [
        {"who": names[seat], "card": face(c), "order": n, "mine": seat == me}
        for n, (seat, c) in enumerate(plays, start=1)
    ]


def _done(t: TrickResult, names, me) -> dict:
    return {
        "plays": _plays(t.plays, names, me),
        "winner": names[t.winner],
        "why": say(t.explanation),
    }


def table(look: Look) -> dict:
    """The table screen's data for the phone of ``look``."""
    t = look.table
    played = replayed(t)
    state = played.state
    setup = state.setup
    me = look.seat.number if look.seat is not None else None
    names = seat_names(look)
    sides = side_names(names, setup, me)
    summary_due = len(state.summaries) > t.seen
    my_turn = t.begun and me is not None and t.turn == me
    view = view_of(state, me) if me is not None else None
    ctx: dict = {
        "code": t.code,
        "begun": t.begun,
        "starter": me == 0,
        "seats": seats(look),
        "free": [s for s in seats(look) if not s["person"]],
        "at": len(state.moves),
        "fingerprint": look.fingerprint,
        "target": setup.variant.target,
        "scores": [
            {"name": sides[i], "score": s, "mine": me is not None and i == setup.side_of(me)}
            for i, s in enumerate(state.scores)
        ],
        "over": state.over,
        "winner": sides[state.winner] if state.winner is not None else "",
        "we_won": me is not None and state.winner == setup.side_of(me),
        "my_turn": my_turn,
        "to_act": names[state.to_act] if state.to_act is not None else "",
        "hand_no": state.hand_no + 1,
        "dealer": names[state.dealer],
        "trump": suit_words(state.trump) if state.trump else "",
        "trump_symbol": state.trump.symbol if state.trump else "",
        "trump_red": bool(state.trump and state.trump.red),
        "turn_up": face(state.turn_up) if state.turn_up else None,
        "taken_by": names[state.taken_by] if state.taken_by is not None else "",
        "phase": state.phase.value,
        "trick": _plays(state.trick, names, me) if state.trick else [],
        "last_trick": _done(state.tricks[-1], names, me) if state.tricks else None,
        "others": [
            {
                "name": names[s],
                "cards": len(state.hands[s]),
                "acting": s == state.to_act and not summary_due,
            }
            for s in range(setup.players)
            if s != me
        ],
        "since": [
            move_words(state.moves[i], names[played.seats[i]])
            for i in range(max(0, len(state.moves) - setup.players), len(state.moves))
        ],
        "calls": [move_words(m, names[s]) for s, m in state.calls],
        "bidder": names[state.bidder] if state.bidder is not None else "",
        "bid": state.bid,
        "summary": _summary(played, names, sides, me) if t.begun and summary_due else None,
        "hand": [],
    }
    if view is not None and t.begun:
        ctx["hand"] = hand_cards(view, state, my_turn)
        ctx["may_leave"] = my_turn and view.phase is Phase.ROB and NoRob() in view.legal
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


def _summary(played, names, sides, me) -> dict | None:
    """The hand just over: each side's tricks and points, the best trump, every trick."""
    state = played.state
    if not state.summaries or played.hand_end is None:
        return None
    s = state.summaries[-1]
    before, last = played.hand_end
    tricks = before.tricks
    if isinstance(last, Play) and before.to_act is not None and before.trump is not None:
        plays = before.trick + ((before.to_act, last.card),)
        cards = tuple(c for _seat, c in plays)
        won = plays[trick_winner(cards, before.trump, before.options)][0]
        tricks = tricks + (
            TrickResult(plays, won, explain_winner(cards, before.trump, before.options)),
        )
    return {
        "number": s.number,
        "trump": suit_words(s.trump),
        "sides": [
            {
                "name": sides[i],
                "tricks": s.tricks[i],
                "change": s.changes[i],
                "score": s.scores[i],
            }
            for i in range(state.setup.sides)
        ],
        "best": str(s.best) if s.best else "",
        "best_by": names[s.best_seat] if s.best_seat is not None else "",
        "bidder": names[s.bidder] if s.bidder is not None else "",
        "bid": s.bid,
        "made": s.made,
        "tricks": [_done(t, names, me) for t in tricks],
    }
