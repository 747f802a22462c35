"""Pure card play for Forty-Fives (no Django): the rules, the deal, a game as moves, player views.

rules: legal cards with reasons, trick winner with explanation, the hall's
options. deal: seeded shuffle and the deal. setup: the game played and the
moves. game: the State, ``replay`` and ``undo``, and Auction Forty-Fives
before the play (bidding, naming trump, the draw). records: phases, tricks,
hand summaries. view: what a seat may know (``view_of(state, seat)``), and
full states built from it for computer players. The modules form a line
(pyproject.toml holds it): players > view > game > deal, records, setup >
rules. Every name below is for use by other apps.
"""

from scoring.play.deal import shuffled
from scoring.play.game import State, new_game, replay, undo
from scoring.play.records import HandSummary, IllegalMove, Phase, TrickResult
from scoring.play.rules import (
    PlayOptions,
    Renege,
    explain_winner,
    legal_cards,
    refusal,
    ruled_out,
    trick_winner,
)
from scoring.play.setup import (
    Bid,
    Discard,
    Hold,
    Move,
    NameTrump,
    NoRob,
    Pass,
    Play,
    Rob,
    Setup,
    Style,
    auction,
    forty_fives,
)
from scoring.play.view import PlayerView, Void, determinize, sample, view_of

__all__ = [
    "Bid",
    "Discard",
    "HandSummary",
    "Hold",
    "IllegalMove",
    "Move",
    "NameTrump",
    "NoRob",
    "Pass",
    "Phase",
    "Play",
    "PlayOptions",
    "PlayerView",
    "Renege",
    "Rob",
    "Setup",
    "State",
    "Style",
    "TrickResult",
    "Void",
    "auction",
    "determinize",
    "explain_winner",
    "forty_fives",
    "legal_cards",
    "new_game",
    "refusal",
    "replay",
    "ruled_out",
    "sample",
    "shuffled",
    "trick_winner",
    "undo",
    "view_of",
]
