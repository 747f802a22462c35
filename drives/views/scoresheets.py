"""Hand-by-hand scoresheets at drive tables (organizer and scorer screens)."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import reswap

from clubs.interface import DriveError, refusal_error, whole_number
from clubs.views import handle_drive_errors, origin_of, page
from scoring import keeping
from scoring.games import all_fours
from scoring.games.core import TRICKS, HandError

from .. import services
from ..forms import DealForm
from ..models import Drive
from .night import game_or_404
from .shared import get_drive_for_user

# --- Scorekeeper --------------------------------------------------------------


def _hand_controls(sheet: services.Scoresheet, kept) -> dict:
    """The big tap targets of the hand form, with a refused hand's taps still on."""

    def on(name: str, value) -> bool:
        return kept.get(name) == str(value)

    pair_choices = [(p.number, _("Pair %(n)d") % {"n": p.number}) for p in sheet.pairs]
    return {
        "tricks": [
            {
                "pair": p,
                "name": f"tricks_{p.number}",
                "options": [(t, on(f"tricks_{p.number}", t)) for t in range(TRICKS + 1)],
            }
            for p in sheet.pairs
        ],
        # A hand's tricks between the two pairs: one pair's tap fills in the other's.
        "tricks_total": TRICKS,
        "best": [(v, label, on("best", v)) for v, label in pair_choices]
        + [(keeping.NO_TRUMP_TAP, _("No trump played"), on("best", keeping.NO_TRUMP_TAP))],
        "bidder": [(v, label, on("bidder", v)) for v, label in pair_choices],
        "bids": [(b, label, on("bid", b)) for b, label in sheet.bids],
        "defenders_30": bool(kept.get("defenders_30")),
    }


SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SEATS = {
    0: gettext_lazy("Elder (dealer's left)"),
    1: gettext_lazy("Dealer's partner"),
    2: gettext_lazy("Elder's partner"),
    3: gettext_lazy("Dealer"),
}


def _deal_controls(sheet: services.Scoresheet, kept) -> dict:
    """The taps of an All Fours deal, only those the variant uses (all_fours.RULES)."""
    rules = sheet.variant.rules

    def on(name: str, value) -> bool:
        return kept.get(name) == str(value)

    pairs = [(p.number, _("Pair %(n)d") % {"n": p.number}) for p in sheet.pairs]
    not_in_play = ("none", _("Not in play"))
    if kept:
        dealer = [(v, label, on("dealer", v)) for v, label in pairs]
    else:
        # The deal passes to the left, so the dealer's pair changes every deal.
        last = sheet.hands[-1].dealer if sheet.hands else None
        dealer = [(v, label, last is not None and v != last) for v, label in pairs]
    jack = [*pairs, not_in_play]
    if rules.hang_jack:
        jack += [(f"hang_{n}", _("Pair %(n)d hanged it") % {"n": n}) for n in sheet.numbers]
    low = (
        _("Low: the pair that won the lowest trump in a trick")
        if sheet.variant.low_to == all_fours.WINNER
        else _("Low: the pair dealt the lowest trump")
    )
    game = list(pairs)
    if rules.tie == "nobody":
        game.append(("none", _("Tie: nobody")))
    return {
        "rules": rules,
        "dealer": dealer,
        "cards": [
            {
                "i": i,
                "ranks": [(r, on(f"rank_{i}", r)) for r in all_fours.RANKS],
                "suits": [(s, SUIT_SYMBOLS[s], on(f"suit_{i}", s)) for s in all_fours.SUITS],
            }
            for i in range(1, DealForm.CARDS + 1)
        ]
        if rules.trump == all_fours.TURNED
        else [],
        "beg": [
            (v, label, on("beg", v) or (not kept.get("beg") and v == "stood"))
            for v, label in (
                ("stood", _("Stood")),
                ("gift", _("Begged and given")),
                ("run", _("Begged and run")),
            )
        ]
        if rules.beg
        else [],
        "bids": [
            {
                "name": f"bid_{seat}",
                "label": SEATS[seat],
                "options": [
                    (b, _("Pass") if b == 0 else str(b), on(f"bid_{seat}", b))
                    for b in range(all_fours.MAX_BID + 1)
                ],
            }
            for seat in DealForm.bid_seats(rules)
        ],
        "sold": rules.bidding == all_fours.COMMERCIAL,
        "sold_checked": bool(kept.get("sold")),
        "points": [
            (name, legend, [(v, label, on(name, v)) for v, label in choices])
            for name, legend, choices in (
                ("high", _("High"), [*pairs, not_in_play]),
                ("low", low, [*pairs, not_in_play]),
                ("jack", _("Jack"), jack),
                ("game", _("Game"), game),
            )
        ],
        "counts": [
            (p.number, f"count_{p.number}", kept.get(f"count_{p.number}", "")) for p in sheet.pairs
        ],
        "captures": [
            (p.number, f"capture_{p.number}", kept.get(f"capture_{p.number}", ""))
            for p in sheet.pairs
        ]
        if rules.card_points
        else [],
        "trumps_only": all_fours.TRUMPS_ONLY in sheet.variant.options,
    }


def _sheet_page(request, sheet: services.Scoresheet, kept=None, status: int = 200):
    """The scoresheet; ``kept`` is a refused hand's form data, shown again with its key
    so that sending it again cannot keep the hand twice."""
    kept = kept or {}
    controls = _deal_controls if sheet.all_fours else _hand_controls
    ctx = {
        "drive": sheet.drive,
        "game": sheet.game,
        "sheet": sheet,
        "controls": controls(sheet, kept),
        "key": kept.get("key") or uuid.uuid4().hex,
        "results_url": f"{reverse('drives:game', args=[sheet.drive.pk, sheet.game])}"
        f"#table-{sheet.table}",
    }
    return page(request, "drives/scoresheet.html", ctx, status)


def _sheet_url(drive_id: int, game: int, table: int) -> str:
    return reverse("drives:scoresheet", args=[drive_id, game, table])


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def scoresheet(request, drive_id, game, table):
    """A table's game hand by hand: the running score, the hands, and the next hand's
    taps. A POST enters one hand (the URL is also named hand_add)."""
    drive = get_drive_for_user(request, drive_id, scorer_ok=True)
    game_or_404(drive, game)
    sheet = services.scoresheet(drive, game, table)
    if request.method == "POST":
        return _hand_add(request, drive, sheet)
    return _sheet_page(request, sheet)


def _posted_hand(sheet: services.Scoresheet, post) -> dict:
    """The hand form, its taps named after the pairs (tricks_7, best=7), as the rules
    library reads a hand (sides by index), kept again in pair numbers."""
    side = {str(n): str(i) for i, n in enumerate(sheet.numbers)}
    posted = {f"tricks_{i}": post.get(f"tricks_{n}", "") for i, n in enumerate(sheet.numbers)}
    for name in ("best", "bidder"):
        value = post.get(name, "")
        # A pair not at this table is no side (-1), never the side its number happens to be.
        posted[name] = side.get(value, value if value in ("", keeping.NO_TRUMP_TAP) else "-1")
    posted["bid"] = post.get("bid", "")
    posted["defenders_30"] = post.get("defenders_30", "")
    try:
        record = keeping.read_hand(sheet.variant, posted)
    except HandError as e:
        raise refusal_error(e) from None
    return services.pairs_record(record, sheet.numbers)


def _hand_add(request, drive: Drive, sheet: services.Scoresheet) -> HttpResponse:
    game, table = sheet.game, sheet.table
    try:
        number = whole_number(request.POST.get("number", "").strip(), lo=1, hi=9999)
        key = request.POST.get("key", "")
        if sheet.all_fours:
            form = DealForm(request.POST, numbers=sheet.numbers, rules=sheet.variant.rules)
            if not form.is_valid():
                raise DriveError(form.first_error())
            record = form.record()
        elif number is None or not 1 <= len(key) <= 64:
            raise DriveError(_("This page is out of date: reload it."))
        else:
            record = _posted_hand(sheet, request.POST)
        hand = services.hand_add(
            drive=drive,
            game=game,
            table=table,
            record=record,
            number=number,
            key=key,
            actor=request.user,
            now=timezone.now(),
            origin=origin_of(request, "scoresheet"),
        )
    except DriveError as e:
        if e.status == 404:
            raise
        # A hand the rules refuse keeps its taps; after another device's change the
        # page shows the hands as they are now, with a fresh form.
        messages.error(request, e.message)
        kept = request.POST if e.status == 400 else None
        response = _sheet_page(request, services.scoresheet(drive, game, table), kept, e.status)
        # The reason is said in the flash region, far above the Enter button on a phone.
        return reswap(response, "outerHTML show:#flash:top") if request.htmx else response
    entered = _("Deal %(n)d entered.") if sheet.all_fours else _("Hand %(n)d entered.")
    messages.success(request, entered % {"n": hand.number})
    if request.htmx:
        return _sheet_page(request, services.scoresheet(drive, game, table))
    return redirect(_sheet_url(drive.pk, game, table))


@login_required
@require_POST
@handle_drive_errors
def hand_undo(request, drive_id, game, table):
    drive = get_drive_for_user(request, drive_id, scorer_ok=True)
    game_or_404(drive, game)
    # The last hand the page showed; a number that is no hand's refuses, it never undoes.
    posted_number = request.POST.get("number", "").strip()
    number = whole_number(posted_number, lo=1, hi=9999)
    if posted_number and number is None:
        raise DriveError(_("This page is out of date: reload it."), 400)
    try:
        undone = services.hand_undo(
            drive=drive,
            game=game,
            table=table,
            number=number,
            actor=request.user,
            now=timezone.now(),
            origin=origin_of(request, "scoresheet"),
        )
    except DriveError as e:
        if e.status == 404 or not request.htmx:
            raise
        # Said on the sheet: a refusal sent to the flash alone is dropped by hx-select.
        messages.error(request, e.message)
        response = _sheet_page(request, services.scoresheet(drive, game, table), None, e.status)
        return reswap(response, "outerHTML show:#flash:top")
    taken_back = (
        _("Deal %(n)d taken back.")
        if drive.game in all_fours.RULES
        else _("Hand %(n)d taken back.")
    )
    message = taken_back % {"n": undone.number}
    if undone.result_taken_back:
        message += " " + _("The table's result was taken back too: it is waiting again.")
    messages.success(request, message)
    if request.htmx:
        return _sheet_page(request, services.scoresheet(drive, game, table))
    return redirect(_sheet_url(drive.pk, game, table))
