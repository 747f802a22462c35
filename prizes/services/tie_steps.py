"""A tie decision in progress, kept on the server step by step.

Each tick (a pair asks for a play-off, agrees to split, declines the play-off)
and each round of a cut recorded by hand is saved as it is made, on the prize's
Decision row while it is still open (detail["ticks"], detail["rounds"]). A
reload, another tablet or a restart of the laptop shows the tie where it was.
One service call per step: one transaction, one audit entry.

Deciding (prizes.services.ties.decision_record) replaces the progress with the
decision; reopening starts again from nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.interface import FRONT, words_join
from drives.interface import locked_drive
from drives.models import Drive
from prizes import rules as prizes
from prizes.models import Decision
from prizes.services.common import (
    DriveError,
    Origin,
    PrizeError,
    as_drive_error,
    prize_settings,
    record_audit,
    require_finished,
)
from prizes.services.ties import (
    PrizeGroup,
    check_open,
    pairs_words,
    playoff_games_detail,
    playoff_games_of,
    prize_groups,
    prize_label_words,
)
from scoring.words import gettext_noop

__all__ = [
    "TICKS",
    "decision_progress",
    "playoff_players",
    "saved_games",
    "saved_rounds",
    "saved_ticks",
]

TICKS = ("playoff", "split", "declined")
Ticks = Mapping[str, Sequence[int]]
Rounds = Sequence[Mapping[int, prizes.Card]]
Games = Sequence[prizes.PlayoffGame]

_TICK_WORDS = {
    ("playoff", True): gettext_noop("%(pair)s asks for a play-off"),
    ("playoff", False): gettext_noop("%(pair)s no longer asks for a play-off"),
    ("split", True): gettext_noop("%(pair)s agrees to split"),
    ("split", False): gettext_noop("%(pair)s no longer agrees to split"),
    ("declined", True): gettext_noop("%(pair)s declines the play-off"),
    ("declined", False): gettext_noop("%(pair)s no longer declines the play-off"),
}


def _progress(group: PrizeGroup) -> dict:
    row = group.decision
    if row is None or row.status != Decision.Status.OPEN:
        return {}
    return row.detail or {}


def saved_ticks(group: PrizeGroup) -> dict[str, tuple[int, ...]]:
    """The ticks saved so far for this tie (none for a tie not started)."""
    ticks = _progress(group).get("ticks") or {}
    return {name: tuple(sorted(ticks.get(name, ()))) for name in TICKS}


def saved_rounds(group: PrizeGroup) -> list[dict[int, prizes.Card]]:
    """The cut rounds recorded so far, [{pair: (rank, suit)}, ...]."""
    return [
        {int(p): (int(rank), str(suit)) for p, rank, suit in rnd}
        for rnd in _progress(group).get("rounds") or ()
    ]


def saved_games(group: PrizeGroup) -> list[prizes.PlayoffGame]:
    """The games of a play-off of three pairs or more recorded so far, in order."""
    return list(playoff_games_of(_progress(group).get("games") or ()))


def playoff_players(group: PrizeGroup, ticks: Ticks) -> tuple[int, ...]:
    """The tied pairs that play the play-off: every one but those that declined."""
    declined = set(ticks.get("declined", ()))
    return tuple(n for n in group.numbers if n not in declined)


def _check_games(group: PrizeGroup, ticks: Ticks, games: Games) -> tuple[int, ...]:
    """The pairs still in after ``games``; refused unless a play-off is the method and
    every game was between two pairs still in."""
    method = prizes.settle_method(group.numbers, ticks["playoff"], ticks["split"], group.is_money)
    if method != "playoff":
        raise DriveError(
            _("The play-off has begun: take back its games before the ticks change."), 409
        )
    return prizes.playoff_left(playoff_players(group, ticks), games)


# The step's words go into the audit trail: marked (scoring.words), said by its reader.


def _tick_words(old: dict, new: dict) -> list[str]:
    words = []
    for name in TICKS:
        for n in sorted(set(new[name]) ^ set(old[name])):
            text = _TICK_WORDS[(name, n in new[name])]
            words.append(text % {"pair": gettext_noop("pair %(n)d") % {"n": n}})
    return words


def _round_words(rounds: list[dict[int, prizes.Card]], waiting: tuple[int, ...]) -> str:
    last = rounds[-1]
    cards = words_join(
        gettext_noop("pair %(n)d %(card)s") % {"n": p, "card": prizes.card_label(c)}
        for p, c in sorted(last.items())
    )
    text = gettext_noop("cut round %(n)d: %(cards)s") % {"n": len(rounds), "cards": cards}
    if waiting:
        again = gettext_noop("%(pairs)s cut again") % {"pairs": pairs_words(waiting)}
        text = words_join([text, again], "; ")
    return text


def decision_progress(
    *,
    drive: Drive,
    prize: str,
    ticks: Ticks | None = None,
    rounds: Rounds | None = None,
    games: Games | None = None,
    actor,
    now: datetime,
    origin: Origin = FRONT,
) -> Decision | None:
    """Save one step of a tie decision: the ticks as they now stand, the cut rounds
    recorded so far (all of them, the saved ones first; [] starts the cut again), or
    the games of a play-off of three pairs or more (the saved ones and one more; the
    saved ones but the last takes it back).

    A round that leaves one pair lowest, or a game that leaves one pair in the
    play-off, is not a step: that is the decision (decision_record with the rounds or
    the games). Returns the row, or None when nothing changed.
    """
    with transaction.atomic():
        drive = locked_drive(drive)
        require_finished(drive)
        group = prize_groups(drive).get(prize)
        check_open(group)
        old_ticks, old_rounds = saved_ticks(group), saved_rounds(group)
        old_games = saved_games(group)
        new_ticks, new_rounds, new_games = old_ticks, old_rounds, old_games
        words: list[str] = []
        try:
            if ticks is not None:
                new_ticks = {name: tuple(sorted(set(ticks.get(name, ())))) for name in TICKS}
                prizes.settle_method(
                    group.numbers, new_ticks["playoff"], new_ticks["split"], group.is_money
                )
                both = set(new_ticks["playoff"]) & set(new_ticks["declined"])
                if both:
                    raise DriveError(
                        _("Pair %(n)d asks for the play-off, so it cannot decline it.")
                        % {"n": min(both)}
                    )
                if old_games:
                    _check_games(group, new_ticks, old_games)
                words += _tick_words(old_ticks, new_ticks)
            if rounds is not None:
                new_rounds = [dict(r) for r in rounds]
                if new_rounds[: len(old_rounds)] != old_rounds and new_rounds:
                    raise DriveError(
                        _("The cut has moved on on another screen: look at the cards again."),
                        409,
                    )
                waiting = prizes.who_cuts_next(
                    group.numbers, new_rounds, prize_settings(drive).ace_low
                )
                if new_rounds and not waiting:
                    raise DriveError(_("This round settles the cut: record it as the decision."))
                if not new_rounds and old_rounds:
                    words.append(gettext_noop("the cut is started again"))
                elif new_rounds != old_rounds:
                    words.append(_round_words(new_rounds, waiting))
            if games is not None:
                new_games = list(games)
                extends = new_games[:-1] == old_games
                if not (extends or new_games == old_games[:-1] or new_games == old_games):
                    raise DriveError(
                        _("The play-off has moved on on another screen: look at its games again."),
                        409,
                    )
                left = _check_games(group, new_ticks, new_games)
                if len(left) == 1:
                    raise DriveError(
                        _("This game settles the play-off: record it as the decision.")
                    )
                if len(new_games) > len(old_games):
                    game = new_games[-1]
                    words.append(
                        gettext_noop("play-off game %(n)d: pair %(winner)d beat pair %(loser)d")
                        % {"n": len(new_games), "winner": game.winner, "loser": game.loser}
                    )
                elif len(new_games) < len(old_games):
                    words.append(
                        gettext_noop("play-off game %(n)d taken back") % {"n": len(old_games)}
                    )
        except PrizeError as e:
            raise as_drive_error(e) from None
        if not words:
            return None
        row = Decision.objects.filter(drive=drive, prize=prize).first()
        old = (
            {"ticks": old_ticks, "rounds": old_rounds, "games": old_games}
            if row is not None
            else None
        )
        if row is None:
            row = Decision(drive=drive, prize=prize)
        row.pairs = list(group.numbers)
        row.status = Decision.Status.OPEN
        row.method = ""
        row.winners = []
        row.detail = {
            "ticks": {name: list(new_ticks[name]) for name in TICKS},
            "rounds": [[[p, c[0], c[1]] for p, c in sorted(r.items())] for r in new_rounds],
            "games": playoff_games_detail(new_games),
        }
        row.save()
        record_audit(
            club=drive.club,
            drive=drive,
            actor=actor,
            now=now,
            origin=origin,
            action="prize_step",
            summary=gettext_noop("%(prize)s: %(what)s")
            % {"prize": prize_label_words(group.prize), "what": words_join(words, "; ")},
            old=_plain(old),
            new=row.detail,
        )
    return row


def _plain(state: dict | None) -> dict | None:
    if state is None:
        return None
    return {
        "ticks": {k: list(v) for k, v in state["ticks"].items()},
        "rounds": [[[p, c[0], c[1]] for p, c in sorted(r.items())] for r in state["rounds"]],
        "games": playoff_games_detail(state.get("games") or ()),
    }
