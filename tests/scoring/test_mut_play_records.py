"""The plain records of a game (scoring/play/records.py): a refused move keeps its reason."""

from __future__ import annotations

from scoring.games.cards import card
from scoring.games.core import RulesError
from scoring.play.records import IllegalMove, TrickResult, set_at
from scoring.words import gettext_noop


def test_a_refused_move_keeps_its_reason_with_its_msgid():
    reason = gettext_noop("You must follow {suit}.").format(suit=gettext_noop("hearts"))
    refused = IllegalMove(reason)
    assert isinstance(refused, RulesError)
    assert refused.reason is reason and refused.reason.msgid == "You must follow {suit}."
    assert refused.args == (reason,) and str(refused) == "You must follow hearts."


def test_a_trick_lists_its_cards_in_the_order_played():
    trick = TrickResult(((2, card("K♥")), (3, card("2♥")), (0, card("5♠"))), 0, "")
    assert trick.cards == (card("K♥"), card("2♥"), card("5♠"))
    assert not trick.called


def test_one_seat_changes_and_the_others_stay():
    assert set_at((1, 2, 3), 0, 9) == (9, 2, 3)
    assert set_at((1, 2, 3), 2, 9) == (1, 2, 9)
