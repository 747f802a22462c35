"""Settling prizes: ties, booby, cookie jar, side prizes and cash (pure, no Django).

Everything here takes plain values and frozen dataclasses and returns new
ones; nothing is stored. Randomness always takes a seed so a draw or a cut can
be repeated in front of anyone who doubts it. Money is integer cents.

A tie for a prize is settled in this order:

>>> settle_method((3, 7), playoff_requests=(7,), split_agreements=(), money_prize=True)
'playoff'
>>> settle_method((3, 7), playoff_requests=(), split_agreements=(3, 7), money_prize=True)
'split'
>>> settle_method((3, 7), playoff_requests=(), split_agreements=(3,), money_prize=True)
'cut'

Every refusal is a PrizeError whose message is a plain sentence for the
organizer.

One module per job: base (settings, defaults, checks), ties (cuts, settling, booby),
money (splits, payouts, cash summary), draws (cookie jar, side prizes).
"""

from prizes.places import PrizeError

from .base import (
    DEFAULT_CASH_UNIT,
    DEFAULT_JAR_GAMES,
    Method,
    Prize,
    PrizeSettings,
)
from .draws import (
    ClubDrive,
    FiftyFifty,
    JarDraw,
    TravellingPrize,
    carry_over_drive,
    cookie_jar_draw,
    cookie_jar_manual,
    cookie_jar_opt_in,
    cookie_jar_payout,
    cookie_jar_winners,
    door_prize_draw,
    fifty_fifty_draw,
    jackpot,
    travelling_prize_draw,
)
from .money import (
    CashSummary,
    Payout,
    cash_summary,
    payout,
    split_cents,
)
from .ties import (
    DECK,
    SUITS,
    Card,
    CutResult,
    CutRound,
    Decision,
    DecisionEvent,
    Outcome,
    PlayoffGame,
    booby_candidates,
    card_label,
    check_can_settle,
    check_card,
    cut_rank,
    digital_cut,
    physical_cut,
    playoff_left,
    playoff_next,
    settle,
    settle_method,
    who_cuts_next,
)

__all__ = [
    "PrizeError",
    "Card",
    "CashSummary",
    "ClubDrive",
    "CutResult",
    "CutRound",
    "DECK",
    "DEFAULT_CASH_UNIT",
    "DEFAULT_JAR_GAMES",
    "Decision",
    "DecisionEvent",
    "FiftyFifty",
    "JarDraw",
    "Method",
    "Outcome",
    "Payout",
    "PlayoffGame",
    "Prize",
    "PrizeSettings",
    "SUITS",
    "TravellingPrize",
    "booby_candidates",
    "card_label",
    "carry_over_drive",
    "cash_summary",
    "check_can_settle",
    "check_card",
    "cookie_jar_draw",
    "cookie_jar_manual",
    "cookie_jar_opt_in",
    "cookie_jar_payout",
    "cookie_jar_winners",
    "cut_rank",
    "digital_cut",
    "door_prize_draw",
    "fifty_fifty_draw",
    "jackpot",
    "payout",
    "physical_cut",
    "playoff_left",
    "playoff_next",
    "settle",
    "settle_method",
    "split_cents",
    "travelling_prize_draw",
    "who_cuts_next",
]
